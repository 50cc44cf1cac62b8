import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, printOperation, verify, type Diagnostic, type DialectDefinition } from '@tilepass/ir'

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

/**
 * Parses and verifies each `// -----` chunk of `source` as `mlir-opt --split-input-file`
 * does; returns the diagnostics as `line:col: severity: message` (file lines), leaving out
 * the "see current operation" notes.
 */
export function diagnoseSplit(source: string, dialects: readonly DialectDefinition[]): string[] {
  const out: string[] = []
  let start = 0
  for (;;) {
    const sep = source.indexOf('// -----', start)
    const end = sep < 0 ? source.length : sep
    const ctx = new Context({ dialects: [BuiltinDialect, ...dialects] })
    ctx.diagEngine.registerHandler((d: Diagnostic) => {
      const lc = (l: unknown): string => (l instanceof FileLineColLoc ? `${l.line}:${l.column}` : '?')
      out.push(`${lc(d.location)}: ${d.severity}: ${d.message}`)
      for (const n of d.notes) {
        if (!n.message.startsWith('see current operation')) {
          out.push(`${lc(n.location)}: note: ${n.message}`)
        }
      }
      return true
    })
    const r = parseSourceString(source, ctx, { bufferStart: start, bufferEnd: end })
    if (r !== null) {
      verify(r.op)
    }
    ctx.diagEngine.flush()
    if (sep < 0) {
      return out
    }
    start = source.indexOf('\n', sep) + 1
  }
}

/** One input of `describeAgainstMlirOpt`: mlir-opt 22's custom and generic output for `input`, and its diagnostics for `diagInput`. */
export interface MlirOptCase {
  readonly input: string
  readonly custom: string
  readonly generic: string
  readonly diagInput: string
  readonly diagExpected: readonly string[]
}

/**
 * The checks of an oracle case: `input` prints as mlir-opt prints it (custom and generic
 * forms, both of which re-parse to the same text), and each `// -----` chunk of `diagInput`
 * reports what mlir-opt --split-input-file reports.
 */
export function describeAgainstMlirOpt(title: string, dialects: readonly DialectDefinition[], c: MlirOptCase): void {
  describe(`${title} round trip`, () => {
    it('prints the custom form as mlir-opt', () => {
      const r = roundTrip(c.input, dialects)
      expect(r.diags).toEqual([])
      expect(r.out).toBe(c.custom)
    })
    it('prints the generic form as mlir-opt', () => {
      expect(roundTrip(c.input, dialects, { generic: true }).out).toBe(c.generic)
    })
    it('re-parses its own output to the same text', () => {
      expect(roundTrip(c.custom, dialects).out).toBe(c.custom)
      expect(roundTrip(c.generic, dialects).out).toBe(c.custom)
    })
  })
  describe(`${title} diagnostics`, () => {
    it('reports what mlir-opt reports, chunk by chunk', () => {
      expect(diagnoseSplit(c.diagInput, dialects)).toEqual(c.diagExpected)
    })
  })
}
