import type { PassManager } from '@tilepass/pass-manager'
import { OptBisect, type OptBisectOptions } from './Bisect.ts'
import { enableIRPrinting, type IRPrintingConfig } from './IRPrinting.ts'
import { enableTiming, type TimingScope } from './Timing.ts'
import { enableTrace, type TraceInstrumentation } from './Trace.ts'

/** What `buildInstrumentationChain` installs; each part is optional. */
export interface InstrumentationChainOptions {
  /** Pass timing under this scope. */
  readonly timing?: TimingScope | null
  /** IR printing. */
  readonly irPrinting?: IRPrintingConfig | null
  /** Verification after each pass (the pass manager's verifier). */
  readonly verifyEach?: boolean
  /** Opt-bisect; installed on the pass manager's context as an action handler. */
  readonly optBisect?: OptBisectOptions | null
  /** Record the scheduler trace (`schedule-trace-file`). */
  readonly trace?: boolean
}

/** What `buildInstrumentationChain` installed that the caller may need later. */
export interface InstrumentationChain {
  readonly optBisect: OptBisect | null
  readonly trace: TraceInstrumentation | null
}

/**
 * Installs the instrumentation of the tileiras pipeline builder on `pm`, in its order:
 * timer first (it envelops every other hook), then the IR printer (its post-pass dump is
 * taken even when verification then fails: the pass manager verifies before the after
 * hooks, and a failed verification reaches the printer as `IR Dump After X Failed`),
 * then verify-each, then opt-bisect (it can skip a pass before the trace sees it), then
 * the trace (it sees only the passes that run).
 */
export function buildInstrumentationChain(pm: PassManager, options: InstrumentationChainOptions): InstrumentationChain {
  if (options.timing !== undefined && options.timing !== null) {
    enableTiming(pm, options.timing)
  }
  if (options.irPrinting !== undefined && options.irPrinting !== null) {
    enableIRPrinting(pm, options.irPrinting)
  }
  if (options.verifyEach !== undefined) {
    pm.enableVerifier(options.verifyEach)
  }
  let bisect: OptBisect | null = null
  if (options.optBisect !== undefined && options.optBisect !== null && options.optBisect.limit < Number.MAX_SAFE_INTEGER) {
    bisect = new OptBisect(options.optBisect)
    bisect.install(pm.context)
  }
  const b = bisect
  const trace = options.trace === true ? enableTrace(pm, b === null ? null : (pass, op) => b.wasSkipped(pass, op)) : null
  return { optBisect: bisect, trace }
}
