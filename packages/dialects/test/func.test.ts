import { describe, expect, it } from 'vitest'
import { Block, BuiltinDialect, Context, FunctionType, IntegerType, OpBuilder, SymbolRefAttr, Trait, UnknownLoc, parseSourceString, printOperation, verify, type OpAsmParser, type OperationState } from '@tilepass/ir'
import { CallOp, FuncDialect, FuncOp, ReturnOp, buildCallOp, buildFuncOp, parseFunctionOp } from '../src/func/index.ts'
import { roundTrip } from './funcHelpers.ts'

const INPUT = `func.func private @decl(i32, f32 {test.a}) -> (i32 {test.r = 1 : i32})
func.func nested @nest(%arg0: i32) -> i32 attributes {llvm.emit_c_interface} {
  return %arg0 : i32
}
func.func @multi(%a: i32, %b: f32) -> (i32, f32) {
  %0:2 = call @multi(%a, %b) : (i32, f32) -> (i32, f32)
  %f = func.constant @multi : (i32, f32) -> (i32, f32)
  %1:2 = func.call_indirect %f(%a, %b) : (i32, f32) -> (i32, f32)
  func.return %1#0, %0#1 : i32, f32
}
func.func @noargs() {
  return
}
func.func @fnres() -> ((i32) -> i32) {
  %f = constant @nest : (i32) -> i32
  return %f : (i32) -> i32
}
func.func private @attrs() attributes {no_inline, sym.foo = "x"}
func.func @argattrs(%arg0: i32 {test.x}, %arg1: i32) -> (i32 {test.y}, i32) {
  return %arg0, %arg1 : i32, i32
}
`

// Output of `mlir-opt -allow-unregistered-dialect` (MLIR 22) on INPUT.
const EXPECTED = `module {
  func.func private @decl(i32, f32 {test.a}) -> (i32 {test.r = 1 : i32})
  func.func nested @nest(%arg0: i32) -> i32 attributes {llvm.emit_c_interface} {
    return %arg0 : i32
  }
  func.func @multi(%arg0: i32, %arg1: f32) -> (i32, f32) {
    %0:2 = call @multi(%arg0, %arg1) : (i32, f32) -> (i32, f32)
    %f = constant @multi : (i32, f32) -> (i32, f32)
    %1:2 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> (i32, f32)
    return %1#0, %0#1 : i32, f32
  }
  func.func @noargs() {
    return
  }
  func.func @fnres() -> ((i32) -> i32) {
    %f = constant @nest : (i32) -> i32
    return %f : (i32) -> i32
  }
  func.func private @attrs() attributes {no_inline, sym.foo = "x"}
  func.func @argattrs(%arg0: i32 {test.x}, %arg1: i32) -> (i32 {test.y}, i32) {
    return %arg0, %arg1 : i32, i32
  }
}
`

describe('func dialect', () => {
  it('prints like mlir-opt', () => {
    const { out, diags } = roundTrip(INPUT, [FuncDialect], { allowUnregistered: true })
    expect(diags).toEqual([])
    expect(out).toBe(EXPECTED)
  })

  it('prints calls and returns with attributes, or without operands, as mlir-opt does', () => {
    // Attributes beside the callee, a call without operands, and an empty attribute dictionary.
    const input = `func.func private @g(i32) -> (i32, f32)
func.func @f(%a: i32) -> i32 attributes {s = "x" : i32, t = "y", r = @a::@b, u = (i32) -> ((i32) -> i32)} {
  %0:2 = call @g(%a) {extra} : (i32) -> (i32, f32)
  %1:2 = call @g(%a) {arg_attrs = [{test.a}]} : (i32) -> (i32, f32)
  call @h() : () -> ()
  %2:2 = call @g(%0#0) : (i32) -> (i32, f32)
  return {r} %2#0 : i32
}
func.func private @h() {
  return {}
}
`
    // Output of `mlir-opt -allow-unregistered-dialect` (MLIR 22) on the input.
    const expected = `module {
  func.func private @g(i32) -> (i32, f32)
  func.func @f(%arg0: i32) -> i32 attributes {r = @a::@b, s = "x" : i32, t = "y", u = (i32) -> ((i32) -> i32)} {
    %0:2 = call @g(%arg0) {extra} : (i32) -> (i32, f32)
    %1:2 = call @g(%arg0) {arg_attrs = [{test.a}]} : (i32) -> (i32, f32)
    call @h() : () -> ()
    %2:2 = call @g(%0#0) : (i32) -> (i32, f32)
    return {r} %2#0 : i32
  }
  func.func private @h() {
    return
  }
}
`
    expect(roundTrip(input, [FuncDialect], { allowUnregistered: true })).toEqual({ out: expected, diags: [] })
  })

  it('accepts a function whose parent is an unregistered op, as mlir-opt does', () => {
    const input = '"foo.wrap"() ({\n  func.func @f() {\n    return\n  }\n}) : () -> ()\n'
    // Output of `mlir-opt -allow-unregistered-dialect` (MLIR 22) on the input.
    const expected = `module {
  "foo.wrap"() ({
    func.func @f() {
      return
    }
  }) : () -> ()
}
`
    expect(roundTrip(input, [FuncDialect], { allowUnregistered: true })).toEqual({ out: expected, diags: [] })
  })
})

// Each case with the first diagnostic mlir-opt (MLIR 22) reports for it.
const ERROR_CASES: [string, string][] = [
  ['func.func @decl(i32) -> i32', "1:1: error: 'func.func' op symbol declaration cannot have public visibility"],
  ['func.func @f() -> i32 {\n  return\n}', "2:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1"],
  [
    'func.func @f(%a: i64) -> i32 {\n  return %a : i64\n}',
    "2:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f",
  ],
  ['func.func @f(%a: i32) -> (i32, i32) {\n  return %a : i32\n}', "2:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 2"],
  ['func.func @f(%a: i32) {\n  %0 = call @foo(%a) : (i32) -> i32\n  return\n}', "2:8: error: 'func.call' op 'foo' does not reference a valid function"],
  [
    'func.func private @g(i32) -> i32\nfunc.func @f(%a: i32) {\n  %0 = call @g(%a, %a) : (i32, i32) -> i32\n  return\n}',
    "3:8: error: 'func.call' op incorrect number of operands for callee",
  ],
  [
    'func.func private @g(i32) -> i32\nfunc.func @f(%a: i64) {\n  %0 = call @g(%a) : (i64) -> i32\n  return\n}',
    "3:8: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0",
  ],
  [
    'func.func private @g(i32) -> i32\nfunc.func @f(%a: i32) {\n  %0 = call @g(%a) : (i32) -> i64\n  return\n}',
    "3:8: error: 'func.call' op result type mismatch at index 0",
  ],
  ['func.func private @g(i32) -> i32\nfunc.func @f(%a: i32) {\n  call @g(%a) : (i32) -> ()\n  return\n}', "3:3: error: 'func.call' op incorrect number of results for callee"],
  ['func.func @f(%a: i32 {foo}) {\n  return\n}', "1:1: error: 'func.func' op arguments may only have dialect attributes"],
  ['func.func @f() {\n  %0 = func.constant @nope : () -> ()\n  return\n}', "2:8: error: 'func.constant' op reference to undefined function 'nope'"],
  ['func.func @f() {\n  %0 = func.constant @f : (i32) -> ()\n  return\n}', "2:8: error: 'func.constant' op reference to function with mismatched type"],
  [
    '"func.func"() ({\n^bb0(%a: i64):\n  "func.return"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = "x"} : () -> ()',
    "1:1: error: 'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')",
  ],
  [
    '"func.func"() ({\n^bb0(%a: i32, %b: i32):\n  "func.return"() : () -> ()\n}) {function_type = (i32) -> (), sym_name = "x"} : () -> ()',
    "1:1: error: 'func.func' op entry block must have 1 arguments to match function signature",
  ],
  [
    '"func.func"() <{arg_attrs = [{}], function_type = (i32, i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()',
    "1:1: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 2",
  ],
  [
    '"func.func"() <{res_attrs = [{a.b}, {}], function_type = (i32) -> (i32), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()',
    "1:1: error: 'func.func' op expects result attribute array to have the same number of elements as the number of function results, got 2, but expected 1",
  ],
  [
    '"func.func"() <{res_attrs = [{a}], function_type = (i32) -> (i32), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()',
    "1:1: error: 'func.func' op results may only have dialect attributes",
  ],
  [
    '"func.func"() <{arg_attrs = [1], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()',
    "1:1: error: 'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes",
  ],
  [
    '"func.func"() <{function_type = i32, sym_name = "f", sym_visibility = "private"}> ({}) : () -> ()',
    "1:1: error: 'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type",
  ],
  ['"func.func"() <{function_type = () -> (), sym_visibility = "private"}> ({}) : () -> ()', "1:1: error: 'func.func' op requires attribute 'sym_name'"],
  // SymbolOpInterface is verified before FunctionOpInterface, its derived interface.
  [
    'func.func @outer() {\n  "func.func"() ({\n    "func.return"() : () -> ()\n  }) {sym_name = "inner", function_type = (i32) -> ()} : () -> ()\n  return\n}',
    "2:3: error: 'func.func' op symbol's parent must have the SymbolTable trait",
  ],
  // A call is checked against the function of its nearest symbol table, not an outer one.
  [
    'func.func private @g(i32) -> i32\nmodule {\n  func.func private @g(i64) -> i64\n  func.func @f(%a: i32) {\n    %0 = call @g(%a) : (i32) -> i32\n    return\n  }\n}',
    "5:10: error: 'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0",
  ],
  // Two bad calls: MLIR's symbol-use walk pops the last function's region first.
  [
    'func.func @a() {\n  call @missing1() : () -> ()\n  return\n}\nfunc.func @b() {\n  call @missing2() : () -> ()\n  return\n}',
    "6:3: error: 'func.call' op 'missing2' does not reference a valid function",
  ],
  // A callee is looked up in the nearest symbol table only, not in the tables around it.
  [
    'func.func private @g(i32) -> i32\nmodule {\n  func.func @f(%a: i32) -> i32 {\n    %0 = call @g(%a) : (i32) -> i32\n    return %0 : i32\n  }\n}',
    "4:10: error: 'func.call' op 'g' does not reference a valid function",
  ],
]

describe('func dialect diagnostics', () => {
  for (const [src, expected] of ERROR_CASES) {
    it(expected, () => {
      const { diags } = roundTrip(src, [FuncDialect])
      expect(diags[0]).toBe(expected)
    })
  }

  it('attaches the result type notes of a call mismatch', () => {
    const { diags } = roundTrip(ERROR_CASES[7]![0], [FuncDialect])
    expect(diags.filter((d) => !d.includes('see current operation'))).toEqual([
      "3:8: error: 'func.call' op result type mismatch at index 0",
      "  note:       op result types: 'i64'",
      "  note: function result types: 'i32'",
    ])
  })
})

describe('func builders', () => {
  it('build functions and calls that print like parsed IR', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect] })
    const loc = UnknownLoc.get(ctx)
    const b = new OpBuilder(ctx)
    const module = b.create('builtin.module', loc, { regions: 1 })
    const body = new Block()
    module.regions[0]!.push(body)
    b.setInsertionPointToEnd(body)
    const i32 = IntegerType.get(ctx, 32)
    buildFuncOp(b, loc, 'ext', FunctionType.get(ctx, [i32], [i32]), { visibility: 'private', withBody: false })
    const fn = buildFuncOp(b, loc, 'main', FunctionType.get(ctx, [i32], [i32]))
    const entry = fn.regions[0]!.front
    b.setInsertionPointToEnd(entry)
    const call = buildCallOp(b, loc, 'ext', [i32], [entry.getArgument(0)])
    ReturnOp.build(b, loc, { operands: { operands: [call.results[0]!] } })
    expect(verify(module)).toBe(true)
    expect(printOperation(module)).toBe(
      'module {\n  func.func private @ext(i32) -> i32\n  func.func @main(%arg0: i32) -> i32 {\n    %0 = call @ext(%arg0) : (i32) -> i32\n    return %0 : i32\n  }\n}\n',
    )
    expect(CallOp.attr(call, 'callee')).toBe(SymbolRefAttr.get(ctx, 'ext'))
  })
})

// The printer's alias probe decides a func.func from its own attributes (its signature
// types, argument and result attributes, attribute dictionary), as an op printed by an
// assembly format: each module hides its one alias in a different one of them.
// Expected texts: `mlir-opt --allow-unregistered-dialect` (MLIR 22.1.8).
describe('func.func and the alias probe', () => {
  it('prints only its own elements', () => {
    expect(FuncOp.printsOnlyOwnElements).toBe(true)
  })

  it('finds an alias only in the signature, the result attributes or the attribute dictionary', () => {
    const cases: [string, string][] = [
      [
        'func.func private @ext(memref<4xf32, affine_map<(d0) -> (d0 * 2)>>) -> i32\n',
        `#map = affine_map<(d0) -> (d0 * 2)>
module {
  func.func private @ext(memref<4xf32, #map>) -> i32
}
`,
      ],
      [
        'func.func @g(%a: i32) -> (i32 {test.res = affine_set<(d0) : (d0 >= 0)>}) {\n  return %a : i32\n}\n',
        `#set = affine_set<(d0) : (d0 >= 0)>
module {
  func.func @g(%arg0: i32) -> (i32 {test.res = #set}) {
    return %arg0 : i32
  }
}
`,
      ],
      [
        'func.func @h(%a: i32) -> i32 attributes {m = affine_map<(d0, d1) -> (d0)>, s = "x", r = @h} {\n  return %a : i32\n}\n',
        `#map = affine_map<(d0, d1) -> (d0)>
module {
  func.func @h(%arg0: i32) -> i32 attributes {m = #map, r = @h, s = "x"} {
    return %arg0 : i32
  }
}
`,
      ],
    ]
    for (const [input, expected] of cases) {
      expect(roundTrip(input, [FuncDialect], { allowUnregistered: true })).toEqual({ out: expected, diags: [] })
    }
  })
})

describe('parseFunctionOp', () => {
  it("adds the signature's attributes in the order of their names, the dictionary's", () => {
    let names: string[] = []
    const TestFuncDialect = {
      namespace: 'tfn',
      ops: [
        {
          name: 'tfn.func',
          traits: Trait.IsolatedFromAbove,
          parse(parser: OpAsmParser, state: OperationState): boolean {
            const ok = parseFunctionOp(parser, state, 'function_type', 'arg_attrs', 'res_attrs')
            names = state.attributes.map((a) => a.name)
            return ok
          },
        },
      ],
    }
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, TestFuncDialect] })
    expect(parseSourceString('tfn.func private @f(%a: i32) -> i32 {\n  func.return %a : i32\n}\n', ctx)).not.toBeNull()
    expect(names).toEqual(['function_type', 'sym_name', 'sym_visibility'])
    expect(parseSourceString('tfn.func @g()\n', ctx)).not.toBeNull()
    expect(names).toEqual(['function_type', 'sym_name'])
  })
})
