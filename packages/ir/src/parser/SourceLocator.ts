import type { Context } from '../Context.ts'
import { FileLineColLoc, type LocationSource } from '../Location.ts'

/**
 * @internal Turns byte offsets of a source buffer into `file:line:col` locations: the
 * parser's diagnostics use it, and operations parsed from the buffer keep it to make their
 * location on first use (see `Operation.location`). Line starts are found lazily, as far as
 * the largest offset asked for; columns count UTF-8 bytes, as LLVM's SourceMgr does.
 */
/** Line starts the locator has room for before its table first grows. */
const INITIAL_LINES = 256

/**
 * The next size of a full line table of `n` entries, the `n`-th line starting at `offset`
 * of a source of `length` characters: room for the lines the rest of the source holds at
 * the average line length so far, plus an eighth, between twice and 256 times `n`. The
 * arrays a table outgrows stay allocated until a full garbage collection: grown by
 * doubling, a million-line table would leave as much again (8 MB) behind; grown by
 * estimate, a few hundred kilobytes.
 */
function grownLineTableSize(n: number, offset: number, length: number): number {
  const estimate = Math.ceil((length / Math.max(offset, 1)) * n * 1.125) + 16
  return Math.max(n * 2, Math.min(estimate, n * 256))
}

export class SourceLocator implements LocationSource {
  readonly context: Context
  readonly src: string
  readonly filename: string
  // Offsets of the line starts found so far (the first `numLines` entries), in a typed
  // array grown by doubling: a million-line file would otherwise make an 8 MB array of
  // numbers on the heap, and as many again in the copies left behind while it grows.
  private lineStarts: Int32Array = new Int32Array(INITIAL_LINES)
  private numLines = 1
  private lineScanEnd = 0
  private lastLine = 0
  // Extra UTF-8 bytes seen on line `colLine` between its start and `colScanned`.
  private colLine = -1
  private colScanned = 0
  private colExtra = 0
  /** @internal See `LocationSource.sharedOpExtras`. */
  sharedOpExtras: unknown = null

  constructor(context: Context, src: string, filename: string) {
    this.context = context
    this.src = src
    this.filename = filename
  }

  /** The location of `offset`. */
  locationAt(offset: number): FileLineColLoc {
    const l = this.lineIndexOf(offset)
    return FileLineColLoc.get(this.context, this.filename, l + 1, this.columnOf(l, offset))
  }

  /** The 1-based `[line, column]` of `offset`. */
  lineCol(offset: number): [number, number] {
    const l = this.lineIndexOf(offset)
    return [l + 1, this.columnOf(l, offset)]
  }

  /** 0-based line index of `offset`; line starts are discovered lazily as offsets advance. */
  private lineIndexOf(offset: number): number {
    if (offset >= this.lineScanEnd) {
      const src = this.src
      let i = src.indexOf('\n', this.lineScanEnd)
      let n = this.numLines
      let table = this.lineStarts
      while (i >= 0 && i < offset) {
        if (n === table.length) {
          const grown = new Int32Array(grownLineTableSize(n, i, src.length))
          grown.set(table)
          table = grown
          this.lineStarts = grown
        }
        table[n++] = i + 1
        i = src.indexOf('\n', i + 1)
      }
      this.numLines = n
      this.lineScanEnd = i < 0 ? src.length : i
      if (i < 0) {
        this.lineScanEnd = src.length + 1
      }
    }
    const starts = this.lineStarts
    let l = this.lastLine
    const n = this.numLines
    if (l < n && starts[l]! <= offset && (l + 1 >= n || starts[l + 1]! > offset)) {
      return l
    }
    if (l + 1 < n && starts[l + 1]! <= offset && (l + 2 >= n || starts[l + 2]! > offset)) {
      this.lastLine = l + 1
      return l + 1
    }
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) {
        lo = mid
      }
      else {
        hi = mid - 1
      }
    }
    l = lo
    this.lastLine = l
    return l
  }

  private columnOf(line: number, offset: number): number {
    const lineStart = this.lineStarts[line]!
    if (line !== this.colLine || offset < this.colScanned) {
      this.colLine = line
      this.colScanned = lineStart
      this.colExtra = 0
    }
    const src = this.src
    let extra = this.colExtra
    for (let p = this.colScanned; p < offset; p++) {
      const c = src.charCodeAt(p)
      if (c >= 0x80) {
        // 2 bytes below 0x800; 3 for other BMP characters; a surrogate pair (4 bytes) adds 1 per unit.
        extra += c < 0x800 ? 1 : c >= 0xd800 && c <= 0xdfff ? 1 : 2
      }
    }
    this.colScanned = offset
    this.colExtra = extra
    return offset - lineStart + extra + 1
  }
}
