import { nodeToolIO, withToolIO, type ToolIO } from '../ToolIO.ts'
import { LargeStackRequired, MAIN_THREAD_MAX_NESTING, MainThreadRun, nestsDeeperThan } from './largeStack.ts'
import { TOOL_MAIN_LOADERS } from './toolLoaders.lazy.ts'

export { nodeToolIO, withToolIO }

/** @internal The tools of the bundle (dist/bundle/tilepass-tools.cjs) that bin/ runs. */
export type ToolName = 'tilepass-opt' | 'tilepass-translate' | 'tilepass-compile'

/** @internal Runs the tool `name` on `argv` and returns its exit code (the tools never throw). */
export function runTool(name: ToolName, argv: readonly string[], io: ToolIO): number {
  // In the bundle, only the tool that runs is evaluated (see toolLoaders.lazy.ts).
  return TOOL_MAIN_LOADERS[name]()(argv, io)
}

/**
 * @internal Runs the tool `name` on the main thread, whose stack is small: returns its
 * exit code, or a `LargeStackRequired` before anything is written when the arguments or
 * the input nest too deeply (or the input is bytecode, or too large for the main thread),
 * so that the caller runs it in a worker thread with a large stack instead. The input is
 * the first file the tool reads.
 *
 * The input is not scanned up front: the lexers count their bracket nesting as they go
 * (see `LexerNestingWatch`), and the first to pass `MAIN_THREAD_MAX_NESTING` abandons the
 * run while nothing is written. A run that writes before its lexers have read the whole
 * input (a `--split-input-file` chunk's output, a diagnostic) scans the input at its first
 * write instead, as it could not be run again after.
 */
export function runToolOnMainThread(name: ToolName, argv: readonly string[], io: ToolIO): number | LargeStackRequired {
  const encoder = new TextEncoder()
  if (argv.some((arg) => nestsDeeperThan(encoder.encode(arg), MAIN_THREAD_MAX_NESTING))) {
    return new LargeStackRequired(null)
  }
  const run = new MainThreadRun()
  try {
    const code = runTool(name, argv, run.start(io))
    // A parse abandoned by the watch whose error something caught, with nothing written.
    return run.abandoned ?? code
  } catch (error) {
    if (error instanceof LargeStackRequired) {
      return error
    }
    throw error
  } finally {
    run.end()
  }
}
