import {
  Action,
  type Block,
  type BlockArgument,
  type DictionaryAttr,
  Operation,
  PatternRewriter,
  failure,
  matchConstantOp,
  foldOperation,
  type OpFoldResult,
  printOperation,
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
  Value,
  printType,
} from '@tilepass/ir'
import type { ConversionTarget } from './ConversionTarget.ts'
import { getDialectConversionLogger, type ConversionLogger } from './DebugLog.ts'
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
        return failure()
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
  /** One operand of `op` changed by `replaceAllUsesWith` (an in-place modification of `op`). */
  SetOperand,
}

/** What an unresolved materialization (a cast built by the driver) stands for. */
class UnresolvedMaterialization {
  constructor(
    /** 'source': back to an original type; 'target': to a converted type. */
    readonly kind: 'source' | 'target',
    /** The type converter to resolve it with, if any. */
    readonly converter: TypeConverter | null,
    /** For target materializations, the original type of the value. */
    readonly originalType: Type | null,
  ) {}
}

/** What an in-place modification of an op changed from: enough to restore the op. */
class ModifiedState {
  constructor(
    readonly operands: readonly Value[],
    readonly successors: readonly Block[],
    readonly properties: DictionaryAttr,
    readonly attributes: DictionaryAttr,
    /**
     * The location; null while a fold runs (a folder never moves an op: its location is
     * read only when the fold is kept, so that a lazy location is not made for every op).
     */
    public location: Location | null,
    /** The op's operand snapshot when the modification started (restored with it), if any. */
    readonly snapshot: readonly Value[] | undefined,
  ) {}
}

const kNoBlocks: readonly Block[] = []

/** What a `ConversionPatternRewriter` knows of one op. */
class OpState {
  /** Erased (detached) and not yet destroyed. */
  erased = false
  constructor(
    /** Created by this rewriter (results of these may stand for replaced values). */
    public created: boolean,
    /**
     * The operands the op had before the conversion (upstream's IR until commit), or, for
     * an op the conversion created, the values its operands stood for. An op that existed
     * before is recorded when its operands first change (every change goes through the
     * rewriter); until then its operands are its original ones. Undefined: none recorded.
     */
    public snapshot: readonly Value[] | undefined,
  ) {}
}

/**
 * The recorded changes, oldest first, enough to undo each one: parallel arrays, one entry
 * per change, so that recording a change allocates nothing (a conversion records a few
 * changes per op, all kept until it commits). Unused slots are null (0 for `indices`).
 */
class UndoLog {
  readonly kinds: UndoKind[] = []
  /** The op created, moved, erased or modified. */
  readonly ops: (Operation | null)[] = []
  /** The block inserted, moved or erased, or the block an op was moved or erased from. */
  readonly blocks: (Block | null)[] = []
  /**
   * Per kind: the op an op was before (MoveOp, EraseOp), the region a block was in
   * (MoveBlock, EraseBlock), the op's former state (ModifyOp) or the operand's former
   * value (SetOperand).
   */
  readonly refs: (Operation | Region | ModifiedState | Value | null)[] = []
  /** The block a block was before (MoveBlock, EraseBlock). */
  readonly nextBlocks: (Block | null)[] = []
  /** The index of the changed operand (SetOperand). */
  readonly indices: number[] = []

  get length(): number {
    return this.kinds.length
  }

  push(kind: UndoKind, op: Operation | null, block: Block | null, ref: Operation | Region | ModifiedState | Value | null, nextBlock: Block | null, index: number): void {
    this.kinds.push(kind)
    this.ops.push(op)
    this.blocks.push(block)
    this.refs.push(ref)
    this.nextBlocks.push(nextBlock)
    this.indices.push(index)
  }

  /** Drops the entries from `size` on. */
  truncate(size: number): void {
    this.kinds.length = size
    this.ops.length = size
    this.blocks.length = size
    this.refs.length = size
    this.nextBlocks.length = size
    this.indices.length = size
  }

  /** Removes entry `i`. */
  removeAt(i: number): void {
    this.kinds.splice(i, 1)
    this.ops.splice(i, 1)
    this.blocks.splice(i, 1)
    this.refs.splice(i, 1)
    this.nextBlocks.splice(i, 1)
    this.indices.splice(i, 1)
  }
}

/**
 * Makes `op`'s operands `values`. With as many values as operands, each operand is set in
 * turn, which re-links every use exactly as `setOperands` does (each one to the front of its
 * value's use list, in operand order) without allocating new operands.
 */
function relinkOperands(op: Operation, values: readonly Value[]): void {
  const operands = op.operands
  if (operands.length !== values.length) {
    op.setOperands(values)
    return
  }
  for (let i = 0; i < operands.length; i++) {
    operands[i]!.set(values[i]!)
  }
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
  private readonly log = new UndoLog()
  /**
   * What the rewriter knows of each op it created, erased or changed the operands of: one
   * entry per op (an op's name is looked up once, not in a set per fact).
   */
  private readonly opStates = new Map<Operation, OpState>()
  /**
   * Ops erased (detached) and not yet destroyed, in erasure order; an undone erasure stays
   * listed until the commit (`OpState.erased` says which still are).
   */
  private readonly erasedOps: Operation[] = []
  /**
   * Whether an erased op may hold ops: one had a block when it was erased, or a block or op
   * was inserted right into one since. Until then no op is erased through an ancestor, and
   * `isErased` needs no walk up the nest (a pattern that replaces a function or a loop moves
   * its body out before erasing it).
   */
  private erasedMayHoldOps = false
  /** Unresolved materializations: the casts this rewriter inserted, resolved on commit. */
  private readonly materializations = new Map<Operation, UnresolvedMaterialization>()
  /** Values that replaced op results, mapped to the location of the first op they replaced. */
  private readonly replacedLocations = new Map<Value, Location>()
  /**
   * New values (results of created ops and materializations) mapped to the values they
   * replaced: upstream keeps replaced ops in the IR until the end, so folders see the
   * original operands (see `originalValue`).
   */
  private readonly originals = new Map<Value, Value>()
  /** Results of replaced ops mapped to the value of the same type that took their uses. */
  private readonly replacements = new Map<Value, Value>()
  /**
   * The value that replaced each used argument of a block that a signature conversion
   * replaced (see `replacedArgumentValue`).
   */
  private readonly argumentReplacements = new Map<Value, Value>()
  /**
   * False until an op's operands change or a value stands for another (`originals`): until
   * then every op's original operands are its current ones.
   */
  private operandsChanged = false
  /** Target materializations already built: value to converted type to materialized value. */
  private readonly targetCache = new Map<Value, Map<Type, Value>>()
  /**
   * Source materializations of replacement values: replacement to original type to the
   * cast. Results replaced by the same value with the same type mismatch share one cast,
   * as upstream's value mapping finds the existing materialization.
   */
  private readonly sourceCache = new Map<Value, Map<Type, Value>>()
  /** The type converter of the pattern being applied. */
  currentTypeConverter: TypeConverter | null = null
  /** True while the driver builds a materialization or moves ops in bulk (not logged as insertions). */
  private suppressInsertLog = false
  /**
   * Source materializations that upstream builds only on commit (for replaced results
   * and converted block arguments), in the order of its rewrites. The commit moves each
   * one still live to where upstream would have built it: right after the definition of
   * its (current) input, or to the start of the block of a block-argument input.
   */
  private readonly deferredCasts: Operation[] = []
  /** The listener given by the caller, told about every change. */
  private readonly userListener: RewriterListener | null
  /** The `dialect-conversion` debug log, or null when off. */
  readonly logger: ConversionLogger | null

  constructor(context: Context, userListener: RewriterListener | null = null, logger: ConversionLogger | null = getDialectConversionLogger()) {
    super(context, null)
    this.userListener = userListener
    this.logger = logger
    this.listener = {
      notifyOperationInserted: (op: Operation, previous: InsertPoint | null): void => {
        this.recordInsert(op, previous)
      },
      notifyBlockInserted: (block: Block, previousRegion: Region | null, previousNext: Block | null): void => {
        this.noteInsertInto(block.parent?.parentOp)
        const logger = this.logger
        if (logger !== null) {
          const parent = block.parent?.parentOp ?? null
          logger.startLine(
            (parent !== null ? `** Insert Block into : ${logger.opRef(parent)}` : '** Insert Block into detached Region (nullptr parent op)') +
              (previousRegion === null ? ' (was detached)\n' : '\n'),
          )
        }
        this.log.push(previousRegion === null ? UndoKind.InsertBlock : UndoKind.MoveBlock, null, block, previousRegion, previousNext, 0)
        userListener?.notifyBlockInserted?.(block, previousRegion, previousNext)
      },
      notifyMatchFailure: (location: Location, reason: string): void => {
        this.logger?.startLine(`** Failure : ${reason}\n`)
        userListener?.notifyMatchFailure?.(location, reason)
      },
      notifyOperationModified: (op: Operation): void => {
        userListener?.notifyOperationModified?.(op)
      },
    }
  }

  private recordInsert(op: Operation, previous: InsertPoint | null): void {
    this.noteInsertInto(op.parentBlock?.parent?.parentOp)
    if (this.logger !== null && !this.suppressInsertLog) {
      this.logger.startLine(`** Insert  : ${this.logger.opRef(op)}\n`)
    }
    if (previous === null) {
      const operands = op.operands
      let originals: Value[] | undefined
      if (operands.length > 0) {
        // Upstream patterns build new ops on the values of the IR before the commit.
        originals = new Array<Value>(operands.length)
        for (let i = 0; i < operands.length; i++) {
          originals[i] = this.originalValue(operands[i]!.value)
        }
      }
      const state = this.opStates.get(op)
      if (state === undefined) {
        this.opStates.set(op, new OpState(true, originals))
      } else {
        state.created = true
        if (originals !== undefined) {
          state.snapshot = originals
        }
      }
      this.log.push(UndoKind.CreateOp, op, null, null, null, 0)
    } else {
      this.log.push(UndoKind.MoveOp, op, previous.block, previous.before, null, 0)
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
    const { kinds, ops } = this.log
    for (let i = from; i < kinds.length; i++) {
      if (kinds[i] === UndoKind.CreateOp && !this.isErased(ops[i]!)) {
        out.push(ops[i]!)
      }
    }
    return out
  }

  /** The ops modified in place since `from`, still in the IR. */
  modifiedOpsSince(from: number): Operation[] {
    const out: Operation[] = []
    const { kinds, ops } = this.log
    for (let i = from; i < kinds.length; i++) {
      const op = ops[i]!
      if ((kinds[i] === UndoKind.ModifyOp || kinds[i] === UndoKind.SetOperand) && !this.isErased(op) && !out.includes(op)) {
        out.push(op)
      }
    }
    return out
  }

  /** True when `op` was modified in place since `from` (as `modifiedOpsSince(from).includes(op)` for an op still in the IR). */
  wasModifiedSince(from: number, op: Operation): boolean {
    const { kinds, ops } = this.log
    for (let i = from; i < kinds.length; i++) {
      if (ops[i] === op && (kinds[i] === UndoKind.ModifyOp || kinds[i] === UndoKind.SetOperand)) {
        return true
      }
    }
    return false
  }

  /** True when `op` is an unresolved materialization built by this rewriter. */
  isMaterialization(op: Operation): boolean {
    return this.materializations.has(op)
  }

  /** True when `op` or one of its ancestors was erased by this rewriter. */
  isErased(op: Operation): boolean {
    if (!this.erasedMayHoldOps) {
      // An erased op is detached until its erasure is undone.
      return op.parentBlock === null && this.opStates.get(op)?.erased === true
    }
    for (let o: Operation | null = op; o !== null; o = o.parentBlock?.parent?.parentOp ?? null) {
      if (this.opStates.get(o)?.erased === true) {
        return true
      }
    }
    return false
  }

  /** Undoes every change recorded after `size`, newest first. */
  rollbackTo(size: number): void {
    const log = this.log
    for (let i = log.length - 1; i >= size; i--) {
      this.undo(i)
      log.truncate(i)
    }
  }

  /** Undoes log entry `i`. */
  private undo(i: number): void {
    const log = this.log
    const op = log.ops[i]!
    const block = log.blocks[i]!
    switch (log.kinds[i]!) {
      case UndoKind.CreateOp:
        op.remove()
        op.dropAllReferences()
        this.materializations.delete(op)
        break
      case UndoKind.MoveOp:
        op.remove()
        block.insertBefore(op, log.refs[i] as Operation | null)
        break
      case UndoKind.EraseOp:
        this.opStates.get(op)!.erased = false
        block.insertBefore(op, log.refs[i] as Operation | null)
        break
      case UndoKind.InsertBlock:
        block.remove()
        break
      case UndoKind.MoveBlock:
      case UndoKind.EraseBlock:
        if (block.parent !== null) {
          block.remove()
        }
        ;(log.refs[i] as Region).insertBefore(block, log.nextBlocks[i]!)
        break
      case UndoKind.ModifyOp:
        this.restoreModified(op, log.refs[i] as ModifiedState)
        break
      case UndoKind.AddArgument:
        block.eraseArgument(block.arguments.length - 1)
        break
      case UndoKind.SetOperand: {
        // As undoing a whole modification: every operand of the op is set again (which
        // re-links its uses), the changed one to its former value.
        const operands = op.operands
        const index = log.indices[i]!
        for (let k = 0; k < operands.length; k++) {
          const o = operands[k]!
          o.set(k === index ? (log.refs[i] as Value) : o.value)
        }
        break
      }
    }
  }

  /** Puts `op` back in `state`: its operands (all set again), snapshot, successors, properties, attributes and location. */
  private restoreModified(op: Operation, state: ModifiedState): void {
    relinkOperands(op, state.operands)
    // Without an entry the snapshot is still the one the state was made with (see
    // `snapshotOperands`): the op's operands, restored just now.
    const opState = state.snapshot === undefined ? undefined : this.opStates.get(op)
    if (opState?.snapshot !== undefined) {
      opState.snapshot = state.snapshot
    }
    const successors = state.successors
    for (let i = 0; i < successors.length; i++) {
      if (op.successors[i]!.block !== successors[i]) {
        op.setSuccessor(i, successors[i]!)
      }
    }
    op.properties = state.properties
    op.attributes = state.attributes
    if (state.location !== null) {
      op.location = state.location
    }
  }

  /**
   * Destroys the erased ops and drops the undo log; the changes become final. Then the
   * unresolved materializations are reconciled (cast chains folded, dead casts erased),
   * and each one still live is resolved with its type converter's materializations
   * when `buildMaterializations`; one that cannot be is reported, as upstream, and the
   * result is failure.
   */
  commit(buildMaterializations = true): LogicalResult {
    for (const op of this.erasedOps) {
      const state = this.opStates.get(op)!
      if (state.erased) {
        state.erased = false
        op.dropAllReferences()
      }
    }
    this.erasedOps.length = 0
    this.erasedMayHoldOps = false
    this.log.truncate(0)
    for (const cast of this.deferredCasts) {
      if (cast.parentBlock === null || !this.materializations.has(cast) || cast.operands.length === 0) {
        continue
      }
      const input = cast.operands[0]!.value
      const def = input.definingOp
      if (def !== null) {
        if (def.parentBlock === null) {
          continue
        }
        cast.remove()
        def.parentBlock.insertBefore(cast, def.nextOp)
      } else {
        const home = (input as BlockArgument).owner
        cast.remove()
        home.insertBefore(cast, home.firstOp)
      }
    }
    this.deferredCasts.length = 0
    const casts: Operation[] = []
    for (const cast of this.materializations.keys()) {
      if (cast.parentBlock !== null) {
        casts.push(cast)
      }
    }
    const remaining = reconcileMaterializations(casts)
    let result = success()
    if (buildMaterializations) {
      for (const cast of remaining) {
        if (!this.legalizeUnresolvedMaterialization(cast, this.materializations.get(cast)!)) {
          result = failure()
          break
        }
      }
    }
    this.log.truncate(0)
    this.materializations.clear()
    this.replacedLocations.clear()
    this.originals.clear()
    this.replacements.clear()
    this.argumentReplacements.clear()
    this.opStates.clear()
    this.targetCache.clear()
    this.sourceCache.clear()
    return result
  }

  /** Replaces a live unresolved materialization by its converter's materialization, or reports it. */
  private legalizeUnresolvedMaterialization(cast: Operation, info: UnresolvedMaterialization): boolean {
    const converter = info.converter
    const resultType = cast.results[0]!.type
    const inputs = cast.operands.map((o) => o.value)
    if (converter !== null) {
      this.setInsertionPoint(cast)
      const v =
        info.kind === 'source'
          ? converter.materializeSourceConversion(this, resultType, inputs, cast.location)
          : converter.materializeTargetConversion(this, resultType, inputs, cast.location, info.originalType)
      if (v !== null) {
        if (v.type !== resultType) {
          throw new Error('materialization callback produced value of incorrect type')
        }
        cast.results[0]!.replaceAllUsesWith(v)
        cast.erase()
        return true
      }
    }
    const user = cast.results[0]!.firstUse!.owner
    const printer = cast.context.diagnosticOpPrinter
    const userText = printer === null ? `"${user.name.name}"` : printer(user, false)
    cast
      .emitError(
        `failed to legalize unresolved materialization from (${inputs.map((i) => `'${typeText(i.type)}'`).join(', ')}) to ('${typeText(resultType)}') that remained live after conversion`,
      )
      .attachNote(`see existing live user here: ${userText.includes('\n') ? '\n' + userText : userText}`, user.location)
      .report()
    return false
  }

  // ---- Overridden primitives --------------------------------------------------------

  override startOpModification(op: Operation): void {
    this.operandsChanged = true
    this.log.push(UndoKind.ModifyOp, op, null, this.modifiedState(op, op.getOperands(), op.location, true), null, 0)
  }

  /** The state of `op` whose operands are `operands`, to restore it from (its operand snapshot taken first). */
  private modifiedState(op: Operation, operands: readonly Value[], location: Location | null, record: boolean): ModifiedState {
    const successors = op.successors
    let blocks: readonly Block[] = kNoBlocks
    if (successors.length > 0) {
      const copy = new Array<Block>(successors.length)
      for (let i = 0; i < successors.length; i++) {
        copy[i] = successors[i]!.block
      }
      blocks = copy
    }
    return new ModifiedState(operands, blocks, op.properties, op.attributes, location, this.snapshotOperands(op, operands, record))
  }

  /**
   * The operand snapshot of `op` (see `OpState.snapshot`). An op that existed before the
   * conversion and has none yet has its current `operands` as its snapshot: recorded when
   * `record` (its operands are about to change), else only returned.
   * Undefined for an op without operands and without a snapshot.
   */
  private snapshotOperands(op: Operation, operands: readonly Value[], record: boolean): readonly Value[] | undefined {
    const state = this.opStates.get(op)
    let snap = state?.snapshot
    if (snap === undefined && operands.length > 0 && state?.created !== true) {
      snap = operands
      if (record) {
        this.setSnapshot(op, state, snap)
      }
    }
    return snap
  }

  /** Makes `snap` the operand snapshot of `op`, whose state is `state`. */
  private setSnapshot(op: Operation, state: OpState | undefined, snap: readonly Value[]): void {
    if (state === undefined) {
      this.opStates.set(op, new OpState(false, snap))
    } else {
      state.snapshot = snap
    }
  }

  /** False while every op's original operands are its current ones (nothing changed yet). */
  get mayHaveOriginalOperands(): boolean {
    return this.operandsChanged || this.originals.size !== 0
  }

  /**
   * Makes every use of `from` use `to`, recording each changed operand (a value) or
   * modifying each user in place (a block).
   */
  override replaceAllUsesWith(from: Value, to: Value): void
  override replaceAllUsesWith(from: Block, to: Block): void
  override replaceAllUsesWith(from: Value | Block, to: Value | Block): void {
    if (!(from instanceof Value)) {
      super.replaceAllUsesWith(from, to as Block)
      return
    }
    const toValue = to as Value
    const log = this.log
    this.operandsChanged = true
    for (let u = from.firstUse; u !== null; ) {
      const next = u.nextUse
      const owner = u.owner
      const state = this.opStates.get(owner)
      if (state === undefined || (state.snapshot === undefined && !state.created)) {
        this.setSnapshot(owner, state, owner.getOperands())
      }
      log.push(UndoKind.SetOperand, owner, null, from, null, u.index)
      u.set(toValue)
      this.finalizeOpModification(owner)
      u = next
    }
  }

  override cancelOpModification(op: Operation): void {
    const log = this.log
    for (let i = log.length - 1; i >= 0; i--) {
      if (log.kinds[i] === UndoKind.ModifyOp && log.ops[i] === op) {
        this.undo(i)
        log.removeAt(i)
        return
      }
    }
  }

  override eraseOp(op: Operation): void {
    this.logger?.startLine(`** Erase   : ${this.logger.opRef(op)}\n`)
    this.eraseOpImpl(op)
  }

  private eraseOpImpl(op: Operation): void {
    if (!op.useEmpty) {
      throw new Error(`eraseOp: '${op.name.name}' still has uses`)
    }
    const block = op.parentBlock
    if (block === null) {
      throw new Error(`eraseOp: '${op.name.name}' is not in a block`)
    }
    this.userListener?.notifyOperationErased?.(op)
    this.log.push(UndoKind.EraseOp, op, block, op.nextOp, null, 0)
    op.remove()
    const state = this.opStates.get(op)
    if (state === undefined) {
      const erased = new OpState(false, undefined)
      erased.erased = true
      this.opStates.set(op, erased)
    } else {
      state.erased = true
    }
    this.erasedOps.push(op)
    if (!this.erasedMayHoldOps) {
      for (const region of op.regions) {
        if (region.firstBlock !== null) {
          this.erasedMayHoldOps = true
          break
        }
      }
    }
  }

  /** Notes an insertion right into an erased op (see `erasedMayHoldOps`). */
  private noteInsertInto(parent: Operation | null | undefined): void {
    if (parent !== null && parent !== undefined && this.erasedOps.length !== 0 && this.opStates.get(parent)?.erased === true) {
      this.erasedMayHoldOps = true
    }
  }

  override eraseBlock(block: Block): void {
    for (let o = block.lastOp; o !== null; ) {
      const prev = o.prevOp
      this.eraseOpImpl(o)
      o = prev
    }
    const region = block.parent
    if (region === null) {
      return
    }
    this.userListener?.notifyBlockErased?.(block)
    this.log.push(UndoKind.EraseBlock, null, block, region, block.nextBlock, 0)
    block.remove()
  }

  /** Appends an argument to `block`, recorded. */
  addArgument(block: Block, type: Type, loc: Location): Value {
    const a = block.addArgument(type, loc)
    this.log.push(UndoKind.AddArgument, null, block, null, null, 0)
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
    this.logger?.startLine(`** Replace : ${this.logger.opRef(op)}\n`)
    this.userListener?.notifyOperationReplaced?.(op, replacement)
    for (let i = 0; i < vals.length; i++) {
      const from = op.results[i]!
      const to = this.replacedArgumentValue(vals[i]!)
      if (!this.replacedLocations.has(to)) {
        this.replacedLocations.set(to, this.valueLocation(from))
      }
      const toDef = to.definingOp
      if (toDef !== null && this.opStates.get(toDef)?.created === true && !this.originals.has(to)) {
        this.originals.set(to, from)
      }
      if (to.type === from.type) {
        this.replacements.set(from, to)
      }
      if (from.useEmpty) {
        continue
      }
      if (to.type === from.type) {
        this.replaceAllUsesWith(from, to)
        continue
      }
      const shared = this.sourceCache.get(to)?.get(from.type)
      if (shared !== undefined && this.isLive(shared) && this.materializations.has(shared.definingOp!)) {
        this.replacements.set(from, shared)
        this.replaceAllUsesWith(from, shared)
        continue
      }
      const ip = this.saveInsertionPoint()
      this.setInsertionPointAfterValue(to)
      const cast = this.buildMaterialization(from.type, [to], op.location, 'source', this.currentTypeConverter)
      this.restoreInsertionPoint(ip)
      this.deferredCasts.push(cast.definingOp!)
      this.originals.set(cast, from)
      this.replacements.set(from, cast)
      this.replaceAllUsesWith(from, cast)
      let perType = this.sourceCache.get(to)
      if (perType === undefined) {
        perType = new Map<Type, Value>()
        this.sourceCache.set(to, perType)
      }
      perType.set(from.type, cast)
    }
    this.eraseOpImpl(op)
  }

  /**
   * `value`, or, when it is an argument of a block that a signature conversion replaced
   * (and has not been rolled back), the value that replaced it, followed through later
   * conversions. Upstream keeps the old block until the commit, so a fold sees and may
   * return its arguments (`xori %b, (xori %a, %b)` folds to `%a`); at the commit their
   * uses, the new ones included, move to the replacements.
   */
  private replacedArgumentValue(value: Value): Value {
    let v = value
    while (v.definingOp === null && (v as BlockArgument).owner.parent === null) {
      const next = this.argumentReplacements.get(v)
      if (next === undefined) {
        break
      }
      v = next
    }
    return v
  }

  /**
   * The live value that stands for `value` now: `value` itself while its op is in the IR,
   * else what replaced it (followed through later replacements); null when there is none.
   */
  currentValue(value: Value): Value | null {
    let v = value
    for (let i = 0; !this.isLive(v); i++) {
      const next = this.replacements.get(v)
      if (next === undefined || i > this.replacements.size) {
        return null
      }
      v = next
    }
    return v
  }

  /** Records the operands of `op` before the conversion changes them. */
  recordOriginalOperands(op: Operation, operands: readonly Value[] = op.getOperands()): void {
    this.operandsChanged = true
    this.setSnapshot(op, this.opStates.get(op), operands.slice())
  }

  /**
   * The operands `op` has in upstream's view of the IR during the conversion: those it
   * had before the conversion (or, for an op created by it, the values its operands stand for).
   */
  originalOperandsOf(op: Operation): Value[] {
    const snap = this.opStates.get(op)?.snapshot
    if (snap !== undefined && snap.length === op.operands.length) {
      return snap.slice()
    }
    return op.operands.map((o) => this.originalValue(o.value))
  }

  /**
   * The operands of `op` as `originalOperandsOf` gives them, without a copy: null when they
   * are its current operands. For the driver's folds, which read them once per op.
   */
  originalOperandsView(op: Operation): readonly Value[] | null {
    const operands = op.operands
    const snap = this.opStates.get(op)?.snapshot
    if (snap !== undefined && snap.length === operands.length) {
      return snap
    }
    if (this.originals.size === 0) {
      return null
    }
    for (let i = 0; i < operands.length; i++) {
      if (this.originals.has(operands[i]!.value)) {
        return op.operands.map((o) => this.originalValue(o.value))
      }
    }
    return null
  }

  /**
   * Starts a fold of `op` by the driver: as `startOpModification`, but the record of the
   * state to restore is logged only when the fold changes something (`finishFold`).
   * Returns that state; its operands are `operands`, `op`'s current operands.
   * @internal The conversion driver's own; not part of the API.
   */
  startFold(op: Operation, operands: readonly Value[]): ModifiedState {
    return this.modifiedState(op, operands, null, false)
  }

  /**
   * Ends a fold started by `startFold`: when it failed (`folded` false), `op` is put back in
   * `state` as `cancelOpModification` would; otherwise the change is logged and reported as
   * `finalizeOpModification` would.
   * @internal The conversion driver's own; not part of the API.
   */
  finishFold(op: Operation, state: ModifiedState, folded: boolean): void {
    if (!folded) {
      this.restoreModified(op, state)
      return
    }
    state.location = op.location
    this.log.push(UndoKind.ModifyOp, op, null, state, null, 0)
    this.finalizeOpModification(op)
  }

  /**
   * The value `value` stands for in the IR as upstream's conversion sees it before
   * committing: the result of the (replaced) op it replaced, followed back to a value
   * not created by this conversion; `value` itself otherwise.
   */
  originalValue(value: Value): Value {
    let v = value
    for (let next = this.originals.get(v); next !== undefined; next = this.originals.get(v)) {
      v = next
    }
    return v
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

  /**
   * Builds an unresolved materialization of `inputs` to `type`: an unrealized cast that
   * the commit folds away when it is dead or round-trips, and otherwise resolves with
   * `converter`'s source or target materializations (as upstream, lazily).
   */
  buildMaterialization(
    type: Type,
    inputs: readonly Value[],
    loc: Location,
    kind: 'source' | 'target',
    converter: TypeConverter | null,
    originalType: Type | null = null,
  ): Value {
    this.suppressInsertLog = true
    const cast = this.create(kCastName, loc, { operands: inputs, results: [type] })
    this.suppressInsertLog = false
    this.materializations.set(cast, new UnresolvedMaterialization(kind, converter, kind === 'target' ? originalType : null))
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
      // A value replaced 1-N (a block argument unpacked into several) is converted from
      // its replacement values, as upstream's mapping keeps them.
      let inputs: readonly Value[] | null = null
      const def = v.definingOp
      const mat = def === null ? undefined : this.materializations.get(def)
      if (mat !== undefined) {
        const n = def!.operands.length
        if (n === 1) {
          v = def!.operands[0]!.value
        } else if (n > 1 && mat.kind === 'source') {
          inputs = def!.operands.map((o) => o.value)
        }
      }
      if (converter === null) {
        out.push(v)
        continue
      }
      const want = converter.convertType(orig.type)
      if (want === null) {
        this.notifyMatchFailure(op, `unable to convert type for operand #${out.length}, type was '${typeText(orig.type)}'`)
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
      this.setInsertionPointAfterValue(inputs === null ? v : latestDefined(inputs))
      const m = this.buildMaterialization(want, inputs ?? [v], op.location, 'target', converter, orig.type)
      this.restoreInsertionPoint(ip)
      if (inputs !== null) {
        // Upstream maps the replacement values to this materialization, so a later
        // source materialization of the original value starts from it: the 1-N cast
        // now converts the materialized value.
        const cast = def!
        this.startOpModification(cast)
        cast.setOperands([m])
        this.finalizeOpModification(cast)
      }
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
    if (sameTypes(block.arguments.map((a) => a.type), conversion.convertedTypes)) {
      return block
    }
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
    const newBlock = this.createBlock(region, block.nextBlock, conversion.convertedTypes, locs)
    this.suppressInsertLog = true
    while (block.firstOp !== null) {
      this.moveOpBefore(block.firstOp, newBlock, null)
    }
    this.suppressInsertLog = false
    this.replaceAllUsesWith(block, newBlock)
    for (let i = 0; i < block.arguments.length; i++) {
      const arg = block.arguments[i]!
      const m = conversion.inputMap[i]
      if (arg.useEmpty) {
        continue
      }
      // Each materialization goes to the start of the block, as upstream builds them.
      this.setInsertionPointToStart(newBlock)
      let repl: Value
      if (m === undefined) {
        repl = this.buildMaterialization(arg.type, [], arg.location, 'source', converter)
      } else if ('value' in m) {
        repl = m.value
        if (repl.type !== arg.type) {
          // Upstream's users keep seeing the original argument until the end: they see a
          // source materialization of the remapped value, which their patterns look through.
          repl = this.buildMaterialization(arg.type, [m.value], arg.location, 'source', converter)
          this.deferredCasts.push(repl.definingOp!)
        }
      } else {
        const news = newBlock.arguments.slice(m.start, m.start + m.size)
        if (m.size === 1 && news[0]!.type === arg.type) {
          repl = news[0]!
        } else {
          repl = this.buildMaterialization(arg.type, news, arg.location, 'source', converter)
          this.deferredCasts.push(repl.definingOp!)
        }
      }
      this.replaceAllUsesWith(arg, repl)
      this.argumentReplacements.set(arg, repl)
    }
    this.eraseBlock(block)
    this.restoreInsertionPoint(ip)
    return newBlock
  }

  /**
   * Converts the argument types of the entry block of `region` with `converter`, or
   * as `entryConversion` says when given (as upstream: the other blocks are converted
   * by the patterns of the branches to them). Returns the new entry block (null for an
   * empty region), or null when a type does not convert.
   */
  convertRegionTypes(region: Region, converter: TypeConverter, entryConversion: SignatureConversion | null = null): Block | null {
    const entry = region.firstBlock
    if (entry === null) {
      return null
    }
    const conv = entryConversion ?? converter.convertBlockSignature(entry.arguments.map((a) => a.type))
    if (conv === null) {
      return null
    }
    return this.applySignatureConversion(entry, conv, converter)
  }
}

/** The value of `values` defined last (all are in one block, or block arguments of it). */
function latestDefined(values: readonly Value[]): Value {
  let best = values[0]!
  for (const v of values) {
    const d = v.definingOp
    const bd = best.definingOp
    if (d !== null && (bd === null || bd.isBeforeInBlock(d))) {
      best = v
    }
  }
  return best
}

function typeText(type: Type): string {
  return printType(type)
}

/**
 * Folds the unresolved materializations `casts` as upstream's `reconcileUnrealizedCasts`:
 * dead casts are erased, and a cast whose chain of input casts starts from values of its
 * result types is replaced by those values. Returns the casts that remain.
 */
function reconcileMaterializations(casts: readonly Operation[]): Operation[] {
  const worklist: Operation[] = [...casts]
  const inWorklist = new Set<Operation>(casts)
  // Only the conversion's own casts are reconciled: a cast that was in the IR before
  // stays, even when it becomes dead (as mlir-opt leaves it to reconcile-unrealized-casts).
  const own = new Set<Operation>(casts)
  const erased = new Set<Operation>()
  const enqueueInputs = (cast: Operation): void => {
    for (const o of cast.operands) {
      const d = o.value.definingOp
      if (d !== null && own.has(d) && !inWorklist.has(d) && !erased.has(d)) {
        inWorklist.add(d)
        worklist.push(d)
      }
    }
  }
  while (worklist.length > 0) {
    const cast = worklist.pop()!
    inWorklist.delete(cast)
    if (erased.has(cast)) {
      continue
    }
    if (cast.useEmpty) {
      enqueueInputs(cast)
      erased.add(cast)
      cast.erase()
      continue
    }
    for (let next: Operation | null = cast; next !== null; next = inputCast(next)) {
      if (sameTypes(next.operands.map((o) => o.value.type), cast.results.map((r) => r.type))) {
        enqueueInputs(cast)
        const inputs = next.operands.map((o) => o.value)
        for (let i = 0; i < cast.results.length; i++) {
          cast.results[i]!.replaceAllUsesWith(inputs[i]!)
        }
        erased.add(cast)
        cast.erase()
        break
      }
    }
  }
  return casts.filter((c) => !erased.has(c))
}

const kCastName = 'builtin.unrealized_conversion_cast'

/** The cast that defines all inputs of `cast`, in order, or null. */
function inputCast(cast: Operation): Operation | null {
  if (cast.operands.length === 0) {
    return null
  }
  const d = cast.operands[0]!.value.definingOp
  if (d === null || d.name.name !== kCastName || d.results.length !== cast.operands.length) {
    return null
  }
  for (let i = 0; i < cast.operands.length; i++) {
    if (cast.operands[i]!.value !== d.results[i]) {
      return null
    }
  }
  return d
}

function sameTypes(a: readonly Type[], b: readonly Type[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i])
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
  /**
   * Resolve the unresolved materializations that stay live with the type converters'
   * materializations (default true); when false they stay unrealized casts.
   */
  buildMaterializations?: boolean
  /** When illegal ops are folded: before the patterns (default), after them, or never. */
  foldingMode?: DialectConversionFoldingMode
  /**
   * Converts the roots themselves too, as upstream's `computeConversionSet` does (default
   * false: only the ops nested in them); the transform interpreter converts a `func.func`
   * target into an `llvm.func` this way.
   */
  convertRoots?: boolean
}

/** When the driver tries to fold an illegal op (MLIR's `DialectConversionFoldingMode`). */
export type DialectConversionFoldingMode = 'never' | 'before-patterns' | 'after-patterns'

/** A conversion pattern set: patterns ordered by benefit, then by how directly they reach legal ops. */
class ConversionApplicator {
  private readonly byOp = new Map<string, RewritePatternLike[]>()
  private readonly anyOp: RewritePatternLike[] = []
  /** Per list of `byOp`: that list and `anyOp`, by benefit (made on first use). */
  private readonly merged = new Map<RewritePatternLike[], RewritePatternLike[]>()

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
    let merged = this.merged.get(own)
    if (merged === undefined) {
      merged = [...own, ...this.anyOp].sort((a, b) => b.benefit - a.benefit)
      this.merged.set(own, merged)
    }
    return merged
  }
}

const kLogLineComment = '//===-------------------------------------------===//\n'

class OperationLegalizer {
  private readonly active = new Set<RewritePatternLike>()
  /** Ops being legalized again after an in-place fold, mapped to the log size before that fold. */
  private readonly inPlaceFoldMarks = new Map<Operation, number>()
  /** The op, pattern and log size of the pattern application `applyPending` runs next. */
  private pendingOp: Operation | null = null
  private pendingPattern: RewritePatternLike | null = null
  private pendingMark = 0
  /** What the last `applyPending` gave: whether the pattern matched, and whether what it made was legalized. */
  private lastMatched = false
  private lastOk = false
  /**
   * Applies the pending pattern (the transform of its `apply-conversion` action): one
   * function for every application, not a closure per op.
   */
  private readonly applyPending = (): void => {
    const op = this.pendingOp!
    const mark = this.pendingMark
    const matched = this.pendingPattern!.matchAndRewrite(op, this.rewriter)
    const ok = matched && this.legalizeNewOps(mark, op)
    this.lastMatched = matched
    this.lastOk = ok
  }
  /** The `apply-conversion` action of the pending application, made only when an action handler asks. */
  private readonly pendingAction = (): Action => new ApplyConversionAction([this.pendingOp!])

  constructor(
    readonly target: ConversionTarget,
    readonly applicator: ConversionApplicator,
    readonly rewriter: ConversionPatternRewriter,
    readonly foldingMode: DialectConversionFoldingMode,
  ) {}

  /**
   * Legalizes `op`: success when it is legal, was folded, or a pattern (and the
   * legalization of what it created) succeeds.
   */
  legalize(op: Operation): LogicalResult {
    const rewriter = this.rewriter
    const logger = rewriter.logger
    const isIgnored = rewriter.isErased(op)
    if (logger !== null) {
      logger.raw('\n')
      logger.startLine(kLogLineComment)
      logger.startLine(`Legalizing operation : ${isIgnored ? `(${logger.address(op)})` : logger.opRef(op)} {\n`)
      logger.indent()
      if (!isIgnored && op.regions.length === 0) {
        logger.startLine(printOperation(op, kGenericForm) + '\n\n')
      }
    }
    if (isIgnored) {
      if (logger !== null) {
        logger.logSuccess("operation marked 'ignored' during conversion")
        logger.startLine(kLogLineComment)
      }
      return success()
    }
    const legality = this.target.isLegal(op)
    if (legality !== null) {
      if (logger !== null) {
        logger.logSuccess(
          'operation marked legal by the target' + (legality.isRecursivelyLegal ? '; NOTE: operation is recursively legal; skipping internals' : ''),
        )
        logger.startLine(kLogLineComment)
      }
      return success()
    }
    if (this.foldingMode === 'before-patterns' && this.legalizeWithFold(op)) {
      if (logger !== null) {
        logger.logSuccess('operation was folded')
        logger.startLine(kLogLineComment)
      }
      return success()
    }
    if (this.legalizeWithPattern(op)) {
      if (logger !== null) {
        logger.logSuccess('')
        logger.startLine(kLogLineComment)
      }
      return success()
    }
    if (this.foldingMode === 'after-patterns' && this.legalizeWithFold(op)) {
      if (logger !== null) {
        logger.logSuccess('operation was folded')
        logger.startLine(kLogLineComment)
      }
      return success()
    }
    if (logger !== null) {
      logger.logFailure('no matched legalization pattern')
      logger.startLine(kLogLineComment)
    }
    return failure()
  }

  /**
   * Folds `op` in place or into existing values and new constants (which are then
   * legalized), as upstream's `legalizeWithFold`; the changes are undone on failure.
   */
  private legalizeWithFold(op: Operation): boolean {
    const rewriter = this.rewriter
    const logger = rewriter.logger
    if (logger !== null) {
      logger.startLine('* Fold {\n')
      logger.indent()
    }
    const mark = rewriter.logSize
    // Constants do not fold any further (`OpBuilder::tryFold`).
    const results = matchConstantOp(op) !== null ? null : foldResultsOf(op, rewriter)
    // A fold to the op's own result (a use of itself in a graph region, `addi %0, %c0`
    // defining %0) changes nothing: it is no fold, and the patterns run (upstream's
    // `OpBuilder::tryFold` stops on such a fixpoint; mlir-opt 22 loops forever there).
    if (results === null || results.values.some((v, i) => v === op.results[i])) {
      rewriter.rollbackTo(mark)
      logger?.logFailure('unable to fold')
      return false
    }
    if (results.values.length === 0) {
      // Folded in place: the op changed, so it is legalized anew. A fold of the changed
      // op whose constants fail to legalize also undoes this change (mlir-opt 22 keeps
      // `addui_extended %c1, %x` reordered but `addui_extended %c0, %x` as it was).
      const outer = this.inPlaceFoldMarks.get(op)
      if (outer === undefined) {
        this.inPlaceFoldMarks.set(op, mark)
      }
      try {
        return this.legalize(op)
      } finally {
        if (outer === undefined) {
          this.inPlaceFoldMarks.delete(op)
        }
      }
    }
    rewriter.replaceOp(op, results.values)
    for (const c of results.constants) {
      if (!this.legalize(c)) {
        logger?.logFailure(`failed to legalize generated constant '${c.name.name}'`)
        rewriter.rollbackTo(this.inPlaceFoldMarks.get(op) ?? mark)
        return false
      }
    }
    logger?.logSuccess('')
    return true
  }

  private legalizeWithPattern(op: Operation): boolean {
    const rewriter = this.rewriter
    const logger = rewriter.logger
    for (const pattern of this.applicator.patternsFor(op)) {
      if (logger !== null) {
        logger.raw('\n')
        logger.startLine(`* Pattern : '${op.name.name} -> (${(pattern.generatedOps ?? []).join(', ')})' {\n`)
        logger.indent()
      }
      if (this.active.has(pattern)) {
        logger?.logFailure('pattern was already applied')
        continue
      }
      const mark = rewriter.logSize
      rewriter.setInsertionPoint(op)
      this.active.add(pattern)
      this.pendingOp = op
      this.pendingPattern = pattern
      this.pendingMark = mark
      this.lastMatched = false
      this.lastOk = false
      op.context.executeAction(this.pendingAction, this.applyPending)
      const matched = this.lastMatched
      const ok = this.lastOk
      this.active.delete(pattern)
      if (ok) {
        logger?.logSuccess('pattern applied successfully')
        return true
      }
      if (!matched) {
        logger?.logFailure('pattern failed to match')
      }
      rewriter.rollbackTo(mark)
    }
    return false
  }

  private legalizeNewOps(mark: number, root: Operation): boolean {
    const rewriter = this.rewriter
    const logger = rewriter.logger
    if (!rewriter.isErased(root) && rewriter.wasModifiedSince(mark, root)) {
      if (!this.legalize(root)) {
        logger?.logFailure(`failed to legalize operation updated in-place '${root.name.name}'`)
        return false
      }
    }
    for (const created of rewriter.createdOpsSince(mark)) {
      if (rewriter.isMaterialization(created)) {
        continue
      }
      if (!this.legalize(created)) {
        logger?.logFailure(`failed to legalize generated operation '${created.name.name}'(${logger.address(created)})`)
        return false
      }
    }
    return true
  }
}

const kGenericForm = { printGenericOpForm: true }

/**
 * `op`'s fold (as `foldOperation`) on its operands as upstream sees them: replacements
 * are committed only at the end there, so the folder runs with the op's original operands
 * (`originals`, swapped in for the call in place of `current`, its operands now). Operand
 * values it returns, and an in-place reordering, are mapped back to the current operands.
 * Null when it does not fold.
 */
function foldWithOriginalOperands(
  op: Operation,
  originals: readonly Value[],
  current: readonly Value[],
  rewriter: ConversionPatternRewriter,
): readonly OpFoldResult[] | null {
  let swapped = false
  if (originals !== current) {
    for (let i = 0; i < current.length; i++) {
      if (current[i] !== originals[i]) {
        swapped = true
      }
    }
  }
  if (swapped) {
    relinkOperands(op, originals)
  }
  // Folders also look through their operands' defining ops (`select` of a `cmpi eq` of its
  // own operands): those see their original operands too while the folder runs.
  const restored = rewriter.mayHaveOriginalOperands ? restoreOriginalDefs(op, originals, rewriter) : kNothingRestored
  let folded: readonly OpFoldResult[] | null
  try {
    folded = foldOperation(op)
  } finally {
    for (let i = restored.length - 1; i >= 0; i--) {
      const r = restored[i]!
      relinkOperands(r.op, r.current)
    }
    const operands = op.operands
    let changed = false
    for (let i = 0; i < operands.length; i++) {
      if (operands[i]!.value !== originals[i]) {
        changed = true
        break
      }
    }
    if (swapped || changed) {
      const after = op.getOperands()
      relinkOperands(
        op,
        after.map((v) => current[originals.indexOf(v)] ?? rewriter.currentValue(v) ?? v),
      )
      if (changed) {
        rewriter.recordOriginalOperands(op, after)
      }
    }
  }
  if (folded === null || folded.length === 0 || (!swapped && restored.length === 0)) {
    return folded
  }
  const out: OpFoldResult[] = []
  for (const r of folded) {
    if (!(r instanceof Value)) {
      out.push(r)
      continue
    }
    const v = r
    const j = originals.indexOf(v)
    if (j >= 0) {
      out.push(current[j]!)
      continue
    }
    const live = rewriter.currentValue(v)
    if (live === null) {
      return null
    }
    out.push(live)
  }
  return out
}

/** How far `restoreOriginalDefs` follows operands back through their definitions (folders look one or two ops up). */
const FOLD_LOOKUP_DEPTH = 3

/** An op whose original operands `restoreOriginalDefs` swapped in, with the operands to put back. */
interface RestoredDef {
  readonly op: Operation
  readonly current: Value[]
}
const kNothingRestored: readonly RestoredDef[] = []

/**
 * Swaps the original operands (upstream's IR before the commit) into the ops that define
 * `operands`, and into theirs, up to `FOLD_LOOKUP_DEPTH` levels; returns each swapped
 * op with the operands to put back, in swap order.
 */
function restoreOriginalDefs(root: Operation, operands: readonly Value[], rewriter: ConversionPatternRewriter): readonly RestoredDef[] {
  let restored: RestoredDef[] | null = null
  const seen: Operation[] = [root]
  let level: readonly Value[] = operands
  for (let depth = 0; depth < FOLD_LOOKUP_DEPTH && level.length > 0; depth++) {
    const next: Value[] = []
    for (const v of level) {
      const def = v.definingOp
      if (def === null || def.operands.length === 0 || seen.includes(def)) {
        continue
      }
      seen.push(def)
      const original = rewriter.originalOperandsView(def)
      const defOperands = def.operands
      if (original === null) {
        for (let i = 0; i < defOperands.length; i++) {
          next.push(defOperands[i]!.value)
        }
        continue
      }
      let differs = false
      for (let i = 0; i < original.length; i++) {
        if (original[i] !== defOperands[i]?.value) {
          differs = true
          break
        }
      }
      if (differs) {
        restored ??= []
        restored.push({ op: def, current: def.getOperands() })
        relinkOperands(def, original)
      }
      for (const o of original) {
        next.push(o)
      }
    }
    level = next
  }
  return restored ?? kNothingRestored
}

function foldResultsOf(op: Operation, rewriter: ConversionPatternRewriter): { values: Value[]; constants: Operation[] } | null {
  const current = op.getOperands()
  const originals = rewriter.originalOperandsView(op) ?? current
  const state = rewriter.startFold(op, current)
  const folded = foldWithOriginalOperands(op, originals, current, rewriter)
  rewriter.finishFold(op, state, folded !== null)
  if (folded === null) {
    return null
  }
  const values: Value[] = []
  const constants: Operation[] = []
  if (folded.length === 0) {
    return { values, constants }
  }
  const dialect = op.name.dialect
  rewriter.setInsertionPoint(op)
  for (let i = 0; i < folded.length; i++) {
    const fr = folded[i]!
    const type = op.results[i]!.type
    if (fr instanceof Value) {
      values.push(fr)
      continue
    }
    const c = dialect === null || dialect.def.materializeConstant === undefined ? null : dialect.def.materializeConstant(rewriter, fr, type, op.location)
    if (c === null) {
      for (const made of constants) {
        rewriter.eraseOp(made)
      }
      return null
    }
    constants.push(c)
    values.push(c.results[0]!)
  }
  return { values, constants }
}

/**
 * Ops under `root` to convert, in upstream's order (a pre-order walk whose regions are
 * visited block by block depth-first from the entry block along successors, so a block
 * comes after its dominators). Blocks unreachable from their region's entry are not
 * visited (upstream leaves them unconverted); regions of recursively legal ops are skipped.
 */
function collectOps(root: Operation, target: ConversionTarget, withRoot: boolean): Operation[] {
  const out: Operation[] = []
  const regions: Region[] = []
  for (let i = root.regions.length - 1; i >= 0; i--) {
    regions.push(root.regions[i]!)
  }
  // An explicit stack of pending regions and ops keeps deep nests off the call stack.
  const pending: (Operation | Region)[] = withRoot ? [root] : regions
  while (pending.length > 0) {
    const item = pending.pop()!
    if (item instanceof Operation) {
      out.push(item)
      if (item.regions.length === 0) {
        continue
      }
      const legal = target.isLegal(item)
      if (legal === null || !legal.isRecursivelyLegal) {
        for (let i = item.regions.length - 1; i >= 0; i--) {
          pending.push(item.regions[i]!)
        }
      }
      continue
    }
    const ops: Operation[] = []
    for (const block of blocksDepthFirst(item)) {
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        ops.push(op)
      }
    }
    for (let i = ops.length - 1; i >= 0; i--) {
      pending.push(ops[i]!)
    }
  }
  return out
}

/** The blocks of `region` reachable from its entry, in depth-first pre-order along successors. */
function blocksDepthFirst(region: Region): Block[] {
  const entry = region.firstBlock
  if (entry === null) {
    return []
  }
  const order: Block[] = [entry]
  const visited = new Set<Block>(order)
  const stack: { block: Block; next: number }[] = [{ block: entry, next: 0 }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    const term = top.block.lastOp
    const succs = term === null ? null : term.successors
    if (succs === null || top.next >= succs.length) {
      stack.pop()
      continue
    }
    const succ = succs[top.next++]!.block
    if (!visited.has(succ)) {
      visited.add(succ)
      order.push(succ)
      stack.push({ block: succ, next: 0 })
    }
  }
  return order
}

/** What a conversion did: it failed, or it succeeded and changed the IR or not. */
const enum ConversionOutcome {
  Failed,
  Changed,
  Unchanged,
}

function applyConversion(
  roots: readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[],
  mode: ConversionMode,
  config: ConversionConfig,
): LogicalResult {
  return runConversion(roots, target, patterns, mode, config) !== ConversionOutcome.Failed
}

function runConversion(
  roots: readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[],
  mode: ConversionMode,
  config: ConversionConfig,
): ConversionOutcome {
  if (roots.length === 0) {
    return ConversionOutcome.Unchanged
  }
  const context = roots[0]!.context
  const rewriter = new ConversionPatternRewriter(context, config.listener ?? null)
  const legalizer = new OperationLegalizer(target, new ConversionApplicator(patterns, target), rewriter, config.foldingMode ?? 'before-patterns')
  let ops: Operation[] = []
  for (const r of roots) {
    const more = collectOps(r, target, config.convertRoots === true)
    ops = ops.length === 0 ? more : ops.concat(more)
  }
  // The ops' original operands are recorded as they first change (see `OpState.snapshot`).
  for (const op of ops) {
    const wasErased = rewriter.isErased(op)
    if (legalizer.legalize(op)) {
      if (mode === 'analysis' && !wasErased && target.isLegal(op) === null) {
        config.legalizableOps?.add(op)
      }
      continue
    }
    // Failed patterns and folds were undone already; what stays is an in-place fold that
    // did not make the op legal, which upstream keeps too (a reordered commutative op).
    if (mode === 'full') {
      op.emitError(`failed to legalize operation '${op.name.name}'`).report()
      rewriter.rollbackTo(0)
      return ConversionOutcome.Failed
    }
    if (mode === 'partial') {
      if (target.isIllegal(op)) {
        op.emitError(`failed to legalize operation '${op.name.name}' that was explicitly marked illegal`).report()
        rewriter.rollbackTo(0)
        return ConversionOutcome.Failed
      }
      config.unlegalizedOps?.add(op)
    }
  }
  if (mode === 'analysis') {
    rewriter.rollbackTo(0)
    return ConversionOutcome.Unchanged
  }
  // Every change is in the log (materializations are created ops), so an empty log is an unchanged IR.
  const changed = rewriter.logSize !== 0
  if (!rewriter.commit(config.buildMaterializations ?? true)) {
    return ConversionOutcome.Failed
  }
  return changed ? ConversionOutcome.Changed : ConversionOutcome.Unchanged
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

/** The part of a pass that `applyPartialConversionInPass` reports to. */
export interface ConversionPassLike {
  signalPassFailure(): void
  markAllAnalysesPreserved(): void
}

/**
 * `applyPartialConversion` as the whole work of `pass`: the pass fails when the conversion
 * does, and keeps every analysis when the conversion changed nothing, so that the pass
 * manager does not verify the unchanged IR again (as for any pass that preserves all).
 */
export function applyPartialConversionInPass(
  pass: ConversionPassLike,
  roots: Operation | readonly Operation[],
  target: ConversionTarget,
  patterns: readonly RewritePatternLike[] | { readonly patterns: readonly RewritePatternLike[] },
  config: ConversionConfig = {},
): void {
  const outcome = runConversion(asRoots(roots), target, asPatterns(patterns), 'partial', config)
  if (outcome === ConversionOutcome.Failed) {
    pass.signalPassFailure()
  } else if (outcome === ConversionOutcome.Unchanged) {
    pass.markAllAnalysesPreserved()
  }
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
