/** A minimal subset of the `affine` dialect: loops, conditionals, `affine.apply`, and the dim/symbol rules. */
export { AffineDialect } from './AffineDialect.ts'
export { AffineApplyOp, AffineForOp, AffineIfOp, AffineYieldOp, affineOps, getAffineScope, isTopLevelValue, isValidDim, isValidSymbol } from './AffineOps.ts'
