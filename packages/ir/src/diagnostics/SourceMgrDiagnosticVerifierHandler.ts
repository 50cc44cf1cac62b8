import type { Context } from '../Context.ts'
import type { Diagnostic, DiagnosticSeverity } from '../Diagnostics.ts'
import type { Location } from '../Location.ts'
import type { LogicalResult } from '../LogicalResult.ts'
import { Regex } from '../Regex.ts'
import type { SourceBuffer, SourceMgr } from '../SourceMgr.ts'
import { findFileLineColLoc } from './locationUtils.ts'
import { SourceMgrDiagnosticHandler, type SourceMgrDiagnosticHandlerOptions } from './SourceMgrDiagnosticHandler.ts'

/** What `--verify-diagnostics` checks: everything, or only that the expected diagnostics appear. */
export type DiagnosticVerifierLevel = 'all' | 'only-expected'

/** One `expected-<kind>[-re][@<where>] {{text}}` designator found in a buffer. */
class ExpectedDiag {
  matched = false
  regex: Regex | null = null
  constructor(
    readonly kind: DiagnosticSeverity,
    /** The 1-based line the diagnostic must be reported on. */
    public lineNo: number,
    /** The buffer that holds the designator; null for `@unknown`. */
    public buffer: SourceBuffer | null,
    /** Offset of `expected-` in the buffer. */
    readonly offset: number,
    /** The text between the outer `{{` and `}}`. */
    readonly substring: string,
  ) {}

  match(message: string): boolean {
    const re = this.regex
    return re !== null ? re.match(message) : message.includes(this.substring)
  }
}

// Matches a designator anywhere in a line (LLVM's `Regex::match` is a search).
const DESIGNATOR = /expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$/

/**
 * Checks the diagnostics of a context against `expected-*` designators in the source
 * buffers, as MLIR's `SourceMgrDiagnosticVerifierHandler`. Matching diagnostics are
 * swallowed; others are reported as `unexpected <kind>: msg` (or as a near miss when
 * only the severity differs). `verify()` reports expectations that were not produced
 * and returns the overall status.
 */
export class SourceMgrDiagnosticVerifierHandler extends SourceMgrDiagnosticHandler {
  private status: LogicalResult = true
  private readonly expectedPerFile = new Map<string, ExpectedDiag[]>()
  private readonly expectedUnknown: ExpectedDiag[] = []

  constructor(
    sourceMgr: SourceMgr,
    context: Context | null,
    output: (text: string) => void,
    readonly level: DiagnosticVerifierLevel = 'all',
    options: SourceMgrDiagnosticHandlerOptions = {},
  ) {
    super(sourceMgr, context, output, options)
    for (const buf of sourceMgr.getBuffers()) { this.computeExpectedDiags(buf) }
  }

  override emitDiagnostic(diag: Diagnostic): void {
    this.process(diag.location, diag.message, diag.severity)
    for (const note of diag.notes) { this.process(note.location, note.message, note.severity) }
  }

  /**
   * Reports every expected diagnostic that was not produced and returns the status:
   * failure when anything did not match. Per-file expectations are checked once.
   */
  verify(): LogicalResult {
    for (const list of this.expectedPerFile.values()) { for (const e of list) { this.checkProduced(e) } }
    for (const e of this.expectedUnknown) { this.checkProduced(e) }
    this.expectedPerFile.clear()
    return this.status
  }

  /** Runs the final check (as MLIR's destructor does, so `@unknown` misses print again) and unregisters. */
  override dispose(): void {
    this.verify()
    super.dispose()
  }

  private checkProduced(e: ExpectedDiag): void {
    if (!e.matched) { this.status = this.emitExpectedError(e, `expected ${e.kind} "${e.substring}" was not produced`) }
  }

  private emitExpectedError(e: ExpectedDiag, message: string): false {
    if (e.buffer === null) {
      this.output(this.sourceMgr.printMessageWithoutLocation('error', message))
    } else {
      const range = { start: e.offset, end: e.offset + e.substring.length }
      this.output(this.sourceMgr.printMessage(e.buffer, e.offset, 'error', message, [range]))
    }
    return false
  }

  private process(loc: Location, message: string, kind: DiagnosticSeverity): void {
    const fileLoc = findFileLineColLoc(loc)
    let diags: readonly ExpectedDiag[]
    if (fileLoc !== null) {
      const known = this.expectedPerFile.get(fileLoc.filename)
      if (known !== undefined) { diags = known }
      else {
        const buf = this.sourceMgr.findBuffer(fileLoc.filename)
        diags = buf === null ? [] : this.computeExpectedDiags(buf)
      }
    } else {
      diags = this.expectedUnknown
    }
    let nearMiss: ExpectedDiag | null = null
    for (const e of diags) {
      if (fileLoc !== null && fileLoc.line !== e.lineNo) { continue }
      if (!e.match(message)) { continue }
      if (e.kind === kind) {
        e.matched = true
        return
      }
      nearMiss = e
    }
    if (this.level === 'only-expected') { return }
    if (nearMiss !== null) {
      const text = `'${kind}' diagnostic emitted when expecting a '${nearMiss.kind}'`
      if (nearMiss.buffer === null) { this.output(this.sourceMgr.printMessageWithoutLocation('error', text)) }
      else { this.output(this.sourceMgr.printMessage(nearMiss.buffer, nearMiss.offset, 'error', text)) }
    } else {
      this.emitAt(loc, `unexpected ${kind}: ${message}`, 'error', true)
    }
    this.status = false
  }

  private computeExpectedDiags(buf: SourceBuffer): ExpectedDiag[] {
    let expected = this.expectedPerFile.get(buf.name)
    if (expected === undefined) {
      expected = []
      this.expectedPerFile.set(buf.name, expected)
    }
    const text = buf.text
    // Most inputs have no designators; splitting a large buffer into lines is not free.
    if (!text.includes('expected-')) {
      return expected
    }
    const lines = text.split('\n')
    const numLines = lines.length
    let lastNonDesignatorLine = 0
    const designatorsForNextLine: number[] = []
    let lineStart = 0
    for (let lineNo = 0; lineNo < numLines; lineNo++) {
      const line = lines[lineNo]!
      const start = lineStart
      lineStart += line.length + 1
      const m = line.includes('expected-') ? DESIGNATOR.exec(rtrim(line)) : null
      if (m === null) {
        for (const i of designatorsForNextLine) { expected[i]!.lineNo = lineNo + 1 }
        designatorsForNextLine.length = 0
        lastNonDesignatorLine = lineNo
        continue
      }
      const record = new ExpectedDiag(m[1] as DiagnosticSeverity, lineNo + 1, buf, start + m.index, m[5]!)
      if (m[2] !== undefined) {
        const regex = this.computeRegex(record)
        if (regex === null) {
          this.status = false
          continue
        }
        record.regex = regex
      }
      const where = m[4]
      if (where !== undefined) {
        const c = where.charCodeAt(0)
        if (c === 0x2b || c === 0x2d) {
          const offset = parseDesignatorOffset(where.slice(1))
          record.lineNo += c === 0x2b ? offset : -offset
        } else if (where === 'unknown') {
          record.buffer = null
          this.expectedUnknown.push(record)
          continue
        } else if (where === 'above') {
          record.lineNo = lastNonDesignatorLine + 1
        } else {
          designatorsForNextLine.push(expected.length)
          // A `@below` with no line after it stays on the last line.
          record.lineNo = numLines
        }
      }
      expected.push(record)
    }
    return expected
  }

  /**
   * Builds the matcher of an `expected-*-re` designator: text outside `{{...}}` is literal,
   * each `{{...}}` segment is an LLVM regex, checked on its own before the whole is compiled.
   */
  private computeRegex(record: ExpectedDiag): Regex | null {
    let source = ''
    let rest = record.substring
    while (rest.length > 0) {
      const open = rest.indexOf('{{')
      if (open < 0) {
        source += Regex.escape(rest)
        break
      }
      source += Regex.escape(rest.slice(0, open))
      rest = rest.slice(open + 2)
      const close = rest.indexOf('}}')
      if (close < 0) {
        this.emitExpectedError(record, "found start of regex with no end '}}'")
        return null
      }
      const part = rest.slice(0, close)
      const partRegex = Regex.compile(part)
      if (typeof partRegex === 'string') {
        this.emitExpectedError(record, `invalid regex: ${partRegex}`)
        return null
      }
      source += `(${part})`
      rest = rest.slice(close + 2)
    }
    const regex = Regex.compile(source)
    if (typeof regex === 'string') {
      this.emitExpectedError(record, `invalid regex: ${regex}`)
      return null
    }
    return regex
  }
}

function rtrim(s: string): string {
  let end = s.length
  while (end > 0) {
    const c = s.charCodeAt(end - 1)
    if (c !== 0x20 && (c < 0x09 || c > 0x0d)) { break }
    end--
  }
  return s.slice(0, end)
}

// `getAsInteger` with radix 0: a leading 0 means octal.
function parseDesignatorOffset(digits: string): number {
  if (digits.length > 1 && digits.charCodeAt(0) === 0x30) {
    const v = parseInt(digits, 8)
    return /^[0-7]+$/.test(digits) ? v : 0
  }
  return parseInt(digits, 10)
}
