import type { DialectDefinition } from '@tilepass/ir'
import { legalInlinerInterface } from '../func/FuncInliner.ts'
import { materializeArithConstant } from '../arith/ArithDialect.ts'
import { parseVectorAttribute, printVectorAttribute } from './VectorAttributes.ts'
import { vectorValueOps } from './VectorOps.ts'
import { vectorMemoryOps } from './VectorTransferOps.ts'

/**
 * The `vector` dialect subset: broadcast, extract/insert, shape_cast, fma, reduction,
 * from_elements, masks, load/store and transfer_read/transfer_write, with `#vector.kind`.
 */
export const VectorDialect: DialectDefinition = {
  namespace: 'vector',
  dependentDialects: ['arith', 'ub'],
  ops: [...vectorValueOps, ...vectorMemoryOps],
  interfaces: { inliner: legalInlinerInterface },
  parseAttribute: (parser) => parseVectorAttribute(parser),
  printAttribute: (attr, printer) => printVectorAttribute(attr, printer),
  // As MLIR's `VectorDialect::materializeConstant`: folded values become `arith.constant`s (poison `ub.poison`).
  materializeConstant: materializeArithConstant,
}
