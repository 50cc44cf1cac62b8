// Verifier and parser diagnostics of scf ops, compared with mlir-opt 22.1.8:
//   mlir-opt --allow-unregistered-dialect --split-input-file <INPUT>
// EXPECTED holds mlir-opt's `line:col: severity: message` lines (file name and the
// "see current operation" notes removed). It covers the op verifiers, the trait checks
// (HasParent, SingleBlockImplicitTerminator), MLIR 22's LoopLikeOpInterface and
// RegionBranchOpInterface edge verification, and custom-syntax parse errors.
import { describe, expect, it } from 'vitest'
import { diagnose } from './verifyHelpers.ts'

/** Parses `source` and prints it as mlir-opt does (custom or generic form), with a trailing newline. */
const INPUT = String.raw`"test.func"() ({
^bb0(%c: i1, %x: i32):
  %0 = scf.if %c -> (i32) {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  scf.yield %x : i32
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  scf.condition(%c) %x : i32
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = scf.while (%a = %x) : (i32) -> i32 {
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    "test.foo"() : () -> ()
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32, %y: i64):
  %w = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %y : i64
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield %i : index
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i64):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield
  }) : (index, index, index, i32) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    "test.foo"() : () -> ()
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  "scf.for"(%lb, %lb, %lb) ({
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %0 = scf.index_switch %lb -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %0 = scf.index_switch %lb -> i32
  case 1 {
    scf.yield
  }
  default {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32, %y: i64):
  %0 = scf.index_switch %lb -> i32
  case 1 {
    scf.yield %y : i64
  }
  default {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32):
  %0 = scf.execute_region -> i32 {
  ^bb0(%a: i32):
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32, %c: i1):
  %0 = scf.if %c -> (i32) {
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32, %c: i1, %y: i64):
  %0 = scf.if %c -> (i32) {
    scf.yield %y : i64
  } else {
    scf.yield %x : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32, %c: i32):
  scf.if %c {
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32, %c: i1):
  %w = scf.while (%a = %x) : (i64) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32, %c: i1):
  %w = scf.while (%a = %x) : (i32, i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) {
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index, index) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.execute_region"() ({
  }) : () -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i64):
    scf.condition(%c) %a : i64
  }, {
  ^bb0(%b: i64):
    scf.yield %b : i64
  }) : (i32) -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32, %z: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %b, %b : i32, i32
  }) : (i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%b: i64):
    scf.yield %x : i32
  }) : (i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %x : i32
  }) : (i32) -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %x, %x : i32, i32
  }) : (i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: i32):
  %r = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    scf.yield %x, %x : i32, i32
  }) : (index, index, index, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: i64, %x: i32):
  "scf.for"(%lb, %lb, %x) ({
  ^bb0(%i: i64):
    scf.yield
  }) : (i64, i64, i32) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: f32, %x: i32):
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: f32):
    scf.yield
  }) : (f32, f32, f32) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1):
  "scf.if"(%c) ({
    scf.yield
  }, {
    scf.yield
  }, {
  }) : (i1) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1):
  "scf.if"(%c) ({
    "test.foo"() : () -> ()
  }, {
  }) : (i1) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1):
  "scf.if"(%c) ({
    scf.yield
  }, {
  ^bb0:
    scf.yield
  ^bb1:
    scf.yield
  }) : (i1) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i1, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%b: i32):
    scf.yield %x : i32
  }, {}) : (i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i32, %x: i32):
  %w = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "scf.condition"(%c, %a) : (i32, i32) -> ()
  }, {
  ^bb0(%b: i32):
    scf.yield %x : i32
  }) : (i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: index):
  "scf.index_switch"(%x) <{cases = array<i64: 1>}> ({
    scf.yield
  }) : (index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: i32):
  "scf.index_switch"(%x) <{cases = array<i64>}> ({
    scf.yield
  }) : (i32) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: index):
  "scf.index_switch"(%x) <{cases = array<i64>}> ({
    "test.foo"() : () -> ()
  }) : (index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%x: index):
  "scf.index_switch"(%x) ({
    scf.yield
  }) : (index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32):
  "scf.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
    scf.reduce
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32):
  %c0 = arith.constant 0 : index
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32):
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: index, %j: index):
    scf.reduce
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32):
  "scf.parallel"(%lb, %lb, %lb) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  ^bb0(%i: i32):
    scf.reduce
  }) : (index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%y : i32) {
    ^bb0(%a: i32, %b: i32):
      scf.reduce.return %a : i32
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %y : i32
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      "test.foo"() : () -> ()
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  scf.reduce
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  "scf.parallel"(%lb, %lb, %lb, %lb) <{operandSegmentSizes = array<i32: 2, 1, 1, 0>}> ({
  ^bb0(%i: index):
    scf.reduce
  }) : (index, index, index, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%lb: index, %x: f32, %y: i32):
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x, %y) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  %r = "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> tensor<8xf32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
  ^bb0(%i: index, %j: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
  ^bb0(%i: i32):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  %r = "scf.forall"(%t) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    scf.forall.in_parallel {
    }
  }) : (tensor<8xf32>) -> tensor<8xf32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  "scf.forall"(%n) <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : (index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%i: index):
    scf.forall.in_parallel {
    }
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  scf.forall (%i) in (8) {
    "test.op"() : () -> ()
  } {mapping = [1 : i32]}
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  scf.forall (%i, %j) in (8) {
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  scf.forall.in_parallel {
  }
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>):
  scf.forall (%i) in (8) {
    scf.forall.in_parallel {
      "test.op"() : () -> ()
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
`
const EXPECTED: readonly string[] = [
  "3:8: error: 'scf.if' op must have an else block if defining values",
  "11:3: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
  "16:3: error: 'scf.condition' op expects parent op 'scf.while'",
  "21:8: error: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'",
  "22:5: note: terminator here",
  "32:8: error: 'scf.while' op expects the 'after' region to terminate with 'scf.yield'",
  "36:5: note: terminator here",
  "43:8: error: 'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs",
  "44:5: note: region branch point",
  "54:8: error: 'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'",
  "58:5: note: region branch point",
  "65:8: error: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'index'",
  "73:8: error: 'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs",
  "74:5: note: region branch point",
  "81:8: error: 'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'i64'",
  "90:3: error: 'scf.for' op expected induction variable to be same type as bounds and step",
  "99:3: error: 'scf.for' op mismatch in number of loop-carried values and defined values",
  "108:3: error: 'scf.for' op expects regions to end with 'scf.yield', found 'test.foo'",
  "108:3: note: in custom textual format, the absence of terminator implies 'scf.yield'",
  "117:3: error: 'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks",
  "124:8: error: 'scf.index_switch' op has duplicate case value: 1",
  "139:8: error: 'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 0",
  "141:5: note: see yield operation here",
  "151:8: error: 'scf.index_switch' op expected result #0 of each region to be 'i32'",
  "153:5: note: case region #0 returns 'i64' here",
  "163:8: error: 'scf.execute_region' op region cannot have any arguments",
  "172:8: error: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs",
  "173:5: note: region branch point",
  "182:8: error: 'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'",
  "183:5: note: region branch point",
  "192:10: error: use of value '%c' expects different type than prior uses: 'i1' vs 'i32'",
  "191:15: note: prior use here",
  "199:24: error: use of value '%x' expects different type than prior uses: 'i64' vs 'i32'",
  "198:6: note: prior use here",
  "210:28: error: custom op 'scf.while' expected as many input types as operands (expected 1 got 2)",
  "221:59: error: expected '->'",
  "228:8: error: 'scf.for' op mismatch in number of loop-carried values and defined values",
  "237:8: error: 'scf.execute_region' op region needs to have at least one block",
  "244:8: error: 'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'",
  "244:8: note: region branch point",
  "256:8: error: 'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs",
  "256:8: note: region branch point",
  "268:8: error: 'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i64'",
  "270:5: note: region branch point",
  "280:8: error: 'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'i64'",
  "282:5: note: region branch point",
  "292:8: error: 'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs",
  "297:5: note: region branch point",
  "304:8: error: 'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'i64'",
  "313:8: error: 'scf.for' op different number of inits and region iter_args: 1 != 0",
  "322:8: error: 'scf.for' op different number of region iter_args and yielded values: 1 != 2",
  "331:3: error: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
  "340:3: error: 'scf.for' op operand #0 must be signless integer or index, but got 'f32'",
  "349:3: error: 'scf.if' op expected 2 regions",
  "360:3: error: 'scf.if' op expects regions to end with 'scf.yield', found 'test.foo'",
  "360:3: note: in custom textual format, the absence of terminator implies 'scf.yield'",
  "369:3: error: 'scf.if' op expects region #1 to have 0 or 1 blocks",
  "382:8: error: 'scf.while' op expected 2 regions",
  "396:5: error: 'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'",
  "406:3: error: 'scf.index_switch' op has 0 case regions but 1 case values",
  "414:3: error: 'scf.index_switch' op operand #0 must be index, but got 'i32'",
  "422:3: error: 'scf.index_switch' op expected region to end with scf.yield, but got test.foo",
  "430:3: error: 'scf.index_switch' op requires attribute 'cases'",
  "438:3: error: 'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step",
  "447:3: error: 'scf.parallel' op constant step operand must be positive",
  "454:3: error: 'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1",
  "463:3: error: 'scf.parallel' op expects arguments for the induction variable to be of index type",
  "472:8: error: 'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0",
  "481:5: error: 'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'",
  "492:5: error: 'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region",
  "505:7: error: 'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)",
  "514:5: error: 'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op",
  "525:5: error: 'scf.reduce' op region #0 ('reductions') failed to verify constraint: region with 1 blocks",
  "533:3: error: 'scf.reduce' op expects parent op 'scf.parallel'",
  "548:8: error: custom op 'scf.parallel' number of operands and types do not match: got 2 operands and 1 types",
  "559:8: error: 'scf.forall' op produces 1 results, but has only 0 outputs",
  "569:3: error: 'scf.forall' op region expects 1 arguments",
  "579:3: error: 'scf.forall' op expects 0-th block argument to be an index",
  "589:8: error: 'scf.forall' op type mismatch between 0-th output and corresponding block argument",
  "599:3: error: 'scf.forall' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'",
  "609:3: error: expected 1 dynamic upper bound values",
  "619:3: error: 'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute",
  "627:3: error: expected 2 upper bound values, got 1",
  "634:3: error: 'scf.forall.in_parallel' op expects parent op 'scf.forall'",
  "642:5: error: 'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops"
]

describe('scf verifier and parser diagnostics', () => {
  it('match mlir-opt on every invalid case', () => {
    expect(diagnose(INPUT)).toEqual(EXPECTED)
  })
})

describe('scf verifier order as mlir-opt 22', () => {
  it('checks AllTypesMatch before region constraints, and scf.if regions take no arguments', () => {
    expect(diagnose(String.raw`"test.func"() ({
^bb0(%arg0: i32, %arg1: index):
  "scf.for"(%arg1, %arg0, %arg1) ({}) : (index, i32, index) -> ()
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%arg0: i1):
  "scf.if"(%arg0) ({
    ^bb0(%0 : index):
      scf.yield
  }, {}): (i1) -> ()
  "test.return"() : () -> ()
}) : () -> ()
`)).toEqual([
      "3:3: error: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
      "9:3: error: 'scf.if' op region #0 should have no arguments",
    ])
  })
})

