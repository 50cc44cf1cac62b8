/**
 * Compares tilepass-opt with mlir-opt byte for byte on the inputs in ../inputs, for each
 * pass pipeline below, and reports the identical fraction per pipeline.
 *
 * Usage: pnpm exec tsx --conditions=source tools/differential-passes/src/main.ts
 *          [--verbose | --diff] [--fuzz N [--seed S]] [--only PIPELINE] [--known FILE]
 * (`--fuzz N` compares on N modules of tools/differential's generator, seeds S..S+N-1,
 * instead of ../inputs; `--only` runs the one pipeline spelled as in the report;
 * `--known FILE` lists differences that are known (see known-differences.txt): they are
 * reported but do not fail the run, while a listed difference that no longer occurs does)
 * (`--conditions=source` makes the @tilepass packages load from src rather than dist).
 *
 * Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt). Without mlir-opt the run
 * is skipped (exit 0). Exit status 1 when a comparison differs that is not known, or a
 * known difference is gone.
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
import { generateSymbolModule } from './symbolModules.ts'
import { generateAffineModule } from './affineModules.ts'

/** The value after `flag` on the command line, or undefined when the flag is absent. */
function optionValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const fuzzCount = Number(optionValue('--fuzz') ?? '0')
const fuzzSeed = Number(optionValue('--seed') ?? '1')
const onlyPipeline = optionValue('--only')
const knownFile = optionValue('--known')

/**
 * The known differences of `file`: one `<pipeline> :: <input>` per line (the pipeline as
 * the report spells it), `#` comments and blank lines ignored.
 */
function readKnownDifferences(file: string | undefined): Set<string> {
  const known = new Set<string>()
  if (file === undefined) {
    return known
  }
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/#.*$/, '').trim()
    if (line !== '') {
      const [pipeline, input] = line.split(' :: ')
      known.add(`${pipeline?.trim() ?? ''} :: ${input?.trim() ?? ''}`)
    }
  }
  return known
}
const knownDifferences = readKnownDifferences(knownFile)
const inputsDir = fuzzCount > 0 ? generateFuzzInputs(fuzzCount) : fileURLToPath(new URL('../inputs/', import.meta.url))

/** Writes `count` random modules of tools/differential's generator (seed 1 onwards) to a temporary directory. */
function generateFuzzInputs(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tilepass-differential-passes-'))
  const features = allFeatures()
  for (let i = 0; i < count; i++) {
    writeFileSync(path.join(dir, `fuzz-${String(i + fuzzSeed).padStart(4, '0')}.mlir`), generateModule(i + fuzzSeed, features))
    // Nested symbol tables and visibilities for the interprocedural passes (symbolModules.ts).
    writeFileSync(path.join(dir, `ipo-fuzz-${String(i + fuzzSeed).padStart(4, '0')}.mlir`), generateSymbolModule(i + fuzzSeed))
    // Chains of affine.apply feeding affine ops, for canonicalize and lower-affine (affineModules.ts).
    writeFileSync(path.join(dir, `affine-fuzz-${String(i + fuzzSeed).padStart(4, '0')}.mlir`), generateAffineModule(i + fuzzSeed))
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
  // Affine map composition and simplification, and its lowering (hand inputs affine-*, generated affine-fuzz-*).
  affine: [['--lower-affine'], ['-p', 'builtin.module(func.func(canonicalize,lower-affine,canonicalize))']],
  // Interprocedural passes at every scope over nested symbol tables (generated as ipo-fuzz-*).
  // (Not remove-dead-values: on these modules mlir-opt 22 crashes on half of them and
  // rewrites the signatures of `nested` functions that have non-call uses, which
  // tilepass-opt deliberately leaves alone; see README.)
  ipo: [
    ['-p', 'builtin.module(builtin.module(sccp))'],
    ['--symbol-dce'],
    ['-p', 'builtin.module(builtin.module(symbol-dce))'],
    ['--symbol-privatize'],
    ['-p', 'builtin.module(builtin.module(inline))'],
  ],
}

/** The pipelines compared on every input, as command-line arguments shared by both tools. */
const pipelines: readonly (readonly string[])[] = [
  ['--canonicalize'],
  ['--cse'],
  ['-p', 'builtin.module(func.func(cse,canonicalize))'],
  ['--canonicalize=top-down=false'],
  ['--canonicalize=region-simplify=disabled'],
  ['--canonicalize=region-simplify=aggressive'],
  ['--cse', '--mlir-print-debuginfo'],
  ['--canonicalize=enable-patterns=none'],
  ['--sccp'],
  // A function-scoped run: calls are opaque to the analysis.
  ['-p', 'builtin.module(func.func(sccp))'],
  ['--inline'],
  ['-p', 'builtin.module(inline{default-pipeline=})'],
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
  try {
    const code = main([...args], io)
    return { out, err, code }
  } catch (e) {
    // A crash is a difference, not the end of the comparison.
    return { out, err: `${err}tilepass-opt threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`, code: -1 }
  }
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
let unexpected = 0
let knownSeen = 0
const fixedKnown: string[] = []
for (const { pipeline, inputs } of runs) {
  const spelled = pipeline.join(' ')
  if (onlyPipeline !== undefined && spelled !== onlyPipeline) {
    continue
  }
  let same = 0
  const crashed: string[] = []
  const failures: string[] = []
  const known: string[] = []
  for (const f of inputs) {
    const file = path.join(inputsDir, f)
    const args = ['--allow-unregistered-dialect', ...pipeline, file]
    const expected = spawnSync(mlirOpt, args, { encoding: 'utf8' })
    const actual = runTilepass(args)
    if (expected.signal !== null || expected.stderr.includes('PLEASE submit a bug report')) {
      // mlir-opt itself crashed: there is no reference output to compare with.
      crashed.push(f)
      continue
    }
    const ok = expected.stdout === actual.out && expected.stderr === actual.err && (expected.status ?? 1) === actual.code
    const isKnown = knownDifferences.has(`${spelled} :: ${f}`)
    if (ok) {
      same++
      if (isKnown) {
        fixedKnown.push(`${spelled} :: ${f}`)
      }
      continue
    }
    if (isKnown) {
      known.push(f)
    } else {
      failures.push(f)
    }
    if (showDiff) {
      process.stdout.write(`--- ${f} ${spelled}\n${unifiedDiff(expected.stdout + expected.stderr, actual.out + actual.err)}\n`)
    } else if (verbose) {
      process.stdout.write(`--- ${f} ${spelled}\n--- mlir-opt:\n${expected.stdout}${expected.stderr}\n--- tilepass-opt:\n${actual.out}${actual.err}\n`)
    }
  }
  unexpected += failures.length
  knownSeen += known.length
  const compared = inputs.length - crashed.length
  const pct = compared === 0 ? 100 : Math.round((same / compared) * 1000) / 10
  const notes = `${failures.length ? `; differ: ${failures.join(', ')}` : ''}${known.length ? `; known differences: ${known.join(', ')}` : ''}`
  const skipped = crashed.length ? `; mlir-opt crashed on ${crashed.length} (not compared)` : ''
  process.stdout.write(`${spelled}: ${same}/${compared} identical (${pct}%)${notes}${skipped}\n`)
}
for (const k of fixedKnown) {
  process.stdout.write(`differential-passes: known difference no longer occurs (remove it from ${knownFile}): ${k}\n`)
}
if (knownFile !== undefined) {
  process.stdout.write(`differential-passes: ${unexpected} unexpected difference(s), ${knownSeen} known, ${fixedKnown.length} stale known entr${fixedKnown.length === 1 ? 'y' : 'ies'}\n`)
}
process.exitCode = unexpected > 0 || fixedKnown.length > 0 ? 1 : 0
