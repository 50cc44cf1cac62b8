import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { memrefOps } from './MemRefOps.ts'

/** The `memref` dialect subset: `memref.load` and `memref.store`. */
export const MemRefDialect: DialectDefinition = {
  namespace: 'memref',
  dependentDialects: ['arith'],
  ops: memrefOps,
  interfaces: { inliner: legalInlinerInterface },
}
