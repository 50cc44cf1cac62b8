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
import { caseArb } from './cases.ts'
import { flagArgsArb, loadPasses, pipelineArgsArb, readFlags } from './commandLine.ts'

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
const arb = caseArb(pipelineArgsArb(loadPasses(root)), flagArgsArb(readFlags(help)))

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
  readonly argv: readonly string[]
  readonly text: string
  readonly problem: string
}

const runner = new CaseRunner()
const findings: Finding[] = []
const started = Date.now()
let done = 0
let rcNonZero = 0
let slowest = 0
const outDir = values.out ?? join(tmpdir(), `tilepass-fuzz-${seed}`)

/** Writes a finding at once (a long campaign may be cut short) and reports it. */
function report(f: Finding): void {
  const commandLine = f.argv.join(' ')
  if (known.some(([arg, problem]) => commandLine.includes(arg) && f.problem.includes(problem ?? ''))) {
    knownCount++
    return
  }
  const k = findings.length
  findings.push(f)
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, `finding-${k}.mlir`), f.text)
  writeFileSync(join(outDir, `finding-${k}.txt`), `seed ${f.seed} index ${f.index}\ntilepass-opt ${f.argv.map((a) => JSON.stringify(a)).join(' ')} finding-${k}.mlir\n\n${f.problem}\n`)
  process.stdout.write(`finding ${k}: ${f.argv.join(' ')}\n  ${f.problem.split('\n').slice(0, 3).join('\n  ')}\n`)
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
    const reply = await runner.run({ id: done, argv: [...c.argv, 'in.mlir'], text: c.text })
    slowest = Math.max(slowest, Date.now() - t0)
    if (reply === 'hang') {
      report({ seed: batchSeed, index: i, argv: c.argv, text: c.text, problem: `no result within ${hangMs} ms` })
    } else {
      if (reply.rc !== 0) {
        rcNonZero++
      }
      if (reply.problem !== null) {
        report({ seed: batchSeed, index: i, argv: c.argv, text: c.text, problem: reply.problem })
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
  `fuzz: seed ${seed}: ${done} cases in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s), ${rcNonZero} rejected with a diagnostic, slowest ${slowest} ms, ${findings.length} findings${knownCount > 0 ? ` (and ${knownCount} known)` : ''}\n`,
)
if (findings.length > 0) {
  process.stdout.write(`fuzz: findings written to ${outDir}\n`)
  process.exitCode = 1
}
