import type { Type } from './Types.ts'
import type { Location, LocationSource } from './Location.ts'
import type { Operation } from './Operation.ts'
import type { Block } from './Block.ts'
import type { Region } from './Region.ts'

/**
 * An SSA value: an operation result or a block argument. Every use is an `OpOperand`
 * in an intrusive doubly linked list headed by `firstUse`, so adding, removing and
 * redirecting a use is O(1).
 */
export abstract class Value {
  // Fields are declared and assigned in constructors rather than defined as class fields:
  // defining them is much slower, and the parser makes one value per result.
  /** The value's type. */
  declare type: Type
  /** Head of the use list; null when the value has no uses. */
  declare firstUse: OpOperand | null
  constructor(type: Type) {
    this.type = type
    this.firstUse = null
  }

  /** The operation that defines this value, or null for block arguments. */
  abstract get definingOp(): Operation | null
  /** The block in which this value is defined. */
  abstract get parentBlock(): Block | null
  /** The location of the value's definition. */
  abstract get location(): Location

  /** True when nothing uses this value. */
  get useEmpty(): boolean {
    return this.firstUse === null
  }
  /** True when exactly one operand uses this value. */
  get hasOneUse(): boolean {
    return this.firstUse !== null && this.firstUse.nextUse === null
  }
  /** Iterates the operands that use this value (most recently added first). */
  *uses(): IterableIterator<OpOperand> {
    for (let u = this.firstUse; u !== null; ) {
      const next = u.nextUse
      yield u
      u = next
    }
  }
  /** Iterates the operations that use this value (an op appears once per use). */
  *users(): IterableIterator<Operation> {
    for (let u = this.firstUse; u !== null; ) {
      const next = u.nextUse
      yield u.owner
      u = next
    }
  }
  /** Makes every use of this value use `other` instead. */
  replaceAllUsesWith(other: Value): void {
    if (other === this) {
      return
    }
    let u = this.firstUse
    while (u !== null) {
      const next = u.nextUse
      u.set(other)
      u = next
    }
  }
  /** Replaces the uses for which `pred` returns true. */
  replaceUsesWithIf(other: Value, pred: (use: OpOperand) => boolean): void {
    let u = this.firstUse
    while (u !== null) {
      const next = u.nextUse
      if (pred(u)) {
        u.set(other)
      }
      u = next
    }
  }
  /** Replaces every use except those owned by `exception`. */
  replaceAllUsesExcept(other: Value, exception: Operation): void {
    this.replaceUsesWithIf(other, (u) => u.owner !== exception)
  }
  /** Drops every use: the using operands are left with no value (`dropAllReferences` style). */
  dropAllUses(): void {
    let u = this.firstUse
    while (u !== null) {
      const next = u.nextUse
      u.drop()
      u = next
    }
  }
  /** The region that contains the definition. */
  get parentRegion(): Region | null {
    return this.parentBlock?.parent ?? null
  }
}

/**
 * Lists longer than this (operands or results of one op) record their slots' positions in
 * `positionInLongList`; shorter ones are searched, which costs less than a field in each
 * of millions of operands and results.
 */
const SHORT_LIST = 16

/** The position of each operand and result of a list longer than `SHORT_LIST`. */
const positionInLongList = new WeakMap<OpOperand | OpResult, number>()

/** The position of `slot` in `list` (-1 when it is not there, e.g. an operand replaced by `setOperands`). */
function positionIn(list: readonly (OpOperand | OpResult)[], slot: OpOperand | OpResult): number {
  const n = list.length
  if (n > SHORT_LIST) {
    const i = positionInLongList.get(slot)
    return i !== undefined && list[i] === slot ? i : -1
  }
  for (let i = 0; i < n; i++) {
    if (list[i] === slot) {
      return i
    }
  }
  return -1
}

/**
 * @internal Records the positions of `list`'s slots when it is long (see `SHORT_LIST`); called
 * by `Operation` whenever it makes or reorders an operand or result list.
 */
export function recordPositions(list: readonly (OpOperand | OpResult)[], from: number): void {
  if (list.length > SHORT_LIST) {
    for (let i = from; i < list.length; i++) {
      positionInLongList.set(list[i]!, i)
    }
  }
}

/** The `index`-th result of `owner`. */
export class OpResult extends Value {
  /** The operation that defines this result. */
  declare readonly owner: Operation
  // The position is not stored: it is found in the owner's results (see `SHORT_LIST`).
  constructor(type: Type, owner: Operation) {
    super(type)
    this.owner = owner
  }
  /** The result's position among the owner's results. */
  get index(): number {
    const results = this.owner.results
    return results[0] === this ? 0 : positionIn(results, this)
  }
  get definingOp(): Operation {
    return this.owner
  }
  get parentBlock(): Block | null {
    return this.owner.parentBlock
  }
  get location(): Location {
    return this.owner.location
  }
}

/** The `index`-th argument of `owner`, with its own location. */
export class BlockArgument extends Value {
  /** The block this argument belongs to. */
  declare readonly owner: Block
  /** The argument's position in the block's argument list. */
  declare index: number
  /**
   * The argument's location, or (while `locationOffset` is not -1) the source that makes it
   * from that offset on first use, as for `Operation.location`.
   */
  declare private locationOrSource: Location | LocationSource
  /** Offset of the location in `locationOrSource` when it is a source, else -1. */
  declare private locationOffset: number
  constructor(type: Type, owner: Block, index: number, location: Location) {
    super(type)
    this.owner = owner
    this.index = index
    this.locationOrSource = location
    this.locationOffset = -1
  }
  /** The argument's own location; an argument parsed from text makes it here on first use. */
  get location(): Location {
    const offset = this.locationOffset
    if (offset >= 0) {
      // Made once, then kept as the argument's location.
      this.location = (this.locationOrSource as LocationSource).locationAt(offset)
    }
    return this.locationOrSource as Location
  }
  set location(loc: Location) {
    this.locationOffset = -1
    this.locationOrSource = loc
  }
  /** @internal Gives the argument the location of `offset` in `source`, made when first asked for. */
  setLazyLocation(source: LocationSource, offset: number): void {
    this.locationOrSource = source
    this.locationOffset = offset
  }
  get definingOp(): null {
    return null
  }
  get parentBlock(): Block {
    return this.owner
  }
}

/**
 * An operand slot of an operation: a use of `value`. Linked into the value's use
 * list; `set` re-links it in O(1). `value` is null only after `drop`.
 */
export class OpOperand {
  /** Next use in the list. */ declare nextUse: OpOperand | null
  /** Previous use in the list. */ declare prevUse: OpOperand | null
  /** The used value. */
  declare value: Value
  /** The operation this operand belongs to. */
  declare readonly owner: Operation
  // The position is not stored: it is found in the owner's operands (see `SHORT_LIST`).
  constructor(value: Value, owner: Operation) {
    this.nextUse = null
    this.prevUse = null
    this.value = value
    this.owner = owner
    this.link()
  }
  /** The operand's position among the owner's operands (-1 once `setOperands` has replaced it). */
  get index(): number {
    const operands = this.owner.operands
    return operands[0] === this ? 0 : positionIn(operands, this)
  }
  /** Makes this operand use `v`. */
  set(v: Value): void {
    this.unlink()
    this.value = v
    this.link()
  }
  /** Unlinks from the use list and leaves the value dangling (null). */
  drop(): void {
    this.unlink()
    this.value = null as unknown as Value
  }
  /** Unlinks from the use list, keeping the value. */
  unlink(): void {
    const v = this.value
    if (v === null) {
      return
    }
    if (this.prevUse === null) {
      v.firstUse = this.nextUse
    } else {
      this.prevUse.nextUse = this.nextUse
    }
    if (this.nextUse !== null) {
      this.nextUse.prevUse = this.prevUse
    }
    this.nextUse = null
    this.prevUse = null
  }
  private link(): void {
    const v = this.value
    const head = v.firstUse
    this.nextUse = head
    this.prevUse = null
    if (head !== null) {
      head.prevUse = this
    }
    v.firstUse = this
  }
}

/**
 * A successor slot of a terminator: a use of `block`. Linked into the block's
 * predecessor list (`Block.firstPredecessorUse`).
 */
export class BlockOperand {
  /** Next use in the list. */ nextUse: BlockOperand | null = null
  /** Previous use in the list. */ prevUse: BlockOperand | null = null
  block: Block
  constructor(
    block: Block,
    readonly owner: Operation,
    public index: number,
  ) {
    this.block = block
    this.link()
  }
  /** Makes this successor refer to `b`. */
  set(b: Block): void {
    this.unlink()
    this.block = b
    this.link()
  }
  /** Unlinks from the use list, keeping the value. */
  unlink(): void {
    const b = this.block
    if (b === null) {
      return
    }
    if (this.prevUse === null) {
      b.firstPredecessorUse = this.nextUse
    } else {
      this.prevUse.nextUse = this.nextUse
    }
    if (this.nextUse !== null) {
      this.nextUse.prevUse = this.prevUse
    }
    this.nextUse = null
    this.prevUse = null
  }
  /** Unlinks and leaves the slot empty. */
  drop(): void {
    this.unlink()
    this.block = null as unknown as Block
  }
  private link(): void {
    const b = this.block
    const head = b.firstPredecessorUse
    this.nextUse = head
    this.prevUse = null
    if (head !== null) {
      head.prevUse = this
    }
    b.firstPredecessorUse = this
  }
}
