import { describe, expect, it } from 'vitest'
import { printOperation, succeeded, type Operation } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import { TileASPrepareForSchedulingPass, addTileASSchedulingPasses, fusionBlocker } from '../src/index.ts'
import { KLOOP, parseModule, tileContext } from './kloop.ts'
import { simulate } from './pipelineSim.ts'

/**
 * The K-loop kernel followed by a scalar loop over the same iterations (`[0, nk)` by 1)
 * that sums `init + u`; `between` goes between the two loops (it defines `%init`).
 */
function withSibling(between = '%init = tileas.addi %M, %c1 : i64', ub = '%nk', init = '%init'): string {
  return KLOOP.replace('attributes {tileas.num_warps', '-> i64 attributes {tileas.num_warps').replace(
    '  func.return',
    `  ${between}
  %s = scf.for %u = %c0 to ${ub} step %c1 iter_args(%x = ${init}) -> (i64) : i64 {
    %y = tileas.addi %x, %u : i64
    scf.yield %y : i64
  }
  func.return %s : i64`,
  )
}

/** Runs tileas-prepare-for-scheduling (the loop heuristic off) on `src`, or with `full` all scheduling passes on it inside a gpu.module. */
function run(src: string, full = false): { m: Operation; fn: Operation; text: string; fused: number | undefined } {
  const ctx = tileContext()
  const m = parseModule(ctx, full ? `gpu.module @kernels {\n${src}\n}` : src)
  const pm = new PassManager(ctx)
  const pass = new TileASPrepareForSchedulingPass()
  pass.options.unrollMaxFactor = 1
  if (full) {
    addTileASSchedulingPasses(pm, { optLevel: 2 })
  } else {
    pm.nest('func.func').addPass(pass)
  }
  expect(succeeded(pm.run(m))).toBe(true)
  const fn = full ? m.getRegion(0).front.firstOp!.getRegion(0).front.firstOp! : m.getRegion(0).front.firstOp!
  return { m, fn, text: printOperation(m), fused: pass.statistics.find((s) => s.name === 'num-fused')?.value }
}

const loops = (text: string): number => text.match(/scf\.for/g)?.length ?? 0

/** The K-loop's accumulator and the scalar sum for K = 32 x trips, M = 64. */
function results(fn: Operation, trips: bigint): { acc: string[]; sum: unknown } {
  const r = simulate(fn, ['A', 'B', 64n, 64n, 32n * trips])
  return { acc: r.acc, sum: r.returned[0] }
}

describe('sliceAndFuse (TileASSliceAndFuse)', () => {
  it('fuses the scalar loop into the K-loop: its slice moves above, one loop carries both', () => {
    const src = withSibling()
    const { fn, text, fused } = run(src)
    expect(fused).toBe(1)
    expect(loops(text)).toBe(1)
    // The slice (%init) is above the fused loop; the loop carries the tile and the sum.
    expect(text).toMatch(/%\d+ = tileas\.addi %arg2, %c1_i64 : i64\n\s+%\d+:2 = scf\.for %arg5 = %c0_i64 to %1 step %c1_i64 iter_args\(%arg6 = %4, %arg7 = %\d+\) -> \(!tileas\.tile<64x64xf32, #mma>, i64\)/)
    // The K-loop body first, then the scalar body, one yield of both.
    expect(text).toMatch(/tileas\.barrier\n\s+%\d+ = tileas\.addi %arg7, %arg5 : i64\n\s+scf\.yield %\d+, %\d+ : !tileas\.tile<64x64xf32, #mma>, i64/)
    const ref = parseModule(tileContext(), withSibling())
    for (const trips of [0n, 1n, 3n]) {
      const want = simulate(ref.getRegion(0).front.firstOp!, ['A', 'B', 64n, 64n, 32n * trips]).returned[0]
      const got = results(fn, trips)
      expect(got.sum).toEqual(want)
      expect(got.acc.length).toBe(Number(trips))
    }
    expect(results(fn, 3n)).toEqual({ acc: ['A@[0,0]*B@[0,0]', 'A@[0,32]*B@[32,0]', 'A@[0,64]*B@[64,0]'], sum: 65n + 0n + 1n + 2n })
  })

  it('the fused K-loop is still software-pipelined and computes the same', () => {
    const { fn, text } = run(withSibling(), true)
    // The default four stages: two groups may stay pending in the loop.
    expect(text).toContain('{tileas.pipeline_stages = 4 : i32}')
    expect(text).toMatch(/tileas\.async_wait \{pending = 2 : i32\}/)
    for (const trips of [1n, 2n, 5n]) {
      const r = results(fn, trips)
      expect(r.sum).toEqual(65n + (trips * (trips - 1n)) / 2n)
      expect(r.acc.length).toBe(Number(trips))
    }
  })

  it('leaves loops apart when fusing would change the program or the bounds differ', () => {
    const ctx = tileContext()
    const pair = (src: string): [Operation, Operation] => {
      const found: Operation[] = []
      parseModule(ctx, src).walk((op) => {
        if (op.name.name === 'scf.for') {
          found.push(op)
        }
      })
      return [found[0]!, found[1]!]
    }
    expect(fusionBlocker(...pair(withSibling()))).toBeNull()
    expect(fusionBlocker(...pair(withSibling(undefined, '%M')))).toBe('different iteration spaces')
    expect(fusionBlocker(...pair(withSibling('%init = tileas.addi %M, %c1 : i64\n  tileas.barrier')))).toBe('an op with memory effects between the loops')
    // Two K-loops both write shared memory.
    const twoK = KLOOP.replace('  func.return', KLOOP.slice(KLOOP.indexOf('  %r = scf.for'), KLOOP.indexOf('  func.return')).replace('%r =', '%r2 =') + '  func.return')
    expect(fusionBlocker(...pair(twoK))).toBe('both loops touch memory')
    // A scalar loop whose init is the first scalar loop's result.
    const chained = withSibling().replace(
      '  func.return %s : i64',
      `  %s2 = scf.for %v = %c0 to %nk step %c1 iter_args(%z = %s) -> (i64) : i64 {
    %w = tileas.addi %z, %v : i64
    scf.yield %w : i64
  }
  func.return %s2 : i64`,
    )
    const found: Operation[] = []
    parseModule(ctx, chained).walk((op) => {
      if (op.name.name === 'scf.for') {
        found.push(op)
      }
    })
    expect(fusionBlocker(found[1]!, found[2]!)).toBe('the second loop uses the results of the first')
    const { text, fused } = run(chained)
    expect(fused).toBe(1)
    expect(loops(text)).toBe(2)
  })
})
