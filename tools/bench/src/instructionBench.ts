/**
 * Instruction counts of the short runs (issues 13 and 19): where the time of a small run goes,
 * counted with valgrind's callgrind, which the load of a shared machine does not disturb
 * (repeated runs agree within a few percent, as V8's background threads interleave differently,
 * where wall times of 0.1 s vary by a third).
 * Each command runs once under callgrind; the count covers every thread of the process, the
 * dynamic loader and Node.js's own start-up included. Node.js's floor is `node -e 0` in the same
 * environment, and mlir-opt's is its run on an empty module: "own" is a command's count less
 * its tool's floor. Writes the `instructions` section of docs/performance.md.
 *
 * Usage: tsx tools/bench/src/instructionBench.ts [--repros DIR] [--no-write]
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries; TILEPASS_REPROS the
 * directory of the reproducers (default ../shared/repros beside the checkout). Without
 * valgrind (Debian package `valgrind`) it says so and leaves the document as it is.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { replaceSection } from './docSection.ts'
import { EXTRA_CA_CERTS, envWithoutExtraCaCerts } from './measure.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** The section of docs/performance.md this benchmark writes. */
export const INSTRUCTION_SECTION = 'instructions'

const VALGRIND = 'valgrind'
const RUN_TIMEOUT_MS = 600_000

/**
 * The total of callgrind's summary line (`==PID== I   refs:      1,348,168,118`) in `stderr`, or
 * -1 when there is none (valgrind failed, or the tool was not callgrind).
 */
export function parseInstructionTotal(stderr: string): number {
  const m = /I\s+refs:\s+([\d,]+)/.exec(stderr)
  return m === null ? -1 : Number(m[1]!.replace(/,/g, ''))
}

/** One command counted: its total, and its exit code under valgrind. */
export interface Count {
  readonly instructions: number
  readonly exitCode: number
}

/** The number of instructions `binary args` executes, all threads together (-1 when valgrind fails). */
export function countInstructions(binary: string, args: readonly string[], env?: NodeJS.ProcessEnv): Count {
  const r = spawnSync(VALGRIND, ['--tool=callgrind', '--callgrind-out-file=/dev/null', binary, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 << 20,
    timeout: RUN_TIMEOUT_MS,
    ...(env === undefined ? {} : { env }),
  })
  return { instructions: parseInstructionTotal(r.stderr ?? ''), exitCode: r.status ?? -1 }
}

/** Whether valgrind can be run here. */
export function haveValgrind(): boolean {
  return spawnSync(VALGRIND, ['--version'], { stdio: 'ignore' }).status === 0
}

/** A workload both tools run: the label, an input file and the flags. */
export interface InstructionCase {
  readonly label: string
  readonly file: string
  readonly flags: readonly string[]
}

/** A counted case: both tools' totals and what remains of them above their floors. */
export interface InstructionRow {
  readonly label: string
  readonly tilepass: number
  readonly mlir: number
  /** tilepass-opt's count less `node -e 0`'s: the work of Tilepass's own code, start-up included. */
  readonly tilepassOwn: number
  /** mlir-opt's count less its count on an empty module: the work on the input. */
  readonly mlirBeyondEmpty: number
  /** tilepass-opt's count less its own count on an empty module: the work on the input. */
  readonly tilepassBeyondEmpty: number
}

/** The floors the rows are measured against. */
export interface Floors {
  /** `node -e 0` in this environment. */
  readonly node: number
  /** tilepass-opt on an empty module. */
  readonly tilepassEmpty: number
  /** mlir-opt on an empty module. */
  readonly mlirEmpty: number
}

/** The derived columns of a case from the two totals and the floors. */
export function deriveRow(label: string, tilepass: number, mlir: number, floors: Floors): InstructionRow {
  return {
    label,
    tilepass,
    mlir,
    tilepassOwn: tilepass - floors.node,
    mlirBeyondEmpty: mlir - floors.mlirEmpty,
    tilepassBeyondEmpty: tilepass - floors.tilepassEmpty,
  }
}

/** Millions of instructions, one decimal. */
export function fmtM(n: number): string {
  return n < 0 ? '—' : `${(n / 1e6).toFixed(1)}M`
}

function ratio(a: number, b: number): string {
  return a < 0 || b <= 0 ? '—' : `${(a / b).toFixed(1)}x`
}

/** What the start-up table shows: each command and its count. */
export interface StartupCounts {
  readonly node: number
  readonly tilepassEmpty: number
  readonly mlirEmpty: number
  /** The same two Node.js commands without NODE_EXTRA_CA_CERTS, where this machine sets it; else null. */
  readonly bare: { readonly node: number; readonly tilepassEmpty: number } | null
}

/** The Markdown of the section. */
export function renderInstructions(startup: StartupCounts, rows: readonly InstructionRow[], header: { date: string; commit: string; version: string; valgrind: string }): string {
  const out: string[] = []
  out.push('## Instruction counts of short runs (issues 13 and 19)')
  out.push('')
  out.push('Generated by `pnpm bench` (tools/bench/src/instructionBench.ts); do not edit by hand. Each command ran once')
  out.push("under valgrind's callgrind, which counts the instructions every thread of the process executes (the dynamic")
  out.push("loader and Node.js's own start-up included). A count does not depend on the machine's load: repeated runs")
  out.push("agree within a few percent (V8's background threads interleave differently from run to run). It is not a time: the")
  out.push('two tools execute instructions at different rates, and under valgrind the threads run in turns. It shows where a')
  out.push("short run's work goes.")
  out.push('')
  out.push(`Date: ${header.date}; Tilepass commit ${header.commit}; ${header.version}; Node.js ${process.version}; ${header.valgrind}.`)
  out.push('')
  out.push('### Start-up')
  out.push('')
  out.push('| Command | Instructions |')
  out.push('|---|---|')
  out.push(`| \`node -e 0\` | ${fmtM(startup.node)} |`)
  out.push(`| \`tilepass-opt <empty>\` | ${fmtM(startup.tilepassEmpty)} (Tilepass's own: ${fmtM(startup.tilepassEmpty - startup.node)}) |`)
  if (startup.bare !== null) {
    out.push(`| \`node -e 0\` without NODE_EXTRA_CA_CERTS | ${fmtM(startup.bare.node)} |`)
    out.push(`| \`tilepass-opt <empty>\` without NODE_EXTRA_CA_CERTS | ${fmtM(startup.bare.tilepassEmpty)} (Tilepass's own: ${fmtM(startup.bare.tilepassEmpty - startup.bare.node)}) |`)
  }
  out.push(`| \`mlir-opt --mlir-disable-threading <empty>\` | ${fmtM(startup.mlirEmpty)} |`)
  out.push('')
  if (startup.bare !== null) {
    out.push(`This machine sets NODE_EXTRA_CA_CERTS (${process.env[EXTRA_CA_CERTS] ?? ''}): Node.js 20 reads it, and builds its store of`)
    out.push(`root certificates, before any JavaScript runs. That is ${fmtM(startup.node - startup.bare.node)} of the ${fmtM(startup.node)} of \`node -e 0\` here.`)
    out.push('')
  }
  out.push('### Workloads')
  out.push('')
  out.push("\"Own\" is tilepass-opt's count less `node -e 0`'s; \"on the input\" is each tool's count less its count on an empty module.")
  out.push('')
  out.push('| Workload | tilepass-opt | of it Tilepass\'s own | mlir-opt | tilepass-opt on the input | mlir-opt on the input | Ratio on the input |')
  out.push('|---|---|---|---|---|---|---|')
  for (const r of rows) {
    out.push(`| ${r.label} | ${fmtM(r.tilepass)} | ${fmtM(r.tilepassOwn)} | ${fmtM(r.mlir)} | ${fmtM(r.tilepassBeyondEmpty)} | ${fmtM(r.mlirBeyondEmpty)} | ${ratio(r.tilepassBeyondEmpty, r.mlirBeyondEmpty)} |`)
  }
  out.push('')
  out.push('```sh')
  out.push('pnpm exec tsx tools/bench/src/instructionBench.ts')
  out.push('# each count:')
  out.push('valgrind --tool=callgrind --callgrind-out-file=/dev/null <command>')
  out.push('```')
  return out.join('\n')
}

function say(line: string): void {
  process.stderr.write(`${line}\n`)
}

function main(): void {
  const argv = process.argv.slice(2)
  let write = true
  let dir = process.env.TILEPASS_REPROS ?? path.resolve(root, '../shared/repros')
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--repros') {
      dir = argv[++i] ?? dir
    } else if (a === '--no-write') {
      write = false
    } else {
      say(`instruction-bench: error: unknown argument '${a}'`)
      process.exit(2)
    }
  }
  if (!haveValgrind()) {
    say('instruction-bench: valgrind is not installed (Debian package `valgrind`); the instructions section is left as it is')
    return
  }
  const mlirOpt = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
  if (!existsSync(mlirOpt)) {
    say(`instruction-bench: ${mlirOpt} does not exist; nothing to run`)
    return
  }
  const tilepassOpt = process.env.TILEPASS_OPT ?? path.join(root, 'packages/cli/bin/tilepass-opt.js')
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-instruction-bench-'))
  try {
    const empty = path.join(scratch, 'empty.mlir')
    writeFileSync(empty, 'module {}\n')
    const count = (binary: string, args: readonly string[], env?: NodeJS.ProcessEnv): number => {
      const c = countInstructions(binary, args, env)
      say(`  ${fmtM(c.instructions).padStart(9)}  ${path.basename(binary)} ${args.map((a) => path.basename(a)).join(' ')}${env === undefined ? '' : ' (without NODE_EXTRA_CA_CERTS)'}`)
      return c.instructions
    }
    const tilepass = (args: readonly string[], env?: NodeJS.ProcessEnv): number => count(process.execPath, [tilepassOpt, ...args], env)
    const mlir = (args: readonly string[]): number => count(mlirOpt, ['--mlir-disable-threading', ...args])
    const bareEnv = envWithoutExtraCaCerts()
    const startup: StartupCounts = {
      node: count(process.execPath, ['-e', '0']),
      tilepassEmpty: tilepass([empty]),
      mlirEmpty: mlir([empty]),
      bare: bareEnv === null ? null : { node: count(process.execPath, ['-e', '0'], bareEnv), tilepassEmpty: tilepass([empty], bareEnv) },
    }
    const floors: Floors = { node: startup.node, tilepassEmpty: startup.tilepassEmpty, mlirEmpty: startup.mlirEmpty }
    const chain = path.join(dir, 'hang-sccp-rdv-callchain-1000.mlir')
    const cases: InstructionCase[] = [
      { label: '`examples/hello.mlir`', file: path.join(root, 'examples/hello.mlir'), flags: [] },
      ...(existsSync(path.join(dir, 'regex-flavor-backslash-w.mlir')) ? [{ label: 'regex flavour `\\w`, `--verify-diagnostics`', file: path.join(dir, 'regex-flavor-backslash-w.mlir'), flags: ['--verify-diagnostics'] }] : []),
      ...(existsSync(chain)
        ? [[], ['--inline'], ['--symbol-dce'], ['--sccp']].map((flags) => ({ label: `call chain of 1,000 functions, ${flags.length === 0 ? 'parse + print' : `\`${flags[0]}\``}`, file: chain, flags }))
        : []),
    ]
    const rows = cases.map((c) => deriveRow(c.label, tilepass([...c.flags, c.file]), mlir([...c.flags, c.file]), floors))
    const version = spawnSync(mlirOpt, ['--version'], { encoding: 'utf8' }).stdout?.split('\n').find((l) => l.includes('version'))?.trim() ?? 'mlir-opt'
    const valgrind = spawnSync(VALGRIND, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'valgrind'
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout?.trim() || 'unknown'
    const body = renderInstructions(startup, rows, { date: new Date().toISOString(), commit, version, valgrind })
    if (write) {
      const file = path.join(root, 'docs/performance.md')
      writeFileSync(file, replaceSection(existsSync(file) ? readFileSync(file, 'utf8') : '', INSTRUCTION_SECTION, body))
    } else {
      process.stdout.write(`${body}\n`)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main()
}
