import { success, type Context, type LogicalResult, type OpInterface, type Operation, type OperationName } from '@tilepass/ir'
import { PreservedAnalyses, type AnalysisClass, type AnalysisManager } from '@tilepass/analysis'
import { copyOptionValues, defaultOptionValues, parseOptionsInto, printOptions, type OptionDecls, type PipelineErrors } from './PassOptions.ts'
import type { OpPassManager } from './PassManager.ts'
import type { PassInstrumentor } from './PassInstrumentation.ts'

/** A counter owned by one pass instance (MLIR's `Pass::Statistic`). */
export class Statistic {
  /** The current count. */
  value = 0
  constructor(
    /** The statistic's name (`num-cse'd`). */
    readonly name: string,
    /** One-line description. */
    readonly description: string,
  ) {}
  /** Adds `n` (default 1). */
  add(n = 1): void {
    this.value += n
  }
}

/**
 * The pass manager's side of a running pass: runs dynamic pipelines for it.
 * @internal
 */
export interface PassRunner {
  runDynamicPipeline(pm: OpPassManager, op: Operation, state: PassExecutionState): LogicalResult
  /** The instrumentation chain of the run, or null when none is installed. */
  readonly instrumentor: PassInstrumentor | null
  /** The pass executions of the run so far that may have changed the IR (see `Pass.numIRChanges`). */
  readonly numIRChanges: number
}

/**
 * The per-execution state of a pass: the op, its analysis manager, what it preserved and
 * whether it failed. Held by the pass only during `runOnOperation`; the pass manager
 * reuses one per nesting level of a run (see `reset`), so running a pass allocates nothing.
 * @internal
 */
export class PassExecutionState {
  readonly preserved: PreservedAnalyses = PreservedAnalyses.none()
  failed = false
  /** Whether the pass declared the IR unchanged (see `Pass.markIRUnchanged`). */
  unchanged = false
  constructor(
    public pass: Pass<object>,
    public op: Operation,
    public am: AnalysisManager,
    readonly runner: PassRunner,
    public initGeneration: number,
  ) {}

  /** Makes this state that of a new execution of `pass` on `op`: nothing preserved, not failed. */
  reset(pass: Pass<object>, op: Operation, am: AnalysisManager, initGeneration: number): void {
    this.pass = pass
    this.op = op
    this.am = am
    this.initGeneration = initGeneration
    this.failed = false
    this.unchanged = false
    this.preserved.reset()
  }
}

/** The static side of a pass class: its declaration, read by the registry and the pass manager. */
export interface PassClass<P extends Pass = Pass> {
  new (): P
  /** The pipeline/command-line name (`cse`); required for registration. */
  readonly argument: string
  /** One-line summary shown in `--help`. */
  readonly summary: string
  /** Longer description (docs/passes.md). */
  readonly description: string
  /** The op name the pass is anchored on, or null for an op-agnostic pass. */
  readonly opName: string | null
  /** The name the pass reports in diagnostics and instrumentation; defaults to the class name. */
  readonly passName?: string
  /** Dialects loaded into the context before the pipeline runs. */
  readonly dependentDialects: readonly string[]
  /** Option declarations. */
  readonly options: OptionDecls
  /** Statistic declarations (name to description), for documentation. */
  readonly statistics?: Readonly<Record<string, string>>
  /**
   * A pass the pipeline cannot do without (a lowering whose output the next stage needs), as
   * LLVM's `isRequired()`: opt-bisect neither counts nor skips it. Default false.
   */
  readonly required?: boolean
}

/**
 * A transformation or analysis step run by a pass manager on one operation at a time.
 *
 * Contract (as MLIR's `OperationPass`): the pass changes only the op it is given and
 * that op's descendants (attributes of the op itself included), reads no sibling, and
 * keeps no state between `runOnOperation` calls; the pass manager may clone it.
 * Subclasses must have a constructor without arguments.
 */
export abstract class Pass<O extends object = object> {
  /** The pipeline/command-line name (`cse`); required for registration. */
  static readonly argument: string = ''
  /** One-line summary shown in `--help`. */
  static readonly summary: string = ''
  /** Longer description. */
  static readonly description: string = ''
  /** The op name this pass is anchored on; null means op-agnostic. */
  static readonly opName: string | null = null
  /** Dialects to load before the pipeline runs. */
  static readonly dependentDialects: readonly string[] = []
  /** Option declarations, keyed by the property of `this.options` they fill. */
  static readonly options: OptionDecls = {}
  /** Statistic declarations (name to description), for documentation; instances create them with `statistic()`. */
  static readonly statistics: Readonly<Record<string, string>> = {}

  /** The typed option values of this instance. */
  options: O
  /** The statistics of this instance, in declaration order. */
  readonly statistics: Statistic[] = []
  /** @internal The execution state while running. */
  state: PassExecutionState | null = null

  constructor() {
    this.options = defaultOptionValues(this.passClass.options) as O
  }

  /** The class of this pass. */
  get passClass(): PassClass {
    return this.constructor as PassClass
  }
  /** The pass argument (`cse`), or empty. */
  get argument(): string {
    return this.passClass.argument
  }
  /** The pass name used in diagnostics and instrumentation (MLIR's `getName()`). */
  get name(): string {
    return this.passClass.passName ?? this.constructor.name
  }
  /** The anchor op name, or null when op-agnostic. */
  get opName(): string | null {
    return this.passClass.opName
  }

  /** Adds the dialects this pass may create entities of (default: the static `dependentDialects`). */
  getDependentDialects(out: Set<string>): void {
    for (const d of this.passClass.dependentDialects) {
      out.add(d)
    }
  }

  /** True when the pass may be scheduled on ops named `name`. */
  canScheduleOn(name: OperationName): boolean {
    const anchor = this.passClass.opName
    return anchor === null || anchor === name.name
  }
  /** True when the pass may run on this particular op (defaults to `canScheduleOn(op.name)`). */
  canScheduleOnOperation(op: Operation): boolean {
    return this.canScheduleOn(op.name)
  }

  /**
   * Called once per pipeline run before any `runOnOperation`, for state that is costly
   * to rebuild. A failure (after emitting a diagnostic) aborts the run.
   */
  initialize(_context: Context): LogicalResult {
    return success()
  }

  /** The transformation. */
  abstract runOnOperation(): void

  // ---- Execution state --------------------------------------------------------------

  private get exec(): PassExecutionState {
    const s = this.state
    if (s === null) {
      throw new Error(`pass '${this.name}' queried its execution state outside runOnOperation`)
    }
    return s
  }
  /** The op being processed. */
  getOperation(): Operation {
    return this.exec.op
  }
  /** The context of the op being processed. */
  getContext(): Context {
    return this.exec.op.context
  }
  /** The analysis manager of the op being processed. */
  getAnalysisManager(): AnalysisManager {
    return this.exec.am
  }
  /** Marks this run failed; the pipeline stops after this pass. */
  /**
   * The instrumentation chain of the running pass manager, or null when none is installed
   * (named scopes opened by the pass go through it: `withScope(pass, name, body)`).
   */
  getPassInstrumentor(): PassInstrumentor | null {
    return this.exec.runner.instrumentor
  }

  signalPassFailure(): void {
    this.exec.failed = true
  }
  /**
   * Declares that this run left the IR exactly as it was, so the pass manager need not
   * verify it again. Unlike `markAllAnalysesPreserved`, the analyses are invalidated as
   * for any pass that preserves none (MLIR's pass manager knows no such declaration, and
   * which analyses are computed again shows in `--mlir-timing`).
   */
  markIRUnchanged(): void {
    this.exec.unchanged = true
  }
  /** Declares that this run changed nothing any analysis depends on. */
  markAllAnalysesPreserved(): void {
    this.exec.preserved.preserveAll()
  }
  /** Declares the given analyses still valid after this run. */
  markAnalysesPreserved(...classes: AnalysisClass[]): void {
    this.exec.preserved.preserve(...classes)
  }
  /** The analysis `cls` of the current op, computed on demand. */
  getAnalysis<T>(cls: AnalysisClass<T>): T {
    return this.exec.am.getAnalysis(cls)
  }
  /** The analysis `cls` of the current op if cached. */
  getCachedAnalysis<T>(cls: AnalysisClass<T>): T | undefined {
    return this.exec.am.getCachedAnalysis(cls)
  }
  /** The cached analysis `cls` of an ancestor (`parent`, by default the direct parent). */
  getCachedParentAnalysis<T>(cls: AnalysisClass<T>, parent?: Operation): T | undefined {
    const p = parent ?? this.exec.op.parentOp
    return p === null ? undefined : this.exec.am.getCachedParentAnalysis(p, cls)
  }
  /** The analysis `cls` of a descendant, computed on demand. */
  getChildAnalysis<T>(child: Operation, cls: AnalysisClass<T>): T {
    return this.exec.am.getChildAnalysis(child, cls)
  }
  /** The cached analysis `cls` of a descendant, if any. */
  getCachedChildAnalysis<T>(child: Operation, cls: AnalysisClass<T>): T | undefined {
    return this.exec.am.getCachedChildAnalysis(child, cls)
  }
  /**
   * Runs `pm` on `op`, which must be the current op or nested in it (a dynamic pipeline).
   * Analyses and instrumentation are shared with the enclosing run.
   */
  runPipeline(pm: OpPassManager, op: Operation): LogicalResult {
    const s = this.exec
    return s.runner.runDynamicPipeline(pm, op, s)
  }
  /**
   * The number of pass executions in this run so far that may have changed the IR: all
   * but those that declared it unchanged (`markIRUnchanged`). Unchanged around
   * `runPipeline`, it says that the pipeline left the IR exactly as it was.
   */
  protected get numIRChanges(): number {
    return this.exec.runner.numIRChanges
  }

  // ---- Statistics and options -----------------------------------------------------

  /**
   * Creates this instance's counter for a statistic; use in a field initializer. The
   * description defaults to the one in the class's static `statistics` table, so a
   * statistic is declared once: `private readonly numErased = this.statistic('num-erased')`.
   */
  protected statistic(name: string, description?: string): Statistic {
    const desc = description ?? this.passClass.statistics?.[name]
    if (desc === undefined) {
      throw new Error(`statistic '${name}' of pass '${this.name}' is not declared in its static 'statistics' table`)
    }
    const s = new Statistic(name, desc)
    this.statistics.push(s)
    return s
  }

  /**
   * Parses `text` (`a=1 b=x`) into this pass's options. Returns null on success, else
   * the error text for the diagnostic (llvm::cl messages go to `errors`).
   */
  initializeOptions(text: string, errors: PipelineErrors): string | null {
    return parseOptionsInto(this.passClass.options, this.options, text, errors)
  }

  /** The options as printed in pipelines (`{a=1 b=2}`), empty when the pass has none. */
  printOptions(): string {
    return printOptions(this.passClass.options, this.options)
  }

  /** The pass in textual-pipeline form, `argument{options}`. */
  printAsTextualPipeline(): string {
    const arg = this.argument
    return (arg !== '' ? arg : `unknown<${this.name}>`) + this.printOptions()
  }

  /** A fresh instance of the same class with a copy of the option values. */
  clone(): Pass<O> {
    const cls = this.constructor as new () => Pass<O>
    const copy = new cls()
    copy.options = copyOptionValues(this.passClass.options, this.options as never) as O
    return copy
  }
}

/**
 * A pass on any op (op-agnostic) or, with `static opName`, on ops of one name. The
 * same contract as `Pass`; this is the class user passes extend.
 */
export abstract class OperationPass<O extends object = object> extends Pass<O> {}

/**
 * A pass on ops that implement an interface (MLIR's `InterfacePass`), e.g.
 * `FunctionOpInterface`. Set `static readonly opInterface`.
 */
export abstract class InterfacePass<O extends object = object> extends Pass<O> {
  /** The interface the op must implement. */
  static readonly opInterface: OpInterface<unknown> | null = null

  override canScheduleOn(name: OperationName): boolean {
    const iface = (this.constructor as unknown as { opInterface: OpInterface<unknown> | null }).opInterface
    return iface !== null && name.interfaces.has(iface)
  }
}
