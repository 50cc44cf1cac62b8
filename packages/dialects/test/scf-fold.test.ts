// Folds and interfaces of scf ops. Fold expectations come from mlir-opt 22.1.8:
//   mlir-opt --allow-unregistered-dialect --canonicalize=enable-patterns=none <input>
// e.g. `scf.if (xori %c, true)` with an else region becomes `scf.if %c` with swapped
// regions, while a constant `scf.index_switch` is left alone (no folder in MLIR 22).
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  LoopLikeOpInterface,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  parseSourceString,
  type OpFoldResult,
  type Operation,
} from '@tilepass/ir'
import { ArithDialect, getConstantAttr } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

function parse(src: string): Operation {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

function find(root: Operation, name: string, nth = 0): Operation {
  const found: Operation[] = []
  root.walk((op) => {
    if (op.name.name === name) {
      found.push(op)
    }
  }, 'pre')
  const op = found[nth]
  if (op === undefined) {
    throw new Error(`no ${name}`)
  }
  return op
}

function fold(op: Operation): readonly OpFoldResult[] | Operation | undefined {
  return op.name.def!.fold!(
    op,
    op.getOperands().map((v) => getConstantAttr(v) ?? null),
  )
}

describe('scf folds', () => {
  it('scf.index_switch has no folder (MLIR 22 selects a constant case with the FoldConstantCase pattern)', () => {
    const m = parse(String.raw`"test.func"() ({
^bb0(%x: i32, %y: i32):
  %c = arith.constant 5 : index
  %0 = scf.index_switch %c -> i32
  case 5 {
    %s = arith.addi %x, %y : i32
    scf.yield %s : i32
  }
  default {
    scf.yield %y : i32
  }
  "test.return"(%0) : (i32) -> ()
}) : () -> ()
`)
    const sw = find(m, 'scf.index_switch')
    expect(sw.name.def!.fold === undefined).toBe(true)
    // The case body stays inside the switch.
    expect(find(m, 'arith.addi').parentOp).toBe(sw)
  })

  it('scf.if on (xori %c, true) swaps its regions and tests %c', () => {
    const m = parse(String.raw`"test.func"() ({
^bb0(%c: i1, %x: i32, %y: i32):
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %0 = scf.if %n -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %y : i32
  }
  "test.return"(%0) : (i32) -> ()
}) : () -> ()
`)
    const ifOp = find(m, 'scf.if')
    expect(fold(ifOp)).toBe(ifOp)
    // mlir-opt --canonicalize prints (after removing the dead xori/constant):
    //   %0 = scf.if %arg0 -> (i32) {
    //     scf.yield %arg2 : i32
    //   } else {
    //     %1 = arith.addi %arg1, %arg1 : i32
    //     scf.yield %1 : i32
    //   }
    const args = ifOp.parentBlock!.arguments
    expect(ifOp.getOperand(0)).toBe(args[0])
    expect(ifOp.getRegion(0).front.operations.map((o) => o.name.name)).toEqual(['scf.yield'])
    expect(ifOp.getRegion(0).front.lastOp!.getOperand(0)).toBe(args[2])
    expect(ifOp.getRegion(1).front.operations.map((o) => o.name.name)).toEqual(['arith.addi', 'scf.yield'])
  })

  it('scf.if without else or with a non-xori condition does not fold', () => {
    const m = parse(String.raw`"test.func"() ({
^bb0(%c: i1):
  scf.if %c {
    "test.op"() : () -> ()
  }
  "test.return"() : () -> ()
}) : () -> ()
`)
    expect(fold(find(m, 'scf.if'))).toBeUndefined()
  })
})

describe('scf interfaces', () => {
  const src = String.raw`"test.func"() ({
^bb0(%lb: index, %x: i32, %c: i1):
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %x : i32
    scf.yield %n : i32
  }
  %y = scf.if %c -> (i32) {
    scf.yield %r : i32
  } else {
    scf.yield %x : i32
  }
  %w = scf.while (%b = %x) : (i32) -> i32 {
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%d: i32):
    scf.yield %d : i32
  }
  "test.return"(%y, %w) : (i32, i32) -> ()
}) : () -> ()
`

  it('scf.for: enters the body with the iter_args or exits; body yields back or out', () => {
    const m = parse(src)
    const forOp = find(m, 'scf.for')
    const iface = RegionBranchOpInterface.get(forOp)!
    const body = forOp.getRegion(0)
    const succ = iface.getSuccessorRegions(forOp, null)
    expect(succ.map((s) => s.region)).toEqual([body, null])
    expect(succ[0]!.inputs).toEqual([body.front.getArgument(1)])
    expect(iface.getEntrySuccessorOperands!(forOp, body)).toEqual([forOp.getOperand(3)])
    const loop = LoopLikeOpInterface.get(forOp)!
    expect(loop.getLoopRegions(forOp)).toEqual([body])
    expect(loop.isDefinedOutsideOfLoop!(forOp, forOp.getOperand(3))).toBe(true)
    expect(loop.isDefinedOutsideOfLoop!(forOp, find(m, 'arith.addi').getResult(0))).toBe(false)
    const yieldOp = body.front.lastOp!
    expect(RegionBranchTerminatorOpInterface.get(yieldOp)!.getSuccessorOperands(yieldOp, body)).toEqual(yieldOp.getOperands())
  })

  it('scf.if: enters then or else; both return to the parent', () => {
    const m = parse(src)
    const ifOp = find(m, 'scf.if')
    const iface = RegionBranchOpInterface.get(ifOp)!
    expect(iface.getSuccessorRegions(ifOp, null).map((s) => s.region)).toEqual([ifOp.getRegion(0), ifOp.getRegion(1)])
    const fromThen = iface.getSuccessorRegions(ifOp, ifOp.getRegion(0))
    expect(fromThen.map((s) => s.region)).toEqual([null])
    expect(fromThen[0]!.inputs).toEqual(ifOp.results)
  })

  it('scf.while: before goes to after or exits; after goes back to before; condition forwards its args', () => {
    const m = parse(src)
    const w = find(m, 'scf.while')
    const iface = RegionBranchOpInterface.get(w)!
    const [before, after] = [w.getRegion(0), w.getRegion(1)]
    expect(iface.getSuccessorRegions(w, null).map((s) => s.region)).toEqual([before])
    expect(iface.getSuccessorRegions(w, before).map((s) => s.region)).toEqual([null, after])
    expect(iface.getSuccessorRegions(w, after).map((s) => s.region)).toEqual([before])
    const cond = before.front.lastOp!
    expect(RegionBranchTerminatorOpInterface.get(cond)!.getSuccessorOperands(cond, after)).toEqual([cond.getOperand(1)])
    expect(LoopLikeOpInterface.get(w)!.getLoopRegions(w)).toEqual([before, after])
  })
})
