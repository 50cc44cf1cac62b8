/**
 * Layout choices of the cuda_tile -> tileas conversion: Triton's default blocked layouts
 * (each thread owns a 16-byte vector along the unit-stride last dimension, lanes then warps
 * tile the rest, repetitions cover what is left).
 */
import { FloatType, IntegerType, type Context, type Type } from '@tilepass/ir'
import { BlockedLayoutAttr, MmaLayoutAttr, SharedLayoutAttr } from '../tileas/TileASAttributes.ts'

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
  spt[last] = Math.max(1, Math.min(16 / elementBytes(elementType), shape[last]!))
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

/**
 * The mma accumulator layout of an [M, N] tile: warps along M first (up to M / 16), the rest
 * along N; null when the tile is too small for the CTA's warps.
 */
export function mmaLayoutFor(context: Context, shape: readonly number[], numWarps: number): MmaLayoutAttr | null {
  if (shape.length !== 2) {
    return null
  }
  const [m, n] = [shape[0]!, shape[1]!]
  const wm = Math.max(1, Math.min(numWarps, m / 16))
  const wn = numWarps / wm
  if (m < 16 * wm || n < 8 * wn || m % 16 !== 0 || n % 8 !== 0) {
    return null
  }
  return MmaLayoutAttr.get(context, [wm, wn])
}

/**
 * The swizzle of a row-major [R, C] shared stage read with ldmatrix (Triton's choice for
 * 16-bit mma operands): 16-byte vectors, rows per phase so a phase spans 128 bytes, as many
 * phases as 16-byte vectors in a row (at most 8).
 */
export function sharedLayoutFor(context: Context, shape: readonly number[], elementType: Type): SharedLayoutAttr {
  const eb = elementBytes(elementType)
  const vec = 16 / eb
  const rowBytes = shape[1]! * eb
  const perPhase = Math.max(1, 128 / rowBytes)
  const maxPhase = Math.max(1, Math.min(8 / perPhase, shape[1]! / vec))
  return SharedLayoutAttr.get(context, vec, perPhase, maxPhase, [1, 0])
}
