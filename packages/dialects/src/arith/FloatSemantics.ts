import { FloatType, type Type } from '@tilepass/ir'

/**
 * IEEE-style binary formats whose values a JS double holds exactly: precision in bits
 * (with the implicit bit) and maximum exponent. Formats not listed here (f80, f128, the
 * 8-bit and smaller formats) are not folded, since their rounding and special values
 * differ from what a double can model.
 */
const FORMATS: Readonly<Record<string, readonly [number, number]>> = {
  f16: [11, 15],
  bf16: [8, 127],
  tf32: [11, 127],
  f32: [24, 127],
  f64: [53, 1023],
}

/** The precision in bits (with the implicit bit) and the maximum exponent of `type`, for the formats above. */
export function floatFormat(type: FloatType): readonly [number, number] | undefined {
  return FORMATS[type.kind]
}

/** The wide IEEE-style formats (precision, maximum exponent): not folded, but they hold every value of the formats above. */
const WIDE_FORMATS: Readonly<Record<string, readonly [number, number]>> = {
  f80: [64, 16383],
  f128: [113, 16383],
}

/** True when `type` is f80 or f128, which hold every double exactly. */
export function isWideFloatType(type: Type): type is FloatType {
  return type instanceof FloatType && Object.prototype.hasOwnProperty.call(WIDE_FORMATS, type.kind)
}

/** True when every value of `src` is a value of `dst` (`APFloatBase::isRepresentableBy`), for the formats above and f80/f128. */
export function isRepresentableBy(src: FloatType, dst: FloatType): boolean {
  const a = FORMATS[src.kind] ?? WIDE_FORMATS[src.kind]
  const b = FORMATS[dst.kind] ?? WIDE_FORMATS[dst.kind]
  return a !== undefined && b !== undefined && a[0] <= b[0] && a[1] <= b[1]
}

/** True when constants of `type` (a scalar float type) can be folded with doubles. */
export function isFoldableFloatType(type: Type): type is FloatType {
  return type instanceof FloatType && Object.prototype.hasOwnProperty.call(FORMATS, type.kind)
}

function roundHalfEven(q: number): number {
  const f = Math.floor(q)
  const d = q - f
  if (d > 0.5) {
    return f + 1
  }
  if (d < 0.5) {
    return f
  }
  return f % 2 === 0 ? f : f + 1
}

/**
 * Rounds `x` to the nearest value of `type` (ties to even), overflowing to infinity.
 * For the formats supported here a double has at least 2p+2 bits, so rounding the exact
 * double result of +, -, *, / again to the format gives the correctly rounded result.
 */
export function roundToFloatType(type: FloatType, x: number): number {
  const fmt = FORMATS[type.kind]
  if (fmt === undefined) {
    return x
  }
  const [p, emax] = fmt
  if (p === 53 || !Number.isFinite(x) || x === 0) {
    return x
  }
  if (p === 24) {
    return Math.fround(x)
  }
  const a = Math.abs(x)
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) {
    e--
  } else if (2 ** (e + 1) <= a) {
    e++
  }
  const emin = 1 - emax
  if (e < emin) {
    e = emin
  }
  const ulp = 2 ** (e - (p - 1))
  let r = roundHalfEven(a / ulp) * ulp
  const maxFinite = (2 - 2 ** (1 - p)) * 2 ** emax
  if (r > maxFinite) {
    r = Infinity
  }
  return x < 0 ? -r : r
}

/** Converts an integer to the nearest value of `type` (ties to even), as `APFloat::convertFromAPInt`. */
export function integerToFloat(type: FloatType, v: bigint): number {
  const fmt = FORMATS[type.kind]
  const p = fmt === undefined ? 53 : fmt[0]
  const neg = v < 0n
  const a = neg ? -v : v
  const n = a.toString(2).length
  let r: number
  if (n <= p) {
    r = Number(a)
  } else {
    const shift = BigInt(n - p)
    let q = a >> shift
    const rem = a - (q << shift)
    const half = 1n << (shift - 1n)
    if (rem > half || (rem === half && (q & 1n) === 1n)) {
      q += 1n
    }
    r = Number(q) * 2 ** Number(shift)
  }
  r = roundToFloatType(type, r)
  return neg ? -r : r
}

/** Converts a float to an integer of `width` bits rounding toward zero, or undefined when out of range or NaN. */
export function floatToInteger(x: number, width: number, isUnsigned: boolean): bigint | undefined {
  if (Number.isNaN(x) || !Number.isFinite(x)) {
    return undefined
  }
  const t = BigInt(Math.trunc(x))
  const lo = isUnsigned ? 0n : -(1n << BigInt(width - 1))
  const hi = isUnsigned ? (1n << BigInt(width)) - 1n : (1n << BigInt(width - 1)) - 1n
  if (t < lo || t > hi) {
    return undefined
  }
  return t
}

const scratch = new DataView(new ArrayBuffer(8))

function halfToNumber(bits: number): number {
  const s = bits & 0x8000 ? -1 : 1
  const e = (bits >> 10) & 0x1f
  const m = bits & 0x3ff
  if (e === 0) {
    return s * m * 2 ** -24
  }
  if (e === 31) {
    return m === 0 ? s * Infinity : NaN
  }
  return s * (1024 + m) * 2 ** (e - 25)
}

function numberToHalf(x: number): number {
  if (Number.isNaN(x)) {
    return 0x7e00
  }
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0
  const a = Math.abs(x)
  if (a === Infinity) {
    return sign | 0x7c00
  }
  if (a === 0) {
    return sign
  }
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) {
    e--
  } else if (2 ** (e + 1) <= a) {
    e++
  }
  if (e < -14) {
    return sign | Math.round(a * 2 ** 24)
  }
  return sign | ((e + 15) << 10) | Math.round((a / 2 ** e - 1) * 1024)
}

/** The bit pattern of `x` as a value of `type`, or undefined for formats this module does not encode. */
export function floatToBits(type: FloatType, x: number): bigint | undefined {
  switch (type.kind) {
    case 'f64':
      scratch.setFloat64(0, x)
      return scratch.getBigUint64(0)
    case 'f32':
      scratch.setFloat32(0, x)
      return BigInt(scratch.getUint32(0))
    case 'bf16':
      scratch.setFloat32(0, x)
      return BigInt(scratch.getUint32(0) >>> 16)
    case 'f16':
      return BigInt(numberToHalf(x))
    default:
      return undefined
  }
}

/** The value of the bit pattern `bits` read as `type`, or undefined for formats this module does not decode. */
export function bitsToFloat(type: FloatType, bits: bigint): number | undefined {
  switch (type.kind) {
    case 'f64':
      scratch.setBigUint64(0, BigInt.asUintN(64, bits))
      return scratch.getFloat64(0)
    case 'f32':
      scratch.setUint32(0, Number(BigInt.asUintN(32, bits)))
      return scratch.getFloat32(0)
    case 'bf16':
      scratch.setUint32(0, Number(BigInt.asUintN(16, bits)) << 16)
      return scratch.getFloat32(0)
    case 'f16':
      return halfToNumber(Number(BigInt.asUintN(16, bits)))
    default:
      return undefined
  }
}
