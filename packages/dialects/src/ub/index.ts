/** The `ub` dialect: `ub.poison`, `ub.unreachable`, the `#ub.poison` attribute and the dialect definition. */
export { UBDialect, materializeUBConstant } from './UBDialect.ts'
export { PoisonAttr, isPoisonAttr } from './UBAttributes.ts'
export { PoisonOp, PoisonAttrInterfaceC, UnreachableOp, ubOps } from './UBOps.ts'
