// cuda_tile kernels through the whole tile compile path (convert-cuda-tile-to-tileas,
// convert-tileas-to-nvvm, emitPTX), run on the SIMT emulator and compared with the cuda_tile
// reference interpreter; the llvm + nvvm output checked with mlir-opt, its LLVM IR with
// mlir-translate, the PTX with ptxas (each skipped when the tool is missing).
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded } from '@tilepass/ir'
import { CudaTileDialect, TileMemory, runKernel as interpret } from '@tilepass/cuda-tile'
import { runKernel as emulate } from '@tilepass/simt-emulator'
import { MLIR_OPT, MLIR_TRANSLATE, PTXAS, ptxas, runTool } from './ptxTools.ts'
import { compileThroughTileAsmText, compileTile, example } from './tileCompile.ts'

const SLOW = 120_000

/** Deterministic floats in [lo, hi) (mulberry32), rounded to f32. */
function random(seed: number, lo: number, hi: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.fround(lo + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (hi - lo))
  }
}

/** Runs `source`'s kernel in the reference interpreter; returns the f32 contents of the buffers. */
function golden(source: string, buffers: readonly Float32Array[], scalars: readonly number[], grid: readonly number[]): Float32Array[] {
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const root = parseSourceString(source, ctx)!.op
  const mem = new TileMemory()
  const ptrs = buffers.map((b) => mem.allocFrom('f32', b))
  expect(succeeded(interpret(root, { args: [...ptrs, ...scalars], grid, memory: mem }))).toBe(true)
  return ptrs.map((p, i) => Float32Array.from(mem.read('f32', p, buffers[i]!.length)))
}

const ceilDiv = (a: number, b: number): number => Math.ceil(a / b)

/** Vector add over 1024-element tiles (8 f32 per thread, 16-byte accesses: the views' base pointers are assumed 16-byte aligned). */
const VADD_1024 = `cuda_tile.module @vadd {
  entry @vadd(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bid_x, %bid_y, %bid_z = get_tile_block_id : tile<i32>
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %av = make_tensor_view %pa, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bv = make_tensor_view %pb, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %cv = make_tensor_view %pc, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %at = make_partition_view %av : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %bt = make_partition_view %bv : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %ct = make_partition_view %cv : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %x, %xt = load_view_tko weak %at[%bid_x] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y, %yt = load_view_tko weak %bt[%bid_x] : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = addf %x, %y : tile<1024xf32>
    %st = store_view_tko weak %s, %ct[%bid_x] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`

/** Row softmax with 4x256 tiles: the rows' reduce crosses two warps (shuffles and one shared-memory step). */
const SOFTMAX_4X256 = example('row-softmax')
  .replaceAll('16x64', '4x256')
  .replaceAll('tile<16xf32>', 'tile<4xf32>')
  .replaceAll('tile<16x1xf32>', 'tile<4x1xf32>')

/** Row softmax over 16x64 tiles in CTAs of 8 warps (num_worker_warps_per_cta). */
const SOFTMAX_8_WARPS = example('row-softmax').replace(
  'entry @row_softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>) {',
  'entry @row_softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}, sm_100 = {num_worker_warps_per_cta = 8}> {',
)

interface Case {
  readonly name: string
  readonly source: string
  readonly kernel: string
  /** Runs the PTX and the interpreter on one input and compares. */
  readonly check: (ptx: string) => void
}

function vaddCheck(source: string, kernel: string, tile: number, n: number): (ptx: string) => void {
  return (ptx) => {
    const r = random(n, -100, 100)
    const a = Float32Array.from({ length: n }, r)
    const b = Float32Array.from({ length: n }, r)
    const grid = ceilDiv(n, tile)
    const [, , want] = golden(source, [a, b, new Float32Array(n)], [n], [grid])
    const got = emulate(ptx, kernel, [a, b, new Float32Array(n).fill(-7), n], { grid: [grid, 1, 1], block: [128, 1, 1] }).buffers[2] as Float32Array
    expect(Array.from(got)).toEqual(Array.from(want!))
  }
}

function softmaxCheck(source: string, kernel: string, rowsPerTile: number, m: number, n: number, threads = 128): (ptx: string) => void {
  return (ptx) => {
    const r = random(m * 1000 + n, -8, 8)
    const x = Float32Array.from({ length: m * n }, r)
    const grid = ceilDiv(m, rowsPerTile)
    const [, want] = golden(source, [x, new Float32Array(m * n)], [m, n], [grid])
    const got = emulate(ptx, kernel, [x, new Float32Array(m * n).fill(-7), m, n], { grid: [grid, 1, 1], block: [threads, 1, 1] }).buffers[1] as Float32Array
    for (let i = 0; i < m * n; i++) {
      const w = want![i]!
      expect(Math.abs(got[i]! - w)).toBeLessThanOrEqual(1e-5 * Math.abs(w) + 1e-30)
    }
  }
}

const CASES: readonly Case[] = [
  { name: 'vector add, 128-element tiles, n = 1000', source: example('vector-add'), kernel: 'vector_add', check: vaddCheck(example('vector-add'), 'vector_add', 128, 1000) },
  { name: 'vector add, 1024-element tiles, 16-byte accesses, n = 3001', source: VADD_1024, kernel: 'vadd', check: vaddCheck(VADD_1024, 'vadd', 1024, 3001) },
  { name: 'row softmax, 16x64 tiles, 37 x 50', source: example('row-softmax'), kernel: 'row_softmax', check: softmaxCheck(example('row-softmax'), 'row_softmax', 16, 37, 50) },
  { name: 'row softmax, 4x256 tiles (cross-warp reduce), 9 x 200', source: SOFTMAX_4X256, kernel: 'row_softmax', check: softmaxCheck(SOFTMAX_4X256, 'row_softmax', 4, 9, 200) },
  { name: 'row softmax, 16x64 tiles, 8 warps, 33 x 64', source: SOFTMAX_8_WARPS, kernel: 'row_softmax', check: softmaxCheck(SOFTMAX_8_WARPS, 'row_softmax', 16, 33, 64, 256) },
]

describe('tile kernels: emulated PTX matches the cuda_tile interpreter', () => {
  it.each(CASES)('$name (text)', (c) => {
    const compiled = compileTile(c.source)
    expect(compiled.errors).toEqual([])
    c.check(compiled.ptx)
  }, SLOW)

  it.each(CASES)('$name (bytecode)', (c) => {
    const compiled = compileTile(c.source, { viaBytecode: true })
    expect(compiled.errors).toEqual([])
    c.check(compiled.ptx)
  }, SLOW)
})

describe('the printed tile assembly is a complete intermediate form', () => {
  it.each([...CASES, { name: 'GEMM (examples/cuda-tile/gemm-f16-staged.mlir)', source: example('gemm-f16-staged') }])('$name: parse it again, lower it, same PTX', (c) => {
    const twoStep = compileThroughTileAsmText(c.source)
    expect(twoStep.errors).toEqual([])
    expect(twoStep.ptx).toBe(compileTile(c.source).ptx)
  }, SLOW)
})

describe.skipIf(MLIR_OPT === null)('mlir-opt 22 verifies the lowered llvm + nvvm modules', () => {
  it.each(CASES)('$name', (c) => {
    expect(() => runTool(MLIR_OPT!, ['--verify-each'], compileTile(c.source).llvmDialect)).not.toThrow()
  }, SLOW)
})

describe.skipIf(MLIR_TRANSLATE === null)('the LLVM IR is byte-identical to mlir-translate --mlir-to-llvmir', () => {
  it.each(CASES)('$name', (c) => {
    const compiled = compileTile(c.source)
    expect(compiled.llvmIR).toBe(runTool(MLIR_TRANSLATE!, ['--mlir-to-llvmir'], compiled.llvmDialect))
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas 13.0 accepts the PTX with no spills', () => {
  for (const arch of ['sm_90a', 'sm_100a']) {
    it.each(CASES)(`$name (${arch})`, (c) => {
      const figures = ptxas(compileTile(c.source, { gpuName: arch }).ptx, arch)
      expect(figures.size).toBe(1)
      for (const [fn, f] of figures) {
        expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
        if (process.env.TILEPASS_PTXAS_REPORT === '1') {
          process.stdout.write(`ptxas ${arch} ${fn} (${c.name}): ${f.registers} registers, ${f.sharedBytes} bytes smem\n`)
        }
      }
    }, SLOW)
  }
})
