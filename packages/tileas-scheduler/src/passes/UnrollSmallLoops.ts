/**
 * `unrollSmallLoopsForScheduling`: fully unrolls `scf.for` loops with a small static trip
 * count that hold no async copy, so their ops join the block the scheduler sees.
 */
import { IRMapping, IntegerAttr, OpBuilder, type Operation, type Value } from '@tilepass/ir'
import { TILEAS_OPS } from '../schedule/LoopGraph.ts'

/** True when an async copy is nested anywhere in `op`. */
function holdsAsyncCopy(op: Operation): boolean {
  return op.walk((o) => (o.name.name === TILEAS_OPS.asyncCopy ? 'interrupt' : 'advance')) === 'interrupt'
}

/** The constant integer `v` holds (an `arith.constant`), or undefined. */
function constantOf(v: Value): bigint | undefined {
  const def = v.definingOp
  if (def === null || def.name.name !== 'arith.constant') {
    return undefined
  }
  const a = def.getAttr('value')
  return a instanceof IntegerAttr ? a.value : undefined
}

/** The static trip count of `loop` (signed bounds), or undefined. */
export function staticTripCount(loop: Operation): number | undefined {
  const [lb, ub, step] = [constantOf(loop.getOperand(0)), constantOf(loop.getOperand(1)), constantOf(loop.getOperand(2))]
  if (lb === undefined || ub === undefined || step === undefined || step <= 0n || loop.getAttr('unsignedCmp') !== undefined) {
    return undefined
  }
  return ub <= lb ? 0 : Number((ub - lb + step - 1n) / step)
}

/** Fully unrolls `loop` (trip count `trips`): one copy of the body per iteration, in place. */
function unrollFully(loop: Operation, trips: number): void {
  const b = new OpBuilder(loop.context)
  b.setInsertionPoint(loop)
  const body = loop.getRegion(0).front
  const lb = loop.getOperand(0)
  const step = loop.getOperand(2)
  let carried: Value[] = loop.getOperands().slice(3)
  for (let i = 0; i < trips; i++) {
    const mapping = new IRMapping()
    let iv = lb
    if (i > 0) {
      const k = b.create('arith.constant', loop.location, { results: [step.type], attributes: { value: IntegerAttr.get(step.type, i) } }).results[0]!
      const off = b.create('arith.muli', loop.location, { operands: [step, k], results: [step.type] }).results[0]!
      iv = b.create('arith.addi', loop.location, { operands: [lb, off], results: [lb.type] }).results[0]!
    }
    mapping.map(body.getArgument(0), iv)
    carried.forEach((v, j) => mapping.map(body.getArgument(j + 1), v))
    for (let o = body.firstOp; o !== null && o !== body.lastOp; o = o.nextOp) {
      b.clone(o, mapping)
    }
    carried = body.lastOp!.getOperands().map((v) => mapping.lookupOrDefault(v))
  }
  loop.results.forEach((r, j) => r.replaceAllUsesWith(carried[j]!))
  loop.erase()
}

/**
 * Unrolls every `scf.for` under `root` whose static trip count is at most `threshold` and
 * that is not a K-loop (no async copy in its body), innermost first; returns how many.
 */
export function unrollSmallLoops(root: Operation, threshold: number): number {
  const loops: Operation[] = []
  root.walk((op) => {
    if (op !== root && op.name.name === 'scf.for' && !holdsAsyncCopy(op)) {
      loops.push(op)
    }
  })
  let count = 0
  for (const loop of loops) {
    const trips = staticTripCount(loop)
    if (trips !== undefined && trips <= threshold && loop.getRegion(0).hasOneBlock) {
      unrollFully(loop, trips)
      count++
    }
  }
  return count
}
