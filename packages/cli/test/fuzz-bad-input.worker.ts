/**
 * Runs the parser, verifier and printer on one input and classifies the result; used by
 * fuzz-bad-input.test.ts both in-process and inside a worker thread, where a hang can be cut
 * off by terminating the worker.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { registerAllDialects } from '@tilepass/dialects'
import { Context, failed, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

/** How one input ended: it must be one of these, never an exception. */
export interface CheckOutcome {
  /** `ok`: parsed, verified and printed; `parse-error`/`verify-error`: rejected with diagnostics. */
  readonly kind: 'ok' | 'parse-error' | 'verify-error'
  /** Number of error diagnostics reported. */
  readonly errors: number
  /** The first error message, if any. */
  readonly firstError: string
  /** Length of the printed output (0 when nothing was printed). */
  readonly printedLength: number
  readonly elapsedMs: number
}

/** What to print after a successful verification. */
export type PrintMode = 'all' | 'custom' | 'none'

/**
 * Parses `text` with unregistered dialects allowed and every tilepass-opt dialect registered,
 * verifies it and prints it (custom form, generic form with debug info, and the custom output
 * parsed again). Throws only when the code under test misbehaves: an exception escaped, or
 * a failure came without an error diagnostic.
 */
export function checkInput(text: string, print: PrintMode = 'all'): CheckOutcome {
  const start = performance.now()
  const context = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(context)
  const errors: string[] = []
  context.diagEngine.registerHandler((diag) => {
    if (diag.severity === 'error') {
      errors.push(diag.message)
    }
    return true
  })
  const done = (kind: CheckOutcome['kind'], printedLength: number): CheckOutcome => ({
    kind,
    errors: errors.length,
    firstError: errors[0] ?? '',
    printedLength,
    elapsedMs: performance.now() - start,
  })
  const parsed = parseSourceString(text, context, { filename: 'fuzz.mlir' })
  if (parsed === null) {
    if (errors.length === 0) {
      throw new Error('parseSourceString returned null without reporting an error diagnostic')
    }
    return done('parse-error', 0)
  }
  if (failed(verify(parsed.op))) {
    if (errors.length === 0) {
      throw new Error('verify failed without reporting an error diagnostic')
    }
    // Diagnostics print failing IR in generic form ("see current operation"), so that must not throw.
    return done('verify-error', print === 'none' ? 0 : printOperation(parsed.op, { printGenericOpForm: true }).length)
  }
  if (print === 'none') {
    return done('ok', 0)
  }
  const custom = printOperation(parsed.op)
  if (print === 'custom') {
    return done('ok', custom.length)
  }
  const generic = printOperation(parsed.op, { printGenericOpForm: true, printDebugInfo: true })
  // The printed text is fed back in: whatever the printer emits must not crash the parser.
  const again = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(again)
  again.diagEngine.registerHandler(() => true)
  parseSourceString(custom, again, { filename: 'fuzz-printed.mlir' })
  return done('ok', custom.length + generic.length)
}

/** Command lines the whole driver runs each input with (diagnostic rendering, split files, verify-diagnostics). */
const CLI_RUNS: readonly (readonly string[])[] = [
  ['--allow-unregistered-dialect', 'fuzz.mlir'],
  ['--allow-unregistered-dialect', '--split-input-file', '--verify-diagnostics', '--mlir-print-op-generic', '--mlir-print-debuginfo', 'fuzz.mlir'],
]

/**
 * Runs `text` through tilepass-opt's `main` with each of CLI_RUNS. Throws when an exception
 * escapes, when the driver reports an internal error (its catch-all for exceptions), or when
 * it fails without printing an error.
 */
export function checkCommandLine(text: string): void {
  for (const argv of CLI_RUNS) {
    const io = memoryIO({ 'fuzz.mlir': text })
    const code = main(argv, io)
    if (io.err.includes('internal error')) {
      throw new Error(`tilepass-opt ${argv.join(' ')}: ${io.err.slice(0, 2000)}`)
    }
    if (code !== 0 && !io.err.includes('error')) {
      throw new Error(`tilepass-opt ${argv.join(' ')} exited ${code} without an error message; stderr: ${io.err.slice(0, 500)}`)
    }
  }
}

/** The message a worker sends back for one input. */
export type WorkerReply = { readonly id: number; readonly outcome: CheckOutcome } | { readonly id: number; readonly crash: string }

const data = workerData as { fuzzWorker?: boolean } | null
if (data?.fuzzWorker === true && parentPort !== null) {
  const port = parentPort
  port.on('message', (message: { id: number; text: string }) => {
    let reply: WorkerReply
    try {
      const outcome = checkInput(message.text)
      checkCommandLine(message.text)
      reply = { id: message.id, outcome }
    } catch (error) {
      reply = { id: message.id, crash: error instanceof Error ? (error.stack ?? String(error)) : String(error) }
    }
    port.postMessage(reply)
  })
  port.postMessage({ id: -1, ready: true })
}
