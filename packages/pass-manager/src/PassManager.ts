import { Action, HeapLimitError, Trait, UnknownLoc, failure, success, verify, type Context, type LogicalResult, type Operation, type OperationName } from '@tilepass/ir'
import { AnalysisManager } from '@tilepass/analysis'
import { Pass, PassExecutionState, type PassRunner } from './Pass.ts'
import { PassInstrumentor, type PassInstrumentation, type PipelineParentInfo } from './PassInstrumentation.ts'

/**
 * How `addPass` treats a pass anchored on another op: `explicit` throws, `implicit`
 * nests a pass manager for the pass's anchor (what mlir-opt does for flat pass flags).
 */
export type Nesting = 'explicit' | 'implicit'

/** Verifies `op` (and its regions when `recursive`), emitting diagnostics; the pass manager runs it after each pass. */
export type OperationVerifier = (op: Operation, recursive: boolean) => LogicalResult

/**
 * Called when a pass throws. The pass counts as failed either way; the handler reports
 * the crash (and, later, writes a reproducer).
 */
export type PassCrashHandler = (pass: Pass<object>, op: Operation, error: unknown) => void

/** The anchor name of an op-agnostic pass manager. */
export const ANY_OP_ANCHOR = 'any'

/**
 * A list of passes anchored on one op name (or on any op that can take all of them),
 * run on one op at a time. Nested managers run a whole pipeline on each nested op
 * before moving on to the next.
 */
export class OpPassManager {
  /** @internal The anchor op name, or '' when op-agnostic. */
  anchor: string
  /** @internal */
  passList: Pass<object>[] = []
  /** How `addPass` handles passes anchored elsewhere. */
  nesting: Nesting
  /** @internal The generation the passes were last initialized for. */
  initializationGeneration = 0
  /** The pass list as `finalizePassList` last left it (null: not final), its length and the context. */
  private finalizedList: Pass<object>[] | null = null
  private finalizedLength = 0
  private finalizedContext: Context | null = null

  /** A pass manager on ops named `name` (`'any'` for op-agnostic). */
  constructor(name: string = ANY_OP_ANCHOR, nesting: Nesting = 'explicit') {
    this.anchor = name === ANY_OP_ANCHOR ? '' : name
    this.nesting = nesting
  }

  /** The anchor op name, or null for an op-agnostic manager. */
  get opName(): string | null {
    return this.anchor === '' ? null : this.anchor
  }
  /** The anchor op name, or `any`. */
  get opAnchorName(): string {
    return this.anchor === '' ? ANY_OP_ANCHOR : this.anchor
  }
  /** The passes, in order (nested managers appear as adaptor passes). */
  get passes(): readonly Pass<object>[] {
    return this.passList
  }
  /** The number of passes at this level. */
  get size(): number {
    return this.passList.length
  }

  /** Appends a pass manager for ops named `name` nested in this one, and returns it. */
  nest(name: string): OpPassManager {
    return this.nestManager(new OpPassManager(name, this.nesting))
  }
  /** Appends an op-agnostic nested pass manager, and returns it. */
  nestAny(): OpPassManager {
    return this.nestManager(new OpPassManager(ANY_OP_ANCHOR, this.nesting))
  }
  /** Adds `pass` to a new pass manager nested on `name`. */
  addNestedPass(name: string, pass: Pass<object>): void {
    this.nest(name).addPass(pass)
  }

  /**
   * Appends `pass`. A pass anchored on another op is nested implicitly under `implicit`
   * nesting; under `explicit` nesting it is a programming error and throws.
   */
  addPass(pass: Pass<object>): void {
    const passOp = pass.opName
    if (this.anchor !== '' && passOp !== null && passOp !== this.anchor) {
      if (this.nesting === 'implicit') {
        this.nest(passOp).addPass(pass)
        return
      }
      throw new Error(
        `Can't add pass '${pass.name}' restricted to '${passOp}' on a PassManager intended to run on '${this.opAnchorName}', did you intend to nest?`,
      )
    }
    this.passList.push(pass)
  }

  /** Removes every pass. */
  clear(): void {
    this.passList = []
  }

  /** A deep copy: passes are cloned, with their options. */
  clone(): OpPassManager {
    const pm = new OpPassManager(this.opAnchorName, this.nesting)
    this.copyInto(pm)
    return pm
  }
  /** @internal */
  copyInto(pm: OpPassManager): void {
    pm.initializationGeneration = this.initializationGeneration
    pm.passList = this.passList.map((p) => p.clone())
  }

  /** The passes as a textual pipeline, without the anchor: `cse,func.func(canonicalize{...})`. */
  printAsTextualPipeline(): string {
    let s = ''
    const list = this.passList
    for (let i = 0; i < list.length; i++) {
      if (i > 0) {
        s += ','
      }
      s += list[i]!.printAsTextualPipeline()
    }
    return s
  }
  /** The full pipeline, anchor included: `builtin.module(cse)`; parses back to the same pipeline. */
  toString(): string {
    return `${this.opAnchorName}(${this.printAsTextualPipeline()})`
  }
  /** The indented pipeline that `-dump-pass-pipeline` prints after `Pass Manager with N passes:`. */
  printAsIndentedPipeline(): string {
    return `${this.opAnchorName}(\n${printIndented(this.passList, '  ')}\n)`
  }
  /** What `-dump-pass-pipeline` writes: `Pass Manager with N passes:`, then the indented pipeline. */
  dump(): string {
    return `Pass Manager with ${this.passList.length} passes:\n${this.printAsIndentedPipeline()}\n`
  }

  /** Adds the dependent dialects of every pass (nested ones included) to `out`. */
  getDependentDialects(out: Set<string>): void {
    for (const pass of this.passList) {
      if (pass instanceof OpToOpPassAdaptor) {
        for (const pm of pass.mgrs) {
          pm.getDependentDialects(out)
        }
      } else {
        pass.getDependentDialects(out)
      }
    }
  }

  /** @internal Initializes the passes for generation `generation` (once per generation). */
  initialize(context: Context, generation: number): LogicalResult {
    if (this.initializationGeneration === generation) {
      return success()
    }
    this.initializationGeneration = generation
    for (const pass of this.passList) {
      if (pass instanceof OpToOpPassAdaptor) {
        for (const pm of pass.mgrs) {
          if (!pm.initialize(context, generation)) {
            return failure()
          }
        }
      } else if (!pass.initialize(context)) {
        return failure()
      }
    }
    return success()
  }

  /** @internal True when this manager may run on ops named `name`. */
  canScheduleOn(name: OperationName): boolean {
    if (this.anchor !== '') {
      return this.anchor === name.name
    }
    if (!name.isRegistered || !name.hasTrait(Trait.IsolatedFromAbove)) {
      return false
    }
    for (const pass of this.passList) {
      if (!pass.canScheduleOn(name)) {
        return false
      }
    }
    return true
  }

  /**
   * @internal Prepares the pass list to run: merges adjacent nested managers and checks
   * that each pass can run on this manager's anchor.
   */
  finalizePassList(context: Context): LogicalResult {
    const list = this.passList
    if (list === this.finalizedList && list.length === this.finalizedLength && context === this.finalizedContext) {
      return success()
    }
    if (!this.mergeAdaptors(context)) {
      return failure()
    }
    if (this.anchor !== '') {
      const name = context.getOperationName(this.anchor)
      if (name.isRegistered) {
        for (const pass of this.passList) {
          if (!pass.canScheduleOn(name)) {
            context.emitError(UnknownLoc.get(context), `unable to schedule pass '${pass.name}' on a PassManager intended to run on '${this.opAnchorName}'!`).report()
            return failure()
          }
        }
      }
    }
    // A list without nested managers stays final until a pass is added or the list
    // replaced: the inliner finalizes its optimizer pipeline once per callable. (Nested
    // managers can change on their own, so a list holding one is finalized every time.)
    this.finalizedList = this.passList.some((p) => p instanceof OpToOpPassAdaptor) ? null : this.passList
    this.finalizedLength = this.passList.length
    this.finalizedContext = context
    return success()
  }

  /**
   * Merges adjacent nested managers and finalizes them. A list without nested managers
   * is left as it is: the inliner finalizes its optimizer pipeline once per callable.
   */
  private mergeAdaptors(context: Context): LogicalResult {
    const list = this.passList
    let i = 0
    while (i < list.length && !(list[i] instanceof OpToOpPassAdaptor)) {
      i++
    }
    if (i === list.length) {
      return success()
    }
    let last: OpToOpPassAdaptor | null = null
    const kept: Pass<object>[] = []
    for (const pass of this.passList) {
      if (pass instanceof OpToOpPassAdaptor) {
        if (last !== null && pass.tryMergeInto(context, last)) {
          continue
        }
        if (last !== null && !last.finalize(context)) {
          return failure()
        }
        last = pass
        kept.push(pass)
        continue
      }
      if (last !== null) {
        if (!last.finalize(context)) {
          return failure()
        }
        last = null
      }
      kept.push(pass)
    }
    if (last !== null && !last.finalize(context)) {
      return failure()
    }
    this.passList = kept
    return success()
  }

  private nestManager(pm: OpPassManager): OpPassManager {
    this.passList.push(new OpToOpPassAdaptor(pm))
    return pm
  }
}

function printIndented(passes: readonly Pass<object>[], indent: string): string {
  let s = ''
  for (let i = 0; i < passes.length; i++) {
    if (i > 0) {
      s += ',\n'
    }
    const pass = passes[i]!
    if (pass instanceof OpToOpPassAdaptor) {
      for (let j = 0; j < pass.mgrs.length; j++) {
        if (j > 0) {
          s += ',\n'
        }
        const pm = pass.mgrs[j]!
        s += `${indent}${pm.opAnchorName}(\n${printIndented(pm.passes, `${indent}  `)}\n${indent})`
      }
    } else {
      s += indent + pass.printAsTextualPipeline()
    }
  }
  return s
}

// ---- The adaptor: a pass that runs nested pass managers on nested ops -------------

/**
 * The pass that holds nested pass managers and runs, on each op directly nested in the
 * current op, the first manager that can be scheduled on it.
 * @internal
 */
export class OpToOpPassAdaptor extends Pass<object> {
  /** The nested managers; after merging, op-specific ones sorted by name, then op-agnostic ones. */
  mgrs: OpPassManager[]

  constructor(pm?: OpPassManager) {
    super()
    this.mgrs = pm === undefined ? [] : [pm]
  }

  override get name(): string {
    return `Pipeline Collection : [${this.mgrs.map((m) => `'${m.opAnchorName}'`).join(', ')}]`
  }

  override printAsTextualPipeline(): string {
    return this.mgrs.map((pm) => `${pm.opAnchorName}(${pm.printAsTextualPipeline()})`).join(',')
  }

  override clone(): OpToOpPassAdaptor {
    const a = new OpToOpPassAdaptor()
    a.mgrs = this.mgrs.map((pm) => pm.clone())
    return a
  }

  /** Finalizes each nested manager. */
  finalize(context: Context): LogicalResult {
    for (const pm of this.mgrs) {
      if (!pm.finalizePassList(context)) {
        return failure()
      }
    }
    return success()
  }

  /** Moves this adaptor's managers into `rhs` when no schedule conflict can arise. */
  tryMergeInto(context: Context, rhs: OpToOpPassAdaptor): boolean {
    const conflicts = (generic: OpPassManager, others: readonly OpPassManager[]): boolean =>
      others.some((pm) => (pm.opName === null ? true : generic.canScheduleOn(context.getOperationName(pm.opName))))
    const lhsGeneric = this.mgrs.find((pm) => pm.opName === null)
    if (lhsGeneric !== undefined && conflicts(lhsGeneric, rhs.mgrs)) {
      return false
    }
    const rhsGeneric = rhs.mgrs.find((pm) => pm.opName === null)
    if (rhsGeneric !== undefined && conflicts(rhsGeneric, this.mgrs)) {
      return false
    }
    for (const pm of this.mgrs) {
      const existing = rhs.mgrs.find((m) => m.opAnchorName === pm.opAnchorName)
      if (existing !== undefined) {
        for (const p of pm.passList) {
          existing.passList.push(p)
        }
        pm.passList = []
      } else {
        rhs.mgrs.push(pm)
      }
    }
    this.mgrs = []
    rhs.mgrs.sort((a, b) => {
      const an = a.opName
      const bn = b.opName
      if (an === null) {
        return bn === null ? 0 : 1
      }
      if (bn === null) {
        return -1
      }
      return an < bn ? -1 : an > bn ? 1 : 0
    })
    return true
  }

  override runOnOperation(): void {
    const state = this.state!
    const config = state.runner as ExecutionConfig
    const op = state.op
    const am = state.am
    const mgrs = this.mgrs
    // As in MLIR 22, a failure on one nested op does not stop its siblings: every op
    // gets its pipeline (and its diagnostics), and the adaptor fails at the end.
    let failedAny = false
    for (const region of op.regions) {
      for (const block of region.blockList) {
        // A snapshot of the block: a nested pipeline may not touch its siblings, but
        // iterating a copy keeps the walk well defined even if it does.
        for (const nested of block.operations) {
          let mgr: OpPassManager | null = null
          for (let i = 0; i < mgrs.length; i++) {
            if (mgrs[i]!.canScheduleOn(nested.name)) {
              mgr = mgrs[i]!
              break
            }
          }
          if (mgr !== null && !runPipeline(mgr, nested, am.nest(nested), config, mgr.initializationGeneration, this)) {
            failedAny = true
          }
        }
      }
    }
    if (failedAny) {
      this.signalPassFailure()
    }
  }
}

// ---- Execution --------------------------------------------------------------------

/**
 * The settings of one `PassManager.run`, shared by every pass execution in it.
 * @internal
 */
export class ExecutionConfig implements PassRunner {
  /**
   * The execution states, one per nesting level of running passes (an adaptor's pass runs
   * at the level above the nested passes it runs): `runPass` resets the one of its level
   * rather than allocating one per pass execution.
   */
  private readonly states: PassExecutionState[] = []
  /** The nesting level of the next `runPass`: the number of pass executions in progress. */
  private depth = 0
  /** The pass executions so far that may have changed the IR (all but those that declared it unchanged). */
  numIRChanges = 0

  constructor(
    readonly verifyPasses: boolean,
    readonly verifier: OperationVerifier | null,
    readonly instrumentor: PassInstrumentor | null,
    readonly crashHandler: PassCrashHandler,
  ) {}

  /**
   * The state of a new execution of `pass` on `op`, at the next nesting level; the caller
   * gives the level back with `leave(level)`, `level` being what `level` was before.
   */
  enter(pass: Pass<object>, op: Operation, am: AnalysisManager, initGeneration: number): PassExecutionState {
    const depth = this.depth
    const states = this.states
    let state: PassExecutionState
    if (depth < states.length) {
      state = states[depth]!
      state.reset(pass, op, am, initGeneration)
    } else {
      state = new PassExecutionState(pass, op, am, this, initGeneration)
      states.push(state)
    }
    this.depth = depth + 1
    return state
  }
  /** The nesting level `enter` will use next. */
  get level(): number {
    return this.depth
  }
  /**
   * Ends the executions at `level` and above (one that a throw unwound past stays open
   * until then). The level never drops below the executions in progress, so no state in
   * use is handed out twice.
   */
  leave(level: number): void {
    this.depth = level
  }

  runDynamicPipeline(pm: OpPassManager, root: Operation, state: PassExecutionState): LogicalResult {
    const op = state.op
    if (!op.isAncestor(root)) {
      root
        .emitOpError("Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing")
        .report()
      return failure()
    }
    const context = root.context
    if (!pm.finalizePassList(context)) {
      return failure()
    }
    if (!pm.initialize(context, state.initGeneration)) {
      return failure()
    }
    const am = root === op ? state.am : state.am.nest(root)
    return runPipeline(pm, root, am, this, state.initGeneration, state.pass)
  }
}

/**
 * Runs `pm`'s passes on `op`; stops at the first failure. `parentPass` is the pass that
 * runs the pipeline (an adaptor, or a pass running a dynamic pipeline); null for the
 * top-level pipeline. @internal
 */
export function runPipeline(
  pm: OpPassManager,
  op: Operation,
  am: AnalysisManager,
  config: ExecutionConfig,
  initGeneration: number,
  parentPass: Pass<object> | null,
): LogicalResult {
  // The top-level pipeline has no pipeline hooks; nested ones call them only when an
  // instrumentation overrides one (and only then is the parent info made).
  const pi = parentPass !== null && config.instrumentor !== null && config.instrumentor.hasPipelineHooks ? config.instrumentor : null
  const parentInfo: PipelineParentInfo | null = pi !== null ? { parentThreadId: 0, parentPass: parentPass! } : null
  const anchorName = pi !== null && pm.anchor !== '' ? op.context.getOperationName(pm.anchor) : null
  pi?.runBeforePipeline(anchorName, parentInfo!)
  try {
    const passes = pm.passList
    for (let i = 0; i < passes.length; i++) {
      if (!runPass(passes[i]!, op, am, config, initGeneration)) {
        return failure()
      }
    }
  } finally {
    // The analyses of this op are not reused after its pipeline; drop them now.
    am.clear()
  }
  pi?.runAfterPipeline(anchorName, parentInfo!)
  return success()
}

/** Runs one pass on one op: checks, instrumentation, invalidation, verification. @internal */
export function runPass(pass: Pass<object>, op: Operation, am: AnalysisManager, config: ExecutionConfig, initGeneration: number): LogicalResult {
  const name = op.name
  if (!name.isRegistered) {
    op.emitOpError('trying to schedule a pass on an unregistered operation').report()
    return failure()
  }
  if (!name.hasTrait(Trait.IsolatedFromAbove)) {
    op.emitOpError("trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'").report()
    return failure()
  }
  if (!pass.canScheduleOnOperation(op)) {
    op.emitOpError(`trying to schedule pass '${pass.name}' on an unsupported operation`).report()
    return failure()
  }
  // Pass hooks are called only when an instrumentation overrides one: an instrumentor
  // whose instrumentations observe only scopes (or nothing) costs this one check.
  const pi = config.instrumentor !== null && config.instrumentor.hasPassHooks ? config.instrumentor : null
  const saved = pass.state
  const level = config.level
  const state = config.enter(pass, op, am, initGeneration)
  pass.state = state
  pi?.runBeforePass(pass, op)
  let passFailed: boolean
  let crashed = false
  try {
    if (op.context.hasActionHandler) {
      op.context.executeAction(new PassExecutionAction(pass, op), () => pass.runOnOperation())
    } else {
      pass.runOnOperation()
    }
    passFailed = state.failed
  } catch (error) {
    passFailed = true
    crashed = true
    pass.state = saved
    config.crashHandler(pass, op, error)
  }
  pass.state = saved
  if (!crashed) {
    am.invalidate(state.preserved)
  } else {
    am.clear()
  }
  if (crashed || !state.unchanged) {
    config.numIRChanges++
  }
  // A pass that preserved all analyses, or left the IR as it was, needs no verification.
  const unchanged = state.preserved.isAll || state.unchanged
  // The state is free again: a verifier or hook below that runs passes reuses it.
  config.leave(level)
  if (!passFailed && config.verifyPasses && config.verifier !== null && !unchanged) {
    // Nested ops were verified after the nested passes ran; an adaptor checks only its op.
    passFailed = !config.verifier(op, !(pass instanceof OpToOpPassAdaptor))
  }
  if (pi !== null) {
    if (passFailed) {
      pi.runAfterPassFailed(pass, op)
    } else {
      pi.runAfterPass(pass, op)
    }
  }
  return !passFailed
}

/**
 * The action of running one pass on one op (MLIR's `PassExecutionAction`, tag
 * `pass-execution`): the pass manager runs each pass through `Context.executeAction`
 * when an action handler is installed.
 */
export class PassExecutionAction extends Action {
  constructor(
    /** The pass being run. */
    readonly pass: Pass<object>,
    /** The op it runs on. */
    readonly op: Operation,
  ) {
    super([op])
  }
  get tag(): string {
    return 'pass-execution'
  }
  /** `` `pass-execution` running `CSE` on Operation `func.func` ``, as MLIR prints it. */
  override print(): string {
    const name = this.pass instanceof OpToOpPassAdaptor ? 'mlir::detail::OpToOpPassAdaptor' : this.pass.name
    return `\`pass-execution\` running \`${name}\` on Operation \`${this.op.name.name}\``
  }
}

/**
 * Reports a crashed pass as an error at the op (the default crash handler); a
 * `HeapLimitError` reads as the pass running out of memory.
 */
export function reportPassCrash(pass: Pass<object>, op: Operation, error: unknown): void {
  const name = pass.argument !== '' ? pass.argument : pass.name
  if (error instanceof HeapLimitError) {
    // Not `op.emitError`: its `see current operation` note would print the op, whose size
    // is what exhausted the heap.
    op.context.emitError(op.location, `${error.message} while running pass '${name}'`).report()
    return
  }
  const message = error instanceof Error ? error.message : String(error)
  op.emitError(`pass '${name}' crashed: ${message}`).report()
}

/**
 * The top-level pass manager: owns the instrumentation chain and the run settings
 * (verification, crash handling), and runs the pipeline on an op of its anchor.
 */
export class PassManager extends OpPassManager {
  /** Whether the IR is verified after each pass (default on). */
  verifyPasses = true
  /** The verifier run after each pass (default: `verify` of @tilepass/ir); null disables verification. */
  verifier: OperationVerifier | null
  /** Called when a pass throws (default: an error at the op). */
  crashHandler: PassCrashHandler = reportPassCrash
  private instrumentor: PassInstrumentor | null = null

  /** A pass manager on ops named `name` (default `builtin.module`; `'any'` for op-agnostic). */
  constructor(
    /** The context the pipeline runs in. */
    readonly context: Context,
    name = 'builtin.module',
    nesting: Nesting = 'explicit',
    verifier: OperationVerifier | null = verify,
  ) {
    super(name, nesting)
    this.verifier = verifier
  }

  /** Turns verification after each pass on or off. */
  enableVerifier(enabled = true): void {
    this.verifyPasses = enabled
  }

  /** Appends an instrumentation; before-hooks run in this order, after-hooks in reverse. */
  addInstrumentation(pi: PassInstrumentation): void {
    if (this.instrumentor === null) {
      this.instrumentor = new PassInstrumentor()
    }
    this.instrumentor.addInstrumentation(pi)
  }
  /** The instrumentation chain, or null when none was added. */
  getPassInstrumentor(): PassInstrumentor | null {
    return this.instrumentor
  }

  /** Replaces this manager's pipeline with `pm`'s anchor and passes, which move here (`pm` is left empty). */
  assignPipeline(pm: OpPassManager): void {
    this.anchor = pm.anchor
    this.nesting = pm.nesting
    this.initializationGeneration = pm.initializationGeneration
    this.passList = pm.passList
    pm.passList = []
  }

  /**
   * Runs the pipeline on `op`, which must be named as the anchor. Fails (after emitting
   * diagnostics) when a pass fails, a verification fails, or the pipeline is invalid.
   */
  run(op: Operation): LogicalResult {
    const context = this.context
    if (this.anchor !== '' && this.anchor !== op.name.name) {
      context.emitError(op.location, `can't run '${this.opAnchorName}' pass manager on '${op.name.name}' op`).report()
      return failure()
    }
    const dialects = new Set<string>()
    this.getDependentDialects(dialects)
    for (const d of dialects) {
      context.getOrLoadDialect(d)
    }
    if (!this.finalizePassList(context)) {
      return failure()
    }
    if (!this.initialize(context, this.initializationGeneration + 1)) {
      return failure()
    }
    const pi = this.instrumentor
    const am = AnalysisManager.forOperation(op, pi)
    const config = new ExecutionConfig(this.verifyPasses, this.verifier, pi, this.crashHandler)
    const result = runPipeline(this, op, am, config, this.initializationGeneration, null)
    context.diagEngine.flush()
    return result
  }
}
