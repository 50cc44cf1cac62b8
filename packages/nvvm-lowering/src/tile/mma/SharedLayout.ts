/**
 * Swizzled shared-memory buffers for GEMM operands (Triton's SwizzledSharedEncoding,
 * `#tileas.shared<vec, perPhase, maxPhase, order>`): element (r, c) of a row-major [R, C]
 * stage lives at `r*C + (((c / vec) ^ ((r / perPhase) % maxPhase)) * vec) + c % vec`, and
 * the buffer sizing helpers of a multi-stage cp.async pipeline.
 */
import { mmaOperandSwizzleParams, swizzledOffset as stageOffset } from '@tilepass/tileas-scheduler'
import { isPowerOf2 as isPow2 } from '@tilepass/tileas-scheduler'

/** The parameters of a swizzled shared layout (`order` is `[1, 0]`: row-major). */
export interface SharedSwizzle {
  /** Elements per swizzled vector (16 bytes: one cp.async, one ldmatrix row). */
  readonly vec: number
  /** Consecutive rows that share one XOR phase. */
  readonly perPhase: number
  /** Number of distinct phases. */
  readonly maxPhase: number
  readonly order: readonly [number, number]
}

/** Bytes of one swizzled vector: a cp.async copy and an ldmatrix row. */
export const VECTOR_BYTES = 16

/**
 * The swizzle for an mma operand stage of `cols` elements per row of `eltBytes` each, such
 * that both the 16-byte cp.async stores and the eight 16-byte row reads of every ldmatrix
 * 8x8 matrix (plain for A, `.trans` for B) hit eight distinct bank groups: the rows that
 * fill one 128-byte line share a phase (`perPhase`), and `maxPhase` phases cover the
 * eight rows of a matrix.
 */
export function mmaOperandSwizzle(cols: number, eltBytes = 2): SharedSwizzle {
  return { ...mmaOperandSwizzleParams(cols, eltBytes), order: [1, 0] }
}

/** The element offset of (r, c) in a row-major [R, cols] stage with `layout`. */
export function swizzledOffset(layout: SharedSwizzle, cols: number, r: number, c: number): number {
  return stageOffset(r, c, cols, layout.vec, layout.perPhase, layout.maxPhase)
}

/** Bytes of one stage of an [rows, cols] tile of `eltBytes`-byte elements. */
export function stageBytes(rows: number, cols: number, eltBytes = 2): number {
  return rows * cols * eltBytes
}

/** The shared-memory plan of a pipelined GEMM: one A and one B tile per stage. */
export interface GemmSharedPlan {
  readonly stages: number
  /** Bytes of the A stage ([BM, BK]) and of the B stage ([BK, BN]). */
  readonly aStageBytes: number
  readonly bStageBytes: number
  /** Byte offset of the B buffer (after all A stages). */
  readonly bOffset: number
  readonly totalBytes: number
}

/** Lays out `stages` A stages then `stages` B stages, each 16-byte aligned (as sizes are). */
export function gemmSharedPlan(bm: number, bn: number, bk: number, stages: number, eltBytes = 2): GemmSharedPlan {
  const aStageBytes = stageBytes(bm, bk, eltBytes)
  const bStageBytes = stageBytes(bk, bn, eltBytes)
  return { stages, aStageBytes, bStageBytes, bOffset: stages * aStageBytes, totalBytes: stages * (aStageBytes + bStageBytes) }
}

/** Static shared memory a kernel may declare without opting in to more (48 KiB). */
export const STATIC_SHARED_LIMIT: number = 48 * 1024

/**
 * The most stages (at least 2, at most `maxStages`) whose buffers fit `budgetBytes`, or 0
 * when even two do not fit.
 */
export function pipelineStages(bytesPerStage: number, budgetBytes: number = STATIC_SHARED_LIMIT, maxStages = 4): number {
  const n = Math.min(maxStages, Math.floor(budgetBytes / bytesPerStage))
  return n >= 2 ? n : 0
}

/** Why an [rows, cols] tile cannot be staged with 16-byte copies, or null. */
export function checkStageShape(rows: number, cols: number, eltBytes = 2): string | null {
  if (!isPow2(rows) || !isPow2(cols)) {
    return `tile dimensions must be powers of two (got ${rows}x${cols})`
  }
  if (cols * eltBytes < VECTOR_BYTES || rows < 8) {
    return `tile ${rows}x${cols} is smaller than one 8x${VECTOR_BYTES / eltBytes} ldmatrix block`
  }
  return null
}
