// scf and arith canonicalization through the greedy driver, with every pattern of
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

describe('scf, arith and cf canonicalization (MLIR 22 pattern set)', () => {
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

  it('CmpFIntToFPConst turns cmpf of converted integers into cmpi or constants', () => {
    const input = String.raw`func.func @cmpf_int(%a: i8, %b: i16, %c: i32, %d: i64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %f8 = arith.sitofp %a : i8 to f32
  %u8 = arith.uitofp %a : i8 to f32
  %f16 = arith.sitofp %b : i16 to f16
  %f32 = arith.sitofp %c : i32 to f32
  %f64 = arith.uitofp %d : i64 to f64
  %c4 = arith.constant 4.0 : f32
  %c44 = arith.constant 4.4 : f32
  %cm44 = arith.constant -4.4 : f32
  %big = arith.constant 1.0e10 : f32
  %h = arith.constant 100.5 : f16
  %w = arith.constant 16777217.0 : f32
  %x = arith.constant 3.0 : f64
  %0 = arith.cmpf oeq, %f8, %c4 : f32
  %1 = arith.cmpf olt, %f8, %c44 : f32
  %2 = arith.cmpf uge, %f8, %cm44 : f32
  %3 = arith.cmpf ogt, %u8, %cm44 : f32
  %4 = arith.cmpf ult, %u8, %c44 : f32
  %5 = arith.cmpf one, %f8, %c44 : f32
  %6 = arith.cmpf ole, %f8, %big : f32
  %7 = arith.cmpf ord, %f8, %c4 : f32
  %8 = arith.cmpf uno, %u8, %c4 : f32
  %9 = arith.cmpf ogt, %f16, %h : f16
  %10 = arith.cmpf olt, %f32, %w : f32
  %11 = arith.cmpf oeq, %f32, %c4 : f32
  %12 = arith.cmpf oge, %f64, %x : f64
  %13 = arith.cmpf ole, %u8, %cm44 : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @cmpf_int(%arg0: i8, %arg1: i16, %arg2: i32, %arg3: i64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
    %c3_i64 = arith.constant 3 : i64
    %c4_i32 = arith.constant 4 : i32
    %c100_i16 = arith.constant 100 : i16
    %false = arith.constant false
    %true = arith.constant true
    %c-4_i8 = arith.constant -4 : i8
    %c4_i8 = arith.constant 4 : i8
    %cst = arith.constant 0x4B800000 : f32
    %0 = arith.sitofp %arg2 : i32 to f32
    %1 = arith.cmpi eq, %arg0, %c4_i8 : i8
    %2 = arith.cmpi sle, %arg0, %c4_i8 : i8
    %3 = arith.cmpi sge, %arg0, %c-4_i8 : i8
    %4 = arith.cmpi ule, %arg0, %c4_i8 : i8
    %5 = arith.cmpi sgt, %arg1, %c100_i16 : i16
    %6 = arith.cmpf olt, %0, %cst : f32
    %7 = arith.cmpi eq, %arg2, %c4_i32 : i32
    %8 = arith.cmpi uge, %arg3, %c3_i64 : i64
    return %1, %2, %3, %true, %4, %true, %true, %true, %false, %5, %6, %7, %8, %false : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  }
}

`)
  })

  it('NaN sign and payload survive negf, binary float folds and bitcast', () => {
    const input = String.raw`func.func @f() -> (i16, bf16, i32, f32, f32, f64) {
  %a = arith.constant 0x7F81 : bf16
  %0 = arith.bitcast %a : bf16 to i16
  %b = arith.constant -32767 : i16
  %1 = arith.bitcast %b : i16 to bf16
  %c = arith.constant 0xFFC00001 : f32
  %2 = arith.bitcast %c : f32 to i32
  %3 = arith.negf %c : f32
  %4 = arith.addf %c, %c : f32
  %d = arith.constant 0x7FF0000000000001 : f64
  %e = arith.constant 1.0 : f64
  %5 = arith.mulf %e, %d : f64
  return %0, %1, %2, %3, %4, %5 : i16, bf16, i32, f32, f32, f64
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f() -> (i16, bf16, i32, f32, f32, f64) {
    %c32641_i16 = arith.constant 32641 : i16
    %cst = arith.constant -9.183550e-41 : bf16
    %c-4194303_i32 = arith.constant -4194303 : i32
    %cst_0 = arith.constant 0x7FC00001 : f32
    %cst_1 = arith.constant 0xFFC00001 : f32
    %cst_2 = arith.constant 0x7FF8000000000001 : f64
    return %c32641_i16, %cst, %c-4194303_i32, %cst_0, %cst_1, %cst_2 : i16, bf16, i32, f32, f32, f64
  }
}

`)
  })

  it('constant shifts fold when the last element shifts in range; splats on dynamic shapes', () => {
    const input = String.raw`func.func @f() -> (vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>) {
  %a = arith.constant dense<[false, false, true, false]> : vector<4xi1>
  %b = arith.constant dense<[false, true, true, false]> : vector<4xi1>
  %0 = arith.shrsi %a, %a : vector<4xi1>
  %1 = arith.shli %a, %b : vector<4xi1>
  %c = arith.constant dense<[7, -8]> : vector<2xi8>
  %d = arith.constant dense<[9, 1]> : vector<2xi8>
  %e = arith.constant dense<[1, 9]> : vector<2xi8>
  %2 = arith.shrui %c, %d : vector<2xi8>
  %3 = arith.shrsi %c, %e : vector<2xi8>
  return %0, %1, %2, %3 : vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f() -> (vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>) {
    %cst = arith.constant dense<[1, 9]> : vector<2xi8>
    %cst_0 = arith.constant dense<[7, -8]> : vector<2xi8>
    %cst_1 = arith.constant dense<[false, false, true, false]> : vector<4xi1>
    %cst_2 = arith.constant dense<false> : vector<4xi1>
    %cst_3 = arith.constant dense<[0, 124]> : vector<2xi8>
    %0 = arith.shrsi %cst_0, %cst : vector<2xi8>
    return %cst_1, %cst_2, %cst_3, %0 : vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>
  }
}

`)
  })

  it('cf pass-through branches are not collapsed into cycles of cf.br', () => {
    const input = String.raw`func.func @into_self_loop(%c: i1) {
  "test.a"() : () -> ()
  cf.cond_br %c, ^bb2, ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb2
}
func.func @into_cycle(%c: i64) {
  cf.switch %c : i64, [
    default: ^bb1,
    5: ^bb3,
    -1: ^bb2
  ]
^bb1:
  cf.br ^bb2
^bb2:
  "test.b"() : () -> ()
  cf.br ^bb1
^bb3:
  return
}
func.func @chain(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @into_self_loop(%arg0: i1) {
    "test.a"() : () -> ()
    cf.cond_br %arg0, ^bb2, ^bb1
  ^bb1:  // pred: ^bb0
    cf.br ^bb2
  ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2
    cf.br ^bb2
  }
  func.func @into_cycle(%arg0: i64) {
    cf.switch %arg0 : i64, [
      default: ^bb1,
      5: ^bb3,
      18446744073709551615: ^bb2
    ]
  ^bb1:  // 2 preds: ^bb0, ^bb2
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "test.b"() : () -> ()
    cf.br ^bb1
  ^bb3:  // pred: ^bb0
    return
  }
  func.func @chain(%arg0: i1) {
    return
  }
}

`)
  })

  it('RemoveDuplicateSuccessorInputUses folds iter_args fed the same values', () => {
    const input = String.raw`func.func @dup_iter_args(%lb: index, %ub: index, %s: index, %x: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %x) -> (i32, i32) {
    "test.use"(%a, %b) : (i32, i32) -> ()
    %n = "test.make"() : () -> i32
    scf.yield %n, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @dup_iter_args(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> (i32, i32) {
    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32) {
      "test.use"(%arg5, %arg5) : (i32, i32) -> ()
      %1 = "test.make"() : () -> i32
      scf.yield %1 : i32
    }
    return %0, %0 : i32, i32
  }
}

`)
  })

  it('RemoveDeadRegionBranchOpSuccessorInputs drops only tied inputs that are all unused', () => {
    // %0#0 is unused but tied to the used %a (both fed by the yield's first operand); %b and
    // %0#1 are both unused and go together with their operands; %c is unused but tied to %0#2.
    const input = String.raw`func.func @tied(%lb: index, %ub: index, %s: index, %x: i32, %y: i32) -> i32 {
  %0:3 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %x) -> (i32, i32, i32) {
    "test.use"(%a) : (i32) -> ()
    %n = "test.make"() : () -> i32
    %m = "test.make"() : () -> i32
    scf.yield %n, %m, %m : i32, i32, i32
  }
  return %0#2 : i32
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @tied(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> i32 {
    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg3) -> (i32, i32) {
      "test.use"(%arg6) : (i32) -> ()
      %1 = "test.make"() : () -> i32
      %2 = "test.make"() : () -> i32
      scf.yield %1, %2 : i32, i32
    }
    return %0#1 : i32
  }
}

`)
  })

  it('IndexCastOfIndexCast and IndexCastUIOfIndexCastUI drop round trips, lossy ones included', () => {
    const input = String.raw`func.func @f(%a: index, %b: i32) -> (index, i32, index, i32) {
  %0 = arith.index_cast %a : index to i8
  %1 = arith.index_cast %0 : i8 to index
  %2 = arith.index_cast %b : i32 to index
  %3 = arith.index_cast %2 : index to i32
  %4 = arith.index_castui %a : index to i8
  %5 = arith.index_castui %4 : i8 to index
  %6 = arith.index_cast %a : index to i32
  %7 = arith.index_castui %6 : i32 to index
  %8 = arith.index_castui %7 : index to i32
  return %1, %3, %5, %8 : index, i32, index, i32
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f(%arg0: index, %arg1: i32) -> (index, i32, index, i32) {
    %0 = arith.index_cast %arg0 : index to i32
    return %arg0, %arg1, %arg0, %0 : index, i32, index, i32
  }
}

`)
  })

  it('extf/truncf move quiet NaN payloads and leave signaling NaNs unfolded', () => {
    const input = String.raw`func.func @f() -> (f64, f64, f32, f64, f16, f16, bf16) {
  %s = arith.constant 0x7C01 : f16
  %0 = arith.extf %s : f16 to f64
  %q = arith.constant 0xFE01 : f16
  %1 = arith.extf %q : f16 to f64
  %2 = arith.extf %q : f16 to f32
  %n = arith.negf %s : f16
  %3 = arith.extf %n : f16 to f64
  %w = arith.constant 0x7FF8000000000001 : f64
  %4 = arith.truncf %w : f64 to f16
  %v = arith.constant 0x7FF8040000000000 : f64
  %5 = arith.truncf %v : f64 to f16
  %b = arith.constant 0x7FC10000 : f32
  %6 = arith.truncf %b : f32 to bf16
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f32, f64, f16, f16, bf16
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f() -> (f64, f64, f32, f64, f16, f16, bf16) {
    %cst = arith.constant 0x7FC1 : bf16
    %cst_0 = arith.constant 0x7E01 : f16
    %cst_1 = arith.constant 0xFC01 : f16
    %cst_2 = arith.constant 0xFFC02000 : f32
    %cst_3 = arith.constant 0xFFF8040000000000 : f64
    %cst_4 = arith.constant 0x7FF8000000000001 : f64
    %cst_5 = arith.constant 0x7C01 : f16
    %0 = arith.extf %cst_5 : f16 to f64
    %1 = arith.extf %cst_1 : f16 to f64
    %2 = arith.truncf %cst_4 : f64 to f16
    return %0, %cst_3, %cst_2, %1, %2, %cst_0, %cst : f64, f64, f32, f64, f16, f16, bf16
  }
}

`)
  })

  it('a dead scf.for iter_arg whose init is also a bound loses the init operand, not the bound', () => {
    const input = String.raw`func.func @bound_is_init(%a: index, %c: i16) -> i16 {
  %ub = arith.constant 100 : index
  %r:2 = scf.for %i = %a to %ub step %a iter_args(%x = %a, %y = %c) -> (index, i16) {
    %t = "test.source"() : () -> index
    %n = "test.next"(%y) : (i16) -> i16
    scf.yield %ub, %n : index, i16
  }
  return %r#1 : i16
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @bound_is_init(%arg0: index, %arg1: i16) -> i16 {
    %c100 = arith.constant 100 : index
    %0 = scf.for %arg2 = %arg0 to %c100 step %arg0 iter_args(%arg3 = %arg1) -> (i16) {
      %1 = "test.source"() : () -> index
      %2 = "test.next"(%arg3) : (i16) -> i16
      scf.yield %2 : i16
    }
    return %0 : i16
  }
}

`)
  })

  it('the successor-input patterns tell inputs apart by owner, use and first predecessor (scf.for and scf.while)', () => {
    // Duplicate pairs among four iter_args, an unused iter_arg tied to a used one, and
    // duplicates across the before and after blocks and the results of an scf.while: the
    // quick checks run before each pattern must let every one of these through.
    const input = String.raw`func.func @edges(%lb: index, %ub: index, %s: index, %a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %r:4 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %a, %z = %b, %w = %b) -> (i32, i32, i32, i32) {
    %p = arith.addi %x, %z : i32
    %q = arith.muli %y, %p : i32
    scf.yield %p, %p, %q, %w : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}
func.func @tied(%lb: index, %ub: index, %s: index, %a: i32) -> i32 {
  %r:2 = scf.for %i = %lb to %ub step %s iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %p = arith.addi %x, %x : i32
    scf.yield %p, %p : i32, i32
  }
  return %r#0 : i32
}
func.func @while(%a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.while (%x = %a, %y = %a) : (i32, i32) -> (i32, i32) {
    %c = "test.cond"(%x, %y) : (i32, i32) -> i1
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%u: i32, %v: i32):
    %n = arith.addi %u, %v : i32
    scf.yield %n, %n : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @edges(%arg0: index, %arg1: index, %arg2: index, %arg3: i32, %arg4: i32) -> (i32, i32, i32, i32) {
    %0:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (i32, i32) {
      %1 = arith.addi %arg6, %arg7 : i32
      %2 = arith.muli %arg6, %1 : i32
      scf.yield %1, %2 : i32, i32
    }
    return %0#0, %0#0, %0#1, %arg4 : i32, i32, i32, i32
  }
  func.func @tied(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
    %0 = scf.for %arg4 = %arg0 to %arg1 step %arg2 iter_args(%arg5 = %arg3) -> (i32) {
      %1 = arith.addi %arg5, %arg5 : i32
      scf.yield %1 : i32
    }
    return %0 : i32
  }
  func.func @while(%arg0: i32, %arg1: i32) -> (i32, i32) {
    %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
      %1 = "test.cond"(%arg2, %arg2) : (i32, i32) -> i1
      scf.condition(%1) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %1 = arith.addi %arg2, %arg2 : i32
      scf.yield %1 : i32
    }
    return %0, %0 : i32, i32
  }
}

`)
  })
})

describe('scf.parallel, scf.for trip counts and scf.execute_region canonicalization (MLIR 22 pattern set)', () => {
  it('folds dimensions that run once or never, inlines a loop whose dimensions all run once, and merges nested loops', () => {
    const input = String.raw`func.func @some_dims_once(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c9 = arith.constant 9 : index
  scf.parallel (%i, %j, %k) = (%c0, %c4, %c0) to (%c1, %n, %c4) step (%c1, %c1, %c9) {
    "test.use"(%i, %j, %k) : (index, index, index) -> ()
    scf.reduce
  }
  return
}
func.func @all_dims_once(%a: i32, %b: f32) -> (i32, f32) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0:2 = scf.parallel (%i) = (%c2) to (%c3) step (%c3) init(%a, %b) -> (i32, f32) {
    %v = "test.make"(%i) : (index) -> i32
    %w = "test.makef"(%i) : (index) -> f32
    scf.reduce(%v, %w : i32, f32) {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }, {
    ^bb0(%l: f32, %r: f32):
      %m = arith.mulf %l, %r : f32
      scf.reduce.return %m : f32
    }
  }
  return %0#0, %0#1 : i32, f32
}
func.func @zero_trips(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.parallel (%i, %j) = (%c0, %c1) to (%n, %c0) step (%c1, %c1) init(%a) -> i32 {
    %v = "test.make"(%i) : (index) -> i32
    scf.reduce(%v : i32) {
    ^bb0(%l: i32, %r: i32):
      %s = arith.addi %l, %r : i32
      scf.reduce.return %s : i32
    }
  }
  return %0 : i32
}
func.func @nested(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      "test.use"(%i, %j, %k) : (index, index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      "test.use"(%i, %j) : (index, index) -> ()
      scf.reduce
    }
    scf.reduce
  }
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @some_dims_once(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%arg1) = (%c4) to (%arg0) step (%c1) {
      "test.use"(%c0, %arg1, %c0) : (index, index, index) -> ()
      scf.reduce 
    }
    return
  }
  func.func @all_dims_once(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %c2 = arith.constant 2 : index
    %0 = "test.make"(%c2) : (index) -> i32
    %1 = "test.makef"(%c2) : (index) -> f32
    %2 = arith.addi %arg0, %0 : i32
    %3 = arith.mulf %arg1, %1 : f32
    return %2, %3 : i32, f32
  }
  func.func @zero_trips(%arg0: i32, %arg1: index) -> i32 {
    return %arg0 : i32
  }
  func.func @nested(%arg0: index, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%arg2, %arg3, %arg4) = (%c0, %c0, %c0) to (%arg0, %arg1, %arg0) step (%c1, %c1, %c1) {
      "test.use"(%arg2, %arg3, %arg4) : (index, index, index) -> ()
      scf.reduce 
    }
    scf.parallel (%arg2) = (%c0) to (%arg0) step (%c1) {
      scf.parallel (%arg3) = (%c0) to (%arg2) step (%c1) {
        "test.use"(%arg2, %arg3) : (index, index) -> ()
        scf.reduce 
      }
      scf.reduce 
    }
    return
  }
}

`)
  })

  it('takes the trip count from ub = lb + cst when the add cannot wrap (nsw for signed loops, nuw for unsigned ones)', () => {
    const input = String.raw`func.func @neg(%lb: index) {
  %c1 = arith.constant 1 : index
  %cm5 = arith.constant -5 : index
  %ub = arith.addi %lb, %cm5 overflow<nsw> : index
  scf.for %i = %lb to %ub step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
func.func @three(%lb: i32) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %ub = arith.addi %lb, %c3 overflow<nuw> : i32
  scf.for unsigned %i = %lb to %ub step %c3 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  scf.for %i = %lb to %ub step %c3 : i32 {
    "test.use"(%i) : (i32) -> ()
  }
  return
}
func.func @par(%lb: index, %n: index) {
  %c1 = arith.constant 1 : index
  %ub = arith.addi %lb, %c1 overflow<nsw> : index
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %n) step (%c1, %c1) {
    "test.use"(%i, %j) : (index, index) -> ()
    scf.reduce
  }
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @neg(%arg0: index) {
    return
  }
  func.func @three(%arg0: i32) {
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.addi %arg0, %c3_i32 overflow<nuw> : i32
    "test.use"(%arg0) : (i32) -> ()
    scf.for %arg1 = %arg0 to %0 step %c3_i32  : i32 {
      "test.use"(%arg1) : (i32) -> ()
    }
    return
  }
  func.func @par(%arg0: index, %arg1: index) {
    %c1 = arith.constant 1 : index
    scf.parallel (%arg2) = (%arg0) to (%arg1) step (%c1) {
      "test.use"(%arg0, %arg2) : (index, index) -> ()
      scf.reduce 
    }
    return
  }
}

`)
  })

  it('keeps a no_inline scf.execute_region in a function and drops its results that forward outside values', () => {
    const input = String.raw`func.func private @foo()
func.func @forward(%a: i32) -> (i32, i64) {
  %0:2 = scf.execute_region -> (i32, i64) no_inline {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = "test.val"() : () -> i64
    func.call @foo() : () -> ()
    cf.br ^bb3(%x : i64)
  ^bb2:
    %y = "test.val2"() : () -> i64
    cf.br ^bb3(%y : i64)
  ^bb3(%z: i64):
    scf.yield %a, %z : i32, i64
  }
  %1 = scf.execute_region -> i32 no_inline {
    %c = "test.cmp"() : () -> i1
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    func.call @foo() : () -> ()
    scf.yield %a : i32
  ^bb2:
    scf.yield %a : i32
  }
  "test.use"(%1) : (i32) -> ()
  return %0#0, %0#1 : i32, i64
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func private @foo()
  func.func @forward(%arg0: i32) -> (i32, i64) {
    %0 = scf.execute_region -> i64 no_inline {
      %1 = "test.cmp"() : () -> i1
      cf.cond_br %1, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      %2 = "test.val"() : () -> i64
      func.call @foo() : () -> ()
      cf.br ^bb3(%2 : i64)
    ^bb2:  // pred: ^bb0
      %3 = "test.val2"() : () -> i64
      cf.br ^bb3(%3 : i64)
    ^bb3(%4: i64):  // 2 preds: ^bb1, ^bb2
      scf.yield %4 : i64
    }
    scf.execute_region no_inline {
      %1 = "test.cmp"() : () -> i1
      cf.cond_br %1, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      func.call @foo() : () -> ()
      scf.yield
    ^bb2:  // pred: ^bb0
      scf.yield
    }
    "test.use"(%arg0) : (i32) -> ()
    return %arg0, %0 : i32, i64
  }
}

`)
  })
})
