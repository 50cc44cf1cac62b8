import { UnknownLoc, failure, verify, type Context, type LogicalResult, type Operation } from '@tilepass/ir'
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
  verifier: OperationVerifier | null = verify,
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

// ---- Raw command-line arguments ---------------------------------------------------

/** The pass-manager options found in raw arguments, plus the two that only print. */
export interface ParsedPassManagerArgs extends PassManagerCLOptions {
  /** `--dump-pass-pipeline`: print the pipeline (`pm.dump()` then a blank line) to stderr before running. */
  readonly dumpPassPipeline: boolean
  /** `--list-passes`: print `registry.printRegisteredPasses()` to stdout and exit. */
  readonly listPasses: boolean
}

const OWN_FLAGS = new Set(['pass-pipeline', 'p', 'dump-pass-pipeline', 'list-passes', 'verify-each', 'mlir-disable-threading'])

/**
 * True when the option `name` (without dashes, before any `=`) is one this package
 * handles: `pass-pipeline`, `p`, `dump-pass-pipeline`, `list-passes`, `verify-each`,
 * `mlir-disable-threading`, or a registered pass or pipeline.
 */
export function isPassManagerCLOption(registry: PassRegistry, name: string): boolean {
  return OWN_FLAGS.has(name) || registry.lookup(name) !== undefined
}

function parseCLBool(value: string | null): boolean | undefined {
  if (value === null || value === '' || value === 'true' || value === 'TRUE' || value === 'True' || value === '1') {
    return true
  }
  if (value === 'false' || value === 'FALSE' || value === 'False' || value === '0') {
    return false
  }
  return undefined
}

/**
 * Reads pass-manager options from raw arguments, in order (`--pass-pipeline=...`,
 * `-p <text>`, `--cse`, `--canonicalize=max-iterations=3`, `--verify-each=false`,
 * `--mlir-disable-threading`, `--dump-pass-pipeline`, `--list-passes`). Arguments this
 * package does not handle are returned in `rest`. An error is an llvm::cl-style message
 * for stderr (`for the --verify-each option: ...`).
 */
export function parsePassManagerArgs(
  registry: PassRegistry,
  args: readonly string[],
): { options: ParsedPassManagerArgs; rest: string[]; error: null } | { options: null; rest: string[]; error: string } {
  let passPipeline: string | null = null
  const passFlags: PassFlag[] = []
  let verifyEach = true
  let disableThreading: boolean | undefined
  let dumpPassPipeline = false
  let listPasses = false
  const rest: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('-') || arg === '-' || arg === '--') {
      rest.push(arg)
      continue
    }
    const body = arg.startsWith('--') ? arg.slice(2) : arg.slice(1)
    const eq = body.indexOf('=')
    const name = eq < 0 ? body : body.slice(0, eq)
    const value = eq < 0 ? null : body.slice(eq + 1)
    switch (name) {
      case 'pass-pipeline':
      case 'p': {
        let v = value
        if (v === null) {
          if (i + 1 >= args.length) {
            return { options: null, rest, error: `for the ${name === 'p' ? '-p' : '--pass-pipeline'} option: requires a value!` }
          }
          v = args[++i]!
        }
        passPipeline = v
        break
      }
      case 'verify-each':
      case 'mlir-disable-threading':
      case 'dump-pass-pipeline':
      case 'list-passes': {
        const b = parseCLBool(value)
        if (b === undefined) {
          return { options: null, rest, error: `for the --${name} option: '${value ?? ''}' is invalid value for boolean argument! Try 0 or 1` }
        }
        if (name === 'verify-each') {
          verifyEach = b
        } else if (name === 'mlir-disable-threading') {
          disableThreading = b
        } else if (name === 'dump-pass-pipeline') {
          dumpPassPipeline = b
        } else {
          listPasses = b
        }
        break
      }
      default:
        if (registry.lookup(name) !== undefined) {
          passFlags.push({ argument: name, options: value ?? '' })
        } else {
          rest.push(arg)
        }
    }
  }
  return { options: { passPipeline, passFlags, verifyEach, disableThreading, dumpPassPipeline, listPasses }, rest, error: null }
}

/**
 * How a tool's command-line parser should treat option `name` (no dashes): `'value'`
 * when it takes a value that may be the next argument (`--pass-pipeline`, `-p`),
 * `'flag'` when a value can only follow `=` (pass flags, `--verify-each`, ...), and
 * undefined when it is not a pass-manager option.
 */
export function passManagerCLOptionKind(registry: PassRegistry, name: string): 'flag' | 'value' | undefined {
  if (name === 'pass-pipeline' || name === 'p') {
    return 'value'
  }
  return isPassManagerCLOption(registry, name) ? 'flag' : undefined
}

/** Settings of `runPassManagerFromCommandLine`. */
export interface RunFromCommandLineOptions {
  /** The tool name for llvm::cl-style messages (default `tilepass-opt`). */
  readonly programName?: string
  /** The verifier run after each pass (default: @tilepass/ir's `verify`). */
  readonly verifier?: OperationVerifier | null
  /** `--verify-each` when the tool parsed it itself; overrides the value in `args`. */
  readonly verifyEach?: boolean
  /**
   * `--mlir-disable-threading` when the tool parsed it itself (overrides `args`). When
   * known, it sets `context.multithreading` to its negation, as mlir-opt does (passes
   * still run on one thread; the flag is recorded for compatibility).
   */
  readonly disableThreading?: boolean
  /**
   * Called after the pipeline is built and before it runs, to attach instrumentation
   * (timing, IR printing, reproducers: MLIR's `applyPassManagerCLOptions`). A failure
   * stops before running.
   */
  readonly configure?: (pm: PassManager) => LogicalResult
}

/**
 * Does what mlir-opt's `performActions` does with the pass options: builds the pass
 * manager for `op` from `args` (pass-manager arguments, in command-line order), emits
 * pipeline errors as diagnostics at an unknown location, writes llvm::cl messages and
 * `--dump-pass-pipeline` to `io.stderr`, and runs the pipeline. Returns failure when
 * anything failed (the tool then exits with 1).
 */
export function runPassManagerFromCommandLine(
  op: Operation,
  registry: PassRegistry,
  args: readonly string[],
  io: { readonly stderr: (text: string) => void },
  options: RunFromCommandLineOptions = {},
): LogicalResult {
  const context = op.context
  const programName = options.programName ?? 'tilepass-opt'
  const parsed = parsePassManagerArgs(registry, args)
  if (parsed.options === null) {
    io.stderr(`${programName}: ${parsed.error}\n`)
    return failure()
  }
  const cl = options.verifyEach === undefined ? parsed.options : { ...parsed.options, verifyEach: options.verifyEach }
  const disableThreading = options.disableThreading ?? parsed.options.disableThreading
  if (disableThreading !== undefined) {
    context.multithreading = !disableThreading
  }
  const built = buildPassManagerFromCommandLine(context, registry, op.name.name, cl, options.verifier === undefined ? verify : options.verifier, programName)
  if (built.stderr !== '') {
    io.stderr(built.stderr)
  }
  if (built.pm === null) {
    if (built.diagnostic !== null) {
      context.emitError(UnknownLoc.get(context), built.diagnostic).report()
    }
    return failure()
  }
  const pm = built.pm
  if (options.configure !== undefined && !options.configure(pm)) {
    return failure()
  }
  if (parsed.options.dumpPassPipeline) {
    io.stderr(`${pm.dump()}\n`)
  }
  return pm.run(op)
}
