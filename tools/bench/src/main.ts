/**
 * Parse+verify+print benchmark: tilepass-opt against mlir-opt on generated modules of 100k and
 * 1M ops, in custom and generic form, plus a ~100 MB input that must either work or end in a
 * clean diagnostic. Writes docs/performance.md.
 *
 * Usage: pnpm bench (turbo runs this package's `bench` script), or
 *   tsx tools/bench/src/main.ts [--sizes 100000,1000000] [--reps 5] [--big-reps 5] [--no-large] [--no-write]
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateBenchModule } from './benchModule.ts'
import { extractAllSections } from './docSection.ts'
import { type Measurement, haveGnuTime, measure, median } from './measure.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const RUN_TIMEOUT_MS = 600_000
const LARGE_BYTES = 100 * 1024 * 1024

interface Options {
  sizes: number[]
  reps: number
  /** Repetitions for inputs of a million ops or more. */
  bigReps: number
  large: boolean
  write: boolean
  mlirOpt: string
  tilepassOpt: string
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    sizes: [100_000, 1_000_000],
    reps: 5,
    bigReps: 5,
    large: true,
    write: true,
    mlirOpt: process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt',
    tilepassOpt: process.env.TILEPASS_OPT ?? path.join(root, 'node_modules/.bin/tilepass-opt'),
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--sizes') {
      options.sizes = (argv[++i] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0)
    } else if (arg === '--reps') {
      options.reps = Math.max(1, Number(argv[++i]))
    } else if (arg === '--big-reps') {
      options.bigReps = Math.max(1, Number(argv[++i]))
    } else if (arg === '--no-large') {
      options.large = false
    } else if (arg === '--no-write') {
      options.write = false
    } else {
      process.stderr.write(`bench: error: unknown argument '${arg}'\n`)
      process.exit(2)
    }
  }
  return options
}

function say(line: string): void {
  process.stdout.write(`bench: ${line}\n`)
}

interface Variant {
  readonly name: string
  readonly file: string
  readonly ops: number
  readonly bytes: number
}

interface ToolStats {
  readonly runs: Measurement[]
  readonly ok: boolean
  readonly wall: number
  readonly rss: number
  readonly failure: string
}

interface Row {
  readonly variant: Variant
  readonly tilepass: ToolStats
  readonly mlir: ToolStats
  /** Whether tilepass-opt printed byte-identical output, checked once outside the timed runs. */
  readonly identical: boolean | null
}

function stats(runs: Measurement[]): ToolStats {
  const ok = runs.every((r) => r.exitCode === 0)
  const failed = runs.find((r) => r.exitCode !== 0)
  return {
    runs,
    ok,
    wall: median(runs.map((r) => r.wallSeconds)),
    rss: median(runs.map((r) => r.maxRssKiB)),
    failure: failed === undefined ? '' : `exit ${failed.exitCode}: ${failed.stderrHead.split('\n')[0] ?? ''}`,
  }
}

function toolArgs(file: string): string[] {
  return ['--allow-unregistered-dialect', file]
}

function hashFile(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

function machineInfo(mlirOpt: string): string[] {
  const cpus = os.cpus()
  const version = spawnSync(mlirOpt, ['--version'], { encoding: 'utf8' }).stdout.split('\n').find((l) => l.includes('version'))?.trim() ?? 'unknown'
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown'
  return [
    `- Tilepass commit: ${commit} (tilepass-opt built from it with pnpm build)`,
    `- CPU: ${cpus[0]?.model ?? 'unknown'} (${cpus.length} logical cores visible; shared with other jobs)`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node.js: ${process.version}`,
    `- mlir-opt: ${version}`,
    `- Load average at start: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`,
  ]
}

function fmtSeconds(s: ToolStats): string {
  return s.ok ? `${s.wall.toFixed(2)} s` : `failed (${s.failure.slice(0, 80)})`
}

function fmtRss(s: ToolStats): string {
  return s.rss < 0 ? 'n/a' : `${(s.rss / 1024).toFixed(0)} MiB`
}

function ratio(a: ToolStats, b: ToolStats, pick: (s: ToolStats) => number): string {
  if (!a.ok || !b.ok || pick(b) <= 0 || pick(a) < 0) {
    return 'n/a'
  }
  return `${(pick(a) / pick(b)).toFixed(2)}x`
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2))
  if (!existsSync(options.mlirOpt)) {
    process.stderr.write(`bench: error: ${options.mlirOpt} does not exist (install mlir-22-tools or set MLIR_OPT)\n`)
    process.exit(1)
  }
  if (process.env.TILEPASS_OPT === undefined && !existsSync(path.join(root, 'packages/cli/dist'))) {
    say('tilepass-opt is not built yet; running pnpm build')
    if (spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
      process.stderr.write('bench: error: pnpm build failed\n')
      process.exit(1)
    }
  }
  if (!existsSync(options.tilepassOpt)) {
    process.stderr.write(`bench: error: ${options.tilepassOpt} does not exist (pnpm install links it)\n`)
    process.exit(1)
  }
  const info = machineInfo(options.mlirOpt)
  const started = new Date()
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-bench-'))
  const timeFile = path.join(scratch, 'time.txt')
  try {
    const variants: Variant[] = []
    for (const size of options.sizes) {
      const module = generateBenchModule(size)
      const custom = path.join(scratch, `bench-${size}-custom.mlir`)
      writeFileSync(custom, module.text)
      variants.push({ name: `${size.toLocaleString('en-US')} ops, custom form`, file: custom, ops: module.ops, bytes: module.text.length })
      const generic = path.join(scratch, `bench-${size}-generic.mlir`)
      execFileSync(options.mlirOpt, ['--allow-unregistered-dialect', '--mlir-print-op-generic', custom, '-o', generic])
      variants.push({ name: `${size.toLocaleString('en-US')} ops, generic form`, file: generic, ops: module.ops, bytes: statSync(generic).size })
    }

    const rows: Row[] = []
    for (const variant of variants) {
      const reps = variant.ops >= 1_000_000 ? options.bigReps : options.reps
      say(`${variant.name} (${(variant.bytes / 2 ** 20).toFixed(1)} MiB): ${reps} runs per tool`)
      const expectedOut = path.join(scratch, 'expected.out')
      const actualOut = path.join(scratch, 'actual.out')
      const tilepassRuns: Measurement[] = []
      const mlirRuns: Measurement[] = []
      for (let rep = 0; rep < reps; rep++) {
        // Interleave the two tools so drift in machine load hits both alike. The first run of
        // each writes its output to a file, to check that the outputs are identical.
        mlirRuns.push(await measure(options.mlirOpt, toolArgs(variant.file), timeFile, RUN_TIMEOUT_MS, rep === 0 ? expectedOut : undefined))
        const t = await measure(options.tilepassOpt, toolArgs(variant.file), timeFile, RUN_TIMEOUT_MS, rep === 0 ? actualOut : undefined)
        tilepassRuns.push(t)
        if (t.exitCode !== 0 && rep === 0) {
          say(`  tilepass-opt failed (exit ${t.exitCode}): ${t.stderrHead.split('\n')[0] ?? ''}; not repeating`)
          break
        }
      }
      const identical = mlirRuns[0]?.exitCode === 0 && tilepassRuns[0]?.exitCode === 0 ? hashFile(expectedOut) === hashFile(actualOut) : null
      rmSync(expectedOut, { force: true })
      rmSync(actualOut, { force: true })
      const row: Row = { variant, tilepass: stats(tilepassRuns), mlir: stats(mlirRuns), identical }
      rows.push(row)
      // Write after every input, so an interrupted run still leaves its results.
      if (options.write) {
        writePerformanceDoc(renderReport(options, info, started, rows, ''))
      }
      say(`  mlir-opt ${fmtSeconds(row.mlir)} ${fmtRss(row.mlir)}; tilepass-opt ${fmtSeconds(row.tilepass)} ${fmtRss(row.tilepass)}; time ratio ${ratio(row.tilepass, row.mlir, (s) => s.wall)}`)
    }

    let largeLine = ''
    if (options.large) {
      largeLine = await largeInputCheck(options, scratch, timeFile)
      say(largeLine)
    }
    const report = renderReport(options, info, started, rows, largeLine)
    if (options.write) {
      writePerformanceDoc(report)
      say('wrote docs/performance.md')
    } else {
      process.stdout.write(report)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * Writes docs/performance.md, keeping every section the other benchmarks wrote (cse/canonicalize,
 * pass scaling, reproducers, ...), in their order.
 */
function writePerformanceDoc(report: string): void {
  const file = path.join(root, 'docs/performance.md')
  const kept = existsSync(file) ? extractAllSections(readFileSync(file, 'utf8')) : []
  writeFileSync(file, kept.length === 0 ? report : `${report.trimEnd()}\n\n${kept.join('\n\n')}\n`)
}

/** Runs tilepass-opt once on an input of at least 100 MB: it must succeed or fail with a clean diagnostic. */
async function largeInputCheck(options: Options, scratch: string, timeFile: string): Promise<string> {
  const probe = generateBenchModule(100_000)
  const ops = Math.ceil((LARGE_BYTES / probe.text.length) * probe.ops * 1.02)
  const module = generateBenchModule(ops)
  const file = path.join(scratch, 'bench-large.mlir')
  writeFileSync(file, module.text)
  const mb = (module.text.length / 2 ** 20).toFixed(0)
  const m = await measure(options.tilepassOpt, toolArgs(file), timeFile, RUN_TIMEOUT_MS)
  const crashed = /RangeError|Maximum call stack|heap out of memory|FATAL ERROR|\n\s+at /.test(m.stderrHead)
  const outcome =
    m.exitCode === 0 ? 'succeeded' : crashed ? `CRASHED (exit ${m.exitCode}): ${m.stderrHead.split('\n')[0] ?? ''}` : `failed with a diagnostic (exit ${m.exitCode}): ${m.stderrHead.split('\n')[0] ?? ''}`
  const line = `large input (${mb} MiB, ${module.ops.toLocaleString('en-US')} ops, custom form): tilepass-opt ${outcome} in ${m.wallSeconds.toFixed(1)} s, peak RSS ${m.maxRssKiB < 0 ? 'n/a' : `${(m.maxRssKiB / 1024).toFixed(0)} MiB`}`
  // The same input through mlir-opt, for issue 13's memory guard (at most 1.5x its peak RSS).
  const r = await measure(options.mlirOpt, ['--mlir-disable-threading', ...toolArgs(file)], timeFile, RUN_TIMEOUT_MS)
  if (r.exitCode !== 0 || m.maxRssKiB < 0 || r.maxRssKiB < 0) {
    return `${line}; mlir-opt exit ${r.exitCode} in ${r.wallSeconds.toFixed(1)} s`
  }
  const ratio = m.maxRssKiB / r.maxRssKiB
  return `${line}; mlir-opt ${r.wallSeconds.toFixed(1)} s, peak RSS ${(r.maxRssKiB / 1024).toFixed(0)} MiB: RSS ratio ${ratio.toFixed(2)}x (target 1.5x: ${ratio <= 1.5 ? 'met' : 'not met'}), time ratio ${(m.wallSeconds / r.wallSeconds).toFixed(2)}x`
}

function renderReport(options: Options, info: readonly string[], started: Date, rows: readonly Row[], largeLine: string): string {
  const lines: string[] = [
    '# Performance: parse + verify + print',
    '',
    'Generated by `pnpm bench` (tools/bench); do not edit by hand. Each tool reads a generated',
    'module, verifies it and prints it in custom form to /dev/null, as',
    '`<tool> --allow-unregistered-dialect <file>` does. Times are wall-clock medians of',
    `${options.reps} runs (${options.bigReps} for 1M ops) including process start-up; peak RSS comes from ${haveGnuTime() ? 'GNU `time -f %M`' : '/proc/<pid>/status VmHWM'}.`,
    'The first run of each tool writes its output to a file to check that both outputs are',
    'byte-identical; the other runs write to /dev/null.',
    'The two tools run alternately on the same input. mlir-opt runs with its defaults (its',
    'verifier may use a second thread); tilepass-opt runs with Node.js defaults.',
    '',
    `Date: ${started.toISOString()}`,
    '',
    '## Machine',
    '',
    ...info,
    '',
    '## Results',
    '',
    '| Input | Size | tilepass-opt | mlir-opt | Time ratio (tilepass/mlir) | tilepass-opt peak RSS | mlir-opt peak RSS | RSS ratio | Output identical |',
    '|---|---|---|---|---|---|---|---|---|',
  ]
  for (const row of rows) {
    const size = `${(row.variant.bytes / 2 ** 20).toFixed(1)} MiB`
    const identical = row.identical === null ? 'n/a (a run failed)' : row.identical ? 'yes' : 'no'
    lines.push(
      `| ${row.variant.name} | ${size} | ${fmtSeconds(row.tilepass)} | ${fmtSeconds(row.mlir)} | ${ratio(row.tilepass, row.mlir, (s) => s.wall)} | ${fmtRss(row.tilepass)} | ${fmtRss(row.mlir)} | ${ratio(row.tilepass, row.mlir, (s) => s.rss)} | ${identical} |`,
    )
  }
  const target = rows.filter((r) => r.variant.ops >= 1_000_000)
  lines.push('', '## Against the target', '')
  if (target.length === 0) {
    lines.push('No 1M-op input was run.')
  } else {
    for (const row of target) {
      const r = row.tilepass.ok && row.mlir.ok ? row.tilepass.wall / row.mlir.wall : Number.NaN
      const verdict = Number.isNaN(r) ? 'not measured (a run failed)' : r <= 2 ? `met (${r.toFixed(2)}x)` : `not met (${r.toFixed(2)}x)`
      lines.push(`- ${row.variant.name}: within 2x of mlir-opt: ${verdict}`)
    }
  }
  if (largeLine !== '') {
    lines.push('', '## Large input', '', `- ${largeLine}`)
  }
  lines.push(
    '',
    '## Commands',
    '',
    '```sh',
    `pnpm bench   # or: pnpm exec tsx tools/bench/src/main.ts --sizes ${options.sizes.join(',')} --reps ${options.reps} --big-reps ${options.bigReps}`,
    '# each timed run, for <file> in the inputs above:',
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}${options.mlirOpt} --allow-unregistered-dialect <file> > /dev/null`,
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}node_modules/.bin/tilepass-opt --allow-unregistered-dialect <file> > /dev/null`,
    '# the generic-form inputs are made from the custom ones with:',
    `${options.mlirOpt} --allow-unregistered-dialect --mlir-print-op-generic <custom> -o <generic>`,
    '```',
    '',
  )
  return lines.join('\n')
}

await main()
