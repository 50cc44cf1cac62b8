// The tile compile path for tests: cuda_tile text or bytecode -> tile assembly -> llvm + nvvm
// -> LLVM IR and PTX, with diagnostics collected as `line:col: message`.
import { readFileSync } from 'node:fs'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, printOperation, succeeded, verify, type Operation } from '@tilepass/ir'
import { ArithDialect, FuncDialect, GPUDialect, LLVMDialect, NVVMDialect, ScfDialect } from '@tilepass/dialects'
import { CudaTileDialect, readCudaTileBytecode, writeCudaTileBytecode } from '@tilepass/cuda-tile'
import { PassManager } from '@tilepass/pass-manager'
import { TileASDialect, addTileASPipeline, addTileASSchedulingPasses } from '@tilepass/tileas-scheduler'
import { addNVVMLoweringPipeline, emitPTX, translateModuleToLLVMIR } from '../src/index.ts'

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

/** What compiling a kernel gives. */
export interface Compiled {
  readonly errors: string[]
  /** The llvm + nvvm module, printed. */
  readonly llvmDialect: string
  readonly llvmIR: string
  readonly ptx: string
}

function runPipelines(ctx: Context, module: Operation, gpuName: string): boolean {
  const pm = new PassManager(ctx, 'builtin.module')
  // As tilepass-compile -O2: conversion, K-loop scheduling, lowering.
  addTileASPipeline(pm, { optLevel: 2, gpuName })
  addTileASSchedulingPasses(pm, { optLevel: 2 })
  addNVVMLoweringPipeline(pm, { optLevel: 2, gpuName })
  return succeeded(pm.run(module))
}

/** Compiles cuda_tile text (or, with `viaBytecode`, its bytecode) to PTX for `gpuName`. */
export function compileTile(source: string, options: { gpuName?: string; viaBytecode?: boolean } = {}): Compiled {
  const gpuName = options.gpuName ?? 'sm_90a'
  const { ctx, errors } = tileContext()
  const empty = { errors, llvmDialect: '', llvmIR: '', ptx: '' }
  let module: Operation | null = parseSourceString(source, ctx, { filename: 'k.mlir' })?.op ?? null
  if (module === null || !succeeded(verify(module))) {
    return empty
  }
  if (options.viaBytecode === true) {
    // Bytecode holds the cuda_tile.module; read it back into a fresh builtin.module.
    const inner = module.regions[0]!.front.operations.find((o) => o.name.name === 'cuda_tile.module')!
    const bytes = writeCudaTileBytecode(inner)
    const read = bytes === null ? null : readCudaTileBytecode(bytes, ctx)
    if (read === null || !read.ok) {
      errors.push(...(read !== null && !read.ok ? read.messages : []))
      return empty
    }
    module = parseSourceString('module {}', ctx)!.op
    module.regions[0]!.front.append(read.module)
  }
  if (!runPipelines(ctx, module, gpuName)) {
    return empty
  }
  const llvmDialect = printOperation(module)
  return { errors, llvmDialect, llvmIR: translateModuleToLLVMIR(module) ?? '', ptx: emitPTX(module, { gpuName }) ?? '' }
}

/**
 * Compiles in two steps through text, as `--emit=tile-asm` and a later `tilepass-opt
 * --convert-tileas-to-nvvm` would: the printed tile assembly is parsed again in a fresh
 * context and lowered; returns that PTX.
 */
export function compileThroughTileAsmText(source: string, gpuName = 'sm_90a'): { errors: string[]; ptx: string } {
  const first = tileContext()
  const module = parseSourceString(source, first.ctx, { filename: 'k.mlir' })!.op
  const pm = new PassManager(first.ctx, 'builtin.module')
  addTileASPipeline(pm, { optLevel: 2, gpuName })
  addTileASSchedulingPasses(pm, { optLevel: 2 })
  if (!succeeded(pm.run(module))) {
    return { errors: first.errors, ptx: '' }
  }
  const second = tileContext()
  const reparsed = parseSourceString(printOperation(module), second.ctx, { filename: 'k.tileas.mlir' })
  if (reparsed === null || !succeeded(verify(reparsed.op))) {
    return { errors: second.errors, ptx: '' }
  }
  const lower = new PassManager(second.ctx, 'builtin.module')
  addNVVMLoweringPipeline(lower, { optLevel: 2, gpuName })
  if (!succeeded(lower.run(reparsed.op))) {
    return { errors: second.errors, ptx: '' }
  }
  return { errors: [...first.errors, ...second.errors], ptx: emitPTX(reparsed.op, { gpuName }) ?? '' }
}
