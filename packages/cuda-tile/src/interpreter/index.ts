/**
 * The reference interpreter of cuda_tile: the golden model of the op semantics. Give it a
 * module, the name of a `cuda_tile.entry`, its arguments, a grid and a `TileMemory`; it
 * computes the output buffers.
 *
 * Where cuda_tile leaves a choice open, the interpreter fixes one:
 * - tile blocks run one after another, x fastest, then y, then z; ops run in program
 *   order, which satisfies every token ordering, so atomics are trivially atomic;
 * - float elements are doubles holding values of their element type; addf, subf, mulf,
 *   divf, sqrt and fma are correctly rounded in every rounding mode (`approx` and `full`
 *   give the correctly rounded result); the other math functions are computed in double,
 *   through f32 for f16 and bf16 as cuda_tile specifies;
 * - mmaf, mmaf_scaled: the products of the inputs are exact; they are summed in double in
 *   k order onto the accumulator and rounded once to the result type (`fast_acc`, which
 *   permits a less precise FP8 accumulation, is not modelled); tf32 inputs keep their 19
 *   leading bits;
 * - reduce and scan fold in index order (decreasing for a reverse scan), starting from the
 *   identity;
 * - loads of elements past a view's edge without a `padding_value`, and atomics on
 *   masked-out elements, give NaN (floats) or 0 (integers);
 * - a global is allocated in a memory on first use and keeps its value across launches on
 *   that memory;
 * - undefined behaviour is reported, not modelled: overflow that an `overflow` flag rules
 *   out, division by zero, signed division overflow, shifts by the bit width or more,
 *   out-of-range ftoi, view indices outside the index space, extract of a missing slice,
 *   and any memory access outside every allocation.
 */
export { runKernel, interpretedOps } from './Interpreter.ts'
export type { KernelLaunch, KernelArg } from './Interpreter.ts'
export { Tile } from './Tile.ts'
export { ElemType } from './TypeInfo.ts'
export { TileMemory } from './TileMemory.ts'
