import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The library packages whose `register*Passes(registry)` exports feed docs/passes.md (the cli's test passes are not documented). */
export const LIBRARY_PACKAGES: readonly string[] = ['transforms', 'conversion', 'tileas-scheduler', 'nvvm-lowering', 'instrumentation']

/** The subset of @tilepass/pass-manager the tool uses, loaded from the sources. */
export interface PassManagerModule {
  PassRegistry: new () => object
  generatePassDoc(registry: object): string
}

/**
 * Loads @tilepass/pass-manager and every library package from their sources (the tool
 * runs with `--conditions=source`), registers every pass they export through
 * `register*Passes(registry)`, and returns the generated Markdown.
 */
export async function generateFromSources(root: string): Promise<string> {
  const load = async (pkg: string): Promise<Record<string, unknown> | undefined> => {
    const entry = path.join(root, 'packages', pkg, 'src', 'index.ts')
    return existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as Record<string, unknown>) : undefined
  }
  const pm = (await load('pass-manager')) as unknown as PassManagerModule
  const registry = new pm.PassRegistry()
  const known = new Set(readdirSync(path.join(root, 'packages')))
  for (const pkg of LIBRARY_PACKAGES) {
    if (!known.has(pkg)) {
      continue
    }
    const mod = await load(pkg)
    for (const [name, value] of Object.entries(mod ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (/^register\w*Passes$/.test(name) && typeof value === 'function') {
        ;(value as (r: object) => void)(registry)
      }
    }
  }
  return pm.generatePassDoc(registry)
}
