// Runs one fuzz case through tilepass-opt's `main` with an in-memory ToolIO, in a worker
// thread, so that the driver can cut off a hang by terminating the thread.
import { parentPort, workerData } from 'node:worker_threads'
import { tilepassOptMain } from '@tilepass/cli'

/** A case: the arguments (the input file is `in.mlir`) and the input text. */
export interface FuzzCase {
  readonly id: number
  readonly argv: readonly string[]
  readonly text: string
}

/** How a case ended; `problem` is null when it ended cleanly (output, or a message and an exit code). */
export interface FuzzReply {
  readonly id: number
  readonly rc: number
  readonly problem: string | null
}

/** Runs `c` and classifies the outcome. */
export function runCase(c: FuzzCase): FuzzReply {
  let out = ''
  let err = ''
  const files = new Map<string, string>([['in.mlir', c.text]])
  const io = {
    stdout: (t: string) => {
      out += t.length > 100_000 ? t.slice(0, 100_000) : t
    },
    stderr: (t: string) => {
      err += t
    },
    readFile: (path: string) => {
      const text = files.get(path)
      if (text === undefined) {
        throw new Error('No such file or directory')
      }
      return text
    },
    writeFile: (path: string, text: string) => {
      files.set(path, text)
    },
  }
  let rc: number
  try {
    rc = tilepassOptMain(c.argv, io)
  } catch (error) {
    return { id: c.id, rc: -1, problem: `exception escaped main: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` }
  }
  if (err.includes('internal error')) {
    return { id: c.id, rc, problem: err.slice(0, 4000) }
  }
  if (rc !== 0 && err.trim() === '' && out.trim() === '') {
    return { id: c.id, rc, problem: `exit code ${rc} without any message` }
  }
  return { id: c.id, rc, problem: null }
}

if (parentPort !== null && (workerData as { fuzzWorker?: boolean } | null)?.fuzzWorker === true) {
  const port = parentPort
  port.on('message', (c: FuzzCase) => {
    port.postMessage(runCase(c))
  })
  port.postMessage({ id: -1, rc: 0, problem: null } satisfies FuzzReply)
}
