// Shared helpers of the tileas tests: a context with every dialect the tile path uses,
// diagnostics collected as `line:col: message`, and running the conversion pass.
import { readFileSync } from 'node:fs'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, printOperation, succeeded, verify, type Operation } from '@tilepass/ir'
import { ArithDialect, FuncDialect, GPUDialect, LLVMDialect, NVVMDialect, ScfDialect } from '@tilepass/dialects'
import { CudaTileDialect } from '@tilepass/cuda-tile'
import { PassManager } from '@tilepass/pass-manager'
import { TileASDialect, addTileASPipeline } from '../src/index.ts'

/** A context with the dialects of the tile compile path and a diagnostic collector. */
export function tileContext(): { ctx: Context; errors: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, CudaTileDialect, TileASDialect, FuncDialect, GPUDialect, LLVMDialect, NVVMDialect, ScfDialect, ArithDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    errors.push(`${l instanceof FileLineColLoc ? `${l.line}:${l.column}: ` : ''}${d.message}`)
    return true
  })
  return { ctx, errors }
}

/** examples/cuda-tile/<name>.mlir. */
export function example(name: string): string {
  return readFileSync(new URL(`../../../examples/cuda-tile/${name}.mlir`, import.meta.url), 'utf8')
}

/** Parses and verifies cuda_tile `source`, runs convert-cuda-tile-to-tileas (-O1: no scheduling); the module or the errors. */
export function toTileAS(source: string, gpuName = 'sm_90a'): { module: Operation | null; errors: string[]; ctx: Context } {
  const { ctx, errors } = tileContext()
  const parsed = parseSourceString(source, ctx, { filename: 'k.mlir' })
  if (parsed === null || !succeeded(verify(parsed.op))) {
    return { module: null, errors, ctx }
  }
  const pm = new PassManager(ctx, 'builtin.module')
  addTileASPipeline(pm, { optLevel: 1, gpuName })
  if (!succeeded(pm.run(parsed.op))) {
    return { module: null, errors, ctx }
  }
  return { module: parsed.op, errors, ctx }
}

export { printOperation }
