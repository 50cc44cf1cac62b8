/**
 * @internal Bracket nesting that the main thread's stack (about 1 MB) handles with a wide
 * margin: it ended at about 700 nested regions, and each region opens two brackets.
 */
export const MAIN_THREAD_MAX_NESTING = 256

/**
 * @internal Inputs larger than this run in the worker without being scanned: the scan
 * (about 5 ns a byte) would cost more than starting the worker (about 35 ms).
 */
export const MAX_SCANNED_BYTES = 8 << 20

/**
 * @internal Thrown by the ToolIO of a main-thread run when the input nests deeper than
 * `MAIN_THREAD_MAX_NESTING` (or is bytecode, whose reader recurses too): the tools let it
 * pass and the launcher runs the tool again in a worker thread with a large stack. It is
 * thrown by the first read, before the tool has written anything.
 */
export class LargeStackRequired extends Error {
  /** The input already read from standard input, which the worker cannot read again; null for files. */
  readonly stdin: Uint8Array | null

  constructor(stdin: Uint8Array | null) {
    super('the input nests too deeply for the main thread')
    this.name = 'LargeStackRequired'
    this.stdin = stdin
  }
}

/** @internal Rethrows `error` when it asks for a rerun with a large stack (see `LargeStackRequired`). */
export function rethrowLargeStackRequired(error: unknown): void {
  if (error instanceof LargeStackRequired) {
    throw error
  }
}

const OPEN = 1
const CLOSE = 2
const GREATER = 3
const QUOTE = 4
const SLASH = 5

const MINUS = 0x2d
const EQUAL = 0x3d
const QUOTE_CHAR = 0x22
const BACKSLASH = 0x5c
const SLASH_CHAR = 0x2f
const NEWLINE = 0x0a

/** The class of each byte: 0 for the many that matter to no bracket. */
const BYTE_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(256)
  for (const c of '([{<') {
    table[c.charCodeAt(0)] = OPEN
  }
  for (const c of ')]}') {
    table[c.charCodeAt(0)] = CLOSE
  }
  table[0x3e] = GREATER
  table[QUOTE_CHAR] = QUOTE
  table[SLASH_CHAR] = SLASH
  return table
})()

/**
 * @internal Whether the brackets of `bytes` (MLIR text, UTF-8) nest deeper than `limit`.
 * Strings and `//` comments are skipped; `->` and `>=` close nothing, so the estimate errs
 * towards deeper (a deep input is never taken for a shallow one). Linear, allocates nothing;
 * a table lookup per byte keeps it fast before V8 optimizes it (it runs once per process).
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  const n = bytes.length
  let depth = 0
  for (let i = 0; i < n; i++) {
    const kind = BYTE_CLASS[bytes[i]!]!
    if (kind === 0) {
      continue
    }
    if (kind === OPEN) {
      if (++depth > limit) {
        return true
      }
    } else if (kind === CLOSE) {
      if (depth > 0) {
        depth--
      }
    } else if (kind === GREATER) {
      if (depth > 0 && bytes[i - 1] !== MINUS && bytes[i + 1] !== EQUAL) {
        depth--
      }
    } else if (kind === QUOTE) {
      for (i++; i < n && bytes[i] !== QUOTE_CHAR; i++) {
        if (bytes[i] === BACKSLASH) {
          i++
        }
      }
    } else if (bytes[i + 1] === SLASH_CHAR) {
      while (i < n && bytes[i] !== NEWLINE) {
        i++
      }
    }
  }
  return false
}
