/** The `gpu` dialect: attributes, op definitions and the dialect registration. */
export { GPUEnumCases, GPUAddressSpaces, GPUEnumAttr, GPUAddressSpaceAttr, GPUMappingAttr, GPUMappingIds, parseGPUEnumCase, parseGPUAttribute, printGPUAttribute } from './GPUAttributes.ts'
export {
  GPUModuleOp,
  GPUFuncOp,
  GPUReturnOp,
  GPUTerminatorOp,
  GPUYieldOp,
  GPULaunchFuncOp,
  GPULaunchOp,
  GPUThreadIdOp,
  GPUBlockIdOp,
  GPUBlockDimOp,
  GPUGridDimOp,
  GPULaneIdOp,
  GPUBarrierOp,
  GPUShuffleOp,
  getGPUFuncType,
  isGPUKernel,
  gpuOps,
} from './GPUOps.ts'
export { GPUDialect } from './GPUDialect.ts'
export { GPUAllocOp, GPUAsyncTokenType, parseGPUType, printGPUType } from './GPUMemoryOps.ts'
