import type { FloatKind } from '../Types.ts'
import { wideBitsToDouble } from '../FloatFormats.ts'

/**
 * @internal Bit-level semantics of the builtin float kinds, used to turn hexadecimal
 * float literals (`0x7F800000 : f32`) into values and to round decimal literals to
 * the precision of the target type.
 */
interface FloatSemantics {
  /** Total width in bits (of the encoding). */
  readonly width: number
  readonly expBits: number
  /** Stored mantissa bits (without the implicit bit). */
  readonly manBits: number
  readonly bias: number
  /** 'ieee': all-ones exponent is inf/nan; 'fn': only all-ones exp+mantissa is nan, no inf; 'fnuz': negative zero encodes nan, no inf; 'none': finite only; 'e8m0': exponent only. */
  readonly special: 'ieee' | 'fn' | 'fnuz' | 'none' | 'e8m0'
}

const SEMANTICS: Record<FloatKind, FloatSemantics> = {
  f16: { width: 16, expBits: 5, manBits: 10, bias: 15, special: 'ieee' },
  bf16: { width: 16, expBits: 8, manBits: 7, bias: 127, special: 'ieee' },
  f32: { width: 32, expBits: 8, manBits: 23, bias: 127, special: 'ieee' },
  f64: { width: 64, expBits: 11, manBits: 52, bias: 1023, special: 'ieee' },
  f80: { width: 80, expBits: 15, manBits: 63, bias: 16383, special: 'ieee' },
  f128: { width: 128, expBits: 15, manBits: 112, bias: 16383, special: 'ieee' },
  tf32: { width: 19, expBits: 8, manBits: 10, bias: 127, special: 'ieee' },
  f4E2M1FN: { width: 4, expBits: 2, manBits: 1, bias: 1, special: 'none' },
  f6E2M3FN: { width: 6, expBits: 2, manBits: 3, bias: 1, special: 'none' },
  f6E3M2FN: { width: 6, expBits: 3, manBits: 2, bias: 3, special: 'none' },
  f8E5M2: { width: 8, expBits: 5, manBits: 2, bias: 15, special: 'ieee' },
  f8E4M3: { width: 8, expBits: 4, manBits: 3, bias: 7, special: 'ieee' },
  f8E4M3FN: { width: 8, expBits: 4, manBits: 3, bias: 7, special: 'fn' },
  f8E5M2FNUZ: { width: 8, expBits: 5, manBits: 2, bias: 16, special: 'fnuz' },
  f8E4M3FNUZ: { width: 8, expBits: 4, manBits: 3, bias: 8, special: 'fnuz' },
  f8E4M3B11FNUZ: { width: 8, expBits: 4, manBits: 3, bias: 11, special: 'fnuz' },
  f8E3M4: { width: 8, expBits: 3, manBits: 4, bias: 3, special: 'ieee' },
  f8E8M0FNU: { width: 8, expBits: 8, manBits: 0, bias: 127, special: 'e8m0' },
}

/** @internal Width of the bit pattern of `kind` (tf32 has 19 bits). */
export function floatBitWidth(kind: FloatKind): number {
  return SEMANTICS[kind].width
}

const dv = new DataView(new ArrayBuffer(8))

/** @internal The value encoded by the bit pattern `bits` of a float of `kind`. */
export function floatFromBits(kind: FloatKind, bits: bigint): number {
  if (kind === 'f80' || kind === 'f128') {
    return wideBitsToDouble(kind, bits)
  }
  if (kind === 'f64') {
    dv.setBigUint64(0, BigInt.asUintN(64, bits))
    return dv.getFloat64(0)
  }
  if (kind === 'f32') {
    dv.setUint32(0, Number(BigInt.asUintN(32, bits)))
    return dv.getFloat32(0)
  }
  const s = SEMANTICS[kind]
  const manMask = (1n << BigInt(s.manBits)) - 1n
  const man = Number(bits & manMask)
  const exp = Number((bits >> BigInt(s.manBits)) & ((1n << BigInt(s.expBits)) - 1n))
  const signBit = s.special === 'e8m0' ? 0n : (bits >> BigInt(s.manBits + s.expBits)) & 1n
  const sign = signBit ? -1 : 1
  const expMax = (1 << s.expBits) - 1
  switch (s.special) {
    case 'ieee':
      if (exp === expMax) {
        return man === 0 ? sign * Infinity : NaN
      }
      break
    case 'fn':
      if (exp === expMax && man === Number(manMask)) {
        return NaN
      }
      break
    case 'fnuz':
      if (signBit && exp === 0 && man === 0) {
        return NaN
      }
      break
    case 'e8m0':
      if (exp === expMax) {
        return NaN
      }
      return 2 ** (exp - s.bias)
    case 'none':
      break
  }
  if (exp === 0) {
    return sign * man * 2 ** (1 - s.bias - s.manBits)
  }
  return sign * (man + 2 ** s.manBits) * 2 ** (exp - s.bias - s.manBits)
}

/** @internal The largest finite value of `kind`. */
function maxFinite(s: FloatSemantics): number {
  const expMax = (1 << s.expBits) - 1
  switch (s.special) {
    case 'ieee':
      return (2 - 2 ** -s.manBits) * 2 ** (expMax - 1 - s.bias)
    case 'fn':
      return (2 - 2 ** (1 - s.manBits)) * 2 ** (expMax - s.bias)
    case 'e8m0':
      return 2 ** (expMax - 1 - s.bias)
    default:
      return (2 - 2 ** -s.manBits) * 2 ** (expMax - s.bias)
  }
}

/**
 * @internal Rounds `value` to the nearest value representable in `kind` (ties to
 * even), as APFloat's conversion does; overflow gives infinity where the type has
 * one and NaN otherwise.
 */
export function roundToFloatKind(kind: FloatKind, value: number): number {
  if (kind === 'f64' || kind === 'f80' || kind === 'f128' || !Number.isFinite(value)) {
    if (Number.isNaN(value) || kind === 'f64' || kind === 'f80' || kind === 'f128') {
      return value
    }
  }
  if (kind === 'f32') {
    return Math.fround(value)
  }
  const s = SEMANTICS[kind]
  if (Number.isNaN(value)) {
    return NaN
  }
  const neg = value < 0 || Object.is(value, -0)
  const a = Math.abs(value)
  if (a === Infinity) {
    // Finite-only kinds keep the infinity, which APFloat encodes as a signed zero.
    return s.special === 'ieee' || s.special === 'none' ? value : NaN
  }
  if (s.special === 'e8m0') {
    // One bit of precision: the midpoint between powers of two rounds up; zero and tiny
    // values give the smallest power, values beyond the largest one are NaN.
    if (a === 0) {
      return 2 ** -s.bias
    }
    let e = Math.floor(Math.log2(a))
    if (2 ** e > a) {
      e--
    }
    if (a / 2 ** e >= 1.5) {
      e++
    }
    const maxE = (1 << s.expBits) - 2 - s.bias
    if (e > maxE) {
      return NaN
    }
    if (e < -s.bias) {
      // Underflow gives APFloat's zero, which reads back as the smallest value.
      return 2 ** -s.bias
    }
    // APFloat keeps the sign of a negative value although the format has no sign bit.
    return neg ? -(2 ** e) : 2 ** e
  }
  const max = maxFinite(s)
  const minExp = 1 - s.bias
  let e = a === 0 ? minExp : Math.floor(Math.log2(a))
  if (e < minExp) {
    e = minExp
  }
  const ulp = 2 ** (e - s.manBits)
  const q = a / ulp
  let r = Math.floor(q)
  const frac = q - r
  if (frac > 0.5 || (frac === 0.5 && r % 2 === 1)) {
    r++
  }
  let out = r * ulp
  if (out > max) {
    // Values that round beyond the largest finite value overflow.
    const halfUlpAboveMax = max + 2 ** (Math.floor(Math.log2(max)) - s.manBits) / 2
    if (a >= halfUlpAboveMax || s.special !== 'ieee') {
      out = s.special === 'ieee' ? Infinity : s.special === 'none' ? max : NaN
    }
    else {
      out = max
    }
  }
  if (out === 0 && s.special === 'fnuz') {
    return 0
  }
  return neg ? -out : out
}
