import { Context, SymbolRefAttr, parseSourceString, type Operation } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'
import { SymbolTableCollection } from '../src/SymbolTableCollection.ts'

function parse(source: string): Operation {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

const source = `module {
  "test.symbol"() {sym_name = "a"} : () -> ()
  "test.symbol"() {sym_name = "b"} : () -> ()
  module @inner {
    "test.symbol"() {sym_name = "c"} : () -> ()
  }
  "test.region"() ({
    "test.use"() {ref = @b} : () -> ()
  }) {sym_name = "user"} : () -> ()
}
`

describe('SymbolTableCollection', () => {
  it('looks up flat and nested references and the nearest symbol table outwards', () => {
    const m = parse(source)
    const tables = new SymbolTableCollection()
    const a = tables.lookupSymbolIn(m, 'a')
    expect(a?.name.name).toBe('test.symbol')
    const c = tables.lookupSymbolIn(m, SymbolRefAttr.get(m.context, 'inner', ['c']))
    expect(c?.getAttr('sym_name')).toBeDefined()
    expect(tables.lookupSymbolIn(m, 'missing')).toBeUndefined()
    const user = tables.lookupSymbolIn(m, 'user')!
    const use = user.regions[0]!.firstBlock!.firstOp!
    expect(tables.lookupNearestSymbolFrom(use, 'b')).toBe(tables.lookupSymbolIn(m, 'b'))
  })

  it('answers from its map until the table is invalidated', () => {
    const m = parse(source)
    const tables = new SymbolTableCollection()
    const a = tables.lookupSymbolIn(m, 'a')!
    a.erase()
    expect(tables.lookupSymbolIn(m, 'a')).toBe(a)
    tables.invalidate(m)
    expect(tables.lookupSymbolIn(m, 'a')).toBeUndefined()
  })

  it('keeps the tables apart when lookups alternate between them, and forgets only the invalidated one', () => {
    const m = parse(source)
    const tables = new SymbolTableCollection()
    const inner = tables.lookupSymbolIn(m, 'inner')!
    const c = tables.lookupSymbolIn(inner, 'c')!
    expect(tables.lookupSymbolIn(m, 'c')).toBeUndefined()
    expect(tables.lookupSymbolIn(inner, 'a')).toBeUndefined()
    const a = tables.lookupSymbolIn(m, 'a')!
    a.erase()
    c.erase()
    // The last lookup was in `m`: invalidating `inner` leaves `m`'s map as it was.
    tables.invalidate(inner)
    expect(tables.lookupSymbolIn(m, 'a')).toBe(a)
    expect(tables.lookupSymbolIn(inner, 'c')).toBeUndefined()
    tables.invalidate(m)
    expect(tables.lookupSymbolIn(m, 'a')).toBeUndefined()
  })
})
