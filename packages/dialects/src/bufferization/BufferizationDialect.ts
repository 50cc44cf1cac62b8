import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { bufferizationOps } from './BufferizationOps.ts'

/**
 * The `bufferization` dialect's ops: alloc_tensor, clone, dealloc_tensor,
 * materialize_in_destination, to_tensor, to_buffer and dealloc.
 */
export const BufferizationDialect: DialectDefinition = {
  namespace: 'bufferization',
  dependentDialects: ['arith', 'memref', 'tensor'],
  ops: bufferizationOps,
  // MLIR's `BufferizationInlinerInterface`: every op is legal to inline.
  interfaces: { inliner: legalInlinerInterface },
}
