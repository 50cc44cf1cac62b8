/**
 * The canonicalization patterns of `scf.parallel`, as MLIR 22 registers them: dimensions
 * with a static trip count of 0 or 1 are folded away (the whole loop when one of them
 * runs zero times, the body and its reductions inlined when all run once), and a loop
 * whose body is only another parallel loop (no reductions) is merged with it.
 */
import { DenseArrayAttr, IRMapping, Operation, OperationState, type Location, type OpBuilder, type Value } from '@tilepass/ir'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { staticTripCount } from './ScfCanonicalization.ts'

/** The operand groups of an `scf.parallel`: lower bounds, upper bounds, steps, init values. */
function groups(op: Operation): [Value[], Value[], Value[], Value[]] {
  const a = op.getAttr('operandSegmentSizes')
  const sizes = a instanceof DenseArrayAttr ? (a.values as readonly bigint[]).map((v) => Number(v)) : [0, 0, 0, 0]
  const all = op.getOperands()
  const out: Value[][] = []
  let at = 0
  for (let i = 0; i < 4; i++) {
    out.push(all.slice(at, at + sizes[i]!))
    at += sizes[i]!
  }
  return out as [Value[], Value[], Value[], Value[]]
}

/** A new `scf.parallel` with the given bounds and inits (no body yet), inserted before `before`. */
function newParallel(rewriter: RewriterLike, before: Operation, loc: Location, lbs: Value[], ubs: Value[], steps: Value[], inits: readonly Value[]): Operation {
  const state = new OperationState(loc, before.name)
  state.addOperands([...lbs, ...ubs, ...steps, ...inits])
  state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(rewriter.context, [lbs.length, ubs.length, steps.length, inits.length]))
  state.addTypes(inits.map((v) => v.type))
  state.addRegion()
  rewriter.setInsertionPoint(before)
  return rewriter.insert(Operation.create(state))
}

/** The rewriter's `OpBuilder.clone`, which every pattern rewriter has. */
function cloneOp(rewriter: RewriterLike, op: Operation, mapping: IRMapping): Operation {
  return (rewriter as unknown as OpBuilder).clone(op, mapping)
}

/** MLIR's `ParallelOpSingleOrZeroIterationDimsFolder`. */
export const ParallelOpSingleOrZeroIterationDimsFolder: CanonicalizationPattern = {
  name: 'ParallelOpSingleOrZeroIterationDimsFolder',
  rootName: 'scf.parallel',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const [lbs, ubs, steps, inits] = groups(op)
    const body = op.getRegion(0).front
    const mapping = new IRMapping()
    const newLbs: Value[] = []
    const newUbs: Value[] = []
    const newSteps: Value[] = []
    for (let i = 0; i < lbs.length; i++) {
      const trips = staticTripCount(op, lbs[i]!, ubs[i]!, steps[i]!)
      if (trips === 0n) {
        rewriter.replaceOp(op, inits)
        return true
      }
      if (trips === 1n) {
        mapping.map(body.getArgument(i), lbs[i]!)
        continue
      }
      newLbs.push(lbs[i]!)
      newUbs.push(ubs[i]!)
      newSteps.push(steps[i]!)
    }
    if (newLbs.length === lbs.length) {
      return false
    }
    if (newLbs.length === 0) {
      // Every dimension runs once: inline the body, then each reduction applied to its init.
      rewriter.setInsertionPoint(op)
      const reduce = body.lastOp!
      for (let o = body.firstOp; o !== null && o !== reduce; o = o.nextOp) {
        cloneOp(rewriter, o, mapping)
      }
      const results: Value[] = []
      for (let r = 0; r < reduce.regions.length; r++) {
        const block = reduce.getRegion(r).front
        mapping.map(block.getArgument(0), inits[results.length]!)
        mapping.map(block.getArgument(1), mapping.lookupOrDefault(reduce.getOperand(r)))
        const ret = block.lastOp!
        for (let o = block.firstOp; o !== null && o !== ret; o = o.nextOp) {
          cloneOp(rewriter, o, mapping)
        }
        results.push(mapping.lookupOrDefault(ret.getOperand(0)))
      }
      rewriter.replaceOp(op, results)
      return true
    }
    const loop = newParallel(rewriter, op, op.location, newLbs, newUbs, newSteps, inits)
    // The folded induction variables are mapped, so the cloned block drops them.
    op.getRegion(0).cloneInto(loop.getRegion(0), null, mapping)
    rewriter.replaceOp(op, loop.results)
    return true
  },
}

/** MLIR's `MergeNestedParallelLoops`. */
export const MergeNestedParallelLoops: CanonicalizationPattern = {
  name: 'MergeNestedParallelLoops',
  rootName: 'scf.parallel',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const outerBody = op.getRegion(0).front
    const inner = outerBody.firstOp
    if (inner === null || inner.nextOp !== outerBody.lastOp || inner.name !== op.name) {
      return false
    }
    const [lbs, ubs, steps, inits] = groups(op)
    const [ilbs, iubs, isteps, iinits] = groups(inner)
    const outerArgs = outerBody.arguments
    if ([...ilbs, ...iubs, ...isteps].some((v) => outerArgs.includes(v as never))) {
      return false
    }
    // Reductions are not merged.
    if (inits.length !== 0 || iinits.length !== 0) {
      return false
    }
    const loop = newParallel(rewriter, op, op.location, [...lbs, ...ilbs], [...ubs, ...iubs], [...steps, ...isteps], [])
    const block = (rewriter as unknown as OpBuilder).createBlock(loop.getRegion(0), null, [...lbs, ...ilbs].map((v) => v.type), [...lbs, ...ilbs].map(() => op.location))
    const innerBody = inner.getRegion(0).front
    const mapping = new IRMapping()
    outerArgs.forEach((a, i) => mapping.map(a, block.getArgument(i)))
    innerBody.arguments.forEach((a, i) => mapping.map(a, block.getArgument(outerArgs.length + i)))
    const innerReduce = innerBody.lastOp!
    for (let o = innerBody.firstOp; o !== null && o !== innerReduce; o = o.nextOp) {
      cloneOp(rewriter, o, mapping)
    }
    rewriter.insert(Operation.create(new OperationState(op.location, innerReduce.name)))
    rewriter.replaceOp(op, [])
    return true
  },
}

/** The `scf.parallel` patterns in MLIR 22's registration order. */
export const parallelCanonicalizationPatterns: readonly CanonicalizationPattern[] = [ParallelOpSingleOrZeroIterationDimsFolder, MergeNestedParallelLoops]
