/**
 * Per-lane arithmetic of the emulator on raw register bits: integer, predicate and
 * floating-point ops, comparisons and conversions, with PTX's rounding modifiers.
 */
import {
  BF16,
  F16,
  F32,
  F64,
  TF32,
  decodeFloat,
  encodeFloat,
  f32Bits,
  f32FromBits,
  f64Bits,
  f64FromBits,
  fusedMultiplyAdd,
  intToFloat,
  type FloatFormat,
  type RoundingMode,
} from './float.ts'

/** The `.approx` transcendental functions (computed in double, then rounded: more precise than the hardware). */
export const APPROX: Readonly<Record<string, (x: number) => number>> = {
  rsqrt: (x) => 1 / Math.sqrt(x),
  ex2: (x) => 2 ** x,
  lg2: Math.log2,
  sin: Math.sin,
  cos: Math.cos,
  tanh: Math.tanh,
}

export const FLOAT_TYPES: ReadonlySet<string> = new Set(['f16', 'bf16', 'f32', 'f64', 'tf32'])

export function formatOf(t: string): FloatFormat {
  switch (t) {
    case 'f16':
      return F16
    case 'bf16':
      return BF16
    case 'f32':
      return F32
    case 'tf32':
      return TF32
    default:
      return F64
  }
}

/** The double value of `bits` as float type `t`. */
export function toFloat(bits: bigint, t: string): number {
  switch (t) {
    case 'f32':
    case 'tf32':
      return f32FromBits(bits)
    case 'f64':
      return f64FromBits(bits)
    default:
      return decodeFloat(bits, formatOf(t))
  }
}

/** Bits of `x` rounded (nearest even unless `mode`) into float type `t`. */
export function fromFloat(x: number, t: string, mode: RoundingMode = 'rn'): bigint {
  if (mode === 'rn') {
    if (t === 'f32') {
      return Number.isNaN(x) ? 0x7fffffffn : f32Bits(Math.fround(x))
    }
    if (t === 'f64') {
      return Number.isNaN(x) ? 0x7fffffffffffffffn : f64Bits(x)
    }
  }
  return encodeFloat(x, formatOf(t), mode)
}

/** Subnormal inputs/outputs flushed to sign-preserving zero (`.ftz`, f32 only). */
export function ftz(x: number): number {
  return Math.abs(x) < 2 ** -126 && x !== 0 ? (x < 0 ? -0 : 0) : x
}

/** Interprets raw `bits` as an integer of type `t` (`s32` signed, `u32`/`b32` unsigned). */
export function toInt(bits: bigint, t: string): bigint {
  const w = intBits(t)
  return t[0] === 's' ? BigInt.asIntN(w, bits) : BigInt.asUintN(w, bits)
}

export function intBits(t: string): number {
  const n = Number(t.slice(1))
  return t === 'pred' ? 1 : n
}

/** The rounding modifier of an instruction, if any. */
export function roundingOf(mods: readonly string[]): string | null {
  for (const m of mods) {
    if (m === 'rn' || m === 'rz' || m === 'rm' || m === 'rp' || m === 'rna' || m === 'rni' || m === 'rzi' || m === 'rmi' || m === 'rpi') {
      return m
    }
  }
  return null
}

/** Binary float op `name` (add, sub, mul) with one rounding into `t`. */
export function floatArith(name: string, a: number, b: number, t: string, mode: RoundingMode): bigint {
  if (mode === 'rn' && (t === 'f32' || t === 'f64' || t === 'f16' || t === 'bf16')) {
    // A double holds the exact sum/product of two f32 operands (or rounds innocuously:
    // 53 >= 2 * 24 + 2), so one more rounding to the format is the correctly rounded result.
    const x = name === 'add' ? a + b : name === 'sub' ? a - b : a * b
    if (t !== 'f64' || name !== 'mul' || Number.isFinite(x)) {
      return fromFloat(x, t)
    }
  }
  const fmt = formatOf(t)
  switch (name) {
    case 'add':
      return fusedMultiplyAdd(a, 1, b, fmt, mode)
    case 'sub':
      return fusedMultiplyAdd(a, 1, -b, fmt, mode)
    default:
      return fusedMultiplyAdd(a, b, -0, fmt, mode)
  }
}

/** `setp` comparison `cmp` of two numbers (floats or BigInts already interpreted). */
export function compare(cmp: string, a: number | bigint, b: number | bigint): boolean {
  const unordered = typeof a === 'number' && (Number.isNaN(a) || Number.isNaN(b))
  switch (cmp) {
    case 'eq':
      return !unordered && a === b
    case 'ne':
      return !unordered && a !== b
    case 'lt':
    case 'lo':
      return !unordered && a < b
    case 'le':
    case 'ls':
      return !unordered && a <= b
    case 'gt':
    case 'hi':
      return !unordered && a > b
    case 'ge':
    case 'hs':
      return !unordered && a >= b
    case 'equ':
      return unordered || a === b
    case 'neu':
      return unordered || a !== b
    case 'ltu':
      return unordered || a < b
    case 'leu':
      return unordered || a <= b
    case 'gtu':
      return unordered || a > b
    case 'geu':
      return unordered || a >= b
    case 'num':
      return !unordered
    case 'nan':
      return unordered
    default:
      throw new Error(`unknown comparison '${cmp}'`)
  }
}

/** `cvt` between any two of the supported types; returns the destination bits. */
export function convert(dst: string, src: string, bits: bigint, mods: readonly string[]): bigint {
  const r = roundingOf(mods)
  const sat = mods.includes('sat') || mods.includes('satfinite')
  if (FLOAT_TYPES.has(dst)) {
    const mode = (r === null ? 'rn' : r.replace(/i$/, '')) as RoundingMode
    if (FLOAT_TYPES.has(src)) {
      let x = toFloat(bits, src)
      if (mods.includes('ftz') && src === 'f32') {
        x = ftz(x)
      }
      if (dst === 'tf32') {
        // tf32 lives in a 32-bit register with the low 13 mantissa bits cleared.
        return f32Bits(decodeFloat(encodeFloat(x, TF32, mode), TF32))
      }
      let out = fromFloat(x, dst, mode)
      if (sat) {
        out = fromFloat(Math.min(Math.max(toFloat(out, dst), 0), 1), dst)
      }
      return out
    }
    const v = toInt(bits, src)
    return intToFloat(v, formatOf(dst), mode)
  }
  const w = intBits(dst)
  const signed = dst[0] === 's'
  const lo = signed ? -(1n << BigInt(w - 1)) : 0n
  const hi = signed ? (1n << BigInt(w - 1)) - 1n : (1n << BigInt(w)) - 1n
  if (FLOAT_TYPES.has(src)) {
    const x = toFloat(bits, src)
    if (Number.isNaN(x)) {
      return 0n
    }
    let y: number
    switch (r) {
      case 'rni':
        y = Math.round(x)
        if (Math.abs(x - Math.trunc(x)) === 0.5) {
          y = 2 * Math.round(x / 2)
        }
        break
      case 'rmi':
        y = Math.floor(x)
        break
      case 'rpi':
        y = Math.ceil(x)
        break
      default:
        y = Math.trunc(x)
    }
    // Float-to-integer conversions saturate in PTX.
    if (!Number.isFinite(y)) {
      return BigInt.asUintN(w, y > 0 ? hi : lo)
    }
    const yb = BigInt(y)
    return BigInt.asUintN(w, yb > hi ? hi : yb < lo ? lo : yb)
  }
  let v = toInt(bits, src)
  if (sat) {
    v = v < lo ? lo : v > hi ? hi : v
  }
  return BigInt.asUintN(w, v)
}
