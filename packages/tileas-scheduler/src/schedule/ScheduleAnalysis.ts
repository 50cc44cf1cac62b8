/**
 * `ScheduleAnalysis` (tileiras-reference §2.1, §2.13): the schedule of every K-loop of a
 * function, computed by `TileASGenerateSchedule` and read, never recomputed, by the
 * materialization. Keyed in the AnalysisManager by this class.
 */
import { SCOPE_NAMES } from '@tilepass/instrumentation'
import type { Operation } from '@tilepass/ir'
import { CONSTRAINT_KEYS, collectBlockConstraints, type BlockConstraints } from './Constraints.ts'
import type { DependenceGraph } from './DependenceGraph.ts'
import { selectGenerator, serialSchedule, SERIAL_THRESHOLD, type GeneratorKind } from './Generators.ts'
import { buildLoopGraph, TILEAS_OPS, bufferOperand, type LoopGraph, type LoopOpKind } from './LoopGraph.ts'
import { moduloSchedule, type ModuloSchedule, type PlacementEvent } from './ModuloScheduler.ts'
import { buildRegisterModel, spillSeatCost } from './RegisterPressure.ts'
import { LIMITS } from './ResourceModel.ts'

/** The attribute that forces the serial generator on a loop (or on an op of its body). */
export const FORCE_SERIAL_ATTR: string = CONSTRAINT_KEYS.forceSerial

/**
 * The schedule of one loop (the book's outputs, §2.13): the modulo schedule's fields (for
 * the serial generator II 1, stage count 1, start cycles 0, MII bounds 0) and the loop's.
 */
export interface LoopSchedule extends ModuloSchedule {
  readonly loop: Operation
  /** The body's ops in program order; node `i` is `ops[i]`. */
  readonly ops: readonly Operation[]
  readonly kinds: readonly LoopOpKind[]
  readonly graph: DependenceGraph
  /** Which generator ran. */
  readonly generator: GeneratorKind
  /**
   * Shared-memory buffers the pipeline needs: the largest `stage(read) - stage(copy) + 1`
   * over an async copy and a shared-memory read of the same buffer (1 when none).
   */
  readonly pipelineDepth: number
  /** Shared-memory bytes of one stage of the loop's copy buffers. */
  readonly stageBufferBytes: number
  /** Seats that carried a spill surcharge during the search. */
  readonly surchargedSeats: number
  /** The constraint attributes of the body's ops (tileiras-reference §2.9), node order. */
  readonly constraints: BlockConstraints
}

/** Options of the loop scheduler. */
export interface LoopScheduleOptions {
  /** Warps of the CTA (for registers per thread); default 4. */
  readonly numWarps?: number
  /** Registers per thread before the spill surcharge applies; default 255. */
  readonly registerBudget?: number
  /** Shared memory for the stage buffers; default 227 KiB. */
  readonly smemLimit?: number
  /** Op count below which the serial generator runs; default 8. */
  readonly serialThreshold?: number
  /** Rau's budget ratio. */
  readonly budgetRatio?: number
  /** Receives each placement decision and the op it placed. */
  readonly onPlacement?: (event: PlacementEvent, op: Operation) => void
  /** Runs `body` inside the named instrumentation scope (default: just runs it). */
  readonly scope?: <T>(name: string, body: () => T) => T
}

/** Shared-memory bytes of one stage of each distinct buffer the loop's copies write. */
export function stageBufferBytes(lg: LoopGraph): number {
  const seen = new Set<unknown>()
  let bytes = 0
  lg.ops.forEach((op, i) => {
    if (lg.kinds[i] !== 'copy') {
      return
    }
    const buf = bufferOperand(op)
    if (buf === null || seen.has(buf)) {
      return
    }
    seen.add(buf)
    // `!tileas.smem<stages x rows x cols x elem>`: one stage is rows x cols elements.
    const t = buf.type as { shape?: readonly number[]; elementType?: { width?: number } }
    if (Array.isArray(t.shape) && t.shape.length === 3 && typeof t.elementType?.width === 'number') {
      bytes += (t.shape[1]! * t.shape[2]! * t.elementType.width) / 8
    }
  })
  return bytes
}

/** The largest `stage(read) - stage(copy) + 1` over copy/read pairs of one buffer, 1 without any. */
function pipelineDepthOf(lg: LoopGraph, stage: Int32Array): number {
  let depth = 1
  lg.ops.forEach((c, i) => {
    if (lg.kinds[i] !== 'copy') {
      return
    }
    const buf = bufferOperand(c)
    lg.ops.forEach((r, j) => {
      if (lg.kinds[j] === 'smemRead' && bufferOperand(r) === buf) {
        depth = Math.max(depth, stage[j]! - stage[i]! + 1)
      }
    })
  })
  return depth
}

const run = <T>(_name: string, body: () => T): T => body()

/**
 * Schedules `loop` (an `scf.for` in tile-assembly form): builds the dependence graph,
 * picks the generator (§2.12) and runs it; the cost-based path runs the modulo scheduler
 * bounded by shared memory (stages x stage buffer bytes) with the spill-avoidance seat cost
 * (built inside `ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling`).
 */
export function scheduleLoop(loop: Operation, options: LoopScheduleOptions = {}): LoopSchedule {
  const scope = options.scope ?? run
  const lg = buildLoopGraph(loop)
  const g = lg.graph
  const n = g.size
  const bytes = stageBufferBytes(lg)
  const constraints = collectBlockConstraints(lg.ops, loop)
  const generator = selectGenerator(
    {
      forceSerial: constraints.forceSerial,
      opCount: n,
      hasAsyncPipeline: lg.kinds.some((k) => k === 'copy' || k === 'commit' || k === 'wait'),
      hasTMA: false,
      hasWGMMA: false,
    },
    options.serialThreshold ?? SERIAL_THRESHOLD,
  )
  const base = { loop, ops: lg.ops, kinds: lg.kinds, graph: g, generator, stageBufferBytes: bytes, constraints }
  if (generator === 'serial') {
    const s = serialSchedule(g)
    return {
      ...base,
      valid: s !== null,
      ii: s === null ? 0 : 1,
      resMII: 0,
      recMII: 0,
      mii: 0,
      start: new Int32Array(n),
      stage: s?.stage ?? new Int32Array(n).fill(-1),
      order: s?.order ?? new Int32Array(n).fill(-1),
      stageCount: s === null ? 0 : 1,
      pipelineDepth: 1,
      attempts: [],
      flags: 0,
      surchargedSeats: 0,
    }
  }
  const threads = 32 * (options.numWarps ?? 4)
  const surcharged = { count: 0 }
  const seatCost = scope(SCOPE_NAMES.TryAddConstraintToAvoidRegSpilling, () =>
    spillSeatCost(lg, buildRegisterModel(lg, threads, options.registerBudget ?? 255), surcharged),
  )
  const ms = moduloSchedule(g, {
    ...(options.budgetRatio === undefined ? {} : { budgetRatio: options.budgetRatio }),
    stageBufferBytes: bytes,
    smemLimit: options.smemLimit ?? LIMITS.smemBytesPerCTA,
    seatCost,
    ...(constraints.constrained ? { group: constraints.group, maxDepth: constraints.maxDepth } : {}),
    ...(options.onPlacement === undefined ? {} : { onPlacement: (e: PlacementEvent) => options.onPlacement!(e, lg.ops[e.node]!) }),
  })
  return {
    ...base,
    ...ms,
    pipelineDepth: ms.valid ? pipelineDepthOf(lg, ms.stage) : 1,
    surchargedSeats: surcharged.count,
  }
}

/**
 * The cached schedules of the K-loops of one function. `TileASGenerateSchedule` fills it;
 * the passes up to `tileas-materialize-schedule` must preserve it (a recompute could
 * change a schedule a diagnostic already named).
 */
export class ScheduleAnalysis {
  private readonly loops: Map<Operation, LoopSchedule> = new Map()
  private readonly stages: Map<Operation, number> = new Map()

  constructor(
    /** The function (or other op) whose loops are scheduled. */
    readonly operation: Operation,
  ) {}

  /** Records the schedule of `s.loop`. */
  set(s: LoopSchedule): void {
    this.loops.set(s.loop, s)
  }
  /** The schedule of `loop`, if it was scheduled. */
  get(loop: Operation): LoopSchedule | undefined {
    return this.loops.get(loop)
  }
  /** Records the stages legalization chose for `loop` (1: leave it as it is). */
  setStages(loop: Operation, stages: number): void {
    this.stages.set(loop, stages)
  }
  /** The stages to materialize for `loop` (1 when it was not legalized). */
  stagesOf(loop: Operation): number {
    return this.stages.get(loop) ?? 1
  }
  /** Every scheduled loop, in the order they were scheduled. */
  get schedules(): readonly LoopSchedule[] {
    return [...this.loops.values()]
  }
}

/** True when `loop` is an `scf.for` whose body holds a tileas async copy (a K-loop to schedule). */
export function isScheduledLoopCandidate(loop: Operation): boolean {
  if (loop.name.name !== 'scf.for' || loop.regions.length !== 1) {
    return false
  }
  const body = loop.getRegion(0).front
  for (let o = body.firstOp; o !== null; o = o.nextOp) {
    if (o.name.name === TILEAS_OPS.asyncCopy) {
      return true
    }
  }
  return false
}
