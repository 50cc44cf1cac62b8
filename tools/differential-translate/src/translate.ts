/** Tilepass's side of the comparison: parse, verify and translate in this process. */
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, verify, type Diagnostic } from '../../../packages/ir/src/index.ts'
import { registerAllDialects } from '../../../packages/dialects/src/index.ts'
import { translateModuleToLLVMIR } from '../../../packages/nvvm-lowering/src/index.ts'

/** The result of translating one module in this process. */
export interface TranslateResult {
  readonly ok: boolean
  readonly text: string
}

/** Parses, verifies and translates `src` with Tilepass; diagnostics as `line:col: error: message`. */
export function tilepassTranslate(src: string): TranslateResult {
  const ctx = new Context({ dialects: [BuiltinDialect] })
  registerAllDialects(ctx)
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const l = d.location
    diags.push(`${l instanceof FileLineColLoc ? `${l.line}:${l.column}` : '?'}: error: ${d.message}`)
    return true
  })
  const parsed = parseSourceString(src, ctx)
  if (parsed === null || !verify(parsed.op)) {
    ctx.diagEngine.flush()
    return { ok: false, text: diags.join('\n') }
  }
  const ir = translateModuleToLLVMIR(parsed.op)
  ctx.diagEngine.flush()
  return ir === undefined ? { ok: false, text: diags.join('\n') } : { ok: true, text: ir }
}

