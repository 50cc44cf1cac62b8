/** The cuda_tile -> tile assembly conversion, its pipeline and registration. */
import type { OpPassManager } from '@tilepass/pass-manager'
import { ConvertCudaTileToTileASPass } from './ConvertCudaTileToTileAS.ts'

export { ConvertCudaTileToTileASPass, NUM_WARPS_ATTR } from './ConvertCudaTileToTileAS.ts'
export type { ConvertCudaTileToTileASOptionDecls } from './ConvertCudaTileToTileAS.ts'
export { defaultBlockedLayout, elementBytes } from './Layouts.ts'
export { convertMmaf, mmaOperandSharedLayout, mmaOperandSwizzleParams, mmaWarpsFor, MmafUnsupported } from './MmafToTileAS.ts'
export type { MmafConversion } from './MmafToTileAS.ts'
export { hoistLoopLayoutConversions } from './HoistLoopLayoutConversions.ts'

/** Options of the tile compile pipelines (`tilepass-compile`'s `-O` and `--gpu-name`). */
export interface TilePipelineOptions {
  readonly optLevel: 0 | 1 | 2 | 3
  readonly gpuName: string
}

/**
 * Adds the cuda_tile -> tile assembly conversion to `pm` (anchored on builtin.module). The
 * modulo scheduling of the K-loops is `addTileASSchedulingPasses`, added after it.
 */
export function addTileASPipeline(pm: OpPassManager, options: TilePipelineOptions): void {
  const convert = new ConvertCudaTileToTileASPass()
  convert.options.gpuName = options.gpuName
  pm.addPass(convert)
}
