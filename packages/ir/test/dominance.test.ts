import { describe, expect, it } from 'vitest'
import { DominanceInfo, PostDominanceInfo, type Block, type Operation, type Region } from '@tilepass/ir'
import { IRFixture } from './verifierHelpers.ts'

/** Builds a region of `n` blocks whose terminators branch along `edges`. */
function cfg(f: IRFixture, n: number, edges: [number, number][]): { owner: Operation; region: Region; blocks: Block[] } {
  const owner = f.op('tv.region', { regions: 1 })
  const region = owner.regions[0]!
  const blocks: Block[] = []
  for (let i = 0; i < n; i++) { blocks.push(f.block(region)) }
  const succs: Block[][] = blocks.map(() => [])
  for (const [a, b] of edges) { succs[a]!.push(blocks[b]!) }
  for (let i = 0; i < n; i++) {
    const succ = succs[i]!
    blocks[i]!.append(f.op(succ.length ? 'tv.br' : 'tv.yield', { successors: succ }))
  }
  return { owner, region, blocks }
}

describe('DominanceInfo', () => {
  it('computes dominators of a diamond with a loop', () => {
    const f = new IRFixture()
    // 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 1 (back edge), 3 -> 4
    const { region, blocks: b } = cfg(f, 5, [
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
      [3, 1],
      [3, 4],
    ])
    const dom = new DominanceInfo()
    const tree = dom.getDomTree(region)
    expect(tree.getImmediateDominator(b[1]!)).toBe(b[0])
    expect(tree.getImmediateDominator(b[3]!)).toBe(b[0])
    expect(tree.getImmediateDominator(b[4]!)).toBe(b[3])
    expect(dom.properlyDominatesBlock(b[0]!, b[4]!)).toBe(true)
    expect(dom.properlyDominatesBlock(b[1]!, b[3]!)).toBe(false)
    expect(dom.properlyDominatesBlock(b[3]!, b[4]!)).toBe(true)
    expect(dom.dominatesBlock(b[2]!, b[2]!)).toBe(true)
    expect(dom.properlyDominatesBlock(b[2]!, b[2]!)).toBe(false)
  })

  it('treats unreachable blocks as dominated by everything and dominating nothing', () => {
    const f = new IRFixture()
    const { blocks: b } = cfg(f, 3, [[0, 1]])
    const dom = new DominanceInfo()
    expect(dom.isReachableFromEntry(b[2]!)).toBe(false)
    expect(dom.isReachableFromEntry(b[0]!)).toBe(true)
    expect(dom.properlyDominatesBlock(b[1]!, b[2]!)).toBe(true)
    expect(dom.properlyDominatesBlock(b[2]!, b[1]!)).toBe(false)
  })

  it('answers op and value queries across nested regions', () => {
    const f = new IRFixture()
    const { blocks: b } = cfg(f, 2, [[0, 1]])
    const def = f.op('tv.def', { results: [f.i32] })
    b[0]!.prepend(def)
    const nest = f.op('tv.region', { regions: 1 })
    b[1]!.prepend(nest)
    const inner = f.block(nest.regions[0]!)
    const use = f.op('tv.use', { operands: [def.result] })
    inner.append(use)
    inner.append(f.op('tv.yield'))
    const dom = new DominanceInfo()
    expect(dom.properlyDominatesValue(def.result, use)).toBe(true)
    expect(dom.dominates(def, use)).toBe(true)
    expect(dom.properlyDominates(nest, use)).toBe(true)
    expect(dom.properlyDominates(nest, use, false)).toBe(false)
    expect(dom.properlyDominates(use, def)).toBe(false)
    const late = f.op('tv.def', { results: [f.i32] })
    b[1]!.append(late)
    expect(dom.properlyDominatesValue(late.result, use)).toBe(false)
    expect(dom.properlyDominatesValue(inner.addArgument(f.i32, f.loc()), use)).toBe(true)
  })

  it('handles long chains iteratively', () => {
    const f = new IRFixture()
    const n = 20000
    const edges: [number, number][] = []
    for (let i = 0; i + 1 < n; i++) { edges.push([i, i + 1]) }
    const { blocks } = cfg(f, n, edges)
    const dom = new DominanceInfo()
    expect(dom.properlyDominatesBlock(blocks[0]!, blocks[n - 1]!)).toBe(true)
    expect(dom.properlyDominatesBlock(blocks[n - 1]!, blocks[0]!)).toBe(false)
  })
})

describe('PostDominanceInfo', () => {
  it('computes post-dominators of a diamond', () => {
    const f = new IRFixture()
    const { blocks: b } = cfg(f, 4, [
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
    ])
    const pdom = new PostDominanceInfo()
    expect(pdom.properlyPostDominatesBlock(b[3]!, b[0]!)).toBe(true)
    expect(pdom.properlyPostDominatesBlock(b[1]!, b[0]!)).toBe(false)
    expect(pdom.postDominatesBlock(b[3]!, b[2]!)).toBe(true)
    const first = b[3]!.firstOp!
    const before = f.op('tv.use')
    b[3]!.prepend(before)
    expect(pdom.properlyPostDominates(first, before)).toBe(true)
    expect(pdom.properlyPostDominates(before, first)).toBe(false)
  })
})

describe('dominator tree queries', () => {
  it('lists children and finds nearest common dominators', () => {
    const f = new IRFixture()
    const { region, blocks: b } = cfg(f, 5, [
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 3],
      [3, 4],
    ])
    const dom = new DominanceInfo()
    const tree = dom.getDomTree(region)
    expect(tree.getRoots()).toEqual([b[0]])
    expect(new Set(tree.getChildren(b[0]!))).toEqual(new Set([b[1], b[2], b[3]]))
    expect(tree.getChildren(b[3]!)).toEqual([b[4]])
    expect(dom.findNearestCommonDominator(b[1]!, b[2]!)).toBe(b[0])
    expect(dom.findNearestCommonDominator(b[4]!, b[3]!)).toBe(b[3])
    const nest = f.op('tv.region', { regions: 1 })
    b[4]!.prepend(nest)
    const inner = f.block(nest.regions[0]!)
    expect(dom.findNearestCommonDominator(inner, b[1]!)).toBe(b[0])
    const pdom = new PostDominanceInfo()
    expect(pdom.findNearestCommonDominator(b[1]!, b[2]!)).toBe(b[3])
  })
})
