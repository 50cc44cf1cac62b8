// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle a pass's
// modules are evaluated when the pass is first needed, not when it is registered.
import type { PassLoader, PassRegistry } from '@tilepass/pass-manager'
import { ConvertCudaTileToTileASPass } from './conversion/ConvertCudaTileToTileAS.ts'
import { TileASGenerateSchedulePass, TileASMaterializeSchedulePass, TileASPrepareForSchedulingPass } from './passes/SchedulingPasses.ts'

/** The scheduling passes, by argument. */
const SCHEDULING_PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'tileas-prepare-for-scheduling': () => TileASPrepareForSchedulingPass,
  'tileas-generate-schedule-constraints': () => TileASGenerateSchedulePass,
  'tileas-materialize-schedule': () => TileASMaterializeSchedulePass,
}

/** The cuda_tile -> tile assembly conversion's pass, by argument. */
const CONVERSION_PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'convert-cuda-tile-to-tileas': () => ConvertCudaTileToTileASPass,
}

/**
 * Registers the passes of this package in `registry`: `convert-cuda-tile-to-tileas` and the
 * scheduling passes (`tilepass-opt --convert-cuda-tile-to-tileas`, ...), by loader: a
 * pass's class is made when the pass is first needed.
 */
export function registerTileASPasses(registry: PassRegistry): void {
  for (const argument in CONVERSION_PASS_LOADERS) {
    registry.registerPassLoader(argument, CONVERSION_PASS_LOADERS[argument]!)
  }
  registerTileASSchedulingPasses(registry)
}

/** Registers the scheduling passes in `registry` (`tilepass-opt --tileas-generate-schedule-constraints`, ...), by loader. */
export function registerTileASSchedulingPasses(registry: PassRegistry): void {
  for (const argument in SCHEDULING_PASS_LOADERS) {
    registry.registerPassLoader(argument, SCHEDULING_PASS_LOADERS[argument]!)
  }
}
