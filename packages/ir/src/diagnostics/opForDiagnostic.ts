import type { Operation } from '../Operation.ts'

/**
 * @internal Prints `op` for a diagnostic message with the context's diagnostic op
 * printer (local scope; generic form when `generic`), starting on a new line when the
 * text spans several lines, as MLIR's `Diagnostic::appendOp`. Without a printer the
 * op is shown as its quoted name.
 */
export function formatOpForDiagnostic(op: Operation, generic: boolean): string {
  const printer = op.context.diagnosticOpPrinter
  const text = printer === null ? `"${op.name.name}"` : printer(op, generic)
  return text.includes('\n') ? '\n' + text : text
}
