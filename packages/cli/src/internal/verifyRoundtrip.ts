import { parseSourceString, printOperation, type Context, type FileResources, type Operation } from '@tilepass/ir'

/**
 * @internal `--verify-roundtrip` (mlir-opt's `doVerifyRoundTrip`): prints `op` in the generic
 * form with debug info (as mlir-opt does: the custom form of a region argument carries no
 * location), parses that text back into `freshContext`, and reports on `op` when the parse
 * fails or when the two modules print differently. mlir-opt also round-trips through MLIR
 * bytecode, which Tilepass does not write: only the textual check runs.
 */
export function doVerifyRoundTrip(op: Operation, resources: FileResources, freshContext: Context): boolean {
  const testType = 'textual'
  const generic = { printGenericOpForm: true, printDebugInfo: true, assumeVerified: true }
  const text = printOperation(op, { ...generic, resources })
  // The fresh context's own diagnostics (a parse error in the printed text) reach the user
  // through the original context, where the tool's handlers are.
  freshContext.diagEngine.registerHandler((diag) => {
    op.context.diagEngine.emitDiagnostic(diag)
    return true
  })
  const reparsed = parseSourceString(text, freshContext, { noImplicitModule: true, verify: true })
  if (reparsed === null) {
    return op.emitOpError(`failed to parse ${testType} content back, cannot verify round-trip.\n`).fail()
  }
  const reference = text
  const roundtrip = printOperation(reparsed.op, { ...generic, resources: reparsed })
  if (reference !== roundtrip) {
    return op
      .emitOpError(
        `${testType} roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n${reference}\n=====\n${roundtrip}\n>>>>>roundtripped\n`,
      )
      .fail()
  }
  return true
}
