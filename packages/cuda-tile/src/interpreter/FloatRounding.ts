/**
 * Rounding of exact (double) results to the float element types the interpreter models,
 * with cuda_tile's rounding modes, and the bit encodings of f16 and bf16.
 *
 * Every float tile element is held as a double whose value is representable in its
 * element type. Sums, products and quotients of two such values are computed in double
 * and then rounded once; where the double result is itself inexact, the caller passes
 * the sign of the rounding error so directed modes and ties still round correctly.
 */

/** cuda_tile rounding modes the arithmetic honours. */
export const Rounding = { NearestEven: 0, Zero: 1, NegativeInf: 2, PositiveInf: 3 } as const
/** One of `Rounding`. */
export type Rounding = (typeof Rounding)[keyof typeof Rounding]

/** Precision (with the implicit bit), smallest normal exponent and largest finite value. */
interface Format {
  readonly precision: number
  readonly minExp: number
  readonly maxFinite: number
}

function format(precision: number, expBits: number): Format {
  const bias = (1 << (expBits - 1)) - 1
  return { precision, minExp: 1 - bias, maxFinite: (2 - 2 ** (1 - precision)) * 2 ** bias }
}

const FORMATS: Record<string, Format> = {
  f16: format(11, 5),
  bf16: format(8, 8),
  tf32: format(11, 8),
  f32: format(24, 8),
}

const scratch = new DataView(new ArrayBuffer(8))

/** The exponent e with 2^e <= |x| < 2^(e+1), for finite non-zero x. */
function exponentOf(x: number): number {
  scratch.setFloat64(0, x)
  const biased = (scratch.getUint16(0) >> 4) & 0x7ff
  if (biased === 0) {
    // Double subnormals: far below every modelled format's range.
    return -1075
  }
  return biased - 1023
}

/** The neighbour of double `x` one ulp towards +inf (dir 1) or -inf (dir -1). */
function nextDouble(x: number, dir: number): number {
  if (x === 0) {
    return dir * Number.MIN_VALUE
  }
  scratch.setFloat64(0, x)
  const bits = scratch.getBigUint64(0)
  const away = x > 0 === dir > 0
  scratch.setBigUint64(0, away ? bits + 1n : bits - 1n)
  return scratch.getFloat64(0)
}

/**
 * Rounds `x` (the round-to-nearest double of an exact value v) to the float `kind` with
 * `mode`. `errSign` is the sign of v - x (0 when x is exact).
 */
export function roundFloat(kind: string, x: number, mode: Rounding = Rounding.NearestEven, errSign = 0): number {
  if (!Number.isFinite(x)) {
    return x
  }
  if (kind === 'f64') {
    if (errSign === 0 || mode === Rounding.NearestEven) {
      return x
    }
    const up = mode === Rounding.PositiveInf || (mode === Rounding.Zero && x < 0)
    if (up && errSign > 0) {
      return nextDouble(x, 1)
    }
    if (!up && errSign < 0) {
      return nextDouble(x, -1)
    }
    return x
  }
  if (kind === 'f32' && mode === Rounding.NearestEven && errSign === 0) {
    return Math.fround(x)
  }
  const f = FORMATS[kind]
  if (f === undefined) {
    throw new Error(`roundFloat: no format for '${kind}'`)
  }
  if (x === 0) {
    return x
  }
  const e = Math.max(exponentOf(x), f.minExp)
  const ulp = 2 ** (e - f.precision + 1)
  const q = x / ulp
  const fl = Math.floor(q)
  const frac = q - fl
  let r: number
  const effective = mode === Rounding.Zero ? (x > 0 ? Rounding.NegativeInf : Rounding.PositiveInf) : mode
  switch (effective) {
    case Rounding.PositiveInf:
      r = frac !== 0 ? fl + 1 : errSign > 0 ? fl + 1 : fl
      break
    case Rounding.NegativeInf:
      r = frac !== 0 ? fl : errSign < 0 ? fl - 1 : fl
      break
    default:
      if (frac > 0.5 || (frac === 0.5 && errSign > 0)) {
        r = fl + 1
      } else if (frac < 0.5 || errSign < 0) {
        r = fl
      } else {
        r = fl % 2 === 0 ? fl : fl + 1
      }
  }
  let out = r * ulp
  if (Math.abs(out) > f.maxFinite) {
    const towardsInf = mode === Rounding.NearestEven || (mode === Rounding.PositiveInf && x > 0) || (mode === Rounding.NegativeInf && x < 0)
    out = towardsInf ? (x > 0 ? Infinity : -Infinity) : x > 0 ? f.maxFinite : -f.maxFinite
  }
  if (out === 0) {
    return x < 0 ? -0 : 0
  }
  return out
}

/** Whether `x` is a subnormal of float `kind` (for flush-to-zero). */
export function isSubnormal(kind: string, x: number): boolean {
  const f = FORMATS[kind]
  return f !== undefined && x !== 0 && Math.abs(x) < 2 ** f.minExp
}

// ---- Exact error terms (Knuth's TwoSum, Dekker's product) ----

/** Sign of (a + b) - fl(a + b). */
export function sumErrSign(a: number, b: number, s: number): number {
  if (!Number.isFinite(s)) {
    return 0
  }
  const bb = s - a
  return Math.sign(a - (s - bb) + (b - bb))
}

const SPLITTER = 134217729 // 2^27 + 1

/** The exact low part of a * b (a * b = fl(a * b) + result) for finite products. */
function productErr(a: number, b: number, p: number): number {
  let t = SPLITTER * a
  const ah = t - (t - a)
  const al = a - ah
  t = SPLITTER * b
  const bh = t - (t - b)
  const bl = b - bh
  return al * bl - (p - ah * bh - al * bh - ah * bl)
}

/** Sign of a * b - fl(a * b). */
export function productErrSign(a: number, b: number, p: number): number {
  return Number.isFinite(p) ? Math.sign(productErr(a, b, p)) : 0
}

/** Sign of a / b - fl(a / b). */
export function quotientErrSign(a: number, b: number, q: number): number {
  if (!Number.isFinite(q) || !Number.isFinite(a) || b === 0 || !Number.isFinite(b)) {
    return 0
  }
  const p = q * b
  const rem = a - p - productErr(q, b, p)
  return Math.sign(rem) * Math.sign(b)
}

/** Sign of sqrt(a) - fl(sqrt(a)). */
export function sqrtErrSign(a: number, s: number): number {
  if (!Number.isFinite(s) || s === 0) {
    return 0
  }
  const p = s * s
  return Math.sign(a - p - productErr(s, s, p))
}

// ---- Bit encodings ----

/** The f16 bit pattern of `x`, which must be representable in f16 (NaN becomes the canonical 0x7E00). */
export function f16Bits(x: number): number {
  if (Number.isNaN(x)) {
    return 0x7e00
  }
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0
  const a = Math.abs(x)
  if (a === Infinity) {
    return sign | 0x7c00
  }
  if (a < 2 ** -14) {
    return sign | Math.round(a * 2 ** 24)
  }
  const e = exponentOf(a)
  const man = Math.round((a / 2 ** e - 1) * 1024)
  return sign | ((e + 15) << 10) | man
}

/** The value of the f16 bit pattern `bits`. */
export function f16FromBits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1
  const exp = (bits >> 10) & 0x1f
  const man = bits & 0x3ff
  if (exp === 0x1f) {
    return man === 0 ? sign * Infinity : NaN
  }
  if (exp === 0) {
    return sign * man * 2 ** -24
  }
  return sign * (1024 + man) * 2 ** (exp - 25)
}

/** The bf16 bit pattern of `x`, which must be representable in bf16 (NaN becomes 0x7FC0). */
export function bf16Bits(x: number): number {
  if (Number.isNaN(x)) {
    return 0x7fc0
  }
  scratch.setFloat32(0, x)
  return scratch.getUint32(0) >>> 16
}

/** The value of the bf16 bit pattern `bits`. */
export function bf16FromBits(bits: number): number {
  scratch.setUint32(0, (bits & 0xffff) << 16)
  return scratch.getFloat32(0)
}
