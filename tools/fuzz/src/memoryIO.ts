import type { ToolIO } from '@tilepass/cli'

/** How a run ended: the exit code, the problem (null when clean) and, when rejected, the cause. */
export interface RunResult {
  readonly rc: number
  readonly problem: string | null
  /** The first error line, normalized (see `MemoryIO.firstError`); null when the run succeeded. */
  readonly diag: string | null
}

/** A `ToolIO` over in-memory files (text or bytes), collecting stdout (capped) and stderr. */
export class MemoryIO {
  out = ''
  err = ''
  readonly io: ToolIO

  constructor(readonly files: Map<string, string | Uint8Array>) {
    const read = (path: string): string | Uint8Array => {
      const f = files.get(path)
      if (f === undefined) {
        throw new Error('No such file or directory')
      }
      return f
    }
    this.io = {
      stdout: (t) => {
        this.out += t.length > 100_000 ? t.slice(0, 100_000) : t
      },
      stderr: (t) => {
        this.err += t
      },
      readFile: (path) => {
        const f = read(path)
        return typeof f === 'string' ? f : new TextDecoder().decode(f)
      },
      readFileBytes: (path) => {
        const f = read(path)
        return typeof f === 'string' ? new TextEncoder().encode(f) : f
      },
      writeFile: (path, text) => {
        files.set(path, text)
      },
      writeFileBytes: (path, bytes) => {
        files.set(path, bytes)
      },
      stdoutBytes: (bytes) => {
        this.out += `<${bytes.length} bytes>`
      },
    }
  }

  /**
   * The first error line of stderr (one that is not an `invalid regex` of a designator,
   * which does not fail a run by itself; else the first line) with locations, SSA names,
   * symbols and numbers blanked (`error: use of undeclared SSA value name`): the cause of a
   * rejection, for `--stats`. Null when stderr is empty.
   */
  firstError(): string | null {
    const lines = this.err.split('\n').filter((l) => l.trim() !== '')
    const at = lines.findIndex((l) => l.includes('error') && !l.includes('invalid regex'))
    // A message that starts on the next line (`<unknown>:0: error: ` then the pass pipeline parser's).
    const line = at < 0 ? lines[0] : lines[at]!.endsWith('error: ') ? lines[at]! + (lines[at + 1] ?? '').trim() : lines[at]
    if (line === undefined) {
      return null
    }
    return line
      .replace(/^\S+:\d+:\d+: /, '')
      .replace(/%[\w#.$-]+|@[\w.$-]+/g, '%…')
      .replace(/\d+/g, 'N')
      .slice(0, 160)
  }

  /**
   * Runs a tool's `main` and classifies the outcome: null when it ended cleanly (output, or
   * a message and an exit code), else the problem (an exception escaping `main`, an
   * `internal error`, or a non-zero exit without any message, except where the arguments ask
   * for a silent failure: see `failsSilently`).
   */
  run(main: (argv: readonly string[], io: ToolIO) => number, argv: readonly string[]): RunResult {
    let rc: number
    try {
      rc = main(argv, this.io)
    } catch (error) {
      return { rc: -1, problem: `exception escaped main: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, diag: null }
    }
    const diag = rc === 0 ? null : this.firstError()
    if (this.err.includes('internal error')) {
      return { rc, problem: this.err.slice(0, 4000), diag }
    }
    if (rc !== 0 && this.err.trim() === '' && this.out.trim() === '' && !(rc === 1 && failsSilently(argv))) {
      return { rc, problem: `exit code ${rc} without any message`, diag }
    }
    return { rc, problem: null, diag }
  }
}

/**
 * Whether `argv` may end in exit code 1 with no message: canonicalize with
 * `test-convergence` set fails the pass without a diagnostic when the patterns do not converge
 * within `max-iterations` (upstream's Canonicalizer calls signalPassFailure alone, and
 * mlir-opt exits 1 in silence).
 */
export function failsSilently(argv: readonly string[]): boolean {
  return argv.some((a) => /\btest-convergence=(?:true|TRUE|True|1)\b/.test(a))
}
