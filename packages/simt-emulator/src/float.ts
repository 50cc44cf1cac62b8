/**
 * Exact floating-point encoding for the emulator: any value given as sign * N * 2^E
 * (N a BigInt) rounded into a binary format (f16, bf16, tf32, f32, f64) under one of PTX's
 * rounding modes, and the decoding back to a double. Conversions and fused multiply-adds
 * go through here so they round exactly once, as the hardware does.
 */

/** A binary floating-point format: exponent and stored-mantissa widths. */
export interface FloatFormat {
  readonly expBits: number
  readonly mantBits: number
}

/** IEEE half precision. */
export const F16: FloatFormat = { expBits: 5, mantBits: 10 }
/** bfloat16. */
export const BF16: FloatFormat = { expBits: 8, mantBits: 7 }
/** NVIDIA tf32 (f32 range, 10 stored mantissa bits). */
export const TF32: FloatFormat = { expBits: 8, mantBits: 10 }
/** IEEE single precision. */
export const F32: FloatFormat = { expBits: 8, mantBits: 23 }
/** IEEE double precision. */
export const F64: FloatFormat = { expBits: 11, mantBits: 52 }

/** PTX rounding modes: nearest-even, nearest-away (tf32's rna), toward zero, -inf, +inf. */
export type RoundingMode = 'rn' | 'rna' | 'rz' | 'rm' | 'rp'

const f64 = new Float64Array(1)
const u64 = new BigUint64Array(f64.buffer)

/** `x` as sign, integer N and exponent E with |x| = N * 2^E (x finite). */
export function decompose(x: number): { neg: boolean; n: bigint; e: number } {
  f64[0] = x
  const bits = u64[0]!
  const neg = bits >> 63n === 1n
  const ex = Number((bits >> 52n) & 0x7ffn)
  const m = bits & 0xfffffffffffffn
  if (ex === 0) {
    return { neg, n: m, e: -1074 }
  }
  return { neg, n: m | 0x10000000000000n, e: ex - 1075 }
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length
}

/** Bits (in `fmt`) of the value (-1)^neg * n * 2^e rounded with `mode`. */
export function roundToFormat(neg: boolean, n: bigint, e: number, fmt: FloatFormat, mode: RoundingMode): bigint {
  const { expBits, mantBits } = fmt
  const sign = neg ? 1n << BigInt(expBits + mantBits) : 0n
  if (n === 0n) {
    return sign
  }
  const bias = (1 << (expBits - 1)) - 1
  const emin = 1 - bias
  const top = bitLength(n) - 1 + e
  let q = Math.max(top, emin) - mantBits
  const shift = q - e
  let m: bigint
  if (shift <= 0) {
    m = n << BigInt(-shift)
  } else {
    const s = BigInt(shift)
    m = n >> s
    const rem = n & ((1n << s) - 1n)
    const half = 1n << (s - 1n)
    let up = false
    switch (mode) {
      case 'rn':
        up = rem > half || (rem === half && (m & 1n) === 1n)
        break
      case 'rna':
        up = rem >= half
        break
      case 'rz':
        break
      case 'rp':
        up = rem !== 0n && !neg
        break
      case 'rm':
        up = rem !== 0n && neg
        break
    }
    if (up) {
      m += 1n
    }
  }
  const one = 1n << BigInt(mantBits)
  if (m >= one << 1n) {
    m >>= 1n
    q += 1
  }
  if (m < one) {
    return sign | m // subnormal (or zero after rounding)
  }
  const expField = q + mantBits + bias
  const maxField = (1 << expBits) - 1
  if (expField >= maxField) {
    const toInf = mode === 'rn' || mode === 'rna' || (mode === 'rp' && !neg) || (mode === 'rm' && neg)
    if (toInf) {
      return sign | (BigInt(maxField) << BigInt(mantBits))
    }
    return sign | (BigInt(maxField - 1) << BigInt(mantBits)) | (one - 1n)
  }
  return sign | (BigInt(expField) << BigInt(mantBits)) | (m - one)
}

/** Bits of the double `x` rounded into `fmt` (NaN becomes the canonical quiet NaN). */
export function encodeFloat(x: number, fmt: FloatFormat, mode: RoundingMode = 'rn'): bigint {
  const total = fmt.expBits + fmt.mantBits
  const expAll = BigInt((1 << fmt.expBits) - 1) << BigInt(fmt.mantBits)
  if (Number.isNaN(x)) {
    return expAll | (1n << BigInt(fmt.mantBits - 1))
  }
  const neg = x < 0 || Object.is(x, -0)
  if (!Number.isFinite(x)) {
    return (neg ? 1n << BigInt(total) : 0n) | expAll
  }
  if (mode === 'rn' && total <= 30) {
    return BigInt(encodeNarrowRN(x, fmt))
  }
  const d = decompose(x)
  return roundToFormat(neg, d.n, d.e, fmt, mode)
}

/** The value of `bits` in `fmt`, as a double (exact for every format up to f64). */
export function decodeFloat(bits: bigint, fmt: FloatFormat): number {
  const { expBits, mantBits } = fmt
  const neg = (bits >> BigInt(expBits + mantBits)) & 1n
  const ex = Number((bits >> BigInt(mantBits)) & BigInt((1 << expBits) - 1))
  const m = bits & ((1n << BigInt(mantBits)) - 1n)
  const bias = (1 << (expBits - 1)) - 1
  let v: number
  if (ex === (1 << expBits) - 1) {
    v = m === 0n ? Infinity : NaN
  } else if (ex === 0) {
    v = Number(m) * 2 ** (1 - bias - mantBits)
  } else {
    v = (1 + Number(m) / 2 ** mantBits) * 2 ** (ex - bias)
    if (mantBits > 52) {
      v = Number(m | (1n << BigInt(mantBits))) * 2 ** (ex - bias - mantBits)
    }
  }
  return neg === 1n ? -v : v
}

/** f64 bits <-> double without rounding. */
export function f64Bits(x: number): bigint {
  f64[0] = x
  return u64[0]!
}

export function f64FromBits(b: bigint): number {
  u64[0] = BigInt.asUintN(64, b)
  return f64[0]!
}

const f32 = new Float32Array(1)
const u32 = new Uint32Array(f32.buffer)

export function f32Bits(x: number): bigint {
  f32[0] = x
  return BigInt(u32[0]!)
}

export function f32FromBits(b: bigint): number {
  u32[0] = Number(BigInt.asUintN(32, b))
  return f32[0]!
}

/** a * b + c rounded once into `fmt` (all three finite doubles exactly representable). */
export function fusedMultiplyAdd(a: number, b: number, c: number, fmt: FloatFormat, mode: RoundingMode = 'rn'): bigint {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) {
    return encodeFloat(a * b + c, fmt, mode)
  }
  const da = decompose(a)
  const db = decompose(b)
  const dc = decompose(c)
  const pn = da.n * db.n
  const pe = da.e + db.e
  const pneg = da.neg !== db.neg
  if (pn === 0n) {
    return encodeFloat(a * b + c, fmt, mode)
  }
  const e = Math.min(pe, dc.e)
  const pv = (pneg ? -pn : pn) << BigInt(pe - e)
  const cv = (dc.neg ? -dc.n : dc.n) << BigInt(dc.e - e)
  const s = pv + cv
  if (s === 0n) {
    // Exact zero: +0 in every mode but rm, where it is -0 (IEEE 754 6.3).
    return encodeFloat(mode === 'rm' ? -0 : 0, fmt, mode)
  }
  return roundToFormat(s < 0n, s < 0n ? -s : s, e, fmt, mode)
}

/** Converts an integer to `fmt` with one rounding. */
export function intToFloat(v: bigint, fmt: FloatFormat, mode: RoundingMode): bigint {
  return roundToFormat(v < 0n, v < 0n ? -v : v, 0, fmt, mode)
}

/**
 * Bits of the double `x` rounded to nearest even into a format of at most 30 bits (f16,
 * bf16, tf32), computed on numbers: the fast path of `encodeFloat` (same results).
 */
export function encodeNarrowRN(x: number, fmt: FloatFormat): number {
  const { expBits, mantBits } = fmt
  const expAll = ((1 << expBits) - 1) << mantBits
  if (x !== x) {
    return expAll | (1 << (mantBits - 1))
  }
  const neg = x < 0 || (x === 0 && 1 / x < 0)
  const sign = neg ? 1 << (expBits + mantBits) : 0
  const a = Math.abs(x)
  if (a === 0) {
    return sign
  }
  if (a === Infinity) {
    return sign | expAll
  }
  const bias = (1 << (expBits - 1)) - 1
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) {
    e--
  } else if (2 ** (e + 1) <= a) {
    e++
  }
  let q = Math.max(e, 1 - bias) - mantBits
  // a * 2^-q is exact (a power-of-two scaling well inside the double range).
  const m = q < -1000 ? a * 2 ** 1000 * 2 ** (-q - 1000) : a * 2 ** -q
  let r = Math.floor(m)
  const d = m - r
  if (d > 0.5 || (d === 0.5 && (r & 1) === 1)) {
    r++
  }
  const one = 1 << mantBits
  if (r >= 2 * one) {
    r = one
    q++
  }
  if (r < one) {
    return sign | r
  }
  const expField = q + mantBits + bias
  if (expField >= (1 << expBits) - 1) {
    return sign | expAll
  }
  return sign | (expField << mantBits) | (r - one)
}

/** The value of `bits` (a format of at most 30 bits: f16, bf16, tf32) as a double, on numbers. */
export function decodeNarrow(bits: number, fmt: FloatFormat): number {
  const { expBits, mantBits } = fmt
  const ex = (bits >>> mantBits) & ((1 << expBits) - 1)
  const m = bits & ((1 << mantBits) - 1)
  const bias = (1 << (expBits - 1)) - 1
  let v: number
  if (ex === (1 << expBits) - 1) {
    v = m === 0 ? Infinity : NaN
  } else if (ex === 0) {
    v = m * 2 ** (1 - bias - mantBits)
  } else {
    v = (1 + m / 2 ** mantBits) * 2 ** (ex - bias)
  }
  return (bits >>> (expBits + mantBits)) & 1 ? -v : v
}

const tables = new Map<FloatFormat, Float64Array>()

/** All 65536 values of a 16-bit format (f16, bf16) as doubles, indexed by their bits. */
export function halfTable(fmt: FloatFormat): Float64Array {
  let t = tables.get(fmt)
  if (t === undefined) {
    t = new Float64Array(65536)
    for (let i = 0; i < 65536; i++) {
      t[i] = decodeNarrow(i, fmt)
    }
    tables.set(fmt, t)
  }
  return t
}

const fmaView = new Float64Array(1)
const fmaWords = new Uint32Array(fmaView.buffer)

/**
 * a * b + c for f32 values a, b, c, rounded once to nearest even into f32 (NaN as the
 * emulator's canonical f32 NaN bits' value is the caller's business). A double holds the
 * exact product; TwoSum gives the exact sum as s + err; rounding s to f32 is then correct
 * except when s lies exactly halfway between two f32 values (or in the subnormal range),
 * where the exact BigInt path decides.
 */
export function fmaF32(a: number, b: number, c: number): number {
  const p = a * b
  const s = p + c
  if (Number.isFinite(s) && Number.isFinite(p)) {
    const r = Math.fround(s)
    if (r === s) {
      return r
    }
    const bb = s - p
    const err = p - (s - bb) + (c - bb)
    if (err === 0) {
      return r
    }
    fmaView[0] = s
    if ((fmaWords[0]! & 0x1fffffff) !== 0x10000000 && Math.abs(s) >= 2 ** -125) {
      return r
    }
  }
  return f32FromBits(fusedMultiplyAdd(a, b, c, F32, 'rn'))
}
