// The gpu-dialect kernels of examples/gpu (bounds-guarded vector add, shuffle reduction,
// mma.sync m16n8k16 tile, cp.async + ldmatrix staging loop) through Tilepass's own
// pipeline: convert-gpu-to-nvvm and reconcile-unrealized-casts on each gpu.module give
// exactly what mlir-opt 22 prints (skipped without mlir-opt), and the native emitter's PTX
// of that llvm + nvvm IR is accepted by ptxas for sm_90a and sm_100a with no spills
// (skipped without ptxas).
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, printOperation, type Diagnostic, type Operation } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { registerConversionPasses } from '@tilepass/conversion'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { describe, expect, it } from 'vitest'
import { emitPTX } from '../src/index.ts'
import { MLIR_OPT, PTXAS, ptxas, runTool } from './ptxTools.ts'

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../examples/gpu')
const kernels = readdirSync(dir)
  .filter((f) => f.endsWith('.mlir'))
  .sort()
const PIPELINE = 'builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts))'
const SLOW = 60_000

function context(): { ctx: Context; diagnostics: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect] })
  registerAllDialects(ctx)
  const diagnostics: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const l = d.location
    diagnostics.push(`${l instanceof FileLineColLoc ? `${l.line}:${l.column}: ` : ''}${d.severity}: ${d.message}`)
    return true
  })
  return { ctx, diagnostics }
}

/** Runs the pipeline on `source` with Tilepass's passes; returns the module and its text. */
function lower(source: string): { module: Operation; text: string; diagnostics: string[] } {
  const { ctx, diagnostics } = context()
  const parsed = parseSourceString(source, ctx)
  expect(parsed).not.toBeNull()
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const pipeline = parsePassPipeline(PIPELINE, registry)
  expect(pipeline.error ?? null).toBeNull()
  const pm = new PassManager(ctx)
  pm.assignPipeline(pipeline.pm!)
  expect(pm.run(parsed!.op)).toBe(true)
  return { module: parsed!.op, text: printOperation(parsed!.op) + '\n', diagnostics }
}

/** The ops of the (single) gpu.module of a lowered kernel, as a builtin module for the emitter. */
function deviceModule(lowered: Operation): Operation {
  const gpuModule = lowered.regions[0]!.front.operations.find((op) => op.name.name === 'gpu.module')!
  const body = printOperation(gpuModule).split('\n').slice(1, -1).join('\n')
  const { ctx, diagnostics } = context()
  const parsed = parseSourceString(`module {\n${body}\n}\n`, ctx)
  expect(diagnostics).toEqual([])
  return parsed!.op
}

describe('examples/gpu through convert-gpu-to-nvvm', () => {
  it('has the four kernels', () => {
    expect(kernels).toEqual(['cp-async-ldmatrix.mlir', 'mma-m16n8k16.mlir', 'vector-add.mlir', 'warp-reduce.mlir'])
  })

  for (const file of kernels) {
    const source = readFileSync(path.join(dir, file), 'utf8')

    it(`${file}: no gpu op is left; kernels are nvvm kernels`, () => {
      const { module, text, diagnostics } = lower(source)
      expect(diagnostics).toEqual([])
      const names = new Set<string>()
      module.walk((op) => {
        names.add(op.name.name)
      })
      expect([...names].filter((n) => n.startsWith('gpu.') && n !== 'gpu.module')).toEqual([])
      expect([...names].filter((n) => n.startsWith('arith.') || n.startsWith('cf.') || n.startsWith('memref.'))).toEqual([])
      expect(text).toContain('nvvm.kernel')
      // A known block size is kept and becomes the kernel's maxntid.
      const block = /known_block_size = array<i32: (\d+), (\d+), (\d+)>/.exec(source)
      if (block !== null) {
        expect(text).toContain(`nvvm.maxntid = array<i32: ${block[1]}, ${block[2]}, ${block[3]}>`)
      }
    })

    it.skipIf(MLIR_OPT === null)(`${file}: identical with mlir-opt 22`, () => {
      const expected = runTool(MLIR_OPT!, [`--pass-pipeline=${PIPELINE}`], source)
      expect(lower(source).text).toBe(expected)
    })

    it(`${file}: the native emitter writes PTX for the lowered kernel`, () => {
      const device = deviceModule(lower(source).module)
      const ptx = emitPTX(device, { gpuName: 'sm_90a' })
      expect(ptx).not.toBeNull()
      expect(ptx!).toContain('.target sm_90a')
      expect(ptx!).toMatch(/\.visible \.entry /)
    })

    for (const arch of ['sm_90a', 'sm_100a']) {
      it.skipIf(PTXAS === null)(
        `${file}: ptxas accepts the PTX for ${arch} with no spills`,
        () => {
          const ptx = emitPTX(deviceModule(lower(source).module), { gpuName: arch })
          const figures = ptxas(ptx!, arch)
          expect(figures.size).toBeGreaterThan(0)
          for (const [fn, f] of figures) {
            expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
          }
        },
        SLOW,
      )
    }
  }
})
