// The linalg dialect: custom and generic forms, verifier messages and canonicalizations must
// equal mlir-opt 22's output on the same input (the expected texts below were produced by
// mlir-opt 22.1.8; canonicalizations with -canonicalize).
import { describe, expect, it } from 'vitest'
import { Context, isMemoryEffectFree, parseSourceString, type Operation } from '@tilepass/ir'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { LinalgDialect } from '../src/linalg/index.ts'
import { MathDialect } from '../src/math/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'
import { ScfDialect } from '../src/scf/index.ts'
import { TensorDialect } from '../src/tensor/index.ts'
import { registerAllDialects } from '../src/index.ts'

const dialects = [ArithDialect, FuncDialect, LinalgDialect, MathDialect, MemRefDialect, ScfDialect, TensorDialect]
const { roundTrip, firstError, canonicalize } = dialectHarness(dialects, true)

describe('linalg.generic, linalg.yield and linalg.index', () => {
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(String.raw`#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @a(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>, %m: memref<4x8xf32>, %n: memref<4xf32>, %s: f32) -> tensor<4xf32> {
  %0 = linalg.generic {doc = "row sums", library_call = "rowsum", indexing_maps = [#id, #tr, #id, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %b, %a : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<4xf32>) attrs = {foo = 1 : i32, bar} {
  ^bb0(%x: f32, %y: f32, %z: f32, %acc: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s1 = arith.addf %x, %y : f32
    %s2 = arith.addf %s1, %acc : f32
    linalg.yield %s2 : f32
  } -> tensor<4xf32>
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%m : memref<4x8xf32>) outs(%n : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s2 = arith.addf %x, %acc : f32
    linalg.yield %s2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : f32) outs(%n : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  }
  return %0 : tensor<4xf32>
}
`)).toBe(String.raw`#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0) -> ()>
#map4 = affine_map<(d0) -> (d0)>
module {
  func.func @a(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: memref<4x8xf32>, %arg4: memref<4xf32>, %arg5: f32) -> tensor<4xf32> {
    %0 = linalg.generic {doc = "row sums", indexing_maps = [#map, #map1, #map, #map2], iterator_types = ["parallel", "reduction"], library_call = "rowsum"} ins(%arg0, %arg1, %arg0 : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) outs(%arg2 : tensor<4xf32>) attrs =  {bar, foo = 1 : i32} {
    ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
      %1 = linalg.index 0 : index
      %2 = linalg.index 1 : index
      %3 = arith.addf %in, %in_0 : f32
      %4 = arith.addf %3, %out : f32
      linalg.yield %4 : f32
    } -> tensor<4xf32>
    linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%arg3 : memref<4x8xf32>) outs(%arg4 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.addf %in, %out : f32
      linalg.yield %1 : f32
    }
    linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel"]} ins(%arg5 : f32) outs(%arg4 : memref<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    }
    return %0 : tensor<4xf32>
  }
}

`)
  })
  it('print in the generic form as mlir-opt does', () => {
    expect(roundTrip(String.raw`#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @a(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>, %m: memref<4x8xf32>, %n: memref<4xf32>, %s: f32) -> tensor<4xf32> {
  %0 = linalg.generic {doc = "row sums", library_call = "rowsum", indexing_maps = [#id, #tr, #id, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %b, %a : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) outs(%c : tensor<4xf32>) attrs = {foo = 1 : i32, bar} {
  ^bb0(%x: f32, %y: f32, %z: f32, %acc: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s1 = arith.addf %x, %y : f32
    %s2 = arith.addf %s1, %acc : f32
    linalg.yield %s2 : f32
  } -> tensor<4xf32>
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%m : memref<4x8xf32>) outs(%n : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s2 = arith.addf %x, %acc : f32
    linalg.yield %s2 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : f32) outs(%n : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    linalg.yield %x : f32
  }
  return %0 : tensor<4xf32>
}
`, true)).toBe(String.raw`#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#map3 = affine_map<(d0) -> ()>
#map4 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4xf32>, memref<4x8xf32>, memref<4xf32>, f32) -> tensor<4xf32>, sym_name = "a"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: memref<4x8xf32>, %arg4: memref<4xf32>, %arg5: f32):
    %0 = "linalg.generic"(%arg0, %arg1, %arg0, %arg2) <{doc = "row sums", indexing_maps = [#map, #map1, #map, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], library_call = "rowsum", operandSegmentSizes = array<i32: 3, 1>}> ({
    ^bb0(%arg10: f32, %arg11: f32, %arg12: f32, %arg13: f32):
      %2 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %3 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %4 = "arith.addf"(%arg10, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %5 = "arith.addf"(%4, %arg13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) {bar, foo = 1 : i32} : (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
    "linalg.generic"(%arg3, %arg4) <{indexing_maps = [#map, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32):
      %1 = "arith.addf"(%arg8, %arg9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%1) : (f32) -> ()
    }) : (memref<4x8xf32>, memref<4xf32>) -> ()
    "linalg.generic"(%arg5, %arg4) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) : (f32, memref<4xf32>) -> ()
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`)
  })
})

describe('named structured ops', () => {
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: f32, %m: memref<4xf32>, %i: tensor<4xi32>, %f16: f16) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = linalg.fill ins(%c : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.exp ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  linalg.fill ins(%c : f32) outs(%m : memref<4xf32>)
  %3 = linalg.add ins(%i, %i : tensor<4xi32>, tensor<4xi32>) outs(%i : tensor<4xi32>) -> tensor<4xi32>
  %4 = linalg.fill {foo} ins(%c : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %5 = linalg.max ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}
`)).toBe(String.raw`module {
  func.func @a(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: f32, %arg3: memref<4xf32>, %arg4: tensor<4xi32>, %arg5: f16) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
    %0 = linalg.fill ins(%arg2 : f32) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    %1 = linalg.exp ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    %2 = linalg.copy ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    linalg.fill ins(%arg2 : f32) outs(%arg3 : memref<4xf32>)
    %3 = linalg.add ins(%arg4, %arg4 : tensor<4xi32>, tensor<4xi32>) outs(%arg4 : tensor<4xi32>) -> tensor<4xi32>
    %4 = linalg.fill {foo} ins(%arg2 : f32) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    %5 = linalg.max ins(%arg0, %arg0 : tensor<4xf32>, tensor<4xf32>) outs(%arg1 : tensor<4xf32>) -> tensor<4xf32>
    return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
  }
}

`)
  })
  it('print their built regions in the generic form as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: f32, %m: memref<4xf32>, %i: tensor<4xi32>, %f16: f16) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = linalg.fill ins(%c : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.exp ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.copy ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  linalg.fill ins(%c : f32) outs(%m : memref<4xf32>)
  %3 = linalg.add ins(%i, %i : tensor<4xi32>, tensor<4xi32>) outs(%i : tensor<4xi32>) -> tensor<4xi32>
  %4 = linalg.fill {foo} ins(%c : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  %5 = linalg.max ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}
`, true)).toBe(String.raw`"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>, f32, memref<4xf32>, tensor<4xi32>, f16) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>), sym_name = "a"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: f32, %arg3: memref<4xf32>, %arg4: tensor<4xi32>, %arg5: f16):
    %0 = "linalg.fill"(%arg2, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg20: f32, %arg21: f32):
      "linalg.yield"(%arg20) : (f32) -> ()
    }) : (f32, tensor<4xf32>) -> tensor<4xf32>
    %1 = "linalg.exp"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg18: f32, %arg19: f32):
      %8 = "math.exp"(%arg18) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%8) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "linalg.copy"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg16: f32, %arg17: f32):
      "linalg.yield"(%arg16) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "linalg.fill"(%arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg14: f32, %arg15: f32):
      "linalg.yield"(%arg14) : (f32) -> ()
    }) : (f32, memref<4xf32>) -> ()
    %3 = "linalg.add"(%arg4, %arg4, %arg4) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg11: i32, %arg12: i32, %arg13: i32):
      %7 = "arith.addi"(%arg11, %arg12) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%7) : (i32) -> ()
    }) : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %4 = "linalg.fill"(%arg2, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      "linalg.yield"(%arg9) : (f32) -> ()
    }) {foo} : (f32, tensor<4xf32>) -> tensor<4xf32>
    %5 = "linalg.max"(%arg0, %arg0, %arg1) <{operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %6 = "arith.maximumf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0, %1, %2, %3, %4, %5) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`)
  })
  it('print matmul with default and user maps and casts as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %d: tensor<4x8xf16>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matmul ins(%d, %b : tensor<4x8xf16>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}
func.func @mm2(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %m: memref<4x8xi8>, %n: memref<8x16xi8>, %o: memref<4x16xi32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  linalg.matmul ins(%m, %n : memref<4x8xi8>, memref<8x16xi8>) outs(%o : memref<4x16xi32>)
  return %0 : tensor<4x16xf32>
}
`)).toBe(String.raw`#map = affine_map<(d0, d1, d2) -> (d2, d0)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @mm(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: tensor<4x8xf16>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %1 = linalg.matmul ins(%arg3, %arg1 : tensor<4x8xf16>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
  }
  func.func @mm2(%arg0: tensor<8x4xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: memref<4x8xi8>, %arg4: memref<8x16xi8>, %arg5: memref<4x16xi32>) -> tensor<4x16xf32> {
    %0 = linalg.matmul indexing_maps = [#map, #map1, #map2] ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    linalg.matmul ins(%arg3, %arg4 : memref<4x8xi8>, memref<8x16xi8>) outs(%arg5 : memref<4x16xi32>)
    return %0 : tensor<4x16xf32>
  }
}

`)
  })
  it('print matmul regions in the generic form as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @mm(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %d: tensor<4x8xf16>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matmul ins(%d, %b : tensor<4x8xf16>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0, %1 : tensor<4x16xf32>, tensor<4x16xf32>
}
func.func @mm2(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %m: memref<4x8xi8>, %n: memref<8x16xi8>, %o: memref<4x16xi32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  linalg.matmul ins(%m, %n : memref<4x8xi8>, memref<8x16xi8>) outs(%o : memref<4x16xi32>)
  return %0 : tensor<4x16xf32>
}
`, true)).toBe(String.raw`#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<4x8xf16>) -> (tensor<4x16xf32>, tensor<4x16xf32>), sym_name = "mm"}> ({
  ^bb0(%arg12: tensor<4x8xf32>, %arg13: tensor<8x16xf32>, %arg14: tensor<4x16xf32>, %arg15: tensor<4x8xf16>):
    %7 = "linalg.matmul"(%arg12, %arg13, %arg14) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg19: f32, %arg20: f32, %arg21: f32):
      %12 = "arith.mulf"(%arg19, %arg20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %13 = "arith.addf"(%arg21, %12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%13) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %8 = "linalg.matmul"(%arg15, %arg13, %arg14) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: f16, %arg17: f32, %arg18: f32):
      %9 = "arith.extf"(%arg16) : (f16) -> f32
      %10 = "arith.mulf"(%9, %arg17) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %11 = "arith.addf"(%arg18, %10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%11) : (f32) -> ()
    }) : (tensor<4x8xf16>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    "func.return"(%7, %8) : (tensor<4x16xf32>, tensor<4x16xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8x4xf32>, tensor<8x16xf32>, tensor<4x16xf32>, memref<4x8xi8>, memref<8x16xi8>, memref<4x16xi32>) -> tensor<4x16xf32>, sym_name = "mm2"}> ({
  ^bb0(%arg0: tensor<8x4xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: memref<4x8xi8>, %arg4: memref<8x16xi8>, %arg5: memref<4x16xi32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map3, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
      %5 = "arith.mulf"(%arg9, %arg10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %6 = "arith.addf"(%arg11, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%6) : (f32) -> ()
    }) : (tensor<8x4xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    "linalg.matmul"(%arg3, %arg4, %arg5) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg6: i8, %arg7: i8, %arg8: i32):
      %1 = "arith.extsi"(%arg6) : (i8) -> i32
      %2 = "arith.extsi"(%arg7) : (i8) -> i32
      %3 = "arith.muli"(%1, %2) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %4 = "arith.addi"(%arg8, %3) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%4) : (i32) -> ()
    }) : (memref<4x8xi8>, memref<8x16xi8>, memref<4x16xi32>) -> ()
    "func.return"(%0) : (tensor<4x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`)
  })
  it('report a wrong operand count and an unsupported element type as mlir-opt does', () => {
    expect(
      firstError(String.raw`func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.exp ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`),
    ).toBe("custom op 'linalg.exp' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3")
    expect(
      firstError(String.raw`func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.exp ins(%a : tensor<4xi32>) outs(%a : tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}`),
    ).toBe("custom op 'linalg.exp' unsupported non numeric type")
  })
  it('print transpose and broadcast as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @tb(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>, %d: tensor<4x16xf32>, %m: memref<4x8xf32>, %n: memref<8x4xf32>) -> (tensor<8x4xf32>, tensor<4x16xf32>) {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%c : tensor<4xf32>) outs(%d : tensor<4x16xf32>) dimensions = [1]
  linalg.transpose ins(%m : memref<4x8xf32>) outs(%n : memref<8x4xf32>) permutation = [1, 0] {foo}
  return %0, %1 : tensor<8x4xf32>, tensor<4x16xf32>
}
`)).toBe(String.raw`module {
  func.func @tb(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x16xf32>, %arg4: memref<4x8xf32>, %arg5: memref<8x4xf32>) -> (tensor<8x4xf32>, tensor<4x16xf32>) {
    %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0] 
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<4xf32>) outs(%arg3 : tensor<4x16xf32>) dimensions = [1] 
    linalg.transpose ins(%arg4 : memref<4x8xf32>) outs(%arg5 : memref<8x4xf32>) permutation = [1, 0]  {foo}
    return %transposed, %broadcasted : tensor<8x4xf32>, tensor<4x16xf32>
  }
}

`)
  })
  it('print transpose and broadcast regions in the generic form as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @tb(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>, %d: tensor<4x16xf32>, %m: memref<4x8xf32>, %n: memref<8x4xf32>) -> (tensor<8x4xf32>, tensor<4x16xf32>) {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 0]
  %1 = linalg.broadcast ins(%c : tensor<4xf32>) outs(%d : tensor<4x16xf32>) dimensions = [1]
  linalg.transpose ins(%m : memref<4x8xf32>) outs(%n : memref<8x4xf32>) permutation = [1, 0] {foo}
  return %0, %1 : tensor<8x4xf32>, tensor<4x16xf32>
}
`, true)).toBe(String.raw`"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4xf32>, tensor<4x16xf32>, memref<4x8xf32>, memref<8x4xf32>) -> (tensor<8x4xf32>, tensor<4x16xf32>), sym_name = "tb"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x16xf32>, %arg4: memref<4x8xf32>, %arg5: memref<8x4xf32>):
    %0 = "linalg.transpose"(%arg0, %arg1) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg10: f32, %arg11: f32):
      "linalg.yield"(%arg10) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = "linalg.broadcast"(%arg2, %arg3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg8: f32, %arg9: f32):
      "linalg.yield"(%arg8) : (f32) -> ()
    }) : (tensor<4xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    "linalg.transpose"(%arg4, %arg5) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      "linalg.yield"(%arg6) : (f32) -> ()
    }) {foo} : (memref<4x8xf32>, memref<8x4xf32>) -> ()
    "func.return"(%0, %1) : (tensor<8x4xf32>, tensor<4x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`)
  })
  it('fold identity transposes and broadcasts and read tensor.dim from the init', () => {
    expect(canonicalize(String.raw`func.func @h(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c0: index, %x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (index, tensor<4x8xf32>) {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 0]
  %d = tensor.dim %0, %c0 : tensor<8x4xf32>
  %1 = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%y : tensor<4x8xf32>) permutation = [0, 1]
  "test.use"(%0) : (tensor<8x4xf32>) -> ()
  return %d, %1 : index, tensor<4x8xf32>
}
func.func @bc(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %m: memref<4xf32>, %n: memref<4x2xf32>) -> tensor<4x8xf32> {
  %0 = linalg.broadcast ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) dimensions = []
  %1 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) permutation = [0, 1]
  linalg.broadcast ins(%m : memref<4xf32>) outs(%n : memref<4x2xf32>) dimensions = [1]
  return %0 : tensor<4x8xf32>
}
`)).toBe(String.raw`module {
  func.func @h(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>, %arg2: index, %arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>) -> (index, tensor<4x8xf32>) {
    %transposed = linalg.transpose ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8x4xf32>) permutation = [1, 0] 
    %dim = tensor.dim %arg1, %arg2 : tensor<8x4xf32>
    "test.use"(%transposed) : (tensor<8x4xf32>) -> ()
    return %dim, %arg3 : index, tensor<4x8xf32>
  }
  func.func @bc(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: memref<4xf32>, %arg3: memref<4x2xf32>) -> tensor<4x8xf32> {
    linalg.broadcast ins(%arg2 : memref<4xf32>) outs(%arg3 : memref<4x2xf32>) dimensions = [1] 
    return %arg0 : tensor<4x8xf32>
  }
}

`)
  })
  const shapeCases: [string, string][] = [
    [String.raw`func.func @a(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [0, 0]
  return %0 : tensor<8x4xf32>
}
`, "'linalg.transpose' op permutation is not valid"],
    [String.raw`func.func @b(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<8x5xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x5xf32>) permutation = [1, 0]
  return %0 : tensor<8x5xf32>
}
`, "'linalg.transpose' op dim(result, 1) = 5 doesn't match dim(input, permutation[1]) = 4"],
    [String.raw`func.func @c(%a: tensor<4x8xf32>, %b: tensor<8x4x2xf32>) -> tensor<8x4x2xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%b : tensor<8x4x2xf32>) permutation = [1, 0]
  return %0 : tensor<8x4x2xf32>
}
`, "'linalg.transpose' op input rank 2 does not match init rank 3"],
    [String.raw`func.func @d(%a: tensor<4xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x16xf32>) dimensions = [2]
  return %0 : tensor<4x16xf32>
}
`, "'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 2"],
    [String.raw`func.func @e(%a: tensor<5xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.broadcast ins(%a : tensor<5xf32>) outs(%b : tensor<4x16xf32>) dimensions = [1]
  return %0 : tensor<4x16xf32>
}
`, "'linalg.broadcast' op input dim 0 should match init dim 0. input: 5, init: 4"],
    [String.raw`func.func @f(%a: tensor<4xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = linalg.broadcast ins(%a : tensor<4xf32>) outs(%b : tensor<4x16xf32>) dimensions = [0, 1]
  return %0 : tensor<4x16xf32>
}
`, "'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2, init rank: 2"],
    [String.raw`func.func @g(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = linalg.transpose ins(%a : tensor<?x8xf32>) outs(%b : tensor<8x4xf32>) permutation = [1, 0]
  return %0 : tensor<8x4xf32>
}
`, "'linalg.transpose' op dim(result, 1) = 4 doesn't match dim(input, permutation[1]) = -9223372036854775808"],
  ]
  it.each(shapeCases)('reject invalid transposes and broadcasts as mlir-opt does (%#)', (source, message) => {
    expect(firstError(source)).toBe(message)
  })
})

describe('linalg verifiers', () => {
  const cases: [string, string, string][] = [
    ['map count', String.raw`func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)"],
    ['non-invertible maps', String.raw`func.func @b(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0, d0))"],
    ['operand rank', String.raw`func.func @c(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op expected operand #0 rank (1) to match the result rank of indexing_map (2)"],
    ['block argument type', String.raw`func.func @d(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: i32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')"],
    ['block argument count', String.raw`func.func @e(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands"],
    ['yield type', String.raw`func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: i32) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %i : i32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')"],
    ['yield count', String.raw`func.func @g(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x, %x : f32, f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)"],
    ['index dim', String.raw`func.func @h(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %j = linalg.index 1 : index
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp"],
    ['iterator type', String.raw`func.func @i(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel", "foo"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "custom op 'linalg.generic' unexpected iterator_type (foo)"],
    ['loop count', String.raw`func.func @j(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, "'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops"],
    ['result type', String.raw`func.func @k(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<5xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
`, "'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')"],
    ['static shape', String.raw`func.func @l(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
`, "'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5"],
    ['no result', String.raw`func.func @m(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
`, 'cannot name an operation with no results'],
    ['missing iterator_types', String.raw`func.func @n(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`, `custom op 'linalg.generic' expected "iterator_types" array attribute`],
    ['fill value type', String.raw`func.func @o(%a: f32, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.fill ins(%a : f32) outs(%b : tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
`, "'linalg.fill' op expected fill value type ('f32') to match output element type ('i32')"],
    ['yield parent', String.raw`func.func @p(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  linalg.yield %a : tensor<4xf32>
}
`, "'linalg.yield' op expected parent op with LinalgOp interface"],
  ]
  it.each(cases)('report %s as mlir-opt does', (_name, source, message) => {
    expect(firstError(source)).toBe(message)
  })
  it('report a bad iterator type attribute as mlir-opt does', () => {
    expect(firstError('"test.op"() {a = #linalg.iterator_type<foo>} : () -> ()')).toBe('expected ::mlir::utils::IteratorType to be one of: parallel, reduction')
    expect(roundTrip('"test.op"() {a = #linalg.iterator_type<reduction>} : () -> ()')).toBe(`module {
  "test.op"() {a = #linalg.iterator_type<reduction>} : () -> ()
}

`)
  })
})

describe('linalg canonicalizations', () => {
  it('erase identity generics, dead ops on tensors and self copies', () => {
    expect(canonicalize(String.raw`#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @identity(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %m: memref<4x8xf32>, %d: tensor<?x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4x8xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  %2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : memref<4x8xf32>) outs(%m : memref<4x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  %3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%d : tensor<?x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?x8xf32>
  %4 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  %5 = linalg.copy ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  linalg.copy ins(%m : memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  return %0, %1, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}
`)).toBe(String.raw`module {
  func.func @identity(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: memref<4x8xf32>, %arg3: tensor<?x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
    %cast = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x8xf32>
    return %arg0, %arg1, %cast : tensor<4x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>
  }
}

`)
  })
  it('fold tensor casts of operands, zero-size buffers and extracts of fills', () => {
    expect(canonicalize(String.raw`func.func @casts(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %m: memref<0x8xf32>, %n: memref<4x8xf32>) -> (tensor<?x8xf32>, tensor<4x8xf32>) {
  %ca = tensor.cast %a : tensor<4x8xf32> to tensor<?x8xf32>
  %cb = tensor.cast %b : tensor<4x8xf32> to tensor<?x8xf32>
  %0 = linalg.exp ins(%ca : tensor<?x8xf32>) outs(%cb : tensor<?x8xf32>) -> tensor<?x8xf32>
  linalg.copy ins(%n : memref<4x8xf32>) outs(%n : memref<4x8xf32>)
  linalg.exp ins(%m : memref<0x8xf32>) outs(%m : memref<0x8xf32>)
  %1 = linalg.add ins(%a, %ca : tensor<4x8xf32>, tensor<?x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<4x8xf32>
}
func.func @fill_extract(%b: tensor<4x8xf32>, %v: f32, %i: index) -> f32 {
  %0 = linalg.fill ins(%v : f32) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = tensor.extract %0[%i, %i] : tensor<4x8xf32>
  return %e : f32
}
`)).toBe(String.raw`module {
  func.func @casts(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: memref<0x8xf32>, %arg3: memref<4x8xf32>) -> (tensor<?x8xf32>, tensor<4x8xf32>) {
    %0 = linalg.exp ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %cast = tensor.cast %0 : tensor<4x8xf32> to tensor<?x8xf32>
    %1 = linalg.add ins(%arg0, %arg0 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    return %cast, %1 : tensor<?x8xf32>, tensor<4x8xf32>
  }
  func.func @fill_extract(%arg0: tensor<4x8xf32>, %arg1: f32, %arg2: index) -> f32 {
    return %arg1 : f32
  }
}

`)
  })
  it('keep generics whose body has effects', () => {
    expect(canonicalize(String.raw`func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>, %m: memref<4xf32>, %i: index) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    memref.store %x, %m[%i] : memref<4xf32>
    %j = linalg.index 0 : index
    linalg.yield %x : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %j = linalg.index 0 : index
    "test.use"(%j) : (index) -> ()
    linalg.yield %x : f32
  } -> tensor<4xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  return
}
`)).toBe(String.raw`#map = affine_map<(d0) -> (d0)>
module {
  func.func @a(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: memref<4xf32>, %arg3: index) {
    %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      memref.store %in, %arg2[%arg3] : memref<4xf32>
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xf32>) outs(%arg1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = linalg.index 0 : index
      "test.use"(%2) : (index) -> ()
      linalg.yield %in : f32
    } -> tensor<4xf32>
    return
  }
}

`)
  })
  it('read tensor.dim of a result from the tied init (DimOfDestStyleOp)', () => {
    expect(canonicalize(String.raw`func.func @dim(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>, %v: f32) -> (index, index) {
  %c0 = arith.constant 0 : index
  %0 = linalg.exp ins(%a : tensor<?x8xf32>) outs(%b : tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = linalg.fill ins(%v : f32) outs(%a : tensor<?x8xf32>) -> tensor<?x8xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %1, %c0 : tensor<?x8xf32>
  "test.use"(%0) : (tensor<?x8xf32>) -> ()
  return %d0, %d1 : index, index
}
`)).toBe(String.raw`module {
  func.func @dim(%arg0: tensor<?x8xf32>, %arg1: tensor<?x8xf32>, %arg2: f32) -> (index, index) {
    %c0 = arith.constant 0 : index
    %0 = linalg.exp ins(%arg0 : tensor<?x8xf32>) outs(%arg1 : tensor<?x8xf32>) -> tensor<?x8xf32>
    %dim = tensor.dim %arg1, %c0 : tensor<?x8xf32>
    %dim_0 = tensor.dim %arg0, %c0 : tensor<?x8xf32>
    "test.use"(%0) : (tensor<?x8xf32>) -> ()
    return %dim, %dim_0 : index, index
  }
}

`)
  })
  it('fold ranked memref casts into their operands', () => {
    expect(canonicalize(String.raw`func.func @mc(%m: memref<4x8xf32>, %n: memref<4x8xf32>) {
  %c = memref.cast %m : memref<4x8xf32> to memref<?x8xf32>
  %d = memref.cast %n : memref<4x8xf32> to memref<?x8xf32>
  linalg.exp ins(%c : memref<?x8xf32>) outs(%d : memref<?x8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c : memref<?x8xf32>) outs(%n : memref<4x8xf32>) {
  ^bb0(%i: f32, %o: f32):
    %s = arith.addf %i, %o : f32
    linalg.yield %s : f32
  }
  return
}
`)).toBe(String.raw`#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @mc(%arg0: memref<4x8xf32>, %arg1: memref<4x8xf32>) {
    linalg.exp ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4x8xf32>)
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
    return
  }
}

`)
  })
})

describe('linalg memory effects and speculation', () => {
  function ops(source: string): Operation[] {
    const ctx = new Context({ allowUnregisteredDialects: true })
    registerAllDialects(ctx)
    const r = parseSourceString(source, ctx)
    const out: Operation[] = []
    r!.op.walk((op) => {
      if (op.name.name.startsWith('linalg.') && op.name.name !== 'linalg.yield') {
        out.push(op)
      }
    })
    return out
  }
  it('have no effect on tensors and read/write their buffers', () => {
    const [onTensors, onBuffers] = ops(String.raw`func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  %0 = linalg.exp ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) -> tensor<4xf32>
  linalg.exp ins(%m : memref<4xf32>) outs(%m : memref<4xf32>)
  return %0 : tensor<4xf32>
}`)
    expect(isMemoryEffectFree(onTensors!)).toBe(true)
    expect(isMemoryEffectFree(onBuffers!)).toBe(false)
    const effects = onBuffers!.name.def!.memoryEffects!(onBuffers!).map((e) => e.kind)
    expect(effects).toEqual(['read', 'write'])
  })
})
