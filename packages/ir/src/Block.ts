import type { Location } from './Location.ts'
import type { Operation } from './Operation.ts'
import type { Region } from './Region.ts'
import type { Type } from './Types.ts'
import { Trait } from './OperationName.ts'
import { BlockArgument, type BlockOperand } from './Value.ts'

/**
 * A basic block: arguments and an intrusive list of operations. Blocks are linked
 * into their region (`prevBlock`/`nextBlock`); the terminators that branch here are
 * linked through `firstPredecessorUse`.
 */
export class Block {
  // Declared and assigned in the constructor, not defined as class fields (which cost an
  // initializer call per block while the code is cold).
  /** The region that contains this block. */
  declare parent: Region | null
  /** Previous block in the region. */ declare prevBlock: Block | null
  /** Next block in the region. */ declare nextBlock: Block | null
  /** First operation, or null when empty. */
  declare firstOp: Operation | null
  /** Last operation, or null when empty. */
  declare lastOp: Operation | null
  /** Head of the list of successor slots that refer to this block. */
  declare firstPredecessorUse: BlockOperand | null
  /** @internal Whether `orderIndex` of the ops is up to date. */
  declare isOpOrderValid: boolean
  declare readonly arguments: BlockArgument[]

  constructor() {
    this.parent = null
    this.prevBlock = null
    this.nextBlock = null
    this.firstOp = null
    this.lastOp = null
    this.firstPredecessorUse = null
    this.isOpOrderValid = true
    this.arguments = []
  }

  /** The op that owns the parent region. */
  get parentOp(): Operation | null {
    return this.parent?.parentOp ?? null
  }
  /** True when this is the first block of its region. */
  get isEntryBlock(): boolean {
    return this.parent !== null && this.parent.firstBlock === this
  }
  get empty(): boolean {
    return this.firstOp === null
  }

  // ---- arguments --------------------------------------------------------------------

  get numArguments(): number {
    return this.arguments.length
  }
  getArgument(i: number): BlockArgument {
    return this.arguments[i]!
  }
  get argumentTypes(): Type[] {
    return this.arguments.map((a) => a.type)
  }
  addArgument(type: Type, loc: Location): BlockArgument {
    const a = new BlockArgument(type, this, this.arguments.length, loc)
    this.arguments.push(a)
    return a
  }
  addArguments(types: readonly Type[], locs: readonly Location[]): BlockArgument[] {
    return types.map((t, i) => this.addArgument(t, locs[i]!))
  }
  insertArgument(index: number, type: Type, loc: Location): BlockArgument {
    const a = new BlockArgument(type, this, index, loc)
    this.arguments.splice(index, 0, a)
    for (let i = index + 1; i < this.arguments.length; i++) {
      this.arguments[i]!.index = i
    }
    return a
  }
  /** Erases argument `index`; it must have no uses. */
  eraseArgument(index: number): void {
    const a = this.arguments[index]!
    if (!a.useEmpty) {
      throw new Error('erasing a block argument that still has uses')
    }
    this.arguments.splice(index, 1)
    for (let i = index; i < this.arguments.length; i++) {
      this.arguments[i]!.index = i
    }
  }
  /** Erases the arguments whose index is set in `indices`. */
  eraseArguments(indices: ReadonlySet<number>): void {
    for (const i of [...indices].sort((x, y) => y - x)) {
      this.eraseArgument(i)
    }
  }

  // ---- operations -------------------------------------------------------------------

  /** Iterates the ops in order; the current op may be erased or moved during iteration. */
  *ops(): IterableIterator<Operation> {
    for (let o = this.firstOp; o !== null; ) {
      const next = o.nextOp
      yield o
      o = next
    }
  }
  /** Iterates the ops from last to first. */
  *opsReversed(): IterableIterator<Operation> {
    for (let o = this.lastOp; o !== null; ) {
      const prev = o.prevOp
      yield o
      o = prev
    }
  }
  /** The ops as a fresh array. */
  get operations(): Operation[] {
    const out: Operation[] = []
    for (let o = this.firstOp; o !== null; o = o.nextOp) {
      out.push(o)
    }
    return out
  }
  /** Number of ops (O(n)). */
  get numOperations(): number {
    let n = 0
    for (let o = this.firstOp; o !== null; o = o.nextOp) {
      n++
    }
    return n
  }
  /** The last op if it is a known terminator, else null. */
  get terminator(): Operation | null {
    const last = this.lastOp
    return last !== null && last.hasTrait(Trait.IsTerminator) ? last : null
  }
  /** Appends a detached op. */
  append(op: Operation): void {
    this.insertBefore(op, null)
  }
  /** Prepends a detached op. */
  prepend(op: Operation): void {
    this.insertBefore(op, this.firstOp)
  }
  /** Inserts detached `op` before `before` (at the end when null). */
  insertBefore(op: Operation, before: Operation | null): void {
    if (op.parentBlock !== null) {
      throw new Error('inserting an op that is already in a block')
    }
    op.parentBlock = this
    if (before === null) {
      const last = this.lastOp
      op.prevOp = last
      op.nextOp = null
      if (last === null) {
        this.firstOp = op
      } else {
        last.nextOp = op
      }
      this.lastOp = op
      if (this.isOpOrderValid) {
        op.orderIndex = last === null ? 0 : last.orderIndex + 1
      }
    } else {
      const prev = before.prevOp
      op.prevOp = prev
      op.nextOp = before
      before.prevOp = op
      if (prev === null) {
        this.firstOp = op
      } else {
        prev.nextOp = op
      }
      this.isOpOrderValid = false
    }
  }
  /** Inserts detached `op` after `after` (at the front when null). */
  insertAfter(op: Operation, after: Operation | null): void {
    this.insertBefore(op, after === null ? this.firstOp : after.nextOp)
  }
  /** Unlinks `op` from this block (prefer `op.remove()`). */
  removeOp(op: Operation): void {
    const prev = op.prevOp
    const next = op.nextOp
    if (prev === null) {
      this.firstOp = next
    } else {
      prev.nextOp = next
    }
    if (next === null) {
      this.lastOp = prev
    } else {
      next.prevOp = prev
    }
    op.prevOp = null
    op.nextOp = null
    op.parentBlock = null
  }
  /** Renumbers the ops for `isBeforeInBlock`. */
  recomputeOpOrder(): void {
    let i = 0
    for (let o = this.firstOp; o !== null; o = o.nextOp) {
      o.orderIndex = i++
    }
    this.isOpOrderValid = true
  }

  /**
   * Splits this block before `op`: `op` and everything after it move, in order, into a
   * new block inserted right after this one, which is returned.
   */
  splitBlock(op: Operation | null): Block {
    const nb = new Block()
    this.parent?.insertAfter(nb, this)
    if (op !== null) {
      this.moveOpsToEnd(op, nb)
    }
    return nb
  }
  /** Moves every op of `source` (another block), in order, to the end of this block. */
  appendOpsOf(source: Block): void {
    if (source.firstOp !== null) {
      source.moveOpsToEnd(source.firstOp, this)
    }
  }
  /**
   * Moves `first` (an op of this block) and the ops after it, in order, to the end of
   * `dest` (another block): the list is cut and joined at its ends, and the moved ops get
   * their new block (and their positions, while `dest` keeps them) in one walk.
   */
  private moveOpsToEnd(first: Operation, dest: Block): void {
    const last = this.lastOp!
    const prev = first.prevOp
    if (prev === null) {
      this.firstOp = null
    } else {
      prev.nextOp = null
    }
    this.lastOp = prev
    const destLast = dest.lastOp
    first.prevOp = destLast
    if (destLast === null) {
      dest.firstOp = first
    } else {
      destLast.nextOp = first
    }
    dest.lastOp = last
    const numbered = dest.isOpOrderValid
    let index = destLast === null ? 0 : destLast.orderIndex + 1
    for (let o: Operation | null = first; o !== null; o = o.nextOp) {
      o.parentBlock = dest
      if (numbered) {
        o.orderIndex = index++
      }
    }
  }

  // ---- CFG --------------------------------------------------------------------------

  /** Iterates the terminators' successor slots that target this block. */
  *predecessorUses(): IterableIterator<BlockOperand> {
    for (let u = this.firstPredecessorUse; u !== null; u = u.nextUse) {
      yield u
    }
  }
  /** Iterates the blocks that branch here (once per branch edge). */
  *predecessors(): IterableIterator<Block> {
    for (let u = this.firstPredecessorUse; u !== null; u = u.nextUse) {
      const b = u.owner.parentBlock
      if (b !== null) {
        yield b
      }
    }
  }
  get hasNoPredecessors(): boolean {
    return this.firstPredecessorUse === null
  }
  /** The single predecessor block, or null when there are none or several. */
  get singlePredecessor(): Block | null {
    const u = this.firstPredecessorUse
    if (u === null) {
      return null
    }
    const b = u.owner.parentBlock
    for (let n = u.nextUse; n !== null; n = n.nextUse) {
      if (n.owner.parentBlock !== b) {
        return null
      }
    }
    return b
  }
  /** The successors of the last op. */
  get successors(): Block[] {
    const last = this.lastOp
    return last === null ? [] : last.successors.map((s) => s.block)
  }
  /** Makes every branch to this block target `other` instead. */
  replaceAllUsesWith(other: Block): void {
    for (let u = this.firstPredecessorUse; u !== null; ) {
      const next = u.nextUse
      u.set(other)
      u = next
    }
  }

  // ---- destruction ------------------------------------------------------------------

  /** Drops operand and successor uses of every op in this block (recursively). */
  dropAllReferences(): void {
    for (let o = this.firstOp; o !== null; o = o.nextOp) {
      o.dropAllReferences()
    }
  }
  /** Drops every use of this block's arguments and of its ops' results. */
  dropAllDefinedValueUses(): void {
    for (const a of this.arguments) {
      a.dropAllUses()
    }
    for (let o = this.firstOp; o !== null; o = o.nextOp) {
      o.dropAllUses()
    }
    this.replaceAllUsesWithNothing()
  }
  private replaceAllUsesWithNothing(): void {
    for (let u = this.firstPredecessorUse; u !== null; ) {
      const next = u.nextUse
      u.drop()
      u = next
    }
  }
  /** Unlinks this block from its region, without destroying it. */
  remove(): void {
    this.parent?.removeBlock(this)
  }
  /** Unlinks and destroys this block and its ops. */
  erase(): void {
    this.remove()
    this.dropAllReferences()
    this.dropAllDefinedValueUses()
  }
  /** The closest block containing `op` that is this block, or null. */
  findAncestorOpInBlock(op: Operation): Operation | null {
    for (let o: Operation | null = op; o !== null; o = o.parentOp) {
      if (o.parentBlock === this) {
        return o
      }
    }
    return null
  }
}
