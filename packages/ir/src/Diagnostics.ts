import type { Location } from './Location.ts'

/** Severity of a diagnostic, as MLIR's `DiagnosticSeverity`. */
export type DiagnosticSeverity = 'note' | 'warning' | 'error' | 'remark'

/** A message at a location, with attached notes. */
export class Diagnostic {
  readonly notes: Diagnostic[] = []
  constructor(
    readonly severity: DiagnosticSeverity,
    readonly location: Location,
    public message: string,
  ) {}
  /** Attaches a note (at `location`, or this diagnostic's location) and returns it. */
  attachNote(message: string, location?: Location): Diagnostic {
    const note = new Diagnostic('note', location ?? this.location, message)
    this.notes.push(note)
    return note
  }
  toString(): string {
    return this.message
  }
}

/**
 * Returns true when the handler consumed the diagnostic; false passes it on to the
 * previously registered handler.
 */
export type DiagnosticHandler = (diag: Diagnostic) => boolean

/**
 * A diagnostic being built. Like MLIR's `InFlightDiagnostic` it is delivered to the
 * engine's handlers when `report()` is called, or automatically when the next
 * diagnostic is emitted or the engine is flushed; `abandon()` drops it. It converts
 * to failure: hooks can `return op.emitOpError('...').fail()`.
 */
export class InFlightDiagnostic {
  private reported = false
  /** @internal */
  constructor(
    private readonly engine: DiagnosticEngine,
    readonly diagnostic: Diagnostic,
  ) {}
  /** Appends text to the message. */
  append(text: string): this {
    this.diagnostic.message += text
    return this
  }
  /** Attaches a note and returns this in-flight diagnostic. */
  attachNote(message: string, location?: Location): this {
    this.diagnostic.attachNote(message, location)
    return this
  }
  /** Delivers the diagnostic now (idempotent). */
  report(): void {
    if (this.reported) {
      return
    }
    this.reported = true
    this.engine.deliver(this)
  }
  /** Drops the diagnostic without delivering it. */
  abandon(): void {
    this.reported = true
    this.engine.forget(this)
  }
  get isActive(): boolean {
    return !this.reported
  }
  /** Reports and returns failure (`false`), for `return diag.fail()`. */
  fail(): false {
    this.report()
    return false
  }
}

/**
 * Routes diagnostics to a stack of handlers, most recently registered first. With no
 * handler, errors are written to stderr as `loc: error: message`.
 */
export class DiagnosticEngine {
  private handlers: { id: number; fn: DiagnosticHandler }[] = []
  private nextId = 1
  private pending: InFlightDiagnostic | null = null
  /** Fallback when no handler consumes a diagnostic. */
  defaultHandler: (diag: Diagnostic) => void = (d) => {
    if (d.severity === 'error') {
      process.stderr.write(`error: ${d.message}\n`)
    }
  }

  /** Registers a handler; returns an id for `unregisterHandler`. */
  registerHandler(fn: DiagnosticHandler): number {
    const id = this.nextId++
    this.handlers.push({ id, fn })
    return id
  }
  unregisterHandler(id: number): void {
    this.handlers = this.handlers.filter((h) => h.id !== id)
  }
  /** Starts a diagnostic; any previous in-flight diagnostic is reported first. */
  emit(severity: DiagnosticSeverity, location: Location, message: string): InFlightDiagnostic {
    this.flush()
    const d = new InFlightDiagnostic(this, new Diagnostic(severity, location, message))
    this.pending = d
    return d
  }
  /** Reports the in-flight diagnostic, if any. */
  flush(): void {
    const p = this.pending
    if (p !== null) {
      this.pending = null
      p.report()
    }
  }
  /** Delivers a complete diagnostic to the handlers. */
  emitDiagnostic(diag: Diagnostic): void {
    this.flush()
    this.dispatch(diag)
  }
  /** @internal */
  deliver(d: InFlightDiagnostic): void {
    if (this.pending === d) {
      this.pending = null
    }
    this.dispatch(d.diagnostic)
  }
  /** @internal */
  forget(d: InFlightDiagnostic): void {
    if (this.pending === d) {
      this.pending = null
    }
  }
  private dispatch(diag: Diagnostic): void {
    for (let i = this.handlers.length - 1; i >= 0; i--) {
      if (this.handlers[i]!.fn(diag)) {
        return
      }
    }
    this.defaultHandler(diag)
  }
}
