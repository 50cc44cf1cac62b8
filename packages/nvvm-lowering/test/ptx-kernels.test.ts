// The four reference kernels (vector add, warp reductions, an mma.sync tile, a cp.async +
// ldmatrix staging loop into mma) through the native emitter: mlir-opt 22 accepts their
// llvm + nvvm input, ptxas 13.0 accepts the PTX for sm_90a and sm_100a with no spills, and
// the SIMT emulator running that PTX matches a plain TypeScript computation.
import { describe, expect, it } from 'vitest'
import { runKernel } from '@tilepass/simt-emulator'
import { runLlc } from '../src/index.ts'
import { LLC, MLIR_OPT, MLIR_TRANSLATE, PTXAS, compile, ptxas, rng, runTool } from './ptxTools.ts'
import { MMA_TILE_F16_ACC, STAGED_MMA, VECTOR_ADD, WARP_REDUCE, mmaTileKernel, outOfGpuModule } from './kernels.ts'

/** ptxas, mlir-opt, llc and the emulator together take seconds on a loaded machine. */
const SLOW = 60_000

const KERNELS: readonly (readonly [string, string])[] = [
  ['vector add', VECTOR_ADD],
  ['warp reductions', WARP_REDUCE],
  ['mma tile f16', mmaTileKernel('f16')],
  ['mma tile bf16', mmaTileKernel('bf16')],
  ['staged mma', STAGED_MMA],
  ['mma tile f16 accumulators', MMA_TILE_F16_ACC],
]

function ptxOf(source: string): string {
  const { ptx, diagnostics } = compile(source)
  expect(diagnostics).toEqual([])
  expect(ptx).not.toBeNull()
  return ptx!
}

/** f32 -> f16/bf16 bits for values that are exact in both (small multiples of 1/4). */
function halfBits(x: number, elt: 'f16' | 'bf16'): number {
  const f = new Float32Array([x])
  const u = new Uint32Array(f.buffer)[0]!
  if (elt === 'bf16') {
    return u >>> 16
  }
  if (x === 0) {
    return 0
  }
  const sign = (u >>> 31) << 15
  const exp = ((u >>> 23) & 0xff) - 127 + 15
  return sign | (exp << 10) | ((u >>> 13) & 0x3ff)
}

describe.skipIf(MLIR_OPT === null)('mlir-opt 22 accepts the kernels', () => {
  it.each(KERNELS)('%s', (_name, source) => {
    expect(() => runTool(MLIR_OPT!, ['--verify-each'], source)).not.toThrow()
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas 13.0 accepts the native PTX with no spills', () => {
  for (const arch of ['sm_90a', 'sm_100a']) {
    it.each(KERNELS)(`%s (${arch})`, (_name, source) => {
      const figures = ptxas(compile(source, arch).ptx!, arch)
      expect(figures.size).toBeGreaterThan(0)
      for (const [fn, f] of figures) {
        expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
        expect(f.registers).toBeLessThanOrEqual(255)
        if (process.env.TILEPASS_PTXAS_REPORT === '1') {
          process.stdout.write(`ptxas ${arch} ${fn}: ${f.registers} registers, ${f.spillStores}/${f.spillLoads} spill bytes, ${f.sharedBytes} bytes smem\n`)
        }
      }
    }, SLOW)
  }
})

/** Runs one kernel's PTX in the emulator and compares with TypeScript; one entry per kernel source. */
const CHECKS: readonly (readonly [string, string, (ptx: string) => void])[] = [
  [
    'vector add with a bounds guard',
    VECTOR_ADD,
    (ptx) => {
      const n = 1000
      const r = rng(1)
      const a = Float32Array.from({ length: 1024 }, () => r() * 100 - 50)
      const b = Float32Array.from({ length: 1024 }, () => r() * 100 - 50)
      const c = new Float32Array(1024).fill(-7)
      const out = runKernel(ptx, 'vadd', [a, b, c, BigInt(n)], { grid: 8, block: 128 }).buffers[2] as Float32Array
      for (let i = 0; i < 1024; i++) {
        expect(out[i]).toBe(i < n ? Math.fround(a[i]! + b[i]!) : -7)
      }
    },
  ],
  [
    'warp reductions with shuffles (bfly, down in a loop, up with validity)',
    WARP_REDUCE,
    (ptx) => {
      const r = rng(2)
      const inF = Float32Array.from({ length: 256 }, () => r() * 2 - 1)
      const outF = runKernel(ptx, 'warp_sum_f32', [inF, new Float32Array(8)], { grid: 4, block: 64 }).buffers[1] as Float32Array
      for (let w = 0; w < 8; w++) {
        let v = Array.from(inF.subarray(32 * w, 32 * w + 32))
        for (const off of [16, 8, 4, 2, 1]) {
          v = v.map((x, l) => Math.fround(x + v[l ^ off]!))
        }
        expect(outF[w]).toBe(v[0])
      }
      const inI = Int32Array.from({ length: 256 }, () => Math.floor(r() * 2 ** 32) | 0)
      const outI = runKernel(ptx, 'warp_sum_i32', [inI, new Int32Array(8)], { grid: 4, block: 64 }).buffers[1] as Int32Array
      for (let w = 0; w < 8; w++) {
        expect(outI[w]).toBe(inI.subarray(32 * w, 32 * w + 32).reduce((s, x) => (s + x) | 0, 0))
      }
      const scan = runKernel(ptx, 'warp_scan_i32', [inI, new Int32Array(256)], { grid: 2, block: 128 }).buffers[1] as Int32Array
      for (let i = 0; i < 256; i++) {
        const w = i & ~31
        expect(scan[i]).toBe(inI.subarray(w, i + 1).reduce((s, x) => (s + x) | 0, 0))
      }
    },
  ],
  ...(['f16', 'bf16'] as const).map(
    (elt) =>
      [
        `an mma.sync m16n8k16 tile from registers (${elt})`,
        mmaTileKernel(elt),
        (ptx: string) => {
          const r = rng(elt === 'f16' ? 3 : 4)
          const small = (): number => Math.round(r() * 16 - 8) / 4
          const A = Array.from({ length: 256 }, small)
          const Bt = Array.from({ length: 128 }, small)
          const C = Float32Array.from({ length: 128 }, () => Math.round(r() * 64 - 32))
          const a16 = Uint16Array.from(A, (x) => halfBits(x, elt))
          const b16 = Uint16Array.from(Bt, (x) => halfBits(x, elt))
          const D = runKernel(ptx, `mma_tile_${elt}`, [a16, b16, C, new Float32Array(128)], { block: 32 }).buffers[3] as Float32Array
          for (let m = 0; m < 16; m++) {
            for (let n = 0; n < 8; n++) {
              let s = C[m * 8 + n]!
              for (let k = 0; k < 16; k++) {
                s += A[m * 16 + k]! * Bt[n * 16 + k]!
              }
              expect(D[m * 8 + n]).toBe(s)
            }
          }
        },
      ] as const,
  ),
  [
    'an mma.sync m16n8k16 tile with f16 accumulators',
    MMA_TILE_F16_ACC,
    (ptx) => {
      const r = rng(6)
      const small = (): number => Math.round(r() * 8 - 4) / 2
      const A = Array.from({ length: 256 }, small)
      const Bt = Array.from({ length: 128 }, small)
      const C = Array.from({ length: 128 }, () => Math.round(r() * 16 - 8))
      const args = [Uint16Array.from(A, (x) => halfBits(x, 'f16')), Uint16Array.from(Bt, (x) => halfBits(x, 'f16')), Uint16Array.from(C, (x) => halfBits(x, 'f16')), new Uint16Array(128)]
      const D = runKernel(ptx, 'mma_tile_f16acc', args, { block: 32 }).buffers[3] as Uint16Array
      for (let m = 0; m < 16; m++) {
        for (let n = 0; n < 8; n++) {
          let s = C[m * 8 + n]!
          for (let k = 0; k < 16; k++) {
            s += A[m * 16 + k]! * Bt[n * 16 + k]!
          }
          // |s| <= 8 + 16 * 4 stays an exact small integer or half-integer in f16.
          expect(D[m * 8 + n]).toBe(halfBits(s, 'f16'))
        }
      }
    },
  ],
  [
    'a cp.async + ldmatrix staging loop into mma.sync',
    STAGED_MMA,
    (ptx) => {
      const r = rng(5)
      const small = (): number => Math.round(r() * 16 - 8) / 4
      const K = 64
      const A = Array.from({ length: 16 * K }, small)
      const B = Array.from({ length: K * 8 }, small)
      const args = [Uint16Array.from(A, (x) => halfBits(x, 'f16')), Uint16Array.from(B, (x) => halfBits(x, 'f16')), new Float32Array(128)]
      const D = runKernel(ptx, 'staged_mma', args, { block: 32 }).buffers[2] as Float32Array
      for (let m = 0; m < 16; m++) {
        for (let n = 0; n < 8; n++) {
          let s = 0
          for (let k = 0; k < K; k++) {
            s += A[m * K + k]! * B[k * 8 + n]!
          }
          expect(D[m * 8 + n]).toBe(s)
        }
      }
    },
  ],
]

describe('the emulator runs the native PTX and matches TypeScript', () => {
  it.each(CHECKS)('%s', (_name, source, check) => {
    check(ptxOf(source))
  }, SLOW)
})

describe.skipIf(LLC === null || MLIR_TRANSLATE === null || PTXAS === null)('the llc path (--ptx-backend=llc) for the same kernels', () => {
  it.each(CHECKS)('%s', async (_name, source, check) => {
    const ir = runTool(MLIR_TRANSLATE!, ['--mlir-to-llvmir'], outOfGpuModule(source))
    for (const arch of ['sm_90a', 'sm_100a']) {
      const res = await runLlc(ir, { gpuName: arch, llcPath: LLC! })
      if (!res.ok) {
        throw new Error(res.message)
      }
      for (const [, f] of ptxas(res.ptx, arch)) {
        expect(f.spillStores + f.spillLoads).toBe(0)
      }
      check(res.ptx)
    }
  }, SLOW)
})
