// scf (and arith cast) canonicalization through the greedy driver, with every pattern of
// the loaded dialects, as `mlir-opt --allow-unregistered-dialect --canonicalize` applies them.
// The expected outputs were produced by mlir-opt 22.1.8 on these inputs.
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  parseSourceString,
  printOperation,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { CfDialect } from '../src/cf/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

function canonicalize(src: string): string {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, CfDialect, FuncDialect, ScfDialect], allowUnregisteredDialects: true })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const patterns = new RewritePatternSet(ctx)
  for (const name of ctx.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(patterns)
  }
  applyPatternsGreedily(r.op, new FrozenRewritePatternSet(patterns))
  // mlir-opt ends its output with an empty line after the module.
  return `${printOperation(r.op)}\n`
}

describe('scf canonicalization (MLIR 22 pattern set)', () => {
  it('CombineIfs and CombineNestedIfs merge scf.ifs on one condition', () => {
    const input = String.raw`func.func @combine(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %y = arith.muli %0, %b : i32
    scf.yield %y : i32
  } else {
    scf.yield %b : i32
  }
  return %0, %1 : i32, i32
}
func.func @nested(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.inner"() : () -> ()
    }
  }
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @combine(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32) {
    %0:2 = scf.if %arg0 -> (i32, i32) {
      %1 = arith.addi %arg1, %arg2 : i32
      %2 = arith.muli %1, %arg2 : i32
      scf.yield %1, %2 : i32, i32
    } else {
      scf.yield %arg1, %arg2 : i32, i32
    }
    return %0#0, %0#1 : i32, i32
  }
  func.func @nested(%arg0: i1, %arg1: i1) {
    %0 = arith.andi %arg0, %arg1 : i1
    scf.if %0 {
      "test.inner"() : () -> ()
    }
    return
  }
}

`)
  })

  it('WhileCmpCond, WhileOpAlignBeforeArgs and WhileMoveIfDown rewrite scf.while', () => {
    const input = String.raw`func.func @cmp_cond(%init: i32, %lim: i32) -> i32 {
  %r = scf.while (%i = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %same = arith.cmpi slt, %j, %lim : i32
    %inv = arith.cmpi sge, %j, %lim : i32
    "test.use"(%same, %inv) : (i1, i1) -> ()
    scf.yield %j : i32
  }
  return %r : i32
}
func.func @align(%a: i32, %b: f32) -> (f32, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%x, %y) : (i32, f32) -> i1
    scf.condition(%c) %y, %x : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    %q2 = "test.next"(%q) : (i32) -> i32
    %p2 = "test.nextf"(%p) : (f32) -> f32
    scf.yield %q2, %p2 : i32, f32
  }
  return %r#0, %r#1 : f32, i32
}
func.func @move_if_down(%a: i32, %k: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    %v = scf.if %c -> (i32) {
      %u = arith.muli %x, %k : i32
      scf.yield %u : i32
    } else {
      scf.yield %x : i32
    }
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%y: i32):
    %n = "test.next"(%y) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @cmp_cond(%arg0: i32, %arg1: i32) -> i32 {
    %false = arith.constant false
    %true = arith.constant true
    scf.while : () -> () {
      %0 = arith.cmpi slt, %arg0, %arg1 : i32
      scf.condition(%0)
    } do {
      "test.use"(%true, %false) : (i1, i1) -> ()
      scf.yield
    }
    return %arg0 : i32
  }
  func.func @align(%arg0: i32, %arg1: f32) -> (f32, i32) {
    %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, f32) -> (i32, f32) {
      %1 = "test.cond"(%arg2, %arg3) : (i32, f32) -> i1
      scf.condition(%1) %arg2, %arg3 : i32, f32
    } do {
    ^bb0(%arg2: i32, %arg3: f32):
      %1 = "test.next"(%arg2) : (i32) -> i32
      %2 = "test.nextf"(%arg3) : (f32) -> f32
      scf.yield %1, %2 : i32, f32
    }
    return %0#1, %0#0 : f32, i32
  }
  func.func @move_if_down(%arg0: i32, %arg1: i32) -> i32 {
    %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
      %1 = "test.cond"(%arg2) : (i32) -> i1
      scf.condition(%1) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %1 = arith.muli %arg2, %arg1 : i32
      %2 = "test.next"(%1) : (i32) -> i32
      scf.yield %2 : i32
    }
    return %0 : i32
  }
}

`)
  })

  it('FoldConstantCase, MultiBlockExecuteInliner, successor-input patterns on scf.for, wrapping trip counts, IndexCastOfIndexCast', () => {
    const input = String.raw`func.func @switch_const(%a: i32) -> i32 {
  %c3 = arith.constant 3 : index
  %r = scf.index_switch %c3 -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 3 {
    %y = arith.muli %a, %a : i32
    scf.yield %y : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}
func.func @multi_block(%c: i1, %a: i32) -> i32 {
  %v = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  return %v : i32
}
func.func @iter_args(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %b, %b : i32
    scf.yield %a, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
func.func @trip_wraps() {
  %m1 = arith.constant -1 : index
  %max = arith.constant 9223372036854775807 : index
  scf.for %i = %m1 to %max step %max { "test.a"(%i) : (index) -> () }
  return
}
func.func @index_cast_round_trip(%a: index) -> index {
  %0 = arith.index_cast %a : index to i8
  %1 = arith.index_cast %0 : i8 to index
  return %1 : index
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @switch_const(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @multi_block(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb2(%arg1 : i32), ^bb1
  ^bb1:  // pred: ^bb0
    %0 = arith.addi %arg1, %arg1 : i32
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    return %1 : i32
  }
  func.func @iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, i32) {
    %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg4) -> (i32) {
      %1 = arith.addi %arg6, %arg6 : i32
      scf.yield %1 : i32
    }
    return %arg3, %0 : i32, i32
  }
  func.func @trip_wraps() {
    return
  }
  func.func @index_cast_round_trip(%arg0: index) -> index {
    return %arg0 : index
  }
}

`)
  })

  it('successor-input patterns drop forwarded and unused scf.for iter_args', () => {
    const input = String.raw`"test.func"() ({
^bb0(%lb: index, %ub: index, %s: index, %x: i32, %y: i32, %z: i32):
  %0:3 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %z) -> (i32, i32, i32) {
    %n = arith.addi %b, %b : i32
    "test.use"(%c) : (i32) -> ()
    scf.yield %a, %n, %c : i32, i32, i32
  }
  "test.return"(%0#0, %0#1, %0#2) : (i32, i32, i32) -> ()
}) : () -> ()
`
    expect(canonicalize(input)).toBe(String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32, %arg5: i32):
    %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (i32) {
      %1 = arith.addi %arg7, %arg7 : i32
      "test.use"(%arg5) : (i32) -> ()
      scf.yield %1 : i32
    }
    "test.return"(%arg3, %0, %arg5) : (i32, i32, i32) -> ()
  }) : () -> ()
}

`)
  })

  it('WhileConditionTruth, then the dead after argument and result are removed', () => {
    const input = String.raw`"test.func"() ({
^bb0(%x: i32):
  %0:2 = scf.while (%a = %x) : (i32) -> (i1, i32) {
    %c = "test.cond"(%a) : (i32) -> i1
    %v = "test.v"() : () -> i32
    scf.condition(%c) %c, %v : i1, i32
  } do {
  ^bb0(%b: i1, %d: i32):
    "test.use"(%b) : (i1) -> ()
    %n = "test.next"() : () -> i32
    scf.yield %n : i32
  }
  "test.return"(%0#0) : (i1) -> ()
}) : () -> ()
`
    expect(canonicalize(input)).toBe(String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %true = arith.constant true
    %0 = scf.while (%arg1 = %arg0) : (i32) -> i1 {
      %1 = "test.cond"(%arg1) : (i32) -> i1
      %2 = "test.v"() : () -> i32
      scf.condition(%1) %1 : i1
    } do {
    ^bb0(%arg1: i1):
      "test.use"(%true) : (i1) -> ()
      %1 = "test.next"() : () -> i32
      scf.yield %1 : i32
    }
    "test.return"(%0) : (i1) -> ()
  }) : () -> ()
}

`)
  })

  it('scf.while loop-invariant, duplicated and unused values are removed', () => {
    const input = String.raw`"test.func"() ({
^bb0(%x: i32, %y: i32, %z: i64):
  %0:3 = scf.while (%a = %x, %u = %z) : (i32, i64) -> (i32, i32, i32) {
    %c = "test.cond"(%a) : (i32) -> i1
    %v = "test.v"(%a) : (i32) -> i32
    scf.condition(%c) %v, %y, %v : i32, i32, i32
  } do {
  ^bb0(%b: i32, %d: i32, %e: i32):
    "test.use"(%b, %d, %e) : (i32, i32, i32) -> ()
    %n = "test.next"() : () -> i64
    scf.yield %b, %n : i32, i64
  }
  "test.return"(%0#0, %0#1, %0#2) : (i32, i32, i32) -> ()
}) : () -> ()
`
    expect(canonicalize(input)).toBe(String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i64):
    %0 = scf.while (%arg3 = %arg0) : (i32) -> i32 {
      %1 = "test.cond"(%arg3) : (i32) -> i1
      %2 = "test.v"(%arg3) : (i32) -> i32
      scf.condition(%1) %2 : i32
    } do {
    ^bb0(%arg3: i32):
      "test.use"(%arg3, %arg1, %arg3) : (i32, i32, i32) -> ()
      %1 = "test.next"() : () -> i64
      scf.yield %arg3 : i32
    }
    "test.return"(%0, %arg1, %0) : (i32, i32, i32) -> ()
  }) : () -> ()
}

`)
  })
})
