import { addTileASPipeline } from '@tilepass/tileas-scheduler'
import { addNVVMLoweringPipeline } from '@tilepass/nvvm-lowering'
import type { TileCompilePipeline } from './compileMain.ts'

/** @internal The compile pipeline of `tilepass-compile`: cuda_tile -> tile assembly -> llvm + nvvm. */
export const TILE_COMPILE_PIPELINE: TileCompilePipeline = {
  addTileAS: addTileASPipeline,
  addNVVM: addNVVMLoweringPipeline,
}
