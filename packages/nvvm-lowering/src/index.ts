/**
 * Lowering of gpu and tileas IR to the nvvm and llvm dialects, LLVM IR text and PTX for
 * Tilepass. `translateModuleToLLVMIR` turns an `llvm` + `nvvm` dialect module into the
 * LLVM IR text `mlir-translate --mlir-to-llvmir` prints.
 *
 * @packageDocumentation
 */

export { translateModuleToLLVMIR, DataLayout, irTypeName, printFloat } from './llvmir/index.ts'
