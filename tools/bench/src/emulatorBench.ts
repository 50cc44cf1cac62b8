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

/** Deterministic pseudo-random numbers in [0, 1) (xorshift32). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 2 ** 32
  }
}

/** Random f16 bit patterns of small values (exponent 13..16: |x| in [2^-2, 4)). */
function randomHalves(n: number, seed: number): Uint16Array {
  const r = rng(seed)
  return Uint16Array.from({ length: n }, () => ((r() < 0.5 ? 0x8000 : 0) | ((13 + Math.floor(r() * 3)) << 10) | Math.floor(r() * 1024)) & 0xffff)
}

/** The GEMM main-loop shape in hand-written PTX (see the file comment). */
export const GEMM_LOOP_PTX = `.version 8.0
.target sm_90a
.address_size 64
.shared .align 16 .b8 sbuf[2048];
.visible .entry gemm_loop(.param .u64 pA, .param .u64 pOut, .param .u32 pK)
{
\t.reg .pred %p<4>;
\t.reg .b32 %r<64>;
\t.reg .f32 %f<40>;
\t.reg .b64 %rd<16>;
\tld.param.u64 %rd1, [pA];
\tld.param.u64 %rd2, [pOut];
\tld.param.u32 %r1, [pK];
\tmov.u32 %r2, %tid.x;
\tmov.u32 %r3, sbuf;
\tshl.b32 %r4, %r2, 4;
\tadd.s32 %r5, %r3, %r4;
\tand.b32 %r6, %r2, 31;
\tshl.b32 %r7, %r6, 4;
\tshr.u32 %r9, %r2, 5;
\tshl.b32 %r9, %r9, 9;
\tadd.s32 %r7, %r7, %r9;
\tadd.s32 %r8, %r3, %r7;
\tcvt.u64.u32 %rd3, %r4;
\tadd.s64 %rd4, %rd1, %rd3;
${Array.from({ length: 32 }, (_, i) => `\tmov.f32 %f${i + 1}, 0f00000000;`).join('\n')}
\tmov.u32 %r10, 0;
$L_k:
\tcp.async.cg.shared.global [%r5], [%rd4], 16;
\tcp.async.commit_group;
\tcp.async.wait_group 0;
\tbar.sync 0;
\tldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r20, %r21, %r22, %r23}, [%r8];
\tldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r24, %r25}, [%r8];
${Array.from({ length: 8 }, (_, i) => {
  const acc = `{%f${4 * i + 1}, %f${4 * i + 2}, %f${4 * i + 3}, %f${4 * i + 4}}`
  return `\tmma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 ${acc}, {%r20, %r21, %r22, %r23}, {%r24, %r25}, ${acc};`
}).join('\n')}
\tbar.sync 0;
\tadd.s64 %rd4, %rd4, 2048;
\tadd.s32 %r10, %r10, 16;
\tsetp.lt.u32 %p1, %r10, %r1;
\t@%p1 bra $L_k;
\tmul.wide.u32 %rd5, %r2, 128;
\tadd.s64 %rd6, %rd2, %rd5;
${Array.from({ length: 32 }, (_, i) => `\tst.global.f32 [%rd6+${4 * i}], %f${i + 1};`).join('\n')}
\tret;
}
`

/** A synthetic loop: fma, integer ops, a shuffle, 64-bit addresses, divergence, shared memory. */
export const ALU_LOOP_PTX = `.version 8.0
.target sm_90a
.address_size 64
.shared .align 4 .b8 tile[1024];
.visible .entry alu_loop(.param .u64 pOut, .param .u32 pN)
{
\t.reg .pred %p<4>;
\t.reg .b32 %r<32>;
\t.reg .f32 %f<8>;
\t.reg .b64 %rd<8>;
\tld.param.u64 %rd1, [pOut];
\tld.param.u32 %r9, [pN];
\tmov.u32 %r1, %tid.x;
\tcvt.rn.f32.u32 %f1, %r1;
\tmov.f32 %f2, 0f3F800000;
\tmov.u32 %r2, 0;
\tmov.u32 %r3, %r1;
\tmov.u64 %rd2, 0;
\tmov.u32 %r10, tile;
\tshl.b32 %r11, %r1, 2;
\tadd.s32 %r12, %r10, %r11;
$L_loop:
\tfma.rn.f32 %f2, %f2, 0f3F7FF000, %f1;
\tadd.s32 %r3, %r3, %r2;
\txor.b32 %r3, %r3, %r1;
\tshfl.sync.bfly.b32 %r5, %r3, 1, 31, -1;
\tadd.s32 %r3, %r3, %r5;
\tmul.wide.u32 %rd3, %r2, 4;
\tadd.s64 %rd2, %rd2, %rd3;
\tadd.s32 %r6, %r2, %r1;
\tand.b32 %r6, %r6, 1;
\tsetp.eq.u32 %p2, %r6, 0;
\t@%p2 bra $L_skip;
\tmul.f32 %f2, %f2, 0f3F000000;
\tst.shared.u32 [%r12], %r3;
$L_skip:
\tld.shared.u32 %r7, [%r12];
\tadd.s32 %r3, %r3, %r7;
\tadd.s32 %r2, %r2, 1;
\tsetp.lt.u32 %p1, %r2, %r9;
\t@%p1 bra $L_loop;
\tmul.wide.u32 %rd4, %r1, 16;
\tadd.s64 %rd5, %rd1, %rd4;
\tst.global.f32 [%rd5], %f2;
\tst.global.u32 [%rd5+4], %r3;
\tst.global.u64 [%rd5+8], %rd2;
\tret;
}
`

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
