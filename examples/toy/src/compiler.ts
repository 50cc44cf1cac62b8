/**
 * The Toy compiler driver as a function: source text in, AST dump or IR text out, with
 * every diagnostic rendered as `file:line:col: error: ...`. `toyc.ts` is its command line;
 * the tests call it directly.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { Context, SourceMgrDiagnosticHandler, parseSourceString, printOperation, verify, type Operation } from '@tilepass/ir'
import { PassRegistry, parsePassManager } from '@tilepass/pass-manager'
import { registerTransformsPasses } from '@tilepass/transforms'
import { dumpAST } from './ast.ts'
import { runToy } from './interpreter.ts'
import { ToyDialect } from './dialect.ts'
import { mlirGen } from './mlirGen.ts'
import { formatDiagnostic, parseToy } from './parser.ts'
import { ShapeInferencePass, ToyInlinePass } from './passes.ts'
import { ToyToAffineLoweringPass } from './lowerToAffine.ts'
import { ToyToLLVMLoweringPass } from './lowerToLLVM.ts'
import { registerAllDialects } from '@tilepass/dialects'
import { translateModuleToLLVMIR } from '@tilepass/nvvm-lowering'

/** What `compileToy` should produce and how. */
export interface CompileOptions {
  /**
   * `ast`: the AST dump (Toy input only); `mlir`: the toy IR; `mlir-affine`: the IR after the
   * chapter 5 lowering to affine loops (always with the `--opt` pipeline first); `mlir-llvm`:
   * the IR after the chapter 6 lowering to the llvm dialect; `llvm`: that module translated to
   * LLVM IR; `jit`: what the compiled program prints when `lli` runs it; `run`: what the
   * program prints (interpreted).
   */
  readonly emit: 'ast' | 'mlir' | 'mlir-affine' | 'mlir-llvm' | 'llvm' | 'jit' | 'run'
  /** Run `kOptPipeline` (inlining, shape inference, canonicalization, CSE). */
  readonly opt?: boolean
  /** Run this textual pipeline instead (`builtin.module(...)`). */
  readonly pipeline?: string
  /** Print locations (`loc(...)`) in the IR. */
  readonly printDebugInfo?: boolean
  /** The `lli` that `jit` runs (default: `lliPath()`). */
  readonly lli?: string
}

/** The result of `compileToy`: the output text when it succeeded, and the diagnostics text. */
export interface CompileResult {
  readonly ok: boolean
  readonly output: string
  readonly errors: string
  /** `jit` only: true when `lli` is not installed, so the program was compiled but not run. */
  readonly skipped?: boolean
}

/** The `lli` that `--emit=jit` runs: `$LLVM_BIN/lli`, by default LLVM 22's from Debian's llvm-22 package. */
export function lliPath(): string {
  return `${process.env.LLVM_BIN ?? '/usr/lib/llvm-22/bin'}/lli`
}

/**
 * The pipeline of `--opt`: MLIR's Toy chapter 7 pipeline (chapter 4's with a canonicalization
 * before shape inference, which folds the member accesses of constant structs away).
 */
export const kOptPipeline = 'builtin.module(toy-inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse))'

/** The pipeline of `--emit=mlir-affine`: MLIR's Toy chapter 5 (optimize, lower, clean up). */
export const kAffinePipeline = 'builtin.module(toy-inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), toy-lower-to-affine, func.func(canonicalize, cse))'

/** The pipeline of `--emit=mlir-llvm`, `llvm` and `jit`: MLIR's Toy chapter 6 (chapter 5, then down to the llvm dialect). */
export const kLLVMPipeline = 'builtin.module(toy-inline, toy.func(canonicalize, toy-shape-inference, canonicalize, cse), toy-lower-to-affine, func.func(canonicalize, cse), toy-lower-to-llvm)'

/** A pass registry with the library's transforms and the Toy passes. */
export function toyPassRegistry(): PassRegistry {
  const registry = new PassRegistry()
  registerTransformsPasses(registry)
  registry.register(ToyInlinePass)
  registry.register(ShapeInferencePass)
  registry.register(ToyToAffineLoweringPass)
  registry.register(ToyToLLVMLoweringPass)
  return registry
}

/** A context with the builtin and toy dialects loaded. */
export function toyContext(): Context {
  const ctx = new Context({ dialects: [ToyDialect] })
  // The dialects of the chapter 5 lowering, loaded when a pass needs them.
  registerAllDialects(ctx)
  ctx.loadDialect('toy')
  return ctx
}

/**
 * Compiles `text` (Toy source, or toy IR when `file` ends in `.mlir`) as `options` say.
 * Never throws on bad input: problems come back in `errors`.
 */
export function compileToy(text: string, file: string, options: CompileOptions): CompileResult {
  let errors = ''
  const fail = (): CompileResult => ({ ok: false, output: '', errors })
  const ctx = toyContext()
  SourceMgrDiagnosticHandler.forSource(ctx, text, file, (d) => {
    errors += d
  })
  let module: Operation
  if (file.endsWith('.mlir')) {
    if (options.emit === 'ast') {
      errors += `${file}: error: --emit=ast needs a Toy source file\n`
      return fail()
    }
    const parsed = parseSourceString(text, ctx, { filename: file, verify: true })
    if (parsed === null) {
      return fail()
    }
    module = parsed.op
  } else {
    const parsed = parseToy(text, file)
    if (parsed.module === null) {
      errors += `${formatDiagnostic(parsed.diagnostic!)}\n`
      return fail()
    }
    if (options.emit === 'ast') {
      return { ok: true, output: dumpAST(parsed.module), errors }
    }
    const gen = mlirGen(ctx, parsed.module)
    if (gen.module === null) {
      errors += `${formatDiagnostic(gen.diagnostic!)}\n`
      return fail()
    }
    module = gen.module
    if (!verify(module)) {
      return fail()
    }
  }
  const toLLVM = options.emit === 'mlir-llvm' || options.emit === 'llvm' || options.emit === 'jit'
  const pipeline = options.pipeline ?? (toLLVM ? kLLVMPipeline : options.emit === 'mlir-affine' ? kAffinePipeline : options.opt === true ? kOptPipeline : null)
  if (pipeline !== null) {
    const parsed = parsePassManager(ctx, pipeline, toyPassRegistry())
    if (parsed.pm === null) {
      errors += parsed.error.endsWith('\n') ? parsed.error : `${parsed.error}\n`
      return fail()
    }
    if (!parsed.pm.run(module)) {
      return fail()
    }
  }
  if (options.emit === 'llvm' || options.emit === 'jit') {
    const ir = translateModuleToLLVMIR(module)
    if (ir === undefined) {
      return fail()
    }
    return options.emit === 'llvm' ? { ok: true, output: ir, errors } : runWithLLI(ir, options.lli ?? lliPath(), errors)
  }
  if (options.emit === 'run') {
    let output = ''
    const ok = runToy(module, (text) => {
      output += text
    })
    return { ok, output, errors }
  }
  return { ok: true, output: printOperation(module, { printDebugInfo: options.printDebugInfo === true }), errors }
}

/** Runs the LLVM IR `ir` with `lli` and returns what it printed; skipped, with a note, when `lli` is missing. */
function runWithLLI(ir: string, lli: string, errors: string): CompileResult {
  if (!existsSync(lli)) {
    return { ok: true, output: '', errors: `${errors}toyc: not running the program: ${lli} is not installed (install llvm-22, or set LLVM_BIN)\n`, skipped: true }
  }
  const r = spawnSync(lli, ['-'], { input: ir, encoding: 'utf8', timeout: 60_000 })
  if (r.error !== undefined || r.status !== 0) {
    const why = r.error !== undefined ? r.error.message : r.signal !== null ? `killed by ${r.signal}` : `exit status ${r.status}`
    return { ok: false, output: r.stdout ?? '', errors: `${errors}${r.stderr ?? ''}toyc: ${lli} failed (${why})\n` }
  }
  return { ok: true, output: r.stdout, errors: errors + r.stderr }
}
