import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { printOperation, succeeded, verify, type Context, type IntegerAttr, type Operation } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import {
  DEFAULT_NUM_STAGES,
  PIPELINE_STAGES_ATTR,
  STATIC_SMEM_BYTES,
  ScheduleAnalysis,
  TileASGenerateSchedulePass,
  TileASMaterializeSchedulePass,
  TileASPrepareForSchedulingPass,
  buildLoopGraph,
  matchKLoop,
  scheduleLoop,
  stagesToMaterialize,
} from '../src/index.ts'
import { ACC, KLOOP, firstLoop, parseModule, tileContext } from './kloop.ts'
import { simulate } from './pipelineSim.ts'

interface Run {
  readonly ok: boolean
  readonly module: Operation
  readonly text: string
  readonly diagnostics: string[]
}

function runPasses(src: string, build: (fpm: ReturnType<PassManager['nest']>) => void, ctx: Context = tileContext()): Run {
  const diagnostics: string[] = []
  const module = parseModule(ctx, src)
  ctx.diagEngine.registerHandler((d) => {
    diagnostics.push(`${d.severity}: ${d.message}${d.notes.map((n) => ` [note: ${n.message}]`).join('')}`)
    return true
  })
  const pm = new PassManager(ctx)
  build(pm.nest('func.func'))
  const ok = succeeded(pm.run(module))
  return { ok, module, text: printOperation(module), diagnostics }
}

function schedule(fpm: ReturnType<PassManager['nest']>, numStages = 0): void {
  fpm.addPass(new TileASPrepareForSchedulingPass())
  fpm.addPass(new TileASGenerateSchedulePass())
  const m = new TileASMaterializeSchedulePass()
  m.options.numStages = numStages
  fpm.addPass(m)
}

/** The ops the pipeline structure is made of (scalar math left out). */
const STRUCTURAL = new Set([
  'tileas.alloc_shared',
  'tileas.constant',
  'tileas.async_copy',
  'tileas.async_commit_group',
  'tileas.async_wait',
  'tileas.barrier',
  'tileas.local_load',
  'tileas.mma',
  'scf.for',
])

function fnOf(module: Operation): Operation {
  return module.getRegion(0).front.firstOp!
}

describe('the K-loop dependence graph and ScheduleAnalysis', () => {
  it('classifies the body by the footprints of the book and carries the accumulator at distance 1', () => {
    const loop = firstLoop(parseModule(tileContext(), KLOOP))
    const lg = buildLoopGraph(loop)
    expect(lg.kinds).toEqual(['alu', 'copy', 'copy', 'commit', 'wait', 'barrier', 'smemRead', 'smemRead', 'mma', 'barrier'])
    const carried = lg.graph.edges.filter((e) => e.distance > 0)
    // mma -> mma through the iteration argument, with the accumulator latency.
    expect(carried).toEqual([{ src: 8, dst: 8, latency: 16, distance: 1 }])
    // copy -> local_load of the same buffer (the memory edge), with the copy latency.
    expect(lg.graph.edges).toContainEqual({ src: 1, dst: 6, latency: 14, distance: 0 })
    expect(lg.graph.edges).toContainEqual({ src: 2, dst: 7, latency: 14, distance: 0 })
  })

  it('schedules the loop with the cost-based generator at II = MII, copies in stage 0', () => {
    const s = scheduleLoop(firstLoop(parseModule(tileContext(), KLOOP)))
    expect(s.generator).toBe('cost-based')
    expect(s.valid).toBe(true)
    expect(s.recMII).toBe(16) // the accumulator recurrence
    expect(s.resMII).toBe(14) // two 7-cycle shared-memory reads on tp_smem_rd (and two writes on tp_smem_wr)
    expect(s.ii).toBe(s.mii)
    expect(s.stage[1]).toBe(0)
    expect(s.stage[2]).toBe(0)
    expect(s.pipelineDepth).toBeGreaterThanOrEqual(2)
    expect(s.stageBufferBytes).toBe(64 * 32 * 2 + 32 * 64 * 2)
    // (stage, order) is a total order: every order once.
    expect([...s.order].sort((a, b) => a - b)).toEqual([...Array(s.ops.length).keys()])
  })

  it('writes nv_tile.aws.stage / order on each op of the scheduled loop', () => {
    const r = runPasses(KLOOP, (fpm) => fpm.addPass(new TileASGenerateSchedulePass()))
    expect(r.ok).toBe(true)
    expect(r.text).toMatch(/tileas\.async_copy .* \{nv_tile\.aws\.order = 1 : i32, nv_tile\.aws\.stage = 0 : i32\}/)
    expect(r.text.match(/nv_tile\.aws\.stage/g)?.length).toBe(10)
  })
})

describe('tileas-materialize-schedule', () => {
  it('expands the K-loop with the stages of its schedule', () => {
    const r = runPasses(KLOOP, (fpm) => schedule(fpm))
    expect(r.diagnostics).toEqual([])
    expect(r.ok).toBe(true)
    expect(succeeded(verify(r.module))).toBe(true)
    const s = scheduleLoop(firstLoop(parseModule(tileContext(), KLOOP)))
    const S = s.pipelineDepth
    expect(r.text).toContain(`tileas.alloc_shared : !tileas.smem<${S}x64x32xf16`)
    expect(r.text).toContain(`{${PIPELINE_STAGES_ATTR} = ${S} : i32}`)
    expect(r.text).toContain(`{pending = ${S - 2} : i32}`)
    expect(r.text).not.toContain('nv_tile.aws')
  })

  for (const S of [2, 3, 4]) {
    it(`S = ${S}: prologue of S-1 groups, wait S-2 + barrier before the reads, the copy of k+S-1 after it, a drain`, () => {
      const r = runPasses(KLOOP, (fpm) => schedule(fpm, S))
      expect(r.ok).toBe(true)
      expect(succeeded(verify(r.module))).toBe(true)
      const fn = fnOf(r.module)
      const top: string[] = []
      for (let o = fn.getRegion(0).front.firstOp; o !== null; o = o.nextOp) {
        if (STRUCTURAL.has(o.name.name)) {
          top.push(o.name.name)
        }
      }
      const group = ['tileas.async_copy', 'tileas.async_copy', 'tileas.async_commit_group']
      expect(top).toEqual([
        'tileas.alloc_shared',
        'tileas.alloc_shared',
        'tileas.constant',
        ...Array.from({ length: S - 1 }, () => group).flat(),
        'scf.for',
        'tileas.async_wait',
        'tileas.barrier',
      ])
      const loop = firstLoop(r.module)
      const inLoop: string[] = []
      for (let o = loop.getRegion(0).front.firstOp; o !== null; o = o.nextOp) {
        if (STRUCTURAL.has(o.name.name)) {
          inLoop.push(o.name.name === 'tileas.async_wait' ? `wait ${String((o.getAttr('pending') as IntegerAttr).value)}` : o.name.name)
        }
      }
      expect(inLoop).toEqual([`wait ${S - 2}`, 'tileas.barrier', ...group, 'tileas.local_load', 'tileas.local_load', 'tileas.mma'])
      expect(r.text).toContain(`!tileas.smem<${S}x32x64xf16`)
    })

    it(`S = ${S}: every read follows the wait and barrier covering its copy, for any trip count (abstract execution)`, () => {
      const ref = parseModule(tileContext(), KLOOP)
      const r = runPasses(KLOOP, (fpm) => schedule(fpm, S))
      for (const K of [0n, 32n, 64n, 96n, 128n, 160n, 200n, 1000n]) {
        const args = ['A', 'B', 64n, 64n, K] as const
        const want = simulate(fnOf(ref), args)
        const got = simulate(fnOf(r.module), args)
        expect(got.acc).toEqual(want.acc)
        expect(got.acc.some((p) => p.includes('zero'))).toBe(false)
        // Copies past the end read nothing from global memory.
        expect(got.globalReads).toBe(want.globalReads)
        if (K >= BigInt(32 * S)) {
          // S-1 groups in flight after each commit (the single-buffered loop has 1).
          expect(got.maxInFlight).toBe(S - 1)
          expect(want.maxInFlight).toBe(1)
        }
      }
    })
  }

  it('materializes the book default of 4 stages (unspecialized-pipeline-num-stages); num-stages = 0 takes the schedule depth', () => {
    expect(DEFAULT_NUM_STAGES).toBe(4)
    const d = runPasses(KLOOP, (fpm) => {
      fpm.addPass(new TileASPrepareForSchedulingPass())
      fpm.addPass(new TileASGenerateSchedulePass())
      fpm.addPass(new TileASMaterializeSchedulePass())
    })
    expect(d.diagnostics).toEqual([])
    expect(d.text).toContain(`{${PIPELINE_STAGES_ATTR} = 4 : i32}`)
    expect(d.text).toContain('!tileas.smem<4x64x32xf16')
    expect(d.text).toContain('tileas.async_wait {pending = 2 : i32}')
    const depth = scheduleLoop(firstLoop(parseModule(tileContext(), KLOOP))).pipelineDepth
    expect(depth).toBe(3)
    const z = runPasses(KLOOP, (fpm) => schedule(fpm, 0))
    expect(z.text).toContain(`{${PIPELINE_STAGES_ATTR} = ${depth} : i32}`)
  })

  it('lowers the stages to what fits in the 48 KiB of static shared memory, and never pipelines a depth-1 schedule', () => {
    expect(STATIC_SMEM_BYTES).toBe(49152)
    const loop = firstLoop(parseModule(tileContext(), KLOOP))
    const a = new ScheduleAnalysis(loop.parentOp!)
    const withBytes = (bytes: number): void => a.set({ ...scheduleLoop(loop), stageBufferBytes: bytes })
    a.setStages(loop, 3)
    withBytes(8192) // the 64x64x32 f16 GEMM
    expect([4, 3, 2, 0].map((r) => stagesToMaterialize(a, loop, r))).toEqual([4, 3, 2, 3])
    withBytes(16384) // 128x128x32: four stages would need 64 KiB
    expect([4, 3, 2, 0].map((r) => stagesToMaterialize(a, loop, r))).toEqual([3, 3, 2, 3])
    expect(stagesToMaterialize(a, loop, 4, 40_000)).toBe(2)
    withBytes(30_000) // not even two stages fit: no pipeline
    expect([4, 2, 0].map((r) => stagesToMaterialize(a, loop, r))).toEqual([1, 1, 1])
    withBytes(8192)
    a.setStages(loop, 1)
    expect(stagesToMaterialize(a, loop, 4)).toBe(1)
  })

  it('a loop forced serial gets the serial generator (stage 0 everywhere) and is left as it is', () => {
    const src = KLOOP.replace(`    scf.yield %d : ${ACC}\n  }`, `    scf.yield %d : ${ACC}\n  } {tileas.schedule.constraint.force_serial_execution}`)
    expect(src).not.toBe(KLOOP)
    const s = scheduleLoop(firstLoop(parseModule(tileContext(), src)))
    expect(s.generator).toBe('serial')
    expect([...s.stage].every((x) => x === 0)).toBe(true)
    expect([...s.order]).toEqual([...Array(s.ops.length).keys()])
    const r = runPasses(src, (fpm) => schedule(fpm))
    expect(r.diagnostics).toEqual([])
    expect(r.text).not.toContain(PIPELINE_STAGES_ATTR)
  })

  it('leaves the loop with a remark when the schedule analysis is missing (never recomputes it)', () => {
    const r = runPasses(KLOOP, (fpm) => fpm.addPass(new TileASMaterializeSchedulePass()))
    expect(r.ok).toBe(true)
    expect(r.diagnostics).toEqual([
      'remark: Failed to pipeline loop [note: no ScheduleAnalysis: tileas-generate-schedule-constraints did not run, or a pass in between did not preserve it]',
    ])
    expect(r.text).toContain('!tileas.smem<1x64x32xf16')
    // A cleanup between generation and materialization drops the analysis: the same remark.
    const c = runPasses(KLOOP, (fpm) => {
      fpm.addPass(new TileASGenerateSchedulePass())
      fpm.addPass(new TileASPrepareForSchedulingPass())
      fpm.addPass(new TileASMaterializeSchedulePass())
    })
    expect(c.diagnostics.map((d) => d.split(' [')[0])).toEqual(['remark: Failed to pipeline loop'])
  })

  it('rejects a loop it cannot materialize with the book diagnostic and leaves it as it is', () => {
    const src = KLOOP.replace('{pending = 0 : i32}', '{pending = 1 : i32}')
    const r = runPasses(src, (fpm) => schedule(fpm))
    expect(r.ok).toBe(true)
    expect(r.diagnostics).toEqual(['warning: failed to legalizeLoopScheduleForMaterialization [note: expected async_wait {pending = 0} on the commit group after it]'])
    expect(r.text).toContain('!tileas.smem<1x64x32xf16')
    expect(r.text).not.toContain(PIPELINE_STAGES_ATTR)
  })

  it('matchKLoop says why a loop is not a K-loop it can expand', () => {
    expect(typeof matchKLoop(firstLoop(parseModule(tileContext(), KLOOP)))).toBe('object')
    const inner = KLOOP.replace('%kk = tileas.muli %t, %c32 : i64', '%kk = tileas.muli %t, %c32 : i64\n    %s0 = arith.constant 0 : i32').replace('%bufA[%c0_i32] : !llvm', '%bufA[%s0] : !llvm')
    expect(matchKLoop(firstLoop(parseModule(tileContext(), inner)))).toBe('the stage index of an async copy must be defined outside the loop')
    const twoCommits = KLOOP.replace('%g = tileas.async_commit_group %ta, %tb', '%g = tileas.async_commit_group %ta\n    %g2 = tileas.async_commit_group %tb')
    expect(matchKLoop(firstLoop(parseModule(tileContext(), twoCommits)))).toBe('expected one async_commit_group and one async_wait per iteration')
  })

  it('writes the schedule trace as Chrome trace JSON with one child event per placement, every function in one file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sched-trace-'))
    const file = join(dir, 'trace.json')
    const r = runPasses(`${KLOOP}\n${KLOOP.replace('@gemm', '@gemm2')}`, (fpm) => {
      const g = new TileASGenerateSchedulePass()
      g.options.scheduleTraceFile = file
      fpm.addPass(g)
    })
    expect(r.ok).toBe(true)
    const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: { name: string; ph: string; ts: number; dur: number; args: Record<string, unknown> }[]; displayTimeUnit: string }
    expect(trace.displayTimeUnit).toBe('ns')
    for (const e of trace.traceEvents) {
      expect(e.ph).toBe('X')
      expect(Number.isInteger(e.ts) && e.ts >= 0).toBe(true)
      expect(Number.isInteger(e.dur) && e.dur >= 0).toBe(true)
    }
    const passes = trace.traceEvents.filter((e) => e.name === 'TileASGenerateSchedule')
    expect(passes.map((p) => p.args['op'])).toEqual(['func.func @gemm', 'func.func @gemm2'])
    const s = scheduleLoop(firstLoop(parseModule(tileContext(), KLOOP)))
    for (const pass of passes) {
      const inside = (e: { ts: number; dur: number }, outer: { ts: number; dur: number }): boolean => e.ts >= outer.ts && e.ts + e.dur <= outer.ts + outer.dur
      const loops = trace.traceEvents.filter((e) => e.name === 'loop' && inside(e, pass))
      expect(loops.length).toBe(1)
      expect(loops[0]!.args).toMatchObject({ generator: 'cost-based', ii: s.ii, pipelineDepth: s.pipelineDepth, valid: true })
      const placements = trace.traceEvents.filter((e) => e.name === 'placement' && inside(e, loops[0]!))
      expect(placements.length).toBeGreaterThanOrEqual(s.ops.length)
      for (const p of placements) {
        expect(Object.keys(p.args)).toEqual(['op', 'node', 'cycle', 'stage', 'ii', 'forced', 'evicted'])
      }
    }
  })

  it('warns and goes on when the trace file cannot be opened', () => {
    const r = runPasses(KLOOP, (fpm) => {
      const g = new TileASGenerateSchedulePass()
      g.options.scheduleTraceFile = '/nonexistent-dir/trace.json'
      fpm.addPass(g)
    })
    expect(r.ok).toBe(true)
    expect(r.diagnostics.length).toBe(1)
    expect(r.diagnostics[0]).toMatch(/^warning: cannot open schedule trace file '\/nonexistent-dir\/trace.json'/)
  })
})
