import type { DialectDefinition } from '@tilepass/ir'
import { legalInlinerInterface } from '../func/FuncInliner.ts'
import { CopyOp, FillOp, MatmulOp, elementwiseNamedOps } from './LinalgNamedOps.ts'
import { BroadcastOp, TransposeOp } from './LinalgShapeOps.ts'
import { GenericOp, IndexOp, YieldOp, parseLinalgAttribute, printLinalgAttribute } from './LinalgOps.ts'

/**
 * The `linalg` dialect subset: `linalg.generic` with `linalg.yield` and `linalg.index`, and the
 * elementwise named structured ops (`fill`, `copy`, `exp`, `add`, ...) `matmul`, `transpose` and `broadcast`.
 */
export const LinalgDialect: DialectDefinition = {
  namespace: 'linalg',
  dependentDialects: ['affine', 'arith', 'math', 'memref', 'tensor'],
  ops: [GenericOp, YieldOp, IndexOp, FillOp, CopyOp, MatmulOp, TransposeOp, BroadcastOp, ...elementwiseNamedOps],
  interfaces: { inliner: legalInlinerInterface },
  parseAttribute: (parser) => parseLinalgAttribute(parser),
  printAttribute: (attr, printer) => printLinalgAttribute(attr, printer),
}
