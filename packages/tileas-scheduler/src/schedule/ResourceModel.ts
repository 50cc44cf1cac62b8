/**
 * The resource model of the modulo scheduler (tileiras-reference §2.4): 24 one-based slot
 * ids whose reservation-table bit is `1 << (id - 1)`, per-op footprints of
 * `(slot, duration, occupancy)` triples plus pool counts, and the lowering of a footprint
 * to the rows it occupies (`NodeRRT`).
 */

/** The slot names by id (index 0 is unused: ids are one-based, as the book numbers them). */
export const SLOT_NAMES: readonly string[] = [
  '',
  'issue',
  'xu',
  'xu64',
  'fp32x2_fp16ultra',
  'alu',
  'alu_or_fmaheavy',
  'dual_alu',
  'lsu',
  'tmem',
  'mma',
  'tc_and_mma',
  'tma',
  'tp_gnic_rd',
  'tp_gnic_wr',
  'tp_smem_rd',
  'tp_smem_wr',
  'tp_tmem_rd',
  'tp_tmem_wr',
  'tp_mma',
  'unknown',
  'omitted_simt',
  'test_simt',
  'test_mma',
  'test_dma',
]

/** Slot ids by name (`SLOT.tma === 12`). */
export const SLOT = {
  issue: 1,
  xu: 2,
  xu64: 3,
  fp32x2_fp16ultra: 4,
  alu: 5,
  alu_or_fmaheavy: 6,
  dual_alu: 7,
  lsu: 8,
  tmem: 9,
  mma: 10,
  tc_and_mma: 11,
  tma: 12,
  tp_gnic_rd: 13,
  tp_gnic_wr: 14,
  tp_smem_rd: 15,
  tp_smem_wr: 16,
  tp_tmem_rd: 17,
  tp_tmem_wr: 18,
  tp_mma: 19,
  unknown: 20,
  omitted_simt: 21,
  test_simt: 22,
  test_mma: 23,
  test_dma: 24,
} as const

/** The reservation-table bit of slot `id` (one-based): `1 << (id - 1)`. */
export function slotBit(id: number): number {
  return 1 << (id - 1)
}

/** The scheduling weights of the latency families, in cycles (not exact hardware timings). */
export const LATENCY = {
  dualAlu: 2,
  alu: 4,
  transport: 7,
  mmaIssue: 8,
  /** The accumulator latency of a tensor-core op; only the issue window occupies slots. */
  mmaAccumulator: 16,
  /** Big-M anchor of a far-memory round trip. */
  hbmRoundTrip: 5000,
  /** Big-M anchor of a cross-cluster transfer. */
  crossCluster: 7000,
} as const

/** One `(slot, duration, occupancy)` triple of a footprint. */
export interface FootprintTriple {
  readonly slot: number
  readonly duration: number
  readonly occupancy: number
}

/** A capacity pool: at most `cap` units in use per modulo row. */
export interface PoolSpec {
  readonly name: string
  readonly cap: number
}

/** An op's resource use: slot triples, and per-cycle counts in pools (by pool index). */
export interface Footprint {
  readonly triples: readonly FootprintTriple[]
  /** `(pool index, units per occupied cycle, cycles)` claims on the target's pools. */
  readonly pools?: readonly { readonly pool: number; readonly count: number; readonly duration: number }[]
}

/**
 * A footprint lowered to rows: row `k` (for `k < duration`) is the OR of the bits of every
 * triple that lasts more than `k` cycles; `pool[k * numPools + p]` the units of pool `p`.
 */
export class NodeRRT {
  constructor(
    /** The number of rows (the longest triple or pool claim). */
    readonly duration: number,
    /** The slot bits of each row. */
    readonly rows: Uint32Array,
    /** The number of pools of the target. */
    readonly numPools: number,
    /** Pool units per row, `duration * numPools` entries. */
    readonly pool: Int32Array,
    /** The triples, kept so a diagnostic can name the slot that rejected a seat. */
    readonly triples: readonly FootprintTriple[],
  ) {}
}

/** Lowers `fp` to its rows (tileiras-reference §2.4); `numPools` is the target's pool count. */
export function lowerFootprint(fp: Footprint, numPools = 0): NodeRRT {
  let duration = 0
  for (const t of fp.triples) {
    duration = Math.max(duration, t.duration)
  }
  for (const p of fp.pools ?? []) {
    duration = Math.max(duration, p.duration)
  }
  const rows = new Uint32Array(duration)
  for (const t of fp.triples) {
    const bit = slotBit(t.slot)
    for (let k = 0; k < t.duration; k++) {
      rows[k] = (rows[k]! | bit) >>> 0
    }
  }
  const pool = new Int32Array(duration * numPools)
  for (const p of fp.pools ?? []) {
    if (p.pool < 0 || p.pool >= numPools) {
      throw new RangeError(`footprint claims pool ${p.pool}, but the target has ${numPools} pools`)
    }
    for (let k = 0; k < p.duration; k++) {
      pool[k * numPools + p.pool]! += p.count
    }
  }
  return new NodeRRT(duration, rows, numPools, pool, fp.triples)
}

/** The names of the canonical footprints. */
export type FootprintName = 'tmaLoad' | 'wgmma' | 'smemWrite' | 'smemRead' | 'cpAsync' | 'ldmatrix' | 'mmaSync' | 'alu'

/** The canonical footprints of the book (Blackwell) and of the mma.sync / cp.async path. */
export const FOOTPRINTS: Readonly<Record<FootprintName, Footprint>> = {
  /** `nv_tileas.async.tiled_tma_load`: the TMA unit and the SMEM write transport for 8 cycles. */
  tmaLoad: { triples: [{ slot: SLOT.tma, duration: 8, occupancy: 1 }, { slot: SLOT.tp_smem_wr, duration: 8, occupancy: 1 }] },
  /** `nv_tileas.async.wgmma` / a dot issue: the 8-cycle issue window (the accumulator latency is 16). */
  wgmma: { triples: [{ slot: SLOT.tc_and_mma, duration: 8, occupancy: 1 }, { slot: SLOT.tp_mma, duration: 8, occupancy: 1 }] },
  /** A shared-memory write. */
  smemWrite: { triples: [{ slot: SLOT.tp_smem_wr, duration: 7, occupancy: 1 }] },
  /** A shared-memory read. */
  smemRead: { triples: [{ slot: SLOT.tp_smem_rd, duration: 7, occupancy: 1 }] },
  /** A 16-byte `cp.async` global -> shared copy: the load unit, the global read and SMEM write transports. */
  cpAsync: {
    triples: [
      { slot: SLOT.lsu, duration: 1, occupancy: 1 },
      { slot: SLOT.tp_gnic_rd, duration: 7, occupancy: 1 },
      { slot: SLOT.tp_smem_wr, duration: 7, occupancy: 1 },
    ],
  },
  /** `ldmatrix`: the load unit and the SMEM read transport. */
  ldmatrix: { triples: [{ slot: SLOT.lsu, duration: 1, occupancy: 1 }, { slot: SLOT.tp_smem_rd, duration: 7, occupancy: 1 }] },
  /** `mma.sync`: the tensor-core issue window. */
  mmaSync: { triples: [{ slot: SLOT.tc_and_mma, duration: 8, occupancy: 1 }, { slot: SLOT.tp_mma, duration: 8, occupancy: 1 }] },
  /** A plain ALU op. */
  alu: { triples: [{ slot: SLOT.alu, duration: 1, occupancy: 1 }] },
}

/** Hard per-CTA limits the II search is bounded by (tileiras-reference §2.4). */
export const LIMITS = {
  /** Shared memory per CTA in bytes (227 KiB). */
  smemBytesPerCTA: 232448,
  /** TMEM / register-file bytes. */
  registerFileBytes: 262144,
} as const

/**
 * The spill-avoidance surcharge of `ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling`
 * (tileiras-reference §2.10): `min(CAP, (peak - budget) * W)` with `W = 17`, `CAP = 4096`,
 * and 0 within budget. A soft cost: it only ranks seats that already passed the hard gates.
 */
export function spillSurcharge(peak: number, budget: number): number {
  return peak <= budget ? 0 : Math.min(SPILL_SURCHARGE_CAP, (peak - budget) * SPILL_SURCHARGE_WEIGHT)
}

/** The weight `W` of the spill surcharge. */
export const SPILL_SURCHARGE_WEIGHT = 17
/** The cap of the spill surcharge (also for the sum of an op's surcharges). */
export const SPILL_SURCHARGE_CAP = 4096
