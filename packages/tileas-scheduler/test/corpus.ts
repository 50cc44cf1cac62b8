import { DependenceGraph, FOOTPRINTS, type Footprint, type PoolSpec } from '@tilepass/tileas-scheduler'

/** A small deterministic PRNG (mulberry32), so corpora are reproducible by seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The issue pools of the corpus target: ALU issue at most 3 per cycle, FMA-heavy at most 4. */
export const CORPUS_POOLS: readonly PoolSpec[] = [
  { name: 'alu_issue', cap: 3 },
  { name: 'fma_heavy_issue', cap: 4 },
]

/** Op kinds with their relative weight: mostly ALU work around a few copies and mmas. */
const KINDS: readonly { fp: Footprint; latency: number; weight: number }[] = [
  { fp: { triples: [], pools: [{ pool: 0, count: 1, duration: 1 }] }, latency: 4, weight: 8 },
  { fp: { triples: [], pools: [{ pool: 1, count: 1, duration: 1 }] }, latency: 4, weight: 4 },
  { fp: { triples: [{ slot: 7, duration: 1, occupancy: 1 }] }, latency: 2, weight: 2 },
  { fp: { triples: [{ slot: 2, duration: 3, occupancy: 1 }] }, latency: 6, weight: 1 },
  { fp: FOOTPRINTS.cpAsync, latency: 7, weight: 1 },
  { fp: FOOTPRINTS.ldmatrix, latency: 7, weight: 1 },
  { fp: FOOTPRINTS.mmaSync, latency: 16, weight: 1 },
  { fp: FOOTPRINTS.smemRead, latency: 7, weight: 1 },
  { fp: FOOTPRINTS.smemWrite, latency: 7, weight: 1 },
  { fp: FOOTPRINTS.tmaLoad, latency: 8, weight: 1 },
]
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0)

function pick(r: () => number): { fp: Footprint; latency: number } {
  let x = r() * TOTAL_WEIGHT
  for (const k of KINDS) {
    x -= k.weight
    if (x < 0) {
      return k
    }
  }
  return KINDS[0]!
}

/**
 * A random loop body of `n` ops: forward edges (program order) with the producer's latency,
 * a few loop-carried edges back (distance 1 or 2) that form recurrences, and footprints
 * drawn from the resource model (ALU and FMA issue pools, the dual-ALU and XU slots, copies,
 * ldmatrix, mma, SMEM transports, TMA) so ops compete for the copy, tensor and issue pipes.
 */
export function randomLoop(seed: number, n: number): DependenceGraph {
  const r = rng(seed)
  const g = new DependenceGraph(CORPUS_POOLS)
  for (let i = 0; i < n; i++) {
    const k = pick(r)
    g.addNode(`op${i}`, k.fp, k.latency)
  }
  for (let j = 1; j < n; j++) {
    const preds = 1 + Math.floor(r() * 2)
    for (let p = 0; p < preds; p++) {
      const i = Math.floor(r() * j)
      g.addEdge(i, j, g.nodes[i]!.latency, 0)
    }
  }
  const back = 1 + Math.floor(r() * Math.max(1, n / 8))
  for (let b = 0; b < back; b++) {
    const j = Math.floor(r() * n)
    const i = j + Math.floor(r() * (n - j))
    g.addEdge(i, j, g.nodes[i]!.latency, 1 + Math.floor(r() * 2))
  }
  return g
}
