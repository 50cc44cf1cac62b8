import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CudaTileDialect } from '@tilepass/cuda-tile'
import { launch, memory, random } from './interpreterHarness.ts'

/**
 * The kernels of examples/cuda-tile, in cuda_tile's custom syntax, run through the
 * reference interpreter on random data (ragged shapes included, so padding and masking
 * matter) and compared with plain TypeScript computations.
 */

function example(name: string): string {
  return readFileSync(new URL(`../../../examples/cuda-tile/${name}.mlir`, import.meta.url), 'utf8')
}

const ceilDiv = (a: number, b: number): number => Math.ceil(a / b)

describe('examples/cuda-tile/vector-add.mlir', () => {
  const src = example('vector-add')

  for (const n of [1, 128, 1000, 1029]) {
    it(`adds vectors of ${n} f32 elements exactly`, () => {
      const rnd = random(n, -100, 100)
      const a = Array.from({ length: n }, () => Math.fround(rnd()))
      const b = Array.from({ length: n }, () => Math.fround(rnd()))
      const mem = memory()
      const pa = mem.allocFrom('f32', a)
      const pb = mem.allocFrom('f32', b)
      const pc = mem.alloc(n * 4)
      const r = launch(src, [pa, pb, pc, n], [ceilDiv(n, 128)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      expect(mem.read('f32', pc, n)).toEqual(a.map((x, i) => Math.fround(x + b[i]!)))
    })
  }
})

describe('examples/cuda-tile/row-softmax.mlir', () => {
  const src = example('row-softmax')

  for (const [m, n] of [
    [16, 64],
    [37, 50],
    [5, 1],
  ] as const) {
    it(`normalizes the rows of a ${m}x${n} f32 matrix`, () => {
      const rnd = random(m * 100 + n, -8, 8)
      const x = Array.from({ length: m * n }, () => Math.fround(rnd()))
      const mem = memory()
      const px = mem.allocFrom('f32', x)
      const py = mem.alloc(m * n * 4)
      const r = launch(src, [px, py, m, n], [ceilDiv(m, 16)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      const y = mem.read('f32', py, m * n)
      for (let row = 0; row < m; row++) {
        const xs = x.slice(row * n, (row + 1) * n)
        const max = Math.max(...xs)
        const e = xs.map((v) => Math.exp(v - max))
        const sum = e.reduce((s, v) => s + v, 0)
        for (let col = 0; col < n; col++) {
          // f32 arithmetic over at most 64 terms: a few units in the last place of 1.
          expect(Math.abs(y[row * n + col]! - e[col]! / sum)).toBeLessThan(2e-6)
        }
      }
    })
  }
})

describe('examples/cuda-tile/gemm-f16.mlir', () => {
  const src = example('gemm-f16')

  for (const [m, n, k] of [
    [32, 32, 16],
    [70, 45, 50],
    [1, 33, 17],
  ] as const) {
    it(`multiplies ${m}x${k} by ${k}x${n} f16 matrices into f32`, () => {
      const rnd = random(m * 10000 + n * 100 + k)
      const mem = memory()
      const pa = mem.allocFrom('f16', Array.from({ length: m * k }, () => rnd()))
      const pb = mem.allocFrom('f16', Array.from({ length: k * n }, () => rnd()))
      const pc = mem.alloc(m * n * 4)
      // The f16 values the kernel sees.
      const a = mem.read('f16', pa, m * k)
      const b = mem.read('f16', pb, k * n)
      const r = launch(src, [pa, pb, pc, m, n, k], [ceilDiv(m, 32), ceilDiv(n, 32)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      const c = mem.read('f32', pc, m * n)
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < n; j++) {
          let exact = 0
          let magnitude = 0
          for (let q = 0; q < k; q++) {
            exact += a[i * k + q]! * b[q * n + j]!
            magnitude += Math.abs(a[i * k + q]! * b[q * n + j]!)
          }
          // One f32 rounding of the accumulator per 16-deep K step.
          const bound = ceilDiv(k, 16) * 2 ** -24 * magnitude + 1e-30
          expect(Math.abs(c[i * n + j]! - exact)).toBeLessThanOrEqual(bound)
        }
      }
    })
  }
})
