/**
 * The lowering of `memref` ops to the LLVM dialect on memref descriptors (MLIR's
 * `populateFinalizeMemRefToLLVMConversionPatterns`, the subset Tilepass has): `memref.alloc`,
 * `memref.alloca`, `memref.dealloc`, `memref.load`, `memref.store`, `memref.dim` and ranked
 * `memref.cast`, and the `finalize-memref-to-llvm`
 * pass. Element addresses follow the strided layout of the memref type: static strides and
 * offset are constants, dynamic ones are read from the descriptor.
 */
import {
  AffineMapAttr,
  BoolAttr,
  DenseArrayAttr,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  Signedness,
  UnrankedMemRefType,
  SymbolRefAttr,
  TypeAttr,
  VectorType,
  UnitAttr,
  kDynamic as kDynamicStride,
  success,
  type Attribute,
  type Context,
  type Location,
  type LogicalResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  GEP_DYNAMIC_INDEX,
  LLVMAddOp,
  LLVMAddrSpaceCastOp,
  LLVMAllocaOp,
  LLVMArrayType,
  LLVMCallOp,
  LLVMFunctionType,
  LLVMGEPOp,
  LLVMIntToPtrOp,
  LLVMLoadOp,
  LLVMMulOp,
  LLVMPointerType,
  LLVMPtrToIntOp,
  LLVMStoreOp,
  LLVMSubOp,
  LLVMURemOp,
  LLVMVoidType,
  LLVMZeroOp,
  getStridesAndOffset,
  llvmEnumIntAttr,
} from '@tilepass/dialects'
import { OperationPass, boolOption, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { LLVMTypeConverter, indexBitwidthOrDataLayout, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'
import { lookupOrCreateFn, enclosingModule } from './FunctionCallUtils.ts'
import { extractValue, indexConstant, insertValue, poison } from './MemRefDescriptor.ts'

/** `LLVM::GEPNoWrapFlags::inbounds | nuw`, the flags of the element addresses of loads and stores. */
const kInboundsNuw = 3 | 4
/** `LLVM::IntegerOverflowFlags::nsw | nuw`, the flags of their index arithmetic under `inbounds|nuw`. */
const kNswNuw = 1 | 2
const kDynamic = -1

/** The strides of the identity layout of `type`; `kDynamic` (-1) where a size after the dim is dynamic. */
export function identityLayoutStrides(type: MemRefType): number[] {
  const shape = type.shape
  const strides = new Array<number>(shape.length)
  let running = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = running
    const d = shape[i]!
    running = running === kDynamic || d < 0 ? kDynamic : running * d
  }
  return strides
}

/**
 * MLIR's `MemRefDescriptor::bufferPtr`: the aligned pointer of `desc`, advanced (by a plain
 * `llvm.getelementptr` over the element type) by the layout's `offset` unless it is 0; a
 * dynamic offset is read from the descriptor.
 */
function bufferPtr(rewriter: ConversionPatternRewriter, loc: Location, indexType: Type, elementType: Type, space: number, desc: Value, offset: number): Value {
  const aligned = extractValue(rewriter, loc, desc, [1])
  if (offset === 0) {
    return aligned
  }
  const ctx = rewriter.context
  const offsetValue = offset === kDynamicStride ? extractValue(rewriter, loc, desc, [2]) : indexConstant(rewriter, loc, indexType, offset)
  return LLVMGEPOp.build(rewriter, loc, {
    operands: { base: aligned, dynamicIndices: [offsetValue] },
    results: [LLVMPointerType.get(ctx, space)],
    attributes: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [GEP_DYNAMIC_INDEX]), elem_type: TypeAttr.get(elementType) },
  }).results[0]!
}

/** The strided layouts computed so far, by memref type (types are immutable). */
const stridedLayouts = new WeakMap<MemRefType, ReturnType<typeof getStridesAndOffset>>()

/** The attributes of the address computation of `getStridedElementPtr` in one context. */
class GEPAttrs {
  readonly overflowFlags: Attribute
  readonly rawConstantIndices: Attribute
  readonly noWrapFlags: Attribute
  constructor(ctx: Context) {
    this.overflowFlags = llvmEnumIntAttr(ctx, 32, kNswNuw)
    this.rawConstantIndices = DenseArrayAttr.getI32(ctx, [GEP_DYNAMIC_INDEX])
    this.noWrapFlags = llvmEnumIntAttr(ctx, 32, kInboundsNuw)
  }
}
const gepAttrsByContext = new WeakMap<Context, GEPAttrs>()

function gepAttrsOf(ctx: Context): GEPAttrs {
  let attrs = gepAttrsByContext.get(ctx)
  if (attrs === undefined) {
    attrs = new GEPAttrs(ctx)
    gepAttrsByContext.set(ctx, attrs)
  }
  return attrs
}

/** `getStridesAndOffset(type)`, computed once per type (a lowering asks for every access). */
function stridedLayoutOf(type: MemRefType): ReturnType<typeof getStridesAndOffset> {
  let layout = stridedLayouts.get(type)
  if (layout === undefined) {
    layout = getStridesAndOffset(type)
    stridedLayouts.set(type, layout)
  }
  return layout
}

/**
 * The address of the element at `indices` of the memref whose descriptor is `desc` (MLIR's
 * `getStridedElementPtr` with `inbounds|nuw`): the buffer pointer (the aligned pointer,
 * advanced by the layout's offset when it is not 0), plus the sum of each index times its
 * stride (unit strides skip the multiplication; dynamic strides and offsets are read from
 * the descriptor). A rank-0 memref with offset 0 gives the aligned pointer itself.
 */
export function getStridedElementPtr(
  rewriter: ConversionPatternRewriter,
  loc: Location,
  converter: LLVMTypeConverter,
  type: MemRefType,
  desc: Value,
  indices: readonly Value[],
): Value | null {
  const elementType = converter.convertType(type.elementType)
  const space = converter.getMemRefAddressSpace(type)
  if (elementType === null || space === null) {
    return null
  }
  const layout = stridedLayoutOf(type)
  if (layout === null) {
    return null
  }
  const ctx = rewriter.context
  const indexType = converter.getIndexType()
  const base = bufferPtr(rewriter, loc, indexType, elementType, space, desc, layout.offset)
  const strides = layout.strides
  const gepAttrs = gepAttrsOf(ctx)
  const flags = gepAttrs.overflowFlags
  let index: Value | null = null
  for (let i = 0; i < indices.length; i++) {
    let increment = indices[i]!
    const s = strides[i]!
    if (s !== 1) {
      const stride = s === kDynamicStride ? extractValue(rewriter, loc, desc, [4, i]) : indexConstant(rewriter, loc, indexType, s)
      increment = LLVMMulOp.build(rewriter, loc, { operands: { lhs: increment, rhs: stride }, results: [indexType], attributes: { overflowFlags: flags } }).results[0]!
    }
    index =
      index === null
        ? increment
        : LLVMAddOp.build(rewriter, loc, { operands: { lhs: index, rhs: increment }, results: [indexType], attributes: { overflowFlags: flags } }).results[0]!
  }
  if (index === null) {
    return base
  }
  return LLVMGEPOp.build(rewriter, loc, {
    operands: { base, dynamicIndices: [index] },
    results: [LLVMPointerType.get(ctx, space)],
    attributes: {
      rawConstantIndices: gepAttrs.rawConstantIndices,
      elem_type: TypeAttr.get(elementType),
      noWrapFlags: gepAttrs.noWrapFlags,
    },
  }).results[0]!
}

function isNontemporal(op: Operation): boolean {
  const a = op.getAttr('nontemporal')
  return a !== undefined && BoolAttr.isBool(a) && a.value !== 0n
}

/** `memref.load` to `llvm.load` of the element address (MLIR's `LoadOpLowering`). */
class LoadOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('memref.load', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const type = op.getOperand(0).type
    const resultType = this.converter.convertType(op.getResult(0).type)
    if (!(type instanceof MemRefType) || resultType === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref or element type')
    }
    const ptr = getStridedElementPtr(rewriter, op.location, this.converter, type, adaptor.operands[0]!, adaptor.operands.slice(1))
    if (ptr === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    const load = LLVMLoadOp.build(rewriter, op.location, {
      operands: { addr: ptr },
      results: [resultType],
      attributes: isNontemporal(op) ? { nontemporal: UnitAttr.get(op.context) } : {},
    })
    rewriter.replaceOp(op, load)
    return success()
  }
}

/** `memref.store` to `llvm.store` at the element address (MLIR's `StoreOpLowering`). */
class StoreOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('memref.store', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const type = op.getOperand(1).type
    if (!(type instanceof MemRefType)) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    const ptr = getStridedElementPtr(rewriter, op.location, this.converter, type, adaptor.operands[1]!, adaptor.operands.slice(2))
    if (ptr === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    LLVMStoreOp.build(rewriter, op.location, {
      operands: { value: adaptor.operands[0]!, addr: ptr },
      attributes: isNontemporal(op) ? { nontemporal: UnitAttr.get(op.context) } : {},
    })
    rewriter.eraseOp(op)
    return success()
  }
}

/**
 * The integer value of a constant-like op defining `v` (`arith.constant`, `llvm.mlir.constant`),
 * looking through the casts a conversion puts between a converted constant and its users; null
 * when not a constant.
 */
function constantIndexOf(v: Value): number | null {
  let def = v.definingOp
  while (def !== null && def.name.name === 'builtin.unrealized_conversion_cast' && def.numOperands === 1) {
    def = def.getOperand(0).definingOp
  }
  if (def === null || (def.name.name !== 'arith.constant' && def.name.name !== 'llvm.mlir.constant')) {
    return null
  }
  const a = def.getAttr('value')
  return a instanceof IntegerAttr ? Number(a.value) : null
}

/**
 * `memref.dim` of a ranked memref (MLIR's `DimOpLowering`): a constant for a static size,
 * the size field for a dynamic one, and for an index not known here, the sizes array
 * spilled to the stack and read back at the index.
 */
class DimOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('memref.dim', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const type = op.getOperand(0).type
    if (!(type instanceof MemRefType)) {
      return rewriter.notifyMatchFailure(op, 'unranked memrefs are not supported')
    }
    const loc = op.location
    const indexType = this.converter.getIndexType()
    const desc = adaptor.operands[0]!
    const rank = type.shape.length
    const known = constantIndexOf(rewriter.originalOperandsOf(op)[1] ?? op.getOperand(1))
    if (known !== null) {
      if (known < 0 || known >= rank) {
        // Upstream leaves an out-of-bounds dim to be folded to poison.
        return rewriter.notifyMatchFailure(op, 'index out of bounds')
      }
      const size = type.shape[known]!
      rewriter.replaceOp(op, [size >= 0 ? indexConstant(rewriter, loc, indexType, size) : extractValue(rewriter, loc, desc, [3, known])])
      return success()
    }
    const ctx = op.context
    const one = indexConstant(rewriter, loc, indexType, 1)
    const sizes = extractValue(rewriter, loc, desc, [3])
    const arrayType = LLVMArrayType.get(indexType, rank)
    const ptr = LLVMPointerType.get(ctx)
    const slot = LLVMAllocaOp.build(rewriter, loc, { operands: { arraySize: one }, results: [ptr], attributes: { elem_type: TypeAttr.get(arrayType) } }).results[0]!
    LLVMStoreOp.build(rewriter, loc, { operands: { value: sizes, addr: slot } })
    const gep = LLVMGEPOp.build(rewriter, loc, {
      operands: { base: slot, dynamicIndices: [adaptor.operands[1]!] },
      results: [ptr],
      attributes: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [0, GEP_DYNAMIC_INDEX]), elem_type: TypeAttr.get(arrayType) },
    }).results[0]!
    rewriter.replaceOp(op, LLVMLoadOp.build(rewriter, loc, { operands: { addr: gep }, results: [indexType] }))
    return success()
  }
}

/** A `memref.cast` between ranked memrefs is the same descriptor (MLIR's `MemRefCastOpLowering`). */
class MemRefCastOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('memref.cast', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const from: Type = op.getOperand(0).type
    const to: Type = op.getResult(0).type
    if (!(from instanceof MemRefType) || !(to instanceof MemRefType)) {
      return rewriter.notifyMatchFailure(op, 'casts of unranked memrefs are not supported')
    }
    if (this.converter.convertType(from) !== this.converter.convertType(to)) {
      return rewriter.notifyMatchFailure(op, 'the descriptors differ')
    }
    rewriter.replaceOp(op, [adaptor.operands[0]!])
    return success()
  }
}

/** The allocation functions the alloc/dealloc lowerings call (from the pass options). */
export interface MemRefAllocOptions {
  /** Allocate with `aligned_alloc(alignment, size)` instead of `malloc` plus manual alignment. */
  readonly useAlignedAlloc?: boolean
  /** Call `_mlir_memref_to_llvm_alloc`/`_aligned_alloc`/`_free` instead of the C library functions. */
  readonly useGenericFunctions?: boolean
}

/** The minimum alignment given to `aligned_alloc` (a power of two), as upstream. */
const kMinAlignedAllocAlignment = 16

/**
 * The size in bytes of `type` under the default data layout, or null for a type it is not
 * computed for here: integers round up to bytes, `index` is 64 bits, a vector is its rows
 * times its innermost dimension rounded up to a power of two.
 */
function defaultTypeSizeInBytes(type: Type): number | null {
  const bits = defaultTypeSizeInBits(type)
  return bits === null ? null : Math.ceil(bits / 8)
}

function defaultTypeSizeInBits(type: Type): number | null {
  if (type instanceof IntegerType || type instanceof FloatType) {
    return type.width
  }
  if (type instanceof IndexType) {
    return 64
  }
  if (type instanceof VectorType && type.shape.length > 0) {
    const inner = type.shape[type.shape.length - 1]!
    const elementBits = defaultTypeSizeInBits(type.elementType)
    if (elementBits === null) {
      return null
    }
    let rows = 1
    for (let i = 0; i < type.shape.length - 1; i++) {
      rows *= type.shape[i]!
    }
    return rows * powerOf2Ceil(inner * elementBits)
  }
  return null
}

function powerOf2Ceil(n: number): number {
  let p = 1
  while (p < n) {
    p *= 2
  }
  return p
}

/** `isSignlessIntOrIndexOrFloat`: the element types `malloc` is assumed to align well enough. */
function isSignlessIntOrIndexOrFloat(type: Type): boolean {
  return (type instanceof IntegerType && type.signedness === Signedness.Signless) || type instanceof IndexType || type instanceof FloatType
}

/** `input` rounded up to a multiple of `alignment` (upstream's `createAligned`): `(input + alignment - 1) - (input + alignment - 1) % alignment`. */
function createAligned(rewriter: ConversionPatternRewriter, loc: Location, input: Value, alignment: Value): Value {
  const t = alignment.type
  const one = indexConstant(rewriter, loc, t, 1)
  const bump = LLVMSubOp.build(rewriter, loc, { operands: { lhs: alignment, rhs: one }, results: [t] }).results[0]!
  const bumped = LLVMAddOp.build(rewriter, loc, { operands: { lhs: input, rhs: bump }, results: [t] }).results[0]!
  const mod = LLVMURemOp.build(rewriter, loc, { operands: { lhs: bumped, rhs: alignment }, results: [t] }).results[0]!
  return LLVMSubOp.build(rewriter, loc, { operands: { lhs: bumped, rhs: mod }, results: [t] }).results[0]!
}

/** `ptrtoint (getelementptr null[count])`: the size of `count` elements of `elementType` (upstream's sizeof idiom). */
function sizeOfElements(rewriter: ConversionPatternRewriter, loc: Location, indexType: Type, elementType: Type, count: Value | null): Value {
  const ctx = rewriter.context
  const ptr = LLVMPointerType.get(ctx)
  const nullPtr = LLVMZeroOp.build(rewriter, loc, { results: [ptr] }).results[0]!
  const gep = LLVMGEPOp.build(rewriter, loc, {
    operands: { base: nullPtr, dynamicIndices: count === null ? [] : [count] },
    results: [ptr],
    attributes: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [count === null ? 1 : GEP_DYNAMIC_INDEX]), elem_type: TypeAttr.get(elementType) },
  }).results[0]!
  return LLVMPtrToIntOp.build(rewriter, loc, { operands: { arg: gep }, results: [indexType] }).results[0]!
}

/**
 * The sizes and identity-layout strides of an allocation of `type` as values (upstream's
 * `getMemRefDescriptorSizes`), and its total: the element count, or with `inBytes` its size
 * in bytes. Static sizes become constants, dynamic ones are `dynamicSizes` in order.
 */
function memRefDescriptorSizes(
  rewriter: ConversionPatternRewriter,
  loc: Location,
  converter: LLVMTypeConverter,
  type: MemRefType,
  dynamicSizes: readonly Value[],
  inBytes: boolean,
): { sizes: Value[]; strides: Value[]; total: Value } | null {
  const indexType = converter.getIndexType()
  const shape = type.shape
  const sizes: Value[] = []
  let next = 0
  for (const d of shape) {
    if (d < 0) {
      const v = dynamicSizes[next++]
      if (v === undefined) {
        return null
      }
      sizes.push(v)
    } else {
      sizes.push(indexConstant(rewriter, loc, indexType, d))
    }
  }
  let stride = 1
  let running = indexConstant(rewriter, loc, indexType, 1)
  const strides = new Array<Value>(shape.length)
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = running
    const useSizeAsStride = stride === 1
    if (shape[i]! < 0) {
      stride = kDynamic
    }
    if (stride !== kDynamic) {
      stride *= shape[i]!
    }
    if (useSizeAsStride) {
      running = sizes[i]!
    } else if (stride === kDynamic) {
      running = LLVMMulOp.build(rewriter, loc, { operands: { lhs: running, rhs: sizes[i]! }, results: [indexType] }).results[0]!
    } else {
      running = indexConstant(rewriter, loc, indexType, stride)
    }
  }
  if (!inBytes) {
    return { sizes, strides, total: running }
  }
  const elementType = converter.convertType(type.elementType)
  if (elementType === null) {
    return null
  }
  return { sizes, strides, total: sizeOfElements(rewriter, loc, indexType, elementType, running) }
}

/**
 * The descriptor of a fresh allocation (upstream's `createMemRefDescriptor`): poison, both
 * pointers, offset 0, then every size and every stride.
 */
function createMemRefDescriptor(
  rewriter: ConversionPatternRewriter,
  loc: Location,
  converter: LLVMTypeConverter,
  descriptorType: Type,
  allocated: Value,
  aligned: Value,
  sizes: readonly Value[],
  strides: readonly Value[],
): Value {
  let d = poison(rewriter, loc, descriptorType)
  d = insertValue(rewriter, loc, d, allocated, [0])
  d = insertValue(rewriter, loc, d, aligned, [1])
  d = insertValue(rewriter, loc, d, indexConstant(rewriter, loc, converter.getIndexType(), 0), [2])
  for (let i = 0; i < sizes.length; i++) {
    d = insertValue(rewriter, loc, d, sizes[i]!, [3, i])
  }
  for (let i = 0; i < strides.length; i++) {
    d = insertValue(rewriter, loc, d, strides[i]!, [4, i])
  }
  return d
}

/** The `alignment` attribute of an alloc-like op, or null. */
function alignmentOf(op: Operation): number | null {
  const a = op.getAttr('alignment')
  return a instanceof IntegerAttr ? Number(a.value) : null
}

/** A pointer returned by an allocation function, cast to the memref's address space when it differs (upstream's `castAllocFuncResult`). */
function castAllocFuncResult(rewriter: ConversionPatternRewriter, loc: Location, ptr: Value, space: number): Value {
  const t = ptr.type
  if (t instanceof LLVMPointerType && t.addressSpace !== space) {
    return LLVMAddrSpaceCastOp.build(rewriter, loc, { operands: { arg: ptr }, results: [LLVMPointerType.get(rewriter.context, space)] }).results[0]!
  }
  return ptr
}

/** The shared checks of the alloc-like lowerings: a memref result with the identity layout that the converter lowers. */
function allocLikeTypes(converter: LLVMTypeConverter, op: Operation): { type: MemRefType; descriptor: Type; space: number } | null {
  const type = op.getResult(0).type
  if (!(type instanceof MemRefType) || (type.layout !== null && !(type.layout instanceof AffineMapAttr && type.layout.value.isIdentity))) {
    return null
  }
  const descriptor = converter.convertType(type)
  const space = converter.getMemRefAddressSpace(type)
  if (descriptor === null || space === null) {
    return null
  }
  return { type, descriptor, space }
}

function callFn(rewriter: ConversionPatternRewriter, loc: Location, name: string, args: Value[], result: Type | null): Operation {
  return LLVMCallOp.build(rewriter, loc, {
    operands: { callee_operands: args, op_bundle_operands: [] },
    results: result === null ? [] : [result],
    attributes: { callee: SymbolRefAttr.get(rewriter.context, name) },
  })
}

/**
 * `memref.alloc` to a heap allocation (upstream's `AllocOpLowering` and
 * `AlignedAllocOpLowering`): `malloc` of the size in bytes, plus the alignment when one is
 * asked for (or the element is not a scalar) and the aligned pointer computed from the
 * result; or, with `use-aligned-alloc`, `aligned_alloc` with the size padded to a multiple
 * of the alignment.
 */
class AllocOpLowering extends OpConversionPattern {
  constructor(
    private readonly converter: LLVMTypeConverter,
    private readonly options: MemRefAllocOptions,
  ) {
    super('memref.alloc', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const types = allocLikeTypes(this.converter, op)
    const module = enclosingModule(op)
    if (types === null || module === null) {
      return rewriter.notifyMatchFailure(op, 'incompatible memref type')
    }
    const { type, descriptor, space } = types
    const ctx = op.context
    const loc = op.location
    const indexType = this.converter.getIndexType()
    const ptr = LLVMPointerType.get(ctx)
    const generic = this.options.useGenericFunctions === true
    let aligned = false
    let alignedAlignment = 0
    if (this.options.useAlignedAlloc === true) {
      // The element size must be known to choose the default alignment and the padding.
      const eltSize = defaultTypeSizeInBytes(type.elementType)
      if (eltSize === null) {
        return rewriter.notifyMatchFailure(op, 'unsupported element type for aligned_alloc')
      }
      aligned = true
      alignedAlignment = alignmentOf(op) ?? Math.max(kMinAlignedAllocAlignment, powerOf2Ceil(eltSize))
    }
    const fnName = aligned ? (generic ? '_mlir_memref_to_llvm_aligned_alloc' : 'aligned_alloc') : generic ? '_mlir_memref_to_llvm_alloc' : 'malloc'
    const fnType = LLVMFunctionType.get(ptr, aligned ? [indexType, indexType] : [indexType])
    if (lookupOrCreateFn(rewriter, module, fnName, fnType, module.location) === null) {
      return rewriter.notifyMatchFailure(op, `'${fnName}' has another type`)
    }
    const dims = memRefDescriptorSizes(rewriter, loc, this.converter, type, adaptor.operands, true)
    if (dims === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    let sizeBytes = dims.total
    let allocated: Value
    let alignedPtr: Value
    if (aligned) {
      const alignment = indexConstant(rewriter, loc, indexType, alignedAlignment)
      if (!isSizeMultipleOf(type, alignedAlignment)) {
        sizeBytes = createAligned(rewriter, loc, sizeBytes, alignment)
      }
      allocated = castAllocFuncResult(rewriter, loc, callFn(rewriter, loc, fnName, [alignment, sizeBytes], ptr).results[0]!, space)
      alignedPtr = allocated
    } else {
      const explicit = alignmentOf(op)
      let alignment: Value | null = null
      if (explicit !== null) {
        alignment = indexConstant(rewriter, loc, indexType, explicit)
      } else if (!isSignlessIntOrIndexOrFloat(type.elementType)) {
        const elementType = this.converter.convertType(type.elementType)!
        alignment = sizeOfElements(rewriter, loc, indexType, elementType, null)
      }
      if (alignment !== null) {
        sizeBytes = LLVMAddOp.build(rewriter, loc, { operands: { lhs: sizeBytes, rhs: alignment }, results: [indexType] }).results[0]!
      }
      allocated = castAllocFuncResult(rewriter, loc, callFn(rewriter, loc, fnName, [sizeBytes], ptr).results[0]!, space)
      alignedPtr = allocated
      if (alignment !== null) {
        const asInt = LLVMPtrToIntOp.build(rewriter, loc, { operands: { arg: allocated }, results: [indexType] }).results[0]!
        const rounded = createAligned(rewriter, loc, asInt, alignment)
        alignedPtr = LLVMIntToPtrOp.build(rewriter, loc, { operands: { arg: rounded }, results: [LLVMPointerType.get(ctx, space)] }).results[0]!
      }
    }
    rewriter.replaceOp(op, [createMemRefDescriptor(rewriter, loc, this.converter, descriptor, allocated, alignedPtr, dims.sizes, dims.strides)])
    return success()
  }
}

/** True when the byte size of `type` is a multiple of `factor` whatever its dynamic sizes (upstream's `isMemRefSizeMultipleOf`). */
function isSizeMultipleOf(type: MemRefType, factor: number): boolean {
  let divisor = defaultTypeSizeInBytes(type.elementType)!
  for (const d of type.shape) {
    if (d >= 0) {
      divisor *= d
    }
  }
  return divisor % factor === 0
}

/** `memref.alloca` to `llvm.alloca` of the element count, with the op's alignment (upstream's `AllocaOpLowering`). */
class AllocaOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('memref.alloca', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const types = allocLikeTypes(this.converter, op)
    const elementType = types === null ? null : this.converter.convertType(types.type.elementType)
    if (types === null || elementType === null) {
      return rewriter.notifyMatchFailure(op, 'incompatible memref type')
    }
    const { type, descriptor, space } = types
    const loc = op.location
    const dims = memRefDescriptorSizes(rewriter, loc, this.converter, type, adaptor.operands, false)
    if (dims === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    const alignment = alignmentOf(op)
    const ptr = LLVMAllocaOp.build(rewriter, loc, {
      operands: { arraySize: dims.total },
      results: [LLVMPointerType.get(op.context, space)],
      attributes: alignment === null || alignment === 0 ? { elem_type: TypeAttr.get(elementType) } : { elem_type: TypeAttr.get(elementType), alignment: IntegerAttr.get(IntegerType.get(op.context, 64), alignment) },
    }).results[0]!
    rewriter.replaceOp(op, [createMemRefDescriptor(rewriter, loc, this.converter, descriptor, ptr, ptr, dims.sizes, dims.strides)])
    return success()
  }
}

/** `memref.dealloc` to a call of `free` (or `_mlir_memref_to_llvm_free`) on the allocated pointer, read through the descriptor pointer of an unranked memref (upstream's `DeallocOpLowering`). */
class DeallocOpLowering extends OpConversionPattern {
  constructor(
    private readonly converter: LLVMTypeConverter,
    private readonly options: MemRefAllocOptions,
  ) {
    super('memref.dealloc', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const module = enclosingModule(op)
    const type = op.getOperand(0).type
    const space = type instanceof MemRefType || type instanceof UnrankedMemRefType ? this.converter.getMemRefAddressSpace(type) : null
    if (module === null || space === null) {
      return rewriter.notifyMatchFailure(op, 'unsupported memref type')
    }
    const ctx = op.context
    const name = this.options.useGenericFunctions === true ? '_mlir_memref_to_llvm_free' : 'free'
    if (lookupOrCreateFn(rewriter, module, name, LLVMFunctionType.get(LLVMVoidType.get(ctx), [LLVMPointerType.get(ctx)]), module.location) === null) {
      return rewriter.notifyMatchFailure(op, `'${name}' has another type`)
    }
    let allocated: Value
    if (type instanceof UnrankedMemRefType) {
      // The allocated pointer is the first field of the ranked descriptor the unranked one points to.
      const descPtr = extractValue(rewriter, op.location, adaptor.operands[0]!, [1])
      allocated = LLVMLoadOp.build(rewriter, op.location, { operands: { addr: descPtr }, results: [LLVMPointerType.get(ctx, space)] }).results[0]!
    } else {
      allocated = extractValue(rewriter, op.location, adaptor.operands[0]!, [0])
    }
    rewriter.replaceOp(op, callFn(rewriter, op.location, name, [allocated], null))
    return success()
  }
}

/** The patterns lowering memref ops to the llvm dialect (MLIR's `populateFinalizeMemRefToLLVMConversionPatterns`, the subset above). */
export function memrefToLLVMConversionPatterns(converter: LLVMTypeConverter, options: MemRefAllocOptions = {}): OpConversionPattern[] {
  return [
    new AllocOpLowering(converter, options),
    new AllocaOpLowering(converter),
    new DeallocOpLowering(converter, options),
    new LoadOpLowering(converter),
    new StoreOpLowering(converter),
    new DimOpLowering(converter),
    new MemRefCastOpLowering(converter),
  ]
}

/** The option declarations of the pass (see `OptionDecls`). */
export type FinalizeMemRefToLLVMOptionDecls = {
  readonly useAlignedAlloc: ScalarOption<boolean>
  readonly indexBitwidth: ScalarOption<number>
  readonly useGenericFunctions: ScalarOption<boolean>
}
const finalizeMemRefToLLVMOptions: FinalizeMemRefToLLVMOptionDecls = {
  useAlignedAlloc: boolOption('use-aligned-alloc', false, 'Use aligned_alloc in place of malloc for heap allocations'),
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
  useGenericFunctions: boolOption(
    'use-generic-functions',
    false,
    "Use generic allocation and deallocation functions instead of the classic 'malloc', 'aligned_alloc' and 'free' functions",
  ),
}

/**
 * `finalize-memref-to-llvm`: lowers memref allocations (`alloc` to `malloc` or
 * `aligned_alloc`, `alloca`, `dealloc` to `free`), loads, stores, dims and ranked casts to
 * the llvm dialect on memref descriptors.
 */
export class FinalizeMemRefToLLVMConversionPass extends OperationPass<OptionValues<FinalizeMemRefToLLVMOptionDecls>> {
  static override readonly argument = 'finalize-memref-to-llvm'
  static override readonly summary = 'Finalize MemRef dialect to LLVM dialect conversion'
  static override readonly description = `Finalize the conversion of the operations from the MemRef
dialect to the LLVM dialect.
This conversion will not convert some complex MemRef
operations. Make sure to run \`expand-strided-metadata\`
beforehand for these.`
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: FinalizeMemRefToLLVMOptionDecls = finalizeMemRefToLLVMOptions
  static readonly passName: string = 'FinalizeMemRefToLLVMConversionPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    // As upstream, the default index width is the one of the data layout in scope.
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: indexBitwidthOrDataLayout(this.options.indexBitwidth, this.getOperation()) })
    const target = new LLVMConversionTarget(ctx)
    target.addLegalOp('func.func')
    const patterns = memrefToLLVMConversionPatterns(converter, { useAlignedAlloc: this.options.useAlignedAlloc, useGenericFunctions: this.options.useGenericFunctions })
    applyPartialConversionInPass(this, this.getOperation(), target, patterns)
  }
}
