import {
  ArrayAttr,
  DenseArrayAttr,
  DictionaryAttr,
  FunctionType,
  IntegerAttr,
  IndexType,
  IntegerType,
  MemRefType,
  OpaqueAttr,
  UnrankedMemRefType,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  TypeAttr,
  UnitAttr,
  success,
  type Attribute,
  type Location,
  type LogicalResult,
  type NamedAttribute,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  LLVMAddressOfOp,
  LLVMAllocaOp,
  LLVMConstantOp,
  LLVMFunctionType,
  LLVMLoadOp,
  LLVMPointerType,
  LLVMStoreOp,
  LLVMVoidType,
  LLVMExtractValueOp,
  LLVMInsertValueOp,
  LLVMPoisonOp,
  LLVMStructType,
  LLVMReturnOp,
  LLVMCallOp,
  LinkageAttr,
  buildLLVMFuncOp,
  isCompatibleType,
} from '@tilepass/dialects'
import { OperationPass, boolOption, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversion, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { SignatureConversion } from '../TypeConverter.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import {
  extractValue,
  memRefDescriptorFromStaticShape,
  packMemRefDescriptor,
  packUnrankedMemRefDescriptor,
  unpackMemRefDescriptor,
  unpackUnrankedMemRefDescriptor,
} from './MemRefDescriptor.ts'
import { LLVMTypeConverter, indexBitwidthOrDataLayout, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'
import { kEmitCWrapperAttrName } from './RequestCWrappers.ts'

const kVarargsAttrName = 'func.varargs'
const kLinkageAttrName = 'llvm.linkage'
const kBarePtrAttrName = 'llvm.bareptr'
const kReadnoneAttrName = 'llvm.readnone'
const kReadnoneMemoryEffects =
  'memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>'

/** Attribute names of `llvm.byval`-like argument attributes whose type converts with the argument. */
const kTypedArgAttrNames: ReadonlySet<string> = new Set(['llvm.byval', 'llvm.byref', 'llvm.sret', 'llvm.inalloca'])

function shouldUseBarePtrCallConv(op: Operation | null, converter: LLVMTypeConverter): boolean {
  return (op !== null && op.hasAttr(kBarePtrAttrName)) || converter.options.useBarePtrCallConv
}

/** Copies `attrs` onto the new op `op`: inherent names become properties, the rest discardable (as an `OperationState`'s attributes do upstream). */
function setAttrs(op: Operation, attrs: readonly NamedAttribute[]): void {
  for (const a of attrs) {
    op.setAttr(a.name, a.value)
  }
}

/**
 * Converts `func.func` to `llvm.func` (MLIR's `convertFuncOpToLLVMFuncOp`): the signature
 * through the type converter (several results packed into a struct), `llvm.linkage`
 * as the linkage, the visibility, argument and result attributes and the other
 * discardable attributes carried over, and the body moved with its block signatures
 * converted. Returns the new function, or null on failure.
 */
export function convertFuncOpToLLVMFuncOp(funcOp: Operation, rewriter: ConversionPatternRewriter, converter: LLVMTypeConverter): Operation | null {
  const fnAttr = funcOp.getAttr('function_type')
  if (!(fnAttr instanceof TypeAttr) || !(fnAttr.value instanceof FunctionType)) {
    rewriter.notifyMatchFailure(funcOp, 'Only support FunctionOpInterface with FunctionType')
    return null
  }
  const funcTy = fnAttr.value
  const varargs = funcOp.getAttr(kVarargsAttrName)
  const isVarArg = varargs instanceof IntegerAttr && varargs.value !== 0n
  const conversion = new SignatureConversion(funcTy.inputs.length)
  const llvmType = converter.convertFunctionSignature(funcTy, isVarArg, shouldUseBarePtrCallConv(funcOp, converter), conversion)
  if (llvmType === null) {
    rewriter.notifyMatchFailure(funcOp, 'signature conversion failed')
    return null
  }
  let linkage = 'external'
  const linkageAttr = funcOp.getAttr(kLinkageAttrName)
  if (linkageAttr !== undefined) {
    if (!(linkageAttr instanceof LinkageAttr)) {
      funcOp.emitError(`Contains ${kLinkageAttrName} attribute not of type LLVM::LinkageAttr`).report()
      rewriter.notifyMatchFailure(funcOp, 'Contains linkage attribute not of type LLVM::LinkageAttr')
      return null
    }
    linkage = linkageAttr.linkage
  }
  const discardable: NamedAttribute[] = []
  for (const a of funcOp.attributes.entries) {
    if (a.name !== kLinkageAttrName && a.name !== kVarargsAttrName && a.name !== kReadnoneAttrName) {
      discardable.push(a)
    }
  }
  const readnone = funcOp.getAttr(kReadnoneAttrName)
  if (readnone !== undefined && !(readnone instanceof UnitAttr)) {
    funcOp.emitError(`Contains ${kReadnoneAttrName} attribute not of type UnitAttr`).report()
    rewriter.notifyMatchFailure(funcOp, 'Contains readnone attribute not of type UnitAttr')
    return null
  }
  const name = (funcOp.getAttr('sym_name') as StringAttr).value
  const newFunc = buildLLVMFuncOp(rewriter, funcOp.location, name, llvmType, { linkage })
  setAttrs(newFunc, discardable)
  const visibility = funcOp.getAttr('sym_visibility')
  if (visibility instanceof StringAttr && visibility.value !== 'public') {
    newFunc.setAttr('sym_visibility', visibility)
  }
  const ctx = funcOp.context
  if (readnone !== undefined) {
    // The llvm dialect has no memory effects attribute class yet; this opaque one has
    // the same text and round-trips once it does.
    newFunc.setAttr('memory_effects', OpaqueAttr.get(ctx, 'llvm', kReadnoneMemoryEffects))
  }
  const resAttrs = funcOp.getAttr('res_attrs')
  if (resAttrs instanceof ArrayAttr && funcTy.results.length === 1) {
    newFunc.setAttr('res_attrs', resAttrs)
  }
  const argAttrs = funcOp.getAttr('arg_attrs')
  if (argAttrs instanceof ArrayAttr) {
    const newArgAttrs: Attribute[] = new Array<Attribute>(llvmType.params.length).fill(DictionaryAttr.get(ctx, []))
    for (let i = 0; i < funcTy.inputs.length; i++) {
      const dict = argAttrs.elements[i]
      const mapping = conversion.inputMap[i]
      if (!(dict instanceof DictionaryAttr) || mapping === undefined || !('start' in mapping)) {
        continue
      }
      if (mapping.size !== 1) {
        continue
      }
      const converted: NamedAttribute[] = dict.entries.map((a) => {
        if (kTypedArgAttrNames.has(a.name) && a.value instanceof TypeAttr) {
          const t = converter.convertType(a.value.value)
          return t === null ? a : { name: a.name, value: TypeAttr.get(t) }
        }
        return a
      })
      newArgAttrs[mapping.start] = DictionaryAttr.get(ctx, converted)
    }
    if (newArgAttrs.length > 0) {
      newFunc.setAttr('arg_attrs', ArrayAttr.get(ctx, newArgAttrs))
    }
  }
  const newBody = newFunc.regions[0]!
  rewriter.inlineRegionBefore(funcOp.regions[0]!, newBody, null)
  if (rewriter.convertRegionTypes(newBody, converter, conversion) === null && newBody.firstBlock !== null) {
    rewriter.notifyMatchFailure(funcOp, 'region types conversion failed')
    return null
  }
  if (!shouldUseBarePtrCallConv(funcOp, converter) && funcOp.getAttr(kEmitCWrapperAttrName) instanceof UnitAttr) {
    if (llvmType.isVarArg) {
      funcOp.emitError('C interface for variadic functions is not supported yet.').report()
      return null
    }
    const cWrapper = convertFunctionTypeCWrapper(converter, funcTy)
    if (cWrapper === null) {
      rewriter.notifyMatchFailure(funcOp, 'could not convert the C interface type')
      return null
    }
    if (newBody.firstBlock === null) {
      wrapExternalFunction(rewriter, funcOp, newFunc, discardable, cWrapper, converter)
    } else {
      wrapForExternalCallers(rewriter, funcOp, newFunc, discardable, cWrapper, converter)
    }
  }
  return newFunc
}

/** The C-compatible type of `type` (results in a struct become a leading pointer argument) and that struct, if any. */
function convertFunctionTypeCWrapper(converter: LLVMTypeConverter, type: FunctionType): { type: LLVMFunctionType; resultStruct: LLVMStructType | null } | null {
  const ctx = converter.context
  let resultType: Type | null = type.results.length === 0 ? LLVMVoidType.get(ctx) : converter.packFunctionResults(type.results)
  if (resultType === null) {
    return null
  }
  const ptr = LLVMPointerType.get(ctx)
  const inputs: Type[] = []
  let resultStruct: LLVMStructType | null = null
  if (resultType instanceof LLVMStructType) {
    // Structs cannot be returned safely through the C interface: a pointer argument takes the result.
    resultStruct = resultType
    inputs.push(ptr)
    resultType = LLVMVoidType.get(ctx)
  }
  for (const t of type.inputs) {
    const c = converter.convertType(t)
    if (c === null || !isCompatibleType(c)) {
      return null
    }
    // Memref descriptors are passed by pointer.
    inputs.push(t instanceof MemRefType || t instanceof UnrankedMemRefType ? ptr : c)
  }
  return { type: LLVMFunctionType.get(resultType, inputs), resultStruct }
}

/** Gives the C wrapper `wrapper` the argument and result attributes and the visibility of `funcOp`. */
function propagateArgResAttrs(funcOp: Operation, wrapper: Operation, resultStruct: boolean): void {
  const argAttrs = funcOp.getAttr('arg_attrs')
  if (!resultStruct) {
    const resAttrs = funcOp.getAttr('res_attrs')
    if (resAttrs !== undefined) {
      wrapper.setAttr('res_attrs', resAttrs)
    }
    if (argAttrs !== undefined) {
      wrapper.setAttr('arg_attrs', argAttrs)
    }
  } else if (argAttrs instanceof ArrayAttr) {
    wrapper.setAttr('arg_attrs', ArrayAttr.get(funcOp.context, [DictionaryAttr.get(funcOp.context, []), ...argAttrs.elements]))
  }
  const visibility = funcOp.getAttr('sym_visibility')
  if (visibility instanceof StringAttr && visibility.value !== 'public') {
    wrapper.setAttr('sym_visibility', visibility)
  }
}

/** Builds `llvm.call @callee(args)` returning `resultType` (nothing for `!llvm.void`). */
function buildCall(rewriter: ConversionPatternRewriter, loc: Location, callee: string, resultType: Type, args: readonly Value[]): Operation {
  return LLVMCallOp.build(rewriter, loc, {
    operands: { callee_operands: [...args], op_bundle_operands: [] },
    results: resultType instanceof LLVMVoidType ? [] : [resultType],
    attributes: { callee: SymbolRefAttr.get(rewriter.context, callee) },
  })
}

/**
 * Adds `_mlir_ciface_<name>`, callable from C, that calls the converted function
 * `newFunc` (MLIR's `wrapForExternalCallers`; memref descriptors are not supported).
 */
function wrapForExternalCallers(
  rewriter: ConversionPatternRewriter,
  funcOp: Operation,
  newFunc: Operation,
  attributes: readonly NamedAttribute[],
  cWrapper: { type: LLVMFunctionType; resultStruct: LLVMStructType | null },
  converter: LLVMTypeConverter,
): void {
  const loc = funcOp.location
  const name = (newFunc.getAttr('sym_name') as StringAttr).value
  const wrapper = buildLLVMFuncOp(rewriter, loc, `_mlir_ciface_${name}`, cWrapper.type, { withBody: true })
  setAttrs(wrapper, attributes)
  propagateArgResAttrs(funcOp, wrapper, cWrapper.resultStruct !== null)
  const ip = rewriter.saveInsertionPoint()
  const entry = wrapper.regions[0]!.firstBlock!
  rewriter.setInsertionPointToStart(entry)
  const offset = cWrapper.resultStruct !== null ? 1 : 0
  const args: Value[] = []
  const funcTy = (funcOp.getAttr('function_type') as TypeAttr).value as FunctionType
  for (let i = 0; i < funcTy.inputs.length; i++) {
    const t = funcTy.inputs[i]!
    const arg = entry.arguments[i + offset]!
    if (t instanceof MemRefType || t instanceof UnrankedMemRefType) {
      const loaded = LLVMLoadOp.build(rewriter, loc, { operands: { addr: arg }, results: [converter.convertType(t)!] }).results[0]!
      args.push(...(t instanceof MemRefType ? unpackMemRefDescriptor(rewriter, loc, loaded, t.shape.length) : unpackUnrankedMemRefDescriptor(rewriter, loc, loaded)))
    } else {
      args.push(arg)
    }
  }
  const newType = (newFunc.getAttr('function_type') as TypeAttr).value as LLVMFunctionType
  const call = buildCall(rewriter, loc, name, newType.returnType, args)
  if (cWrapper.resultStruct !== null) {
    LLVMStoreOp.build(rewriter, loc, { operands: { value: call.results[0]!, addr: entry.arguments[0]! } })
    LLVMReturnOp.build(rewriter, loc, { operands: { arg: null } })
  } else {
    LLVMReturnOp.build(rewriter, loc, { operands: { arg: call.results[0] ?? null } })
  }
  rewriter.restoreInsertionPoint(ip)
}

/**
 * For a declaration: declares `_mlir_ciface_<name>` and gives `newFunc` a private body
 * that calls it (MLIR's `wrapExternalFunction`; memref descriptors are not supported).
 */
function wrapExternalFunction(
  rewriter: ConversionPatternRewriter,
  funcOp: Operation,
  newFunc: Operation,
  attributes: readonly NamedAttribute[],
  cWrapper: { type: LLVMFunctionType; resultStruct: LLVMStructType | null },
  converter: LLVMTypeConverter,
): void {
  const loc = funcOp.location
  const ctx = funcOp.context
  const name = (newFunc.getAttr('sym_name') as StringAttr).value
  const wrapperName = `_mlir_ciface_${name}`
  const wrapper = buildLLVMFuncOp(rewriter, loc, wrapperName, cWrapper.type)
  setAttrs(wrapper, attributes)
  propagateArgResAttrs(funcOp, wrapper, cWrapper.resultStruct !== null)
  newFunc.setAttr('linkage', LinkageAttr.get(ctx, 'private'))
  const ip = rewriter.saveInsertionPoint()
  const newType = (newFunc.getAttr('function_type') as TypeAttr).value as LLVMFunctionType
  const entry = rewriter.createBlock(
    newFunc.regions[0]!,
    null,
    newType.params,
    newType.params.map(() => loc),
  )
  const args: Value[] = []
  const ptr = LLVMPointerType.get(ctx)
  if (cWrapper.resultStruct !== null) {
    const index = converter.getIndexType()
    const one = LLVMConstantOp.build(rewriter, loc, { results: [index], attributes: { value: IntegerAttr.get(IndexType.get(ctx), 1) } })
    const alloca = LLVMAllocaOp.build(rewriter, loc, {
      operands: { arraySize: one.results[0]! },
      results: [ptr],
      attributes: { elem_type: TypeAttr.get(cWrapper.resultStruct) },
    })
    args.push(alloca.results[0]!)
  }
  // Memref descriptors are packed from the unpacked arguments and passed by pointer.
  const funcTy = (funcOp.getAttr('function_type') as TypeAttr).value as FunctionType
  let next = 0
  for (const t of funcTy.inputs) {
    if (t instanceof MemRefType || t instanceof UnrankedMemRefType) {
      const n = t instanceof MemRefType ? converter.getMemRefDescriptorFields(t, true)!.length : 2
      const fields = entry.arguments.slice(next, next + n)
      const descriptorType = converter.convertType(t)!
      const packed =
        t instanceof MemRefType ? packMemRefDescriptor(rewriter, loc, descriptorType, t, fields) : packUnrankedMemRefDescriptor(rewriter, loc, descriptorType, fields)
      const one = LLVMConstantOp.build(rewriter, loc, { results: [converter.getIndexType()], attributes: { value: IntegerAttr.get(IndexType.get(ctx), 1) } })
      const allocated = LLVMAllocaOp.build(rewriter, loc, {
        operands: { arraySize: one.results[0]! },
        results: [ptr],
        attributes: { elem_type: TypeAttr.get(descriptorType) },
      }).results[0]!
      LLVMStoreOp.build(rewriter, loc, { operands: { value: packed, addr: allocated } })
      args.push(allocated)
      next += n
    } else {
      args.push(entry.arguments[next]!)
      next++
    }
  }
  const call = buildCall(rewriter, loc, wrapperName, cWrapper.type.returnType, args)
  if (cWrapper.resultStruct !== null) {
    const loaded = LLVMLoadOp.build(rewriter, loc, { operands: { addr: args[0]! }, results: [cWrapper.resultStruct] })
    LLVMReturnOp.build(rewriter, loc, { operands: { arg: loaded.results[0]! } })
  } else {
    LLVMReturnOp.build(rewriter, loc, { operands: { arg: call.results[0] ?? null } })
  }
  rewriter.restoreInsertionPoint(ip)
}

/** `func.func` to `llvm.func` (MLIR's `FuncOpConversion`). */
class FuncOpConversion extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('func.func', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    if (convertFuncOpToLLVMFuncOp(op, rewriter, this.converter) === null) {
      return rewriter.notifyMatchFailure(op, 'Could not convert funcop')
    }
    rewriter.eraseOp(op)
    return success()
  }
}

/** `func.constant @f` to `llvm.mlir.addressof @f` (MLIR's `ConstantOpLowering`). */
class ConstantOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('func.constant', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const type = this.converter.convertType(op.results[0]!.type)
    if (type === null || !isCompatibleType(type)) {
      return rewriter.notifyMatchFailure(op, 'failed to convert result type')
    }
    const newOp = LLVMAddressOfOp.build(rewriter, op.location, { results: [type], attributes: { global_name: op.getAttr('value')! } })
    setAttrs(
      newOp,
      op.getAttrs().filter((a) => a.name !== 'value'),
    )
    rewriter.replaceOp(op, newOp)
    return success()
  }
}

/**
 * Lowers a call (`func.call`, or `func.call_indirect` whose first operand is the callee)
 * to `llvm.call`: several results come back packed in a struct and are extracted one by one.
 */
function lowerCall(
  callOp: Operation,
  operands: readonly Value[],
  rewriter: ConversionPatternRewriter,
  converter: LLVMTypeConverter,
  useBarePtrCallConv: boolean,
): LogicalResult {
  const resultTypes = callOp.results.map((r) => r.type)
  let packed: Type | null = null
  if (resultTypes.length !== 0) {
    packed = converter.packFunctionResults(resultTypes, useBarePtrCallConv)
    if (packed === null) {
      return rewriter.notifyMatchFailure(callOp, 'could not pack the result types')
    }
  }
  const loc = callOp.location
  if (resultTypes.some((t) => t instanceof UnrankedMemRefType)) {
    // Upstream copies unranked descriptors to the heap here; not supported.
    return rewriter.notifyMatchFailure(callOp, 'unranked memref results are not supported')
  }
  const bare = useBarePtrCallConv || converter.options.useBarePtrCallConv
  if (bare && callOp.operands.some((o) => o.value.type instanceof UnrankedMemRefType)) {
    return rewriter.notifyMatchFailure(callOp, 'unranked memrefs are not supported with bare pointers')
  }
  // Memref descriptors are passed unpacked, or as their aligned pointer (bare pointers).
  const promoted: Value[] = []
  for (let i = 0; i < operands.length; i++) {
    const type = callOp.operands[i]!.value.type
    const v = operands[i]!
    if (type instanceof MemRefType) {
      if (bare) {
        promoted.push(extractValue(rewriter, loc, v, [1]))
      } else {
        promoted.push(...unpackMemRefDescriptor(rewriter, loc, v, type.shape.length))
      }
    } else if (type instanceof UnrankedMemRefType) {
      promoted.push(...unpackUnrankedMemRefDescriptor(rewriter, loc, v))
    } else {
      promoted.push(v)
    }
  }
  // As upstream, the call's attributes (callee, argument/result attributes, ...) carry over.
  const newOp = LLVMCallOp.build(rewriter, loc, {
    operands: { callee_operands: promoted, op_bundle_operands: [] },
    results: packed === null ? [] : [packed],
  })
  setAttrs(newOp, callOp.getAttrs())
  const results: Value[] = []
  if (resultTypes.length < 2) {
    results.push(...newOp.results)
  } else {
    const struct = newOp.results[0]!
    const structType = struct.type as LLVMStructType
    const ctx = callOp.context
    for (let i = 0; i < resultTypes.length; i++) {
      const ev = LLVMExtractValueOp.build(rewriter, callOp.location, {
        operands: { container: struct },
        results: [structType.body[i]!],
        attributes: { position: DenseArrayAttr.get(IntegerType.get(ctx, 64), [BigInt(i)]) },
      })
      results.push(ev.results[0]!)
    }
  }
  if (bare) {
    // Bare pointers come back as descriptors of the static shape.
    for (let i = 0; i < resultTypes.length; i++) {
      const t = resultTypes[i]!
      if (t instanceof MemRefType) {
        results[i] = memRefDescriptorFromStaticShape(rewriter, loc, converter.convertType(t)!, converter.getIndexType(), t, results[i]!)
      }
    }
  }
  rewriter.replaceOp(callOp, results)
  return success()
}

/** `func.call` to `llvm.call` (MLIR's `CallOpLowering`). */
class CallOpLowering extends OpConversionPattern {
  constructor(
    private readonly converter: LLVMTypeConverter,
    private readonly symbolTable: SymbolTable | null,
  ) {
    super('func.call', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    let bare = this.converter.options.useBarePtrCallConv
    if (!bare) {
      // The callee's `llvm.bareptr` decides; a symbol table built up front makes the
      // lookup fast (upstream's is likewise built before the conversion).
      const callee = op.getAttr('callee')
      let target: Operation | undefined
      if (callee instanceof SymbolRefAttr && this.symbolTable !== null && callee.nestedReferences.length === 0) {
        target = this.symbolTable.lookup(callee.rootReference)
      } else if (callee !== undefined) {
        target = SymbolTable.lookupNearestSymbolFrom(op, callee as SymbolRefAttr)
      }
      bare = target !== undefined && target.hasAttr(kBarePtrAttrName)
    }
    return lowerCall(op, adaptor.operands, rewriter, this.converter, bare)
  }
}

/** `func.call_indirect` to an indirect `llvm.call` (MLIR's `CallIndirectOpLowering`). */
class CallIndirectOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('func.call_indirect', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return lowerCall(op, adaptor.operands, rewriter, this.converter, false)
  }
}

/**
 * `func.return` to `llvm.return` (MLIR's `ReturnOpLowering`): several operands are packed
 * into a struct with `llvm.mlir.poison` and `llvm.insertvalue`.
 */
class ReturnOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('func.return', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    let parent = op.parentOp
    while (parent !== null && parent.name.name !== 'llvm.func') {
      parent = parent.parentOp
    }
    const bare = shouldUseBarePtrCallConv(parent, this.converter)
    const operands: Value[] = []
    for (let i = 0; i < op.operands.length; i++) {
      const type = op.operands[i]!.value.type
      let v = adaptor.operands[i]!
      if (type instanceof UnrankedMemRefType) {
        // Upstream copies unranked descriptors to the heap (bare pointers: unsupported).
        return rewriter.notifyMatchFailure(op, 'unranked memref results are not supported')
      }
      if (bare && this.converter.canConvertToBarePtr(type)) {
        // The bare pointer returned is the allocated pointer of the descriptor.
        v = extractValue(rewriter, loc, v, [0])
      }
      operands.push(v)
    }
    if (operands.length <= 1) {
      const ret = LLVMReturnOp.build(rewriter, loc, { operands: { arg: operands.length === 0 ? null : operands[0]! } })
      setAttrs(ret, op.getAttrs())
      rewriter.replaceOp(op, ret)
      return success()
    }
    const packedType = this.converter.packFunctionResults(
      op.operands.map((o) => o.value.type),
      bare,
    )
    if (packedType === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert result types')
    }
    const ctx = op.context
    let packed = LLVMPoisonOp.build(rewriter, loc, { results: [packedType] }).results[0]!
    for (let i = 0; i < operands.length; i++) {
      packed = LLVMInsertValueOp.build(rewriter, loc, {
        operands: { container: packed, value: operands[i]! },
        results: [packedType],
        attributes: { position: DenseArrayAttr.get(IntegerType.get(ctx, 64), [BigInt(i)]) },
      }).results[0]!
    }
    const ret = LLVMReturnOp.build(rewriter, loc, { operands: { arg: packed } })
    setAttrs(ret, op.getAttrs())
    rewriter.replaceOp(op, ret)
    return success()
  }
}

/**
 * The patterns lowering the `func` dialect to `llvm` (MLIR's `populateFuncToLLVMConversionPatterns`);
 * `symbolTable`, when given, is where calls look up their callees.
 */
export function funcToLLVMConversionPatterns(converter: LLVMTypeConverter, symbolTable: SymbolTable | null = null): OpConversionPattern[] {
  return [
    new FuncOpConversion(converter),
    new CallIndirectOpLowering(converter),
    new CallOpLowering(converter, symbolTable),
    new ConstantOpLowering(converter),
    new ReturnOpLowering(converter),
  ]
}

/** The option declarations of the pass (see `OptionDecls`). */
export type FuncToLLVMOptionDecls = {
  readonly useBarePtrCallConv: ScalarOption<boolean>
  readonly indexBitwidth: ScalarOption<number>
}
const funcToLLVMOptions: FuncToLLVMOptionDecls = {
  useBarePtrCallConv: boolOption(
    'use-bare-ptr-memref-call-conv',
    false,
    "Replace FuncOp's MemRef arguments with bare pointers to the MemRef element types",
  ),
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
}

/** `convert-func-to-llvm`: lowers `func` ops (functions, calls, returns, constants) to the LLVM dialect. */
export class ConvertFuncToLLVMPass extends OperationPass<OptionValues<FuncToLLVMOptionDecls>> {
  static override readonly argument = 'convert-func-to-llvm'
  static override readonly summary = 'Convert from the Func dialect to the LLVM dialect'
  static override readonly description = `Convert Func dialect operations into the LLVM IR dialect operations.

#### Input invariant

-   no \`tensor\` types;
-   all \`vector\` are one-dimensional;
-   all blocks are reachable by following the successors of the first basic
    block;

If other operations are present and their results are required by the LLVM
IR dialect operations, the pass will fail.  Any LLVM IR operations or types
already present in the IR will be kept as is.

#### Output IR

Functions converted to LLVM IR. Function arguments types are converted
one-to-one. Function results are converted one-to-one and, in case more than
1 value is returned, packed into an LLVM IR struct type. Function calls and
returns are updated accordingly. Block argument types are updated to use
LLVM IR types.`
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: FuncToLLVMOptionDecls = funcToLLVMOptions
  static readonly passName: string = 'ConvertFuncToLLVMPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    // As upstream, the default index width is the one of the data layout in scope.
    const converter = new LLVMTypeConverter(ctx, {
      indexBitwidth: indexBitwidthOrDataLayout(this.options.indexBitwidth, this.getOperation()),
      useBarePtrCallConv: this.options.useBarePtrCallConv,
    })
    const target = new LLVMConversionTarget(ctx)
    const module = this.getOperation()
    const symbolTable = converter.options.useBarePtrCallConv ? null : new SymbolTable(module)
    if (!applyPartialConversion(module, target, funcToLLVMConversionPatterns(converter, symbolTable))) {
      this.signalPassFailure()
    }
  }
}
