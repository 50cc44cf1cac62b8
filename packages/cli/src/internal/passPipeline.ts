import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { UnknownLoc, failure, success, type AsmPrinterOptions, type Context, type LogicalResult, type Operation } from '@tilepass/ir'
import {
  enableCrashReproducerGeneration,
  enableIRPrinting,
  enableTiming,
  enableTrace,
  getRemarkEngine,
  makeReproducer,
  type OptBisect,
  passStatisticsJson,
  passStatisticsReport,
  type PassPrintFilter,
  type TimingScope,
} from '@tilepass/instrumentation'
import {
  PassRegistry,
  parsePassManagerArgs,
  passManagerCLOptionKind,
  passRegistryHelpWidth,
  printPassRegistryHelp,
  runPassManagerFromCommandLine,
  type PassManager,
} from '@tilepass/pass-manager'
import { TOOL_LIBRARY } from './toolLoaders.lazy.ts'
import type { ToolIO } from '../ToolIO.ts'
import { registerExtensionPasses } from './toolExtensions.ts'
import type { PassListHelp } from './CommandLine.ts'
import type { OptConfig } from './OptConfig.ts'

/**
 * @internal The passes and pipelines `tilepass-opt` knows, registered once per process
 * (mlir-opt's `registerAllPasses` plus the test passes of `mlir/test/lib`). The passes are
 * registered by loader, the test passes deferred until a lookup misses: a run evaluates
 * (in the bundle) only the passes it runs.
 */
function toolPassRegistry(): PassRegistry {
  if (registry === null) {
    registry = new PassRegistry()
    TOOL_LIBRARY.registerTransformsPasses()(registry, writeDebugStream)
    TOOL_LIBRARY.registerConversionPasses()(registry)
    TOOL_LIBRARY.registerCudaTilePasses()(registry)
    // With the scheduling passes (registerTileASSchedulingPasses).
    TOOL_LIBRARY.registerTileASPasses()(registry)
    TOOL_LIBRARY.registerNVVMLoweringPasses()(registry)
    // cuda_tile's test pass by loader: a lookup that misses (an unknown pass) then evaluates
    // the test passes, but not the cuda_tile dialect.
    registry.registerPassLoader('test-debuginfo-update-symbol-name', TOOL_LIBRARY.TestDebugInfoUpdateSymbolName)
    registry.registerLazily((r) => {
      TOOL_LIBRARY.registerTestPasses()(r)
      TOOL_LIBRARY.registerRemarkTestPass()(r)
    })
    registerExtensionPasses(registry)
  }
  return registry
}
let registry: PassRegistry | null = null

/**
 * The stream `print-ir` and `view-op-graph` write to: mlir-opt's `llvm::errs()`, which is
 * the `stderr` of the tool run in progress (the registry outlives a single run).
 */
let debugStream: ((text: string) => void) | null = null
function writeDebugStream(text: string): void {
  if (debugStream !== null) {
    debugStream(text)
  }
}

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

/** @internal The arguments of the registered passes and pipelines (option names of the command line). */
export function registeredPassArguments(): string[] {
  const r = toolPassRegistry()
  return [...r.passes, ...r.pipelines].map((e) => e.argument)
}

/**
 * @internal The pass list of `--help` ("Compiler passes to run", then `Passes:` and
 * `Pass Pipelines:`), as mlir-opt prints its `PassNameParser` option. mlir-opt 22 sorts
 * that unnamed option among the others under one of its pass names (it lists it between
 * `--target-abi` and `--thinlto-*`), hence the sort key.
 */
export const PASS_LIST_HELP: PassListHelp = {
  description: 'Compiler passes to run',
  sortKey: 'test',
  width(): number {
    const r = toolPassRegistry()
    // The parser's own width (each name plus eight, plus two) and its entries' options.
    let max = passRegistryHelpWidth(r)
    for (const e of [...r.passes, ...r.pipelines]) {
      max = Math.max(max, e.argument.length + 10)
    }
    return max
  },
  print(descIndent: number): string {
    return printPassRegistryHelp(toolPassRegistry(), descIndent)
  },
}

/** @internal True when `name` is the argument of a registered pass (`--mlir-print-ir-before=<pass-arg>`). */
export function isRegisteredPassArgument(name: string): boolean {
  return toolPassRegistry().lookup(name) !== undefined
}

/**
 * @internal Runs the pass pipeline given on the command line on `op`, the parsed and
 * verified top-level operation, as `MlirOptMain`'s `performActions` does between
 * parsing and printing. Problems are reported through `context`'s diagnostics (or
 * `io.stderr` for command-line errors); the return value says whether to print.
 */
export function runPassPipeline(
  op: Operation,
  context: Context,
  config: OptConfig,
  io: ToolIO,
  extras: PipelineExtras = { timing: null, printerOptions: config.printer },
): LogicalResult {
  void context
  debugStream = io.stderr
  let instrumented: InstrumentedRun | null = null
  const result = runPassManagerFromCommandLine(op, toolPassRegistry(), config.pipelineArgs, io, {
    verifyEach: config.verifyEach,
    disableThreading: config.disableThreading,
    configure: (pm) => {
      instrumented = instrumentPassManager(pm, op, config, io, extras)
      return instrumented === null ? failure() : success()
    },
  })
  const run = instrumented as InstrumentedRun | null
  if (run === null) {
    getRemarkEngine(op.context)?.finalize(op.context)
  } else {
    run.finish(result)
  }
  return result
}

/** @internal A pass manager with the command line's instrumentation attached; `finish` writes what the run leaves behind. */
export interface InstrumentedRun {
  /**
   * Writes the `--mlir-generate-reproducer` file (after success), reports the remarks kept by
   * `--remark-policy=final`, and writes the schedule trace and the statistics.
   */
  finish(succeeded: boolean): void
}

/**
 * @internal Attaches the command line's pass instrumentation to `pm` (timing, IR printing,
 * crash reproducer, schedule trace), as MLIR's `applyPassManagerCLOptions`; null after
 * reporting a setting that cannot be honoured.
 */
export function instrumentPassManager(pm: PassManager, op: Operation, config: OptConfig, io: ToolIO, extras: PipelineExtras): InstrumentedRun | null {
  debugStream = io.stderr
  if (!applyInstrumentation(pm, op, config, io, extras)) {
    return null
  }
  const ic = config.instrumentation
  let traceText = (): string => ''
  if (ic.scheduleTraceFile !== '') {
    const bisect = extras.bisect ?? null
    const t = enableTrace(pm, bisect === null ? null : (pass, o) => bisect.wasSkipped(pass, o))
    traceText = () => t.finish()
  }
  return {
    finish(succeeded: boolean): void {
      // `--mlir-generate-reproducer`: after a successful run, the IR as it now is with the
      // pipeline; mlir-opt writes nothing when the run fails and ignores a file it cannot write.
      if (ic.generateReproducer !== '' && succeeded) {
        try {
          io.writeFile(ic.generateReproducer, makeReproducer(pm, op))
        } catch {
          // Ignored, as mlir-opt does.
        }
      }
      // Remarks kept by `--remark-policy=final` are reported once the pipeline is done, failed or not.
      getRemarkEngine(op.context)?.finalize(op.context)
      if (ic.scheduleTraceFile !== '') {
        try {
          io.writeFile(ic.scheduleTraceFile, traceText())
        } catch (error) {
          io.stderr(`cannot open output file '${ic.scheduleTraceFile}': ${(error as Error).message}\n`)
        }
      }
      if (ic.passStatistics) {
        io.stderr(ic.statsJson ? passStatisticsJson(pm) : passStatisticsReport(pm, ic.passStatisticsDisplay))
      }
    },
  }
}

/** @internal What the driver lends the pipeline: its timing scope and the printer flags (with the quiet verifier). */
export interface PipelineExtras {
  /** The driver's root timing scope, or null when `--mlir-timing` is off. */
  readonly timing: TimingScope | null
  /** The flags IR dumps and reproducers print with. */
  readonly printerOptions: AsmPrinterOptions
  /** The run's opt-bisect, so that the trace leaves out the passes it skipped. */
  readonly bisect?: OptBisect | null
}

function passFilter(all: boolean, args: readonly string[]): PassPrintFilter | null {
  if (all) {
    return () => true
  }
  if (args.length === 0) {
    return null
  }
  return (pass) => args.includes(pass.argument)
}

/**
 * MLIR's `applyPassManagerCLOptions` for `tilepass-opt`: attaches, in the seed's chain
 * order, timing, IR printing and the crash reproducer, and writes the
 * `--mlir-generate-reproducer` file.
 */
function applyInstrumentation(pm: PassManager, op: Operation, config: OptConfig, io: ToolIO, extras: PipelineExtras): LogicalResult {
  const ic = config.instrumentation
  const context = op.context
  if (extras.timing !== null) {
    enableTiming(pm, extras.timing)
  }
  const printBefore = passFilter(ic.printIRBeforeAll, ic.printIRBefore)
  const printAfter = passFilter(ic.printIRAfterAll || ic.printIRAfterFailure, ic.printIRAfter)
  if (printBefore !== null || printAfter !== null) {
    if (ic.printIRModuleScope && context.multithreading) {
      context
        .emitError(UnknownLoc.get(context), "IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n")
        .report()
      return failure()
    }
    const treeDir = ic.printIRTreeDir
    enableIRPrinting(pm, {
      printBefore,
      printAfter,
      printModuleScope: ic.printIRModuleScope,
      printAfterOnlyOnChange: ic.printIRAfterChange,
      printAfterOnlyOnFailure: ic.printIRAfterFailure,
      printerOptions: extras.printerOptions,
      output: io.stderr,
      ...(treeDir === '' ? {} : { treeDir, writeFile: (path: string, text: string) => writeFileMakingDirs(io, path, text) }),
    })
  }
  if (ic.crashReproducer !== '') {
    const enabled = enableCrashReproducerGeneration(pm, {
      path: ic.crashReproducer,
      local: ic.localReproducer,
      writeFile: io.writeFile,
    })
    if (!enabled) {
      context.emitError(UnknownLoc.get(context), 'Local crash reproduction may not be used without disabling mutli-threading first.').report()
      return failure()
    }
  }
  return success()
}

function writeFileMakingDirs(io: ToolIO, path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  io.writeFile(path, text)
}

/**
 * @internal The text of `--list-passes` when the pass-pipeline arguments `args` ask for it
 * (mlir-opt's `printRegisteredPasses`: `Passes:` and each pass with its options), otherwise
 * null. Arguments that do not parse are left to the pipeline run to report.
 */
export function listPassesText(args: readonly string[]): string | null {
  const registry = toolPassRegistry()
  const parsed = parsePassManagerArgs(registry, args)
  return parsed.options?.listPasses === true ? registry.printRegisteredPasses() : null
}
