// The schedule constraint attributes (tileiras-reference §2.9, §6 #13-14): parsing of the
// nine keys, the leader-group union-find, and their effect on placement (G2, G4).
import { describe, expect, it } from 'vitest'
import { IntegerAttr, IntegerType, UnitAttr, succeeded, type Operation } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import {
  CONSTRAINT_KEYS,
  FLAG_ENABLE_DEFUSION,
  FLAG_FORCE_SERIAL,
  FLAG_RECOMPUTABLE,
  GroupUnionFind,
  TileASGenerateSchedulePass,
  collectBlockConstraints,
  depthAdmissible,
  readOpConstraints,
  scheduleLoop,
} from '../src/index.ts'
import { KLOOP, firstLoop, parseModule, tileContext } from './kloop.ts'

/** The K-loop and its body ops (node i = ops[i]: muli, copy A, copy B, commit, wait, barrier, load A, load B, mma, barrier). */
function kloop(): { loop: Operation; ops: Operation[] } {
  const loop = firstLoop(parseModule(tileContext(), KLOOP))
  const ops: Operation[] = []
  for (let o = loop.getRegion(0).front.firstOp; o !== null && o.nextOp !== null; o = o.nextOp) {
    ops.push(o)
  }
  return { loop, ops }
}

function setInt(op: Operation, key: string, value: number): void {
  op.setAttr(key, IntegerAttr.get(IntegerType.get(op.context, 32), value))
}

describe('constraint attributes', () => {
  it('reads the nine keys; missing integers are 0, unit keys are presence-only, the flags word has bits 0-2', () => {
    const { ops } = kloop()
    const op = ops[8]!
    expect(readOpConstraints(op)).toEqual({ gid: 0, leaderGid: 0, maxDepth: 0, preferredAtomSize: 0, maxNumSlicesForNonReduceAxis: 0, maxNumOfRecomputations: 0, flags: 0, grouped: false })
    setInt(op, CONSTRAINT_KEYS.gid, 7)
    setInt(op, CONSTRAINT_KEYS.maxDepth, 2)
    setInt(op, CONSTRAINT_KEYS.preferredAtomSize, 16)
    setInt(op, CONSTRAINT_KEYS.maxNumSlicesForNonReduceAxis, 4)
    setInt(op, CONSTRAINT_KEYS.maxNumOfRecomputations, 3)
    op.setAttr(CONSTRAINT_KEYS.recomputable, UnitAttr.get(op.context))
    op.setAttr(CONSTRAINT_KEYS.enableDefusion, UnitAttr.get(op.context))
    expect(readOpConstraints(op)).toEqual({
      gid: 7,
      leaderGid: 0,
      maxDepth: 2,
      preferredAtomSize: 16,
      maxNumSlicesForNonReduceAxis: 4,
      maxNumOfRecomputations: 3,
      flags: FLAG_RECOMPUTABLE | FLAG_ENABLE_DEFUSION,
      grouped: true,
    })
    op.setAttr(CONSTRAINT_KEYS.forceSerial, UnitAttr.get(op.context))
    expect(readOpConstraints(op).flags).toBe(FLAG_FORCE_SERIAL | FLAG_RECOMPUTABLE | FLAG_ENABLE_DEFUSION)
  })

  it('takes the inherent value over a discardable one of the same key', () => {
    const op = kloop().ops[8]!
    setInt(op, CONSTRAINT_KEYS.gid, 5)
    op.properties = op.properties.with(CONSTRAINT_KEYS.gid, IntegerAttr.get(IntegerType.get(op.context, 32), 3))
    expect(readOpConstraints(op).gid).toBe(3)
  })

  it('unions gid -> leader_gid directionally with path compression; a gid without a leader joins group 0 (#13)', () => {
    const dsu = new GroupUnionFind()
    dsu.union(1, 2)
    dsu.union(2, 3)
    expect([dsu.find(1), dsu.find(2), dsu.find(3)]).toEqual([3, 3, 3])
    dsu.union(4, 1)
    expect(dsu.find(4)).toBe(3)
    const { ops } = kloop()
    setInt(ops[1]!, CONSTRAINT_KEYS.gid, 7)
    setInt(ops[8]!, CONSTRAINT_KEYS.gid, 0)
    setInt(ops[8]!, CONSTRAINT_KEYS.leaderGid, 0)
    const c = collectBlockConstraints(ops)
    expect(c.group[1]).toBe(0)
    expect(c.group[8]).toBe(0)
    expect(c.group[2]).toBe(-1)
    // max_depth = 0 is the same as no attribute.
    setInt(ops[2]!, CONSTRAINT_KEYS.maxDepth, 0)
    expect(collectBlockConstraints(ops).maxDepth[2]).toBe(0)
  })

  it('G4: two ops of one group at starts 3 and 19 with II 16 are at depths 0 and 1: rejected (#14)', () => {
    const group = Int32Array.from([0, 0])
    expect(depthAdmissible({ group }, 1, 19, 16, Int32Array.from([3, -1]))).toBe(false)
    expect(depthAdmissible({ group }, 1, 12, 16, Int32Array.from([3, -1]))).toBe(true)
    expect(depthAdmissible({ group: Int32Array.from([0, 1]) }, 1, 19, 16, Int32Array.from([3, -1]))).toBe(true)
    // G2: depth must stay below max_depth.
    expect(depthAdmissible({ maxDepth: Int32Array.from([0, 1]) }, 1, 19, 16, Int32Array.from([3, -1]))).toBe(false)
    expect(depthAdmissible({ maxDepth: Int32Array.from([0, 2]) }, 1, 19, 16, Int32Array.from([3, -1]))).toBe(true)
  })
})

describe('constraints in the K-loop schedule', () => {
  it('puts a copy and the mma of one leader group at the same depth', () => {
    const free = scheduleLoop(kloop().loop)
    expect(free.stage[1]).not.toBe(free.stage[8])
    const { loop, ops } = kloop()
    for (const i of [1, 8]) {
      setInt(ops[i]!, CONSTRAINT_KEYS.gid, 4)
      setInt(ops[i]!, CONSTRAINT_KEYS.leaderGid, 4)
    }
    const s = scheduleLoop(loop)
    expect(s.valid).toBe(true)
    expect(s.stage[1]).toBe(s.stage[8])
    expect(s.ii).toBeGreaterThanOrEqual(free.ii)
  })

  it('keeps an op with max_depth below that depth', () => {
    const free = scheduleLoop(kloop().loop)
    expect(free.stage[8]).toBeGreaterThan(0)
    const { loop, ops } = kloop()
    setInt(ops[8]!, CONSTRAINT_KEYS.maxDepth, 1)
    const s = scheduleLoop(loop)
    expect(s.valid).toBe(true)
    expect(s.stage[8]).toBe(0)
    expect(s.pipelineDepth).toBe(1)
  })

  it('force_serial_execution on an op of the body selects the serial generator; the serial generator ignores the other keys', () => {
    const { loop, ops } = kloop()
    ops[3]!.setAttr(CONSTRAINT_KEYS.forceSerial, UnitAttr.get(loop.context))
    setInt(ops[8]!, CONSTRAINT_KEYS.maxDepth, 1)
    const s = scheduleLoop(loop)
    expect(s.generator).toBe('serial')
    expect([...s.stage].every((x) => x === 0)).toBe(true)
  })

  it('warns about inconsistent groups only with verify-constraint-groups', () => {
    for (const verify of [false, true]) {
      const ctx = tileContext()
      const m = parseModule(ctx, KLOOP)
      const warnings: string[] = []
      ctx.diagEngine.registerHandler((d) => {
        warnings.push(`${d.message}${d.notes.map((n) => ` [${n.message}]`).join('')}`)
        return true
      })
      const ops: Operation[] = []
      for (let o = firstLoop(m).getRegion(0).front.firstOp; o !== null; o = o.nextOp) {
        ops.push(o)
      }
      setInt(ops[1]!, CONSTRAINT_KEYS.gid, 2)
      setInt(ops[1]!, CONSTRAINT_KEYS.leaderGid, 2)
      setInt(ops[2]!, CONSTRAINT_KEYS.gid, 2)
      setInt(ops[2]!, CONSTRAINT_KEYS.leaderGid, 3)
      const pm = new PassManager(ctx)
      const pass = new TileASGenerateSchedulePass()
      pass.options.verifyConstraintGroups = verify
      pm.nest('func.func').addPass(pass)
      expect(succeeded(pm.run(m))).toBe(true)
      expect(warnings).toEqual(verify ? ['inconsistent schedule constraint group: gid 2 has leader_gid 3 here [and leader_gid 2 on an earlier op]'] : [])
    }
  })
})
