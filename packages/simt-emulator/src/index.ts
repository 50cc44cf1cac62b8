/**
 * @tilepass/simt-emulator: runs PTX kernels on the CPU. Grids of CTAs, warps of 32 lanes
 * in lockstep with predicates and divergence, global/shared/local/param memory,
 * `bar.sync`, `shfl.sync`, asynchronous `cp.async` groups, `ldmatrix` and
 * `mma.sync.m16n8k16` with the PTX ISA's fragment layouts, and exactly rounded
 * f16/bf16/tf32 conversions. Unsupported instructions are errors that name them.
 *
 * @packageDocumentation
 */

export { runKernel } from './Emulator.ts'
export type { Dim3, KernelArg, LaunchOptions, RunResult } from './Emulator.ts'
export { parsePTX, PTXError } from './parsePTX.ts'
export type { PTXModule, Kernel, Param, Variable, Instruction, Operand } from './parsePTX.ts'
export { encodeFloat, decodeFloat, fusedMultiplyAdd, roundToFormat, F16, BF16, TF32, F32, F64 } from './float.ts'
export type { FloatFormat, RoundingMode } from './float.ts'
