/** The cuda_tile -> tile assembly conversion, its pipeline and registration. */
import type { OpPassManager, PassRegistry } from '@tilepass/pass-manager'
import { ConvertCudaTileToTileASPass } from './ConvertCudaTileToTileAS.ts'
import { addTileASSchedulingPasses, registerTileASSchedulingPasses } from '../passes/SchedulingPasses.ts'

export { ConvertCudaTileToTileASPass, NUM_WARPS_ATTR } from './ConvertCudaTileToTileAS.ts'
export type { ConvertCudaTileToTileASOptionDecls } from './ConvertCudaTileToTileAS.ts'
export { defaultBlockedLayout, elementBytes } from './Layouts.ts'
export { convertMmaf, mmaOperandSharedLayout, mmaOperandSwizzleParams, mmaWarpsFor, MmafUnsupported } from './MmafToTileAS.ts'
export type { MmafConversion } from './MmafToTileAS.ts'
export { hoistLoopLayoutConversions } from './HoistLoopLayoutConversions.ts'

/** Options of the tile compile pipelines (`tilepass-compile`'s `-O`, `--gpu-name`, ...). */
export interface TilePipelineOptions {
  readonly optLevel: 0 | 1 | 2 | 3
  readonly gpuName: string
  /** Forces the number of pipeline stages of scheduled K-loops (absent: from the schedule). */
  readonly numStages?: number
  /** Writes the modulo scheduler's Chrome trace here (`schedule-trace-file`). */
  readonly scheduleTraceFile?: string
}

/**
 * Adds the cuda_tile -> tile assembly passes to `pm` (anchored on builtin.module): the
 * conversion, then at -O2 and above the modulo scheduling of the K-loops
 * (`addTileASSchedulingPasses`).
 */
export function addTileASPipeline(pm: OpPassManager, options: TilePipelineOptions): void {
  const convert = new ConvertCudaTileToTileASPass()
  convert.options.gpuName = options.gpuName
  pm.addPass(convert)
  addTileASSchedulingPasses(pm, {
    optLevel: options.optLevel,
    ...(options.numStages === undefined ? {} : { numStages: options.numStages }),
    ...(options.scheduleTraceFile === undefined ? {} : { scheduleTraceFile: options.scheduleTraceFile }),
  })
}

/**
 * Registers the passes of this package in `registry`: `convert-cuda-tile-to-tileas` and the
 * scheduling passes (`tilepass-opt --convert-cuda-tile-to-tileas`, ...).
 */
export function registerTileASPasses(registry: PassRegistry): void {
  registry.register(ConvertCudaTileToTileASPass)
  registerTileASSchedulingPasses(registry)
}
