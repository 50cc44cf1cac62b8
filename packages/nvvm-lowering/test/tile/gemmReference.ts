// Inputs and the plain TypeScript reference for the GEMM kernel tests.
import { BF16, F16, decodeFloat, encodeFloat } from '@tilepass/simt-emulator'
import type { MmaElementType } from '../../src/tile/mma/index.ts'
import { rng } from '../ptxTools.ts'

/** A row-major [rows, ld] matrix of `elt` bits (padding columns hold garbage) and its decoded values. */
export interface HalfMatrix {
  readonly bits: Uint16Array
  readonly values: Float64Array
}

/** Random values in [-1, 1) rounded to `elt`; columns at or past `cols` are NaN-like garbage. */
export function randomHalfMatrix(rows: number, cols: number, ld: number, elt: MmaElementType, seed: number): HalfMatrix {
  const fmt = elt === 'f16' ? F16 : BF16
  const r = rng(seed)
  const bits = new Uint16Array(rows * ld)
  const values = new Float64Array(rows * ld)
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < ld; j++) {
      // Padding gets a large value so that reading it would show in the result.
      const x = j < cols ? r() * 2 - 1 : 1000
      const b = encodeFloat(x, fmt)
      bits[i * ld + j] = Number(b)
      values[i * ld + j] = decodeFloat(b, fmt)
    }
  }
  return { bits, values }
}

/** C[M, N] = A[M, K] x B[K, N] in f64, rounded to f32 at the end. */
export function referenceGemm(a: HalfMatrix, b: HalfMatrix, m: number, n: number, k: number, lda: number, ldb: number): Float32Array {
  const c = new Float32Array(m * n)
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0
      for (let p = 0; p < k; p++) {
        s += a.values[i * lda + p]! * b.values[p * ldb + j]!
      }
      c[i * n + j] = s
    }
  }
  return c
}

/** The largest |got - want| / max(1, |want|) over the [m, n] result (ld `ldc`), and where. */
export function maxRelativeError(got: Float32Array, want: Float32Array, m: number, n: number, ldc: number): { readonly err: number; readonly at: string } {
  let err = 0
  let at = ''
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const g = got[i * ldc + j]!
      const w = want[i * n + j]!
      const e = Number.isNaN(g) ? Infinity : Math.abs(g - w) / Math.max(1, Math.abs(w))
      if (e > err) {
        err = e
        at = `(${i}, ${j}): got ${g}, want ${w}`
      }
    }
  }
  return { err, at }
}
