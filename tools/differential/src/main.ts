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

function parseArgs(argv: readonly string[]): { options: RunOptions; print: boolean } {
  const options = defaultRunOptions(root)
  let print = false
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
  return { options, print }
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
  readonly first: number
  readonly indices: readonly number[]
}

async function main(): Promise<number> {
  const { options, print } = parseArgs(process.argv.slice(2))
  const indices: number[] = []
  if (options.only !== undefined) {
    indices.push(options.only)
  } else {
    for (let i = 0; i < options.count; i++) {
      indices.push(i)
    }
  }
  const modules = new Map<number, string>()
  for (const i of indices) {
    modules.set(i, generateModule(moduleSeed(options.seed, i), options.features))
  }
  if (print) {
    process.stdout.write(joinModules(indices.map((i) => modules.get(i) as string)))
    return 0
  }
  if (!existsSync(options.mlirOpt)) {
    // Like tools/conformance: without the oracle there is nothing to compare against.
    if (['1', 'true'].includes(process.env.CONFORMANCE_STRICT ?? '')) {
      fail(`${options.mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)`)
    }
    process.stdout.write(`differential: SKIPPED: ${options.mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)\n`)
    return 0
  }
  if (!options.generatorOnly && !existsSync(options.tilepassOpt)) {
    fail(`${options.tilepassOpt} does not exist (run pnpm install and pnpm build, or set TILEPASS_OPT)`)
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-'))
  const batches: Batch[] = []
  for (let b = 0; b * options.batch < indices.length; b++) {
    const part = indices.slice(b * options.batch, (b + 1) * options.batch)
    const file = `batch-${b}.mlir`
    writeFileSync(path.join(scratch, file), joinModules(part.map((i) => modules.get(i) as string)))
    batches.push({ file, first: part[0] as number, indices: part })
  }
  const say = (line: string): void => {
    process.stdout.write(`differential: ${line}\n`)
  }
  say(`${indices.length} modules, seed ${options.seed}, features: ${describeFeatures(options.features)}`)
  const started = Date.now()

  const tasks: (() => Promise<ToolResult>)[] = []
  for (const batch of batches) {
    for (const mode of options.modes) {
      tasks.push(() => runTool(options.mlirOpt, toolArgs(mode, batch.file), scratch))
      if (!options.generatorOnly) {
        tasks.push(() => runTool(options.tilepassOpt, toolArgs(mode, batch.file), scratch))
      }
    }
  }
  const results = await runLimited(tasks, options.jobs)

  if (options.generatorOnly) {
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

  // Compare chunk by chunk, so that one bad module does not hide the others.
  const differing = new Map<string, number[]>()
  let reported = 0
  let t = 0
  const reports: Promise<void>[] = []
  const identical = new Map<string, number>(options.modes.map((m) => [m.name, 0]))
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
        }
      })
      if (exitDiffers && bad.length === 0) {
        bad.push(...batch.indices)
      }
      identical.set(mode.name, (identical.get(mode.name) ?? 0) + batch.indices.length - bad.length)
      if (bad.length > 0) {
        differing.set(mode.name, [...(differing.get(mode.name) ?? []), ...bad])
        if (exitDiffers) {
          say(`${batch.file} [${mode.name}]: exit code ${actual.code} from tilepass-opt, ${expected.code} from mlir-opt; stderr: ${actual.stderr.split('\n').slice(0, 3).join(' | ')}`)
        }
        for (const index of bad) {
          if (reported >= options.maxReports) {
            break
          }
          reported++
          reports.push(reportCase(options, scratch, index, modules.get(index) as string, mode))
        }
      }
    }
  }
  await Promise.all(reports)

  say(`results (${((Date.now() - started) / 1000).toFixed(1)} s, tool runs with --split-input-file, ${options.batch} modules per file):`)
  let anyDiffers = false
  for (const mode of options.modes) {
    const same = identical.get(mode.name) ?? 0
    const bad = differing.get(mode.name) ?? []
    anyDiffers ||= bad.length > 0
    const pct = ((100 * same) / indices.length).toFixed(1)
    const list = bad.length > 0 ? `; differ: ${bad.slice(0, 12).join(' ')}${bad.length > 12 ? ' ...' : ''}` : ''
    say(`  ${mode.name.padEnd(18)} ${same}/${indices.length} identical (${pct}%)${list}`)
  }
  if (anyDiffers) {
    say(`replay one module with: tsx tools/differential/src/main.ts --seed ${options.seed} --only <index> --features '${featureSpec(options.features)}'`)
    say(`cases kept in ${scratch}`)
    return 1
  }
  rmSync(scratch, { recursive: true, force: true })
  return 0
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
