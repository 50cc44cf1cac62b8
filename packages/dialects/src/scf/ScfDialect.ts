import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { scfOps } from './ScfOps.ts'

/** The `scf` dialect (depends on `arith`, like upstream). */
export const ScfDialect: DialectDefinition = {
  namespace: 'scf',
  dependentDialects: ['arith'],
  ops: scfOps,
  interfaces: { inliner: legalInlinerInterface },
}
