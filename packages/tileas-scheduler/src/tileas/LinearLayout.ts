/**
 * Linear layouts: how a distributed tile value maps (register r, lane l, warp w) to a
 * coordinate of its tile. coord = XOR over the set bits b of r of regBases[b], of l of
 * laneBases[b], of w of warpBases[b] (TILE-PLAN.md). With power-of-2 shapes every basis
 * here is a single power of two along one dimension (or zero: replication), so XOR is a
 * sum and a coordinate is also one row-major flat index (`flat`).
 */

/** A linear layout of a tile of `shape` over registers, lanes and warps. */
export class LinearLayout {
  constructor(
    readonly shape: readonly number[],
    readonly regBases: readonly (readonly number[])[],
    readonly laneBases: readonly (readonly number[])[],
    readonly warpBases: readonly (readonly number[])[],
  ) {}

  /** Registers per thread (2^|regBases|). */
  get numRegs(): number {
    return 1 << this.regBases.length
  }

  /** The coordinate of register `r` of lane `l` of warp `w`. */
  coord(r: number, l: number, w: number): number[] {
    const c = this.shape.map(() => 0)
    xorBases(c, this.regBases, r)
    xorBases(c, this.laneBases, l)
    xorBases(c, this.warpBases, w)
    return c
  }

  /** Row-major flat index of a coordinate of this layout's shape. */
  flat(coord: readonly number[]): number {
    let f = 0
    for (let d = 0; d < this.shape.length; d++) {
      f = f * this.shape[d]! + coord[d]!
    }
    return f
  }

  /** The flat offsets of the register, lane and warp bases. */
  flatBases(): { reg: number[]; lane: number[]; warp: number[] } {
    return {
      reg: this.regBases.map((b) => this.flat(b)),
      lane: this.laneBases.map((b) => this.flat(b)),
      warp: this.warpBases.map((b) => this.flat(b)),
    }
  }

  /** The register part of the coordinate of register `r` (lane 0, warp 0). */
  regCoord(r: number): number[] {
    return this.coord(r, 0, 0)
  }

  /** Text form, for tests and diagnostics: `reg=[(0,1),...] lane=[...] warp=[...]`. */
  toString(): string {
    const f = (bs: readonly (readonly number[])[]): string => `[${bs.map((b) => `(${b.join(',')})`).join(',')}]`
    return `reg=${f(this.regBases)} lane=${f(this.laneBases)} warp=${f(this.warpBases)}`
  }
}

function xorBases(c: number[], bases: readonly (readonly number[])[], bits: number): void {
  for (let b = 0; b < bases.length; b++) {
    if ((bits >> b) & 1) {
      const v = bases[b]!
      for (let d = 0; d < c.length; d++) {
        c[d]! ^= v[d]!
      }
    }
  }
}

/** log2 of a power of two. */
export function log2(n: number): number {
  return 31 - Math.clz32(n)
}

/** True for 1, 2, 4, ... */
export function isPowerOf2(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0
}

function unit(rank: number, d: number, v: number): number[] {
  const b = new Array<number>(rank).fill(0)
  b[d] = v
  return b
}

/**
 * Triton's BlockedEncoding as a linear layout: register bits along order[0] then order[1]
 * for sizePerThread, lane bits for threadsPerWarp, warp bits for warpsPerCTA, then
 * repetition register bits until the shape is covered. Register bits past the shape are
 * dropped; lane and warp bits past it are zero (replication).
 */
export function blockedToLinear(
  shape: readonly number[],
  sizePerThread: readonly number[],
  threadsPerWarp: readonly number[],
  warpsPerCTA: readonly number[],
  order: readonly number[],
): LinearLayout {
  const rank = shape.length
  const pos = shape.map(() => 1)
  const reg: number[][] = []
  const lane: number[][] = []
  const warp: number[][] = []
  for (const d of order) {
    for (let i = 0; i < log2(sizePerThread[d]!); i++) {
      if (pos[d]! < shape[d]!) {
        reg.push(unit(rank, d, pos[d]!))
        pos[d]! *= 2
      }
    }
  }
  for (const [counts, out] of [
    [threadsPerWarp, lane],
    [warpsPerCTA, warp],
  ] as const) {
    for (const d of order) {
      for (let i = 0; i < log2(counts[d]!); i++) {
        if (pos[d]! < shape[d]!) {
          out.push(unit(rank, d, pos[d]!))
          pos[d]! *= 2
        } else {
          out.push(new Array<number>(rank).fill(0))
        }
      }
    }
  }
  for (const d of order) {
    while (pos[d]! < shape[d]!) {
      reg.push(unit(rank, d, pos[d]!))
      pos[d]! *= 2
    }
  }
  return new LinearLayout(shape, reg, lane, warp)
}

/** The lane bases of the m16n8 accumulator and the A fragment: (0,2), (0,4), (1,0), (2,0), (4,0). */
const MMA_LANES: readonly (readonly number[])[] = [
  [0, 2],
  [0, 4],
  [1, 0],
  [2, 0],
  [4, 0],
]

function pow2Steps(from: number, to: number, make: (v: number) => number[]): number[][] {
  const out: number[][] = []
  for (let v = from; v < to; v *= 2) {
    out.push(make(v))
  }
  return out
}

function warpBits(count: number, make: (v: number) => number[]): number[][] {
  const out: number[][] = []
  for (let i = 0; i < log2(count); i++) {
    out.push(make(i))
  }
  return out
}

/**
 * The mma (m16n8) accumulator layout of an [M, N] tile with warps [wm, wn] (warp w:
 * warpM = w % wm, warpN = w / wm): registers 4i..4i+3 are c0..c3 of one atom.
 */
export function mmaToLinear(shape: readonly number[], wm: number, wn: number): LinearLayout {
  const [M, N] = [shape[0]!, shape[1]!]
  const reg = [[0, 1], [8, 0], ...pow2Steps(8 * wn, N, (v) => [0, v]), ...pow2Steps(16 * wm, M, (v) => [v, 0])]
  const warp = [...warpBits(wm, (i) => [16 << i, 0]), ...warpBits(wn, (i) => [0, 8 << i])]
  return new LinearLayout(shape, reg, MMA_LANES, warp)
}

/**
 * The dot-operand layouts of mma: opIdx 0 (A, [M, K]; registers 8i..8i+7 are a0..a7 of one
 * m16k16 fragment) and opIdx 1 (B, [K, N]; registers 4i..4i+3 are b0..b3 of one k16n8 fragment).
 */
export function dotOperandToLinear(shape: readonly number[], opIdx: number, wm: number, wn: number): LinearLayout {
  if (opIdx === 0) {
    const [M, K] = [shape[0]!, shape[1]!]
    const reg = [[0, 1], [8, 0], [0, 8], ...pow2Steps(16, K, (v) => [0, v]), ...pow2Steps(16 * wm, M, (v) => [v, 0])]
    const warp = [...warpBits(wm, (i) => [16 << i, 0]), ...warpBits(wn, () => [0, 0])]
    return new LinearLayout(shape, reg, MMA_LANES, warp)
  }
  const [K, N] = [shape[0]!, shape[1]!]
  const reg = [[1, 0], [8, 0], ...pow2Steps(16, K, (v) => [v, 0]), ...pow2Steps(8 * wn, N, (v) => [0, v])]
  const lane = [
    [2, 0],
    [4, 0],
    [0, 1],
    [0, 2],
    [0, 4],
  ]
  const warp = [...warpBits(wm, () => [0, 0]), ...warpBits(wn, (i) => [0, 8 << i])]
  return new LinearLayout(shape, reg, lane, warp)
}

/**
 * The slice of `parent` (a layout of the result shape with dimension `dim` re-inserted)
 * along `dim`: the bases without component `dim`; register bases that become zero are
 * dropped, lane and warp bases that become zero replicate.
 */
export function sliceLinear(parent: LinearLayout, dim: number): LinearLayout {
  const drop = (b: readonly number[]): number[] => b.filter((_, d) => d !== dim)
  const isZero = (b: readonly number[]): boolean => b.every((x) => x === 0)
  const reg = parent.regBases.map(drop).filter((b) => !isZero(b))
  return new LinearLayout(drop(parent.shape), reg, parent.laneBases.map(drop), parent.warpBases.map(drop))
}

/**
 * Element (r, c) of an [R, C] stage of a swizzled row-major shared buffer
 * (SwizzledSharedEncoding): r*C + (((c / vec) ^ ((r / perPhase) % maxPhase)) * vec) + c % vec.
 */
export function swizzledOffset(r: number, c: number, cols: number, vec: number, perPhase: number, maxPhase: number): number {
  return r * cols + (((Math.floor(c / vec) ^ (Math.floor(r / perPhase) % maxPhase)) * vec) + (c % vec))
}
