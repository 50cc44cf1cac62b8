/**
 * Lowering of gpu and tileas IR to the nvvm and llvm dialects, LLVM IR text and PTX for
 * Tilepass: the native PTX emitter and the `llc` hook.
 *
 * @packageDocumentation
 */

export { emitPTX } from './ptx/emitPTX.ts'
export type { EmitPTXOptions } from './ptx/emitPTX.ts'
export { parsePTXTarget, PTX_ISA_VERSION } from './ptx/PTXTarget.ts'
export type { PTXTarget } from './ptx/PTXTarget.ts'
export { runLlc, findLlc } from './ptx/llc.ts'
export type { LlcOptions, LlcResult } from './ptx/llc.ts'
