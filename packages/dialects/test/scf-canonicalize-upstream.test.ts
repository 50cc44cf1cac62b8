// scf.parallel canonicalization through the greedy driver, as `mlir-opt
// --allow-unregistered-dialect --canonicalize` applies it; the expected output was produced by
// mlir-opt 22.1.8 on this input.
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
