import type { Block } from './Block.ts'
import type { Operation } from './Operation.ts'
import type { Value } from './Value.ts'

// The shared empty maps of an `IRMapping` that has mapped no block or no op yet (never written).
const NO_BLOCKS: Map<Block, Block> = new Map()
const NO_OPS: Map<Operation, Operation> = new Map()

/** A mapping from original to cloned values, blocks and operations (MLIR's `IRMapping`). */
export class IRMapping {
  private readonly values = new Map<Value, Value>()
  // Made on the first mapping: inlining a callee in place maps only its arguments.
  private blocks: Map<Block, Block> = NO_BLOCKS
  private ops: Map<Operation, Operation> = NO_OPS

  map(from: Value, to: Value): void {
    this.values.set(from, to)
  }
  mapBlock(from: Block, to: Block): void {
    let blocks = this.blocks
    if (blocks === NO_BLOCKS) {
      blocks = new Map()
      this.blocks = blocks
    }
    blocks.set(from, to)
  }
  mapOp(from: Operation, to: Operation): void {
    let ops = this.ops
    if (ops === NO_OPS) {
      ops = new Map()
      this.ops = ops
    }
    ops.set(from, to)
  }
  contains(v: Value): boolean {
    return this.values.has(v)
  }
  /** The mapped value, or `v` itself. */
  lookupOrDefault(v: Value): Value {
    return this.values.get(v) ?? v
  }
  lookupOrNull(v: Value): Value | null {
    return this.values.get(v) ?? null
  }
  /** The mapped value; throws when unmapped. */
  lookup(v: Value): Value {
    const m = this.values.get(v)
    if (m === undefined) {
      throw new Error('IRMapping: value is not mapped')
    }
    return m
  }
  lookupBlockOrDefault(b: Block): Block {
    return this.blocks.get(b) ?? b
  }
  lookupBlockOrNull(b: Block): Block | null {
    return this.blocks.get(b) ?? null
  }
  lookupOpOrNull(op: Operation): Operation | null {
    return this.ops.get(op) ?? null
  }
  clear(): void {
    this.values.clear()
    this.blocks = NO_BLOCKS
    this.ops = NO_OPS
  }
}
