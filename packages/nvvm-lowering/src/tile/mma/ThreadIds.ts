/** The thread coordinates every tile code generator takes: thread, lane and warp ids (i32). */
import type { Value } from '@tilepass/ir'
import type { LLVMEmitter } from './LLVMEmitter.ts'

/** i32 Values of `%tid.x`, `%tid.x & 31` and `%tid.x >> 5` (one-dimensional CTAs). */
export interface ThreadIds {
  readonly tid: Value
  readonly lane: Value
  readonly warp: Value
}

/** Reads `%tid.x` and derives the lane and warp ids. */
export function emitThreadIds(e: LLVMEmitter): ThreadIds {
  const tid = e.v('nvvm.read.ptx.sreg.tid.x', [], e.i32)
  return { tid, lane: e.and(tid, 31), warp: e.lshr(tid, 5) }
}
