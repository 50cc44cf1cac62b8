import {
  Block,
  type Context,
  Operation,
  OperationState,
  SourceMgr,
  SourceMgrDiagnosticHandler,
  parseSourceString,
  printLocation,
  printOperation,
  verify,
  type AsmPrinterOptions,
  type Location,
} from '@tilepass/ir'
import { SCOPE_NAMES, withScope, type TimingScope } from '@tilepass/instrumentation'
import { PassInstrumentation, PassManager, type Pass } from '@tilepass/pass-manager'
import { emitPTX, parsePTXTarget, translateModuleToLLVMIR } from '@tilepass/nvvm-lowering'
import type { ToolIO } from '../ToolIO.ts'
import type { OptionSpec } from './CommandLine.ts'
import type { OptConfig } from './OptConfig.ts'
import { instrumentPassManager } from './passPipeline.ts'
import { configureDiagnosticPrinting, createToolContext } from './optMain.ts'
import { RunInstrumentation, formatInternalError } from './RunInstrumentation.ts'
import { parseTileBytecode, readOptInput } from './optInput.ts'
import { ptxWithLlc } from './translateLLVM.ts'
import { rethrowLargeStackRequired } from './largeStack.ts'

/** What `tilepass-compile` writes (`--emit`): one stage of the compile path. */
export type EmitKind = 'tile-asm' | 'llvm-dialect' | 'llvm-ir' | 'ptx'

/** The settings the pipeline builders read. */
export interface TileCompileOptions {
  /** `-O0` ... `-O3` (default 3, as tileiras's `--opt-level`). */
  readonly optLevel: 0 | 1 | 2 | 3
  /** The PTX target (`sm_90a`, `sm_100a`, ...). */
  readonly gpuName: string
  /**
   * `--schedule-trace-file`: the scheduler writes its Chrome trace here (one event per
   * scheduling pass run, a child event per placement decision), inside `DumpTraceImpl::run`.
   */
  readonly scheduleTraceFile?: string
}

/**
 * @internal The two halves of the compile pipeline, which live in the packages below the
 * CLI: cuda_tile to tile assembly (@tilepass/tileas-scheduler), then tile assembly to the
 * llvm and nvvm dialects (@tilepass/nvvm-lowering). Both append to a `builtin.module` pass manager.
 */
export interface TileCompilePipeline {
  addTileAS(pm: PassManager, options: TileCompileOptions): void
  addNVVM(pm: PassManager, options: TileCompileOptions): void
}

/** @internal The settings of one `tilepass-compile` run. */
export interface CompileConfig extends TileCompileOptions {
  /** The opt-style settings: input and output names, printer flags, instrumentation. */
  readonly opt: OptConfig
  /** Whether an input file was named at all. */
  readonly hasInput: boolean
  readonly emit: EmitKind
  /** `native` (default): Tilepass's own PTX emitter; `llc`: LLVM's llc on the LLVM IR. */
  readonly ptxBackend: 'native' | 'llc'
}

/**
 * The exit codes of tileiras's driver, which `tilepass-compile` keeps: a script can tell a
 * missing file from a bad kernel.
 */
export const CompileExitCode = {
  Success: 0,
  /** No input named, the input file does not exist, or a command-line error. */
  MissingInput: 1,
  /** An option value is invalid (`--gpu-name`, `--opt-level`, `--emit` with `--ptx-backend`). */
  InvalidOptions: 2,
  /** The input parses but is not valid IR (the verifier rejects it). */
  InvalidIR: 3,
  /** The input cannot be read or parsed (text or bytecode). */
  UnreadableInput: 4,
  /** The kernel cannot be compiled (an unsupported op or shape, a failing pass or translation). */
  CompileFailure: 5,
} as const

/** The driver's own options, added to the opt-style ones. */
export const COMPILE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'gpu-name',
    valueName: 'sm_XX',
    description: 'The GPU architecture to compile for (sm_80 ... sm_121, sm_90a, sm_100a; default sm_100)',
    category: 'General options',
  },
  { name: 'opt-level', valueName: 'int', kind: 'int', description: 'Specify optimization level. Default Value: 3.', category: 'General options' },
  {
    name: 'emit',
    valueName: 'kind',
    kind: 'enum',
    values: ['tile-asm', 'llvm-dialect', 'llvm-ir', 'ptx'],
    valueHelp: [
      ['tile-asm', 'The tile-assembly form (layouts, shared buffers, async copies)'],
      ['llvm-dialect', 'The llvm and nvvm dialects'],
      ['llvm-ir', 'LLVM IR text, as mlir-translate --mlir-to-llvmir'],
      ['ptx', 'PTX (default)'],
    ],
    description: 'What to write',
    category: 'General options',
  },
  {
    name: 'ptx-backend',
    valueName: 'native|llc',
    kind: 'enum',
    values: ['native', 'llc'],
    description: "How PTX is made: Tilepass's own emitter (default, no external tool) or LLVM's llc",
    category: 'General options',
  },
]

/** tileiras's default target. */
export const DEFAULT_COMPILE_GPU_NAME = 'sm_100'

/** `-O0` ... `-O3` are `--opt-level=N`, as tileiras's `-O` alias. */
export function normalizeCompileArgv(argv: readonly string[]): string[] {
  return argv.map((a) => {
    const m = /^--?O([0-9]+)$/.exec(a)
    return m === null ? a : `--opt-level=${m[1]!}`
  })
}

/** Validates the driver's own option values; an error message, or null. */
export function validateCompileOptions(options: ReadonlyMap<string, string | true>): string | null {
  const gpu = options.get('gpu-name')
  if (gpu !== undefined) {
    const t = parsePTXTarget(gpu === true ? '' : gpu)
    if (typeof t === 'string') {
      return t
    }
  }
  const level = options.get('opt-level')
  if (level !== undefined && !/^[0-3]$/.test(String(level))) {
    return `invalid optimization level '${String(level)}': expected 0, 1, 2 or 3`
  }
  const emit = options.get('emit')
  if (options.get('ptx-backend') === 'llc' && emit !== undefined && emit !== 'ptx') {
    return `--ptx-backend=llc only applies to --emit=ptx`
  }
  return null
}

/**
 * @internal Runs `tilepass-compile`: read cuda_tile (text or Tile IR bytecode), verify, run
 * the compile pipeline inside the `CompileNVVM` scope, then translate inside
 * `SerializeGPUModule`, and write the output only when everything succeeded.
 */
export function runCompileMain(config: CompileConfig, io: ToolIO, toolName: string, pipeline: TileCompilePipeline): number {
  const opt = config.opt
  if (!config.hasInput) {
    io.stderr('error: no input file provided\n')
    return CompileExitCode.MissingInput
  }
  let input: { text: string; bytecode: Uint8Array | null; mlirBytecode: boolean }
  try {
    input = readOptInput(opt.inputFilename, io)
  } catch (error) {
    const message = (error as Error).message
    io.stderr(`cannot open input file '${opt.inputFilename}': ${message}\n`)
    return message === 'No such file or directory' ? CompileExitCode.MissingInput : CompileExitCode.UnreadableInput
  }
  const run = RunInstrumentation.create(opt.instrumentation, io, toolName)
  if (typeof run === 'number') {
    return CompileExitCode.InvalidOptions
  }
  const sourceMgr = new SourceMgr()
  const bufferName = opt.inputFilename === '-' ? '<stdin>' : opt.inputFilename
  const buffer = sourceMgr.addBuffer(input.text, bufferName)
  const context = createToolContext(opt)
  configureDiagnosticPrinting(context, opt, opt.printOpOnDiagnostic)
  const handler = new SourceMgrDiagnosticHandler(sourceMgr, null, io.stderr, { printLocation: (loc: Location) => printLocation(loc) })
  handler.attach(context)
  const unit = run.attach(context)
  let code: number
  let output: string | null = null
  try {
    const result = compile(config, input, buffer.text, bufferName, context, io, unit.rootScope, run, pipeline)
    code = result.code
    output = result.output
  } catch (error) {
    rethrowLargeStackRequired(error)
    context.diagEngine.flush()
    io.stderr(formatInternalError(toolName, error))
    code = CompileExitCode.CompileFailure
  } finally {
    context.diagEngine.flush()
    handler.detach()
  }
  unit.finish()
  run.writeFiles()
  if (code !== CompileExitCode.Success || output === null) {
    return code
  }
  // Written only now, whole: a failed run never leaves a partial output file.
  if (opt.outputFilename === '-') {
    io.stdout(output)
    return CompileExitCode.Success
  }
  try {
    io.writeFile(opt.outputFilename, output)
  } catch (error) {
    io.stderr(`cannot open output file '${opt.outputFilename}': ${(error as Error).message}\n`)
    return CompileExitCode.MissingInput
  }
  return CompileExitCode.Success
}

function compile(
  config: CompileConfig,
  input: { text: string; bytecode: Uint8Array | null; mlirBytecode: boolean },
  text: string,
  bufferName: string,
  context: Context,
  io: ToolIO,
  timing: TimingScope,
  run: RunInstrumentation,
  pipeline: TileCompilePipeline,
): { code: number; output: string | null } {
  const opt = config.opt
  const bytes = input.bytecode
  if (input.mlirBytecode) {
    io.stderr(
      `error: failed to parse IR bytecode: '${bufferName}' is MLIR bytecode (ML\\xefR); tilepass-compile reads cuda_tile text or Tile IR bytecode (\\x7fTileIR\\0)\n`,
    )
    return { code: CompileExitCode.UnreadableInput, output: null }
  }
  const parserScope = timing.nest('Parser', () => 'Parser')
  const parsed = bytes !== null ? parseTileBytecode(bytes, context) : parseSourceString(text, context, { filename: bufferName })
  if (parsed === null) {
    parserScope.end()
    context.diagEngine.flush()
    if (bytes !== null) {
      io.stderr('error: failed to parse IR bytecode\n')
    }
    return { code: CompileExitCode.UnreadableInput, output: null }
  }
  const module = wrapInModule(parsed.op, context)
  const verified = verify(module)
  parserScope.end()
  if (!verified) {
    context.diagEngine.flush()
    return { code: CompileExitCode.InvalidIR, output: null }
  }

  // The schedule trace is the scheduler's own (tileiras's DumpTraceImpl, inside
  // TileASGenerateSchedule), not the pass-manager trace of tilepass-opt.
  const traceFile = opt.instrumentation.scheduleTraceFile
  const options: TileCompileOptions = { optLevel: config.optLevel, gpuName: config.gpuName, ...(traceFile === '' ? {} : { scheduleTraceFile: traceFile }) }
  const instrumentationConfig: OptConfig = traceFile === '' ? opt : { ...opt, instrumentation: { ...opt.instrumentation, scheduleTraceFile: '' } }
  const pm = new PassManager(context, 'builtin.module')
  pm.enableVerifier(opt.verifyEach)
  context.multithreading = !opt.disableThreading
  pipeline.addTileAS(pm, options)
  if (config.emit !== 'tile-asm') {
    pipeline.addNVVM(pm, options)
  }
  const printerOptions: AsmPrinterOptions = opt.printer
  const instrumented = instrumentPassManager(pm, module, instrumentationConfig, io, { timing: timing.timer === null ? null : timing, printerOptions, bisect: run.bisect })
  if (instrumented === null) {
    return { code: CompileExitCode.InvalidOptions, output: null }
  }
  if (io.stderrIsTTY === true) {
    pm.addInstrumentation(new ProgressLine(io.stderr))
  }
  const compiled = withScope(pm, SCOPE_NAMES.CompileNVVM, () => pm.run(module))
  instrumented.finish(compiled)
  context.diagEngine.flush()
  if (!compiled) {
    io.stderr('error: failed to compile Tile IR program\n')
    return { code: CompileExitCode.CompileFailure, output: null }
  }
  if (config.emit === 'tile-asm' || config.emit === 'llvm-dialect') {
    return { code: CompileExitCode.Success, output: printOperation(module, printerOptions) + '\n' }
  }
  const output = withScope(pm, SCOPE_NAMES.SerializeGPUModule, () => serialize(module, config))
  context.diagEngine.flush()
  if (output === null) {
    io.stderr('error: failed to compile Tile IR program\n')
    return { code: CompileExitCode.CompileFailure, output: null }
  }
  return { code: CompileExitCode.Success, output }
}

/** LLVM IR or PTX of the lowered module; null after reporting why not. */
function serialize(module: Operation, config: CompileConfig): string | null {
  if (config.emit === 'llvm-ir') {
    return translateModuleToLLVMIR(module) ?? null
  }
  if (config.ptxBackend === 'native') {
    return emitPTX(module, { gpuName: config.gpuName })
  }
  return ptxWithLlc(module, config.gpuName)
}

/** A Tile IR bytecode file reads as its `cuda_tile.module`: put it in a `builtin.module`. */
function wrapInModule(op: Operation, context: Context): Operation {
  if (op.name.name === 'builtin.module') {
    return op
  }
  const state = new OperationState(op.location, context.getOperationName('builtin.module'))
  state.addRegion().push(new Block())
  const module = Operation.create(state)
  module.regions[0]!.firstBlock!.append(op)
  return module
}

/**
 * The progress line of a long compile on a terminal: after the first half second, the pass
 * running now, rewritten in place on standard error and cleared at the end.
 */
class ProgressLine extends PassInstrumentation {
  private readonly start = performance.now()
  private shown = false

  constructor(private readonly write: (text: string) => void) {
    super()
  }
  override runBeforePass(pass: Pass<object>): void {
    if (performance.now() - this.start < 500) {
      return
    }
    this.shown = true
    this.write(`\r\x1b[K[${SCOPE_NAMES.CompileNVVM}] ${pass.argument === '' ? pass.name : pass.argument}`)
  }
  override runAfterPipeline(): void {
    if (this.shown) {
      this.write('\r\x1b[K')
      this.shown = false
    }
  }
}
