/**
 * The lowering of `memref` ops to the LLVM dialect on memref descriptors (MLIR's
 * `populateFinalizeMemRefToLLVMConversionPatterns`, the subset Tilepass has): `memref.load`,
 * `memref.store`, `memref.dim` and ranked `memref.cast`, and the `finalize-memref-to-llvm`
 * pass. Memrefs have the identity layout (the only one the type converter lowers), so the
 * offset is 0 and the strides are the row-major ones of the shape.
 */
import {
  BoolAttr,
  DenseArrayAttr,
  IntegerAttr,
  MemRefType,
  TypeAttr,
  UnitAttr,
  success,
  type Location,
  type LogicalResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  GEP_DYNAMIC_INDEX,
  LLVMAddOp,
  LLVMAllocaOp,
  LLVMArrayType,
  LLVMGEPOp,
  LLVMLoadOp,
  LLVMMulOp,
  LLVMPointerType,
  LLVMStoreOp,
  llvmEnumIntAttr,
} from '@tilepass/dialects'
import { OperationPass, boolOption, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversion, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'
import { extractValue, indexConstant } from './MemRefDescriptor.ts'

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
 * The address of the element at `indices` of the memref whose descriptor is `desc` (MLIR's
 * `getStridedElementPtr` with `inbounds|nuw`): the aligned pointer, plus the sum of each
 * index times its stride (unit strides skip the multiplication; dynamic ones are read from
 * the descriptor). A rank-0 memref gives the aligned pointer itself.
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
  const ctx = rewriter.context
  const base = extractValue(rewriter, loc, desc, [1])
  const strides = identityLayoutStrides(type)
  const indexType = converter.getIndexType()
  const flags = llvmEnumIntAttr(ctx, 32, kNswNuw)
  let index: Value | null = null
  for (let i = 0; i < indices.length; i++) {
    let increment = indices[i]!
    const s = strides[i]!
    if (s !== 1) {
      const stride = s === kDynamic ? extractValue(rewriter, loc, desc, [4, i]) : indexConstant(rewriter, loc, indexType, s)
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
      rawConstantIndices: DenseArrayAttr.getI32(ctx, [GEP_DYNAMIC_INDEX]),
      elem_type: TypeAttr.get(elementType),
      noWrapFlags: llvmEnumIntAttr(ctx, 32, kInboundsNuw),
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

/** The patterns lowering memref ops to the llvm dialect (MLIR's `populateFinalizeMemRefToLLVMConversionPatterns`, the subset above). */
export function memrefToLLVMConversionPatterns(converter: LLVMTypeConverter): OpConversionPattern[] {
  return [new LoadOpLowering(converter), new StoreOpLowering(converter), new DimOpLowering(converter), new MemRefCastOpLowering(converter)]
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
 * `finalize-memref-to-llvm`: lowers memref loads, stores, dims and ranked casts to the
 * llvm dialect on memref descriptors. Allocation ops are not lowered yet (they stay, as
 * ops no pattern handles do in a partial conversion); the allocation options are accepted
 * for compatibility.
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
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth })
    const target = new LLVMConversionTarget(ctx)
    target.addLegalOp('func.func')
    if (!applyPartialConversion(this.getOperation(), target, memrefToLLVMConversionPatterns(converter))) {
      this.signalPassFailure()
    }
  }
}
