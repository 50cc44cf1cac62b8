import { describe, expect, it } from 'vitest'
import { PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerConversionPasses } from '../src/index.ts'
import { runPipeline } from './helpers.ts'

// Expected outputs are mlir-opt 22.1.8's, produced with
//   mlir-opt <input> --allow-unregistered-dialect -convert-scf-to-cf
// (the pass pipeline below is the same pass nested on the module).

describe('convert-scf-to-cf', () => {
  it('has the allow-pattern-rollback option of mlir-opt 22 (printed, default true)', () => {
    const registry = new PassRegistry()
    registerConversionPasses(registry)
    const plain = parsePassPipeline('builtin.module(convert-scf-to-cf)', registry)
    expect(plain.pm?.printAsTextualPipeline()).toBe('convert-scf-to-cf{allow-pattern-rollback=true}')
    const off = parsePassPipeline('builtin.module(convert-scf-to-cf{allow-pattern-rollback=false})', registry)
    expect(off.pm?.printAsTextualPipeline()).toBe('convert-scf-to-cf{allow-pattern-rollback=false}')
  })

  it('lowers for (with and without iter_args, unsigned), if, while, do-while, execute_region and index_switch', () => {
    const input = `func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (f32) {
    %y = scf.if %c -> (f32) {
      %z = arith.addf %a, %a : f32
      scf.yield %z : f32
    } else {
      scf.yield %a : f32
    }
    scf.yield %y : f32
  }
  scf.for %j = %lb to %ub step %st {
    scf.if %c {
      "test.foo"() : () -> ()
    }
  }
  %w:2 = scf.while (%p = %x, %q = %lb) : (f32, index) -> (f32, index) {
    scf.condition(%c) %p, %q : f32, index
  } do {
  ^bb0(%p2: f32, %q2: index):
    %n = arith.addf %p2, %p2 : f32
    scf.yield %n, %q2 : f32, index
  }
  %dw = scf.while (%p = %x) : (f32) -> f32 {
    scf.condition(%c) %p : f32
  } do {
  ^bb0(%p3: f32):
    scf.yield %p3 : f32
  }
  %e = scf.execute_region -> f32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : f32
  ^bb2:
    scf.yield %dw : f32
  }
  %s = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  case 5 {
    scf.yield %e : f32
  }
  default {
    scf.yield %w#0 : f32
  }
  scf.index_switch %ub
  default {
  }
  %u = scf.for unsigned %k = %lb to %ub step %st iter_args(%a = %s) -> (f32) {
    scf.yield %a : f32
  }
  return %u : f32
}
`
    const r = runPipeline(input, 'builtin.module(convert-scf-to-cf)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f32) -> f32 {
    cf.br ^bb1(%arg0, %arg4 : index, f32)
  ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb6
    %2 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %2, ^bb2, ^bb7
  ^bb2:  // pred: ^bb1
    cf.cond_br %arg3, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %3 = arith.addf %1, %1 : f32
    cf.br ^bb5(%3 : f32)
  ^bb4:  // pred: ^bb2
    cf.br ^bb5(%1 : f32)
  ^bb5(%4: f32):  // 2 preds: ^bb3, ^bb4
    cf.br ^bb6
  ^bb6:  // pred: ^bb5
    %5 = arith.addi %0, %arg2 : index
    cf.br ^bb1(%5, %4 : index, f32)
  ^bb7:  // pred: ^bb1
    cf.br ^bb8(%arg0 : index)
  ^bb8(%6: index):  // 2 preds: ^bb7, ^bb11
    %7 = arith.cmpi slt, %6, %arg1 : index
    cf.cond_br %7, ^bb9, ^bb12
  ^bb9:  // pred: ^bb8
    cf.cond_br %arg3, ^bb10, ^bb11
  ^bb10:  // pred: ^bb9
    "test.foo"() : () -> ()
    cf.br ^bb11
  ^bb11:  // 2 preds: ^bb9, ^bb10
    %8 = arith.addi %6, %arg2 : index
    cf.br ^bb8(%8 : index)
  ^bb12:  // pred: ^bb8
    cf.br ^bb13(%arg4, %arg0 : f32, index)
  ^bb13(%9: f32, %10: index):  // 2 preds: ^bb12, ^bb14
    cf.cond_br %arg3, ^bb14(%9, %10 : f32, index), ^bb15
  ^bb14(%11: f32, %12: index):  // pred: ^bb13
    %13 = arith.addf %11, %11 : f32
    cf.br ^bb13(%13, %12 : f32, index)
  ^bb15:  // pred: ^bb13
    cf.br ^bb16(%arg4 : f32)
  ^bb16(%14: f32):  // 2 preds: ^bb15, ^bb16
    cf.cond_br %arg3, ^bb16(%14 : f32), ^bb17
  ^bb17:  // pred: ^bb16
    cf.br ^bb18
  ^bb18:  // pred: ^bb17
    cf.cond_br %arg3, ^bb19, ^bb20
  ^bb19:  // pred: ^bb18
    cf.br ^bb21(%arg4 : f32)
  ^bb20:  // pred: ^bb18
    cf.br ^bb21(%14 : f32)
  ^bb21(%15: f32):  // 2 preds: ^bb19, ^bb20
    %16 = arith.index_cast %arg0 : index to i32
    cf.switch %16 : i32, [
      default: ^bb24,
      2: ^bb22,
      5: ^bb23
    ]
  ^bb22:  // pred: ^bb21
    cf.br ^bb25(%arg4 : f32)
  ^bb23:  // pred: ^bb21
    cf.br ^bb25(%15 : f32)
  ^bb24:  // pred: ^bb21
    cf.br ^bb25(%9 : f32)
  ^bb25(%17: f32):  // 3 preds: ^bb22, ^bb23, ^bb24
    %18 = arith.index_cast %arg1 : index to i32
    cf.switch %18 : i32, [
      default: ^bb26]
  ^bb26:  // pred: ^bb25
    cf.br ^bb27
  ^bb27:  // pred: ^bb26
    cf.br ^bb28(%arg0, %17 : index, f32)
  ^bb28(%19: index, %20: f32):  // 2 preds: ^bb27, ^bb29
    %21 = arith.cmpi ult, %19, %arg1 : index
    cf.cond_br %21, ^bb29, ^bb30
  ^bb29:  // pred: ^bb28
    %22 = arith.addi %19, %arg2 : index
    cf.br ^bb28(%22, %20 : index, f32)
  ^bb30:  // pred: ^bb28
    return %20 : f32
  }
}

`)
  })

  it('lowers nested combinations outer first, with the same block order as mlir-opt', () => {
    const input = `func.func @nested(%n: index, %c: i1, %v: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (i32) {
    %t = scf.if %c -> (i32) {
      %w = scf.while (%x = %acc) : (i32) -> i32 {
        %cmp = arith.cmpi slt, %x, %v : i32
        scf.condition(%cmp) %x : i32
      } do {
      ^bb0(%y: i32):
        %e = scf.execute_region -> i32 {
          %s = arith.addi %y, %y : i32
          scf.yield %s : i32
        }
        scf.yield %e : i32
      }
      scf.yield %w : i32
    } else {
      %k = scf.index_switch %i -> i32
      case 0 {
        %q = arith.muli %acc, %acc : i32
        scf.yield %q : i32
      }
      default {
        scf.yield %acc : i32
      }
      scf.yield %k : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}
`
    const r = runPipeline(input, 'builtin.module(func.func(convert-scf-to-cf))')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @nested(%arg0: index, %arg1: i1, %arg2: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0, %arg2 : index, i32)
  ^bb1(%0: index, %1: i32):  // 2 preds: ^bb0, ^bb14
    %2 = arith.cmpi slt, %0, %arg0 : index
    cf.cond_br %2, ^bb2, ^bb15
  ^bb2:  // pred: ^bb1
    cf.cond_br %arg1, ^bb3, ^bb9
  ^bb3:  // pred: ^bb2
    cf.br ^bb4(%1 : i32)
  ^bb4(%3: i32):  // 2 preds: ^bb3, ^bb7
    %4 = arith.cmpi slt, %3, %arg2 : i32
    cf.cond_br %4, ^bb5(%3 : i32), ^bb8
  ^bb5(%5: i32):  // pred: ^bb4
    cf.br ^bb6
  ^bb6:  // pred: ^bb5
    %6 = arith.addi %5, %5 : i32
    cf.br ^bb7(%6 : i32)
  ^bb7(%7: i32):  // pred: ^bb6
    cf.br ^bb4(%7 : i32)
  ^bb8:  // pred: ^bb4
    cf.br ^bb13(%3 : i32)
  ^bb9:  // pred: ^bb2
    %8 = arith.index_cast %0 : index to i32
    cf.switch %8 : i32, [
      default: ^bb11,
      0: ^bb10
    ]
  ^bb10:  // pred: ^bb9
    %9 = arith.muli %1, %1 : i32
    cf.br ^bb12(%9 : i32)
  ^bb11:  // pred: ^bb9
    cf.br ^bb12(%1 : i32)
  ^bb12(%10: i32):  // 2 preds: ^bb10, ^bb11
    cf.br ^bb13(%10 : i32)
  ^bb13(%11: i32):  // 2 preds: ^bb8, ^bb12
    cf.br ^bb14
  ^bb14:  // pred: ^bb13
    %12 = arith.addi %0, %c1 : index
    cf.br ^bb1(%12, %11 : index, i32)
  ^bb15:  // pred: ^bb1
    return %1 : i32
  }
}

`)
  })
  it('lowers scf.parallel (with and without reductions) through a nest of scf.for', () => {
    const input = `func.func @par(%lb: index, %ub: index, %st: index, %init: f32, %c: i1) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    scf.if %c {
      "test.use"(%i, %j) : (index, index) -> ()
    }
    scf.reduce
  }
  %r = scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%init) -> f32 {
    %x = "test.val"(%i, %j) : (index, index) -> f32
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  %r1 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%r) -> f32 {
    scf.reduce(%r : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r1 : f32
}
`
    const r = runPipeline(input, 'builtin.module(convert-scf-to-cf)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @par(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i1) -> f32 {
    cf.br ^bb1(%arg0 : index)
  ^bb1(%0: index):  // 2 preds: ^bb0, ^bb7
    %1 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %1, ^bb2, ^bb8
  ^bb2:  // pred: ^bb1
    cf.br ^bb3(%arg0 : index)
  ^bb3(%2: index):  // 2 preds: ^bb2, ^bb6
    %3 = arith.cmpi slt, %2, %arg1 : index
    cf.cond_br %3, ^bb4, ^bb7
  ^bb4:  // pred: ^bb3
    cf.cond_br %arg4, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    "test.use"(%0, %2) : (index, index) -> ()
    cf.br ^bb6
  ^bb6:  // 2 preds: ^bb4, ^bb5
    %4 = arith.addi %2, %arg2 : index
    cf.br ^bb3(%4 : index)
  ^bb7:  // pred: ^bb3
    %5 = arith.addi %0, %arg2 : index
    cf.br ^bb1(%5 : index)
  ^bb8:  // pred: ^bb1
    cf.br ^bb9(%arg0, %arg3 : index, f32)
  ^bb9(%6: index, %7: f32):  // 2 preds: ^bb8, ^bb13
    %8 = arith.cmpi slt, %6, %arg1 : index
    cf.cond_br %8, ^bb10, ^bb14
  ^bb10:  // pred: ^bb9
    cf.br ^bb11(%arg0, %7 : index, f32)
  ^bb11(%9: index, %10: f32):  // 2 preds: ^bb10, ^bb12
    %11 = arith.cmpi slt, %9, %arg1 : index
    cf.cond_br %11, ^bb12, ^bb13
  ^bb12:  // pred: ^bb11
    %12 = "test.val"(%6, %9) : (index, index) -> f32
    %13 = arith.addf %10, %12 : f32
    %14 = arith.addi %9, %arg2 : index
    cf.br ^bb11(%14, %13 : index, f32)
  ^bb13:  // pred: ^bb11
    %15 = arith.addi %6, %arg2 : index
    cf.br ^bb9(%15, %10 : index, f32)
  ^bb14:  // pred: ^bb9
    cf.br ^bb15(%arg0, %7 : index, f32)
  ^bb15(%16: index, %17: f32):  // 2 preds: ^bb14, ^bb16
    %18 = arith.cmpi slt, %16, %arg1 : index
    cf.cond_br %18, ^bb16, ^bb17
  ^bb16:  // pred: ^bb15
    %19 = arith.mulf %17, %7 : f32
    %20 = arith.addi %16, %arg2 : index
    cf.br ^bb15(%20, %19 : index, f32)
  ^bb17:  // pred: ^bb15
    return %17 : f32
  }
}

`)
  })
  it('lowers scf.forall through scf.parallel, materializing static bounds as constants', () => {
    const input = `func.func @fa(%ub: index, %c: i1) {
  scf.forall (%i, %j) = (0, %ub) to (%ub, 8) step (2, 1) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%k) in (%ub) {
    "test.use"(%k) : (index) -> ()
  }
  return
}
`
    const r = runPipeline(input, 'builtin.module(convert-scf-to-cf)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @fa(%arg0: index, %arg1: i1) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0 : index)
  ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
    %1 = arith.cmpi slt, %0, %arg0 : index
    cf.cond_br %1, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    cf.br ^bb3(%arg0 : index)
  ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
    %3 = arith.cmpi slt, %2, %c8 : index
    cf.cond_br %3, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    "test.use"(%0, %2) : (index, index) -> ()
    %4 = arith.addi %2, %c1 : index
    cf.br ^bb3(%4 : index)
  ^bb5:  // pred: ^bb3
    %5 = arith.addi %0, %c2 : index
    cf.br ^bb1(%5 : index)
  ^bb6:  // pred: ^bb1
    %c0_0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    cf.br ^bb7(%c0_0 : index)
  ^bb7(%6: index):  // 2 preds: ^bb6, ^bb8
    %7 = arith.cmpi slt, %6, %arg0 : index
    cf.cond_br %7, ^bb8, ^bb9
  ^bb8:  // pred: ^bb7
    "test.use"(%6) : (index) -> ()
    %8 = arith.addi %6, %c1_1 : index
    cf.br ^bb7(%8 : index)
  ^bb9:  // pred: ^bb7
    return
  }
}

`)
  })
})
