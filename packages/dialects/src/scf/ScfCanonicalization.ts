import { Block, IntegerAttr, IntegerType, Operation, OperationState, Trait, type Attribute, type Location, type Region, type Type, type Value } from '@tilepass/ir'
import { ConstantOp, SelectOp, XOrIOp } from '../arith/ArithOps.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'

function constantOf(v: Value): Attribute | undefined {
  const d = v.definingOp
  if (d === null || !d.hasTrait(Trait.ConstantLike)) {
    return undefined
  }
  return d.getAttr('value')
}

/** Replaces `op` with the single block of `region`, whose terminator's operands become the results. */
function replaceOpWithRegion(rewriter: RewriterLike, op: Operation, region: Region, args: readonly Value[] = []): void {
  const block = region.front
  const terminator = block.lastOp!
  const results = terminator.getOperands()
  rewriter.inlineBlockBefore(block, op, args)
  rewriter.replaceOp(op, results)
  rewriter.eraseOp(terminator)
}

/** `scf.if` with a constant condition: inline the taken region (or erase the op). */
export const RemoveStaticCondition: CanonicalizationPattern = {
  name: 'RemoveStaticCondition',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantOf(op.getOperand(0))
    if (!(c instanceof IntegerAttr)) {
      return false
    }
    if (c.value !== 0n) {
      replaceOpWithRegion(rewriter, op, op.getRegion(0))
    } else if (!op.getRegion(1).empty) {
      replaceOpWithRegion(rewriter, op, op.getRegion(1))
    } else {
      rewriter.eraseOp(op)
    }
    return true
  },
}

/** `scf.if` without results whose else block holds only its terminator: drop the else region. */
export const RemoveEmptyElseBranch: CanonicalizationPattern = {
  name: 'RemoveEmptyElseBranch',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults !== 0) {
      return false
    }
    const elseBlock = op.getRegion(1).firstBlock
    if (elseBlock === null || elseBlock.firstOp !== elseBlock.lastOp) {
      return false
    }
    const term = elseBlock.lastOp
    if (term !== null) {
      rewriter.eraseOp(term)
    }
    rewriter.modifyOpInPlace(op, () => op.getRegion(1).removeBlock(elseBlock))
    return true
  },
}

function boolConstant(v: Value): boolean | undefined {
  const c = constantOf(v)
  if (!(c instanceof IntegerAttr) || !(c.type instanceof IntegerType) || c.type.width !== 1) {
    return undefined
  }
  return c.value !== 0n
}

function i1Constant(rewriter: RewriterLike, loc: Location, value: boolean): Value {
  const i1 = IntegerType.get(rewriter.context, 1)
  return rewriter.insert(Operation.create(ConstantOp.createState(rewriter.context, loc, { attributes: { value: IntegerAttr.get(i1, value ? 1 : 0) } }))).getResult(0)
}

/**
 * `scf.if` results yielded by the same value in both branches use that value; results
 * yielding `true`/`false` use the condition, `false`/`true` its negation (`xori %c, true`).
 */
export const ReplaceIfYieldWithConditionOrValue: CanonicalizationPattern = {
  name: 'ReplaceIfYieldWithConditionOrValue',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    const t = op.getRegion(0).front.lastOp!
    const f = op.getRegion(1).front.lastOp!
    const cond = op.getOperand(0)
    let changed = false
    for (let i = 0; i < op.numResults; i++) {
      const r = op.getResult(i)
      const tv = t.getOperand(i)
      const fv = f.getOperand(i)
      if (tv === fv) {
        if (!r.useEmpty) {
          rewriter.replaceAllUsesWith(r, tv)
          changed = true
        }
        continue
      }
      const tb = boolConstant(tv)
      const fb = boolConstant(fv)
      if (tb === undefined || fb === undefined || r.useEmpty) {
        continue
      }
      if (!tb && fb) {
        rewriter.setInsertionPoint(op)
        const one = i1Constant(rewriter, op.location, true)
        const not = rewriter.insert(Operation.create(XOrIOp.createState(rewriter.context, op.location, { operands: { lhs: cond, rhs: one } })))
        rewriter.replaceAllUsesWith(r, not.getResult(0))
        changed = true
      } else if (tb && !fb) {
        rewriter.replaceAllUsesWith(r, cond)
        changed = true
      }
    }
    return changed
  },
}

function isInside(region: Region, op: Operation): boolean {
  for (let r = op.parentRegion; r !== null; r = r.parentRegion) {
    if (r === region) {
      return true
    }
  }
  return false
}

/** Uses of an `scf.if` condition inside its regions become `true` (then) or `false` (else). */
export const ConditionPropagation: CanonicalizationPattern = {
  name: 'ConditionPropagation',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cond = op.getOperand(0)
    if (constantOf(cond) !== undefined) {
      return false
    }
    let constantTrue: Value | null = null
    let constantFalse: Value | null = null
    let changed = false
    for (const use of [...cond.uses()]) {
      const owner = use.owner
      if (isInside(op.getRegion(0), owner)) {
        if (constantTrue === null) {
          rewriter.setInsertionPoint(op)
          constantTrue = i1Constant(rewriter, op.location, true)
        }
        const v = constantTrue
        rewriter.modifyOpInPlace(owner, () => use.set(v))
        changed = true
      } else if (isInside(op.getRegion(1), owner)) {
        if (constantFalse === null) {
          rewriter.setInsertionPoint(op)
          constantFalse = i1Constant(rewriter, op.location, false)
        }
        const v = constantFalse
        rewriter.modifyOpInPlace(owner, () => use.set(v))
        changed = true
      }
    }
    return changed
  },
}

/** `scf.execute_region` with a single block (and no `no_inline`): inline it. */
export const SingleBlockExecuteInliner: CanonicalizationPattern = {
  name: 'SingleBlockExecuteInliner',
  rootName: 'scf.execute_region',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const region = op.getRegion(0)
    if (!region.hasOneBlock || op.getAttr('no_inline') !== undefined) {
      return false
    }
    replaceOpWithRegion(rewriter, op, region)
    return true
  },
}

function constantInt(v: Value): bigint | undefined {
  const c = constantOf(v)
  return c instanceof IntegerAttr ? c.value : undefined
}

/** MLIR's `computeConstDiff`: ub - lb for constant bounds or `ub = addi(lb, c)`. */
function constDiff(lb: Value, ub: Value): bigint | undefined {
  const l = constantInt(lb)
  const u = constantInt(ub)
  if (l !== undefined && u !== undefined) {
    return u - l
  }
  const add = ub.definingOp
  if (add !== null && add.name.name === 'arith.addi') {
    if (add.getOperand(0) === lb) {
      return constantInt(add.getOperand(1))
    }
    if (add.getOperand(1) === lb) {
      return constantInt(add.getOperand(0))
    }
  }
  return undefined
}

function definedOutside(region: Region, v: Value): boolean {
  for (let r = v.parentRegion; r !== null; r = r.parentRegion) {
    if (r === region) {
      return false
    }
  }
  return true
}

/**
 * `scf.for` that runs zero times (replaced by its inits), exactly once (body inlined with
 * the lower bound as induction variable), or has an empty body yielding outside values.
 */
export const SimplifyTrivialLoops: CanonicalizationPattern = {
  name: 'SimplifyTrivialLoops',
  rootName: 'scf.for',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const [lb, ub, step] = [op.getOperand(0), op.getOperand(1), op.getOperand(2)]
    const inits = op.getOperands().slice(3)
    if (lb === ub) {
      rewriter.replaceOp(op, inits)
      return true
    }
    const diff = constDiff(lb, ub)
    if (diff === undefined) {
      return false
    }
    if (diff <= 0n) {
      rewriter.replaceOp(op, inits)
      return true
    }
    const s = constantInt(step)
    if (s === undefined) {
      return false
    }
    const region = op.getRegion(0)
    if (s >= diff) {
      replaceOpWithRegion(rewriter, op, region, [lb, ...inits])
      return true
    }
    const block = region.front
    if (block.firstOp !== block.lastOp) {
      return false
    }
    const yielded = block.lastOp!.getOperands()
    if (!yielded.every((v) => definedOutside(region, v))) {
      return false
    }
    rewriter.replaceOp(op, yielded)
    return true
  },
}

/** A new `scf.if` on `cond` with `types` results and two empty regions, inserted before `op`. */
function newIf(rewriter: RewriterLike, op: Operation, cond: Value, types: readonly Type[]): Operation {
  rewriter.setInsertionPoint(op)
  const state = new OperationState(op.location, op.name)
  state.addOperands([cond])
  state.addTypes(types)
  state.addRegion()
  state.addRegion()
  return rewriter.insert(Operation.create(state))
}

/** Replaces the terminator of `region`'s block by an `scf.yield` of `values`. */
function replaceYield(rewriter: RewriterLike, region: Region, values: readonly Value[]): void {
  const old = region.front.lastOp!
  rewriter.setInsertionPoint(old)
  const state = new OperationState(old.location, old.name)
  state.addOperands(values)
  rewriter.insert(Operation.create(state))
  rewriter.eraseOp(old)
}

/**
 * `scf.if` yielding values defined outside it: those results become `arith.select`s of
 * the two yielded values (or the value itself when both branches yield it), and the if
 * keeps only the results computed inside its regions.
 */
export const ConvertTrivialIfToSelect: CanonicalizationPattern = {
  name: 'ConvertTrivialIfToSelect',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    const thenRegion = op.getRegion(0)
    const elseRegion = op.getRegion(1)
    const thenArgs = thenRegion.front.lastOp!.getOperands()
    const elseArgs = elseRegion.front.lastOp!.getOperands()
    const kept: Type[] = []
    for (let i = 0; i < op.numResults; i++) {
      if (thenArgs[i]!.parentRegion === thenRegion || elseArgs[i]!.parentRegion === elseRegion) {
        kept.push(thenArgs[i]!.type)
      }
    }
    if (kept.length === op.numResults) {
      return false
    }
    const cond = op.getOperand(0)
    const replacement = newIf(rewriter, op, cond, kept)
    replacement.getRegion(0).takeBody(thenRegion)
    replacement.getRegion(1).takeBody(elseRegion)
    const results: Value[] = []
    const trueYields: Value[] = []
    const falseYields: Value[] = []
    rewriter.setInsertionPoint(replacement)
    for (let i = 0; i < op.numResults; i++) {
      const t = thenArgs[i]!
      const f = elseArgs[i]!
      if (t.parentRegion === replacement.getRegion(0) || f.parentRegion === replacement.getRegion(1)) {
        results.push(replacement.getResult(trueYields.length))
        trueYields.push(t)
        falseYields.push(f)
      } else if (t === f) {
        results.push(t)
      } else {
        const sel = rewriter.insert(
          Operation.create(SelectOp.createState(rewriter.context, op.location, { operands: { condition: cond, true_value: t, false_value: f } })),
        )
        results.push(sel.getResult(0))
      }
    }
    replaceYield(rewriter, replacement.getRegion(0), trueYields)
    replaceYield(rewriter, replacement.getRegion(1), falseYields)
    rewriter.replaceOp(op, results)
    return true
  },
}

/** `scf.if` with unused results: rebuild it with only the used ones. */
export const RemoveUnusedResults: CanonicalizationPattern = {
  name: 'RemoveUnusedResults',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const used = op.results.filter((r) => !r.useEmpty)
    if (used.length === op.numResults) {
      return false
    }
    const replacement = newIf(
      rewriter,
      op,
      op.getOperand(0),
      used.map((r) => r.type),
    )
    for (let k = 0; k < 2; k++) {
      const region = replacement.getRegion(k)
      region.takeBody(op.getRegion(k))
      const term = region.front.lastOp!
      const operands = used.map((r) => term.getOperand(r.index))
      rewriter.modifyOpInPlace(term, () => term.setOperands(operands))
    }
    // Unused results are "replaced" by themselves: nothing refers to them.
    const repl: Value[] = op.results.map((r) => r as Value)
    for (let i = 0; i < used.length; i++) {
      repl[used[i]!.index] = replacement.getResult(i)
    }
    rewriter.replaceOp(op, repl)
    return true
  },
}

/**
 * `scf.for` iter_args that are forwarded unchanged (yielded as is), or unused inside the
 * loop while their init is yielded or their result is unused: drop them, using the init
 * value in their place (MLIR's `ForOpIterArgsFolder`).
 */
export const ForOpIterArgsFolder: CanonicalizationPattern = {
  name: 'ForOpIterArgsFolder',
  rootName: 'scf.for',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const oldBlock = op.getRegion(0).front
    const inits = op.getOperands().slice(3)
    const iterArgs = oldBlock.arguments.slice(1)
    const yielded = oldBlock.lastOp!.getOperands()
    const keep: boolean[] = []
    let changed = false
    for (let i = 0; i < inits.length; i++) {
      const arg = iterArgs[i]!
      const forwarded = arg === yielded[i] || (arg.useEmpty && (inits[i] === yielded[i] || op.getResult(i).useEmpty))
      keep.push(!forwarded)
      changed ||= forwarded
    }
    if (!changed) {
      return false
    }
    const keptInits = inits.filter((_, i) => keep[i])
    rewriter.setInsertionPoint(op)
    const state = new OperationState(op.location, op.name)
    state.addOperands([op.getOperand(0), op.getOperand(1), op.getOperand(2), ...keptInits])
    state.addTypes(keptInits.map((v) => v.type))
    state.properties = [...op.properties.entries]
    state.attributes = [...op.attributes.entries]
    const newBlock = new Block()
    newBlock.addArgument(oldBlock.getArgument(0).type, op.location)
    for (const v of keptInits) {
      newBlock.addArgument(v.type, v.location)
    }
    state.addRegion().push(newBlock)
    const newOp = rewriter.insert(Operation.create(state))
    const body = newOp.getRegion(0).front
    const transfer: Value[] = [body.getArgument(0)]
    const results: Value[] = []
    let k = 0
    for (let i = 0; i < inits.length; i++) {
      if (keep[i]) {
        k++
        transfer.push(body.getArgument(k))
        results.push(newOp.getResult(k - 1))
      } else {
        transfer.push(inits[i]!)
        results.push(inits[i]!)
      }
    }
    rewriter.mergeBlocks(oldBlock, body, transfer)
    const merged = body.lastOp!
    replaceYield(
      rewriter,
      newOp.getRegion(0),
      merged.getOperands().filter((_, i) => keep[i]),
    )
    rewriter.replaceOp(op, results)
    return true
  },
}

/** A new `scf.while` on `inits` with result `types` and blocks created as MLIR's builder does. */
function newWhile(rewriter: RewriterLike, op: Operation, inits: readonly Value[], types: readonly Type[], afterLocs?: readonly Location[]): Operation {
  rewriter.setInsertionPoint(op)
  const state = new OperationState(op.location, op.name)
  state.addOperands(inits)
  state.addTypes(types)
  state.properties = [...op.properties.entries]
  state.attributes = [...op.attributes.entries]
  const before = new Block()
  for (const v of inits) {
    before.addArgument(v.type, v.location)
  }
  state.addRegion().push(before)
  const after = new Block()
  for (let i = 0; i < types.length; i++) {
    after.addArgument(types[i]!, afterLocs?.[i] ?? op.location)
  }
  state.addRegion().push(after)
  return rewriter.insert(Operation.create(state))
}

/** Replaces the `scf.condition` ending `region` by one forwarding `args`. */
function replaceCondition(rewriter: RewriterLike, region: Region, args: readonly Value[]): void {
  const old = region.front.lastOp!
  rewriter.setInsertionPoint(old)
  const state = new OperationState(old.location, old.name)
  state.addOperands([old.getOperand(0), ...args])
  rewriter.insert(Operation.create(state))
  rewriter.eraseOp(old)
}

/** `scf.while` forwarding its condition to the after region: uses of that argument become `true`. */
export const WhileConditionTruth: CanonicalizationPattern = {
  name: 'WhileConditionTruth',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const term = op.getRegion(0).front.lastOp!
    const cond = term.getOperand(0)
    const afterArgs = op.getRegion(1).front.arguments
    let constantTrue: Value | null = null
    let replaced = false
    for (let i = 1; i < term.numOperands && i - 1 < afterArgs.length; i++) {
      const arg = afterArgs[i - 1]!
      if (term.getOperand(i) !== cond || arg.useEmpty) {
        continue
      }
      if (constantTrue === null) {
        rewriter.setInsertionPoint(op)
        constantTrue = rewriter
          .insert(Operation.create(ConstantOp.createState(rewriter.context, op.location, { attributes: { value: IntegerAttr.get(cond.type, 1) } })))
          .getResult(0)
      }
      rewriter.replaceAllUsesWith(arg, constantTrue)
      replaced = true
    }
    return replaced
  },
}

/** `scf.while` results unused both outside and in the after region: stop forwarding them. */
export const WhileUnusedResult: CanonicalizationPattern = {
  name: 'WhileUnusedResult',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const term = op.getRegion(0).front.lastOp!
    const afterBlock = op.getRegion(1).front
    const keep: number[] = []
    for (let i = 0; i < op.numResults; i++) {
      if (!(op.getResult(i).useEmpty && afterBlock.getArgument(i).useEmpty)) {
        keep.push(i)
      }
    }
    if (keep.length === op.numResults) {
      return false
    }
    replaceCondition(
      rewriter,
      op.getRegion(0),
      keep.map((i) => term.getOperand(i + 1)),
    )
    const types = keep.map((i) => op.getResult(i).type)
    const w = newWhile(
      rewriter,
      op,
      op.getOperands(),
      types,
      keep.map((i) => op.getResult(i).location),
    )
    const newBefore = w.getRegion(0).front
    newBefore.remove()
    w.getRegion(0).takeBody(op.getRegion(0))
    // Dropped entries have no uses, so they map to themselves.
    const results: Value[] = [...op.results]
    const afterArgs: Value[] = [...afterBlock.arguments]
    keep.forEach((idx, j) => {
      results[idx] = w.getResult(j)
      afterArgs[idx] = w.getRegion(1).front.getArgument(j)
    })
    rewriter.mergeBlocks(afterBlock, w.getRegion(1).front, afterArgs)
    rewriter.replaceOp(op, results)
    return true
  },
}

/** `scf.while` before-region arguments without uses: drop them with their inits and yielded values. */
export const WhileRemoveUnusedArgs: CanonicalizationPattern = {
  name: 'WhileRemoveUnusedArgs',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const beforeBlock = op.getRegion(0).front
    const afterBlock = op.getRegion(1).front
    if (!beforeBlock.arguments.some((a) => a.useEmpty)) {
      return false
    }
    const yieldOp = afterBlock.lastOp!
    const erase = new Set<number>()
    const newYields: Value[] = []
    const newInits: Value[] = []
    beforeBlock.arguments.forEach((arg, i) => {
      if (arg.useEmpty) {
        erase.add(i)
      } else {
        newYields.push(yieldOp.getOperand(i))
        newInits.push(op.getOperand(i))
      }
    })
    beforeBlock.eraseArguments(erase)
    const w = newWhile(rewriter, op, newInits, op.resultTypes)
    replaceYield(rewriter, op.getRegion(1), newYields)
    rewriter.mergeBlocks(beforeBlock, w.getRegion(0).front, w.getRegion(0).front.arguments)
    rewriter.mergeBlocks(afterBlock, w.getRegion(1).front, w.getRegion(1).front.arguments)
    rewriter.replaceOp(op, w.results)
    return true
  },
}

/** `scf.condition` forwarding values defined outside the before block: use them directly after the loop and in the after region. */
export const RemoveLoopInvariantValueYielded: CanonicalizationPattern = {
  name: 'RemoveLoopInvariantValueYielded',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const beforeBlock = op.getRegion(0).front
    const afterBlock = op.getRegion(1).front
    const condArgs = beforeBlock.lastOp!.getOperands().slice(1)
    if (condArgs.every((v) => v.parentBlock === beforeBlock)) {
      return false
    }
    const kept = condArgs.map((v, i) => ({ v, i })).filter((e) => e.v.parentBlock === beforeBlock)
    replaceCondition(
      rewriter,
      op.getRegion(0),
      kept.map((e) => e.v),
    )
    const w = newWhile(
      rewriter,
      op,
      op.getOperands(),
      kept.map((e) => e.v.type),
      kept.map((e) => afterBlock.getArgument(e.i).location),
    )
    w.getRegion(0).front.remove()
    w.getRegion(0).takeBody(op.getRegion(0))
    const afterArgs: Value[] = [...condArgs]
    const results: Value[] = [...condArgs]
    kept.forEach((e, j) => {
      afterArgs[e.i] = w.getRegion(1).front.getArgument(j)
      results[e.i] = w.getResult(j)
    })
    rewriter.mergeBlocks(afterBlock, w.getRegion(1).front, afterArgs)
    rewriter.replaceOp(op, results)
    return true
  },
}

/** `scf.condition` forwarding the same value twice: forward it once. */
export const WhileRemoveDuplicatedResults: CanonicalizationPattern = {
  name: 'WhileRemoveDuplicatedResults',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const beforeBlock = op.getRegion(0).front
    const afterBlock = op.getRegion(1).front
    const condArgs = beforeBlock.lastOp!.getOperands().slice(1)
    const position = new Map<Value, number>()
    const distinct: Value[] = []
    for (const v of condArgs) {
      if (!position.has(v)) {
        position.set(v, distinct.length)
        distinct.push(v)
      }
    }
    if (distinct.length === condArgs.length) {
      return false
    }
    const w = newWhile(
      rewriter,
      op,
      op.getOperands(),
      distinct.map((v) => v.type),
    )
    const newAfter = w.getRegion(1).front
    const afterArgs = condArgs.map((v) => newAfter.getArgument(position.get(v)!))
    const results = condArgs.map((v) => w.getResult(position.get(v)!))
    replaceCondition(rewriter, op.getRegion(0), distinct)
    rewriter.mergeBlocks(beforeBlock, w.getRegion(0).front, w.getRegion(0).front.arguments)
    rewriter.mergeBlocks(afterBlock, newAfter, afterArgs)
    rewriter.replaceOp(op, results)
    return true
  },
}

/**
 * `scf.while` before-region arguments that stay equal to their init (the after region
 * yields the init, or yields an after argument the condition fed from that argument or
 * its init): replace them by the init and drop them (`RemoveLoopInvariantArgsFromBeforeBlock`).
 */
export const RemoveLoopInvariantArgsFromBeforeBlock: CanonicalizationPattern = {
  name: 'RemoveLoopInvariantArgsFromBeforeBlock',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const beforeBlock = op.getRegion(0).front
    const afterBlock = op.getRegion(1).front
    const beforeArgs = beforeBlock.arguments
    const condArgs = beforeBlock.lastOp!.getOperands().slice(1)
    const yieldArgs = afterBlock.lastOp!.getOperands()
    const inits = op.getOperands()
    const invariant = (i: number): boolean => {
      const y = yieldArgs[i]!
      if (y === inits[i]) {
        return true
      }
      const k = afterBlock.arguments.indexOf(y as never)
      if (k < 0) {
        return false
      }
      const c = condArgs[k]
      return c === beforeArgs[i] || c === inits[i]
    }
    const flags = inits.map((_, i) => i < yieldArgs.length && invariant(i))
    if (!flags.some((f) => f)) {
      return false
    }
    const newInits: Value[] = []
    const newYields: Value[] = []
    const locs: Location[] = []
    flags.forEach((inv, i) => {
      if (!inv) {
        newInits.push(inits[i]!)
        newYields.push(yieldArgs[i]!)
        locs.push(beforeArgs[i]!.location)
      }
    })
    replaceYield(rewriter, op.getRegion(1), newYields)
    rewriter.setInsertionPoint(op)
    const state = new OperationState(op.location, op.name)
    state.addOperands(newInits)
    state.addTypes(op.resultTypes)
    state.properties = [...op.properties.entries]
    state.attributes = [...op.attributes.entries]
    const newBefore = new Block()
    newYields.forEach((v, i) => newBefore.addArgument(v.type, locs[i]!))
    state.addRegion().push(newBefore)
    state.addRegion()
    const w = rewriter.insert(Operation.create(state))
    let j = 0
    const mapped = beforeArgs.map((_, i) => (flags[i] ? inits[i]! : newBefore.getArgument(j++)))
    rewriter.mergeBlocks(beforeBlock, w.getRegion(0).front, mapped)
    w.getRegion(1).takeBody(op.getRegion(1))
    rewriter.replaceOp(op, w.results)
    return true
  },
}

/** `scf.index_switch` results every region yields the same value for: use that value. */
export const IndexSwitchSameYield: CanonicalizationPattern = {
  name: 'IndexSwitchSameYield',
  rootName: 'scf.index_switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const yields = op.regions.map((r) => r.front.lastOp!)
    let changed = false
    for (let i = 0; i < op.numResults; i++) {
      const r = op.getResult(i)
      const v = yields[0]!.getOperand(i)
      if (r.useEmpty || !yields.every((y) => y.getOperand(i) === v)) {
        continue
      }
      rewriter.replaceAllUsesWith(r, v)
      changed = true
    }
    return changed
  },
}

/** `scf.index_switch` with unused results: rebuild it with only the used ones. */
export const IndexSwitchRemoveUnusedResults: CanonicalizationPattern = {
  name: 'IndexSwitchRemoveUnusedResults',
  rootName: 'scf.index_switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const used = op.results.filter((r) => !r.useEmpty)
    if (used.length === op.numResults) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const state = new OperationState(op.location, op.name)
    state.addOperands(op.getOperands())
    state.addTypes(used.map((r) => r.type))
    state.properties = [...op.properties.entries]
    state.attributes = [...op.attributes.entries]
    for (let k = 0; k < op.numRegions; k++) {
      state.addRegion()
    }
    const w = rewriter.insert(Operation.create(state))
    for (let k = 0; k < op.numRegions; k++) {
      const region = w.getRegion(k)
      region.takeBody(op.getRegion(k))
      const term = region.front.lastOp!
      const operands = used.map((r) => term.getOperand(r.index))
      rewriter.modifyOpInPlace(term, () => term.setOperands(operands))
    }
    const repl: Value[] = op.results.map((r) => r as Value)
    used.forEach((r, i) => {
      repl[r.index] = w.getResult(i)
    })
    rewriter.replaceOp(op, repl)
    return true
  },
}

/** The scf canonicalization patterns implemented here, by root op. */
export const scfCanonicalizationPatterns: Readonly<Record<string, readonly CanonicalizationPattern[]>> = {
  'scf.if': [ConditionPropagation, ConvertTrivialIfToSelect, RemoveEmptyElseBranch, RemoveStaticCondition, RemoveUnusedResults, ReplaceIfYieldWithConditionOrValue],
  'scf.execute_region': [SingleBlockExecuteInliner],
  'scf.while': [RemoveLoopInvariantArgsFromBeforeBlock, RemoveLoopInvariantValueYielded, WhileConditionTruth, WhileUnusedResult, WhileRemoveDuplicatedResults, WhileRemoveUnusedArgs],
  'scf.for': [ForOpIterArgsFolder, SimplifyTrivialLoops],
  'scf.index_switch': [IndexSwitchSameYield, IndexSwitchRemoveUnusedResults],
}
