import type { Context } from '@tilepass/ir'
import type { PassRegistry } from '@tilepass/pass-manager'

/** What a compiler built on Tilepass adds to the `-opt` driver: its dialects and passes. */
export interface OptToolExtension {
  /** Registers the extension's dialects in each context the tool creates (one per input chunk). */
  readonly registerDialects?: (context: Context) => void
  /** Registers the extension's passes and pipelines, once per process. */
  readonly registerPasses?: (registry: PassRegistry) => void
}

const extensions: OptToolExtension[] = []
const passRegistries: PassRegistry[] = []

/** @internal Adds `ext` to every tool of this process (and to a pass registry already built). */
export function addToolExtension(ext: OptToolExtension): void {
  if (extensions.includes(ext)) {
    return
  }
  extensions.push(ext)
  for (const registry of passRegistries) {
    ext.registerPasses?.(registry)
  }
}

/** @internal Registers the extensions' dialects in `context`. */
export function registerExtensionDialects(context: Context): void {
  for (const ext of extensions) {
    ext.registerDialects?.(context)
  }
}

/** @internal Registers the extensions' passes in the tool's registry, now and for later extensions. */
export function registerExtensionPasses(registry: PassRegistry): void {
  passRegistries.push(registry)
  for (const ext of extensions) {
    ext.registerPasses?.(registry)
  }
}
