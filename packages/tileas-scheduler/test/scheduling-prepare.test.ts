import { describe, expect, it } from 'vitest'
import { printOperation, succeeded } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import { TileASPrepareForSchedulingPass, buildLoopGraph, buildRegisterModel, estimatePressure, scheduleLoop, staticTripCount } from '../src/index.ts'
import { KLOOP, firstLoop, parseModule, tileContext } from './kloop.ts'
import { simulate } from './pipelineSim.ts'

/** A K-loop whose body holds a small loop of three scalar steps (an offset computed in a loop). */
const NESTED = KLOOP.replace(
  '%kk = tileas.muli %t, %c32 : i64',
  `%c3 = arith.constant 3 : i64
    %kk0 = scf.for %j = %c0 to %c3 step %c1 iter_args(%x = %c0) -> (i64) : i64 {
      %y = tileas.addi %x, %t : i64
      scf.yield %y : i64
    }
    %kk1 = tileas.divi %kk0, %c3 : i64
    %kk = tileas.muli %kk1, %c32 : i64`,
)

describe('TileASPrepareForScheduling', () => {
  it('unrolls the small loop inside the K-loop (not the K-loop) and keeps what it computes', () => {
    const ctx = tileContext()
    const m = parseModule(ctx, NESTED)
    const before = simulate(m.getRegion(0).front.firstOp!, ['A', 'B', 64n, 64n, 96n])
    const pm = new PassManager(ctx)
    const pass = new TileASPrepareForSchedulingPass()
    pm.nest('func.func').addPass(pass)
    expect(succeeded(pm.run(m))).toBe(true)
    const text = printOperation(m)
    expect(text.match(/scf\.for/g)?.length).toBe(1)
    expect(pass.statistics.find((s) => s.name === 'num-unrolled')?.value).toBe(1)
    const after = simulate(m.getRegion(0).front.firstOp!, ['A', 'B', 64n, 64n, 96n])
    expect(after.acc).toEqual(before.acc)
    expect(after.acc).toEqual(['A@[0,0]*B@[0,0]', 'A@[0,32]*B@[32,0]', 'A@[0,64]*B@[64,0]'])
  })

  it('leaves loops above the threshold and with unknown trip counts alone', () => {
    const ctx = tileContext()
    const m = parseModule(ctx, NESTED)
    const loops: number[] = []
    m.walk((op) => {
      if (op.name.name === 'scf.for') {
        loops.push(staticTripCount(op) ?? -1)
      }
    })
    expect(loops).toEqual([3, -1])
    const pm = new PassManager(ctx)
    const pass = new TileASPrepareForSchedulingPass()
    pass.options.unrollThreshold = 2
    pm.nest('func.func').addPass(pass)
    expect(succeeded(pm.run(m))).toBe(true)
    expect(printOperation(m).match(/scf\.for/g)?.length).toBe(2)
  })
})

describe('the spill-avoidance constraint', () => {
  it('estimates the pressure of the K-loop from the tiles live across the schedule', () => {
    const loop = firstLoop(parseModule(tileContext(), KLOOP))
    const lg = buildLoopGraph(loop)
    const model = buildRegisterModel(lg, 128, 255)
    // The 64x64 f32 accumulator over 128 threads: 32 registers, plus the invariant scalars.
    expect(model.baseline).toBeGreaterThanOrEqual(32)
    // A-tile 64x32 f16 and B-tile 32x64 f16: 8 registers each per thread.
    expect(model.weight[6]).toBe(8)
    expect(model.weight[7]).toBe(8)
    const s = scheduleLoop(loop)
    const p = estimatePressure(lg, model, 8, s.start[8]!, s.ii, s.start)
    expect(p).toBeGreaterThan(model.baseline)
  })

  it('surcharges seats over a tight register budget and still finds a valid schedule', () => {
    const loop = firstLoop(parseModule(tileContext(), KLOOP))
    const loose = scheduleLoop(loop)
    const tight = scheduleLoop(loop, { registerBudget: 16 })
    expect(loose.surchargedSeats).toBe(0)
    expect(tight.surchargedSeats).toBeGreaterThan(0)
    expect(tight.valid).toBe(true)
    expect(tight.ii).toBe(loose.ii)
  })
})
