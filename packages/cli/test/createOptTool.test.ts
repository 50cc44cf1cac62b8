import { describe, expect, it } from 'vitest'
import { I32, I32Attr, defineOp, type DialectDefinition } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'
import { createOptTool } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

const KOp = defineOp({ name: 'ext.k', results: { r: I32 }, attributes: { value: I32Attr }, assemblyFormat: '$value attr-dict' })
const ExtDialect: DialectDefinition = { namespace: 'ext', ops: [KOp] }

class EraseK extends OperationPass {
  static override readonly argument = 'ext-erase-k'
  static override readonly summary = 'Erase every ext.k'
  override runOnOperation(): void {
    this.getOperation().walk((op) => {
      if (op.name.name === 'ext.k') {
        op.erase()
      }
    })
  }
}

describe('createOptTool', () => {
  const tool = createOptTool({
    name: 'ext-opt',
    registerDialects: (ctx) => ctx.registerDialect(ExtDialect),
    registerPasses: (registry) => registry.register(EraseK),
  })

  it('parses the extension dialect and runs its pass by flag and by pipeline', () => {
    const input = { 'in.mlir': '%0 = ext.k 3\n' }
    let io = memoryIO(input)
    expect(tool(['in.mlir'], io)).toBe(0)
    expect(io.out).toBe('module {\n  %0 = ext.k 3\n}\n\n')
    io = memoryIO(input)
    expect(tool(['in.mlir', '--ext-erase-k'], io)).toBe(0)
    expect(io.out).toBe('module {\n}\n\n')
    io = memoryIO(input)
    expect(tool(['in.mlir', '--pass-pipeline=builtin.module(ext-erase-k,cse)'], io)).toBe(0)
    expect(io.out).toBe('module {\n}\n\n')
  })

  it('names itself in messages and lists its pass in --help', () => {
    let io = memoryIO()
    expect(tool(['--help'], io)).toBe(0)
    expect(io.out).toContain('ext-opt optimizer driver')
    expect(io.out).toContain('--ext-erase-k')
    io = memoryIO()
    expect(tool(['missing.mlir'], io)).toBe(1)
    expect(io.err).not.toBe('')
  })
})
