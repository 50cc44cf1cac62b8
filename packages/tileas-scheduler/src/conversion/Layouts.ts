/**
 * Layout choices of the cuda_tile -> tileas conversion: Triton's default blocked layouts
 * (each thread owns a 16-byte vector along the unit-stride last dimension, or what the tile
 * has per thread when that is less; lanes then warps tile the rest, repetitions cover what
 * is left).
 */
import { FloatType, IntegerType, type Context, type Type } from '@tilepass/ir'
import { BlockedLayoutAttr } from '../tileas/TileASAttributes.ts'

/** Bytes of one element (i1 counts as a byte). */
export function elementBytes(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) {
    return Math.max(1, t.width / 8)
  }
  return 8
}

/** The default blocked layout of a tile of `shape` with `elementType` over `numWarps` warps. */
export function defaultBlockedLayout(context: Context, shape: readonly number[], elementType: Type, numWarps: number): BlockedLayoutAttr {
  const rank = shape.length
  const last = rank - 1
  const spt = shape.map(() => 1)
  const tpw = shape.map(() => 1)
  const wpc = shape.map(() => 1)
  // 16 bytes per thread along the last dimension, but no more than the tile has per thread
  // (Triton's coalescing rule), so small tiles do not leave threads holding copies.
  const numel = shape.reduce((a, b) => a * b, 1)
  const perThread = Math.max(1, numel / (32 * numWarps))
  spt[last] = Math.max(1, Math.min(16 / elementBytes(elementType), shape[last]!, perThread))
  tpw[last] = Math.max(1, Math.min(32, shape[last]! / spt[last]))
  wpc[last] = Math.max(1, Math.min(numWarps, shape[last]! / (spt[last] * tpw[last])))
  if (rank === 1) {
    tpw[0] = 32
    wpc[0] = numWarps
  } else {
    tpw[0] = 32 / tpw[last]
    wpc[0] = numWarps / wpc[last]
  }
  const order = rank === 1 ? [0] : [1, 0]
  return BlockedLayoutAttr.get(context, spt, tpw, wpc, order)
}
