import type { Attribute, DialectDefinition, Location, OpBuilder, Operation, Type } from '@tilepass/ir'
import { materializeArithConstant } from '../arith/index.ts'
import { legalInlinerInterface } from '../func/FuncInliner.ts'
import { ConstantOp, complexOps, isBuildableComplexConstant } from './ComplexOps.ts'

/**
 * Builds `complex.constant` for a `[re, im]` array of a complex type, else an
 * `arith.constant` (MLIR's `ComplexDialect::materializeConstant`); null when neither fits.
 */
export function materializeComplexConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  if (isBuildableComplexConstant(value, type)) {
    return ConstantOp.build(builder, loc, { attributes: { value }, results: [type] })
  }
  return materializeArithConstant(builder, value, type, loc)
}

/**
 * The `complex` dialect subset the upstream transform tests use: `create`, `re`, `im`,
 * `add`, `sub`, `mul` and `constant`, with upstream's verifiers and folds. Every op is
 * legal to inline.
 */
export const ComplexDialect: DialectDefinition = {
  namespace: 'complex',
  dependentDialects: ['arith'],
  ops: complexOps,
  materializeConstant: materializeComplexConstant,
  interfaces: { inliner: legalInlinerInterface },
}
