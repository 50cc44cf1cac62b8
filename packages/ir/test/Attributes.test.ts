import { describe, expect, it } from 'vitest'
import { Context, IntegerType, StringAttr, SymbolRefAttr } from '@tilepass/ir'

describe('interning of string attributes and symbol references', () => {
  it('gives one untyped string attribute per text, distinct from the typed ones', () => {
    const ctx = new Context()
    const i32 = IntegerType.get(ctx, 32)
    const a = StringAttr.get(ctx, 'f0')
    expect(StringAttr.get(ctx, 'f0')).toBe(a)
    expect(StringAttr.get(ctx, 'f0', null)).toBe(a)
    expect(StringAttr.get(ctx, 'f1')).not.toBe(a)
    const typed = StringAttr.get(ctx, 'f0', i32)
    expect(typed).not.toBe(a)
    expect(typed.type).toBe(i32)
    expect(StringAttr.get(ctx, 'f0', i32)).toBe(typed)
    expect(a.type).toBeNull()
  })

  it('finds untyped strings and flat references by their text, without a key in the uniquer', () => {
    const ctx = new Context()
    const s = StringAttr.get(ctx, 'name')
    const r = SymbolRefAttr.get(ctx, 'name')
    expect(ctx.uniquer.lookup('str::name')).toBeUndefined()
    expect(ctx.uniquer.lookup('sym:4:name')).toBeUndefined()
    expect(ctx.nameAttrUniquer.getString(ctx, 'name')).toBe(s)
    expect(ctx.nameAttrUniquer.getFlatSymbolRef(ctx, 'name')).toBe(r)
  })

  it('gives one flat symbol reference per name, distinct from the nested ones', () => {
    const ctx = new Context()
    const flat = SymbolRefAttr.get(ctx, 'a')
    expect(SymbolRefAttr.get(ctx, 'a')).toBe(flat)
    expect(SymbolRefAttr.get(ctx, 'a', [])).toBe(flat)
    expect(flat.isFlat).toBe(true)
    expect(flat.nestedReferences).toEqual([])
    const nested = SymbolRefAttr.get(ctx, 'a', ['b'])
    expect(nested).not.toBe(flat)
    expect(SymbolRefAttr.get(ctx, 'a', ['b'])).toBe(nested)
    expect(nested.leafReference).toBe('b')
  })

  it('interns texts too long for V8 to hash well once each (all of one length would collide)', () => {
    const ctx = new Context()
    const long1 = 'x'.repeat(20000)
    const long2 = `${'x'.repeat(19999)}y`
    const a = StringAttr.get(ctx, long1)
    expect(StringAttr.get(ctx, long1.slice(0))).toBe(a)
    expect(StringAttr.get(ctx, long2)).not.toBe(a)
    expect(StringAttr.get(ctx, long2).value).toBe(long2)
    const r = SymbolRefAttr.get(ctx, long1)
    expect(SymbolRefAttr.get(ctx, long1)).toBe(r)
    expect(SymbolRefAttr.get(ctx, long2)).not.toBe(r)
  })

  it('keeps the attributes of two contexts apart', () => {
    const a = new Context()
    const b = new Context()
    expect(StringAttr.get(a, 's')).not.toBe(StringAttr.get(b, 's'))
    expect(StringAttr.get(b, 's').context).toBe(b)
    expect(SymbolRefAttr.get(a, 's')).not.toBe(SymbolRefAttr.get(b, 's'))
  })
})
