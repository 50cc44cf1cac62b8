// Helpers for the PTX tests: parse llvm + nvvm text (nvvm as unregistered generic ops),
// emit PTX, and run ptxas / mlir-opt when they are installed.
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, type Diagnostic } from '@tilepass/ir'
import { LLVMDialect } from '@tilepass/dialects'
import { emitPTX } from '../src/index.ts'

/** The first executable among `candidates` (absolute paths or names on PATH), or null. */
export function findTool(...candidates: string[]): string | null {
  for (const c of candidates) {
    const dirs = c.includes('/') ? [''] : (process.env.PATH ?? '').split(path.delimiter)
    for (const d of dirs) {
      const p = d === '' ? c : path.join(d, c)
      try {
        accessSync(p, constants.X_OK)
        return p
      } catch {
        // keep looking
      }
    }
  }
  return null
}

export const PTXAS = findTool('ptxas')
export const MLIR_OPT = findTool('/usr/lib/llvm-22/bin/mlir-opt', 'mlir-opt')
export const MLIR_TRANSLATE = findTool('/usr/lib/llvm-22/bin/mlir-translate', 'mlir-translate')
export const LLC = findTool('/usr/lib/llvm-22/bin/llc', 'llc')

/** Parses `source` and emits PTX; returns the PTX or the diagnostics. */
export function compile(source: string, gpuName = 'sm_90a'): { ptx: string | null; diagnostics: string[] } {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [BuiltinDialect, LLVMDialect] })
  const diagnostics: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const l = d.location
    diagnostics.push(`${l instanceof FileLineColLoc ? `${l.filename}:${l.line}:${l.column}: ` : ''}${d.severity}: ${d.message}`)
    return true
  })
  const parsed = parseSourceString(source, ctx, { filename: 'kernel.mlir' })
  if (parsed === null) {
    return { ptx: null, diagnostics }
  }
  return { ptx: emitPTX(parsed.op, { gpuName }), diagnostics }
}

/** Per-kernel figures from `ptxas -v`. */
export interface PtxasFigures {
  readonly registers: number
  readonly spillStores: number
  readonly spillLoads: number
  readonly sharedBytes: number
}

/** Runs `ptxas -arch=<arch> -v` on `ptx`; throws with ptxas's output when it rejects it. */
export function ptxas(ptx: string, arch: string): Map<string, PtxasFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tilepass-ptx-'))
  try {
    const file = path.join(dir, 'k.ptx')
    writeFileSync(file, ptx)
    const res = spawnSync(PTXAS!, [`-arch=${arch}`, '-v', '-o', path.join(dir, 'k.cubin'), file], { encoding: 'utf8' })
    if (res.status !== 0) {
      throw new Error(`ptxas -arch=${arch} rejected the PTX:\n${res.stderr}${res.stdout}\n${ptx}`)
    }
    // ptxas -v writes its figures to stderr.
    const out = `${res.stdout}${res.stderr}`
    const figures = new Map<string, PtxasFigures>()
    let current = ''
    let spillStores = 0
    let spillLoads = 0
    for (const line of out.split('\n')) {
      const fn = /Compiling entry function '([^']+)'/.exec(line)
      if (fn !== null) {
        current = fn[1]!
      }
      const sp = /(\d+) bytes spill stores, (\d+) bytes spill loads/.exec(line)
      if (sp !== null) {
        spillStores = Number(sp[1])
        spillLoads = Number(sp[2])
      }
      const used = /Used (\d+) registers(?:.*?(\d+) bytes smem)?/.exec(line)
      if (used !== null) {
        figures.set(current, { registers: Number(used[1]), spillStores, spillLoads, sharedBytes: Number(used[2] ?? 0) })
      }
    }
    return figures
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Runs an LLVM tool with `args` on `input`; returns stdout or throws with stderr. */
export function runTool(tool: string, args: string[], input: string): string {
  try {
    return execFileSync(tool, args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
  } catch (e) {
    const err = e as { stderr?: string }
    throw new Error(`${path.basename(tool)} ${args.join(' ')} failed:\n${err.stderr ?? ''}`)
  }
}

/** Deterministic pseudo-random numbers in [0, 1) (xorshift32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 2 ** 32
  }
}
