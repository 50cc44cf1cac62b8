import { describe, expect, it } from 'vitest'
import { ModuloReservationTable, moduloSchedule, type DependenceGraph, type ModuloSchedule } from '@tilepass/tileas-scheduler'
import { randomLoop } from './corpus.ts'
import { exactMinII } from './exactSolver.ts'

/** Every dependence and every resource row of `s` holds. */
function checkSchedule(g: DependenceGraph, s: ModuloSchedule): void {
  for (const e of g.edges) {
    expect(s.start[e.dst]! - s.start[e.src]!).toBeGreaterThanOrEqual(e.latency - s.ii * e.distance)
  }
  const rrt = new ModuloReservationTable(s.ii, g.pools)
  for (let v = 0; v < g.size; v++) {
    expect(rrt.probe(g.nodes[v]!.rrt, s.start[v]!)).toBe(true)
    rrt.commit(g.nodes[v]!.rrt, s.start[v]!)
  }
  const orders = new Set(Array.from(s.order))
  expect(orders.size).toBe(g.size)
}

describe('modulo schedules of random loops', () => {
  it('are legal for 4..64 ops', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 60; seed++) {
      const g = randomLoop(seed, 4 + (seed % 61))
      const s = moduloSchedule(g)
      expect(s.valid).toBe(true)
      checkSchedule(g, s)
    }
  })

  it('reach the exact minimum II on loops of up to 10 ops', { timeout: 120_000 }, () => {
    for (let seed = 1; seed <= 40; seed++) {
      const g = randomLoop(1000 + seed, 4 + (seed % 7))
      const s = moduloSchedule(g)
      expect(s.valid).toBe(true)
      // MII is a lower bound, so a schedule at MII is optimal; otherwise search exhaustively.
      const exact = s.ii === s.mii ? s.ii : exactMinII(g, s.mii, s.ii)
      expect({ seed, ii: s.ii }).toEqual({ seed, ii: exact })
    }
  })

  it('is deterministic', () => {
    const a = moduloSchedule(randomLoop(7, 40))
    const b = moduloSchedule(randomLoop(7, 40))
    expect(Array.from(a.start)).toEqual(Array.from(b.start))
    expect(Array.from(a.order)).toEqual(Array.from(b.order))
  })
})
