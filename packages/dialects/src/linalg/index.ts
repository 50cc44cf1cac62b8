/** A subset of the `linalg` dialect: structured ops on tensors and buffers. */
export { LinalgDialect } from './LinalgDialect.ts'
export {
  GenericOp as LinalgGenericOp,
  YieldOp as LinalgYieldOp,
  IndexOp as LinalgIndexOp,
  IteratorTypeAttr,
  IteratorTypes,
  isLinalgOp,
  structuredIndexingMaps,
} from './LinalgOps.ts'
export { TransposeOp as LinalgTransposeOp, BroadcastOp as LinalgBroadcastOp } from './LinalgShapeOps.ts'
export { FillOp as LinalgFillOp, CopyOp as LinalgCopyOp, MatmulOp as LinalgMatmulOp, elementwiseNamedOps as linalgElementwiseNamedOps } from './LinalgNamedOps.ts'
