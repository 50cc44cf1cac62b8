import type { Context } from '../Context.ts'
import type { Diagnostic, DiagnosticSeverity } from '../Diagnostics.ts'
import { UnknownLoc, type FileLineColLoc, type Location } from '../Location.ts'
import { SourceMgr, printMessageAtPosition, type SourceBuffer } from '../SourceMgr.ts'
import { findFileLineColLoc, getCallSiteLoc, printLocationInline } from './locationUtils.ts'

/** Options of a `SourceMgrDiagnosticHandler`. */
export interface SourceMgrDiagnosticHandlerOptions {
  /**
   * Prints a location that has no file position (`loc("name")`); the default prints the
   * common location kinds inline. The CLI passes the IR printer's location printer.
   */
  readonly printLocation?: (loc: Location) => string
}

/**
 * Renders every diagnostic of a context against the buffers of a `SourceMgr`, as
 * MLIR's `SourceMgrDiagnosticHandler`: `file:line:col: error: msg`, the source line, a
 * caret, a `called from` note per call site frame, then the notes (a note repeats the
 * source line only when its location differs from the previous one). Register it
 * with the constructor; `dispose()` unregisters it.
 */
export class SourceMgrDiagnosticHandler {
  /** How many `called from` frames are shown for a call site location. */
  callStackLimit = 10
  private handlerId = 0
  private attached: Context | null = null
  protected readonly printLocation: (loc: Location) => string

  constructor(
    readonly sourceMgr: SourceMgr,
    /** The context to register with now; null to `attach` one later. */
    context: Context | null,
    /** Where the rendered text goes (standard error in the CLI). */
    readonly output: (text: string) => void,
    options: SourceMgrDiagnosticHandlerOptions = {},
  ) {
    this.printLocation = options.printLocation ?? printLocationInline
    if (context !== null) { this.attach(context) }
  }

  /**
   * The one-call setup for a library user: a source manager holding `text` as `filename`
   * and a handler attached to `context` that writes mlir-opt-style diagnostics
   * (`filename:line:col: error: ...`, the source line, a caret) to `output` (standard
   * error by default). Parse with the same `filename` so locations resolve.
   */
  static forSource(
    context: Context,
    text: string,
    filename: string,
    output: (text: string) => void = writeStderr,
  ): SourceMgrDiagnosticHandler {
    const mgr = new SourceMgr()
    mgr.addBuffer(text, filename)
    return new SourceMgrDiagnosticHandler(mgr, context, output)
  }

  /**
   * Registers this handler with `context` (detaching it from the previous one), so one
   * handler can serve the fresh context of each `--split-input-file` chunk.
   */
  attach(context: Context): void {
    this.detach()
    this.attached = context
    this.handlerId = context.diagEngine.registerHandler((diag) => {
      this.emitDiagnostic(diag)
      return true
    })
  }

  /** Unregisters this handler from its context, if any. */
  detach(): void {
    if (this.attached !== null) {
      this.attached.diagEngine.unregisterHandler(this.handlerId)
      this.attached = null
      this.handlerId = 0
    }
  }

  /** Unregisters the handler from its context. */
  dispose(): void {
    this.detach()
  }

  /** Renders `diag`, its call stack and its notes. */
  emitDiagnostic(diag: Diagnostic): void {
    const stack: [Location, string][] = [[diag.location, '']]
    let loc = diag.location
    let callLoc = getCallSiteLoc(loc)
    if (callLoc !== null) {
      loc = callLoc.caller
      for (let depth = 0; depth < this.callStackLimit; depth++) {
        stack.push([loc, 'called from'])
        callLoc = getCallSiteLoc(loc)
        if (callLoc === null) { break }
        loc = callLoc.caller
      }
    }
    this.emitAt(stack[0]![0], diag.message, diag.severity, true)
    for (let i = 1; i < stack.length; i++) { this.emitAt(stack[i]![0], stack[i]![1], 'note', true) }
    for (const note of diag.notes) {
      this.emitAt(note.location, note.message, note.severity, loc !== note.location)
      loc = note.location
    }
  }

  /** Renders one message at `loc` (the first file position found in it). */
  protected emitAt(loc: Location, message: string, kind: DiagnosticSeverity, displaySourceLine: boolean): void {
    this.output(this.render(loc, message, kind, displaySourceLine))
  }

  /** The text of one message at `loc`. */
  protected render(loc: Location, message: string, kind: DiagnosticSeverity, displaySourceLine: boolean): string {
    const fileLoc = findFileLineColLoc(loc)
    if (fileLoc === null) {
      const text = loc instanceof UnknownLoc ? message : `${this.printLocation(loc)}: ${message}`
      return this.sourceMgr.printMessageWithoutLocation(kind, text)
    }
    if (displaySourceLine) {
      const pos = this.convertLoc(fileLoc)
      if (pos !== null) { return this.sourceMgr.printMessage(pos.buffer, pos.offset, kind, message) }
    }
    return printMessageAtPosition(`${fileLoc.filename}:${fileLoc.line}:${fileLoc.column}`, kind, message)
  }

  /** The buffer and offset of a file location, or null when it is not in a known buffer. */
  protected convertLoc(loc: FileLineColLoc): { buffer: SourceBuffer; offset: number } | null {
    if (loc.line === 0 || loc.column === 0) { return null }
    const buffer = this.sourceMgr.findBuffer(loc.filename)
    if (buffer === null) { return null }
    const offset = buffer.findOffset(loc.line, loc.column)
    return offset < 0 ? null : { buffer, offset }
  }
}

function writeStderr(text: string): void {
  process.stderr.write(text)
}
