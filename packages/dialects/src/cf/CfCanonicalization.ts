import { DenseArrayAttr, DenseIntOrFPElementsAttr, IntegerAttr, IntegerType, Operation, Trait, VectorType, type Block, type Value } from '@tilepass/ir'
import { ConstantOp, SelectOp } from '../arith/ArithOps.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { BranchOp, CondBranchOp, SwitchOp } from './CfOps.ts'

/** The constant integer value of `v` when a ConstantLike op defines it. */
function constantInt(v: Value): bigint | undefined {
  const d = v.definingOp
  if (d === null || !d.hasTrait(Trait.ConstantLike)) {
    return undefined
  }
  const a = d.getAttr('value')
  return a instanceof IntegerAttr ? a.value : undefined
}

/** Creates `cf.br ^dest(operands)` before `op` and erases `op`. */
function replaceWithBranch(rewriter: RewriterLike, op: Operation, dest: Block, operands: readonly Value[]): void {
  rewriter.setInsertionPoint(op)
  rewriter.insert(Operation.create(BranchOp.createState(rewriter.context, op.location, { operands: { destOperands: operands }, successors: { dest } })))
  rewriter.eraseOp(op)
}

/**
 * MLIR's `collapseBranch`: when `successor` holds only a `cf.br` whose operands are
 * its arguments or outside values, returns the branch's destination and the operands
 * to pass to it directly; undefined otherwise.
 */
function collapseBranch(successor: Block, operands: readonly Value[]): { dest: Block; operands: Value[] } | undefined {
  const only = successor.firstOp
  if (only === null || only !== successor.lastOp || only.name.name !== 'cf.br') {
    return undefined
  }
  for (const arg of successor.arguments) {
    for (let u = arg.firstUse; u !== null; u = u.nextUse) {
      if (u.owner !== only) {
        return undefined
      }
    }
  }
  const dest = only.successors[0]!.block
  if (dest === successor) {
    return undefined
  }
  // Nor into a chain of unconditional branches that loops back on itself.
  const visited = new Set<Block>([successor, dest])
  for (let next = dest.lastOp; next !== null && next.name.name === 'cf.br'; ) {
    const nextDest = next.successors[0]!.block
    if (visited.has(nextDest)) {
      return undefined
    }
    visited.add(nextDest)
    next = nextDest.lastOp
  }
  const out: Value[] = []
  for (const o of only.getOperands()) {
    const idx = successor.arguments.indexOf(o as never)
    out.push(idx >= 0 ? operands[idx]! : o)
  }
  return { dest, operands: out }
}

/** `cf.assert` on a constant true condition: erase it. */
export const EraseRedundantAssertions: CanonicalizationPattern = {
  name: 'EraseRedundantAssertions',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.assert',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantInt(op.getOperand(0))
    if (c === undefined || c === 0n) {
      return false
    }
    rewriter.eraseOp(op)
    return true
  },
}

/** `cf.br` to a block whose only predecessor is this branch: merge the block into ours. */
export const SimplifyBrToBlockWithSinglePred: CanonicalizationPattern = {
  name: 'SimplifyBrToBlockWithSinglePred',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const succ = op.successors[0]!.block
    const parent = op.parentBlock
    const first = succ.firstPredecessorUse
    if (parent === null || succ === parent || first === null || first.nextUse !== null) {
      return false
    }
    const operands = op.getOperands()
    rewriter.eraseOp(op)
    rewriter.mergeBlocks(succ, parent, operands)
    return true
  },
}

/** `cf.br` to a block that only branches on: branch to its destination directly. */
export const SimplifyPassThroughBr: CanonicalizationPattern = {
  name: 'SimplifyPassThroughBr',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const collapsed = collapseBranch(op.successors[0]!.block, op.getOperands())
    if (collapsed === undefined) {
      return false
    }
    replaceWithBranch(rewriter, op, collapsed.dest, collapsed.operands)
    return true
  },
}

/** `cf.cond_br` on a constant condition: an unconditional branch to the taken successor. */
export const SimplifyConstCondBranchPred: CanonicalizationPattern = {
  name: 'SimplifyConstCondBranchPred',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantInt(op.getOperand(0))
    if (c === undefined) {
      return false
    }
    const taken = c !== 0n ? 0 : 1
    const operands = CondBranchOp.operandValues(op, taken === 0 ? 'trueDestOperands' : 'falseDestOperands')
    replaceWithBranch(rewriter, op, op.successors[taken]!.block, operands)
    return true
  },
}

/** Builds a `cf.cond_br` that takes over `like`'s location and `branch_weights` (the successors keep their order). */
function buildCondBranch(rewriter: RewriterLike, like: Operation, cond: Value, t: Block, tOps: readonly Value[], f: Block, fOps: readonly Value[]): Operation {
  const state = CondBranchOp.createState(rewriter.context, like.location, {
    operands: { condition: cond, trueDestOperands: tOps, falseDestOperands: fOps },
    attributes: { branch_weights: like.getAttr('branch_weights') },
    successors: { trueDest: t, falseDest: f },
  })
  return rewriter.insert(Operation.create(state))
}

/** `cf.cond_br` to blocks that only branch on: target their destinations directly. */
export const SimplifyPassThroughCondBranch: CanonicalizationPattern = {
  name: 'SimplifyPassThroughCondBranch',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const tOps = CondBranchOp.operandValues(op, 'trueDestOperands')
    const fOps = CondBranchOp.operandValues(op, 'falseDestOperands')
    const t = collapseBranch(op.successors[0]!.block, tOps)
    const f = collapseBranch(op.successors[1]!.block, fOps)
    if (t === undefined && f === undefined) {
      return false
    }
    rewriter.setInsertionPoint(op)
    buildCondBranch(
      rewriter,
      op,
      op.getOperand(0),
      t?.dest ?? op.successors[0]!.block,
      t?.operands ?? tOps,
      f?.dest ?? op.successors[1]!.block,
      f?.operands ?? fOps,
    )
    rewriter.eraseOp(op)
    return true
  },
}

/** `cf.cond_br` whose two successors are the same block: one branch, with selects for differing operands. */
export const SimplifyCondBranchIdenticalSuccessors: CanonicalizationPattern = {
  name: 'SimplifyCondBranchIdenticalSuccessors',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const dest = op.successors[0]!.block
    if (dest !== op.successors[1]!.block) {
      return false
    }
    const tOps = CondBranchOp.operandValues(op, 'trueDestOperands')
    const fOps = CondBranchOp.operandValues(op, 'falseDestOperands')
    if (tOps.every((v, i) => v === fOps[i])) {
      replaceWithBranch(rewriter, op, dest, tOps)
      return true
    }
    if (dest.singlePredecessor !== op.parentBlock) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const cond = op.getOperand(0)
    const merged = tOps.map((v, i) => {
      const w = fOps[i]!
      if (v === w) {
        return v
      }
      const state = SelectOp.createState(rewriter.context, op.location, { operands: { condition: cond, true_value: v, false_value: w } })
      return rewriter.insert(Operation.create(state)).results[0]!
    })
    replaceWithBranch(rewriter, op, dest, merged)
    return true
  },
}

/** The predecessor of `block` when exactly one branch edge reaches it (MLIR's `getSinglePredecessor`). */
function singlePredecessorEdge(block: Block): Block | null {
  const u = block.firstPredecessorUse
  return u !== null && u.nextUse === null ? u.owner.parentBlock : null
}

/** `cf.cond_br` in a block reached only from a `cf.cond_br` on the same condition: the outcome is known. */
export const SimplifyCondBranchFromCondBranchOnSameCondition: CanonicalizationPattern = {
  name: 'SimplifyCondBranchFromCondBranchOnSameCondition',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const current = op.parentBlock
    const pred = current === null ? null : singlePredecessorEdge(current)
    const predBranch = pred?.lastOp ?? null
    if (predBranch === null || predBranch.name.name !== 'cf.cond_br' || predBranch.getOperand(0) !== op.getOperand(0)) {
      return false
    }
    const taken = current === predBranch.successors[0]!.block ? 0 : 1
    const operands = CondBranchOp.operandValues(op, taken === 0 ? 'trueDestOperands' : 'falseDestOperands')
    replaceWithBranch(rewriter, op, op.successors[taken]!.block, operands)
    return true
  },
}

/** In a successor reached only through one edge of a `cf.cond_br`, the condition is a known constant. */
export const CondBranchTruthPropagation: CanonicalizationPattern = {
  name: 'CondBranchTruthPropagation',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cond = op.getOperand(0)
    let replaced = false
    for (let edge = 0; edge < 2; edge++) {
      const dest = op.successors[edge]!.block
      if (singlePredecessorEdge(dest) === null) {
        continue
      }
      let constant: Value | null = null
      for (let u = cond.firstUse; u !== null; ) {
        const next = u.nextUse
        if (u.owner.parentBlock === dest) {
          if (constant === null) {
            rewriter.setInsertionPoint(op)
            const state = ConstantOp.createState(rewriter.context, op.location, {
              attributes: { value: IntegerAttr.get(IntegerType.get(rewriter.context, 1), edge === 0 ? 1n : 0n) },
              results: [IntegerType.get(rewriter.context, 1)],
            })
            constant = rewriter.insert(Operation.create(state)).results[0]!
          }
          const use = u
          const c = constant
          rewriter.modifyOpInPlace(use.owner, () => use.set(c))
          replaced = true
        }
        u = next
      }
    }
    return replaced
  },
}

// ---- cf.switch ----------------------------------------------------------------------------

interface SwitchParts {
  flag: Value
  defaultDest: Block
  defaultOperands: Value[]
  values: bigint[]
  caseDests: Block[]
  caseOperands: Value[][]
}

function switchParts(op: Operation): SwitchParts {
  const cv = op.getAttr('case_values')
  const values: bigint[] = []
  if (cv instanceof DenseIntOrFPElementsAttr) {
    const n = cv.isSplat ? cv.type.numElements : cv.values.length
    for (let i = 0; i < n; i++) {
      values.push((cv.isSplat ? cv.values[0] : cv.values[i]) as bigint)
    }
  }
  const all = SwitchOp.operandValues(op, 'caseOperands')
  const segs = op.getAttr('case_operand_segments')
  const sizes = segs instanceof DenseArrayAttr ? segs.values.map((v) => Number(v)) : []
  const caseOperands: Value[][] = []
  let start = 0
  for (let i = 0; i < values.length; i++) {
    const n = sizes[i] ?? 0
    caseOperands.push(all.slice(start, start + n))
    start += n
  }
  return {
    flag: op.getOperand(0),
    defaultDest: op.successors[0]!.block,
    defaultOperands: SwitchOp.operandValues(op, 'defaultOperands'),
    values,
    caseDests: op.successors.slice(1).map((s) => s.block),
    caseOperands,
  }
}

/** Creates a `cf.switch` from its parts before `op` and erases `op` (as `SwitchOp::build`). */
function replaceWithSwitch(rewriter: RewriterLike, op: Operation, p: SwitchParts): void {
  const ctx = rewriter.context
  const flat: Value[] = []
  for (const ops of p.caseOperands) {
    flat.push(...ops)
  }
  const state = SwitchOp.createState(ctx, op.location, {
    operands: { flag: p.flag, defaultOperands: p.defaultOperands, caseOperands: flat },
    attributes: {
      case_values: p.values.length > 0 ? DenseIntOrFPElementsAttr.get(VectorType.get([p.values.length], p.flag.type), p.values, false) : undefined,
      case_operand_segments: DenseArrayAttr.getI32(
        ctx,
        p.caseOperands.map((o) => o.length),
      ),
    },
    successors: { defaultDestination: p.defaultDest, caseDestinations: p.caseDests },
  })
  rewriter.setInsertionPoint(op)
  rewriter.insert(Operation.create(state))
  rewriter.eraseOp(op)
}

function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** `cf.switch` without cases: branch to the default destination. */
export const SimplifySwitchWithOnlyDefault: CanonicalizationPattern = {
  name: 'SimplifySwitchWithOnlyDefault',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.successors.length !== 1) {
      return false
    }
    replaceWithBranch(rewriter, op, op.successors[0]!.block, SwitchOp.operandValues(op, 'defaultOperands'))
    return true
  },
}

/** `cf.switch` cases that go where the default goes, with the same operands, are dropped. */
export const DropSwitchCasesThatMatchDefault: CanonicalizationPattern = {
  name: 'DropSwitchCasesThatMatchDefault',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const p = switchParts(op)
    const keep: number[] = []
    for (let i = 0; i < p.values.length; i++) {
      if (!(p.caseDests[i] === p.defaultDest && sameValues(p.caseOperands[i]!, p.defaultOperands))) {
        keep.push(i)
      }
    }
    if (keep.length === p.values.length) {
      return false
    }
    replaceWithSwitch(rewriter, op, {
      ...p,
      values: keep.map((i) => p.values[i]!),
      caseDests: keep.map((i) => p.caseDests[i]!),
      caseOperands: keep.map((i) => p.caseOperands[i]!),
    })
    return true
  },
}

/** `cf.switch` on a constant: branch to the matching case or the default. */
export const SimplifyConstSwitchValue: CanonicalizationPattern = {
  name: 'SimplifyConstSwitchValue',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantInt(op.getOperand(0))
    if (c === undefined) {
      return false
    }
    const p = switchParts(op)
    const i = p.values.indexOf(c)
    if (i >= 0) {
      replaceWithBranch(rewriter, op, p.caseDests[i]!, p.caseOperands[i]!)
    } else {
      replaceWithBranch(rewriter, op, p.defaultDest, p.defaultOperands)
    }
    return true
  },
}

/** `cf.switch` destinations that only branch on are replaced by their destinations. */
export const SimplifyPassThroughSwitch: CanonicalizationPattern = {
  name: 'SimplifyPassThroughSwitch',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const p = switchParts(op)
    let changed = false
    for (let i = 0; i < p.values.length; i++) {
      const c = collapseBranch(p.caseDests[i]!, p.caseOperands[i]!)
      if (c !== undefined) {
        p.caseDests[i] = c.dest
        p.caseOperands[i] = c.operands
        changed = true
      }
    }
    const d = collapseBranch(p.defaultDest, p.defaultOperands)
    if (d !== undefined) {
      p.defaultDest = d.dest
      p.defaultOperands = d.operands
      changed = true
    }
    if (!changed) {
      return false
    }
    replaceWithSwitch(rewriter, op, p)
    return true
  },
}

/** The `cf.switch` ending the single predecessor of `op`'s block, when it switches on the same flag. */
function predecessorSwitchOnSameFlag(op: Operation): { pred: Operation; block: Block } | undefined {
  const block = op.parentBlock
  const pred = block === null ? null : singlePredecessorEdge(block)
  const term = pred?.lastOp ?? null
  if (block === null || term === null || term.name.name !== 'cf.switch' || term.getOperand(0) !== op.getOperand(0)) {
    return undefined
  }
  return { pred: term, block }
}

/** A `cf.switch` reached from a case of a switch on the same flag: the case value is known. */
export const SimplifySwitchFromSwitchOnSameCondition: CanonicalizationPattern = {
  name: 'SimplifySwitchFromSwitchOnSameCondition',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const found = predecessorSwitchOnSameFlag(op)
    if (found === undefined || found.pred.successors[0]!.block === found.block) {
      return false
    }
    const predParts = switchParts(found.pred)
    const i = predParts.caseDests.indexOf(found.block)
    const p = switchParts(op)
    if (i < 0) {
      replaceWithBranch(rewriter, op, p.defaultDest, p.defaultOperands)
      return true
    }
    const value = predParts.values[i]!
    const k = p.values.indexOf(value)
    if (k >= 0) {
      replaceWithBranch(rewriter, op, p.caseDests[k]!, p.caseOperands[k]!)
    } else {
      replaceWithBranch(rewriter, op, p.defaultDest, p.defaultOperands)
    }
    return true
  },
}

/** A `cf.switch` reached from the default of a switch on the same flag: that switch's other cases cannot occur. */
export const SimplifySwitchFromDefaultSwitchOnSameCondition: CanonicalizationPattern = {
  name: 'SimplifySwitchFromDefaultSwitchOnSameCondition',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'cf.switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const found = predecessorSwitchOnSameFlag(op)
    if (found === undefined || found.pred.successors[0]!.block !== found.block) {
      return false
    }
    const predParts = switchParts(found.pred)
    const impossible = new Set<bigint>()
    for (let i = 0; i < predParts.values.length; i++) {
      if (predParts.caseDests[i] !== found.block) {
        impossible.add(predParts.values[i]!)
      }
    }
    const p = switchParts(op)
    const keep: number[] = []
    for (let i = 0; i < p.values.length; i++) {
      if (!impossible.has(p.values[i]!)) {
        keep.push(i)
      }
    }
    if (keep.length === p.values.length) {
      return false
    }
    replaceWithSwitch(rewriter, op, {
      ...p,
      values: keep.map((i) => p.values[i]!),
      caseDests: keep.map((i) => p.caseDests[i]!),
      caseOperands: keep.map((i) => p.caseOperands[i]!),
    })
    return true
  },
}

/** True when `block` holds nothing but a `ub.unreachable`. */
function isOnlyUnreachable(block: Block): boolean {
  const op = block.firstOp
  return op !== null && op === block.lastOp && op.name.name === 'ub.unreachable'
}

/** `cf.cond_br` with a successor that is only `ub.unreachable`: branch to the other one. */
export const DropUnreachableCondBranch: CanonicalizationPattern = {
  name: 'DropUnreachableCondBranch',
  rootName: 'cf.cond_br',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    for (let edge = 0; edge < 2; edge++) {
      if (isOnlyUnreachable(op.successors[edge]!.block)) {
        const other = 1 - edge
        const operands = CondBranchOp.operandValues(op, other === 0 ? 'trueDestOperands' : 'falseDestOperands')
        replaceWithBranch(rewriter, op, op.successors[other]!.block, operands)
        return true
      }
    }
    return false
  },
}

/** The cf canonicalization patterns by root op name, in upstream's registration order. */
export const cfCanonicalizationPatterns: Readonly<Record<string, readonly CanonicalizationPattern[]>> = {
  'cf.assert': [EraseRedundantAssertions],
  'cf.br': [SimplifyBrToBlockWithSinglePred, SimplifyPassThroughBr],
  'cf.cond_br': [
    SimplifyConstCondBranchPred,
    SimplifyPassThroughCondBranch,
    SimplifyCondBranchIdenticalSuccessors,
    SimplifyCondBranchFromCondBranchOnSameCondition,
    CondBranchTruthPropagation,
    DropUnreachableCondBranch,
  ],
  'cf.switch': [
    SimplifySwitchWithOnlyDefault,
    DropSwitchCasesThatMatchDefault,
    SimplifyConstSwitchValue,
    SimplifyPassThroughSwitch,
    SimplifySwitchFromSwitchOnSameCondition,
    SimplifySwitchFromDefaultSwitchOnSameCondition,
  ],
}
