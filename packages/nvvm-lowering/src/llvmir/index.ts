/** LLVM IR translation of `llvm` + `nvvm` dialect modules. */
export { translateModuleToLLVMIR } from './ModuleTranslation.ts'
export { DataLayout, irTypeName } from './IRTypes.ts'
export { printFloat } from './IRConstants.ts'
