import { success, type Context, type LogicalResult, type Operation } from '@tilepass/ir'
import type { ToolIO } from '../ToolIO.ts'
import type { OptConfig } from './OptConfig.ts'

/**
 * @internal The pass-pipeline seam of `tilepass-opt`: whether a command-line option
 * that is not one of the driver's own (`-p`, `--pass-pipeline`, `--cse`, ...) belongs to
 * the pipeline. Such arguments reach `runPassPipeline` verbatim, in order.
 */
export function isPassPipelineOption(name: string): boolean {
  void name
  return false
}

/**
 * @internal Runs the pass pipeline given on the command line on `op`, the parsed and
 * verified top-level operation, as `MlirOptMain`'s `performActions` does between
 * parsing and printing. Problems are reported through `context`'s diagnostics (or
 * `io.stderr` for command-line errors); the return value says whether to print.
 */
export function runPassPipeline(op: Operation, context: Context, config: OptConfig, io: ToolIO): LogicalResult {
  void op
  void context
  void config
  void io
  return success()
}
