/**
 * The register orders of the mma.sync m16n8k16 path (the `mma` and `dot_op` linear layouts
 * of @tilepass/tileas-scheduler): per-register basis vectors, repetition counts, and the
 * coordinates a lane's register holds. The code generators index `Value[]` with these.
 */
import { dotOperandToLinear, mmaToLinear } from '@tilepass/tileas-scheduler'
import { isPowerOf2 as isPow2 } from '@tilepass/tileas-scheduler'

/** `warpsPerCTA = [wm, wn]` of an `#tileas.mma` layout. */
export type WarpsPerCTA = readonly [number, number]

/** A 2-d coordinate or basis vector `[row, col]`. */
export type Coord = readonly [number, number]

/** How many m16n8 accumulator atoms one warp holds along M and N for a CTA tile [M, N]. */
export function accumulatorReps(m: number, n: number, warps: WarpsPerCTA): { readonly m: number; readonly n: number } {
  return { m: m / (16 * warps[0]), n: n / (8 * warps[1]) }
}

/** Register bases of the mma accumulator [M, N] (registers 4i..4i+3 are c0..c3 of atom i). */
export function accumulatorRegBases(m: number, n: number, warps: WarpsPerCTA): Coord[] {
  return mmaToLinear([m, n], warps[0], warps[1]).regBases.map((b) => [b[0]!, b[1]!] as const)
}

/**
 * Register bases of dot operand `opIdx` (A: [M, K], B: [K, N]) of an mma with `warps`:
 * A registers 8i..8i+7 are a0..a7 of one m16k16 fragment, B registers 4i..4i+3 b0..b3 of
 * one k16n8 fragment.
 */
export function dotOperandRegBases(opIdx: 0 | 1, shape: Coord, warps: WarpsPerCTA): Coord[] {
  return dotOperandToLinear(shape, opIdx, warps[0], warps[1]).regBases.map((b) => [b[0]!, b[1]!] as const)
}

/** The coordinate that register bases `bases` give register `r` (XOR of the set bits' bases). */
export function registerCoord(bases: readonly Coord[], r: number): Coord {
  let row = 0
  let col = 0
  for (let b = 0; b < bases.length; b++) {
    if ((r >> b) & 1) {
      row ^= bases[b]![0]
      col ^= bases[b]![1]
    }
  }
  return [row, col]
}

/** The number of registers of a layout with `bases`. */
export function registerCount(bases: readonly Coord[]): number {
  return 1 << bases.length
}

/**
 * Where lane `lane` of warp `warp` sits in the accumulator: the coordinate of its register 0,
 * `(16*warpM + lane/4, 8*warpN + 2*(lane%4))` with warpM = warp % wm, warpN = warp / wm.
 */
export function accumulatorLaneOrigin(lane: number, warp: number, warps: WarpsPerCTA): Coord {
  const wmi = warp % warps[0]
  const wni = Math.floor(warp / warps[0]) % warps[1]
  return [16 * wmi + (lane >> 2), 8 * wni + 2 * (lane & 3)]
}

/** Why a CTA tile [M, N, K] with `warps` cannot use the m16n8k16 path, or null. */
export function checkMmaTile(m: number, n: number, k: number, warps: WarpsPerCTA): string | null {
  if (![m, n, k, warps[0], warps[1]].every(isPow2)) {
    return `tile ${m}x${n}x${k} and warpsPerCTA [${warps.join(', ')}] must be powers of two`
  }
  if (m < 16 * warps[0] || n < 8 * warps[1] || k < 16) {
    return `tile ${m}x${n}x${k} is smaller than one m16n8k16 atom per warp of [${warps.join(', ')}]`
  }
  return null
}
