import type { FloatKind } from '../Types.ts'
import { formatExactFloat, formatWideFloat, wideBitsFromDouble } from '../FloatFormats.ts'

/** Bits of precision (including the implicit bit) of each float kind, as LLVM's fltSemantics. */
const PRECISION: Record<FloatKind, number> = {
  f16: 11,
  bf16: 8,
  f32: 24,
  f64: 53,
  f80: 64,
  f128: 113,
  tf32: 11,
  f4E2M1FN: 2,
  f6E2M3FN: 4,
  f6E3M2FN: 3,
  f8E5M2: 3,
  f8E4M3: 4,
  f8E4M3FN: 4,
  f8E5M2FNUZ: 3,
  f8E4M3FNUZ: 4,
  f8E4M3B11FNUZ: 4,
  f8E3M4: 5,
  f8E8M0FNU: 1,
}

const f64Buf = new DataView(new ArrayBuffer(8))

/**
 * Decomposes a finite non-zero double into an odd integer significand and a binary
 * exponent: |value| = sig * 2^exp.
 */
function decompose(value: number): { sig: bigint; exp: number } {
  f64Buf.setFloat64(0, value)
  let hi = f64Buf.getUint32(0)
  let lo = f64Buf.getUint32(4)
  const biased = (hi >>> 20) & 0x7ff
  hi &= 0xfffff
  let exp: number
  if (biased === 0) {
    exp = -1074
  } else {
    hi |= 0x100000
    exp = biased - 1075
  }
  // The trailing zero bits go before the significand becomes a bigint (one shift, not one per bit).
  if (lo === 0) {
    lo = hi
    hi = 0
    exp += 32
  }
  const tz = 31 - Math.clz32(lo & -lo)
  if (tz > 0) {
    lo = ((lo >>> tz) | (hi << (32 - tz))) >>> 0
    hi >>>= tz
    exp += tz
  }
  return { sig: hi === 0 ? BigInt(lo) : (BigInt(hi) << 32n) | BigInt(lo), exp }
}

/**
 * Formats a finite value as LLVM's `APFloat::toString` does, given the precision in
 * significant decimal digits (0: the type's natural precision), the maximum zero
 * padding before switching to scientific notation, and whether to truncate zeros.
 */
export function apFloatToString(
  value: number,
  kind: FloatKind,
  formatPrecision: number,
  formatMaxPadding: number,
  truncateZero: boolean,
): string {
  const neg = value < 0 || Object.is(value, -0)
  if (value === 0) {
    return formatExactFloat(neg, 0n, 0, PRECISION[kind], formatPrecision, formatMaxPadding, truncateZero)
  }
  const d = decompose(neg ? -value : value)
  return formatExactFloat(neg, d.sig, d.exp, PRECISION[kind], formatPrecision, formatMaxPadding, truncateZero)
}

const f32Buf = new Float32Array(1)
const u32View = new Uint32Array(f32Buf.buffer)

/** How a small float format encodes NaN and infinity (LLVM's `fltNonfiniteBehavior` and NaN encoding). */
const Special = { IEEE: 0, FN: 1, FNUZ: 2, E8M0: 3, Finite: 4 } as const
type Special = (typeof Special)[keyof typeof Special]

/** Field widths, exponent bias and special-value encoding of the formats narrower than f32. */
const SMALL: Partial<Record<FloatKind, readonly [number, number, number, Special]>> = {
  f16: [5, 10, 15, Special.IEEE],
  bf16: [8, 7, 127, Special.IEEE],
  tf32: [8, 10, 127, Special.IEEE],
  f8E5M2: [5, 2, 15, Special.IEEE],
  f8E4M3: [4, 3, 7, Special.IEEE],
  f8E4M3FN: [4, 3, 7, Special.FN],
  f8E5M2FNUZ: [5, 2, 16, Special.FNUZ],
  f8E4M3FNUZ: [4, 3, 8, Special.FNUZ],
  f8E4M3B11FNUZ: [4, 3, 11, Special.FNUZ],
  f8E3M4: [3, 4, 3, Special.IEEE],
  f8E8M0FNU: [8, 0, 127, Special.E8M0],
  f4E2M1FN: [2, 1, 1, Special.Finite],
  f6E2M3FN: [2, 3, 1, Special.Finite],
  f6E3M2FN: [3, 2, 3, Special.Finite],
}

/** Rounds a double to the nearest value of a float kind with round-to-nearest-even. */
export function roundToKind(value: number, kind: FloatKind): number {
  if (kind === 'f32') {
    return Math.fround(value)
  }
  const sem = SMALL[kind]
  if (sem === undefined) {
    return value
  }
  // E8M0 has no subnormals: exponent 0 is the normal value 2^-127.
  return roundToFormat(value, sem[1] + 1, sem[3] === Special.E8M0 ? -sem[2] : 1 - sem[2])
}

/** The exponent of the highest power of two not above `a` (a > 0). */
function floorLog2(a: number): number {
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) {
    e--
  } else if (2 ** (e + 1) <= a) {
    e++
  }
  return e
}

/** Rounds to `precision` significant bits with minimum normal exponent `minExp` (RNE). */
function roundToFormat(value: number, precision: number, minExp: number): number {
  if (!Number.isFinite(value) || value === 0) {
    return value
  }
  const a = Math.abs(value)
  let e = floorLog2(a)
  if (e < minExp) {
    e = minExp
  }
  const ulp = 2 ** (e - precision + 1)
  const q = a / ulp
  let r = Math.floor(q)
  const frac = q - r
  if (frac > 0.5 || (frac === 0.5 && r % 2 === 1)) {
    r++
  }
  const res = r * ulp
  return value < 0 ? -res : res
}

/** The bit pattern of `value` in `kind`, as a bigint (NaN is the kind's canonical NaN). */
export function floatBits(value: number, kind: FloatKind): bigint {
  if (kind === 'f80' || kind === 'f128') {
    return wideBitsFromDouble(kind, value)
  }
  if (kind === 'f32') {
    f32Buf[0] = value
    return BigInt(u32View[0]!)
  }
  const sem = SMALL[kind]
  if (sem === undefined) {
    f64Buf.setFloat64(0, value)
    return f64Buf.getBigUint64(0)
  }
  return BigInt(encodeSmall(value, sem[0], sem[1], sem[2], sem[3]))
}

/** Encodes an exactly representable value in a small binary format. */
function encodeSmall(value: number, expBits: number, manBits: number, bias: number, special: Special): number {
  const width = 1 + expBits + manBits
  const expMask = (1 << expBits) - 1
  if (special === Special.E8M0) {
    // Exponent only: no sign, no zero; all ones is NaN.
    return Number.isNaN(value) || value <= 0 || !Number.isFinite(value) ? 0xff : floorLog2(value) + bias
  }
  if (Number.isNaN(value)) {
    if (special === Special.FNUZ) {
      return 1 << (width - 1)
    }
    if (special === Special.FN) {
      return (expMask << manBits) | ((1 << manBits) - 1)
    }
    return (expMask << manBits) | (1 << (manBits - 1))
  }
  let sign = value < 0 || Object.is(value, -0) ? 1 : 0
  let e: number
  let m: number
  if (!Number.isFinite(value)) {
    // A finite-only kind encodes infinity with a zero exponent field, as APFloat does.
    e = special === Special.Finite ? 0 : expMask
    m = 0
  } else if (value === 0) {
    e = 0
    m = 0
    if (special === Special.FNUZ) {
      sign = 0
    }
  } else {
    const a = Math.abs(value)
    const ex = floorLog2(a)
    if (ex < 1 - bias) {
      e = 0
      m = Math.round(a / 2 ** (1 - bias - manBits))
    } else {
      e = ex + bias
      m = Math.round((a / 2 ** ex - 1) * 2 ** manBits)
    }
  }
  return ((sign << (expBits + manBits)) | (e << manBits) | m) >>> 0
}

/**
 * Formats a float as MLIR's printer does: `1.000000e+00` style when that round-trips,
 * otherwise APFloat's shortest natural form when it has a `.`, otherwise hexadecimal
 * bits (`0x7FC00000`), which is also used for NaN and infinities.
 */
export function formatFloatValue(value: number, kind: FloatKind): string {
  if (kind === 'f80' || kind === 'f128') {
    return formatWideFloat(kind, wideBitsFromDouble(kind, value))
  }
  if (Number.isFinite(value)) {
    const s = apFloatToString(value, kind, 6, 0, false)
    const roundTrips = Object.is(roundToKind(Number(s), kind), value)
    if (roundTrips || (value === 0 && Number(s) === 0 && Object.is(value, Number(s)))) {
      return s
    }
    const d = apFloatToString(value, kind, 0, 3, true)
    if (d.includes('.')) {
      return d
    }
  }
  return '0x' + floatBits(value, kind).toString(16).toUpperCase()
}
