/**
 * Compares tilepass-opt with several mlir-opt runs function by function, for pipelines where
 * mlir-opt 22 is not deterministic (`--remove-dead-values` on larger modules: see README).
 * A function counts as identical when some mlir-opt run prints it byte for byte.
 *
 * Usage: pnpm exec tsx tools/differential-passes/src/perFunction.ts [--runs N] [--pipeline ARGS] FILE...
 * (`--runs` defaults to 8; `--pipeline` is one argument split at spaces, default
 * `--remove-dead-values`; both tools also get `--mlir-disable-threading`).
 *
 * Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), TILEPASS_OPT (default
 * packages/cli/bin/tilepass-opt.js, so run `pnpm build` first). Exit status 1 when a function
 * of tilepass-opt's output is printed by no mlir-opt run, or a tool fails.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const mlirOpt = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const tilepassOpt = process.env.TILEPASS_OPT ?? fileURLToPath(new URL('../../../packages/cli/bin/tilepass-opt.js', import.meta.url))

const argv = process.argv.slice(2)
let runs = 8
let pipeline = ['--remove-dead-values']
const files: string[] = []
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--runs') {
    runs = Number(argv[++i])
  } else if (argv[i] === '--pipeline') {
    pipeline = (argv[++i] ?? '').split(' ').filter((a) => a !== '')
  } else {
    files.push(argv[i]!)
  }
}

/** The top-level functions of a printed module by name (each from its `func.func` line to the next). */
function splitFunctions(text: string): Map<string, string> {
  const functions = new Map<string, string>()
  let name: string | null = null
  let lines: string[] = []
  const flush = (): void => {
    if (name !== null) {
      functions.set(name, lines.join('\n'))
    }
  }
  for (const line of text.split('\n')) {
    const m = /^ {2}func\.func (?:private |nested )?@([\w$.]+)/.exec(line)
    if (m !== null) {
      flush()
      name = m[1]!
      lines = []
    }
    lines.push(line)
  }
  flush()
  return functions
}

/** Runs `command` on `file`; the printed module, or null (reported) when it fails. */
function run(command: string, prefix: readonly string[], file: string): string | null {
  const r = spawnSync(command, [...prefix, '--mlir-disable-threading', ...pipeline, file], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (r.status !== 0) {
    process.stdout.write(`${file}: ${command} failed (exit ${String(r.status)}): ${r.stderr.slice(0, 200)}\n`)
    return null
  }
  return r.stdout
}

let failed = false
for (const file of files) {
  const ours = run(process.execPath, [tilepassOpt], file)
  const upstream: Map<string, string>[] = []
  for (let i = 0; i < runs; i++) {
    const out = run(mlirOpt, [], file)
    if (out === null) {
      break
    }
    upstream.push(splitFunctions(out))
  }
  if (ours === null || upstream.length < runs) {
    failed = true
    continue
  }
  const mine = splitFunctions(ours)
  let varying = 0
  const unmatched: string[] = []
  for (const [name, text] of mine) {
    const seen = new Set(upstream.map((u) => u.get(name)))
    if (seen.size > 1) {
      varying++
    }
    if (!seen.has(text)) {
      unmatched.push(name)
    }
  }
  failed ||= unmatched.length > 0
  const notes = unmatched.length > 0 ? `; printed by no mlir-opt run: ${unmatched.join(', ')}` : ''
  process.stdout.write(`${file}: ${mine.size - unmatched.length}/${mine.size} functions identical to some of ${runs} mlir-opt runs (${varying} vary between runs)${notes}\n`)
}
process.exitCode = failed ? 1 : 0
