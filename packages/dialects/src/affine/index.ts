/** A subset of the `affine` dialect: loops, conditionals, `affine.apply`, min/max, index ops, and the dim/symbol rules. */
export { AffineDialect } from './AffineDialect.ts'
export {
  AffineApplyOp,
  AffineForOp,
  AffineIfOp,
  AffineMaxOp,
  AffineMinOp,
  AffineYieldOp,
  affineOps,
  constantFoldAffineExpr,
  getAffineScope,
  isTopLevelValue,
  isValidDim,
  isValidSymbol,
} from './AffineOps.ts'
export { AffineParallelOp, ATOMIC_RMW_KINDS, parallelBoundGroups } from './AffineParallelOp.ts'
export { AffineDelinearizeIndexOp, AffineLinearizeIndexOp } from './AffineIndexOps.ts'
export { AffineVectorLoadOp, AffineVectorStoreOp } from './AffineVectorOps.ts'
