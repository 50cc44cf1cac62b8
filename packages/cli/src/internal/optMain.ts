import {
  BoolAttr,
  Context,
  IndentationLimitError,
  StringAttr,
  SourceMgr,
  SourceMgrDiagnosticHandler,
  SourceMgrDiagnosticVerifierHandler,
  parseSourceString,
  printLocation,
  printOperation,
  printOperationTo,
  splitInputBuffer,
  verify,
  type AsmPrinterOptions,
  type Attribute,
  type Location,
  type Operation,
  type SourceBuffer,
  type SourceChunk,
} from '@tilepass/ir'
import type { OptBisect, TimingScope } from '@tilepass/instrumentation'
import type { ToolIO } from '../ToolIO.ts'
import type { OptConfig } from './OptConfig.ts'
import { isRegisteredPassArgument, listPassesText, runPassPipeline } from './passPipeline.ts'
import { checkPrintedIndentation, MAX_PRINTED_INDENTATION } from './printLimit.ts'
import { registerToolDialects } from './registerDialects.ts'
import { TOOL_LIBRARY } from './toolLoaders.lazy.ts'
import { rethrowLargeStackRequired } from './largeStack.ts'
import { parseTileBytecode, readOptInput } from './optInput.ts'
import { doVerifyRoundTrip } from './verifyRoundtrip.ts'
import { RunInstrumentation, formatInternalError } from './RunInstrumentation.ts'

/** @internal Creates the context of one input chunk, with every dialect the tool knows registered. */
export function createToolContext(config: OptConfig): Context {
  const context = new Context({ allowUnregisteredDialects: config.allowUnregisteredDialects })
  registerToolDialects(context)
  // Both off is what a context without settings has: most runs then evaluate no cuda_tile module.
  if (config.warnUnsupportedHints || config.errorOnHints) {
    TOOL_LIBRARY.setHintDiagnostics()(context, { warnUnsupportedHints: config.warnUnsupportedHints, errorOnHints: config.errorOnHints })
  }
  return context
}

/**
 * Verifies `op` with its diagnostics swallowed, as MLIR's printer does before choosing
 * the custom form: an invalid op is printed generically rather than reported.
 */
function verifyQuietly(op: Operation): boolean {
  const context = op.context
  // Deliver what is pending first, so that only the verifier's own diagnostics are dropped.
  context.diagEngine.flush()
  const id = context.diagEngine.registerHandler(() => true)
  const printOp = context.printOpOnDiagnostic
  context.printOpOnDiagnostic = false
  try {
    return verify(op)
  } finally {
    context.printOpOnDiagnostic = printOp
    context.diagEngine.unregisterHandler(id)
  }
}

/**
 * @internal How a tool's diagnostics print ops: `printOpOnDiagnostic` (mlir's
 * `--mlir-print-op-on-diagnostic`), with the tool's printer flags as `Diagnostic::appendOp` uses them.
 */
export function configureDiagnosticPrinting(context: Context, config: OptConfig, printOpOnDiagnostic: boolean): void {
  context.printOpOnDiagnostic = printOpOnDiagnostic
  context.diagnosticOpPrinter = (op, generic) => printOperation(op, diagnosticPrinterOptions(config.printer, generic))
  context.commandLinePrinterOptions = config.printer
}

/** The printer flags of `Diagnostic::appendOp`: the tool's flags, local scope, large constants elided. */
function diagnosticPrinterOptions(base: AsmPrinterOptions, generic: boolean): AsmPrinterOptions {
  return {
    ...base,
    printGenericOpForm: generic || base.printGenericOpForm === true,
    printLocalScope: true,
    elideElementsAttrsIfLarger: 16,
    verifier: verifyQuietly,
  }
}

/**
 * @internal Runs `tilepass-opt` on the input named in `config`, as MLIR's `MlirOptMain`:
 * split the input if asked, and for each chunk parse, verify, run the pass pipeline and
 * print; with `--verify-diagnostics` the diagnostics are checked instead of shown.
 * Returns the exit code. A JavaScript exception in a chunk is reported as an internal
 * error and fails the run; it never escapes.
 */
export function runOptMain(config: OptConfig, io: ToolIO, toolName: string): number {
  for (const [option, args] of [
    ['mlir-print-ir-before', config.instrumentation.printIRBefore],
    ['mlir-print-ir-after', config.instrumentation.printIRAfter],
  ] as const) {
    const unknown = args.find((a) => !isRegisteredPassArgument(a))
    if (unknown !== undefined) {
      io.stderr(`${toolName}: for the --${option} option: Cannot find option named '${unknown}'!\n`)
      return 1
    }
  }
  // The debug log is process-wide, as LLVM's `-debug-only`; each run sets it anew.
  TOOL_LIBRARY.setDebugOnlyTypes()(config.debugOnly, io.stderr)
  if (config.showDialects) {
    io.stdout(`Available Dialects: ${createToolContext(config).registeredDialectNames.join(',')}\n`)
    return 0
  }
  const passList = listPassesText(config.pipelineArgs)
  if (passList !== null) {
    io.stdout(passList)
    return 0
  }
  // A Tile IR bytecode input (`\x7fTileIR\0`) is read as its cuda_tile.module.
  let input: { text: string; bytecode: Uint8Array | null }
  try {
    input = readOptInput(config.inputFilename, io)
  } catch (error) {
    rethrowLargeStackRequired(error)
    io.stderr(`cannot open input file '${config.inputFilename}': ${(error as Error).message}\n`)
    return 1
  }
  const { text, bytecode } = input
  const sourceMgr = new SourceMgr()
  const buffer = sourceMgr.addBuffer(text, config.inputFilename === '-' ? '<stdin>' : config.inputFilename)
  sourceMgr.fileLoader = (name) => {
    // `-` names standard input only on the command line; as a location it is a file name.
    if (name === '-') {
      return undefined
    }
    try {
      return io.readFile(name)
    } catch {
      return undefined
    }
  }

  const toFile = config.outputFilename !== '-'
  // Kept as the printer's chunks: the output of deeply nested IR can exceed the longest
  // string V8 can hold (2^29 characters), so it is never joined into one.
  const fileOutput: string[] = []
  const emit = (s: string): void => {
    if (toFile) {
      fileOutput.push(s)
    } else {
      io.stdout(s)
    }
  }

  const handlerOptions = { printLocation: (loc: Location) => printLocation(loc) }
  // mlir-opt reads the expected-* designators even without --verify-diagnostics: invalid
  // ones are reported up front and, since the normal handler consumes every diagnostic,
  // each expectation is reported as not produced at the end, without changing the exit code.
  const expectations = new SourceMgrDiagnosticVerifierHandler(
    sourceMgr,
    null,
    io.stderr,
    config.verifyDiagnostics ?? 'all',
    handlerOptions,
  )
  const verifier = config.verifyDiagnostics === null ? null : expectations
  const renderer = verifier ?? new SourceMgrDiagnosticHandler(sourceMgr, null, io.stderr, handlerOptions)

  const chunks: SourceChunk[] =
    config.splitInputFile === '' || bytecode !== null
      ? [{ buffer, start: 0, end: text.length }]
      : splitInputBuffer(sourceMgr, buffer, config.splitInputFile, io.stderr)

  const ic = config.instrumentation
  const run = RunInstrumentation.create(ic, io, toolName)
  if (typeof run === 'number') {
    return run
  }
  const bisect = run.bisect

  let hadFailure = false
  let crashed = false
  // With --mlir-timing the output is held until the end: mlir-opt's output stream is
  // buffered and flushed at exit, after the reports it wrote to stderr (seen on one
  // stream, `2>&1`, every chunk's report comes before the IR).
  const holdOutput = ic.timing && !toFile
  let held = ''
  const emitChunk = holdOutput
    ? (s: string): void => {
        held += s
      }
    : emit
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) {
      emitChunk(config.outputSplitMarker + '\n')
    }
    const context = createToolContext(config)
    configureDiagnosticPrinting(context, config, verifier === null && config.printOpOnDiagnostic)
    renderer.attach(context)
    const unit = run.attach(context)
    const rootScope = unit.rootScope
    try {
      if (!performActions(chunks[i]!, buffer, context, config, io, emitChunk, rootScope, bisect, bytecode)) {
        hadFailure = true
      }
    } catch (error) {
      rethrowLargeStackRequired(error)
      crashed = true
      context.diagEngine.flush()
      io.stderr(formatInternalError(toolName, error))
    } finally {
      renderer.detach()
    }
    unit.finish()
  }
  if (held !== '') {
    io.stdout(held)
  }

  let ok: boolean
  if (verifier !== null) {
    ok = verifier.verify() && !crashed
  } else {
    ok = !hadFailure && !crashed
  }
  expectations.dispose()
  run.writeFiles()
  if (toFile && ok) {
    try {
      if (io.writeFileChunks !== undefined) {
        io.writeFileChunks(config.outputFilename, fileOutput)
      } else {
        io.writeFile(config.outputFilename, fileOutput.join(''))
      }
    } catch (error) {
      io.stderr(`cannot open output file '${config.outputFilename}': ${(error as Error).message}\n`)
      return 1
    }
  }
  return ok ? 0 : 1
}

/** Parses, verifies, transforms and prints one chunk; false when any step failed. */
function performActions(
  chunk: SourceChunk,
  buffer: SourceBuffer,
  context: Context,
  config: OptConfig,
  io: ToolIO,
  emit: (s: string) => void,
  timing: TimingScope,
  bisect: OptBisect | null,
  bytecode: Uint8Array | null,
): boolean {
  const parserScope = timing.nest(PARSER_TIMER, () => 'Parser')
  const parsed = bytecode !== null ? parseTileBytecode(bytecode, context) : parseSourceString(buffer.text, context, {
    filename: buffer.name,
    noImplicitModule: config.noImplicitModule,
    bufferStart: chunk.start,
    bufferEnd: chunk.end,
  })
  if (parsed === null) {
    parserScope.end()
    return false
  }
  const op = parsed.op
  // As in mlir-opt, the Parser timer covers the verification after parsing.
  const verified = verify(op)
  parserScope.end()
  if (!verified) {
    return false
  }
  if (config.verifyRoundtrip && !doVerifyRoundTrip(op, parsed, createToolContext(config))) {
    return false
  }
  const pipelineConfig = config.runReproducer ? withReproducerPipeline(config, parsed.externalResources) : config
  const printerOptions: AsmPrinterOptions = { ...config.printer, verifier: verifyQuietly }
  if (!runPassPipeline(op, context, pipelineConfig, io, { timing: timing.timer === null ? null : timing, printerOptions, bisect })) {
    context.diagEngine.flush()
    return false
  }
  context.diagEngine.flush()
  const outputScope = timing.nest(OUTPUT_TIMER, () => 'Output')
  // The module was verified after parsing and, with --verify-each, after every pass that
  // changed it (a nested pipeline's adaptor re-checks its own op, symbol uses included), so
  // the printer's own verification could only succeed again: it is skipped, which spares a
  // second walk over a large module. Without --verify-each the printer verifies, as mlir-opt.
  // The file's resources print after the IR: the builtin blobs it still references (from
  // attributes and properties alike), the other dialects' and the external entries as read.
  // `--run-reproducer` consumes the `mlir_reproducer` entry, which is then not printed back.
  const resources = config.runReproducer
    ? { dialectResources: parsed.dialectResources, externalResources: withoutKey(parsed.externalResources, 'mlir_reproducer') }
    : parsed
  // The printer refuses, before printing anything, a module whose indentation alone passes
  // the limit (it counts it while numbering the values; regions printed as `{...}` add none);
  // the walk of `checkPrintedIndentation` then finds the deepest op for the diagnostic.
  const outputOptions: AsmPrinterOptions = {
    ...printerOptions,
    resources,
    maxIndentation: MAX_PRINTED_INDENTATION,
    ...(pipelineConfig.verifyEach ? { assumeVerified: true } : {}),
  }
  // Streamed in chunks: the whole text of a large module is never held as one string.
  try {
    printOperationTo(op, emit, outputOptions)
  } catch (error) {
    if (!(error instanceof IndentationLimitError) || checkPrintedIndentation(op)) {
      throw error
    }
    context.diagEngine.flush()
    outputScope.end()
    return false
  }
  emit('\n')
  outputScope.end()
  return true
}

function withoutKey<V>(map: ReadonlyMap<string, V>, key: string): Map<string, V> {
  const copy = new Map(map)
  copy.delete(key)
  return copy
}

/** The identities of the driver's own timers (mlir-opt's `Parser` and `Output` rows). */
const PARSER_TIMER = 'Parser'
const OUTPUT_TIMER = 'Output'

/**
 * Applies `--run-reproducer`: the `mlir_reproducer` external resource of the input names
 * the pipeline (run before any pass given on the command line) and whether to verify
 * after each pass, as MLIR's `PassReproducerOptions`.
 */
function withReproducerPipeline(config: OptConfig, resources: ReadonlyMap<string, ReadonlyMap<string, Attribute>>): OptConfig {
  const repro = resources.get('mlir_reproducer')
  if (repro === undefined) {
    return config
  }
  const pipeline = repro.get('pipeline')
  const verifyEach = repro.get('verify_each')
  return {
    ...config,
    pipelineArgs: pipeline instanceof StringAttr ? [`--pass-pipeline=${pipeline.value}`, ...config.pipelineArgs] : config.pipelineArgs,
    verifyEach: verifyEach !== undefined && BoolAttr.isBool(verifyEach) ? verifyEach.value !== 0n : config.verifyEach,
  }
}
