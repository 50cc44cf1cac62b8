/**
 * `cse` and `canonicalize` benchmark: tilepass-opt against mlir-opt on generated modules of
 * 100k and 1M ops with redundant and foldable ops (see redundantModule.ts). Each pass, and a
 * parse+print baseline without a pass, runs alternately with both tools; medians of wall
 * time and peak RSS, a byte-identity check of the outputs, and each pass's own time from
 * `--mlir-timing`. The start-up of both tools on an empty module comes first (startup.ts).
 * Writes its own section of docs/performance.md, with the verdict on the targets of issue 19.
 *
 * Usage: tsx tools/bench/src/passBench.ts [--sizes 100000,1000000] [--reps 5] [--big-reps 3] [--startup-reps 11] [--no-write]
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
import { STARTUP_TARGET_SECONDS, type StartupResult, type StartupStats, measureStartup } from './startup.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const RUN_TIMEOUT_MS = 600_000

interface Options {
  sizes: number[]
  reps: number
  bigReps: number
  startupReps: number
  write: boolean
  mlirOpt: string
  tilepassOpt: string
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    sizes: [100_000, 1_000_000],
    reps: 5,
    bigReps: 3,
    startupReps: 11,
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
    } else if (arg === '--startup-reps') {
      options.startupReps = Math.max(1, Number(argv[++i]))
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
  let startup: StartupResult | null = null
  const flush = (): void => {
    const body = render(options, started, load, version, commit, startup, rows)
    if (options.write) {
      const file = path.join(root, 'docs/performance.md')
      writeFileSync(file, replaceSection(existsSync(file) ? readFileSync(file, 'utf8') : '', PASS_SECTION, body))
    }
  }
  try {
    say(`start-up on an empty module: ${options.startupReps} runs per command`)
    startup = await measureStartup(options.tilepassOpt, options.mlirOpt, scratch, options.startupReps)
    say(`  tilepass-opt ${fmtStartup(startup.tilepass)}; mlir-opt ${fmtStartup(startup.mlir)}; node -e 0 ${fmtStartup(startup.node)}`)
    flush()
    for (const size of options.sizes) {
      const module = generateRedundantModule(size)
      const file = path.join(scratch, `redundant-${size}.mlir`)
      writeFileSync(file, module.text)
      // Validate the input once with mlir-opt, so a generator bug cannot masquerade as a tool failure.
      execFileSync(options.mlirOpt, [file, '-o', '/dev/null'])
      const reps = size >= 1_000_000 ? options.bigReps : options.reps
      for (const config of CONFIGS) {
        say(`${size.toLocaleString('en-US')} ops, ${config.label}: ${reps} runs per tool`)
        // The same flags for both: mlir-opt on one thread, as tilepass-opt runs.
        const args = ['--mlir-disable-threading', ...config.flags, file]
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
      process.stdout.write(render(options, started, load, version, commit, startup, rows))
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

function fmtStartup(s: StartupStats): string {
  return s.ok ? `${s.wall.toFixed(3)} s` : `failed (${s.failure.slice(0, 80)})`
}

/** The target of issue 19 for `row`: at most 1.3x mlir-opt's time at 100k ops; 1.1x time and 1.3x peak RSS at 1M. */
function verdict(row: Row): string {
  if (!row.tilepass.ok || !row.mlir.ok) {
    return 'not measured (a run failed)'
  }
  const time = row.tilepass.wall / row.mlir.wall
  const big = row.size >= 1_000_000
  const timeBound = big ? 1.1 : 1.3
  const parts = [`time ${time.toFixed(2)}x (target ${timeBound}x)`]
  let met = time <= timeBound
  if (big && row.tilepass.rss > 0 && row.mlir.rss > 0) {
    const rss = row.tilepass.rss / row.mlir.rss
    parts.push(`peak RSS ${rss.toFixed(2)}x (target 1.3x)`)
    met &&= rss <= 1.3
  }
  return `${met ? 'met' : 'not met'}: ${parts.join(', ')}`
}

function render(options: Options, started: Date, load: string, version: string, commit: string, startup: StartupResult | null, rows: readonly Row[]): string {
  const rssSource = haveGnuTime() ? 'GNU `time -f %M`' : '/proc/<pid>/status VmHWM'
  const lines: string[] = [
    '## Performance: `cse` and `canonicalize`',
    '',
    'Generated by `pnpm bench` (tools/bench/src/passBench.ts, also runnable alone with',
    '`pnpm exec tsx tools/bench/src/passBench.ts`); do not edit by hand. The input is a generated',
    'module of functions of about a thousand ops each whose bodies repeat pure arith ops (the',
    'same op on the same operands up to three times, also inside scf.for and scf.if) and build',
    'constant subexpressions that fold. Each tool runs `<tool> --mlir-disable-threading <pass> <file>`',
    'and prints the result to /dev/null; "none" is parse + verify + print without a pass.',
    `Times are wall-clock medians of ${options.reps} runs (${options.bigReps} for 1M ops) including process`,
    `start-up; peak RSS (median) comes from ${rssSource}. The two tools run alternately. The first`,
    'run of each tool writes its output to a file to check that both outputs are byte-identical.',
    '"Pass time" is the pass\'s own line in one extra `--mlir-timing` run of each tool.',
    '',
    `Date: ${started.toISOString()}; Tilepass commit ${commit} (tilepass-opt built from it); ${version};`,
    `Node.js ${process.version}; ${os.cpus().length} logical cores (${os.cpus()[0]?.model ?? 'unknown CPU'}) shared with other jobs;`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; load average at start ${load}.`,
    '',
    `### Start-up (empty module, medians of ${startup?.reps ?? options.startupReps} runs)`,
    '',
    '| Command | Wall time | Fastest | CPU time (user + sys) | Peak RSS |',
    '|---|---|---|---|---|',
    ...(startup === null
      ? []
      : (
          [
            ['tilepass-opt <empty>', startup.tilepass],
            ['mlir-opt --mlir-disable-threading <empty>', startup.mlir],
            ['node -e 0 (the floor of any Node.js tool)', startup.node],
            ...(startup.withoutExtraCaCerts === null
              ? []
              : ([
                  ['tilepass-opt <empty> without NODE_EXTRA_CA_CERTS', startup.withoutExtraCaCerts.tilepass],
                  ['node -e 0 without NODE_EXTRA_CA_CERTS', startup.withoutExtraCaCerts.node],
                ] as const)),
          ] as const
        ).map(
          ([label, st]) =>
            `| \`${label}\` | ${fmtStartup(st)} | ${st.minWall.toFixed(3)} s | ${st.cpu < 0 ? 'n/a' : `${st.cpu.toFixed(3)} s`} | ${st.rss < 0 ? 'n/a' : `${(st.rss / 1024).toFixed(0)} MiB`} |`,
        )),
    ...(startup?.withoutExtraCaCerts == null
      ? []
      : [
          '',
          `This machine sets NODE_EXTRA_CA_CERTS (${startup.withoutExtraCaCerts.value}). Node.js 20 reads that file, and builds its store of`,
          'built-in root certificates, before any JavaScript runs, so every Node.js process pays for it at start-up,',
          'although tilepass-opt opens no TLS connection. The rows "without NODE_EXTRA_CA_CERTS" are the same commands with',
          'the variable removed from their environment, as on a machine that does not set it. Every other figure is',
          "measured in this machine's environment as it is.",
        ]),
    '',
    '### Workloads',
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
  lines.push('', '### Against the targets (issue 19)', '')
  if (startup !== null) {
    const s = startup.tilepass
    lines.push(
      `- start-up: ${!s.ok ? 'not measured (a run failed)' : `${s.wall <= STARTUP_TARGET_SECONDS ? 'met' : 'not met'}: ${s.wall.toFixed(3)} s (target ${STARTUP_TARGET_SECONDS} s; node -e 0 takes ${startup.node.wall.toFixed(3)} s, so ${(s.wall - startup.node.wall).toFixed(3)} s are Tilepass's own${startup.withoutExtraCaCerts === null ? '' : `; without NODE_EXTRA_CA_CERTS ${startup.withoutExtraCaCerts.tilepass.wall.toFixed(3)} s, node -e 0 ${startup.withoutExtraCaCerts.node.wall.toFixed(3)} s`})`}`,
    )
  }
  for (const row of rows) {
    lines.push(`- ${row.ops.toLocaleString('en-US')} ops, ${row.config.label}: ${verdict(row)}`)
  }
  lines.push(
    '',
    '```sh',
    `pnpm exec tsx tools/bench/src/passBench.ts --sizes ${options.sizes.join(',')} --reps ${options.reps} --big-reps ${options.bigReps}`,
    '# each timed run, for <pass> in (none) --cse --canonicalize, and <empty> for the start-up:',
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}${options.mlirOpt} --mlir-disable-threading <pass> <file> > /dev/null`,
    `${haveGnuTime() ? '/usr/bin/time -f %M ' : ''}node packages/cli/bin/tilepass-opt.js --mlir-disable-threading <pass> <file> > /dev/null`,
    '```',
  )
  return lines.join('\n')
}

await main()
