// The fuzz driver: generates cases (textual IR, pipelines, pass options, driver flags) from
// fixed seeds, runs each through tilepass-opt in a worker thread, and reports every case that
// let an exception escape, printed an internal error, failed without a message, or ran past
// the hang limit. See ../README.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { tilepassOptMain } from '@tilepass/cli'
import fc from 'fast-check'
import type { FuzzCase, FuzzReply } from './worker.ts'
import { CASE_KINDS, caseArb, type CaseKind, type GeneratedCase } from './cases.ts'
import { flagArgsArb, loadPasses, pipelineArgsArb, readFlags } from './commandLine.ts'
import { buildTileBytes, tileCommandLine } from './tileCase.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    'seed-from': { type: 'string' },
    'time-limit': { type: 'string', default: '0' },
    'hang-ms': { type: 'string', default: '10000' },
    batch: { type: 'string', default: '200' },
    out: { type: 'string' },
    'first-batch': { type: 'string', default: '0' },
    known: { type: 'string' },
    kind: { type: 'string', default: 'all' },
    stats: { type: 'string', default: '0' },
  },
})

/**
 * Known findings (`--known FILE`): lines `<text in the command line> :: <text in the problem>`
 * (`#` starts a comment); a matching finding is counted as known, not reported as new.
 */
const known = values.known === undefined ? [] : readFileSync(values.known, 'utf8').split('\n').map((l) => l.replace(/#.*$/, '').trim()).filter((l) => l !== '').map((l) => l.split(' :: ') as [string, string])
let knownCount = 0

const runs = Number(values.runs)
const hangMs = Number(values['hang-ms'])
const batchSize = Number(values.batch)
const timeLimitMs = Number(values['time-limit']) * 1000
// `--seed-from <text>` (a commit hash in CI) picks a fixed seed that rotates with the text.
const seed = values['seed-from'] !== undefined ? seedFromText(values['seed-from']) : Number(values.seed)

function seedFromText(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0
  }
  return h & 0x7fffffff
}

const root = new URL('../../../', import.meta.url)
let help = ''
tilepassOptMain(['--help'], { stdout: (t) => (help += t), stderr: () => undefined, readFile: () => '', writeFile: () => undefined })
// `--kind` restricts a campaign to one kind of case (the seed/index of a finding then holds with the same `--kind`).
const kind = values.kind as CaseKind
if (!CASE_KINDS.includes(kind)) {
  process.stderr.write(`fuzz: --kind must be one of ${CASE_KINDS.join(', ')}\n`)
  process.exit(2)
}
const arb = caseArb(pipelineArgsArb(loadPasses(root)), flagArgsArb(readFlags(help)), kind)

/** One worker thread running cases; restarted after a hang. */
class CaseRunner {
  private worker: Worker | null = null
  private ready: Promise<void> | null = null

  private start(): Promise<void> {
    const require = createRequire(import.meta.url)
    const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(require.resolve('tsx/package.json'))).href
    const target = new URL('./worker.ts', import.meta.url).href
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}) })`
    // The driver runs deep inputs too: the worker gets a large stack, as tilepass-opt's launcher does.
    const worker = new Worker(code, { eval: true, execArgv: ['--conditions=source'], workerData: { fuzzWorker: true }, resourceLimits: { stackSizeMb: 256 } })
    this.worker = worker
    return new Promise((resolve, reject) => {
      const onReady = (m: FuzzReply): void => {
        if (m.id === -1) {
          worker.off('message', onReady)
          resolve()
        }
      }
      worker.on('message', onReady)
      worker.once('error', reject)
    })
  }

  async run(c: FuzzCase): Promise<FuzzReply | 'hang'> {
    this.ready ??= this.start()
    await this.ready
    const worker = this.worker!
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        worker.off('message', onMessage)
        void worker.terminate()
        this.worker = null
        this.ready = null
        resolve('hang')
      }, hangMs)
      const onMessage = (reply: FuzzReply): void => {
        if (reply.id === c.id) {
          clearTimeout(timer)
          worker.off('message', onMessage)
          resolve(reply)
        }
      }
      worker.on('message', onMessage)
      worker.postMessage(c)
    })
  }

  async stop(): Promise<void> {
    await this.worker?.terminate()
  }
}

interface Finding {
  readonly seed: number
  readonly index: number
  readonly case: GeneratedCase
  readonly problem: string
}

/** The command line of a case (the program, its arguments, the input file). */
function commandLineOf(c: GeneratedCase): string[] {
  return c.tile !== null ? tileCommandLine(c.tile) : ['tilepass-opt', ...c.argv, 'in.mlir']
}

const runner = new CaseRunner()
const findings: Finding[] = []
const started = Date.now()
let done = 0
let rcNonZero = 0
let slowest = 0
// `--stats N`: per kind, how many cases were rejected and the N commonest causes (first error lines).
const statsTop = Number(values.stats)
const stats = new Map<string, { cases: number; rejected: number; causes: Map<string, number> }>()

function count(c: GeneratedCase, reply: FuzzReply): void {
  let s = stats.get(c.kind)
  if (s === undefined) {
    s = { cases: 0, rejected: 0, causes: new Map() }
    stats.set(c.kind, s)
  }
  s.cases++
  if (reply.rc !== 0) {
    s.rejected++
    const cause = reply.diag ?? '(no error line)'
    s.causes.set(cause, (s.causes.get(cause) ?? 0) + 1)
  }
}
const outDir = values.out ?? join(tmpdir(), `tilepass-fuzz-${seed}`)

/**
 * Writes a finding at once (a long campaign may be cut short) and reports it: the input
 * (`finding-N.mlir`, or for bytecode the module written and `finding-N.tilebc`, the
 * mutated bytes) and `finding-N.txt` (seed, index, command line, mutations, problem).
 */
function report(f: Finding): void {
  const commandLine = commandLineOf(f.case)
  const line = commandLine.join(' ')
  if (known.some(([arg, problem]) => line.includes(arg) && f.problem.includes(problem ?? ''))) {
    knownCount++
    return
  }
  const k = findings.length
  findings.push(f)
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, `finding-${k}.mlir`), f.case.text)
  const tile = f.case.tile
  let input = `finding-${k}.mlir`
  let details = ''
  if (tile !== null) {
    const built = buildTileBytes(tile)
    input = `finding-${k}.tilebc`
    if (built.bytes !== null) {
      writeFileSync(join(outDir, input), built.bytes)
    }
    details = `module written as bytecode ${tile.module.version} (finding-${k}.mlir), then mutated: ${JSON.stringify(tile.mutations)}\n`
  }
  const shown = commandLine.map((a) => (a === 'in.mlir' || a === 'in.tilebc' ? input : JSON.stringify(a)))
  writeFileSync(join(outDir, `finding-${k}.txt`), `seed ${f.seed} index ${f.index} kind ${kind}\n${shown.join(' ')}\n${details}\n${f.problem}\n`)
  process.stdout.write(`finding ${k}: ${line}\n  ${f.problem.split('\n').slice(0, 3).join('\n  ')}\n`)
}

// `--first-batch` resumes a campaign (or replays a finding) from a later batch.
for (let batch = Number(values['first-batch']); done < runs; batch++) {
  if (timeLimitMs > 0 && Date.now() - started > timeLimitMs) {
    break
  }
  const batchSeed = (seed + batch * 7919) | 0
  const cases = fc.sample(arb, { seed: batchSeed, numRuns: Math.min(batchSize, runs - done) })
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i]!
    const t0 = Date.now()
    const reply = await runner.run({ id: done, argv: [...c.argv, 'in.mlir'], text: c.text, tile: c.tile })
    slowest = Math.max(slowest, Date.now() - t0)
    if (reply === 'hang') {
      report({ seed: batchSeed, index: i, case: c, problem: `no result within ${hangMs} ms` })
    } else {
      if (reply.rc !== 0) {
        rcNonZero++
      }
      if (statsTop > 0) {
        count(c, reply)
      }
      if (reply.problem !== null) {
        report({ seed: batchSeed, index: i, case: c, problem: reply.problem })
      }
    }
    done++
  }
  if (batch % 50 === 49) {
    process.stderr.write(`fuzz: ${done} cases, ${findings.length} findings, ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
  }
}
await runner.stop()

const seconds = (Date.now() - started) / 1000
process.stdout.write(
  `fuzz: seed ${seed}${kind === 'all' ? '' : ` (${kind})`}: ${done} cases in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s), ${rcNonZero} rejected with a diagnostic, slowest ${slowest} ms, ${findings.length} findings${knownCount > 0 ? ` (and ${knownCount} known)` : ''}\n`,
)
for (const [k, st] of stats) {
  process.stdout.write(`fuzz: ${k}: ${st.cases} cases, ${st.rejected} rejected (${((100 * st.rejected) / st.cases).toFixed(1)}%), ${st.cases - st.rejected} reach the passes and the printer\n`)
  for (const [cause, n] of [...st.causes].sort((a, b) => b[1] - a[1]).slice(0, statsTop)) {
    process.stdout.write(`  ${String(n).padStart(6)}  ${cause}\n`)
  }
}
if (findings.length > 0) {
  process.stdout.write(`fuzz: findings written to ${outDir}\n`)
  process.exitCode = 1
}
