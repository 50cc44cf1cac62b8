/**
 * The driver of `tilepass-translate`, as MLIR's `mlirTranslateMain`: read the input
 * (text or bytes), split it if asked, and for each chunk run the one translation named
 * on the command line in a fresh context, with diagnostics rendered against the input
 * or checked against its `expected-*` comments. Outputs of chunks are joined by the
 * output split marker (empty by default) and a newline.
 */
import {
  SourceMgr,
  SourceMgrDiagnosticHandler,
  SourceMgrDiagnosticVerifierHandler,
  parseSourceString,
  printLocation,
  printOperationTo,
  splitInputBuffer,
  verify,
  type Location,
  type SourceChunk,
} from '@tilepass/ir'
import type { ToolIO } from '../ToolIO.ts'
import { decodeInput, rethrowLargeStackRequired } from './largeStack.ts'
import type { OptConfig } from './OptConfig.ts'
import { createToolContext } from './optMain.ts'
import type { TranslateEnv, TranslateInput, TranslateOutput, Translation } from './translateRegistry.ts'

/** The output of a run: text and byte pieces in order. */
class OutputBuffer implements TranslateOutput {
  readonly pieces: (string | Uint8Array)[] = []
  writeText(text: string): void {
    this.pieces.push(text)
  }
  writeBytes(bytes: Uint8Array): void {
    this.pieces.push(bytes)
  }
  /** Everything as one byte array. */
  toBytes(): Uint8Array {
    const encoder = new TextEncoder()
    const parts = this.pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p))
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      out.set(p, at)
      at += p.length
    }
    return out
  }
  get isText(): boolean {
    return this.pieces.every((p) => typeof p === 'string')
  }
}

function readInputBytes(path: string, io: ToolIO): Uint8Array {
  if (io.readFileBytes !== undefined) {
    return io.readFileBytes(path)
  }
  return new TextEncoder().encode(io.readFile(path))
}

/**
 * @internal Runs `translation` over the input named in `config`. `options` is the whole
 * parsed command line (translations read their own options from it). Returns the exit code.
 */
export function runTranslateMain(
  translation: Translation,
  config: OptConfig,
  options: ReadonlyMap<string, string | true>,
  io: ToolIO,
  toolName: string,
): number {
  let bytes: Uint8Array
  try {
    bytes = readInputBytes(config.inputFilename, io)
  } catch (error) {
    rethrowLargeStackRequired(error)
    io.stderr(`cannot open input file '${config.inputFilename}': ${(error as Error).message}\n`)
    return 1
  }
  // The text is only a view for diagnostics and parsing; binary inputs keep their bytes.
  const text = decodeInput(bytes)
  const bufferName = config.inputFilename === '-' ? '<stdin>' : config.inputFilename
  const sourceMgr = new SourceMgr()
  const buffer = sourceMgr.addBuffer(text, bufferName)
  const handlerOptions = { printLocation: (loc: Location) => printLocation(loc) }
  const verifier =
    config.verifyDiagnostics === null ? null : new SourceMgrDiagnosticVerifierHandler(sourceMgr, null, io.stderr, config.verifyDiagnostics, handlerOptions)
  const renderer = verifier ?? new SourceMgrDiagnosticHandler(sourceMgr, null, io.stderr, handlerOptions)

  const chunks: SourceChunk[] =
    config.splitInputFile === '' ? [{ buffer, start: 0, end: text.length }] : splitInputBuffer(sourceMgr, buffer, config.splitInputFile, io.stderr)
  const whole = chunks.length === 1 && chunks[0]!.start === 0 && chunks[0]!.end === text.length

  const output = new OutputBuffer()
  let hadFailure = false
  let crashed = false
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) {
      output.writeText(config.outputSplitMarker + '\n')
    }
    const chunk = chunks[i]!
    const context = createToolContext(config)
    context.printOpOnDiagnostic = verifier === null && config.printOpOnDiagnostic
    renderer.attach(context)
    const env: TranslateEnv = { context, options, printer: config.printer }
    const chunkBytes = whole ? bytes : new TextEncoder().encode(text.slice(chunk.start, chunk.end))
    const input: TranslateInput = {
      bytes: chunkBytes,
      get text() {
        return whole ? text : text.slice(chunk.start, chunk.end)
      },
      bufferName,
    }
    try {
      if (!translateChunk(translation, input, chunk, env, config, output)) {
        hadFailure = true
      }
      context.diagEngine.flush()
    } catch (error) {
      crashed = true
      context.diagEngine.flush()
      io.stderr(`${toolName}: internal error: ${error instanceof Error ? error.message : String(error)}\n`)
    } finally {
      renderer.detach()
    }
  }
  const ok = verifier !== null ? verifier.verify() && !crashed : !hadFailure && !crashed
  if (verifier !== null) {
    verifier.dispose()
  }
  // mlir-translate writes the output (to a file only when the run succeeded).
  if (config.outputFilename === '-') {
    if (output.isText) {
      io.stdout(output.pieces.join(''))
    } else if (io.stdoutBytes !== undefined) {
      io.stdoutBytes(output.toBytes())
    } else {
      io.stdout(new TextDecoder('latin1').decode(output.toBytes()))
    }
  } else if (ok) {
    try {
      if (io.writeFileBytes !== undefined) {
        io.writeFileBytes(config.outputFilename, output.toBytes())
      } else {
        io.writeFile(config.outputFilename, output.pieces.map((p) => (typeof p === 'string' ? p : new TextDecoder('latin1').decode(p))).join(''))
      }
    } catch (error) {
      io.stderr(`cannot open output file '${config.outputFilename}': ${(error as Error).message}\n`)
      return 1
    }
  }
  return ok ? 0 : 1
}

/** Runs the translation on one chunk; false when it failed. */
function translateChunk(
  translation: Translation,
  input: TranslateInput,
  chunk: SourceChunk,
  env: TranslateEnv,
  config: OptConfig,
  output: TranslateOutput,
): boolean {
  switch (translation.kind) {
    case 'raw':
      return translation.translate(input, output, env)
    case 'to-mlir': {
      const op = translation.translate(input, env)
      if (op === null || !verify(op)) {
        return false
      }
      printOperationTo(op, (s) => output.writeText(s), config.printer)
      return true
    }
    case 'from-mlir': {
      const parsed = parseSourceString(chunk.buffer.text, env.context, {
        filename: chunk.buffer.name,
        noImplicitModule: config.noImplicitModule,
        bufferStart: chunk.start,
        bufferEnd: chunk.end,
      })
      if (parsed === null || !verify(parsed.op)) {
        return false
      }
      return translation.translate(parsed.op, output, env)
    }
  }
}
