import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { materializeComplexConstant } from '../complex/ComplexDialect.ts'
import { tensorCoreOps } from './TensorOps.ts'
import { tensorReshapeOps } from './TensorReshapeOps.ts'
import { tensorSliceOps } from './TensorSliceOps.ts'
import { PadOp } from './TensorPadOp.ts'
import { ConcatOp } from './TensorConcatOp.ts'

/**
 * The `tensor` dialect subset: empty, cast, bitcast, dim, rank, extract, insert, from_elements, splat,
 * generate/yield, reshape, expand_shape, collapse_shape, extract_slice, insert_slice, pad and concat.
 */
export const TensorDialect: DialectDefinition = {
  namespace: 'tensor',
  dependentDialects: ['arith', 'complex'],
  ops: [...tensorCoreOps, ...tensorReshapeOps, ...tensorSliceOps, PadOp, ConcatOp],
  interfaces: { inliner: legalInlinerInterface },
  // As MLIR's `TensorDialect::materializeConstant`: `arith.constant`, or `complex.constant`.
  materializeConstant: materializeComplexConstant,
}
