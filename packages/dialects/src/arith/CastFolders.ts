import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  floatAttrFromBits,
  FloatType,
  IntegerAttr,
  IntegerType,
  ShapedType,
  getElementTypeOrSelf,
  type Attribute,
  type Operation,
  type Type,
} from '@tilepass/ir'
import {
  FastMathFlags,
} from './ArithAttributes.ts'
import {
  constFoldUnary,
  getConstantFloatValue,
  intWidth,
  makeDense,
  normalizeFor,
  toSigned,
  toUnsigned,
  type Scalar,
} from './ConstantFold.ts'
import {
  bitsToFloat,
  floatFormat as formatOf,
  floatToBits,
  floatToInteger,
  integerToFloat,
  isFoldableFloatType,
  isWideFloatType,
  isRepresentableBy,
  roundToFloatType,
} from './FloatSemantics.ts'
import { PoisonAttr } from '../ub/UBAttributes.ts'
import { defOp, elementWidth, one, some, fastMath, type FoldResult, type Operands } from './FoldHelpers.ts'

// ---- casts -----------------------------------------------------------------------------

/** `arith.extui`: extui(extui(x)) in place, constants. */
export function foldExtUI(op: Operation, operands: Operands): FoldResult {
  return foldIntExtension(op, operands, 'arith.extui', toUnsigned)
}

/** `arith.extsi`: extsi(extsi(x)) in place, constants. */
export function foldExtSI(op: Operation, operands: Operands): FoldResult {
  return foldIntExtension(op, operands, 'arith.extsi', toSigned)
}

/** An integer extension `name`: ext(ext(x)) becomes ext(x) in place; constants are reinterpreted with `extend`. */
function foldIntExtension(op: Operation, operands: Operands, name: string, extend: (a: bigint, w: number) => bigint): FoldResult {
  const inner = defOp(op.getOperand(0), name)
  if (inner !== null) {
    op.setOperand(0, inner.getOperand(0))
    return op
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => extend(a as bigint, w)))
}

/** `arith.trunci`: trunci(ext(x)) to x or trunci(x) in place, trunci(trunci(x)) in place, constants. */
export function foldTruncI(op: Operation, operands: Operands): FoldResult {
  const operand = op.getOperand(0)
  const ext = defOp(operand, 'arith.extui') ?? defOp(operand, 'arith.extsi')
  if (ext !== null) {
    const src = ext.getOperand(0)
    const srcType = getElementTypeOrSelf(src.type)
    const dstType = getElementTypeOrSelf(op.getResult(0).type)
    if (intWidth(srcType) > intWidth(dstType)) {
      op.setOperand(0, src)
      return op
    }
    if (srcType === dstType) {
      return one(src)
    }
  }
  const inner = defOp(operand, 'arith.trunci')
  if (inner !== null) {
    op.setOperand(0, inner.getOperand(0))
    return op
  }
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => a))
}

function floatFormat(type: Type): FloatType | undefined {
  const t = getElementTypeOrSelf(type)
  return isFoldableFloatType(t) ? t : undefined
}

/** The float element type of `type` when it is a folded format or f80/f128. */
function floatOrWide(type: Type): FloatType | undefined {
  const t = getElementTypeOrSelf(type)
  return isFoldableFloatType(t) || isWideFloatType(t) ? t : undefined
}

/** Converts `x` to `type` when exact (as MLIR's `convertFloatValue`), else undefined. */
function convertExact(type: FloatType, x: number): number | undefined {
  if (Number.isNaN(x)) {
    return x
  }
  const r = roundToFloatType(type, x)
  return Object.is(r, x) ? r : undefined
}

/** The precision (with the implicit bit) of `type`, for the formats folded here. */
function precisionOf(type: FloatType): number | undefined {
  return formatOf(type)?.[0]
}

/**
 * Converts a scalar NaN constant between float formats as APFloat does: the sign and the
 * payload move over (shifted by the precision difference); a signaling NaN, or a payload
 * losing set bits, is not folded (`convertFloatValue` fails). Undefined when `operand` is
 * not a scalar NaN; null when the NaN must stay unfolded.
 */
function convertNaN(operand: Attribute | null | undefined, dst: FloatType): FoldResult | null {
  const dstFmt = precisionOf(dst)
  if (!(operand instanceof FloatAttr) || !Number.isNaN(operand.value) || dstFmt === undefined) {
    return undefined
  }
  const out = convertNaNBits(operand, dstFmt, dst.width)
  if (out === null) {
    return null
  }
  return [FloatAttr.get(dst, NaN, out === floatToBits(dst, NaN) ? null : out)]
}

/**
 * The bits of the NaN `operand` converted to an IEEE-layout format of precision `dstFmt`
 * and `dstWidth` bits (see `convertNaN`); null when it must stay unfolded.
 */
function convertNaNBits(operand: FloatAttr, dstFmt: number, dstWidth: number): bigint | null {
  const src = operand.type
  if (!(src instanceof FloatType)) {
    return null
  }
  const srcFmt = precisionOf(src)
  const bits = operand.nanBits ?? floatToBits(src, NaN)
  if (srcFmt === undefined || bits === undefined) {
    return null
  }
  const srcMant = BigInt(srcFmt - 1)
  const dstMant = BigInt(dstFmt - 1)
  const payload = bits & ((1n << srcMant) - 1n)
  if ((payload & (1n << (srcMant - 1n))) === 0n) {
    return null
  }
  const shift = dstMant - srcMant
  if (shift < 0n && (payload & ((1n << -shift) - 1n)) !== 0n) {
    return null
  }
  const newPayload = shift >= 0n ? payload << shift : payload >> -shift
  const sign = (bits >> BigInt(src.width - 1)) & 1n
  const expAll = ((1n << BigInt(dstWidth - 1)) - 1n) ^ ((1n << dstMant) - 1n)
  return (sign << BigInt(dstWidth - 1)) | expAll | newPayload
}

/**
 * `extf` of a scalar constant to f80 or f128, which hold every value of the double-sized
 * formats exactly; NaNs only to f128 (f80 keeps an explicit integer bit).
 */
function extendToWide(operand: Attribute | null | undefined, dst: FloatType): FoldResult {
  if (!(operand instanceof FloatAttr) || !isFoldableFloatType(operand.type)) {
    return undefined
  }
  if (!Number.isNaN(operand.value)) {
    return [FloatAttr.get(dst, operand.value)]
  }
  const bits = dst.kind === 'f128' ? convertNaNBits(operand, 113, 128) : null
  return bits === null ? undefined : [floatAttrFromBits(dst, bits)]
}

/** `arith.extf`: extf(truncf(x)) with `contract` on both, constants. */
export function foldExtF(op: Operation, operands: Operands): FoldResult {
  const trunc = defOp(op.getOperand(0), 'arith.truncf')
  if (trunc !== null && trunc.getOperand(0).type === op.getResult(0).type) {
    if ((fastMath(trunc) & FastMathFlags.contract) !== 0 && (fastMath(op) & FastMathFlags.contract) !== 0) {
      return one(trunc.getOperand(0))
    }
  }
  const wide = op.getResult(0).type
  if (isWideFloatType(wide)) {
    return extendToWide(operands[0], wide)
  }
  const dst = floatFormat(op.getResult(0).type)
  if (dst === undefined) {
    return undefined
  }
  const nan = convertNaN(operands[0], dst)
  if (nan !== undefined) {
    return nan ?? undefined
  }
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => convertExact(dst, a as number)))
}

/** `arith.truncf`: truncf(extf(x)) to x or truncf(x) in place, exact constants. */
export function foldTruncF(op: Operation, operands: Operands): FoldResult {
  const dst = floatFormat(op.getResult(0).type)
  const ext = defOp(op.getOperand(0), 'arith.extf')
  if (ext !== null && dst !== undefined) {
    const src = ext.getOperand(0)
    const srcType = floatOrWide(src.type)
    const mid = floatOrWide(ext.getResult(0).type)
    if (srcType !== undefined && mid !== undefined && isRepresentableBy(srcType, mid)) {
      if (srcType.width > dst.width) {
        op.setOperand(0, src)
        return op
      }
      if (srcType === dst) {
        return one(src)
      }
    }
  }
  if (dst === undefined) {
    return undefined
  }
  const nan = convertNaN(operands[0], dst)
  if (nan !== undefined) {
    return nan ?? undefined
  }
  // A rounding mode other than to_nearest_even only matters when the value is inexact,
  // and inexact conversions are never folded.
  const a = operands[0]
  if (a instanceof FloatAttr && isWideFloatType(a.type)) {
    // A wide constant that a double holds exactly (no kept bits) converts like one.
    const v = a.nanBits === null && !Number.isNaN(a.value) && dst === op.getResult(0).type ? convertExact(dst, a.value) : undefined
    return v === undefined ? undefined : [FloatAttr.get(dst, v)]
  }
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => convertExact(dst, a as number)))
}

function intToFP(op: Operation, operands: Operands, signed: boolean): FoldResult {
  const dst = floatFormat(op.getResult(0).type)
  if (dst === undefined) {
    return undefined
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => integerToFloat(dst, signed ? toSigned(a as bigint, w) : toUnsigned(a as bigint, w))))
}

/** `arith.sitofp`: constants. */
export function foldSIToFP(op: Operation, operands: Operands): FoldResult {
  return intToFP(op, operands, true)
}

/** `arith.uitofp`: constants. */
export function foldUIToFP(op: Operation, operands: Operands): FoldResult {
  return intToFP(op, operands, false)
}

function fpToInt(op: Operation, operands: Operands, unsigned: boolean): FoldResult {
  const w = elementWidth(op.getResult(0).type)
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => floatToInteger(a as number, w, unsigned)))
}

/** `arith.fptosi`: constants in range. */
export function foldFPToSI(op: Operation, operands: Operands): FoldResult {
  return fpToInt(op, operands, false)
}

/** `arith.fptoui`: constants in range. */
export function foldFPToUI(op: Operation, operands: Operands): FoldResult {
  return fpToInt(op, operands, true)
}

function indexCastWidth(type: Type): number {
  const e = getElementTypeOrSelf(type)
  return e instanceof IntegerType ? e.width : 64
}

// Round trips (index_cast(index_cast(x))) are canonicalization patterns, not folds, as upstream.
function foldIndexCastCommon(op: Operation, operands: Operands, signed: boolean): FoldResult {
  const srcW = indexCastWidth(op.getOperand(0).type)
  const folded = constFoldUnary(operands[0], true, op.getResult(0).type, (a) => (signed ? toSigned(a as bigint, srcW) : toUnsigned(a as bigint, srcW)))
  return folded === undefined ? undefined : [folded]
}

/** `arith.index_cast`: constants (sign-extended or truncated). */
export function foldIndexCast(op: Operation, operands: Operands): FoldResult {
  return foldIndexCastCommon(op, operands, true)
}

/** `arith.index_castui`: constants (zero-extended or truncated). */
export function foldIndexCastUI(op: Operation, operands: Operands): FoldResult {
  return foldIndexCastCommon(op, operands, false)
}

function toBits(type: Type, v: Scalar): bigint | undefined {
  if (typeof v === 'bigint') {
    return toUnsigned(v, intWidth(type))
  }
  // A NaN number may carry any payload once V8 has optimized the code that made it, so
  // NaNs without recorded bits are the type's default NaN (`NaN` literal), never `v`'s bits.
  return type instanceof FloatType ? floatToBits(type, Number.isNaN(v) ? NaN : v) : undefined
}

/** `arith.bitcast`: constants (integer and float bit patterns of f16, bf16, f32, f64). */
export function foldBitcast(op: Operation, operands: Operands): FoldResult {
  const folded = foldBitcastConstant(op, operands)
  if (folded !== undefined) {
    return folded
  }
  // The CastOpInterface trait fold, tried after the op's own: a cast between identical
  // types is its operand (only bitcast among the arith casts verifies with equal types).
  const src = op.getOperand(0)
  return src.type === op.getResult(0).type ? one(src) : undefined
}

function foldBitcastConstant(op: Operation, operands: Operands): FoldResult {
  const a = operands[0]
  if (!a) {
    return undefined
  }
  const srcElt = getElementTypeOrSelf(op.getOperand(0).type)
  const dstElt = getElementTypeOrSelf(op.getResult(0).type)
  const resType = op.getResult(0).type
  if (a instanceof DenseIntOrFPElementsAttr) {
    if (!(resType instanceof ShapedType)) {
      return undefined
    }
    // Element NaNs keep their exact bit patterns (`nanBits`, by element index).
    const out: Scalar[] = []
    let outNaNs: Map<number, bigint> | null = null
    const values = a.values
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!
      const bits = a.nanBits?.get(i) ?? toBits(srcElt, v)
      if (bits === undefined) {
        return undefined
      }
      if (dstElt instanceof FloatType) {
        const f = bitsToFloat(dstElt, bits)
        if (f === undefined) {
          return undefined
        }
        if (Number.isNaN(f) && floatToBits(dstElt, NaN) !== bits) {
          outNaNs ??= new Map()
          outNaNs.set(i, bits)
        }
        out.push(f)
      } else {
        out.push(normalizeFor(dstElt, bits))
      }
    }
    if (a.isSplat || outNaNs !== null) {
      return [DenseIntOrFPElementsAttr.get(resType, out as bigint[] | number[], a.isSplat, outNaNs)]
    }
    return [makeDense(resType, out)]
  }
  if (resType instanceof ShapedType) {
    return undefined
  }
  // A poisoned scalar stays poison.
  if (a instanceof PoisonAttr) {
    return [a]
  }
  const v = a instanceof IntegerAttr ? a.value : getConstantFloatValue(a)
  if (v === undefined) {
    return undefined
  }
  // Scalar NaNs keep their exact bit pattern (sign and payload) both ways.
  const bits = a instanceof FloatAttr && a.nanBits !== null ? a.nanBits : toBits(srcElt, v)
  if (bits === undefined) {
    return undefined
  }
  if (dstElt instanceof FloatType) {
    const f = bitsToFloat(dstElt, bits)
    if (f === undefined) {
      return undefined
    }
    const isDefaultNaN = !Number.isNaN(f) || floatToBits(dstElt, NaN) === bits
    return [FloatAttr.get(resType, f, isDefaultNaN ? null : bits)]
  }
  return [IntegerAttr.get(resType, normalizeFor(dstElt, bits))]
}
