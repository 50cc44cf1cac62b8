// The allocation-free region-successor forms (`collectSuccessorRegions`, the operand-run
// starts) of the scf ops agree with the array forms (`getSuccessorRegions`,
// `getEntrySuccessorOperands`, `getSuccessorOperands`) that external implementers provide.
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  RegionSuccessorList,
  collectSuccessorRegions,
  parseSourceString,
  type Operation,
  type Region,
  type RegionBranchOpInterfaceImpl,
  type RegionSuccessor,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

const SOURCE = `
func.func @f(%c: i1, %n: index, %x: i32, %i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %r#0 : i32
  }
  scf.if %c {
    "test.op"() : () -> ()
  }
  %w = scf.while (%arg = %x) : (i32) -> i32 {
    scf.condition(%c) %arg : i32
  } do {
  ^bb0(%arg2: i32):
    scf.yield %arg2 : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %w : i32
  }
  %s = scf.index_switch %i -> i32
  case 2 {
    scf.yield %e : i32
  }
  default {
    scf.yield %t : i32
  }
  return %s : i32
}
`

function parse(src: string): Operation {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect, ScfDialect], allowUnregisteredDialects: true })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

function regionBranchOps(root: Operation): Operation[] {
  const found: Operation[] = []
  root.walk((op) => {
    if (RegionBranchOpInterface.get(op) !== undefined) {
      found.push(op)
    }
  })
  return found
}

function collected(impl: RegionBranchOpInterfaceImpl, op: Operation, point: Region | null): RegionSuccessor[] {
  const list = new RegionSuccessorList()
  // A stale entry from an earlier op must not show through.
  list.add(null, op.results)
  list.clear()
  collectSuccessorRegions(impl, op, point, list)
  return list.toArray()
}

describe('scf region successors without allocation', () => {
  it('collectSuccessorRegions lists what getSuccessorRegions returns, from the parent and from each region', () => {
    const ops = regionBranchOps(parse(SOURCE))
    expect(ops.map((o) => o.name.name).sort()).toEqual(['scf.execute_region', 'scf.for', 'scf.if', 'scf.if', 'scf.index_switch', 'scf.while'])
    for (const op of ops) {
      const impl = RegionBranchOpInterface.get(op)!
      expect(typeof impl.collectSuccessorRegions).toBe('function')
      for (const point of [null, ...op.regions]) {
        const fast = collected(impl, op, point)
        const slow = impl.getSuccessorRegions(op, point)
        expect(fast.length).toBeGreaterThan(0)
        expect(fast.map((s) => s.region)).toEqual(slow.map((s) => s.region))
        expect(fast.map((s) => [...s.inputs])).toEqual(slow.map((s) => [...s.inputs]))
      }
    }
  })

  it('gives scf.for the iter_args after the induction variable and the results', () => {
    const op = regionBranchOps(parse(SOURCE)).find((o) => o.name.name === 'scf.for')!
    const list = new RegionSuccessorList()
    collectSuccessorRegions(RegionBranchOpInterface.get(op)!, op, null, list)
    expect(list.length).toBe(2)
    expect(list.region(0)).toBe(op.getRegion(0))
    expect(list.inputCount(0)).toBe(2)
    expect(list.input(0, 0)).toBe(op.getRegion(0).front.arguments[1])
    expect(list.input(0, 1)).toBe(op.getRegion(0).front.arguments[2])
    expect(list.region(1)).toBeNull()
    expect(list.inputCount(1)).toBe(2)
    expect(list.input(1, 1)).toBe(op.results[1])
  })

  it('the operand-run starts pick the operands the array forms return', () => {
    for (const op of regionBranchOps(parse(SOURCE))) {
      const impl = RegionBranchOpInterface.get(op)!
      for (const s of impl.getSuccessorRegions(op, null)) {
        const start = impl.entrySuccessorOperandsStart!(op, s.region)
        expect(op.getOperands().slice(start)).toEqual(impl.getEntrySuccessorOperands?.(op, s.region) ?? [])
      }
      for (const region of op.regions) {
        if (region.empty) {
          continue
        }
        const term = region.front.lastOp!
        const termImpl = RegionBranchTerminatorOpInterface.get(term)
        if (termImpl === undefined) {
          continue
        }
        for (const s of impl.getSuccessorRegions(op, region)) {
          const start = termImpl.successorOperandsStart!(term, s.region)
          expect(term.getOperands().slice(start)).toEqual(termImpl.getSuccessorOperands(term, s.region))
        }
      }
    }
  })

  it('falls back to getSuccessorRegions for an implementation without the allocation-free form', () => {
    const op = regionBranchOps(parse(SOURCE)).find((o) => o.name.name === 'scf.while')!
    const impl = RegionBranchOpInterface.get(op)!
    const external: RegionBranchOpInterfaceImpl = { getSuccessorRegions: (o, point) => impl.getSuccessorRegions(o, point) }
    const after = op.getRegion(1)
    const list = new RegionSuccessorList()
    collectSuccessorRegions(external, op, op.getRegion(0), list)
    expect(list.length).toBe(2)
    expect(list.region(0)).toBeNull()
    expect(list.input(0, 0)).toBe(op.results[0])
    expect(list.region(1)).toBe(after)
    expect(list.input(1, 0)).toBe(after.front.arguments[0])
  })
})
