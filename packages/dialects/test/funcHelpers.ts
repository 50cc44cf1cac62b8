import { BuiltinDialect, Context, parseSourceString, printOperation, verify, type Diagnostic, type DialectDefinition } from '@tilepass/ir'

/** Parses, verifies and prints `src` with the given dialects; returns the output and diagnostics (`line:col: message`). */
export function roundTrip(src: string, dialects: readonly DialectDefinition[], options: { generic?: boolean; allowUnregistered?: boolean } = {}): { out: string; diags: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, ...dialects], allowUnregisteredDialects: options.allowUnregistered ?? false })
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const loc = d.location as unknown as { line?: number; column?: number }
    diags.push(`${loc.line ?? '?'}:${loc.column ?? '?'}: ${d.severity}: ${d.message}`)
    for (const n of d.notes) {
      diags.push(`  note: ${n.message}`)
    }
    return true
  })
  const res = parseSourceString(src, ctx)
  if (res === null) {
    return { out: '', diags }
  }
  if (!verify(res.op)) {
    ctx.diagEngine.flush()
    return { out: '', diags }
  }
  ctx.diagEngine.flush()
  return { out: printOperation(res.op, options.generic ? { printGenericOpForm: true } : {}), diags }
}
