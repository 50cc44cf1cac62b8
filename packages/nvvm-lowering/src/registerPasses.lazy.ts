// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle the pass's
// modules are evaluated when the pass is first needed, not when it is registered.
import type { PassLoader, PassRegistry } from '@tilepass/pass-manager'
import { ConvertTileASToNVVMPass } from './tile/ConvertTileASToNVVM.ts'

/** The passes of this package, by argument. */
const PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'convert-tileas-to-nvvm': () => ConvertTileASToNVVMPass,
}

/** Registers the passes of this package (`tilepass-opt --convert-tileas-to-nvvm`), by loader: a pass's class is made when it is first needed. */
export function registerNVVMLoweringPasses(registry: PassRegistry): void {
  for (const argument in PASS_LOADERS) {
    registry.registerPassLoader(argument, PASS_LOADERS[argument]!)
  }
}
