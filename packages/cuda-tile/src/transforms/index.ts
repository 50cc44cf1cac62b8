/**
 * The passes of the cuda_tile dialect: `fuse-fma`, `loop-split` and
 * `synthesize-debug-info-scopes`.
 */
import { FuseFMAPass } from './FuseFMA.ts'
import { LoopSplitPass } from './LoopSplit.ts'
import { SynthesizeDebugInfoScopesPass } from './SynthesizeDebugInfoScopes.ts'

export { FuseFMAPass, LoopSplitPass, SynthesizeDebugInfoScopesPass }
export { registerCudaTilePasses } from './registerPasses.lazy.ts'
