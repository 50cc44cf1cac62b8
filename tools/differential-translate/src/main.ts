/**
 * Differential test of the LLVM IR translation (`translateModuleToLLVMIR` of
 * @tilepass/nvvm-lowering) against `mlir-translate --mlir-to-llvmir` 22, byte for byte.
 *
 * Modules come from three sources:
 *   generated   seeded llvm + nvvm modules (./generate.ts)
 *   lowered     func/arith/cf/scf modules of tools/differential-conversion lowered to the
 *               llvm dialect by mlir-opt 22 (the subset the conversions produce)
 *   kernels     the gpu kernels of examples/gpu lowered by mlir-opt 22's convert-gpu-to-nvvm
 *               (the llvm + nvvm IR of each gpu.module)
 * plus any .mlir files named on the command line.
 *
 * Usage: pnpm exec tsx --conditions=source tools/differential-translate/src/main.ts [options] [files]
 *   --count N       generated modules (default 200)
 *   --lowered N     lowered modules (default 100)
 *   --seed S        run seed (default 1)
 *   --only I        replay generated module I alone (prints both outputs)
 *   --print         print the generated modules and exit
 *   --verbose       print the first difference of every failing module
 *
 * Environment: MLIR_TRANSLATE and MLIR_OPT override the binaries (default
 * /usr/lib/llvm-22/bin). Without mlir-translate the run is skipped (exit 0) unless
 * CONFORMANCE_STRICT=1. Exits 1 when any module differs.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { firstDifference } from '../../differential/src/compare.ts'
import { moduleSeed } from '../../differential/src/Random.ts'
import { allFeatures, generateConversionModule } from '../../differential-conversion/src/generate.ts'
import { generateTranslationModule } from './generate.ts'
import { tilepassTranslate } from './translate.ts'

const binDir = '/usr/lib/llvm-22/bin'
const mlirTranslate = process.env.MLIR_TRANSLATE ?? `${binDir}/mlir-translate`
const mlirOpt = process.env.MLIR_OPT ?? path.join(path.dirname(mlirTranslate), 'mlir-opt')
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

const LOWER = 'builtin.module(convert-scf-to-cf,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)'

interface Options {
  count: number
  lowered: number
  seed: number
  only: number | undefined
  print: boolean
  verbose: boolean
  files: string[]
}

function fail(message: string): never {
  process.stderr.write(`differential-translate: error: ${message}\n`)
  process.exit(2)
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { count: 200, lowered: 100, seed: 1, only: undefined, print: false, verbose: false, files: [] }
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v)
    return v !== undefined && Number.isInteger(n) && n >= 0 ? n : fail(`${flag} expects a non-negative integer`)
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--count') {
      o.count = num(a, argv[++i])
    } else if (a === '--lowered') {
      o.lowered = num(a, argv[++i])
    } else if (a === '--seed') {
      o.seed = num(a, argv[++i])
    } else if (a === '--only') {
      o.only = num(a, argv[++i])
    } else if (a === '--print') {
      o.print = true
    } else if (a === '--verbose') {
      o.verbose = true
    } else if (a.startsWith('--')) {
      fail(`unknown option '${a}'`)
    } else {
      o.files.push(a)
    }
  }
  return o
}

function run(tool: string, args: readonly string[], input: string): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(tool, [...args, '-'], { input, encoding: 'utf8', maxBuffer: 1 << 28 })
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr }
}

/** The llvm + nvvm bodies of the gpu.modules of `file` after mlir-opt's convert-gpu-to-nvvm. */
function lowerKernels(file: string): string[] {
  const r = run(mlirOpt, ['--pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts))'], readFileSync(file, 'utf8'))
  if (r.status !== 0) {
    return []
  }
  const out: string[] = []
  const lines = r.stdout.split('\n')
  for (let i = 0; i < lines.length; i++) {
    if (/^ {2}gpu\.module @/.test(lines[i]!)) {
      const body: string[] = []
      for (i++; i < lines.length && lines[i] !== '  }'; i++) {
        body.push(lines[i]!.slice(4))
      }
      out.push(body.join('\n') + '\n')
    }
  }
  return out
}

interface Case {
  readonly name: string
  readonly text: string
}

function collect(o: Options): Case[] {
  const cases: Case[] = []
  if (o.only !== undefined) {
    return [{ name: `generated ${o.only}`, text: generateTranslationModule(moduleSeed(o.seed, o.only)).text }]
  }
  for (let i = 0; i < o.count; i++) {
    cases.push({ name: `generated ${i}`, text: generateTranslationModule(moduleSeed(o.seed, i)).text })
  }
  const features = allFeatures()
  for (let i = 0; i < o.lowered; i++) {
    const src = generateConversionModule(moduleSeed(o.seed + 7919, i), features)
    const r = run(mlirOpt, ['-p', LOWER], src)
    if (r.status === 0 && run(mlirTranslate, ['--mlir-to-llvmir'], r.stdout).status === 0) {
      cases.push({ name: `lowered ${i}`, text: r.stdout })
    }
  }
  const kernelDir = path.join(root, 'examples/gpu')
  if (existsSync(kernelDir)) {
    for (const f of readdirSync(kernelDir).filter((n) => n.endsWith('.mlir')).sort()) {
      lowerKernels(path.join(kernelDir, f)).forEach((text, k) => cases.push({ name: `kernel ${f}#${k}`, text }))
    }
  }
  for (const f of o.files) {
    cases.push({ name: f, text: readFileSync(f, 'utf8') })
  }
  return cases
}

function main(): void {
  const o = parseArgs(process.argv.slice(2))
  if (o.print) {
    for (let i = 0; i < o.count; i++) {
      process.stdout.write(`// ----- generated ${i}\n${generateTranslationModule(moduleSeed(o.seed, i)).text}`)
    }
    return
  }
  if (!existsSync(mlirTranslate) || !existsSync(mlirOpt)) {
    process.stdout.write(`differential-translate: skipped: ${mlirTranslate} or ${mlirOpt} not found\n`)
    process.exit(process.env.CONFORMANCE_STRICT === '1' ? 1 : 0)
  }
  const cases = collect(o)
  let same = 0
  const bySource = new Map<string, [number, number]>()
  const failures: string[] = []
  const oracleVaries: string[] = []
  for (const c of cases) {
    const source = c.name.split(' ')[0]!
    const counts = bySource.get(source) ?? [0, 0]
    counts[1]++
    bySource.set(source, counts)
    const expected = run(mlirTranslate, ['--mlir-to-llvmir'], c.text)
    const actual = tilepassTranslate(c.text)
    let agree = expected.status === 0 ? actual.ok && actual.text === expected.stdout : !actual.ok
    if (!agree && expected.status === 0 && actual.ok) {
      // mlir-translate orders the blocks it adds for repeated successors by pointer hash, so
      // its output can change from run to run; Tilepass's must be one of those outputs.
      const seen = new Set([expected.stdout])
      for (let k = 0; k < 12 && !agree; k++) {
        const again = run(mlirTranslate, ['--mlir-to-llvmir'], c.text).stdout
        seen.add(again)
        agree = again === actual.text
      }
      if (agree) {
        oracleVaries.push(`${c.name} (${seen.size}+ outputs)`)
      }
    }
    if (agree) {
      same++
      counts[0]++
      continue
    }
    failures.push(c.name)
    if (o.verbose || o.only !== undefined) {
      process.stdout.write(`--- ${c.name}\n${expected.status === 0 && actual.ok ? firstDifference(expected.stdout, actual.text) : `mlir-translate exit ${expected.status}: ${expected.stderr}\ntilepass: ${actual.text}\n`}\n`)
    }
  }
  for (const [source, [ok, total]] of bySource) {
    process.stdout.write(`${source}: ${ok}/${total} identical\n`)
  }
  process.stdout.write(`differential-translate: ${same}/${cases.length} modules identical with mlir-translate\n`)
  if (oracleVaries.length > 0) {
    process.stdout.write(`mlir-translate output varied between runs (matched one of its outputs): ${oracleVaries.join(', ')}\n`)
  }
  if (failures.length > 0) {
    process.stdout.write(`differing: ${failures.slice(0, 20).join(', ')}${failures.length > 20 ? ', ...' : ''}\n`)
    process.exit(1)
  }
}

main()
