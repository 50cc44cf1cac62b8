import { HeapLimitError, PrintLimitError, type Context } from '@tilepass/ir'
import {
  ActionLogger,
  ActionProfiler,
  DebugCounter,
  OptBisect,
  RemarkEngine,
  TimingManager,
  TimingScope,
  installActionHandlers,
  parseLocationFilters,
  setRemarkEngine,
} from '@tilepass/instrumentation'
import type { ToolIO } from '../ToolIO.ts'
import type { InstrumentationConfig } from './OptConfig.ts'

/** @internal What one unit of work (an input chunk, a compile) has installed on its context. */
export interface UnitInstrumentation {
  /** The unit's timing root (a null timer when `--mlir-timing` is off). */
  readonly rootScope: TimingScope
  /** Ends the unit's timers, profiles and counters and writes its timing report to stderr. */
  finish(): void
}

/**
 * @internal The context-side instrumentation of a driver run (`--log-actions-to`,
 * `--profile-actions-to`, debug counters, opt-bisect, remarks, timing), set up once per run
 * and attached to the context of each unit of work, as mlir-opt does per input buffer.
 */
export class RunInstrumentation {
  /** Opt-bisect: one pass numbering over the whole run (null when off). */
  readonly bisect: OptBisect | null
  private readonly actionFiles = new Map<string, string>()
  private readonly actionFilters: ReturnType<typeof parseLocationFilters>

  private constructor(
    private readonly ic: InstrumentationConfig,
    private readonly io: ToolIO,
    private readonly toolName: string,
  ) {
    this.actionFilters = parseLocationFilters(ic.logActionsFilter)
    this.bisect =
      ic.optBisectLimit < 0
        ? null
        : new OptBisect({
            limit: ic.optBisectLimit,
            funcs: ic.optBisectFuncs,
            verbose: ic.optBisectVerbose,
            output: io.stderr,
            printIRPath: ic.optBisectPrintIRPath,
            writeFile: io.writeFile,
          })
  }

  /**
   * Checks the settings that stop a run up front (a bad `--mlir-debug-counter`, an
   * unsupported `--remark-format`): returns the run's instrumentation, or the exit code
   * after reporting the problem.
   */
  static create(ic: InstrumentationConfig, io: ToolIO, toolName: string): RunInstrumentation | number {
    if (ic.debugCounter !== '' || ic.printDebugCounter) {
      const error = new DebugCounter().parse(ic.debugCounter)
      if (error !== null) {
        io.stderr(`error: ${error}\nLLVM ERROR: Invalid DebugCounter command-line configuration\n`)
        return 1
      }
    }
    if (ic.remarkFormat !== 'emitRemark') {
      io.stderr(`${toolName}: --remark-format=${ic.remarkFormat} is not supported; remarks are reported as diagnostics (emitRemark)\n`)
      return 1
    }
    return new RunInstrumentation(ic, io, toolName)
  }

  /** Installs counters, bisect, remarks, action handlers and timing on `context`. */
  attach(context: Context): UnitInstrumentation {
    const ic = this.ic
    const io = this.io
    const logsActions = ic.logActionsTo !== ''
    const observesActions = logsActions || ic.profileActionsTo !== ''
    // mlir-opt disables debug counters when actions are logged, reporting it in the
    // middle of its `ExecutionContext registered` line (the newline comes after).
    let counters: DebugCounter | null = null
    if (ic.debugCounter !== '' || ic.printDebugCounter) {
      counters = new DebugCounter()
      counters.parse(ic.debugCounter)
    }
    if (counters !== null && logsActions && counters.hasCounters) {
      io.stderr(
        'ExecutionContext registered on the contexterror: Debug counters are incompatible with --log-actions-to and --mlir-enable-debugger-hook options and are disabled\n\n',
      )
      counters = null
    } else if (observesActions) {
      io.stderr('ExecutionContext registered on the context\n')
    }
    if (counters !== null) {
      if (ic.printDebugCounter) {
        io.stderr(counters.summary())
      }
      if (counters.hasCounters) {
        counters.install(context)
      }
    }
    this.bisect?.install(context)
    const remarks = remarkEngine(ic)
    if (remarks !== null) {
      setRemarkEngine(context, remarks)
    }
    let profiler: ActionProfiler | null = null
    if (observesActions) {
      for (const path of [ic.logActionsTo, ic.profileActionsTo]) {
        if (path !== '' && path !== '-') {
          this.actionFiles.set(path, '')
        }
      }
      const logger = logsActions ? new ActionLogger({ output: this.actionSink(ic.logActionsTo), threadName: this.toolName, filters: this.actionFilters }) : null
      profiler = ic.profileActionsTo === '' ? null : new ActionProfiler(this.actionSink(ic.profileActionsTo), process.pid)
      installActionHandlers(context, logger, profiler)
    }
    const timing = ic.timing ? new TimingManager({ display: ic.timingDisplay, format: ic.timingFormat, style: ic.timingStyle }) : null
    const rootScope = new TimingScope(timing === null ? null : timing.root)
    return {
      rootScope,
      finish: () => {
        rootScope.end()
        profiler?.finish()
        if (counters !== null && ic.printDebugCounter) {
          io.stderr(counters.summary())
        }
        if (timing !== null) {
          io.stderr(timing.report())
        }
      },
    }
  }

  /** Writes the action log and profile files (a file holds the last unit's). */
  writeFiles(): void {
    for (const [path, text] of this.actionFiles) {
      try {
        this.io.writeFile(path, text)
      } catch (error) {
        this.io.stderr(`cannot open output file '${path}': ${(error as Error).message}\n`)
      }
    }
  }

  /** '-' is standard output; a file is written at the end. */
  private actionSink(path: string): (text: string) => void {
    return path === '-'
      ? this.io.stdout
      : (text: string) => {
          this.actionFiles.set(path, (this.actionFiles.get(path) ?? '') + text)
        }
  }
}

/** The remark engine of a unit, or null when no `--remarks-filter*` is given. */
function remarkEngine(ic: InstrumentationConfig): RemarkEngine | null {
  // As mlir-opt: a kind's filter is `all|specific`, or `all` alone, or `specific` alone.
  const all = ic.remarksFilter
  const pick = (specific: string): string | undefined =>
    specific === '' ? (all === '' ? undefined : all) : all === '' ? specific : `${all}|${specific}`
  const filters = {
    passed: pick(ic.remarksFilterPassed),
    missed: pick(ic.remarksFilterMissed),
    failed: pick(ic.remarksFilterFailed),
    analysis: pick(ic.remarksFilterAnalysis),
  }
  if (filters.passed === undefined && filters.missed === undefined && filters.failed === undefined && filters.analysis === undefined) {
    return null
  }
  return new RemarkEngine(filters, ic.remarkPolicy)
}

/**
 * @internal An exception that escaped a unit of work, as the tool reports it. A stack
 * overflow is the input's nesting, not a bug: generic-form nests parse at any depth, but the
 * printer still recurses once per level, and an in-process run has a small stack (the bins
 * run deep input in a worker with a large one), so it reads as the launcher reports it.
 */
export function formatInternalError(toolName: string, error: unknown): string {
  if (error instanceof RangeError && error.message.includes('Maximum call stack size exceeded')) {
    return `${toolName}: nesting too deep: exceeded the stack limit\n`
  }
  if (error instanceof PrintLimitError || error instanceof HeapLimitError) {
    return `${toolName}: error: ${error.message}\n`
  }
  const message = error instanceof Error ? error.message : String(error)
  let text = `${toolName}: internal error: ${message}\n`
  if (error instanceof Error && error.stack !== undefined) {
    const frames = error.stack.split('\n').filter((l) => l.trimStart().startsWith('at '))
    if (frames.length > 0) {
      text += `Stack dump:\n${frames.join('\n')}\n`
    }
  }
  return text
}
