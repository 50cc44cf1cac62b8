/**
 * SIMT emulator benchmark: warp instructions per second of `@tilepass/simt-emulator` on the
 * kinds of kernels CI runs through it. Four workloads:
 *
 * - `staged-mma`: the cp.async + ldmatrix + mma.sync staging loop of the nvvm-lowering test
 *   kernels (emitted to PTX by the native emitter) with K raised to 512, over several CTAs;
 * - `gemm-loop`: hand-written PTX in the shape of a tiled GEMM main loop: 4 warps, per K step
 *   one 16-byte cp.async per thread, commit/wait, bar.sync, ldmatrix.x4 + x2.trans and 8
 *   mma.sync m16n8k16 (1024 mma per CTA at K = 512);
 * - `alu-loop`: a synthetic loop of f32 fma, integer arithmetic, a shuffle, 64-bit address
 *   arithmetic, a divergent branch and shared-memory traffic over 256 threads;
 * - `vector-add` and `warp-reduce`: the small test kernels over larger grids.
 *
 * Prints one line per workload (warp instructions, median CPU seconds of the process per
 * launch, which a loaded machine disturbs less than wall time, warp instructions per CPU
 * second, thread instructions per CPU second, and a checksum of the outputs, so two emulator
 * versions can be compared for identical results). Writes no file.
 *
 * Usage: tsx --conditions=source tools/bench/src/emulatorBench.ts [--scale 1] [--reps 3] [--only name]
 *
 * Environment: TILEPASS_EMULATOR=/path/to/simt-emulator/src/index.ts runs another copy of the
 * emulator (e.g. a checkout of an older commit) on the same workloads.
 */
import { BuiltinDialect, Context, parseSourceString } from '../../../packages/ir/src/index.ts'
import { LLVMDialect } from '../../../packages/dialects/src/index.ts'
import { emitPTX } from '../../../packages/nvvm-lowering/src/index.ts'
import { STAGED_MMA, VECTOR_ADD, WARP_REDUCE } from '../../../packages/nvvm-lowering/test/kernels.ts'
import * as emulatorSources from '../../../packages/simt-emulator/src/index.ts'
import type { KernelArg, LaunchOptions } from '../../../packages/simt-emulator/src/index.ts'
import { rng } from '../../device-check/src/check.ts'
import { ALU_LOOP_PTX, GEMM_LOOP_PTX } from './emulatorKernels.ts'

/** The emulator under test: the sources, or another copy of them named by TILEPASS_EMULATOR (to compare versions). */
const emulator: typeof emulatorSources = process.env.TILEPASS_EMULATOR ? ((await import(process.env.TILEPASS_EMULATOR)) as typeof emulatorSources) : emulatorSources
const { parsePTX, runKernel } = emulator

/** llvm + nvvm dialect text to PTX with the native emitter. */
function ptxOf(source: string): string {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [BuiltinDialect, LLVMDialect] })
  const parsed = parseSourceString(source, ctx, { filename: 'bench.mlir' })
  if (parsed === null) {
    throw new Error('bench kernel does not parse')
  }
  const ptx = emitPTX(parsed.op, { gpuName: 'sm_90a' })
  if (ptx === null) {
    throw new Error('bench kernel does not emit PTX')
  }
  return ptx
}

/** Random f16 bit patterns of small values (exponent 13..16: |x| in [2^-2, 4)). */
function randomHalves(n: number, seed: number): Uint16Array {
  const r = rng(seed)
  return Uint16Array.from({ length: n }, () => ((r() < 0.5 ? 0x8000 : 0) | ((13 + Math.floor(r() * 3)) << 10) | Math.floor(r() * 1024)) & 0xffff)
}

interface Workload {
  readonly name: string
  readonly ptx: string
  readonly kernel: string
  readonly args: () => KernelArg[]
  readonly launch: LaunchOptions
}

function workloads(scale: number): Workload[] {
  const stagedK = 512
  const staged = ptxOf(STAGED_MMA.replace('llvm.mlir.constant(64 : i32) : i32', `llvm.mlir.constant(${stagedK} : i32) : i32`))
  const K = 512
  const n = 4096 * scale
  const r = rng(7)
  return [
    {
      name: 'staged-mma',
      ptx: staged,
      kernel: 'staged_mma',
      args: () => [randomHalves(16 * stagedK, 1), randomHalves(stagedK * 8, 2), new Float32Array(128)],
      launch: { grid: 2 * scale, block: 32 },
    },
    {
      name: 'gemm-loop',
      ptx: GEMM_LOOP_PTX,
      kernel: 'gemm_loop',
      args: () => [randomHalves((K / 16) * 1024, 3), new Float32Array(128 * 32), K],
      launch: { grid: scale, block: 128 },
    },
    {
      name: 'alu-loop',
      ptx: ALU_LOOP_PTX,
      kernel: 'alu_loop',
      args: () => [new Uint32Array(256 * 4), 256],
      launch: { grid: scale, block: 256 },
    },
    {
      name: 'vector-add',
      ptx: ptxOf(VECTOR_ADD),
      kernel: 'vadd',
      args: () => [Float32Array.from({ length: n }, () => r()), Float32Array.from({ length: n }, () => r()), new Float32Array(n), BigInt(n - 3)],
      launch: { grid: n / 128, block: 128 },
    },
    {
      name: 'warp-reduce',
      ptx: ptxOf(WARP_REDUCE),
      kernel: 'warp_sum_f32',
      args: () => [Float32Array.from({ length: n }, () => r() * 2 - 1), new Float32Array(n / 32)],
      launch: { grid: n / 64, block: 64 },
    },
  ]
}

/** FNV-1a over the bytes of every buffer. */
function checksum(buffers: readonly (ArrayBufferView | null)[]): string {
  let h = 0x811c9dc5
  for (const b of buffers) {
    if (b === null) {
      continue
    }
    const u = new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
    for (let i = 0; i < u.length; i++) {
      h = Math.imul(h ^ u[i]!, 0x01000193)
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0')
}

function main(): void {
  const argv = process.argv.slice(2)
  const opt = (name: string, dflt: string): string => {
    const i = argv.indexOf(name)
    return i >= 0 && i + 1 < argv.length ? argv[i + 1]! : dflt
  }
  const scale = Number(opt('--scale', '1'))
  const reps = Number(opt('--reps', '3'))
  const only = opt('--only', '')
  let totalSteps = 0
  let totalSeconds = 0
  for (const w of workloads(scale)) {
    if (only !== '' && w.name !== only) {
      continue
    }
    const mod = parsePTX(w.ptx)
    const times: number[] = []
    let steps = 0
    let sum = ''
    for (let i = 0; i < reps; i++) {
      const args = w.args()
      const t0 = process.cpuUsage()
      const res = runKernel(mod, w.kernel, args, w.launch)
      const t = process.cpuUsage(t0)
      times.push((t.user + t.system) / 1e6)
      steps = res.steps
      sum = checksum(res.buffers)
    }
    times.sort((a, b) => a - b)
    const s = times[Math.floor(times.length / 2)]!
    totalSteps += steps
    totalSeconds += s
    const line = [
      w.name.padEnd(12),
      `${String(steps).padStart(9)} warp instr`,
      `${s.toFixed(3).padStart(8)} cpu s`,
      `${(steps / s / 1e6).toFixed(3).padStart(8)} M warp instr/s`,
      `${((steps * 32) / s / 1e6).toFixed(2).padStart(8)} M thread instr/s`,
      `checksum ${sum}`,
    ]
    process.stdout.write(`${line.join('  ')}\n`)
  }
  process.stdout.write(`total: ${totalSteps} warp instructions in ${totalSeconds.toFixed(3)} cpu s = ${(totalSteps / totalSeconds / 1e6).toFixed(3)} M warp instr/s\n`)
}

main()
