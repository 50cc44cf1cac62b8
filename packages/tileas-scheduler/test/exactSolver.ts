import { ModuloReservationTable, type DependenceGraph } from '@tilepass/tileas-scheduler'

/**
 * An exact test of "is there a modulo schedule at `ii`": every assignment of modulo rows
 * (the first node fixed to row 0, by rotation symmetry) that fits the reservation table,
 * checked for integer stage offsets that satisfy every dependence (a system of difference
 * constraints: no positive cycle). Exponential; for loops of up to about 10 nodes.
 */
/** Thrown when the search visits more than its budget of tree nodes. */
export class SearchBudgetExceeded extends Error {}

export function feasibleAt(g: DependenceGraph, ii: number, budget = Number.POSITIVE_INFINITY): boolean {
  const n = g.size
  const rows = new Int32Array(n)
  const rrt = new ModuloReservationTable(ii, g.pools)
  const assigned = new Uint8Array(n)
  let visits = 0

  // k_dst - k_src >= ceil((lat - ii*dist - r_dst + r_src) / ii) over the assigned nodes.
  const offsetsExist = (): boolean => {
    const dist = new Float64Array(n)
    for (let round = 0; round <= n; round++) {
      let changed = false
      for (const e of g.edges) {
        if (assigned[e.src] === 0 || assigned[e.dst] === 0) {
          continue
        }
        const w = Math.ceil((e.latency - ii * e.distance - rows[e.dst]! + rows[e.src]!) / ii)
        if (dist[e.src]! + w > dist[e.dst]!) {
          dist[e.dst] = dist[e.src]! + w
          changed = true
        }
      }
      if (!changed) {
        return true
      }
    }
    return false
  }

  const place = (v: number): boolean => {
    if (v === n) {
      return true
    }
    const node = g.nodes[v]!.rrt
    for (let r = 0; r < (v === 0 ? 1 : ii); r++) {
      if (++visits > budget) {
        throw new SearchBudgetExceeded(`more than ${budget} search nodes at II ${ii}`)
      }
      if (!rrt.probe(node, r)) {
        continue
      }
      rrt.commit(node, r)
      rows[v] = r
      assigned[v] = 1
      if (offsetsExist() && place(v + 1)) {
        return true
      }
      assigned[v] = 0
      rrt.release(node, r)
    }
    return false
  }
  return place(0)
}

/**
 * The smallest II from `from` upward at which `feasibleAt` holds (null past `cap`); throws
 * `SearchBudgetExceeded` when one II needs more than `budget` search nodes.
 */
export function exactMinII(g: DependenceGraph, from: number, cap: number, budget = Number.POSITIVE_INFINITY): number | null {
  for (let ii = from; ii <= cap; ii++) {
    if (feasibleAt(g, ii, budget)) {
      return ii
    }
  }
  return null
}
