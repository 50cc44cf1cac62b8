/**
 * The canonicalization patterns of `scf.forall` (MLIR's `ForallOp::getCanonicalizationPatterns`):
 * `tensor.dim` of a result reads the shared output, casts of outputs fold into the loop,
 * constant bounds become static, unused or unmodified shared outputs are dropped, and
 * dimensions with zero or one iteration are removed (the loop inlined when none is left).
 */
import {
  ArrayAttr,
  Block,
  DenseArrayAttr,
  IRMapping,
  IndexType,
  IntegerAttr,
  IntegerType,
  Operation,
  OperationState,
  type Attribute,
  type OpResult,
  type PatternRewriter,
  type Value,
} from '@tilepass/ir'
import { ConstantOp } from '../arith/ArithOps.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { buildTensorCast, preservesStaticInformation } from '../tensor/TensorOps.ts'

/** MLIR's ShapedType::kDynamic (INT64_MIN), as stored in the static bound arrays. */
const KDYN = -9223372036854775808n

/** An `OpFoldResult` of a bound: a static value or an SSA value. */
type Mixed = bigint | Value

function full(rewriter: RewriterLike): PatternRewriter {
  return rewriter as unknown as PatternRewriter
}

/** @internal The values of the dense i64 array attribute `name` of `op` (empty when absent). */
export function i64Array(op: Operation, name: string): bigint[] {
  const a = op.getAttr(name)
  return a instanceof DenseArrayAttr ? (a.values as readonly (bigint | number)[]).map((v) => BigInt(v)) : []
}

/** @internal The `operandSegmentSizes` of a forall. */
export function segments(op: Operation): number[] {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? (a.values as readonly (bigint | number)[]).map((v) => Number(v)) : [0, 0, 0, 0]
}

/** The lower bounds, upper bounds and steps of a forall as mixed lists, and its outputs. */
function forallParts(op: Operation): { lbs: Mixed[]; ubs: Mixed[]; steps: Mixed[]; outputs: Value[] } {
  const seg = segments(op)
  const operands = op.getOperands()
  let start = 0
  const mixed = (name: string, n: number): Mixed[] => {
    const dyn = operands.slice(start, start + n)
    start += n
    let d = 0
    return i64Array(op, name).map((s) => (s === KDYN ? dyn[d++]! : s))
  }
  const lbs = mixed('staticLowerBound', seg[0]!)
  const ubs = mixed('staticUpperBound', seg[1]!)
  const steps = mixed('staticStep', seg[2]!)
  return { lbs, ubs, steps, outputs: operands.slice(start, start + seg[3]!) }
}

/** The constant value of a mixed entry (`getConstantIntValue`), or undefined. */
function constantOf(m: Mixed): bigint | undefined {
  if (typeof m === 'bigint') {
    return m
  }
  const d = m.definingOp
  if (d === null || d.name.name !== 'arith.constant') {
    return undefined
  }
  const v = d.getAttr('value')
  return v instanceof IntegerAttr && v.type instanceof IndexType ? v.value : undefined
}

/** MLIR's `constantTripCount(lb, ub, step)` (signed): the number of iterations when known. */
function constantTripCount(lb: Mixed, ub: Mixed, step: Mixed): bigint | undefined {
  if (typeof lb !== 'bigint' && lb === ub) {
    return 0n
  }
  const l = constantOf(lb)
  const u = constantOf(ub)
  if (l === undefined || u === undefined) {
    return undefined
  }
  if (u <= l) {
    return 0n
  }
  const s = constantOf(step)
  if (s === undefined || s <= 0n) {
    return undefined
  }
  return (u - l + s - 1n) / s
}

/** MLIR's `getValueOrCreateConstantIndexOp`: an `arith.constant` at the insertion point for a static entry. */
function valueOf(rewriter: PatternRewriter, op: Operation, m: Mixed): Value {
  if (typeof m !== 'bigint') {
    return m
  }
  const ctx = rewriter.context
  const state = ConstantOp.createState(ctx, op.location, { attributes: { value: IntegerAttr.get(IndexType.get(ctx), m) } })
  return rewriter.insert(Operation.create(state)).getResult(0)
}

/** MLIR's `dispatchIndexOpFoldResults`: the static array (dynamic entries as kDynamic) and the SSA values. */
function dispatch(list: readonly Mixed[]): { statics: bigint[]; dynamic: Value[] } {
  const statics: bigint[] = []
  const dynamic: Value[] = []
  for (const m of list) {
    if (typeof m === 'bigint') {
      statics.push(m)
    } else {
      statics.push(KDYN)
      dynamic.push(m)
    }
  }
  return { statics, dynamic }
}

/**
 * The state of a new `scf.forall` (MLIR's `ForallOp::build`): bounds, outputs, the mapping
 * when given, and an empty region (the caller fills it).
 */
function forallState(at: Operation, lbs: readonly Mixed[], ubs: readonly Mixed[], steps: readonly Mixed[], outputs: readonly Value[], mapping: Attribute | undefined): OperationState {
  const ctx = at.context
  const i64 = IntegerType.get(ctx, 64)
  const l = dispatch(lbs)
  const u = dispatch(ubs)
  const s = dispatch(steps)
  const state = new OperationState(at.location, at.name)
  state.addOperands([...l.dynamic, ...u.dynamic, ...s.dynamic, ...outputs])
  state.addTypes(outputs.map((v) => v.type))
  state.addProperty('staticLowerBound', DenseArrayAttr.get(i64, l.statics))
  state.addProperty('staticUpperBound', DenseArrayAttr.get(i64, u.statics))
  state.addProperty('staticStep', DenseArrayAttr.get(i64, s.statics))
  state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [l.dynamic.length, u.dynamic.length, s.dynamic.length, outputs.length]))
  if (mapping !== undefined) {
    state.addProperty('mapping', mapping)
  }
  state.addRegion()
  return state
}

/** A block with the index arguments of a `rank`-dimensional forall and one argument per output. */
function forallBlock(at: Operation, rank: number, outputs: readonly Value[]): Block {
  const block = new Block()
  const index = IndexType.get(at.context)
  for (let i = 0; i < rank; i++) {
    block.addArgument(index, at.location)
  }
  for (const v of outputs) {
    block.addArgument(v.type, at.location)
  }
  return block
}

/**
 * A new forall before `op` with its bounds, `outputs` and mapping, whose body block (returned)
 * has the index and output arguments and no ops yet.
 */
function insertForall(rewriter: PatternRewriter, op: Operation, lbs: readonly Mixed[], ubs: readonly Mixed[], steps: readonly Mixed[], outputs: readonly Value[]): [Operation, Block] {
  const state = forallState(op, lbs, ubs, steps, outputs, op.getInherentAttr('mapping'))
  const block = forallBlock(op, lbs.length, outputs)
  state.regions[0]!.push(block)
  rewriter.setInsertionPoint(op)
  return [rewriter.insert(Operation.create(state)), block]
}

/** The ops of the `scf.forall.in_parallel` terminator of `body`. */
function yieldingOps(body: Block): Operation[] {
  const terminator = body.lastOp
  return terminator === null || terminator.numRegions === 0 || terminator.getRegion(0).firstBlock === null ? [] : terminator.getRegion(0).front.operations
}

function hasBody(op: Operation): boolean {
  return op.numRegions === 1 && op.getRegion(0).firstBlock !== null
}

/** MLIR's `ForallOp::getCombiningOps`: the `tensor.parallel_insert_slice` ops into `arg`. */
function combiningOps(body: Block, arg: Value): Operation[] {
  return yieldingOps(body).filter((o) => o.name.name === 'tensor.parallel_insert_slice' && o.getOperand(1) === arg)
}

/**
 * MLIR's `scf::promote` for a forall: the body is inlined with the lower bounds for the
 * induction variables and the outputs for the shared outputs; each parallel insert becomes a
 * `tensor.insert_slice` after the loop, whose results replace the loop's.
 */
function promote(rewriter: PatternRewriter, op: Operation): void {
  const { lbs, outputs } = forallParts(op)
  const body = op.getRegion(0).front
  const terminator = body.lastOp!
  const ys = yieldingOps(body)
  const replacements = lbs.map((m) => valueOf(rewriter, op, m))
  rewriter.inlineBlockBefore(body, op, [...replacements, ...outputs])
  rewriter.setInsertionPointAfter(op)
  const results: Value[] = []
  for (const y of ys) {
    const state = new OperationState(op.location, rewriter.context.getOperationName('tensor.insert_slice'))
    state.addOperands(y.getOperands())
    state.addTypes([y.getOperand(1).type])
    for (const p of y.properties.entries) {
      state.addProperty(p.name, p.value)
    }
    results.push(rewriter.insert(Operation.create(state)).getResult(0))
  }
  for (let i = 0; i < op.numResults && i < results.length; i++) {
    rewriter.replaceAllUsesWith(op.getResult(i), results[i]!)
  }
  rewriter.eraseOp(terminator)
  rewriter.eraseOp(op)
}

/** MLIR's `DimOfForallOp`: `tensor.dim` of a forall result is the dim of its shared output. */
const DimOfForallOp: CanonicalizationPattern = {
  name: 'DimOfForallOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const source = op.getOperand(0)
    const forall = source.definingOp
    if (forall === null || forall.name.name !== 'scf.forall') {
      return false
    }
    const shared = forallParts(forall).outputs[(source as OpResult).index]!
    rewriter.modifyOpInPlace(op, () => op.setOperand(0, shared))
    return true
  },
}

/** MLIR's `FoldTensorCastOfOutputIntoForallOp`: a shared output cast that loses static sizes is bypassed. */
const FoldTensorCastOfOutputIntoForallOp: CanonicalizationPattern = {
  name: 'FoldTensorCastOfOutputIntoForallOp',
  rootName: 'scf.forall',
  benefit: 1,
  matchAndRewrite(op, rw) {
    if (!hasBody(op)) {
      return false
    }
    const rewriter = full(rw)
    const { lbs, ubs, steps, outputs } = forallParts(op)
    const newOutputs = [...outputs]
    const casts = new Map<number, Operation>()
    for (let i = 0; i < outputs.length; i++) {
      const cast = outputs[i]!.definingOp
      if (cast === null || cast.name.name !== 'tensor.cast' || !preservesStaticInformation(cast.getResult(0).type, cast.getOperand(0).type)) {
        continue
      }
      casts.set(i, cast)
      newOutputs[i] = cast.getOperand(0)
    }
    if (casts.size === 0) {
      return false
    }
    const rank = lbs.length
    const [newForall, block] = insertForall(rewriter, op, lbs, ubs, steps, newOutputs)
    rewriter.setInsertionPointToStart(block)
    const args: Value[] = [...block.arguments]
    for (const [i, cast] of casts) {
      args[rank + i] = buildTensorCast(rewriter, op.location, args[rank + i]!, cast.getResult(0).type)
    }
    rewriter.mergeBlocks(op.getRegion(0).front, block, args)
    // The destinations now name the casts of the new arguments: point them at the arguments.
    const ys = yieldingOps(block)
    for (let i = 0; i < ys.length && rank + i < block.numArguments; i++) {
      const y = ys[i]!
      const arg = block.getArgument(rank + i)
      rewriter.modifyOpInPlace(y, () => y.setOperand(1, arg))
    }
    rewriter.setInsertionPointAfter(newForall)
    const results: Value[] = [...newForall.results]
    for (const [i, cast] of casts) {
      results[i] = buildTensorCast(rewriter, op.location, results[i]!, cast.getResult(0).type)
    }
    rewriter.replaceOp(op, results)
    return true
  },
}

/** MLIR's `ForallOpControlOperandsFolder`: constant SSA bounds and steps become static. */
const ForallOpControlOperandsFolder: CanonicalizationPattern = {
  name: 'ForallOpControlOperandsFolder',
  rootName: 'scf.forall',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const { lbs, ubs, steps, outputs } = forallParts(op)
    let changed = false
    const fold = (list: Mixed[]): Mixed[] =>
      list.map((m) => {
        if (typeof m === 'bigint') {
          return m
        }
        const c = constantOf(m)
        if (c === undefined) {
          return m
        }
        changed = true
        return c
      })
    const l = dispatch(fold(lbs))
    const u = dispatch(fold(ubs))
    const s = dispatch(fold(steps))
    if (!changed) {
      return false
    }
    const ctx = op.context
    const i64 = IntegerType.get(ctx, 64)
    rewriter.modifyOpInPlace(op, () => {
      op.setOperands([...l.dynamic, ...u.dynamic, ...s.dynamic, ...outputs])
      op.setInherentAttr('staticLowerBound', DenseArrayAttr.get(i64, l.statics))
      op.setInherentAttr('staticUpperBound', DenseArrayAttr.get(i64, u.statics))
      op.setInherentAttr('staticStep', DenseArrayAttr.get(i64, s.statics))
      op.setInherentAttr('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [l.dynamic.length, u.dynamic.length, s.dynamic.length, op.numResults]))
    })
    return true
  },
}

/**
 * MLIR's `ForallOpIterArgsFolder`: a shared output whose result is unused, or that no parallel
 * insert writes, is dropped; the body uses the output's init value instead and the writes into
 * it are erased.
 */
const ForallOpIterArgsFolder: CanonicalizationPattern = {
  name: 'ForallOpIterArgsFolder',
  rootName: 'scf.forall',
  benefit: 1,
  matchAndRewrite(op, rw) {
    if (!hasBody(op)) {
      return false
    }
    const rewriter = full(rw)
    const { lbs, ubs, steps, outputs } = forallParts(op)
    const body = op.getRegion(0).front
    const rank = lbs.length
    const toDelete = new Set<number>()
    const newOuts: Value[] = []
    for (let i = 0; i < op.numResults; i++) {
      if (op.getResult(i).useEmpty || combiningOps(body, body.getArgument(rank + i)).length === 0) {
        toDelete.add(i)
      } else {
        newOuts.push(outputs[i]!)
      }
    }
    if (toDelete.size === 0) {
      return false
    }
    for (const i of toDelete) {
      for (const c of combiningOps(body, body.getArgument(rank + i))) {
        rewriter.eraseOp(c)
      }
    }
    const [newForall, block] = insertForall(rewriter, op, lbs, ubs, steps, newOuts)
    const args: Value[] = block.arguments.slice(0, rank)
    let next = 0
    for (let i = 0; i < op.numResults; i++) {
      args.push(toDelete.has(i) ? outputs[i]! : block.getArgument(rank + next++))
    }
    rewriter.mergeBlocks(body, block, args)
    next = 0
    for (let i = 0; i < op.numResults; i++) {
      if (!toDelete.has(i)) {
        rewriter.replaceAllUsesWith(op.getResult(i), newForall.getResult(next++))
      }
    }
    for (const i of toDelete) {
      rewriter.replaceAllUsesWith(op.getResult(i), outputs[i]!)
    }
    return true
  },
}

/**
 * MLIR's `ForallOpSingleOrZeroIterationDimsFolder` (for loops without a non-empty mapping): a dimension
 * with zero iterations replaces the loop by its outputs; dimensions with one iteration are
 * removed (their induction variable becomes the lower bound) and the loop inlined when none
 * is left.
 */
const ForallOpSingleOrZeroIterationDimsFolder: CanonicalizationPattern = {
  name: 'ForallOpSingleOrZeroIterationDimsFolder',
  rootName: 'scf.forall',
  benefit: 1,
  matchAndRewrite(op, rw) {
    // Dimensions mapped to processing units stay (an empty mapping maps none).
    const mappingAttr = op.getAttr('mapping')
    if ((mappingAttr instanceof ArrayAttr && mappingAttr.length !== 0) || !hasBody(op)) {
      return false
    }
    const rewriter = full(rw)
    const { lbs, ubs, steps, outputs } = forallParts(op)
    const body = op.getRegion(0).front
    const mapping = new IRMapping()
    const newLbs: Mixed[] = []
    const newUbs: Mixed[] = []
    const newSteps: Mixed[] = []
    for (let i = 0; i < lbs.length; i++) {
      const trips = constantTripCount(lbs[i]!, ubs[i]!, steps[i]!)
      if (trips === 0n) {
        rewriter.replaceOp(op, outputs)
        return true
      }
      if (trips === 1n) {
        mapping.map(body.getArgument(i), valueOf(rewriter, op, lbs[i]!))
        continue
      }
      newLbs.push(lbs[i]!)
      newUbs.push(ubs[i]!)
      newSteps.push(steps[i]!)
    }
    // A loop with no dimension left (or none to begin with, `forall () in ()`) runs once: inline it.
    if (newLbs.length === 0) {
      promote(rewriter, op)
      return true
    }
    if (newLbs.length === lbs.length) {
      return false
    }
    const state = forallState(op, newLbs, newUbs, newSteps, outputs, undefined)
    const elided = new Set(['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep'])
    for (const a of op.getAttrs()) {
      if (!elided.has(a.name)) {
        state.addAttribute(a.name, a.value)
      }
    }
    op.getRegion(0).cloneInto(state.regions[0]!, null, mapping)
    rewriter.setInsertionPoint(op)
    const newForall = rewriter.insert(Operation.create(state))
    rewriter.replaceOp(op, newForall.results)
    return true
  },
}

/** MLIR's `ForallOpReplaceConstantInductionVar`: a used induction variable of a one-iteration dimension becomes its lower bound. */
const ForallOpReplaceConstantInductionVar: CanonicalizationPattern = {
  name: 'ForallOpReplaceConstantInductionVar',
  rootName: 'scf.forall',
  benefit: 1,
  matchAndRewrite(op, rw) {
    if (!hasBody(op)) {
      return false
    }
    const rewriter = full(rw)
    const { lbs, ubs, steps } = forallParts(op)
    const body = op.getRegion(0).front
    let changed = false
    for (let i = 0; i < lbs.length; i++) {
      const iv = body.getArgument(i)
      if (iv.useEmpty || constantTripCount(lbs[i]!, ubs[i]!, steps[i]!) !== 1n) {
        continue
      }
      rewriter.replaceAllUsesWith(iv, valueOf(rewriter, op, lbs[i]!))
      changed = true
    }
    return changed
  },
}

/** The `scf.forall` canonicalization patterns, in MLIR 22's registration order. */
export const forallCanonicalizationPatterns: readonly CanonicalizationPattern[] = [
  DimOfForallOp,
  FoldTensorCastOfOutputIntoForallOp,
  ForallOpControlOperandsFolder,
  ForallOpIterArgsFolder,
  ForallOpSingleOrZeroIterationDimsFolder,
  ForallOpReplaceConstantInductionVar,
]
