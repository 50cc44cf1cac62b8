import { Action, type IRUnit } from '../Action.ts'
import { hasSSADominance } from '../Dominance.ts'
import type { Block } from '../Block.ts'
import type { InsertPoint } from '../Builder.ts'
import type { Context } from '../Context.ts'
import { UnknownLoc, type Location } from '../Location.ts'
import type { LogicalResult } from '../LogicalResult.ts'
import { Operation, acquireVisitMarks, releaseVisitMarks } from '../Operation.ts'
import { Trait, type OpFoldResult } from '../OperationName.ts'
import { multiBlockInsertions, type Region } from '../Region.ts'
import type { Value } from '../Value.ts'
import { foldOperation, isAttribute, matchConstantOp, OperationFolder } from './FoldUtils.ts'
import {
  PatternApplicator,
  PatternRewriter,
  type FrozenRewritePatternSet,
  type RewritePatternLike,
  type RewriterListener,
} from './PatternMatch.ts'
import { eraseUnreachableBlocks, simplifyRegions } from './RegionUtils.ts'
import { isOpTriviallyDead } from './SideEffects.ts'

/** How much CFG simplification the greedy driver does after each iteration. */
export type GreedySimplifyRegionLevel = 'disabled' | 'normal' | 'aggressive'

/** Which ops the greedy driver may rewrite (MLIR's `GreedyRewriteStrictness`). */
export type GreedyRewriteStrictness = 'any-op' | 'existing-and-new-ops' | 'existing-ops'

/** No limit on iterations or rewrites. */
export const kNoLimit = -1

/** Options of `applyPatternsGreedily` (MLIR's `GreedyRewriteConfig`). */
export interface GreedyRewriteConfig {
  /** Seed the worklist in pre-order (true, default) or post-order. */
  useTopDownTraversal?: boolean
  /** Default `'normal'`. */
  regionSimplificationLevel?: GreedySimplifyRegionLevel
  /** Iterations before giving up (default 10; `kNoLimit` for none). */
  maxIterations?: number
  /** Rewrites per iteration (default `kNoLimit`). */
  maxNumRewrites?: number
  /** Only ops in this region are added to the worklist (default: the region being simplified). */
  scope?: Region | null
  /** Default `'any-op'`. */
  strictMode?: GreedyRewriteStrictness
  /** Receives every IR change the driver makes. */
  listener?: RewriterListener | null
  /** Fold ops before applying patterns (default true). */
  fold?: boolean
  /** Deduplicate and hoist constants when seeding the worklist (default true). */
  cseConstants?: boolean
}

/** What a greedy rewrite did. */
export interface GreedyRewriteResult {
  /** Success when a fixpoint was reached within the limits. */
  readonly converged: LogicalResult
  /**
   * Whether the IR changed: false only when it is exactly as it was (unlike MLIR's flag,
   * which misses constants erased or hoisted while seeding), so a pass may then mark all
   * analyses preserved.
   */
  readonly changed: boolean
  /** Pattern applications (folds and dead-op erasure excluded). */
  readonly numRewrites: number
}

/** The action around one iteration of the greedy driver over a region. */
export class GreedyPatternRewriteIteration extends Action {
  static readonly tag = 'GreedyPatternRewriteIteration'
  constructor(
    irUnits: readonly IRUnit[],
    readonly iteration: number,
  ) {
    super(irUnits)
  }
  get tag(): string {
    return GreedyPatternRewriteIteration.tag
  }
  override print(): string {
    return `GreedyPatternRewriteIteration(${this.iteration})`
  }
}

/** Entries per chunk of a `Worklist` (32 KiB each, below V8's large-object size). */
const WORKLIST_CHUNK_BITS = 12
const WORKLIST_CHUNK = 1 << WORKLIST_CHUNK_BITS
const WORKLIST_CHUNK_MASK = WORKLIST_CHUNK - 1

/**
 * A worklist with O(1) membership and removal (removed slots become null). While it holds
 * the ops' visit marks (`takeVisitMarks`, given back by `clear`), an op on the list is marked
 * with the list's epoch and keeps its index in `visitData`: it is on the list exactly when
 * it is marked and the list holds it at that index, so nothing is reset when it leaves.
 * Without the marks (another traversal or an outer driver holds them) the ops' indices are
 * kept in `overflow` instead.
 *
 * The entries are slots `[head, size)`; the slots outside are null. Slots `[head,
 * queueEnd)` are a queue, taken from the front once the slots above `queueEnd`, a stack,
 * are empty: `popSeedsInOrder` makes the entries pushed so far that queue, which is what
 * MLIR's driver gets by reversing its list after seeding it in pre-order, without moving
 * an entry. They live in chunks of `WORKLIST_CHUNK`, added as the list grows and kept
 * when it empties (the driver fills it again on every iteration): one array grown by
 * `push` to a million entries would leave about twice its size in old copies in the
 * large-object space, which only a full garbage collection frees, so they would stay in
 * the peak memory of the run. The first chunk grows by appending (its slots below the
 * length it has reached are null when unused), so its old copies stay small.
 */
class Worklist {
  private readonly chunks: (Operation | null)[][] = []
  size = 0
  /** The first slot that may hold an entry of the queue. */
  private head = 0
  /** The end of the queue (0 when there is none). */
  private queueEnd = 0
  /** The epoch of the visit marks the list holds, or 0 when it keeps the indices in `overflow`. */
  private epoch = 0
  /** The indices while the list holds no visit marks; made when first needed (most runs hold the marks). */
  private overflowMap: Map<Operation, number> | null = null

  private get overflow(): Map<Operation, number> {
    let m = this.overflowMap
    if (m === null) {
      m = new Map()
      this.overflowMap = m
    }
    return m
  }

  private at(i: number): Operation | null {
    return this.chunks[i >> WORKLIST_CHUNK_BITS]![i & WORKLIST_CHUNK_MASK]!
  }
  private put(i: number, op: Operation | null): void {
    this.chunks[i >> WORKLIST_CHUNK_BITS]![i & WORKLIST_CHUNK_MASK] = op
  }
  /** Whether the list never grew past its first chunk. */
  isSmall(): boolean {
    return this.chunks.length <= 1
  }
  /** Takes the ops' visit marks for the (empty) list when no other traversal holds them. */
  takeVisitMarks(): void {
    if (this.epoch === 0 && this.size === 0) {
      this.epoch = acquireVisitMarks()
    }
  }
  /** Empties the list and gives back its visit marks. */
  clear(): void {
    // An empty list holding no marks has nothing to reset (`size` 0 leaves no queue, and
    // no index in `overflow`): the driver clears its list several times per run.
    if (this.size === 0 && this.epoch === 0) {
      return
    }
    for (let i = this.head; i < this.size; i++) {
      this.put(i, null)
    }
    this.size = 0
    this.head = 0
    this.queueEnd = 0
    // V8's Map.clear makes a new table even for an empty map; the driver clears the list
    // after every iteration.
    if (this.overflowMap !== null && this.overflowMap.size > 0) {
      this.overflowMap.clear()
    }
    releaseVisitMarks(this.epoch)
    this.epoch = 0
  }
  /**
   * Makes the entries on the list come off it in the order they were pushed, after every
   * entry pushed from now on (as reversing a stack would, with no entry moved).
   */
  popSeedsInOrder(): void {
    this.queueEnd = this.size
  }
  /** The index of `op` on the list, or -1. */
  private indexOf(op: Operation): number {
    if (this.epoch === 0) {
      return this.overflow.get(op) ?? -1
    }
    if (op.visitMark !== this.epoch) {
      return -1
    }
    const i = op.visitData
    return i < this.size && this.at(i) === op ? i : -1
  }
  /** True when `op` is on the list. */
  contains(op: Operation): boolean {
    return this.indexOf(op) !== -1
  }
  isEmpty(): boolean {
    const queueEnd = this.queueEnd
    for (let i = this.size - 1; i >= queueEnd; i--) {
      if (this.at(i) !== null) {
        return false
      }
    }
    // Skipped queue slots stay skipped: the queue's front only moves forwards.
    let h = this.head
    while (h < queueEnd && this.at(h) === null) {
      h++
    }
    this.head = h
    return h === queueEnd
  }
  push(op: Operation): void {
    const n = this.size
    const chunks = this.chunks
    const epoch = this.epoch
    // `indexOf` and `setIndex` written out: the driver pushes every op of its region.
    if (epoch === 0) {
      if (this.indexOf(op) !== -1) {
        return
      }
      this.overflow.set(op, n)
    } else {
      if (op.visitMark === epoch) {
        const i = op.visitData
        if (i < n && chunks[i >> WORKLIST_CHUNK_BITS]![i & WORKLIST_CHUNK_MASK] === op) {
          return
        }
      } else {
        op.visitMark = epoch
      }
      op.visitData = n
    }
    if (n >> WORKLIST_CHUNK_BITS === chunks.length) {
      // The first chunk starts empty and grows as entries are appended (up to
      // WORKLIST_CHUNK): the driver runs once per function in `inline` and in nested
      // pipelines, mostly on a few ops, so a full chunk made and filled per run would cost
      // more than the run. A list that outgrows it is large: its other chunks are made full.
      chunks.push(chunks.length === 0 ? [] : new Array<Operation | null>(WORKLIST_CHUNK).fill(null))
    }
    chunks[n >> WORKLIST_CHUNK_BITS]![n & WORKLIST_CHUNK_MASK] = op
    this.size = n + 1
  }
  /**
   * Takes the next entry off the list, or returns null when the list is empty: `isEmpty`
   * then `pop` in one scan (the driver pops every op it visits), except that the stack's
   * slots below a popped entry are not trimmed here (the next pop skips the empty ones).
   */
  popOrNull(): Operation | null {
    const chunks = this.chunks
    const queueEnd = this.queueEnd
    let n = this.size
    let op: Operation | null = null
    while (n > queueEnd) {
      n--
      const chunk = chunks[n >> WORKLIST_CHUNK_BITS]!
      op = chunk[n & WORKLIST_CHUNK_MASK]!
      if (op !== null) {
        chunk[n & WORKLIST_CHUNK_MASK] = null
        break
      }
    }
    this.size = n
    if (op === null) {
      // The stack is empty: the front of the queue, if any.
      let h = this.head
      while (h < queueEnd) {
        const chunk = chunks[h >> WORKLIST_CHUNK_BITS]!
        op = chunk[h & WORKLIST_CHUNK_MASK]!
        if (op !== null) {
          chunk[h & WORKLIST_CHUNK_MASK] = null
          h++
          break
        }
        h++
      }
      if (op === null) {
        this.head = h
        return null
      }
      if (h === queueEnd) {
        // The queue is used up: the list is a plain stack again.
        this.size = 0
        this.head = 0
        this.queueEnd = 0
      } else {
        this.head = h
      }
    }
    if (this.epoch === 0) {
      this.overflow.delete(op)
    }
    return op
  }
  remove(op: Operation): void {
    const i = this.indexOf(op)
    if (i !== -1) {
      this.put(i, null)
      if (this.epoch === 0) {
        this.overflow.delete(op)
      }
    }
  }
}

/** Whether one of `op`'s operands is one of its own results (possible only in a graph region). */
function usesOwnResult(op: Operation): boolean {
  const operands = op.operands
  for (let i = 0; i < operands.length; i++) {
    const v = operands[i]!.value
    if (v !== null && v.definingOp === op) {
      return true
    }
  }
  return false
}

/** `strictModeFilteredOps` under 'any-op', where nothing reads or changes it. */
const NO_FILTERED_OPS: Set<Operation> = new Set()

/** The greedy driver: a worklist of ops, folded and rewritten until nothing changes. */
class GreedyPatternRewriteDriver implements RewriterListener {
  readonly rewriter: PatternRewriter
  readonly worklist = new Worklist()
  readonly matcher: PatternApplicator
  // The settings below come from the config of the run (`configure`).
  /** The region simplified by `simplify`; null for the multi-op driver. */
  region: Region | null = null
  /** `[region]`, for the region utilities (kept with the driver, and its entry cleared after the run). */
  private readonly regionList: Region[] = []
  /** The ops strict mode lets the driver rewrite (a shared empty set, never changed, under 'any-op'). */
  strictModeFilteredOps: Set<Operation> = NO_FILTERED_OPS
  maxIterations = 10
  maxNumRewrites = kNoLimit
  topDown = true
  regionLevel: GreedySimplifyRegionLevel = 'normal'
  strictMode: GreedyRewriteStrictness = 'any-op'
  scope: Region | null = null
  listener: RewriterListener | null = null
  fold = true
  cseConstants = true
  numRewrites = 0
  /** For the multi-op driver: the input ops not erased yet. */
  survivingOps: Set<Operation> | null = null
  /**
   * Whether IR that was outside the region when this iteration's worklist was seeded, and
   * holds a region of several blocks, has been inserted since (`simplify` only: the
   * multi-op driver simplifies no regions).
   */
  private insertedMultiBlock = false
  /** The folder that uniques the constants seen while the worklist is seeded (one per iteration, dropped after seeding). */
  private seedFolder: OperationFolder | null = null
  /**
   * Whether seeding the worklist erased or moved a constant: a change that does not make
   * another iteration run (so `iteration > 1`, MLIR's `changed`, misses it).
   */
  private seedChanged = false
  /** Whether the seeding walk of this iteration saw a region of more than one block. */
  private sawMultiBlock = false
  /** `multiBlockInsertions()` when this iteration's worklist was seeded. */
  private insertionMark = 0
  /** After `simplify`: whether the IR changed (see `GreedyRewriteResult.changed`). */
  changed = false
  /** Whether this iteration's seeding pushed every op of the region tree onto the worklist. */
  private seededAll = false
  /** Whether the seeding walk saw a graph region (or a region of an unregistered op) in the tree. */
  private sawGraphRegion = false
  /** Whether the last `processWorklist` emptied the worklist (rather than stopping at the rewrite limit). */
  private drained = false

  constructor(context: Context, patterns: FrozenRewritePatternSet) {
    this.rewriter = new PatternRewriter(context, this)
    this.matcher = new PatternApplicator(patterns)
  }

  /**
   * Prepares a run on `region` (null for the multi-op driver) under `config`, the scope
   * defaulting to `defaultScope`. The driver must be new or `release`d.
   */
  configure(region: Region | null, config: GreedyRewriteConfig, defaultScope: Region | null): void {
    this.region = region
    if (region !== null) {
      this.regionList[0] = region
    }
    this.numRewrites = 0
    this.seedChanged = false
    this.maxIterations = config.maxIterations ?? 10
    this.maxNumRewrites = config.maxNumRewrites ?? kNoLimit
    this.topDown = config.useTopDownTraversal ?? true
    this.regionLevel = config.regionSimplificationLevel ?? 'normal'
    this.strictMode = config.strictMode ?? 'any-op'
    this.scope = config.scope ?? defaultScope
    this.listener = config.listener ?? null
    this.fold = config.fold ?? true
    this.cseConstants = config.cseConstants ?? true
    if (this.strictMode !== 'any-op') {
      this.strictModeFilteredOps = new Set()
      if (region !== null) {
        walkRegionPostOrder(region, (op) => {
          this.strictModeFilteredOps.add(op)
        })
      }
    }
  }

  /**
   * Ends a run of `simplify` that returned: drops what refers to the IR, so that the driver
   * can be configured again for another run (its worklist is empty and holds no marks).
   */
  release(): void {
    // The per-run flags are set again by `configure` and `simplify`.
    this.region = null
    this.regionList.length = 0
    this.scope = null
    this.listener = null
    this.strictModeFilteredOps = NO_FILTERED_OPS
    this.lastRegion = null
    this.rewriter.clearInsertionPoint()
  }

  // ---- Worklist -------------------------------------------------------------------

  addToWorklist(op: Operation): void {
    // Add `op` and its ancestors up to the scope, innermost first, when the scope
    // contains `op`.
    const scope = this.scope
    let o: Operation = op
    for (;;) {
      const region: Region | null = o.parentRegion
      if (region === scope) {
        break
      }
      if (region === null) {
        return
      }
      const parent: Operation | null = region.parentOp
      if (parent === null) {
        return
      }
      o = parent
    }
    o = op
    for (;;) {
      this.addSingleOpToWorklist(o)
      const region: Region | null = o.parentRegion
      if (region === scope) {
        return
      }
      o = region!.parentOp!
    }
  }

  /** True when `addToWorklist` adds the ops nested in `region`: the scope contains it. */
  private regionInScope(region: Region): boolean {
    const scope = this.scope
    for (let r: Region | null = region; r !== scope; ) {
      if (r === null) {
        return false
      }
      const parent: Operation | null = r.parentOp
      if (parent === null) {
        return false
      }
      r = parent.parentRegion
    }
    return true
  }

  /**
   * `addToWorklist(op)` for an op inside the scope while the worklist is being seeded
   * (nothing popped yet), in time proportional to the ancestors not yet on the list rather
   * than to the nesting depth. While seeding, an ancestor on the list had its own
   * ancestors offered to the list when it was added, so offering them again would change
   * nothing: the climb stops there.
   */
  private addToWorklistDuringSeeding(op: Operation): void {
    this.addSingleOpToWorklist(op)
    const scope = this.scope
    const worklist = this.worklist
    for (let o = op; ; ) {
      const region = o.parentRegion
      if (region === scope) {
        return
      }
      const parent = region!.parentOp!
      if (worklist.contains(parent)) {
        return
      }
      this.addSingleOpToWorklist(parent)
      o = parent
    }
  }

  addSingleOpToWorklist(op: Operation): void {
    if (this.strictMode === 'any-op' || this.strictModeFilteredOps.has(op)) {
      this.worklist.push(op)
    }
  }

  /** Re-adds the defining ops of `op`'s operands that have at most one other user. */
  addOperandsToWorklist(op: Operation): void {
    const operands = op.operands
    for (let i = 0; i < operands.length; i++) {
      const v = operands[i]!.value
      if (v === null) {
        continue
      }
      const def = v.definingOp
      if (def === null) {
        continue
      }
      let otherUser: Operation | null = null
      let moreThanTwo = false
      for (let u = v.firstUse; u !== null; u = u.nextUse) {
        const user = u.owner
        if (user === op || user === otherUser) {
          continue
        }
        if (otherUser === null) {
          otherUser = user
          continue
        }
        moreThanTwo = true
        break
      }
      if (!moreThanTwo) {
        this.addToWorklist(def)
      }
    }
  }

  // ---- Listener -------------------------------------------------------------------

  notifyOperationInserted(op: Operation, previous: InsertPoint | null): void {
    this.listener?.notifyOperationInserted?.(op, previous)
    if (this.strictMode === 'existing-and-new-ops') {
      this.strictModeFilteredOps.add(op)
    }
    if (!this.insertedMultiBlock && this.region !== null && op.regions.length > 0 && (previous === null || !this.isInRegion(previous.block.parent))) {
      this.insertedMultiBlock = opHasMultiBlockRegion(op)
    }
    this.addToWorklist(op)
  }
  notifyBlockInserted(block: Block, previousRegion: Region | null, previousNext: Block | null): void {
    this.listener?.notifyBlockInserted?.(block, previousRegion, previousNext)
    if (!this.insertedMultiBlock && this.region !== null && !this.isInRegion(previousRegion)) {
      this.insertedMultiBlock = blockHasMultiBlockRegion(block)
    }
  }

  /** Whether `r` is the driver's region or nested in it. */
  private isInRegion(r: Region | null): boolean {
    const region = this.region
    while (r !== null) {
      if (r === region) {
        return true
      }
      const parent: Operation | null = r.parentOp
      r = parent === null ? null : parent.parentRegion
    }
    return false
  }
  notifyOperationModified(op: Operation): void {
    this.listener?.notifyOperationModified?.(op)
    this.addToWorklist(op)
  }
  notifyOperationReplaced(op: Operation, replacement: readonly Value[] | Operation): void {
    this.listener?.notifyOperationReplaced?.(op, replacement)
  }
  notifyOperationErased(op: Operation): void {
    this.listener?.notifyOperationErased?.(op)
    this.survivingOps?.delete(op)
    this.addOperandsToWorklist(op)
    this.worklist.remove(op)
    if (this.strictMode !== 'any-op') {
      this.strictModeFilteredOps.delete(op)
    }
  }
  notifyBlockErased(block: Block): void {
    this.listener?.notifyBlockErased?.(block)
  }
  notifyPatternBegin(pattern: RewritePatternLike, op: Operation): void {
    this.listener?.notifyPatternBegin?.(pattern, op)
  }
  notifyPatternEnd(pattern: RewritePatternLike, result: LogicalResult): void {
    this.listener?.notifyPatternEnd?.(pattern, result)
  }
  notifyMatchFailure(location: Location, reason: string): void {
    this.listener?.notifyMatchFailure?.(location, reason)
  }

  // ---- Processing -----------------------------------------------------------------

  /** Processes the worklist; returns whether anything changed. */
  processWorklist(): boolean {
    const rewriter = this.rewriter
    let changed = false
    let numRewrites = 0
    const worklist = this.worklist
    this.drained = false
    while (numRewrites < this.maxNumRewrites || this.maxNumRewrites === kNoLimit) {
      const op = worklist.popOrNull()
      if (op === null) {
        this.drained = true
        break
      }
      if (isOpTriviallyDead(op)) {
        rewriter.eraseOp(op)
        changed = true
        continue
      }
      // An op of a graph region that uses its own result (`%0 = arith.addi %0, %c0`) is left
      // alone: folding it to that result or rewriting it around itself (`addi(addi(x, c), c)`
      // with x the op itself) rebuilds the same cycle forever, where mlir-opt 22 hangs.
      // Dominance rules that out elsewhere, so only such regions' ops are looked at.
      if (op.results.length !== 0 && this.inGraphRegion(op) && usesOwnResult(op)) {
        continue
      }
      // Constants are not folded: they would fold to an attribute and be
      // rematerialized as a new constant forever.
      if (this.fold && !op.hasTrait(Trait.ConstantLike)) {
        const foldResults = foldOperation(op)
        if (foldResults !== null) {
          if (foldResults.length === 0) {
            this.notifyOperationModified(op)
            changed = true
            continue
          }
          if (this.replaceWithFoldResults(op, foldResults)) {
            changed = true
            continue
          }
        }
      }
      if (this.matcher.matchAndRewrite(op, rewriter)) {
        changed = true
        numRewrites++
        this.numRewrites++
      }
    }
    return changed
  }

  /** The region `inGraphRegion` asked about last, and whether its ops may use their own results. */
  private lastRegion: Region | null = null
  private lastRegionIsGraph = true

  /**
   * Whether `op` lies where an op may use its own result: not in a region with SSA
   * dominance (a graph region, a region of an unregistered op, or no region). Consecutive
   * ops mostly share a region, and a region's kind never changes, so the last answer is kept.
   */
  private inGraphRegion(op: Operation): boolean {
    const block = op.parentBlock
    const region = block === null ? null : block.parent
    if (region === null) {
      return true
    }
    if (region !== this.lastRegion) {
      const parent = region.parentOp
      this.lastRegion = region
      this.lastRegionIsGraph = parent === null || !parent.isRegistered || parent.hasTrait(Trait.GraphRegions)
    }
    return this.lastRegionIsGraph
  }

  private replaceWithFoldResults(op: Operation, foldResults: readonly OpFoldResult[]): boolean {
    const rewriter = this.rewriter
    const ip = rewriter.saveInsertionPoint()
    rewriter.setInsertionPoint(op)
    const replacements: Value[] = []
    let ok = true
    const dialect = op.name.dialect
    for (let i = 0; i < op.results.length; i++) {
      const fr = foldResults[i]!
      if (!isAttribute(fr)) {
        replacements.push(fr)
        continue
      }
      let constOp: Operation | null = null
      if (dialect !== null && dialect.def.materializeConstant !== undefined) {
        if (op.hasLazyLocation) {
          // The constants take `op`'s location still unmade (made, it would outlive `op`,
          // which is erased, for nothing unless it is printed): the hook builds them at
          // `loc(unknown)`, then the ops it inserted at that location take `op`'s.
          const before = op.prevOp
          constOp = dialect.def.materializeConstant(rewriter, fr, op.results[i]!.type, UnknownLoc.get(op.context))
          for (let o = before === null ? op.parentBlock!.firstOp : before.nextOp; o !== null && o !== op; o = o.nextOp) {
            if (o.hasUnknownLocation) {
              o.takeLocationOf(op)
            }
          }
        } else {
          constOp = dialect.def.materializeConstant(rewriter, fr, op.results[i]!.type, op.location)
        }
      }
      if (constOp === null) {
        const created = new Set<Operation>()
        for (const r of replacements) {
          const d = r.definingOp
          if (d !== null) {
            created.add(d)
          }
        }
        for (const c of created) {
          rewriter.eraseOp(c)
        }
        ok = false
        break
      }
      replacements.push(constOp.results[0]!)
    }
    if (ok) {
      rewriter.replaceOp(op, replacements)
    }
    rewriter.restoreInsertionPoint(ip)
    return ok
  }

  /**
   * Runs iterations until a fixpoint or a limit; returns whether it converged (and sets
   * `changed`).
   */
  simplify(): boolean {
    const region = this.region!
    const ctx = this.rewriter.context
    let continueRewrites = false
    let iteration = 0
    do {
      if (++iteration > this.maxIterations && this.maxIterations !== kNoLimit) {
        break
      }
      this.worklist.clear()
      this.worklist.takeVisitMarks()
      // The seeding folder is made by the first constant seen: most regions of a small function hold none.
      // Whether `addToWorklist` adds anything for the ops of `region`: decided once, not per op.
      const inScope = this.regionInScope(region)
      // The walk below sees every region of the tree: when none has several blocks, and
      // none gains a block or arrives from outside later, the steps that only act on
      // regions of several blocks (unreachable blocks, block merging) are skipped.
      this.insertionMark = multiBlockInsertions()
      this.insertedMultiBlock = false
      if (!this.topDown) {
        this.seededAll = false
        this.sawMultiBlock = walkRegionPostOrder(region, (op) => {
          if ((!this.cseConstants || !this.insertKnownConstant(op)) && inScope) {
            this.addToWorklistDuringSeeding(op)
          }
        })
      } else {
        // In the usual configuration (the region is the scope, any op may be rewritten) an
        // op directly in the scope has no ancestor to add, and the parent of a nested op was
        // added just before its regions were walked (only the constant being visited can be
        // erased while seeding): each op is pushed alone.
        const alone = this.scope === region && this.strictMode === 'any-op'
        this.sawGraphRegion = false
        this.sawMultiBlock = this.seedPreOrder(region, alone, inScope)
        this.seededAll = alone
        this.worklist.popSeedsInOrder()
      }
      // Not needed past seeding: its maps of constants go now.
      this.seedFolder = null
      // The iteration runs as an action only for a handler that may want to see it (the
      // greedy driver runs once per function in `inline`: no action or closure is made
      // for nothing).
      if (ctx.hasActionHandler) {
        ctx.executeAction(new GreedyPatternRewriteIteration([region], iteration), () => {
          continueRewrites = this.runIteration()
        })
      } else {
        continueRewrites = this.runIteration()
      }
    } while (continueRewrites)
    this.worklist.clear()
    this.changed = iteration > 1 || this.seedChanged
    return !continueRewrites
  }

  /**
   * Pushes the ops nested in `region` (pre-order) onto the worklist, uniquing the constants
   * first when `cseConstants`; each op alone (`alone`), or with its ancestors when
   * `inScope`. Returns whether a region walked had more than one block. The next op is
   * read after the current one is seen, which may erase it (a duplicate constant).
   */
  private seedPreOrder(region: Region, alone: boolean, inScope: boolean): boolean {
    const first = region.firstBlock
    let multiBlock = first !== null && first.nextBlock !== null
    const parent = region.parentOp
    if (parent === null || !hasSSADominance(parent, region.regionNumber)) {
      this.sawGraphRegion = true
    }
    const cseConstants = this.cseConstants
    for (let b = first; b !== null; ) {
      const nextBlock = b.nextBlock
      for (let o = b.firstOp; o !== null; ) {
        const next = o.nextOp
        if (!cseConstants || !this.insertKnownConstant(o)) {
          if (alone) {
            this.worklist.push(o)
          } else if (inScope) {
            this.addToWorklistDuringSeeding(o)
          }
          const regions = o.regions
          for (let i = 0; i < regions.length; i++) {
            multiBlock = this.seedPreOrder(regions[i]!, alone, inScope) || multiBlock
          }
        }
        o = next
      }
      b = nextBlock
    }
    return multiBlock
  }

  /** Whether no region of the tree has (or has gained) more than one block this iteration. */
  private singleBlockOnly(): boolean {
    return !this.sawMultiBlock && !this.insertedMultiBlock && multiBlockInsertions() === this.insertionMark
  }

  /**
   * Whether region simplification would find nothing to do after an iteration whose
   * worklist run changed nothing (`changedOps` false), so it can be skipped. That holds
   * when every op of the tree was pushed, the list was emptied, every region has one block
   * (no unreachable block, block argument or block to merge), and every region has SSA
   * dominance. Then every op was found not trivially dead on the IR as it stays; and an
   * op that region DCE would erase implies one that is trivially dead: the uses among the
   * ops it would erase (no terminator, no successor operand in a lone block) cannot all
   * go in a cycle where definitions dominate their uses, so one of them has no use left.
   * A function that canonicalization leaves as it was (most of the inliner's runs) then
   * costs no liveness walk.
   */
  private nothingDeadLeft(changedOps: boolean): boolean {
    return !changedOps && this.drained && this.seededAll && !this.sawGraphRegion && this.singleBlockOnly()
  }

  /** One iteration over the seeded worklist, then region simplification; returns whether anything changed. */
  private runIteration(): boolean {
    let continueRewrites = false
    // Unreachable code may hold IR that patterns cannot cope with (an op using
    // its own result), so it goes first.
    const regions = this.regionList
    if (!this.singleBlockOnly()) {
      continueRewrites = eraseUnreachableBlocks(this.rewriter, regions)
    }
    const changedOps = this.processWorklist()
    continueRewrites = changedOps || continueRewrites
    // What is left (only when the rewrite limit stopped the list) is dropped when the
    // next iteration seeds the list again: dropped here, the ops' visit marks are free
    // for the liveness of region simplification (a million ops cost no set).
    this.worklist.clear()
    if (this.regionLevel !== 'disabled' && !this.nothingDeadLeft(changedOps)) {
      continueRewrites = simplifyRegions(this.rewriter, regions, this.regionLevel === 'aggressive', this.singleBlockOnly()) || continueRewrites
    }
    return continueRewrites
  }

  /** Returns true when `op` was a duplicate constant and was erased. */
  private insertKnownConstant(op: Operation): boolean {
    const value = matchConstantOp(op)
    if (value === null) {
      return false
    }
    let folder = this.seedFolder
    if (folder === null) {
      folder = new OperationFolder(this.rewriter)
      this.seedFolder = folder
    }
    const prev = op.prevOp
    const block = op.parentBlock
    if (!folder.insertKnownConstant(op, value)) {
      this.seedChanged = true
      return true
    }
    if (op.prevOp !== prev || op.parentBlock !== block) {
      this.seedChanged = true
    }
    return false
  }
}

/**
 * Post-order walk over the ops nested in `region`; `fn` may erase or move the current op.
 * Returns whether a region walked had more than one block.
 */
function walkRegionPostOrder(region: Region, fn: (op: Operation) => void): boolean {
  const first = region.firstBlock
  let multiBlock = first !== null && first.nextBlock !== null
  for (let b = first; b !== null; ) {
    const nextBlock = b.nextBlock
    for (let o = b.firstOp; o !== null; ) {
      const next = o.nextOp
      const regions = o.regions
      for (let i = 0; i < regions.length; i++) {
        multiBlock = walkRegionPostOrder(regions[i]!, fn) || multiBlock
      }
      fn(o)
      o = next
    }
    b = nextBlock
  }
  return multiBlock
}

/** Whether a region nested in `op` has more than one block. */
function opHasMultiBlockRegion(op: Operation): boolean {
  const regions = op.regions
  for (let i = 0; i < regions.length; i++) {
    const first = regions[i]!.firstBlock
    if (first === null) {
      continue
    }
    if (first.nextBlock !== null || blockHasMultiBlockRegion(first)) {
      return true
    }
  }
  return false
}

/** Whether a region nested in an op of `block` has more than one block. */
function blockHasMultiBlockRegion(block: Block): boolean {
  for (let o = block.firstOp; o !== null; o = o.nextOp) {
    if (o.regions.length > 0 && opHasMultiBlockRegion(o)) {
      return true
    }
  }
  return false
}

/**
 * Applies `patterns` greedily to everything nested in `target` (each region of an op,
 * or one region), folding ops and erasing dead ones, until a fixpoint or a limit
 * (MLIR's `applyPatternsGreedily`). The op itself is not rewritten.
 */
export function applyPatternsGreedily(
  target: Operation | Region,
  patterns: FrozenRewritePatternSet,
  config: GreedyRewriteConfig = {},
): GreedyRewriteResult {
  if (target instanceof Operation) {
    const regions = target.regions
    // Most ops (a function) have one region: its result is the op's.
    if (regions.length === 1) {
      return applyPatternsGreedily(regions[0]!, patterns, config)
    }
    let converged = true
    let changed = false
    let numRewrites = 0
    for (let i = 0; i < regions.length; i++) {
      const r = applyPatternsGreedily(regions[i]!, patterns, config)
      converged = r.converged && converged
      changed = r.changed || changed
      numRewrites += r.numRewrites
    }
    return { converged, changed, numRewrites }
  }
  const context = target.parentOp!.context
  // A pass applies its patterns once per function (the inliner's canonicalizer: once or
  // twice per callable, on a few ops): the driver the last run left idle is reused rather
  // than made again with its rewriter, applicator and worklist. A run in progress holds
  // its driver, so one nested in it (a pattern applying the same set) makes its own.
  let driver = patterns.idleDriver as GreedyPatternRewriteDriver | null
  if (driver !== null && driver.rewriter.context === context) {
    patterns.idleDriver = null
  } else {
    driver = new GreedyPatternRewriteDriver(context, patterns)
  }
  driver.configure(target, config, target)
  let converged: boolean
  try {
    converged = driver.simplify()
  } finally {
    // Gives the visit marks back also when a pattern throws.
    driver.worklist.clear()
  }
  const result: GreedyRewriteResult = { converged, changed: driver.changed, numRewrites: driver.numRewrites }
  driver.release()
  // A worklist grown past its first chunk (a large region) is not kept for later runs.
  if (driver.worklist.isSmall()) {
    patterns.idleDriver = driver
  }
  return result
}

/**
 * The closest region containing every op of `ops`; null when one of them is top-level.
 * The regions around the first op are numbered outwards once, and each other op walks up
 * only until it meets one of them, so nested ops cost O(ops + depth), not O(ops x depth).
 */
function findCommonAncestor(ops: readonly Operation[]): Region | null {
  let region = ops[0]!.parentRegion
  if (ops.length === 1 || region === null) {
    return region
  }
  const outwards = new Map<Region, number>()
  let n = 0
  for (let r: Region | null = region; r !== null; r = r.parentRegion) {
    outwards.set(r, n++)
  }
  let level = 0
  for (let i = 1; i < ops.length; i++) {
    let r = ops[i]!.parentRegion
    while (r !== null && !outwards.has(r)) {
      r = r.parentRegion
    }
    if (r === null) {
      return null
    }
    const l = outwards.get(r)!
    if (l > level) {
      level = l
      region = r
    }
  }
  return region
}

/** What `applyOpPatternsGreedily` did. */
export interface GreedyOpRewriteResult extends GreedyRewriteResult {
  /** Whether every op of the input was erased. */
  readonly allErased: boolean
}

/**
 * Applies `patterns` greedily to `ops` only (and, depending on `config.strictMode`, to
 * ops created or affected on the way), folding and erasing dead ones; a single worklist
 * pass with no region simplification (MLIR's `applyOpPatternsGreedily`). Converges when
 * the worklist empties within `maxNumRewrites`.
 */
export function applyOpPatternsGreedily(
  ops: readonly Operation[],
  patterns: FrozenRewritePatternSet,
  config: GreedyRewriteConfig = {},
): GreedyOpRewriteResult {
  if (ops.length === 0) {
    return { converged: true, changed: false, numRewrites: 0, allErased: true }
  }
  const driver = new GreedyPatternRewriteDriver(ops[0]!.context, patterns)
  driver.configure(null, config, findCommonAncestor(ops))
  if (driver.strictMode !== 'any-op') {
    for (const op of ops) {
      driver.strictModeFilteredOps.add(op)
    }
  }
  const surviving = new Set(ops)
  driver.survivingOps = surviving
  driver.worklist.takeVisitMarks()
  for (const op of ops) {
    driver.addSingleOpToWorklist(op)
  }
  let changed: boolean
  let converged: boolean
  try {
    changed = driver.processWorklist()
    converged = driver.worklist.isEmpty()
  } finally {
    driver.worklist.clear()
  }
  return { converged, changed, numRewrites: driver.numRewrites, allErased: surviving.size === 0 }
}
