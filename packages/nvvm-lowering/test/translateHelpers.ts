// Shared by the translation tests: parse a module with every Tilepass dialect and translate it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, verify, type Diagnostic } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { translateModuleToLLVMIR } from '../src/index.ts'

/** The mlir-translate oracle (`$MLIR_TRANSLATE` or LLVM 22's). */
export const MLIR_TRANSLATE: string = process.env.MLIR_TRANSLATE ?? '/usr/lib/llvm-22/bin/mlir-translate'
/** True when the oracle is installed. */
export const haveMlirTranslate: boolean = existsSync(MLIR_TRANSLATE)

/** Translates `src`; returns the LLVM IR (or undefined) and the diagnostics as `line:col: message`. */
export function translate(src: string): { ir: string | undefined; diags: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect] })
  registerAllDialects(ctx)
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const l = d.location
    diags.push(`${l instanceof FileLineColLoc ? `${l.line}:${l.column}` : '?'}: ${d.message}`)
    return true
  })
  const parsed = parseSourceString(src, ctx)
  if (parsed === null || !verify(parsed.op)) {
    ctx.diagEngine.flush()
    return { ir: undefined, diags }
  }
  const ir = translateModuleToLLVMIR(parsed.op)
  ctx.diagEngine.flush()
  return { ir, diags }
}

/** mlir-translate's LLVM IR for `src`. */
export function oracle(src: string): string {
  const r = spawnSync(MLIR_TRANSLATE, ['--mlir-to-llvmir', '-'], { input: src, encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`mlir-translate failed: ${r.stderr}`)
  }
  return r.stdout
}
