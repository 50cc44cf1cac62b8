import type { Operation, OperationName } from '@tilepass/ir'
import type { AnalysisClass, AnalysisListener } from '@tilepass/analysis'
import type { Pass } from './Pass.ts'

/**
 * Who started a nested pipeline: the thread (always 0 here, there are no worker threads)
 * and the pass that runs it (an adaptor, or the pass running a dynamic pipeline).
 */
export interface PipelineParentInfo {
  readonly parentThreadId: number
  readonly parentPass: Pass<object>
}

/**
 * Hooks around pipelines, passes and analysis construction. Override the ones you need;
 * the defaults do nothing. Before-hooks run in registration order, after-hooks in reverse.
 */
export class PassInstrumentation {
  /**
   * A nested pipeline is about to run on one op. `name` is the pipeline's anchor, or
   * null for an op-agnostic pipeline. Not called for the top-level pipeline.
   */
  runBeforePipeline(_name: OperationName | null, _parentInfo: PipelineParentInfo): void {}
  /** A nested pipeline finished successfully on one op. */
  runAfterPipeline(_name: OperationName | null, _parentInfo: PipelineParentInfo): void {}
  /** `pass` is about to run on `op`. */
  runBeforePass(_pass: Pass<object>, _op: Operation): void {}
  /** `pass` ran on `op` and succeeded (verification included). */
  runAfterPass(_pass: Pass<object>, _op: Operation): void {}
  /** `pass` failed on `op` (signalled, verification failed, or crashed). */
  runAfterPassFailed(_pass: Pass<object>, _op: Operation): void {}
  /** Analysis `cls` is about to be computed for `op` (cache misses only). */
  runBeforeAnalysis(_name: string, _cls: AnalysisClass, _op: Operation): void {}
  /** Analysis `cls` was computed for `op`. */
  runAfterAnalysis(_name: string, _cls: AnalysisClass, _op: Operation): void {}
}

/** The hooks of `PassInstrumentation`, each of which an instrumentation may override. */
type HookName = keyof PassInstrumentation

/** The hooks as `PassInstrumentation` defines them (each does nothing). */
const BASE_HOOKS = PassInstrumentation.prototype as unknown as Readonly<Record<HookName, unknown>>

/** True when `pi` has its own `hook` (not the inherited one that does nothing). */
function overrides(pi: PassInstrumentation, hook: HookName): boolean {
  const fn = (pi as unknown as Readonly<Record<HookName, unknown>>)[hook]
  return typeof fn === 'function' && fn !== BASE_HOOKS[hook]
}

/**
 * The chain of instrumentations a pass manager owns. It is also the analysis manager's
 * listener. A pass manager without instrumentation has no instrumentor at all, so the
 * run loop pays one null check; with one, each hook calls only the instrumentations that
 * override it, and the run loop asks `hasPassHooks` and `hasPipelineHooks` (one field
 * each) before it calls or prepares anything, so instrumentations that observe only
 * named scopes, or nothing, cost the loop no calls.
 */
export class PassInstrumentor implements AnalysisListener {
  private readonly instrumentations: PassInstrumentation[] = []
  // Per hook, the instrumentations that override it, in registration order.
  private readonly beforePipeline: PassInstrumentation[] = []
  private readonly afterPipeline: PassInstrumentation[] = []
  private readonly beforePass: PassInstrumentation[] = []
  private readonly afterPass: PassInstrumentation[] = []
  private readonly afterPassFailed: PassInstrumentation[] = []
  private readonly beforeAnalysis: PassInstrumentation[] = []
  private readonly afterAnalysis: PassInstrumentation[] = []
  /** @internal True when an instrumentation overrides a pass hook (before, after or after-failed). */
  hasPassHooks = false
  /** @internal True when an instrumentation overrides a pipeline hook. */
  hasPipelineHooks = false

  /** Appends an instrumentation to the chain. */
  addInstrumentation(pi: PassInstrumentation): void {
    this.instrumentations.push(pi)
    const lists: [HookName, PassInstrumentation[]][] = [
      ['runBeforePipeline', this.beforePipeline],
      ['runAfterPipeline', this.afterPipeline],
      ['runBeforePass', this.beforePass],
      ['runAfterPass', this.afterPass],
      ['runAfterPassFailed', this.afterPassFailed],
      ['runBeforeAnalysis', this.beforeAnalysis],
      ['runAfterAnalysis', this.afterAnalysis],
    ]
    for (const [hook, list] of lists) {
      if (overrides(pi, hook)) {
        list.push(pi)
      }
    }
    this.hasPassHooks = this.beforePass.length + this.afterPass.length + this.afterPassFailed.length !== 0
    this.hasPipelineHooks = this.beforePipeline.length + this.afterPipeline.length !== 0
  }
  /** The instrumentations, in registration order. */
  get size(): number {
    return this.instrumentations.length
  }
  /** The instrumentation at `index` in registration order (named scopes walk the chain with it). */
  at(index: number): PassInstrumentation | undefined {
    return this.instrumentations[index]
  }

  runBeforePipeline(name: OperationName | null, parentInfo: PipelineParentInfo): void {
    const list = this.beforePipeline
    for (let i = 0; i < list.length; i++) {
      list[i]!.runBeforePipeline(name, parentInfo)
    }
  }
  runAfterPipeline(name: OperationName | null, parentInfo: PipelineParentInfo): void {
    const list = this.afterPipeline
    for (let i = list.length - 1; i >= 0; i--) {
      list[i]!.runAfterPipeline(name, parentInfo)
    }
  }
  runBeforePass(pass: Pass<object>, op: Operation): void {
    const list = this.beforePass
    for (let i = 0; i < list.length; i++) {
      list[i]!.runBeforePass(pass, op)
    }
  }
  runAfterPass(pass: Pass<object>, op: Operation): void {
    const list = this.afterPass
    for (let i = list.length - 1; i >= 0; i--) {
      list[i]!.runAfterPass(pass, op)
    }
  }
  runAfterPassFailed(pass: Pass<object>, op: Operation): void {
    const list = this.afterPassFailed
    for (let i = list.length - 1; i >= 0; i--) {
      list[i]!.runAfterPassFailed(pass, op)
    }
  }
  runBeforeAnalysis(name: string, cls: AnalysisClass, op: Operation): void {
    const list = this.beforeAnalysis
    for (let i = 0; i < list.length; i++) {
      list[i]!.runBeforeAnalysis(name, cls, op)
    }
  }
  runAfterAnalysis(name: string, cls: AnalysisClass, op: Operation): void {
    const list = this.afterAnalysis
    for (let i = list.length - 1; i >= 0; i--) {
      list[i]!.runAfterAnalysis(name, cls, op)
    }
  }
}
