/**
 * The GEMM operand path of the tile lowering as code generators: cp.async staging into
 * swizzled shared buffers, ldmatrix into dot-operand registers, mma.sync m16n8k16 with f32
 * accumulation, and the buffer sizing helpers.
 */
export { LLVMEmitter } from './LLVMEmitter.ts'
export type { MmaElementType, IntOperand } from './LLVMEmitter.ts'
export { emitThreadIds } from './ThreadIds.ts'
export type { ThreadIds } from './ThreadIds.ts'
export {
  mmaOperandSwizzle,
  swizzledOffset,
  stageBytes,
  gemmSharedPlan,
  pipelineStages,
  checkStageShape,
  STATIC_SHARED_LIMIT,
  VECTOR_BYTES,
} from './SharedLayout.ts'
export type { SharedSwizzle, GemmSharedPlan } from './SharedLayout.ts'
export {
  accumulatorReps,
  accumulatorRegBases,
  dotOperandRegBases,
  registerCoord,
  registerCount,
  accumulatorLaneOrigin,
  checkMmaTile,
} from './MmaLayouts.ts'
export type { WarpsPerCTA, Coord } from './MmaLayouts.ts'
export { emitAsyncCopyTile, emitStagePointer, emitAsyncCommitGroup, emitAsyncWait, emitBarrier } from './AsyncCopy.ts'
export type { GlobalTileRef, SharedStageRef, AsyncCopyTile } from './AsyncCopy.ts'
export { emitLoadDotOperand } from './LdMatrix.ts'
export type { DotOperandLoad } from './LdMatrix.ts'
export { emitMma, mmaRegisterCounts, packOperandPair } from './MmaSync.ts'
export type { MmaTile } from './MmaSync.ts'
export {
  GEMM_OP_NAMES,
  checkGemmOp,
  lowerAllocShared,
  lowerAsyncCopy,
  lowerAsyncCommitGroup,
  lowerAsyncWait,
  lowerBarrier,
  lowerLocalLoad,
  lowerMma,
} from './GemmOpLowering.ts'
export type { GemmLoweringEnv } from './GemmOpLowering.ts'
