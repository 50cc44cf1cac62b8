/**
 * Differential test of tilepass-opt against mlir-opt on randomly generated valid modules.
 *
 * Usage: tsx tools/differential/src/main.ts [options]
 *   --count N            modules to generate (default 300)
 *   --seed S             run seed (default 1); module i uses moduleSeed(S, i)
 *   --only I             replay module I of the run alone
 *   --features SPEC      e.g. `all,-cf,-locations` or `none,arith,scfFor` (see features.ts)
 *   --modes A,B          among custom, custom+debuginfo, generic, generic+debuginfo
 *   --config FILE        JSON with count/seed/batch/features/modes (command-line flags win)
 *   --batch N            modules per input file, run with --split-input-file (default 50)
 *   --jobs N             processes at once (default 2)
 *   --generator-only     only check that mlir-opt accepts every module
 *   --print              print the generated modules and exit
 *   --find-features      greedily add the features on which both tools agree (for ci.json),
 *                        starting from --features if given, else from none
 *   --list-features      print the feature names and exit
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries. Without mlir-opt the run is
 * skipped (exit 0) unless CONFORMANCE_STRICT=1.
 * Exits 1 when any output or exit code differs; the cases are kept under a temp directory.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { firstDifference, joinModules, splitOutput } from './compare.ts'
import { FEATURES, FEATURE_NAMES, type Features } from './features.ts'
import { generateModule } from './generate.ts'
import { type ConfigFile, type Mode, type RunOptions, applyFeatureSpec, defaultRunOptions, selectModes } from './options.ts'
import { moduleSeed } from './Random.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const TOOL_TIMEOUT_MS = 180_000

function fail(message: string): never {
  process.stderr.write(`differential: error: ${message}\n`)
  process.exit(2)
}

function parseArgs(argv: readonly string[]): { options: RunOptions; print: boolean; find: boolean; featuresGiven: boolean } {
  const options = defaultRunOptions(root)
  let print = false
  let find = false
  let featuresGiven = false
  const takeNumber = (flag: string, value: string | undefined): number => {
    const n = Number(value)
    if (value === undefined || !Number.isInteger(n) || n < 0) {
      fail(`${flag} expects a non-negative integer`)
    }
    return n
  }
  const configAt = argv.indexOf('--config')
  if (configAt >= 0) {
    const file = argv[configAt + 1]
    if (file === undefined) {
      fail('--config expects a file')
    }
    const config = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as ConfigFile
    options.count = config.count ?? options.count
    options.seed = config.seed ?? options.seed
    options.batch = config.batch ?? options.batch
    if (config.features !== undefined) {
      const features = applyFeatureSpec(options.features, config.features)
      options.features = typeof features === 'string' ? fail(features) : features
    }
    if (config.modes !== undefined) {
      const modes = selectModes(config.modes)
      options.modes = typeof modes === 'string' ? fail(modes) : modes
    }
    if (config.reportOnlyModes !== undefined) {
      const modes = selectModes(config.reportOnlyModes)
      const extra = typeof modes === 'string' ? fail(modes) : modes
      options.modes = [...options.modes, ...extra.filter((m) => !options.modes.includes(m))]
      options.reportOnly = new Set(extra.map((m) => m.name))
    }
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = (): string | undefined => inline ?? argv[++i]
    switch (flag) {
      case '--count':
        options.count = takeNumber(flag, value())
        break
      case '--seed':
        options.seed = takeNumber(flag, value())
        break
      case '--only':
        options.only = takeNumber(flag, value())
        break
      case '--batch':
        options.batch = Math.max(1, takeNumber(flag, value()))
        break
      case '--jobs':
        options.jobs = Math.max(1, takeNumber(flag, value()))
        break
      case '--max-reports':
        options.maxReports = takeNumber(flag, value())
        break
      case '--features': {
        featuresGiven = true
        const features = applyFeatureSpec(options.features, value() ?? '')
        options.features = typeof features === 'string' ? fail(features) : features
        break
      }
      case '--modes': {
        const modes = selectModes((value() ?? '').split(','))
        options.modes = typeof modes === 'string' ? fail(modes) : modes
        break
      }
      case '--config':
        value()
        break
      case '--generator-only':
        options.generatorOnly = true
        break
      case '--print':
        print = true
        break
      case '--find-features':
        find = true
        break
      case '--list-features':
        for (const name of FEATURE_NAMES) {
          process.stdout.write(`${name.padEnd(24)} ${FEATURES[name]}\n`)
        }
        process.exit(0)
        break
      default:
        fail(`unknown argument '${arg}'`)
    }
  }
  return { options, print, find, featuresGiven }
}

interface ToolResult {
  readonly stdout: string
  readonly stderr: string
  readonly code: number
}

function runTool(binary: string, args: readonly string[], cwd: string): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: TOOL_TIMEOUT_MS })
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

/** Runs `tasks` with at most `jobs` in flight. */
async function runLimited<T>(tasks: readonly (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await (tasks[i] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker))
  return results
}

function toolArgs(mode: Mode, file: string): string[] {
  return ['--allow-unregistered-dialect', '--split-input-file', ...mode.flags, file]
}

function describeFeatures(features: Features): string {
  const off = FEATURE_NAMES.filter((name) => !features[name])
  if (off.length * 2 > FEATURE_NAMES.length) {
    return `only ${FEATURE_NAMES.filter((name) => features[name]).join(', ')}`
  }
  return off.length === 0 ? 'all' : `all except ${off.join(', ')}`
}

interface Batch {
  readonly file: string
  readonly indices: readonly number[]
}

/** The outcome of comparing both tools on a set of modules. */
interface Comparison {
  /** Identical modules per mode name. */
  readonly identical: Map<string, number>
  /** Differing module indices per mode name. */
  readonly differing: Map<string, number[]>
  /** Groups of first differing line pairs: an example (`- expected` / `+ actual`) and a count. */
  readonly signatures: Map<string, { example: string; count: number }>
  readonly scratch: string
  readonly seconds: number
}

function generateAll(options: RunOptions, indices: readonly number[]): Map<number, string> {
  const modules = new Map<number, string>()
  for (const i of indices) {
    modules.set(i, generateModule(moduleSeed(options.seed, i), options.features))
  }
  return modules
}

function writeBatches(options: RunOptions, indices: readonly number[], modules: ReadonlyMap<number, string>, scratch: string): Batch[] {
  const batches: Batch[] = []
  for (let b = 0; b * options.batch < indices.length; b++) {
    const part = indices.slice(b * options.batch, (b + 1) * options.batch)
    const file = `batch-${b}.mlir`
    writeFileSync(path.join(scratch, file), joinModules(part.map((i) => modules.get(i) as string)))
    batches.push({ file, indices: part })
  }
  return batches
}

/** The first line where two outputs differ, as a short `- expected | + actual` key. */
function signature(expected: string | undefined, actual: string | undefined): string {
  if (expected === undefined || actual === undefined) {
    return '(chunk missing: tilepass-opt stopped early)'
  }
  const a = expected.split('\n')
  const b = actual.split('\n')
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) {
    i++
  }
  const clip = (line: string | undefined): string => (line === undefined ? '(end)' : line.trim().slice(0, 110))
  return `- ${clip(a[i])}\n      + ${clip(b[i])}`
}

/** Groups similar differences: numbers and value, block and alias names are masked. */
function signatureGroup(key: string): string {
  return key.replace(/[%^#][\w$.-]*/g, (m) => m[0] as string).replace(/\d+/g, 'N')
}

async function compare(options: RunOptions, indices: readonly number[], modules: ReadonlyMap<number, string>, reportCases: boolean): Promise<Comparison> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-'))
  const batches = writeBatches(options, indices, modules, scratch)
  const started = Date.now()
  const tasks: (() => Promise<ToolResult>)[] = []
  for (const batch of batches) {
    for (const mode of options.modes) {
      tasks.push(() => runTool(options.mlirOpt, toolArgs(mode, batch.file), scratch))
      tasks.push(() => runTool(options.tilepassOpt, toolArgs(mode, batch.file), scratch))
    }
  }
  const results = await runLimited(tasks, options.jobs)

  // Compare chunk by chunk, so that one bad module does not hide the others.
  const differing = new Map<string, number[]>()
  const identical = new Map<string, number>(options.modes.map((m) => [m.name, 0]))
  const signatures = new Map<string, { example: string; count: number }>()
  const reports: Promise<void>[] = []
  let reported = 0
  let t = 0
  for (const batch of batches) {
    for (const mode of options.modes) {
      const expected = results[t++] as ToolResult
      const actual = results[t++] as ToolResult
      if (expected.code !== 0) {
        say(`warning: mlir-opt failed on ${batch.file} in mode ${mode.name} (a generator bug): ${expected.stderr.split('\n')[0]}`)
      }
      const a = splitOutput(expected.stdout)
      const b = splitOutput(actual.stdout)
      const exitDiffers = expected.code !== actual.code
      const bad: number[] = []
      batch.indices.forEach((index, k) => {
        if (a[k] !== b[k] || a.length !== batch.indices.length) {
          bad.push(index)
          const example = signature(a[k], b[k])
          const group = signatures.get(signatureGroup(example))
          if (group === undefined) {
            signatures.set(signatureGroup(example), { example, count: 1 })
          } else {
            group.count++
          }
        }
      })
      if (exitDiffers && bad.length === 0) {
        bad.push(...batch.indices)
      }
      identical.set(mode.name, (identical.get(mode.name) ?? 0) + batch.indices.length - bad.length)
      if (bad.length > 0) {
        differing.set(mode.name, [...(differing.get(mode.name) ?? []), ...bad])
        if (exitDiffers && reportCases) {
          say(`${batch.file} [${mode.name}]: exit code ${actual.code} from tilepass-opt, ${expected.code} from mlir-opt; stderr: ${actual.stderr.split('\n').slice(0, 3).join(' | ')}`)
        }
        for (const index of bad) {
          if (!reportCases || reported >= options.maxReports || options.reportOnly.has(mode.name)) {
            break
          }
          reported++
          reports.push(reportCase(options, scratch, index, modules.get(index) as string, mode))
        }
      }
    }
  }
  await Promise.all(reports)
  return { identical, differing, signatures, scratch, seconds: (Date.now() - started) / 1000 }
}

function say(line: string): void {
  process.stdout.write(`differential: ${line}\n`)
}

async function checkGenerator(options: RunOptions, indices: readonly number[], modules: ReadonlyMap<number, string>): Promise<number> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-'))
  const batches = writeBatches(options, indices, modules, scratch)
  const started = Date.now()
  const tasks = batches.flatMap((batch) => options.modes.map((mode) => () => runTool(options.mlirOpt, toolArgs(mode, batch.file), scratch)))
  const results = await runLimited(tasks, options.jobs)
  let rejected = 0
  let t = 0
  for (const batch of batches) {
    for (const mode of options.modes) {
      const result = results[t++] as ToolResult
      if (result.code !== 0) {
        rejected++
        say(`mlir-opt rejected ${batch.file} (modules ${batch.indices[0]}..${batch.indices[batch.indices.length - 1]}) in mode ${mode.name}:`)
        process.stderr.write(result.stderr.split('\n').slice(0, 20).join('\n') + '\n')
      }
    }
  }
  say(`generator check: ${rejected === 0 ? 'mlir-opt accepted every module' : `${rejected} batch run(s) rejected; inputs kept in ${scratch}`} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (rejected === 0) {
    rmSync(scratch, { recursive: true, force: true })
  }
  return rejected === 0 ? 0 : 1
}

function allIdentical(c: Comparison): boolean {
  for (const list of c.differing.values()) {
    if (list.length > 0) {
      return false
    }
  }
  return true
}

/**
 * Greedy search for a feature set on which the tools agree: start from no features and add
 * each feature in declaration order when the run stays fully identical.
 */
async function findFeatures(options: RunOptions, indices: readonly number[], start: Features | undefined): Promise<number> {
  let current: Features = start ?? (applyFeatureSpec(options.features, 'none') as Features)
  let modes = options.modes
  const trial = async (features: Features): Promise<Comparison> => {
    const run = { ...options, features, modes }
    const c = await compare(run, indices, generateAll(run, indices), false)
    rmSync(c.scratch, { recursive: true, force: true })
    return c
  }
  // Modes that already differ with no features at all are left out; the rest are searched.
  const base = await trial(current)
  modes = modes.filter((m) => (base.differing.get(m.name) ?? []).length === 0)
  for (const m of options.modes) {
    if (!modes.includes(m)) {
      say(`  mode ${m.name} differs even with every feature off; left out`)
    }
  }
  if (modes.length === 0) {
    say('every mode differs even with every feature off; nothing to select')
    return 1
  }
  const rejected: string[] = []
  for (const name of FEATURE_NAMES) {
    if (current[name]) {
      continue
    }
    const next = { ...current, [name]: true }
    const c = await trial(next)
    if (allIdentical(c)) {
      current = next
      say(`  + ${name}`)
    } else {
      rejected.push(name)
      const top = [...c.signatures.values()].sort((x, y) => y.count - x.count)[0]
      say(`  - ${name} (${[...c.differing.values()].reduce((n, l) => n + l.length, 0)} differing module runs; most common: ${top === undefined ? '?' : top.example.replace('\n      ', ' ')})`)
    }
  }
  say(`passing modes: ${modes.map((m) => m.name).join(', ')}`)
  say(`passing feature set: ${featureSpec(current)}`)
  say(`left out: ${rejected.join(', ') || '(none)'}`)
  return 0
}

async function main(): Promise<number> {
  const { options, print, find, featuresGiven } = parseArgs(process.argv.slice(2))
  const indices: number[] = []
  if (options.only !== undefined) {
    indices.push(options.only)
  } else {
    for (let i = 0; i < options.count; i++) {
      indices.push(i)
    }
  }
  if (print) {
    const modules = generateAll(options, indices)
    process.stdout.write(joinModules(indices.map((i) => modules.get(i) as string)))
    return 0
  }
  if (!existsSync(options.mlirOpt)) {
    // Like tools/conformance: without the oracle there is nothing to compare against.
    if (['1', 'true'].includes(process.env.CONFORMANCE_STRICT ?? '')) {
      fail(`${options.mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)`)
    }
    say(`SKIPPED: ${options.mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)`)
    return 0
  }
  if (options.generatorOnly) {
    say(`${indices.length} modules, seed ${options.seed}, features: ${describeFeatures(options.features)}`)
    return checkGenerator(options, indices, generateAll(options, indices))
  }
  if (!existsSync(options.tilepassOpt)) {
    fail(`${options.tilepassOpt} does not exist (run pnpm install and pnpm build, or set TILEPASS_OPT)`)
  }
  if (find) {
    say(`searching for a passing feature set on ${indices.length} modules, seed ${options.seed}`)
    return findFeatures(options, indices, featuresGiven ? options.features : undefined)
  }
  say(`${indices.length} modules, seed ${options.seed}, features: ${describeFeatures(options.features)}`)
  const c = await compare(options, indices, generateAll(options, indices), true)
  say(`results (${c.seconds.toFixed(1)} s, tool runs with --split-input-file, ${options.batch} modules per file):`)
  let gatingDiffers = false
  for (const mode of options.modes) {
    const same = c.identical.get(mode.name) ?? 0
    const bad = c.differing.get(mode.name) ?? []
    const reportOnly = options.reportOnly.has(mode.name)
    gatingDiffers ||= bad.length > 0 && !reportOnly
    const pct = ((100 * same) / indices.length).toFixed(1)
    const list = bad.length > 0 ? `; differ: ${bad.slice(0, 12).join(' ')}${bad.length > 12 ? ' ...' : ''}` : ''
    say(`  ${mode.name.padEnd(18)} ${same}/${indices.length} identical (${pct}%)${reportOnly ? ' [report only]' : ''}${list}`)
  }
  if (allIdentical(c)) {
    rmSync(c.scratch, { recursive: true, force: true })
    return 0
  }
  say('most common first differences (count, mlir-opt line, tilepass-opt line):')
  for (const { example, count } of [...c.signatures.values()].sort((x, y) => y.count - x.count).slice(0, 10)) {
    say(`  ${String(count).padStart(4)}  ${example}`)
  }
  say(`replay one module with: tsx tools/differential/src/main.ts --seed ${options.seed} --only <index> --features '${featureSpec(options.features)}'`)
  say(`cases kept in ${c.scratch}`)
  if (!gatingDiffers) {
    say('only report-only modes differ: passing')
    return 0
  }
  return 1
}

function featureSpec(features: Features): string {
  const off = FEATURE_NAMES.filter((name) => !features[name])
  return ['all', ...off.map((name) => `-${name}`)].join(',')
}

/** Runs one module alone through both tools, saves the case and prints the first difference. */
async function reportCase(options: RunOptions, scratch: string, index: number, text: string, mode: Mode): Promise<void> {
  const dir = path.join(scratch, 'cases', `${index}-${mode.name}`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'input.mlir'), text)
  const args = toolArgs(mode, 'input.mlir')
  const [expected, actual] = await Promise.all([runTool(options.mlirOpt, args, dir), runTool(options.tilepassOpt, args, dir)])
  writeFileSync(path.join(dir, 'mlir-opt.out'), expected.stdout)
  writeFileSync(path.join(dir, 'mlir-opt.err'), expected.stderr)
  writeFileSync(path.join(dir, 'tilepass-opt.out'), actual.stdout)
  writeFileSync(path.join(dir, 'tilepass-opt.err'), actual.stderr)
  writeFileSync(path.join(dir, 'command.sh'), `cd ${dir}\n${options.mlirOpt} ${args.join(' ')}\n${options.tilepassOpt} ${args.join(' ')}\n`)
  const lines: string[] = [`--- seed ${options.seed} module ${index} (seed ${moduleSeed(options.seed, index)}) mode ${mode.name}: ${dir}`]
  if (expected.code !== actual.code) {
    lines.push(`exit code: mlir-opt ${expected.code}, tilepass-opt ${actual.code}`)
    if (actual.stderr !== '') {
      lines.push(`tilepass-opt stderr: ${actual.stderr.split('\n').slice(0, 6).join('\n  ')}`)
    }
  }
  const diff = firstDifference(expected.stdout, actual.stdout)
  if (diff !== '') {
    lines.push(diff.trimEnd())
  } else if (expected.code === actual.code) {
    lines.push('(identical when run alone: the difference depends on the position in the batch file)')
  }
  process.stdout.write(`${lines.join('\n')}\n`)
}

process.exitCode = await main()
