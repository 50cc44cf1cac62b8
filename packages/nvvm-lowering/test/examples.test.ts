// The gpu kernels of examples/gpu: Tilepass parses and prints them as mlir-opt does; their
// llvm + nvvm form (mlir-opt 22's convert-gpu-to-nvvm) translates to the LLVM IR
// mlir-translate prints; llc accepts that IR for sm_90a and ptxas accepts llc's PTX. Each
// external tool is optional: the steps that need one skip, naming it, when it is absent.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BuiltinDialect, Context, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/gpu')
const kernels = readdirSync(dir).filter((f) => f.endsWith('.mlir')).sort()
const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const LLC = process.env.LLC ?? '/usr/lib/llvm-22/bin/llc'
const haveMlirOpt = existsSync(MLIR_OPT)
const haveLlc = existsSync(LLC)
const havePtxas = spawnSync('ptxas', ['--version'], { encoding: 'utf8' }).status === 0

function run(tool: string, args: readonly string[], input?: string): string {
  const r = spawnSync(tool, args, { input, encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`${tool} failed: ${r.stderr}`)
  }
  return r.stdout
}

/** The llvm + nvvm body of the kernel's gpu.module after mlir-opt's convert-gpu-to-nvvm. */
function lowered(file: string): string {
  const out = run(MLIR_OPT, ['--pass-pipeline=builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts))', path.join(dir, file)])
  const lines = out.split('\n')
  const start = lines.findIndex((l) => l.startsWith('  gpu.module @'))
  const end = lines.indexOf('  }', start)
  return lines
    .slice(start + 1, end)
    .map((l) => l.slice(4))
    .join('\n')
}

describe('examples/gpu kernels', () => {
  it('has the four kernels', () => {
    expect(kernels).toEqual(['cp-async-ldmatrix.mlir', 'mma-m16n8k16.mlir', 'vector-add.mlir', 'warp-reduce.mlir'])
  })
  for (const file of kernels) {
    it(`${file} parses, verifies and prints`, () => {
      const ctx = new Context({ dialects: [BuiltinDialect] })
      registerAllDialects(ctx)
      const r = parseSourceString(readFileSync(path.join(dir, file), 'utf8'), ctx)
      expect(r).not.toBeNull()
      expect(verify(r!.op)).toBe(true)
      const printed = printOperation(r!.op)
      if (haveMlirOpt) {
        expect(printed + '\n').toBe(run(MLIR_OPT, [path.join(dir, file)]))
      }
    })
    it.skipIf(!haveMlirOpt || !haveMlirTranslate)(`${file}: LLVM IR identical with mlir-translate`, () => {
      const src = lowered(file)
      const { ir, diags } = translate(src)
      expect(diags).toEqual([])
      expect(ir).toBe(oracle(src))
    })
    it.skipIf(!haveMlirOpt || !haveLlc || !havePtxas)(`${file}: llc and ptxas accept it for sm_90a${!haveLlc ? ' (skipped: llc not found)' : !havePtxas ? ' (skipped: ptxas not on PATH)' : ''}`, () => {
      const { ir } = translate(lowered(file))
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'tilepass-kernel-'))
      try {
        writeFileSync(path.join(tmp, 'k.ll'), ir!)
        run(LLC, ['-mtriple=nvptx64-nvidia-cuda', '-mcpu=sm_90a', path.join(tmp, 'k.ll'), '-o', path.join(tmp, 'k.ptx')])
        expect(readFileSync(path.join(tmp, 'k.ptx'), 'utf8')).toContain('.target sm_90a')
        run('ptxas', ['-arch=sm_90a', path.join(tmp, 'k.ptx'), '-o', path.join(tmp, 'k.cubin')])
        expect(existsSync(path.join(tmp, 'k.cubin'))).toBe(true)
      } finally {
        rmSync(tmp, { recursive: true, force: true })
      }
    })
  }
})
