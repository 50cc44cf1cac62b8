import type { DiagnosticSeverity } from './Diagnostics.ts'

const CH_LF = 10
const CH_CR = 13
const CH_TAB = 9
const TAB_STOP = 8

/**
 * One named source buffer with a lazily built table of line starts, so that offsets
 * become 1-based line and column numbers by binary search.
 */
export class SourceBuffer {
  private lineStarts: number[] | null = null
  constructor(
    /** The buffer identifier: the file name, or `<stdin>`. */
    readonly name: string,
    /** The whole text. */
    readonly text: string,
  ) {}

  /** Offsets at which each line starts (line 1 starts at 0); only `\n` ends a line. */
  getLineStarts(): readonly number[] {
    let starts = this.lineStarts
    if (starts === null) {
      starts = [0]
      const text = this.text
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
        starts.push(i + 1)
      }
      this.lineStarts = starts
    }
    return starts
  }

  /** Number of lines, counting the (possibly empty) text after the last newline. */
  get numLines(): number {
    return this.getLineStarts().length
  }

  /** The 1-based line that contains `offset`. */
  getLineNumber(offset: number): number {
    const starts = this.getLineStarts()
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) {
        lo = mid
      } else {
        hi = mid - 1
      }
    }
    return lo + 1
  }

  /** The 1-based column of `offset` in its line, in UTF-8 bytes as MLIR counts columns. */
  getColumnNumber(offset: number): number {
    return this.getByteColumn(offset)
  }

  /**
   * The offset of 1-based `line` and `column`, or -1 when the position is not in the
   * buffer. Like LLVM's `FindLocForLineAndColumn`, column 0 means the line start and
   * a column may point at the line's end (its newline) but not past it.
   */
  findOffset(line: number, column: number): number {
    const starts = this.getLineStarts()
    if (line < 1 || line > starts.length) { return -1 }
    const start = starts[line - 1]!
    // Columns count UTF-8 bytes, as MLIR's do; the text is indexed by UTF-16 units.
    const bytes = column === 0 ? 0 : column - 1
    const text = this.text
    let i = start
    let seen = 0
    while (seen < bytes) {
      if (i >= text.length) { return -1 }
      const c = text.charCodeAt(i)
      if (c === CH_LF || c === CH_CR) { return -1 }
      if (c < 0x80) {
        seen += 1
        i += 1
      } else if (c < 0x800) {
        seen += 2
        i += 1
      } else if (c >= 0xd800 && c < 0xdc00) {
        seen += 4
        i += 2
      } else {
        seen += 3
        i += 1
      }
    }
    return i
  }

  /** The 1-based column, in UTF-8 bytes as MLIR counts, of `offset` in its line. */
  getByteColumn(offset: number): number {
    const text = this.text
    let lineStart = offset
    while (lineStart > 0) {
      const c = text.charCodeAt(lineStart - 1)
      if (c === CH_LF || c === CH_CR) { break }
      lineStart--
    }
    return utf8Length(text, lineStart, offset) + 1
  }
}

function utf8Length(text: string, start: number, end: number): number {
  let n = 0
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) { n += 1 }
    else if (c < 0x800) { n += 2 }
    else if (c >= 0xd800 && c < 0xdc00) {
      n += 4
      i++
    } else { n += 3 }
  }
  return n
}

/** A half-open range of offsets `[start, end)` in a buffer, underlined with `~`. */
export interface SourceRange {
  readonly start: number
  readonly end: number
}

/**
 * Owns the source buffers of a tool invocation and renders messages against them the
 * way LLVM's `SourceMgr::PrintMessage` does: `file:line:col: error: msg`, then the
 * source line (tabs expanded to stops of 8) and a caret line.
 */
export class SourceMgr {
  private readonly buffers: SourceBuffer[] = []
  private readonly byName = new Map<string, SourceBuffer | null>()
  /**
   * Loads a file that no buffer holds yet (MLIR's `AddIncludeFile`), for locations that
   * name other files; returns undefined when it cannot be read. Null disables loading.
   */
  fileLoader: ((name: string) => string | undefined) | null = null

  /** Adds a buffer named `name` and returns it. */
  addBuffer(text: string, name: string): SourceBuffer {
    const buf = new SourceBuffer(name, text)
    this.buffers.push(buf)
    if (!this.byName.has(name) || this.byName.get(name) === null) {
      this.byName.set(name, buf)
    }
    return buf
  }

  /** The buffers, in the order they were added. */
  getBuffers(): readonly SourceBuffer[] {
    return this.buffers
  }

  /** The main (first) buffer, or null when there is none. */
  get mainBuffer(): SourceBuffer | null {
    return this.buffers[0] ?? null
  }

  /** The buffer named `name`, loading the file through `fileLoader` on first request. */
  findBuffer(name: string): SourceBuffer | null {
    const known = this.byName.get(name)
    if (known !== undefined) {
      return known
    }
    let buf: SourceBuffer | null = null
    const loader = this.fileLoader
    if (loader !== null) {
      const text = loader(name)
      if (text !== undefined) {
        buf = new SourceBuffer(name, text)
        this.buffers.push(buf)
      }
    }
    this.byName.set(name, buf)
    return buf
  }

  /**
   * Renders a message at `offset` in `buffer` with the source line and caret, with
   * optional ranges underlined. The result ends with a newline.
   */
  printMessage(
    buffer: SourceBuffer,
    offset: number,
    kind: DiagnosticSeverity,
    message: string,
    ranges: readonly SourceRange[] = [],
  ): string {
    const text = buffer.text
    let lineStart = offset
    while (lineStart > 0) {
      const c = text.charCodeAt(lineStart - 1)
      if (c === CH_LF || c === CH_CR) {
        break
      }
      lineStart--
    }
    let lineEnd = offset
    while (lineEnd < text.length) {
      const c = text.charCodeAt(lineEnd)
      if (c === CH_LF || c === CH_CR) {
        break
      }
      lineEnd++
    }
    const colRanges: [number, number][] = []
    for (const r of ranges) {
      if (r.start > lineEnd || r.end < lineStart) {
        continue
      }
      colRanges.push([Math.max(r.start, lineStart) - lineStart, Math.min(r.end, lineEnd) - lineStart])
    }
    const line = buffer.getLineNumber(offset)
    const column = offset - lineStart
    const byteColumn = utf8Length(text, lineStart, offset) + 1
    const head = `${buffer.name === '-' ? '<stdin>' : buffer.name}:${line}:${byteColumn}: `
    return head + kindLabel(kind) + message + '\n' + renderSourceLine(text.slice(lineStart, lineEnd), column, colRanges)
  }

  /** Renders a message that has no position: `<unknown>:0: error: msg`. */
  printMessageWithoutLocation(kind: DiagnosticSeverity, message: string): string {
    return `<unknown>:0: ${kindLabel(kind)}${message}\n`
  }
}

/** Renders `file:line:col: kind: message` with no source line (LLVM's `SMDiagnostic` built from a string). */
export function printMessageAtPosition(position: string, kind: DiagnosticSeverity, message: string): string {
  return `${position === '-' ? '<stdin>' : position}: ${kindLabel(kind)}${message}\n`
}

function kindLabel(kind: DiagnosticSeverity): string {
  return kind + ': '
}

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 127) {
      return true
    }
  }
  return false
}

function expandTabs(line: string): string {
  if (line.indexOf('\t') < 0) {
    return line
  }
  let out = ''
  let col = 0
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c !== CH_TAB) {
      out += line[i]
      col++
      continue
    }
    do {
      out += ' '
      col++
    } while (col % TAB_STOP !== 0)
  }
  return out
}

/** The source line and its caret line, as LLVM's `SMDiagnostic::print` lays them out. */
function renderSourceLine(line: string, column: number, ranges: readonly [number, number][]): string {
  // LLVM cannot align columns past multi-byte characters, so it shows the line alone.
  if (hasNonAscii(line)) {
    return expandTabs(line) + '\n'
  }
  const numColumns = line.length
  const caret: string[] = new Array<string>(numColumns + 1).fill(' ')
  for (const [s, e] of ranges) {
    for (let i = s; i < e; i++) {
      caret[i] = '~'
    }
  }
  caret[column <= numColumns ? column : numColumns] = '^'
  let last = caret.length - 1
  while (last >= 0 && caret[last] === ' ') {
    last--
  }
  let caretLine = ''
  let outCol = 0
  for (let i = 0; i <= last; i++) {
    const ch = caret[i]!
    if (i >= line.length || line.charCodeAt(i) !== CH_TAB) {
      caretLine += ch
      outCol++
      continue
    }
    do {
      caretLine += ch
      outCol++
    } while (outCol % TAB_STOP !== 0)
  }
  return expandTabs(line) + '\n' + caretLine + '\n'
}
