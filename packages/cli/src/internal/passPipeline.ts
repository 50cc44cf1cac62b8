import type { Context, LogicalResult, Operation } from '@tilepass/ir'
import { PassRegistry, passManagerCLOptionKind, runPassManagerFromCommandLine } from '@tilepass/pass-manager'
import { registerTransformsPasses } from '@tilepass/transforms'
import { registerTestPasses } from '../testing/TestPasses.ts'
import type { ToolIO } from '../ToolIO.ts'
import type { OptConfig } from './OptConfig.ts'

/**
 * @internal The passes and pipelines `tilepass-opt` knows, registered once per process
 * (mlir-opt's `registerAllPasses` plus the test passes of `mlir/test/lib`).
 */
function toolPassRegistry(): PassRegistry {
  if (registry === null) {
    registry = new PassRegistry()
    registerTransformsPasses(registry)
    registerTestPasses(registry)
  }
  return registry
}
let registry: PassRegistry | null = null

/**
 * @internal The pass-pipeline seam of `tilepass-opt`: how a command-line option that is
 * not one of the driver's own (`-p`, `--pass-pipeline`, `--cse`, ...) belongs to the
 * pipeline: `'value'` when it needs a value (which may be the next argument), `'flag'`
 * when a value can only follow `=`, undefined when it is not a pipeline option. Such
 * arguments reach `runPassPipeline` verbatim, in order, as `config.pipelineArgs`.
 */
export function isPassPipelineOption(name: string): 'flag' | 'value' | undefined {
  return passManagerCLOptionKind(toolPassRegistry(), name)
}

/**
 * @internal Runs the pass pipeline given on the command line on `op`, the parsed and
 * verified top-level operation, as `MlirOptMain`'s `performActions` does between
 * parsing and printing. Problems are reported through `context`'s diagnostics (or
 * `io.stderr` for command-line errors); the return value says whether to print.
 */
export function runPassPipeline(op: Operation, context: Context, config: OptConfig, io: ToolIO): LogicalResult {
  void context
  return runPassManagerFromCommandLine(op, toolPassRegistry(), config.pipelineArgs, io, { verifyEach: config.verifyEach })
}
