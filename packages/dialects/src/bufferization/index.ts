/** The `bufferization` dialect: the ops at the tensor/buffer boundary and their canonicalizations. */
export { BufferizationDialect } from './BufferizationDialect.ts'
export {
  AllocTensorOp,
  CloneOp,
  DeallocTensorOp,
  MaterializeInDestinationOp,
  ToBufferOp,
  ToTensorOp,
  bufferizationOps,
} from './BufferizationOps.ts'
export { DeallocOp } from './BufferizationDeallocOp.ts'
