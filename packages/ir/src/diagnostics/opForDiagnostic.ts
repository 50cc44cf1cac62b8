import type { Operation } from '../Operation.ts'
import { PrintLimitError } from '../printer/limits.ts'

/**
 * @internal Prints `op` for a diagnostic message with the context's diagnostic op
 * printer (local scope; generic form when `generic`), starting on a new line when the
 * text spans several lines, as MLIR's `Diagnostic::appendOp`. Without a printer the
 * op is shown as its quoted name; an op too large to print into a string is replaced by
 * a note saying so.
 */
export function formatOpForDiagnostic(op: Operation, generic: boolean): string {
  const printer = op.context.diagnosticOpPrinter
  let text: string
  try {
    text = printer === null ? `"${op.name.name}"` : printer(op, generic)
  } catch (error) {
    // Too large to show (mlir-opt would print it all): the diagnostic says so instead.
    if (error instanceof PrintLimitError) {
      return `<not printed: ${error.message}>`
    }
    throw error
  }
  return text.includes('\n') ? '\n' + text : text
}
