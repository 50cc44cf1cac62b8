import { addTileASPipeline, addTileASSchedulingPasses } from '@tilepass/tileas-scheduler'
import { addNVVMLoweringPipeline } from '@tilepass/nvvm-lowering'
import type { TileCompilePipeline } from './compileMain.ts'

/**
 * @internal The compile pipeline of `tilepass-compile`: cuda_tile -> tile assembly, the
 * scheduling passes at -O2 and above (modulo-scheduled, materialized K-loops), then tile
 * assembly -> llvm + nvvm.
 */
export const TILE_COMPILE_PIPELINE: TileCompilePipeline = {
  addTileAS: (pm, options) => {
    addTileASPipeline(pm, options)
    addTileASSchedulingPasses(pm, {
      optLevel: options.optLevel,
      ...(options.scheduleTraceFile === undefined ? {} : { scheduleTraceFile: options.scheduleTraceFile }),
    })
  },
  addNVVM: addNVVMLoweringPipeline,
}
