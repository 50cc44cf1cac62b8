/** A minimal subset of the `memref` dialect (`memref.load`, `memref.store`). */
export { MemRefDialect } from './MemRefDialect.ts'
export { LoadOp, StoreOp, memrefOps } from './MemRefOps.ts'
export { getStridesAndOffset, type StridesAndOffset } from './MemRefLayout.ts'
