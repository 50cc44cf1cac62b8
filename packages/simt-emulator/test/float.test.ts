// Exact rounding into f16/bf16/tf32/f32, checked against independent formulations.
import { describe, expect, it } from 'vitest'
import { BF16, F16, F32, TF32, decodeFloat, encodeFloat, fusedMultiplyAdd } from '../src/index.ts'
import { decodeNarrow, encodeNarrowRN, f32FromBits, fmaF32, roundToFormat, decompose } from '../src/float.ts'

const f32 = new Float32Array(1)
const u32 = new Uint32Array(f32.buffer)

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s
  }
}

/** Round-to-nearest-even to f16 by search: the nearer of the two bracketing f16 values. */
function nearestF16(x: number): number {
  if (Math.abs(x) <= 2 ** -25) {
    return x < 0 ? -0 : 0 // the signed zero nearest to a tiny value keeps its sign
  }
  if (Math.abs(x) >= 65520) {
    return x > 0 ? Infinity : -Infinity
  }
  let lo = 0
  let hi = F16_VALUES.length - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (F16_VALUES[mid]! <= x) {
      lo = mid
    } else {
      hi = mid
    }
  }
  const a = F16_VALUES[lo]!
  const b = F16_VALUES[hi]!
  if (a === x || b === x) {
    return x
  }
  const da = x - a
  const db = b - x
  if (da !== db) {
    return da < db ? a : b
  }
  return (encodeFloat(a, F16) & 1n) === 0n ? a : b
}

/** Every finite f16 value, ascending. */
const F16_VALUES: number[] = []
for (let b = 0; b < 0x7c00; b++) {
  const v = decodeFloat(BigInt(b), F16)
  F16_VALUES.push(v, -v)
}
F16_VALUES.sort((p, q) => p - q)

describe('f16', () => {
  it('round-trips every bit pattern', () => {
    const bad: number[] = []
    for (let b = 0; b < 0x10000; b++) {
      const x = decodeFloat(BigInt(b), F16)
      const back = encodeFloat(x, F16)
      if (Number.isNaN(x) ? !Number.isNaN(decodeFloat(back, F16)) : back !== BigInt(b)) {
        bad.push(b)
      }
    }
    expect(bad).toEqual([])
  }, 60_000)

  it('rounds f32 values to the nearest f16, ties to even', () => {
    const r = rng(7)
    for (let i = 0; i < 300; i++) {
      u32[0] = (r() & 0x8fffffff) | 0x30000000 // magnitudes around the f16 range
      const x = f32[0]!
      expect(decodeFloat(encodeFloat(x, F16), F16)).toBe(nearestF16(x))
    }
    // Ties: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10.
    expect(decodeFloat(encodeFloat(1 + 2 ** -11, F16), F16)).toBe(1)
    expect(decodeFloat(encodeFloat(1 + 3 * 2 ** -11, F16), F16)).toBe(1 + 2 * 2 ** -10)
    expect(decodeFloat(encodeFloat(2 ** -25, F16), F16)).toBe(0)
    expect(decodeFloat(encodeFloat(3 * 2 ** -26, F16), F16)).toBe(2 ** -24)
    expect(decodeFloat(encodeFloat(65519.99, F16), F16)).toBe(65504)
    expect(decodeFloat(encodeFloat(65520, F16), F16)).toBe(Infinity)
    expect(decodeFloat(encodeFloat(65520, F16, 'rz'), F16)).toBe(65504)
    expect(decodeFloat(encodeFloat(1 + 2 ** -12, F16, 'rp'), F16)).toBe(1 + 2 ** -10)
    expect(decodeFloat(encodeFloat(-1 - 2 ** -12, F16, 'rm'), F16)).toBe(-1 - 2 ** -10)
  })
})

describe('bf16 and tf32', () => {
  it('bf16 matches the bit-level round-to-nearest-even', () => {
    const r = rng(9)
    for (let i = 0; i < 2000; i++) {
      u32[0] = r()
      const x = f32[0]!
      if (Number.isNaN(x)) {
        continue
      }
      const u = u32[0]
      const expected = (u + 0x7fff + ((u >>> 16) & 1)) >>> 16
      expect(encodeFloat(x, BF16)).toBe(BigInt(expected))
    }
  })

  it('tf32 rna rounds ties away from zero', () => {
    expect(decodeFloat(encodeFloat(1 + 2 ** -11, TF32, 'rna'), TF32)).toBe(1 + 2 ** -10)
    expect(decodeFloat(encodeFloat(-(1 + 2 ** -11), TF32, 'rna'), TF32)).toBe(-(1 + 2 ** -10))
    expect(decodeFloat(encodeFloat(1 + 2 ** -11, TF32, 'rn'), TF32)).toBe(1)
  })
})

describe('fused multiply-add', () => {
  it('rounds once (where a * b + c in doubles would round twice)', () => {
    // a * b = 1 + 2^-23 + 2^-24 + 2^-47 exactly; + c = -2^-24 lands just above a tie.
    const a = 1 + 2 ** -23
    const b = 1 + 2 ** -24
    const c = -(2 ** -24)
    const once = decodeFloat(fusedMultiplyAdd(a, b, c, F32), F32)
    expect(once).toBe(Math.fround(1 + 2 ** -23))
    expect(decodeFloat(fusedMultiplyAdd(Math.fround(0.1), 10, -1, F32), F32)).toBe(Math.fround(Math.fround(0.1) * 10 - 1))
    expect(Object.is(decodeFloat(fusedMultiplyAdd(-0, 1, -0, F32), F32), -0)).toBe(true)
  })
})

describe('the number fast paths agree with the exact BigInt ones', () => {
  it('fmaF32 decides ties the double sum hides (a * a = an f32 midpoint, c = +-2^-100)', () => {
    const a = 1 + 2 ** -12
    const mid = 1 + 2 ** -11 + 2 ** -24
    expect(a * a).toBe(mid)
    expect(fmaF32(a, a, 2 ** -100)).toBe(1 + 2 ** -11 + 2 ** -23)
    expect(fmaF32(a, a, -(2 ** -100))).toBe(1 + 2 ** -11)
    expect(fmaF32(a, a, 0)).toBe(1 + 2 ** -11)
  })

  it('fmaF32 on random f32 triples (cancellation, subnormal results, overflow) equals fusedMultiplyAdd', () => {
    const r = rng(21)
    for (let i = 0; i < 20000; i++) {
      u32[0] = (r() & 0x80000000) | (((r() % 60) + 60) << 23) | (r() & 0x7fffff)
      const a = f32[0]!
      u32[0] = (r() & 0x80000000) | (((r() % 60) + 40) << 23) | (r() & 0x7fffff)
      const b = f32[0]!
      u32[0] = (r() & 0x80000000) | (((r() % 100) + (i % 3 === 0 ? 0 : 60)) << 23) | (r() & 0x7fffff)
      let c = f32[0]!
      if (i % 4 === 1) {
        c = -Math.fround(a * b)
      }
      if (i % 4 === 2) {
        c = Math.fround(-a * b * (1 + 2 ** -23))
      }
      expect(fmaF32(a, b, c)).toBe(f32FromBits(fusedMultiplyAdd(a, b, c, F32)))
    }
  })

  it('encodeNarrowRN / decodeNarrow equal roundToFormat / decodeFloat for f16, bf16 and tf32', () => {
    const r = rng(22)
    const d64 = new Float64Array(1)
    const w64 = new Uint32Array(d64.buffer)
    for (const fmt of [F16, BF16, TF32]) {
      for (let i = 0; i < 5000; i++) {
        w64[0] = r()
        w64[1] = (r() & 0x800fffff) | ((((r() % 300) + 1023 - 150) & 0x7ff) << 20)
        const x = d64[0]!
        const d = decompose(x)
        expect(encodeNarrowRN(x, fmt)).toBe(Number(roundToFormat(x < 0, d.n, d.e, fmt, 'rn')))
      }
      for (let b = 0; b < 2 ** (1 + fmt.expBits + fmt.mantBits); b += 13) {
        expect(Object.is(decodeNarrow(b, fmt), decodeFloat(BigInt(b), fmt))).toBe(true)
      }
    }
  })
})
