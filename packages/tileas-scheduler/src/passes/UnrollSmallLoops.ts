/**
 * `unrollSmallLoopsForScheduling` (tileiras-reference §1.5 row 5, §5.1): the unrolling stage
 * of `TileASPrepareForScheduling`, run before the canonicalization patterns. Three
 * transforms on the `scf.for` loops that are not K-loops (no async copy inside), each inside
 * its verbatim scope, in this order:
 * - `Schedule::unrollStaticForLoop`: a loop with a static trip count of at most the
 *   threshold is fully unrolled, so its ops join the block the scheduler sees;
 * - `loopUnrollByFactor`: a loop carrying `tileas.unroll_factor = F : i32` (an explicit
 *   factor) is unrolled by F: the body is repeated F times per iteration of a loop with
 *   step `F x step`, and the remaining `trips mod F` iterations run in an epilogue loop;
 * - `loopUnrollByHeuristic`: the heuristic (below) picks a factor for the other small
 *   loops and unrolls them the same way.
 */
import { IRMapping, IndexType, IntegerAttr, IntegerType, OpBuilder, type Operation, type Value } from '@tilepass/ir'
import { SCOPE_NAMES } from '@tilepass/instrumentation'
import { TILEAS_OPS } from '../schedule/LoopGraph.ts'
import { addInt, constantInt, divInt, maxInt, mulInt, subInt } from '../pipeline/Scalars.ts'

/** The discardable attribute giving a loop an explicit unroll factor (`loopUnrollByFactor`). */
export const UNROLL_FACTOR_ATTR = 'tileas.unroll_factor'

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

/**
 * Clones the body of `loop` (not its terminator) `copies` times at `b`'s insertion point,
 * the i-th copy with induction variable `iv + i * step` and the iteration arguments of the
 * previous copy; returns the values the last copy yields.
 */
function replicateBody(b: OpBuilder, loop: Operation, iv: Value, step: Value, inits: readonly Value[], copies: number): Value[] {
  const body = loop.getRegion(0).front
  let carried: Value[] = [...inits]
  for (let i = 0; i < copies; i++) {
    const mapping = new IRMapping()
    const ivI = i === 0 ? iv : addInt(b, loop, iv, mulInt(b, loop, step, constantInt(b, loop, step.type, i)))
    mapping.map(body.getArgument(0), ivI)
    carried.forEach((v, j) => mapping.map(body.getArgument(j + 1), v))
    for (let o = body.firstOp; o !== null && o !== body.lastOp; o = o.nextOp) {
      b.clone(o, mapping)
    }
    carried = body.lastOp!.getOperands().map((v) => mapping.lookupOrDefault(v))
  }
  return carried
}

/**
 * `Schedule::unrollStaticForLoop`'s transform: fully unrolls `loop` (static trip count
 * `trips`) in place, one copy of the body per iteration.
 */
export function unrollStaticForLoop(loop: Operation, trips: number): void {
  const b = new OpBuilder(loop.context)
  b.setInsertionPoint(loop)
  const carried = replicateBody(b, loop, loop.getOperand(0), loop.getOperand(2), loop.getOperands().slice(3), trips)
  loop.results.forEach((r, j) => r.replaceAllUsesWith(carried[j]!))
  loop.erase()
}

/** A new `scf.for` like `loop` (attributes but the unroll factor) over `[lb, ub)` by `step`, with an empty body block. */
function createLoopLike(b: OpBuilder, loop: Operation, lb: Value, ub: Value, step: Value, inits: readonly Value[]): Operation {
  const old = loop.getRegion(0).front
  const f = b.create('scf.for', loop.location, { operands: [lb, ub, step, ...inits], results: loop.results.map((r) => r.type), regions: 1 })
  for (const a of loop.getAttrs()) {
    if (a.name !== 'operandSegmentSizes' && a.name !== UNROLL_FACTOR_ATTR) {
      f.setAttr(a.name, a.value)
    }
  }
  b.createBlock(
    f.getRegion(0),
    null,
    old.arguments.map((a) => a.type),
    old.arguments.map((a) => a.location),
  )
  return f
}

/** Fills the empty body of `f` with `copies` copies of `loop`'s body and its yield. */
function fillUnrolledBody(f: OpBuilder, target: Operation, loop: Operation, step: Value, copies: number): void {
  const body = target.getRegion(0).front
  f.setInsertionPointToEnd(body)
  const yielded = replicateBody(f, loop, body.getArgument(0), step, body.arguments.slice(1), copies)
  f.create('scf.yield', loop.location, { operands: yielded })
}

/**
 * `loopUnrollByFactor`: unrolls `loop` by `factor` (>= 2). The main loop runs
 * `floor(trips / factor)` iterations of `factor` body copies with step `factor x step`;
 * an epilogue loop (a clone of the original from the main loop's end) runs the remaining
 * iterations, and is left out when the trip count is static and a multiple of `factor`.
 * With a dynamic trip count the bounds are computed before the loop:
 * `trips = (max(ub - lb, 0) + step - 1) / step`, `ubMain = lb + (trips / factor) x factor x step`.
 * Returns the new loops (main, then the epilogue if any), or null (the loop unchanged) for
 * unsigned comparisons, multi-block bodies or a static trip count below `factor`.
 */
export function loopUnrollByFactor(loop: Operation, factor: number): Operation[] | null {
  if (factor < 2 || loop.getAttr('unsignedCmp') !== undefined || !loop.getRegion(0).hasOneBlock) {
    return null
  }
  const trips = staticTripCount(loop)
  if (trips !== undefined && trips < factor) {
    return null
  }
  const b = new OpBuilder(loop.context)
  b.setInsertionPoint(loop)
  const [lb, ub, step] = [loop.getOperand(0), loop.getOperand(1), loop.getOperand(2)]
  const stepC = constantOf(step)
  const bigStep = stepC !== undefined ? constantInt(b, loop, step.type, Number(stepC) * factor) : mulInt(b, loop, step, constantInt(b, loop, step.type, factor))
  let ubMain: Value
  let epilogue = true
  if (trips !== undefined) {
    const lbC = constantOf(lb)!
    const main = Math.floor(trips / factor)
    ubMain = constantInt(b, loop, ub.type, Number(lbC + BigInt(main * factor) * stepC!))
    epilogue = trips % factor !== 0
  } else {
    const span = maxInt(b, loop, subInt(b, loop, ub, lb), constantInt(b, loop, ub.type, 0))
    // The tile-assembly integer ops do not fold: a constant step is folded here.
    const count =
      stepC === 1n
        ? span
        : divInt(b, loop, addInt(b, loop, span, stepC !== undefined ? constantInt(b, loop, step.type, Number(stepC) - 1) : subInt(b, loop, step, constantInt(b, loop, step.type, 1))), step)
    const mainTrips = divInt(b, loop, count, constantInt(b, loop, count.type, factor))
    ubMain = addInt(b, loop, lb, mulInt(b, loop, mainTrips, bigStep))
  }
  const main = createLoopLike(b, loop, lb, ubMain, bigStep, loop.getOperands().slice(3))
  fillUnrolledBody(new OpBuilder(loop.context), main, loop, step, factor)
  const created = [main]
  if (epilogue) {
    b.setInsertionPointAfter(main)
    const rest = createLoopLike(b, loop, ubMain, ub, step, main.results)
    fillUnrolledBody(new OpBuilder(loop.context), rest, loop, step, 1)
    created.push(rest)
  }
  const results = created[created.length - 1]!.results
  loop.results.forEach((r, j) => r.replaceAllUsesWith(results[j]!))
  loop.erase()
  return created
}

/** True when `v` is an integer or index scalar. */
function isScalarInt(v: Value): boolean {
  return v.type instanceof IntegerType || v.type instanceof IndexType
}

/** Parameters of the unroll heuristic. */
export interface UnrollHeuristicOptions {
  /** The largest factor (0 or 1: the heuristic is off). */
  readonly maxFactor: number
  /** The most body ops the unrolled body may hold. */
  readonly maxOps: number
}

/**
 * The factor `loopUnrollByHeuristic` picks for `loop`, or 1 to leave it (tileiras-reference
 * §1.5 names the stage but not its rule; this one is Tilepass's): only loops whose body
 * holds scalar ops alone (no tile values, no nested regions; unrolling them adds
 * independent work for the scheduler without adding tile registers), the largest power of
 * two `F <= maxFactor` with `F x bodyOps <= maxOps`, and, with a static trip count, at
 * least two iterations of the unrolled loop (`trips >= 2F`).
 */
export function heuristicUnrollFactor(loop: Operation, options: UnrollHeuristicOptions): number {
  if (loop.getAttr('unsignedCmp') !== undefined || !loop.getRegion(0).hasOneBlock) {
    return 1
  }
  const body = loop.getRegion(0).front
  let ops = 0
  for (let o = body.firstOp; o !== null && o !== body.lastOp; o = o.nextOp) {
    if (o.regions.length > 0 || o.results.some((r) => !isScalarInt(r))) {
      return 1
    }
    ops++
  }
  if (!body.arguments.every(isScalarInt)) {
    return 1
  }
  const trips = staticTripCount(loop)
  let f = 1
  while (f * 2 <= options.maxFactor && f * 2 * Math.max(ops, 1) <= options.maxOps && (trips === undefined || trips >= 4 * f)) {
    f *= 2
  }
  return f
}

/** Options of `unrollSmallLoopsForScheduling`. */
export interface UnrollSmallLoopsOptions extends UnrollHeuristicOptions {
  /** Loops with a static trip count up to this are fully unrolled. */
  readonly fullUnrollThreshold: number
}

/** How many loops each transform of `unrollSmallLoopsForScheduling` unrolled. */
export interface UnrollCounts {
  readonly full: number
  readonly byFactor: number
  readonly byHeuristic: number
}

/** The `scf.for` loops under `root` (not `root`) without an async copy, innermost first. */
function smallLoopCandidates(root: Operation): Operation[] {
  const loops: Operation[] = []
  root.walk((op) => {
    if (op !== root && op.name.name === 'scf.for' && !holdsAsyncCopy(op)) {
      loops.push(op)
    }
  })
  return loops
}

/** The explicit factor of `loop` (`tileas.unroll_factor`), or 0. */
function explicitFactor(loop: Operation): number {
  const a = loop.getAttr(UNROLL_FACTOR_ATTR)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

const run = <T>(_name: string, body: () => T): T => body()

/**
 * `unrollSmallLoopsForScheduling` on `root`: full static unrolls, then explicit factors,
 * then the heuristic, each stage in its scope (`scope`). Loops holding an async copy (the
 * K-loops the scheduler pipelines) are never touched.
 */
export function unrollSmallLoopsForScheduling(root: Operation, options: UnrollSmallLoopsOptions, scope: <T>(name: string, body: () => T) => T = run): UnrollCounts {
  const full = scope(SCOPE_NAMES.UnrollStaticForLoop, () => {
    let count = 0
    for (const loop of smallLoopCandidates(root)) {
      const trips = staticTripCount(loop)
      if (trips !== undefined && trips <= options.fullUnrollThreshold && loop.getRegion(0).hasOneBlock) {
        unrollStaticForLoop(loop, trips)
        count++
      }
    }
    return count
  })
  // Loops an explicit factor produced are not unrolled again by the heuristic. Outer loops
  // go first, so an inner loop's explicit factor is applied to each of its copies (and the
  // loops that makes are recorded too).
  const produced = new Set<Operation>()
  const byFactor = scope(SCOPE_NAMES.LoopUnrollByFactor, () => {
    let count = 0
    const refused = new Set<Operation>()
    for (;;) {
      let next: Operation | null = null
      root.walk((op) => {
        if (op !== root && op.name.name === 'scf.for' && explicitFactor(op) >= 2 && !refused.has(op) && !holdsAsyncCopy(op)) {
          next = op
          return 'interrupt'
        }
        return 'advance'
      }, 'pre')
      if (next === null) {
        return count
      }
      const loop: Operation = next
      const created = loopUnrollByFactor(loop, explicitFactor(loop))
      if (created === null) {
        refused.add(loop)
      } else {
        created.forEach((l) => produced.add(l))
        count++
      }
    }
  })
  const byHeuristic = scope(SCOPE_NAMES.LoopUnrollByHeuristic, () => {
    let count = 0
    if (options.maxFactor < 2) {
      return 0
    }
    for (const loop of smallLoopCandidates(root)) {
      // Loops an explicit factor was given to (and the loops it produced) are left alone.
      if (loop.getAttr(UNROLL_FACTOR_ATTR) !== undefined || produced.has(loop)) {
        continue
      }
      const f = heuristicUnrollFactor(loop, options)
      if (f >= 2 && loopUnrollByFactor(loop, f) !== null) {
        count++
      }
    }
    return count
  })
  return { full, byFactor, byHeuristic }
}
