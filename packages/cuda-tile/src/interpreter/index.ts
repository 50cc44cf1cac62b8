/**
 * The reference interpreter of cuda_tile: the golden model of the op semantics. Give it a
 * module, the name of a `cuda_tile.entry`, its arguments, a grid and a `TileMemory`; it
 * computes the output buffers.
 */
export { runKernel, interpretedOps } from './Interpreter.ts'
export type { KernelLaunch, KernelArg } from './Interpreter.ts'
export { Tile } from './Tile.ts'
export { TileMemory } from './TileMemory.ts'
