/** The `scf` dialect: structured control flow (`scf.for`, `scf.if`, `scf.while`, ...). */
export { ScfDialect } from './ScfDialect.ts'
export { ConditionOp, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp, ensureYieldTerminator, scfOps } from './ScfOps.ts'
export { ForallOp, InParallelOp } from './ScfForall.ts'
export { ParallelOp, ReduceOp, ReduceReturnOp } from './ScfParallel.ts'
export { verifyLoopLike, verifyRegionBranchOp } from './ScfVerify.ts'
export type { LoopParts } from './ScfVerify.ts'
