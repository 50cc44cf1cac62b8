import type { DependenceGraph } from './DependenceGraph.ts'

/** Which generator schedules a block (tileiras-reference §2.12). */
export type GeneratorKind = 'serial' | 'cost-based'

/** The per-block summary the generator choice reads. */
export interface BlockSummary {
  /** `tileas.schedule.constraint.force_serial_execution` is set on the region. */
  readonly forceSerial: boolean
  readonly opCount: number
  readonly hasAsyncPipeline: boolean
  readonly hasTMA: boolean
  readonly hasWGMMA: boolean
}

/** The default op count below which a block is scheduled serially. */
export const SERIAL_THRESHOLD = 8

/**
 * The generator for a block, first rule that matches: forced serial; fewer than
 * `threshold` ops; no async-pipeline, TMA or WGMMA op; otherwise cost-based.
 */
export function selectGenerator(summary: BlockSummary, threshold: number = SERIAL_THRESHOLD): GeneratorKind {
  if (summary.forceSerial) {
    return 'serial'
  }
  if (summary.opCount < threshold) {
    return 'serial'
  }
  if (!summary.hasAsyncPipeline && !summary.hasTMA && !summary.hasWGMMA) {
    return 'serial'
  }
  return 'cost-based'
}

/**
 * The serial generator (Kahn's algorithm, tileiras-reference §2.12): every node gets stage 0
 * and an `order` that is a topological order of the distance-0 edges, ties broken by
 * program order. Null when those edges form a cycle. Every other constraint is ignored, as
 * tileiras ignores them (a documented quirk).
 */
export function serialSchedule(g: DependenceGraph): { stage: Int32Array; order: Int32Array } | null {
  const n = g.size
  const indeg = new Int32Array(n)
  for (const e of g.edges) {
    if (e.distance === 0) {
      indeg[e.dst]!++
    }
  }
  const order = new Int32Array(n).fill(-1)
  const done = new Uint8Array(n)
  let counter = 0
  // Program order among the ready nodes: scan from the lowest index each time.
  for (;;) {
    let next = -1
    for (let v = 0; v < n; v++) {
      if (done[v] === 0 && indeg[v] === 0) {
        next = v
        break
      }
    }
    if (next < 0) {
      break
    }
    done[next] = 1
    order[next] = counter++
    for (const ei of g.succ[next]!) {
      const e = g.edges[ei]!
      if (e.distance === 0) {
        indeg[e.dst]!--
      }
    }
  }
  return counter === n ? { stage: new Int32Array(n), order } : null
}
