import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs'

/**
 * What a command-line tool's `main` may touch of the outside world. Passing it in keeps
 * `main` testable in memory and runnable wherever a host can supply the three functions.
 */
export interface ToolIO {
  /** Writes text to standard output. */
  readonly stdout: (text: string) => void
  /** Writes text to standard error. */
  readonly stderr: (text: string) => void
  /**
   * Returns the contents of a file as UTF-8 text, or of standard input when `path` is `-`.
   * Throws an `Error` whose message says why the file cannot be read (`No such file or directory`).
   */
  readonly readFile: (path: string) => string
  /** Writes `text` to the file at `path` (replacing it); throws an `Error` saying why it cannot. */
  readonly writeFile: (path: string, text: string) => void
  /** Like `readFile`, without decoding: for binary inputs (Tile IR bytecode). Optional. */
  readonly readFileBytes?: (path: string) => Uint8Array
  /** Writes bytes to standard output (binary outputs). Optional. */
  readonly stdoutBytes?: (bytes: Uint8Array) => void
  /** Writes bytes to the file at `path` (replacing it). Optional. */
  readonly writeFileBytes?: (path: string, bytes: Uint8Array) => void
  /**
   * Writes the concatenation of `chunks` to the file at `path` without joining them (output
   * larger than a JavaScript string can be); when absent, `writeFile` gets the joined text.
   */
  readonly writeFileChunks?: (path: string, chunks: readonly string[]) => void
  /** Whether standard error is a terminal (progress lines are drawn only there). Optional. */
  readonly stderrIsTTY?: boolean
}

/**
 * @internal A copy of `io` with `overrides` in place of its members, made without reading them: a
 * getter (as `nodeToolIO`'s `stderrIsTTY`) stays a getter, where a spread would call it.
 */
export function withToolIO(io: ToolIO, overrides: Partial<ToolIO>): ToolIO {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as ToolIO
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(overrides))
}

// The wording of strerror(3), which mlir-opt prints for the same failures.
const ERRNO_MESSAGES: Readonly<Record<string, string>> = {
  ENOENT: 'No such file or directory',
  EACCES: 'Permission denied',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
}

/** Runs a file-system call, turning its error into one with strerror's wording. */
function withErrno<T>(fn: () => T): T {
  try {
    return fn()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const message = code === undefined ? undefined : ERRNO_MESSAGES[code]
    throw new Error(message ?? (error as Error).message, { cause: error })
  }
}

/**
 * Returns the `ToolIO` of the current Node.js process. Its `stderrIsTTY` is a getter that
 * looks at `process.stderr` only when asked: creating that stream loads Node's stream
 * modules, a millisecond or two of every start-up that most runs do not need (a spread
 * of the object calls the getter; copy its property descriptors instead).
 */
export function nodeToolIO(): ToolIO {
  return {
    get stderrIsTTY(): boolean {
      return process.stderr.isTTY === true
    },
    readFileBytes: (path) => withErrno(() => readFileSync(path === '-' ? 0 : path)),
    stdoutBytes: (bytes) => {
      process.stdout.write(bytes)
    },
    writeFileBytes: (path, bytes) => withErrno(() => writeFileSync(path, bytes)),
    stdout: (text) => {
      process.stdout.write(text)
    },
    stderr: (text) => {
      process.stderr.write(text)
    },
    readFile: (path) => withErrno(() => readFileSync(path === '-' ? 0 : path, 'utf8')),
    writeFile: (path, text) => withErrno(() => writeFileSync(path, text)),
    writeFileChunks: (path, chunks) => {
      const fd = withErrno(() => openSync(path, 'w'))
      try {
        withErrno(() => {
          for (const chunk of chunks) {
            writeSync(fd, chunk)
          }
        })
      } finally {
        closeSync(fd)
      }
    },
  }
}
