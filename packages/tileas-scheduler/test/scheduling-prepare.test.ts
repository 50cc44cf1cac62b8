import { describe, expect, it } from 'vitest'
import { printOperation, succeeded } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import { TileASPrepareForSchedulingPass, buildLoopGraph, buildRegisterModel, estimatePressure, heuristicUnrollFactor, scheduleLoop, staticTripCount } from '../src/index.ts'
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

/**
 * A K-loop whose column offset `kk = 32 t` is summed by an inner loop over `[lb, t)` (a
 * dynamic trip count), with `attrs` on the inner loop; `lb` (a constant) shifts the sum.
 */
function innerSumLoop(attrs: string, ub = '%t', lb = 0): string {
  return KLOOP.replace(
    '%kk = tileas.muli %t, %c32 : i64',
    `%lb = arith.constant ${lb} : i64
    %kk0 = scf.for %j = %lb to ${ub} step %c1 iter_args(%x = %c0) -> (i64) : i64 {
      %y = tileas.addi %x, %c32 : i64
      scf.yield %y : i64
    } ${attrs}
    %kk = tileas.addi %kk0, %c0 : i64`,
  )
}

/** Runs tileas-prepare-for-scheduling (options set by `configure`) on `src`; the printed module and the pass. */
function prepare(src: string, configure: (p: TileASPrepareForSchedulingPass) => void = () => {}): { text: string; pass: TileASPrepareForSchedulingPass; m: ReturnType<typeof parseModule> } {
  const ctx = tileContext()
  const m = parseModule(ctx, src)
  const pm = new PassManager(ctx)
  const pass = new TileASPrepareForSchedulingPass()
  configure(pass)
  pm.nest('func.func').addPass(pass)
  expect(succeeded(pm.run(m))).toBe(true)
  return { text: printOperation(m), pass, m }
}

const stat = (p: TileASPrepareForSchedulingPass, name: string): number | undefined => p.statistics.find((s) => s.name === name)?.value

const loops = (text: string): number => text.match(/scf\.for/g)?.length ?? 0

/** The accumulator of the K-loop kernel for K = 32 x trips, before and after `prepare`. */
function sameAccumulators(src: string, m: ReturnType<typeof parseModule>): void {
  const ctx = tileContext()
  const before = parseModule(ctx, src)
  for (const trips of [0n, 1n, 2n, 5n, 6n, 7n]) {
    const args = ['A', 'B', 64n, 64n, 32n * trips] as const
    const want = simulate(before.getRegion(0).front.firstOp!, args)
    expect(simulate(m.getRegion(0).front.firstOp!, args).acc).toEqual(want.acc)
  }
}

describe('unrollSmallLoopsForScheduling: loopUnrollByFactor and loopUnrollByHeuristic', () => {
  it('unrolls a loop with an explicit factor and a dynamic trip count: main loop by F, epilogue for the rest', () => {
    const src = innerSumLoop('{tileas.unroll_factor = 3 : i32}')
    const { text, pass, m } = prepare(src)
    expect(stat(pass, 'num-unrolled-by-factor')).toBe(1)
    expect(stat(pass, 'num-unrolled-by-heuristic')).toBe(0)
    expect(text).not.toContain('tileas.unroll_factor')
    // The K-loop, the main loop (step 3, three body copies) and the epilogue (step 1).
    expect(text.match(/scf\.for/g)?.length).toBe(3)
    expect(text).toMatch(/%c3_i64 = arith\.constant 3 : i64/)
    expect(text.match(/tileas\.addi %\w+, %c32_i64 : i64/g)?.length).toBe(4)
    // The bounds: trips = max(t - lb, 0) (step 1), ubMain = lb + (trips / 3) * 3.
    expect(text).toMatch(/= tileas\.subi %arg5, %c0_i64 : i64\n\s+%\d+ = tileas\.maxi %\d+, %c0_i64 : i64\n\s+%\d+ = tileas\.divi %\d+, %c3_i64 : i64\n\s+%\d+ = tileas\.muli %\d+, %c3_i64 : i64/)
    sameAccumulators(src, m)
    // A lower bound above the upper bound for the first iterations (zero trips) and odd spans.
    const shifted = innerSumLoop('{tileas.unroll_factor = 2 : i32}', '%t', 2)
    sameAccumulators(shifted, prepare(shifted).m)
  })

  it('unrolls a static trip count by its factor; a remainder of one iteration is inlined by the canonicalizer', () => {
    // 0..7 by 2: main loop 0..6 step 2 (three iterations), one iteration left at 6.
    const src = innerSumLoop('{tileas.unroll_factor = 2 : i32}', '%c7')
      .replace('%c1 = arith.constant 1 : i64', '%c1 = arith.constant 1 : i64\n  %c7 = arith.constant 7 : i64')
    const { text, pass, m } = prepare(src)
    expect(stat(pass, 'num-unrolled-by-factor')).toBe(1)
    expect(text.match(/scf\.for/g)?.length).toBe(2)
    expect(text).toMatch(/scf\.for %\w+ = %c0_i64 to %c6_i64 step %c2_i64 /)
    expect(text.match(/tileas\.addi %\w+, %c32_i64 : i64/g)?.length).toBe(3)
    sameAccumulators(src, m)
    // A multiple of the factor: no epilogue; fewer iterations than the factor: unchanged.
    const even = prepare(innerSumLoop('{tileas.unroll_factor = 2 : i32}', '%c8', 0).replace('%c1 = arith.constant 1 : i64', '%c1 = arith.constant 1 : i64\n  %c8 = arith.constant 8 : i64'))
    expect(even.text).toMatch(/scf\.for %\w+ = %c0_i64 to %c8_i64 step %c2_i64 /)
    expect(even.text.match(/tileas\.addi %\w+, %c32_i64 : i64/g)?.length).toBe(2)
    const short = prepare(innerSumLoop('{tileas.unroll_factor = 8 : i32}', '%c7', 1).replace('%c1 = arith.constant 1 : i64', '%c1 = arith.constant 1 : i64\n  %c7 = arith.constant 7 : i64'))
    expect(stat(short.pass, 'num-unrolled-by-factor')).toBe(0)
    expect(short.text).toContain('tileas.unroll_factor = 8')
  })

  it('applies nested explicit factors to every copy, outer loop first, and the heuristic leaves their loops alone', () => {
    const src = KLOOP.replace(
      '%kk = tileas.muli %t, %c32 : i64',
      `%kk0 = scf.for %i = %c0 to %t step %c1 iter_args(%x = %c0) -> (i64) : i64 {
      %x1 = scf.for %j = %c0 to %t step %c1 iter_args(%z = %x) -> (i64) : i64 {
        %z1 = tileas.addi %z, %c32 : i64
        scf.yield %z1 : i64
      } {tileas.unroll_factor = 2 : i32}
      scf.yield %x1 : i64
    } {tileas.unroll_factor = 2 : i32}
    %kk = tileas.addi %kk0, %c0 : i64`,
    )
    const { text, pass, m } = prepare(src)
    expect(stat(pass, 'num-unrolled-by-factor')).toBe(4)
    expect(stat(pass, 'num-unrolled-by-heuristic')).toBe(0)
    expect(text).not.toContain('tileas.unroll_factor')
    // The K-loop, the outer main loop and epilogue, and in each of the three outer body copies an inner main loop and epilogue.
    expect(loops(text)).toBe(9)
    // kk = 32 t^2 in iteration t.
    const ctx = tileContext()
    const before = parseModule(ctx, src)
    for (const trips of [0n, 1n, 2n, 3n, 5n]) {
      const args = ['A', 'B', 64n, 64n, 32n * trips] as const
      expect(simulate(m.getRegion(0).front.firstOp!, args).acc).toEqual(simulate(before.getRegion(0).front.firstOp!, args).acc)
    }
  })

  it('the heuristic unrolls small scalar loops by the largest power of two within the op budget', () => {
    const src = innerSumLoop('')
    const { text, pass, m } = prepare(src)
    expect(stat(pass, 'num-unrolled-by-heuristic')).toBe(1)
    // One body op: factor 4 (the default largest factor), plus the epilogue.
    expect(text.match(/scf\.for/g)?.length).toBe(3)
    expect(text.match(/tileas\.addi %\w+, %c32_i64 : i64/g)?.length).toBe(5)
    sameAccumulators(src, m)
    // Off with max factor 1; a budget of 2 ops allows factor 2.
    expect(stat(prepare(src, (p) => (p.options.unrollMaxFactor = 1)).pass, 'num-unrolled-by-heuristic')).toBe(0)
    const two = prepare(src, (p) => (p.options.unrollMaxOps = 2))
    expect(two.text.match(/tileas\.addi %\w+, %c32_i64 : i64/g)?.length).toBe(3)
  })

  it('the heuristic leaves loops over tiles, nested loops and short static loops alone', () => {
    const ctx = tileContext()
    const opts = { maxFactor: 4, maxOps: 16 }
    // The K-loop itself carries a tile.
    expect(heuristicUnrollFactor(firstLoop(parseModule(ctx, KLOOP)), opts)).toBe(1)
    const inner = (src: string): number => {
      let found = 0
      parseModule(ctx, src).walk((op) => {
        if (op.name.name === 'scf.for' && op.parentOp?.name.name === 'scf.for') {
          found = heuristicUnrollFactor(op, opts)
        }
      })
      return found
    }
    expect(inner(innerSumLoop(''))).toBe(4)
    // Static trip counts keep at least two iterations of the unrolled loop: 7 -> 2, 8 -> 4, 15 -> 4.
    const withUb = (n: number): string =>
      innerSumLoop('', `%c${n}`).replace('%c1 = arith.constant 1 : i64', `%c1 = arith.constant 1 : i64\n  %c${n} = arith.constant ${n} : i64`)
    expect([7, 8, 15].map((n) => inner(withUb(n)))).toEqual([2, 4, 4])
  })
})

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
