/**
 * Folder and canonicalization patterns of `cuda_tile.if`, after MLIR's `scf.if` ones and
 * NVIDIA's cuda_tile versions of them, which also handle regions that end in `return`,
 * `continue` or `break` instead of `yield`.
 */
import type { Block, Operation, OpFoldResult, PatternRewriter, Region, RewritePatternLike, Type, Value } from '@tilepass/ir'
import { TileType } from './CudaTileTypes.ts'
import { boolConstantOf, createNot, createSelect, exitsParent, isYield } from './internal/canonicalizationUtils.ts'

const IF = 'cuda_tile.if'

function thenBlockOf(op: Operation): Block {
  return op.getRegion(0).lastBlock!
}

function elseBlockOf(op: Operation): Block | null {
  const r = op.getRegion(1)
  return r.empty ? null : r.lastBlock!
}

function terminatorOf(block: Block | null): Operation | null {
  return block === null ? null : block.lastOp
}

/** `xori %x, true`: returns `%x`, else null. */
function negatedValue(v: Value): Value | null {
  const d = v.definingOp
  if (d === null || d.name.name !== 'cuda_tile.xori' || boolConstantOf(d.getOperand(1)) !== true) {
    return null
  }
  return d.getOperand(0)
}

/** A new `if` on `cond` with result `types` and two empty regions, at the insertion point. */
function createIf(rewriter: PatternRewriter, like: Operation, cond: Value, types: readonly Type[]): Operation {
  return rewriter.create(IF, like.location, { operands: [cond], results: types, regions: 2 })
}

/** A `yield` of `values` at the end of `block`, at the location of `like`. */
function appendYield(rewriter: PatternRewriter, block: Block, like: Operation, values: readonly Value[]): void {
  rewriter.setInsertionPointToEnd(block)
  rewriter.create('cuda_tile.yield', like.location, { operands: values })
}

/** Erases `op` and every op after it in its block, last first. */
function eraseFrom(rewriter: PatternRewriter, op: Operation): void {
  const block = op.parentBlock!
  for (;;) {
    const last = block.lastOp!
    last.dropAllUses()
    rewriter.eraseOp(last)
    if (last === op) {
      return
    }
  }
}

/**
 * Replaces `op` by the ops of `region`'s block: a `yield` gives the results; a `return`,
 * `continue` or `break` makes `op` and what follows it in the block unreachable, so they go.
 */
function inlineRegionInPlace(rewriter: PatternRewriter, op: Operation, region: Region): void {
  const block = region.front
  const term = block.lastOp!
  rewriter.inlineBlockBefore(block, op)
  if (isYield(term)) {
    rewriter.replaceOp(op, term.getOperands())
    rewriter.eraseOp(term)
  } else {
    eraseFrom(rewriter, op)
  }
}

/** `if (xori %c, true)` with an else region: `if %c` with the regions swapped (in place). */
export function foldIf(op: Operation): readonly OpFoldResult[] | Operation | undefined {
  const elseRegion = op.getRegion(1)
  if (elseRegion.empty) {
    return undefined
  }
  const cond = negatedValue(op.getOperand(0))
  if (cond === null) {
    return undefined
  }
  op.setOperand(0, cond)
  const thenRegion = op.getRegion(0)
  const thenBlock = thenRegion.front
  const elseBlock = elseRegion.front
  thenRegion.removeBlock(thenBlock)
  elseRegion.removeBlock(elseBlock)
  thenRegion.push(elseBlock)
  elseRegion.push(thenBlock)
  return op
}

/** An `if` on a constant condition: the taken region replaces it (or it goes). */
export const RemoveStaticCondition: RewritePatternLike = {
  name: 'RemoveStaticCondition',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = boolConstantOf(op.getOperand(0))
    if (c === undefined) {
      return false
    }
    const region = op.getRegion(c ? 0 : 1)
    if (region.empty) {
      rewriter.eraseOp(op)
      return true
    }
    const term = region.front.lastOp
    if (!isYield(term) && !exitsParent(term)) {
      return false
    }
    inlineRegionInPlace(rewriter, op, region)
    return true
  },
}

/**
 * An `if` whose results (all tiles) are yielded by values defined outside it: those results
 * become `select`s of the two values (or the value, when both branches yield it). A branch
 * that leaves the parent (`return`, ...) yields nothing, so the other branch's values count.
 */
export const ConvertToSelect: RewritePatternLike = {
  name: 'ConvertToSelect',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    const thenTerm = terminatorOf(thenBlockOf(op))
    const elseTerm = terminatorOf(elseBlockOf(op))
    const thenYields = isYield(thenTerm)
    const elseYields = isYield(elseTerm)
    if (!thenYields && !elseYields) {
      return false
    }
    if (!op.resultTypes.every((t) => t instanceof TileType)) {
      return false
    }
    const trueArgs = (thenYields ? thenTerm : elseTerm)!.getOperands()
    const falseArgs = (elseYields ? elseTerm : thenTerm)!.getOperands()
    const trueRegion = op.getRegion(thenYields ? 0 : 1)
    const falseRegion = op.getRegion(elseYields ? 1 : 0)
    // Computed before the regions move: which results stay computed inside the `if`.
    const inside = trueArgs.map((t, i) => t.parentRegion === trueRegion || falseArgs[i]!.parentRegion === falseRegion)
    const kept: Type[] = []
    for (let i = 0; i < op.numResults; i++) {
      if (inside[i]) {
        kept.push(trueArgs[i]!.type)
      }
    }
    if (kept.length === op.numResults) {
      return false
    }
    const cond = op.getOperand(0)
    const results: Value[] = []
    const trueKept: Value[] = []
    const falseKept: Value[] = []
    const selects: [number, Value, Value][] = []
    for (let i = 0; i < op.numResults; i++) {
      const t = trueArgs[i]!
      const f = falseArgs[i]!
      if (inside[i]) {
        trueKept.push(t)
        falseKept.push(f)
      } else if (t !== f) {
        selects.push([i, t, f])
      }
      results.push(t)
    }
    rewriter.setInsertionPoint(op)
    const replacement = createIf(rewriter, op, cond, kept)
    replacement.getRegion(0).takeBody(op.getRegion(0))
    replacement.getRegion(1).takeBody(op.getRegion(1))
    rewriter.setInsertionPoint(replacement)
    for (const [i, t, f] of selects) {
      results[i] = createSelect(rewriter, op.location, cond, t, f)
    }
    let k = 0
    for (let i = 0; i < op.numResults; i++) {
      if (inside[i]) {
        results[i] = replacement.getResult(k++)
      }
    }
    for (const [region, yields, values] of [
      [replacement.getRegion(0), thenYields, trueKept],
      [replacement.getRegion(1), elseYields, falseKept],
    ] as const) {
      if (yields) {
        const old = region.front.lastOp!
        appendYield(rewriter, region.front, old, values)
        rewriter.eraseOp(old)
      }
    }
    rewriter.replaceOp(op, results)
    return true
  },
}

/** An `if` with results that nobody uses: a new `if` yields only the used ones. */
export const RemoveUnusedResults: RewritePatternLike = {
  name: 'RemoveUnusedResults',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    if (!isYield(terminatorOf(thenBlockOf(op))) && !isYield(terminatorOf(elseBlockOf(op)))) {
      return false
    }
    const used = op.results.filter((r) => !r.useEmpty)
    if (used.length === op.numResults) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const newOp = createIf(
      rewriter,
      op,
      op.getOperand(0),
      used.map((r) => r.type),
    )
    for (let i = 0; i < 2; i++) {
      const dest = rewriter.createBlock(newOp.getRegion(i))
      rewriter.mergeBlocks(op.getRegion(i).front, dest)
      const term = dest.lastOp
      if (isYield(term)) {
        const operands = term.getOperands()
        rewriter.modifyOpInPlace(term, () => term.setOperands(used.map((r) => operands[r.index]!)))
      }
    }
    used.forEach((r, i) => rewriter.replaceAllUsesWith(r, newOp.getResult(i)))
    rewriter.eraseOp(op)
    return true
  },
}

/**
 * An `if` result yielded by the same value in both branches is that value; one yielding
 * `true`/`false` is the condition, `false`/`true` its negation.
 */
export const ReplaceYieldWithValue: RewritePatternLike = {
  name: 'ReplaceYieldWithValue',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0) {
      return false
    }
    const thenTerm = terminatorOf(thenBlockOf(op))
    const elseTerm = terminatorOf(elseBlockOf(op))
    if (!isYield(thenTerm) || !isYield(elseTerm)) {
      return false
    }
    let changed = false
    const cond = op.getOperand(0)
    for (let i = 0; i < op.numResults; i++) {
      const r = op.getResult(i)
      const t = thenTerm.getOperand(i)
      const f = elseTerm.getOperand(i)
      if (r.useEmpty) {
        continue
      }
      if (t === f) {
        rewriter.replaceAllUsesWith(r, t)
        changed = true
        continue
      }
      const tc = boolConstantOf(t)
      const fc = boolConstantOf(f)
      if (tc === undefined || fc === undefined || tc === fc) {
        continue
      }
      rewriter.setInsertionPoint(op)
      rewriter.replaceAllUsesWith(r, tc ? cond : createNot(rewriter, op.location, cond))
      changed = true
    }
    return changed
  },
}

/** Splices `source` (an `if` block) onto `dest`, joining their two `yield`s into one. */
function appendBlock(rewriter: PatternRewriter, source: Block, dest: Block): void {
  const first = dest.lastOp
  const second = source.lastOp
  rewriter.mergeBlocks(source, dest)
  if (isYield(first) && isYield(second)) {
    appendYield(rewriter, dest, second, [...first.getOperands(), ...second.getOperands()])
  }
  if (isYield(first)) {
    rewriter.eraseOp(first)
  }
  if (isYield(second)) {
    rewriter.eraseOp(second)
  }
}

/** Two adjacent `if`s on the same condition (or its negation) become one `if`. */
export const CombineIfs: RewritePatternLike = {
  name: 'CombineIfs',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(nextIf, rewriter) {
    const prevIf = nextIf.prevOp
    if (prevIf === null || prevIf.name.name !== IF) {
      return false
    }
    const prevCond = prevIf.getOperand(0)
    const nextCond = nextIf.getOperand(0)
    const nextThenBlock = thenBlockOf(nextIf)
    const nextElseBlock = elseBlockOf(nextIf)
    // The blocks of nextIf that run when prevIf's condition is true / false.
    let onTrue: Block | null = null
    let onFalse: Block | null = null
    if (nextCond === prevCond) {
      onTrue = nextThenBlock
      onFalse = nextElseBlock
    }
    if (negatedValue(nextCond) === prevCond || negatedValue(prevCond) === nextCond) {
      onTrue = nextElseBlock
      onFalse = nextThenBlock
    }
    // After a branch of prevIf that leaves the parent, nothing of nextIf runs.
    const prevThen = thenBlockOf(prevIf)
    const prevElse = elseBlockOf(prevIf)
    if (exitsParent(terminatorOf(prevThen))) {
      onTrue = null
    }
    if (exitsParent(terminatorOf(prevElse))) {
      onFalse = null
    }
    if (onTrue === null && onFalse === null) {
      return false
    }
    const trueRegion = onTrue?.parent ?? null
    const falseRegion = onFalse?.parent ?? null
    const prevTrueYield = onTrue === null ? null : prevThen.lastOp!
    const prevFalseYield = onFalse === null || prevElse === null ? null : prevElse.lastOp!
    for (let i = 0; i < prevIf.numResults; i++) {
      for (const use of [...prevIf.getResult(i).uses()]) {
        const owner = use.owner
        let to: Value | null = null
        if (trueRegion !== null && trueRegion.isAncestor(owner)) {
          to = prevTrueYield!.getOperand(i)
        } else if (falseRegion !== null && falseRegion.isAncestor(owner)) {
          to = prevFalseYield!.getOperand(i)
        }
        if (to !== null) {
          rewriter.modifyOpInPlace(owner, () => use.set(to))
        }
      }
    }
    rewriter.setInsertionPoint(nextIf)
    const combined = createIf(rewriter, nextIf, prevCond, [...prevIf.resultTypes, ...nextIf.resultTypes])
    const combinedThen = combined.getRegion(0)
    const combinedElse = combined.getRegion(1)
    rewriter.inlineRegionBefore(prevIf.getRegion(0), combinedThen, null)
    if (onTrue !== null) {
      appendBlock(rewriter, onTrue, combinedThen.lastBlock!)
    }
    rewriter.inlineRegionBefore(prevIf.getRegion(1), combinedElse, null)
    if (onFalse !== null) {
      if (combinedElse.empty) {
        rewriter.inlineRegionBefore(onFalse.parent!, combinedElse, null)
      } else {
        appendBlock(rewriter, onFalse, combinedElse.lastBlock!)
      }
    }
    const n = prevIf.numResults
    rewriter.replaceOp(prevIf, combined.results.slice(0, n))
    rewriter.replaceOp(nextIf, combined.results.slice(n))
    return true
  },
}

/** An `if` without results whose else block holds only its `yield`: the else region goes. */
export const RemoveEmptyElseBranch: RewritePatternLike = {
  name: 'RemoveEmptyElseBranch',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults !== 0) {
      return false
    }
    const elseBlock = elseBlockOf(op)
    if (elseBlock === null || elseBlock.firstOp !== elseBlock.lastOp || exitsParent(elseBlock.lastOp)) {
      return false
    }
    rewriter.modifyOpInPlace(op, () => rewriter.eraseBlock(elseBlock))
    return true
  },
}

/** `if %a { if %b { ... } }`, nothing else in the outer then and only yields in the elses: one `if` on `andi %a, %b`. */
export const CombineNestedIfs: RewritePatternLike = {
  name: 'CombineNestedIfs',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const thenBlock = thenBlockOf(op)
    const nested = thenBlock.firstOp
    if (nested === null || nested.nextOp !== thenBlock.lastOp || nested.name.name !== IF) {
      return false
    }
    const elseBlock = elseBlockOf(op)
    if (elseBlock !== null && elseBlock.firstOp !== elseBlock.lastOp) {
      return false
    }
    const nestedElse = elseBlockOf(nested)
    if (nestedElse !== null && nestedElse.firstOp !== nestedElse.lastOp) {
      return false
    }
    const nestedThenTerm = terminatorOf(thenBlockOf(nested))
    if (exitsParent(thenBlock.lastOp) || exitsParent(terminatorOf(elseBlock)) || exitsParent(terminatorOf(nestedElse))) {
      return false
    }
    if (exitsParent(nestedThenTerm) && (elseBlock !== null || nestedElse !== null)) {
      return false
    }
    const thenYield = [...thenBlock.lastOp!.getOperands()]
    const elseYield = elseBlock === null ? [] : [...elseBlock.lastOp!.getOperands()]
    const toSelect: number[] = []
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i]!
      if (v.definingOp === nested) {
        const idx = nested.results.indexOf(v as never)
        if (nestedElse === null || nestedElse.lastOp!.getOperand(idx) !== elseYield[i]) {
          return false
        }
        thenYield[i] = nestedThenTerm!.getOperand(idx)
        continue
      }
      // The value must still come out when only the outer condition holds: a select on it.
      if (v.parentRegion === op.getRegion(0) || !(v.type instanceof TileType)) {
        return false
      }
      toSelect.push(i)
    }
    const loc = op.location
    const outerCond = op.getOperand(0)
    rewriter.setInsertionPoint(op)
    const cond = rewriter.create('cuda_tile.andi', loc, { operands: [outerCond, nested.getOperand(0)], results: [outerCond.type] }).results[0]!
    const combined = createIf(rewriter, op, cond, op.resultTypes)
    const results: Value[] = [...combined.results]
    rewriter.setInsertionPoint(combined)
    for (const i of toSelect) {
      results[i] = createSelect(rewriter, loc, outerCond, thenYield[i]!, elseYield[i]!)
    }
    const newThen = rewriter.createBlock(combined.getRegion(0))
    rewriter.mergeBlocks(thenBlockOf(nested), newThen)
    const term = newThen.lastOp!
    if (isYield(term)) {
      appendYield(rewriter, newThen, term, thenYield)
      rewriter.eraseOp(term)
    }
    if (elseYield.length > 0) {
      appendYield(rewriter, rewriter.createBlock(combined.getRegion(1)), op, elseYield)
    }
    rewriter.replaceOp(op, results)
    return true
  },
}

/**
 * An `if` whose both branches leave the parent (`return`, `continue`, `break`): the then
 * branch stays in an `if` without else, the else branch follows it, and what came after
 * the `if` (now unreachable) goes.
 */
export const MoveTerminatorToParent: RewritePatternLike = {
  name: 'MoveTerminatorToParent',
  rootName: IF,
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const elseBlock = elseBlockOf(op)
    if (elseBlock === null || !exitsParent(thenBlockOf(op).lastOp) || !exitsParent(elseBlock.lastOp)) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const thenOnly = createIf(rewriter, op, op.getOperand(0), [])
    rewriter.inlineRegionBefore(op.getRegion(0), thenOnly.getRegion(0), null)
    inlineRegionInPlace(rewriter, op, op.getRegion(1))
    return true
  },
}

/** The `if` patterns in NVIDIA's registration order. */
export const ifCanonicalizationPatterns: readonly RewritePatternLike[] = [
  RemoveUnusedResults,
  ReplaceYieldWithValue,
  RemoveStaticCondition,
  ConvertToSelect,
  RemoveEmptyElseBranch,
  CombineIfs,
  CombineNestedIfs,
  MoveTerminatorToParent,
]
