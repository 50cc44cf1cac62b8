import { describe, expect, it } from 'vitest'
import { OpPassManager, OperationPass, PassRegistry, addPassPipeline, parsePassManager } from '@tilepass/pass-manager'
import { makeContext, makeModule, makeOp } from './helpers.ts'

const ran: string[] = []
class FuncPass extends OperationPass {
  static override readonly argument = 'func-pass'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    ran.push('func-pass')
  }
}

function registry(): PassRegistry {
  const r = new PassRegistry()
  r.register(FuncPass)
  return r
}

describe('parsePassManager', () => {
  it('builds a runnable manager anchored where the text says', () => {
    const ctx = makeContext()
    const r = parsePassManager(ctx, 'pt.module(pt.func(func-pass))', registry())
    expect(r.error).toBeNull()
    expect(r.pm!.opName).toBe('pt.module')
    const mod = makeModule(ctx, 0)
    makeOp(ctx, 'pt.func', mod.regions[0]!.firstBlock, 1, 'f')
    ran.length = 0
    expect(r.pm!.run(mod)).toBe(true)
    expect(ran).toEqual(['func-pass'])
  })

  it('reports a missing anchor and an unknown pass', () => {
    const ctx = makeContext()
    expect(parsePassManager(ctx, 'func-pass', registry()).error).toMatch(/wrapped with the anchor operation type/)
    expect(parsePassManager(ctx, 'pt.module(nope)', registry()).error).toMatch(/'nope' does not refer to a registered pass/)
  })
})

describe('addPassPipeline', () => {
  it('appends a pipeline whose anchor is the manager\'s own', () => {
    const pm = new OpPassManager('pt.module')
    expect(addPassPipeline(pm, 'pt.module(pt.func(func-pass))', registry())).toBeNull()
    expect(pm.size).toBe(1)
  })

  it('rejects a pipeline for another anchor instead of nesting it', () => {
    const pm = new OpPassManager('pt.module')
    expect(addPassPipeline(pm, 'pt.func(func-pass)', registry())).toBe(
      "can't add a pipeline that runs on 'pt.func' to a pass manager that runs on 'pt.module'",
    )
    expect(pm.size).toBe(0)
  })

  it('accepts any anchor on an op-agnostic manager', () => {
    const pm = new OpPassManager('any')
    expect(addPassPipeline(pm, 'pt.func(func-pass)', registry())).toBeNull()
  })
})
