import { FloatAttr, FloatType, getElementTypeOrSelf, type Attribute, type OpFoldResult, type Operation } from '@tilepass/ir'
import { constFoldBinary, constFoldUnary, getBoolAttribute, getConstantFloatValue, intWidth, toUnsigned } from '../arith/ConstantFold.ts'
import { floatFormat } from '../arith/FloatSemantics.ts'

/** A `math` op folder, in the shape `OpSpec.fold` takes. */
export type MathFolder = (op: Operation, operands: readonly (Attribute | null)[]) => readonly OpFoldResult[] | undefined

function one(attr: Attribute | undefined): readonly OpFoldResult[] | undefined {
  return attr === undefined ? undefined : [attr]
}

function floatKind(op: Operation): string | undefined {
  const e = getElementTypeOrSelf(op.getResult(0).type)
  return e instanceof FloatType ? e.kind : undefined
}

/** APFloat's `isNegative`: the sign bit, so -0 is negative too. */
function isNegative(x: number): boolean {
  return x < 0 || Object.is(x, -0)
}

/**
 * Folds every float width with `fn` (upstream's `constFoldUnaryOp<FloatAttr>`): for the
 * rounding, sign and absolute-value ops, whose results are exact in the operand's format.
 */
export function exactUnary(fn: (a: number) => number): MathFolder {
  return (op, operands) => one(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => fn(a as number)))
}

/** As `exactUnary`, for `copysign`. */
export function exactBinary(fn: (a: number, b: number) => number): MathFolder {
  return (_op, operands) => one(constFoldBinary(operands[0], operands[1], false, (a, b) => fn(a as number, b as number)))
}

/**
 * The default quiet NaN for any NaN: the engine's Math functions may return NaNs with
 * other payloads, which a constant would keep. (glibc's sign of some NaN results, such as
 * `acosh` of a negative number, is not modelled.)
 */
function quietNaN(x: number): number {
  return Number.isNaN(x) ? NaN : x
}

/**
 * Folds f64 with `fn` and f32 with `fn` rounded to single precision (upstream calls the
 * double and float libm functions); other widths, and operands `skip` rejects, stay.
 */
export function libmUnary(fn: (a: number) => number, skip?: (a: number) => boolean, negativeNaN = false): MathFolder {
  return (op, operands) => {
    const kind = floatKind(op)
    if (kind !== 'f64' && kind !== 'f32') {
      return undefined
    }
    const folded = constFoldUnary(operands[0], false, op.getResult(0).type, (a) => {
      const x = a as number
      if (skip !== undefined && skip(x)) {
        return undefined
      }
      return quietNaN(kind === 'f64' ? fn(x) : Math.fround(fn(x)))
    })
    // glibc computes these functions' domain errors as 0/0 (or inf - inf), whose x86
    // default NaN has the sign bit set; a NaN operand stays a positive quiet NaN.
    if (negativeNaN && folded instanceof FloatAttr && Number.isNaN(folded.value) && !Number.isNaN(getConstantFloatValue(operands[0]) ?? NaN)) {
      return [FloatAttr.get(folded.type, NaN, kind === 'f64' ? 0xfff8000000000000n : 0xffc00000n)]
    }
    return one(folded)
  }
}

/** As `libmUnary`, for the two-operand functions (`pow`, `atan2`). */
export function libmBinary(fn: (a: number, b: number) => number, special?: (a: number, b: number) => number | undefined): MathFolder {
  return (op, operands) => {
    const kind = floatKind(op)
    return one(
      constFoldBinary(operands[0], operands[1], false, (a, b) => {
        const s = special?.(a as number, b as number)
        if (s !== undefined) {
          return s
        }
        if (kind === 'f64') {
          return quietNaN(fn(a as number, b as number))
        }
        return kind === 'f32' ? quietNaN(Math.fround(fn(a as number, b as number))) : undefined
      }),
    )
  }
}

/** Rounds to the nearest integer, ties to even (`roundToIntegral(NearestTiesToEven)`). */
export function roundEven(x: number): number {
  if (!Number.isFinite(x)) {
    return x
  }
  const f = Math.floor(x)
  const d = x - f
  const r = d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f
  return r === 0 && isNegative(x) ? -0 : r
}

/** Rounds to the nearest integer, ties away from zero (C's `round`). */
export function roundHalfAway(x: number): number {
  const t = Math.trunc(x)
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t
}

/** `copysign` on doubles, including the sign of zeros and NaNs' sign as JS can see it. */
export function copySign(a: number, b: number): number {
  const mag = Math.abs(a)
  return isNegative(b) ? -mag : mag
}

/** `log`-family and `sqrt` folders skip negative operands (and -0), as upstream. */
export const skipNegative: (x: number) => boolean = isNegative

/** The integer folders (`absi`, `ctlz`, `cttz`, `ctpop`) on the element width of the result. */
export function intUnary(fn: (a: bigint, width: number) => bigint): MathFolder {
  return (op, operands) => {
    const width = intWidth(getElementTypeOrSelf(op.getResult(0).type))
    return one(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => fn(a as bigint, width)))
  }
}

/** The number of leading zero bits of the `width`-bit integer `a`. */
export function countLeadingZeros(a: bigint, width: number): bigint {
  const u = toUnsigned(a, width)
  return BigInt(width - (u === 0n ? 0 : u.toString(2).length))
}

/** The number of trailing zero bits of the `width`-bit integer `a` (`width` when zero). */
export function countTrailingZeros(a: bigint, width: number): bigint {
  let u = toUnsigned(a, width)
  if (u === 0n) {
    return BigInt(width)
  }
  let n = 0n
  while ((u & 1n) === 0n) {
    u >>= 1n
    n++
  }
  return n
}

/** The number of set bits of the `width`-bit integer `a`. */
export function popCount(a: bigint, width: number): bigint {
  let u = toUnsigned(a, width)
  let n = 0n
  while (u !== 0n) {
    n += u & 1n
    u >>= 1n
  }
  return n
}

/** `math.ipowi`'s fold (upstream's): negative powers fold only for bases 0 (no), 1 and -1. */
export const foldIPowI: MathFolder = (op, operands) =>
  one(
    constFoldBinary(operands[0], operands[1], true, (b, p) => {
      const base = b as bigint
      const power = p as bigint
      if (power === 0n) {
        return 1n
      }
      if (power < 0n) {
        if (base === 0n) {
          return undefined
        }
        if (base === 1n) {
          return 1n
        }
        if (base !== -1n) {
          return 0n
        }
        return (power & 1n) === 1n ? -1n : 1n
      }
      // Square-and-multiply on `width` bits; constFoldBinary wraps the result.
      const width = intWidth(getElementTypeOrSelf(op.getResult(0).type))
      let result = 1n
      let cur = base
      let e = power
      for (;;) {
        if ((e & 1n) === 1n) {
          result = BigInt.asIntN(width, result * cur)
        }
        e >>= 1n
        if (e === 0n) {
          return result
        }
        cur = BigInt.asIntN(width, cur * cur)
      }
    }),
  )

/**
 * The classification folders (`isnan`, `isinf`, `isfinite`, `isnormal`): a float constant
 * or a float splat folds to an i1 constant of the result's shape.
 */
export function classify(test: (x: number, type: FloatType) => boolean | undefined): MathFolder {
  return (op, operands) => {
    const attr = operands[0]
    const x = getConstantFloatValue(attr)
    const element = getElementTypeOrSelf(op.getOperand(0).type)
    if (x === undefined || !(element instanceof FloatType)) {
      return undefined
    }
    const r = test(x, element)
    return r === undefined ? undefined : one(getBoolAttribute(op.context, op.getResult(0).type, r))
  }
}

/** Whether `x` is a normal number of `type` (not zero, subnormal, infinite or NaN). */
export function isNormalIn(x: number, type: FloatType): boolean | undefined {
  const format = floatFormat(type)
  if (format === undefined) {
    return undefined
  }
  return Number.isFinite(x) && Math.abs(x) >= Math.pow(2, 1 - format[1])
}
