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

const LEFT_PAREN = 0x28
const RIGHT_PAREN = 0x29
const LEFT_BRACKET = 0x5b
const RIGHT_BRACKET = 0x5d
const LEFT_BRACE = 0x7b
const RIGHT_BRACE = 0x7d
const LESS = 0x3c
const GREATER = 0x3e
const MINUS = 0x2d
const EQUAL = 0x3d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const SLASH = 0x2f
const NEWLINE = 0x0a

/**
 * @internal Whether the brackets of `bytes` (MLIR text, UTF-8) nest deeper than `limit`.
 * Strings and `//` comments are skipped; `->` and `>=` close nothing, so the estimate errs
 * towards deeper (a deep input is never taken for a shallow one). Linear, allocates nothing.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  const n = bytes.length
  let depth = 0
  for (let i = 0; i < n; i++) {
    switch (bytes[i]) {
      case LEFT_PAREN:
      case LEFT_BRACKET:
      case LEFT_BRACE:
      case LESS:
        if (++depth > limit) {
          return true
        }
        break
      case RIGHT_PAREN:
      case RIGHT_BRACKET:
      case RIGHT_BRACE:
        if (depth > 0) {
          depth--
        }
        break
      case GREATER:
        if (depth > 0 && bytes[i - 1] !== MINUS && bytes[i + 1] !== EQUAL) {
          depth--
        }
        break
      case QUOTE:
        for (i++; i < n && bytes[i] !== QUOTE; i++) {
          if (bytes[i] === BACKSLASH) {
            i++
          }
        }
        break
      case SLASH:
        if (bytes[i + 1] === SLASH) {
          while (i < n && bytes[i] !== NEWLINE) {
            i++
          }
        }
        break
      default:
        break
    }
  }
  return false
}
