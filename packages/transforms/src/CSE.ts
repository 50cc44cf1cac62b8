import {
  DominanceInfo,
  IRRewriter,
  Trait,
  getEffectsRecursively,
  getMemoryEffects,
  hasSSADominance,
  isMemoryEffectFree,
  isOpTriviallyDead,
  ValueNumbering,
  type Block,
  type Operation,
  type Region,
  type Value,
} from '@tilepass/ir'
import { OperationPass, type Statistic } from '@tilepass/pass-manager'

// ---- Operation equivalence ----------------------------------------------------------

/** Mixes `x` into the running hash `h` (order-dependent). */
function mix(h: number, x: number): number {
  return Math.imul(h ^ x, 0x9e3779b1) ^ (h >>> 15)
}

/**
 * The hash of `op` for CSE: name, discardable attributes, properties, result types and
 * operands, ignoring locations (MLIR's `OperationEquivalence::computeHash`). The operands
 * of a commutative op are hashed as a multiset, as MLIR sorts them first.
 */
function computeHash(op: Operation, ids: ValueNumbering): number {
  let h = mix(mix(mix(0x2545f491, op.name.id), op.attributes.id), op.properties.id)
  h = mix(h, op.regions.length)
  const results = op.results
  for (let i = 0; i < results.length; i++) {
    h = mix(h, results[i]!.type.id)
  }
  const operands = op.operands
  if (operands.length > 1 && op.hasTrait(Trait.Commutative)) {
    let sum = 0
    for (let i = 0; i < operands.length; i++) {
      sum = (sum + mix(0x68e31da4, ids.numberOf(operands[i]!.value))) | 0
    }
    return mix(h, sum)
  }
  for (let i = 0; i < operands.length; i++) {
    h = mix(h, ids.numberOf(operands[i]!.value))
  }
  return h
}

/** True when the operand lists of two commutative ops hold the same values, in any order. */
function sameOperandMultiset(lhs: Operation, rhs: Operation): boolean {
  const n = lhs.operands.length
  if (n === 2) {
    const a0 = lhs.operands[0]!.value
    const a1 = lhs.operands[1]!.value
    const b0 = rhs.operands[0]!.value
    const b1 = rhs.operands[1]!.value
    return (a0 === b0 && a1 === b1) || (a0 === b1 && a1 === b0)
  }
  const pending: Value[] = []
  for (let i = 0; i < n; i++) {
    pending.push(rhs.operands[i]!.value)
  }
  for (let i = 0; i < n; i++) {
    const at = pending.indexOf(lhs.operands[i]!.value)
    if (at < 0) {
      return false
    }
    pending[at] = pending[pending.length - 1]!
    pending.pop()
  }
  return true
}

/** Equality of the op-level parts CSE compares (name, attributes, properties, result types, operands). */
function isSameOpShallow(lhs: Operation, rhs: Operation): boolean {
  if (
    lhs.name !== rhs.name ||
    lhs.attributes !== rhs.attributes ||
    lhs.properties !== rhs.properties ||
    lhs.operands.length !== rhs.operands.length ||
    lhs.results.length !== rhs.results.length ||
    lhs.regions.length !== rhs.regions.length
  ) {
    return false
  }
  for (let i = 0; i < lhs.results.length; i++) {
    if (lhs.results[i]!.type !== rhs.results[i]!.type) {
      return false
    }
  }
  if (lhs.operands.length > 1 && lhs.hasTrait(Trait.Commutative)) {
    return sameOperandMultiset(lhs, rhs)
  }
  for (let i = 0; i < lhs.operands.length; i++) {
    if (lhs.operands[i]!.value !== rhs.operands[i]!.value) {
      return false
    }
  }
  return true
}

/** Structural equality of two ops with equal hashes: their regions must match too. */
function isEquivalentTo(lhs: Operation, rhs: Operation): boolean {
  if (lhs === rhs) {
    return true
  }
  if (!isSameOpShallow(lhs, rhs)) {
    return false
  }
  if (lhs.regions.length === 0) {
    return true
  }
  const map = new Map<Value, Value>()
  const blockMap = new Map<Block, Block>()
  for (let i = 0; i < lhs.regions.length; i++) {
    if (!isRegionEquivalentTo(lhs.regions[i]!, rhs.regions[i]!, map, blockMap)) {
      return false
    }
  }
  return true
}

function isRegionEquivalentTo(l: Region, r: Region, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  let lb = l.firstBlock
  let rb = r.firstBlock
  for (; lb !== null && rb !== null; lb = lb.nextBlock, rb = rb.nextBlock) {
    if (lb.arguments.length !== rb.arguments.length) {
      return false
    }
    for (let i = 0; i < lb.arguments.length; i++) {
      if (lb.arguments[i]!.type !== rb.arguments[i]!.type) {
        return false
      }
      map.set(lb.arguments[i]!, rb.arguments[i]!)
    }
    blockMap.set(lb, rb)
  }
  if (lb !== null || rb !== null) {
    return false
  }
  for (lb = l.firstBlock, rb = r.firstBlock; lb !== null && rb !== null; lb = lb.nextBlock, rb = rb.nextBlock) {
    let lo = lb.firstOp
    let ro = rb.firstOp
    for (; lo !== null && ro !== null; lo = lo.nextOp, ro = ro.nextOp) {
      if (!isOpEquivalentMapped(lo, ro, map, blockMap)) {
        return false
      }
    }
    if (lo !== null || ro !== null) {
      return false
    }
  }
  return true
}

function isOpEquivalentMapped(lo: Operation, ro: Operation, map: Map<Value, Value>, blockMap: Map<Block, Block>): boolean {
  if (
    lo.name !== ro.name ||
    lo.attributes !== ro.attributes ||
    lo.properties !== ro.properties ||
    lo.operands.length !== ro.operands.length ||
    lo.results.length !== ro.results.length ||
    lo.successors.length !== ro.successors.length ||
    lo.regions.length !== ro.regions.length
  ) {
    return false
  }
  for (let i = 0; i < lo.operands.length; i++) {
    const a = lo.operands[i]!.value
    const b = ro.operands[i]!.value
    if (a !== b && map.get(a) !== b) {
      return false
    }
  }
  for (let i = 0; i < lo.results.length; i++) {
    if (lo.results[i]!.type !== ro.results[i]!.type) {
      return false
    }
    map.set(lo.results[i]!, ro.results[i]!)
  }
  for (let i = 0; i < lo.successors.length; i++) {
    if (blockMap.get(lo.successors[i]!.block) !== ro.successors[i]!.block) {
      return false
    }
  }
  for (let i = 0; i < lo.regions.length; i++) {
    if (!isRegionEquivalentTo(lo.regions[i]!, ro.regions[i]!, map, blockMap)) {
      return false
    }
  }
  return true
}

// ---- Scoped table -------------------------------------------------------------------

/**
 * A scoped table of known ops (MLIR's `ScopedHashTable`): inner scopes shadow outer ones.
 * One chained hash table over typed arrays; entries form a stack, so a scope is undone by
 * unlinking the entries made since it opened, newest first. Nothing is allocated per op.
 */
class ScopedOpTable {
  /** Per bucket, the newest entry in it, or -1. */
  private heads = new Int32Array(64).fill(-1)
  private mask = 63
  /** Per entry: its op's hash and the next older entry of its bucket (or -1). */
  private hashes = new Int32Array(64)
  private older = new Int32Array(64)
  private readonly ops: (Operation | null)[] = []
  private count = 0
  /** The entry count when each open scope began. */
  private readonly scopeStarts: number[] = []

  constructor(readonly ids: ValueNumbering) {}

  pushScope(): void {
    this.scopeStarts.push(this.count)
  }
  popScope(): void {
    const start = this.scopeStarts.pop()!
    const heads = this.heads
    for (let e = this.count - 1; e >= start; e--) {
      heads[this.hashes[e]! & this.mask] = this.older[e]!
      this.ops[e] = null
    }
    this.count = start
  }
  hash(op: Operation): number {
    return computeHash(op, this.ids)
  }
  lookup(op: Operation): Operation | null {
    return this.lookupHashed(op, computeHash(op, this.ids))
  }
  lookupHashed(op: Operation, hash: number): Operation | null {
    const hashes = this.hashes
    for (let e = this.heads[hash & this.mask]!; e >= 0; e = this.older[e]!) {
      if (hashes[e] === hash && isEquivalentTo(this.ops[e]!, op)) {
        return this.ops[e]!
      }
    }
    return null
  }
  insertHashed(op: Operation, hash: number): void {
    const e = this.count
    if (e === this.hashes.length) {
      this.growEntries()
    }
    if (e >= this.heads.length >> 1) {
      this.rehash(this.heads.length << 1)
    }
    const bucket = hash & this.mask
    this.hashes[e] = hash
    this.older[e] = this.heads[bucket]!
    this.heads[bucket] = e
    if (e === this.ops.length) {
      this.ops.push(op)
    } else {
      this.ops[e] = op
    }
    this.count = e + 1
  }
  private growEntries(): void {
    const n = this.hashes.length << 1
    const hashes = new Int32Array(n)
    hashes.set(this.hashes)
    this.hashes = hashes
    const older = new Int32Array(n)
    older.set(this.older)
    this.older = older
  }
  /** Rebuilds the buckets at `size` (a power of two), linking entries oldest first so each chain stays newest first. */
  private rehash(size: number): void {
    const heads = new Int32Array(size).fill(-1)
    const mask = size - 1
    for (let e = 0; e < this.count; e++) {
      const bucket = this.hashes[e]! & mask
      this.older[e] = heads[bucket]!
      heads[bucket] = e
    }
    this.heads = heads
    this.mask = mask
  }
}

// ---- Driver -------------------------------------------------------------------------

/** True when no result of `op` is used (a cheap test before `isOpTriviallyDead`). */
function hasNoUses(op: Operation): boolean {
  const results = op.results
  for (let i = 0; i < results.length; i++) {
    if (!results[i]!.useEmpty) {
      return false
    }
  }
  return true
}

/** Entries per chunk of `CSEDriver`'s list of ops to erase (32 KiB each, below V8's large-object size). */
const ERASE_CHUNK = 4096

/** Eliminates common subexpressions in the regions of one op (MLIR's `CSEDriver`). */
export class CSEDriver {
  numCSE = 0
  numDCE = 0
  /**
   * The ops to erase once the walk is done, in visit order, in chunks of `ERASE_CHUNK`: one
   * array grown by push to hundreds of thousands of entries would leave its old copies in
   * the large-object space, which only a full garbage collection frees.
   */
  private readonly opsToErase: Operation[][] = [[]]
  /**
   * `isMemoryEffectFree` of the ops with regions visited so far. Ops are visited after the ops nested
   * in them, and nothing is moved or erased before the end, so a recursive-effects op is
   * answered from its children's entries: linear in nesting depth rather than quadratic.
   */
  private readonly effectFree = new Map<Operation, boolean>()
  /** Tables no isolated op is using (all their scopes are closed). */
  private readonly freeTables: ScopedOpTable[] = []

  constructor(
    readonly rewriter: IRRewriter,
    readonly domInfo: DominanceInfo,
  ) {}

  /** Whether an op was erased during the walk (see `eraseDead`). */
  private erasedDuringWalk = false

  /** The op whose regions `simplify` is simplifying. */
  private root: Operation | null = null

  /**
   * Erases `op`, which the walk has just visited: at once when `now` (see `canEraseAtOnce`;
   * the op is still in cache), else once the walk is done, in visit order, as MLIR does.
   */
  private eraseDead(op: Operation, now: boolean): void {
    if (now) {
      this.rewriter.eraseOp(op)
      this.erasedDuringWalk = true
    } else {
      this.eraseLater(op)
    }
  }

  private eraseLater(op: Operation): void {
    const chunks = this.opsToErase
    let chunk = chunks[chunks.length - 1]!
    if (chunk.length === ERASE_CHUNK) {
      chunk = []
      chunks.push(chunk)
    }
    chunk.push(op)
  }

  private replaceUsesAndDelete(known: ScopedOpTable, op: Operation, existing: Operation, ssaDominance: boolean, eraseNow: boolean): void {
    if (ssaDominance) {
      this.rewriter.listener?.notifyOperationReplaced?.(op, existing)
      this.rewriter.replaceAllOpUsesWith(op, existing.results)
    } else {
      // Uses in ops not visited yet must keep the original value.
      const wasVisited = (owner: Operation): boolean => known.lookup(owner) === null
      for (let i = 0; i < op.results.length; i++) {
        this.rewriter.replaceUsesWithIf(op.results[i]!, existing.results[i]!, (u) => wasVisited(u.owner))
      }
    }
    // Asked without making the ops' lazy file locations (most ops are parsed, none unknown),
    // and before `op` may be erased.
    if (existing.hasUnknownLocation && !op.hasUnknownLocation) {
      existing.location = op.location
    }
    if (ssaDominance) {
      this.eraseDead(op, eraseNow)
    } else if (op.useEmpty) {
      this.eraseLater(op)
    }
    this.numCSE++
  }

  /** True when an op strictly between `from` and `to` (same block) may write memory. */
  private hasOtherSideEffectingOpInBetween(from: Operation, to: Operation): boolean {
    for (let o = from.nextOp; o !== null && o !== to; o = o.nextOp) {
      const effects = getEffectsRecursively(o)
      if (effects === null) {
        return true
      }
      for (const e of effects) {
        if (e.kind === 'write') {
          return true
        }
      }
    }
    return false
  }

  /**
   * Whether the ops of `block` (in a region of SSA dominance) may be erased as soon as the
   * walk finds them redundant or dead. Erasing one then cannot change what the walk finds
   * later: no later op of the block uses it, it writes no memory (so no read is kept or
   * dropped differently), and the block is never compared with another, as it would be when
   * an op around it is a candidate for CSE (its regions are compared op by op, erased ops
   * included). So every op between the block and the root must be isolated from above and
   * without declared effects (a function), and nothing may observe the order (no listener).
   */
  private canEraseAtOnce(block: Block): boolean {
    if (this.rewriter.listener !== null) {
      return false
    }
    for (let p = block.parentOp; p !== this.root; p = p.parentOp) {
      if (
        p === null ||
        !p.isRegistered ||
        !p.hasTrait(Trait.IsolatedFromAbove) ||
        p.hasTrait(Trait.RecursiveMemoryEffects) ||
        getMemoryEffects(p) !== null ||
        isMemoryEffectFree(p)
      ) {
        return false
      }
    }
    return true
  }

  private simplifyOperation(known: ScopedOpTable, op: Operation, ssaDominance: boolean, eraseNow: boolean): boolean {
    if (op.hasTrait(Trait.IsTerminator)) {
      return false
    }
    if (hasNoUses(op) && isOpTriviallyDead(op)) {
      this.eraseDead(op, eraseNow)
      this.numDCE++
      return true
    }
    const regions = op.regions
    for (let i = 0; i < regions.length; i++) {
      const r = regions[i]!
      if (r.firstBlock !== null && !r.hasOneBlock) {
        return false
      }
    }
    if (!this.isMemoryEffectFree(op)) {
      const effects = getMemoryEffects(op)
      if (effects === null || effects.some((e) => e.kind !== 'read')) {
        return false
      }
      const hash = known.hash(op)
      const existing = known.lookupHashed(op, hash)
      if (existing !== null && existing.parentBlock === op.parentBlock && !this.hasOtherSideEffectingOpInBetween(existing, op)) {
        this.replaceUsesAndDelete(known, op, existing, ssaDominance, eraseNow)
        return true
      }
      known.insertHashed(op, hash)
      return false
    }
    const hash = known.hash(op)
    const existing = known.lookupHashed(op, hash)
    if (existing !== null) {
      this.replaceUsesAndDelete(known, op, existing, ssaDominance, eraseNow)
      return true
    }
    known.insertHashed(op, hash)
    return false
  }

  /** `isMemoryEffectFree(op)`, remembered for the ops that contain `op`. */
  private isMemoryEffectFree(op: Operation): boolean {
    // Only ops with regions are remembered: the others are answered in O(1), and a map
    // entry per op would cost memory on large modules.
    if (op.regions.length === 0) {
      return isMemoryEffectFree(op)
    }
    let free = this.effectFree.get(op)
    if (free !== undefined) {
      return free
    }
    free = true
    if (!op.hasTrait(Trait.RecursiveMemoryEffects)) {
      free = isMemoryEffectFree(op)
    } else {
      const effects = getMemoryEffects(op)
      if (effects !== null && effects.length !== 0) {
        free = false
      }
      for (let r = 0; free && r < op.regions.length; r++) {
        for (let b = op.regions[r]!.firstBlock; free && b !== null; b = b.nextBlock) {
          for (let o = b.firstOp; o !== null; o = o.nextOp) {
            if (!this.isMemoryEffectFree(o)) {
              free = false
              break
            }
          }
        }
      }
    }
    this.effectFree.set(op, free)
    return free
  }

  /** An empty table for the regions of an isolated op, reused from an earlier sibling when possible. */
  private acquireTable(ids: ValueNumbering): ScopedOpTable {
    return this.freeTables.pop() ?? new ScopedOpTable(ids)
  }
  private releaseTable(table: ScopedOpTable): void {
    this.freeTables.push(table)
  }

  private simplifyBlock(known: ScopedOpTable, block: Block, ssaDominance: boolean): void {
    const eraseNow = ssaDominance && this.canEraseAtOnce(block)
    // The next op is read first: `simplifyOperation` may erase the op.
    for (let op = block.firstOp, next: Operation | null = null; op !== null; op = next) {
      next = op.nextOp
      if (op.regions.length !== 0) {
        // Values from outside may not be used inside an isolated op.
        if (!op.isRegistered || op.hasTrait(Trait.IsolatedFromAbove)) {
          const nested = this.acquireTable(known.ids)
          for (let i = 0; i < op.regions.length; i++) {
            this.simplifyRegion(nested, op.regions[i]!)
          }
          this.releaseTable(nested)
        } else {
          for (let i = 0; i < op.regions.length; i++) {
            this.simplifyRegion(known, op.regions[i]!)
          }
        }
      }
      this.simplifyOperation(known, op, ssaDominance, eraseNow)
    }
  }

  private simplifyRegion(known: ScopedOpTable, region: Region): void {
    if (region.firstBlock === null) {
      return
    }
    // Multi-block regions always have SSA dominance; a single block may be a graph region
    // (or is unknown, under an unregistered op).
    const parent = region.parentOp
    const ssaDominance = !region.hasOneBlock || hasSSADominance(parent, parent === null ? 0 : parent.regions.indexOf(region))
    if (region.hasOneBlock) {
      known.pushScope()
      this.simplifyBlock(known, region.front, ssaDominance)
      known.popScope()
      return
    }
    if (!ssaDominance) {
      return
    }
    const tree = this.domInfo.getDomTree(region)
    // Depth-first over the dominator tree; each node opens a scope its subtree sees.
    const stack: { block: Block; children: Block[]; next: number }[] = []
    const root = region.front
    known.pushScope()
    this.simplifyBlock(known, root, ssaDominance)
    stack.push({ block: root, children: tree.getChildren(root), next: 0 })
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      if (top.next < top.children.length) {
        const child = top.children[top.next++]!
        known.pushScope()
        this.simplifyBlock(known, child, ssaDominance)
        stack.push({ block: child, children: tree.getChildren(child), next: 0 })
      } else {
        known.popScope()
        stack.pop()
      }
    }
  }

  /** Simplifies every region of `op`, then erases the redundant and dead ops; returns whether anything changed. */
  simplify(op: Operation): boolean {
    const ids = new ValueNumbering()
    const known = this.acquireTable(ids)
    this.root = op
    try {
      for (const r of op.regions) {
        this.simplifyRegion(known, r)
      }
    } finally {
      ids.dispose()
    }
    this.releaseTable(known)
    this.freeTables.length = 0
    const chunks = this.opsToErase
    const changed = chunks[0]!.length > 0 || this.erasedDuringWalk
    this.erasedDuringWalk = false
    this.root = null
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c]!
      for (let i = 0; i < chunk.length; i++) {
        this.rewriter.eraseOp(chunk[i]!)
      }
    }
    chunks.length = 1
    chunks[0]!.length = 0
    this.effectFree.clear()
    return changed
  }
}

/**
 * Eliminates common subexpressions (`cse`): an op equal to a dominating one (same
 * name, operands, attributes, properties and result types, and no intervening write
 * for reads) is replaced by it; trivially dead ops are erased. It changes only the op
 * it runs on and its descendants.
 */
export class CSE extends OperationPass {
  static override readonly argument = 'cse'
  static override readonly summary = 'Eliminate common sub-expressions'
  static override readonly description =
    'This pass implements a generalized algorithm for common sub-expression elimination. It is based on the dominance of operations and on the side effects they declare.'
  static override readonly statistics: Readonly<Record<string, string>> = {
    "num-cse'd": 'Number of operations CSE\'d',
    "num-dce'd": 'Number of operations DCE\'d',
  }
  static readonly passName: string = 'CSE'

  private readonly numCSE: Statistic = this.statistic("num-cse'd", "Number of operations CSE'd")
  private readonly numDCE: Statistic = this.statistic("num-dce'd", "Number of operations DCE'd")

  override runOnOperation(): void {
    const driver = new CSEDriver(new IRRewriter(this.getContext()), this.getAnalysis(DominanceInfo))
    const changed = driver.simplify(this.getOperation())
    this.numCSE.add(driver.numCSE)
    this.numDCE.add(driver.numDCE)
    if (!changed) {
      this.markAllAnalysesPreserved()
    }
  }
}
