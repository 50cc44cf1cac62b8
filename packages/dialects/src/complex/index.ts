export { ComplexDialect, materializeComplexConstant } from './ComplexDialect.ts'
export { AddOp, ConstantOp, CreateOp, ImOp, MulOp, ReOp, SubOp, complexOps, isBuildableComplexConstant } from './ComplexOps.ts'
