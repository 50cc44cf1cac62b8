// The kernels of examples/cuda-tile through tilepass-compile: compile time (median of
// repeated in-process compiles, parse to PTX) and what ptxas -v says of the PTX for each
// target and -O level (registers, shared memory, spills). Writes docs/tile-kernels.md.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { tilepassCompileMain, type ToolIO } from '@tilepass/cli'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const examples = path.join(root, 'examples', 'cuda-tile')
const kernels = readdirSync(examples)
  .filter((f) => f.endsWith('.mlir'))
  .map((f) => f.slice(0, -'.mlir'.length))
  .sort()
const targets = ['sm_90a', 'sm_100a']
const levels = ['-O1', '-O3']
const repeats = Number(process.env.KERNEL_BENCH_REPEATS ?? 7)

/** Compiles `text` in process; returns the PTX or throws with the diagnostics. */
function compile(text: string, args: readonly string[]): string {
  let out = ''
  let err = ''
  const io: ToolIO = {
    stdout: (t) => {
      out += t
    },
    stderr: (t) => {
      err += t
    },
    readFile: () => text,
    writeFile: () => {
      throw new Error('unexpected file output')
    },
  }
  const code = tilepassCompileMain(['k.mlir', ...args], io)
  if (code !== 0) {
    throw new Error(`tilepass-compile ${args.join(' ')} failed (${code}):\n${err}`)
  }
  return out
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]!
}

interface Figures {
  registers: number
  smem: number
  spills: number
}

const ptxasOk = spawnSync('ptxas', ['--version'], { encoding: 'utf8' }).status === 0
const ptxasVersion = ptxasOk ? (/release ([\d.]+)/.exec(spawnSync('ptxas', ['--version'], { encoding: 'utf8' }).stdout)?.[1] ?? '?') : null
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-kernels-'))

function ptxas(ptx: string, arch: string): Figures {
  const file = path.join(dir, 'k.ptx')
  writeFileSync(file, ptx)
  const r = spawnSync('ptxas', [`-arch=${arch}`, '-v', '-o', path.join(dir, 'k.cubin'), file], { encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`ptxas -arch=${arch} rejected the PTX:\n${r.stderr}`)
  }
  const used = /Used (\d+) registers(?:.*?(\d+) bytes smem)?/.exec(r.stderr)
  const spill = /(\d+) bytes spill stores, (\d+) bytes spill loads/.exec(r.stderr)
  return { registers: Number(used?.[1] ?? 0), smem: Number(used?.[2] ?? 0), spills: Number(spill?.[1] ?? 0) + Number(spill?.[2] ?? 0) }
}

const rows: string[] = []
try {
  for (const name of kernels) {
    const text = readFileSync(path.join(examples, `${name}.mlir`), 'utf8')
    for (const level of levels) {
      const times: number[] = []
      let ptx = ''
      for (let i = 0; i < repeats; i++) {
        const t0 = performance.now()
        ptx = compile(text, [level, '--gpu-name=sm_90a'])
        times.push(performance.now() - t0)
      }
      const cells = targets.map((arch) => {
        if (!ptxasOk) {
          return 'ptxas not installed'
        }
        const f = ptxas(arch === 'sm_90a' ? ptx : compile(text, [level, `--gpu-name=${arch}`]), arch)
        return `${f.registers} regs, ${f.smem} B smem, ${f.spills} B spills`
      })
      rows.push(`| \`${name}\` | ${level} | ${median(times).toFixed(0)} ms | ${cells.join(' | ')} |`)
      process.stderr.write(`${name} ${level}: ${median(times).toFixed(0)} ms\n`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const text = `# Tile kernels: compile time and ptxas figures

Written by \`pnpm --filter @tilepass-tools/bench-kernels bench\` (tools/bench-kernels): every kernel
of [examples/cuda-tile](../examples/cuda-tile) compiled in process by \`tilepass-compile\` (parse,
convert-cuda-tile-to-tileas, at -O2 and above the modulo scheduler and its materialization,
convert-tileas-to-nvvm, native PTX), median of ${repeats} compiles for sm_90a; then NVIDIA's
\`ptxas -v\` on the PTX for each target. Issue 16 asks for a GEMM compile under 1 s and
PTX with 0 spill bytes.

Machine: ${os.cpus().length} x ${cpu}, Node.js ${process.version}, ${new Date().toISOString().slice(0, 10)},
load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}${ptxasVersion === null ? ', ptxas not installed' : `, ptxas ${ptxasVersion}`}.

| Kernel | Level | Compile (median) | ${targets.join(' | ')} |
| --- | --- | --- | ${targets.map(() => '---').join(' | ')} |
${rows.join('\n')}

-O1 leaves GEMM K-loops single-buffered; -O3 (the default) modulo-schedules them and
materializes the pipeline (S shared-memory stages, \`cp.async.wait_group S-2\`), which is
where the extra registers and shared memory of the GEMMs at -O3 come from.
`
writeFileSync(path.join(root, 'docs', 'tile-kernels.md'), text)
process.stderr.write('wrote docs/tile-kernels.md\n')
