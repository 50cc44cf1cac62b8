/**
 * The reproducers benchmark (issue 13): every reproducer in ../shared/repros that is about a
 * crash, a hang or a cliff, run by tilepass-opt and by mlir-opt on the same input with the
 * same flags, alternately, and judged: within 2x of mlir-opt's median wall time, or, where
 * mlir-opt itself fails (crashes, or exits non-zero with no diagnostic), ending in a clean
 * diagnostic within 10 s. Writes the `repros` section of docs/performance.md.
 *
 * Usage: tsx tools/bench/src/reproBench.ts [--reps 5] [--repros DIR] [--no-write]
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries; TILEPASS_REPROS the
 * directory of the reproducers (default ../shared/repros beside the checkout). Where it does
 * not exist the section says so and the run exits 0. Where NODE_EXTRA_CA_CERTS is set, the
 * short rows are also run without it (see EXTRA_CA_CERTS in measure.ts) and shown beside.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { replaceSection } from './docSection.ts'
import { EXTRA_CA_CERTS, envWithoutExtraCaCerts, measure, median, type Measurement } from './measure.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The section of docs/performance.md this benchmark writes. */
export const REPRO_SECTION = 'repros'

/** A run that must end within this many seconds where mlir-opt itself fails. */
const CLEAN_LIMIT_S = 10
const RUN_TIMEOUT_MS = 120_000

/** One reproducer run: an input (a file of the directory, or generated) and the flags. */
export interface ReproCase {
  readonly label: string
  /**
   * A file name in the reproducers' directory, a path under the project root that starts
   * with `examples/` (the input the reproducer's shell script names), or
   * `gen-nesting.py KIND DEPTH`.
   */
  readonly input: string
  readonly flags: readonly string[]
}

/**
 * The crash, hang and cliff reproducers of ../shared/repros/README.md with the flags their
 * first lines name. The wrong-output ones (canonicalize-unlinked-operand, integer precision,
 * resources, NUL bytes, -0) are regression tests elsewhere, not timing cases.
 */
export const REPRO_CASES: readonly ReproCase[] = [
  { label: 'call chain of 1,000 functions, --sccp', input: 'hang-sccp-rdv-callchain-1000.mlir', flags: ['--sccp'] },
  { label: 'call chain of 1,000 functions, --remove-dead-values', input: 'hang-sccp-rdv-callchain-1000.mlir', flags: ['--remove-dead-values'] },
  { label: 'call chain of 1,000 functions, --inline', input: 'hang-sccp-rdv-callchain-1000.mlir', flags: ['--inline'] },
  { label: 'call chain of 1,000 functions, --symbol-dce', input: 'hang-sccp-rdv-callchain-1000.mlir', flags: ['--symbol-dce'] },
  { label: 'backtracking expected-error-re, --verify-diagnostics', input: 'hang-verify-diagnostics-regex-backtracking.mlir', flags: ['--verify-diagnostics'] },
  { label: 'regex flavour `\\w`, --verify-diagnostics', input: 'regex-flavor-backslash-w.mlir', flags: ['--verify-diagnostics'] },
  { label: 'regex flavour lookahead, --verify-diagnostics', input: 'regex-flavor-lookahead.mlir', flags: ['--verify-diagnostics'] },
  { label: 'regex flavour `\\u`, --verify-diagnostics', input: 'regex-flavor-unicode-escape.mlir', flags: ['--verify-diagnostics'] },
  { label: 'invalid --remarks-filter regex', input: 'examples/hello.mlir', flags: ['--remarks-filter=['] },
  { label: 'unknown pass in inline op-pipelines', input: 'examples/hello.mlir', flags: ['--pass-pipeline=builtin.module(inline{op-pipelines=func.func(bogus)})'] },
  ...(['exec', 'unreg'] as const).flatMap((kind) =>
    [[], ['--canonicalize'], ['--inline'], ['--remove-dead-values']].map((flags) => ({
      label: `nesting depth 100,000 (${kind}), ${flags.length === 0 ? 'parse + print' : flags[0]}`,
      input: `gen-nesting.py ${kind} 100000`,
      flags: kind === 'unreg' ? ['--allow-unregistered-dialect', ...flags] : flags,
    })),
  ),
]

/** How a case came out against the rule of issue 13. */
export interface Verdict {
  readonly met: boolean
  readonly text: string
}

/** The judgment of one case from the two tools' runs (medians of wall time, first exit codes). */
export function judge(tilepass: { wall: number; exitCode: number; stderr: string }, mlir: { wall: number; exitCode: number; stderr: string }): Verdict {
  const mlirFailed = mlir.exitCode < 0 || mlir.exitCode > 1 || (mlir.exitCode !== 0 && mlir.stderr.trim() === '')
  const tilepassClean = tilepass.exitCode === 0 || (tilepass.exitCode === 1 && tilepass.stderr.trim() !== '' && !/internal error/.test(tilepass.stderr))
  if (!tilepassClean) {
    return { met: false, text: `not met: exit ${tilepass.exitCode}${tilepass.stderr.trim() === '' ? ' with no message' : ''}` }
  }
  if (mlirFailed) {
    const met = tilepass.wall <= CLEAN_LIMIT_S
    return { met, text: `${met ? 'met' : 'not met'}: mlir-opt fails (exit ${mlir.exitCode}); tilepass-opt ends cleanly in ${tilepass.wall.toFixed(2)} s (limit ${CLEAN_LIMIT_S} s)` }
  }
  const ratio = tilepass.wall / mlir.wall
  return { met: ratio <= 2, text: `${ratio <= 2 ? 'met' : 'not met'}: ${ratio.toFixed(2)}x (limit 2x)` }
}

interface Row {
  readonly c: ReproCase
  readonly tilepass: Measurement[]
  readonly mlir: Measurement[]
  /** Each tool's runs on an empty module, interleaved with this case's (so load drift hits both alike). */
  readonly emptyTilepass: Measurement[]
  readonly emptyMlir: Measurement[]
  readonly verdict: Verdict
  /**
   * Where this machine sets NODE_EXTRA_CA_CERTS: tilepass-opt's runs of the short rows (under
   * a second) without it, interleaved with the others, and the verdict they give; else empty
   * and null.
   */
  readonly bareTilepass: Measurement[]
  readonly bareVerdict: Verdict | null
}

function say(line: string): void {
  process.stderr.write(`${line}\n`)
}

function fmtS(s: number): string {
  return `${s.toFixed(s < 1 ? 3 : 2)} s`
}

function firstLine(m: Measurement): string {
  const line = m.stderrHead.split('\n').find((l) => l.trim() !== '') ?? ''
  return line.length > 90 ? `${line.slice(0, 87)}...` : line
}

/** Median wall seconds of each tool on an empty module: the start-up inside every row's time. */
interface Startup {
  readonly tilepass: number
  readonly mlir: number
}

function render(rows: readonly Row[], startup: Startup | null, dir: string, reps: number, started: Date, load: string, version: string, commit: string): string {
  const out: string[] = []
  out.push('## Reproducers (issue 13)')
  out.push('')
  out.push('Generated by `pnpm bench` (tools/bench/src/reproBench.ts); do not edit by hand. Every reproducer')
  out.push('of ../shared/repros that is about a crash, a hang or a cliff, run by both tools with the same flags')
  out.push(`(mlir-opt with \`--mlir-disable-threading\`), alternately, ${reps} runs each; wall-clock medians including`)
  out.push('process start-up. Rule: within 2x of mlir-opt, or where mlir-opt fails, a clean end (output or')
  out.push(`a diagnostic, no internal error) within ${CLEAN_LIMIT_S} s. The nesting inputs come from the directory's gen-nesting.py;`)
  out.push('the two shell-script reproducers run on the input their script names (examples/hello.mlir).')
  out.push('')
  out.push(`Date: ${started.toISOString()}; Tilepass commit ${commit}; ${version}; Node.js ${process.version};`)
  out.push(`${os.cpus().length} logical cores; load average at start ${load}.`)
  out.push('')
  if (rows.length === 0) {
    out.push(`No reproducers: ${dir} does not exist on this machine.`)
    return out.join('\n')
  }
  if (startup !== null) {
    out.push(`Start-up on an empty module (median): tilepass-opt ${fmtS(startup.tilepass)}, mlir-opt ${fmtS(startup.mlir)}. "Beyond start-up" is`)
    out.push("each tool's median less the median of its runs on an empty module interleaved with that row's runs: the work on")
    out.push('the input itself, for the rows whose time is mostly start-up. CPU is user + system time (median), steadier than wall time')
    out.push('on a busy machine.')
    out.push('')
  }
  const bare = rows.some((r) => r.bareVerdict !== null)
  if (bare) {
    out.push(`This machine sets NODE_EXTRA_CA_CERTS (${process.env[EXTRA_CA_CERTS] ?? ''}). Node.js 20 reads that file, and builds its`)
    out.push('store of built-in root certificates, before any JavaScript runs: every Node.js process pays for it at start-up,')
    out.push('although tilepass-opt opens no TLS connection. The column "Without NODE_EXTRA_CA_CERTS" gives tilepass-opt\'s')
    out.push('median of the short rows with the variable removed from its environment (as on a machine that does not set it),')
    out.push('run interleaved with the others, and the verdict against the same mlir-opt median. The Verdict column, and the count')
    out.push("of met rows, are measured in this machine's environment as it is.")
    out.push('')
  }
  out.push(`| Reproducer | tilepass-opt | exit | mlir-opt | exit | Verdict | CPU (tilepass / mlir) | Beyond start-up (tilepass / mlir) |${bare ? ' Without NODE_EXTRA_CA_CERTS |' : ''} tilepass-opt says |`)
  out.push(`|---|---|---|---|---|---|---|---|${bare ? '---|' : ''}`)
  for (const r of rows) {
    const tw = median(r.tilepass.map((m) => m.wallSeconds))
    const mw = median(r.mlir.map((m) => m.wallSeconds))
    const beyond =
      r.emptyTilepass.length === 0
        ? '—'
        : `${fmtS(Math.max(0, tw - median(r.emptyTilepass.map((m) => m.wallSeconds))))} / ${fmtS(Math.max(0, mw - median(r.emptyMlir.map((m) => m.wallSeconds))))}`
    const cpu = (ms: Measurement[]): string => (ms.some((m) => m.cpuSeconds < 0) ? '—' : fmtS(median(ms.map((m) => m.cpuSeconds))))
    out.push(`| ${r.c.label} | ${fmtS(tw)} | ${r.tilepass[0]!.exitCode} | ${fmtS(mw)} | ${r.mlir[0]!.exitCode} | ${r.verdict.text} | ${cpu(r.tilepass)} / ${cpu(r.mlir)} | ${beyond} |${bare ? ` ${r.bareVerdict === null ? '—' : `${fmtS(median(r.bareTilepass.map((m) => m.wallSeconds)))}: ${r.bareVerdict.text}`} |` : ''} ${firstLine(r.tilepass[0]!).replace(/\|/g, '\\|')} |`)
  }
  const met = rows.filter((r) => r.verdict.met).length
  out.push('')
  out.push(`${met} of ${rows.length} met.${bare ? ` Without NODE_EXTRA_CA_CERTS: ${rows.filter((r) => (r.bareVerdict ?? r.verdict).met).length} of ${rows.length}.` : ''}`)
  out.push('')
  out.push('```sh')
  out.push('pnpm exec tsx tools/bench/src/reproBench.ts --reps 5')
  out.push('```')
  return out.join('\n')
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  let reps = 5
  let write = true
  let dir = process.env.TILEPASS_REPROS ?? path.resolve(root, '../shared/repros')
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--reps') {
      reps = Number(argv[++i])
    } else if (a === '--repros') {
      dir = argv[++i] ?? dir
    } else if (a === '--no-write') {
      write = false
    } else {
      say(`repro-bench: error: unknown argument '${a}'`)
      process.exit(2)
    }
  }
  if (!Number.isInteger(reps) || reps < 1) {
    say('repro-bench: error: --reps needs a positive integer')
    process.exit(2)
  }
  const mlirOpt = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
  const tilepassOpt = process.env.TILEPASS_OPT ?? path.join(root, 'packages/cli/bin/tilepass-opt.js')
  const started = new Date()
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ')
  const version = spawnSync(mlirOpt, ['--version'], { encoding: 'utf8' }).stdout?.split('\n').find((l) => l.includes('version'))?.trim() ?? 'mlir-opt not found'
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown'
  const rows: Row[] = []
  let startup: Startup | null = null
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-repro-bench-'))
  const bareEnv = envWithoutExtraCaCerts()
  try {
    if (existsSync(dir) && existsSync(mlirOpt)) {
      const empty = path.join(scratch, 'empty.mlir')
      writeFileSync(empty, 'module {}\n')
      const t: number[] = []
      const m: number[] = []
      for (let i = 0; i < Math.max(5, reps); i++) {
        t.push((await measure(process.execPath, [tilepassOpt, empty], path.join(scratch, 'time'), RUN_TIMEOUT_MS)).wallSeconds)
        m.push((await measure(mlirOpt, ['--mlir-disable-threading', empty], path.join(scratch, 'time'), RUN_TIMEOUT_MS)).wallSeconds)
      }
      startup = { tilepass: median(t), mlir: median(m) }
      say(`start-up: tilepass ${fmtS(startup.tilepass)}, mlir-opt ${fmtS(startup.mlir)}`)
      const generated = new Map<string, string>()
      for (const c of REPRO_CASES) {
        let file = c.input.startsWith('examples/') ? path.join(root, c.input) : path.join(dir, c.input)
        if (c.input.startsWith('gen-nesting.py ')) {
          file = generated.get(c.input) ?? ''
          if (file === '') {
            const [, kind, depth] = c.input.split(' ')
            const r = spawnSync('python3', [path.join(dir, 'gen-nesting.py'), kind!, depth!], { encoding: 'utf8', maxBuffer: 256 << 20 })
            if (r.status !== 0) {
              say(`  skipped ${c.label}: gen-nesting.py failed`)
              continue
            }
            file = path.join(scratch, `nesting-${kind}-${depth}.mlir`)
            writeFileSync(file, r.stdout)
            generated.set(c.input, file)
          }
        }
        if (!existsSync(file)) {
          say(`  skipped ${c.label}: ${file} does not exist`)
          continue
        }
        const tilepass: Measurement[] = []
        const mlir: Measurement[] = []
        const emptyTilepass: Measurement[] = []
        const emptyMlir: Measurement[] = []
        const bareTilepass: Measurement[] = []
        for (let i = 0; i < reps; i++) {
          tilepass.push(await measure(process.execPath, [tilepassOpt, ...c.flags, file], path.join(scratch, 'time'), RUN_TIMEOUT_MS))
          mlir.push(await measure(mlirOpt, ['--mlir-disable-threading', ...c.flags, file], path.join(scratch, 'time'), RUN_TIMEOUT_MS))
          // The short rows are mostly start-up: an empty-module run beside each run gives
          // their start-up under the same load (a second's drift matters at 0.1 s).
          if (tilepass[0]!.wallSeconds < 1) {
            emptyTilepass.push(await measure(process.execPath, [tilepassOpt, empty], path.join(scratch, 'time'), RUN_TIMEOUT_MS))
            emptyMlir.push(await measure(mlirOpt, ['--mlir-disable-threading', empty], path.join(scratch, 'time'), RUN_TIMEOUT_MS))
            if (bareEnv !== null) {
              bareTilepass.push(await measure(process.execPath, [tilepassOpt, ...c.flags, file], path.join(scratch, 'time'), RUN_TIMEOUT_MS, undefined, bareEnv))
            }
          }
        }
        const pick = (ms: Measurement[]): { wall: number; exitCode: number; stderr: string } => ({ wall: median(ms.map((m) => m.wallSeconds)), exitCode: ms[0]!.exitCode, stderr: ms[0]!.stderrHead })
        const verdict = judge(pick(tilepass), pick(mlir))
        const bareVerdict = bareTilepass.length === 0 ? null : judge(pick(bareTilepass), pick(mlir))
        rows.push({ c, tilepass, mlir, emptyTilepass, emptyMlir, verdict, bareTilepass, bareVerdict })
        say(`  ${c.label}: tilepass ${fmtS(pick(tilepass).wall)} (exit ${tilepass[0]!.exitCode}), mlir-opt ${fmtS(pick(mlir).wall)} (exit ${mlir[0]!.exitCode}): ${verdict.text}`)
      }
    } else {
      say(`repro-bench: ${existsSync(dir) ? `${mlirOpt} does not exist` : `${dir} does not exist`}; nothing to run`)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  const body = render(rows, startup, dir, reps, started, load, version, commit)
  if (write) {
    const file = path.join(root, 'docs/performance.md')
    writeFileSync(file, replaceSection(existsSync(file) ? readFileSync(file, 'utf8') : '', REPRO_SECTION, body))
  } else {
    process.stdout.write(`${body}\n`)
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main()
}
