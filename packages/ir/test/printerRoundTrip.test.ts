import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, printOperation, type AsmPrinterOptions } from '@tilepass/ir'

// Round trips: each input is parsed with parseSourceString and printed with the
// options matching the mlir-opt flags; the expected text is mlir-opt 22's output for
// `mlir-opt --allow-unregistered-dialect <file> <flags>` minus its final newline.

function roundTrip(filename: string, source: string, options: AsmPrinterOptions): string {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const result = parseSourceString(source, ctx, { filename })
  if (result === null) {
    throw new Error(`failed to parse ${filename}`)
  }
  return printOperation(result.op, { ...options, resources: result })
}

const SRC_A = `#m = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #m, b = #s, c = affine_map<(d0) -> (d0)>, d = distinct[5]<42 : i32>, e = distinct[7]<42 : i32>, f = loc("x":1:2), g = tuple<i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32>, h = distinct[3]<unit>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %c0 = "test.d"() : () -> i32 loc("foo")
}
`

const SRC_C = `module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.0 : f64, b = [1, 2.5, 1 : i32, "s\\n\\"é"], c = 0.1 : f32, d = 0.1 : f64, e = 1.0e-10 : f64, f = 3.0e38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.0 : f64, j = 0.1 : f16, k = 0.1 : bf16, l = 0.3333333333333333 : f64, m = 16777217.0 : f64, n = 3.14159265 : f32, o = 65504.0 : f16, p = 1.0e20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = 255 : i8, v = -5 : si8, w = 7 : index, x = unit, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.5> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.0, 2.0)> : tensor<complex<f32>>, j = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>)
}
`

const SRC_E2 = `%0 = builtin.unrealized_conversion_cast to i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to i64
%2:2 = builtin.unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
"test.wrap"() ({
  %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index loc("cast")
  module @inner attributes {test.attr} {
    %4 = builtin.unrealized_conversion_cast to f32
  }
}) : () -> ()
module {
}
`

const SRC_G = `"test.a"() : () -> () loc("a"("f":1:2))
"test.a"() : () -> () loc(callsite("f":3:4 at "f":1:2))
"test.a"() : () -> () loc(callsite("a" at "f":1:2))
"test.a"() : () -> () loc(fused<"m">["a", "f":1:2])
"test.a"() : () -> () loc(fused["f":1:2, "f":3:4])
`

const SRC_RT1 = `#set0 = affine_set<(d0) : (1 == 0)>
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
"test.func"() ({
^bb0(%x: i32, %y: i64 loc("hotdog")):
  %1 = "foo"() : () -> i32 loc("foo")
  %2 = "test.c"() {value = 4 : index} : () -> index loc(callsite("foo" at "mysource.cc":10:8))
  "test.for"() ({
  ^bb0(%i0: index loc("IVlocation")):
    "test.yield"() : () -> ()
  }) : () -> () loc(fused["foo", "mysource.cc":10:8])
  "test.if"(%2) ({
  }) {c = #set0} : (index) -> () loc(fused<"myPass">["foo", "foo2"])
  "test.if"(%2) ({
  }) {c = #set0, m = #map} : (index) -> () loc(fused<"myPass">["foo"])
  "foo"() : () -> () loc("escaped\\n")
  "foo"() : () -> () loc("escaped\\n":0:0)
  "test.br"()[^bb1] : () -> ()
^bb1:
  %3:3 = "test.multi"(%1, %x) : (i32, i32) -> (i32, i32, f32) loc("named"("inner.mlir":1:2))
  "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.return"(%3#2) : (f32) -> () loc(unknown)
}) {sym_name = "inline_notation", arg_attrs = [{foo.loc_attr = loc(callsite("foo" at "mysource.cc":10:8))}, {}]} : () -> ()
"foo.op"() {a = dense<[1.5, 2.0, 0x7FC00000]> : tensor<3xf32>, b = dense<"0x0000803F"> : tensor<1xf32>, c = array<f64: 0.1, 1.0e300>, d = ["a", @b, i32, unit, {x}]} : () -> () loc(#loc)
%c = builtin.unrealized_conversion_cast to i32
#loc = loc("outofline.mlir":4:5)
`

const SRC_RES = `"test.a"() {b = dense_resource<blob2> : tensor<1xi32>, a = dense_resource<blob1> : tensor<2xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000",
      unused: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\n"
    }
  }
#-}
`

const SRC_M = `"test.two"() ({
}, {
^bb0:
  "test.x"() : () -> ()
}, {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.br"()[^bb1] : () -> ()
^bb2:
  "test.y"() : () -> ()
}) : () -> ()
"test.attrs"() {"quoted name" = 1, "a.b" = unit, _x = "\\t\\\\", s = dense<["x\\"y", "\\00"]> : tensor<2x!foo.s>, ci = dense<[(1, -2)]> : tensor<1xcomplex<i8>>, bs = dense<true> : tensor<3xi1>, u = 1 : ui1, si = -1 : si1, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>} : () -> ()
%0:4 = "test.res"() : () -> (i1, i2, i3, i4)
"test.use"(%0#3, %0#0) : (i4, i1) -> ()
`

const SRC_N = `"test.a"() {a = [tuple<memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>>, affine_map<(d0) -> (d0 * 2)>], b = distinct[0]<[affine_map<(d0) -> (d0 * 3)>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>]>, c = loc(fused<affine_map<(d0) -> (d0 * 2)>>["x":1:1])} : () -> ()
"test.b"() : () -> (tuple<memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>>) loc("x":1:1)
`

const SRC_Q = `"t.a"() {a = [0x7FF0000000000000 : f64, 1.0 : f64, 16777217.0 : f64, 0.3333333333333333 : f64, 0x7F800000 : f32]} : () -> ()
"t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = affine_map<(d0) -> (d0 * 5)>} : () -> ()
`

describe('parse then print matches mlir-opt', () => {
  it(`a.mlir `, () => {
    expect(roundTrip('a.mlir', SRC_A, {})).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}
`)
  })

  it(`a.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printGenericOpForm: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
"builtin.module"() ({
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}) : () -> ()
`)
  })

  it(`a.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printDebugInfo: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc2 = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc2, g = !tuple, h = distinct[2]<>} : () -> () loc(#loc1)
  %0:2 = "test.b"() : () -> (i32, i32) loc(#loc3)
  "test.c"(%0#1, %0#0) : (i32, i32) -> () loc(#loc4)
  %1 = "test.d"() : () -> i32 loc(#loc5)
} loc(#loc)
#loc = loc("a.mlir":3:1)
#loc1 = loc("a.mlir":4:3)
#loc3 = loc("a.mlir":5:10)
#loc4 = loc("a.mlir":6:3)
#loc5 = loc("foo")
`)
  })

  it(`a.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc2 = x:1:2
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc2, g = !tuple, h = distinct[2]<>} : () -> () a.mlir:4:3
  %0:2 = "test.b"() : () -> (i32, i32) a.mlir:5:10
  "test.c"(%0#1, %0#0) : (i32, i32) -> () a.mlir:6:3
  %1 = "test.d"() : () -> i32 "foo"
} a.mlir:3:1
#loc = a.mlir:3:1
#loc1 = a.mlir:4:3
#loc3 = a.mlir:5:10
#loc4 = a.mlir:6:3
#loc5 = "foo"
`)
  })

  it(`a.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.a"() {a = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>, b = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, c = affine_map<(d0) -> (d0)>, d = distinct[0]<42 : i32>, e = distinct[1]<42 : i32>, f = loc("x":1:2), g = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>, h = distinct[2]<>} : () -> () loc("a.mlir":4:3)
  %0:2 = "test.b"() : () -> (i32, i32) loc("a.mlir":5:10)
  "test.c"(%0#1, %0#0) : (i32, i32) -> () loc("a.mlir":6:3)
  %1 = "test.d"() : () -> i32 loc("foo")
} loc("a.mlir":3:1)`)
  })

  it(`a.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printValueUsers: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %1:2 = "test.b"() : () -> (i32, i32) // users: (%2), (%2)
  "test.c"(%1#1, %1#0) : (i32, i32) -> () // id: %2
  %3 = "test.d"() : () -> i32 // unused
}
`)
  })

  it(`a.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('a.mlir', SRC_A, { printUniqueSSAIDs: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}
`)
  })

  it(`a.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('a.mlir', SRC_A, { useNameLocAsPrefix: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %foo = "test.d"() : () -> i32
}
`)
  })

  it(`a.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('a.mlir', SRC_A, { elideElementsAttrsIfLarger: 2 })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}
`)
  })

  it(`a.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('a.mlir', SRC_A, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`a.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('a.mlir', SRC_A, { elideResourceStringsIfLarger: 10 })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}
`)
  })

  it(`c.mlir `, () => {
    expect(roundTrip('c.mlir', SRC_C, {})).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}
`)
  })

  it(`c.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printGenericOpForm: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() <{sym_name = "m", sym_visibility = "private"}> ({
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}) {foo.x = 1 : i64} : () -> ()
`)
  })

  it(`c.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printDebugInfo: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> () loc(#loc1)
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> () loc(#loc2)
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>) loc(#loc3)
} loc(#loc)
#loc = loc("c.mlir":1:1)
#loc1 = loc("c.mlir":2:3)
#loc2 = loc("c.mlir":3:3)
#loc3 = loc("c.mlir":4:3)
`)
  })

  it(`c.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> () c.mlir:2:3
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> () c.mlir:3:3
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>) c.mlir:4:3
} c.mlir:1:1
#loc = c.mlir:1:1
#loc1 = c.mlir:2:3
#loc2 = c.mlir:3:3
#loc3 = c.mlir:4:3
`)
  })

  it(`c.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printLocalScope: true, printDebugInfo: true })).toBe(`module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> () loc("c.mlir":2:3)
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> () loc("c.mlir":3:3)
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>) loc("c.mlir":4:3)
} loc("c.mlir":1:1)`)
  })

  it(`c.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printValueUsers: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %2:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>) // unused
}
`)
  })

  it(`c.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('c.mlir', SRC_C, { printUniqueSSAIDs: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}
`)
  })

  it(`c.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('c.mlir', SRC_C, { useNameLocAsPrefix: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}
`)
  })

  it(`c.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('c.mlir', SRC_C, { elideElementsAttrsIfLarger: 2 })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense_resource<__elided__> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}
`)
  })

  it(`c.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('c.mlir', SRC_C, { skipRegions: true })).toBe(`module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {...}
`)
  })

  it(`c.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('c.mlir', SRC_C, { elideResourceStringsIfLarger: 10 })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {
  "test.a"() {a = 1.000000e+00 : f64, b = [1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"], c = 1.000000e-01 : f32, d = 1.000000e-01 : f64, e = 1.000000e-10 : f64, f = 3.000000e+38 : f32, g = 0x7FC00000 : f32, h = 0x7F800000 : f32, i = -0.000000e+00 : f64, j = 9.997550e-02 : f16, k = 1.000980e-01 : bf16, l = 0.33333333333333331 : f64, m = 0x4170000010000000 : f64, n = 3.14159274 : f32, o = 6.550400e+04 : f16, p = 1.000000e+20 : f64, q = 0xFFF0000000000000 : f64, r = 0x7E00 : f16, s = 0x7FC0 : bf16, t = 255 : ui8, u = -1 : i8, v = -5 : si8, w = 7 : index, x, y = @a::@b, z = @"x y"} : () -> ()
  "test.b"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<1.500000e+00> : vector<4xf32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<> : tensor<0xi32>, e = dense<["a", "b"]> : tensor<2x!foo.s>, f = array<i32: 1, 2>, g = array<f32>, h = array<i1: true, false>, i = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>, j = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, k = strided<[?, 1], offset: ?>, l = strided<[4, 1]>, m = strided<[], offset: 3>, n = 5 : ui64, o = dense<7> : tensor<i64>} : () -> ()
  %0:12 = "test.c"() : () -> (memref<4x?xf32, strided<[?, 1]>, 3>, tensor<?x4xf32, "enc">, vector<[4]x8xf32>, memref<*xf32, 1>, tuple<>, () -> (), (i32) -> (() -> ()), complex<f32>, !foo.foo<"x">, !foo.bar, !foo<"qq">, memref<2xf32, #map>)
}
`)
  })

  it(`e2.mlir `, () => {
    expect(roundTrip('e2.mlir', SRC_E2, {})).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`e2.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printGenericOpForm: true })).toBe(`"builtin.module"() ({
  %0 = "builtin.unrealized_conversion_cast"() : () -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
  %2:2 = "builtin.unrealized_conversion_cast"(%0, %1) {foo.bar = "x"} : (i32, i64) -> (i64, i32)
  "test.wrap"() ({
    %3 = "builtin.unrealized_conversion_cast"(%2#1) : (i32) -> index
    "builtin.module"() <{sym_name = "inner"}> ({
      %4 = "builtin.unrealized_conversion_cast"() : () -> f32
    }) {test.attr} : () -> ()
  }) : () -> ()
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()
`)
  })

  it(`e2.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printDebugInfo: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32 loc(#loc1)
  %1 = unrealized_conversion_cast %0 : i32 to i64 loc(#loc2)
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"} loc(#loc3)
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index loc(#loc5)
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32 loc(#loc7)
    } loc(#loc6)
  }) : () -> () loc(#loc4)
  module {
  } loc(#loc8)
} loc(#loc)
#loc = loc("e2.mlir":0:0)
#loc1 = loc("e2.mlir":1:6)
#loc2 = loc("e2.mlir":2:6)
#loc3 = loc("e2.mlir":3:8)
#loc4 = loc("e2.mlir":4:1)
#loc5 = loc("cast")
#loc6 = loc("e2.mlir":6:3)
#loc7 = loc("e2.mlir":7:10)
#loc8 = loc("e2.mlir":10:1)
`)
  })

  it(`e2.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32 e2.mlir:1:6
  %1 = unrealized_conversion_cast %0 : i32 to i64 e2.mlir:2:6
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"} e2.mlir:3:8
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index "cast"
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32 e2.mlir:7:10
    } e2.mlir:6:3
  }) : () -> () e2.mlir:4:1
  module {
  } e2.mlir:10:1
} e2.mlir:0:0
#loc = e2.mlir:0:0
#loc1 = e2.mlir:1:6
#loc2 = e2.mlir:2:6
#loc3 = e2.mlir:3:8
#loc4 = e2.mlir:4:1
#loc5 = "cast"
#loc6 = e2.mlir:6:3
#loc7 = e2.mlir:7:10
#loc8 = e2.mlir:10:1
`)
  })

  it(`e2.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32 loc("e2.mlir":1:6)
  %1 = unrealized_conversion_cast %0 : i32 to i64 loc("e2.mlir":2:6)
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"} loc("e2.mlir":3:8)
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index loc("cast")
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32 loc("e2.mlir":7:10)
    } loc("e2.mlir":6:3)
  }) : () -> () loc("e2.mlir":4:1)
  module {
  } loc("e2.mlir":10:1)
} loc("e2.mlir":0:0)`)
  })

  it(`e2.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printValueUsers: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32 // users: %2#0, %2#1, %1
  %1 = unrealized_conversion_cast %0 : i32 to i64 // users: %2#0, %2#1
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"} // users: (unused), (%5)
  "test.wrap"() ({
    %5 = builtin.unrealized_conversion_cast %2#1 : i32 to index // unused
    builtin.module @inner attributes {test.attr} {
      %7 = unrealized_conversion_cast to f32 // unused
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`e2.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { printUniqueSSAIDs: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`e2.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { useNameLocAsPrefix: true })).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
  "test.wrap"() ({
    %cast = builtin.unrealized_conversion_cast %2#1 : i32 to index
    builtin.module @inner attributes {test.attr} {
      %3 = unrealized_conversion_cast to f32
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`e2.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { elideElementsAttrsIfLarger: 2 })).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`e2.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`e2.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('e2.mlir', SRC_E2, { elideResourceStringsIfLarger: 10 })).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32 {foo.bar = "x"}
  "test.wrap"() ({
    %3 = builtin.unrealized_conversion_cast %2#1 : i32 to index
    builtin.module @inner attributes {test.attr} {
      %4 = unrealized_conversion_cast to f32
    }
  }) : () -> ()
  module {
  }
}
`)
  })

  it(`g.mlir `, () => {
    expect(roundTrip('g.mlir', SRC_G, {})).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`g.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printGenericOpForm: true })).toBe(`"builtin.module"() ({
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}) : () -> ()
`)
  })

  it(`g.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printDebugInfo: true })).toBe(`module {
  "test.a"() : () -> () loc(#loc4)
  "test.a"() : () -> () loc(#loc5)
  "test.a"() : () -> () loc(#loc6)
  "test.a"() : () -> () loc(#loc7)
  "test.a"() : () -> () loc(#loc8)
} loc(#loc)
#loc = loc("g.mlir":0:0)
#loc1 = loc("f":1:2)
#loc2 = loc("f":3:4)
#loc3 = loc("a")
#loc4 = loc("a"(#loc1))
#loc5 = loc(callsite(#loc2 at #loc1))
#loc6 = loc(callsite(#loc3 at #loc1))
#loc7 = loc(fused<"m">[#loc3, #loc1])
#loc8 = loc(fused[#loc1, #loc2])
`)
  })

  it(`g.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`module {
  "test.a"() : () -> () "a"(#loc1)
  "test.a"() : () -> () #loc2
 at #loc1
  "test.a"() : () -> () #loc3 at #loc1
  "test.a"() : () -> () <"m">[#loc3, #loc1]
  "test.a"() : () -> () [#loc1, #loc2]
} g.mlir:0:0
#loc = g.mlir:0:0
#loc1 = f:1:2
#loc2 = f:3:4
#loc3 = "a"
#loc4 = "a"(#loc1)
#loc5 = #loc2
 at #loc1
#loc6 = #loc3 at #loc1
#loc7 = <"m">[#loc3, #loc1]
#loc8 = [#loc1, #loc2]
`)
  })

  it(`g.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.a"() : () -> () loc("a"("f":1:2))
  "test.a"() : () -> () loc(callsite("f":3:4 at "f":1:2))
  "test.a"() : () -> () loc(callsite("a" at "f":1:2))
  "test.a"() : () -> () loc(fused<"m">["a", "f":1:2])
  "test.a"() : () -> () loc(fused["f":1:2, "f":3:4])
} loc("g.mlir":0:0)`)
  })

  it(`g.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printValueUsers: true })).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`g.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('g.mlir', SRC_G, { printUniqueSSAIDs: true })).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`g.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('g.mlir', SRC_G, { useNameLocAsPrefix: true })).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`g.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('g.mlir', SRC_G, { elideElementsAttrsIfLarger: 2 })).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`g.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('g.mlir', SRC_G, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`g.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('g.mlir', SRC_G, { elideResourceStringsIfLarger: 10 })).toBe(`module {
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
  "test.a"() : () -> ()
}
`)
  })

  it(`rt1.mlir `, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, {})).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %1 = "foo"() : () -> i32
    %2 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%arg2: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%2) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = unrealized_conversion_cast to i32
}
`)
  })

  it(`rt1.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printGenericOpForm: true })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %1 = "foo"() : () -> i32
    %2 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%arg2: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%2) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = "builtin.unrealized_conversion_cast"() : () -> i32
}) : () -> ()
`)
  })

  it(`rt1.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printDebugInfo: true })).toBe(`#loc2 = loc("rt1.mlir":4:6)
#loc3 = loc("hotdog")
#loc4 = loc("foo")
#loc5 = loc("mysource.cc":10:8)
#loc6 = loc("IVlocation")
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc18 = loc(callsite(#loc4 at #loc5))
module {
  "test.func"() ({
  ^bb0(%arg0: i32 loc("rt1.mlir":4:6), %arg1: i64 loc("hotdog")):
    %1 = "foo"() : () -> i32 loc(#loc4)
    %2 = "test.c"() {value = 4 : index} : () -> index loc(#loc18)
    "test.for"() ({
    ^bb0(%arg2: index loc("IVlocation")):
      "test.yield"() : () -> () loc(#loc7)
    }) : () -> () loc(#loc19)
    "test.if"(%2) ({
    }) {c = #set} : (index) -> () loc(#loc20)
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> () loc(#loc21)
    "foo"() : () -> () loc(#loc9)
    "foo"() : () -> () loc(#loc10)
    "test.br"()[^bb1] : () -> () loc(#loc11)
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32) loc(#loc22)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> () loc(#loc13)
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> () loc(#loc14)
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> () loc(#loc15)
  }) {arg_attrs = [{foo.loc_attr = #loc18}, {}], sym_name = "inline_notation"} : () -> () loc(#loc1)
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> () loc(#loc16)
  %0 = unrealized_conversion_cast to i32 loc(#loc17)
} loc(#loc)
#loc = loc("rt1.mlir":0:0)
#loc1 = loc("rt1.mlir":3:1)
#loc7 = loc("rt1.mlir":9:5)
#loc8 = loc("foo2")
#loc9 = loc("escaped\\0A")
#loc10 = loc("escaped\\0A":0:0)
#loc11 = loc("rt1.mlir":17:3)
#loc12 = loc("inner.mlir":1:2)
#loc13 = loc("rt1.mlir":20:3)
#loc14 = loc("rt1.mlir":22:3)
#loc15 = loc(unknown)
#loc16 = loc("outofline.mlir":4:5)
#loc17 = loc("rt1.mlir":27:6)
#loc19 = loc(fused[#loc4, #loc5])
#loc20 = loc(fused<"myPass">[#loc4, #loc8])
#loc21 = loc(fused<"myPass">[#loc4])
#loc22 = loc("named"(#loc12))
`)
  })

  it(`rt1.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`#loc2 = rt1.mlir:4:6
#loc3 = "hotdog"
#loc4 = "foo"
#loc5 = mysource.cc:10:8
#loc6 = "IVlocation"
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc18 = #loc4 at #loc5
module {
  "test.func"() ({
  ^bb0(%arg0: i32 rt1.mlir:4:6, %arg1: i64 "hotdog"):
    %1 = "foo"() : () -> i32 "foo"
    %2 = "test.c"() {value = 4 : index} : () -> index #loc4 at #loc5
    "test.for"() ({
    ^bb0(%arg2: index "IVlocation"):
      "test.yield"() : () -> () rt1.mlir:9:5
    }) : () -> () [#loc4, #loc5]
    "test.if"(%2) ({
    }) {c = #set} : (index) -> () <"myPass">[#loc4, #loc8]
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> () <"myPass">[#loc4]
    "foo"() : () -> () "escaped\\0A"
    "foo"() : () -> () escaped
:0:0
    "test.br"()[^bb1] : () -> () rt1.mlir:17:3
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32) "named"(#loc12)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> () rt1.mlir:20:3
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> () rt1.mlir:22:3
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> () [unknown]
  }) {arg_attrs = [{foo.loc_attr = #loc18}, {}], sym_name = "inline_notation"} : () -> () rt1.mlir:3:1
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> () outofline.mlir:4:5
  %0 = unrealized_conversion_cast to i32 rt1.mlir:27:6
} rt1.mlir:0:0
#loc = rt1.mlir:0:0
#loc1 = rt1.mlir:3:1
#loc7 = rt1.mlir:9:5
#loc8 = "foo2"
#loc9 = "escaped\\0A"
#loc10 = escaped
:0:0
#loc11 = rt1.mlir:17:3
#loc12 = inner.mlir:1:2
#loc13 = rt1.mlir:20:3
#loc14 = rt1.mlir:22:3
#loc15 = [unknown]
#loc16 = outofline.mlir:4:5
#loc17 = rt1.mlir:27:6
#loc19 = [#loc4, #loc5]
#loc20 = <"myPass">[#loc4, #loc8]
#loc21 = <"myPass">[#loc4]
#loc22 = "named"(#loc12)
`)
  })

  it(`rt1.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.func"() ({
  ^bb0(%arg0: i32 loc("rt1.mlir":4:6), %arg1: i64 loc("hotdog")):
    %1 = "foo"() : () -> i32 loc("foo")
    %2 = "test.c"() {value = 4 : index} : () -> index loc(callsite("foo" at "mysource.cc":10:8))
    "test.for"() ({
    ^bb0(%arg2: index loc("IVlocation")):
      "test.yield"() : () -> () loc("rt1.mlir":9:5)
    }) : () -> () loc(fused["foo", "mysource.cc":10:8])
    "test.if"(%2) ({
    }) {c = affine_set<(d0) : (1 == 0)>} : (index) -> () loc(fused<"myPass">["foo", "foo2"])
    "test.if"(%2) ({
    }) {c = affine_set<(d0) : (1 == 0)>, m = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>} : (index) -> () loc(fused<"myPass">["foo"])
    "foo"() : () -> () loc("escaped\\0A")
    "foo"() : () -> () loc("escaped\\0A":0:0)
    "test.br"()[^bb1] : () -> () loc("rt1.mlir":17:3)
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32) loc("named"("inner.mlir":1:2))
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> () loc("rt1.mlir":20:3)
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> () loc("rt1.mlir":22:3)
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> () loc(unknown)
  }) {arg_attrs = [{foo.loc_attr = loc(callsite("foo" at "mysource.cc":10:8))}, {}], sym_name = "inline_notation"} : () -> () loc("rt1.mlir":3:1)
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> () loc("outofline.mlir":4:5)
  %0 = unrealized_conversion_cast to i32 loc("rt1.mlir":27:6)
} loc("rt1.mlir":0:0)`)
  })

  it(`rt1.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printValueUsers: true })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    // %arg0 is used by %11#0, %11#1, %11#2
    // %arg1 is unused
    %3 = "foo"() : () -> i32 // users: %11#0, %11#1, %11#2
    %4 = "test.c"() {value = 4 : index} : () -> index // users: %7, %6
    "test.for"() ({
    ^bb0(%arg2: index):
      // %arg2 is unused
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%4) ({
    }) {c = #set} : (index) -> () // id: %6
    "test.if"(%4) ({
    }) {c = #set, m = #map} : (index) -> () // id: %7
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %11:3 = "test.multi"(%3, %arg0) : (i32, i32) -> (i32, i32, f32) // users: (unused), (%12), (%14)
    "test.cond"(%11#1)[^bb2, ^bb3] : (i32) -> () // id: %12
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%11#2) : (f32) -> () // id: %14
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %2 = unrealized_conversion_cast to i32 // unused
}
`)
  })

  it(`rt1.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { printUniqueSSAIDs: true })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %1 = "foo"() : () -> i32
    %2 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%arg2: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%2) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = unrealized_conversion_cast to i32
}
`)
  })

  it(`rt1.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { useNameLocAsPrefix: true })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %hotdog: i64):
    %foo = "foo"() : () -> i32
    %foo_0 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%IVlocation: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%foo_0) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%foo_0) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %named:3 = "test.multi"(%foo, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%named#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%named#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = unrealized_conversion_cast to i32
}
`)
  })

  it(`rt1.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { elideElementsAttrsIfLarger: 2 })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %1 = "foo"() : () -> i32
    %2 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%arg2: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%2) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense_resource<__elided__> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = unrealized_conversion_cast to i32
}
`)
  })

  it(`rt1.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`rt1.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('rt1.mlir', SRC_RT1, { elideResourceStringsIfLarger: 10 })).toBe(`#loc = loc("foo")
#loc1 = loc("mysource.cc":10:8)
#map = affine_map<(d0)[s0] -> (d0 floordiv 2 + s0, d0 * -3, d0 - s0 - 1)>
#set = affine_set<(d0) : (1 == 0)>
#loc2 = loc(callsite(#loc at #loc1))
module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    %1 = "foo"() : () -> i32
    %2 = "test.c"() {value = 4 : index} : () -> index
    "test.for"() ({
    ^bb0(%arg2: index):
      "test.yield"() : () -> ()
    }) : () -> ()
    "test.if"(%2) ({
    }) {c = #set} : (index) -> ()
    "test.if"(%2) ({
    }) {c = #set, m = #map} : (index) -> ()
    "foo"() : () -> ()
    "foo"() : () -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // pred: ^bb0
    %3:3 = "test.multi"(%1, %arg0) : (i32, i32) -> (i32, i32, f32)
    "test.cond"(%3#1)[^bb2, ^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    "test.return"(%3#2) : (f32) -> ()
  }) {arg_attrs = [{foo.loc_attr = #loc2}, {}], sym_name = "inline_notation"} : () -> ()
  "foo.op"() {a = dense<[1.500000e+00, 2.000000e+00, 0x7FC00000]> : tensor<3xf32>, b = dense<1.000000e+00> : tensor<1xf32>, c = array<f64: 1.000000e-01, 1.000000e+300>, d = ["a", @b, i32, unit, {x}]} : () -> ()
  %0 = unrealized_conversion_cast to i32
}
`)
  })

  it(`res.mlir `, () => {
    expect(roundTrip('res.mlir', SRC_RES, {})).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printGenericOpForm: true })).toBe(`"builtin.module"() ({
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printDebugInfo: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("res.mlir":0:0)
#loc1 = loc("res.mlir":1:1)

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> () res.mlir:1:1
} res.mlir:0:0
#loc = res.mlir:0:0
#loc1 = res.mlir:1:1

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> () loc("res.mlir":1:1)
} loc("res.mlir":0:0)`)
  })

  it(`res.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printValueUsers: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { printUniqueSSAIDs: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { useNameLocAsPrefix: true })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { elideElementsAttrsIfLarger: 2 })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { skipRegions: true })).toBe(`module {...}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(cse)",
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`res.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('res.mlir', SRC_RES, { elideResourceStringsIfLarger: 10 })).toBe(`module {
  "test.a"() {a = dense_resource<blob1> : tensor<2xi32>, b = dense_resource<blob2> : tensor<1xi32>} : () -> ()
}

{-#
  external_resources: {
    mlir_reproducer: {
      disable_threading: true
    },
    other: {
      k: "v\\0A"
    }
  }
#-}
`)
  })

  it(`m.mlir `, () => {
    expect(roundTrip('m.mlir', SRC_M, {})).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}
`)
  })

  it(`m.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printGenericOpForm: true })).toBe(`"builtin.module"() ({
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}) : () -> ()
`)
  })

  it(`m.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printDebugInfo: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> () loc(#loc2)
  }, {
    "test.br"()[^bb1] : () -> () loc(#loc3)
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> () loc(#loc4)
  ^bb2:  // no predecessors
    "test.y"() : () -> () loc(#loc5)
  }) : () -> () loc(#loc1)
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> () loc(#loc6)
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4) loc(#loc7)
  "test.use"(%0#3, %0#0) : (i4, i1) -> () loc(#loc8)
} loc(#loc)
#loc = loc("m.mlir":0:0)
#loc1 = loc("m.mlir":1:1)
#loc2 = loc("m.mlir":4:3)
#loc3 = loc("m.mlir":6:3)
#loc4 = loc("m.mlir":8:3)
#loc5 = loc("m.mlir":10:3)
#loc6 = loc("m.mlir":12:1)
#loc7 = loc("m.mlir":13:8)
#loc8 = loc("m.mlir":14:1)
`)
  })

  it(`m.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> () m.mlir:4:3
  }, {
    "test.br"()[^bb1] : () -> () m.mlir:6:3
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> () m.mlir:8:3
  ^bb2:  // no predecessors
    "test.y"() : () -> () m.mlir:10:3
  }) : () -> () m.mlir:1:1
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> () m.mlir:12:1
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4) m.mlir:13:8
  "test.use"(%0#3, %0#0) : (i4, i1) -> () m.mlir:14:1
} m.mlir:0:0
#loc = m.mlir:0:0
#loc1 = m.mlir:1:1
#loc2 = m.mlir:4:3
#loc3 = m.mlir:6:3
#loc4 = m.mlir:8:3
#loc5 = m.mlir:10:3
#loc6 = m.mlir:12:1
#loc7 = m.mlir:13:8
#loc8 = m.mlir:14:1
`)
  })

  it(`m.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> () loc("m.mlir":4:3)
  }, {
    "test.br"()[^bb1] : () -> () loc("m.mlir":6:3)
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> () loc("m.mlir":8:3)
  ^bb2:  // no predecessors
    "test.y"() : () -> () loc("m.mlir":10:3)
  }) : () -> () loc("m.mlir":1:1)
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> () loc("m.mlir":12:1)
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4) loc("m.mlir":13:8)
  "test.use"(%0#3, %0#0) : (i4, i1) -> () loc("m.mlir":14:1)
} loc("m.mlir":0:0)`)
  })

  it(`m.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printValueUsers: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %2:4 = "test.res"() : () -> (i1, i2, i3, i4) // users: (%3), (unused), (unused), (%3)
  "test.use"(%2#3, %2#0) : (i4, i1) -> () // id: %3
}
`)
  })

  it(`m.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('m.mlir', SRC_M, { printUniqueSSAIDs: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}
`)
  })

  it(`m.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('m.mlir', SRC_M, { useNameLocAsPrefix: true })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}
`)
  })

  it(`m.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('m.mlir', SRC_M, { elideElementsAttrsIfLarger: 2 })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}
`)
  })

  it(`m.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('m.mlir', SRC_M, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`m.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('m.mlir', SRC_M, { elideResourceStringsIfLarger: 10 })).toBe(`module {
  "test.two"() ({
  }, {
    "test.x"() : () -> ()
  }, {
    "test.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb1
    "test.br"()[^bb1] : () -> ()
  ^bb2:  // no predecessors
    "test.y"() : () -> ()
  }) : () -> ()
  "test.attrs"() {_x = "\\09\\\\", a.b, bs = dense<true> : tensor<3xi1>, ci = dense<(1,-2)> : tensor<1xcomplex<i8>>, nest = dense<[[[1]], [[2]]]> : tensor<2x1x1xi8>, "quoted name" = 1 : i64, s = dense<["x\\22y", "\\00"]> : tensor<2x!foo.s>, si = -1 : si1, u = 1 : ui1} : () -> ()
  %0:4 = "test.res"() : () -> (i1, i2, i3, i4)
  "test.use"(%0#3, %0#0) : (i4, i1) -> ()
}
`)
  })

  it(`n.mlir `, () => {
    expect(roundTrip('n.mlir', SRC_N, {})).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}
`)
  })

  it(`n.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printGenericOpForm: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
"builtin.module"() ({
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}) : () -> ()
`)
  })

  it(`n.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printDebugInfo: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc2 = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc3 = loc(fused<#map1>[#loc2])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc3} : () -> () loc(#loc1)
  %0 = "test.b"() : () -> !tuple1 loc(#loc2)
} loc(#loc)
#loc = loc("n.mlir":0:0)
#loc1 = loc("n.mlir":1:1)
`)
  })

  it(`n.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc2 = x:1:1
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc3 = <#map1>[#loc2]
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc3} : () -> () n.mlir:1:1
  %0 = "test.b"() : () -> !tuple1 x:1:1
} n.mlir:0:0
#loc = n.mlir:0:0
#loc1 = n.mlir:1:1
`)
  })

  it(`n.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "test.a"() {a = [tuple<memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>>, affine_map<(d0) -> (d0 * 2)>], b = distinct[0]<[affine_map<(d0) -> (d0 * 3)>, tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>]>, c = loc(fused<affine_map<(d0) -> (d0 * 2)>>["x":1:1])} : () -> () loc("n.mlir":1:1)
  %0 = "test.b"() : () -> tuple<memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>, memref<2xf32, affine_map<(d0) -> (d0 + 1)>>> loc("x":1:1)
} loc("n.mlir":0:0)`)
  })

  it(`n.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printValueUsers: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %1 = "test.b"() : () -> !tuple1 // unused
}
`)
  })

  it(`n.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('n.mlir', SRC_N, { printUniqueSSAIDs: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}
`)
  })

  it(`n.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('n.mlir', SRC_N, { useNameLocAsPrefix: true })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}
`)
  })

  it(`n.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('n.mlir', SRC_N, { elideElementsAttrsIfLarger: 2 })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}
`)
  })

  it(`n.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('n.mlir', SRC_N, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`n.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('n.mlir', SRC_N, { elideResourceStringsIfLarger: 10 })).toBe(`!tuple = tuple<i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8>
#loc = loc("x":1:1)
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
#map2 = affine_map<(d0) -> (d0 * 3)>
#loc1 = loc(fused<#map1>[#loc])
!tuple1 = tuple<memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>, memref<2xf32, #map>>
#distinct = distinct[0]<[#map2, !tuple]>
module {
  "test.a"() {a = [!tuple1, #map1], b = #distinct, c = #loc1} : () -> ()
  %0 = "test.b"() : () -> !tuple1
}
`)
  })

  it(`q.mlir `, () => {
    expect(roundTrip('q.mlir', SRC_Q, {})).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

  it(`q.mlir --mlir-print-op-generic`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printGenericOpForm: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
"builtin.module"() ({
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}) : () -> ()
`)
  })

  it(`q.mlir --mlir-print-debuginfo`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printDebugInfo: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> () loc(#loc1)
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> () loc(#loc2)
} loc(#loc)
#loc = loc("q.mlir":0:0)
#loc1 = loc("q.mlir":1:1)
#loc2 = loc("q.mlir":2:1)
`)
  })

  it(`q.mlir --mlir-print-debuginfo --mlir-pretty-debuginfo`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printDebugInfo: true, prettyDebugInfo: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> () q.mlir:1:1
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> () q.mlir:2:1
} q.mlir:0:0
#loc = q.mlir:0:0
#loc1 = q.mlir:1:1
#loc2 = q.mlir:2:1
`)
  })

  it(`q.mlir --mlir-print-local-scope --mlir-print-debuginfo`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printLocalScope: true, printDebugInfo: true })).toBe(`module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> () loc("q.mlir":1:1)
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = affine_map<(d0) -> (d0 * 5)>} : () -> () loc("q.mlir":2:1)
} loc("q.mlir":0:0)`)
  })

  it(`q.mlir --mlir-print-value-users`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printValueUsers: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

  it(`q.mlir --mlir-print-unique-ssa-ids`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { printUniqueSSAIDs: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

  it(`q.mlir --mlir-use-nameloc-as-prefix`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { useNameLocAsPrefix: true })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

  it(`q.mlir --mlir-elide-elementsattrs-if-larger=2`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { elideElementsAttrsIfLarger: 2 })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

  it(`q.mlir --mlir-print-skip-regions`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { skipRegions: true })).toBe(`module {...}
`)
  })

  it(`q.mlir --mlir-elide-resource-strings-if-larger=10`, () => {
    expect(roundTrip('q.mlir', SRC_Q, { elideResourceStringsIfLarger: 10 })).toBe(`#map = affine_map<(d0) -> (d0 * 5)>
module {
  "t.a"() {a = [0x7FF0000000000000 : f64, 1.000000e+00, 0x4170000010000000 : f64, 0.33333333333333331, 0x7F800000 : f32]} : () -> ()
  "t.p"() <{m = affine_map<(d0) -> (d0 + 7)>, s = {x = affine_set<(d0) : (d0 >= 0)>}}> {n = #map} : () -> ()
}
`)
  })

})
