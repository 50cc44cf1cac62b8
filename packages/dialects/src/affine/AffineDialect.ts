import type { DialectDefinition } from '@tilepass/ir'
import { affineOps } from './AffineOps.ts'
import { materializeArithConstant } from '../arith/ArithDialect.ts'

/** The `affine` dialect subset: `affine.for`, `affine.if`, `affine.yield`, `affine.apply` (depends on `arith`, like upstream). */
export const AffineDialect: DialectDefinition = {
  namespace: 'affine',
  dependentDialects: ['arith'],
  ops: affineOps,
  // As MLIR's AffineDialect::materializeConstant: folded values become `arith.constant`s.
  materializeConstant: materializeArithConstant,
}
