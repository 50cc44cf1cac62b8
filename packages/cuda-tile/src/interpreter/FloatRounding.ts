/**
 * Rounding of exact (double) results to the float element types the interpreter models,
 * with cuda_tile's rounding modes, and their bit encodings.
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
  /** No infinities: overflow gives NaN where there is a NaN (f8E4M3FN), else the largest finite value (f4E2M1FN), as APFloat's conversion does. */
  readonly noInf: boolean
  readonly noNaN: boolean
}

function format(precision: number, expBits: number): Format {
  const bias = (1 << (expBits - 1)) - 1
  return { precision, minExp: 1 - bias, maxFinite: (2 - 2 ** (1 - precision)) * 2 ** bias, noInf: false, noNaN: false }
}

const FORMATS: Record<string, Format> = {
  f16: format(11, 5),
  bf16: format(8, 8),
  tf32: format(11, 8),
  f32: format(24, 8),
  f8E5M2: format(3, 5),
  // The all-ones exponent holds finite values except S.1111.111 (NaN): the largest is 448.
  f8E4M3FN: { precision: 4, minExp: -6, maxFinite: 448, noInf: true, noNaN: false },
  // Finite values only: 0, 0.5, 1, 1.5, 2, 3, 4, 6.
  f4E2M1FN: { precision: 2, minExp: 0, maxFinite: 6, noInf: true, noNaN: true },
}

/** f8E8M0FNU: powers of two 2^-127..2^127 and NaN; only the directed modes are meaningful for it. */
function roundE8M0(x: number, mode: Rounding): number {
  if (!(x > 0) || x === Infinity) {
    return NaN
  }
  const e = Math.log2(x)
  let r = mode === Rounding.Zero || mode === Rounding.NegativeInf ? Math.floor(e) : mode === Rounding.PositiveInf ? Math.ceil(e) : Math.round(e)
  r = Math.max(-127, r)
  return r > 127 ? NaN : 2 ** r
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
  if (kind === 'f8E8M0FNU') {
    return roundE8M0(x, mode)
  }
  if (!Number.isFinite(x)) {
    // NaN stays NaN (a poison value for f4E2M1FN, which has none); an infinity becomes NaN
    // or the largest finite value in the formats without one.
    const f = FORMATS[kind]
    if (Number.isNaN(x) || f === undefined || !f.noInf) {
      return x
    }
    return f.noNaN ? Math.sign(x) * f.maxFinite : NaN
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
    const inf = f.noInf ? (f.noNaN ? f.maxFinite : NaN) : Infinity
    out = towardsInf ? (x > 0 ? inf : -inf) : x > 0 ? f.maxFinite : -f.maxFinite
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

/** Exponent bits, stored mantissa bits and bias of the narrow IEEE-style formats. */
interface Encoding {
  readonly exp: number
  readonly man: number
  readonly bias: number
  /** f8E4M3FN: no infinities; only S.1111.111 is NaN. */
  readonly fn: boolean
  /** f4E2M1FN: finite values only. */
  readonly finite: boolean
}

const ENCODINGS: Record<string, Encoding> = {
  f16: { exp: 5, man: 10, bias: 15, fn: false, finite: false },
  f8E5M2: { exp: 5, man: 2, bias: 15, fn: false, finite: false },
  f8E4M3FN: { exp: 4, man: 3, bias: 7, fn: true, finite: false },
  f4E2M1FN: { exp: 2, man: 1, bias: 1, fn: false, finite: true },
}

function encodeNarrow(e: Encoding, x: number): number {
  const expMax = (1 << e.exp) - 1
  const signBit = 1 << (e.exp + e.man)
  if (Number.isNaN(x)) {
    return e.fn ? signBit - 1 : (expMax << e.man) | (1 << (e.man - 1))
  }
  const sign = x < 0 || Object.is(x, -0) ? signBit : 0
  const a = Math.abs(x)
  if (a === Infinity) {
    return sign | (e.fn ? signBit - 1 : expMax << e.man)
  }
  if (a < 2 ** (1 - e.bias)) {
    return sign | Math.round(a * 2 ** (e.bias - 1 + e.man))
  }
  const ex = exponentOf(a)
  return sign | ((ex + e.bias) << e.man) | Math.round((a / 2 ** ex - 1) * 2 ** e.man)
}

function decodeNarrow(e: Encoding, bits: number): number {
  const expMax = (1 << e.exp) - 1
  const manMask = (1 << e.man) - 1
  const sign = bits & (1 << (e.exp + e.man)) ? -1 : 1
  const ex = (bits >> e.man) & expMax
  const m = bits & manMask
  if (ex === expMax && !e.finite && (!e.fn || m === manMask)) {
    return e.fn || m !== 0 ? NaN : sign * Infinity
  }
  if (ex === 0) {
    return sign * m * 2 ** (1 - e.bias - e.man)
  }
  return sign * (2 ** e.man + m) * 2 ** (ex - e.bias - e.man)
}

/** The bit pattern of `x` (representable in float `kind`; tf32 as its 32-bit container). NaN is canonical. */
export function floatToBits(kind: string, x: number): bigint {
  if (kind === 'f8E8M0FNU') {
    return Number.isNaN(x) ? 0xffn : BigInt(Math.log2(x) + 127)
  }
  const narrow = ENCODINGS[kind]
  if (narrow !== undefined) {
    return BigInt(encodeNarrow(narrow, x))
  }
  switch (kind) {
    case 'bf16':
      if (Number.isNaN(x)) {
        return 0x7fc0n
      }
      scratch.setFloat32(0, x)
      return BigInt(scratch.getUint32(0) >>> 16)
    case 'f64':
      scratch.setFloat64(0, x)
      return scratch.getBigUint64(0)
    default:
      scratch.setFloat32(0, x)
      return BigInt(scratch.getUint32(0))
  }
}

/** The value of bit pattern `bits` of float `kind` (tf32: its 32-bit container, low bits ignored). */
export function floatFromBits(kind: string, bits: bigint): number {
  if (kind === 'f8E8M0FNU') {
    const b = Number(BigInt.asUintN(8, bits))
    return b === 0xff ? NaN : 2 ** (b - 127)
  }
  const narrow = ENCODINGS[kind]
  if (narrow !== undefined) {
    return decodeNarrow(narrow, Number(bits))
  }
  switch (kind) {
    case 'bf16':
      scratch.setUint32(0, Number(BigInt.asUintN(16, bits)) << 16)
      return scratch.getFloat32(0)
    case 'f64':
      scratch.setBigUint64(0, BigInt.asUintN(64, bits))
      return scratch.getFloat64(0)
    case 'tf32':
      scratch.setUint32(0, Number(BigInt.asUintN(32, bits)) & 0xffffe000)
      return scratch.getFloat32(0)
    default:
      scratch.setUint32(0, Number(BigInt.asUintN(32, bits)))
      return scratch.getFloat32(0)
  }
}
