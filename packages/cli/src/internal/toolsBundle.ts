import { isTileIRBytecode } from '@tilepass/cuda-tile'
import { main as compileMain } from '../tilepass-compile.ts'
import { main as optMain } from '../tilepass-opt.ts'
import { main as translateMain } from '../tilepass-translate.ts'
import { nodeToolIO, withToolIO, type ToolIO } from '../ToolIO.ts'
import { LargeStackRequired, MAIN_THREAD_MAX_NESTING, MAX_SCANNED_BYTES, nestsDeeperThan } from './largeStack.ts'

export { nodeToolIO, withToolIO }

/** @internal The tools of the bundle (dist/bundle/tilepass-tools.cjs) that bin/ runs. */
export type ToolName = 'tilepass-opt' | 'tilepass-translate' | 'tilepass-compile'

const MAINS: Readonly<Record<ToolName, (argv: readonly string[], io: ToolIO) => number>> = {
  'tilepass-opt': optMain,
  'tilepass-translate': translateMain,
  'tilepass-compile': compileMain,
}

/** @internal Runs the tool `name` on `argv` and returns its exit code (the tools never throw). */
export function runTool(name: ToolName, argv: readonly string[], io: ToolIO): number {
  return MAINS[name](argv, io)
}

/**
 * @internal Runs the tool `name` on the main thread, whose stack is small: returns its
 * exit code, or a `LargeStackRequired` before anything is written when the arguments or
 * the input nest too deeply (or the input is bytecode, or too large to scan quickly), so
 * that the caller runs it in a worker thread with a large stack instead. The input is the
 * first file the tool reads.
 */
export function runToolOnMainThread(name: ToolName, argv: readonly string[], io: ToolIO): number | LargeStackRequired {
  const encoder = new TextEncoder()
  if (argv.some((arg) => nestsDeeperThan(encoder.encode(arg), MAIN_THREAD_MAX_NESTING))) {
    return new LargeStackRequired(null)
  }
  const readFileBytes = io.readFileBytes
  let first = true
  const guarded: ToolIO =
    readFileBytes === undefined
      ? io
      : withToolIO(io, {
          readFileBytes: (path) => {
            const bytes = readFileBytes(path)
            if (first) {
              first = false
              if (bytes.length > MAX_SCANNED_BYTES || isTileIRBytecode(bytes) || nestsDeeperThan(bytes, MAIN_THREAD_MAX_NESTING)) {
                throw new LargeStackRequired(path === '-' ? bytes : null)
              }
            }
            return bytes
          },
        })
  try {
    return runTool(name, argv, guarded)
  } catch (error) {
    if (error instanceof LargeStackRequired) {
      return error
    }
    throw error
  }
}
