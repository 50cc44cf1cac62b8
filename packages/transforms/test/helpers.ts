import { Context, parseSourceString, printOperation, type Operation } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerTransformsPasses } from '../src/index.ts'

/** A context with every dialect registered and unregistered ops allowed. */
export function makeContext(): Context {
  const ctx = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(ctx)
  return ctx
}

/** Parses `source` in a fresh context; throws on parse errors. */
export function parse(source: string, ctx: Context = makeContext()): Operation {
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

/** Runs `pipeline` (`builtin.module(...)`) on `source`; returns the printed module, or null on failure. */
export function runPipeline(source: string, pipeline: string, debugStream?: (text: string) => void): { ok: boolean; text: string; module: Operation } {
  const ctx = makeContext()
  const module = parse(source, ctx)
  const registry = new PassRegistry()
  registerTransformsPasses(registry, debugStream)
  const parsed = parsePassPipeline(pipeline, registry)
  if (parsed.pm === null) {
    throw new Error(parsed.error)
  }
  const pm = new PassManager(ctx)
  pm.assignPipeline(parsed.pm)
  const ok = pm.run(module)
  return { ok, text: printOperation(module), module }
}
