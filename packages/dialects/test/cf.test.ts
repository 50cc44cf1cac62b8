import { describe, expect, it } from 'vitest'
import { BranchOpInterface, BuiltinDialect, Context, IntegerType, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { CfDialect } from '../src/cf/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { LLVMDialect } from '../src/llvm/index.ts'
import { roundTrip } from './funcHelpers.ts'

const INPUT = `func.func @f(%a: i32, %c: i1, %i: i64) -> i32 {
  cf.br ^bb1(%a, %c : i32, i1)
^bb1(%x: i32, %y: i1):
  cf.cond_br %y, ^bb2, ^bb3(%x : i32)
^bb2:
  cf.assert %c, "oops \\"q\\""
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%x : i32) {weights = array<i32: 1, 2>}
^bb3(%z: i32):
  cf.switch %z : i32, [
    default: ^bb4(%z : i32),
    42: ^bb5,
    -3: ^bb4(%a : i32)
  ]
^bb4(%w: i32):
  cf.switch %i : i64, [
    default: ^bb5
  ]
^bb5:
  cf.cond_br %c weights([1, 2]), ^bb6, ^bb6
^bb6:
  cf.br ^bb7
^bb7:
  return %a : i32
}
`

// Output of `mlir-opt` (MLIR 22) on INPUT.
const EXPECTED = `module {
  func.func @f(%arg0: i32, %arg1: i1, %arg2: i64) -> i32 {
    cf.br ^bb1(%arg0, %arg1 : i32, i1)
  ^bb1(%0: i32, %1: i1):  // pred: ^bb0
    cf.cond_br %1, ^bb2, ^bb3(%0 : i32)
  ^bb2:  // pred: ^bb1
    cf.assert %arg1, "oops \\22q\\22"
    cf.cond_br %arg1, ^bb3(%arg0 : i32), ^bb3(%0 : i32) {weights = array<i32: 1, 2>}
  ^bb3(%2: i32):  // 3 preds: ^bb1, ^bb2, ^bb2
    cf.switch %2 : i32, [
      default: ^bb4(%2 : i32),
      42: ^bb5,
      4294967293: ^bb4(%arg0 : i32)
    ]
  ^bb4(%3: i32):  // 2 preds: ^bb3, ^bb3
    cf.switch %arg2 : i64, [
      default: ^bb5]
  ^bb5:  // 2 preds: ^bb3, ^bb4
    cf.cond_br %arg1 weights([1, 2]), ^bb6, ^bb6
  ^bb6:  // 2 preds: ^bb5, ^bb5
    cf.br ^bb7
  ^bb7:  // pred: ^bb6
    return %arg0 : i32
  }
}
`

// Output of `mlir-opt --mlir-print-op-generic` for the cf ops of INPUT.
const EXPECTED_GENERIC = [
  '"cf.br"(%arg0, %arg1)[^bb1] : (i32, i1) -> ()',
  '"cf.cond_br"(%1, %0)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()',
  '"cf.assert"(%arg1) <{msg = "oops \\22q\\22"}> : (i1) -> ()',
  '"cf.cond_br"(%arg1, %arg0, %0)[^bb3, ^bb3] <{operandSegmentSizes = array<i32: 1, 1, 1>}> {weights = array<i32: 1, 2>} : (i1, i32, i32) -> ()',
  '"cf.switch"(%2, %2, %arg0)[^bb4, ^bb5, ^bb4] <{case_operand_segments = array<i32: 0, 1>, case_values = dense<[42, -3]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()',
  '"cf.switch"(%arg2)[^bb5] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()',
  '"cf.cond_br"(%arg1)[^bb6, ^bb6] <{branch_weights = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()',
  '"cf.br"()[^bb7] : () -> ()',
]

describe('cf dialect', () => {
  it('prints like mlir-opt', () => {
    const { out, diags } = roundTrip(INPUT, [FuncDialect, CfDialect])
    expect(diags).toEqual([])
    expect(out).toBe(EXPECTED)
  })

  it('prints the generic form like mlir-opt', () => {
    const { out, diags } = roundTrip(INPUT, [FuncDialect, CfDialect], { generic: true })
    expect(diags).toEqual([])
    const cfLines = out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('"cf.'))
    expect(cfLines).toEqual(EXPECTED_GENERIC)
  })

  it('round-trips its own output', () => {
    const { out } = roundTrip(EXPECTED, [FuncDialect, CfDialect])
    expect(out).toBe(EXPECTED)
  })
})

// Each case with the first diagnostic mlir-opt (MLIR 22) reports for it.
const ERROR_CASES: [string, string][] = [
  ['func.func @f(%a: i32) {\n  cf.br ^bb1(%a : i32)\n^bb1:\n  return\n}', '2:3: error: branch has 1 operands for successor #0, but target block has 0'],
  ['func.func @f(%a: i32) {\n  cf.br ^bb1(%a : i32)\n^bb1(%x: i64):\n  return\n}', '2:3: error: type mismatch for bb argument #0 of successor #0'],
  [
    'func.func @f(%a: i32) {\n  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<[42]> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}',
    "2:3: error: 'cf.switch' op 'flag' type ('i32') should match case value type ('i64')",
  ],
  [
    'func.func @f(%a: i32) {\n  "cf.switch"(%a)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[42]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()\n^bb1:\n  return\n}',
    "2:3: error: 'cf.switch' op number of case values (1) should match number of case destinations (2)",
  ],
  ['func.func @f(%c: i1) {\n  cf.cond_br %c weights([1, 2, 3]), ^bb1, ^bb1\n^bb1:\n  return\n}', '2:3: error: expects number of branch weights to match number of successors: 3 vs 2'],
  ['func.func @f(%c: i1) {\n  cf.cond_br %c weights([0, 0]), ^bb1, ^bb1\n^bb1:\n  return\n}', '2:3: error: branch weights cannot all be zero'],
  [
    'func.func @f(%a: i32, %c: i1) {\n  "cf.cond_br"(%c, %a)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 1, 1>} : (i1, i32) -> ()\n^bb1:\n  return\n}',
    "2:3: error: 'cf.cond_br' op operand count (2) does not match with the total size (3) specified in attribute 'operandSegmentSizes'",
  ],
  [
    'func.func @f(%a: i32) {\n  "cf.cond_br"(%a)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()\n^bb1:\n  return\n}',
    "2:3: error: 'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'",
  ],
  ['func.func @f() {\n  "cf.br"()[^bb1, ^bb1] : () -> ()\n^bb1:\n  return\n}', "2:3: error: 'cf.br' op requires 1 successor but found 2"],
]

describe('cf dialect diagnostics', () => {
  for (const [src, expected] of ERROR_CASES) {
    it(expected, () => {
      const { diags } = roundTrip(src, [FuncDialect, CfDialect])
      expect(diags[0]).toBe(expected)
    })
  }
})

// Parse errors of the func and cf custom forms, with mlir-opt's message (MLIR 22 prefixes
// messages emitted by custom parsers with "custom op '<name>' ", which is the parser's part).
const PARSE_ERRORS: [string, string][] = [
  ['func.func @f(%a: i32) -> i32 {\n  return %a, %a : i32\n}', '2:10: number of operands and types do not match: got 2 operands and 1 types'],
  ['func.func @f(%a: i32) {\n  cf.br ^bb1(%a : i32, i32)\n^bb1(%b: i32):\n  return\n}', '2:14: number of operands and types do not match: got 1 operands and 2 types'],
  ['func.func @f(%a: i32) {\n  %0 = call @f(%a) : i32\n  return\n}', "2:22: invalid kind of type specified: expected builtin.function, but found 'i32'"],
  ['func.func @f(%a: i32) {\n  %0 = func.call_indirect %a() : i32\n  return\n}', "2:34: invalid kind of type specified: expected builtin.function, but found 'i32'"],
  [
    'func.func @f(%a: i32) attributes {function_type = 1} {\n  return\n}',
    "1:23: 'function_type' is an inferred attribute and should not be specified in the explicit attribute dictionary",
  ],
  ['func.func @f(%a: i32, i32) {\n  return\n}', '1:23: expected SSA identifier'],
  ['func.func @f(i32, %a: i32) {\n  return\n}', '1:19: expected type instead of SSA identifier'],
  [
    'func.func @f(%x: index) {\n  cf.switch %x : index, [\n    default: ^bb1\n  ]\n^bb1:\n  return\n}',
    "2:18: invalid kind of type specified: expected builtin.integer, but found 'index'",
  ],
  // As upstream, the default operands of cf.switch take no result number (its cases do).
  [
    'func.func @f(%x: i32) {\n  %0:2 = "test.two"() : () -> (i32, i32)\n  cf.switch %x : i32, [\n    default: ^bb1(%0#1 : i32)\n  ]\n^bb1(%b: i32):\n  return\n}',
    '4:21: result number not allowed in argument list',
  ],
]

// `mlir-opt` (MLIR 22) prints case values as `APInt::getLimitedValue()`: zero-extended
// and capped at 2^64-1, so -5 prints as 251 for i8 and as 18446744073709551615 for i128.
describe('cf.switch operands', () => {
  it('takes a result number in case operands', () => {
    const src = 'func.func @f(%x: i32) {\n  %0:2 = "test.two"() : () -> (i32, i32)\n  cf.switch %x : i32, [\n    default: ^bb1(%x : i32),\n    3: ^bb1(%0#1 : i32)\n  ]\n^bb1(%b: i32):\n  return\n}'
    const { out, diags } = roundTrip(src, [FuncDialect, CfDialect], { allowUnregistered: true })
    expect(diags).toEqual([])
    expect(out).toContain('3: ^bb1(%0#1 : i32)')
  })
})

describe('llvm.switch operands', () => {
  it('takes a result number in the default operands but not in case operands (as upstream)', () => {
    const src = 'func.func @f(%f: i32) {\n  %0:2 = "test.two"() : () -> (i32, i32)\n  llvm.switch %f : i32, ^bb1(%0#1 : i32) [\n    1: ^bb1(%0#0 : i32)\n  ]\n^bb1(%x: i32):\n  return\n}'
    const { diags } = roundTrip(src, [FuncDialect, LLVMDialect], { allowUnregistered: true })
    expect(diags[0]).toMatch(/^4:15: error: .*result number not allowed in argument list$/)
  })
})

describe('cf.switch case values', () => {
  for (const [type, printed] of [
    ['i8', '251'],
    ['i64', '18446744073709551611'],
    ['i128', '18446744073709551615'],
  ] as const) {
    it(`prints -5 : ${type} as mlir-opt does`, () => {
      const src = `func.func @f(%x: ${type}) {\n  cf.switch %x : ${type}, [\n    default: ^bb1,\n    -5: ^bb1\n  ]\n^bb1:\n  return\n}`
      const { out } = roundTrip(src, [FuncDialect, CfDialect])
      expect(out).toContain(`      ${printed}: ^bb1\n`)
    })
  }
})

describe('func and cf parse errors', () => {
  for (const [src, expected] of PARSE_ERRORS) {
    it(expected, () => {
      const { diags } = roundTrip(src, [FuncDialect, CfDialect], { allowUnregistered: true })
      const [pos, ...rest] = expected.split(' ')
      const first = diags[0] ?? ''
      expect(first.startsWith(`${pos} error: `)).toBe(true)
      expect(first.endsWith(rest.join(' '))).toBe(true)
    })
  }
})

describe('BranchOpInterface.eraseSuccessorOperand', () => {
  it('drops forwarded operands and keeps the segment sizes consistent', () => {
    const src = `func.func @f(%a: i32, %b: i64, %c: i1) {
  cf.cond_br %c, ^bb1(%a, %b : i32, i64), ^bb2(%b, %a : i64, i32)
^bb1(%x: i32, %y: i64):
  cf.switch %a : i32, [
    default: ^bb2(%b, %a : i64, i32),
    7: ^bb3(%a, %b : i32, i64)
  ]
^bb2(%z: i64, %w: i32):
  cf.br ^bb3(%w, %z : i32, i64)
^bb3(%u: i32, %v: i64):
  return
}
`
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect] })
    const r = parseSourceString(src, ctx)!
    const fn = r.op.regions[0]!.front.firstOp!
    const blocks = fn.regions[0]!.blockList
    // Drop the i64 argument of every non-entry block and the operands feeding it.
    for (const target of blocks.slice(1).reverse()) {
      const argIndex = target.arguments.findIndex((a) => a.type === IntegerType.get(ctx, 64))
      for (const b of blocks) {
        const term = b.lastOp!
        const iface = BranchOpInterface.get(term)
        if (iface === undefined) {
          continue
        }
        term.successors.forEach((s, i) => {
          if (s.block === target) {
            iface.eraseSuccessorOperand!(term, i, argIndex)
          }
        })
      }
      target.eraseArgument(argIndex)
    }
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(`module {
  func.func @f(%arg0: i32, %arg1: i64, %arg2: i1) {
    cf.cond_br %arg2, ^bb1(%arg0 : i32), ^bb2(%arg0 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    cf.switch %arg0 : i32, [
      default: ^bb2(%arg0 : i32),
      7: ^bb3(%arg0 : i32)
    ]
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    cf.br ^bb3(%1 : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    return
  }
}
`)
  })
})
