import { printOperation } from '@tilepass/ir'
import { OperationPass, stringOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'

/** The option declarations of the pass (see `OptionDecls`). */
export type PrintIROptionDecls = { readonly label: ScalarOption<string> }
const printIROptions: PrintIROptionDecls = { label: stringOption('label', '', 'Label') }

/** Where `print-ir` writes; standard error of the process by default. */
export type PrintIRSink = (text: string) => void

function defaultSink(text: string): void {
  const proc = (globalThis as { process?: { stderr?: { write(t: string): unknown } } }).process
  proc?.stderr?.write(text)
}

/**
 * Prints the op it runs on to the debug stream (standard error) under a
 * `// -----// IR Dump <label> //----- //` banner (`print-ir`); the IR is unchanged.
 */
export class PrintIRPass extends OperationPass<OptionValues<PrintIROptionDecls>> {
  static override readonly argument = 'print-ir'
  static override readonly summary = 'Print IR on the debug stream'
  static override readonly options: PrintIROptionDecls = printIROptions
  static readonly passName: string = 'PrintIRPass'

  /** Writes `text` to the debug stream; registrations with an explicit sink override it. */
  protected write(text: string): void {
    defaultSink(text)
  }

  override runOnOperation(): void {
    const label = this.options.label
    let text = printOperation(this.getOperation())
    if (!text.endsWith('\n')) {
      text += '\n'
    }
    this.write(`// -----// IR Dump${label === '' ? '' : ` ${label}`} //----- //\n${text}`)
    this.markAllAnalysesPreserved()
  }
}

/** A `print-ir` pass class writing to `sink`. */
export function printIRPassWithSink(sink: PrintIRSink): typeof PrintIRPass {
  return class extends PrintIRPass {
    protected override write(text: string): void {
      sink(text)
    }
  }
}
