/**
 * Global -> shared staging of a GEMM operand tile with 16-byte `cp.async.cg`: the [R, C]
 * tile is cut into 8-element (16-byte) row vectors, spread over all threads of the CTA,
 * and stored swizzled into one stage of a shared buffer. A vector that passes the edge
 * of the tensor copies only its in-bounds bytes (the `cp-size` operand; 0 past the last
 * row) and cp.async fills the rest with zeros, so ragged M/N/K tiles read zeros.
 */
import { IntegerAttr, type Value } from '@tilepass/ir'
import { NVVMEnumAttr } from '@tilepass/dialects'
import { log2 } from '@tilepass/tileas-scheduler'
import type { LLVMEmitter, MmaElementType } from './LLVMEmitter.ts'
import { VECTOR_BYTES, type SharedSwizzle } from './SharedLayout.ts'
import type { ThreadIds } from './ThreadIds.ts'

/** A row-major 2-d tensor in global memory and the origin of one tile of it (i64 Values). */
export interface GlobalTileRef {
  /** Base pointer (`!llvm.ptr<1>` or `!llvm.ptr`), 16-byte aligned. */
  readonly base: Value
  /** Element coordinates of the tile origin. */
  readonly rowOffset: Value
  readonly colOffset: Value
  /** Tensor extents; elements at or past them read as zero. */
  readonly rows: Value
  readonly cols: Value
  /** Elements between consecutive rows; a multiple of 8 (16-byte aligned rows). */
  readonly rowStride: Value
}

/** One stage of a swizzled shared buffer. */
export interface SharedStageRef {
  /** The buffer's base (`!llvm.ptr<3>`). */
  readonly base: Value
  /** Stage index (i32 Value or constant) and bytes per stage. */
  readonly stage: Value | number
  readonly stageBytes: number
  readonly layout: SharedSwizzle
}

/** What `emitAsyncCopyTile` copies. */
export interface AsyncCopyTile {
  readonly elt: MmaElementType
  /** Tile shape [R, C] (powers of two, C * 2 bytes >= 16). */
  readonly shape: readonly [number, number]
  readonly src: GlobalTileRef
  readonly dst: SharedStageRef
  /** Threads of the CTA (32 * numWarps) and this thread's ids. */
  readonly numThreads: number
  readonly ids: ThreadIds
}

/** The i8 pointer of stage `stage` of `base`. */
export function emitStagePointer(e: LLVMEmitter, ref: SharedStageRef): Value {
  if (typeof ref.stage === 'number') {
    return ref.stage === 0 ? ref.base : e.gep(ref.base, e.c32(ref.stage * ref.stageBytes), e.i8)
  }
  return e.gep(ref.base, e.mul(ref.stage, ref.stageBytes), e.i8)
}

/**
 * Emits this thread's cp.async copies of `t` (not committed: the caller groups copies with
 * `nvvm.cp.async.commit.group`). When the tile has fewer vectors than the CTA has threads,
 * threads past the last vector repeat an earlier one (same bytes, same place).
 */
export function emitAsyncCopyTile(e: LLVMEmitter, t: AsyncCopyTile): void {
  const [rows, cols] = t.shape
  const eltBytes = 2
  const vec = VECTOR_BYTES / eltBytes
  const vectorsPerRow = cols / vec
  const vectors = rows * vectorsPerRow
  const { layout } = t.dst
  const stage = emitStagePointer(e, t.dst)
  const eltType = e.float(t.elt)
  const ctx = e.context
  const cg = NVVMEnumAttr.get(ctx, 'load_cache_modifier', 'cg')
  const size16 = IntegerAttr.get(e.i32, VECTOR_BYTES)
  const tid = vectors < t.numThreads ? e.and(t.ids.tid, vectors - 1) : t.ids.tid
  const iterations = Math.max(1, vectors / t.numThreads)
  for (let i = 0; i < iterations; i++) {
    const q = e.add(tid, i * t.numThreads)
    const row = e.lshr(q, log2(vectorsPerRow))
    const chunk = e.and(q, vectorsPerRow - 1)
    // Destination: row * cols + ((chunk ^ phase(row)) * vec), in bytes.
    const phase = e.and(e.lshr(row, log2(layout.perPhase)), layout.maxPhase - 1)
    const swz = e.xor(chunk, phase)
    const dstOff = e.add(e.mulPow2(row, cols * eltBytes), e.shl(swz, log2(VECTOR_BYTES)))
    const dst = e.gep(stage, dstOff, e.i8)
    // Source: (rowOffset + row, colOffset + chunk * vec).
    const gRow = e.add(t.src.rowOffset, e.zext(row, e.i64))
    const gCol = e.add(t.src.colOffset, e.zext(e.shl(chunk, log2(vec)), e.i64))
    const src = e.gep(t.src.base, e.add(e.mul(gRow, t.src.rowStride), gCol), eltType)
    // In-bounds bytes: clamp(cols - gCol, 0, vec) elements, none past the last row.
    const left = e.smax(e.smin(e.sub(t.src.cols, gCol), vec), 0)
    const inRow = e.icmp('slt', gRow, t.src.rows)
    const bytes = e.select(inRow, e.shl(e.trunc(left, e.i32), log2(eltBytes)), 0)
    e.op('nvvm.cp.async.shared.global', [dst, src, bytes], null, { size: size16, modifier: cg })
  }
}

/** `nvvm.cp.async.commit.group`. */
export function emitAsyncCommitGroup(e: LLVMEmitter): void {
  e.op('nvvm.cp.async.commit.group', [], null)
}

/** `nvvm.cp.async.wait.group pending`: waits until at most `pending` groups are in flight. */
export function emitAsyncWait(e: LLVMEmitter, pending: number): void {
  e.op('nvvm.cp.async.wait.group', [], null, { n: IntegerAttr.get(e.i32, pending) })
}

/** `nvvm.barrier0`: `bar.sync 0` across the CTA. */
export function emitBarrier(e: LLVMEmitter): void {
  e.barrier()
}
