// The checkable behaviours of tileiras-reference §6 that the scheduler core covers.
import { describe, expect, it } from 'vitest'
import {
  DependenceGraph,
  FOOTPRINTS,
  ModuloReservationTable,
  SCHEDULE_TRUNCATED,
  SLOT,
  distanceClosure,
  lowerFootprint,
  moduloSchedule,
  peelPlan,
  recMII,
  resMII,
  scheduleAtII,
  selectGenerator,
  serialSchedule,
  slotBit,
  smallestFeasible,
  spillSurcharge,
  stageCount,
  useDualSimt,
} from '@tilepass/tileas-scheduler'

const hex = (rows: Uint32Array): string[] => Array.from(rows, (r) => `0x${r.toString(16)}`)

describe('#1-2 slots and footprints', () => {
  it('maps slot ids to bits', () => {
    expect(slotBit(SLOT.tma)).toBe(0x800)
    expect(slotBit(SLOT.tp_smem_wr)).toBe(0x8000)
  })
  it('lowers a TMA load to 8 rows of 0x8800', () => {
    const r = lowerFootprint(FOOTPRINTS.tmaLoad)
    expect(r.duration).toBe(8)
    expect(hex(r.rows)).toEqual(Array(8).fill('0x8800'))
  })
  it('lowers triples of different durations row by row', () => {
    const r = lowerFootprint({ triples: [{ slot: 11, duration: 8, occupancy: 1 }, { slot: 19, duration: 3, occupancy: 1 }] })
    expect(r.duration).toBe(8)
    expect(hex(r.rows)).toEqual(['0x40400', '0x40400', '0x40400', '0x400', '0x400', '0x400', '0x400', '0x400'])
  })
})

/** The body of #3/#4: TMA load, SMEM write, WGMMA, SMEM read; load->read (8), write->read (7). */
function bookBody(): DependenceGraph {
  const g = new DependenceGraph()
  const load = g.addNode('load', FOOTPRINTS.tmaLoad)
  const write = g.addNode('write', FOOTPRINTS.smemWrite)
  g.addNode('wgmma', FOOTPRINTS.wgmma)
  const read = g.addNode('read', FOOTPRINTS.smemRead)
  g.addEdge(load, read, 8)
  g.addEdge(write, read, 7)
  return g
}

describe('#3-4, #7-8 MII, placement and stages', () => {
  it('gives ResMII 15 from the singleton SMEM write transport', () => {
    const g = bookBody()
    expect(resMII(g)).toBe(15)
    expect(recMII(g)).toBe(1)
  })
  it('finds no schedule at II 8..14 and the book-corrected one at II 15', () => {
    const g = bookBody()
    for (let ii = 8; ii <= 14; ii++) {
      expect(scheduleAtII(g, ii)).toBeNull()
    }
    const s = moduloSchedule(g)
    expect(s.valid).toBe(true)
    expect(s.ii).toBe(15)
    expect(s.attempts).toEqual([15])
    expect(Array.from(s.start)).toEqual([0, 8, 0, 15])
    expect(s.stageCount).toBe(2)
    expect(Array.from(s.stage)).toEqual([0, 0, 0, 1])
  })
  it('counts stages as ceil((max(start + latency) + 1) / II)', () => {
    const g = new DependenceGraph()
    g.addNode('a', FOOTPRINTS.tmaLoad, 8)
    g.addNode('b', FOOTPRINTS.smemWrite, 7)
    expect(stageCount(g, Int32Array.from([0, 8]), 15)).toBe(2)
    expect(stageCount(g, Int32Array.from([0, -1]), 15)).toBe(0)
  })
  it('starts each II from an empty table', () => {
    const g = bookBody()
    const rrt = new ModuloReservationTable(15)
    const s = moduloSchedule(g)
    for (let v = 0; v < g.size; v++) {
      expect(rrt.probe(g.nodes[v]!.rrt, s.start[v]!)).toBe(true)
      rrt.commit(g.nodes[v]!.rrt, s.start[v]!)
    }
    expect(rrt.dump().every((r) => r !== '0x0')).toBe(true)
  })
})

describe('#5-6 recurrences', () => {
  const cycle = (dist: number): DependenceGraph => {
    const g = new DependenceGraph()
    const a = g.addNode('A', FOOTPRINTS.alu, 4)
    const b = g.addNode('B', FOOTPRINTS.alu, 4)
    g.addEdge(a, b, 4, 0)
    g.addEdge(b, a, 4, dist)
    return g
  }
  it('computes RecMII from cycles', () => {
    expect(recMII(cycle(1))).toBe(8)
    expect(recMII(cycle(2))).toBe(4)
    const acc = new DependenceGraph()
    const dot = acc.addNode('dot', FOOTPRINTS.wgmma, 16)
    acc.addEdge(dot, dot, 16, 1)
    expect(recMII(acc)).toBe(16)
  })
  it('rejects II below RecMII through a positive diagonal of the max closure', () => {
    const g = cycle(1)
    expect(distanceClosure(g, 7)[0]).toBe(1)
    expect(distanceClosure(g, 8)[0]).toBe(0)
  })
  it('has no II for a positive cycle within one iteration', () => {
    const g = cycle(0)
    expect(recMII(g)).toBeNull()
    expect(moduloSchedule(g).valid).toBe(false)
  })
})

describe('#9 galloping then binary search', () => {
  it('probes 1, 2, 4, 8, 16 then narrows to 13', () => {
    const probes: number[] = []
    expect(smallestFeasible((t) => t >= 13, 1, 64, probes)).toBe(13)
    expect(probes.slice(0, 5)).toEqual([1, 2, 4, 8, 16])
  })
  it('reports infeasible within the cap', () => {
    const probes: number[] = []
    expect(smallestFeasible((t) => t >= 13, 1, 10, probes)).toBeNull()
    expect(probes).toEqual([1, 2, 4, 8, 10])
  })
  it('answers 1 after one probe when always feasible', () => {
    const probes: number[] = []
    expect(smallestFeasible(() => true, 1, 64, probes)).toBe(1)
    expect(probes).toEqual([1])
  })
})

describe('#10 spill surcharge', () => {
  it('is min(4096, (peak - budget) * 17)', () => {
    expect(spillSurcharge(300, 255)).toBe(765)
    expect(spillSurcharge(495, 255)).toBe(4080)
    expect(spillSurcharge(600, 255)).toBe(4096)
    expect(spillSurcharge(200, 255)).toBe(0)
  })
})

describe('#11-12 generators', () => {
  const summary = { forceSerial: false, opCount: 12, hasAsyncPipeline: false, hasTMA: false, hasWGMMA: false }
  it('selects the generator by the book rules, in order', () => {
    expect(selectGenerator({ ...summary, forceSerial: true, hasTMA: true })).toBe('serial')
    expect(selectGenerator({ ...summary, opCount: 7, hasTMA: true })).toBe('serial')
    expect(selectGenerator(summary)).toBe('serial')
    expect(selectGenerator({ ...summary, hasWGMMA: true })).toBe('cost-based')
  })
  it('orders topologically with ties by program order, stage 0 everywhere', () => {
    const g = new DependenceGraph()
    for (const name of ['a', 'b', 'c', 'd']) {
      g.addNode(name, FOOTPRINTS.alu)
    }
    g.addEdge(2, 0, 1)
    g.addEdge(3, 1, 1)
    g.addEdge(0, 3, 1, 1) // loop-carried: ignored by the serial order
    const s = serialSchedule(g)!
    expect(Array.from(s.stage)).toEqual([0, 0, 0, 0])
    expect(Array.from(s.order)).toEqual([1, 3, 0, 2])
  })
  it('fails on a cycle of distance-0 edges', () => {
    const g = new DependenceGraph()
    g.addNode('a', FOOTPRINTS.alu)
    g.addNode('b', FOOTPRINTS.alu)
    g.addEdge(0, 1, 1)
    g.addEdge(1, 0, 1)
    expect(serialSchedule(g)).toBeNull()
  })
})

describe('#17-18 materialization arithmetic', () => {
  it('peels S-1 pieces on each side', () => {
    expect(peelPlan(10, 3)).toEqual({ prologue: 2, steadyState: 8, epilogue: 2, pipelined: true })
    expect(peelPlan(10, 2)).toEqual({ prologue: 1, steadyState: 9, epilogue: 1, pipelined: true })
    expect(peelPlan(10, 1).pipelined).toBe(false)
  })
  it('divides in integers before the float multiply', () => {
    expect(useDualSimt(3, 9, 2)).toBe(true)
    expect(useDualSimt(2, 9, 2)).toBe(false)
    expect(useDualSimt(4, 10, 0)).toBe(false)
  })
})

describe('search bounds', () => {
  it('raises II until the stage buffers fit in shared memory', () => {
    // Two chained copies and an mma: at MII the loop needs several stages.
    const g = new DependenceGraph()
    const a = g.addNode('cp', FOOTPRINTS.cpAsync, 7)
    const b = g.addNode('ld', FOOTPRINTS.ldmatrix, 7)
    const c = g.addNode('mma', FOOTPRINTS.mmaSync, 16)
    g.addEdge(a, b, 7)
    g.addEdge(b, c, 7)
    g.addEdge(c, c, 16, 1)
    const free = moduloSchedule(g)
    expect(free.valid).toBe(true)
    expect(free.stageCount).toBe(2)
    const bytes = 64 * 1024
    const bounded = moduloSchedule(g, { stageBufferBytes: bytes, smemLimit: bytes })
    expect(bounded.valid).toBe(true)
    expect(bounded.stageCount).toBe(1)
    expect(bounded.ii).toBeGreaterThan(free.ii)
    const impossible = moduloSchedule(g, { stageBufferBytes: bytes, smemLimit: bytes / 2, maxII: 64 })
    expect(impossible.valid).toBe(false)
    expect(impossible.flags & SCHEDULE_TRUNCATED).toBe(SCHEDULE_TRUNCATED)
  })
})
