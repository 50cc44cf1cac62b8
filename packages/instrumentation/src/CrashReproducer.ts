import { printOperation, StringAttr, type AsmPrinterOptions, type Operation } from '@tilepass/ir'
import { PassInstrumentation, type Pass, type PassManager } from '@tilepass/pass-manager'

/** The settings of `enableCrashReproducerGeneration`. */
export interface CrashReproducerConfig {
  /** The reproducer file (`--mlir-pass-pipeline-crash-reproducer=<path>`). */
  readonly path: string
  /**
   * `--mlir-pass-pipeline-local-reproducer`: the reproducer runs only the failing pass,
   * on the IR it saw, instead of the whole pipeline on the input.
   */
  readonly local?: boolean
  /** Writes the reproducer file; throws on failure. */
  readonly writeFile: (path: string, text: string) => void
  /** Printer flags for the IR of the reproducer (default: none). */
  readonly printerOptions?: AsmPrinterOptions
}

/**
 * The text of a reproducer file: the IR (a top-level op as `printOperation` prints it,
 * with its trailing newline), a blank line, then the `mlir_reproducer`
 * external resource that `--run-reproducer` reads, as mlir-opt writes it.
 */
export function formatReproducer(ir: string, pipeline: string, disableThreading: boolean, verifyEach: boolean): string {
  return (
    `${ir}\n{-#\n  external_resources: {\n    mlir_reproducer: {\n` +
    `      pipeline: "${pipeline}",\n` +
    `      disable_threading: ${disableThreading},\n` +
    `      verify_each: ${verifyEach}\n    }\n  }\n#-}\n`
  )
}

function isAdaptor(pass: Pass<object>): boolean {
  return pass.name.startsWith('Pipeline Collection') && Array.isArray((pass as { mgrs?: unknown }).mgrs)
}

function describe(pass: Pass<object>, op: Operation): string {
  let s = `\`${pass.name}\` on '${op.name.name}' operation`
  const sym = op.getAttr('sym_name')
  if (sym instanceof StringAttr) {
    s += `: @${sym.value}`
  }
  return s
}

/**
 * Writes a reproducer when a pass fails or throws (MLIR's crash reproducer): the IR
 * before the pipeline (or, in local mode, before the failing pass) with the pipeline
 * to replay, then reports `Failures have been detected while processing an MLIR pass
 * pipeline` with a note naming the pass and the file. A thrown exception is reported
 * at the top-level op; a failure at the op the pass failed on.
 */
export class CrashReproducerInstrumentation extends PassInstrumentation {
  private root: Operation | null = null
  private snapshot = ''
  private readonly stack: { pass: Pass<object>; op: Operation; snapshot: string }[] = []
  private failed: { pass: Pass<object>; op: Operation; snapshot: string } | null = null
  private crashed = false
  private done = false

  constructor(
    private readonly pm: PassManager,
    private readonly config: CrashReproducerConfig,
  ) {
    super()
  }

  /** Records that the running pass threw (called by the pass manager's crash handler). */
  noteCrash(): void {
    this.crashed = true
  }

  override runBeforePass(pass: Pass<object>, op: Operation): void {
    if (this.root === null) {
      let top = op
      while (top.parentOp !== null) {
        top = top.parentOp
      }
      this.root = top
      if (this.config.local !== true) {
        this.snapshot = this.print(top)
      }
    }
    const snapshot = this.config.local === true && !isAdaptor(pass) ? this.print(this.root) : ''
    this.stack.push({ pass, op, snapshot })
  }
  override runAfterPass(): void {
    this.stack.pop()
  }
  override runAfterPassFailed(): void {
    const entry = this.stack.pop()
    if (entry === undefined) {
      return
    }
    if (this.failed === null && !isAdaptor(entry.pass)) {
      this.failed = entry
    }
    if (this.stack.length === 0) {
      this.finalize()
    }
  }

  private print(op: Operation): string {
    return printOperation(op, this.config.printerOptions ?? {})
  }

  private finalize(): void {
    const failed = this.failed
    const root = this.root
    if (this.done || failed === null || root === null) {
      return
    }
    this.done = true
    const context = root.context
    let pipeline: string
    let ir: string
    if (this.config.local === true) {
      let text = failed.pass.printAsTextualPipeline()
      for (let o: Operation | null = failed.op; o !== null; o = o.parentOp) {
        text = `${o.name.name}(${text})`
      }
      pipeline = text
      ir = failed.snapshot
    } else {
      pipeline = `${this.pm.opAnchorName}(${this.pm.passes.map((p) => p.printAsTextualPipeline()).join(', ')})`
      ir = this.snapshot
    }
    const where = this.crashed ? root : failed.op
    let note = `Pipeline failed while executing ${this.config.local === true ? describe(failed.pass, failed.op) : `[${describe(failed.pass, failed.op)}]`}: `
    try {
      this.config.writeFile(this.config.path, formatReproducer(ir, pipeline, !context.multithreading, this.pm.verifyPasses))
      note += `reproducer generated at \`${this.config.path}\``
    } catch (error) {
      note += `failed to create output stream: Failed to create reproducer stream: cannot open output file '${this.config.path}': ${error instanceof Error ? error.message : String(error)}`
    }
    context.emitError(where.location, 'Failures have been detected while processing an MLIR pass pipeline').attachNote(note, where.location).report()
  }
}

/**
 * Makes `pm` write a reproducer when a pass fails or throws (MLIR's
 * `PassManager::enableCrashReproducerGeneration`). A thrown exception no longer
 * reports `pass ... crashed`: the reproducer diagnostic replaces it. Local mode needs
 * threading disabled: otherwise an error is emitted and false returned.
 */
export function enableCrashReproducerGeneration(pm: PassManager, config: CrashReproducerConfig): boolean {
  if (config.local === true && pm.context.multithreading) {
    return false
  }
  const instrumentation = new CrashReproducerInstrumentation(pm, config)
  pm.crashHandler = () => {
    instrumentation.noteCrash()
  }
  pm.addInstrumentation(instrumentation)
  return true
}

/**
 * The reproducer `--mlir-generate-reproducer` writes after a successful run: `op` as it
 * now is and `pm`'s pipeline, with threading and verification recorded as off (as
 * mlir-opt 22 does).
 */
export function makeReproducer(pm: PassManager, op: Operation, printerOptions: AsmPrinterOptions = {}): string {
  return formatReproducer(printOperation(op, printerOptions), pm.toString(), false, false)
}
