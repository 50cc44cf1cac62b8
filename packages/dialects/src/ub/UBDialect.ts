import { legalInlinerInterface } from '../func/FuncInliner.ts'
import type { Attribute, DialectDefinition, Location, OpBuilder, Operation, Type } from '@tilepass/ir'
import { isPoisonAttr, parseUBAttribute, printUBAttribute } from './UBAttributes.ts'
import { PoisonOp, ubOps } from './UBOps.ts'

/** Builds `ub.poison` of `type` for a poison attribute (MLIR's `UBDialect::materializeConstant`); null otherwise. */
export function materializeUBConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  if (!isPoisonAttr(value)) {
    return null
  }
  return PoisonOp.build(builder, loc, { attributes: { value }, results: [type] })
}

/** The `ub` dialect: poison values (`ub.poison`) and `ub.unreachable`. */
export const UBDialect: DialectDefinition = {
  namespace: 'ub',
  ops: ubOps,
  parseAttribute: (parser) => parseUBAttribute(parser),
  printAttribute: (attr, printer) => printUBAttribute(attr, printer),
  materializeConstant: materializeUBConstant,
  interfaces: { inliner: legalInlinerInterface },
}
