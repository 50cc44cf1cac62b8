/**
 * The cases the device check runs: built-in ones (the PTX kernels that exist today: the
 * nvvm-lowering reference kernels through the native emitter, and the GEMM main-loop kernel of
 * the emulator benchmark), and manifest directories (tools/device-check/cases: the cuda_tile
 * examples, whose PTX tilepass-compile writes).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BuiltinDialect, Context, parseSourceString } from '../../../packages/ir/src/index.ts'
import { LLVMDialect } from '../../../packages/dialects/src/index.ts'
import { emitPTX } from '../../../packages/nvvm-lowering/src/index.ts'
import { MMA_TILE_F16_ACC, STAGED_MMA, VECTOR_ADD, WARP_REDUCE, mmaTileKernel } from '../../../packages/nvvm-lowering/test/kernels.ts'
import { GEMM_LOOP_PTX } from '../../bench/src/emulatorKernels.ts'
import { parseManifest, type Manifest } from './manifest.ts'

/** llvm + nvvm dialect text to PTX with the native emitter. */
function ptxOf(source: string, gpuName: string): string {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [BuiltinDialect, LLVMDialect] })
  const parsed = parseSourceString(source, ctx, { filename: 'kernel.mlir' })
  const ptx = parsed === null ? null : emitPTX(parsed.op, { gpuName })
  if (ptx === null) {
    throw new Error('a built-in kernel does not compile')
  }
  return ptx
}

const f16Grid = (name: string, count: number, output = false): object => ({ kind: 'buffer', name, type: 'f16', count, init: output ? 'zero' : 'grid', range: [-2, 2], step: 0.25, output })

/** Writes the built-in cases' PTX into `dir` and returns their manifests. */
export function builtinCases(dir: string, gpuName = 'sm_90a'): Manifest[] {
  mkdirSync(dir, { recursive: true })
  const K = 512
  const n = 1 << 20
  const cases: [string, string, object][] = [
    [
      'vector-add',
      VECTOR_ADD,
      {
        kernel: 'vadd',
        grid: [n / 128],
        block: [128],
        args: [
          { kind: 'buffer', name: 'a', type: 'f32', count: n, init: 'random', range: [-100, 100] },
          { kind: 'buffer', name: 'b', type: 'f32', count: n, init: 'random', range: [-100, 100] },
          { kind: 'buffer', name: 'c', type: 'f32', count: n, init: 'fill', value: -7, output: true },
          { kind: 'scalar', name: 'n', type: 'i64', value: n - 3 },
        ],
        reference: { kind: 'vector-add', a: 0, b: 1, c: 2, n: n - 3 },
        timing: { reps: 50, flops: n - 3 },
      },
    ],
    [
      'warp-reduce',
      WARP_REDUCE,
      {
        kernel: 'warp_sum_f32',
        grid: [64],
        block: [64],
        args: [
          { kind: 'buffer', name: 'in', type: 'f32', count: 4096, init: 'random', range: [-1, 1] },
          { kind: 'buffer', name: 'out', type: 'f32', count: 128, output: true },
        ],
        reference: { kind: 'emulator' },
      },
    ],
    ...(['f16', 'bf16'] as const).map((elt): [string, string, object] => [
      `mma-tile-${elt}`,
      mmaTileKernel(elt),
      {
        kernel: `mma_tile_${elt}`,
        block: [32],
        args: [
          { ...f16Grid('a', 256), type: elt },
          { ...f16Grid('bt', 128), type: elt },
          { kind: 'buffer', name: 'c', type: 'f32', count: 128, init: 'grid', range: [-32, 32], step: 1 },
          { kind: 'buffer', name: 'd', type: 'f32', count: 128, output: true },
        ],
        reference: { kind: 'emulator' },
      },
    ]),
    [
      'mma-tile-f16-accumulators',
      MMA_TILE_F16_ACC,
      {
        kernel: 'mma_tile_f16acc',
        block: [32],
        args: [f16Grid('a', 256), f16Grid('bt', 128), { ...f16Grid('c', 128), range: [-8, 8], step: 1 }, f16Grid('d', 128, true)],
        reference: { kind: 'emulator' },
      },
    ],
    [
      'staged-mma-k512',
      STAGED_MMA.replace('llvm.mlir.constant(64 : i32) : i32', `llvm.mlir.constant(${K} : i32) : i32`),
      {
        kernel: 'staged_mma',
        block: [32],
        args: [f16Grid('a', 16 * K), f16Grid('b', K * 8), { kind: 'buffer', name: 'd', type: 'f32', count: 128, output: true }],
        reference: { kind: 'emulator' },
        timing: { reps: 50, flops: 2 * 16 * 8 * K },
      },
    ],
    [
      'gemm-main-loop',
      '',
      {
        kernel: 'gemm_loop',
        grid: [264],
        block: [128],
        args: [f16Grid('a', (K / 16) * 1024), { kind: 'buffer', name: 'out', type: 'f32', count: 128 * 32, output: true }, { kind: 'scalar', name: 'k', type: 'u32', value: K }],
        reference: { kind: 'emulator' },
        // 4 warps x K/16 steps x 8 mma x 2*16*8*16 flops, per CTA.
        timing: { reps: 20, flops: 264 * 4 * (K / 16) * 8 * 4096 },
      },
    ],
  ]
  return cases.map(([name, source, m]) => {
    const ptxFile = `${name}.ptx`
    writeFileSync(join(dir, ptxFile), source === '' ? GEMM_LOOP_PTX : ptxOf(source, gpuName))
    const file = join(dir, `${name}.json`)
    const text = JSON.stringify({ name, ptx: ptxFile, ...m }, null, 2)
    writeFileSync(file, text)
    return parseManifest(text, file)
  })
}

/** The manifests (`*.json`) of a directory, in name order. */
export function loadCases(dir: string): Manifest[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => parseManifest(readFileSync(join(dir, f), 'utf8'), join(dir, f)))
}
