import { FloatAttr } from './Attributes.ts'
import { floatFromBits } from './parser/FloatBits.ts'
import { floatBits, formatFloatValue } from './printer/FloatFormat.ts'
import { FloatType, type FloatKind } from './Types.ts'

/**
 * Exact arithmetic for the builtin float kinds wider than a double (`f80`, x87 extended
 * precision with an explicit integer bit, and `f128`, IEEE quad precision). Values are
 * handled as bit patterns (bigints) so that literals such as `0x3FFF8000000000000001 : f80`
 * keep every bit; decimal text is rounded to the format with BigInt arithmetic (round to
 * nearest, ties to even), as LLVM's APFloat does.
 */

/** Kinds whose values a double cannot always hold. */
export type WideFloatKind = 'f80' | 'f128'

/** True for `f80` and `f128`. */
export function isWideFloatKind(kind: FloatKind): kind is WideFloatKind {
  return kind === 'f80' || kind === 'f128'
}

const BIAS = 16383
const EXP_ALL_ONES = 0x7fff
/** Bits of precision, including the integer bit. */
function precisionOf(kind: WideFloatKind): number {
  return kind === 'f80' ? 64 : 113
}
function signShift(kind: WideFloatKind): bigint {
  return kind === 'f80' ? 79n : 127n
}
function expShift(kind: WideFloatKind): bigint {
  return kind === 'f80' ? 64n : 112n
}

/** Value classes of a decoded float. */
const Cls = { Zero: 0, Finite: 1, Inf: 2, NaN: 3 } as const
type Cls = (typeof Cls)[keyof typeof Cls]

/** A decoded value: |v| = sig * 2^exp for finite values. */
interface Decoded {
  readonly neg: boolean
  readonly cls: Cls
  readonly sig: bigint
  readonly exp: number
}

/** The default (quiet, positive) NaN of `kind`, as MLIR prints it. */
export function wideDefaultNaNBits(kind: WideFloatKind): bigint {
  return kind === 'f80' ? 0x7fffc000000000000000n : 0x7fff8000000000000000000000000000n
}

function infinityBits(kind: WideFloatKind, neg: boolean): bigint {
  const sign = neg ? 1n << signShift(kind) : 0n
  return sign | (BigInt(EXP_ALL_ONES) << expShift(kind)) | (kind === 'f80' ? 1n << 63n : 0n)
}

function decode(kind: WideFloatKind, bits: bigint): Decoded {
  const neg = ((bits >> signShift(kind)) & 1n) === 1n
  const biased = Number((bits >> expShift(kind)) & BigInt(EXP_ALL_ONES))
  const p = precisionOf(kind)
  if (kind === 'f80') {
    const man = bits & ((1n << 64n) - 1n)
    const intBit = man >> 63n
    if (biased === EXP_ALL_ONES) {
      return { neg, cls: man === 1n << 63n ? Cls.Inf : Cls.NaN, sig: man, exp: 0 }
    }
    if (biased === 0) {
      return man === 0n ? { neg, cls: Cls.Zero, sig: 0n, exp: 0 } : { neg, cls: Cls.Finite, sig: man, exp: 1 - BIAS - (p - 1) }
    }
    if (intBit === 0n) {
      // An unnormal: APFloat reads it as a NaN.
      return { neg, cls: Cls.NaN, sig: man, exp: 0 }
    }
    return { neg, cls: Cls.Finite, sig: man, exp: biased - BIAS - (p - 1) }
  }
  const man = bits & ((1n << 112n) - 1n)
  if (biased === EXP_ALL_ONES) {
    return { neg, cls: man === 0n ? Cls.Inf : Cls.NaN, sig: man, exp: 0 }
  }
  if (biased === 0) {
    return man === 0n ? { neg, cls: Cls.Zero, sig: 0n, exp: 0 } : { neg, cls: Cls.Finite, sig: man, exp: 1 - BIAS - (p - 1) }
  }
  return { neg, cls: Cls.Finite, sig: man | (1n << 112n), exp: biased - BIAS - (p - 1) }
}

function bitLength(v: bigint): number {
  if (v === 0n) {
    return 0
  }
  // Four bits per hexadecimal digit: a string a quarter as long as the binary one.
  const hex = v.toString(16)
  return 4 * (hex.length - 1) + (32 - Math.clz32(parseInt(hex[0]!, 16)))
}

/** `base ** n` for small bases and exponents, computed once (float printing asks for them per value). */
const POWERS = new Map<bigint, bigint[]>()

function power(base: bigint, n: number): bigint {
  let table = POWERS.get(base)
  if (table === undefined) {
    table = [1n]
    POWERS.set(base, table)
  }
  if (n > 1100) {
    return base ** BigInt(n)
  }
  while (table.length <= n) {
    table.push(table[table.length - 1]! * base)
  }
  return table[n]!
}

/**
 * Encodes ±(num / den) in `kind`, rounding to nearest with ties to even; too large
 * values give infinity, too small ones a denormal or zero.
 */
function encodeRational(kind: WideFloatKind, neg: boolean, num: bigint, den: bigint): bigint {
  const sign = neg ? 1n << signShift(kind) : 0n
  if (num === 0n) {
    return sign
  }
  const p = precisionOf(kind)
  // e = floor(log2(num / den)).
  let e = bitLength(num) - bitLength(den)
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) {
    e--
  }
  const minExp = 1 - BIAS
  if (e < minExp) {
    e = minExp
  }
  // q = num / den * 2^(p - 1 - e), rounded.
  const shift = p - 1 - e
  const n = shift >= 0 ? num << BigInt(shift) : num
  const d = shift >= 0 ? den : den << BigInt(-shift)
  let q = n / d
  const r2 = (n - q * d) * 2n
  if (r2 > d || (r2 === d && (q & 1n) === 1n)) {
    q++
  }
  if (q === 1n << BigInt(p)) {
    q >>= 1n
    e++
  }
  if (e > BIAS) {
    return infinityBits(kind, neg)
  }
  const normal = q >= 1n << BigInt(p - 1)
  const biased = normal ? BigInt(e + BIAS) : 0n
  const man = kind === 'f80' ? q : q & ((1n << 112n) - 1n)
  return sign | (biased << expShift(kind)) | man
}

const f64View = new DataView(new ArrayBuffer(8))

/** The bit pattern in `kind` of the double `value` (exact: both wide kinds contain every double). */
export function wideBitsFromDouble(kind: WideFloatKind, value: number): bigint {
  if (Number.isNaN(value)) {
    return wideDefaultNaNBits(kind)
  }
  const neg = value < 0 || Object.is(value, -0)
  if (!Number.isFinite(value)) {
    return infinityBits(kind, neg)
  }
  if (value === 0) {
    return neg ? 1n << signShift(kind) : 0n
  }
  f64View.setFloat64(0, Math.abs(value))
  const raw = f64View.getBigUint64(0)
  const biased = Number(raw >> 52n)
  let sig = raw & ((1n << 52n) - 1n)
  let exp: number
  if (biased === 0) {
    exp = -1074
  } else {
    sig |= 1n << 52n
    exp = biased - 1075
  }
  return exp >= 0 ? encodeRational(kind, neg, sig << BigInt(exp), 1n) : encodeRational(kind, neg, sig, 1n << BigInt(-exp))
}

/** The nearest double to the value of `bits` in `kind` (NaN for NaNs). */
export function wideBitsToDouble(kind: WideFloatKind, bits: bigint): number {
  const d = decode(kind, bits)
  switch (d.cls) {
    case Cls.Zero:
      return d.neg ? -0 : 0
    case Cls.Inf:
      return d.neg ? -Infinity : Infinity
    case Cls.NaN:
      return NaN
    default: {
      // Round the significand to 53 bits first so that the conversion rounds once.
      const len = bitLength(d.sig)
      let sig = d.sig
      let exp = d.exp
      if (len > 53) {
        const drop = BigInt(len - 53)
        const half = 1n << (drop - 1n)
        const rest = sig & ((1n << drop) - 1n)
        sig >>= drop
        exp += len - 53
        if (rest > half || (rest === half && (sig & 1n) === 1n)) {
          sig++
        }
      }
      // Numbers below the double range lose further bits in the multiplication; split the
      // scaling so that no intermediate overflows or underflows early.
      const v = Number(sig) * 2 ** Math.max(exp, -1000) * 2 ** Math.min(exp + 1000, 0)
      return d.neg ? -v : v
    }
  }
}

/**
 * The bit pattern APFloat keeps for `bits` of `kind`: f80 pseudo-denormals are normalized
 * and unnormals become NaNs with the all-ones exponent; other patterns are unchanged.
 */
export function canonicalWideBits(kind: WideFloatKind, bits: bigint): bigint {
  const d = decode(kind, bits)
  if (kind !== 'f80') {
    return bits
  }
  if (d.cls === Cls.NaN) {
    return (bits & ~(BigInt(EXP_ALL_ONES) << 64n)) | (BigInt(EXP_ALL_ONES) << 64n)
  }
  if (d.cls === Cls.Finite) {
    return d.exp >= 0
      ? encodeRational(kind, d.neg, d.sig << BigInt(d.exp), 1n)
      : encodeRational(kind, d.neg, d.sig, 1n << BigInt(-d.exp))
  }
  return bits
}

/**
 * Parses decimal float text (`[-]digits[.digits][e[+-]digits]`) into `kind`, correctly
 * rounded; null when the text is not of that form.
 */
export function parseWideDecimal(kind: WideFloatKind, text: string): bigint | null {
  const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text)
  if (m === null || (m[2] === '' && (m[3] ?? '') === '')) {
    return null
  }
  const neg = m[1] === '-'
  const frac = m[3] ?? ''
  const digits = BigInt((m[2] ?? '') + frac || '0')
  const exp10 = Number(m[4] ?? '0') - frac.length
  if (digits === 0n) {
    return neg ? 1n << signShift(kind) : 0n
  }
  // Far outside the range: avoid building enormous powers of ten.
  const magnitude = exp10 + String(digits).length
  if (magnitude > 5000) {
    return infinityBits(kind, neg)
  }
  if (magnitude < -5000) {
    return neg ? 1n << signShift(kind) : 0n
  }
  return exp10 >= 0 ? encodeRational(kind, neg, digits * 10n ** BigInt(exp10), 1n) : encodeRational(kind, neg, digits, 10n ** BigInt(-exp10))
}

/**
 * Formats ±sig·2^exp as LLVM's `APFloat::toString` does, given the significant decimal
 * digits (0: the natural precision of a format with `precisionBits` bits), the maximum
 * zero padding before scientific notation, and whether to truncate zeros.
 */
export function formatExactFloat(
  neg: boolean,
  sig: bigint,
  exp: number,
  precisionBits: number,
  formatPrecision: number,
  formatMaxPadding: number,
  truncateZero: boolean,
): string {
  let out = neg ? '-' : ''
  if (sig === 0n) {
    if (formatMaxPadding === 0) {
      if (truncateZero) {
        return out + '0.0E+0'
      }
      out += '0.0'
      if (formatPrecision > 1) {
        out += '0'.repeat(formatPrecision - 1)
      }
      return out + 'e+00'
    }
    return out + '0'
  }
  if (formatPrecision === 0) {
    formatPrecision = 2 + Math.floor((precisionBits * 59) / 196)
  }
  // Strip trailing zero bits, then make the value an integer times a power of ten.
  while ((sig & 1n) === 0n) {
    sig >>= 1n
    exp++
  }
  let significand = sig
  let exp10 = 0
  if (exp > 0) {
    significand <<= BigInt(exp)
  } else if (exp < 0) {
    significand *= power(5n, -exp)
    exp10 = exp
  }
  const bits = bitLength(significand)
  const bitsRequired = Math.floor((formatPrecision * 196 + 58) / 59)
  if (bits > bitsRequired) {
    const tensRemovable = Math.floor(((bits - bitsRequired) * 59) / 196)
    if (tensRemovable > 0) {
      exp10 += tensRemovable
      significand /= power(10n, tensRemovable)
    }
  }
  const raw = significand.toString()
  let end = raw.length
  while (end > 1 && raw.charCodeAt(end - 1) === 48) {
    end--
  }
  exp10 += raw.length - end
  let digits = raw.slice(0, end)
  if (digits.length > formatPrecision) {
    exp10 += digits.length - formatPrecision
    const next = digits.charCodeAt(formatPrecision)
    let kept = digits.slice(0, formatPrecision)
    if (next >= 53) {
      let i = kept.length - 1
      while (i >= 0 && kept.charCodeAt(i) === 57) {
        i--
      }
      if (i < 0) {
        exp10 += kept.length
        kept = '1'
      } else {
        exp10 += kept.length - 1 - i
        kept = kept.slice(0, i) + String.fromCharCode(kept.charCodeAt(i) + 1)
      }
    } else {
      let e = kept.length
      while (e > 1 && kept.charCodeAt(e - 1) === 48) {
        e--
      }
      exp10 += kept.length - e
      kept = kept.slice(0, e)
    }
    digits = kept
  }
  const nDigits = digits.length
  let scientific: boolean
  if (formatMaxPadding === 0) {
    scientific = true
  } else if (exp10 >= 0) {
    scientific = exp10 > formatMaxPadding || nDigits + exp10 > formatPrecision
  } else {
    const msd = exp10 + nDigits - 1
    scientific = msd >= 0 ? false : -msd > formatMaxPadding
  }
  if (scientific) {
    const e10 = exp10 + nDigits - 1
    out += digits[0]! + '.'
    if (nDigits === 1 && truncateZero) {
      out += '0'
    } else {
      out += digits.slice(1)
    }
    if (!truncateZero && formatPrecision > nDigits - 1) {
      out += '0'.repeat(formatPrecision - nDigits + 1)
    }
    out += truncateZero ? 'E' : 'e'
    out += e10 >= 0 ? '+' : '-'
    const e = String(Math.abs(e10))
    if (!truncateZero && e.length < 2) {
      out += '0'
    }
    return out + e
  }
  if (exp10 >= 0) {
    return out + digits + '0'.repeat(exp10)
  }
  const whole = exp10 + nDigits
  if (whole > 0) {
    return out + digits.slice(0, whole) + '.' + digits.slice(whole)
  }
  return out + '0.' + '0'.repeat(-whole) + digits
}

/**
 * Formats the f80/f128 value `bits` as MLIR's printer does: `1.000000e+00` style when that
 * reads back to the same bits, else APFloat's natural form when it has a `.`, else the
 * hexadecimal bit pattern (always for NaN and infinities).
 */
export function formatWideFloat(kind: WideFloatKind, bits: bigint): string {
  const canon = canonicalWideBits(kind, bits)
  const d = decode(kind, canon)
  if (d.cls === Cls.Zero || d.cls === Cls.Finite) {
    const p = precisionOf(kind)
    const s = formatExactFloat(d.neg, d.sig, d.exp, p, 6, 0, false)
    if (parseWideDecimal(kind, s) === canon) {
      return s
    }
    const natural = formatExactFloat(d.neg, d.sig, d.exp, p, 0, 3, true)
    if (natural.includes('.')) {
      return natural
    }
  }
  return '0x' + canon.toString(16).toUpperCase()
}

/**
 * The bit pattern that must be kept next to the double `value` read from `bits` of a wide
 * kind: the canonical bits when the double does not hold the value exactly (a denormal, a
 * 64- or 113-bit significand, a NaN other than the default one), else null.
 */
export function wideExtraBits(kind: WideFloatKind, bits: bigint, value: number): bigint | null {
  const canon = canonicalWideBits(kind, bits)
  return canon === wideBitsFromDouble(kind, value) ? null : canon
}

/**
 * The float attribute of bit pattern `bits` in `type`'s format, keeping every bit: f80 and
 * f128 values a double cannot hold, and NaN payloads, print back exactly.
 */
export function floatAttrFromBits(type: FloatType, bits: bigint): FloatAttr {
  const kind = type.kind
  if (isWideFloatKind(kind)) {
    const value = wideBitsToDouble(kind, bits)
    const extra = wideExtraBits(kind, bits, value)
    if (extra === null) {
      return FloatAttr.get(type, value)
    }
    // Uniqued under the key FloatAttr.get gives a value with exact bits.
    const context = type.context
    return context.uniquer.intern(`flt:${type.id}:nan${extra.toString(16)}`, () => new FloatAttr(context, type, value, extra))
  }
  const value = floatFromBits(kind, bits)
  return FloatAttr.get(type, value, Number.isNaN(value) && bits !== floatBits(NaN, kind) ? bits : null)
}

/** The exact bit pattern of a float attribute in its type's format. */
export function floatAttrBits(attr: FloatAttr): bigint {
  const t = attr.type
  const kind = t instanceof FloatType ? t.kind : 'f64'
  if (attr.nanBits !== null) {
    return attr.nanBits
  }
  return isWideFloatKind(kind) ? wideBitsFromDouble(kind, attr.value) : floatBits(attr.value, kind)
}

/** The text MLIR prints for a float element or attribute of `kind` with `value` and kept `bits` (null: none kept). */
export function formatFloatWithBits(kind: FloatKind, value: number, bits: bigint | null): string {
  if (isWideFloatKind(kind)) {
    return formatWideFloat(kind, bits ?? wideBitsFromDouble(kind, value))
  }
  return bits !== null ? '0x' + bits.toString(16).toUpperCase() : formatFloatValue(value, kind)
}

/**
 * @internal The bits a float element read from `bits` must keep next to its double `value`:
 * for f80/f128, the canonical bits (`raw`: the bits as given, as dense hexadecimal data keeps
 * them) when the double does not give them back; for other kinds, a NaN's bits unless it is
 * the default NaN.
 */
export function floatExtraBits(kind: FloatKind, bits: bigint, value: number, raw: boolean): bigint | null {
  if (isWideFloatKind(kind)) {
    return raw ? (bits === wideBitsFromDouble(kind, value) ? null : bits) : wideExtraBits(kind, bits, value)
  }
  return Number.isNaN(value) && bits !== floatBits(NaN, kind) ? bits : null
}

/**
 * @internal The bits to keep for a decimal literal that rounded to NaN in `kind`: a negative
 * value overflowing a kind whose NaN has a sign (`f8E4M3FN`) gives the negative NaN.
 */
export function roundedNaNBits(kind: FloatKind, negative: boolean, rounded: number): bigint | null {
  if (!negative || !Number.isNaN(rounded) || kind !== 'f8E4M3FN') {
    return null
  }
  return floatBits(NaN, kind) | 0x80n
}

/**
 * @internal A rounded decimal element as a dense attribute stores it: the infinity a
 * finite-only kind (f4E2M1FN, f6E2M3FN, f6E3M2FN) keeps from an overflowing literal has a
 * zero bit pattern, so it reads back as a signed zero; a negative f8E8M0FNU value sets the
 * top bit of its exponent.
 */
export function denseStoredFloat(kind: FloatKind, rounded: number): number {
  if (kind === 'f8E8M0FNU' && rounded < 0) {
    // The sign APFloat keeps lands in the top exponent bit of the stored pattern.
    return floatFromBits(kind, floatBits(-rounded, kind) | 0x80n)
  }
  if ((rounded === Infinity || rounded === -Infinity) && (kind === 'f4E2M1FN' || kind === 'f6E2M3FN' || kind === 'f6E3M2FN')) {
    return rounded > 0 ? 0 : -0
  }
  return rounded
}
