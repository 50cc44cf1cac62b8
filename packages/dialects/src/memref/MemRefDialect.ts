import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { memrefOps } from './MemRefOps.ts'
import { materializeArithConstant } from '../arith/ArithDialect.ts'

/** The `memref` dialect subset: alloc, alloca, dealloc, cast, dim, load and store. */
export const MemRefDialect: DialectDefinition = {
  namespace: 'memref',
  dependentDialects: ['arith'],
  ops: memrefOps,
  interfaces: { inliner: legalInlinerInterface },
  // As MLIR's `MemRefDialect::materializeConstant`: folded sizes become `arith.constant`.
  materializeConstant: materializeArithConstant,
}
