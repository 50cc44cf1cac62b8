/**
 * Runs the upstream MLIR lit corpus (conformance/mlir/run.sh) against the built
 * tilepass-opt and judges the result against tools/conformance/expected-pass.txt; then
 * runs NVIDIA's cuda_tile corpus (conformance/cuda-tile/run.sh) against tilepass-opt and
 * tilepass-translate and judges it against tools/conformance/expected-pass-cuda-tile.txt.
 *
 * Usage: pnpm test:conformance [--strict]
 *
 * Environment:
 *   TILEPASS_CONFORMANCE_DIR  the corpus (the directory holding mlir/run.sh); default
 *                             ../shared/conformance next to the repository, or next to
 *                             the checkout this one was cloned from
 *   TILEPASS_OPT              the binary under test; default node_modules/.bin/tilepass-opt
 *   TILEPASS_TRANSLATE        the cuda_tile translate binary; default node_modules/.bin/tilepass-translate
 *   CONFORMANCE_STRICT=1      like --strict: every file of the corpus must pass
 *
 * When the corpus or lit is missing, the run is skipped (exit 0) unless it is strict or
 * expected-pass.txt lists files, because then a skip would hide a regression.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { judge, parseExpectations } from './expectations.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const strict = process.argv.includes('--strict') || ['1', 'true'].includes(process.env.CONFORMANCE_STRICT ?? '')
const expected = parseExpectations(readFileSync(path.join(root, 'tools/conformance/expected-pass.txt'), 'utf8'))

function say(message: string): void {
  process.stdout.write(`conformance: ${message}\n`)
}

/** Ends the run without results: an error when strict or when files are expected to pass. */
function cannotRun(reason: string): never {
  if (strict || expected.length > 0) {
    process.stderr.write(`conformance: error: ${reason}\n`)
    process.exit(1)
  }
  say(`SKIPPED: ${reason}`)
  process.exit(0)
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory()
}

function findCorpus(): string | undefined {
  const override = process.env.TILEPASS_CONFORMANCE_DIR
  if (override !== undefined && override !== '') {
    return path.resolve(override)
  }
  const candidates = [path.resolve(root, '../shared/conformance')]
  // A clone made for CI (git clone /path/to/main /tmp/x) finds the corpus next to its origin.
  const origin = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: root, encoding: 'utf8' })
  const url = origin.status === 0 ? origin.stdout.trim() : ''
  if (url !== '' && isDirectory(url)) {
    candidates.push(path.resolve(url, '../shared/conformance'))
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'mlir/run.sh')))
}

const corpus = findCorpus()
if (corpus === undefined) {
  cannotRun('no conformance corpus found at ../shared/conformance (set TILEPASS_CONFORMANCE_DIR)')
}
if (!existsSync(path.join(corpus, 'mlir/run.sh'))) {
  cannotRun(`TILEPASS_CONFORMANCE_DIR=${corpus} has no mlir/run.sh`)
}

const binary = path.resolve(process.env.TILEPASS_OPT ?? path.join(root, 'node_modules/.bin/tilepass-opt'))
if (process.env.TILEPASS_OPT === undefined && !existsSync(path.join(root, 'packages/cli/dist/tilepass-opt.js'))) {
  say('tilepass-opt is not built yet; running pnpm build')
  if (spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    process.stderr.write('conformance: error: pnpm build failed\n')
    process.exit(1)
  }
}
if (!existsSync(binary)) {
  process.stderr.write(`conformance: error: ${binary} does not exist (pnpm install links it)\n`)
  process.exit(1)
}

interface CorpusRun {
  /** Corpus directory below the conformance root (`mlir`, `cuda-tile`). */
  readonly dir: string
  /** The binaries passed to run.sh, in order. */
  readonly binaries: readonly string[]
  /** The expected-pass list (path below the repository root) and its parsed entries. */
  readonly listName: string
  readonly expected: readonly string[]
}

/** Runs one corpus with lit and judges it; returns whether the verdict is ok. */
function runCorpus(corpusRoot: string, run: CorpusRun): boolean {
  const script = path.join(corpusRoot, run.dir, 'run.sh')
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-conformance-'))
  const resultsFile = path.join(scratch, 'results.json')
  say(`running ${script} against ${run.binaries.join(' ')}`)
  const lit = spawnSync('bash', [script, ...run.binaries, '-q', `--output=${resultsFile}`], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (!existsSync(resultsFile)) {
    rmSync(scratch, { recursive: true, force: true })
    cannotRun(`lit produced no results (exit status ${lit.status}); are llvm-22-tools and mlir-22-tools installed?`)
  }
  const report = JSON.parse(readFileSync(resultsFile, 'utf8')) as { tests: { name: string; code: string }[] }
  rmSync(scratch, { recursive: true, force: true })

  const results = new Map(
    report.tests.map((t) => [t.name.slice(t.name.indexOf(' :: ') + 4), t.code === 'PASS' || t.code === 'XFAIL'] as const),
  )
  const verdict = judge(results, run.expected, strict)
  say(`${verdict.passed.length} of ${results.size} files pass (${run.expected.length} expected to pass${strict ? ', strict: all must pass' : ''})`)
  for (const file of verdict.newlyPassing) {
    say(`passes but is not in ${run.listName} (add it): ${file}`)
  }
  for (const file of verdict.regressions) {
    process.stderr.write(`conformance: error: expected to pass but failed: ${file}\n`)
  }
  for (const file of verdict.unknown) {
    process.stderr.write(`conformance: error: listed in ${path.basename(run.listName)} but not in the corpus: ${file}\n`)
  }
  if (strict && verdict.failed.length > 0) {
    process.stderr.write(`conformance: error: strict mode and ${verdict.failed.length} file(s) fail\n`)
  }
  return verdict.ok
}

let ok = runCorpus(corpus, { dir: 'mlir', binaries: [binary], listName: 'tools/conformance/expected-pass.txt', expected })

// NVIDIA's cuda_tile corpus: tilepass-opt in place of cuda-tile-opt, tilepass-translate in
// place of cuda-tile-translate (/bin/false when it is not there: the files that need it fail).
const cudaTileList = 'tools/conformance/expected-pass-cuda-tile.txt'
const cudaTileExpected = parseExpectations(readFileSync(path.join(root, cudaTileList), 'utf8'))
if (existsSync(path.join(corpus, 'cuda-tile/run.sh'))) {
  const translate = path.resolve(process.env.TILEPASS_TRANSLATE ?? path.join(root, 'node_modules/.bin/tilepass-translate'))
  ok =
    runCorpus(corpus, {
      dir: 'cuda-tile',
      binaries: [binary, existsSync(translate) ? translate : '/bin/false'],
      listName: cudaTileList,
      expected: cudaTileExpected,
    }) && ok
} else if (cudaTileExpected.length > 0 || strict) {
  process.stderr.write(`conformance: error: ${corpus} has no cuda-tile/run.sh but ${cudaTileList} lists files\n`)
  ok = false
}
process.exitCode = ok ? 0 : 1
