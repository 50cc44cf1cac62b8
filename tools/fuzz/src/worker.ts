// Runs one fuzz case through tilepass-opt's `main` (or, for bytecode, the tool the case
// names) with an in-memory ToolIO, in a worker thread, so that the driver can cut off a hang
// by terminating the thread.
import { parentPort, workerData } from 'node:worker_threads'
import { tilepassOptMain } from '@tilepass/cli'
import { MemoryIO } from './memoryIO.ts'
import { runTileCase, type TileCase } from './tileCase.ts'

/** A case: the arguments (the input file is `in.mlir`) and the input text, or a bytecode case. */
export interface FuzzCase {
  readonly id: number
  readonly argv: readonly string[]
  readonly text: string
  readonly tile?: TileCase | null
}

/** How a case ended; `problem` is null when it ended cleanly (output, or a message and an exit code). */
export interface FuzzReply {
  readonly id: number
  readonly rc: number
  readonly problem: string | null
  /** Why it was rejected: the first error line, normalized (null when it succeeded). */
  readonly diag?: string | null
}

/** Runs `c` and classifies the outcome. */
export function runCase(c: FuzzCase): FuzzReply {
  const { rc, problem, diag } = c.tile != null ? runTileCase(c.tile) : new MemoryIO(new Map([['in.mlir', c.text]])).run(tilepassOptMain, c.argv)
  return { id: c.id, rc, problem, diag }
}

if (parentPort !== null && (workerData as { fuzzWorker?: boolean } | null)?.fuzzWorker === true) {
  const port = parentPort
  port.on('message', (c: FuzzCase) => {
    port.postMessage(runCase(c))
  })
  port.postMessage({ id: -1, rc: 0, problem: null } satisfies FuzzReply)
}
