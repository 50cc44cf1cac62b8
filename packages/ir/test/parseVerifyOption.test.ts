import { describe, expect, it } from 'vitest'
import { Context, SourceMgrDiagnosticHandler, parseSourceString } from '@tilepass/ir'

describe('parseSourceString verify option', () => {
  const text = '"test.op"() ({\n  "test.op"() : () -> ()\n}) {sym_name = 1 : i32} : () -> ()\n'

  it('does not verify unless asked', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const out: string[] = []
    SourceMgrDiagnosticHandler.forSource(ctx, text, 'in.mlir', (t) => out.push(t))
    expect(parseSourceString(text, ctx, { filename: 'in.mlir' })).not.toBeNull()
    expect(out).toEqual([])
  })

  it('verifies and reports with file:line:col, source line and caret when asked', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const out: string[] = []
    SourceMgrDiagnosticHandler.forSource(ctx, text, 'in.mlir', (t) => out.push(t))
    const bad = '"builtin.module"() ({\n^bb0:\n  "test.op"() : () -> ()\n^bb1:\n  "test.op"() : () -> ()\n}) : () -> ()\n'
    expect(parseSourceString(bad, ctx, { filename: 'in.mlir' })).not.toBeNull()
    expect(out).toEqual([])
    expect(parseSourceString(bad, ctx, { filename: 'in.mlir', verify: true })).toBeNull()
    expect(out.join('')).toMatch(/^in\.mlir:\d+:\d+: error: .*\n.*\n *\^/)
  })
})
