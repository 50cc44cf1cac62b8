import type { Context, LogicalResult } from '@tilepass/ir'
import { failure } from '@tilepass/ir'
import { PassManager, type OperationVerifier } from './PassManager.ts'
import { PipelineErrors } from './PassOptions.ts'
import { parsePassPipeline, type PassRegistry, type PipelineErrorHandler } from './PassRegistry.ts'

/** One flat pass or pipeline flag, `--cse` or `--canonicalize=max-iterations=3`, in command-line order. */
export interface PassFlag {
  /** The registered argument (`canonicalize`). */
  readonly argument: string
  /** The text after `=`, or '' when none. */
  readonly options: string
}

/** The pass-manager part of an mlir-opt command line, already split by the tool. */
export interface PassManagerCLOptions {
  /** The value of the last `--pass-pipeline=`/`-p`, or null when not given. */
  readonly passPipeline: string | null
  /** The flat pass/pipeline flags, in order. */
  readonly passFlags: readonly PassFlag[]
  /** `--verify-each` (default true). */
  readonly verifyEach?: boolean
  /** `--mlir-disable-threading` (accepted; passes always run on one thread). */
  readonly disableThreading?: boolean
}

/** What `buildPassManagerFromCommandLine` produced. */
export type BuildPassManagerResult =
  | {
      readonly pm: PassManager
      /** Raw text to write to stderr first (llvm::cl messages); usually empty. */
      readonly stderr: string
      readonly diagnostic: null
    }
  | {
      readonly pm: null
      /** Raw text to write to stderr first (llvm::cl messages, `<tool>: for the --x option: ...`). */
      readonly stderr: string
      /**
       * The message to emit as an error at an unknown location (`<unknown>:0: error: ...`),
       * or null when nothing more is reported (the failure was reported on stderr).
       */
      readonly diagnostic: string | null
    }

/**
 * True when `flag` (without dashes, before any `=`) names a registered pass or pipeline,
 * so the tool can route `--cse`, `--canonicalize=max-iterations=3` here.
 */
export function isPassFlag(registry: PassRegistry, flag: string): boolean {
  return registry.lookup(flag) !== undefined
}

/**
 * Builds the pass manager mlir-opt would build for a top-level op named `anchorName`:
 * `--pass-pipeline` replaces the pipeline (anchor included, explicit nesting); flat pass
 * flags are added in order with implicit nesting (`-cse -canonicalize` on a module).
 * Both at once is an error, as in mlir-opt.
 */
export function buildPassManagerFromCommandLine(
  context: Context,
  registry: PassRegistry,
  anchorName: string,
  options: PassManagerCLOptions,
  verifier: OperationVerifier | null = null,
  programName = 'tilepass-opt',
): BuildPassManagerResult {
  const errors = new PipelineErrors(programName)
  const pm = new PassManager(context, anchorName, 'implicit', verifier)
  pm.enableVerifier(options.verifyEach ?? true)
  if (options.passPipeline !== null) {
    if (options.passFlags.length > 0) {
      return { pm: null, stderr: '', diagnostic: "'-pass-pipeline' option can't be used with individual pass options" }
    }
    const parsed = parsePassPipeline(options.passPipeline, registry, errors)
    if (parsed.pm === null) {
      return { pm: null, stderr: errors.stderr, diagnostic: parsed.error }
    }
    pm.assignPipeline(parsed.pm)
    return { pm, stderr: errors.stderr, diagnostic: null }
  }
  let diagnostic: string | null = null
  const errorHandler: PipelineErrorHandler = (message): LogicalResult => {
    diagnostic ??= message
    return failure()
  }
  for (const flag of options.passFlags) {
    const entry = registry.lookup(flag.argument)
    if (entry === undefined) {
      return { pm: null, stderr: '', diagnostic: `'${flag.argument}' does not refer to a registered pass or pass pipeline` }
    }
    if (!entry.addToPipeline(pm, flag.options, errorHandler, errors)) {
      return { pm: null, stderr: errors.stderr, diagnostic }
    }
  }
  return { pm, stderr: errors.stderr, diagnostic: null }
}
