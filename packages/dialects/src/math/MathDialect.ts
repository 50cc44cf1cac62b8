import type { DialectDefinition } from '@tilepass/ir'
import { materializeArithConstant } from '../arith/index.ts'
import { legalInlinerInterface } from '../func/FuncInliner.ts'
import { mathOps } from './MathOps.ts'

/**
 * The `math` dialect (elementwise float and integer functions). Its constants
 * materialize as `arith.constant`, and every op is legal to inline, as upstream.
 */
export const MathDialect: DialectDefinition = {
  namespace: 'math',
  dependentDialects: ['arith'],
  ops: mathOps,
  materializeConstant: materializeArithConstant,
  interfaces: { inliner: legalInlinerInterface },
}
