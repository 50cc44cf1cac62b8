// The tensor dialect: custom and generic forms, verifier messages and folds/canonicalizations
// must equal mlir-opt 22's output on the same input (the expected texts below were produced by
// mlir-opt 22.1.8).
import { describe, expect, it } from 'vitest'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { ComplexDialect } from '../src/complex/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { TensorDialect } from '../src/tensor/index.ts'

const { roundTrip, firstError, canonicalize } = dialectHarness([ArithDialect, ComplexDialect, FuncDialect, TensorDialect])

describe('tensor ops', () => {
  const input = String.raw`func.func @ops(%src: tensor<6x?xf32>, %u: tensor<*xf32>, %n: index, %x: f32, %shape: tensor<2xindex>) -> (tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index) {
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x5xf32>
  %d = tensor.dim %src, %c1 : tensor<6x?xf32>
  %r = tensor.rank %u : tensor<*xf32>
  %k = tensor.cast %u : tensor<*xf32> to tensor<6x?xf32>
  %v = tensor.extract %k[%c1, %n] : tensor<6x?xf32>
  %w = tensor.insert %v into %src[%c1, %n] : tensor<6x?xf32>
  %fe = tensor.from_elements %x, %v, %x, %v : tensor<2x2xf32>
  %sp = tensor.splat %x[%n] : tensor<?x5xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %s = arith.addf %x, %x : f32
    tensor.yield %s : f32
  } : tensor<?x5xf32>
  %rs = tensor.reshape %fe(%shape) : (tensor<2x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %ex = tensor.expand_shape %w [[0, 1], [2]] output_shape [3, 2, %d] : tensor<6x?xf32> into tensor<3x2x?xf32>
  %co = tensor.collapse_shape %ex [[0, 1], [2]] : tensor<3x2x?xf32> into tensor<6x?xf32>
  %sl = tensor.extract_slice %co[1, %n] [2, 5] [1, 1] : tensor<6x?xf32> to tensor<2x5xf32>
  %is = tensor.insert_slice %sl into %g[0, 0] [2, 5] [1, 1] {tag} : tensor<2x5xf32> into tensor<?x5xf32>
  return %ex, %is, %v, %r : tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index
}
`
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(input)).toBe(String.raw`module {
  func.func @ops(%arg0: tensor<6x?xf32>, %arg1: tensor<*xf32>, %arg2: index, %arg3: f32, %arg4: tensor<2xindex>) -> (tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index) {
    %c1 = arith.constant 1 : index
    %0 = tensor.empty(%arg2) : tensor<?x5xf32>
    %dim = tensor.dim %arg0, %c1 : tensor<6x?xf32>
    %rank = tensor.rank %arg1 : tensor<*xf32>
    %cast = tensor.cast %arg1 : tensor<*xf32> to tensor<6x?xf32>
    %extracted = tensor.extract %cast[%c1, %arg2] : tensor<6x?xf32>
    %inserted = tensor.insert %extracted into %arg0[%c1, %arg2] : tensor<6x?xf32>
    %from_elements = tensor.from_elements %arg3, %extracted, %arg3, %extracted : tensor<2x2xf32>
    %splat = tensor.splat %arg3[%arg2] : tensor<?x5xf32>
    %generated = tensor.generate %arg2 {
    ^bb0(%arg5: index, %arg6: index):
      %1 = arith.addf %arg3, %arg3 : f32
      tensor.yield %1 : f32
    } : tensor<?x5xf32>
    %reshape = tensor.reshape %from_elements(%arg4) : (tensor<2x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %expanded = tensor.expand_shape %inserted [[0, 1], [2]] output_shape [3, 2, %dim] : tensor<6x?xf32> into tensor<3x2x?xf32>
    %collapsed = tensor.collapse_shape %expanded [[0, 1], [2]] : tensor<3x2x?xf32> into tensor<6x?xf32>
    %extracted_slice = tensor.extract_slice %collapsed[1, %arg2] [2, 5] [1, 1] : tensor<6x?xf32> to tensor<2x5xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %generated[0, 0] [2, 5] [1, 1] {tag} : tensor<2x5xf32> into tensor<?x5xf32>
    return %expanded, %inserted_slice, %extracted, %rank : tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index
  }
}

`)
  })
  it('print in the generic form as mlir-opt does, and read it back', () => {
    const generic = String.raw`"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6x?xf32>, tensor<*xf32>, index, f32, tensor<2xindex>) -> (tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index), sym_name = "ops"}> ({
  ^bb0(%arg0: tensor<6x?xf32>, %arg1: tensor<*xf32>, %arg2: index, %arg3: f32, %arg4: tensor<2xindex>):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "tensor.empty"(%arg2) : (index) -> tensor<?x5xf32>
    %2 = "tensor.dim"(%arg0, %0) : (tensor<6x?xf32>, index) -> index
    %3 = "tensor.rank"(%arg1) : (tensor<*xf32>) -> index
    %4 = "tensor.cast"(%arg1) : (tensor<*xf32>) -> tensor<6x?xf32>
    %5 = "tensor.extract"(%4, %0, %arg2) : (tensor<6x?xf32>, index, index) -> f32
    %6 = "tensor.insert"(%5, %arg0, %0, %arg2) : (f32, tensor<6x?xf32>, index, index) -> tensor<6x?xf32>
    %7 = "tensor.from_elements"(%arg3, %5, %arg3, %5) : (f32, f32, f32, f32) -> tensor<2x2xf32>
    %8 = "tensor.splat"(%arg3, %arg2) : (f32, index) -> tensor<?x5xf32>
    %9 = "tensor.generate"(%arg2) ({
    ^bb0(%arg5: index, %arg6: index):
      %15 = "arith.addf"(%arg3, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "tensor.yield"(%15) : (f32) -> ()
    }) : (index) -> tensor<?x5xf32>
    %10 = "tensor.reshape"(%7, %arg4) : (tensor<2x2xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %11 = "tensor.expand_shape"(%6, %2) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 3, 2, -9223372036854775808>}> : (tensor<6x?xf32>, index) -> tensor<3x2x?xf32>
    %12 = "tensor.collapse_shape"(%11) <{reassociation = [[0, 1], [2]]}> : (tensor<3x2x?xf32>) -> tensor<6x?xf32>
    %13 = "tensor.extract_slice"(%12, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 1, -9223372036854775808>, static_sizes = array<i64: 2, 5>, static_strides = array<i64: 1, 1>}> : (tensor<6x?xf32>, index) -> tensor<2x5xf32>
    %14 = "tensor.insert_slice"(%13, %9) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 5>, static_strides = array<i64: 1, 1>}> {tag} : (tensor<2x5xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
    "func.return"(%11, %14, %5, %3) : (tensor<3x2x?xf32>, tensor<?x5xf32>, f32, index) -> ()
  }) : () -> ()
}) : () -> ()

`
    expect(roundTrip(input, true)).toBe(generic)
    expect(roundTrip(generic)).toBe(roundTrip(input))
  })
})

describe('tensor verifiers and parsers', () => {
  const cases: [string, string, string][] = [
    ["dim0", String.raw`func.func @f(%t: tensor<i32>, %i: index) -> index {
  %0 = tensor.dim %t, %i : tensor<i32>
  return %0 : index
}
`, "'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<i32>'"],
    ["cast", String.raw`func.func @f(%t: tensor<3xi8>) -> tensor<2xi8> {
  %0 = tensor.cast %t : tensor<3xi8> to tensor<2xi8>
  return %0 : tensor<2xi8>
}
`, "'tensor.cast' op operand type 'tensor<3xi8>' and result type 'tensor<2xi8>' are cast incompatible"],
    ["castkind", String.raw`func.func @f(%t: tensor<3xi8>) -> memref<3xi8> {
  %0 = tensor.cast %t : tensor<3xi8> to memref<3xi8>
  return %0 : memref<3xi8>
}
`, "custom op 'tensor.cast' invalid kind of type specified"],
    ["empty", String.raw`func.func @f(%a: index, %b: index) -> tensor<?x2xi8> {
  %0 = tensor.empty(%a, %b) : tensor<?x2xi8>
  return %0 : tensor<?x2xi8>
}
`, "'tensor.empty' op incorrect number of dynamic sizes, has 2, expected 1"],
    ["extract", String.raw`func.func @f(%t: tensor<2x2xi8>, %i: index) -> i8 {
  %0 = tensor.extract %t[%i] : tensor<2x2xi8>
  return %0 : i8
}
`, "'tensor.extract' op incorrect number of indices for extract_element"],
    ["insert", String.raw`func.func @f(%t: tensor<2xi8>, %i: index, %v: i8) -> tensor<2xi8> {
  %0 = tensor.insert %v into %t[%i, %i] : tensor<2xi8>
  return %0 : tensor<2xi8>
}
`, "'tensor.insert' op incorrect number of indices"],
    ["fromcount", String.raw`func.func @f(%v: i8) -> tensor<3xi8> {
  %0 = tensor.from_elements %v, %v : tensor<3xi8>
  return %0 : tensor<3xi8>
}
`, "custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types"],
    ["fromstatic", String.raw`func.func @f(%v: i8) {
  %0 = tensor.from_elements %v : tensor<?xi8>
  return
}
`, "custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xi8>'"],
    ["fromkind", String.raw`func.func @f(%v: i8) {
  %0 = tensor.from_elements %v : tensor<*xi8>
  return
}
`, "custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xi8>'"],
    ["splat", String.raw`func.func @f(%v: i8, %n: index) {
  %0 = tensor.splat %v[%n, %n] : tensor<?x4xi8>
  return
}
`, "'tensor.splat' op incorrect number of dynamic sizes, has 2, expected 1"],
    ["genargs", String.raw`func.func @f(%n: index, %v: i8) {
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : i8
  } : tensor<?xi8>
  return
}
`, "must have one body argument per input dimension"],
    ["genyield", String.raw`func.func @f(%n: index, %v: i16) {
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %v : i16
  } : tensor<?xi8>
  return
}
`, "'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type"],
    ["reshape", String.raw`func.func @f(%t: tensor<6xi8>, %s: tensor<2xindex>) {
  %0 = tensor.reshape %t(%s) : (tensor<6xi8>, tensor<2xindex>) -> tensor<2x4xi8>
  return
}
`, "'tensor.reshape' op source and destination tensor should have the same number of elements"],
    ["collapse", String.raw`func.func @f(%t: tensor<2x5xi8>) {
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x5xi8> into tensor<12xi8>
  return
}
`, "'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 10"],
    ["expand", String.raw`func.func @f(%t: tensor<10xi8>) {
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 5, 1] : tensor<10xi8> into tensor<2x5xi8>
  return
}
`, "'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (2) but found 3 inputs instead"],
    ["slicetype", String.raw`func.func @f(%t: tensor<10x10xi8>) {
  %0 = tensor.extract_slice %t[0, 0] [3, 3] [1, 1] : tensor<10x10xi8> to tensor<3x4xi8>
  return
}
`, "expected type to be 'tensor<3x3xi8>' or a rank-reduced version. (size mismatch) "],
    ["slicebounds", String.raw`func.func @f(%t: tensor<10xi8>) {
  %0 = tensor.extract_slice %t[8] [3] [1] : tensor<10xi8> to tensor<3xi8>
  return
}
`, "slice along dimension 0 runs out-of-bounds: 10 >= 10"],
    ["insertslice", String.raw`func.func @f(%s: tensor<3xi16>, %t: tensor<10xi8>) {
  %0 = tensor.insert_slice %s into %t[0] [3] [1] : tensor<3xi16> into tensor<10xi8>
  return
}
`, "expected element type to be 'i8'"],
    ["bitcast", String.raw`func.func @f(%t: tensor<3xi16>) {
  %0 = tensor.bitcast %t : tensor<3xi16> to tensor<3xf32>
  return
}
`, "'tensor.bitcast' op operand type 'tensor<3xi16>' and result type 'tensor<3xf32>' are cast incompatible"],
    ["concat", String.raw`func.func @f(%a: tensor<2x3xi8>, %b: tensor<2x5xi8>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x3xi8>, tensor<2x5xi8>) -> tensor<4x3xi8>
  return
}
`, "'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1"],
    ["yield", String.raw`func.func @f(%v: i8) {
  tensor.yield %v : i8
}
`, "'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'"],
  ]
  it.each(cases)('%s: reports what mlir-opt reports', (_name, source, message) => {
    expect(firstError(source)).toBe(message)
  })
})

describe('tensor folds and canonicalizations', () => {
  it('fold static dims, constants, casts, empty tensors, generate extents and slices as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @folds(%t: tensor<4x?xf32>, %n: index, %x: f32) -> (index, index, f32, tensor<3xi32>, tensor<4xf32>, tensor<?x8xf32>, index, tensor<4x?xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %f = arith.constant 2.5 : f32
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %k = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d1 = tensor.dim %k, %c1 : tensor<?x?xf32>
  %fe = tensor.from_elements %x, %f : tensor<2xf32>
  %e = tensor.extract %fe[%c1] : tensor<2xf32>
  %ci = tensor.from_elements %i1, %i2, %i1 : tensor<3xi32>
  %sp = tensor.splat %f : tensor<4xf32>
  %em = tensor.empty(%n, %c8) : tensor<?x?xf32>
  %emc = tensor.cast %em : tensor<?x?xf32> to tensor<?x8xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    tensor.yield %x : f32
  } : tensor<?xf32>
  %dg = tensor.dim %g, %c0 : tensor<?xf32>
  %id = tensor.extract_slice %t[0, 0] [4, %n] [1, 1] : tensor<4x?xf32> to tensor<4x?xf32>
  %r = tensor.rank %t : tensor<4x?xf32>
  return %d0, %d1, %e, %ci, %sp, %emc, %dg, %id, %r : index, index, f32, tensor<3xi32>, tensor<4xf32>, tensor<?x8xf32>, index, tensor<4x?xf32>, index
}
func.func @chains(%u: tensor<*xf32>, %s: tensor<8x16xf32>, %a: index) -> (tensor<4x?xf32>, tensor<8x16xf32>, tensor<2x3x4xf32>) {
  %c4 = arith.constant 4 : index
  %0 = tensor.cast %u : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  %2 = tensor.extract_slice %s[%a, 0] [%c4, 16] [1, 1] : tensor<8x16xf32> to tensor<?x16xf32>
  %3 = tensor.insert_slice %2 into %s[%a, 0] [%c4, 16] [1, 1] : tensor<?x16xf32> into tensor<8x16xf32>
  %4 = tensor.insert_slice %2 into %3[%a, 0] [%c4, 16] [1, 1] : tensor<?x16xf32> into tensor<8x16xf32>
  %e = tensor.empty() : tensor<24xf32>
  %x = tensor.expand_shape %e [[0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
  %y = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %1, %4, %y : tensor<4x?xf32>, tensor<8x16xf32>, tensor<2x3x4xf32>
}
`)).toBe(String.raw`module {
  func.func @folds(%arg0: tensor<4x?xf32>, %arg1: index, %arg2: f32) -> (index, index, f32, tensor<3xi32>, tensor<4xf32>, tensor<?x8xf32>, index, tensor<4x?xf32>, index) {
    %c2 = arith.constant 2 : index
    %cst = arith.constant dense<2.500000e+00> : tensor<4xf32>
    %cst_0 = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
    %c1 = arith.constant 1 : index
    %cst_1 = arith.constant 2.500000e+00 : f32
    %c4 = arith.constant 4 : index
    %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
    %0 = tensor.empty(%arg1) : tensor<?x8xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [4, %arg1] [1, 1] : tensor<4x?xf32> to tensor<4x?xf32>
    return %c4, %dim, %cst_1, %cst_0, %cst, %0, %arg1, %extracted_slice, %c2 : index, index, f32, tensor<3xi32>, tensor<4xf32>, tensor<?x8xf32>, index, tensor<4x?xf32>, index
  }
  func.func @chains(%arg0: tensor<*xf32>, %arg1: tensor<8x16xf32>, %arg2: index) -> (tensor<4x?xf32>, tensor<8x16xf32>, tensor<2x3x4xf32>) {
    %cast = tensor.cast %arg0 : tensor<*xf32> to tensor<4x?xf32>
    %0 = tensor.empty() : tensor<24xf32>
    %expanded = tensor.expand_shape %0 [[0, 1, 2]] output_shape [2, 3, 4] : tensor<24xf32> into tensor<2x3x4xf32>
    return %cast, %arg1, %expanded : tensor<4x?xf32>, tensor<8x16xf32>, tensor<2x3x4xf32>
  }
}

`)
  })
  it('fold extracts from sparse, complex and dense constants as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @elements() -> (i16, i16, complex<f64>, f64) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = arith.constant sparse<[[2, 1]], [7]> : tensor<3x2xi16>
  %a = tensor.extract %s[%c2, %c0] : tensor<3x2xi16>
  %b = tensor.extract %s[%c2, %c0] : tensor<3x2xi16>
  %z = arith.constant dense<[(1.5, -2.0), (0.25, 4.0)]> : tensor<2xcomplex<f64>>
  %c = tensor.extract %z[%c0] : tensor<2xcomplex<f64>>
  %d = arith.constant dense<[[0.5, 1.5], [2.5, 3.5]]> : tensor<2x2xf64>
  %c1 = arith.constant 1 : index
  %e = tensor.extract %d[%c1, %c0] : tensor<2x2xf64>
  return %a, %b, %c, %e : i16, i16, complex<f64>, f64
}
`)).toBe(String.raw`module {
  func.func @elements() -> (i16, i16, complex<f64>, f64) {
    %c0_i16 = arith.constant 0 : i16
    %cst = complex.constant [1.500000e+00, -2.000000e+00] : complex<f64>
    %cst_0 = arith.constant 2.500000e+00 : f64
    return %c0_i16, %c0_i16, %cst, %cst_0 : i16, i16, complex<f64>, f64
  }
}

`)
  })
  it('fold pads of zeros, constant padding and casts around pads as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @a(%t: tensor<3x?xf32>, %v: f32, %n: index) -> (tensor<4x?xf32>, tensor<3x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.pad %t nofold low[1, %n] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x?xf32> to tensor<4x?xf32>
  %1 = tensor.pad %t low[0, %c0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x?xf32> to tensor<3x?xf32>
  %2 = tensor.pad %t low[%c2, 0] high[%n, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x?xf32> to tensor<?x?xf32>
  %3 = tensor.pad %t low[%c2, 0] high[%c2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<3x?xf32> to tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<4x?xf32>, tensor<3x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @b(%t: tensor<?x?xf32>, %v: f32) -> tensor<4x6xf32> {
  %c = tensor.cast %t : tensor<?x?xf32> to tensor<?x?xf32>
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}
func.func @c(%t: tensor<2x3xf32>, %v: f32) -> tensor<?x?xf32> {
  %c = tensor.cast %t : tensor<2x3xf32> to tensor<?x?xf32>
  %0 = tensor.pad %c low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
`)).toBe(String.raw`module {
  func.func @a(%arg0: tensor<3x?xf32>, %arg1: f32, %arg2: index) -> (tensor<4x?xf32>, tensor<3x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
    %c2 = arith.constant 2 : index
    %padded = tensor.pad %arg0 nofold low[1, %arg2] high[0, 2] {
    ^bb0(%arg3: index, %arg4: index):
      tensor.yield %arg1 : f32
    } : tensor<3x?xf32> to tensor<4x?xf32>
    %padded_0 = tensor.pad %arg0 low[%c2, 0] high[%arg2, 1] {
    ^bb0(%arg3: index, %arg4: index):
      tensor.yield %arg1 : f32
    } : tensor<3x?xf32> to tensor<?x?xf32>
    %padded_1 = tensor.pad %arg0 low[2, 0] high[2, 1] {
    ^bb0(%arg3: index, %arg4: index):
      tensor.yield %arg1 : f32
    } : tensor<3x?xf32> to tensor<7x?xf32>
    %cast = tensor.cast %padded_1 : tensor<7x?xf32> to tensor<?x?xf32>
    return %padded, %arg0, %padded_0, %cast : tensor<4x?xf32>, tensor<3x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
  }
  func.func @b(%arg0: tensor<?x?xf32>, %arg1: f32) -> tensor<4x6xf32> {
    %padded = tensor.pad %arg0 low[1, 1] high[1, 1] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %arg1 : f32
    } : tensor<?x?xf32> to tensor<4x6xf32>
    return %padded : tensor<4x6xf32>
  }
  func.func @c(%arg0: tensor<2x3xf32>, %arg1: f32) -> tensor<?x?xf32> {
    %padded = tensor.pad %arg0 low[1, 1] high[1, 1] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %arg1 : f32
    } : tensor<2x3xf32> to tensor<4x5xf32>
    %cast = tensor.cast %padded : tensor<4x5xf32> to tensor<?x?xf32>
    return %cast : tensor<?x?xf32>
  }
}

`)
  })
  it('fold constant slice arguments, identity slices and insert/extract pairs as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @a(%t: tensor<8x16xf32, "enc">) -> tensor<4x4xf32, "enc"> {
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32, "enc"> to tensor<4x4xf32, "enc">
  return %0 : tensor<4x4xf32, "enc">
}
func.func @b(%t: tensor<8x16xf32>, %c: index) -> (tensor<?x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[%c0, %c1][%c4, 4][%c1, 1] : tensor<8x16xf32> to tensor<?x4xf32>
  %1 = tensor.extract_slice %t[0, 0][8, 16][1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %2 = tensor.insert_slice %0 into %t[%c0, %c1][%c4, 4][%c1, 1] : tensor<?x4xf32> into tensor<8x16xf32>
  %s = tensor.extract_slice %t[%c, 2][1, 4][1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %3 = tensor.insert_slice %s into %t[%c, 2][1, 4][1, 1] : tensor<4xf32> into tensor<8x16xf32>
  %4 = tensor.extract_slice %3[%c, 2][1, 4][1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %5 = tensor.insert_slice %0 into %t[%c, 2][%c4, 4][1, 1] : tensor<?x4xf32> into tensor<8x16xf32>
  return %0, %1, %2, %5 : tensor<?x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}
`)).toBe(String.raw`module {
  func.func @a(%arg0: tensor<8x16xf32, "enc">) -> tensor<4x4xf32, "enc"> {
    %extracted_slice = tensor.extract_slice %arg0[0, 0] [4, 4] [1, 1] : tensor<8x16xf32, "enc"> to tensor<4x4xf32, "enc">
    return %extracted_slice : tensor<4x4xf32, "enc">
  }
  func.func @b(%arg0: tensor<8x16xf32>, %arg1: index) -> (tensor<?x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
    %extracted_slice = tensor.extract_slice %arg0[0, 1] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
    %cast = tensor.cast %extracted_slice : tensor<4x4xf32> to tensor<?x4xf32>
    %inserted_slice = tensor.insert_slice %extracted_slice into %arg0[%arg1, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
    return %cast, %arg0, %arg0, %inserted_slice : tensor<?x4xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
  }
}

`)
  })
  it('fold bitcast chains as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @bitcasts(%t: tensor<3xi16>, %u: tensor<*xf32>) -> (tensor<3xf16>, tensor<3xi16>, tensor<?xi32>) {
  %0 = tensor.bitcast %t : tensor<3xi16> to tensor<3xui16>
  %1 = tensor.bitcast %0 : tensor<3xui16> to tensor<3xf16>
  %2 = tensor.bitcast %0 : tensor<3xui16> to tensor<3xi16>
  %3 = tensor.bitcast %u : tensor<*xf32> to tensor<?xi32>
  return %1, %2, %3 : tensor<3xf16>, tensor<3xi16>, tensor<?xi32>
}
`)).toBe(String.raw`module {
  func.func @bitcasts(%arg0: tensor<3xi16>, %arg1: tensor<*xf32>) -> (tensor<3xf16>, tensor<3xi16>, tensor<?xi32>) {
    %0 = tensor.bitcast %arg0 : tensor<3xi16> to tensor<3xf16>
    %1 = tensor.bitcast %arg1 : tensor<*xf32> to tensor<?xi32>
    return %0, %arg0, %1 : tensor<3xf16>, tensor<3xi16>, tensor<?xi32>
  }
}

`)
  })
  it('refine concat operand and result types and fold single-input concats as mlir-opt does', () => {
    expect(canonicalize(String.raw`func.func @a(%a: tensor<2x?xf32>, %b: tensor<3x4xf32>, %c: tensor<1x2x?xi32>) -> (tensor<5x4xf32>, tensor<1x2x3xi32>, tensor<1x2x?xi32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<2x?xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  %1 = tensor.concat dim(2) %c : (tensor<1x2x?xi32>) -> tensor<1x2x3xi32>
  %2 = tensor.concat dim(2) %c : (tensor<1x2x?xi32>) -> tensor<1x2x?xi32>
  return %0, %1, %2 : tensor<5x4xf32>, tensor<1x2x3xi32>, tensor<1x2x?xi32>
}
func.func @b(%a: tensor<?x?xf32>, %b: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<?x?xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
func.func @c(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %0 = tensor.concat dim(1) %a, %b : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
`)).toBe(String.raw`module {
  func.func @a(%arg0: tensor<2x?xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<1x2x?xi32>) -> (tensor<5x4xf32>, tensor<1x2x3xi32>, tensor<1x2x?xi32>) {
    %cast = tensor.cast %arg0 : tensor<2x?xf32> to tensor<2x4xf32>
    %concat = tensor.concat dim(0) %cast, %arg1 : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
    %cast_0 = tensor.cast %arg2 : tensor<1x2x?xi32> to tensor<1x2x3xi32>
    return %concat, %cast_0, %arg2 : tensor<5x4xf32>, tensor<1x2x3xi32>, tensor<1x2x?xi32>
  }
  func.func @b(%arg0: tensor<?x?xf32>, %arg1: tensor<3x4xf32>) -> tensor<?x?xf32> {
    %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<3x?xf32>
    %concat = tensor.concat dim(1) %cast, %arg1 : (tensor<3x?xf32>, tensor<3x4xf32>) -> tensor<3x?xf32>
    %cast_0 = tensor.cast %concat : tensor<3x?xf32> to tensor<?x?xf32>
    return %cast_0 : tensor<?x?xf32>
  }
  func.func @c(%arg0: tensor<3x2xf32>, %arg1: tensor<3x4xf32>) -> tensor<?x?xf32> {
    %concat = tensor.concat dim(1) %arg0, %arg1 : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<3x6xf32>
    %cast = tensor.cast %concat : tensor<3x6xf32> to tensor<?x?xf32>
    return %cast : tensor<?x?xf32>
  }
}

`)
  })
})
