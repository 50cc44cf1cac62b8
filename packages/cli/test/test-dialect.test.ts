import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, verify, type AsmPrinterOptions, type Diagnostic } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { TestDialect } from '../src/testing/TestDialect.ts'

function run(src: string, options: AsmPrinterOptions = {}, allowUnregistered = true): { out: string; diags: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, TestDialect], allowUnregisteredDialects: allowUnregistered })
  registerAllDialects(ctx)
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    diags.push(d.message)
    return true
  })
  const res = parseSourceString(src, ctx)
  if (res === null || !verify(res.op)) {
    ctx.diagEngine.flush()
    return { out: '', diags }
  }
  ctx.diagEngine.flush()
  return { out: printOperation(res.op, options), diags }
}

/** Replaces numbered values (`%3`, `%arg7`) by `%_`: mlir-opt numbers generic output differently from local scopes. */
function renumber(text: string): string {
  return text.replace(/%(arg)?[0-9]+/g, '%_')
}

// Ops of the test dialect as the IR conformance files use them.
const INPUT = `func.func @pretty_printed_region_op(%arg0 : f32, %arg1 : f32) -> (f32) {
  %res = test.pretty_printed_region %arg1, %arg0 start test.special.op end : (f32, f32) -> (f32) loc("some_NameLoc")
  %0 = test.pretty_printed_region %arg1, %arg0 ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.non.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
  return %res : f32
}
func.func @block_names(%bool : i1) {
  test.block_names {
    cf.br ^foo1
  ^foo1:
    cf.br ^foo2
  ^foo2:
     "test.return"() : () -> ()
  }
  return
}
func.func @custom_region_names() -> () {
  "test.polyfor"() ({
  ^bb0(%arg0: index, %arg1: index, %arg2: index):
    "foo"() : () -> ()
  }) { arg_names = ["i", "j", "k"] } : () -> ()
  "test.polyfor"() ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: index):
    "foo"() : () -> i32
  }) { arg_names = ["a .^x", "0"] } : () -> ()
  test.polyfor %a, %b {
    "foo"() : () -> ()
  }
  return
}
"test.single_no_terminator_op"() (
  {
    %foo = arith.constant 1 : i32
  }
) : () -> ()
"test.variadic_no_terminator_op"() (
  {
    %foo = arith.constant 1 : i32
  },
  {
    %bar = arith.constant 1 : i32
  }
) : () -> ()
test.single_no_terminator_custom_asm_op {
  "important_dont_drop"() : () -> ()
}
test.dummy_op_with_region_ref {
  ^bb0:
}
"test.two_region_op"()(
  {"work"() : () -> ()},
  {"work"() : () -> ()}
) : () -> ()
%0 = arith.constant 42 : i32
%p:2, %q = "test.custom_result_name"(%0) {names = ["p", "p", "q"]} : (i32) -> (i32, i32, i32)
%r, %s = "test.custom_result_name"(%q#0, %q#0, %0) {names = ["r", ""]} : (i32, i32, i32) -> (i32, i32)
"test.result_type_with_trait"() : () -> !test.test_type_with_trait
`

// Output of `mlir-opt -allow-unregistered-dialect` (MLIR 22) on INPUT (without the final blank line the tool adds).
const EXPECTED = `module {
  func.func @pretty_printed_region_op(%arg0: f32, %arg1: f32) -> f32 {
    %1 = test.pretty_printed_region %arg1, %arg0 start test.special.op end : (f32, f32) -> f32
    %2 = test.pretty_printed_region %arg1, %arg0 ({
    ^bb0(%arg2: f32, %arg3: f32):
      %3 = "test.non.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%3) : (f32) -> ()
    }) : (f32, f32) -> f32
    return %1 : f32
  }
  func.func @block_names(%arg0: i1) {
    test.block_names {
      cf.br ^foo1
    ^foo1:  // pred: ^foo0
      cf.br ^foo2
    ^foo2:  // pred: ^foo1
      "test.return"() : () -> ()
    }
    return
  }
  func.func @custom_region_names() {
    test.polyfor %i, %j, %k {
      "foo"() : () -> ()
    }
    test.polyfor %a_.5Ex, %_0, %arg0 {
      %1 = "foo"() : () -> i32
    }
    test.polyfor %arg0, %arg1 {
      "foo"() : () -> ()
    }
    return
  }
  test.single_no_terminator_op : {
    %c1_i32 = arith.constant 1 : i32
  }
  test.variadic_no_terminator_op : {
    %c1_i32 = arith.constant 1 : i32
  }, {
    %c1_i32 = arith.constant 1 : i32
  }
  test.single_no_terminator_custom_asm_op{
    "important_dont_drop"() : () -> ()
  }
  test.dummy_op_with_region_ref {
  } 
  "test.two_region_op"() ({
    "work"() : () -> ()
  }, {
    "work"() : () -> ()
  }) : () -> ()
  %c42_i32 = arith.constant 42 : i32
  %p, %p_0, %q = "test.custom_result_name"(%c42_i32) <{names = ["p", "p", "q"]}> : (i32) -> (i32, i32, i32)
  %r:2 = "test.custom_result_name"(%q, %q, %c42_i32) <{names = ["r", ""]}> : (i32, i32, i32) -> (i32, i32)
  %0 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
}
`

// Output of `mlir-opt -allow-unregistered-dialect --mlir-print-op-generic` on INPUT.
const EXPECTED_GENERIC = `"builtin.module"() ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op"}> ({
  ^bb0(%arg9: f32, %arg10: f32):
    %8 = "test.pretty_printed_region"(%arg10, %arg9) ({
    ^bb0(%arg13: f32, %arg14: f32):
      %11 = "test.special.op"(%arg13, %arg14) : (f32, f32) -> f32
      "test.return"(%11) : (f32) -> ()
    }) : (f32, f32) -> f32
    %9 = "test.pretty_printed_region"(%arg10, %arg9) ({
    ^bb0(%arg11: f32, %arg12: f32):
      %10 = "test.non.special.op"(%arg11, %arg12) : (f32, f32) -> f32
      "test.return"(%10) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%8) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1) -> (), sym_name = "block_names"}> ({
  ^bb0(%arg8: i1):
    "test.block_names"() ({
      "cf.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "cf.br"()[^bb2] : () -> ()
    ^bb2:  // pred: ^bb1
      "test.return"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "custom_region_names"}> ({
    "test.polyfor"() ({
    ^bb0(%arg5: index, %arg6: index, %arg7: index):
      "foo"() : () -> ()
    }) {arg_names = ["i", "j", "k"]} : () -> ()
    "test.polyfor"() ({
    ^bb0(%arg2: i32, %arg3: i32, %arg4: index):
      %7 = "foo"() : () -> i32
    }) {arg_names = ["a .^x", "0"]} : () -> ()
    "test.polyfor"() ({
    ^bb0(%arg0: index, %arg1: index):
      "foo"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "test.single_no_terminator_op"() ({
    %6 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }) : () -> ()
  "test.variadic_no_terminator_op"() ({
    %5 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }, {
    %4 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }) : () -> ()
  "test.single_no_terminator_custom_asm_op"() ({
    "important_dont_drop"() : () -> ()
  }) : () -> ()
  "test.dummy_op_with_region_ref"() ({
  ^bb0:
  }) : () -> ()
  "test.two_region_op"() ({
    "work"() : () -> ()
  }, {
    "work"() : () -> ()
  }) : () -> ()
  %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
  %1:3 = "test.custom_result_name"(%0) <{names = ["p", "p", "q"]}> : (i32) -> (i32, i32, i32)
  %2:2 = "test.custom_result_name"(%1#2, %1#2, %0) <{names = ["r", ""]}> : (i32, i32, i32) -> (i32, i32)
  %3 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
}) : () -> ()
`

describe('test dialect', () => {
  it('prints the custom forms like mlir-opt', () => {
    const { out, diags } = run(INPUT)
    expect(diags).toEqual([])
    expect(out).toBe(EXPECTED)
  })

  it('prints the generic forms like mlir-opt (up to value numbering)', () => {
    const { out, diags } = run(INPUT, { printGenericOpForm: true })
    expect(diags).toEqual([])
    expect(renumber(out)).toBe(renumber(EXPECTED_GENERIC))
  })

  it('accepts unknown test ops without --allow-unregistered-dialect, as mlir-opt', () => {
    const { out, diags } = run('"test.foo"() : () -> ()', {}, false)
    expect(diags).toEqual([])
    expect(out).toBe('module {\n  "test.foo"() : () -> ()\n}\n')
  })

  it('checks region counts and sizes with ODS messages', () => {
    expect(run('"test.two_region_op"()({"work"() : () -> ()}) : () -> ()').diags).toEqual(["'test.two_region_op' op expected 2 regions"])
    const sized = (a: string, b: string): string[] => run(`"test.sized_region_op"() ({${a}}, {${b}}) : () -> ()`).diags
    expect(sized('"work"() : () -> ()', '"work"() : () -> ()')).toEqual([
      "'test.sized_region_op' op region #0 ('my_region') failed to verify constraint: region with 2 blocks",
    ])
    expect(sized('"work"() : () -> ()\n^a:\n"work"() : () -> ()', '"work"() : () -> ()\n^b:\n"work"() : () -> ()')).toEqual([
      "'test.sized_region_op' op region #1 failed to verify constraint: region with 1 blocks",
    ])
  })

  it('verifies test.call symbol uses like mlir-opt', () => {
    const ok = run('func.func private @g()\nfunc.func @f() {\n  test.call @g : () -> ()\n  return\n}')
    expect(ok.diags).toEqual([])
    expect(ok.out).toContain('test.call @g : () -> ()')
    const bad = run('func.func @f() {\n  "test.call"() {callee = @nope} : () -> ()\n  return\n}')
    expect(bad.diags[0]).toBe("'test.call' op 'nope' does not reference a valid function")
  })

  it('keeps the optional location of test.attr_with_loc as mlir-opt', () => {
    const src = 'test.attr_with_loc("foo" loc("foo_loc"))\ntest.attr_with_loc(5 : i32)\n'
    // Outputs of mlir-opt (MLIR 22) without and with --mlir-print-debuginfo (file name `<stdin>`).
    expect(run(src).out).toBe(
      '#loc = loc("foo_loc")\n#loc1 = loc("<stdin>":2:27)\nmodule {\n  test.attr_with_loc("foo")\n  test.attr_with_loc(5 : i32)\n}\n',
    )
    expect(run(src, { printDebugInfo: true }).out).toContain('test.attr_with_loc("foo" loc(#loc2)) loc(#loc1)\n  test.attr_with_loc(5 : i32 loc(#loc4)) loc(#loc3)')
  })
})
