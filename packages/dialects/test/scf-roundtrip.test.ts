// Round trips of scf ops: parse then print must equal mlir-opt 22.1.8's output,
//   mlir-opt --allow-unregistered-dialect <input>                        (custom)
//   mlir-opt --allow-unregistered-dialect --mlir-print-op-generic <input> (generic)
// Covers scf.for (index and integer bounds, `unsigned`, iter_args, the double space
// before `: i32`), implicit scf.yield elision, scf.if with and without results and else,
// scf.while, scf.execute_region (`no_inline`), scf.index_switch (trailing space, case and
// default regions), scf.parallel/scf.reduce, scf.forall (normalized and general bounds,
// shared_outs, implicit scf.forall.in_parallel) and trailing attribute dictionaries, in custom
// and generic form.
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  parseSourceString,
  printOperation,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

function newContext(): Context {
  return new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
}




/** Parses `source` and prints it as mlir-opt does (custom or generic form), with a trailing newline. */
function roundTrip(source: string, generic: boolean): string {
  const ctx = newContext()
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error(`parse failed: ${errors.join('; ')}`)
  }
  return printOperation(r.op, { printGenericOpForm: generic })
}
const CASES = [
  {
    name: 'scf-ops',
  input: String.raw`"test.func"() ({
^bb0(%lb: index, %ub: index, %s: index, %c: i1, %x: i32, %a: i32):
  scf.for %i = %lb to %ub step %s {
    "test.op"(%i) : (index) -> ()
  }
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (i32) {
    %n = arith.addi %acc, %x : i32
    scf.yield %n : i32
  }
  %r2:2 = scf.for %i = %lb to %ub step %s iter_args(%p = %x, %q = %a) -> (i32, i32) {
    scf.yield %q, %p : i32, i32
  }
  %r3 = scf.for unsigned %i = %x to %a step %x iter_args(%acc = %x) -> (i32) : i32 {
    scf.yield %acc : i32
  }
  scf.for %i = %x to %a step %x : i32 {
  }
  scf.if %c {
    "test.op"() : () -> ()
  }
  scf.if %c {
    "test.op"() : () -> ()
  } else {
    "test.op2"() : () -> ()
  }
  %y = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %y2:2 = scf.if %c -> (i32, i32) {
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %a, %a : i32, i32
  }
  %w = scf.while (%arg1 = %x) : (i32) -> i32 {
    %cond = "test.cond"(%arg1) : (i32) -> i1
    scf.condition(%cond) %arg1 : i32
  } do {
  ^bb0(%arg2: i32):
    %nx = "test.next"(%arg2) : (i32) -> i32
    scf.yield %nx : i32
  }
  %e = scf.execute_region -> i32 {
    scf.yield %x : i32
  }
  %sw = scf.index_switch %s -> i32
  case 2 {
    scf.yield %x : i32
  }
  case 5 {
    scf.yield %a : i32
  }
  default {
    scf.yield %a : i32
  }
  scf.index_switch %s
  case 1 {
    scf.yield
  }
  default {
  }
  "test.return"(%r) : (i32) -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: i32, %arg5: i32):
    scf.for %arg6 = %arg0 to %arg1 step %arg2 {
      "test.op"(%arg6) : (index) -> ()
    }
    %0 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4) -> (i32) {
      %8 = arith.addi %arg7, %arg4 : i32
      scf.yield %8 : i32
    }
    %1:2 = scf.for %arg6 = %arg0 to %arg1 step %arg2 iter_args(%arg7 = %arg4, %arg8 = %arg5) -> (i32, i32) {
      scf.yield %arg8, %arg7 : i32, i32
    }
    %2 = scf.for unsigned %arg6 = %arg4 to %arg5 step %arg4 iter_args(%arg7 = %arg4) -> (i32)  : i32 {
      scf.yield %arg7 : i32
    }
    scf.for %arg6 = %arg4 to %arg5 step %arg4  : i32 {
    }
    scf.if %arg3 {
      "test.op"() : () -> ()
    }
    scf.if %arg3 {
      "test.op"() : () -> ()
    } else {
      "test.op2"() : () -> ()
    }
    %3 = scf.if %arg3 -> (i32) {
      scf.yield %arg4 : i32
    } else {
      scf.yield %arg5 : i32
    }
    %4:2 = scf.if %arg3 -> (i32, i32) {
      scf.yield %arg4, %arg4 : i32, i32
    } else {
      scf.yield %arg5, %arg5 : i32, i32
    }
    %5 = scf.while (%arg6 = %arg4) : (i32) -> i32 {
      %8 = "test.cond"(%arg6) : (i32) -> i1
      scf.condition(%8) %arg6 : i32
    } do {
    ^bb0(%arg6: i32):
      %8 = "test.next"(%arg6) : (i32) -> i32
      scf.yield %8 : i32
    }
    %6 = scf.execute_region -> i32 {
      scf.yield %arg4 : i32
    }
    %7 = scf.index_switch %arg2 -> i32 
    case 2 {
      scf.yield %arg4 : i32
    }
    case 5 {
      scf.yield %arg5 : i32
    }
    default {
      scf.yield %arg5 : i32
    }
    scf.index_switch %arg2 
    case 1 {
      scf.yield
    }
    default {
    }
    "test.return"(%0) : (i32) -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: i32, %arg5: i32):
    "scf.for"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg16: index):
      "test.op"(%arg16) : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    %0 = "scf.for"(%arg0, %arg1, %arg2, %arg4) ({
    ^bb0(%arg14: index, %arg15: i32):
      %10 = "arith.addi"(%arg15, %arg4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%10) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %1:2 = "scf.for"(%arg0, %arg1, %arg2, %arg4, %arg5) ({
    ^bb0(%arg11: index, %arg12: i32, %arg13: i32):
      "scf.yield"(%arg13, %arg12) : (i32, i32) -> ()
    }) : (index, index, index, i32, i32) -> (i32, i32)
    %2 = "scf.for"(%arg4, %arg5, %arg4, %arg4) <{unsignedCmp}> ({
    ^bb0(%arg9: i32, %arg10: i32):
      "scf.yield"(%arg10) : (i32) -> ()
    }) : (i32, i32, i32, i32) -> i32
    "scf.for"(%arg4, %arg5, %arg4) ({
    ^bb0(%arg8: i32):
      "scf.yield"() : () -> ()
    }) : (i32, i32, i32) -> ()
    "scf.if"(%arg3) ({
      "test.op"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "scf.if"(%arg3) ({
      "test.op"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "test.op2"() : () -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %3 = "scf.if"(%arg3) ({
      "scf.yield"(%arg4) : (i32) -> ()
    }, {
      "scf.yield"(%arg5) : (i32) -> ()
    }) : (i1) -> i32
    %4:2 = "scf.if"(%arg3) ({
      "scf.yield"(%arg4, %arg4) : (i32, i32) -> ()
    }, {
      "scf.yield"(%arg5, %arg5) : (i32, i32) -> ()
    }) : (i1) -> (i32, i32)
    %5 = "scf.while"(%arg4) ({
    ^bb0(%arg7: i32):
      %9 = "test.cond"(%arg7) : (i32) -> i1
      "scf.condition"(%9, %arg7) : (i1, i32) -> ()
    }, {
    ^bb0(%arg6: i32):
      %8 = "test.next"(%arg6) : (i32) -> i32
      "scf.yield"(%8) : (i32) -> ()
    }) : (i32) -> i32
    %6 = "scf.execute_region"() ({
      "scf.yield"(%arg4) : (i32) -> ()
    }) : () -> i32
    %7 = "scf.index_switch"(%arg2) <{cases = array<i64: 2, 5>}> ({
      "scf.yield"(%arg5) : (i32) -> ()
    }, {
      "scf.yield"(%arg4) : (i32) -> ()
    }, {
      "scf.yield"(%arg5) : (i32) -> ()
    }) : (index) -> i32
    "scf.index_switch"(%arg2) <{cases = array<i64: 1>}> ({
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (index) -> ()
    "test.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
    checkGeneric: true,
  },
  {
    name: 'scf-attrs',
  input: String.raw`"test.func"() ({
^bb0(%lb: index, %x: i32, %c: i1, %y: i64):
  scf.for unsigned %i = %lb to %lb step %lb {
  } {foo}
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %x : i32
  }
  %e2:2 = scf.execute_region -> (i32, i64) {
    scf.yield %x, %y : i32, i64
  } {bar}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {baz}
  %s:2 = scf.index_switch %lb {a} -> i32, i64
  default {
    scf.yield %x, %y : i32, i64
  }
  scf.if %c {
  } else {
  } {q}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield %a : i32
  } {w}
  scf.execute_region {
    scf.yield
  }
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: i32, %arg2: i1, %arg3: i64):
    scf.for unsigned %arg4 = %arg0 to %arg0 step %arg0 {
    } {foo}
    %0 = scf.execute_region -> i32 no_inline {
      scf.yield %arg1 : i32
    }
    %1:2 = scf.execute_region -> (i32, i64) {
      scf.yield %arg1, %arg3 : i32, i64
    } {bar}
    scf.while : () -> () {
      scf.condition(%arg2)
    } do {
      scf.yield
    } attributes {baz}
    %2:2 = scf.index_switch %arg0 {a} -> i32, i64 
    default {
      scf.yield %arg1, %arg3 : i32, i64
    }
    scf.if %arg2 {
    } else {
    } {q}
    %3 = scf.for %arg4 = %arg0 to %arg0 step %arg0 iter_args(%arg5 = %arg1) -> (i32) {
      scf.yield %arg5 : i32
    } {w}
    scf.execute_region {
      scf.yield
    }
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: i32, %arg2: i1, %arg3: i64):
    "scf.for"(%arg0, %arg0, %arg0) <{unsignedCmp}> ({
    ^bb0(%arg6: index):
      "scf.yield"() : () -> ()
    }) {foo} : (index, index, index) -> ()
    %0 = "scf.execute_region"() <{no_inline}> ({
      "scf.yield"(%arg1) : (i32) -> ()
    }) : () -> i32
    %1:2 = "scf.execute_region"() ({
      "scf.yield"(%arg1, %arg3) : (i32, i64) -> ()
    }) {bar} : () -> (i32, i64)
    "scf.while"() ({
      "scf.condition"(%arg2) : (i1) -> ()
    }, {
      "scf.yield"() : () -> ()
    }) {baz} : () -> ()
    %2:2 = "scf.index_switch"(%arg0) <{cases = array<i64>}> ({
      "scf.yield"(%arg1, %arg3) : (i32, i64) -> ()
    }) {a} : (index) -> (i32, i64)
    "scf.if"(%arg2) ({
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) {q} : (i1) -> ()
    %3 = "scf.for"(%arg0, %arg0, %arg0, %arg1) ({
    ^bb0(%arg4: index, %arg5: i32):
      "scf.yield"(%arg5) : (i32) -> ()
    }) {w} : (index, index, index, i32) -> i32
    "scf.execute_region"() ({
      "scf.yield"() : () -> ()
    }) : () -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
    checkGeneric: true,
  },
  {
    name: 'scf-for-if',
  input: String.raw`"test.func"() ({
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
  "test.return"(%y) : (i32) -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: i32, %arg2: i1):
    %0 = scf.for %arg3 = %arg0 to %arg0 step %arg0 iter_args(%arg4 = %arg1) -> (i32) {
      %2 = arith.addi %arg4, %arg1 : i32
      scf.yield %2 : i32
    }
    %1 = scf.if %arg2 -> (i32) {
      scf.yield %0 : i32
    } else {
      scf.yield %arg1 : i32
    }
    "test.return"(%1) : (i32) -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: i32, %arg2: i1):
    %0 = "scf.for"(%arg0, %arg0, %arg0, %arg1) ({
    ^bb0(%arg3: index, %arg4: i32):
      %2 = "arith.addi"(%arg4, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"(%2) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %1 = "scf.if"(%arg2) ({
      "scf.yield"(%0) : (i32) -> ()
    }, {
      "scf.yield"(%arg1) : (i32) -> ()
    }) : (i1) -> i32
    "test.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
    checkGeneric: true,
  },
  {
    name: 'scf-parallel',
  input: String.raw`"test.func"() ({
^bb0(%lb: index, %ub: index, %s: index, %x: f32, %y: i32):
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%s, %s) {
    "test.op"(%i, %j) : (index, index) -> ()
  }
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x, %y) -> (f32, i32) {
    %v = "test.v"(%i) : (index) -> f32
    %w = "test.w"(%i) : (index) -> i32
    scf.reduce(%v, %w : f32, i32) {
    ^bb0(%a: f32, %b: f32):
      %sum = arith.addf %a, %b : f32
      scf.reduce.return %sum : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %m = arith.muli %a, %b : i32
      scf.reduce.return %m : i32
    }
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    scf.reduce
  } {foo}
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
    scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
      "test.op"(%arg5, %arg6) : (index, index) -> ()
      scf.reduce 
    }
    %0:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg4) -> (f32, i32) {
      %1 = "test.v"(%arg5) : (index) -> f32
      %2 = "test.w"(%arg5) : (index) -> i32
      scf.reduce(%1, %2 : f32, i32) {
      ^bb0(%arg6: f32, %arg7: f32):
        %3 = arith.addf %arg6, %arg7 : f32
        scf.reduce.return %3 : f32
      }, {
      ^bb0(%arg6: i32, %arg7: i32):
        %3 = arith.muli %arg6, %arg7 : i32
        scf.reduce.return %3 : i32
      }
    }
    scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) {
      scf.reduce 
    } {foo}
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: i32):
    "scf.parallel"(%arg0, %arg0, %arg1, %arg1, %arg2, %arg2) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%arg11: index, %arg12: index):
      "test.op"(%arg11, %arg12) : (index, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index, index, index, index) -> ()
    %0:2 = "scf.parallel"(%arg0, %arg1, %arg2, %arg3, %arg4) <{operandSegmentSizes = array<i32: 1, 1, 1, 2>}> ({
    ^bb0(%arg6: index):
      %1 = "test.v"(%arg6) : (index) -> f32
      %2 = "test.w"(%arg6) : (index) -> i32
      "scf.reduce"(%1, %2) ({
      ^bb0(%arg9: f32, %arg10: f32):
        %4 = "arith.addf"(%arg9, %arg10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.reduce.return"(%4) : (f32) -> ()
      }, {
      ^bb0(%arg7: i32, %arg8: i32):
        %3 = "arith.muli"(%arg7, %arg8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
        "scf.reduce.return"(%3) : (i32) -> ()
      }) : (f32, i32) -> ()
    }) : (index, index, index, f32, i32) -> (f32, i32)
    "scf.parallel"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%arg5: index):
      "scf.reduce"() : () -> ()
    }) {foo} : (index, index, index) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
    checkGeneric: true,
  },
  {
    name: 'scf-forall',
  input: String.raw`"test.func"() ({
^bb0(%n: index, %t: tensor<8xf32>, %lb: index):
  scf.forall (%i, %j) in (4, %n) {
    "test.op"(%i, %j) : (index, index) -> ()
  }
  scf.forall (%i) = (%lb) to (%n) step (2) {
    "test.op"(%i) : (index) -> ()
  }
  %r = scf.forall (%i) in (8) shared_outs(%o = %t) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
    }
  }
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: tensor<8xf32>, %arg2: index):
    scf.forall (%arg3, %arg4) in (4, %arg0) {
      "test.op"(%arg3, %arg4) : (index, index) -> ()
    }
    scf.forall (%arg3) = (%arg2) to (%arg0) step (2) {
      "test.op"(%arg3) : (index) -> ()
    }
    %0 = scf.forall (%arg3) in (8) shared_outs(%arg4 = %arg1) -> (tensor<8xf32>) {
      scf.forall.in_parallel {
      }
    }
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: index, %arg1: tensor<8xf32>, %arg2: index):
    "scf.forall"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1, 1>, staticUpperBound = array<i64: 4, -9223372036854775808>}> ({
    ^bb0(%arg6: index, %arg7: index):
      "test.op"(%arg6, %arg7) : (index, index) -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (index) -> ()
    "scf.forall"(%arg2, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, staticLowerBound = array<i64: -9223372036854775808>, staticStep = array<i64: 2>, staticUpperBound = array<i64: -9223372036854775808>}> ({
    ^bb0(%arg5: index):
      "test.op"(%arg5) : (index) -> ()
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (index, index) -> ()
    %0 = "scf.forall"(%arg1) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 8>}> ({
    ^bb0(%arg3: index, %arg4: tensor<8xf32>):
      "scf.forall.in_parallel"() ({
      ^bb0:
      }) : () -> ()
    }) : (tensor<8xf32>) -> tensor<8xf32>
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
    checkGeneric: true,
  },
]

describe('scf round trips', () => {
  for (const c of CASES) {
    it(`${c.name}: custom form`, () => {
      expect(roundTrip(c.input, false)).toBe(c.custom)
    })
    it(`${c.name}: the printed custom form parses back to the same text`, () => {
      expect(roundTrip(c.custom, false)).toBe(c.custom)
    })
    if (c.checkGeneric) {
      it(`${c.name}: generic form`, () => {
        expect(roundTrip(c.input, true)).toBe(c.generic)
      })
    }
  }
})
