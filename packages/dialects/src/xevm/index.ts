/** The `xevm` dialect: attributes, op definitions and the dialect registration. */
export { XeVMEnumCases, XeVMElemTypes, XeVMEnumAttr, XeVMMmaShapeAttr, XeVMMmaTypesAttr, XeVMTargetAttr, parseXeVMAttribute, printXeVMAttribute } from './XeVMAttributes.ts'
export {
  XeVMBlockLoadOp,
  XeVMBlockStoreOp,
  XeVMBlockLoad2dOp,
  XeVMBlockStore2dOp,
  XeVMBlockPrefetch2dOp,
  XeVMPrefetchOp,
  XeVMMemfenceOp,
  XeVMMmaOp,
  XeVMSpecialRegisters,
  XeVMSpecialRegisterOps,
  xevmOps,
} from './XeVMOps.ts'
export { XeVMDialect } from './XeVMDialect.ts'
