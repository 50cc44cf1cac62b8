import { IntegerAttr, Operation, Trait, type Block, type Location, type Value } from '@tilepass/ir'
import { SelectOp } from '../arith/ArithOps.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { BranchOp, CondBranchOp } from './CfOps.ts'

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

function buildCondBranch(rewriter: RewriterLike, loc: Location, cond: Value, t: Block, tOps: readonly Value[], f: Block, fOps: readonly Value[]): Operation {
  const state = CondBranchOp.createState(rewriter.context, loc, {
    operands: { condition: cond, trueDestOperands: tOps, falseDestOperands: fOps },
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
      op.location,
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

/** The cf canonicalization patterns by root op name. */
export const cfCanonicalizationPatterns: Readonly<Record<string, readonly CanonicalizationPattern[]>> = {
  'cf.assert': [EraseRedundantAssertions],
  'cf.br': [SimplifyBrToBlockWithSinglePred, SimplifyPassThroughBr],
  'cf.cond_br': [SimplifyConstCondBranchPred, SimplifyPassThroughCondBranch, SimplifyCondBranchIdenticalSuccessors],
}
