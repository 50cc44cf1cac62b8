// The GEMM operand code generators (src/tile/mma) proven without the tile dialect: a whole
// pipelined GEMM kernel built only from them is verified by mlir-opt 22, translates to the
// LLVM IR mlir-translate prints, assembles with ptxas for sm_90a and sm_100a without
// spills, and computes on the SIMT emulator what a plain TypeScript GEMM computes.
import { describe, expect, it } from 'vitest'
import { printOperation, verify } from '@tilepass/ir'
import { runKernel } from '@tilepass/simt-emulator'
import { emitPTX, runLlc, translateModuleToLLVMIR } from '../../src/index.ts'
import {
  accumulatorRegBases,
  dotOperandRegBases,
  mmaOperandSwizzle,
  pipelineStages,
  registerCoord,
  swizzledOffset,
} from '../../src/tile/mma/index.ts'
import { LLC, MLIR_OPT, MLIR_TRANSLATE, PTXAS, ptxas, runTool } from '../ptxTools.ts'
import { buildGemmModule, gemmContext, gemmName, type GemmConfig } from './gemmKernel.ts'
import { maxRelativeError, randomHalfMatrix, referenceGemm } from './gemmReference.ts'

const SLOW = 120_000

describe('register orders', () => {
  it('the accumulator of one m16n8 atom is c0..c3 of the PTX fragment (rows g, g+8; columns 2t, 2t+1)', () => {
    const bases = accumulatorRegBases(16, 8, [1, 1])
    expect([0, 1, 2, 3].map((r) => registerCoord(bases, r))).toEqual([
      [0, 0],
      [0, 1],
      [8, 0],
      [8, 1],
    ])
  })

  it('A registers are a0..a7 of an m16k16 fragment, then K reps, then M reps', () => {
    const bases = dotOperandRegBases(0, [64, 32], [2, 2])
    expect(Array.from({ length: 8 }, (_, r) => registerCoord(bases, r))).toEqual([
      [0, 0],
      [0, 1],
      [8, 0],
      [8, 1],
      [0, 8],
      [0, 9],
      [8, 8],
      [8, 9],
    ])
    expect(registerCoord(bases, 8)).toEqual([0, 16])
    expect(registerCoord(bases, 16)).toEqual([32, 0])
  })

  it('B registers are b0..b3 of a k16n8 fragment, then K reps, then N reps', () => {
    const bases = dotOperandRegBases(1, [32, 64], [2, 2])
    expect(Array.from({ length: 4 }, (_, r) => registerCoord(bases, r))).toEqual([
      [0, 0],
      [1, 0],
      [8, 0],
      [9, 0],
    ])
    expect(registerCoord(bases, 4)).toEqual([16, 0])
    expect(registerCoord(bases, 8)).toEqual([0, 16])
  })
})

describe('swizzled shared stages', () => {
  /** Bank group (16-byte unit of a 128-byte line) of element (r, c) of an f16 stage. */
  const group = (cols: number, r: number, c: number): number => {
    const layout = mmaOperandSwizzle(cols)
    return Math.floor((swizzledOffset(layout, cols, r, c) * 2) / 16) % 8
  }

  it.each([8, 16, 32, 64, 128, 256])('rows of %i f16: a permutation of each row, and every 8x8 ldmatrix block hits 8 distinct bank groups', (cols) => {
    const layout = mmaOperandSwizzle(cols)
    for (let r = 0; r < 16; r++) {
      const offs = Array.from({ length: cols }, (_, c) => swizzledOffset(layout, cols, r, c))
      expect(new Set(offs).size).toBe(cols)
      expect(Math.min(...offs)).toBe(r * cols)
    }
    for (let r0 = 0; r0 < 16; r0 += 8) {
      for (let c0 = 0; c0 < cols; c0 += 8) {
        const groups = Array.from({ length: 8 }, (_, i) => group(cols, r0 + i, c0))
        expect(new Set(groups).size).toBe(8)
      }
    }
  })

  it('pipeline depth follows the shared-memory budget', () => {
    expect(pipelineStages(8192)).toBe(4)
    expect(pipelineStages(16384)).toBe(3)
    expect(pipelineStages(32768)).toBe(0)
  })
})

const CONFIGS: readonly GemmConfig[] = [
  { elt: 'f16', bm: 64, bn: 64, bk: 32, warps: [2, 2], stages: 3 },
  { elt: 'bf16', bm: 64, bn: 64, bk: 32, warps: [2, 2], stages: 3 },
  { elt: 'f16', bm: 128, bn: 64, bk: 64, warps: [2, 2], stages: 2 },
  // One warp per 16 rows and a single k16n8 B fragment per warp: ldmatrix.x2 for B.
  { elt: 'f16', bm: 32, bn: 8, bk: 16, warps: [2, 1], stages: 2 },
]

function build(cfg: GemmConfig): { text: string; module: ReturnType<typeof buildGemmModule> } {
  const ctx = gemmContext()
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    diags.push(d.message)
    return true
  })
  const module = buildGemmModule(ctx, cfg)
  expect(verify(module)).toBe(true)
  expect(diags).toEqual([])
  return { text: printOperation(module), module }
}

function ptxFor(cfg: GemmConfig, gpuName = 'sm_90a'): string {
  const ptx = emitPTX(build(cfg).module, { gpuName })
  expect(ptx).not.toBeNull()
  return ptx!
}

describe.skipIf(MLIR_OPT === null)('mlir-opt 22 verifies the generated kernels', () => {
  it.each(CONFIGS.map((c) => [gemmName(c), c] as const))('%s', (_name, cfg) => {
    expect(() => runTool(MLIR_OPT!, ['--verify-each'], build(cfg).text)).not.toThrow()
  }, SLOW)
})

describe.skipIf(MLIR_TRANSLATE === null)('the LLVM IR is byte-identical to mlir-translate 22', () => {
  it.each(CONFIGS.map((c) => [gemmName(c), c] as const))('%s', (_name, cfg) => {
    const { text, module } = build(cfg)
    expect(translateModuleToLLVMIR(module)).toBe(runTool(MLIR_TRANSLATE!, ['--mlir-to-llvmir'], text))
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas 13.0 accepts the native PTX with no spills', () => {
  for (const arch of ['sm_90a', 'sm_100a']) {
    it.each(CONFIGS.map((c) => [gemmName(c), c] as const))(`%s (${arch})`, (_name, cfg) => {
      const figures = ptxas(ptxFor(cfg, arch), arch)
      const f = figures.get(gemmName(cfg))
      expect(f).toBeDefined()
      expect(f!.spillStores + f!.spillLoads).toBe(0)
      expect(f!.registers).toBeLessThanOrEqual(255)
      if (process.env.TILEPASS_PTXAS_REPORT === '1') {
        process.stdout.write(`ptxas ${arch} ${gemmName(cfg)}: ${f!.registers} registers, ${f!.spillStores}/${f!.spillLoads} spill bytes, ${f!.sharedBytes} bytes smem\n`)
      }
    }, SLOW)
  }
})

describe.skipIf(LLC === null || PTXAS === null)('llc 22 accepts the LLVM IR', () => {
  it('f16 64x64x32 (sm_90a)', async () => {
    const ir = translateModuleToLLVMIR(build(CONFIGS[0]!).module)!
    const res = await runLlc(ir, { gpuName: 'sm_90a', llcPath: LLC! })
    if (!res.ok) {
      throw new Error(res.message)
    }
    const f = ptxas(res.ptx, 'sm_90a').get(gemmName(CONFIGS[0]!))!
    expect(f.spillStores + f.spillLoads).toBe(0)
  }, SLOW)
})

/** [config index, M, N, K]: ragged edges in every dimension, odd sizes with padded leading dimensions, K = 512. */
const RUNS: readonly (readonly [number, number, number, number])[] = [
  [0, 100, 72, 40],
  [0, 64, 64, 512],
  [0, 33, 17, 19],
  [1, 100, 72, 40],
  [1, 64, 64, 512],
  [2, 130, 70, 136],
  [3, 40, 20, 48],
  [3, 1, 1, 1],
]

describe('the emulator runs the kernels and matches a TypeScript GEMM (1e-2 relative)', () => {
  it.each(RUNS.map(([c, m, n, k]) => [gemmName(CONFIGS[c]!), m, n, k, CONFIGS[c]!] as const))('%s on %ix%ix%i', (_name, m, n, k, cfg) => {
    const ptx = ptxFor(cfg)
    // Leading dimensions padded to 8 elements (16-byte rows); the padding holds 1000s.
    const lda = Math.ceil(k / 8) * 8
    const ldb = Math.ceil(n / 8) * 8
    const ldc = n + 3
    const a = randomHalfMatrix(m, k, lda, cfg.elt, 11 + m)
    const b = randomHalfMatrix(k, n, ldb, cfg.elt, 17 + n)
    const c = new Float32Array(m * ldc).fill(-7)
    const args = [a.bits, b.bits, c, BigInt(m), BigInt(n), BigInt(k), BigInt(lda), BigInt(ldb), BigInt(ldc)]
    const grid: [number, number] = [Math.ceil(m / cfg.bm), Math.ceil(n / cfg.bn)]
    const out = runKernel(ptx, gemmName(cfg), args, { grid, block: 32 * cfg.warps[0] * cfg.warps[1] }).buffers[2] as Float32Array
    const { err, at } = maxRelativeError(out, referenceGemm(a, b, m, n, k, lda, ldb), m, n, ldc)
    expect({ err: err <= 1e-2, at }).toEqual({ err: true, at })
    // Nothing outside C[M, N] was written.
    for (let i = 0; i < m; i++) {
      for (let j = n; j < ldc; j++) {
        expect(out[i * ldc + j]).toBe(-7)
      }
    }
  }, SLOW)
})

