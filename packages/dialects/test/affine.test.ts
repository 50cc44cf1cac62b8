// affine subset (affine.for, affine.if, affine.yield, affine.apply): parse then print must equal
// mlir-opt 22.1.8's output (custom and generic form), and invalid inputs must give its messages.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { AffineDialect, isValidDim, isValidSymbol } from '../src/affine/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'

function newContext(): Context {
  return new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect, AffineDialect, MemRefDialect], allowUnregisteredDialects: true })
}

/** Parses and verifies `source`; returns the printed module or the first diagnostic message. */
function run(source: string, generic = false): { out: string; error: string | undefined } {
  const ctx = newContext()
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { out: ok ? `${printOperation(r.op, { printGenericOpForm: generic })}\n` : "", error: errors[0] }
}

const INPUT = `#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
func.func @f(%n: index, %m: index, %x: f32, %buf: memref<?xf32>) -> f32 {
  affine.for %i = 0 to 8 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %n step 4 {
      %v = memref.load %buf[%j] : memref<?xf32>
      memref.store %v, %buf[%i] {nontemporal = true} : memref<?xf32>
    } {tag}
  }
  %r = affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 + 2)>(%n)[%m] to min affine_map<(d0) -> (d0, 100)>(%m) iter_args(%acc = %x) -> (f32) {
    %y = affine.if #set(%i)[%n] -> f32 {
      affine.yield %acc : f32
    } else {
      affine.yield %x : f32
    }
    affine.yield %y : f32
  }
  affine.if #set(%n)[%m] {
    %a = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>(%n)[%m]
  }
  return %r : f32
}
`

// mlir-opt ar.mlir
const CUSTOM = `#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0, s0 + 2)>
#map2 = affine_map<(d0) -> (d0, 100)>
#map3 = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  func.func @f(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<?xf32>) -> f32 {
    affine.for %arg4 = 0 to 8 {
      affine.for %arg5 = #map(%arg4) to %arg0 step 4 {
        %1 = memref.load %arg3[%arg5] : memref<?xf32>
        memref.store %1, %arg3[%arg4] {nontemporal = true} : memref<?xf32>
      } {tag}
    }
    %0 = affine.for %arg4 = max #map1(%arg0)[%arg1] to min #map2(%arg1) iter_args(%arg5 = %arg2) -> (f32) {
      %1 = affine.if #set(%arg4)[%arg0] -> f32 {
        affine.yield %arg5 : f32
      } else {
        affine.yield %arg2 : f32
      }
      affine.yield %1 : f32
    }
    affine.if #set(%arg0)[%arg1] {
      %1 = affine.apply #map3(%arg0)[%arg1]
    }
    return %0 : f32
  }
}

`

// mlir-opt -mlir-print-op-generic ar.mlir
const GENERIC = `#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<()[s0] -> (s0)>
#map2 = affine_map<() -> (0)>
#map3 = affine_map<() -> (8)>
#map4 = affine_map<(d0)[s0] -> (d0, s0 + 2)>
#map5 = affine_map<(d0) -> (d0, 100)>
#map6 = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (index, index, f32, memref<?xf32>) -> f32, sym_name = "f"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: f32, %arg3: memref<?xf32>):
    "affine.for"() <{lowerBoundMap = #map2, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map3}> ({
    ^bb0(%arg6: index):
      "affine.for"(%arg6, %arg0) <{lowerBoundMap = #map, operandSegmentSizes = array<i32: 1, 1, 0>, step = 4 : index, upperBoundMap = #map1}> ({
      ^bb0(%arg7: index):
        %3 = "memref.load"(%arg3, %arg7) : (memref<?xf32>, index) -> f32
        "memref.store"(%3, %arg3, %arg6) <{nontemporal = true}> : (f32, memref<?xf32>, index) -> ()
        "affine.yield"() : () -> ()
      }) {tag} : (index, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    %0 = "affine.for"(%arg0, %arg1, %arg1, %arg2) <{lowerBoundMap = #map4, operandSegmentSizes = array<i32: 2, 1, 1>, step = 1 : index, upperBoundMap = #map5}> ({
    ^bb0(%arg4: index, %arg5: f32):
      %2 = "affine.if"(%arg4, %arg0) <{condition = #set}> ({
        "affine.yield"(%arg5) : (f32) -> ()
      }, {
        "affine.yield"(%arg2) : (f32) -> ()
      }) : (index, index) -> f32
      "affine.yield"(%2) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "affine.if"(%arg0, %arg1) <{condition = #set}> ({
      %1 = "affine.apply"(%arg0, %arg1) <{map = #map6}> : (index, index) -> index
      "affine.yield"() : () -> ()
    }, {
    }) : (index, index) -> ()
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

`

// mlir-opt access.mlir (and with -mlir-print-op-generic)
const ACCESS_INPUT = `func.func @f(%m: memref<10x20xf32>, %n: index, %v: f32) {
  affine.for %i = 0 to 10 {
    %x = affine.load %m[%i, %i + 1] : memref<10x20xf32>
    %y = affine.load %m[%i * 2 + symbol(%n), 3] {foo} : memref<10x20xf32>
    affine.store %v, %m[%i, symbol(%n) - 1] : memref<10x20xf32>
    affine.store %x, %m[%i, %i] : memref<10x20xf32>
  }
  return
}
`
const ACCESS_CUSTOM = `module {
  func.func @f(%arg0: memref<10x20xf32>, %arg1: index, %arg2: f32) {
    affine.for %arg3 = 0 to 10 {
      %0 = affine.load %arg0[%arg3, %arg3 + 1] : memref<10x20xf32>
      %1 = affine.load %arg0[%arg3 * 2 + symbol(%arg1), 3] {foo} : memref<10x20xf32>
      affine.store %arg2, %arg0[%arg3, symbol(%arg1) - 1] : memref<10x20xf32>
      affine.store %0, %arg0[%arg3, %arg3] : memref<10x20xf32>
    }
    return
  }
}

`
const ACCESS_GENERIC = `#map = affine_map<(d0) -> (d0, d0 + 1)>
#map1 = affine_map<(d0)[s0] -> (d0 * 2 + s0, 3)>
#map2 = affine_map<(d0)[s0] -> (d0, s0 - 1)>
#map3 = affine_map<(d0) -> (d0, d0)>
#map4 = affine_map<() -> (0)>
#map5 = affine_map<() -> (10)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<10x20xf32>, index, f32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: memref<10x20xf32>, %arg1: index, %arg2: f32):
    "affine.for"() <{lowerBoundMap = #map4, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map5}> ({
    ^bb0(%arg3: index):
      %0 = "affine.load"(%arg0, %arg3) <{map = #map}> : (memref<10x20xf32>, index) -> f32
      %1 = "affine.load"(%arg0, %arg3, %arg1) <{map = #map1}> {foo} : (memref<10x20xf32>, index, index) -> f32
      "affine.store"(%arg2, %arg0, %arg3, %arg1) <{map = #map2}> : (f32, memref<10x20xf32>, index, index) -> ()
      "affine.store"(%0, %arg0, %arg3) <{map = #map3}> : (f32, memref<10x20xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

`

describe('affine.load and affine.store', () => {
  it('parse subscripts over SSA values (dims, symbol(...)) and print as mlir-opt', () => {
    expect(run(ACCESS_INPUT).out).toBe(ACCESS_CUSTOM)
    expect(run(ACCESS_INPUT, true).out).toBe(ACCESS_GENERIC)
    expect(run(ACCESS_GENERIC).out).toBe(ACCESS_CUSTOM)
  })
})

describe('affine round trip', () => {
  it('prints the custom form as mlir-opt', () => {
    const r = run(INPUT)
    expect(r.error).toBeUndefined()
    expect(r.out).toBe(CUSTOM)
  })
  it('prints the generic form as mlir-opt', () => {
    expect(run(INPUT, true).out).toBe(GENERIC)
  })
  it('re-parses its own output to the same text', () => {
    expect(run(CUSTOM).out).toBe(CUSTOM)
    expect(run(GENERIC).out).toBe(CUSTOM)
  })
})

function wrap(body: string): string {
  return `#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>\nfunc.func @f(%n: index, %x: f32) {\n${body}\nreturn\n}\n`
}

// Each message is the one mlir-opt 22.1.8 reports for the same input.
const INVALID: readonly (readonly [string, string])[] = [
  [`affine.for %i = 0 to 8 step -1 { }`, `expected step to be representable as a positive signed integer`],
  [`affine.for %i = affine_map<(d0) -> (d0, 1)>(%n) to 8 { }`, `lower loop bound affine map with multiple results requires 'max' prefix`],
  [`affine.for %i = 0 to affine_map<(d0) -> (d0, 1)>(%n) { }`, `upper loop bound affine map with multiple results requires 'min' prefix`],
  [`affine.for %i = affine_map<(d0) -> (d0)>(%n, %n) to 8 { }`, `dim operand count and affine map dim count must match`],
  [`affine.for %i = 0 to affine_map<(d0)[s0] -> (d0 + s0)>(%n) { }`, `symbol operand count and affine map symbol count must match`],
  [`affine.for %i = affine_map<(d0) -> (d0)>(%n)[%n] to 8 { }`, `symbol operand count and affine map symbol count must match`],
  [`affine.for %i = 0 to affine_map<() -> ()>() { }`, `'affine.for' op expected upper bound map to have at least one result`],
  [`affine.for %i = 0 to 8 { %c = "foo"() : () -> index  affine.for %j = 0 to %c { } }`, `'affine.for' op operand cannot be used as a symbol`],
  [`%m = "foo"() : () -> memref<4xf32>\n%y = affine.load %m[%n, %n] : memref<4xf32>`, `'affine.load' op affine map num results must equal memref rank`],
  [`%m = "foo"() : () -> memref<4xf32>\naffine.for %i = 0 to 8 { %c = "foo"() : () -> index\n %y = affine.load %m[symbol(%c)] : memref<4xf32> }`, `'affine.load' op operand cannot be used as a symbol`],
  [`affine.for %i = 0 to 8 { affine.for %j = %i to 8 { } }`, `'affine.for' op operand cannot be used as a symbol`],
  [`affine.for %i = 0 to 8 { %c = "foo"() : () -> index  affine.if #set(%c)[%n] { } }`, `'affine.if' op operand cannot be used as a dimension id`],
  [`affine.if #set(%n) { }`, `symbol operand count and integer set symbol count must match`],
  [`"affine.if"(%n) ({ "affine.yield"() : () -> () }, { }) {condition = #set} : (index) -> ()`, `'affine.if' op operand count and condition integer set dimension and symbol count must match`],
  [`%r = affine.for %i = 0 to 8 iter_args(%a = %x) -> (f32) { affine.yield %a, %a : f32, f32 }`, `'affine.yield' op parent of yield must have same number of results as the yield operands`],
  [`%r = affine.for %i = 0 to 8 iter_args(%a = %x) -> (f32) { affine.yield %n : index }`, `'affine.yield' op types mismatch between yield op and its parent`],
  [`%y = affine.apply affine_map<(d0) -> (d0)>(%n)[%n]`, `dimension or symbol index mismatch`],
  [`%y = "affine.apply"(%n) {map = affine_map<(d0) -> (d0, d0)>} : (index) -> index`, `'affine.apply' op mapping must produce one value`],
]

describe('affine diagnostics', () => {
  for (const [body, message] of INVALID) {
    it(body, () => {
      expect(run(wrap(body)).error).toContain(message)
    })
  }
})

describe('affine dims and symbols', () => {
  it('accepts function arguments and constants as symbols, loop IVs only as dims', () => {
    const ctx = newContext()
    const r = parseSourceString(wrap('%c = arith.constant 3 : index\naffine.for %i = 0 to 8 { "use"(%i, %c) : (index, index) -> () }'), ctx)
    expect(r).not.toBeNull()
    const fn = r!.op.regions[0]!.front.firstOp!
    const entry = fn.regions[0]!.front
    const n = entry.arguments[0]!
    const c = entry.firstOp!.results[0]!
    const loop = entry.firstOp!.nextOp!
    const iv = loop.regions[0]!.front.arguments[0]!
    const scope = fn.regions[0]!
    expect(isValidSymbol(n, scope)).toBe(true)
    expect(isValidSymbol(c, scope)).toBe(true)
    expect(isValidDim(iv, scope)).toBe(true)
    expect(isValidSymbol(iv, scope)).toBe(false)
    expect(isValidSymbol(entry.arguments[1]!, scope)).toBe(false)
  })
})
