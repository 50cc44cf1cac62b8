import { legalInlinerInterface } from '../func/FuncInliner.ts'
import {
  IndexType,
  IntegerAttr,
  IntegerType,
  type Attribute,
  type DialectDefinition,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { parseIndexAttribute, printIndexAttribute } from './IndexAttributes.ts'
import { BoolConstantOp, ConstantOp, indexOps } from './IndexOps.ts'

/**
 * Builds `index.bool.constant` for an `i1` value or `index.constant` for an index value
 * (MLIR's `IndexDialect::materializeConstant`); null otherwise.
 */
export function materializeIndexConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  if (!(value instanceof IntegerAttr)) {
    return null
  }
  if (value.type instanceof IntegerType && value.type.width === 1 && value.type.isSignless) {
    if (!(type instanceof IntegerType && type.width === 1 && type.isSignless)) {
      return null
    }
    return BoolConstantOp.build(builder, loc, { attributes: { value }, results: [type] })
  }
  if (!(value.type instanceof IndexType) || !(type instanceof IndexType)) {
    return null
  }
  return ConstantOp.build(builder, loc, { attributes: { value }, results: [type] })
}

/** The `index` dialect: target-independent arithmetic on `index` values. */
export const IndexDialect: DialectDefinition = {
  namespace: 'index',
  ops: indexOps,
  parseAttribute: (parser) => parseIndexAttribute(parser),
  printAttribute: (attr, printer) => printIndexAttribute(attr, printer),
  materializeConstant: materializeIndexConstant,
  interfaces: { inliner: legalInlinerInterface },
}
