import { Block } from './Block.ts'
import type { Context } from './Context.ts'
import type { Operation } from './Operation.ts'
import type { IRMapping } from './IRMapping.ts'

/** How many times a block was inserted into a region that already had one (see `multiBlockInsertions`). */
let multiBlockInsertionCount = 0

/**
 * @internal A counter that grows whenever a block joins a region that already has a block.
 * While it stays put, no region became multi-block: the greedy driver uses it to skip its
 * unreachable-block walks over IR it has seen to hold single-block regions only.
 */
export function multiBlockInsertions(): number {
  return multiBlockInsertionCount
}

/** A region: an intrusive list of blocks owned by an operation. */
export class Region {
  /** The op that owns this region; null for a free-standing region. */
  declare parentOp: Operation | null
  /** First block, or null when the region is empty. */
  declare firstBlock: Block | null
  /** Last block, or null when the region is empty. */
  declare lastBlock: Block | null

  constructor(parentOp: Operation | null = null) {
    this.parentOp = parentOp
    this.firstBlock = null
    this.lastBlock = null
  }

  get context(): Context | undefined {
    return this.parentOp?.context
  }
  get empty(): boolean {
    return this.firstBlock === null
  }
  /** True when the region has exactly one block. */
  get hasOneBlock(): boolean {
    return this.firstBlock !== null && this.firstBlock === this.lastBlock
  }
  /** The entry block; throws when empty. */
  get front(): Block {
    if (this.firstBlock === null) {
      throw new Error('region is empty')
    }
    return this.firstBlock
  }
  /** The region that contains the parent op. */
  get parentRegion(): Region | null {
    return this.parentOp?.parentRegion ?? null
  }
  /** This region's index in its parent op. */
  get regionNumber(): number {
    return this.parentOp === null ? 0 : this.parentOp.regions.indexOf(this)
  }
  /** Iterates the blocks; the current block may be erased during iteration. */
  *blocks(): IterableIterator<Block> {
    for (let b = this.firstBlock; b !== null; ) {
      const next = b.nextBlock
      yield b
      b = next
    }
  }
  /** The blocks as a fresh array. */
  get blockList(): Block[] {
    const out: Block[] = []
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) {
      out.push(b)
    }
    return out
  }
  get numBlocks(): number {
    let n = 0
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) {
      n++
    }
    return n
  }
  /** Appends a detached block. */
  push(block: Block): void {
    this.insertBefore(block, null)
  }
  /** Inserts a detached block before `before` (at the end when null). */
  insertBefore(block: Block, before: Block | null): void {
    if (block.parent !== null) {
      throw new Error('inserting a block that is already in a region')
    }
    block.parent = this
    if (this.firstBlock !== null) {
      multiBlockInsertionCount++
    }
    if (before === null) {
      const last = this.lastBlock
      block.prevBlock = last
      block.nextBlock = null
      if (last === null) {
        this.firstBlock = block
      } else {
        last.nextBlock = block
      }
      this.lastBlock = block
    } else {
      const prev = before.prevBlock
      block.prevBlock = prev
      block.nextBlock = before
      before.prevBlock = block
      if (prev === null) {
        this.firstBlock = block
      } else {
        prev.nextBlock = block
      }
    }
  }
  /** Inserts a detached block after `after` (at the front when null). */
  insertAfter(block: Block, after: Block | null): void {
    this.insertBefore(block, after === null ? this.firstBlock : after.nextBlock)
  }
  /** Unlinks `block` (prefer `block.remove()`). */
  removeBlock(block: Block): void {
    const prev = block.prevBlock
    const next = block.nextBlock
    if (prev === null) {
      this.firstBlock = next
    } else {
      prev.nextBlock = next
    }
    if (next === null) {
      this.lastBlock = prev
    } else {
      next.prevBlock = prev
    }
    block.prevBlock = null
    block.nextBlock = null
    block.parent = null
  }
  /** Moves all blocks of `other` to the end of this region. */
  takeBody(other: Region): void {
    if (other === this) {
      return
    }
    for (let b = other.firstBlock; b !== null; ) {
      const next = b.nextBlock
      other.removeBlock(b)
      this.push(b)
      b = next
    }
  }
  /** Drops all operand and successor uses inside the region. */
  dropAllReferences(): void {
    for (let b = this.firstBlock; b !== null; b = b.nextBlock) {
      b.dropAllReferences()
    }
  }
  /** True when `op` is nested (at any depth) in this region. */
  isAncestor(op: Operation): boolean {
    for (let r: Region | null = op.parentRegion; r !== null; r = r.parentRegion) {
      if (r === this) {
        return true
      }
    }
    return false
  }
  /** The op in this region's blocks that contains `op` (or is `op`), or null. */
  findAncestorOpInRegion(op: Operation): Operation | null {
    for (let o: Operation | null = op; o !== null; o = o.parentOp) {
      if (o.parentRegion === this) {
        return o
      }
    }
    return null
  }
  /**
   * Clones every block of this region into `dest` before `before` (at the end when
   * null), remapping values and blocks through `mapping`.
   */
  cloneInto(dest: Region, before: Block | null, mapping: IRMapping): void {
    if (this.firstBlock === null) {
      return
    }
    const newBlocks: Block[] = []
    for (let b: Block | null = this.firstBlock; b !== null; b = b.nextBlock) {
      const nb = new Block()
      mapping.mapBlock(b, nb)
      for (const a of b.arguments) {
        if (!mapping.contains(a)) {
          mapping.map(a, nb.addArgument(a.type, a.location))
        }
      }
      dest.insertBefore(nb, before)
      newBlocks.push(nb)
    }
    let i = 0
    for (let b: Block | null = this.firstBlock; b !== null; b = b.nextBlock) {
      const nb = newBlocks[i++]!
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        nb.append(o.cloneWithoutRegions(mapping))
      }
    }
    // Regions are cloned after all ops so that forward references (graph regions) map.
    i = 0
    for (let b: Block | null = this.firstBlock; b !== null; b = b.nextBlock) {
      const nb = newBlocks[i++]!
      let no = nb.firstOp
      for (let o = b.firstOp; o !== null; o = o.nextOp, no = no!.nextOp) {
        for (let r = 0; r < o.regions.length; r++) {
          o.regions[r]!.cloneInto(no!.regions[r]!, null, mapping)
        }
      }
    }
    // Operands that referred to values defined later in the region were not yet mapped.
    for (const nb of newBlocks) {
      for (let o = nb.firstOp; o !== null; o = o.nextOp) {
        remapOperands(o, mapping)
      }
    }
  }
}

function remapOperands(op: Operation, mapping: IRMapping): void {
  for (const operand of op.operands) {
    const m = mapping.lookupOrNull(operand.value)
    if (m !== null && m !== operand.value) {
      operand.set(m)
    }
  }
  for (const s of op.successors) {
    const m = mapping.lookupBlockOrNull(s.block)
    if (m !== null && m !== s.block) {
      s.set(m)
    }
  }
}
