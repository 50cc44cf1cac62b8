/**
 * Differential test of the conversion passes: seeded random modules (./generate.ts) go through
 * each conversion pipeline in tilepass-opt and in mlir-opt 22; stdout, stderr and the exit code
 * must be byte-identical. For the full lowering to the llvm dialect, mlir-translate must also
 * accept tilepass-opt's output (`--mlir-to-llvmir`).
 *
 * Usage: pnpm exec tsx --conditions=source tools/differential-conversion/src/main.ts [options]
 *   --count N            modules (default 100)
 *   --seed S             run seed (default 1); module i uses moduleSeed(S, i)
 *   --only I             replay module I alone (prints both outputs on a difference)
 *   --features SPEC      e.g. `all,-vectors` or `none,arith,scfFor` (see generate.ts)
 *   --pipelines A,B      only these pipelines (names as printed)
 *   --config FILE        JSON with count/seed/features/pipelines/reportOnly (flags win)
 *   --verbose            print both outputs of every difference
 *   --print              print the generated modules and exit
 *   --generator-only     check that mlir-opt lowers every module fully and mlir-translate
 *                        accepts the result (validates the generator)
 *   --list-features      print the feature names and exit
 *
 * Environment: MLIR_OPT and MLIR_TRANSLATE override the binaries (default
 * /usr/lib/llvm-22/bin). Without mlir-opt the run is skipped (exit 0) unless
 * CONFORMANCE_STRICT=1. Exits 1 when a gating pipeline differs anywhere.
 *
 * tilepass-opt runs in this process from the TypeScript sources, so no build is needed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { main as tilepassOpt } from '../../../packages/cli/src/tilepass-opt.ts'
import type { ToolIO } from '../../../packages/cli/src/ToolIO.ts'
import { SPLIT_MARKER, firstDifference, splitOutput } from '../../differential/src/compare.ts'
import { moduleSeed } from '../../differential/src/Random.ts'
import { FEATURES, FEATURE_NAMES, type Features, allFeatures, applyFeatureSpec, generateConversionModule } from './generate.ts'
import { generateGpuKernelModule } from './generateGpu.ts'

/**
 * One compared pipeline: its name, the arguments both tools get, whether the result must
 * translate to LLVM IR, and its input: the generated module (default), the same with its
 * functions in a `gpu.module` (`gpu-module`), or a generated gpu kernel module of the same
 * seed (`gpu-kernels`, see generateGpu.ts).
 */
export interface Pipeline {
  readonly name: string
  readonly args: readonly string[]
  readonly translate: boolean
  readonly input?: 'gpu-module' | 'gpu-kernels'
}

/** `module` (generated text) with its body inside a `gpu.module @kernels`. */
export function wrapInGpuModule(module: string): string {
  const lines = module.trimEnd().split('\n')
  return [lines[0]!, '  gpu.module @kernels {', ...lines.slice(1, -1).map((l) => `  ${l}`), '  }', lines[lines.length - 1]!].join('\n') + '\n'
}

const FULL = 'builtin.module(convert-scf-to-cf,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-ub-to-llvm,reconcile-unrealized-casts)'

/** The pipelines compared, in order. */
export const PIPELINES: readonly Pipeline[] = [
  { name: 'convert-scf-to-cf', args: ['--convert-scf-to-cf'], translate: false },
  { name: 'convert-arith-to-llvm', args: ['--convert-arith-to-llvm'], translate: false },
  { name: 'convert-arith-to-llvm=index-bitwidth=32', args: ['--convert-arith-to-llvm=index-bitwidth=32'], translate: false },
  { name: 'convert-index-to-llvm', args: ['--convert-index-to-llvm'], translate: false },
  { name: 'convert-func-to-llvm', args: ['--convert-func-to-llvm'], translate: false },
  { name: 'convert-cf-to-llvm', args: ['--convert-cf-to-llvm'], translate: false },
  { name: 'full', args: ['-p', FULL], translate: true },
  {
    name: 'full+index',
    args: ['-p', 'builtin.module(convert-scf-to-cf,convert-index-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-ub-to-llvm,reconcile-unrealized-casts)'],
    translate: true,
  },
  { name: 'convert-ub-to-llvm', args: ['--convert-ub-to-llvm'], translate: false },
  { name: 'convert-to-llvm', args: ['-p', 'builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)'], translate: true },
  { name: 'convert-to-llvm=filter-dialects=arith+cf', args: ['--convert-to-llvm=filter-dialects=arith,cf'], translate: false },
  {
    name: 'convert-gpu-to-nvvm',
    args: ['-p', 'builtin.module(convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm))'],
    translate: false,
    input: 'gpu-module',
  },
  {
    name: 'convert-gpu-to-nvvm=allowed-dialects=func+arith+cf',
    args: ['-p', 'builtin.module(convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm{allowed-dialects=func,arith,cf}))'],
    translate: false,
    input: 'gpu-module',
  },
  {
    name: 'convert-gpu-to-nvvm=index-bitwidth=32',
    args: ['-p', 'builtin.module(convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm{index-bitwidth=32}))'],
    translate: false,
    input: 'gpu-module',
  },
  {
    name: 'gpu-kernels:convert-gpu-to-nvvm',
    args: ['-p', 'builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts))'],
    translate: false,
    input: 'gpu-kernels',
  },
  {
    name: 'gpu-kernels:convert-gpu-to-nvvm=index-bitwidth=32',
    args: ['-p', 'builtin.module(gpu.module(convert-gpu-to-nvvm{index-bitwidth=32}))'],
    translate: false,
    input: 'gpu-kernels',
  },
  {
    name: 'gpu-kernels:convert-gpu-to-nvvm=use-bare-ptr-memref-call-conv',
    args: ['-p', 'builtin.module(gpu.module(convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1}))'],
    translate: false,
    input: 'gpu-kernels',
  },
]

interface ConfigFile {
  count?: number
  seed?: number
  features?: string
  pipelines?: string[]
  /** Pipelines run and reported whose differences do not fail the run. */
  reportOnly?: string[]
}

interface Options {
  count: number
  seed: number
  only: number | undefined
  features: Features
  pipelines: Pipeline[]
  reportOnly: Set<string>
  verbose: boolean
  print: boolean
  generatorOnly: boolean
}

const binDir = '/usr/lib/llvm-22/bin'
const mlirOpt = process.env.MLIR_OPT ?? `${binDir}/mlir-opt`
const mlirTranslate = process.env.MLIR_TRANSLATE ?? path.join(path.dirname(mlirOpt), 'mlir-translate')

function fail(message: string): never {
  process.stderr.write(`differential-conversion: error: ${message}\n`)
  process.exit(2)
}

function say(text: string): void {
  process.stdout.write(`${text}\n`)
}

function selectPipelines(names: readonly string[]): Pipeline[] {
  return names.map((n) => PIPELINES.find((p) => p.name === n) ?? fail(`unknown pipeline '${n}' (known: ${PIPELINES.map((p) => p.name).join(', ')})`))
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    count: 100,
    seed: 1,
    only: undefined,
    features: allFeatures(),
    pipelines: [...PIPELINES],
    reportOnly: new Set<string>(),
    verbose: false,
    print: false,
    generatorOnly: false,
  }
  const features = (spec: string): Features => {
    const f = applyFeatureSpec(options.features, spec)
    return typeof f === 'string' ? fail(f) : f
  }
  const configAt = argv.indexOf('--config')
  if (configAt >= 0) {
    const file = argv[configAt + 1] ?? fail('--config expects a file')
    const config = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as ConfigFile
    options.count = config.count ?? options.count
    options.seed = config.seed ?? options.seed
    if (config.features !== undefined) {
      options.features = features(config.features)
    }
    if (config.pipelines !== undefined) {
      options.pipelines = selectPipelines(config.pipelines)
    }
    for (const p of selectPipelines(config.reportOnly ?? [])) {
      options.reportOnly.add(p.name)
      if (!options.pipelines.includes(p)) {
        options.pipelines.push(p)
      }
    }
  }
  const number = (flag: string, value: string | undefined): number => {
    const n = Number(value)
    return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fail(`${flag} expects a non-negative integer`)
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    switch (arg) {
      case '--count':
        options.count = number(arg, argv[++i])
        break
      case '--seed':
        options.seed = number(arg, argv[++i])
        break
      case '--only':
        options.only = number(arg, argv[++i])
        options.verbose = true
        break
      case '--features':
        options.features = features(argv[++i] ?? '')
        break
      case '--pipelines':
        options.pipelines = selectPipelines((argv[++i] ?? '').split(',').filter((s) => s !== ''))
        break
      case '--config':
        i++
        break
      case '--verbose':
        options.verbose = true
        break
      case '--print':
        options.print = true
        break
      case '--generator-only':
        options.generatorOnly = true
        break
      case '--list-features':
        for (const name of FEATURE_NAMES) {
          say(`${name.padEnd(20)} ${FEATURES[name]}`)
        }
        process.exit(0)
        break
      default:
        fail(`unknown argument '${arg}'`)
    }
  }
  return options
}

interface ToolResult {
  readonly stdout: string
  readonly stderr: string
  readonly code: number
}

function runMlirOpt(args: readonly string[]): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = spawn(mlirOpt, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => resolve({ stdout: '', stderr: String(error), code: -1 }))
    child.on('close', (code, signal) =>
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8') + (signal !== null ? `\n(killed by ${signal})\n` : ''),
        code: code ?? -1,
      }),
    )
  })
}

function runTilepass(args: readonly string[]): ToolResult {
  let stdout = ''
  let stderr = ''
  const io: ToolIO = {
    stdout: (t) => {
      stdout += t
    },
    stderr: (t) => {
      stderr += t
    },
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: () => {
      throw new Error('not supported')
    },
  }
  const code = tilepassOpt([...args], io)
  return { stdout, stderr, code }
}

/** Why mlir-translate rejects `text`, or null when it accepts it. */
function translateError(text: string): string | null {
  const r = spawnSync(mlirTranslate, ['--mlir-to-llvmir', '-'], { input: text, encoding: 'utf8' })
  if (r.status === 0) {
    return null
  }
  return (r.stderr || `exit ${r.status ?? r.signal}`).split('\n').slice(0, 4).join('\n')
}

interface PipelineStats {
  identical: number
  differing: number[]
  /** Modules whose tilepass output mlir-translate rejected. */
  untranslatable: number[]
  /** Modules mlir-opt itself did not lower to something mlir-translate accepts. */
  oracleFailures: number
}

function stats(): PipelineStats {
  return { identical: 0, differing: [], untranslatable: [], oracleFailures: 0 }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/**
 * mlir-opt's output for each module on `pipeline`: one --split-input-file run over
 * `batchFile` when it succeeds silently (its chunks are the per-module outputs), else
 * one run per module (the diagnostics then name the module's own file).
 */
async function expectedOutputs(pipeline: Pipeline, files: readonly string[], batchFile: string): Promise<ToolResult[]> {
  const batch = await runMlirOpt([...pipeline.args, '--split-input-file', batchFile])
  if (batch.code === 0 && batch.stderr === '') {
    const chunks = splitOutput(batch.stdout)
    if (chunks.length === files.length) {
      return chunks.map((stdout) => ({ stdout, stderr: '', code: 0 }))
    }
  }
  const out: ToolResult[] = []
  for (const f of files) {
    out.push(await runMlirOpt([...pipeline.args, f]))
  }
  return out
}

/** True when mlir-translate accepts every text of `texts` (one --split-input-file run). */
function translatesAll(texts: readonly string[]): boolean {
  if (texts.length === 0) {
    return true
  }
  const r = spawnSync(mlirTranslate, ['--mlir-to-llvmir', '--split-input-file', '-'], { input: texts.join(`${SPLIT_MARKER}\n`), encoding: 'utf8', maxBuffer: 1 << 30 })
  return r.status === 0
}

/** An op of a dialect other than llvm and builtin (mlir-translate rejects those). */
const NON_LLVM_OP = /(^|\s)"?(arith|index|cf|scf|func|builtin\.unrealized_conversion_cast)[."]/m

/**
 * For a full lowering: the modules whose mlir-opt output mlir-translate accepts are the
 * ones tilepass-opt's output must translate too; returns why it does not, per module.
 * Batched, with per-module runs only when a batch fails.
 */
function checkTranslation(expected: readonly ToolResult[], actual: readonly ToolResult[], st: PipelineStats): Map<number, string> {
  const problems = new Map<number, string>()
  let candidates: number[] = []
  for (let k = 0; k < expected.length; k++) {
    if (expected[k]!.code === 0 && !NON_LLVM_OP.test(expected[k]!.stdout)) {
      candidates.push(k)
    } else {
      st.oracleFailures++
    }
  }
  if (!translatesAll(candidates.map((k) => expected[k]!.stdout))) {
    const ok: number[] = []
    for (const k of candidates) {
      if (translateError(expected[k]!.stdout) === null) {
        ok.push(k)
      } else {
        st.oracleFailures++
      }
    }
    candidates = ok
  }
  candidates = candidates.filter((k) => actual[k]!.code === 0)
  if (!translatesAll(candidates.map((k) => actual[k]!.stdout))) {
    for (const k of candidates) {
      const why = translateError(actual[k]!.stdout)
      if (why !== null) {
        problems.set(k, why)
      }
    }
  }
  return problems
}

async function run(options: Options): Promise<number> {
  const indices = options.only !== undefined ? [options.only] : Array.from({ length: options.count }, (_, i) => i)
  const modules = indices.map((i) => generateConversionModule(moduleSeed(options.seed, i), options.features))
  if (options.print) {
    process.stdout.write(modules.join('// -----\n'))
    return 0
  }
  if (!existsSync(mlirOpt)) {
    if (['1', 'true'].includes(process.env.CONFORMANCE_STRICT ?? '')) {
      fail(`${mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)`)
    }
    say(`differential-conversion: SKIPPED: ${mlirOpt} not found`)
    return 0
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-conversion-'))
  const files = modules.map((text, k) => {
    const file = path.join(scratch, `m${indices[k]}.mlir`)
    writeFileSync(file, text)
    return file
  })
  const started = Date.now()
  if (options.generatorOnly) {
    let bad = 0
    for (let k = 0; k < files.length; k++) {
      let ok = true
      for (const p of options.pipelines) {
        const r = await runMlirOpt([...p.args, files[k]!])
        const why = r.code !== 0 ? r.stderr.split('\n').slice(0, 3).join('\n') : p.translate ? translateError(r.stdout) : null
        if (why !== null) {
          ok = false
          say(`module ${indices[k]} (${files[k]}) ${p.name}:\n${why}`)
        }
      }
      bad += ok ? 0 : 1
    }
    say(`generator check: ${files.length - bad}/${files.length} modules accepted (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return bad === 0 ? 0 : 1
  }
  say(`differential-conversion: ${files.length} modules, seed ${options.seed}; mlir-opt ${mlirOpt}`)
  const perPipeline = new Map<string, PipelineStats>(options.pipelines.map((p) => [p.name, stats()]))
  const casesDir = path.join(scratch, 'cases')
  let reports = 0
  // All modules in one file: mlir-opt runs once per pipeline with --split-input-file
  // (its chunks are what it prints for each module alone), in the background while
  // tilepass-opt runs here.
  const batchFile = path.join(scratch, 'all.mlir')
  writeFileSync(batchFile, modules.join(`${SPLIT_MARKER}\n`))
  // The other inputs of the gpu pipelines: the same modules with their functions in a
  // gpu.module, and generated gpu kernel modules.
  const writeInputs = (prefix: string, texts: readonly string[]): { files: readonly string[]; texts: readonly string[]; batch: string } => {
    const batch = path.join(scratch, `all-${prefix}.mlir`)
    if (texts.length > 0) {
      writeFileSync(batch, texts.join(`${SPLIT_MARKER}\n`))
    }
    const inputFiles = texts.map((text, k) => {
      const file = path.join(scratch, `${prefix}${indices[k]}.mlir`)
      writeFileSync(file, text)
      return file
    })
    return { files: inputFiles, texts, batch }
  }
  const uses = (input: Pipeline['input']): boolean => options.pipelines.some((p) => p.input === input)
  const inGpuModule = writeInputs('g', uses('gpu-module') ? modules.map(wrapInGpuModule) : [])
  const gpuKernels = writeInputs('k', uses('gpu-kernels') ? indices.map((i) => generateGpuKernelModule(moduleSeed(options.seed, i))) : [])
  const inputsOf = (p: Pipeline): { files: readonly string[]; texts: readonly string[]; batch: string } =>
    p.input === 'gpu-module' ? inGpuModule : p.input === 'gpu-kernels' ? gpuKernels : { files, texts: modules, batch: batchFile }
  const expectedAll = options.pipelines.map((p) => expectedOutputs(p, inputsOf(p).files, inputsOf(p).batch))
  for (let p = 0; p < options.pipelines.length; p++) {
    const pipeline = options.pipelines[p]!
    const st = perPipeline.get(pipeline.name)!
    const inputs = inputsOf(pipeline)
    const actualAll: ToolResult[] = []
    for (let k = 0; k < files.length; k++) {
      actualAll.push(runTilepass([...pipeline.args, inputs.files[k]!]))
      if (k % 8 === 7) {
        await yieldToEventLoop()
      }
    }
    const expected = await expectedAll[p]!
    const translateProblems = pipeline.translate ? checkTranslation(expected, actualAll, st) : new Map<number, string>()
    for (let k = 0; k < files.length; k++) {
      const e = expected[k]!
      const a = actualAll[k]!
      const same = e.stdout === a.stdout && e.stderr === a.stderr && e.code === a.code
      const translateProblem = translateProblems.get(k) ?? null
      if (same) {
        st.identical++
      } else {
        st.differing.push(indices[k]!)
      }
      if (translateProblem !== null) {
        st.untranslatable.push(indices[k]!)
      }
      if ((!same || translateProblem !== null) && (options.verbose || reports < 6)) {
        reports++
        const dir = path.join(casesDir, `${indices[k]}-${p}`)
        mkdirSync(dir, { recursive: true })
        writeFileSync(path.join(dir, 'input.mlir'), inputs.texts[k]!)
        writeFileSync(path.join(dir, 'mlir-opt.out'), e.stdout + e.stderr)
        writeFileSync(path.join(dir, 'tilepass-opt.out'), a.stdout + a.stderr)
        const lines = [`--- module ${indices[k]} (${inputs.files[k]}) ${pipeline.name}: ${dir}`]
        if (e.code !== a.code) {
          lines.push(`exit code: mlir-opt ${e.code}, tilepass-opt ${a.code}`)
        }
        const diff = firstDifference(e.stdout + e.stderr, a.stdout + a.stderr)
        if (diff !== '') {
          lines.push(diff.trimEnd())
        }
        if (translateProblem !== null) {
          lines.push(`mlir-translate rejects tilepass-opt's output:\n${translateProblem}`)
        }
        say(lines.join('\n'))
      }
    }
  }
  say(`results (${((Date.now() - started) / 1000).toFixed(1)} s):`)
  let failed = false
  for (const pipeline of options.pipelines) {
    const st = perPipeline.get(pipeline.name)!
    const reportOnly = options.reportOnly.has(pipeline.name)
    const bad = st.differing.length > 0 || st.untranslatable.length > 0
    failed ||= bad && !reportOnly
    const pct = ((100 * st.identical) / files.length).toFixed(1)
    let line = `  ${pipeline.name}: ${st.identical}/${files.length} identical (${pct}%)`
    if (pipeline.translate) {
      line += `; mlir-translate rejects ${st.untranslatable.length} tilepass outputs`
      if (st.oracleFailures > 0) {
        line += ` (and ${st.oracleFailures} mlir-opt outputs)`
      }
    }
    if (reportOnly) {
      line += ' [report only]'
    }
    if (st.differing.length > 0) {
      line += `; differ: ${st.differing.slice(0, 12).join(' ')}${st.differing.length > 12 ? ' ...' : ''}`
    }
    say(line)
  }
  if (failed || reports > 0) {
    say(`replay one module with: pnpm exec tsx --conditions=source tools/differential-conversion/src/main.ts --seed ${options.seed} --only <index>`)
    say(`inputs and cases kept in ${scratch}`)
  } else {
    rmSync(scratch, { recursive: true, force: true })
  }
  return failed ? 1 : 0
}

process.exitCode = await run(parseArgs(process.argv.slice(2)))
