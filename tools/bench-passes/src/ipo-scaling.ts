/**
 * Scaling of the interprocedural passes beside mlir-opt 22: each input family is doubled
 * from 1k units up to a limit and both tools run the pass on it (mlir-opt with
 * --mlir-disable-threading); the report is the pass's time per unit from each tool's
 * `--mlir-timing`, so a superlinear cliff shows as a rising column.
 *
 *   node --conditions=source --import tsx tools/bench-passes/src/ipo-scaling.ts [--max N] [--only FAMILY]
 *
 * Families: call chains (functions), call fan-in (callers of one function), independent
 * functions with one private callee each, and region nesting depth (nested
 * scf.execute_region). Uses the built CLI (`pnpm build` first).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const TILEPASS_OPT = path.join(root, 'packages', 'cli', 'bin', 'tilepass-opt.js')

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const maxUnits = Number(argValue('--max') ?? '64000')
const only = argValue('--only')

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

interface Family {
  readonly name: string
  readonly unit: string
  readonly generate: (n: number) => string
  readonly passes: readonly { readonly flag: string; readonly timingName: string }[]
  /** Largest size worth running (mlir-opt itself is superlinear in nesting depth for some passes). */
  readonly max: number
}

const ipoPasses = [
  { flag: '--sccp', timingName: 'SCCP' },
  { flag: '--remove-dead-values', timingName: 'RemoveDeadValues' },
  { flag: '--inline', timingName: 'Inliner' },
  { flag: '--symbol-dce', timingName: 'SymbolDCE' },
]
const families: readonly Family[] = [
  { name: 'call chain', unit: 'function', generate: callChain, passes: ipoPasses, max: 64000 },
  { name: 'call fan-in', unit: 'caller', generate: fanIn, passes: ipoPasses, max: 64000 },
  { name: 'function pairs', unit: 'pair', generate: pairs, passes: ipoPasses, max: 64000 },
  {
    name: 'nesting depth',
    unit: 'level',
    generate: nesting,
    passes: [
      { flag: '--sccp', timingName: 'SCCP' },
      { flag: '--remove-dead-values', timingName: 'RemoveDeadValues' },
      { flag: '-p=builtin.module(inline{default-pipeline=})', timingName: 'Inliner' },
    ],
    max: 8000,
  },
]

/** The wall time in seconds that `--mlir-timing` reports for the top-level entry `name`, or NaN. */
function passSeconds(stderr: string, name: string): number {
  for (const line of stderr.split('\n')) {
    const m = /^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(.*)$/.exec(line)
    if (m !== null && m[2] === name) {
      return Number(m[1])
    }
  }
  return Number.NaN
}

const dir = mkdtempSync(path.join(tmpdir(), 'tilepass-ipo-scaling-'))
try {
  process.stdout.write('| family | pass | units | tilepass µs/unit | mlir-opt µs/unit |\n|---|---|---|---|---|\n')
  for (const family of families) {
    if (only !== undefined && family.name !== only) {
      continue
    }
    for (let n = 1000; n <= Math.min(maxUnits, family.max); n *= 2) {
      const file = path.join(dir, `${family.name.replace(/ /g, '-')}-${n}.mlir`)
      writeFileSync(file, family.generate(n))
      for (const pass of family.passes) {
        const tpSeconds = passSecondsOf('node', [TILEPASS_OPT, pass.flag, '--mlir-timing', '-o', '/dev/null', file], pass.timingName)
        // mlir-opt recurses once per nesting level: give it the stack deep nests need.
        const mlSeconds = passSecondsOf(
          'bash',
          ['-c', 'ulimit -s unlimited 2>/dev/null; exec "$0" "$@"', MLIR_OPT, '--mlir-disable-threading', pass.flag, '--mlir-timing', '-o', '/dev/null', file],
          pass.timingName,
        )
        const per = (s: number): string => (Number.isNaN(s) ? 'failed' : ((s * 1e6) / n).toFixed(1))
        process.stdout.write(`| ${family.name} | ${pass.flag} | ${n} | ${per(tpSeconds)} | ${per(mlSeconds)} |\n`)
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/** Runs `cmd` and reads the time of the pass `name` from its timing report (NaN when it fails). */
function passSecondsOf(cmd: string, args: readonly string[], name: string): number {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, timeout: 600_000 })
  return r.status === 0 ? passSeconds(r.stderr, name) : Number.NaN
}
