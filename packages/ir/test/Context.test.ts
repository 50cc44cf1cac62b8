import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, type DialectDefinition } from '@tilepass/ir'

const TOY: DialectDefinition = { namespace: 'toy', ops: [{ name: 'toy.const' }] }

/** A loader of TOY that counts its calls. */
function countingLoader(def: DialectDefinition = TOY): { load: () => DialectDefinition; calls: () => number } {
  let calls = 0
  return {
    load: () => {
      calls++
      return def
    },
    calls: () => calls,
  }
}

describe('dialect loaders', () => {
  it('registers a dialect by namespace without making its definition', () => {
    const ctx = new Context()
    const loader = countingLoader()
    ctx.registerDialectLoader('toy', loader.load)
    expect(loader.calls()).toBe(0)
    expect(ctx.isDialectRegistered('toy')).toBe(true)
    expect(ctx.registeredDialectNames).toEqual(['builtin', 'toy'])
    expect(ctx.getLoadedDialect('toy')).toBeUndefined()
    expect(loader.calls()).toBe(0)
  })

  it('makes the definition once, when an op name of the dialect is first used', () => {
    const ctx = new Context()
    const loader = countingLoader()
    ctx.registerDialectLoader('toy', loader.load)
    expect(ctx.getOperationName('toy.const').isRegistered).toBe(true)
    expect(ctx.getOperationName('toy.other').isRegistered).toBe(false)
    expect(ctx.loadDialect('toy').namespace).toBe('toy')
    expect(loader.calls()).toBe(1)
    expect(ctx.loadedDialects.map((d) => d.namespace)).toEqual(['builtin', 'toy'])
  })

  it('loads a registered dialect that the parser meets', () => {
    const ctx = new Context()
    const loader = countingLoader()
    ctx.registerDialectLoader('toy', loader.load)
    const module = parseSourceString('"toy.const"() : () -> ()', ctx)
    expect(module).not.toBeNull()
    expect(loader.calls()).toBe(1)
  })

  it('loads every registered dialect for loadAllAvailableDialects, dependencies included', () => {
    const ctx = new Context()
    const dep = countingLoader({ namespace: 'dep' })
    const toy = countingLoader({ namespace: 'toy', dependentDialects: ['dep'] })
    ctx.registerDialectLoader('toy', toy.load)
    ctx.registerDialectLoader('dep', dep.load)
    ctx.getOrLoadDialect('toy')
    expect(ctx.loadedDialects.map((d) => d.namespace)).toEqual(['builtin', 'toy', 'dep'])
    ctx.loadAllAvailableDialects()
    expect([toy.calls(), dep.calls()]).toEqual([1, 1])
  })

  it('rejects a loader whose definition has another namespace', () => {
    const ctx = new Context()
    ctx.registerDialectLoader('other', () => TOY)
    expect(() => ctx.getOrLoadDialect('other')).toThrow("the loader of dialect 'other' made dialect 'toy'")
  })

  it('accepts the definition its loader makes registered again, and nothing else', () => {
    const ctx = new Context()
    ctx.registerDialectLoader('toy', () => TOY)
    ctx.registerDialect(TOY)
    expect(ctx.loadDialect('toy').namespace).toBe('toy')
    const other = new Context()
    other.registerDialectLoader('toy', () => TOY)
    expect(() => other.registerDialect({ namespace: 'toy' })).toThrow("dialect 'toy' is already registered")
    expect(() => other.registerDialectLoader('toy', () => TOY)).toThrow("dialect 'toy' is already registered")
  })
})
