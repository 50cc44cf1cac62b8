/** A subset of the `tensor` dialect (value-semantics tensors: creation, access, casts and reshapes). */
export { TensorDialect } from './TensorDialect.ts'
export {
  CastOp as TensorCastOp,
  BitcastOp as TensorBitcastOp,
  EmptyOp,
  DimOp as TensorDimOp,
  RankOp as TensorRankOp,
  ExtractOp,
  InsertOp,
  FromElementsOp,
  SplatOp,
  GenerateOp,
  YieldOp as TensorYieldOp,
  ReshapeOp as TensorReshapeOp,
  preservesStaticInformation,
  canFoldIntoConsumerOp,
  tensorCoreOps,
} from './TensorOps.ts'
export { ExpandShapeOp as TensorExpandShapeOp, CollapseShapeOp as TensorCollapseShapeOp, tensorReshapeOps } from './TensorReshapeOps.ts'
export { ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp, tensorSliceOps } from './TensorSliceOps.ts'
export { PadOp } from './TensorPadOp.ts'
export { ConcatOp } from './TensorConcatOp.ts'
