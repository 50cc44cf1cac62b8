// Tiled GEMMs written in cuda_tile through the whole tile compile path (mmaf -> cp.async
// staging + ldmatrix + mma.sync, or convert_layout for unaligned operands), run on the SIMT
// emulator and compared with the cuda_tile reference interpreter (1e-2 relative, f32
// accumulation), from text and from bytecode, ragged shapes and K = 512 included; the
// lowered modules checked with mlir-opt, mlir-translate and ptxas (skipped without them).
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded } from '@tilepass/ir'
import { CudaTileDialect, TileMemory, runKernel as interpret } from '@tilepass/cuda-tile'
import { runKernel as emulate } from '@tilepass/simt-emulator'
import { MLIR_OPT, MLIR_TRANSLATE, PTXAS, ptxas, runTool } from './ptxTools.ts'
import { compileTile, example } from './tileCompile.ts'
import { maxRelativeError, randomHalfMatrix } from './tile/gemmReference.ts'

const SLOW = 180_000

/** The staged example with bf16 inputs. */
const STAGED_BF16 = example('gemm-f16-staged').replaceAll('f16>', 'bf16>').replaceAll('xf16', 'xbf16').replaceAll('@gemm_f16_staged', '@gemm_bf16_staged')

/** The staged example with 128x64 tiles of c over 8 warps (mma warps [4, 2]). */
const STAGED_8_WARPS = example('gemm-f16-staged')
  .replaceAll('64x32', '128x32')
  .replaceAll('64x64', '128x64')
  .replace('%k_arg: tile<i32>) {', '%k_arg: tile<i32>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {')

interface GemmCase {
  readonly name: string
  readonly source: string
  readonly kernel: string
  readonly elt: 'f16' | 'bf16'
  /** Tile of c per tile block and threads per block. */
  readonly tile: readonly [number, number]
  readonly threads: number
  readonly shapes: readonly (readonly [number, number, number])[]
}

const GEMMS: readonly GemmCase[] = [
  { name: 'staged f16, 64x64x32 tiles', source: example('gemm-f16-staged'), kernel: 'gemm_f16_staged', elt: 'f16', tile: [64, 64], threads: 128, shapes: [[100, 72, 40], [64, 64, 512], [1, 8, 8]] },
  { name: 'staged bf16, 64x64x32 tiles', source: STAGED_BF16, kernel: 'gemm_bf16_staged', elt: 'bf16', tile: [64, 64], threads: 128, shapes: [[70, 136, 56]] },
  { name: 'staged f16, 128x64x32 tiles, 8 warps', source: STAGED_8_WARPS, kernel: 'gemm_f16_staged', elt: 'f16', tile: [128, 64], threads: 256, shapes: [[130, 72, 48]] },
  { name: 'staged f16, 128x128x32 tiles, 8 warps (examples/cuda-tile/gemm-f16-staged-128x128.mlir)', source: example('gemm-f16-staged-128x128'), kernel: 'gemm_f16_staged_128x128', elt: 'f16', tile: [128, 128], threads: 256, shapes: [[130, 136, 40]] },
  { name: 'unaligned f16 (convert_layout operands), 32x32x16 tiles', source: example('gemm-f16'), kernel: 'gemm_f16', elt: 'f16', tile: [32, 32], threads: 128, shapes: [[45, 37, 29], [33, 40, 512]] },
]

/** Runs the interpreter and the emulated PTX on [m, n, k] and compares C. */
function check(c: GemmCase, ptx: string, [m, n, k]: readonly [number, number, number]): void {
  const a = randomHalfMatrix(m, k, k, c.elt, 5 + m)
  const b = randomHalfMatrix(k, n, n, c.elt, 7 + n)
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const root = parseSourceString(c.source, ctx)!.op
  const mem = new TileMemory()
  const [pa, pb, pc] = [mem.allocFrom(c.elt, a.values), mem.allocFrom(c.elt, b.values), mem.allocFrom('f32', new Float32Array(m * n))]
  const grid = [Math.ceil(m / c.tile[0]), Math.ceil(n / c.tile[1]), 1] as const
  expect(succeeded(interpret(root, { args: [pa, pb, pc, m, n, k], grid, memory: mem }))).toBe(true)
  const want = Float32Array.from(mem.read('f32', pc, m * n))
  const got = emulate(ptx, c.kernel, [a.bits, b.bits, new Float32Array(m * n).fill(-7), m, n, k], { grid, block: [c.threads, 1, 1] }).buffers[2] as Float32Array
  const { err, at } = maxRelativeError(got, want, m, n, n)
  expect({ ok: err <= 1e-2, at }).toEqual({ ok: true, at })
}

describe('tiled GEMMs: emulated PTX matches the cuda_tile interpreter', () => {
  it.each(GEMMS)('$name (text)', (c) => {
    const compiled = compileTile(c.source)
    expect(compiled.errors).toEqual([])
    for (const shape of c.shapes) {
      check(c, compiled.ptx, shape)
    }
  }, SLOW)

  it.each(GEMMS)('$name (bytecode)', (c) => {
    const compiled = compileTile(c.source, { viaBytecode: true })
    expect(compiled.errors).toEqual([])
    check(c, compiled.ptx, c.shapes[0]!)
  }, SLOW)

  it('the staged kernel uses cp.async with zero fill, ldmatrix (.trans for B) and mma.sync', () => {
    const { ptx } = compileTile(example('gemm-f16-staged'))
    expect(ptx).toMatch(/cp\.async\.cg\.shared\.global \[%rd?\d+\], \[%rd\d+\], 16, %r\d+;/)
    expect(ptx).toContain('ldmatrix.sync.aligned.m8n8.x4.shared.b16')
    expect(ptx).toContain('ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16')
    expect(ptx).toContain('mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32')
    expect(ptx).toContain('cp.async.wait_group 0;')
  })
})

describe.skipIf(MLIR_OPT === null)('mlir-opt 22 verifies the lowered GEMMs', () => {
  it.each(GEMMS)('$name', (c) => {
    expect(() => runTool(MLIR_OPT!, ['--verify-each'], compileTile(c.source).llvmDialect)).not.toThrow()
  }, SLOW)
})

describe.skipIf(MLIR_TRANSLATE === null)('the GEMMs\' LLVM IR is byte-identical to mlir-translate', () => {
  it.each(GEMMS)('$name', (c) => {
    const compiled = compileTile(c.source)
    expect(compiled.llvmIR).toBe(runTool(MLIR_TRANSLATE!, ['--mlir-to-llvmir'], compiled.llvmDialect))
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas 13.0 accepts the GEMMs with no spills', () => {
  for (const arch of ['sm_90a', 'sm_100a']) {
    it.each(GEMMS)(`$name (${arch})`, (c) => {
      for (const [fn, f] of ptxas(compileTile(c.source, { gpuName: arch }).ptx, arch)) {
        expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
        if (process.env.TILEPASS_PTXAS_REPORT === '1') {
          process.stdout.write(`ptxas ${arch} ${fn} (${c.name}): ${f.registers} registers, ${f.sharedBytes} bytes smem\n`)
        }
      }
    }, SLOW)
  }
})
