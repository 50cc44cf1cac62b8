import {
  Action,
  type Block,
  type BlockArgument,
  type DictionaryAttr,
  Operation,
  PatternRewriter,
  failure,
  success,
  type Context,
  type InsertPoint,
  type Location,
  type LogicalResult,
  type PatternBenefit,
  type Region,
  type RewritePatternLike,
  type RewriterListener,
  type Type,
  type Value,
} from '@tilepass/ir'
import type { ConversionTarget } from './ConversionTarget.ts'
import type { SignatureConversion, TypeConverter } from './TypeConverter.ts'

// ---- Patterns -----------------------------------------------------------------------

/** The operands of an op being converted, remapped to their converted values (MLIR's `OpAdaptor`). */
export class OpAdaptor {
  constructor(
    /** The remapped operands, one per original operand. */
    readonly operands: readonly Value[],
    /** The op being converted. */
    readonly op: Operation,
  ) {}
  /** The remapped operand `i`. */
  getOperand(i: number): Value {
    return this.operands[i]!
  }
}

/**
 * A pattern of a dialect conversion (MLIR's `ConversionPattern`): it receives the
 * remapped operands and must change the IR only through the `ConversionPatternRewriter`.
 */
export abstract class ConversionPattern implements RewritePatternLike {
  readonly rootName: string | null
  readonly benefit: PatternBenefit
  readonly generatedOps: readonly string[]
  /** The name used for debugging and filtering; the class name by default. */
  name: string
  /** The type converter of the pattern, when it converts types. */
  readonly typeConverter: TypeConverter | null

  constructor(
    rootName: string | null,
    options: { benefit?: PatternBenefit; typeConverter?: TypeConverter | null; generatedOps?: readonly string[] } = {},
  ) {
    this.rootName = rootName
    this.benefit = options.benefit ?? 1
    this.typeConverter = options.typeConverter ?? null
    this.generatedOps = options.generatedOps ?? []
    this.name = this.constructor.name
  }

  /** Rewrites `op` given its remapped operands; returns failure to leave it to other patterns. */
  abstract matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult

  /** Entry point from the pattern applicator: remaps the operands and calls `matchAndRewriteConverted`. */
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    if (!(rewriter instanceof ConversionPatternRewriter)) {
      throw new Error(`conversion pattern '${this.name}' applied outside a dialect conversion`)
    }
    const saved = rewriter.currentTypeConverter
    rewriter.currentTypeConverter = this.typeConverter
    try {
      const operands = rewriter.getRemappedValues(op, this.typeConverter)
      if (operands === null) {
        return rewriter.notifyMatchFailure(op, 'failed to remap operands')
      }
      return this.matchAndRewriteConverted(op, new OpAdaptor(operands, op), rewriter)
    } finally {
      rewriter.currentTypeConverter = saved
    }
  }
}

/** A conversion pattern on one op name (MLIR's `OpConversionPattern<OpTy>`). */
export abstract class OpConversionPattern extends ConversionPattern {
  constructor(opName: string, options: { benefit?: PatternBenefit; typeConverter?: TypeConverter | null; generatedOps?: readonly string[] } = {}) {
    super(opName, options)
  }
}

/** The `apply-conversion` action: legalizing one op. */
export class ApplyConversionAction extends Action {
  static readonly tag = 'apply-conversion'
  get tag(): string {
    return ApplyConversionAction.tag
  }
}

// ---- Rewriter with an undo log ---------------------------------------------------------

const enum UndoKind {
  CreateOp,
  MoveOp,
  EraseOp,
  InsertBlock,
  MoveBlock,
  EraseBlock,
  ModifyOp,
  AddArgument,
}

/** One recorded change, enough to undo it. Monomorphic: unused fields are null. */
class UndoRecord {
  constructor(
    readonly kind: UndoKind,
    readonly op: Operation | null,
    readonly block: Block | null,
    readonly region: Region | null,
    readonly nextBlock: Block | null,
    readonly nextOp: Operation | null,
    readonly operands: Value[] | null,
    readonly successors: Block[] | null,
    readonly properties: DictionaryAttr | null,
    readonly attributes: DictionaryAttr | null,
    readonly location: Location | null,
  ) {}
}

/**
 * The rewriter of a dialect conversion (MLIR's `ConversionPatternRewriter`). It changes
 * the IR immediately but records every change so that a failed pattern, or a failed
 * conversion, is undone exactly. Erased ops and blocks stay alive (detached) until the
 * conversion commits. Replacing results by values of other types inserts source
 * materializations (or `builtin.unrealized_conversion_cast`) for the remaining users.
 */
export class ConversionPatternRewriter extends PatternRewriter {
  /** The recorded changes, oldest first. */
  private readonly log: UndoRecord[] = []
  /** Ops erased (detached) and not yet destroyed. */
  private readonly erasedOps = new Set<Operation>()
  /** Casts this rewriter inserted, mapped to the values they convert. */
  private readonly materializations = new Map<Operation, readonly Value[]>()
  /** Values that replaced op results, mapped to the location of the first op they replaced. */
  private readonly replacedLocations = new Map<Value, Location>()
  /** Target materializations already built: value to converted type to materialized value. */
  private readonly targetCache = new Map<Value, Map<Type, Value>>()
  /** The type converter of the pattern being applied. */
  currentTypeConverter: TypeConverter | null = null
  /** The listener given by the caller, told about every change. */
  private readonly userListener: RewriterListener | null

  constructor(context: Context, userListener: RewriterListener | null = null) {
    super(context, null)
    this.userListener = userListener
    this.listener = {
      notifyOperationInserted: (op: Operation, previous: InsertPoint | null): void => {
        this.recordInsert(op, previous)
      },
      notifyBlockInserted: (block: Block, previousRegion: Region | null, previousNext: Block | null): void => {
        this.log.push(
          new UndoRecord(
            previousRegion === null ? UndoKind.InsertBlock : UndoKind.MoveBlock,
            null,
            block,
            previousRegion,
            previousNext,
            null,
            null,
            null,
            null,
            null,
            null,
          ),
        )
        userListener?.notifyBlockInserted?.(block, previousRegion, previousNext)
      },
      notifyMatchFailure: (location: Location, reason: string): void => {
        userListener?.notifyMatchFailure?.(location, reason)
      },
      notifyOperationModified: (op: Operation): void => {
        userListener?.notifyOperationModified?.(op)
      },
    }
  }

  private recordInsert(op: Operation, previous: InsertPoint | null): void {
    if (previous === null) {
      this.log.push(new UndoRecord(UndoKind.CreateOp, op, null, null, null, null, null, null, null, null, null))
    } else {
      this.log.push(new UndoRecord(UndoKind.MoveOp, op, previous.block, null, null, previous.before, null, null, null, null, null))
    }
    this.userListener?.notifyOperationInserted?.(op, previous)
  }

  /** True when `v` is a block argument or the result of an op still in the IR (not erased or undone). */
  private isLive(v: Value): boolean {
    const def = v.definingOp
    return def === null || (def.parentBlock !== null && !this.isErased(def))
  }

  /** The number of recorded changes: a point to roll back to. */
  get logSize(): number {
    return this.log.length
  }

  /** The ops created since `logSize` was `from`, still in the IR. */
  createdOpsSince(from: number): Operation[] {
    const out: Operation[] = []
    for (let i = from; i < this.log.length; i++) {
      const r = this.log[i]!
      if (r.kind === UndoKind.CreateOp && !this.isErased(r.op!)) {
        out.push(r.op!)
      }
    }
    return out
  }

  /** The ops modified in place since `from`, still in the IR. */
  modifiedOpsSince(from: number): Operation[] {
    const out: Operation[] = []
    for (let i = from; i < this.log.length; i++) {
      const r = this.log[i]!
      if (r.kind === UndoKind.ModifyOp && !this.isErased(r.op!) && !out.includes(r.op!)) {
        out.push(r.op!)
      }
    }
    return out
  }

  /** True when `op` or one of its ancestors was erased by this rewriter. */
  isErased(op: Operation): boolean {
    for (let o: Operation | null = op; o !== null; o = o.parentBlock?.parent?.parentOp ?? null) {
      if (this.erasedOps.has(o)) {
        return true
      }
    }
    return false
  }

  /** Undoes every change recorded after `size`, newest first. */
  rollbackTo(size: number): void {
    while (this.log.length > size) {
      this.undo(this.log.pop()!)
    }
  }

  private undo(r: UndoRecord): void {
    switch (r.kind) {
      case UndoKind.CreateOp: {
        const op = r.op!
        op.remove()
        op.dropAllReferences()
        this.materializations.delete(op)
        break
      }
      case UndoKind.MoveOp:
        r.op!.remove()
        r.block!.insertBefore(r.op!, r.nextOp)
        break
      case UndoKind.EraseOp:
        this.erasedOps.delete(r.op!)
        r.block!.insertBefore(r.op!, r.nextOp)
        break
      case UndoKind.InsertBlock:
        r.block!.remove()
        break
      case UndoKind.MoveBlock:
      case UndoKind.EraseBlock:
        if (r.block!.parent !== null) {
          r.block!.remove()
        }
        r.region!.insertBefore(r.block!, r.nextBlock)
        break
      case UndoKind.ModifyOp: {
        const op = r.op!
        op.setOperands(r.operands!)
        for (let i = 0; i < r.successors!.length; i++) {
          if (op.successors[i]!.block !== r.successors![i]) {
            op.setSuccessor(i, r.successors![i]!)
          }
        }
        op.properties = r.properties!
        op.attributes = r.attributes!
        op.location = r.location!
        break
      }
      case UndoKind.AddArgument:
        r.block!.eraseArgument(r.block!.arguments.length - 1)
        break
    }
  }

  /** Destroys the erased ops and drops the undo log; the changes become final. */
  commit(): void {
    for (const op of this.erasedOps) {
      op.dropAllReferences()
    }
    this.erasedOps.clear()
    // Materializations nobody uses any more (their users were converted) go away.
    let changed = true
    while (changed) {
      changed = false
      for (const cast of this.materializations.keys()) {
        if (cast.parentBlock !== null && cast.useEmpty) {
          cast.erase()
          this.materializations.delete(cast)
          changed = true
        }
      }
    }
    this.log.length = 0
    this.materializations.clear()
    this.replacedLocations.clear()
    this.targetCache.clear()
  }

  // ---- Overridden primitives --------------------------------------------------------

  override startOpModification(op: Operation): void {
    const operands: Value[] = op.operands.map((o) => o.value)
    const successors: Block[] = op.successors.map((s) => s.block)
    this.log.push(
      new UndoRecord(UndoKind.ModifyOp, op, null, null, null, null, operands, successors, op.properties, op.attributes, op.location),
    )
  }

  override cancelOpModification(op: Operation): void {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const r = this.log[i]!
      if (r.kind === UndoKind.ModifyOp && r.op === op) {
        this.undo(r)
        this.log.splice(i, 1)
        return
      }
    }
  }

  override eraseOp(op: Operation): void {
    if (!op.useEmpty) {
      throw new Error(`eraseOp: '${op.name.name}' still has uses`)
    }
    const block = op.parentBlock
    if (block === null) {
      throw new Error(`eraseOp: '${op.name.name}' is not in a block`)
    }
    this.userListener?.notifyOperationErased?.(op)
    this.log.push(new UndoRecord(UndoKind.EraseOp, op, block, null, null, op.nextOp, null, null, null, null, null))
    op.remove()
    this.erasedOps.add(op)
  }

  override eraseBlock(block: Block): void {
    for (let o = block.lastOp; o !== null; ) {
      const prev = o.prevOp
      this.eraseOp(o)
      o = prev
    }
    const region = block.parent
    if (region === null) {
      return
    }
    this.userListener?.notifyBlockErased?.(block)
    this.log.push(new UndoRecord(UndoKind.EraseBlock, null, block, region, block.nextBlock, null, null, null, null, null, null))
    block.remove()
  }

  /** Appends an argument to `block`, recorded. */
  addArgument(block: Block, type: Type, loc: Location): Value {
    const a = block.addArgument(type, loc)
    this.log.push(new UndoRecord(UndoKind.AddArgument, null, block, null, null, null, null, null, null, null, null))
    return a
  }

  /**
   * Replaces `op`'s results by `replacement` and erases `op`. Results replaced by values
   * of another type are bridged for their remaining users by a source materialization.
   */
  override replaceOp(op: Operation, replacement: readonly Value[] | Operation): void {
    const vals = replacement instanceof Operation ? replacement.results : replacement
    if (vals.length !== op.results.length) {
      throw new Error(`replaceOp: '${op.name.name}' has ${op.results.length} results, got ${vals.length} values`)
    }
    this.userListener?.notifyOperationReplaced?.(op, replacement)
    for (let i = 0; i < vals.length; i++) {
      const from = op.results[i]!
      const to = vals[i]!
      if (!this.replacedLocations.has(to)) {
        this.replacedLocations.set(to, this.valueLocation(from))
      }
      if (from.useEmpty) {
        continue
      }
      if (to.type === from.type) {
        this.replaceAllUsesWith(from, to)
        continue
      }
      const ip = this.saveInsertionPoint()
      this.setInsertionPointAfterValue(to)
      const cast = this.buildMaterialization(from.type, [to], op.location, 'source', this.currentTypeConverter)
      this.restoreInsertionPoint(ip)
      this.replaceAllUsesWith(from, cast)
    }
    this.eraseOp(op)
  }

  /**
   * The location of `value` as MLIR's conversion sees it: a value that replaced op
   * results during this conversion has the location of the op it replaced (upstream
   * keeps replaced ops alive until the end).
   */
  valueLocation(value: Value): Location {
    const l = this.replacedLocations.get(value)
    if (l !== undefined) {
      return l
    }
    const def = value.definingOp
    return def !== null ? def.location : (value as BlockArgument).location
  }

  /** Builds a conversion of `inputs` to `type` with `converter`'s materializations, or an unrealized cast. */
  buildMaterialization(
    type: Type,
    inputs: readonly Value[],
    loc: Location,
    kind: 'source' | 'target',
    converter: TypeConverter | null,
  ): Value {
    if (converter !== null) {
      const v =
        kind === 'source'
          ? converter.materializeSourceConversion(this, type, inputs, loc)
          : converter.materializeTargetConversion(this, type, inputs, loc)
      if (v !== null) {
        return v
      }
    }
    const cast = this.create('builtin.unrealized_conversion_cast', loc, { operands: inputs, results: [type] })
    this.materializations.set(cast, inputs)
    return cast.results[0]!
  }

  /**
   * The operands of `op` remapped for a pattern: values replaced with another type are
   * looked through their unrealized casts; with `converter`, each is brought to its
   * converted type (by a target materialization when needed). Null when a type does
   * not convert 1-1.
   */
  getRemappedValues(op: Operation, converter: TypeConverter | null): Value[] | null {
    const out: Value[] = []
    for (const operand of op.operands) {
      const orig = operand.value
      let v = orig
      const def = v.definingOp
      if (def !== null) {
        const inputs = this.materializations.get(def)
        if (inputs !== undefined && inputs.length === 1) {
          v = inputs[0]!
        }
      }
      if (converter === null) {
        out.push(v)
        continue
      }
      const want = converter.convertType(orig.type)
      if (want === null) {
        return null
      }
      if (v.type === want) {
        out.push(v)
        continue
      }
      if (orig.type === want) {
        out.push(orig)
        continue
      }
      const cached = this.targetCache.get(v)?.get(want)
      if (cached !== undefined && this.isLive(cached)) {
        out.push(cached)
        continue
      }
      // As upstream, right after the value's definition, and shared by later uses.
      const ip = this.saveInsertionPoint()
      this.setInsertionPointAfterValue(v)
      const m = this.buildMaterialization(want, [v], op.location, 'target', converter)
      this.restoreInsertionPoint(ip)
      let perType = this.targetCache.get(v)
      if (perType === undefined) {
        perType = new Map<Type, Value>()
        this.targetCache.set(v, perType)
      }
      perType.set(want, m)
      out.push(m)
    }
    return out
  }

  /**
   * Converts the argument types of `block` as `conversion` says: a new block with the
   * converted arguments replaces it (uses of old arguments get the new ones, or
   * materializations when the types differ). Returns the new block.
   */
  applySignatureConversion(block: Block, conversion: SignatureConversion, converter: TypeConverter | null = null): Block {
    const region = block.parent!
    const ip = this.saveInsertionPoint()
    const locs: Location[] = []
    for (let i = 0; i < conversion.convertedTypes.length; i++) {
      locs.push(block.arguments[0]?.location ?? region.parentOp!.location)
    }
    for (let i = 0; i < conversion.inputMap.length; i++) {
      const m = conversion.inputMap[i]
      if (m !== undefined && 'start' in m) {
        for (let j = 0; j < m.size; j++) {
          locs[m.start + j] = block.arguments[i]!.location
        }
      }
    }
    const newBlock = this.createBlock(region, block, conversion.convertedTypes, locs)
    this.setInsertionPointToStart(newBlock)
    for (let i = 0; i < block.arguments.length; i++) {
      const arg = block.arguments[i]!
      const m = conversion.inputMap[i]
      if (arg.useEmpty) {
        continue
      }
      let repl: Value
      if (m === undefined) {
        repl = this.buildMaterialization(arg.type, [], arg.location, 'source', converter)
      } else if ('value' in m) {
        repl = m.value
      } else {
        const news = newBlock.arguments.slice(m.start, m.start + m.size)
        repl = m.size === 1 && news[0]!.type === arg.type ? news[0]! : this.buildMaterialization(arg.type, news, arg.location, 'source', converter)
      }
      this.replaceAllUsesWith(arg, repl)
    }
    this.replaceAllUsesWith(block, newBlock)
    while (block.firstOp !== null) {
      this.moveOpBefore(block.firstOp, newBlock, null)
    }
    this.eraseBlock(block)
    this.restoreInsertionPoint(ip)
    return newBlock
  }

  /**
   * Converts the argument types of every block of `region` with `converter`; the entry
   * block uses `entryConversion` when given. Returns the new entry block, or null
   * when a type does not convert.
   */
  convertRegionTypes(region: Region, converter: TypeConverter, entryConversion: SignatureConversion | null = null): Block | null {
    const blocks: Block[] = []
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      blocks.push(b)
    }
    let entry: Block | null = null
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!
      const conv = i === 0 && entryConversion !== null ? entryConversion : converter.convertBlockSignature(b.arguments.map((a) => a.type))
      if (conv === null) {
        return null
      }
      const nb = this.applySignatureConversion(b, conv, converter)
      if (i === 0) {
        entry = nb
      }
    }
    return entry
  }
}

// ---- Driver -------------------------------------------------------------------------------

/** The kind of conversion: partial, full, or analysis. */
export type ConversionMode = 'partial' | 'full' | 'analysis'

/** Options of a conversion run. */
export interface ConversionConfig {
  /** Observes the rewriter's changes. */
  listener?: RewriterListener | null
  /** Partial conversion: collects the ops that failed to legalize (not explicitly illegal). */
  unlegalizedOps?: Set<Operation>
  /** Analysis conversion: collects the ops that could be legalized. */
  legalizableOps?: Set<Operation>
}

/** A conversion pattern set: patterns ordered by benefit, then by how directly they reach legal ops. */
class ConversionApplicator {
  private readonly byOp = new Map<string, RewritePatternLike[]>()
  private readonly anyOp: RewritePatternLike[] = []

  constructor(
    patterns: readonly RewritePatternLike[],
    private readonly target: ConversionTarget,
  ) {
    for (const p of patterns) {
      if (p.rootName === null) {
        this.anyOp.push(p)
        continue
      }
      let l = this.byOp.get(p.rootName)
      if (l === undefined) {
        l = []
        this.byOp.set(p.rootName, l)
      }
      l.push(p)
    }
    const depth = this.computeDepths()
    const key = (p: RewritePatternLike): number => {
      if (p.rootName === null) {
        return 0
      }
      let d = 0
      for (const g of p.generatedOps ?? []) {
        d = Math.max(d, depth.get(g) ?? 0)
      }
      return d
    }
    for (const l of this.byOp.values()) {
      l.sort((a, b) => b.benefit - a.benefit || key(a) - key(b))
    }
    this.anyOp.sort((a, b) => b.benefit - a.benefit)
  }

  /** Per op name with patterns: the length of the shortest pattern chain to legal ops. */
  private computeDepths(): Map<string, number> {
    const depth = new Map<string, number>()
    const visiting = new Set<string>()
    const visit = (name: string): number => {
      const known = depth.get(name)
      if (known !== undefined) {
        return known
      }
      const pats = this.byOp.get(name)
      if (pats === undefined || visiting.has(name)) {
        return 0
      }
      visiting.add(name)
      let best = Number.MAX_SAFE_INTEGER
      for (const p of pats) {
        let d = 0
        for (const g of p.generatedOps ?? []) {
          if (g !== name) {
            d = Math.max(d, visit(g))
          }
        }
        best = Math.min(best, d + 1)
      }
      visiting.delete(name)
      depth.set(name, best)
      return best
    }
    for (const name of this.byOp.keys()) {
      visit(name)
    }
    void this.target
    return depth
  }

  patternsFor(op: Operation): RewritePatternLike[] {
    const own = this.byOp.get(op.name.name)
    if (own === undefined) {
      return this.anyOp
    }
    if (this.anyOp.length === 0) {
      return own
    }
    return [...own, ...this.anyOp].sort((a, b) => b.benefit - a.benefit)
  }
}

class OperationLegalizer {
  private readonly active = new Set<RewritePatternLike>()

  constructor(
    readonly target: ConversionTarget,
    readonly applicator: ConversionApplicator,
    readonly rewriter: ConversionPatternRewriter,
  ) {}

  /** Legalizes `op`: success when it is legal, or a pattern (and the legalization of what it created) succeeds. */
  legalize(op: Operation): LogicalResult {
    if (this.target.isLegal(op) !== null) {
      return success()
    }
    const rewriter = this.rewriter
    for (const pattern of this.applicator.patternsFor(op)) {
      if (this.active.has(pattern)) {
        continue
      }
      const mark = rewriter.logSize
      rewriter.setInsertionPoint(op)
      let ok = false
      this.active.add(pattern)
      op.context.executeAction(new ApplyConversionAction([op]), () => {
        ok = pattern.matchAndRewrite(op, rewriter)
        if (ok) {
          ok = this.legalizeNewOps(mark, op)
        }
      })
      this.active.delete(pattern)
      if (ok) {
        return success()
      }
      rewriter.rollbackTo(mark)
    }
    return failure()
  }

  private legalizeNewOps(mark: number, root: Operation): boolean {
    const rewriter = this.rewriter
    for (const created of rewriter.createdOpsSince(mark)) {
      if (created.name.name === 'builtin.unrealized_conversion_cast') {
        continue
      }
      if (!this.legalize(created)) {
        return false
      }
    }
    if (!rewriter.isErased(root) && rewriter.modifiedOpsSince(mark).includes(root)) {
      if (this.target.isLegal(root) === null) {
        return this.legalize(root)
      }
    }
    return true
  }
}

/** Ops under `root` to convert, pre-order; regions of recursively legal ops are skipped. */
function collectOps(root: Operation, target: ConversionTarget): Operation[] {
  const out: Operation[] = []
  root.walk((op) => {
    if (op === root) {
      return 'advance'
    }
    out.push(op)
    const legal = target.isLegal(op)
    if (legal !== null && legal.isRecursivelyLegal) {
      return 'skip'
    }
    return 'advance'
  }, 'pre')
  return out
}

function applyConversion(
  roots: readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[],
  mode: ConversionMode,
  config: ConversionConfig,
): LogicalResult {
  if (roots.length === 0) {
    return success()
  }
  const context = roots[0]!.context
  const rewriter = new ConversionPatternRewriter(context, config.listener ?? null)
  const legalizer = new OperationLegalizer(target, new ConversionApplicator(patterns, target), rewriter)
  const ops: Operation[] = []
  for (const r of roots) {
    ops.push(...collectOps(r, target))
  }
  for (const op of ops) {
    if (rewriter.isErased(op)) {
      continue
    }
    const mark = rewriter.logSize
    if (legalizer.legalize(op)) {
      if (mode === 'analysis' && target.isLegal(op) === null) {
        config.legalizableOps?.add(op)
      }
      continue
    }
    rewriter.rollbackTo(mark)
    if (mode === 'full') {
      op.emitError(`failed to legalize operation '${op.name.name}'`).report()
      rewriter.rollbackTo(0)
      return failure()
    }
    if (mode === 'partial') {
      if (target.isIllegal(op)) {
        op.emitError(`failed to legalize operation '${op.name.name}' that was explicitly marked illegal`).report()
        rewriter.rollbackTo(0)
        return failure()
      }
      config.unlegalizedOps?.add(op)
    }
  }
  if (mode === 'analysis') {
    rewriter.rollbackTo(0)
    return success()
  }
  rewriter.commit()
  return success()
}

/**
 * Converts the ops under `roots` so that every op the target marks illegal is legalized;
 * other ops are converted when possible. On failure the IR is left exactly as before.
 */
export function applyPartialConversion(
  roots: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[] | { readonly patterns: readonly RewritePatternLike[] },
  config: ConversionConfig = {},
): LogicalResult {
  return applyConversion(asRoots(roots), target, asPatterns(patterns), 'partial', config)
}

/** Converts the ops under `roots` so that every op is legal; on failure the IR is unchanged. */
export function applyFullConversion(
  roots: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[] | { readonly patterns: readonly RewritePatternLike[] },
  config: ConversionConfig = {},
): LogicalResult {
  return applyConversion(asRoots(roots), target, asPatterns(patterns), 'full', config)
}

/**
 * Finds which ops under `roots` could be legalized, collecting them into
 * `legalizableOps`; the IR is left unchanged.
 */
export function applyAnalysisConversion(
  roots: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[] | { readonly patterns: readonly RewritePatternLike[] },
  legalizableOps: Set<Operation>,
  config: ConversionConfig = {},
): LogicalResult {
  return applyConversion(asRoots(roots), target, asPatterns(patterns), 'analysis', { ...config, legalizableOps })
}

function asRoots(roots: Operation | readonly Operation[]): readonly Operation[] {
  return roots instanceof Operation ? [roots] : roots
}

function asPatterns(p: readonly RewritePatternLike[] | { readonly patterns: readonly RewritePatternLike[] }): readonly RewritePatternLike[] {
  return 'patterns' in p ? p.patterns : p
}
