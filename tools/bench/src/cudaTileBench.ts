/**
 * cuda_tile benchmark: a generated cuda_tile module of about 100k ops, through
 * `tilepass-opt` (parse + verify + print of the text) and `tilepass-translate
 * -cudatilebc-to-mlir` (bytecode read + verify + print), with `mlir-opt` 22
 * (`--mlir-disable-threading`) on an upstream-dialect module of the same op count and shape
 * (arith on vectors in a func) for scale, as there is no cuda-tile-opt here. Runs the tools
 * alternately, reports medians of wall time and peak RSS, and writes
 * docs/performance-cuda-tile.md.
 *
 * Usage: tsx tools/bench/src/cudaTileBench.ts [--ops 100000] [--reps 3]
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { measure, median, type Measurement } from './measure.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}
const OPS = arg('ops', 100_000)
const REPS = arg('reps', 3)
const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'

/** A cuda_tile kernel of about `ops` elementwise ops on 16-element f32 tiles, chained. */
export function generateCudaTileModule(ops: number): string {
  const lines = [
    'cuda_tile.module @kernels {',
    '  entry @k() {',
    '    %a = constant <f32: 1.5> : tile<16xf32>',
    '    %b = constant <f32: 2.0> : tile<16xf32>',
    '    %v0 = addf %a, %b : tile<16xf32>',
  ]
  for (let i = 1; i < ops; i++) {
    const op = i % 3 === 0 ? 'mulf' : i % 3 === 1 ? 'addf' : 'subf'
    lines.push(`    %v${i} = ${op} %v${i - 1}, %${i % 2 === 0 ? 'a' : 'b'} : tile<16xf32>`)
  }
  lines.push(`    print_tko "%f", %v${ops - 1} : tile<16xf32> -> token`, '    return', '  }', '}')
  return lines.join('\n') + '\n'
}

/** The same shape in upstream dialects: a func of `ops` arith ops on vector<16xf32>. */
export function generateArithModule(ops: number): string {
  const lines = ['func.func @k(%a: vector<16xf32>, %b: vector<16xf32>) -> vector<16xf32> {', '  %v0 = arith.addf %a, %b : vector<16xf32>']
  for (let i = 1; i < ops; i++) {
    const op = i % 3 === 0 ? 'mulf' : i % 3 === 1 ? 'addf' : 'subf'
    lines.push(`  %v${i} = arith.${op} %v${i - 1}, %${i % 2 === 0 ? 'a' : 'b'} : vector<16xf32>`)
  }
  lines.push(`  return %v${ops - 1} : vector<16xf32>`, '}')
  return lines.join('\n') + '\n'
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tilepass-cuda-tile-bench-'))
  try {
    const tileText = path.join(dir, 'kernel.mlir')
    const tileBc = path.join(dir, 'kernel.tilebc')
    const arith = path.join(dir, 'arith.mlir')
    writeFileSync(tileText, generateCudaTileModule(OPS))
    writeFileSync(arith, generateArithModule(OPS))
    const node = process.execPath
    const opt = path.join(root, 'packages/cli/bin/tilepass-opt.js')
    const translate = path.join(root, 'packages/cli/bin/tilepass-translate.js')
    const w = spawnSync(node, [translate, '-mlir-to-cudatilebc', '-no-implicit-module', tileText, '-o', tileBc], { encoding: 'utf8' })
    if (w.status !== 0) {
      throw new Error(`writing the bytecode failed: ${w.stderr}`)
    }
    const haveMlir = existsSync(MLIR_OPT)
    const scratch = path.join(dir, 'time.txt')
    const runs: Record<string, Measurement[]> = { text: [], bytecode: [], mlir: [] }
    for (let r = 0; r < REPS; r++) {
      runs.text!.push(await measure(node, [opt, tileText], scratch, 600_000))
      runs.bytecode!.push(await measure(node, [translate, '-cudatilebc-to-mlir', tileBc], scratch, 600_000))
      if (haveMlir) {
        runs.mlir!.push(await measure(MLIR_OPT, ['--mlir-disable-threading', arith], scratch, 600_000))
      }
    }
    for (const [name, ms] of Object.entries(runs)) {
      const bad = ms.find((m) => m.exitCode !== 0)
      if (bad !== undefined) {
        throw new Error(`${name} failed: ${bad.stderrHead}`)
      }
    }
    const t = (ms: Measurement[]): number => median(ms.map((m) => m.wallSeconds))
    const rss = (ms: Measurement[]): number => median(ms.map((m) => m.maxRssKiB)) / 1024
    const row = (label: string, ms: Measurement[]): string => `| ${label} | ${t(ms).toFixed(2)} s | ${rss(ms).toFixed(0)} MiB |`
    const ratio = haveMlir ? ` (${(t(runs.text!) / t(runs.mlir!)).toFixed(2)}x mlir-opt's time on the arith module)` : ''
    const doc = `# cuda_tile performance

Written by \`pnpm bench\` (tools/bench/src/cudaTileBench.ts) on ${new Date().toISOString().slice(0, 10)},
${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}; medians of ${REPS} alternating runs.

The input: one \`cuda_tile.entry\` of ${OPS.toLocaleString('en-US')} chained elementwise ops on \`tile<16xf32>\`
(${(statSync(tileText).size / 1e6).toFixed(1)} MB of text, ${(statSync(tileBc).size / 1e6).toFixed(1)} MB of Tile IR bytecode).
There is no \`cuda-tile-opt\` on these machines, so \`mlir-opt\` 22 (\`--mlir-disable-threading\`)
runs the same shape in upstream dialects (a \`func.func\` of as many \`arith\` ops on
\`vector<16xf32>\`) for scale.

| Run | Wall time | Peak RSS |
| --- | --- | --- |
${row('tilepass-opt: parse + verify + print the cuda_tile text', runs.text!)}
${row('tilepass-translate -cudatilebc-to-mlir: read + verify + print the bytecode', runs.bytecode!)}
${haveMlir ? row('mlir-opt: parse + verify + print the arith module', runs.mlir!) : '| mlir-opt | not installed | |'}

Text: ${t(runs.text!).toFixed(2)} s${ratio}; bytecode: ${t(runs.bytecode!).toFixed(2)} s.
`
    writeFileSync(path.join(root, 'docs/performance-cuda-tile.md'), doc)
    process.stdout.write(doc)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
