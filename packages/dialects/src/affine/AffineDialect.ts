import type { DialectDefinition } from '@tilepass/ir'
import { affineOps } from './AffineOps.ts'
import { AffineParallelOp } from './AffineParallelOp.ts'
import { AffineDelinearizeIndexOp, AffineLinearizeIndexOp } from './AffineIndexOps.ts'
import { AffineVectorLoadOp, AffineVectorStoreOp } from './AffineVectorOps.ts'
import { materializeArithConstant } from '../arith/ArithDialect.ts'

/**
 * The `affine` dialect subset: `affine.for`, `affine.if`, `affine.parallel`, `affine.yield`,
 * `affine.apply`, `affine.min`/`affine.max`, `affine.load`/`affine.store`, `affine.vector_load`/`affine.vector_store` and the
 * `affine.delinearize_index`/`affine.linearize_index` index ops (depends on `arith`, like upstream).
 */
export const AffineDialect: DialectDefinition = {
  namespace: 'affine',
  dependentDialects: ['arith'],
  ops: [...affineOps, AffineParallelOp, AffineDelinearizeIndexOp, AffineLinearizeIndexOp, AffineVectorLoadOp, AffineVectorStoreOp],
  // As MLIR's AffineDialect::materializeConstant: folded values become `arith.constant`s.
  materializeConstant: materializeArithConstant,
}
