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
  NVVMSetMaxRegisterOp,
} from './NVVMOps.ts'
export { NVVMMmaOp, NVVMWMMALoadOp, NVVMWMMAStoreOp, NVVMWMMAMmaOp, NVVMMapaOp, inferMmaOperandType } from './NVVMMmaOps.ts'
export { NVVMDialect, nvvmOps, verifyNVVMOperationAttribute } from './NVVMDialect.ts'
