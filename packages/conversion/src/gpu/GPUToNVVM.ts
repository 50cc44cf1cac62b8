/**
 * `convert-gpu-to-nvvm`: lowers the `gpu` dialect in a `gpu.module` to the `nvvm` and `llvm`
 * dialects, with the arith, cf, func and memref lowerings to llvm run in the same
 * conversion (MLIR's `LowerGpuOpsToNVVMOpsPass`): `gpu.func` to `llvm.func` (`nvvm.kernel`,
 * `nvvm.maxntid` from `known_block_size`, workgroup attributions as shared-memory globals,
 * private ones as allocas), thread/block/grid ids and sizes to special registers with
 * ranges from the known sizes, `gpu.lane_id`, `gpu.shuffle` to `nvvm.shfl.sync`,
 * `gpu.barrier` to `nvvm.barrier0`, and `arith.remf` to a libdevice call (`__nv_fmodf`).
 */
import {
  ArrayAttr,
  DenseArrayAttr,
  DictionaryAttr,
  FloatType,
  FrozenRewritePatternSet,
  IntegerAttr,
  IntegerType,
  MemRefType,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  TypeAttr,
  UnitAttr,
  VectorType,
  applyPatternsGreedily,
  failure,
  success,
  type Attribute,
  type FunctionType,
  type Location,
  type LogicalResult,
  type NamedAttribute,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  GPUAddressSpaceAttr,
  GPUEnumAttr,
  LLVMAddressOfOp,
  LLVMAllocaOp,
  LLVMArrayType,
  LLVMCallOp,
  LLVMConstantOp,
  LLVMConstantRangeAttr,
  LLVMExtractElementOp,
  LLVMFPExtOp,
  LLVMFPTruncOp,
  LLVMFunctionType,
  LLVMGEPOp,
  LLVMGlobalOp,
  LLVMInsertElementOp,
  LLVMLShrOp,
  LLVMPointerType,
  LLVMReturnOp,
  LLVMSExtOp,
  LLVMStructType,
  LLVMSubOp,
  LLVMTruncOp,
  LinkageAttr,
  NVVMEnumAttr,
  buildLLVMFuncOp,
  getGPUFuncType,
  isGPUKernel,
} from '@tilepass/dialects'
import { OperationPass, boolOption, intOption, stringListOption, type ListOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversion, type ConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { SignatureConversion } from '../TypeConverter.ts'
import { arithToLLVMConversionPatterns, ceilFloorDivExpandPatterns } from '../llvm/ArithToLLVM.ts'
import { controlFlowToLLVMConversionPatterns } from '../llvm/ControlFlowToLLVM.ts'
import { funcToLLVMConversionPatterns } from '../llvm/FuncToLLVM.ts'
import { indexToLLVMConversionPatterns } from '../llvm/IndexToLLVM.ts'
import { LLVMConversionTarget } from '../llvm/LLVMConversionTarget.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from '../llvm/LLVMTypeConverter.ts'
import { extractValue, insertValue, memRefDescriptorFromStaticShape, poison } from '../llvm/MemRefDescriptor.ts'
import { memrefToLLVMConversionPatterns } from '../llvm/MemRefToLLVM.ts'
import { ubToLLVMConversionPatterns } from '../llvm/UBToLLVM.ts'

/** NVVM's address spaces: global memory and shared (workgroup) memory. */
const kGlobalMemorySpace = 1
const kSharedMemorySpace = 3
const kWarpSize = 32

const kKnownBlockSizeAttr = 'gpu.known_block_size'
const kKnownGridSizeAttr = 'gpu.known_grid_size'

/** The gpu address spaces in NVVM's numbering (MLIR's `populateGpuMemorySpaceAttributeConversions` for NVVM). */
export function nvvmAddressSpaceOf(space: Attribute): number | null {
  if (!(space instanceof GPUAddressSpaceAttr)) {
    return null
  }
  return space.value === 'global' ? kGlobalMemorySpace : space.value === 'workgroup' ? kSharedMemorySpace : 0
}

function i32Constant(rewriter: ConversionPatternRewriter, loc: Location, value: number): Value {
  const i32 = IntegerType.get(rewriter.context, 32)
  return LLVMConstantOp.build(rewriter, loc, { results: [i32], attributes: { value: IntegerAttr.get(i32, value) } }).results[0]!
}

/** Sign-extends or truncates the i32 `value` to the index width (MLIR's index intrinsic lowerings). */
function toIndexWidth(rewriter: ConversionPatternRewriter, loc: Location, converter: LLVMTypeConverter, value: Value): Value {
  const bw = converter.getIndexTypeBitwidth()
  const type = IntegerType.get(rewriter.context, bw)
  if (bw > 32) {
    return LLVMSExtOp.build(rewriter, loc, { operands: { arg: value }, results: [type] }).results[0]!
  }
  if (bw < 32) {
    return LLVMTruncOp.build(rewriter, loc, { operands: { arg: value }, results: [type] }).results[0]!
  }
  return value
}

function dictAttr(array: Attribute | undefined, index: number, name: string): Attribute | undefined {
  if (!(array instanceof ArrayAttr)) {
    return undefined
  }
  const d = array.elements[index]
  return d instanceof DictionaryAttr ? d.get(name) : undefined
}

/** The number of elements of a statically shaped memref. */
function numElements(type: MemRefType): number {
  return type.shape.reduce((a, b) => a * b, 1)
}

/** Argument attributes copied as they are onto every converted argument. */
const kCopiedArgAttrs: readonly string[] = ['llvm.returned', 'llvm.noundef', 'llvm.inreg']
/** Argument attributes copied onto the converted arguments that are pointers. */
const kPointerArgAttrs: readonly string[] = [
  'llvm.noalias',
  'llvm.nocapture',
  'llvm.nofree',
  'llvm.align',
  'llvm.readonly',
  'llvm.writeonly',
  'llvm.readnone',
  'llvm.nonnull',
  'llvm.dereferenceable',
  'llvm.dereferenceable_or_null',
  'llvm.mlir.workgroup_attribution',
]

/**
 * `gpu.func` to `llvm.func` (MLIR's `GPUFuncOpLowering` for NVVM): the signature through
 * the type converter; workgroup attributions become internal globals `__wg_<func>_<i>` in
 * shared memory and private ones allocas, each wrapped in a descriptor of its static
 * shape; `known_block_size`/`known_grid_size` become `gpu.known_*` attributes; kernels get
 * `nvvm.kernel` and, with a known block size, `nvvm.maxntid`; pointer attributes of the
 * arguments carry over to the pointers they lower to.
 */
class GPUFuncOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('gpu.func', { typeConverter: converter })
  }

  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const ctx = op.context
    const converter = this.converter
    const funcTy: FunctionType = getGPUFuncType(op)
    const name = (op.getAttr(SymbolTable.symbolAttrName) as StringAttr).value
    const entry = op.regions[0]!.front
    const numProper = funcTy.inputs.length
    const nw = Number((op.getAttr('workgroup_attributions') as IntegerAttr | undefined)?.value ?? 0n)
    const attributions = entry.arguments.slice(numProper)
    const workgroup = attributions.slice(0, nw)
    const privates = attributions.slice(nw)
    for (const a of attributions) {
      const t = a.type
      if (!(t instanceof MemRefType) || t.shape.some((d) => d < 0) || converter.convertType(t.elementType) === null) {
        return rewriter.notifyMatchFailure(op, 'unexpected type in attribution')
      }
    }
    const globals: { name: string; type: LLVMArrayType }[] = []
    workgroup.forEach((a, i) => {
      const type = a.type as MemRefType
      const arrayType = LLVMArrayType.get(converter.convertType(type.elementType)!, numElements(type))
      const globalName = `__wg_${name}_${i}`
      const align = dictAttr(op.getAttr('workgroup_attrib_attrs'), i, 'llvm.align')
      LLVMGlobalOp.build(rewriter, loc, {
        attributes: {
          global_type: TypeAttr.get(arrayType),
          sym_name: StringAttr.get(ctx, globalName),
          linkage: LinkageAttr.get(ctx, 'internal'),
          addr_space: IntegerAttr.get(IntegerType.get(ctx, 32), kSharedMemorySpace),
          ...(align instanceof IntegerAttr && align.value !== 0n ? { alignment: IntegerAttr.get(IntegerType.get(ctx, 64), align.value) } : {}),
        },
        numRegions: 1,
      })
      globals.push({ name: globalName, type: arrayType })
    })

    const conversion = new SignatureConversion(entry.arguments.length)
    const bare = converter.options.useBarePtrCallConv
    const llvmType = converter.convertFunctionSignature(funcTy, false, bare, conversion)
    if (llvmType === null) {
      return rewriter.notifyMatchFailure(op, 'failed to convert function signature type')
    }

    const skipped = new Set([
      SymbolTable.symbolAttrName,
      'function_type',
      'workgroup_attributions',
      'workgroup_attrib_attrs',
      'private_attrib_attrs',
      'known_block_size',
      'known_grid_size',
      'arg_attrs',
    ])
    const attributes: NamedAttribute[] = []
    for (const a of op.getAttrs()) {
      if (!skipped.has(a.name)) {
        attributes.push(a)
      }
    }
    const knownBlockSize = op.getAttr('known_block_size')
    const knownGridSize = op.getAttr('known_grid_size')
    if (knownBlockSize !== undefined) {
      attributes.push({ name: kKnownBlockSizeAttr, value: knownBlockSize })
    }
    if (knownGridSize !== undefined) {
      attributes.push({ name: kKnownGridSizeAttr, value: knownGridSize })
    }
    if (isGPUKernel(op)) {
      attributes.push({ name: 'nvvm.kernel', value: UnitAttr.get(ctx) })
      if (knownBlockSize !== undefined) {
        attributes.push({ name: 'nvvm.maxntid', value: knownBlockSize })
      }
    }
    const llvmFunc = buildLLVMFuncOp(rewriter, loc, name, llvmType, { attributes })

    // The attributions, at the start of the original body (before it moves).
    const ip = rewriter.saveInsertionPoint()
    rewriter.setInsertionPointToStart(entry)
    globals.forEach((g, i) => {
      const ptrType = LLVMPointerType.get(ctx, kSharedMemorySpace)
      const address = LLVMAddressOfOp.build(rewriter, loc, { results: [ptrType], attributes: { global_name: SymbolRefAttr.get(ctx, g.name) } }).results[0]!
      const memory = LLVMGEPOp.build(rewriter, loc, {
        operands: { base: address, dynamicIndices: [] },
        results: [ptrType],
        attributes: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [0, 0]), elem_type: TypeAttr.get(g.type) },
      }).results[0]!
      const type = workgroup[i]!.type as MemRefType
      const desc = memRefDescriptorFromStaticShape(rewriter, loc, converter.convertType(type)!, converter.getIndexType(), type, memory)
      conversion.remapInput(numProper + i, desc)
    })
    const i64 = IntegerType.get(ctx, 64)
    privates.forEach((a, i) => {
      const type = a.type as MemRefType
      const count = LLVMConstantOp.build(rewriter, loc, { results: [i64], attributes: { value: IntegerAttr.get(i64, numElements(type)) } }).results[0]!
      const align = dictAttr(op.getAttr('private_attrib_attrs'), i, 'llvm.align')
      const allocated = LLVMAllocaOp.build(rewriter, loc, {
        operands: { arraySize: count },
        results: [LLVMPointerType.get(ctx)],
        attributes: {
          elem_type: TypeAttr.get(converter.convertType(type.elementType)!),
          ...(align instanceof IntegerAttr && align.value !== 0n ? { alignment: IntegerAttr.get(i64, align.value) } : {}),
        },
      }).results[0]!
      const desc = memRefDescriptorFromStaticShape(rewriter, loc, converter.convertType(type)!, converter.getIndexType(), type, allocated)
      conversion.remapInput(numProper + nw + i, desc)
    })
    rewriter.restoreInsertionPoint(ip)

    const newBody = llvmFunc.regions[0]!
    rewriter.inlineRegionBefore(op.regions[0]!, newBody, null)
    if (rewriter.convertRegionTypes(newBody, converter, conversion) === null) {
      return rewriter.notifyMatchFailure(op, 'region types conversion failed')
    }

    // Argument attributes onto the arguments they lower to.
    const argAttrs = op.getAttr('arg_attrs')
    const newArgAttrs: (Map<string, Attribute> | null)[] = new Array<Map<string, Attribute> | null>(llvmType.params.length).fill(null)
    let anyArgAttr = false
    for (let idx = 0; idx < numProper; idx++) {
      const dict = argAttrs instanceof ArrayAttr ? argAttrs.elements[idx] : undefined
      const mapping = conversion.inputMap[idx]
      if (!(dict instanceof DictionaryAttr) || dict.entries.length === 0 || mapping === undefined || !('start' in mapping)) {
        continue
      }
      const set = (i: number, attrName: string, value: Attribute): void => {
        let m = newArgAttrs[i]
        if (m === null || m === undefined) {
          m = new Map()
          newArgAttrs[i] = m
        }
        m.set(attrName, value)
        anyArgAttr = true
      }
      for (const attrName of kCopiedArgAttrs) {
        const v = dict.get(attrName)
        if (v !== undefined) {
          for (let i = 0; i < mapping.size; i++) {
            set(mapping.start + i, attrName, v)
          }
        }
      }
      let lowersToPointer = false
      for (let i = 0; i < mapping.size; i++) {
        lowersToPointer ||= llvmType.params[mapping.start + i] instanceof LLVMPointerType
      }
      if (!lowersToPointer) {
        continue
      }
      for (const attrName of kPointerArgAttrs) {
        const v = dict.get(attrName)
        if (v === undefined) {
          continue
        }
        if (mapping.size > 1 && attrName === 'llvm.noalias') {
          ctx.emitWarning(llvmFunc.location, 'Cannot copy noalias with non-bare pointers.\n').report()
          continue
        }
        for (let i = 0; i < mapping.size; i++) {
          if (llvmType.params[mapping.start + i] instanceof LLVMPointerType) {
            set(mapping.start + i, attrName, v)
          }
        }
      }
    }
    if (anyArgAttr) {
      llvmFunc.setAttr(
        'arg_attrs',
        ArrayAttr.get(
          ctx,
          newArgAttrs.map((m) => DictionaryAttr.get(ctx, m === null ? [] : [...m].map(([n, value]) => ({ name: n, value })))),
        ),
      )
    }
    rewriter.eraseOp(op)
    return success()
  }
}

/** `gpu.return` to `llvm.return`, several values packed into a struct (MLIR's `GPUReturnOpLowering`). */
class GPUReturnOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('gpu.return', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const operands = adaptor.operands
    if (operands.length <= 1) {
      rewriter.replaceOp(op, LLVMReturnOp.build(rewriter, loc, { operands: { arg: operands[0] ?? null } }))
      return success()
    }
    const packedType = this.converter.packFunctionResults(op.getOperands().map((v) => v.type))
    if (packedType === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert result types')
    }
    let packed = poison(rewriter, loc, packedType)
    operands.forEach((v, i) => {
      packed = insertValue(rewriter, loc, packed, v, [i])
    })
    rewriter.replaceOp(op, LLVMReturnOp.build(rewriter, loc, { operands: { arg: packed } }))
    return success()
  }
}

/** Which launch dimension bounds an index op: the block size, the grid size, or none. */
const enum IndexKind {
  Other,
  Block,
  Grid,
}
/** Whether the op reads an id (range [0, n)) or a size (range [1, n]). */
const enum IntrType {
  Id,
  Dim,
}

/** The nearest function around `op` (`gpu.func`, `llvm.func` or `func.func`), or null. */
function enclosingFunction(op: Operation): Operation | null {
  for (let p = op.parentOp; p !== null; p = p.parentOp) {
    const n = p.name.name
    if (n === 'gpu.func' || n === 'llvm.func' || n === 'func.func') {
      return p
    }
  }
  return null
}

/**
 * A gpu index op (`gpu.thread_id x`, ...) to the NVVM special register of its dimension,
 * extended or truncated to the index width (MLIR's `GPUIndexIntrinsicOpLowering`); the
 * register gets a `range` from `upper_bound` or the known block/grid size of the function.
 */
class GPUIndexIntrinsicOpLowering extends OpConversionPattern {
  constructor(
    opName: string,
    private readonly register: string,
    private readonly kind: IndexKind,
    private readonly intr: IntrType,
    private readonly converter: LLVMTypeConverter,
  ) {
    super(opName, { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const ctx = op.context
    const dimAttr = op.getAttr('dimension')
    const dim = dimAttr instanceof GPUEnumAttr ? dimAttr.value : 'x'
    const dimIndex = dim === 'x' ? 0 : dim === 'y' ? 1 : 2
    let bounds: Attribute | undefined
    const func = enclosingFunction(op)
    if (func !== null && this.kind !== IndexKind.Other) {
      const discardable = func.getAttr(this.kind === IndexKind.Block ? kKnownBlockSizeAttr : kKnownGridSizeAttr)
      if (discardable instanceof DenseArrayAttr) {
        bounds = discardable
      }
      if (func.name.name === 'gpu.func') {
        bounds = func.getAttr(this.kind === IndexKind.Block ? 'known_block_size' : 'known_grid_size')
      }
    }
    let upper: bigint | null = null
    if (bounds instanceof DenseArrayAttr && bounds.values.length > dimIndex) {
      upper = BigInt(bounds.values[dimIndex]!)
    }
    const opBound = op.getAttr('upper_bound')
    if (opBound instanceof IntegerAttr) {
      upper = BigInt.asUintN(64, opBound.value)
    }
    const i32 = IntegerType.get(ctx, 32)
    const properties: Record<string, Attribute> = {}
    if (upper !== null) {
      const min = this.intr === IntrType.Dim ? 1n : 0n
      const max = BigInt.asIntN(32, upper + (this.intr === IntrType.Id ? 0n : 1n))
      properties.range = LLVMConstantRangeAttr.get(ctx, 32, min, max)
    }
    const reg = rewriter.create(`nvvm.read.ptx.sreg.${this.register}.${dim}`, loc, { results: [i32], properties }).results[0]!
    rewriter.replaceOp(op, [toIndexWidth(rewriter, loc, this.converter, reg)])
    return success()
  }
}

/** `gpu.lane_id` to `nvvm.read.ptx.sreg.laneid` in [0, upper_bound or 32) (MLIR's `GPULaneIdOpToNVVM`). */
class GPULaneIdOpToNVVM extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('gpu.lane_id', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const ctx = op.context
    const bound = op.getAttr('upper_bound')
    const upper = bound instanceof IntegerAttr ? BigInt.asIntN(32, BigInt.asUintN(64, bound.value)) : BigInt(kWarpSize)
    const reg = rewriter.create('nvvm.read.ptx.sreg.laneid', op.location, {
      results: [IntegerType.get(ctx, 32)],
      properties: { range: LLVMConstantRangeAttr.get(ctx, 32, 0n, upper) },
    }).results[0]!
    rewriter.replaceOp(op, [toIndexWidth(rewriter, op.location, this.converter, reg)])
    return success()
  }
}

const kShflKind: Readonly<Record<string, string>> = { xor: 'bfly', up: 'up', down: 'down', idx: 'idx' }

/**
 * `gpu.shuffle` to `nvvm.shfl.sync` (MLIR's `GPUShuffleOpLowering`): the active mask is
 * `-1 >> (32 - width)`, the clamp `32 - width` for `up` and `width - 1` otherwise; the
 * validity bit is requested only when it is used.
 */
class GPUShuffleOpLowering extends OpConversionPattern {
  constructor(converter: LLVMTypeConverter) {
    super('gpu.shuffle', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const ctx = op.context
    const [value, offset, width] = [adaptor.operands[0]!, adaptor.operands[1]!, adaptor.operands[2]!]
    const modeAttr = op.getAttr('mode')
    const mode = modeAttr instanceof GPUEnumAttr ? modeAttr.value : 'xor'
    const i32 = IntegerType.get(ctx, 32)
    const one = i32Constant(rewriter, loc, 1)
    const minusOne = i32Constant(rewriter, loc, -1)
    const thirtyTwo = i32Constant(rewriter, loc, 32)
    const numLeadInactiveLane = LLVMSubOp.build(rewriter, loc, { operands: { lhs: thirtyTwo, rhs: width }, results: [i32] }).results[0]!
    const activeMask = LLVMLShrOp.build(rewriter, loc, { operands: { lhs: minusOne, rhs: numLeadInactiveLane }, results: [i32] }).results[0]!
    const maskAndClamp = mode === 'up' ? numLeadInactiveLane : LLVMSubOp.build(rewriter, loc, { operands: { lhs: width, rhs: one }, results: [i32] }).results[0]!
    const wantValid = !op.getResult(1).useEmpty
    const resultType = wantValid ? LLVMStructType.getLiteral(ctx, [value.type, IntegerType.get(ctx, 1)]) : value.type
    const shfl = rewriter.create('nvvm.shfl.sync', loc, {
      operands: [activeMask, value, offset, maskAndClamp],
      results: [resultType],
      properties: {
        kind: NVVMEnumAttr.get(ctx, 'shfl_kind', kShflKind[mode] ?? 'bfly'),
        ...(wantValid ? { return_value_and_is_valid: UnitAttr.get(ctx) } : {}),
      },
    }).results[0]!
    if (!wantValid) {
      rewriter.replaceOp(op, [shfl, shfl])
      return success()
    }
    rewriter.replaceOp(op, [extractValue(rewriter, loc, shfl, [0]), extractValue(rewriter, loc, shfl, [1])])
    return success()
  }
}

/** `gpu.barrier` to `nvvm.barrier0`. */
class GPUBarrierOpLowering extends OpConversionPattern {
  constructor(converter: LLVMTypeConverter) {
    super('gpu.barrier', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    rewriter.replaceOp(op, rewriter.create('nvvm.barrier0', op.location, {}))
    return success()
  }
}

/**
 * A float op to a call of its libdevice function (MLIR's `OpToFuncCallLowering`): `f32Func`
 * for f32, `f64Func` for f64, f16 and bf16 operands extended to f32 and the result truncated back.
 * The declaration is added before the enclosing function when the module has none.
 */
class OpToFuncCallLowering extends OpConversionPattern {
  constructor(
    opName: string,
    private readonly f32Func: string,
    private readonly f64Func: string,
    converter: LLVMTypeConverter,
  ) {
    // Preferred to the arith lowering of the same op (`llvm.intr.maxnum`, ...).
    super(opName, { typeConverter: converter, benefit: 2 })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const ctx = op.context
    const f32 = FloatType.get(ctx, 'f32')
    const casted = adaptor.operands.map((v) =>
      v.type instanceof FloatType && (v.type.kind === 'f16' || v.type.kind === 'bf16')
        ? LLVMFPExtOp.build(rewriter, v.location, { operands: { arg: v }, results: [f32] }).results[0]!
        : v,
    )
    const resultType = casted[0]!.type
    const kind = resultType instanceof FloatType ? resultType.kind : ''
    const funcName = kind === 'f32' ? this.f32Func : kind === 'f64' ? this.f64Func : ''
    if (funcName === '') {
      return failure()
    }
    const funcType = LLVMFunctionType.get(
      resultType,
      casted.map((v) => v.type),
    )
    if (SymbolTable.lookupNearestSymbolFrom(op, StringAttr.get(ctx, funcName).value) === undefined) {
      const parentFunc = enclosingFunction(op)
      if (parentFunc === null) {
        return rewriter.notifyMatchFailure(op, 'not inside a function')
      }
      const ip = rewriter.saveInsertionPoint()
      rewriter.setInsertionPoint(parentFunc)
      buildLLVMFuncOp(rewriter, loc, funcName, funcType)
      rewriter.restoreInsertionPoint(ip)
    }
    const call = LLVMCallOp.build(rewriter, loc, {
      operands: { callee_operands: casted, op_bundle_operands: [] },
      results: [resultType],
      attributes: { callee: SymbolRefAttr.get(ctx, funcName) },
    }).results[0]!
    const original = adaptor.operands[0]!.type
    rewriter.replaceOp(op, [
      resultType === original ? call : LLVMFPTruncOp.build(rewriter, loc, { operands: { arg: call }, results: [original] }).results[0]!,
    ])
    return success()
  }
}

/**
 * A float op on vectors to the same op on each element (MLIR's `ScalarizeVectorOpLowering`):
 * 1-D vectors are rebuilt element by element with `llvm.extractelement`/`insertelement`,
 * n-D ones (arrays of 1-D vectors) one 1-D vector at a time; the scalar ops are then
 * lowered by the other patterns (to libdevice calls).
 */
class ScalarizeVectorOpLowering extends OpConversionPattern {
  constructor(opName: string, converter: LLVMTypeConverter) {
    super(opName, { typeConverter: converter, benefit: 2 })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    if (!op.getOperands().some((v) => v.type instanceof VectorType)) {
      return rewriter.notifyMatchFailure(op, 'expected vector operand')
    }
    const resultType = this.typeConverter!.convertType(op.getResult(0).type)
    if (resultType === null) {
      return failure()
    }
    const loc = op.location
    const ctx = op.context
    const i64 = IntegerType.get(ctx, 64)
    const scalarize1D = (vectorType: VectorType, operands: readonly Value[]): Value => {
      let result = poison(rewriter, loc, vectorType)
      for (let i = 0; i < vectorType.shape[0]!; i++) {
        const index = LLVMConstantOp.build(rewriter, loc, { results: [i64], attributes: { value: IntegerAttr.get(i64, i) } }).results[0]!
        const elements = operands.map(
          (v) => LLVMExtractElementOp.build(rewriter, loc, { operands: { vector: v, position: index }, results: [vectorType.elementType] }).results[0]!,
        )
        const scalar = rewriter.create(op.name.name, loc, { operands: elements, results: [vectorType.elementType], properties: Object.fromEntries(op.getAttrs().map((a) => [a.name, a.value])) })
        result = LLVMInsertElementOp.build(rewriter, loc, { operands: { vector: result, value: scalar.results[0]!, position: index }, results: [vectorType] }).results[0]!
      }
      return result
    }
    if (resultType instanceof VectorType) {
      rewriter.replaceOp(op, [scalarize1D(resultType, adaptor.operands)])
      return success()
    }
    // An array of 1-D vectors: each of them in row-major order of the leading dims.
    const dims: number[] = []
    let inner: Type = resultType
    while (inner instanceof LLVMArrayType) {
      dims.push(inner.numElements)
      inner = inner.elementType
    }
    if (!(inner instanceof VectorType)) {
      return failure()
    }
    let result = poison(rewriter, loc, resultType)
    const total = dims.reduce((a, b) => a * b, 1)
    for (let linear = 0; linear < total; linear++) {
      const indices: number[] = new Array<number>(dims.length)
      let rest = linear
      for (let d = dims.length - 1; d >= 0; d--) {
        indices[d] = rest % dims[d]!
        rest = Math.floor(rest / dims[d]!)
      }
      const operands = adaptor.operands.map((v) => extractValue(rewriter, loc, v, indices))
      result = insertValue(rewriter, loc, result, scalarize1D(inner, operands), indices)
    }
    rewriter.replaceOp(op, [result])
    return success()
  }
}

/** The libdevice functions of the float ops this lowering has (f32 and f64 variants). */
const kLibdeviceCalls: readonly (readonly [string, string, string])[] = [
  ['arith.remf', '__nv_fmodf', '__nv_fmod'],
  ['arith.maxnumf', '__nv_fmaxf', '__nv_fmax'],
  ['arith.minnumf', '__nv_fminf', '__nv_fmin'],
]

/**
 * The patterns lowering gpu ops to nvvm (MLIR's `populateGpuToNVVMConversionPatterns`, the
 * subset for the ops Tilepass's gpu dialect has).
 */
export function gpuToNVVMConversionPatterns(converter: LLVMTypeConverter): ConversionPattern[] {
  return [
    new GPUIndexIntrinsicOpLowering('gpu.thread_id', 'tid', IndexKind.Block, IntrType.Id, converter),
    new GPUIndexIntrinsicOpLowering('gpu.block_dim', 'ntid', IndexKind.Block, IntrType.Dim, converter),
    new GPUIndexIntrinsicOpLowering('gpu.block_id', 'ctaid', IndexKind.Grid, IntrType.Id, converter),
    new GPUIndexIntrinsicOpLowering('gpu.grid_dim', 'nctaid', IndexKind.Grid, IntrType.Dim, converter),
    new GPULaneIdOpToNVVM(converter),
    new GPUShuffleOpLowering(converter),
    new GPUReturnOpLowering(converter),
    new GPUBarrierOpLowering(converter),
    new GPUFuncOpLowering(converter),
    ...kLibdeviceCalls.flatMap(([op, f32, f64]) => [new ScalarizeVectorOpLowering(op, converter), new OpToFuncCallLowering(op, f32, f64, converter)]),
  ]
}

/** The target of the lowering (MLIR's `configureGpuToNVVMConversionLegality`). */
export function configureGpuToNVVMConversionLegality(target: LLVMConversionTarget): void {
  target.addIllegalOp('func.func')
  target.addLegalDialect('llvm', 'nvvm')
  target.addIllegalDialect('gpu')
  target.addIllegalOp(
    'llvm.intr.cos',
    'llvm.intr.exp',
    'llvm.intr.exp2',
    'llvm.intr.fabs',
    'llvm.intr.ceil',
    'llvm.intr.floor',
    'llvm.frem',
    'llvm.intr.log',
    'llvm.intr.log10',
    'llvm.intr.log2',
    'llvm.intr.pow',
    'llvm.intr.sin',
    'llvm.intr.sqrt',
  )
  target.addLegalOp('gpu.module')
}

/** The option declarations of the pass (see `OptionDecls`). */
export type GPUToNVVMOptionDecls = {
  readonly indexBitwidth: ScalarOption<number>
  readonly hasRedux: ScalarOption<boolean>
  readonly useBarePtrCallConv: ScalarOption<boolean>
  readonly allowedDialects: ListOption<string>
  readonly allowPatternRollback: ScalarOption<boolean>
}
const gpuToNVVMOptions: GPUToNVVMOptionDecls = {
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
  hasRedux: boolOption('has-redux', false, 'Target gpu supports redux'),
  useBarePtrCallConv: boolOption(
    'use-bare-ptr-memref-call-conv',
    false,
    'Replace memref arguments in GPU functions with bare pointers. All memrefs must have static shape.',
  ),
  allowedDialects: stringListOption('allowed-dialects', 'Run conversion patterns of only the specified dialects'),
  allowPatternRollback: boolOption('allow-pattern-rollback', true, 'Experimental performance flag to disallow pattern rollback'),
}

/**
 * The dialects that have a lowering to llvm (upstream's `ConvertToLLVMPatternInterface`),
 * with the patterns Tilepass has for them (arith's includes the ceil/floor division
 * expansion; `nvvm` contributes none here).
 */
const kToLLVMInterfaces: ReadonlyMap<string, (c: LLVMTypeConverter) => ConversionPattern[]> = new Map<string, (c: LLVMTypeConverter) => ConversionPattern[]>([
  ['arith', (c) => [...ceilFloorDivExpandPatterns(), ...arithToLLVMConversionPatterns(c)]],
  ['cf', controlFlowToLLVMConversionPatterns],
  ['func', (c) => funcToLLVMConversionPatterns(c)],
  ['index', indexToLLVMConversionPatterns],
  ['memref', memrefToLLVMConversionPatterns],
  ['nvvm', () => []],
  ['ub', ubToLLVMConversionPatterns],
])

/**
 * `convert-gpu-to-nvvm`: generates NVVM operations for gpu operations in a `gpu.module`,
 * lowering arith, cf, func and memref to llvm in the same conversion (`allowed-dialects`
 * restricts those to the dialects named). `func.func` ops get C wrappers. Before the
 * conversion the module is simplified greedily (folding, constant hoisting, dead code).
 */
export class ConvertGpuOpsToNVVMOpsPass extends OperationPass<OptionValues<GPUToNVVMOptionDecls>> {
  static override readonly argument = 'convert-gpu-to-nvvm'
  static override readonly summary = 'Generate NVVM operations for gpu operations'
  static override readonly opName = 'gpu.module'
  static override readonly dependentDialects: readonly string[] = ['llvm', 'nvvm']
  static override readonly options: GPUToNVVMOptionDecls = gpuToNVVMOptions
  static readonly passName: string = 'ConvertGpuOpsToNVVMOps'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const m = this.getOperation()
    const body = m.regions[0]!.firstBlock
    if (body !== null) {
      for (const op of body.operations) {
        if (op.name.name === 'func.func') {
          op.setAttr('llvm.emit_c_interface', UnitAttr.get(ctx))
        }
      }
    }
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth, useBarePtrCallConv: this.options.useBarePtrCallConv })
    // The in-dialect rewrites (none of which apply to the ops Tilepass has): what remains is
    // the greedy driver's folding, dead-code removal and (as upstream's output shows, at the
    // aggressive level) merging of identical blocks and dropping of redundant arguments.
    applyPatternsGreedily(m, new FrozenRewritePatternSet([]), { regionSimplificationLevel: 'aggressive' })
    converter.memorySpaceConversion = nvvmAddressSpaceOf
    const allowed = this.options.allowedDialects
    const patterns: ConversionPattern[] = []
    // As upstream: every loaded dialect (all, or those allowed), by namespace, through its
    // lowering to llvm; an allowed dialect without one is an error.
    const loaded = ctx.loadedDialects.map((d) => d.namespace).sort()
    for (const ns of loaded) {
      if (allowed.length > 0 && !allowed.includes(ns)) {
        continue
      }
      const populate = kToLLVMInterfaces.get(ns)
      if (populate === undefined) {
        if (allowed.length === 0) {
          continue
        }
        m.emitError(`dialect does not implement ConvertToLLVMPatternInterface: ${ns}`).report()
        this.signalPassFailure()
        return
      }
      patterns.push(...populate(converter))
    }
    patterns.push(...gpuToNVVMConversionPatterns(converter))
    const target = new LLVMConversionTarget(ctx)
    configureGpuToNVVMConversionLegality(target)
    if (!applyPartialConversion(m, target, patterns)) {
      this.signalPassFailure()
    }
  }
}
