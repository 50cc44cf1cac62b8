// Shared by the dialect op tests: parse/verify/print round trips, first diagnostics and
// `--canonicalize` on a context holding the given dialects.
import {
  BuiltinDialect,
  Context,
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  parseSourceString,
  printOperation,
  verify,
  type AsmPrinterOptions,
  type DialectDefinition,
} from '@tilepass/ir'

/** The helpers of a dialect test, each on a fresh context with `dialects` (and builtin). */
export interface DialectHarness {
  /** Parses, verifies and prints `source` (generic form when asked); the first diagnostic on failure. */
  readonly roundTrip: (source: string, generic?: boolean) => string
  /** The first diagnostic's message for an invalid input. */
  readonly firstError: (source: string) => string | undefined
  /**
   * `mlir-opt --canonicalize` with every loaded dialect's patterns, printed with `print`;
   * `filename` names the buffer in locations (default `<stdin>`).
   */
  readonly canonicalize: (source: string, print?: AsmPrinterOptions, filename?: string) => string
}

/** Builds the helpers for `dialects`; `allowUnregisteredDialects` lets inputs use ops of other dialects. */
export function dialectHarness(dialects: readonly DialectDefinition[], allowUnregisteredDialects = false): DialectHarness {
  const context = (): { ctx: Context; errors: string[] } => {
    const ctx = new Context({ dialects: [BuiltinDialect, ...dialects], allowUnregisteredDialects })
    const errors: string[] = []
    ctx.diagEngine.registerHandler((d) => {
      errors.push(d.message)
      return true
    })
    return { ctx, errors }
  }
  return {
    roundTrip: (source, generic = false) => {
      const { ctx, errors } = context()
      const r = parseSourceString(source, ctx)
      const ok = r !== null && verify(r.op)
      ctx.diagEngine.flush()
      return ok ? `${printOperation(r.op, { printGenericOpForm: generic })}\n` : (errors[0] ?? 'error')
    },
    firstError: (source) => {
      const { ctx, errors } = context()
      const r = parseSourceString(source, ctx)
      if (r !== null) {
        verify(r.op)
      }
      ctx.diagEngine.flush()
      return errors[0]
    },
    canonicalize: (source, print = {}, filename) => {
      const { ctx } = context()
      const r = parseSourceString(source, ctx, filename === undefined ? undefined : { filename })
      if (r === null) {
        throw new Error('parse failed')
      }
      const patterns = new RewritePatternSet(ctx)
      for (const name of ctx.registeredOperationNames) {
        name.def?.getCanonicalizationPatterns?.(patterns)
      }
      applyPatternsGreedily(r.op, new FrozenRewritePatternSet(patterns))
      return `${printOperation(r.op, print)}\n`
    },
  }
}
