import type { Block } from './Block.ts'
import { Trait } from './OperationName.ts'
import type { Operation } from './Operation.ts'
import type { Region } from './Region.ts'
import { BlockArgument, type Value } from './Value.ts'

/**
 * The dominator tree of one region's CFG, built with the iterative algorithm of Cooper,
 * Harvey and Kennedy ("A Simple, Fast Dominance Algorithm") over a reverse post-order
 * numbering. Queries are O(1) through DFS intervals of the tree. For post-dominance the
 * CFG is reversed and a virtual exit joins every block without successors.
 */
export class DominatorTree {
  /** Reachable blocks in reverse post-order (index 0 is the root's first block). */
  private readonly order: Block[] = []
  private readonly index = new Map<Block, number>()
  /** Immediate dominator of each node by RPO index; -1 for the root(s). */
  private idom: Int32Array = new Int32Array(0)
  private dfsIn: Int32Array = new Int32Array(0)
  private dfsOut: Int32Array = new Int32Array(0)
  /** Children of each node in the tree, by RPO index; the last slot holds the roots. */
  private children: number[][] = []

  constructor(
    readonly region: Region,
    /** True for a post-dominator tree. */
    readonly isPostDom: boolean,
  ) {
    this.build()
  }

  /** True when `block` is reachable from the entry (or, post-dominance, reaches an exit). */
  isReachable(block: Block): boolean {
    return this.index.has(block)
  }

  /** The immediate dominator of `block`, or null for the entry, exits or unreachable blocks. */
  getImmediateDominator(block: Block): Block | null {
    const i = this.index.get(block)
    if (i === undefined) { return null }
    const d = this.idom[i]!
    return d < 0 ? null : this.order[d]!
  }

  /**
   * The blocks the tree starts from: the entry block, or for post-dominance the blocks
   * without successors (reachable ones first in reverse post-order).
   */
  getRoots(): Block[] {
    const roots = this.children[this.order.length] ?? []
    return roots.map((i) => this.order[i]!)
  }

  /** The blocks `block` immediately dominates, in reverse post-order; empty for unreachable blocks. */
  getChildren(block: Block): Block[] {
    const i = this.index.get(block)
    if (i === undefined) { return [] }
    return this.children[i]!.map((c) => this.order[c]!)
  }

  /** The nearest block that dominates both `a` and `b`, or null when either is unreachable (or none exists). */
  findNearestCommonDominator(a: Block, b: Block): Block | null {
    if (!this.index.has(a) || !this.index.has(b)) { return null }
    let x: Block | null = a
    while (x !== null && !this.dominates(x, b)) { x = this.getImmediateDominator(x) }
    return x
  }

  /** True when `a` dominates `b` (every block dominates itself and every unreachable block). */
  dominates(a: Block, b: Block): boolean {
    if (a === b) { return true }
    const ib = this.index.get(b)
    if (ib === undefined) { return true }
    const ia = this.index.get(a)
    if (ia === undefined) { return false }
    return this.dfsIn[ia]! <= this.dfsIn[ib]! && this.dfsOut[ib]! <= this.dfsOut[ia]!
  }

  /** True when `a` dominates `b` and differs from it. */
  properlyDominates(a: Block, b: Block): boolean {
    return a !== b && this.dominates(a, b)
  }

  private successorsOf(b: Block): Block[] {
    const out: Block[] = []
    if (this.isPostDom) {
      for (let u = b.firstPredecessorUse; u !== null; u = u.nextUse) {
        const p = u.owner.parentBlock
        if (p !== null && p.parent === this.region) { out.push(p) }
      }
    } else {
      const last = b.lastOp
      if (last !== null) { for (const s of last.successors) { if (s.block.parent === this.region) { out.push(s.block) } } }
    }
    return out
  }

  private build(): void {
    const region = this.region
    const roots: Block[] = []
    if (this.isPostDom) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        const last = b.lastOp
        if (last === null || last.successors.length === 0) { roots.push(b) }
      }
    } else if (region.firstBlock !== null) {
      roots.push(region.firstBlock)
    }
    // Iterative DFS for the post-order; node -1 stands for the virtual root.
    const visited = new Set<Block>()
    const postOrder: Block[] = []
    const succCache = new Map<Block, Block[]>()
    const stackBlocks: Block[] = []
    const stackNext: number[] = []
    for (const root of roots) {
      if (visited.has(root)) { continue }
      visited.add(root)
      stackBlocks.push(root)
      stackNext.push(0)
      while (stackBlocks.length > 0) {
        const top = stackBlocks[stackBlocks.length - 1]!
        let succs = succCache.get(top)
        if (succs === undefined) {
          succs = this.successorsOf(top)
          succCache.set(top, succs)
        }
        const k = stackNext[stackNext.length - 1]!
        if (k < succs.length) {
          stackNext[stackNext.length - 1] = k + 1
          const s = succs[k]!
          if (!visited.has(s)) {
            visited.add(s)
            stackBlocks.push(s)
            stackNext.push(0)
          }
        } else {
          stackBlocks.pop()
          stackNext.pop()
          postOrder.push(top)
        }
      }
    }
    const n = postOrder.length
    for (let i = n - 1; i >= 0; i--) {
      this.index.set(postOrder[i]!, this.order.length)
      this.order.push(postOrder[i]!)
    }
    // Predecessors (in the possibly reversed graph), by RPO index.
    const preds: number[][] = []
    for (let i = 0; i < n; i++) { preds.push([]) }
    for (let i = 0; i < n; i++) {
      for (const s of succCache.get(this.order[i]!) ?? []) {
        const j = this.index.get(s)
        if (j !== undefined) { preds[j]!.push(i) }
      }
    }
    const isRoot = new Uint8Array(n)
    for (const r of roots) {
      const i = this.index.get(r)
      if (i !== undefined) { isRoot[i] = 1 }
    }
    // RPO index of the virtual root: n (it dominates all roots in post-dominance).
    const VIRTUAL = n
    const idom = new Int32Array(n + 1).fill(-2)
    idom[VIRTUAL] = VIRTUAL
    for (let i = 0; i < n; i++) { if (isRoot[i] === 1) { idom[i] = VIRTUAL } }
    // Cooper-Harvey-Kennedy compares post-order numbers; with RPO, bigger means earlier.
    const rank = (i: number): number => (i === VIRTUAL ? -1 : i)
    const intersect = (a: number, b: number): number => {
      while (a !== b) {
        while (rank(a) > rank(b)) { a = idom[a]! }
        while (rank(b) > rank(a)) { b = idom[b]! }
      }
      return a
    }
    let changed = true
    while (changed) {
      changed = false
      for (let i = 0; i < n; i++) {
        if (isRoot[i] === 1) { continue }
        let newIdom = -2
        for (const p of preds[i]!) {
          if (idom[p] === -2) { continue }
          newIdom = newIdom === -2 ? p : intersect(p, newIdom)
        }
        if (newIdom !== -2 && idom[i] !== newIdom) {
          idom[i] = newIdom
          changed = true
        }
      }
    }
    const result = new Int32Array(n)
    for (let i = 0; i < n; i++) { result[i] = idom[i] === VIRTUAL ? -1 : idom[i]! }
    this.idom = result
    // DFS intervals over the tree (children of the virtual root are the roots).
    const children: number[][] = []
    for (let i = 0; i <= n; i++) { children.push([]) }
    for (let i = 0; i < n; i++) { children[result[i]! < 0 ? VIRTUAL : result[i]!]!.push(i) }
    const dfsIn = new Int32Array(n + 1)
    const dfsOut = new Int32Array(n + 1)
    let clock = 0
    const stack: number[] = [VIRTUAL]
    const next: number[] = [0]
    dfsIn[VIRTUAL] = clock++
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      const k = next[next.length - 1]!
      const ch = children[top]!
      if (k < ch.length) {
        next[next.length - 1] = k + 1
        const c = ch[k]!
        dfsIn[c] = clock++
        stack.push(c)
        next.push(0)
      } else {
        dfsOut[top] = clock++
        stack.pop()
        next.pop()
      }
    }
    this.dfsIn = dfsIn
    this.dfsOut = dfsOut
    this.children = children
  }
}

/**
 * True when the values in region `index` of `op` must obey SSA dominance: false for
 * unregistered ops and for regions that the op declares as graph regions.
 */
export function hasSSADominance(op: Operation | null, index: number): boolean {
  if (op === null) { return true }
  if (!op.isRegistered) { return false }
  void index
  return !op.hasTrait(Trait.GraphRegions)
}

function blockHasSSADominance(block: Block): boolean {
  const region = block.parent
  if (region === null) { return true }
  const op = region.parentOp
  // Every region of an op has the same kind here (GraphRegions covers all of them).
  return op === null || (op.isRegistered && !op.hasTrait(Trait.GraphRegions))
}

/** The ancestor of `block` (or `block` itself) that lies directly in `region`, or null. */
function findAncestorBlockInRegion(region: Region, block: Block): Block | null {
  let b: Block | null = block
  while (b !== null) {
    if (b.parent === region) { return b }
    const op: Operation | null = b.parentOp
    b = op === null ? null : op.parentBlock
  }
  return null
}

/** Shared machinery of `DominanceInfo` and `PostDominanceInfo`: lazily built trees per region. */
abstract class DominanceInfoBase {
  private readonly trees = new Map<Region, DominatorTree>()
  constructor(
    /** Kept for parity with MLIR's analysis constructor; trees are built lazily for any region. */
    readonly root: Operation | null = null,
    private readonly isPostDom: boolean = false,
  ) {}

  /** The (lazily built) tree of `region`. */
  getDomTree(region: Region): DominatorTree {
    let t = this.trees.get(region)
    if (t === undefined) {
      t = new DominatorTree(region, this.isPostDom)
      this.trees.set(region, t)
    }
    return t
  }

  /** Drops all cached trees (after the IR changed). */
  invalidate(region?: Region): void {
    if (region === undefined) { this.trees.clear() }
    else { this.trees.delete(region) }
  }

  /** True when `block` is reachable from its region's entry (the entry always is). */
  isReachableFromEntry(block: Block): boolean {
    const region = block.parent
    if (region === null || region.firstBlock === block) { return true }
    return this.getDomTree(region).isReachable(block)
  }

  /** True when `a` properly (post)dominates `b`; `b` may be nested in regions below `a`'s. */
  properlyDominatesBlock(a: Block, b: Block): boolean {
    if (a === b) { return !blockHasSSADominance(a) }
    const regionA = a.parent
    if (regionA === null) { return false }
    if (regionA !== b.parent) {
      const anc = findAncestorBlockInRegion(regionA, b)
      if (anc === null) { return false }
      if (anc === a) { return true }
      b = anc
    }
    return this.getDomTree(regionA).properlyDominates(a, b)
  }

  /**
   * The nearest block that (post)dominates both `a` and `b`, looking through nested
   * regions as MLIR does (the blocks are first lifted to a common region); null when
   * there is none.
   */
  findNearestCommonDominator(a: Block | null, b: Block | null): Block | null {
    if (a === null || b === null) { return null }
    if (a.parent !== b.parent) {
      // Lift `a` until its region contains an ancestor of `b`.
      let x: Block | null = a
      let anc: Block | null = null
      while (x !== null) {
        const region = x.parent
        anc = region === null ? null : findAncestorBlockInRegion(region, b)
        if (anc !== null) { break }
        const op: Operation | null = x.parentOp
        x = op === null ? null : op.parentBlock
      }
      if (x === null || anc === null) { return null }
      a = x
      b = anc
    }
    if (a === b) { return a }
    const region = a.parent
    return region === null ? null : this.getDomTree(region).findNearestCommonDominator(a, b)
  }

  /** True when `a` (post)dominates `b` or is `b`. */
  dominatesBlock(a: Block, b: Block): boolean {
    return a === b || this.properlyDominatesBlock(a, b)
  }

  protected properlyDominatesOp(a: Operation, b: Operation, enclosingOpOk: boolean): boolean {
    const aBlock = a.parentBlock
    const aRegion = aBlock?.parent ?? null
    if (aBlock === null || aRegion === null) { return false }
    if (a === b) { return !blockHasSSADominance(aBlock) }
    let bb = b
    if (aRegion !== b.parentRegion) {
      const anc = aRegion.findAncestorOpInRegion(b)
      if (anc === null) { return false }
      bb = anc
      if (a === bb && enclosingOpOk) { return true }
    }
    const bBlock = bb.parentBlock!
    if (aBlock === bBlock) {
      if (!blockHasSSADominance(aBlock)) { return true }
      return this.isPostDom ? bb.isBeforeInBlock(a) : a.isBeforeInBlock(bb)
    }
    return this.getDomTree(aRegion).properlyDominates(aBlock, bBlock)
  }
}

/**
 * Dominance over nested regions, as MLIR's `DominanceInfo`: an op properly dominates
 * another when it comes first in the same block, when its block properly dominates the
 * other's, or when it encloses the other (for op queries). Graph regions and regions
 * of unregistered ops impose no order.
 */
export class DominanceInfo extends DominanceInfoBase {
  constructor(root: Operation | null = null) {
    super(root, false)
  }

  /** True when `a` dominates `b` (an op dominates itself). */
  dominates(a: Operation, b: Operation): boolean {
    return a === b || this.properlyDominatesOp(a, b, true)
  }

  /** True when `a` dominates `b` and differs from it; an op that encloses `b` dominates it. */
  properlyDominates(a: Operation, b: Operation, enclosingOpOk = true): boolean {
    return this.properlyDominatesOp(a, b, enclosingOpOk)
  }

  /** True when `value` is available at `op`: defined before it (a block argument dominates its block). */
  properlyDominatesValue(value: Value, op: Operation): boolean {
    if (value instanceof BlockArgument) {
      const b = op.parentBlock
      return b !== null && this.dominatesBlock(value.owner, b)
    }
    const def = value.definingOp
    return def !== null && this.properlyDominatesOp(def, op, false)
  }

  /** True when `value` dominates `op` (a value dominates its own defining op). */
  dominatesValue(value: Value, op: Operation): boolean {
    return value.definingOp === op || this.properlyDominatesValue(value, op)
  }
}

/** Post-dominance over nested regions, as MLIR's `PostDominanceInfo`. */
export class PostDominanceInfo extends DominanceInfoBase {
  constructor(root: Operation | null = null) {
    super(root, true)
  }

  /** True when `a` post-dominates `b` (an op post-dominates itself). */
  postDominates(a: Operation, b: Operation): boolean {
    return a === b || this.properlyDominatesOp(a, b, true)
  }

  /** True when `a` post-dominates `b` and differs from it. */
  properlyPostDominates(a: Operation, b: Operation): boolean {
    return this.properlyDominatesOp(a, b, true)
  }

  /** True when block `a` post-dominates block `b`. */
  postDominatesBlock(a: Block, b: Block): boolean {
    return this.dominatesBlock(a, b)
  }

  /** True when block `a` post-dominates block `b` and differs from it. */
  properlyPostDominatesBlock(a: Block, b: Block): boolean {
    return this.properlyDominatesBlock(a, b)
  }
}
