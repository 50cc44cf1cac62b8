import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { printOperation, succeeded } from '@tilepass/ir'
import { OptBisect, TimingManager, enableTiming, enableTrace } from '@tilepass/instrumentation'
import { PassManager } from '@tilepass/pass-manager'
import { addTileASSchedulingPasses, scheduleLoop } from '../src/index.ts'
import { KLOOP, firstLoop, parseModule, tileContext } from './kloop.ts'

/** The K-loop kernel inside a gpu.module, as the compile path holds it. */
const KERNEL = `gpu.module @kernels {\n${KLOOP}\n}`

/** The names of a text timing report's rows with their indentation (times stripped). */
function treeRows(report: string): string[] {
  return report
    .split('\n')
    .filter((l) => /^\s+\d+\.\d{4} \(\s*\d+\.\d%\)/.test(l))
    .map((l) => l.replace(/^\s+\d+\.\d{4} \(\s*\d+\.\d%\) {2}/, ''))
}

function runWithTiming(display: 'tree' | 'list', format: 'text' | 'json' = 'text', scheduleTraceFile?: string): string {
  const ctx = tileContext()
  const module = parseModule(ctx, KERNEL)
  const pm = new PassManager(ctx)
  addTileASSchedulingPasses(pm, { optLevel: 2, ...(scheduleTraceFile === undefined ? {} : { scheduleTraceFile }) })
  const tm = new TimingManager({ display, format })
  const root = tm.rootScope()
  enableTiming(pm, root)
  expect(succeeded(pm.run(module))).toBe(true)
  root.end()
  return tm.report()
}

describe('the scope tree of the scheduling passes', () => {
  it('nests every stage in its verbatim scope, in the tileiras order (tree display)', () => {
    expect(treeRows(runWithTiming('tree'))).toEqual([
      "'gpu.module' Pipeline",
      "  'func.func' Pipeline",
      '    TileASPrepareForSchedulingPass',
      '      TileASPrepareForScheduling',
      '        TileASSliceAndFuse',
      '          sliceAndFuse',
      '        runCanonicalizer',
      '          unrollSmallLoopsForScheduling',
      '            Schedule::unrollStaticForLoop',
      '            loopUnrollByFactor',
      '            loopUnrollByHeuristic',
      '    TileASGenerateSchedulePass',
      '      TileASGenerateSchedule',
      '        (A) ScheduleAnalysis',
      '        ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling',
      '        legalizeLoopScheduleForMaterialization',
      '    TileASMaterializeSchedulePass',
      '      IRWalk::findTargetForLoops',
      '      Schedule::unrollStaticForLoop',
      'Rest',
      'Total',
    ])
  })

  it('lists the same names in the list display and in JSON', () => {
    const names = new Set(treeRows(runWithTiming('tree')).map((r) => r.trim()))
    // The list merges rows by name (it also holds the hidden adaptor rows, as upstream's does).
    const list = new Set(treeRows(runWithTiming('list')))
    for (const n of names) {
      expect(list.has(n)).toBe(true)
    }
    const json = JSON.parse(runWithTiming('tree', 'json').replace(/,\s*\{\}\]/g, ']').replace(/\{\}\]/g, ']')) as unknown
    const jsonNames = new Set<string>()
    const collect = (n: unknown): void => {
      if (Array.isArray(n)) {
        n.forEach(collect)
      } else if (typeof n === 'object' && n !== null) {
        const o = n as { name?: string; passes?: unknown }
        if (o.name !== undefined) {
          jsonNames.add(o.name)
        }
        collect(o.passes)
      }
    }
    collect(json)
    expect(jsonNames).toEqual(names)
  })

  it('opens DumpTraceImpl::run only with schedule-trace-file, and adds no scope when nothing is installed', () => {
    expect(treeRows(runWithTiming('tree')).some((r) => r.includes('DumpTraceImpl::run'))).toBe(false)
    const file = join(mkdtempSync(join(tmpdir(), 'sched-scope-')), 'trace.json')
    const rows = treeRows(runWithTiming('tree', 'text', file))
    const at = rows.indexOf('        legalizeLoopScheduleForMaterialization')
    expect(rows[at + 1]).toBe('        DumpTraceImpl::run')
    expect(rows[at + 2]).toBe('    TileASMaterializeSchedulePass')
    // Without instrumentation the passes run the same (the scopes cost nothing).
    const ctx = tileContext()
    const module = parseModule(ctx, KERNEL)
    const pm = new PassManager(ctx)
    addTileASSchedulingPasses(pm, { optLevel: 2, numStages: 3 })
    expect(succeeded(pm.run(module))).toBe(true)
  })

  it('adds nothing below -O2', () => {
    const pm = new PassManager(tileContext())
    addTileASSchedulingPasses(pm, { optLevel: 1 })
    expect(pm.printAsTextualPipeline()).toBe('')
    const pm2 = new PassManager(tileContext())
    addTileASSchedulingPasses(pm2, { optLevel: 3, numStages: 4 })
    expect(pm2.printAsTextualPipeline()).toBe(
      'gpu.module(func.func(tileas-prepare-for-scheduling{unroll-heuristic-max-factor=4 unroll-heuristic-max-ops=16 unroll-small-loops-threshold=4},tileas-generate-schedule-constraints{register-budget=255 schedule-trace-file= serial-threshold=8 verify-constraint-groups=false},tileas-materialize-schedule{num-stages=4}))',
    )
  })

  it('records one decision event per placement inside TileASGenerateSchedule in the chain trace', () => {
    const ctx = tileContext()
    const module = parseModule(ctx, KERNEL)
    const pm = new PassManager(ctx)
    addTileASSchedulingPasses(pm, { optLevel: 2 })
    const trace = enableTrace(pm)
    expect(succeeded(pm.run(module))).toBe(true)
    const json = JSON.parse(trace.finish()) as { traceEvents: { name: string; cat: string; ts: number; dur: number; args: Record<string, unknown> }[] }
    const gen = json.traceEvents.find((e) => e.name === 'TileASGenerateSchedule' && e.cat === 'scope')!
    const decisions = json.traceEvents.filter((e) => e.cat === 'decision')
    expect(decisions.length).toBeGreaterThanOrEqual(10)
    expect(new Set(decisions.map((d) => d.args['op']))).toEqual(
      new Set(['tileas.muli', 'tileas.async_copy', 'tileas.async_commit_group', 'tileas.async_wait', 'tileas.barrier', 'tileas.local_load', 'tileas.mma']),
    )
    // Exactly one event per placement decision of the scheduler (evictions make it more than the op count).
    let placements = 0
    scheduleLoop(firstLoop(parseModule(tileContext(), KLOOP)), { onPlacement: () => placements++ })
    expect(decisions.length).toBe(placements)
    for (const d of decisions) {
      expect(d.ts).toBeGreaterThanOrEqual(gen.ts)
      expect(d.ts).toBeLessThanOrEqual(gen.ts + gen.dur)
    }
  })

  it('opt-bisect switches the scheduling passes off one by one (the IR stays valid); the loop is pipelined only when all three run', () => {
    const outcomes: string[] = []
    for (const limit of [0, 1, 2, 3]) {
      const ctx = tileContext()
      const module = parseModule(ctx, KERNEL)
      const remarks: string[] = []
      ctx.diagEngine.registerHandler((d) => {
        remarks.push(d.message)
        return true
      })
      new OptBisect({ limit }).install(ctx)
      const pm = new PassManager(ctx)
      addTileASSchedulingPasses(pm, { optLevel: 2 })
      expect(succeeded(pm.run(module))).toBe(true)
      const text = printOperation(module)
      outcomes.push(`${limit}: ${text.includes('tileas.pipeline_stages') ? 'pipelined' : 'not pipelined'}${remarks.length > 0 ? ` (${remarks.join(', ')})` : ''}`)
    }
    expect(outcomes).toEqual([
      '0: not pipelined',
      '1: not pipelined',
      '2: not pipelined',
      '3: pipelined',
    ])
  })
})
