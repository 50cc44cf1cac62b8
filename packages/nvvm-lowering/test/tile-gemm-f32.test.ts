// f32 mmaf through the exact FMA path (tileas.dot_fma: one fma per product on CUDA cores, no
// tf32 rounding): the f32 variant of examples/cuda-tile/gemm-f16.mlir, ragged shapes, emulated
// and compared with the cuda_tile reference interpreter; LLVM IR against mlir-translate, PTX
// through ptxas (skipped without the tools).
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded } from '@tilepass/ir'
import { CudaTileDialect, TileMemory, runKernel as interpret } from '@tilepass/cuda-tile'
import { runKernel as emulate } from '@tilepass/simt-emulator'
import { MLIR_TRANSLATE, PTXAS, ptxas, runTool } from './ptxTools.ts'
import { compileTile, example } from './tileCompile.ts'
import { maxRelativeError } from './tile/gemmReference.ts'

const GEMM_F32 = example('gemm-f16').replaceAll('f16', 'f32')
/** 64x64x32 tiles (the staged example's shapes; f32 operands are not staged). */
const GEMM_F32_64 = example('gemm-f16-staged').replaceAll('f16', 'f32')

/** Deterministic f32 values in [-2, 2). */
function matrix(rows: number, cols: number, seed: number): Float32Array {
  let s = seed >>> 0
  return Float32Array.from({ length: rows * cols }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return Math.fround((s / 4294967296) * 4 - 2)
  })
}

function check(ptx: string, m: number, n: number, k: number, source = GEMM_F32, kernel = 'gemm_f32', tile = 32): void {
  const a = matrix(m, k, 3 + m)
  const b = matrix(k, n, 11 + n)
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const root = parseSourceString(source, ctx)!.op
  const mem = new TileMemory()
  const [pa, pb, pc] = [mem.allocFrom('f32', a), mem.allocFrom('f32', b), mem.allocFrom('f32', new Float32Array(m * n))]
  const grid = [Math.ceil(m / tile), Math.ceil(n / tile), 1] as const
  expect(succeeded(interpret(root, { args: [pa, pb, pc, m, n, k], grid, memory: mem }))).toBe(true)
  const want = Float32Array.from(mem.read('f32', pc, m * n))
  const got = emulate(ptx, kernel, [a, b, new Float32Array(m * n).fill(-7), m, n, k], { grid, block: [128, 1, 1] }).buffers[2] as Float32Array
  const { err, at } = maxRelativeError(got, want, m, n, n)
  // f32 products and sums, only the summation order differs from the interpreter's.
  expect({ ok: err <= 1e-5, at }).toEqual({ ok: true, at })
}

describe('f32 mmaf: the exact FMA path', () => {
  const compiled = compileTile(GEMM_F32)

  it('compiles to fma chains (no mma.sync) and matches the interpreter on ragged shapes', () => {
    expect(compiled.errors).toEqual([])
    expect(compiled.llvmDialect).not.toContain('tileas.')
    expect(compiled.ptx).toMatch(/fma\.rn\.f32/)
    expect(compiled.ptx).not.toContain('mma.sync')
    for (const [m, n, k] of [[45, 37, 29], [32, 32, 16], [33, 70, 100]] as const) {
      check(compiled.ptx, m, n, k)
    }
  }, 120_000)

  it('64x64x32 tiles: K steps of 32 through shared memory, one k at a time', () => {
    const big = compileTile(GEMM_F32_64)
    expect(big.errors).toEqual([])
    check(big.ptx, 100, 72, 40, GEMM_F32_64, 'gemm_f32_staged', 64)
  }, 120_000)

  it('from bytecode too', () => {
    const fromBytecode = compileTile(GEMM_F32, { viaBytecode: true })
    expect(fromBytecode.errors).toEqual([])
    expect(fromBytecode.ptx).toBe(compiled.ptx)
  })

  it.skipIf(MLIR_TRANSLATE === null)('translates to the LLVM IR mlir-translate prints', () => {
    expect(runTool(MLIR_TRANSLATE!, ['--mlir-to-llvmir'], compiled.llvmDialect)).toBe(compiled.llvmIR)
  })

  it.skipIf(PTXAS === null)('ptxas accepts it for sm_90a and sm_100a without spills', () => {
    for (const arch of ['sm_90a', 'sm_100a']) {
      for (const source of [GEMM_F32, GEMM_F32_64]) {
        for (const f of ptxas(compileTile(source, { gpuName: arch }).ptx, arch).values()) {
          expect(f.spillStores + f.spillLoads).toBe(0)
        }
      }
    }
    // Four compiles and four ptxas runs: past vitest's 5 s default on a loaded machine.
  }, 60_000)
})
