/**
 * Compares tilepass-opt with mlir-opt byte for byte on the inputs in ../inputs, for each
 * pass pipeline below, and reports the identical fraction per pipeline.
 *
 * Usage: pnpm exec tsx --conditions=source tools/differential-passes/src/main.ts [--verbose] [--fuzz N]
 * (`--fuzz N` compares on N modules of tools/differential's generator instead of ../inputs)
 * (`--conditions=source` makes the @tilepass packages load from src rather than dist).
 *
 * Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt). Without mlir-opt the run
 * is skipped (exit 0). Exit status 1 when any comparison differs.
 *
 * tilepass-opt runs in this process from the TypeScript sources, so no build is needed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { main } from '../../../packages/cli/src/tilepass-opt.ts'
import type { ToolIO } from '../../../packages/cli/src/ToolIO.ts'
import { allFeatures } from '../../differential/src/features.ts'
import { generateModule } from '../../differential/src/generate.ts'

/** The value after `flag` on the command line, or undefined when the flag is absent. */
function optionValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const fuzzCount = Number(optionValue('--fuzz') ?? '0')
const fuzzSeed = Number(optionValue('--seed') ?? '1')
const onlyPipeline = optionValue('--only')
const inputsDir = fuzzCount > 0 ? generateFuzzInputs(fuzzCount) : fileURLToPath(new URL('../inputs/', import.meta.url))

/** Writes `count` random modules of tools/differential's generator (seed 1 onwards) to a temporary directory. */
function generateFuzzInputs(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-passes-'))
  const features = allFeatures()
  for (let i = 0; i < count; i++) {
    writeFileSync(path.join(dir, `fuzz-${String(i + fuzzSeed).padStart(4, '0')}.mlir`), generateModule(i + fuzzSeed, features))
  }
  process.stdout.write(`differential-passes: ${count} generated inputs in ${dir}\n`)
  return dir
}
const mlirOpt = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const verbose = process.argv.includes('--verbose')
const showDiff = process.argv.includes('--diff')

/** A unified diff (diff -u) of mlir-opt's output against tilepass-opt's. */
function unifiedDiff(expected: string, actual: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-diff-'))
  writeFileSync(path.join(dir, 'mlir-opt'), expected)
  writeFileSync(path.join(dir, 'tilepass-opt'), actual)
  const r = spawnSync('diff', ['-u', 'mlir-opt', 'tilepass-opt'], { cwd: dir, encoding: 'utf8' })
  return r.stdout
}

/** Pipelines compared only on the inputs whose name starts with the key. */
const pipelinesByPrefix: Readonly<Record<string, readonly (readonly string[])[]>> = {
  symbols: [['--symbol-dce'], ['--symbol-privatize'], ['--symbol-privatize=exclude=pub,dead'], ['-p', 'builtin.module(symbol-privatize,symbol-dce)']],
  'graph-sort': [['--topological-sort']],
  licm: [['--loop-invariant-code-motion'], ['-p', 'builtin.module(func.func(loop-invariant-code-motion,cse,canonicalize))']],
  sccp: [['-p', 'builtin.module(sccp,canonicalize)']],
  locations: [['--strip-debuginfo', '--mlir-print-debuginfo'], ['--cse', '--mlir-print-debuginfo'], ['--canonicalize', '--mlir-print-debuginfo']],
  view: [['--view-op-graph'], ['--view-op-graph=print-control-flow-edges=true print-data-flow-edges=false'], ['--view-op-graph=max-label-len=4 print-result-types=false']],
  'dead-values': [['--remove-dead-values'], ['--remove-dead-values=canonicalize=false']],
}

/** The pipelines compared on every input, as command-line arguments shared by both tools. */
const pipelines: readonly (readonly string[])[] = [
  ['--canonicalize'],
  ['--cse'],
  ['-p', 'builtin.module(func.func(cse,canonicalize))'],
  ['--canonicalize=top-down=false'],
  ['--canonicalize=region-simplify=disabled'],
  ['--cse', '--mlir-print-debuginfo'],
  ['--canonicalize=enable-patterns=none'],
  ['--sccp'],
]

function runTilepass(args: readonly string[]): { out: string; err: string; code: number } {
  let out = ''
  let err = ''
  const io: ToolIO = {
    stdout: (t) => {
      out += t
    },
    stderr: (t) => {
      err += t
    },
    readFile: (p) => readFileSync(p, 'utf8'),
    writeFile: () => {
      throw new Error('not supported')
    },
  }
  const code = main([...args], io)
  return { out, err, code }
}

if (!existsSync(mlirOpt)) {
  process.stdout.write(`differential-passes: SKIPPED: ${mlirOpt} not found\n`)
  process.exit(0)
}

const allInputs = readdirSync(inputsDir)
  .filter((f) => f.endsWith('.mlir'))
  .sort()
const runs: { pipeline: readonly string[]; inputs: string[] }[] = pipelines.map((pipeline) => ({ pipeline, inputs: allInputs }))
for (const [prefix, list] of Object.entries(pipelinesByPrefix)) {
  for (const pipeline of list) {
    runs.push({ pipeline, inputs: allInputs.filter((f) => f.startsWith(prefix)) })
  }
}
let anyDiff = false
for (const { pipeline, inputs } of runs) {
  if (onlyPipeline !== undefined && pipeline.join(' ') !== onlyPipeline) {
    continue
  }
  let same = 0
  const failures: string[] = []
  for (const f of inputs) {
    const file = path.join(inputsDir, f)
    const args = ['--allow-unregistered-dialect', ...pipeline, file]
    const expected = spawnSync(mlirOpt, args, { encoding: 'utf8' })
    const actual = runTilepass(args)
    const ok = expected.stdout === actual.out && expected.stderr === actual.err && (expected.status ?? 1) === actual.code
    if (ok) {
      same++
    } else {
      failures.push(f)
      if (showDiff) {
        process.stdout.write(`--- ${f} ${pipeline.join(' ')}\n${unifiedDiff(expected.stdout + expected.stderr, actual.out + actual.err)}\n`)
      } else if (verbose) {
        process.stdout.write(`--- ${f} ${pipeline.join(' ')}\n--- mlir-opt:\n${expected.stdout}${expected.stderr}\n--- tilepass-opt:\n${actual.out}${actual.err}\n`)
      }
    }
  }
  anyDiff = anyDiff || failures.length > 0
  const pct = inputs.length === 0 ? 100 : Math.round((same / inputs.length) * 1000) / 10
  process.stdout.write(`${pipeline.join(' ')}: ${same}/${inputs.length} identical (${pct}%)${failures.length ? `; differ: ${failures.join(', ')}` : ''}\n`)
}
process.exitCode = anyDiff ? 1 : 0
