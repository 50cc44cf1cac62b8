import { DenseArrayAttr, IndexType, IntegerAttr, IntegerType, type Context, type Location, type MemRefType, type OpBuilder, type Type, type Value } from '@tilepass/ir'
import { LLVMConstantOp, LLVMExtractValueOp, LLVMInsertValueOp, LLVMPoisonOp, getStridesAndOffset, type LLVMStructType } from '@tilepass/dialects'

function position(ctx: Context, indices: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    IntegerType.get(ctx, 64),
    indices.map((i) => BigInt(i)),
  )
}

/** The type at `indices` inside the struct/array `type`. */
function elementAt(type: Type, indices: readonly number[]): Type {
  let t = type
  for (const i of indices) {
    t = 'body' in t ? (t as LLVMStructType).body[i]! : (t as unknown as { elementType: Type }).elementType
  }
  return t
}

/** `llvm.insertvalue value, container[indices]`. */
export function insertValue(builder: OpBuilder, loc: Location, container: Value, value: Value, indices: readonly number[]): Value {
  return LLVMInsertValueOp.build(builder, loc, {
    operands: { container, value },
    results: [container.type],
    attributes: { position: position(builder.context, indices) },
  }).results[0]!
}

/** `llvm.extractvalue container[indices]`. */
export function extractValue(builder: OpBuilder, loc: Location, container: Value, indices: readonly number[]): Value {
  return LLVMExtractValueOp.build(builder, loc, {
    operands: { container },
    results: [elementAt(container.type, indices)],
    attributes: { position: position(builder.context, indices) },
  }).results[0]!
}

/** `llvm.mlir.poison : type`. */
export function poison(builder: OpBuilder, loc: Location, type: Type): Value {
  return LLVMPoisonOp.build(builder, loc, { results: [type] }).results[0]!
}

/** `llvm.mlir.constant(value : index) : type`, as upstream's `createIndexAttrConstant`. */
export function indexConstant(builder: OpBuilder, loc: Location, type: Type, value: number): Value {
  return LLVMConstantOp.build(builder, loc, {
    results: [type],
    attributes: { value: IntegerAttr.get(IndexType.get(builder.context), value) },
  }).results[0]!
}

/** The row-major strides of a static shape (identity layout). */
export function identityStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length).fill(1)
  for (let i = shape.length - 2; i >= 0; i--) {
    strides[i] = strides[i + 1]! * shape[i + 1]!
  }
  return strides
}

/**
 * Builds the descriptor struct of `type` (`descriptorType`) from its unpacked fields
 * `values` (allocated and aligned pointers, offset, sizes, strides), as upstream's
 * `MemRefDescriptor::pack`: poison, then each field, a size and a stride per dimension.
 */
export function packMemRefDescriptor(builder: OpBuilder, loc: Location, descriptorType: Type, type: MemRefType, values: readonly Value[]): Value {
  let d = poison(builder, loc, descriptorType)
  d = insertValue(builder, loc, d, values[0]!, [0])
  d = insertValue(builder, loc, d, values[1]!, [1])
  d = insertValue(builder, loc, d, values[2]!, [2])
  const rank = type.shape.length
  for (let i = 0; i < rank; i++) {
    d = insertValue(builder, loc, d, values[3 + i]!, [3, i])
    d = insertValue(builder, loc, d, values[3 + rank + i]!, [4, i])
  }
  return d
}

/**
 * Builds the descriptor of the statically shaped `type` around the bare pointer
 * `memory` (MLIR's `MemRefDescriptor::fromStaticShape`): both pointers are `memory`, and
 * the offset, sizes and strides are the constants of the type and its strided layout
 * (which the caller checked to be static).
 */
export function memRefDescriptorFromStaticShape(builder: OpBuilder, loc: Location, descriptorType: Type, indexType: Type, type: MemRefType, memory: Value): Value {
  let d = poison(builder, loc, descriptorType)
  d = insertValue(builder, loc, d, memory, [0])
  d = insertValue(builder, loc, d, memory, [1])
  const layout = getStridesAndOffset(type)
  d = insertValue(builder, loc, d, indexConstant(builder, loc, indexType, layout === null ? 0 : layout.offset), [2])
  const strides = layout === null ? identityStrides(type.shape) : layout.strides
  for (let i = 0; i < type.shape.length; i++) {
    d = insertValue(builder, loc, d, indexConstant(builder, loc, indexType, type.shape[i]!), [3, i])
    d = insertValue(builder, loc, d, indexConstant(builder, loc, indexType, strides[i]!), [4, i])
  }
  return d
}

/** The fields of the descriptor `desc` of a memref of `rank`: pointers, offset, all sizes, all strides (`MemRefDescriptor::unpack`). */
export function unpackMemRefDescriptor(builder: OpBuilder, loc: Location, desc: Value, rank: number): Value[] {
  const out = [extractValue(builder, loc, desc, [0]), extractValue(builder, loc, desc, [1]), extractValue(builder, loc, desc, [2])]
  for (let i = 0; i < rank; i++) {
    out.push(extractValue(builder, loc, desc, [3, i]))
  }
  for (let i = 0; i < rank; i++) {
    out.push(extractValue(builder, loc, desc, [4, i]))
  }
  return out
}

/** The unranked descriptor (rank, pointer) from its fields (`UnrankedMemRefDescriptor::pack`). */
export function packUnrankedMemRefDescriptor(builder: OpBuilder, loc: Location, descriptorType: Type, values: readonly Value[]): Value {
  let d = poison(builder, loc, descriptorType)
  d = insertValue(builder, loc, d, values[0]!, [0])
  return insertValue(builder, loc, d, values[1]!, [1])
}

/** The fields (rank, pointer) of an unranked descriptor (`UnrankedMemRefDescriptor::unpack`). */
export function unpackUnrankedMemRefDescriptor(builder: OpBuilder, loc: Location, desc: Value): Value[] {
  return [extractValue(builder, loc, desc, [0]), extractValue(builder, loc, desc, [1])]
}
