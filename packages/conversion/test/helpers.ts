import { Context, parseSourceString, printOperation, type Operation } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerConversionPasses } from '../src/index.ts'

/** A context with every dialect registered and unregistered ops allowed. */
export function makeContext(): Context {
  const ctx = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(ctx)
  return ctx
}

/** Parses `source`; throws on parse errors. */
export function parse(source: string, ctx: Context = makeContext()): Operation {
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

/** Runs `pipeline` on `source` with the conversion passes registered. */
export function runPipeline(source: string, pipeline: string): { ok: boolean; text: string; module: Operation } {
  const ctx = makeContext()
  const module = parse(source, ctx)
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const parsed = parsePassPipeline(pipeline, registry)
  if (parsed.pm === null) {
    throw new Error(parsed.error)
  }
  const pm = new PassManager(ctx)
  pm.assignPipeline(parsed.pm)
  const ok = pm.run(module)
  return { ok, text: printOperation(module), module }
}
