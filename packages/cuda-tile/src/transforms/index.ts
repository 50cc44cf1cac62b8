/**
 * The passes of the cuda_tile dialect: `fuse-fma`, `loop-split` and
 * `synthesize-debug-info-scopes`.
 */
import type { PassRegistry } from '@tilepass/pass-manager'
import { FuseFMAPass } from './FuseFMA.ts'
import { LoopSplitPass } from './LoopSplit.ts'
import { SynthesizeDebugInfoScopesPass } from './SynthesizeDebugInfoScopes.ts'

export { FuseFMAPass, LoopSplitPass, SynthesizeDebugInfoScopesPass }

/** Registers the cuda_tile passes in `registry`. */
export function registerCudaTilePasses(registry: PassRegistry): void {
  registry.register(FuseFMAPass)
  registry.register(LoopSplitPass)
  registry.register(SynthesizeDebugInfoScopesPass)
}
