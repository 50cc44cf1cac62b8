// Exact rounding into f16/bf16/tf32/f32, checked against independent formulations.
import { describe, expect, it } from 'vitest'
import { BF16, F16, F32, TF32, decodeFloat, encodeFloat, fusedMultiplyAdd } from '../src/index.ts'

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

/** Round-to-nearest-even to f16 by brute force: the nearest of the two bracketing f16 values. */
function nearestF16(x: number): number {
  let lo = -Infinity
  let hi = Infinity
  // f16 values are dense enough to search by decoding every finite pattern once.
  for (const v of F16_VALUES) {
    if (v <= x && v > lo) {
      lo = v
    }
    if (v >= x && v < hi) {
      hi = v
    }
  }
  if (lo === 0 || hi === 0) {
    // The signed zero nearest to a tiny value keeps its sign.
    const z = Math.abs(x) <= 2 ** -25 ? (x < 0 ? -0 : 0) : null
    if (z !== null) {
      return z
    }
  }
  if (lo === hi) {
    return lo
  }
  if (x >= 65520) {
    return Infinity
  }
  if (x <= -65520) {
    return -Infinity
  }
  const dl = x - lo
  const dh = hi - x
  if (dl !== dh) {
    return dl < dh ? lo : hi
  }
  return (encodeFloat(lo, F16) & 1n) === 0n ? lo : hi
}

const F16_VALUES: number[] = []
for (let b = 0; b < 0x7c00; b++) {
  F16_VALUES.push(decodeFloat(BigInt(b), F16), -decodeFloat(BigInt(b), F16))
}
F16_VALUES.push(65504, -65504)

describe('f16', () => {
  it('round-trips every bit pattern', () => {
    for (let b = 0; b < 0x10000; b++) {
      const x = decodeFloat(BigInt(b), F16)
      if (Number.isNaN(x)) {
        expect(Number.isNaN(decodeFloat(encodeFloat(x, F16), F16))).toBe(true)
      } else {
        expect(encodeFloat(x, F16)).toBe(BigInt(b))
      }
    }
  })

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
