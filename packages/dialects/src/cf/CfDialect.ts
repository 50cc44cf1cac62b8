import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { DialectDefinition } from '@tilepass/ir'
import { cfOps } from './CfOps.ts'

/** The `cf` dialect: unstructured control flow (`cf.br`, `cf.cond_br`, `cf.switch`, `cf.assert`). */
export const CfDialect: DialectDefinition = {
  namespace: 'cf',
  dependentDialects: ['arith'],
  ops: cfOps,
  interfaces: { inliner: legalInlinerInterface },
}
