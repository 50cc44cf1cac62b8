import { createRequire } from 'node:module'
import type * as V8 from 'node:v8'
import { HeapLimitError, setHeapLimitCheck } from '@tilepass/ir'
import { nodeToolIO, withToolIO, type ToolIO } from '../ToolIO.ts'
import { LargeStackRequired, MAIN_THREAD_MAX_NESTING, MainThreadRun, nestsDeeperThan } from './largeStack.ts'
import { TOOL_MAIN_LOADERS } from './toolLoaders.lazy.ts'

export { nodeToolIO, withToolIO }

/** @internal The tools of the bundle (dist/bundle/tilepass-tools.cjs) that bin/ runs. */
export type ToolName = 'tilepass-opt' | 'tilepass-translate' | 'tilepass-compile'

/**
 * The fraction of the old generation's limit past which a run stops with a
 * `HeapLimitError`: V8 aborts when a full collection leaves the old generation at its
 * limit, often while growing one large table at once, so the check stops the run with
 * some room left (after garbage collections that already take most of the time).
 */
const HEAP_LIMIT_FRACTION = 0.8

const MIB = 1024 * 1024

let v8: typeof V8 | null = null

/**
 * What V8's heap limit (`heap_size_limit`) holds beyond the old generation's: the young
 * generation, three semi-spaces of 16 MiB on 64-bit hosts. The old generation's limit is
 * what `--max-old-space-size` sets.
 */
const YOUNG_GENERATION_RESERVE = 48 * MIB

/** @internal Throws a `HeapLimitError` when the old generation is past `HEAP_LIMIT_FRACTION` of its limit. */
export function checkHeapLimit(): void {
  // Loaded on the first check, not imported: node:v8 loads Node's stream modules, which
  // a start-up (and any run of fewer than 4,096 operations) does without.
  v8 ??= createRequire(import.meta.url)('node:v8') as typeof V8
  const stats = v8.getHeapStatistics()
  const total = stats.heap_size_limit
  const limit = Math.max(total - YOUNG_GENERATION_RESERVE, total / 2)
  // The heap in use bounds the old generation's from above: most checks end here.
  if (stats.used_heap_size <= limit * HEAP_LIMIT_FRACTION) {
    return
  }
  let young = 0
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') {
      young += space.space_used_size
    }
  }
  const used = stats.used_heap_size - young
  if (used > limit * HEAP_LIMIT_FRACTION) {
    throw new HeapLimitError(Math.round(used / MIB), Math.round(limit / MIB))
  }
}

/**
 * @internal Runs the tool `name` on `argv` and returns its exit code (the tools never
 * throw). A run about to exhaust the JavaScript heap stops with an out-of-memory error
 * instead of V8's fatal abort.
 */
export function runTool(name: ToolName, argv: readonly string[], io: ToolIO): number {
  setHeapLimitCheck(checkHeapLimit)
  try {
    // In the bundle, only the tool that runs is evaluated (see toolLoaders.lazy.ts).
    return TOOL_MAIN_LOADERS[name]()(argv, io)
  } finally {
    setHeapLimitCheck(null)
  }
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
