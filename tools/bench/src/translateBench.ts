/**
 * LLVM IR translation benchmark: `translateModuleToLLVMIR` (in process, from the sources)
 * against `mlir-translate --mlir-to-llvmir` 22 on a generated kernel module of about 10k ops
 * (address arithmetic, global and shared-memory loads and stores, fma chains, warp shuffles,
 * special registers and barriers). Reports the median wall time of each (Tilepass: translation
 * only, and parse+verify+translate; mlir-translate: the whole process) and checks that the two
 * outputs are byte-identical. Prints its results; it writes no file.
 *
 * Usage: tsx --conditions=source tools/bench/src/translateBench.ts [--ops 10000] [--reps 5]
 *
 * Environment: MLIR_TRANSLATE overrides the binary.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { BuiltinDialect, Context, parseSourceString, verify } from '../../../packages/ir/src/index.ts'
import { registerAllDialects } from '../../../packages/dialects/src/index.ts'
import { translateModuleToLLVMIR } from '../../../packages/nvvm-lowering/src/index.ts'
import { median } from './measure.ts'

/** A kernel module of about `ops` ops: unrolled blocks of 16 ops each. */
export function generateKernelModule(ops: number): string {
  const lines: string[] = [
    'llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<4096 x f32>',
    'llvm.func @kernel(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {',
    '  %s = llvm.mlir.addressof @tile : !llvm.ptr<3>',
    '  %mask = llvm.mlir.constant(-1 : i32) : i32',
    '  %clamp = llvm.mlir.constant(31 : i32) : i32',
    '  %one = llvm.mlir.constant(1 : i32) : i32',
    '  %t = nvvm.read.ptx.sreg.tid.x range <i32, 0, 256> : i32',
    '  %acc0 = llvm.mlir.constant(0.0 : f32) : f32',
  ]
  const blocks = Math.max(1, Math.floor(ops / 16))
  for (let i = 0; i < blocks; i++) {
    const p = `%acc${i}`
    lines.push(
      `  %k${i} = llvm.mlir.constant(${i} : i32) : i32`,
      `  %i${i} = llvm.add %t, %k${i} overflow<nsw> : i32`,
      `  %m${i} = llvm.and %i${i}, %n : i32`,
      `  %ga${i} = llvm.getelementptr inbounds %a[%m${i}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32`,
      `  %gb${i} = llvm.getelementptr inbounds %b[%m${i}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32`,
      `  %x${i} = llvm.load %ga${i} : !llvm.ptr<1> -> f32`,
      `  %y${i} = llvm.load %gb${i} : !llvm.ptr<1> -> f32`,
      `  %f${i} = llvm.intr.fma(%x${i}, %y${i}, ${p}) : (f32, f32, f32) -> f32`,
      `  %h${i} = nvvm.shfl.sync bfly %mask, %f${i}, %one, %clamp : f32 -> f32`,
      `  %acc${i + 1} = llvm.fadd %f${i}, %h${i} {fastmathFlags = #llvm.fastmath<contract>} : f32`,
      `  %w${i} = llvm.and %i${i}, %clamp : i32`,
      `  %sp${i} = llvm.getelementptr inbounds %s[%w${i}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32`,
      `  llvm.store %acc${i + 1}, %sp${i} : f32, !llvm.ptr<3>`,
      `  %c${i} = llvm.icmp "slt" %i${i}, %n : i32`,
      `  %z${i} = llvm.select %c${i}, %x${i}, %y${i} : i1, f32`,
      `  llvm.store %z${i}, %ga${i} : f32, !llvm.ptr<1>`,
    )
    if (i % 64 === 63) {
      lines.push('  nvvm.barrier0')
    }
  }
  lines.push('  llvm.return', '}')
  return lines.join('\n') + '\n'
}

function main(): void {
  const argv = process.argv.slice(2)
  const opt = (flag: string, fallback: number): number => {
    const at = argv.indexOf(flag)
    return at >= 0 ? Number(argv[at + 1]) : fallback
  }
  const ops = opt('--ops', 10_000)
  const reps = opt('--reps', 5)
  const src = generateKernelModule(ops)
  const translateTimes: number[] = []
  const totalTimes: number[] = []
  let ir = ''
  for (let r = 0; r <= reps; r++) {
    const t0 = performance.now()
    const ctx = new Context({ dialects: [BuiltinDialect] })
    registerAllDialects(ctx)
    const parsed = parseSourceString(src, ctx)
    if (parsed === null || !verify(parsed.op)) {
      throw new Error('generated module does not verify')
    }
    const t1 = performance.now()
    const out = translateModuleToLLVMIR(parsed.op)
    const t2 = performance.now()
    if (out === undefined) {
      throw new Error('translation failed')
    }
    ir = out
    if (r > 0) {
      translateTimes.push((t2 - t1) / 1000)
      totalTimes.push((t2 - t0) / 1000)
    }
  }
  const ops1 = src.split('\n').length
  process.stdout.write(`module: ${ops1} lines (~${ops} ops), ${reps} runs after one warm-up\n`)
  process.stdout.write(`tilepass translateModuleToLLVMIR: ${median(translateTimes).toFixed(3)} s (parse+verify+translate ${median(totalTimes).toFixed(3)} s)\n`)
  const tool = process.env.MLIR_TRANSLATE ?? '/usr/lib/llvm-22/bin/mlir-translate'
  if (!existsSync(tool)) {
    process.stdout.write(`mlir-translate: skipped (${tool} not found)\n`)
    return
  }
  const times: number[] = []
  let expected = ''
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now()
    const res = spawnSync(tool, ['--mlir-to-llvmir', '-'], { input: src, encoding: 'utf8', maxBuffer: 1 << 28 })
    times.push((performance.now() - t0) / 1000)
    expected = res.stdout
  }
  process.stdout.write(`mlir-translate (whole process): ${median(times).toFixed(3)} s\n`)
  process.stdout.write(`outputs ${expected === ir ? 'byte-identical' : 'DIFFER'} (${ir.length} bytes)\n`)
  if (expected !== ir) {
    process.exitCode = 1
  }
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  main()
}
