// Shared by the tests of the scheduled staged GEMM: compile as tilepass-compile -O2 does
// (conversion, scheduling, lowering) and compare the emulated PTX with the interpreter.
import { expect } from 'vitest'
import { Context, parseSourceString, printOperation, succeeded, verify } from '@tilepass/ir'
import { CudaTileDialect, TileMemory, runKernel as interpret } from '@tilepass/cuda-tile'
import { PassManager } from '@tilepass/pass-manager'
import { runKernel as emulate } from '@tilepass/simt-emulator'
import { addTileASPipeline, addTileASSchedulingPasses } from '@tilepass/tileas-scheduler'
import { addNVVMLoweringPipeline, emitPTX } from '../src/index.ts'
import { tileContext } from './tileCompile.ts'
import { maxRelativeError, randomHalfMatrix } from './tile/gemmReference.ts'

/** Compiles cuda_tile `source` with the scheduling passes (`numStages` 0: from the schedule; undefined: the default). */
export function compileScheduled(source: string, gpuName: string, numStages?: number): { ptx: string; tileAsm: string; errors: string[] } {
  const { ctx, errors } = tileContext()
  const module = parseSourceString(source, ctx, { filename: 'gemm.mlir' })!.op
  expect(succeeded(verify(module))).toBe(true)
  const pm = new PassManager(ctx, 'builtin.module')
  addTileASPipeline(pm, { optLevel: 2, gpuName })
  addTileASSchedulingPasses(pm, { optLevel: 2, ...(numStages === undefined ? {} : { numStages }) })
  expect(succeeded(pm.run(module))).toBe(true)
  const tileAsm = printOperation(module)
  const lower = new PassManager(ctx, 'builtin.module')
  addNVVMLoweringPipeline(lower, { optLevel: 2, gpuName })
  expect(succeeded(lower.run(module))).toBe(true)
  const ptx = emitPTX(module, { gpuName })
  expect(ptx).not.toBeNull()
  return { ptx: ptx ?? '', tileAsm, errors }
}

/**
 * Runs the interpreter on `source` and the emulated `ptx` (kernel `kernel`; arguments a, b,
 * c, m, n, k with f16 a and b) on [m, n, k] and compares c; `tile` of c per tile block,
 * `threads` per block.
 */
export function checkStagedGemm(source: string, kernel: string, ptx: string, [m, n, k]: readonly [number, number, number], tile = 64, threads = 128): void {
  const a = randomHalfMatrix(m, k, k, 'f16', 11 + m)
  const b = randomHalfMatrix(k, n, n, 'f16', 13 + n)
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const root = parseSourceString(source, ctx)!.op
  const mem = new TileMemory()
  const [pa, pb, pc] = [mem.allocFrom('f16', a.values), mem.allocFrom('f16', b.values), mem.allocFrom('f32', new Float32Array(m * n))]
  const grid = [Math.ceil(m / tile), Math.ceil(n / tile), 1] as const
  expect(succeeded(interpret(root, { args: [pa, pb, pc, m, n, k], grid, memory: mem }))).toBe(true)
  const want = Float32Array.from(mem.read('f32', pc, m * n))
  const got = emulate(ptx, kernel, [a.bits, b.bits, new Float32Array(m * n).fill(-7), m, n, k], { grid, block: [threads, 1, 1] }).buffers[2] as Float32Array
  const { err, at } = maxRelativeError(got, want, m, n, n)
  expect({ ok: err <= 1e-2, at }).toEqual({ ok: true, at })
}
