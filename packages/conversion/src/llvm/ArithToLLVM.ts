import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  VectorType,
  failure,
  getElementTypeOrSelf,
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
  FastMathFlagsAttr,
  IntegerOverflowFlagsAttr,
  LLVMArrayType,
  LLVMFastmathFlags,
  LLVMFastmathFlagsAttr,
  LLVMStructType,
  isCompatibleType,
  llvmEnumIntAttr,
} from '@tilepass/dialects'
import { OperationPass, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'

// ---- Attribute conversion ---------------------------------------------------------------

/** `arith` fast-math bits (FastMathFlags order) to the `llvm` bits of the same flags. */
const FASTMATH_ARITH_TO_LLVM: readonly (readonly [number, number])[] = [
  [1, LLVMFastmathFlags.reassoc],
  [2, LLVMFastmathFlags.nnan],
  [4, LLVMFastmathFlags.ninf],
  [8, LLVMFastmathFlags.nsz],
  [16, LLVMFastmathFlags.arcp],
  [32, LLVMFastmathFlags.contract],
  [64, LLVMFastmathFlags.afn],
]

/** The `#llvm.fastmath` attribute with the flags of an `#arith.fastmath` attribute (MLIR's `convertArithFastMathAttrToLLVM`). */
export function convertArithFastMathAttrToLLVM(attr: FastMathFlagsAttr): LLVMFastmathFlagsAttr {
  let bits = 0
  for (const [from, to] of FASTMATH_ARITH_TO_LLVM) {
    if ((attr.value & from) !== 0) {
      bits |= to
    }
  }
  return LLVMFastmathFlagsAttr.get(attr.context, bits)
}

/** How the attributes of an arith op carry over to its LLVM op (MLIR's `AttrConvert*` classes). */
const enum AttrKind {
  /** Every attribute is copied as is. */
  PassThrough,
  /** `fastmath` becomes `fastmathFlags`; the rest is copied. */
  FastMath,
  /** `overflowFlags` becomes the LLVM op's `overflowFlags` property; the rest is copied. */
  Overflow,
}

/** The attributes of `op` with `fastmath` as LLVM's `fastmathFlags` (MLIR's `AttrConvertFastMathToLLVM`). */
export function convertFastMathAttrs(op: Operation): NamedAttribute[] {
  return convertAttrs(op, AttrKind.FastMath)
}

/**
 * The attributes of the LLVM op replacing `op`, converted as `kind` says. `overflowAttrs`
 * keeps the `overflowFlags` attributes made so far, by flags (one context's).
 */
function convertAttrs(op: Operation, kind: AttrKind, overflowAttrs: IntegerAttr[] | null = null): NamedAttribute[] {
  const out: NamedAttribute[] = []
  let overflow = 0
  for (const a of op.getAttrs()) {
    if (kind === AttrKind.FastMath && a.name === 'fastmath') {
      if (a.value instanceof FastMathFlagsAttr) {
        out.push({ name: 'fastmathFlags', value: convertArithFastMathAttrToLLVM(a.value) })
      }
      continue
    }
    if (kind === AttrKind.Overflow && a.name === 'overflowFlags') {
      if (a.value instanceof IntegerOverflowFlagsAttr) {
        overflow = a.value.value
      }
      continue
    }
    out.push(a)
  }
  if (kind === AttrKind.Overflow) {
    // The two enums share their bit values (nsw = 1, nuw = 2).
    let value = overflowAttrs?.[overflow]
    if (value === undefined || value.context !== op.context) {
      value = llvmEnumIntAttr(op.context, 32, overflow)
      if (overflowAttrs !== null) {
        overflowAttrs[overflow] = value
      }
    }
    out.push({ name: 'overflowFlags', value })
  }
  return out
}

// ---- Shared rewrites --------------------------------------------------------------------

/** True when a type of `op` is a float type LLVM has not (MLIR's `opHasUnsupportedFloatingPointTypes`). */
function hasUnsupportedFloat(op: Operation): boolean {
  const check = (t: Type): boolean => {
    const e = getElementTypeOrSelf(t)
    return e instanceof FloatType && !isCompatibleType(e)
  }
  return op.operandTypes.some(check) || op.resultTypes.some(check)
}

/** The positions of the 1-D vectors of an LLVM array of `shape` (all but the last dim), in row-major order. */
function arrayPositions(shape: readonly number[]): number[][] {
  const dims = shape.slice(0, -1)
  const out: number[][] = []
  const pos = dims.map(() => 0)
  const total = dims.reduce((n, d) => n * d, 1)
  for (let k = 0; k < total; k++) {
    out.push(pos.slice())
    for (let d = dims.length - 1; d >= 0; d--) {
      pos[d]!++
      if (pos[d]! < dims[d]!) {
        break
      }
      pos[d] = 0
    }
  }
  return out
}

/**
 * Unrolls an op on n-D vectors (LLVM arrays of 1-D vectors): for each 1-D position, the
 * operands are extracted, `create` builds the 1-D op, and the results are inserted into
 * a poison array that replaces `op` (MLIR's `handleMultidimensionalVectors`).
 */
export function handleMultidimensionalVectors(
  op: Operation,
  operands: readonly Value[],
  converter: LLVMTypeConverter,
  rewriter: ConversionPatternRewriter,
  create: (type1D: Type, operands: readonly Value[]) => Value,
): LogicalResult {
  const resultType = op.getResult(0).type
  if (!(resultType instanceof VectorType)) {
    return failure()
  }
  const llvmType = converter.convertType(resultType)
  if (llvmType === null) {
    return failure()
  }
  let type1D: Type = llvmType
  while (type1D instanceof LLVMArrayType) {
    type1D = type1D.elementType
  }
  const loc = op.location
  let desc = rewriter.create('llvm.mlir.poison', loc, { results: [llvmType] }).results[0]!
  for (const position of arrayPositions(resultType.shape)) {
    const positionAttr = { position: i64Array(op, position) }
    const extracted = operands.map((v) => {
      const t = elementAtPosition(v.type, position.length)
      return rewriter.create('llvm.extractvalue', loc, { operands: [v], results: [t], attributes: positionAttr }).results[0]!
    })
    const value = create(type1D, extracted)
    desc = rewriter.create('llvm.insertvalue', loc, { operands: [desc, value], results: [llvmType], attributes: positionAttr }).results[0]!
  }
  rewriter.replaceOp(op, [desc])
  return success()
}

function elementAtPosition(type: Type, depth: number): Type {
  let t = type
  for (let i = 0; i < depth && t instanceof LLVMArrayType; i++) {
    t = t.elementType
  }
  return t
}

function i64Array(op: Operation, values: readonly number[]): Attribute {
  return DenseArrayAttr.get(IntegerType.get(op.context, 64), values.map((v) => BigInt(v)))
}

/**
 * Replaces `op` by one `targetName` op on the converted operands and result type, with
 * `attrs` (MLIR's `vectorOneToOneRewrite`): ops on n-D vectors are unrolled.
 */
export function vectorOneToOneRewrite(
  op: Operation,
  targetName: string,
  operands: readonly Value[],
  attrs: readonly NamedAttribute[],
  converter: LLVMTypeConverter,
  rewriter: ConversionPatternRewriter,
): LogicalResult {
  for (const v of operands) {
    if (!isCompatibleType(v.type)) {
      return failure()
    }
  }
  if (operands.length > 0 && operands[0]!.type instanceof LLVMArrayType) {
    return handleMultidimensionalVectors(op, operands, converter, rewriter, (type1D, ops) => {
      return rewriter.create(targetName, op.location, { operands: ops, results: [type1D], attributes: attrs }).results[0]!
    })
  }
  return oneToOneRewrite(op, targetName, operands, attrs, converter, rewriter)
}

/** Replaces `op` by one `targetName` op with the converted (packed) result type (MLIR's `oneToOneRewrite`). */
function oneToOneRewrite(
  op: Operation,
  targetName: string,
  operands: readonly Value[],
  attrs: readonly NamedAttribute[],
  converter: LLVMTypeConverter,
  rewriter: ConversionPatternRewriter,
): LogicalResult {
  const results: Type[] = []
  if (op.numResults > 0) {
    const t = converter.packOperationResults(op.resultTypes)
    if (t === null) {
      return failure()
    }
    results.push(t)
  }
  const newOp = rewriter.create(targetName, op.location, { operands, results, attributes: attrs })
  if (op.numResults === 0) {
    rewriter.eraseOp(op)
  } else {
    rewriter.replaceOp(op, newOp.results)
  }
  return success()
}

// ---- Patterns -----------------------------------------------------------------------------

/** A pattern whose type converter is an `LLVMTypeConverter`. */
abstract class ArithToLLVMPattern extends OpConversionPattern {
  constructor(
    opName: string,
    readonly converter: LLVMTypeConverter,
    benefit = 1,
  ) {
    super(opName, { typeConverter: converter, benefit })
  }
}

/** `arith.<op>` to one `llvm.<op>` with converted attributes (MLIR's `VectorConvertToLLVMPattern`). */
class VectorConvertToLLVMPattern extends ArithToLLVMPattern {
  constructor(
    opName: string,
    private readonly targetName: string,
    converter: LLVMTypeConverter,
    private readonly attrKind: AttrKind = AttrKind.PassThrough,
    private readonly failOnUnsupportedFP = false,
  ) {
    super(opName, converter)
    this.name = `${opName}->${targetName}`
  }

  /** The `overflowFlags` attributes this pattern made, by flags (its converter's context). */
  private readonly overflowAttrs: IntegerAttr[] = []

  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    if (this.failOnUnsupportedFP && hasUnsupportedFloat(op)) {
      return failure()
    }
    return vectorOneToOneRewrite(op, this.targetName, adaptor.operands, convertAttrs(op, this.attrKind, this.overflowAttrs), this.converter, rewriter)
  }
}

/** `arith.roundingmode` values (enum order) as `llvm::RoundingMode` values. */
const LLVM_ROUNDING_MODES: readonly number[] = [
  1, // to_nearest_even: tonearest
  3, // downward
  2, // upward
  0, // toward_zero: towardzero
  4, // to_nearest_away: tonearestaway
]

/**
 * `arith.truncf` to `llvm.fptrunc`, or with a rounding mode to
 * `llvm.intr.experimental.constrained.fptrunc` with that mode and `ignore` exception
 * behaviour (the other attributes carried over, as upstream's constrained-FP converter does).
 */
class TruncFOpLowering extends ArithToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('arith.truncf', converter)
    this.name = 'arith.truncf->llvm.fptrunc'
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    if (hasUnsupportedFloat(op)) {
      return failure()
    }
    const mode = op.getAttr('roundingmode')
    if (mode === undefined) {
      return vectorOneToOneRewrite(op, 'llvm.fptrunc', adaptor.operands, convertAttrs(op, AttrKind.PassThrough), this.converter, rewriter)
    }
    const attrs = convertAttrs(op, AttrKind.PassThrough).filter((a) => a.name !== 'roundingmode')
    const llvmMode = LLVM_ROUNDING_MODES[mode instanceof IntegerAttr ? Number(mode.value) : 0] ?? 1
    attrs.push({ name: 'roundingmode', value: llvmEnumIntAttr(op.context, 64, llvmMode) }, { name: 'fpExceptionBehavior', value: llvmEnumIntAttr(op.context, 64, 0) })
    return vectorOneToOneRewrite(op, 'llvm.intr.experimental.constrained.fptrunc', adaptor.operands, attrs, this.converter, rewriter)
  }
}

/** `arith.constant` to `llvm.mlir.constant` with the same attributes (the value keeps its type). */
class ConstantOpLowering extends ArithToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('arith.constant', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return oneToOneRewrite(op, 'llvm.mlir.constant', adaptor.operands, op.getAttrs(), this.converter, rewriter)
  }
}

/** A bitcast between types that convert to the same type disappears. */
class IdentityBitcastLowering extends ArithToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('arith.bitcast', converter, 10)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const src = adaptor.getOperand(0)
    if (src.type !== this.converter.convertType(op.getResult(0).type)) {
      return rewriter.notifyMatchFailure(op, 'Types are different')
    }
    rewriter.replaceOp(op, [src])
    return success()
  }
}

function bitWidth(t: Type | null): number {
  return t instanceof IntegerType ? t.width : t instanceof FloatType ? t.width : 0
}

/**
 * `arith.index_cast` (`llvm.sext`) and `arith.index_castui` (`llvm.zext`): the value itself
 * when the converted widths agree, a truncation when narrowing.
 */
class IndexCastOpLowering extends ArithToLLVMPattern {
  constructor(
    opName: string,
    private readonly extName: string,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const resultType = op.getResult(0).type
    const targetBits = bitWidth(this.converter.convertType(getElementTypeOrSelf(resultType)))
    const sourceBits = bitWidth(this.converter.convertType(getElementTypeOrSelf(op.getOperand(0).type)))
    const input = adaptor.getOperand(0)
    if (targetBits === sourceBits) {
      rewriter.replaceOp(op, [input])
      return success()
    }
    const name = targetBits < sourceBits ? 'llvm.trunc' : this.extName
    if (!(input.type instanceof LLVMArrayType)) {
      const targetType = this.converter.convertType(resultType)
      if (targetType === null) {
        return failure()
      }
      rewriter.replaceOp(op, rewriter.create(name, op.location, { operands: [input], results: [targetType] }).results)
      return success()
    }
    if (!(resultType instanceof VectorType)) {
      return rewriter.notifyMatchFailure(op, 'expected vector result type')
    }
    return handleMultidimensionalVectors(op, adaptor.operands, this.converter, rewriter, (type1D, ops) => {
      return rewriter.create(name, op.location, { operands: ops, results: [type1D] }).results[0]!
    })
  }
}

/** `arith.addui_extended` to `llvm.intr.uadd.with.overflow` and two `llvm.extractvalue`s. */
class AddUIExtendedOpLowering extends ArithToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('arith.addui_extended', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operandType = adaptor.getOperand(0).type
    if (!isCompatibleType(operandType)) {
      return failure()
    }
    if (operandType instanceof LLVMArrayType) {
      return rewriter.notifyMatchFailure(op, 'ND vector types are not supported yet')
    }
    // The sum is typed with the converted type (an `index` sum becomes the index integer),
    // as later upstream versions do (their index-bitwidth.mlir test); mlir-opt 22 kept
    // `index` in the struct and failed to verify.
    const sumType = this.converter.convertType(op.getResult(0).type)
    const overflowType = this.converter.convertType(op.getResult(1).type)
    if (sumType === null || overflowType === null) {
      return failure()
    }
    const loc = op.location
    const structType = LLVMStructType.getLiteral(op.context, [sumType, overflowType])
    const add = rewriter.create('llvm.intr.uadd.with.overflow', loc, { operands: adaptor.operands, results: [structType] }).results[0]!
    const sum = extractValue(rewriter, loc, add, 0, sumType, op)
    const overflow = extractValue(rewriter, loc, add, 1, overflowType, op)
    rewriter.replaceOp(op, [sum, overflow])
    return success()
  }
}

function extractValue(rewriter: ConversionPatternRewriter, loc: Location, from: Value, index: number, type: Type, op: Operation): Value {
  return rewriter.create('llvm.extractvalue', loc, { operands: [from], results: [type], attributes: { position: i64Array(op, [index]) } }).results[0]!
}

/**
 * `arith.mulsi_extended` / `arith.mului_extended`: both operands extended to twice their
 * width, multiplied, and the product split into its low and high halves.
 */
class MulIExtendedOpLowering extends ArithToLLVMPattern {
  constructor(
    opName: string,
    private readonly isSigned: boolean,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const resultType = adaptor.getOperand(0).type
    if (!isCompatibleType(resultType)) {
      return failure()
    }
    if (resultType instanceof LLVMArrayType) {
      return rewriter.notifyMatchFailure(op, 'ND vector types are not supported yet')
    }
    let shiftAttr: Attribute
    let wideType: Type
    if (resultType instanceof IntegerType) {
      wideType = IntegerType.get(op.context, resultType.width * 2)
      shiftAttr = IntegerAttr.get(wideType, resultType.width)
    } else if (resultType instanceof VectorType) {
      const width = bitWidth(resultType.elementType)
      const wideVector = VectorType.get(resultType.shape, IntegerType.get(op.context, width * 2))
      wideType = wideVector
      shiftAttr = DenseIntOrFPElementsAttr.get(wideVector, [BigInt(width)], true)
    } else {
      return rewriter.notifyMatchFailure(op, 'expected vector result type')
    }
    const loc = op.location
    const ext = this.isSigned ? 'llvm.sext' : 'llvm.zext'
    const lhs = rewriter.create(ext, loc, { operands: [adaptor.getOperand(0)], results: [wideType] }).results[0]!
    const rhs = rewriter.create(ext, loc, { operands: [adaptor.getOperand(1)], results: [wideType] }).results[0]!
    const mul = rewriter.create('llvm.mul', loc, { operands: [lhs, rhs], results: [wideType] }).results[0]!
    const low = rewriter.create('llvm.trunc', loc, { operands: [mul], results: [resultType] }).results[0]!
    const shift = rewriter.create('llvm.mlir.constant', loc, { results: [wideType], attributes: { value: shiftAttr } }).results[0]!
    const highExt = rewriter.create('llvm.lshr', loc, { operands: [mul, shift], results: [wideType] }).results[0]!
    const high = rewriter.create('llvm.trunc', loc, { operands: [highExt], results: [resultType] }).results[0]!
    rewriter.replaceOp(op, [low, high])
    return success()
  }
}

/** `arith.cmpi` / `arith.cmpf` to `llvm.icmp` / `llvm.fcmp` (the predicate enums share their values). */
class CmpOpLowering extends ArithToLLVMPattern {
  constructor(
    opName: string,
    private readonly targetName: string,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const predicate = op.getAttr('predicate')
    const attrs: NamedAttribute[] = [{ name: 'predicate', value: llvmEnumIntAttr(op.context, 64, predicate instanceof IntegerAttr ? Number(predicate.value) : 0) }]
    if (this.targetName === 'llvm.fcmp') {
      // LLVM has no such float type: the comparison stays (its operands still convert to integers).
      if (hasUnsupportedFloat(op)) {
        return rewriter.notifyMatchFailure(op, 'unsupported floating point type')
      }
      const fmf = op.getAttr('fastmath')
      attrs.push({ name: 'fastmathFlags', value: fmf instanceof FastMathFlagsAttr ? convertArithFastMathAttrToLLVM(fmf) : LLVMFastmathFlagsAttr.get(op.context, 0) })
    }
    const resultType = op.getResult(0).type
    if (!(adaptor.getOperand(0).type instanceof LLVMArrayType)) {
      const t = this.converter.convertType(resultType)
      if (t === null) {
        return failure()
      }
      rewriter.replaceOp(op, rewriter.create(this.targetName, op.location, { operands: adaptor.operands, results: [t], attributes: attrs }).results)
      return success()
    }
    if (!(resultType instanceof VectorType)) {
      return rewriter.notifyMatchFailure(op, 'expected vector result type')
    }
    return handleMultidimensionalVectors(op, adaptor.operands, this.converter, rewriter, (type1D, ops) => {
      return rewriter.create(this.targetName, op.location, { operands: ops, results: [type1D], attributes: attrs }).results[0]!
    })
  }
}

// ---- Ceil and floor division expansion (MLIR's `populateCeilFloorDivExpandOpsPatterns`) ----

/**
 * An `arith.constant` of `value` with `type` (a splat for vectors). As upstream's
 * `getIntegerAttr(type, int64_t)`, a negative value is not sign-extended beyond 64 bits
 * (-1 : i128 is 2^64 - 1).
 */
function arithConstant(rewriter: ConversionPatternRewriter, loc: Location, type: Type, value: number): Value {
  const elt = getElementTypeOrSelf(type)
  const v = elt instanceof IntegerType && elt.width > 64 ? BigInt.asUintN(64, BigInt(value)) : BigInt(value)
  const attr: Attribute = type instanceof VectorType ? DenseIntOrFPElementsAttr.get(type, [v], true) : IntegerAttr.get(type, v)
  return rewriter.create('arith.constant', loc, { results: [type], attributes: { value: attr } }).results[0]!
}

function arith(rewriter: ConversionPatternRewriter, loc: Location, name: string, operands: readonly Value[], type: Type, predicate?: number): Value {
  const attributes: Record<string, Attribute> = {}
  if (predicate !== undefined) {
    attributes.predicate = IntegerAttr.get(IntegerType.get(rewriter.context, 64), predicate)
  }
  return rewriter.create(`arith.${name}`, loc, { operands, results: [type], attributes }).results[0]!
}

/**
 * Builds the arith ops of an expansion of `root`. Upstream builds them on the root's
 * operands as they were before the conversion; the new ops record those as their
 * original operands, so that folding them sees what upstream's folders see.
 */
class ExpansionBuilder {
  private readonly current: Value[]
  private readonly originals: Value[]
  readonly loc: Location

  constructor(
    root: Operation,
    private readonly rewriter: ConversionPatternRewriter,
  ) {
    this.current = root.getOperands()
    this.originals = rewriter.originalOperandsOf(root)
    this.loc = root.location
  }

  constant(type: Type, value: number): Value {
    return arithConstant(this.rewriter, this.loc, type, value)
  }

  /** Builds `arith.<name>`; an operand given as a number is that operand of the root. */
  op(name: string, operands: readonly (Value | number)[], type: Type, predicate?: number): Value {
    const values = operands.map((o) => (typeof o === 'number' ? this.current[o]! : o))
    const result = arith(this.rewriter, this.loc, name, values, type, predicate)
    this.rewriter.recordOriginalOperands(
      result.definingOp!,
      operands.map((o) => (typeof o === 'number' ? this.originals[o]! : this.rewriter.originalValue(o))),
    )
    return result
  }
}

const CMP_EQ = 0
const CMP_NE = 1
const CMP_SLT = 2

function i1Like(type: Type): Type {
  const i1 = IntegerType.get(type.context, 1)
  return type instanceof VectorType ? VectorType.get(type.shape, i1, type.scalableDims) : i1
}

/** `ceildivsi(a, b)`: `q = a / b`, plus one when the division is inexact and `a` and `b` have the same sign. */
class CeilDivSIOpExpansion extends OpConversionPattern {
  constructor() {
    super('arith.ceildivsi', { generatedOps: ['arith.constant', 'arith.divsi', 'arith.muli', 'arith.cmpi', 'arith.andi', 'arith.addi', 'arith.select'] })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const e = new ExpansionBuilder(op, rewriter)
    const type = op.getResult(0).type
    const a = 0
    const b = 1
    const bool = i1Like(type)
    const zero = e.constant(type, 0)
    const one = e.constant(type, 1)
    const quotient = e.op('divsi', [a, b], type)
    const product = e.op('muli', [quotient, b], type)
    const notEqualDivisor = e.op('cmpi', [a, product], bool, CMP_NE)
    const aNeg = e.op('cmpi', [a, zero], bool, CMP_SLT)
    const bNeg = e.op('cmpi', [b, zero], bool, CMP_SLT)
    const signEqual = e.op('cmpi', [aNeg, bNeg], bool, CMP_EQ)
    const cond = e.op('andi', [notEqualDivisor, signEqual], bool)
    const quotientPlusOne = e.op('addi', [quotient, one], type)
    const select = e.op('select', [cond, quotientPlusOne, quotient], type)
    rewriter.replaceOp(op, [select])
    return success()
  }
}

/** `ceildivui(a, b)`: `a == 0 ? 0 : (a - 1) / b + 1`. */
class CeilDivUIOpExpansion extends OpConversionPattern {
  constructor() {
    super('arith.ceildivui', { generatedOps: ['arith.constant', 'arith.cmpi', 'arith.subi', 'arith.divui', 'arith.addi', 'arith.select'] })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const e = new ExpansionBuilder(op, rewriter)
    const type = op.getResult(0).type
    const a = 0
    const b = 1
    const zero = e.constant(type, 0)
    const compare = e.op('cmpi', [a, zero], i1Like(type), CMP_EQ)
    const one = e.constant(type, 1)
    const minusOne = e.op('subi', [a, one], type)
    const quotient = e.op('divui', [minusOne, b], type)
    const plusOne = e.op('addi', [quotient, one], type)
    const select = e.op('select', [compare, zero, plusOne], type)
    rewriter.replaceOp(op, [select])
    return success()
  }
}

/** `floordivsi(a, b)`: `q = a / b`, minus one when the division is inexact and the signs differ. */
class FloorDivSIOpExpansion extends OpConversionPattern {
  constructor() {
    super('arith.floordivsi', { generatedOps: ['arith.constant', 'arith.divsi', 'arith.muli', 'arith.cmpi', 'arith.andi', 'arith.addi', 'arith.select'] })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const e = new ExpansionBuilder(op, rewriter)
    const type = op.getResult(0).type
    const a = 0
    const b = 1
    const bool = i1Like(type)
    const quotient = e.op('divsi', [a, b], type)
    const product = e.op('muli', [quotient, b], type)
    const notEqualDivisor = e.op('cmpi', [a, product], bool, CMP_NE)
    const zero = e.constant(type, 0)
    const aNeg = e.op('cmpi', [a, zero], bool, CMP_SLT)
    const bNeg = e.op('cmpi', [b, zero], bool, CMP_SLT)
    const signOpposite = e.op('cmpi', [aNeg, bNeg], bool, CMP_NE)
    const cond = e.op('andi', [notEqualDivisor, signOpposite], bool)
    const minusOne = e.constant(type, -1)
    const quotientMinusOne = e.op('addi', [quotient, minusOne], type)
    const select = e.op('select', [cond, quotientMinusOne, quotient], type)
    rewriter.replaceOp(op, [select])
    return success()
  }
}

/** The patterns expanding `arith.ceildivsi`, `arith.ceildivui` and `arith.floordivsi` into other arith ops. */
export function ceilFloorDivExpandPatterns(): ConversionPattern[] {
  return [new CeilDivSIOpExpansion(), new CeilDivUIOpExpansion(), new FloorDivSIOpExpansion()]
}

/** The patterns lowering arith ops to the llvm dialect with `converter` (MLIR's `populateArithToLLVMConversionPatterns`). */
export function arithToLLVMConversionPatterns(converter: LLVMTypeConverter): ConversionPattern[] {
  const v = (from: string, to: string, kind: AttrKind = AttrKind.PassThrough, fp = false): ConversionPattern =>
    new VectorConvertToLLVMPattern(`arith.${from}`, `llvm.${to}`, converter, kind, fp)
  return [
    new IdentityBitcastLowering(converter),
    v('addf', 'fadd', AttrKind.FastMath, true),
    v('addi', 'add', AttrKind.Overflow),
    v('andi', 'and'),
    new AddUIExtendedOpLowering(converter),
    v('bitcast', 'bitcast'),
    new ConstantOpLowering(converter),
    new CmpOpLowering('arith.cmpf', 'llvm.fcmp', converter),
    new CmpOpLowering('arith.cmpi', 'llvm.icmp', converter),
    v('divf', 'fdiv', AttrKind.FastMath, true),
    v('divsi', 'sdiv'),
    v('divui', 'udiv'),
    v('extf', 'fpext', AttrKind.PassThrough, true),
    v('extsi', 'sext'),
    v('extui', 'zext'),
    v('fptosi', 'fptosi', AttrKind.PassThrough, true),
    v('fptoui', 'fptoui', AttrKind.PassThrough, true),
    new IndexCastOpLowering('arith.index_cast', 'llvm.sext', converter),
    new IndexCastOpLowering('arith.index_castui', 'llvm.zext', converter),
    v('maximumf', 'intr.maximum', AttrKind.FastMath, true),
    v('maxnumf', 'intr.maxnum', AttrKind.FastMath, true),
    v('maxsi', 'intr.smax'),
    v('maxui', 'intr.umax'),
    v('minimumf', 'intr.minimum', AttrKind.FastMath, true),
    v('minnumf', 'intr.minnum', AttrKind.FastMath, true),
    v('minsi', 'intr.smin'),
    v('minui', 'intr.umin'),
    v('mulf', 'fmul', AttrKind.FastMath, true),
    v('muli', 'mul', AttrKind.Overflow),
    new MulIExtendedOpLowering('arith.mulsi_extended', true, converter),
    new MulIExtendedOpLowering('arith.mului_extended', false, converter),
    v('negf', 'fneg', AttrKind.FastMath, true),
    v('ori', 'or'),
    v('remf', 'frem', AttrKind.FastMath, true),
    v('remsi', 'srem'),
    v('remui', 'urem'),
    v('select', 'select'),
    v('shli', 'shl', AttrKind.Overflow),
    v('shrsi', 'ashr'),
    v('shrui', 'lshr'),
    v('sitofp', 'sitofp'),
    v('subf', 'fsub', AttrKind.FastMath, true),
    v('subi', 'sub', AttrKind.Overflow),
    new TruncFOpLowering(converter),
    v('trunci', 'trunc', AttrKind.Overflow),
    v('uitofp', 'uitofp', AttrKind.PassThrough, true),
    v('xori', 'xor'),
  ]
}

/** The option declarations of the pass (see `OptionDecls`). */
export type ArithToLLVMOptionDecls = { readonly indexBitwidth: ScalarOption<number> }
const arithToLLVMOptions: ArithToLLVMOptionDecls = {
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
}

/** `convert-arith-to-llvm`: lowers arith ops to the llvm dialect (ceil and floor divisions expanded first). */
export class ArithToLLVMConversionPass extends OperationPass<OptionValues<ArithToLLVMOptionDecls>> {
  static override readonly argument = 'convert-arith-to-llvm'
  static override readonly summary = 'Convert Arith dialect to LLVM dialect'
  static override readonly description = 'This pass converts supported Arith ops to LLVM dialect instructions.'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: ArithToLLVMOptionDecls = arithToLLVMOptions
  static readonly passName: string = 'ArithToLLVMConversionPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth })
    const target = new LLVMConversionTarget(ctx)
    const patterns = [...ceilFloorDivExpandPatterns(), ...arithToLLVMConversionPatterns(converter)]
    applyPartialConversionInPass(this, this.getOperation(), target, patterns)
  }
}
