import type { Block } from './Block.ts'
import type { Operation } from './Operation.ts'
import type { Value } from './Value.ts'

/** A mapping from original to cloned values, blocks and operations (MLIR's `IRMapping`). */
export class IRMapping {
  private readonly values = new Map<Value, Value>()
  private readonly blocks = new Map<Block, Block>()
  private readonly ops = new Map<Operation, Operation>()

  map(from: Value, to: Value): void {
    this.values.set(from, to)
  }
  mapBlock(from: Block, to: Block): void {
    this.blocks.set(from, to)
  }
  mapOp(from: Operation, to: Operation): void {
    this.ops.set(from, to)
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
    this.blocks.clear()
    this.ops.clear()
  }
}
