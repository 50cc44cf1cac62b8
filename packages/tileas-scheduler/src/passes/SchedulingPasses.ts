/**
 * The scheduling passes of the tile compile path (tileiras-reference §1.5 rows 5, 6 and 8,
 * §2.1): `TileASPrepareForScheduling`, `TileASGenerateSchedule`
 * (`tileas-generate-schedule-constraints`) and `TileASMaterializeSchedule`
 * (`tileas-materialize-schedule`), each stage inside its verbatim instrumentation scope.
 */
import { writeFileSync } from 'node:fs'
import { FrozenRewritePatternSet, IntegerAttr, IntegerType, applyPatternsGreedily, type Context, type LogicalResult, type Operation } from '@tilepass/ir'
import { SCOPE_NAMES, emitScopeEvent, hasScopeEventListener, withScope } from '@tilepass/instrumentation'
import { OperationPass, boolOption, intOption, stringOption, type OpPassManager, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { collectCanonicalizationPatterns } from '@tilepass/transforms'
import type { PlacementEvent } from '../schedule/ModuloScheduler.ts'
import { TILEAS_OPS } from '../schedule/LoopGraph.ts'
import { ScheduleAnalysis, isScheduledLoopCandidate, scheduleLoop, type LoopSchedule } from '../schedule/ScheduleAnalysis.ts'
import { matchKLoop } from '../pipeline/MatchKLoop.ts'
import { expandPipeline } from '../pipeline/PipelineExpander.ts'
import { sliceAndFuse } from './SliceAndFuse.ts'
import { unrollSmallLoopsForScheduling } from './UnrollSmallLoops.ts'

/** The i32 attribute carrying each op's stage (tileiras-reference §2.13). */
export const STAGE_ATTR = 'nv_tile.aws.stage'
/** The i32 attribute carrying each op's order inside its loop (unique per op). */
export const ORDER_ATTR = 'nv_tile.aws.order'

/** The K-loops (scf.for with an async copy in the body) under `root`, innermost first. */
function findKLoops(root: Operation): Operation[] {
  const loops: Operation[] = []
  root.walk((op) => {
    if (isScheduledLoopCandidate(op)) {
      loops.push(op)
    }
  })
  return loops
}

/** The `tileas.num_warps` of the function (default 4). */
function numWarpsOf(fn: Operation): number {
  const a = fn.getAttr('tileas.num_warps')
  return a instanceof IntegerAttr ? Number(a.value) : 4
}

// ---- TileASPrepareForScheduling --------------------------------------------------------

/** The option declarations of `tileas-prepare-for-scheduling`. */
export type PrepareOptionDecls = {
  readonly unrollThreshold: ScalarOption<number>
  readonly unrollMaxFactor: ScalarOption<number>
  readonly unrollMaxOps: ScalarOption<number>
}
const prepareOptions: PrepareOptionDecls = {
  unrollThreshold: intOption('unroll-small-loops-threshold', 4, 'Fully unroll loops without async copies whose static trip count is at most this, before scheduling'),
  unrollMaxFactor: intOption('unroll-heuristic-max-factor', 4, 'The largest factor loopUnrollByHeuristic unrolls scalar loops by (0 or 1: off)'),
  unrollMaxOps: intOption('unroll-heuristic-max-ops', 16, 'The most ops the body of a loop unrolled by loopUnrollByHeuristic may hold'),
}

/**
 * `TileASPrepareForScheduling`, in the book's order: the slice-and-fuse stage
 * (`TileASSliceAndFuse` around `sliceAndFuse`: sibling loops over one iteration space
 * become one loop), then the canonicalizer stage (`runCanonicalizer`), which unrolls small
 * loops (`unrollSmallLoopsForScheduling`: full static unrolls, explicit factors, the
 * heuristic) and canonicalizes, so the scheduler sees one flat block per K-loop.
 */
export class TileASPrepareForSchedulingPass extends OperationPass<OptionValues<PrepareOptionDecls>> {
  static override readonly argument = 'tileas-prepare-for-scheduling'
  static override readonly summary = 'Prepare tile-assembly loops for scheduling (slice and fuse, unroll small loops, canonicalize)'
  static override readonly description =
    'First fuses sibling scf.for loops with the same bounds and step (TileASSliceAndFuse, sliceAndFuse): the ops between them that compute what the second loop uses move above the first, and the two bodies run in one loop, when the second loop does not use the first one\'s results, the ops between them have no memory effects and at most one of the loops writes memory. Then runs the canonicalizer stage of TileASPrepareForScheduling on the loops without async copies (unrollSmallLoopsForScheduling): loops whose static trip count is at most `unroll-small-loops-threshold` are fully unrolled (Schedule::unrollStaticForLoop), loops carrying `tileas.unroll_factor = F : i32` are unrolled by F with an epilogue loop for the remainder (loopUnrollByFactor), and loops of scalar ops only are unrolled by the largest power of two up to `unroll-heuristic-max-factor` that keeps the body within `unroll-heuristic-max-ops` ops and leaves at least two iterations (loopUnrollByHeuristic); then the canonicalization patterns of the loaded dialects run to a fixpoint (runCanonicalizer). Each stage runs in its instrumentation scope.'
  static override readonly opName = 'func.func'
  static override readonly dependentDialects: readonly string[] = ['arith', 'scf', 'tileas']
  static override readonly options: PrepareOptionDecls = prepareOptions
  static override readonly statistics = {
    'num-fused': 'Sibling loops fused into the loop before them',
    'num-unrolled': 'Loops fully unrolled for scheduling',
    'num-unrolled-by-factor': 'Loops unrolled by their explicit factor',
    'num-unrolled-by-heuristic': 'Loops unrolled by the heuristic factor',
  }
  static readonly passName: string = 'TileASPrepareForSchedulingPass'

  private readonly numFused = this.statistic('num-fused')
  private readonly numUnrolled = this.statistic('num-unrolled')
  private readonly numByFactor = this.statistic('num-unrolled-by-factor')
  private readonly numByHeuristic = this.statistic('num-unrolled-by-heuristic')

  override runOnOperation(): void {
    const fn = this.getOperation()
    const scope = <T>(name: string, body: () => T): T => withScope(this, name, body)
    scope(SCOPE_NAMES.TileASPrepareForScheduling, () => {
      scope(SCOPE_NAMES.TileASSliceAndFuse, () => {
        this.numFused.add(scope(SCOPE_NAMES.SliceAndFuse, () => sliceAndFuse(fn)))
      })
      scope(SCOPE_NAMES.RunCanonicalizer, () => {
        const counts = scope(SCOPE_NAMES.UnrollSmallLoopsForScheduling, () =>
          unrollSmallLoopsForScheduling(
            fn,
            { fullUnrollThreshold: this.options.unrollThreshold, maxFactor: this.options.unrollMaxFactor, maxOps: this.options.unrollMaxOps },
            scope,
          ),
        )
        this.numUnrolled.add(counts.full)
        this.numByFactor.add(counts.byFactor)
        this.numByHeuristic.add(counts.byHeuristic)
        applyPatternsGreedily(fn, new FrozenRewritePatternSet(collectCanonicalizationPatterns(this.getContext())), {})
      })
    })
  }
}

// ---- TileASGenerateSchedule --------------------------------------------------------------

/** The option declarations of `tileas-generate-schedule-constraints`. */
export type GenerateOptionDecls = {
  readonly scheduleTraceFile: ScalarOption<string>
  readonly registerBudget: ScalarOption<number>
  readonly serialThreshold: ScalarOption<number>
  readonly verifyConstraintGroups: ScalarOption<boolean>
}
const generateOptions: GenerateOptionDecls = {
  scheduleTraceFile: stringOption(
    'schedule-trace-file',
    '',
    'Generate a chrome timeline trace if not empty for the visualizationof the scheduling result for TileASv2',
  ),
  registerBudget: intOption('register-budget', 255, 'Registers per thread above which seats get the spill-avoidance surcharge'),
  serialThreshold: intOption('serial-threshold', 8, 'Loops with fewer ops are scheduled by the serial generator'),
  verifyConstraintGroups: boolOption(
    'verify-constraint-groups',
    false,
    'Warn about ops whose tileas.schedule.constraint.gid was given another leader_gid by an earlier op of the loop',
  ),
}

/** One event of the Chrome trace the pass writes to `schedule-trace-file`. */
interface ChromeEvent {
  readonly name: string
  readonly cat: string
  readonly ph: 'X'
  readonly ts: number
  readonly dur: number
  readonly pid: 1
  readonly tid: 1
  readonly args: Readonly<Record<string, string | number | boolean>>
}

/**
 * `TileASGenerateSchedule`: schedules every K-loop of the function (dependence graph,
 * generator choice, modulo scheduling bounded by shared memory with the spill-avoidance
 * constraint), legalizes each schedule for the materialization, caches `ScheduleAnalysis`
 * and writes each op's `(stage, order)` as `nv_tile.aws.stage` / `nv_tile.aws.order`.
 */
export class TileASGenerateSchedulePass extends OperationPass<OptionValues<GenerateOptionDecls>> {
  static override readonly argument = 'tileas-generate-schedule-constraints'
  static override readonly summary = 'Generate the modulo schedule of tile-assembly K-loops (Serial or CostBased)'
  static override readonly description =
    'Builds the dependence graph of each scf.for K-loop body in tile-assembly form (async copies on the copy pipe, mma on the tensor pipe, shared-memory reads, waits and barriers; SSA, token and barrier edges; the accumulator recurrence at distance 1), picks the serial or the cost-based generator, runs the II search with Rau\'s iterative modulo scheduling bounded by shared memory (stages x stage buffer bytes) and ranked by the spill-avoidance surcharge, legalizes the schedule for the materialization and caches it as ScheduleAnalysis. With `schedule-trace-file`, writes a Chrome trace with one event per loop and one child event per placement decision.'
  static override readonly opName = 'func.func'
  static override readonly dependentDialects: readonly string[] = ['arith', 'scf', 'tileas']
  static override readonly options: GenerateOptionDecls = generateOptions
  static override readonly statistics = {
    'num-scheduled-loops': 'K-loops scheduled',
    'num-illegal-loops': 'K-loops whose schedule cannot be materialized',
  }
  static readonly passName: string = 'TileASGenerateSchedulePass'

  private readonly numScheduled = this.statistic('num-scheduled-loops')
  private readonly numIllegal = this.statistic('num-illegal-loops')
  /** The trace of this pipeline run so far (every function's events go to the one file). */
  private traceEvents: ChromeEvent[] = []
  private traceOrigin = 0

  override initialize(_context: Context): LogicalResult {
    this.traceEvents = []
    this.traceOrigin = performance.now()
    return true
  }

  override runOnOperation(): void {
    const fn = this.getOperation()
    const scope = <T>(name: string, body: () => T): T => withScope(this, name, body)
    const tracePath = this.options.scheduleTraceFile
    const trace: ChromeEvent[] | null = tracePath === '' ? null : []
    const origin = this.traceOrigin
    const now = (): number => Math.round((performance.now() - origin) * 1000)
    const passStart = now()
    const traceInChain = hasScopeEventListener(this)
    withScope(this, SCOPE_NAMES.TileASGenerateSchedule, () => {
      const analysis = this.getAnalysis(ScheduleAnalysis)
      for (const loop of findKLoops(fn)) {
        const start = now()
        const placements: ChromeEvent[] = []
        const onPlacement =
          trace === null && !traceInChain
            ? undefined
            : (e: PlacementEvent, op: Operation): void => {
                const args = { op: op.name.name, node: e.node, cycle: e.cycle, stage: e.stage, ii: e.ii, forced: e.forced, evicted: e.evicted.join(',') }
                if (traceInChain) {
                  emitScopeEvent(this, 'placement', args)
                }
                placements.push({ name: 'placement', cat: 'decision', ph: 'X', ts: now(), dur: 0, pid: 1, tid: 1, args })
              }
        const s = scheduleLoop(loop, {
          numWarps: numWarpsOf(fn),
          registerBudget: this.options.registerBudget,
          serialThreshold: this.options.serialThreshold,
          scope,
          ...(onPlacement === undefined ? {} : { onPlacement }),
        })
        analysis.set(s)
        this.numScheduled.add()
        if (this.options.verifyConstraintGroups) {
          for (const [node, earlier] of s.constraints.inconsistent) {
            const c = s.constraints.ops[node]!
            s.ops[node]!.emitWarning(`inconsistent schedule constraint group: gid ${c.gid} has leader_gid ${c.leaderGid} here`)
              .attachNote(`and leader_gid ${s.constraints.ops[earlier]!.leaderGid} on an earlier op`, s.ops[earlier]!.location)
              .report()
          }
        }
        const ok = scope(SCOPE_NAMES.LegalizeLoopScheduleForMaterialization, () => legalize(s, analysis))
        if (!ok) {
          this.numIllegal.add()
        }
        annotate(s)
        if (trace !== null) {
          const end = now()
          trace.push({
            name: 'loop',
            cat: 'schedule',
            ph: 'X',
            ts: start,
            dur: Math.max(1, end - start),
            pid: 1,
            tid: 1,
            args: { generator: s.generator, ii: s.ii, mii: s.mii, stageCount: s.stageCount, pipelineDepth: s.pipelineDepth, valid: s.valid },
          })
          trace.push(...placements)
        }
      }
      if (trace !== null) {
        scope(SCOPE_NAMES.DumpTrace, () => this.writeTrace(fn, tracePath, trace, passStart, now()))
      }
    })
    this.markAllAnalysesPreserved()
  }

  /**
   * Adds this function's events to the run's trace (the pass's own event, then the loops and
   * placements inside it) and writes the whole trace to `path`.
   */
  private writeTrace(fn: Operation, path: string, events: ChromeEvent[], start: number, end: number): void {
    const sym = fn.getAttr('sym_name') as { value?: string } | undefined
    this.traceEvents.push(
      { name: 'TileASGenerateSchedule', cat: 'pass', ph: 'X', ts: start, dur: Math.max(1, end - start + 1), pid: 1, tid: 1, args: { op: `func.func @${sym?.value ?? ''}` } },
      ...events,
    )
    try {
      writeFileSync(path, `${JSON.stringify({ traceEvents: this.traceEvents, displayTimeUnit: 'ns' })}\n`)
    } catch (error) {
      // The trace hook refuses to install when its file cannot be opened; scheduling goes on.
      fn.emitWarning(`cannot open schedule trace file '${path}': ${(error as Error).message}`).report()
    }
  }
}

/**
 * `legalizeLoopScheduleForMaterialization`: a valid schedule of a loop the expander can
 * rewrite, whose stage buffers fit; otherwise the diagnostic (a warning: the loop stays
 * unpipelined) with the reason as a note. Records the stages to materialize.
 */
function legalize(s: LoopSchedule, analysis: ScheduleAnalysis): boolean {
  let reason: string | null = null
  if (!s.valid) {
    reason = 'no schedule was found for the loop'
  } else {
    const form = matchKLoop(s.loop)
    if (typeof form === 'string') {
      reason = form
    }
  }
  if (reason !== null) {
    s.loop.emitWarning('failed to legalizeLoopScheduleForMaterialization').attachNote(reason).report()
    analysis.setStages(s.loop, 1)
    return false
  }
  analysis.setStages(s.loop, s.pipelineDepth)
  return true
}

/** Writes `(stage, order)` on each op of the scheduled loop. */
function annotate(s: LoopSchedule): void {
  if (!s.valid) {
    return
  }
  const i32 = IntegerType.get(s.loop.context, 32)
  s.ops.forEach((op, i) => {
    op.setAttr(STAGE_ATTR, IntegerAttr.get(i32, s.stage[i]!))
    op.setAttr(ORDER_ATTR, IntegerAttr.get(i32, s.order[i]!))
  })
}

// ---- TileASMaterializeSchedule --------------------------------------------------------

/** The option declarations of `tileas-materialize-schedule`. */
export type MaterializeOptionDecls = { readonly numStages: ScalarOption<number> }

/**
 * The default number of pipeline stages: the book's `unspecialized-pipeline-num-stages`
 * (tileiras-reference §1.6, §6 #32).
 */
export const DEFAULT_NUM_STAGES = 4

const materializeOptions: MaterializeOptionDecls = {
  numStages: intOption(
    'num-stages',
    DEFAULT_NUM_STAGES,
    'Stages of the software pipeline (shared-memory buffers per operand) of each loop the schedule pipelines; 0 takes the pipeline depth of the schedule',
  ),
}

/**
 * `TileASMaterializeSchedule`: reads the cached `ScheduleAnalysis` (never recomputes it)
 * and rewrites each K-loop the schedule legalized with a pipeline depth of 2 or more into an
 * S-stage software pipeline (the agent-unspecialized driver; S = `num-stages`, 4 by
 * default as the book's `unspecialized-pipeline-num-stages`, or the schedule's depth when
 * 0; fewer when S stage buffers would not fit in static shared memory): S buffers per operand, a
 * prologue of S-1 copy groups, the steady state with `async_wait {pending = S-2}`,
 * predicated copies past the end, a drain after the loop.
 */
export class TileASMaterializeSchedulePass extends OperationPass<OptionValues<MaterializeOptionDecls>> {
  static override readonly argument = 'tileas-materialize-schedule'
  static override readonly summary = 'Meterialize the pipeline schedule to generate warp-specialized or unspecialized IR'
  static override readonly description =
    'Reads the ScheduleAnalysis that tileas-generate-schedule-constraints cached (it must be preserved in between; without it the loops stay as they are, with the remark `Failed to pipeline loop`) and expands each K-loop whose legalized schedule has a pipeline depth of at least 2 into a software pipeline of S stages (`num-stages`, default 4 as tileiras\' unspecialized-pipeline-num-stages; 0 takes the depth of the schedule; fewer stages when S buffers would not fit in the 48 KiB of static shared memory, none when two would not): every copied buffer gets S stages, S-1 copy groups are issued before the loop, each iteration waits with async_wait {pending = S-2} and a barrier, issues the copies of iteration k+S-1 (predicated off past the end, so short and ragged loops need no epilogue copies) and reads its own stage; after the loop the remaining groups are drained. Only the agent-unspecialized form is generated.'
  static override readonly opName = 'func.func'
  static override readonly dependentDialects: readonly string[] = ['arith', 'scf', 'tileas']
  static override readonly options: MaterializeOptionDecls = materializeOptions
  static override readonly statistics = { 'num-pipelined-loops': 'K-loops expanded into software pipelines' }
  static readonly passName: string = 'TileASMaterializeSchedulePass'

  private readonly numPipelined = this.statistic('num-pipelined-loops')

  override runOnOperation(): void {
    const fn = this.getOperation()
    const scope = <T>(name: string, body: () => T): T => withScope(this, name, body)
    const loops = scope(SCOPE_NAMES.FindTargetForLoops, () => findKLoops(fn))
    if (loops.length === 0) {
      this.markAllAnalysesPreserved()
      return
    }
    const analysis = this.getCachedAnalysis(ScheduleAnalysis)
    const requested = this.options.numStages
    // The (stage, order) annotations of the generator describe the loop before expansion.
    for (const loop of loops) {
      for (const op of loop.getRegion(0).front.ops()) {
        op.removeAttr(STAGE_ATTR)
        op.removeAttr(ORDER_ATTR)
      }
    }
    if (analysis === undefined) {
      // No schedule (the generator did not run, e.g. opt-bisect skipped it): the loops stay
      // as they are, with the soft-failure remark; the analysis is never recomputed here.
      for (const loop of loops) {
        loop
          .emitRemark('Failed to pipeline loop')
          .attachNote('no ScheduleAnalysis: tileas-generate-schedule-constraints did not run, or a pass in between did not preserve it')
          .report()
      }
      this.markAllAnalysesPreserved()
      return
    }
    for (const loop of loops) {
      // The budget left by the function's other shared buffers (this loop's own are one stage now).
      const own = analysis.get(loop)?.stageBufferBytes ?? 0
      const stages = stagesToMaterialize(analysis, loop, requested, STATIC_SMEM_BYTES - (sharedBytesUnder(fn) - own))
      if (stages < 2) {
        continue
      }
      const form = matchKLoop(loop)
      if (typeof form === 'string') {
        loop.emitRemark('Failed to pipeline loop').attachNote(form).report()
        continue
      }
      expandPipeline(form, stages, scope)
      this.numPipelined.add()
    }
  }
}

/**
 * The shared memory a PTX kernel may declare statically (48 KiB): the lowering places the
 * stage buffers in static `.shared` globals, so all of them must fit in it.
 */
export const STATIC_SMEM_BYTES: number = 48 * 1024

/**
 * The stages `loop` is expanded to: none (1) unless its legalized schedule has a pipeline
 * depth of 2 or more; then `requested` (0: that depth), lowered to the most stages whose
 * buffers fit in `budget` bytes of shared memory (1, no pipeline, when not even two fit).
 */
export function stagesToMaterialize(analysis: ScheduleAnalysis, loop: Operation, requested: number, budget: number = STATIC_SMEM_BYTES): number {
  const depth = analysis.stagesOf(loop)
  if (depth < 2) {
    return depth
  }
  const want = requested > 0 ? requested : depth
  const bytes = analysis.get(loop)?.stageBufferBytes ?? 0
  if (bytes <= 0 || want * bytes <= budget) {
    return want
  }
  const fit = Math.floor(budget / bytes)
  return fit >= 2 ? fit : 1
}

/** Bytes of every `tileas.alloc_shared` buffer under `root` (all stages). */
function sharedBytesUnder(root: Operation): number {
  let bytes = 0
  root.walk((op) => {
    if (op.name.name === TILEAS_OPS.allocShared) {
      const t = op.getResult(0).type as { shape?: readonly number[]; elementType?: { width?: number } }
      if (Array.isArray(t.shape) && typeof t.elementType?.width === 'number') {
        bytes += (t.shape.reduce((a, b) => a * b, 1) * t.elementType.width) / 8
      }
    }
  })
  return bytes
}

/** Options of the scheduling passes in the compile pipeline. */
export interface TileASSchedulingOptions {
  /** `-O` level: the passes run at 2 and above. */
  readonly optLevel: 0 | 1 | 2 | 3
  /** The number of pipeline stages (absent: 4, the book's default; 0: the schedule's pipeline depth). */
  readonly numStages?: number
  /** Writes the scheduler's Chrome trace here. */
  readonly scheduleTraceFile?: string
}

/**
 * Adds the scheduling passes to `pm` (anchored on builtin.module, holding `gpu.module`s of
 * `func.func` kernels in tile-assembly form) when `optLevel >= 2`: prepare, generate,
 * materialize, nested on each function.
 */
export function addTileASSchedulingPasses(pm: OpPassManager, options: TileASSchedulingOptions): void {
  if (options.optLevel < 2) {
    return
  }
  const fpm = pm.nest('gpu.module').nest('func.func')
  fpm.addPass(new TileASPrepareForSchedulingPass())
  const gen = new TileASGenerateSchedulePass()
  if (options.scheduleTraceFile !== undefined) {
    gen.options.scheduleTraceFile = options.scheduleTraceFile
  }
  fpm.addPass(gen)
  const mat = new TileASMaterializeSchedulePass()
  if (options.numStages !== undefined) {
    mat.options.numStages = options.numStages
  }
  fpm.addPass(mat)
}
