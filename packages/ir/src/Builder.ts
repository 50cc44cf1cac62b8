import { Block } from './Block.ts'
import type { Context } from './Context.ts'
import type { Location } from './Location.ts'
import { OperationState } from './OpAsm.ts'
import { Operation } from './Operation.ts'
import type { Region } from './Region.ts'
import type { Attribute, NamedAttribute } from './Attributes.ts'
import { IntegerAttr, StringAttr, UnitAttr, ArrayAttr, TypeAttr, FloatAttr, BoolAttr } from './Attributes.ts'
import type { Type } from './Types.ts'
import { FloatType, IndexType, IntegerType, FunctionType } from './Types.ts'
import type { Value } from './Value.ts'
import { IRMapping } from './IRMapping.ts'

/** Where new operations go: before `before` in `block`, or at the block's end when `before` is null. */
export interface InsertPoint {
  readonly block: Block
  readonly before: Operation | null
}

/** Observes what an `OpBuilder` creates (rewriters extend this with more hooks). */
export interface OpBuilderListener {
  notifyOperationInserted?(op: Operation, previous: InsertPoint | null): void
  notifyBlockInserted?(block: Block, previousRegion: Region | null, previousNext: Block | null): void
}

/** What `OpBuilder.create` takes besides the name and location. */
export interface CreateOptions {
  operands?: readonly Value[]
  results?: readonly Type[]
  /** Attributes; inherent ones of registered ops become properties. */
  attributes?: readonly NamedAttribute[] | Record<string, Attribute>
  properties?: readonly NamedAttribute[] | Record<string, Attribute>
  successors?: readonly Block[]
  /** Number of empty regions to add. */
  regions?: number
}

/** Convenience constructors for common types and attributes (MLIR's `Builder`). */
export class Builder {
  constructor(readonly context: Context) {}
  getIntegerType(width: number): IntegerType {
    return IntegerType.get(this.context, width)
  }
  getI1Type(): IntegerType {
    return IntegerType.get(this.context, 1)
  }
  getI32Type(): IntegerType {
    return IntegerType.get(this.context, 32)
  }
  getI64Type(): IntegerType {
    return IntegerType.get(this.context, 64)
  }
  getIndexType(): IndexType {
    return IndexType.get(this.context)
  }
  getF32Type(): FloatType {
    return FloatType.get(this.context, 'f32')
  }
  getF64Type(): FloatType {
    return FloatType.get(this.context, 'f64')
  }
  getFunctionType(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    return FunctionType.get(this.context, inputs, results)
  }
  getIntegerAttr(type: Type, value: bigint | number): IntegerAttr {
    return IntegerAttr.get(type, value)
  }
  getIndexAttr(value: bigint | number): IntegerAttr {
    return IntegerAttr.get(this.getIndexType(), value)
  }
  getI64IntegerAttr(value: bigint | number): IntegerAttr {
    return IntegerAttr.get(this.getI64Type(), value)
  }
  getFloatAttr(type: Type, value: number): FloatAttr {
    return FloatAttr.get(type, value)
  }
  getBoolAttr(value: boolean): IntegerAttr {
    return BoolAttr.get(this.context, value)
  }
  getStringAttr(value: string): StringAttr {
    return StringAttr.get(this.context, value)
  }
  getUnitAttr(): UnitAttr {
    return UnitAttr.get(this.context)
  }
  getArrayAttr(elements: readonly Attribute[]): ArrayAttr {
    return ArrayAttr.get(this.context, elements)
  }
  getTypeAttr(type: Type): TypeAttr {
    return TypeAttr.get(type)
  }
}

function toNamed(a: readonly NamedAttribute[] | Record<string, Attribute> | undefined): NamedAttribute[] {
  if (a === undefined) {
    return []
  }
  if (Array.isArray(a)) {
    return a as NamedAttribute[]
  }
  return Object.entries(a as Record<string, Attribute>).map(([name, value]): NamedAttribute => ({ name, value }))
}

/**
 * Creates operations at an insertion point (MLIR's `OpBuilder`). Without an insertion
 * point, created ops stay detached.
 */
export class OpBuilder extends Builder {
  private block: Block | null = null
  private before: Operation | null = null
  listener: OpBuilderListener | null = null

  constructor(context: Context, listener: OpBuilderListener | null = null) {
    super(context)
    this.listener = listener
  }

  /** A builder inserting at the end of `block`. */
  static atBlockEnd(block: Block, context: Context): OpBuilder {
    const b = new OpBuilder(context)
    b.setInsertionPointToEnd(block)
    return b
  }
  /** A builder inserting before `op`. */
  static before(op: Operation): OpBuilder {
    const b = new OpBuilder(op.context)
    b.setInsertionPoint(op)
    return b
  }

  get insertionBlock(): Block | null {
    return this.block
  }
  /** The insertion point, or null when unset. */
  saveInsertionPoint(): InsertPoint | null {
    return this.block === null ? null : { block: this.block, before: this.before }
  }
  restoreInsertionPoint(ip: InsertPoint | null): void {
    this.block = ip?.block ?? null
    this.before = ip?.before ?? null
  }
  clearInsertionPoint(): void {
    this.block = null
    this.before = null
  }
  setInsertionPoint(op: Operation): void {
    this.block = op.parentBlock
    this.before = op
  }
  setInsertionPointAfter(op: Operation): void {
    this.block = op.parentBlock
    this.before = op.nextOp
  }
  /** After the definition of `value` (the start of its block for block arguments). */
  setInsertionPointAfterValue(value: Value): void {
    const def = value.definingOp
    if (def !== null) {
      this.setInsertionPointAfter(def)
    } else {
      this.setInsertionPointToStart(value.parentBlock!)
    }
  }
  setInsertionPointToStart(block: Block): void {
    this.block = block
    this.before = block.firstOp
  }
  setInsertionPointToEnd(block: Block): void {
    this.block = block
    this.before = null
  }
  /** Runs `fn` and restores the insertion point afterwards. */
  withInsertionGuard<T>(fn: () => T): T {
    const ip = this.saveInsertionPoint()
    try {
      return fn()
    } finally {
      this.restoreInsertionPoint(ip)
    }
  }

  /** Inserts a detached op at the insertion point and returns it. */
  insert(op: Operation): Operation {
    if (this.block !== null) {
      this.block.insertBefore(op, this.before)
      this.listener?.notifyOperationInserted?.(op, null)
    }
    return op
  }

  /** Creates an op from `state` and inserts it. */
  createFromState(state: OperationState): Operation {
    return this.insert(Operation.create(state))
  }

  /** Creates `name` with the given operands, result types, attributes, successors and regions. */
  create(name: string, loc: Location, options: CreateOptions = {}): Operation {
    const state = new OperationState(loc, this.context.getOperationName(name))
    if (options.operands) {
      state.addOperands(options.operands)
    }
    if (options.results) {
      state.addTypes(options.results)
    }
    state.attributes = toNamed(options.attributes)
    state.properties = toNamed(options.properties)
    for (const s of options.successors ?? []) {
      state.addSuccessor(s)
    }
    for (let i = 0; i < (options.regions ?? 0); i++) {
      state.addRegion()
    }
    return this.createFromState(state)
  }

  /**
   * Creates a block with `argTypes` in `region` before `before` (at the end when null)
   * and moves the insertion point to its end.
   */
  createBlock(
    region: Region,
    before: Block | null = null,
    argTypes: readonly Type[] = [],
    locs: readonly Location[] = [],
  ): Block {
    const b = new Block()
    for (let i = 0; i < argTypes.length; i++) {
      b.addArgument(argTypes[i]!, locs[i]!)
    }
    region.insertBefore(b, before)
    this.listener?.notifyBlockInserted?.(b, null, null)
    this.setInsertionPointToEnd(b)
    return b
  }

  /** Clones `op` (with `mapping`) and inserts the clone. */
  clone(op: Operation, mapping: IRMapping = new IRMapping()): Operation {
    const c = op.clone(mapping)
    return this.insert(c)
  }
}
