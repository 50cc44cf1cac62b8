/**
 * Scaling of the passes beside mlir-opt 22: each input family is doubled from 1k units up
 * to a limit and both tools run each pass on it (mlir-opt with --mlir-disable-threading);
 * the report is the pass's time per unit from each tool's `--mlir-timing`, so a
 * superlinear cliff shows as a rising column.
 *
 *   node --conditions=source --import tsx tools/bench-passes/src/ipo-scaling.ts
 *     [--max N] [--sizes 1000,8000,64000] [--only FAMILY,...] [--passes canonicalize,cse]
 *     [--limit SECONDS] [--tools tilepass|mlir-opt|both] [--quick] [--write]
 *
 * Families: call chains (functions), call fan-in (callers of one function), independent
 * functions with one private callee each, ops in one block (arith; affine; memref; gpu
 * in a gpu.module), and region nesting depth (nested scf.execute_region, whose function
 * the run erases after the measured pass so that no nest too deep to print is printed).
 * Every pass the CLI registers is either in a family or in `leftOut` with the reason; the
 * run says which registered passes are neither. A run longer than `--limit` seconds
 * (default 60) is cut off, and the larger sizes of that pass are not run with that tool.
 * `--quick` runs sizes 1000 and 4000 with a 20 s limit (a few minutes in all). `--write`
 * puts the table, with the command and the machine, into the `pass-scaling` section of
 * docs/performance.md. Uses the built CLI (`pnpm build` first).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { extractSection, replaceSection } from '../../bench/src/docSection.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const TILEPASS_OPT = path.join(root, 'packages', 'cli', 'bin', 'tilepass-opt.js')
const DOC = path.join(root, 'docs', 'performance.md')
/** The section of docs/performance.md this benchmark writes. */
const SECTION = 'pass-scaling'

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const maxUnits = Number(argValue('--max') ?? '64000')
const only = argValue('--only')?.split(',')
const sizesArg = argValue('--sizes')
const passesArg = argValue('--passes')?.split(',')
const write = process.argv.includes('--write')
const quick = process.argv.includes('--quick')
const limitSeconds = Number(argValue('--limit') ?? (quick ? '20' : '60'))
const tools = argValue('--tools') ?? 'both'
const runTilepass = tools !== 'mlir-opt'
const runMlir = tools !== 'tilepass'

function callChain(n: number): string {
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    parts.push(`func.func private @f${i}(%a: i32) -> i32 {\n  %r = call @f${i + 1}(%a) : (i32) -> i32\n  return %r : i32\n}\n`)
  }
  parts.push(`func.func private @f${n}(%a: i32) -> i32 {\n  return %a : i32\n}\n`)
  parts.push('func.func @main(%a: i32) -> i32 {\n  %r = call @f0(%a) : (i32) -> i32\n  return %r : i32\n}\n')
  return parts.join('')
}

function fanIn(n: number): string {
  const parts = ['func.func private @callee(%a: i32) -> i32 {\n  %c = arith.constant 1 : i32\n  %r = arith.addi %a, %c : i32\n  return %r : i32\n}\n']
  for (let i = 0; i < n; i++) {
    parts.push(`func.func @f${i}(%a: i32) -> i32 {\n  %r = call @callee(%a) : (i32) -> i32\n  return %r : i32\n}\n`)
  }
  return parts.join('')
}

function pairs(n: number): string {
  const parts: string[] = []
  for (let i = 0; i < n; i++) {
    parts.push(
      `func.func @f${i}(%a: i32) -> i32 {\n  %r = call @g${i}(%a) : (i32) -> i32\n  return %r : i32\n}\n` +
        `func.func private @g${i}(%a: i32) -> i32 {\n  %c = arith.constant ${i} : i32\n  %r = arith.addi %a, %c : i32\n  return %r : i32\n}\n`,
    )
  }
  return parts.join('')
}

/** One function whose block holds `n` arith ops (every third one a duplicate for cse), then an scf.if and a branch. */
function opsPerBlock(n: number): string {
  const parts = ['func.func @f(%a: i32, %b: i1) -> i32 {\n  %c1 = arith.constant 1 : i32\n  %v0 = arith.addi %a, %c1 : i32\n']
  for (let i = 1; i < n; i++) {
    const prev = `%v${i - 1}`
    const op = i % 3 === 0 ? `arith.addi %v${i - 2}, %c1` : i % 3 === 1 ? `arith.muli ${prev}, %a` : `arith.addi ${prev}, %c1`
    parts.push(`  %v${i} = ${op} : i32\n`)
  }
  parts.push(`  %s = scf.if %b -> i32 {\n    scf.yield %v${n - 1} : i32\n  } else {\n    scf.yield %a : i32\n  }\n`)
  parts.push('  cf.br ^bb1(%s : i32)\n^bb1(%x: i32):\n  return %x : i32\n}\n')
  return parts.join('')
}

function nesting(depth: number): string {
  const parts = ['func.func @f() -> i32 {\n']
  for (let i = 0; i < depth; i++) {
    parts.push('%r = scf.execute_region -> i32 {\n')
  }
  parts.push('%c = arith.constant 1 : i32\nscf.yield %c : i32\n')
  for (let i = 0; i < depth; i++) {
    parts.push(i < depth - 1 ? '}\nscf.yield %r : i32\n' : '}\nreturn %r : i32\n')
  }
  parts.push('}\n')
  return parts.join('')
}

/** One function whose block holds `n` affine.apply / affine.min ops on index values. */
function affineOpsPerBlock(n: number): string {
  const parts = ['func.func @f(%a: index, %s: index) -> index {\n  %v0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%a)[%s]\n']
  for (let i = 1; i < n; i++) {
    const map = i % 3 === 0 ? '(d0)[s0] -> (d0, s0 + 3)' : i % 3 === 1 ? '(d0)[s0] -> (d0 floordiv 4 + s0)' : '(d0)[s0] -> (d0 * 2 + s0)'
    parts.push(`  %v${i} = ${i % 3 === 0 ? 'affine.min' : 'affine.apply'} affine_map<${map}>(%v${i - 1})[%s]\n`)
  }
  parts.push(`  return %v${n - 1} : index\n}\n`)
  return parts.join('')
}

/** One function whose block holds `n` memref.load / memref.store ops on one alloca. */
function memrefOpsPerBlock(n: number): string {
  const parts = ['func.func @f(%i: index, %x: i32) -> i32 {\n  %m = memref.alloca() : memref<64xi32>\n  %v0 = memref.load %m[%i] : memref<64xi32>\n']
  for (let i = 1; i < n; i++) {
    parts.push(i % 2 === 1 ? `  memref.store %v${i - 1}, %m[%i] : memref<64xi32>\n` : `  %v${i} = memref.load %m[%i] : memref<64xi32>\n`)
    if (i % 2 === 1) {
      parts.push(`  %v${i} = arith.addi %v${i - 1}, %x : i32\n`)
    }
  }
  parts.push(`  return %v${n - 1} : i32\n}\n`)
  return parts.join('')
}

/** One kernel in a gpu.module whose block holds `n` gpu id queries and arith ops. */
function gpuOpsPerBlock(n: number): string {
  const parts = ['gpu.module @m {\n  gpu.func @k(%p: index) kernel {\n    %v0 = gpu.thread_id x\n']
  for (let i = 1; i < n; i++) {
    parts.push(i % 2 === 1 ? `    %v${i} = gpu.block_id ${'xyz'[i % 3]}\n` : `    %v${i} = arith.addi %v${i - 1}, %v${i - 2} : index\n`)
  }
  parts.push('    gpu.return\n  }\n}\n')
  return parts.join('')
}

interface PassCase {
  /** The pass as given on the command line: `--name`, or `-p=builtin.module(...)`. */
  readonly flag: string
  /** The pass's line in `--mlir-timing`. */
  readonly timingName: string
  /** mlir-opt's line when it differs; null when mlir-opt has no such pass (its cells read "n/a"). */
  readonly mlirTimingName?: string | null
}

interface Family {
  readonly name: string
  readonly unit: string
  readonly generate: (n: number) => string
  readonly passes: readonly PassCase[]
  /** Largest size worth running. */
  readonly max: number
  /**
   * Whether the run erases the function after the measured pass (symbol-privatize then
   * symbol-dce): a nest deeper than about 20k levels cannot be printed (the indentation
   * alone would pass the printer's limit), and its output is not what is measured.
   */
  readonly eraseOutput?: boolean
}

const ipoPasses: readonly PassCase[] = [
  { flag: '--sccp', timingName: 'SCCP' },
  { flag: '--remove-dead-values', timingName: 'RemoveDeadValues' },
  { flag: '--inline', timingName: 'Inliner' },
  { flag: '--symbol-dce', timingName: 'SymbolDCE' },
  { flag: '--symbol-privatize', timingName: 'SymbolPrivatize' },
]
/** The passes the CLI registers that run on any module (the test-* passes, view-op-graph and passes that need options or other inputs are left out). */
const localPasses: readonly PassCase[] = [
  { flag: '--canonicalize', timingName: 'Canonicalizer' },
  { flag: '--cse', timingName: 'CSE' },
  { flag: '--sccp', timingName: 'SCCP' },
  { flag: '--remove-dead-values', timingName: 'RemoveDeadValues' },
  { flag: '--loop-invariant-code-motion', timingName: 'LoopInvariantCodeMotion' },
  { flag: '--topological-sort', timingName: 'TopologicalSort' },
  { flag: '--strip-debuginfo', timingName: 'StripDebugInfo' },
  { flag: '--print-ir', timingName: 'PrintIRPass' },
  { flag: '--convert-scf-to-cf', timingName: 'SCFToControlFlowPass' },
  { flag: '--convert-arith-to-llvm', timingName: 'ArithToLLVMConversionPass' },
  { flag: '--convert-cf-to-llvm', timingName: 'ConvertControlFlowToLLVMPass' },
  { flag: '--convert-func-to-llvm', timingName: 'ConvertFuncToLLVMPass' },
  { flag: '--convert-index-to-llvm', timingName: 'ConvertIndexToLLVMPass' },
  { flag: '--reconcile-unrealized-casts', timingName: 'ReconcileUnrealizedCastsPass' },
  { flag: '--convert-to-llvm', timingName: 'ConvertToLLVMPass' },
  { flag: '--convert-ub-to-llvm', timingName: 'UBToLLVMConversionPass' },
  { flag: '--convert-math-to-llvm', timingName: 'ConvertMathToLLVMPass' },
  // Anchored on func.func: mlir-opt does not nest a top-level flag for it.
  { flag: '-p=builtin.module(func.func(llvm-request-c-wrappers))', timingName: 'LLVMRequestCWrappersPass' },
  { flag: '--convert-nvvm-to-llvm', timingName: 'ConvertNVVMToLLVMPass' },
  { flag: '--view-op-graph', timingName: 'ViewOpGraphPass', mlirTimingName: 'ViewOpGraph' },
]
/**
 * Registered passes no family runs, and why. The cuda_tile and tileas passes need
 * cuda_tile kernels (mlir-opt has neither the dialects nor the passes; tools/bench-schedule
 * times the scheduler as kernels grow); the test-* passes are upstream's test passes;
 * transform-interpreter needs a transform script.
 */
const leftOut: ReadonlyMap<string, string> = new Map([
  ['convert-cuda-tile-to-tileas', 'cuda_tile input'],
  ['convert-tileas-to-nvvm', 'tileas input'],
  ['tileas-generate-schedule-constraints', 'tileas input'],
  ['tileas-materialize-schedule', 'tileas input'],
  ['tileas-prepare-for-scheduling', 'tileas input'],
  ['fuse-fma', 'cuda_tile input'],
  ['loop-split', 'cuda_tile input'],
  ['synthesize-debug-info-scopes', 'cuda_tile input'],
  // Its work is the conversion patterns a transform script names, which convert-to-llvm runs in 'ops per block'.
  ['transform-interpreter', 'a transform script in the input'],
])
const families: readonly Family[] = [
  { name: 'ops per block', unit: 'op', generate: opsPerBlock, passes: localPasses, max: 64000 },
  {
    name: 'affine ops per block',
    unit: 'op',
    generate: affineOpsPerBlock,
    passes: [
      { flag: '--lower-affine', timingName: 'LowerAffinePass' },
      { flag: '--canonicalize', timingName: 'Canonicalizer' },
      { flag: '--cse', timingName: 'CSE' },
    ],
    max: 64000,
  },
  {
    name: 'memref ops per block',
    unit: 'op',
    generate: memrefOpsPerBlock,
    passes: [
      { flag: '--finalize-memref-to-llvm', timingName: 'FinalizeMemRefToLLVMConversionPass' },
      { flag: '--convert-to-llvm', timingName: 'ConvertToLLVMPass' },
    ],
    max: 64000,
  },
  {
    name: 'gpu ops per block',
    unit: 'op',
    generate: gpuOpsPerBlock,
    passes: [{ flag: '-p=builtin.module(gpu.module(convert-gpu-to-nvvm))', timingName: 'ConvertGpuOpsToNVVMOps' }],
    max: 64000,
  },
  {
    name: 'nesting depth',
    unit: 'level',
    generate: nesting,
    passes: [
      ...localPasses.filter((p) => p.flag !== '--print-ir' && p.flag !== '--view-op-graph'),
      { flag: '-p=builtin.module(inline{default-pipeline=})', timingName: 'Inliner' },
      { flag: '--inline', timingName: 'Inliner' },
      { flag: '--symbol-dce', timingName: 'SymbolDCE' },
    ],
    max: 64000,
    eraseOutput: true,
  },
  { name: 'call chain', unit: 'function', generate: callChain, passes: ipoPasses, max: 64000 },
  { name: 'call fan-in', unit: 'caller', generate: fanIn, passes: ipoPasses, max: 64000 },
  { name: 'function pairs', unit: 'pair', generate: pairs, passes: ipoPasses, max: 64000 },
]

/** The wall time in seconds that `--mlir-timing` reports for the first entry `name`, or NaN. */
function passSeconds(stderr: string, name: string): number {
  for (const line of stderr.split('\n')) {
    const m = /^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(.*)$/.exec(line)
    if (m !== null && m[2] === name) {
      return Number(m[1])
    }
  }
  return Number.NaN
}

/** What one timed run gave: the pass's seconds, or why there are none. */
type Outcome = number | 'failed' | 'timeout' | 'skipped' | 'n/a'

/** Runs `cmd` and reads the time of the pass `name` from its timing report. */
function passSecondsOf(cmd: string, args: readonly string[], name: string): Outcome {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, timeout: limitSeconds * 1000, killSignal: 'SIGKILL' })
  if (r.error !== undefined || r.signal !== null) {
    return 'timeout'
  }
  const s = r.status === 0 ? passSeconds(r.stderr, name) : Number.NaN
  return Number.isNaN(s) ? 'failed' : s
}

function sizesFor(family: Family): number[] {
  const limit = Math.min(maxUnits, family.max)
  const given = sizesArg ?? (quick ? '1000,4000' : undefined)
  if (given !== undefined) {
    return given
      .split(',')
      .map(Number)
      .filter((n) => n <= limit)
  }
  const out: number[] = []
  for (let n = 1000; n <= limit; n *= 2) {
    out.push(n)
  }
  return out
}

function per(s: Outcome, n: number): string {
  if (s === 'timeout') {
    return `>${limitSeconds} s`
  }
  if (s === 'skipped') {
    return '—'
  }
  if (s === 'n/a') {
    return 'n/a'
  }
  return s === 'failed' ? 'failed' : ((s * 1e6) / n).toFixed(1)
}

/** One family and pass: µs per unit at each size, for both tools. */
class Curve {
  readonly tilepass: string[] = []
  readonly mlir: string[] = []
  /** Whether a tool already ran past the limit on a smaller size. */
  tilepassTimedOut = false
  mlirTimedOut = false
  constructor(
    readonly family: Family,
    readonly pass: PassCase,
    readonly sizes: readonly number[],
  ) {}
}

/** The command-line arguments that run `pass` on `family`: the pass alone, or the pass and then the erasure of the output. */
function passArgs(family: Family, pass: PassCase): string[] {
  if (family.eraseOutput !== true) {
    return [pass.flag]
  }
  const element = pass.flag.startsWith('-p=builtin.module(') ? pass.flag.slice('-p=builtin.module('.length, -1) : pass.flag.slice(2)
  return [`-p=builtin.module(${element},symbol-privatize,symbol-dce)`]
}

/** The names of the passes `tilepass-opt --help` lists (test passes left out), or null when it cannot run. */
function registeredPasses(): string[] | null {
  const r = spawnSync('node', [TILEPASS_OPT, '--help'], { encoding: 'utf8' })
  if (r.status !== 0) {
    return null
  }
  const out: string[] = []
  let inPasses = false
  for (const line of r.stdout.split('\n')) {
    if (/^\s+Passes:/.test(line)) {
      inPasses = true
      continue
    }
    if (inPasses && /^\s+\S.*:$/.test(line)) {
      break
    }
    // A pass sits at six spaces; its options are indented further.
    const m = inPasses ? /^ {6}--([a-z0-9-]+)\s/.exec(line) : null
    if (m !== null && !m[1]!.startsWith('test-')) {
      out.push(m[1]!)
    }
  }
  return out
}

/** The registered passes that no family runs and `leftOut` does not explain. */
function uncovered(): string[] {
  const covered = new Set<string>()
  for (const family of families) {
    for (const p of family.passes) {
      for (const m of p.flag.matchAll(/(?:^--|[(,])([a-z0-9-]+)(?=[{),]|$)/g)) {
        covered.add(m[1]!)
      }
    }
  }
  return (registeredPasses() ?? []).filter((name) => !covered.has(name) && !leftOut.has(name))
}

const missing = uncovered()
if (missing.length > 0) {
  process.stderr.write(`pass-scaling: registered passes in no family and not in leftOut: ${missing.join(', ')}\n`)
}

const dir = mkdtempSync(path.join(tmpdir(), 'tilepass-pass-scaling-'))
const curves: Curve[] = []
const started = new Date()
const startCommit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim()
const load = loadavg()
try {
  for (const family of families) {
    if (only !== undefined && !only.includes(family.name)) {
      continue
    }
    const sizes = sizesFor(family)
    const familyCurves = family.passes
      .filter((p) => passesArg === undefined || passesArg.some((name) => p.flag === `--${name}` || p.flag.includes(`(${name}`)))
      .map((p) => new Curve(family, p, sizes))
    for (const n of sizes) {
      const file = path.join(dir, `${family.name.replace(/ /g, '-')}-${n}.mlir`)
      writeFileSync(file, family.generate(n))
      for (const curve of familyCurves) {
        const pass = curve.pass
        const args = [...passArgs(family, pass), '--mlir-timing', '-o', '/dev/null', file]
        const mlirName = pass.mlirTimingName === undefined ? pass.timingName : pass.mlirTimingName
        const tp: Outcome = !runTilepass ? 'skipped' : curve.tilepassTimedOut ? 'skipped' : passSecondsOf('node', [TILEPASS_OPT, ...args], pass.timingName)
        // mlir-opt recurses once per nesting level: give it the stack deep nests need.
        const ml: Outcome =
          mlirName === null
            ? 'n/a'
            : !runMlir || curve.mlirTimedOut
              ? 'skipped'
              : passSecondsOf('bash', ['-c', 'ulimit -s unlimited 2>/dev/null; exec "$0" "$@"', MLIR_OPT, '--mlir-disable-threading', ...args], mlirName)
        curve.tilepassTimedOut ||= tp === 'timeout'
        curve.mlirTimedOut ||= ml === 'timeout'
        curve.tilepass.push(per(tp, n))
        curve.mlir.push(per(ml, n))
        process.stderr.write(`${family.name} ${pass.flag} ${n}: ${per(tp, n)} / ${per(ml, n)} µs per ${family.unit}\n`)
      }
    }
    curves.push(...familyCurves)
    if (write) {
      // After each family, so that a run cut short keeps what it measured.
      writeDoc(table())
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/** The curves as one Markdown table per family: rows are passes, columns sizes, cells tilepass / mlir-opt µs per unit. */
function table(): string {
  const out: string[] = []
  for (const family of families) {
    const rows = curves.filter((c) => c.family === family)
    if (rows.length === 0) {
      continue
    }
    const sizes = rows[0]!.sizes
    out.push(`### ${family.name} (µs per ${family.unit}, tilepass-opt / mlir-opt)`, '')
    out.push(`| Pass | ${sizes.map((n) => n.toLocaleString('en-US')).join(' | ')} |`)
    out.push(`|---|${sizes.map(() => '---|').join('')}`)
    for (const c of rows) {
      out.push(`| \`${c.pass.flag}\` | ${sizes.map((_, i) => `${c.tilepass[i]} / ${c.mlir[i]}`).join(' | ')} |`)
    }
    out.push('')
  }
  return out.join('\n')
}

process.stdout.write(`${table()}\n`)

/** Puts `result`, with the machine and the command, into the section of docs/performance.md. */
function writeDoc(result: string): void {
  const commit = startCommit
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : ''
  const kept = only === undefined ? null : keptFamilies(extractSection(doc, SECTION))
  const mlirVersion = /LLVM version [^\s]+/.exec(spawnSync(MLIR_OPT, ['--version'], { encoding: 'utf8' }).stdout)?.[0] ?? 'unknown'
  const argv = process.argv.slice(2).map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ')
  const body = [
    '## Performance: scaling of each pass',
    '',
    'Generated by `pnpm --filter @tilepass-tools/bench-passes bench:ipo-scaling --write`',
    '(tools/bench-passes/src/ipo-scaling.ts); do not edit by hand. Each input family grows',
    "with its size; each cell is the pass's own time (its line in `--mlir-timing`, one run)",
    'divided by the number of units, tilepass-opt / mlir-opt (`--mlir-disable-threading`,',
    'stack unlimited). A flat row scales linearly; a rising one has a superlinear cliff.',
    `One run per cell on a shared machine: the figures are indicative. A run cut off after ${limitSeconds} s shows as`,
    `">${limitSeconds} s" and the larger sizes of that pass are not run with that tool ("—").`,
    '',
    `Date: ${started.toISOString()}; Tilepass commit ${commit} (tilepass-opt built from it); mlir-opt ${mlirVersion};`,
    `Node.js ${process.version}; ${cpus().length} logical cores shared with other jobs; load average at start ${load.map((l) => l.toFixed(2)).join(', ')}.`,
    ...(kept === null || kept.tables === ''
      ? []
      : [
          '',
          `This run measured only: ${only!.join(', ')}${passesArg === undefined ? '' : ` (passes: ${passesArg.map((p) => `--${p}`).join(', ')})`}. The rest is kept from the earlier run (${kept.from}).`,
          ...(kept.note === '' ? [] : [`That run's own note: "${kept.note}"`]),
        ]),
    '',
    kept === null ? result : mergeTables(result, kept.tables),
    '```sh',
    `node --conditions=source --import tsx tools/bench-passes/src/ipo-scaling.ts ${argv}`,
    '```',
  ].join('\n')
  writeFileSync(DOC, replaceSection(doc, SECTION, body))
}

/** From a section written before: its families' tables (by name) and which run they came from. */
function keptFamilies(section: string): { tables: string; from: string; note: string } {
  const date = /Date: ([^;]+); Tilepass commit (\w+)/.exec(section)
  // The earlier run's own provenance line, so that a chain of partial runs keeps saying where each part came from.
  const note = /^This run measured only: .*$/m.exec(section)?.[0] ?? ''
  const fence = section.indexOf('```sh')
  const first = section.indexOf('### ')
  const tables = first < 0 ? '' : section.slice(first, fence < 0 ? undefined : fence)
  return { tables, from: date === null ? 'unknown date' : `${date[1]}, commit ${date[2]}`, note }
}

/** The tables of all families in their order: those measured now from `fresh`, the others from `old`. */
function mergeTables(fresh: string, old: string): string {
  const blocks = (text: string): Map<string, string> => {
    const out = new Map<string, string>()
    for (const block of text.split(/^(?=### )/m)) {
      const m = /^### (.+?) \(/.exec(block)
      if (m !== null) {
        out.set(m[1]!, `${block.trimEnd()}\n`)
      }
    }
    return out
  }
  const now = blocks(fresh)
  const before = blocks(old)
  const out: string[] = []
  for (const family of families) {
    const fresh = now.get(family.name)
    const kept = before.get(family.name)
    const block = fresh !== undefined && kept !== undefined && passesArg !== undefined ? mergeRows(fresh, kept, family.passes) : (fresh ?? kept)
    if (block !== undefined) {
      out.push(block)
    }
  }
  return out.join('\n')
}

/**
 * One family's table from a run limited by `--passes` (`fresh`) and the table written before
 * (`old`): the rows measured now replace theirs, the other rows are kept, in the order of
 * `passes`. When the two were measured at other sizes the old rows cannot share the
 * columns, and only `fresh` is kept.
 */
function mergeRows(fresh: string, old: string, passes: readonly PassCase[]): string {
  const split = (text: string): { head: string[]; rows: Map<string, string> } => {
    const head: string[] = []
    const rows = new Map<string, string>()
    for (const line of text.trimEnd().split('\n')) {
      const m = /^\| `([^`]+)` \|/.exec(line)
      if (m === null) {
        head.push(line)
      } else {
        rows.set(m[1]!, line)
      }
    }
    return { head, rows }
  }
  const a = split(fresh)
  const b = split(old)
  if (a.head.join('\n') !== b.head.join('\n')) {
    return fresh
  }
  const rows: string[] = []
  for (const pass of passes) {
    const row = a.rows.get(pass.flag) ?? b.rows.get(pass.flag)
    if (row !== undefined) {
      rows.push(row)
    }
  }
  return `${[...a.head, ...rows].join('\n')}\n`
}
