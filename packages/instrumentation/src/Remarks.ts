import { Regex, type Context, type Location } from '@tilepass/ir'

/** The kind of an optimization remark (`[Passed]`, `[Missed]`, `[Failure]`, `[Analysis]`). */
export type RemarkKind = 'passed' | 'missed' | 'failure' | 'analysis'

/** What a remark says besides its message: who emitted it and why (MLIR's `RemarkOpts` and streamed parts). */
export interface RemarkOptions {
  /** The remark name, usually the pass argument (`test-remark`). */
  readonly name: string
  /** The category the filters match (`category-1-passed`). */
  readonly category: string
  /** `remark::reason(...)`. */
  readonly reason?: string
  /** `remark::suggest(...)`. */
  readonly suggestion?: string
}

/**
 * Which remarks are kept, as LLVM regexes: each kind's category must fully match its filter
 * (a pattern that starts with `^` and ends with `$` is taken as it is). An invalid pattern
 * keeps no remark of its kind, as in mlir-opt.
 */
export interface RemarkFilters {
  readonly passed?: string
  readonly missed?: string
  readonly failed?: string
  readonly analysis?: string
}

/** `all` reports each remark when emitted; `final` keeps the last remark per site and reports at `finalize()`. */
export type RemarkPolicy = 'all' | 'final'

const LABELS: Readonly<Record<RemarkKind, string>> = { passed: 'Passed', missed: 'Missed', failure: 'Failure', analysis: 'Analysis' }

function anchored(pattern: string | undefined): Regex | null {
  if (pattern === undefined || pattern === '') {
    return null
  }
  const trimmed = pattern.trim()
  const regex = Regex.compile(trimmed.startsWith('^') && trimmed.endsWith('$') ? pattern : `^(${pattern})$`)
  return typeof regex === 'string' ? null : regex
}

interface Pending {
  readonly loc: Location
  readonly text: string
}

/**
 * The remark engine of a context (MLIR's remark engine with the `emitRemark` format):
 * remarks whose category matches their kind's filter are reported as diagnostics
 * `remark: [Passed] name | Category:cat | Reason="...", Remark="...", Suggestion="..."`.
 */
export class RemarkEngine {
  private readonly filters: Readonly<Record<RemarkKind, Regex | null>>
  private readonly pending: Map<string, Pending> = new Map()
  private readonly locIds: Map<Location, number> = new Map()

  constructor(
    filters: RemarkFilters,
    /** When remarks are reported. */
    readonly policy: RemarkPolicy = 'all',
  ) {
    this.filters = {
      passed: anchored(filters.passed),
      missed: anchored(filters.missed),
      failure: anchored(filters.failed),
      analysis: anchored(filters.analysis),
    }
  }

  /** The text of a remark, as mlir-opt's `emitRemark` format prints it. */
  static format(kind: RemarkKind, message: string, options: RemarkOptions): string {
    let s = `[${LABELS[kind]}] ${options.name} | Category:${options.category} | `
    if (options.reason !== undefined) {
      s += `Reason="${options.reason}", `
    }
    s += `Remark="${message}"`
    if (options.suggestion !== undefined) {
      s += `, Suggestion="${options.suggestion}"`
    }
    return s
  }

  /** Emits a remark at `loc` if its category passes the filter of its kind. */
  emit(context: Context, loc: Location, kind: RemarkKind, message: string, options: RemarkOptions): void {
    const filter = this.filters[kind]
    if (filter === null || !filter.match(options.category)) {
      return
    }
    const text = RemarkEngine.format(kind, message, options)
    if (this.policy === 'final') {
      let id = this.locIds.get(loc)
      if (id === undefined) {
        id = this.locIds.size
        this.locIds.set(loc, id)
      }
      this.pending.set(`${kind}\u0000${options.name}\u0000${options.category}\u0000${id}`, { loc, text })
      return
    }
    context.emitRemark(loc, text).report()
  }

  /** Reports the remarks the `final` policy kept (call after the pipeline, even when it failed). */
  finalize(context: Context): void {
    for (const p of this.pending.values()) {
      context.emitRemark(p.loc, p.text).report()
    }
    this.pending.clear()
  }
}

const engines = new WeakMap<Context, RemarkEngine>()

/** Installs `engine` as `context`'s remark engine (null removes it). */
export function setRemarkEngine(context: Context, engine: RemarkEngine | null): void {
  if (engine === null) {
    engines.delete(context)
  } else {
    engines.set(context, engine)
  }
}

/** The remark engine of `context`, or undefined when remarks are off. */
export function getRemarkEngine(context: Context): RemarkEngine | undefined {
  return engines.get(context)
}

/** Emits an optimization remark through `context`'s remark engine; nothing when remarks are off. */
export function emitOptimizationRemark(context: Context, loc: Location, kind: RemarkKind, message: string, options: RemarkOptions): void {
  engines.get(context)?.emit(context, loc, kind, message, options)
}
