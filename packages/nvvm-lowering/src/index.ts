/**
 * Lowering of gpu and tileas IR to the nvvm and llvm dialects, LLVM IR text and PTX for
 * Tilepass: `translateModuleToLLVMIR` turns an `llvm` + `nvvm` dialect module into the
 * LLVM IR text `mlir-translate --mlir-to-llvmir` prints, `emitPTX` into PTX with no external
 * tool, and `runLlc` is the optional `llc` path.
 *
 * @packageDocumentation
 */

export { emitPTX } from './ptx/emitPTX.ts'
export type { EmitPTXOptions } from './ptx/emitPTX.ts'
export { parsePTXTarget, PTX_ISA_VERSION } from './ptx/PTXTarget.ts'
export type { PTXTarget } from './ptx/PTXTarget.ts'
export { runLlc, findLlc } from './ptx/llc.ts'
export type { LlcOptions, LlcResult } from './ptx/llc.ts'
export { translateModuleToLLVMIR, DataLayout, irTypeName, printFloat } from './llvmir/index.ts'
/** Tile assembly -> llvm + nvvm: `convert-tileas-to-nvvm` and its op-family code generators. */
export { ConvertTileASToNVVMPass, addNVVMLoweringPipeline, NVPTX_TRIPLE } from './tile/ConvertTileASToNVVM.ts'
export { registerNVVMLoweringPasses } from './registerPasses.lazy.ts'
export { registerTileOpLowering, tileOpLowering, TileLoweringContext } from './tile/TileLowering.ts'
export type { TileOpLowering } from './tile/TileLowering.ts'
export { LLVMBuilder } from './tile/LLVMBuilder.ts'
export { redistribute } from './tile/layoutConversion.ts'
