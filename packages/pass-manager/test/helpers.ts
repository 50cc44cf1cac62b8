import { Block, Context, FunctionOpInterface, OpBuilder, StringAttr, Trait, UnknownLoc, type DialectDefinition, type Operation } from '@tilepass/ir'

/** A small dialect for pass-manager tests: modules, functions (FunctionOpInterface) and plain ops. */
export const testDialect: DialectDefinition = {
  namespace: 'pt',
  ops: [
    { name: 'pt.module', traits: Trait.IsolatedFromAbove | Trait.SymbolTable | Trait.NoTerminator },
    {
      name: 'pt.func',
      traits: Trait.IsolatedFromAbove | Trait.Symbol | Trait.NoTerminator,
      interfaces: [
        FunctionOpInterface.impl({
          getFunctionType: () => {
            throw new Error('unused')
          },
          getFunctionBody: (op: Operation) => op.regions[0]!,
        }),
      ],
    },
    { name: 'pt.region', traits: Trait.NoTerminator },
    { name: 'pt.op' },
  ],
}

/** A context with the test dialect and a helper dialect `pu` that passes may depend on. */
export function makeContext(): Context {
  const ctx = new Context({ dialects: [testDialect, { namespace: 'pu', ops: [] }] })
  ctx.loadDialect('pt')
  return ctx
}

/** Creates `name` with one block per region, optionally appended to `parent`. */
export function makeOp(ctx: Context, name: string, parent: Block | null, numRegions = 0, sym?: string): Operation {
  const b = new OpBuilder(ctx)
  const op = b.create(name, UnknownLoc.get(ctx), { regions: numRegions })
  for (const r of op.regions) {
    r.push(new Block())
  }
  if (sym !== undefined) {
    op.setAttr('sym_name', StringAttr.get(ctx, sym))
  }
  if (parent !== null) {
    parent.append(op)
  }
  return op
}

/** A `pt.module` holding `n` functions `f0..f(n-1)`, each with one `pt.op`. */
export function makeModule(ctx: Context, n: number): Operation {
  const m = makeOp(ctx, 'pt.module', null, 1)
  for (let i = 0; i < n; i++) {
    const f = makeOp(ctx, 'pt.func', m.regions[0]!.front, 1, `f${i}`)
    makeOp(ctx, 'pt.op', f.regions[0]!.front)
  }
  return m
}

/** Collects the diagnostics of `ctx` as `severity: message` strings. */
export function captureDiagnostics(ctx: Context): string[] {
  const out: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    out.push(`${d.severity}: ${d.message}`)
    return true
  })
  return out
}
