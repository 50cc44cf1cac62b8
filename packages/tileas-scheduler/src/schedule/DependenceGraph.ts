import { lowerFootprint, type Footprint, type NodeRRT, type PoolSpec } from './ResourceModel.ts'

/** A dependence edge: `start(dst) - start(src) >= latency - II * distance`. */
export interface DependenceEdge {
  readonly src: number
  readonly dst: number
  readonly latency: number
  /** 0 within one iteration; k >= 1 for a dependence on the op k iterations earlier. */
  readonly distance: number
}

/** One node: an op of the scheduled block. */
export interface DependenceNode {
  /** A name for traces and diagnostics (the op name, or any label). */
  readonly name: string
  /** The rows the op occupies. */
  readonly rrt: NodeRRT
  /** The op's own latency: when its result is ready (used by the stage count). */
  readonly latency: number
}

/**
 * The dependence graph of a loop body (tileiras-reference §2.2): nodes in program order,
 * edges with latencies and iteration distances (memory edges from tokens, the accumulator
 * recurrence at distance 1).
 */
export class DependenceGraph {
  readonly nodes: DependenceNode[] = []
  readonly edges: DependenceEdge[] = []
  /** Outgoing edge indices per node. */
  readonly succ: number[][] = []
  /** Incoming edge indices per node. */
  readonly pred: number[][] = []

  constructor(
    /** The target's capacity pools (footprints refer to them by index). */
    readonly pools: readonly PoolSpec[] = [],
  ) {}

  /** The number of nodes. */
  get size(): number {
    return this.nodes.length
  }

  /** Adds a node and returns its index; `latency` defaults to the footprint's duration. */
  addNode(name: string, footprint: Footprint, latency?: number): number {
    const rrt = lowerFootprint(footprint, this.pools.length)
    this.nodes.push({ name, rrt, latency: latency ?? rrt.duration })
    this.succ.push([])
    this.pred.push([])
    return this.nodes.length - 1
  }

  /** Adds the edge `src -> dst`. */
  addEdge(src: number, dst: number, latency: number, distance = 0): void {
    if (src < 0 || src >= this.size || dst < 0 || dst >= this.size) {
      throw new RangeError(`edge ${src} -> ${dst} names a node that does not exist`)
    }
    if (distance < 0 || !Number.isInteger(distance) || !Number.isInteger(latency)) {
      throw new RangeError(`edge ${src} -> ${dst}: latency and distance must be integers, distance >= 0`)
    }
    const i = this.edges.length
    this.edges.push({ src, dst, latency, distance })
    this.succ[src]!.push(i)
    this.pred[dst]!.push(i)
  }

  /** The sum of the edge latencies and node latencies: an upper bound for any useful II. */
  totalLatency(): number {
    let s = 0
    for (const e of this.edges) {
      s += Math.max(0, e.latency)
    }
    for (const n of this.nodes) {
      s += n.latency
    }
    return s
  }
}

/** Marks an unreachable pair in a distance closure (kept apart from any "dead" marker). */
export const UNREACHABLE: number = Number.NEGATIVE_INFINITY

/**
 * The structural distance matrix at `ii`: the longest path (max-plus closure, Floyd–Warshall)
 * of `latency - ii * distance` between every pair, `UNREACHABLE` where none exists. A positive
 * diagonal entry means a positive cycle: `ii` is below RecMII (tileiras-reference §2.2, §6 #6).
 */
export function distanceClosure(g: DependenceGraph, ii: number): Float64Array {
  const n = g.size
  const d = new Float64Array(n * n).fill(UNREACHABLE)
  for (const e of g.edges) {
    const w = e.latency - ii * e.distance
    if (w > d[e.src * n + e.dst]!) {
      d[e.src * n + e.dst] = w
    }
  }
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      const ik = d[i * n + k]!
      if (ik === UNREACHABLE) {
        continue
      }
      for (let j = 0; j < n; j++) {
        const kj = d[k * n + j]!
        if (kj !== UNREACHABLE && ik + kj > d[i * n + j]!) {
          d[i * n + j] = ik + kj
        }
      }
    }
  }
  return d
}

/**
 * True when the edges at `ii` contain a positive cycle (`sum(latency) - ii * sum(distance) > 0`),
 * i.e. no schedule satisfies the dependences. Bellman–Ford on longest paths: O(V·E), early exit.
 */
export function hasPositiveCycle(g: DependenceGraph, ii: number): boolean {
  const n = g.size
  const dist = new Float64Array(n)
  const edges = g.edges
  for (let round = 0; round < n; round++) {
    let changed = false
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i]!
      const w = dist[e.src]! + e.latency - ii * e.distance
      if (w > dist[e.dst]!) {
        dist[e.dst] = w
        changed = true
      }
    }
    if (!changed) {
      return false
    }
  }
  return true
}

/**
 * The smallest `x` in `[lower, upper]` for which `p(x)` holds, assuming `p` is monotone:
 * galloping (1, 2, 4, ...) then binary search (tileiras-reference §2.6). Null when `p` never
 * holds within the cap. `probes`, when given, receives every argument tried, in order.
 */
export function smallestFeasible(p: (x: number) => boolean, lower: number, upper: number, probes?: number[]): number | null {
  const test = (x: number): boolean => {
    probes?.push(x)
    return p(x)
  }
  let hi = Math.max(lower, 1)
  let lastFail = lower - 1
  let ok = test(hi)
  while (!ok && hi < upper) {
    lastFail = hi
    hi = Math.min(upper, hi * 2)
    ok = test(hi)
  }
  if (!ok) {
    return null
  }
  let lo = lastFail + 1
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1)
    if (test(mid)) {
      hi = mid
    } else {
      lo = mid + 1
    }
  }
  return lo
}

/**
 * RecMII: the smallest II at which the dependences have no positive cycle (= the max over
 * cycles of `ceil(sum latency / sum distance)`), 1 without recurrences. Null when a cycle
 * within one iteration (distance 0) has positive latency: no II can satisfy it.
 */
export function recMII(g: DependenceGraph): number | null {
  const upper = Math.max(1, g.totalLatency() + 1)
  if (hasPositiveCycle(g, upper)) {
    return null
  }
  return smallestFeasible((ii) => !hasPositiveCycle(g, ii), 1, upper)
}

/**
 * ResMII: for each slot bit the number of rows all nodes occupy on it (each slot has
 * capacity 1 per row), for each pool `ceil(total units / cap)`; the max of these, at least 1.
 */
export function resMII(g: DependenceGraph): number {
  const perBit = new Int32Array(32)
  const np = g.pools.length
  const perPool = new Float64Array(np)
  for (const node of g.nodes) {
    const rrt = node.rrt
    for (let k = 0; k < rrt.duration; k++) {
      let bits = rrt.rows[k]!
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits)
        perBit[b]!++
        bits &= ~(1 << b)
      }
      for (let p = 0; p < np; p++) {
        perPool[p]! += rrt.pool[k * np + p]!
      }
    }
  }
  let mii = 1
  for (let b = 0; b < 32; b++) {
    mii = Math.max(mii, perBit[b]!)
  }
  for (let p = 0; p < np; p++) {
    mii = Math.max(mii, Math.ceil(perPool[p]! / g.pools[p]!.cap))
  }
  return mii
}
