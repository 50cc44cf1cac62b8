import type { ToolIO } from '@tilepass/cli'

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
   * Runs a tool's `main` and classifies the outcome: null when it ended cleanly (output, or
   * a message and an exit code), else the problem (an exception escaping `main`, an
   * `internal error`, or a non-zero exit without any message).
   */
  run(main: (argv: readonly string[], io: ToolIO) => number, argv: readonly string[]): { rc: number; problem: string | null } {
    let rc: number
    try {
      rc = main(argv, this.io)
    } catch (error) {
      return { rc: -1, problem: `exception escaped main: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }
    }
    if (this.err.includes('internal error')) {
      return { rc, problem: this.err.slice(0, 4000) }
    }
    if (rc !== 0 && this.err.trim() === '' && this.out.trim() === '') {
      return { rc, problem: `exit code ${rc} without any message` }
    }
    return { rc, problem: null }
  }
}
