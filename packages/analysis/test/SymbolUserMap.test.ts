import { describe, expect, it } from 'vitest'
import { Block, Context, OpBuilder, StringAttr, SymbolRefAttr, Trait, UnknownLoc, type Operation } from '@tilepass/ir'
import { AnalysisManager, DominanceInfo, SymbolUserMap } from '@tilepass/analysis'

function build(): { root: Operation; f: Operation; g: Operation; user: Operation } {
  const ctx = new Context({
    dialects: [
      {
        namespace: 'sy',
        ops: [
          { name: 'sy.table', traits: Trait.IsolatedFromAbove | Trait.SymbolTable | Trait.NoTerminator },
          { name: 'sy.sym', traits: Trait.Symbol },
          { name: 'sy.use' },
        ],
      },
    ],
  })
  const b = new OpBuilder(ctx)
  const loc = UnknownLoc.get(ctx)
  const root = b.create('sy.table', loc, { regions: 1 })
  const body = new Block()
  root.regions[0]!.push(body)
  b.setInsertionPointToEnd(body)
  const f = b.create('sy.sym', loc)
  f.setAttr('sym_name', StringAttr.get(ctx, 'f'))
  const g = b.create('sy.sym', loc)
  g.setAttr('sym_name', StringAttr.get(ctx, 'g'))
  const user = b.create('sy.use', loc)
  user.setAttr('callee', SymbolRefAttr.get(ctx, 'f'))
  const dangling = b.create('sy.use', loc)
  dangling.setAttr('callee', SymbolRefAttr.get(ctx, 'missing'))
  return { root, f, g, user }
}

describe('SymbolUserMap', () => {
  it('maps symbols to the ops that reference them', () => {
    const { root, f, g, user } = build()
    const map = AnalysisManager.forOperation(root).getAnalysis(SymbolUserMap)
    expect(map.getUsers(f)).toEqual([user])
    expect(map.useEmpty(g)).toBe(true)
  })
})

describe('DominanceInfo as an analysis', () => {
  it('is constructed from the op and cached', () => {
    const { root, f, user } = build()
    const am = AnalysisManager.forOperation(root)
    const dom = am.getAnalysis(DominanceInfo)
    expect(am.getAnalysis(DominanceInfo)).toBe(dom)
    expect(dom.properlyDominates(f, user)).toBe(true)
  })
})
