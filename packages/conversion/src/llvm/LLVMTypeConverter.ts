import {
  kDynamic,
  ComplexType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  UnrankedMemRefType,
  VectorType,
  type Attribute,
  type Context,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType, getIndexBitwidthFromDataLayout, getStridesAndOffset, isCompatibleType } from '@tilepass/dialects'
import { SignatureConversion, TypeConverter } from '../TypeConverter.ts'
import { memRefDescriptorFromStaticShape, packMemRefDescriptor, packUnrankedMemRefDescriptor } from './MemRefDescriptor.ts'

/** The `index-bitwidth` option value that takes the index width from the data layout (64 without one). */
export const kDeriveIndexBitwidthFromDataLayout = 0

/**
 * The `index-bitwidth` option `option` of a pass running on `op`, with
 * `kDeriveIndexBitwidthFromDataLayout` replaced by the width of `index` in the data layout
 * in scope at `op` (`#dlti.dl_spec` of the closest module that has one; 64 without).
 */
export function indexBitwidthOrDataLayout(option: number, op: Operation): number {
  return option === kDeriveIndexBitwidthFromDataLayout ? getIndexBitwidthFromDataLayout(op) : option
}

/** Options of the lowering to the LLVM dialect (MLIR's `LowerToLLVMOptions`, the subset Tilepass has). */
export interface LowerToLLVMOptions {
  /** The width of `index`; `kDeriveIndexBitwidthFromDataLayout` (0, the default) means 64. */
  indexBitwidth?: number
  /** Pass statically shaped memrefs to and from functions as bare pointers. */
  useBarePtrCallConv?: boolean
}

/** The 8-bit and narrower float types, which LLVM has not: they become integers of their width. */
const kSmallFloats: ReadonlySet<string> = new Set([
  'f8E5M2',
  'f8E4M3',
  'f8E4M3FN',
  'f8E5M2FNUZ',
  'f8E4M3FNUZ',
  'f8E4M3B11FNUZ',
  'f8E3M4',
  'f4E2M1FN',
  'f6E2M3FN',
  'f6E3M2FN',
  'f8E8M0FNU',
])

/** Builds a `builtin.unrealized_conversion_cast` of `inputs` to `resultType`. */
function castMaterialization(builder: OpBuilder, resultType: Type, inputs: readonly Value[], loc: Location): Value {
  return builder.create('builtin.unrealized_conversion_cast', loc, { operands: inputs, results: [resultType] }).results[0]!
}

/**
 * Converts builtin types to LLVM dialect types (MLIR's `LLVMTypeConverter`): `index` to
 * `i<index-bitwidth>`, integers to signless integers, LLVM floats kept (f4/f6/f8 to
 * integers), complex to `!llvm.struct<(T, T)>`, n-D vectors to arrays of 1-D vectors,
 * function types to `!llvm.ptr` (signatures through `convertFunctionSignature`),
 * memrefs with the identity layout to descriptor structs, and LLVM types with
 * converted element types. Values whose types persist are bridged by
 * `builtin.unrealized_conversion_cast` source and target materializations.
 */
export class LLVMTypeConverter extends TypeConverter {
  /** The effective options: the index width is resolved (never 0). */
  readonly options: { readonly indexBitwidth: number; readonly useBarePtrCallConv: boolean }
  private readonly recursiveStack: Type[] = []
  /**
   * Maps memory-space attributes other than integers to LLVM address spaces (MLIR's type
   * attribute conversions, e.g. `populateGpuMemorySpaceAttributeConversions`); null when
   * the attribute is not one it knows.
   */
  memorySpaceConversion: ((space: Attribute) => number | null) | null = null

  constructor(
    readonly context: Context,
    options: LowerToLLVMOptions = {},
  ) {
    super()
    // As upstream, the converter loads the dialect whose types it builds.
    context.getOrLoadDialect('llvm')
    const bw = options.indexBitwidth ?? kDeriveIndexBitwidthFromDataLayout
    this.options = {
      indexBitwidth: bw === kDeriveIndexBitwidthFromDataLayout ? 64 : bw,
      useBarePtrCallConv: options.useBarePtrCallConv ?? false,
    }
    // Registered in upstream's order; the last added is tried first.
    this.addConversion((t) => (t instanceof ComplexType ? this.convertComplexType(t) : undefined))
    this.addConversion((t) => (t instanceof FloatType ? this.convertFloatType(t) : undefined))
    // A function type outside a signature is a pointer (to a function).
    this.addConversion((t) => (t instanceof FunctionType ? LLVMPointerType.get(this.context) : undefined))
    this.addConversion((t) => (t instanceof IndexType ? this.getIndexType() : undefined))
    this.addConversion((t) => (t instanceof IntegerType ? IntegerType.get(this.context, t.width) : undefined))
    this.addConversion((t) => (t instanceof MemRefType ? this.convertMemRefType(t) : undefined))
    this.addConversion((t) => (t instanceof UnrankedMemRefType ? this.convertUnrankedMemRefType(t) : undefined))
    this.addConversion((t) => (t instanceof VectorType ? (this.convertVectorType(t) ?? undefined) : undefined))
    this.addConversion((t) => (isCompatibleType(t) ? t : undefined))
    this.addConversion((t) => (t instanceof LLVMStructType ? this.convertStructType(t) : undefined))
    this.addConversion((t) => {
      if (!(t instanceof LLVMArrayType)) {
        return undefined
      }
      const e = this.convertType(t.elementType)
      return e === null ? undefined : LLVMArrayType.get(e, t.numElements)
    })
    this.addConversion((t) => {
      if (!(t instanceof LLVMFunctionType)) {
        return undefined
      }
      const r = this.convertType(t.returnType)
      const params = r === null ? null : this.convertTypes(t.params)
      return r === null || params === null ? undefined : LLVMFunctionType.get(r, params, t.isVarArg)
    })
    this.addSourceMaterialization(castMaterialization)
    this.addTargetMaterialization(castMaterialization)
    // Descriptor fields (or a bare pointer) back to the memref: the descriptor struct,
    // then a cast to the memref type.
    this.addSourceMaterialization((builder, resultType, inputs, loc) => {
      if (!(resultType instanceof UnrankedMemRefType)) {
        return null
      }
      const packed = this.packUnrankedMemRefDesc(builder, inputs, loc)
      return packed === null ? null : castMaterialization(builder, resultType, [packed], loc)
    })
    this.addSourceMaterialization((builder, resultType, inputs, loc) => {
      if (!(resultType instanceof MemRefType)) {
        return null
      }
      const packed = this.packRankedMemRefDesc(builder, resultType, inputs, loc)
      return packed === null ? null : castMaterialization(builder, resultType, [packed], loc)
    })
    // A bare pointer or descriptor fields to the descriptor struct; the original memref
    // type is needed for the sizes and strides.
    this.addTargetMaterialization((builder, resultType, inputs, loc, originalType) => {
      if (originalType === null || resultType !== this.convertType(originalType)) {
        return null
      }
      if (originalType instanceof MemRefType) {
        return this.packRankedMemRefDesc(builder, originalType, inputs, loc)
      }
      if (originalType instanceof UnrankedMemRefType) {
        return this.packUnrankedMemRefDesc(builder, inputs, loc)
      }
      return null
    })
  }

  /** The descriptor of `type` from a bare pointer or from its unpacked fields; null for other inputs. */
  private packRankedMemRefDesc(builder: OpBuilder, type: MemRefType, inputs: readonly Value[], loc: Location): Value | null {
    const descriptorType = this.convertType(type)
    if (descriptorType === null) {
      return null
    }
    if (inputs.length === 1 && inputs[0]!.type instanceof LLVMPointerType) {
      return memRefDescriptorFromStaticShape(builder, loc, descriptorType, this.getIndexType(), type, inputs[0]!)
    }
    const fields = this.getMemRefDescriptorFields(type, true)
    if (fields !== null && fields.length === inputs.length && fields.every((t, i) => t === inputs[i]!.type)) {
      return packMemRefDescriptor(builder, loc, descriptorType, type, inputs)
    }
    return null
  }

  /** The unranked descriptor from its fields; null for other inputs. */
  private packUnrankedMemRefDesc(builder: OpBuilder, inputs: readonly Value[], loc: Location): Value | null {
    const fields = this.getUnrankedMemRefDescriptorFields()
    if (fields.length !== inputs.length || !fields.every((t, i) => t === inputs[i]!.type)) {
      return null
    }
    return packUnrankedMemRefDescriptor(builder, loc, LLVMStructType.getLiteral(this.context, fields), inputs)
  }

  /** The width of `index` in bits. */
  getIndexTypeBitwidth(): number {
    return this.options.indexBitwidth
  }

  /** The integer type `index` converts to. */
  getIndexType(): IntegerType {
    return IntegerType.get(this.context, this.options.indexBitwidth)
  }

  /** LLVM floats unchanged, f4/f6/f8 to integers of their width, null (failure) for the rest. */
  convertFloatType(type: FloatType): Type | null {
    if (isCompatibleType(type)) {
      return type
    }
    return kSmallFloats.has(type.kind) ? IntegerType.get(this.context, type.width) : null
  }

  /** `complex<T>` to `!llvm.struct<(T', T')>`. */
  convertComplexType(type: ComplexType): Type | null {
    const e = this.convertType(type.elementType)
    return e === null ? null : LLVMStructType.getLiteral(this.context, [e, e])
  }

  /**
   * `vector<T>` to `vector<1xT'>`, 1-D vectors kept (element converted), n-D vectors to
   * nested `!llvm.array`s of 1-D vectors; null when a non-trailing dim is scalable.
   */
  convertVectorType(type: VectorType): Type | null {
    const e = this.convertType(type.elementType)
    if (e === null) {
      return null
    }
    const shape = type.shape
    if (shape.length === 0) {
      return VectorType.get([1], e)
    }
    const scalable = type.scalableDims
    for (let i = 0; i < scalable.length - 1; i++) {
      if (scalable[i] === true) {
        return null
      }
    }
    let t: Type = VectorType.get([shape[shape.length - 1]!], e, [scalable[scalable.length - 1] ?? false])
    for (let i = shape.length - 2; i >= 0; i--) {
      t = LLVMArrayType.get(t, shape[i]!)
    }
    return t
  }

  private convertStructType(type: LLVMStructType): Type | readonly Type[] | null | undefined {
    if (isCompatibleType(type)) {
      return type
    }
    if (type.name !== null) {
      const converted = LLVMStructType.getIdentified(this.context, '_Converted.' + type.name)
      if (this.recursiveStack.includes(type)) {
        return converted
      }
      this.recursiveStack.push(type)
      try {
        const body = this.convertTypes(type.body)
        if (body === null) {
          return undefined
        }
        return converted.setBody(body, type.isPacked) ? converted : null
      } finally {
        this.recursiveStack.pop()
      }
    }
    const body = this.convertTypes(type.body)
    return body === null ? undefined : LLVMStructType.getLiteral(this.context, body, type.isPacked)
  }

  /** The integer address space of a memref, or null when it has none that converts. */
  getMemRefAddressSpace(type: MemRefType | UnrankedMemRefType): number | null {
    const ms = type.memorySpace
    if (ms === null) {
      return 0
    }
    if (this.memorySpaceConversion !== null) {
      const converted = this.memorySpaceConversion(ms)
      if (converted !== null) {
        return converted
      }
    }
    if (ms instanceof IntegerAttr && (ms.type instanceof IndexType || (ms.type instanceof IntegerType && ms.type.signedness === 0))) {
      return Number(ms.value)
    }
    return null
  }

  /**
   * The fields of the descriptor of `type`: allocated and aligned pointers, offset, and
   * (for rank > 0) sizes and strides, as two arrays or, `unpackAggregates`, as 2*rank
   * integers. Only memrefs with a strided layout are supported; null otherwise.
   */
  getMemRefDescriptorFields(type: MemRefType, unpackAggregates: boolean): Type[] | null {
    if (getStridesAndOffset(type) === null) {
      return null
    }
    if (this.convertType(type.elementType) === null) {
      return null
    }
    const space = this.getMemRefAddressSpace(type)
    if (space === null) {
      return null
    }
    const ptr = LLVMPointerType.get(this.context, space)
    const index = this.getIndexType()
    const fields: Type[] = [ptr, ptr, index]
    const rank = type.shape.length
    if (rank === 0) {
      return fields
    }
    if (unpackAggregates) {
      for (let i = 0; i < 2 * rank; i++) {
        fields.push(index)
      }
    } else {
      const arr = LLVMArrayType.get(index, rank)
      fields.push(arr, arr)
    }
    return fields
  }

  /** A memref to its descriptor struct, or null when its layout is not supported. */
  convertMemRefType(type: MemRefType): Type | null {
    const fields = this.getMemRefDescriptorFields(type, false)
    return fields === null ? null : LLVMStructType.getLiteral(this.context, fields)
  }

  /** The fields of an unranked memref descriptor: rank and a pointer to a ranked descriptor. */
  getUnrankedMemRefDescriptorFields(): Type[] {
    return [this.getIndexType(), LLVMPointerType.get(this.context)]
  }

  /** An unranked memref to `!llvm.struct<(i64, ptr)>`. */
  convertUnrankedMemRefType(type: UnrankedMemRefType): Type | null {
    return this.convertType(type.elementType) === null ? null : LLVMStructType.getLiteral(this.context, this.getUnrankedMemRefDescriptorFields())
  }

  /**
   * True when `type` can be passed as a bare pointer: a statically shaped memref whose
   * strided layout has static strides and offset (the descriptor is rebuilt from the type).
   */
  canConvertToBarePtr(type: Type): boolean {
    if (!(type instanceof MemRefType) || !type.shape.every((d) => d >= 0)) {
      return false
    }
    const layout = getStridesAndOffset(type)
    return layout !== null && layout.offset !== kDynamic && !layout.strides.includes(kDynamic) && this.getMemRefDescriptorFields(type, false) !== null
  }

  /** A statically shaped memref to a pointer in its address space; null otherwise. */
  convertMemRefToBarePtr(type: Type): Type | null {
    if (!(type instanceof MemRefType) || !this.canConvertToBarePtr(type)) {
      return null
    }
    const space = this.getMemRefAddressSpace(type)
    return space === null ? null : LLVMPointerType.get(this.context, space)
  }

  /**
   * Converts `type` for function results and call conventions: with the bare-pointer
   * convention a memref becomes a pointer (unranked ones fail); otherwise the usual
   * conversion. Null on failure.
   */
  convertCallingConventionType(type: Type, useBarePtrCallConv: boolean): readonly Type[] | null {
    if (useBarePtrCallConv && (type instanceof MemRefType || type instanceof UnrankedMemRefType)) {
      const p = this.convertMemRefToBarePtr(type)
      return p === null ? null : [p]
    }
    return this.convertTypeN(type)
  }

  /**
   * Converts an argument type of a function signature: memrefs are unpacked into their
   * descriptor fields (upstream's `structFuncArgTypeConverter`), or become bare
   * pointers with the bare-pointer convention.
   */
  convertFunctionArgumentType(type: Type, useBarePtrCallConv: boolean): readonly Type[] | null {
    if (useBarePtrCallConv) {
      return this.convertCallingConventionType(type, true)
    }
    if (type instanceof MemRefType) {
      return this.getMemRefDescriptorFields(type, true)
    }
    if (type instanceof UnrankedMemRefType) {
      return this.getUnrankedMemRefDescriptorFields()
    }
    return this.convertTypeN(type)
  }

  /**
   * The LLVM function type of a signature, filling `result` with the argument mapping:
   * no result gives `!llvm.void`, several are packed into a struct. Null on failure.
   */
  convertFunctionSignature(funcTy: FunctionType, isVariadic: boolean, useBarePtrCallConv: boolean, result: SignatureConversion): LLVMFunctionType | null {
    const bare = useBarePtrCallConv || this.options.useBarePtrCallConv
    for (let i = 0; i < funcTy.inputs.length; i++) {
      const converted = this.convertFunctionArgumentType(funcTy.inputs[i]!, bare)
      if (converted === null) {
        return null
      }
      result.addInputs(i, converted)
    }
    const resultType = funcTy.results.length === 0 ? LLVMVoidType.get(this.context) : this.packFunctionResults(funcTy.results, bare)
    if (resultType === null) {
      return null
    }
    return LLVMFunctionType.get(resultType, result.convertedTypes, isVariadic)
  }

  /** A new signature conversion for `funcTy`'s inputs and its LLVM function type; null on failure. */
  convertFunctionSignatureOf(funcTy: FunctionType, isVariadic = false, useBarePtrCallConv = false): { type: LLVMFunctionType; conversion: SignatureConversion } | null {
    const conversion = new SignatureConversion(funcTy.inputs.length)
    const type = this.convertFunctionSignature(funcTy, isVariadic, useBarePtrCallConv, conversion)
    return type === null ? null : { type, conversion }
  }

  /** The type returned for function results `types` (non-empty): one converted type, or a struct of them. */
  packFunctionResults(types: readonly Type[], useBarePtrCallConv = false): Type | null {
    const bare = useBarePtrCallConv || this.options.useBarePtrCallConv
    const out: Type[] = []
    for (const t of types) {
      const c = this.convertCallingConventionType(t, bare)
      if (c === null) {
        return null
      }
      out.push(...c)
    }
    if (out.length === 1) {
      return out[0]!
    }
    return out.length === 0 ? null : LLVMStructType.getLiteral(this.context, out)
  }

  /** The type of an op's results `types` (non-empty): one converted type, or a struct of LLVM-compatible ones. */
  packOperationResults(types: readonly Type[]): Type | null {
    if (types.length === 1) {
      return this.convertType(types[0]!)
    }
    const out: Type[] = []
    for (const t of types) {
      const c = this.convertType(t)
      if (c === null || !isCompatibleType(c)) {
        return null
      }
      out.push(c)
    }
    return LLVMStructType.getLiteral(this.context, out)
  }
}
