import { Action, type IRUnit } from '../Action.ts'
import type { Block } from '../Block.ts'
import { OpBuilder, type OpBuilderListener } from '../Builder.ts'
import type { Context } from '../Context.ts'
import type { Location } from '../Location.ts'
import { failure, type LogicalResult } from '../LogicalResult.ts'
import { Operation } from '../Operation.ts'
import type { Region } from '../Region.ts'
import type { OpOperand, Value } from '../Value.ts'

// ---- Patterns -----------------------------------------------------------------------

/** How profitable a pattern is; higher benefits are tried first (MLIR's `PatternBenefit`). */
export type PatternBenefit = number

/**
 * What the pattern infrastructure needs from a pattern. `RewritePattern` implements it;
 * plain objects of this shape (as the dialects' canonicalization patterns) are accepted too.
 */
export interface RewritePatternLike {
  /** The op name the pattern matches, or null for any op. */
  readonly rootName: string | null
  readonly benefit: PatternBenefit
  /** The debug name (`--disable-patterns` matches it); defaults to the class name. */
  readonly name?: string
  /** Extra labels `--disable-patterns`/`--enable-patterns` match. */
  readonly debugLabels?: readonly string[]
  /** Names of the ops the pattern may create. */
  readonly generatedOps?: readonly string[]
  /** Tries to match `op` and rewrite it through `rewriter`; returns success when the IR changed. */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult
}

/**
 * A rewrite pattern: a root op name (or any op), a benefit, the ops it may generate,
 * and `matchAndRewrite`. On failure it must leave the IR unchanged.
 */
export abstract class RewritePattern implements RewritePatternLike {
  readonly rootName: string | null
  readonly benefit: PatternBenefit
  readonly generatedOps: readonly string[]
  /** The name used for debugging and filtering; the class name by default. */
  name: string
  /** Extra labels used for filtering. */
  debugLabels: string[]

  constructor(rootName: string | null, benefit: PatternBenefit = 1, generatedOps: readonly string[] = []) {
    this.rootName = rootName
    this.benefit = benefit
    this.generatedOps = generatedOps
    this.name = this.constructor.name
    this.debugLabels = []
  }

  /** Matches `op` and rewrites it; returns success when the IR was changed. */
  abstract matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult
}

/** A pattern on one op name (MLIR's `OpRewritePattern<OpTy>`): the root name is required. */
export abstract class OpRewritePattern extends RewritePattern {
  constructor(opName: string, benefit: PatternBenefit = 1, generatedOps: readonly string[] = []) {
    super(opName, benefit, generatedOps)
  }
}

/** A pattern made from a function, for small patterns (MLIR's `RewritePatternSet::add(fn)`). */
class FunctionRewritePattern extends RewritePattern {
  constructor(
    rootName: string | null,
    benefit: PatternBenefit,
    name: string,
    private readonly fn: (op: Operation, rewriter: PatternRewriter) => LogicalResult,
  ) {
    super(rootName, benefit)
    this.name = name
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    return this.fn(op, rewriter)
  }
}

/** A growable list of patterns, in insertion order (MLIR's `RewritePatternSet`). */
export class RewritePatternSet {
  readonly patterns: RewritePatternLike[] = []
  constructor(readonly context: Context) {}

  /** Adds `pattern` (a `RewritePattern` or any `RewritePatternLike` object). */
  add(pattern: RewritePatternLike): this {
    this.patterns.push(pattern)
    return this
  }

  /** Adds a pattern made of `fn` matching `rootName` (null: any op). */
  addFn(
    rootName: string | null,
    fn: (op: Operation, rewriter: PatternRewriter) => LogicalResult,
    options: { benefit?: PatternBenefit; name?: string } = {},
  ): this {
    return this.add(new FunctionRewritePattern(rootName, options.benefit ?? 1, options.name ?? (rootName ?? 'anonymous'), fn))
  }

  /** Moves every pattern of `other` into this set. */
  addAll(other: RewritePatternSet): this {
    for (const p of other.patterns) {
      this.patterns.push(p)
    }
    other.patterns.length = 0
    return this
  }

  get size(): number {
    return this.patterns.length
  }
}

/** The debug name of a pattern. */
export function getPatternDebugName(p: RewritePatternLike): string {
  return p.name ?? p.constructor.name
}

/**
 * An immutable pattern set indexed by root op name, with disabled/enabled filters applied
 * (MLIR's `FrozenRewritePatternSet`). Patterns with no root go to `anyOpPatterns`.
 */
export class FrozenRewritePatternSet {
  /** Root op name to its patterns, in insertion order. */
  readonly opPatterns: ReadonlyMap<string, readonly RewritePatternLike[]>
  /** Patterns matching any op, in insertion order. */
  readonly anyOpPatterns: readonly RewritePatternLike[]
  /** The lists in the default cost model's order, computed once (the set is immutable). */
  private defaultOrder: DefaultPatternOrder | null = null
  /** @internal The greedy driver of this set that its last run left idle, for the next run to reuse. */
  idleDriver: object | null = null

  constructor(
    patterns: RewritePatternSet | readonly RewritePatternLike[] = [],
    disabledPatternLabels: readonly string[] = [],
    enabledPatternLabels: readonly string[] = [],
  ) {
    const list = patterns instanceof RewritePatternSet ? patterns.patterns : patterns
    const disabled = new Set(disabledPatternLabels)
    const enabled = new Set(enabledPatternLabels)
    const byOp = new Map<string, RewritePatternLike[]>()
    const anyOp: RewritePatternLike[] = []
    for (const p of list) {
      if (isFilteredOut(p, disabled, enabled)) {
        continue
      }
      if (p.rootName === null) {
        anyOp.push(p)
        continue
      }
      let l = byOp.get(p.rootName)
      if (l === undefined) {
        l = []
        byOp.set(p.rootName, l)
      }
      l.push(p)
    }
    this.opPatterns = byOp
    this.anyOpPatterns = anyOp
  }

  /**
   * The patterns by decreasing benefit (stable), negative benefits dropped: computed on
   * the first call and shared by every `PatternApplicator` of this set, so that a pass
   * applying the set once per function does not sort it once per function.
   */
  getDefaultOrder(): DefaultPatternOrder {
    let order = this.defaultOrder
    if (order === null) {
      const sorted = new Map<string, readonly RewritePatternLike[]>()
      for (const [name, list] of this.opPatterns) {
        sorted.set(name, sortByBenefit(list))
      }
      order = new DefaultPatternOrder(sorted, sortByBenefit(this.anyOpPatterns))
      this.defaultOrder = order
    }
    return order
  }
}

/** A frozen set's patterns in the default cost model's order. */
export class DefaultPatternOrder {
  constructor(
    /** Root op name to its patterns, highest benefit first. */
    readonly opPatterns: ReadonlyMap<string, readonly RewritePatternLike[]>,
    /** Patterns matching any op, highest benefit first. */
    readonly anyOpPatterns: readonly RewritePatternLike[],
  ) {}
}

function isFilteredOut(p: RewritePatternLike, disabled: ReadonlySet<string>, enabled: ReadonlySet<string>): boolean {
  if (disabled.size === 0 && enabled.size === 0) {
    return false
  }
  const name = getPatternDebugName(p)
  const labels = p.debugLabels ?? []
  if (disabled.size > 0) {
    if (disabled.has(name) || labels.some((l) => disabled.has(l))) {
      return true
    }
  }
  if (enabled.size > 0) {
    return !(enabled.has(name) || labels.some((l) => enabled.has(l)))
  }
  return false
}

/** The `apply-pattern` action: one pattern applied to one op. */
export class ApplyPatternAction extends Action {
  static readonly tag = 'apply-pattern'
  constructor(
    irUnits: readonly IRUnit[],
    readonly pattern: RewritePatternLike,
  ) {
    super(irUnits)
  }
  get tag(): string {
    return ApplyPatternAction.tag
  }
  override print(): string {
    return `\`${this.tag} pattern: ${getPatternDebugName(this.pattern)}`
  }
}

/**
 * Applies the patterns of a frozen set to one op, highest benefit first; ties keep
 * insertion order, and op-specific patterns win ties against any-op ones (MLIR's
 * `PatternApplicator` with the default cost model).
 */
export class PatternApplicator {
  private sorted: ReadonlyMap<string, readonly RewritePatternLike[]>
  private anyOp: readonly RewritePatternLike[]

  constructor(readonly frozen: FrozenRewritePatternSet) {
    // The default order, computed once per pattern set (a driver per function makes one of these).
    const order = frozen.getDefaultOrder()
    this.sorted = order.opPatterns
    this.anyOp = order.anyOpPatterns
  }

  /** Orders every list by decreasing benefit (stable). */
  applyDefaultCostModel(): void {
    const order = this.frozen.getDefaultOrder()
    this.sorted = order.opPatterns
    this.anyOp = order.anyOpPatterns
  }

  /**
   * Tries the patterns for `op` in order until one succeeds. Each attempt runs as an
   * `apply-pattern` action, with the insertion point reset to before `op`.
   */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    const opPatterns = this.sorted.get(op.name.name) ?? kNoPatterns
    const anyPatterns = this.anyOp
    if (opPatterns.length === 0 && anyPatterns.length === 0) {
      return false
    }
    const outerOp = rewriter.visitedOp
    rewriter.visitedOp = op
    rewriter.visitNumber = ++visitCounter
    try {
      return this.tryPatterns(op, rewriter, opPatterns, anyPatterns)
    } finally {
      // A fresh number: what the patterns of an enclosing visit computed may be stale now.
      rewriter.visitedOp = outerOp
      rewriter.visitNumber = ++visitCounter
    }
  }

  private tryPatterns(
    op: Operation,
    rewriter: PatternRewriter,
    opPatterns: readonly RewritePatternLike[],
    anyPatterns: readonly RewritePatternLike[],
  ): LogicalResult {
    let opIt = 0
    let anyIt = 0
    const ctx = op.context
    for (;;) {
      let best: RewritePatternLike | null = null
      let fromAny = false
      if (opIt < opPatterns.length) {
        best = opPatterns[opIt]!
      }
      if (anyIt < anyPatterns.length && (best === null || best.benefit < anyPatterns[anyIt]!.benefit)) {
        best = anyPatterns[anyIt]!
        fromAny = true
      }
      if (best === null) {
        return false
      }
      if (fromAny) {
        anyIt++
      } else {
        opIt++
      }
      rewriter.setInsertionPoint(op)
      let result: boolean
      if (!ctx.hasActionHandler) {
        // What `executeAction` does without a handler, minus the action and closure.
        const listener = rewriter.listener
        listener?.notifyPatternBegin?.(best, op)
        result = best.matchAndRewrite(op, rewriter)
        listener?.notifyPatternEnd?.(best, result)
      } else {
        result = applyAsAction(op, rewriter, best)
      }
      if (result) {
        return true
      }
    }
  }
}

/**
 * Applies `pattern` to `op` as an `apply-pattern` action. Apart from `tryPatterns`, whose
 * loop would otherwise allocate the closure's variables on every attempt, handler or not.
 */
function applyAsAction(op: Operation, rewriter: PatternRewriter, pattern: RewritePatternLike): boolean {
  let result = false
  op.context.executeAction(new ApplyPatternAction([op], pattern), () => {
    const listener = rewriter.listener
    listener?.notifyPatternBegin?.(pattern, op)
    result = pattern.matchAndRewrite(op, rewriter)
    listener?.notifyPatternEnd?.(pattern, result)
  })
  return result
}

const kNoPatterns: readonly RewritePatternLike[] = []

/** The number of the last `PatternApplicator` visit (see `PatternRewriter.visitNumber`). */
let visitCounter = 0

function sortByBenefit(list: readonly RewritePatternLike[]): RewritePatternLike[] {
  // Array.prototype.sort is stable, as llvm::stable_sort.
  return list.filter((p) => p.benefit >= 0).sort((a, b) => b.benefit - a.benefit)
}

// ---- Rewriter -----------------------------------------------------------------------

/** Observes every change a `PatternRewriter` makes (MLIR's `RewriterBase::Listener`). */
export interface RewriterListener extends OpBuilderListener {
  /** `op` was changed in place (operands, attributes, successors, regions). */
  notifyOperationModified?(op: Operation): void
  /** `op` is about to be replaced by `replacement` (values or an op's results) and erased. */
  notifyOperationReplaced?(op: Operation, replacement: readonly Value[] | Operation): void
  /** `op` is about to be erased; its nested ops were already erased and notified. */
  notifyOperationErased?(op: Operation): void
  /** `block` is about to be erased. */
  notifyBlockErased?(block: Block): void
  /** A pattern is about to be applied to `op`. */
  notifyPatternBegin?(pattern: RewritePatternLike, op: Operation): void
  /** A pattern application finished with `result`. */
  notifyPatternEnd?(pattern: RewritePatternLike, result: LogicalResult): void
  /** A pattern did not match, for `reason`. */
  notifyMatchFailure?(location: Location, reason: string): void
}

/**
 * A builder through which patterns change the IR, so that the driver and any listener
 * see every change (MLIR's `PatternRewriter`/`RewriterBase`). Patterns must not mutate
 * IR behind its back: in-place changes go through `modifyOpInPlace`.
 */
export class PatternRewriter extends OpBuilder {
  declare listener: RewriterListener | null
  /**
   * While a `PatternApplicator` tries its patterns on an op through this rewriter: that op;
   * otherwise null (or the op of an enclosing visit).
   */
  visitedOp: Operation | null = null
  /**
   * A number that changes with every visit of a `PatternApplicator` (see `visitedOp`).
   * Patterns that fail leave the IR unchanged, so within one visit (the same `visitedOp`
   * and number) the patterns of one op may share what they computed from it.
   */
  visitNumber = 0

  constructor(context: Context, listener: RewriterListener | null = null) {
    super(context, listener)
  }

  // ---- Replacement and erasure ----------------------------------------------------

  /** Replaces `op`'s results with `replacement` (values, or another op's results) and erases `op`. */
  replaceOp(op: Operation, replacement: readonly Value[] | Operation): void {
    this.listener?.notifyOperationReplaced?.(op, replacement)
    this.replaceAllOpUsesWith(op, replacement instanceof Operation ? replacement.results : replacement)
    this.eraseOp(op)
  }

  /** Replaces every use of `op`'s results with `values` (one per result); `op` stays. */
  replaceAllOpUsesWith(op: Operation, values: readonly Value[] | Operation): void {
    const vals = values instanceof Operation ? values.results : values
    if (vals.length !== op.results.length) {
      throw new Error(`replaceAllOpUsesWith: '${op.name.name}' has ${op.results.length} results, got ${vals.length} values`)
    }
    for (let i = 0; i < vals.length; i++) {
      this.replaceAllUsesWith(op.results[i]!, vals[i]!)
    }
  }

  /** Makes every use of `from` use `to`; each user is notified as modified. Also works on blocks. */
  replaceAllUsesWith(from: Value, to: Value): void
  replaceAllUsesWith(from: Block, to: Block): void
  replaceAllUsesWith(from: Value | Block, to: Value | Block): void {
    if ('arguments' in from) {
      const toBlock = to as Block
      for (let u = from.firstPredecessorUse; u !== null; ) {
        const next = u.nextUse
        const owner = u.owner
        const use = u
        this.modifyOpInPlace(owner, () => use.set(toBlock))
        u = next
      }
      return
    }
    const toValue = to as Value
    for (let u = from.firstUse; u !== null; ) {
      const next = u.nextUse
      // `modifyOpInPlace` without a closure per use.
      const owner = u.owner
      this.startOpModification(owner)
      u.set(toValue)
      this.finalizeOpModification(owner)
      u = next
    }
  }

  /** Replaces the uses of `from` for which `pred` holds. */
  replaceUsesWithIf(from: Value, to: Value, pred: (use: OpOperand) => boolean): void {
    for (let u = from.firstUse; u !== null; ) {
      const next = u.nextUse
      if (pred(u)) {
        const use = u
        this.modifyOpInPlace(u.owner, () => use.set(to))
      }
      u = next
    }
  }

  /** Replaces every use of `from` except those in `exceptedUser`. */
  replaceAllUsesExcept(from: Value, to: Value, exceptedUser: Operation): void {
    this.replaceUsesWithIf(from, to, (u) => u.owner !== exceptedUser)
  }

  /**
   * Erases `op`, which must have no uses. With a listener, nested ops are erased one
   * by one (users before definitions) so that every notification sees consistent IR.
   */
  eraseOp(op: Operation): void {
    if (!op.useEmpty) {
      throw new Error(`eraseOp: '${op.name.name}' still has uses`)
    }
    const listener = this.listener
    if (listener === null) {
      op.erase()
      return
    }
    this.eraseTree(op, listener)
  }

  private eraseTree(op: Operation, listener: RewriterListener): void {
    for (let r = op.regions.length - 1; r >= 0; r--) {
      const region = op.regions[r]!
      while (!region.empty) {
        // Successors before predecessors: a post-order over the CFG.
        const order = postOrderBlocks(region.front)
        for (const b of order) {
          for (let o = b.lastOp; o !== null; ) {
            const prev = o.prevOp
            this.eraseTree(o, listener)
            o = prev
          }
        }
        for (const b of order) {
          for (const a of b.arguments) {
            a.dropAllUses()
          }
          for (let u = b.firstPredecessorUse; u !== null; ) {
            const next = u.nextUse
            u.drop()
            u = next
          }
          this.eraseBlock(b)
        }
      }
    }
    listener.notifyOperationErased?.(op)
    op.dropAllUses()
    op.remove()
    op.dropAllReferences()
  }

  /** Erases `block` and its ops (last first); the block must have no predecessors. */
  eraseBlock(block: Block): void {
    for (let o = block.lastOp; o !== null; ) {
      const prev = o.prevOp
      this.eraseOp(o)
      o = prev
    }
    this.listener?.notifyBlockErased?.(block)
    block.erase()
  }

  // ---- In-place modification ------------------------------------------------------

  /** Starts an in-place change of `op`; end it with `finalizeOpModification` or `cancelOpModification`. */
  startOpModification(op: Operation): void {
    void op
  }
  /** Ends an in-place change of `op` and notifies the listener. */
  finalizeOpModification(op: Operation): void {
    this.listener?.notifyOperationModified?.(op)
  }
  /** Abandons an in-place change of `op` (the caller has undone it). */
  cancelOpModification(op: Operation): void {
    void op
  }
  /** Runs `fn`, which changes `op` in place, and notifies the listener. */
  modifyOpInPlace(op: Operation, fn: () => void): void {
    this.startOpModification(op)
    fn()
    this.finalizeOpModification(op)
  }

  // ---- Moving IR ------------------------------------------------------------------

  /** Moves `op` before `before` (or to the end of `block` when `before` is null). */
  moveOpBefore(op: Operation, before: Operation): void
  moveOpBefore(op: Operation, block: Block, before: Operation | null): void
  moveOpBefore(op: Operation, target: Operation | Block, before: Operation | null = null): void {
    const prevBlock = op.parentBlock
    const prevNext = op.nextOp
    let block: Block
    if (target instanceof Operation) {
      block = target.parentBlock!
      before = target
    } else {
      block = target
    }
    if (before === op) {
      // Moving an op before itself leaves it where it is (as an ilist splice does).
      before = op.nextOp
    }
    op.remove()
    block.insertBefore(op, before)
    this.listener?.notifyOperationInserted?.(op, prevBlock === null ? null : { block: prevBlock, before: prevNext })
  }

  /** Moves `op` right after `after`. */
  moveOpAfter(op: Operation, after: Operation): void {
    this.moveOpBefore(op, after.parentBlock!, after.nextOp === op ? op.nextOp : after.nextOp)
  }

  /** Moves `block` before `before` in `region` (at the end when `before` is null). */
  moveBlockBefore(block: Block, region: Region, before: Block | null): void {
    const prevRegion = block.parent
    const prevNext = block.nextBlock
    block.remove()
    region.insertBefore(block, before)
    this.listener?.notifyBlockInserted?.(block, prevRegion, prevNext)
  }

  /** Moves every block of `region` into `parent` before `before` (at the end when null). */
  inlineRegionBefore(region: Region, parent: Region, before: Block | null): void {
    while (region.firstBlock !== null) {
      this.moveBlockBefore(region.firstBlock, parent, before)
    }
  }

  /**
   * Moves the ops of `source` before `before` in `dest` (its end when null), replacing
   * `source`'s arguments by `args`, then erases `source`. The overload taking an op
   * inserts before that op.
   */
  inlineBlockBefore(source: Block, op: Operation, args?: readonly Value[]): void
  inlineBlockBefore(source: Block, dest: Block, before: Operation | null, args?: readonly Value[]): void
  inlineBlockBefore(
    source: Block,
    destOrOp: Block | Operation,
    beforeOrArgs?: Operation | null | readonly Value[],
    maybeArgs?: readonly Value[],
  ): void {
    let dest: Block
    let before: Operation | null
    let args: readonly Value[]
    if (destOrOp instanceof Operation) {
      dest = destOrOp.parentBlock!
      before = destOrOp
      args = (beforeOrArgs as readonly Value[] | undefined) ?? []
    } else {
      dest = destOrOp
      before = (beforeOrArgs as Operation | null | undefined) ?? null
      args = maybeArgs ?? []
    }
    const n = Math.min(args.length, source.arguments.length)
    for (let i = 0; i < n; i++) {
      this.replaceAllUsesWith(source.arguments[i]!, args[i]!)
    }
    while (source.firstOp !== null) {
      this.moveOpBefore(source.firstOp, dest, before)
    }
    this.eraseBlock(source)
  }

  /** Moves the ops of `source` to the end of `dest` (see `inlineBlockBefore`). */
  mergeBlocks(source: Block, dest: Block, args: readonly Value[] = []): void {
    this.inlineBlockBefore(source, dest, null, args)
  }

  /** Splits `block` before `before`: that op and the ones after it move to a new block, returned. */
  splitBlock(block: Block, before: Operation | null): Block {
    const ip = this.saveInsertionPoint()
    const region = block.parent!
    const newBlock = this.createBlock(region, block.nextBlock)
    this.restoreInsertionPoint(ip)
    if (before === null) {
      return newBlock
    }
    // Move from the back so that each op lands at the front of the new block.
    for (;;) {
      const last = block.lastOp!
      this.moveOpBefore(last, newBlock, newBlock.firstOp)
      if (last === before) {
        break
      }
    }
    return newBlock
  }

  // ---- Match failures -------------------------------------------------------------

  /** Reports why a pattern did not match (to the listener) and returns failure. */
  notifyMatchFailure(where: Operation | Location, reason: string): LogicalResult {
    const loc = where instanceof Operation ? where.location : where
    this.listener?.notifyMatchFailure?.(loc, reason)
    return failure()
  }
}

/** The blocks reachable from `entry` in post-order (successors first). */
function postOrderBlocks(entry: Block): Block[] {
  const out: Block[] = []
  const visited = new Set<Block>([entry])
  const stack: { block: Block; next: number }[] = [{ block: entry, next: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const succs = top.block.lastOp?.successors ?? []
    if (top.next < succs.length) {
      const s = succs[top.next++]!.block
      if (s !== null && !visited.has(s)) {
        visited.add(s)
        stack.push({ block: s, next: 0 })
      }
      continue
    }
    out.push(top.block)
    stack.pop()
  }
  return out
}

/** A rewriter for code outside pattern drivers (MLIR's `IRRewriter`). */
export class IRRewriter extends PatternRewriter {}
