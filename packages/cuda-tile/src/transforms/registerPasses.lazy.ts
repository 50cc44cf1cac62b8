// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle a pass's
// modules are evaluated when the pass is first needed, not when it is registered.
import type { PassLoader, PassRegistry } from '@tilepass/pass-manager'
import { FuseFMAPass } from './FuseFMA.ts'
import { LoopSplitPass } from './LoopSplit.ts'
import { SynthesizeDebugInfoScopesPass } from './SynthesizeDebugInfoScopes.ts'

/** The cuda_tile passes, by argument. */
const PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'fuse-fma': () => FuseFMAPass,
  'loop-split': () => LoopSplitPass,
  'synthesize-debug-info-scopes': () => SynthesizeDebugInfoScopesPass,
}

/** Registers the cuda_tile passes in `registry`, by loader: a pass's class is made when it is first needed. */
export function registerCudaTilePasses(registry: PassRegistry): void {
  for (const argument in PASS_LOADERS) {
    registry.registerPassLoader(argument, PASS_LOADERS[argument]!)
  }
}
