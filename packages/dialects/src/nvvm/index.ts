/** The `nvvm` dialect: attributes, op definitions and the dialect registration. */
export {
  NVVMOpaqueEnumCases,
  NVVMKeywordCases,
  NVVMEnumAttr,
  NVVMKeywordAttr,
  NVVMShapeAttr,
  NVVMTargetAttr,
  nvvmCase,
  parseNVVMAttribute,
  printNVVMAttribute,
} from './NVVMAttributes.ts'
export {
  NVVMSpecialRegisters,
  NVVMSpecialRegisterOps,
  NVVMBarrier0Op,
  NVVMBarrierOp,
  NVVMShflOp,
  NVVMCpAsyncOp,
  NVVMCpAsyncCommitGroupOp,
  NVVMCpAsyncWaitGroupOp,
  NVVMLdMatrixOp,
  NVVMMmaOp,
  NVVMSetMaxRegisterOp,
  inferMmaOperandType,
  nvvmOps,
} from './NVVMOps.ts'
export { NVVMDialect } from './NVVMDialect.ts'
