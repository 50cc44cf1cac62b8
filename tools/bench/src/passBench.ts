/**
 * `cse` and `canonicalize` benchmark: tilepass-opt against mlir-opt on generated modules of
 * 100k and 1M ops with redundant and foldable ops (see redundantModule.ts). Each pass, and a
 * parse+print baseline without a pass, runs alternately with both tools; medians of wall
 * time and peak RSS, a byte-identity check of the outputs, and each pass's own time from
 * `--mlir-timing`. Writes its own section of docs/performance.md.
 *
 * Usage: tsx tools/bench/src/passBench.ts [--sizes 100000,1000000] [--reps 5] [--big-reps 3] [--no-write]
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PASS_SECTION, replaceSection } from './docSection.ts'
import { type Measurement, haveGnuTime, measure, median } from './measure.ts'
import { generateRedundantModule } from './redundantModule.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const RUN_TIMEOUT_MS = 600_000

interface Options {
  sizes: number[]
  reps: number
  bigReps: number
  write: boolean
  mlirOpt: string
  tilepassOpt: string
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    sizes: [100_000, 1_000_000],
    reps: 5,
    bigReps: 3,
    write: true,
    mlirOpt: process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt',
    tilepassOpt: process.env.TILEPASS_OPT ?? path.join(root, 'packages/cli/bin/tilepass-opt.js'),
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--sizes') {
      options.sizes = (argv[++i] ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0)
    } else if (arg === '--reps') {
      options.reps = Math.max(1, Number(argv[++i]))
    } else if (arg === '--big-reps') {
      options.bigReps = Math.max(1, Number(argv[++i]))
    } else if (arg === '--no-write') {
      options.write = false
    } else {
      process.stderr.write(`bench-passes: error: unknown argument '${arg}'\n`)
      process.exit(2)
    }
  }
  return options
}

function say(line: string): void {
  process.stdout.write(`bench (cse/canonicalize): ${line}\n`)
}

/** A pass configuration: the flag given to both tools and the name `--mlir-timing` prints. */
interface Config {
  readonly label: string
  readonly flags: readonly string[]
  readonly timerName: string
}

const CONFIGS: readonly Config[] = [
  { label: 'none (parse + print)', flags: [], timerName: '' },
  { label: '`--cse`', flags: ['--cse'], timerName: 'CSE' },
  { label: '`--canonicalize`', flags: ['--canonicalize'], timerName: 'Canonicalizer' },
]

interface ToolStats {
  readonly ok: boolean
  readonly wall: number
  readonly rss: number
  /** Seconds spent in the pass itself per `--mlir-timing`, or -1. */
  readonly passSeconds: number
  readonly failure: string
}

interface Row {
  readonly size: number
  readonly ops: number
  readonly bytes: number
  readonly config: Config
  readonly tilepass: ToolStats
  readonly mlir: ToolStats
  readonly identical: boolean | null
  /** Lines of `diff` output between the two outputs when they differ. */
  readonly diffLines: number
}

function stats(runs: readonly Measurement[], passSeconds: number): ToolStats {
  const failed = runs.find((r) => r.exitCode !== 0)
  return {
    ok: failed === undefined,
    wall: median(runs.map((r) => r.wallSeconds)),
    rss: median(runs.map((r) => r.maxRssKiB)),
    passSeconds,
    failure: failed === undefined ? '' : `exit ${failed.exitCode}: ${failed.stderrHead.split('\n')[0] ?? ''}`,
  }
}

function hashFile(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}

/** Runs `binary` once with `--mlir-timing` and returns the wall seconds reported for `timerName`. */
function passTime(binary: string, args: readonly string[], timerName: string): number {
  if (timerName === '') {
    return -1
  }
  const r = spawnSync(binary, ['--mlir-timing', ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'ignore', 'pipe'], timeout: RUN_TIMEOUT_MS })
  for (const line of (r.stderr ?? '').split('\n')) {
    const fields = line.trim().split(/\s+/)
    if (fields.length >= 4 && fields[fields.length - 1] === timerName) {
      return Number(fields[0])
    }
  }
  return -1
}

function countDiffLines(a: string, b: string): number {
  const r = spawnSync('diff', [a, b], { encoding: 'utf8', maxBuffer: 1 << 30 })
  return r.stdout.split('\n').filter((l) => l.startsWith('<') || l.startsWith('>')).length
}

function fmtSeconds(s: ToolStats): string {
  return s.ok ? `${s.wall.toFixed(2)} s` : `failed (${s.failure.slice(0, 80)})`
}

function fmtRss(s: ToolStats): string {
  return s.rss < 0 ? 'n/a' : `${(s.rss / 1024).toFixed(0)} MiB`
}

function fmtRatio(a: number, b: number): string {
  return a < 0 || b <= 0 ? 'n/a' : `${(a / b).toFixed(2)}x`
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2))
  for (const binary of [options.mlirOpt, options.tilepassOpt]) {
    if (!existsSync(binary)) {
      process.stderr.write(`bench-passes: error: ${binary} does not exist (build with pnpm --filter @tilepass/cli... build)\n`)
      process.exit(1)
    }
  }
  const started = new Date()
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ')
  const version = spawnSync(options.mlirOpt, ['--version'], { encoding: 'utf8' }).stdout.split('\n').find((l) => l.includes('version'))?.trim() ?? 'unknown'
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown'
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-bench-passes-'))
  const timeFile = path.join(scratch, 'time.txt')
  const rows: Row[] = []
  const flush = (): void => {
    const body = render(options, started, load, version, commit, rows)
    if (options.write) {
      const file = path.join(root, 'docs/performance.md')
      writeFileSync(file, replaceSection(existsSync(file) ? readFileSync(file, 'utf8') : '', PASS_SECTION, body))
    }
  }
  try {
    for (const size of options.sizes) {
      const module = generateRedundantModule(size)
      const file = path.join(scratch, `redundant-${size}.mlir`)
      writeFileSync(file, module.text)
      // Validate the input once with mlir-opt, so a generator bug cannot masquerade as a tool failure.
      execFileSync(options.mlirOpt, [file, '-o', '/dev/null'])
      const reps = size >= 1_000_000 ? options.bigReps : options.reps
      for (const config of CONFIGS) {
        say(`${size.toLocaleString('en-US')} ops, ${config.label}: ${reps} runs per tool`)
        const args = [...config.flags, file]
        const expectedOut = path.join(scratch, 'expected.out')
        const actualOut = path.join(scratch, 'actual.out')
        const mlirRuns: Measurement[] = []
        const tilepassRuns: Measurement[] = []
        for (let rep = 0; rep < reps; rep++) {
          // Alternate the two tools so drift in machine load hits both alike.
          mlirRuns.push(await measure(options.mlirOpt, args, timeFile, RUN_TIMEOUT_MS, rep === 0 ? expectedOut : undefined))
          const t = await measure(options.tilepassOpt, args, timeFile, RUN_TIMEOUT_MS, rep === 0 ? actualOut : undefined)
          tilepassRuns.push(t)
          if (t.exitCode !== 0 && rep === 0) {
            say(`  tilepass-opt failed (exit ${t.exitCode}): ${t.stderrHead.split('\n')[0] ?? ''}; not repeating`)
            break
          }
        }
        const bothOk = mlirRuns[0]?.exitCode === 0 && tilepassRuns[0]?.exitCode === 0
        const identical = bothOk ? hashFile(expectedOut) === hashFile(actualOut) : null
        const diffLines = identical === false ? countDiffLines(expectedOut, actualOut) : 0
        rmSync(expectedOut, { force: true })
        rmSync(actualOut, { force: true })
        const row: Row = {
          size,
          ops: module.ops,
          bytes: module.text.length,
          config,
          mlir: stats(mlirRuns, passTime(options.mlirOpt, args, config.timerName)),
          tilepass: stats(tilepassRuns, passTime(options.tilepassOpt, args, config.timerName)),
          identical,
          diffLines,
        }
        rows.push(row)
        flush()
        say(`  mlir-opt ${fmtSeconds(row.mlir)} ${fmtRss(row.mlir)}; tilepass-opt ${fmtSeconds(row.tilepass)} ${fmtRss(row.tilepass)}; ratio ${fmtRatio(row.tilepass.wall, row.mlir.wall)}; identical ${String(identical)}`)
      }
    }
    flush()
    if (options.write) {
      say('wrote its section of docs/performance.md')
    } else {
      process.stdout.write(render(options, started, load, version, commit, rows))
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function render(options: Options, started: Date, load: string, version: string, commit: string, rows: readonly Row[]): string {
  const rssSource = haveGnuTime() ? 'GNU `time -f %M`' : '/proc/<pid>/status VmHWM'
  const lines: string[] = [
    '## Performance: `cse` and `canonicalize`',
    '',
    'Generated by `pnpm bench` (tools/bench/src/passBench.ts, also runnable alone with',
    '`pnpm exec tsx tools/bench/src/passBench.ts`); do not edit by hand. The input is a generated',
    'module of functions of about a thousand ops each whose bodies repeat pure arith ops (the',
    'same op on the same operands up to three times, also inside scf.for and scf.if) and build',
    'constant subexpressions that fold. Each tool runs `<tool> <pass> <file>` and prints the',
    'result to /dev/null; "none" is parse + verify + print without a pass, for reference.',
    `Times are wall-clock medians of ${options.reps} runs (${options.bigReps} for 1M ops) including process`,
    `start-up; peak RSS (median) comes from ${rssSource}. The two tools run alternately. The first`,
    'run of each tool writes its output to a file to check that both outputs are byte-identical.',
    '"Pass time" is the pass\'s own line in one extra `--mlir-timing` run of each tool.',
    '',
    `Date: ${started.toISOString()}; Tilepass commit ${commit} (tilepass-opt built from it); ${version};`,
    `Node.js ${process.version}; ${os.cpus().length} logical cores shared with other jobs; load average at start ${load}.`,
    '',
    '| Input | Pass | tilepass-opt | mlir-opt | Time ratio | tilepass-opt peak RSS | mlir-opt peak RSS | RSS ratio | Pass time tilepass / mlir (ratio) | Output identical |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ]
  for (const row of rows) {
    const input = `${row.ops.toLocaleString('en-US')} ops (${(row.bytes / 2 ** 20).toFixed(1)} MiB)`
    const identical = row.identical === null ? 'n/a (a run failed)' : row.identical ? 'yes' : `**no** (${row.diffLines} diff lines)`
    const passCol =
      row.tilepass.passSeconds < 0 || row.mlir.passSeconds < 0
        ? '—'
        : `${row.tilepass.passSeconds.toFixed(2)} s / ${row.mlir.passSeconds.toFixed(2)} s (${fmtRatio(row.tilepass.passSeconds, row.mlir.passSeconds)})`
    lines.push(
      `| ${input} | ${row.config.label} | ${fmtSeconds(row.tilepass)} | ${fmtSeconds(row.mlir)} | ${row.tilepass.ok && row.mlir.ok ? fmtRatio(row.tilepass.wall, row.mlir.wall) : 'n/a'} | ${fmtRss(row.tilepass)} | ${fmtRss(row.mlir)} | ${fmtRatio(row.tilepass.rss, row.mlir.rss)} | ${passCol} | ${identical} |`,
    )
  }
  lines.push('', '### Against the target (within 2x of mlir-opt)', '')
  for (const row of rows) {
    if (row.config.timerName === '') {
      continue
    }
    const r = row.tilepass.ok && row.mlir.ok ? row.tilepass.wall / row.mlir.wall : Number.NaN
    const verdict = Number.isNaN(r) ? 'not measured (a run failed)' : r <= 2 ? `met (${r.toFixed(2)}x)` : `not met (${r.toFixed(2)}x)`
    lines.push(`- ${row.ops.toLocaleString('en-US')} ops, ${row.config.label}: ${verdict}`)
  }
  lines.push(
    '',
    '```sh',
    `pnpm exec tsx tools/bench/src/passBench.ts --sizes ${options.sizes.join(',')} --reps ${options.reps} --big-reps ${options.bigReps}`,
    '# each timed run, for <pass> in (none) --cse --canonicalize:',
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}${options.mlirOpt} <pass> <file> > /dev/null`,
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}node packages/cli/bin/tilepass-opt.js <pass> <file> > /dev/null`,
    '```',
  )
  return lines.join('\n')
}

await main()
