import { describe, expect, it } from 'vitest'
import { Block, Context, OpBuilder, Trait, UnknownLoc, type Operation } from '@tilepass/ir'
import { AnalysisManager, PreservedAnalyses, type AnalysisListener, type AnalysisClass } from '@tilepass/analysis'

function makeTree(): { root: Operation; child: Operation; grandchild: Operation } {
  const ctx = new Context({
    dialects: [{ namespace: 'at', ops: [{ name: 'at.op', traits: Trait.IsolatedFromAbove | Trait.NoTerminator }] }],
  })
  const b = new OpBuilder(ctx)
  const mk = (parent: Block | null): Operation => {
    const op = b.create('at.op', UnknownLoc.get(ctx), { regions: 1 })
    op.regions[0]!.push(new Block())
    parent?.append(op)
    return op
  }
  const root = mk(null)
  const child = mk(root.regions[0]!.front)
  const grandchild = mk(child.regions[0]!.front)
  return { root, child, grandchild }
}

let constructed: string[] = []

class A {
  constructor(readonly op: Operation) {
    constructed.push('A')
  }
}
class B {
  readonly a: A
  constructor(op: Operation, am: AnalysisManager) {
    constructed.push('B')
    this.a = am.getAnalysis(A)
    void op
  }
  isInvalidated(pa: PreservedAnalyses): boolean {
    return !pa.isPreserved(B) || !pa.isPreserved(A)
  }
}
class Sticky {
  static readonly analysisName = 'StickyAnalysis'
  isInvalidated(): boolean {
    return false
  }
}

describe('AnalysisManager', () => {
  it('constructs once per op and caches', () => {
    constructed = []
    const { root, child } = makeTree()
    const am = AnalysisManager.forOperation(root)
    const a1 = am.getAnalysis(A)
    expect(am.getAnalysis(A)).toBe(a1)
    expect(am.getCachedAnalysis(B)).toBeUndefined()
    const b = am.getAnalysis(B)
    expect(b.a).toBe(a1)
    expect(constructed).toEqual(['A', 'B'])
    const ca = am.getChildAnalysis(child, A)
    expect(ca).not.toBe(a1)
    expect(ca.op).toBe(child)
    expect(am.getCachedChildAnalysis(child, A)).toBe(ca)
    expect(am.nest(child).getCachedParentAnalysis(root, A)).toBe(a1)
  })

  it('invalidates what is not preserved, asking analyses that decide themselves', () => {
    const { root } = makeTree()
    const am = AnalysisManager.forOperation(root)
    const a = am.getAnalysis(A)
    am.getAnalysis(B)
    const s = am.getAnalysis(Sticky)
    const pa = PreservedAnalyses.none()
    pa.preserve(A)
    am.invalidate(pa)
    expect(am.getCachedAnalysis(A)).toBe(a)
    expect(am.getCachedAnalysis(B)).toBeUndefined()
    expect(am.getCachedAnalysis(Sticky)).toBe(s)
    am.invalidate(PreservedAnalyses.all())
    expect(am.getCachedAnalysis(A)).toBe(a)
  })

  it('invalidates dependents when a dependency is invalidated (dependency-aware)', () => {
    const { root } = makeTree()
    const am = AnalysisManager.forOperation(root)
    am.getAnalysis(B)
    // B is preserved explicitly, but A is not: A goes first, then B sees A unpreserved.
    const pa = PreservedAnalyses.none()
    pa.preserve(B)
    am.invalidate(pa)
    expect(am.getCachedAnalysis(A)).toBeUndefined()
    expect(am.getCachedAnalysis(B)).toBeUndefined()
    // Both preserved: both kept.
    const b = am.getAnalysis(B)
    const both = PreservedAnalyses.none()
    both.preserve(A, B)
    am.invalidate(both)
    expect(am.getCachedAnalysis(B)).toBe(b)
  })

  it('invalidates nested analyses, and drops them all when nothing is preserved', () => {
    const { root, child, grandchild } = makeTree()
    const am = AnalysisManager.forOperation(root)
    const ga = am.getChildAnalysis(grandchild, A)
    am.getChildAnalysis(child, B)
    const pa = PreservedAnalyses.none()
    pa.preserve(A)
    am.invalidate(pa)
    expect(am.getCachedChildAnalysis(grandchild, A)).toBe(ga)
    expect(am.getCachedChildAnalysis(child, B)).toBeUndefined()
    am.invalidate(PreservedAnalyses.none())
    expect(am.getCachedChildAnalysis(grandchild, A)).toBeUndefined()
  })

  it('makes no map for a nested op until it holds an analysis, and keeps the analyses of each op apart', () => {
    const { root, child, grandchild } = makeTree()
    const am = AnalysisManager.forOperation(root)
    const c = am.nest(child)
    const g = am.nest(grandchild)
    // Managers nested for a pipeline that asks for no analysis share the empty maps.
    expect(c.impl.analyses).toBe(g.impl.analyses)
    expect(g.impl.childAnalyses.size).toBe(0)
    const ga = g.getAnalysis(A)
    expect(c.getCachedAnalysis(A)).toBeUndefined()
    expect(am.getCachedAnalysis(A)).toBeUndefined()
    const ca = c.getAnalysis(A)
    expect(ca).not.toBe(ga)
    expect(am.getCachedChildAnalysis(grandchild, A)).toBe(ga)
    expect(am.getCachedChildAnalysis(child, A)).toBe(ca)
    am.clear()
    expect(am.nest(child).getCachedAnalysis(A)).toBeUndefined()
    expect(AnalysisManager.forOperation(root).nest(child).impl.analyses.size).toBe(0)
  })

  it('tells the listener about cache misses only', () => {
    const { root } = makeTree()
    const events: string[] = []
    const listener: AnalysisListener = {
      runBeforeAnalysis: (name: string, _cls: AnalysisClass, op: Operation) => events.push(`before ${name} ${op.name.name}`),
      runAfterAnalysis: (name: string) => events.push(`after ${name}`),
    }
    const am = AnalysisManager.forOperation(root, listener)
    am.getAnalysis(B)
    am.getAnalysis(B)
    am.getAnalysis(Sticky)
    expect(events).toEqual(['before B at.op', 'before A at.op', 'after A', 'after B', 'before StickyAnalysis at.op', 'after StickyAnalysis'])
  })

  it('rejects ops that are not descendants', () => {
    const { root, child } = makeTree()
    expect(() => AnalysisManager.forOperation(child).nest(root)).toThrow(/not a descendant/)
  })
})
