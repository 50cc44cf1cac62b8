import {
  Block,
  CallSiteLoc,
  FileLineColLoc,
  FusedLoc,
  NameLoc,
  Operation,
  Region,
  printOperation,
  type Action,
  type ActionHandler,
  type Context,
  type Location,
} from '@tilepass/ir'
import { forwardAction, installInFront } from './internal/actionChain.ts'

/**
 * A location filter of `--log-mlir-actions-filter`: `file`, `file:line` or
 * `file:line:col` (MLIR's `FileLineColLocBreakpoint`); -1 matches any line or column.
 */
export class LocationFilter {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
  ) {}

  /** Parses `file[:line[:col]]`. */
  static parse(text: string): LocationFilter {
    let file = text
    let line = -1
    let column = -1
    const last = file.lastIndexOf(':')
    if (last >= 0 && isNumber(file.slice(last + 1))) {
      const n = Number(file.slice(last + 1))
      file = file.slice(0, last)
      const prev = file.lastIndexOf(':')
      if (prev >= 0 && isNumber(file.slice(prev + 1))) {
        line = Number(file.slice(prev + 1))
        column = n
        file = file.slice(0, prev)
      } else {
        line = n
      }
    }
    return new LocationFilter(file, line, column)
  }

  /** True when `loc`, or a location nested in it, is in this file (at this line and column). */
  matches(loc: Location): boolean {
    if (loc instanceof FileLineColLoc) {
      return loc.filename === this.file && (this.line < 0 || loc.line === this.line) && (this.column < 0 || loc.column === this.column)
    }
    if (loc instanceof NameLoc) {
      return this.matches(loc.childLoc)
    }
    if (loc instanceof CallSiteLoc) {
      return this.matches(loc.callee) || this.matches(loc.caller)
    }
    if (loc instanceof FusedLoc) {
      return loc.locations.some((l) => this.matches(l))
    }
    return false
  }
}

function isNumber(s: string): boolean {
  return s.length > 0 && /^[0-9]+$/.test(s)
}

/** Parses the comma-separated filters of `--log-mlir-actions-filter`. */
export function parseLocationFilters(text: string): LocationFilter[] {
  return text === '' ? [] : text.split(',').map((t) => LocationFilter.parse(t))
}

function actionMatches(action: Action, filters: readonly LocationFilter[]): boolean {
  if (filters.length === 0) {
    return true
  }
  for (const unit of action.irUnits) {
    if (unit instanceof Operation && filters.some((f) => f.matches(unit.location))) {
      return true
    }
  }
  return false
}

const UNIT_PRINTING = { skipRegions: true, assumeVerified: true, printLocalScope: true } as const

function printRegionUnit(region: Region | null): string {
  if (region === null) {
    return '<Region:nullptr>'
  }
  const op = region.parentOp
  return `Region #${region.regionNumber} for op ${op === null ? '<Operation:nullptr>' : printOperation(op, UNIT_PRINTING)}`
}

/** An IR unit as MLIR's `IRUnit::print` with regions skipped: an op, `Region #N for op ...`, `Block #N for Region ...`. */
function printIRUnit(unit: unknown): string {
  if (unit instanceof Operation) {
    return printOperation(unit, UNIT_PRINTING)
  }
  if (unit instanceof Region) {
    return printRegionUnit(unit)
  }
  if (unit instanceof Block) {
    const region = unit.parent
    const index = region === null ? 0 : region.blockList.indexOf(unit)
    return `Block #${index} for ${printRegionUnit(region)}`
  }
  return ''
}

/** The settings of `ActionLogger`. */
export interface ActionLoggerOptions {
  /** Where the log goes (`--log-actions-to`). */
  readonly output: (text: string) => void
  /** The thread name printed in `[thread <name>]` (mlir-opt prints its program name). */
  readonly threadName: string
  /** Only actions on ops at these locations are logged (`--log-mlir-actions-filter`). */
  readonly filters?: readonly LocationFilter[]
}

/**
 * Logs every action as mlir-opt's `--log-actions-to` does:
 * ``[thread mlir-opt] begins (no breakpoint) Action `pass-execution` running `CSE` on Operation `func.func` (func.func @f() {...})` ``
 * then `` [thread mlir-opt] completed `pass-execution` ``.
 */
export class ActionLogger {
  constructor(private readonly options: ActionLoggerOptions) {}

  /** Logs the start of `action`; returns whether it is logged (its end is then logged too). */
  begin(action: Action): boolean {
    const o = this.options
    if (!actionMatches(action, o.filters ?? [])) {
      return false
    }
    let units = ''
    for (let i = 0; i < action.irUnits.length; i++) {
      if (i > 0) {
        units += ', '
      }
      units += printIRUnit(action.irUnits[i])
    }
    o.output(`[thread ${o.threadName}] begins (no breakpoint) Action ${action.print()} (${units})\`\n`)
    return true
  }

  /** Logs the end of `action`. */
  end(action: Action): void {
    this.options.output(`[thread ${this.options.threadName}] completed \`${action.tag}\`\n`)
  }

  /** A handler that logs, then defers to `next` (or runs the action). */
  handler(next: ActionHandler | null): ActionHandler {
    return (execute, action) => {
      const log = this.begin(action)
      if (next !== null) {
        next(execute, action)
      } else {
        execute()
      }
      if (log) {
        this.end(action)
      }
    }
  }
}

/**
 * Records every action as a pair of Chrome trace events (`"ph": "B"`/`"E"`), as
 * mlir-opt's `--profile-actions-to`: call `finish()` for the closing `]`.
 */
export class ActionProfiler {
  private first = true
  private readonly start = performance.now()

  constructor(
    private readonly output: (text: string) => void,
    /** The `tid` field (the process id stands for the only thread). */
    private readonly tid: number,
  ) {
    output('[')
  }

  private ts(): number {
    return Math.floor((performance.now() - this.start) * 1000)
  }

  private event(text: string): void {
    this.output(this.first ? text : `,\n${text}`)
    this.first = false
  }

  /** Records the start of `action`. */
  begin(action: Action): void {
    this.event(
      `{"name": "${action.tag}", "cat": "PERF", "ph": "B", "pid": 0, "tid": ${this.tid}, "ts": ${this.ts()}, "args": {"desc": "${action.print()}"}}`,
    )
  }

  /** Records the end of `action`. */
  end(action: Action): void {
    this.event(`{"name": "${action.tag}", "cat": "PERF", "ph": "E", "pid": 0, "tid": ${this.tid}, "ts": ${this.ts()}}`)
  }

  /** A handler that records, then defers to `next` (or runs the action). */
  handler(next: ActionHandler | null): ActionHandler {
    return (execute, action) => {
      this.begin(action)
      if (next !== null) {
        next(execute, action)
      } else {
        execute()
      }
      this.end(action)
    }
  }

  /** Closes the trace. */
  finish(): void {
    this.output(']')
  }
}

/**
 * Installs `logger` and/or `profiler` as observers of `context`'s actions, in front of
 * the handler already installed, as mlir-opt's execution context notifies them: both
 * see the start (logger first), the action runs, then both see the end (logger first).
 * Returns the previous handler.
 */
export function installActionHandlers(context: Context, logger: ActionLogger | null, profiler: ActionProfiler | null): ActionHandler | null {
  return installInFront(context, (prev) => (execute, action) => {
    const logged = logger !== null && logger.begin(action)
    profiler?.begin(action)
    forwardAction(prev, execute, action)
    if (logged) {
      logger.end(action)
    }
    profiler?.end(action)
  })
}
