import { setLexerNestingWatch, type LexerNestingWatch } from '@tilepass/ir'
import { TOOL_LIBRARY } from './toolLoaders.lazy.ts'
import { withToolIO, type ToolIO } from '../ToolIO.ts'

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

/** The main-thread run in progress, told the decoded text of its input (see `decodeInput`). */
let currentRun: MainThreadRun | null = null

/** Makes `run` the main-thread run in progress (null: none), and the lexers' nesting watch. */
function watchRun(run: MainThreadRun | null): void {
  currentRun = run
  setLexerNestingWatch(run)
}

/**
 * @internal Decodes a tool's input bytes as UTF-8, a byte-order mark kept (as MLIR reads
 * it). In a main-thread run, the text is noted as the input's, so that the run knows when
 * a lexer has read all of it.
 */
export function decodeInput(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  currentRun?.noteInputText(bytes, text)
  return text
}

/**
 * @internal A run of a tool on the main thread, which must be abandoned (with a
 * `LargeStackRequired`) before it writes anything when its input nests more deeply than
 * `MAIN_THREAD_MAX_NESTING`. The input (the first file the tool reads) is not scanned up
 * front: the run is the lexers' nesting watch, and the first lexer to pass the limit
 * abandons it. A run that writes before the lexers have read the whole input (the output
 * of a `--split-input-file` chunk, a diagnostic) scans the input at its first write.
 */
export class MainThreadRun implements LexerNestingWatch {
  readonly limit = MAIN_THREAD_MAX_NESTING
  /** The error that abandoned the run when something caught it before it reached the launcher; null otherwise. */
  abandoned: LargeStackRequired | null = null
  /** Whether the run has written anything (it cannot be run again in the worker after). */
  private written = false
  /** Whether the input has been read, and its path. */
  private inputPath: string | null = null
  private inputBytes: Uint8Array | null = null
  /** The input's text, once known: when a lexer reaches its end, all of the input nests shallowly. */
  private inputText: string | null = null
  /** Whether the whole input is known to nest shallowly (a lexer read all of it, or it was scanned). */
  private inputChecked = false

  /** Starts the run: returns `io` with its reads and writes watched, and watches the lexers. */
  start(io: ToolIO): ToolIO {
    watchRun(this)
    const { readFileBytes, readFile, stdout, stderr, writeFile, stdoutBytes, writeFileBytes, writeFileChunks } = io
    const write =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A): void => {
        this.beforeWrite()
        fn(...args)
      }
    return withToolIO(io, {
      readFile: (path) => {
        const text = readFile(path)
        if (this.inputPath === null) {
          this.inputText = text
          this.readInput(path, null)
        }
        return text
      },
      ...(readFileBytes === undefined
        ? {}
        : {
            readFileBytes: (path: string) => {
              const bytes = readFileBytes(path)
              if (this.inputPath === null) {
                if (bytes.length > MAX_SCANNED_BYTES || TOOL_LIBRARY.isTileIRBytecode()(bytes)) {
                  throw new LargeStackRequired(path === '-' ? bytes : null)
                }
                this.readInput(path, bytes)
              }
              return bytes
            },
          }),
      stdout: write(stdout),
      stderr: write(stderr),
      writeFile: write(writeFile),
      ...(stdoutBytes === undefined ? {} : { stdoutBytes: write(stdoutBytes) }),
      ...(writeFileBytes === undefined ? {} : { writeFileBytes: write(writeFileBytes) }),
      ...(writeFileChunks === undefined ? {} : { writeFileChunks: write(writeFileChunks) }),
    })
  }

  /** Ends the run: the lexers are no longer watched. */
  end(): void {
    watchRun(null)
  }

  tooDeep(): void {
    if (this.written) {
      // Not the input, which was scanned at the first write: another text the run parses.
      return
    }
    this.abandon()
  }

  reachedEnd(src: string): void {
    if (!this.inputChecked && src === this.inputText) {
      this.inputChecked = true
    }
  }

  /** Notes the text decoded from the input's bytes. */
  noteInputText(bytes: Uint8Array, text: string): void {
    if (bytes === this.inputBytes) {
      this.inputText = text
    }
  }

  private readInput(path: string, bytes: Uint8Array | null): void {
    this.inputPath = path
    this.inputBytes = bytes
    if (this.written) {
      // Output already went out, so the run cannot wait for the lexers: decide now.
      this.checkInput()
    }
  }

  private beforeWrite(): void {
    if (this.written) {
      return
    }
    if (this.abandoned !== null) {
      // The watch's error was caught and turned into output: the run is abandoned still.
      throw this.abandoned
    }
    if (this.inputPath !== null && !this.inputChecked) {
      this.checkInput()
    }
    this.written = true
  }

  /** Scans the whole input for its nesting, as the lexers would. */
  private checkInput(): void {
    this.inputChecked = true
    if (nestsDeeperThan(this.bytes(), MAIN_THREAD_MAX_NESTING)) {
      this.abandon()
    }
  }

  /** Abandons the run: throws the error that sends it to the worker (and keeps it). */
  private abandon(): never {
    const error = new LargeStackRequired(this.inputPath === '-' ? this.bytes() : null)
    if (!this.written) {
      this.abandoned = error
    }
    throw error
  }

  /** The input's bytes (encoded from its text when it was read as text). */
  private bytes(): Uint8Array {
    this.inputBytes ??= new TextEncoder().encode(this.inputText ?? '')
    return this.inputBytes
  }
}
