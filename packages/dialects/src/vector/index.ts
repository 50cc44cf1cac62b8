/** A subset of the `vector` dialect: value ops, masks and memory transfers. */
export { VectorDialect } from './VectorDialect.ts'
export { CombiningKindAttr, CombiningKinds } from './VectorAttributes.ts'
export {
  BroadcastOp,
  ExtractOp,
  InsertOp,
  ShapeCastOp,
  FMAOp,
  ReductionOp,
  FromElementsOp,
  ConstantMaskOp,
  CreateMaskOp,
  vectorValueOps,
} from './VectorOps.ts'
export { LoadOp, StoreOp, TransferReadOp, TransferWriteOp, vectorMemoryOps } from './VectorTransferOps.ts'
