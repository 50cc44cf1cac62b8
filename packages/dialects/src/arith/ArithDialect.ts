import { legalInlinerInterface } from '../func/FuncInliner.ts'
import {
  DenseElementsAttr,
  FloatAttr,
  IntegerAttr,
  IntegerType,
  OperationState,
  getElementTypeOrSelf,
  type Attribute,
  type DialectDefinition,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { parseArithAttribute, printArithAttribute } from './ArithAttributes.ts'
import { ConstantOp, arithOps } from './ArithOps.ts'
import { PoisonAttr } from '../ub/UBAttributes.ts'
import { materializeUBConstant } from '../ub/UBDialect.ts'

/** Whether `arith.constant` can hold `value` as a constant of `type` (MLIR's `ConstantOp::isBuildableWith`). */
export function isBuildableConstant(value: Attribute, type: Type): boolean {
  const typed = value as { type?: Type | null }
  if (typed.type !== type) {
    return false
  }
  const elt = getElementTypeOrSelf(type)
  if (elt instanceof IntegerType && !elt.isSignless) {
    return false
  }
  return value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr
}

/** Creates `arith.constant` for `value` at `builder`'s insertion point, or null when not buildable. */
export function materializeArithConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  // Poison folds (a bitcast of poison) become `ub.poison`, as upstream's arith dialect builds them.
  if (value instanceof PoisonAttr) {
    return builder.context.getLoadedDialect('ub') === undefined ? null : materializeUBConstant(builder, value, type, loc)
  }
  if (!isBuildableConstant(value, type)) {
    return null
  }
  // What `ConstantOp.build(builder, loc, { attributes: { value }, results: [type] })` makes,
  // without its checks of the argument names: the folds of a canonicalization make one per
  // constant they produce.
  const state = new OperationState(loc, builder.context.getOperationName(ConstantOp.name))
  state.addProperty('value', value)
  state.types.push(type)
  return builder.createFromState(state)
}

/** The `arith` dialect: integer and floating-point arithmetic, comparisons, casts and `select`. */
export const ArithDialect: DialectDefinition = {
  namespace: 'arith',
  ops: arithOps,
  interfaces: { inliner: legalInlinerInterface },
  parseAttribute: (parser) => parseArithAttribute(parser),
  printAttribute: (attr, printer) => printArithAttribute(attr, printer),
  materializeConstant: materializeArithConstant,
}
