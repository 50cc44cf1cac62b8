import { describe, expect, it } from 'vitest'
import { StringAttr, UnitAttr, verify, type Operation } from '@tilepass/ir'
import { IRFixture } from './verifierHelpers.ts'

function moduleWithFunc(f: IRFixture): { mod: Operation; body: ReturnType<IRFixture['block']> } {
  const mod = f.op('tv.module', { regions: 1 })
  const top = f.block(mod.regions[0]!)
  const fn = f.op('tv.func', { regions: 1 })
  fn.setAttr('sym_name', strAttr(f, 'f'))
  top.append(fn)
  return { mod, body: f.block(fn.regions[0]!) }
}

function strAttr(f: IRFixture, s: string): StringAttr {
  return StringAttr.get(f.ctx, s)
}

describe('verify', () => {
  it('accepts well-formed IR', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    const d = f.op('tv.def', { results: [f.i32] })
    body.append(d)
    body.append(f.op('tv.use', { operands: [d.result] }))
    body.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(true)
    expect(f.messages()).toEqual([])
  })

  it('reports a use before its definition in the same block', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    const d = f.op('tv.def', { results: [f.i32], loc: f.loc(7, 8) })
    body.append(f.op('tv.use', { operands: [d.result], loc: f.loc(6, 3) }))
    body.append(d)
    body.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      '6:3: error: operand #0 does not dominate this use',
      '  7:8: note: operand defined here (op in the same block)',
    ])
  })

  it('reports a block argument of a non-dominating block', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    const region = body.parent!
    const b1 = f.block(region, [f.i32])
    const b2 = f.block(region)
    body.append(f.op('tv.br', { successors: [b1, b2] }))
    b1.append(f.op('tv.ret'))
    b2.append(f.op('tv.use', { operands: [b1.getArgument(0)], loc: f.loc(20, 5) }))
    b2.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(false)
    expect(f.messages()[0]).toBe('20:5: error: operand #0 does not dominate this use')
    expect(f.messages()[1]).toMatch(/note: operand defined as a block argument \(block #1 in the same region\)$/)
  })

  it('requires terminators and reports misplaced ones', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    body.append(f.op('tv.ret', { loc: f.loc(3, 3) }))
    body.append(f.op('tv.use'))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(["3:3: error: 'tv.ret' op must be the last operation in the parent block"])
  })

  it('reports a block without terminator', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    const b1 = f.block(body.parent!)
    body.append(f.op('tv.br', { successors: [b1] }))
    b1.append(f.op('tv.use', { loc: f.loc(9, 4) }))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(['9:4: error: block with no terminator, has "tv.use"'])
  })

  it('reports empty blocks at the region owner', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    const r = f.op('tv.region', { regions: 1, loc: f.loc(2, 3) })
    top.append(r)
    const b0 = f.block(r.regions[0]!)
    const b1 = f.block(r.regions[0]!)
    b0.append(f.op('tv.br', { successors: [b1] }))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(['2:3: error: empty block: expect at least a terminator'])
  })

  it('requires symbols to be nested in symbol tables', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    const d = f.op('tv.def', { results: [f.i32] })
    body.append(d)
    const inner = f.op('tv.func', { regions: 1, loc: f.loc(4, 3) })
    inner.setAttr('sym_name', strAttr(f, 'g'))
    body.append(inner)
    body.append(f.op('tv.ret'))
    const ib = f.block(inner.regions[0]!)
    ib.append(f.op('tv.use', { operands: [d.result], loc: f.loc(5, 5) }))
    ib.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      "4:3: error: 'tv.func' op symbol's parent must have the SymbolTable trait",
    ])
  })

  it('reports values used across an isolated region', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    const d = f.op('tv.def', { results: [f.i32] })
    top.append(d)
    const fn = f.op('tv.func', { regions: 1, loc: f.loc(4, 1) })
    fn.setAttr('sym_name', strAttr(f, 'f'))
    top.append(fn)
    const b = f.block(fn.regions[0]!)
    b.append(f.op('tv.use', { operands: [d.result], loc: f.loc(5, 3) }))
    b.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      "5:3: error: 'tv.use' op using value defined outside the region",
      '  4:1: note: required by region isolation constraints',
    ])
  })

  it('checks HasParent and symbol redefinitions', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    for (const line of [2, 5]) {
      const fn = f.op('tv.func', { regions: 1, loc: f.loc(line, 1) })
      fn.setAttr('sym_name', strAttr(f, 'same'))
      f.block(fn.regions[0]!).append(f.op('tv.ret'))
      top.append(fn)
    }
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(["5:1: error: redefinition of symbol named 'same'", '  2:1: note: see existing symbol definition here'])

    const g = new IRFixture()
    const m2 = g.op('tv.module', { regions: 1 })
    g.block(m2.regions[0]!).append(g.op('tv.ret', { loc: g.loc(3, 3) }))
    expect(verify(m2)).toBe(false)
    expect(g.messages()).toEqual(["3:3: error: 'tv.ret' op expects parent op 'tv.func'"])
  })

  it('finds the name and visibility of a symbol among its inherent and its discardable attributes', () => {
    // `tv.func` declares `sym_name` inherent, so its `sym_visibility` is discardable.
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    body.append(f.op('tv.ret'))
    const fn = mod.regions[0]!.firstBlock!.firstOp!
    fn.setAttr('sym_visibility', strAttr(f, 'private'))
    expect(fn.getDiscardableAttr('sym_visibility')).toBeDefined()
    expect(verify(mod)).toBe(true)
    fn.setAttr('sym_visibility', strAttr(f, 'hidden'))
    expect(verify(mod)).toBe(false)
    fn.removeAttr('sym_visibility')
    fn.setInherentAttr('sym_name', UnitAttr.get(f.ctx))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      `2:1: error: 'tv.func' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"`,
      "2:1: error: 'tv.func' op requires string attribute 'sym_name'",
    ])
  })

  it('runs op verifiers before nested regions and region verifiers after', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    const c = f.op('tv.checked', { loc: f.loc(2, 1), regions: 1 })
    top.append(c)
    f.block(c.regions[0]!).append(f.op('tv.ret', { loc: f.loc(3, 1) }))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(["2:1: error: 'tv.checked' op expects 2 operands"])

    const g = new IRFixture()
    const m2 = g.op('tv.module', { regions: 1 })
    const t2 = g.block(m2.regions[0]!)
    const d = g.op('tv.def', { results: [g.i32] })
    t2.append(d)
    const c2 = g.op('tv.checked', { operands: [d.result, d.result], loc: g.loc(2, 1), regions: 1 })
    t2.append(c2)
    g.block(c2.regions[0]!).append(g.op('tv.ret', { loc: g.loc(3, 1) }))
    expect(verify(m2)).toBe(false)
    expect(g.messages()).toEqual(["3:1: error: 'tv.ret' op expects parent op 'tv.func'"])
  })

  it('rejects unregistered ops unless allowed, and lets them skip terminators and dominance', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    top.append(f.op('foo.bar', { loc: f.loc(2, 1) }))
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      "2:1: error: 'foo.bar' op created with unregistered dialect. If this is intended, please call " +
        'allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used',
    ])

    const g = new IRFixture(true)
    const m2 = g.op('tv.module', { regions: 1 })
    const t2 = g.block(m2.regions[0]!)
    const u = g.op('foo.region', { regions: 1 })
    t2.append(u)
    const ub = g.block(u.regions[0]!)
    const def = g.op('foo.def', { results: [g.i32] })
    ub.append(g.op('foo.use', { operands: [def.result] }))
    ub.append(def)
    expect(verify(m2)).toBe(true)
    expect(g.messages()).toEqual([])
  })

  it('exempts graph regions from dominance and limits them to one block', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    const gr = f.op('tv.graph', { regions: 1, loc: f.loc(2, 1) })
    top.append(gr)
    const b = f.block(gr.regions[0]!)
    const def = f.op('tv.def', { results: [f.i32] })
    b.append(f.op('tv.use', { operands: [def.result] }))
    b.append(def)
    expect(verify(mod)).toBe(true)
    f.block(gr.regions[0]!)
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual(["2:1: error: 'tv.graph' op expects graph region #0 to have 0 or 1 blocks"])
  })

  it('reports entry blocks with predecessors and branches to other regions', () => {
    const f = new IRFixture()
    const { mod, body } = moduleWithFunc(f)
    body.append(f.op('tv.br', { successors: [body], loc: f.loc(3, 3) }))
    expect(verify(mod)).toBe(false)
    expect(f.messages()[0]).toMatch(/^2:1: error: entry block of region may not have predecessors$/)
  })

  it('accepts values of enclosing blocks, and reports them once an edit breaks dominance', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    const fn = f.op('tv.func', { regions: 1, loc: f.loc(1, 1) })
    fn.setAttr('sym_name', strAttr(f, 'f'))
    top.append(fn)
    const body = f.block(fn.regions[0]!, [f.i32])
    const d = f.op('tv.def', { results: [f.i32], loc: f.loc(3, 3) })
    body.append(d)
    const outer = f.op('tv.region', { regions: 1 })
    body.append(outer)
    const mid = f.block(outer.regions[0]!)
    const inner = f.op('tv.region', { regions: 1 })
    mid.append(inner)
    mid.append(f.op('tv.yield'))
    const deep = f.block(inner.regions[0]!)
    deep.append(f.op('tv.use', { operands: [d.result, body.arguments[0]!], loc: f.loc(6, 7) }))
    deep.append(f.op('tv.yield'))
    body.append(f.op('tv.ret'))
    expect(verify(mod)).toBe(true)
    d.moveAfter(outer)
    expect(verify(mod)).toBe(false)
    d.moveBefore(outer)
    expect(verify(mod)).toBe(true)
    // A value of the enclosing module is outside the isolated function.
    const g = f.op('tv.def', { results: [f.i32], loc: f.loc(2, 1) })
    top.insertBefore(g, fn)
    deep.firstOp!.setOperand(1, g.result)
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      '6:7: error: operand #0 does not dominate this use',
      '  3:3: note: operand defined here (op in a parent region)',
      "6:7: error: 'tv.use' op using value defined outside the region",
      '  1:1: note: required by region isolation constraints',
    ])
  })

  it('handles deep nesting without recursion', () => {
    const f = new IRFixture(true)
    const mod = f.op('tv.module', { regions: 1 })
    let block = f.block(mod.regions[0]!)
    for (let i = 0; i < 20000; i++) {
      const r = f.op('foo.nest', { regions: 1, loc: f.loc(1, 1) })
      block.append(r)
      block = f.block(r.regions[0]!)
    }
    expect(verify(mod)).toBe(true)
  })

  it('checks isolation in time linear in the nesting depth', () => {
    // Each level defines and uses a value: climbing from each use to the isolated op was quadratic.
    const f = new IRFixture(true)
    const mod = f.op('tv.module', { regions: 1 })
    let block = f.block(mod.regions[0]!)
    for (let i = 0; i < 20000; i++) {
      const def = f.op('foo.def', { results: [f.i32] })
      block.append(def)
      block.append(f.op('foo.use', { operands: [def.results[0]!] }))
      const r = f.op('foo.nest', { regions: 1, loc: f.loc(1, 1) })
      block.append(r)
      block = f.block(r.regions[0]!)
    }
    const start = performance.now()
    expect(verify(mod)).toBe(true)
    expect(performance.now() - start).toBeLessThan(5000)
  })

  it('verifies every isolated op even after one fails, as MLIR does', () => {
    const f = new IRFixture()
    const mod = f.op('tv.module', { regions: 1 })
    const top = f.block(mod.regions[0]!)
    for (const [name, line] of [['a', 3], ['b', 7]] as const) {
      const fn = f.op('tv.func', { regions: 1 })
      fn.setAttr('sym_name', strAttr(f, name))
      top.append(fn)
      const b = f.block(fn.regions[0]!)
      b.append(f.op('tv.ret', { loc: f.loc(line, 3) }))
      b.append(f.op('tv.use'))
    }
    expect(verify(mod)).toBe(false)
    expect(f.messages()).toEqual([
      "3:3: error: 'tv.ret' op must be the last operation in the parent block",
      "7:3: error: 'tv.ret' op must be the last operation in the parent block",
    ])
  })
})
