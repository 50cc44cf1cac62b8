import { recMII, resMII, type DependenceGraph } from './DependenceGraph.ts'
import { ModuloReservationTable } from './ReservationTable.ts'
import { LIMITS } from './ResourceModel.ts'

/** One placement decision of the scheduler, for traces (`schedule-trace-file`). */
export interface PlacementEvent {
  /** The node placed. */
  readonly node: number
  /** The cycle it was seated at. */
  readonly cycle: number
  /** `floor(cycle / ii)`. */
  readonly stage: number
  /** The II being attempted. */
  readonly ii: number
  /** True when no free seat existed in `[Estart, Estart + II - 1]` and the seat was forced. */
  readonly forced: boolean
  /** The nodes evicted to make room (resource conflicts and violated successors). */
  readonly evicted: readonly number[]
}

/** Options of the modulo scheduler. */
export interface ModuloScheduleOptions {
  /**
   * Placement steps allowed per II, as a multiple of the node count (Rau's BudgetRatio;
   * tileiras-reference §2.8 suggests 3). When exhausted the II is abandoned.
   */
  readonly budgetRatio?: number
  /** The largest II tried (default `max(4 * MII, total latency)`). */
  readonly maxII?: number
  /** Bytes of shared memory one stage buffers (0: no bound); stages x bytes must fit `smemLimit`. */
  readonly stageBufferBytes?: number
  /** The shared-memory budget for the stage buffers (default 227 KiB). */
  readonly smemLimit?: number
  /**
   * A soft cost of seating `node` at `cycle` (e.g. the spill surcharge): among the legal
   * seats in the window the cheapest wins, ties to the earliest. Default: first fit.
   * `start` is the partial schedule so far (-1 for nodes not placed); do not modify it.
   */
  readonly seatCost?: (node: number, cycle: number, ii: number, start: Int32Array) => number
  /** Receives every placement decision, in order. */
  readonly onPlacement?: (event: PlacementEvent) => void
  /**
   * Per node, its constraint group (-1: none): nodes of one group must land at the same
   * depth `floor(start / ii)` (tileiras-reference §2.7 gate G4, from `leader_gid`).
   */
  readonly group?: Int32Array
  /** Per node, a depth bound (0: none): `floor(start / ii) < maxDepth` (gate G2, `max_depth`). */
  readonly maxDepth?: Int32Array
}

/**
 * True when seating `node` at `cycle` keeps the depth constraints: below its depth bound
 * (G2) and at the depth of every placed node of its group (G4). `start` holds the placed
 * nodes' cycles (-1 for the others).
 */
export function depthAdmissible(options: ModuloScheduleOptions, node: number, cycle: number, ii: number, start: Int32Array): boolean {
  const d = Math.floor(cycle / ii)
  const bound = options.maxDepth?.[node] ?? 0
  if (bound > 0 && d >= bound) {
    return false
  }
  const group = options.group
  const g = group?.[node] ?? -1
  if (group !== undefined && g >= 0) {
    for (let v = 0; v < group.length; v++) {
      if (v !== node && group[v] === g && start[v]! >= 0 && Math.floor(start[v]! / ii) !== d) {
        return false
      }
    }
  }
  return true
}

/** True when the complete schedule `start` keeps every depth constraint of `options`. */
export function depthConstraintsHold(options: ModuloScheduleOptions, start: Int32Array, ii: number): boolean {
  if (options.group === undefined && options.maxDepth === undefined) {
    return true
  }
  for (let v = 0; v < start.length; v++) {
    if (!depthAdmissible(options, v, start[v]!, ii, start)) {
      return false
    }
  }
  return true
}

/** What the modulo scheduler found (the `ScheduleAnalysis` contract, tileiras-reference §2.13). */
export interface ModuloSchedule {
  /** False when no II up to the cap admitted a schedule (or a distance-0 cycle exists). */
  readonly valid: boolean
  /** The initiation interval found (0 when invalid). */
  readonly ii: number
  readonly resMII: number
  /** 0 when a distance-0 cycle makes every II infeasible. */
  readonly recMII: number
  readonly mii: number
  /** Start cycle per node (-1 when invalid). */
  readonly start: Int32Array
  /** `floor(start / ii)` per node. */
  readonly stage: Int32Array
  /** A total order of the nodes inside the block, by (start, program order); unique per node. */
  readonly order: Int32Array
  /** `ceil((max(start + latency) + 1) / ii)`. */
  readonly stageCount: number
  /** The IIs tried, in order (the last is `ii` when valid). */
  readonly attempts: readonly number[]
  /** Bit `0x4`: the search was truncated (budget or cap) or fell back. */
  readonly flags: number
}

/** The flag bit for a truncated search or a trivial fallback. */
export const SCHEDULE_TRUNCATED = 0x4

/**
 * `HeightR` of every node at `ii` (Rau 1994): the longest path to any sink with edge weights
 * `latency - ii * distance`, 0 for nodes without successors. Iterated to the fixed point,
 * which exists at `ii >= RecMII`.
 */
export function heightR(g: DependenceGraph, ii: number): Float64Array {
  const n = g.size
  const h = new Float64Array(n)
  for (let round = 0; round <= n; round++) {
    let changed = false
    for (const e of g.edges) {
      const v = h[e.dst]! + e.latency - ii * e.distance
      if (v > h[e.src]!) {
        h[e.src] = v
        changed = true
      }
    }
    if (!changed) {
      break
    }
  }
  return h
}

/**
 * Rau's iterative modulo scheduling at a fixed `ii` (tileiras-reference §2.8): highest
 * `HeightR` first (ties by program order), each node at the first legal cycle in
 * `[Estart, Estart + II - 1]`; when none is free the seat is forced and the nodes that
 * conflict on resources, and the successors whose dependence it violates, are evicted.
 * Returns the start cycles, or null when the step budget runs out.
 */
export function scheduleAtII(
  g: DependenceGraph,
  ii: number,
  options: ModuloScheduleOptions = {},
  order: 'height' | 'resource' = 'height',
): Int32Array | null {
  const n = g.size
  const h = heightR(g, ii)
  const priority = Array.from({ length: n }, (_, i) => i)
  if (order === 'height') {
    priority.sort((a, b) => h[b]! - h[a]! || a - b)
  } else {
    // First-fit decreasing for resource-bound loops: ops on the most contended slot first,
    // longer footprints first, then by height.
    const crit = criticality(g)
    priority.sort((a, b) => crit[b]! - crit[a]! || g.nodes[b]!.rrt.duration - g.nodes[a]!.rrt.duration || h[b]! - h[a]! || a - b)
  }
  const time = new Int32Array(n).fill(-1)
  const lastTime = new Int32Array(n).fill(-1)
  const rrt = new ModuloReservationTable(ii, g.pools)
  const unscheduled = new Uint8Array(n).fill(1)
  let remaining = n
  let budget = Math.max(n, Math.ceil((options.budgetRatio ?? 3) * n))
  const onPlacement = options.onPlacement
  const seatCost = options.seatCost
  const constrained = options.group !== undefined || options.maxDepth !== undefined

  const unschedule = (v: number): void => {
    rrt.release(g.nodes[v]!.rrt, time[v]!)
    time[v] = -1
    unscheduled[v] = 1
    remaining++
  }

  while (remaining > 0) {
    if (budget-- <= 0) {
      return null
    }
    // The unscheduled node of highest priority.
    let op = -1
    for (let i = 0; i < n; i++) {
      const v = priority[i]!
      if (unscheduled[v] === 1) {
        op = v
        break
      }
    }
    let estart = 0
    for (const ei of g.pred[op]!) {
      const e = g.edges[ei]!
      const tp = time[e.src]!
      if (tp >= 0 && e.src !== op) {
        estart = Math.max(estart, tp + e.latency - ii * e.distance)
      }
    }
    const node = g.nodes[op]!
    let seat = -1
    let best = Number.POSITIVE_INFINITY
    for (let t = estart; t < estart + ii; t++) {
      if (!rrt.probe(node.rrt, t) || (constrained && !depthAdmissible(options, op, t, ii, time))) {
        continue
      }
      if (seatCost === undefined) {
        seat = t
        break
      }
      const c = seatCost(op, t, ii, time)
      if (c < best) {
        best = c
        seat = t
      }
    }
    const forced = seat < 0
    const evicted: number[] = []
    if (forced) {
      seat = lastTime[op]! < 0 || estart > lastTime[op]! ? estart : lastTime[op]! + 1
      // Evict every scheduled node that conflicts on resources at this seat.
      for (let v = 0; v < n; v++) {
        if (time[v]! >= 0 && ModuloReservationTable.conflict(ii, g.pools, node.rrt, seat, g.nodes[v]!.rrt, time[v]!)) {
          evicted.push(v)
          unschedule(v)
        }
      }
      if (!rrt.probe(node.rrt, seat)) {
        // The footprint does not fit even in an empty table at this II.
        return null
      }
      if (constrained) {
        const bound = options.maxDepth?.[op] ?? 0
        if (bound > 0 && Math.floor(seat / ii) >= bound) {
          // G2: the dependences push the op past its depth bound at this II.
          return null
        }
        // G4: members of the op's group at another depth are evicted.
        const group = options.group
        const g = group?.[op] ?? -1
        for (let v = 0; group !== undefined && g >= 0 && v < n; v++) {
          if (v !== op && group[v] === g && time[v]! >= 0 && Math.floor(time[v]! / ii) !== Math.floor(seat / ii)) {
            evicted.push(v)
            unschedule(v)
          }
        }
      }
    }
    rrt.commit(node.rrt, seat)
    time[op] = seat
    lastTime[op] = seat
    unscheduled[op] = 0
    remaining--
    // Evict scheduled successors whose dependence the seat now violates.
    for (const ei of g.succ[op]!) {
      const e = g.edges[ei]!
      const s = e.dst
      if (s !== op && time[s]! >= 0 && time[s]! < seat + e.latency - ii * e.distance) {
        evicted.push(s)
        unschedule(s)
      }
    }
    // ... and predecessors it violates (possible after a forced seat below their bound).
    for (const ei of g.pred[op]!) {
      const e = g.edges[ei]!
      const p = e.src
      if (p !== op && time[p]! >= 0 && seat < time[p]! + e.latency - ii * e.distance) {
        evicted.push(p)
        unschedule(p)
      }
    }
    onPlacement?.({ node: op, cycle: seat, stage: Math.floor(seat / ii), ii, forced, evicted })
  }
  // Normalize so that the earliest node starts at cycle 0.
  let min = Number.POSITIVE_INFINITY
  for (let v = 0; v < n; v++) {
    min = Math.min(min, time[v]!)
  }
  if (n > 0 && min !== 0) {
    const shift = Math.floor(min / ii) * ii
    for (let v = 0; v < n; v++) {
      time[v]! -= shift
    }
  }
  return time
}

/** Per node: the largest total demand (rows over all nodes) among the slot bits it uses. */
function criticality(g: DependenceGraph): Float64Array {
  const demand = new Float64Array(32)
  for (const node of g.nodes) {
    for (let k = 0; k < node.rrt.duration; k++) {
      let bits = node.rrt.rows[k]!
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits)
        demand[b]!++
        bits &= ~(1 << b)
      }
    }
  }
  const out = new Float64Array(g.size)
  g.nodes.forEach((node, v) => {
    let c = 0
    for (let k = 0; k < node.rrt.duration; k++) {
      let bits = node.rrt.rows[k]!
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits)
        c = Math.max(c, demand[b]!)
        bits &= ~(1 << b)
      }
    }
    out[v] = c
  })
  return out
}

/** Loops up to this many nodes get an exact search when Rau's scheduler fails at an II. */
export const EXACT_SEARCH_MAX_NODES = 12
/** The search-tree nodes the exact search may visit per II before it gives up. */
export const EXACT_SEARCH_BUDGET = 200_000

/**
 * An exact search for a modulo schedule at `ii` (the fallback for small loops): assigns each
 * node a modulo row (heaviest footprints first, the first node fixed to row 0 by rotation
 * symmetry) that fits the reservation table, and keeps only assignments for which integer
 * stage offsets satisfy every dependence, a system of difference constraints
 * `k_dst - k_src >= ceil((latency - ii * distance - row_dst + row_src) / ii)` checked for
 * positive cycles as it grows. Complete within `budget` visited nodes; null when no
 * schedule exists or the budget runs out.
 */
export function exactScheduleAtII(g: DependenceGraph, ii: number, budget: number = EXACT_SEARCH_BUDGET): Int32Array | null {
  const n = g.size
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => g.nodes[b]!.rrt.duration - g.nodes[a]!.rrt.duration || a - b)
  const row = new Int32Array(n)
  const placed = new Uint8Array(n)
  const offset = new Float64Array(n)
  const rrt = new ModuloReservationTable(ii, g.pools)
  let visits = 0

  // Longest paths over the placed nodes; false on a positive cycle (no offsets exist).
  const solveOffsets = (): boolean => {
    offset.fill(0)
    for (let round = 0; round <= n; round++) {
      let changed = false
      for (const e of g.edges) {
        if (placed[e.src] === 0 || placed[e.dst] === 0) {
          continue
        }
        const w = Math.ceil((e.latency - ii * e.distance - row[e.dst]! + row[e.src]!) / ii)
        if (offset[e.src]! + w > offset[e.dst]!) {
          offset[e.dst] = offset[e.src]! + w
          changed = true
        }
      }
      if (!changed) {
        return true
      }
    }
    return false
  }

  const place = (i: number): boolean => {
    if (i === n) {
      return true
    }
    const v = order[i]!
    const node = g.nodes[v]!.rrt
    for (let r = 0; r < (i === 0 ? 1 : ii); r++) {
      if (++visits > budget) {
        return false
      }
      if (!rrt.probe(node, r)) {
        continue
      }
      rrt.commit(node, r)
      row[v] = r
      placed[v] = 1
      if (solveOffsets() && place(i + 1)) {
        return true
      }
      placed[v] = 0
      rrt.release(node, r)
    }
    return false
  }
  if (!place(0) || !solveOffsets()) {
    return null
  }
  let min = Number.POSITIVE_INFINITY
  for (let v = 0; v < n; v++) {
    min = Math.min(min, offset[v]!)
  }
  const start = new Int32Array(n)
  for (let v = 0; v < n; v++) {
    start[v] = row[v]! + ii * (offset[v]! - min)
  }
  return start
}

/** `ceil((max over nodes of (start + latency) + 1) / ii)` (tileiras-reference §2.7). */
export function stageCount(g: DependenceGraph, start: Int32Array, ii: number): number {
  let end = 0
  for (let v = 0; v < g.size; v++) {
    if (start[v]! < 0) {
      return 0
    }
    end = Math.max(end, start[v]! + g.nodes[v]!.latency)
  }
  return Math.ceil((end + 1) / ii)
}

/**
 * The modulo schedule of `g`: MII = max(ResMII, RecMII), then II = MII, MII + 1, ... until
 * Rau's scheduler places every node within its budget and the stage buffers fit in shared
 * memory (a new II starts from an empty table; nothing leaks between attempts).
 */
export function moduloSchedule(g: DependenceGraph, options: ModuloScheduleOptions = {}): ModuloSchedule {
  const n = g.size
  const res = resMII(g)
  const rec = recMII(g)
  const attempts: number[] = []
  const invalid = (mii: number, flags: number): ModuloSchedule => ({
    valid: false,
    ii: 0,
    resMII: res,
    recMII: rec ?? 0,
    mii,
    start: new Int32Array(n).fill(-1),
    stage: new Int32Array(n).fill(-1),
    order: new Int32Array(n).fill(-1),
    stageCount: 0,
    attempts,
    flags,
  })
  if (rec === null) {
    return invalid(res, 0)
  }
  const mii = Math.max(res, rec)
  const cap = options.maxII ?? Math.max(4 * mii, g.totalLatency())
  const bufferBytes = options.stageBufferBytes ?? 0
  const smemLimit = options.smemLimit ?? LIMITS.smemBytesPerCTA
  // A resource-bound loop is packed first-fit decreasing first; a recurrence-bound one by height.
  const first = res >= rec ? 'resource' : 'height'
  const second = res >= rec ? 'height' : 'resource'
  for (let ii = mii; ii <= cap; ii++) {
    attempts.push(ii)
    // Rau's scheduler by height, then first-fit decreasing on the contended slots, then a
    // larger budget, then (small loops) the exact search.
    const start =
      scheduleAtII(g, ii, options, first) ??
      scheduleAtII(g, ii, options, second) ??
      scheduleAtII(g, ii, { ...options, budgetRatio: 4 * (options.budgetRatio ?? 3) }, first) ??
      scheduleAtII(g, ii, { ...options, budgetRatio: 4 * (options.budgetRatio ?? 3) }, second) ??
      (n <= EXACT_SEARCH_MAX_NODES ? exactScheduleAtII(g, ii) : null)
    if (start === null || !depthConstraintsHold(options, start, ii)) {
      continue
    }
    const stages = stageCount(g, start, ii)
    if (bufferBytes > 0 && stages * bufferBytes > smemLimit) {
      continue
    }
    const stage = new Int32Array(n)
    for (let v = 0; v < n; v++) {
      stage[v] = Math.floor(start[v]! / ii)
    }
    const byStart = Array.from({ length: n }, (_, i) => i).sort((a, b) => start[a]! - start[b]! || a - b)
    const order = new Int32Array(n)
    byStart.forEach((v, i) => {
      order[v] = i
    })
    return { valid: true, ii, resMII: res, recMII: rec, mii, start, stage, order, stageCount: stages, attempts, flags: 0 }
  }
  return invalid(mii, SCHEDULE_TRUNCATED)
}
