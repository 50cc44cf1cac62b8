// The memref ops beyond alloc/load/store: each family's custom and generic forms, verifier
// messages and canonicalizations must equal mlir-opt 22's output on the same input (the
// expected texts below were produced by mlir-opt 22.1.8).
import { describe, expect, it } from 'vitest'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'

const { roundTrip, firstError, canonicalize } = dialectHarness([ArithDialect, FuncDialect, MemRefDialect], true)

describe('memref view ops (subview, view, reinterpret_cast, transpose, expand/collapse_shape, extract_strided_metadata)', () => {
  const input = String.raw`func.func @views(%m: memref<8x16xf32>, %d: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: index, %j: index, %buf: memref<512xi8>) {
  %a = memref.subview %m[2, %i] [4, 8] [1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2], offset: ?>>
  %b = memref.subview %d[%i, 0] [1, %j] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %c = memref.view %buf[%i][%j] : memref<512xi8> to memref<?x4xf32>
  %e = memref.reinterpret_cast %m to offset: [%i], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32, strided<[8, 1], offset: ?>>
  %t = memref.transpose %m (a, b) -> (b, a) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  %x = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
  %y = memref.collapse_shape %x [[0, 1, 2]] : memref<2x4x16xf32> into memref<128xf32>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %d : memref<?x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  return
}
`
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(input)).toBe(String.raw`module {
  func.func @views(%arg0: memref<8x16xf32>, %arg1: memref<?x?xf32, strided<[?, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: memref<512xi8>) {
    %subview = memref.subview %arg0[2, %arg2] [4, 8] [1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2], offset: ?>>
    %subview_0 = memref.subview %arg1[%arg2, 0] [1, %arg3] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    %view = memref.view %arg4[%arg2][%arg3] : memref<512xi8> to memref<?x4xf32>
    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32, strided<[8, 1], offset: ?>>
    %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
    %collapse_shape = memref.collapse_shape %expand_shape [[0, 1, 2]] : memref<2x4x16xf32> into memref<128xf32>
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg1 : memref<?x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
    return
  }
}

`)
  })
  it('print in the generic form as mlir-opt does, and read it back', () => {
    const generic = String.raw`#map = affine_map<(d0, d1) -> (d1, d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8x16xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>>, index, index, memref<512xi8>) -> (), sym_name = "views"}> ({
  ^bb0(%arg0: memref<8x16xf32>, %arg1: memref<?x?xf32, strided<[?, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: memref<512xi8>):
    %0 = "memref.subview"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 2, -9223372036854775808>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 2>}> : (memref<8x16xf32>, index) -> memref<4x8xf32, strided<[16, 2], offset: ?>>
    %1 = "memref.subview"(%arg1, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 1, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (memref<?x?xf32, strided<[?, 1], offset: ?>>, index, index) -> memref<?xf32, strided<[1], offset: ?>>
    %2 = "memref.view"(%arg4, %arg2, %arg3) : (memref<512xi8>, index, index) -> memref<?x4xf32>
    %3 = "memref.reinterpret_cast"(%arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 16, 8>, static_strides = array<i64: 8, 1>}> : (memref<8x16xf32>, index) -> memref<16x8xf32, strided<[8, 1], offset: ?>>
    %4 = "memref.transpose"(%arg0) <{permutation = #map}> : (memref<8x16xf32>) -> memref<16x8xf32, strided<[1, 16]>>
    %5 = "memref.expand_shape"(%arg0) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 2, 4, 16>}> : (memref<8x16xf32>) -> memref<2x4x16xf32>
    %6 = "memref.collapse_shape"(%5) <{reassociation = [[0, 1, 2]]}> : (memref<2x4x16xf32>) -> memref<128xf32>
    %7:6 = "memref.extract_strided_metadata"(%arg1) : (memref<?x?xf32, strided<[?, 1], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

`
    expect(roundTrip(input, true)).toBe(generic)
    expect(roundTrip(generic)).toBe(String.raw`module {
  func.func @views(%arg0: memref<8x16xf32>, %arg1: memref<?x?xf32, strided<[?, 1], offset: ?>>, %arg2: index, %arg3: index, %arg4: memref<512xi8>) {
    %subview = memref.subview %arg0[2, %arg2] [4, 8] [1, 2] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 2], offset: ?>>
    %subview_0 = memref.subview %arg1[%arg2, 0] [1, %arg3] [1, 1] : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    %view = memref.view %arg4[%arg2][%arg3] : memref<512xi8> to memref<?x4xf32>
    %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [%arg2], sizes: [16, 8], strides: [8, 1] : memref<8x16xf32> to memref<16x8xf32, strided<[8, 1], offset: ?>>
    %transpose = memref.transpose %arg0 (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 4, 16] : memref<8x16xf32> into memref<2x4x16xf32>
    %collapse_shape = memref.collapse_shape %expand_shape [[0, 1, 2]] : memref<2x4x16xf32> into memref<128xf32>
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg1 : memref<?x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
    return
  }
}

`)
  })
})
describe('memref globals, copies, atomics, DMA, alloca_scope, realloc and metadata ops', () => {
  const input = String.raw`memref.global "private" constant @table : memref<3xi32> = dense<[1, 2, 3]> {alignment = 16}
memref.global @scratch : memref<4x4xf16> = uninitialized
memref.global "nested" @ext : memref<2xi8>
func.func @misc(%a: memref<4xf32>, %b: memref<?xf32>, %u: memref<*xf32>, %shape: memref<2xindex>, %i: index, %f: f32, %n: i32, %ni: memref<8xi32>, %tag: memref<2xi32>) -> f32 {
  memref.copy %a, %b : memref<4xf32> to memref<?xf32>
  %r = memref.rank %u : memref<*xf32>
  %rs = memref.reshape %u(%shape) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
  %g = memref.get_global @table : memref<3xi32>
  memref.prefetch %a[%i], read, locality<2>, instr : memref<4xf32>
  %old = memref.atomic_rmw maximumf %f, %a[%i] : (f32, memref<4xf32>) -> f32
  %oi = memref.atomic_rmw xori %n, %ni[%i] : (i32, memref<8xi32>) -> i32
  %gen = memref.generic_atomic_rmw %b[%i] : memref<?xf32> {
  ^bb0(%cur: f32):
    %s = arith.mulf %cur, %f : f32
    memref.atomic_yield %s : f32
  }
  %sc = memref.alloca_scope -> (f32) {
    %tmp = memref.alloca() : memref<1xf32>
    memref.alloca_scope.return %gen : f32
  }
  %grown = memref.realloc %b(%i) {alignment = 8} : memref<?xf32> to memref<?xf32>
  memref.dma_start %a[%i], %b[%i], %i, %tag[%i], %i, %i : memref<4xf32>, memref<?xf32>, memref<2xi32>
  memref.dma_wait %tag[%i], %i : memref<2xi32>
  %sp = memref.memory_space_cast %b : memref<?xf32> to memref<?xf32, 3>
  %al = memref.assume_alignment %a, 32 : memref<4xf32>
  %p = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index
  %dd:2 = memref.distinct_objects %a, %b : memref<4xf32>, memref<?xf32>
  return %sc : f32
}
`
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(input)).toBe(String.raw`module {
  memref.global "private" constant @table : memref<3xi32> = dense<[1, 2, 3]> {alignment = 16 : i64}
  memref.global @scratch : memref<4x4xf16> = uninitialized
  memref.global "nested" @ext : memref<2xi8>
  func.func @misc(%arg0: memref<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: memref<2xindex>, %arg4: index, %arg5: f32, %arg6: i32, %arg7: memref<8xi32>, %arg8: memref<2xi32>) -> f32 {
    memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
    %0 = memref.rank %arg2 : memref<*xf32>
    %reshape = memref.reshape %arg2(%arg3) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
    %1 = memref.get_global @table : memref<3xi32>
    memref.prefetch %arg0[%arg4], read, locality<2>, instr : memref<4xf32>
    %2 = memref.atomic_rmw maximumf %arg5, %arg0[%arg4] : (f32, memref<4xf32>) -> f32
    %3 = memref.atomic_rmw xori %arg6, %arg7[%arg4] : (i32, memref<8xi32>) -> i32
    %4 = memref.generic_atomic_rmw %arg1[%arg4] : memref<?xf32> {
    ^bb0(%arg9: f32):
      %8 = arith.mulf %arg9, %arg5 : f32
      memref.atomic_yield %8 : f32
    }
    %5 = memref.alloca_scope  -> (f32) {
      %alloca = memref.alloca() : memref<1xf32>
      memref.alloca_scope.return %4 : f32
    }
    %6 = memref.realloc %arg1(%arg4) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>
    memref.dma_start %arg0[%arg4], %arg1[%arg4], %arg4, %arg8[%arg4], %arg4, %arg4 : memref<4xf32>, memref<?xf32>, memref<2xi32>
    memref.dma_wait %arg8[%arg4], %arg4 : memref<2xi32>
    %memspacecast = memref.memory_space_cast %arg1 : memref<?xf32> to memref<?xf32, 3>
    %assume_align = memref.assume_alignment %arg0, 32 : memref<4xf32>
    %intptr = memref.extract_aligned_pointer_as_index %arg2 : memref<*xf32> -> index
    %7:2 = memref.distinct_objects %arg0, %arg1 : memref<4xf32>, memref<?xf32>
    return %5 : f32
  }
}

`)
  })
  it('print in the generic form as mlir-opt does, and read it back', () => {
    const generic = String.raw`"builtin.module"() ({
  "memref.global"() <{alignment = 16 : i64, constant, initial_value = dense<[1, 2, 3]> : tensor<3xi32>, sym_name = "table", sym_visibility = "private", type = memref<3xi32>}> : () -> ()
  "memref.global"() <{initial_value, sym_name = "scratch", type = memref<4x4xf16>}> : () -> ()
  "memref.global"() <{sym_name = "ext", sym_visibility = "nested", type = memref<2xi8>}> : () -> ()
  "func.func"() <{function_type = (memref<4xf32>, memref<?xf32>, memref<*xf32>, memref<2xindex>, index, f32, i32, memref<8xi32>, memref<2xi32>) -> f32, sym_name = "misc"}> ({
  ^bb0(%arg0: memref<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: memref<2xindex>, %arg4: index, %arg5: f32, %arg6: i32, %arg7: memref<8xi32>, %arg8: memref<2xi32>):
    "memref.copy"(%arg0, %arg1) : (memref<4xf32>, memref<?xf32>) -> ()
    %0 = "memref.rank"(%arg2) : (memref<*xf32>) -> index
    %1 = "memref.reshape"(%arg2, %arg3) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
    %2 = "memref.get_global"() <{name = @table}> : () -> memref<3xi32>
    "memref.prefetch"(%arg0, %arg4) <{isDataCache = false, isWrite = false, localityHint = 2 : i32}> : (memref<4xf32>, index) -> ()
    %3 = "memref.atomic_rmw"(%arg5, %arg0, %arg4) <{kind = 4 : i64}> : (f32, memref<4xf32>, index) -> f32
    %4 = "memref.atomic_rmw"(%arg6, %arg7, %arg4) <{kind = 15 : i64}> : (i32, memref<8xi32>, index) -> i32
    %5 = "memref.generic_atomic_rmw"(%arg1, %arg4) ({
    ^bb0(%arg9: f32):
      %13 = "arith.mulf"(%arg9, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.atomic_yield"(%13) : (f32) -> ()
    }) : (memref<?xf32>, index) -> f32
    %6 = "memref.alloca_scope"() ({
      %12 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<1xf32>
      "memref.alloca_scope.return"(%5) : (f32) -> ()
    }) : () -> f32
    %7 = "memref.realloc"(%arg1, %arg4) <{alignment = 8 : i64}> : (memref<?xf32>, index) -> memref<?xf32>
    "memref.dma_start"(%arg0, %arg4, %arg1, %arg4, %arg4, %arg8, %arg4, %arg4, %arg4) : (memref<4xf32>, index, memref<?xf32>, index, index, memref<2xi32>, index, index, index) -> ()
    "memref.dma_wait"(%arg8, %arg4, %arg4) : (memref<2xi32>, index, index) -> ()
    %8 = "memref.memory_space_cast"(%arg1) : (memref<?xf32>) -> memref<?xf32, 3>
    %9 = "memref.assume_alignment"(%arg0) <{alignment = 32 : i32}> : (memref<4xf32>) -> memref<4xf32>
    %10 = "memref.extract_aligned_pointer_as_index"(%arg2) : (memref<*xf32>) -> index
    %11:2 = "memref.distinct_objects"(%arg0, %arg1) : (memref<4xf32>, memref<?xf32>) -> (memref<4xf32>, memref<?xf32>)
    "func.return"(%6) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

`
    expect(roundTrip(input, true)).toBe(generic)
    expect(roundTrip(generic)).toBe(String.raw`module {
  memref.global "private" constant @table : memref<3xi32> = dense<[1, 2, 3]> {alignment = 16 : i64}
  memref.global @scratch : memref<4x4xf16> = uninitialized
  memref.global "nested" @ext : memref<2xi8>
  func.func @misc(%arg0: memref<4xf32>, %arg1: memref<?xf32>, %arg2: memref<*xf32>, %arg3: memref<2xindex>, %arg4: index, %arg5: f32, %arg6: i32, %arg7: memref<8xi32>, %arg8: memref<2xi32>) -> f32 {
    memref.copy %arg0, %arg1 : memref<4xf32> to memref<?xf32>
    %0 = memref.rank %arg2 : memref<*xf32>
    %reshape = memref.reshape %arg2(%arg3) : (memref<*xf32>, memref<2xindex>) -> memref<?x?xf32>
    %1 = memref.get_global @table : memref<3xi32>
    memref.prefetch %arg0[%arg4], read, locality<2>, instr : memref<4xf32>
    %2 = memref.atomic_rmw maximumf %arg5, %arg0[%arg4] : (f32, memref<4xf32>) -> f32
    %3 = memref.atomic_rmw xori %arg6, %arg7[%arg4] : (i32, memref<8xi32>) -> i32
    %4 = memref.generic_atomic_rmw %arg1[%arg4] : memref<?xf32> {
    ^bb0(%arg9: f32):
      %8 = arith.mulf %arg9, %arg5 : f32
      memref.atomic_yield %8 : f32
    }
    %5 = memref.alloca_scope  -> (f32) {
      %alloca = memref.alloca() : memref<1xf32>
      memref.alloca_scope.return %4 : f32
    }
    %6 = memref.realloc %arg1(%arg4) {alignment = 8 : i64} : memref<?xf32> to memref<?xf32>
    memref.dma_start %arg0[%arg4], %arg1[%arg4], %arg4, %arg8[%arg4], %arg4, %arg4 : memref<4xf32>, memref<?xf32>, memref<2xi32>
    memref.dma_wait %arg8[%arg4], %arg4 : memref<2xi32>
    %memspacecast = memref.memory_space_cast %arg1 : memref<?xf32> to memref<?xf32, 3>
    %assume_align = memref.assume_alignment %arg0, 32 : memref<4xf32>
    %intptr = memref.extract_aligned_pointer_as_index %arg2 : memref<*xf32> -> index
    %7:2 = memref.distinct_objects %arg0, %arg1 : memref<4xf32>, memref<?xf32>
    return %5 : f32
  }
}

`)
  })
})
describe('memref verifiers give mlir-opt 22 messages', () => {
  const cases: [string, string][] = [
    [String.raw`func.func @f(%m: memref<8xf32>) {
  %0 = memref.subview %m[6] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 6>>
  return
}
`, String.raw`slice along dimension 0 runs out-of-bounds: 9 >= 8`],
    [String.raw`func.func @f(%m: memref<8x8xf32>) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32>
  return
}
`, String.raw`expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'`],
    [String.raw`func.func @f(%m: memref<8x8xf32>) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x3xf32, strided<[8, 1]>>
  return
}
`, String.raw`expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x3xf32, strided<[8, 1]>>'`],
    [String.raw`func.func @f(%m: memref<?xf32>) {
  %0 = memref.reinterpret_cast %m to offset: [3], sizes: [4, 2], strides: [2, 1] : memref<?xf32> to memref<4x2xf32, strided<[2, 1], offset: 5>>
  return
}
`, String.raw`expected result type with offset = 3 instead of 5`],
    [String.raw`func.func @f(%m: memref<12xf32>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [3, 5] : memref<12xf32> into memref<3x5xf32>
  return
}
`, String.raw`'memref.expand_shape' op collapsed dim size (12) must equal reassociation group size (15)`],
    [String.raw`func.func @f(%m: memref<4x6xf32, strided<[12, 1]>>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x6xf32, strided<[12, 1]>> into memref<24xf32>
  return
}
`, String.raw`'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims`],
    [String.raw`func.func @f(%m: memref<4x6xf32>) {
  %0 = memref.transpose %m (a, b) -> (b, a) : memref<4x6xf32> to memref<6x4xf32>
  return
}
`, String.raw`'memref.transpose' op result type 'memref<6x4xf32>' is not equivalent to the canonical transposed input type 'memref<6x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 6)>>'`],
    [String.raw`func.func @f(%m: memref<16xi8>, %i: index) {
  %0 = memref.view %m[%i][] : memref<16xi8> to memref<?xf32>
  return
}
`, String.raw`'memref.view' op incorrect number of dynamic sizes, has 0, expected 1`],
    [String.raw`func.func @f(%a: memref<4xf32>, %b: memref<4xi32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}
`, String.raw`'memref.copy' op requires the same element type for all operands`],
    [String.raw`memref.global "private" @g : memref<2xf32> = dense<[1.0, 2.0, 3.0]>
`, String.raw`inferred shape of elements literal ([3]) does not match type ([2])`],
    [String.raw`memref.global @g : memref<2xi32>
func.func @f() {
  %0 = memref.get_global @g : memref<2xf32>
  return
}
`, String.raw`'memref.get_global' op result type 'memref<2xf32>' does not match type 'memref<2xi32>' of the global memref @g`],
    [String.raw`func.func @f(%m: memref<4xf32>, %v: f32, %i: index) {
  %0 = memref.atomic_rmw ori %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}
`, String.raw`'memref.atomic_rmw' op with kind 'ori' expects an integer type`],
    [String.raw`func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {
  ^bb0(%x: f32):
    memref.store %x, %m[%i] : memref<4xf32>
    memref.atomic_yield %x : f32
  }
  return
}
`, String.raw`body of 'memref.generic_atomic_rmw' should contain only operations with no side effects`],
    [String.raw`func.func @f(%m: memref<4xf32>, %d: index) {
  %0 = memref.realloc %m(%d) : memref<4xf32> to memref<8xf32>
  return
}
`, String.raw`unnecessary dimension operand for result type 'memref<8xf32>'`],
    [String.raw`func.func @f(%t: memref<2x2xi32>, %i: index) {
  memref.dma_wait %t[%i], %i : memref<2x2xi32>
  return
}
`, String.raw`'memref.dma_wait' op expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1`],
    [String.raw`func.func @f(%m: memref<4xf32>) {
  %0 = memref.assume_alignment %m, 6 : memref<4xf32>
  return
}
`, String.raw`'memref.assume_alignment' op alignment must be power of 2`],
    [String.raw`func.func @f(%m: memref<4xf32>, %s: memref<2xi32>) {
  %0 = memref.reshape %m(%s) : (memref<4xf32>, memref<2xi32>) -> memref<?xf32>
  return
}
`, String.raw`'memref.reshape' op length of shape operand differs from the result's memref rank`],
  ]
  it.each(cases)('%#', (source, message) => {
    expect(firstError(source)).toBe(message)
  })
})
describe('memref canonicalization matches mlir-opt 22', () => {
  it('constant subview arguments become static and the result is cast back', () => {
    expect(canonicalize(String.raw`func.func @subview_consts(%m: memref<16x16xf32>, %i: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %0 = memref.subview %m[%c2, %i] [%c4, %c4] [%c1, %c2] : memref<16x16xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}
`)).toBe(String.raw`module {
  func.func @subview_consts(%arg0: memref<16x16xf32>, %arg1: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
    %subview = memref.subview %arg0[2, %arg1] [4, 4] [1, 2] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 2], offset: ?>>
    %cast = memref.cast %subview : memref<4x4xf32, strided<[16, 2], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    return %cast : memref<?x?xf32, strided<[?, ?], offset: ?>>
  }
}

`)
  })
  it('a subview of a memref.cast reads the cast source', () => {
    expect(canonicalize(String.raw`func.func @subview_of_cast(%m: memref<8x8xf32>) -> memref<2x2xf32, strided<[?, 1], offset: ?>> {
  %c = memref.cast %m : memref<8x8xf32> to memref<?x?xf32>
  %0 = memref.subview %c[1, 1] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1], offset: ?>>
  return %0 : memref<2x2xf32, strided<[?, 1], offset: ?>>
}
`)).toBe(String.raw`module {
  func.func @subview_of_cast(%arg0: memref<8x8xf32>) -> memref<2x2xf32, strided<[?, 1], offset: ?>> {
    %subview = memref.subview %arg0[1, 1] [2, 2] [1, 1] : memref<8x8xf32> to memref<2x2xf32, strided<[8, 1], offset: 9>>
    %cast = memref.cast %subview : memref<2x2xf32, strided<[8, 1], offset: 9>> to memref<2x2xf32, strided<[?, 1], offset: ?>>
    return %cast : memref<2x2xf32, strided<[?, 1], offset: ?>>
  }
}

`)
  })
  it('a trivial subview is a cast of its source', () => {
    expect(canonicalize(String.raw`func.func @trivial(%m: memref<4x4xf32>) -> memref<4x4xf32, strided<[4, 1]>> {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1]>>
  return %0 : memref<4x4xf32, strided<[4, 1]>>
}
`)).toBe(String.raw`module {
  func.func @trivial(%arg0: memref<4x4xf32>) -> memref<4x4xf32, strided<[4, 1]>> {
    %cast = memref.cast %arg0 : memref<4x4xf32> to memref<4x4xf32, strided<[4, 1]>>
    return %cast : memref<4x4xf32, strided<[4, 1]>>
  }
}

`)
  })
  it('constant alloca sizes fold (not negative ones) and rank folds', () => {
    expect(canonicalize(String.raw`func.func @alloca_const() -> (memref<?x?xi8>, index) {
  %c3 = arith.constant 3 : index
  %n = arith.constant -1 : index
  %a = memref.alloca(%c3, %n) : memref<?x?xi8>
  %r = memref.rank %a : memref<?x?xi8>
  return %a, %r : memref<?x?xi8>, index
}
`)).toBe(String.raw`module {
  func.func @alloca_const() -> (memref<?x?xi8>, index) {
    %c2 = arith.constant 2 : index
    %c-1 = arith.constant -1 : index
    %alloca = memref.alloca(%c-1) : memref<3x?xi8>
    %cast = memref.cast %alloca : memref<3x?xi8> to memref<?x?xi8>
    return %cast, %c2 : memref<?x?xi8>, index
  }
}

`)
  })
  it('chained collapses and expands compose', () => {
    expect(canonicalize(String.raw`func.func @shapes(%m: memref<2x3x4x5xf32>, %s: index) -> (memref<120xf32>, memref<?x2x3xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
  %1 = memref.collapse_shape %0 [[0, 1, 2]] : memref<6x4x5xf32> into memref<120xf32>
  %v = memref.alloc(%s) : memref<?xf32>
  %2 = memref.expand_shape %v [[0, 1]] output_shape [%s, 6] : memref<?xf32> into memref<?x6xf32>
  %3 = memref.expand_shape %2 [[0], [1, 2]] output_shape [%s, 2, 3] : memref<?x6xf32> into memref<?x2x3xf32>
  return %1, %3 : memref<120xf32>, memref<?x2x3xf32>
}
`)).toBe(String.raw`module {
  func.func @shapes(%arg0: memref<2x3x4x5xf32>, %arg1: index) -> (memref<120xf32>, memref<?x2x3xf32>) {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1, 2, 3]] : memref<2x3x4x5xf32> into memref<120xf32>
    %alloc = memref.alloc(%arg1) : memref<?xf32>
    %expand_shape = memref.expand_shape %alloc [[0, 1, 2]] output_shape [%arg1, 2, 3] : memref<?xf32> into memref<?x2x3xf32>
    return %collapse_shape, %expand_shape : memref<120xf32>, memref<?x2x3xf32>
  }
}

`)
  })
  it('copy, dim of reshape, memory_space_cast and extract_strided_metadata folds', () => {
    expect(canonicalize(String.raw`func.func @misc_folds(%m: memref<?xf32>, %dst: memref<?xf32>, %shape: memref<?xi64>, %u: memref<*xf32>, %i: index) -> (index, index) {
  memref.copy %m, %m : memref<?xf32> to memref<?xf32>
  %c = memref.cast %m : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  memref.copy %c, %dst : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32>
  %r = memref.reshape %u(%shape) : (memref<*xf32>, memref<?xi64>) -> memref<*xf32>
  %d = memref.dim %r, %i : memref<*xf32>
  %s1 = memref.memory_space_cast %m : memref<?xf32> to memref<?xf32, 1>
  %s2 = memref.memory_space_cast %s1 : memref<?xf32, 1> to memref<?xf32, 2>
  %base, %off, %sz, %st = memref.extract_strided_metadata %m : memref<?xf32> -> memref<f32>, index, index, index
  %rc = memref.reinterpret_cast %base to offset: [%off], sizes: [%sz], strides: [%st] : memref<f32> to memref<?xf32, strided<[?], offset: ?>>
  "test.use"(%s2, %rc) : (memref<?xf32, 2>, memref<?xf32, strided<[?], offset: ?>>) -> ()
  return %d, %st : index, index
}
`)).toBe(String.raw`module {
  func.func @misc_folds(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: memref<?xi64>, %arg3: memref<*xf32>, %arg4: index) -> (index, index) {
    %c1 = arith.constant 1 : index
    memref.copy %arg0, %arg1 : memref<?xf32> to memref<?xf32>
    %0 = memref.load %arg2[%arg4] : memref<?xi64>
    %1 = arith.index_cast %0 : i64 to index
    %memspacecast = memref.memory_space_cast %arg0 : memref<?xf32> to memref<?xf32, 2>
    %cast = memref.cast %arg0 : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
    "test.use"(%memspacecast, %cast) : (memref<?xf32, 2>, memref<?xf32, strided<[?], offset: ?>>) -> ()
    return %1, %c1 : index, index
  }
}

`)
  })
  it('alloca_scope is inlined when no stack allocation outlives it, and its allocas hoisted', () => {
    expect(canonicalize(String.raw`func.func @inline_at_end(%n: index) {
  memref.alloca_scope {
    %buf = memref.alloca(%n) : memref<?xf32>
    "test.consume"(%buf) : (memref<?xf32>) -> ()
  }
  return
}
func.func @inline_without_alloca(%m: memref<f32>, %v: f32) -> f32 {
  "test.wrap"() ({
    %r = memref.alloca_scope -> (f32) {
      memref.store %v, %m[] : memref<f32>
      memref.alloca_scope.return %v : f32
    }
    "test.consume"(%r) : (f32) -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return %v : f32
}
func.func @hoist(%n: index) {
  "test.wrap"() ({
    memref.alloca_scope {
      %buf = memref.alloca(%n) : memref<?xi8>
      "test.consume"(%buf) : (memref<?xi8>) -> ()
    }
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
func.func @kept(%n: index) {
  "test.wrap"() ({
    memref.alloca_scope {
      %buf = memref.alloca(%n) : memref<?xi8>
      "test.consume"(%buf) : (memref<?xi8>) -> ()
    }
    "test.after"() : () -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
`)).toBe(String.raw`module {
  func.func @inline_at_end(%arg0: index) {
    %alloca = memref.alloca(%arg0) : memref<?xf32>
    "test.consume"(%alloca) : (memref<?xf32>) -> ()
    return
  }
  func.func @inline_without_alloca(%arg0: memref<f32>, %arg1: f32) -> f32 {
    "test.wrap"() ({
      memref.store %arg1, %arg0[] : memref<f32>
      "test.consume"(%arg1) : (f32) -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    return %arg1 : f32
  }
  func.func @hoist(%arg0: index) {
    %alloca = memref.alloca(%arg0) : memref<?xi8>
    "test.wrap"() ({
      memref.alloca_scope  {
        "test.consume"(%alloca) : (memref<?xi8>) -> ()
      }
      "test.end"() : () -> ()
    }) : () -> ()
    return
  }
  func.func @kept(%arg0: index) {
    "test.wrap"() ({
      memref.alloca_scope  {
        %alloca = memref.alloca(%arg0) : memref<?xi8>
        "test.consume"(%alloca) : (memref<?xi8>) -> ()
      }
      "test.after"() : () -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    return
  }
}

`)
  })
  it('a collapse of an expand composes into one collapse, or folds away', () => {
    expect(canonicalize(String.raw`func.func @collapse_of_expand(%m: memref<6x4xf32>, %v: memref<?xf32>, %n: index) -> (memref<24xf32>, memref<?xf32>) {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32> into memref<2x3x4xf32>
  %c = memref.collapse_shape %e [[0, 1, 2]] : memref<2x3x4xf32> into memref<24xf32>
  %e2 = memref.expand_shape %v [[0, 1]] output_shape [1, %n] : memref<?xf32> into memref<1x?xf32>
  %c2 = memref.collapse_shape %e2 [[0, 1]] : memref<1x?xf32> into memref<?xf32>
  return %c, %c2 : memref<24xf32>, memref<?xf32>
}
`)).toBe(String.raw`module {
  func.func @collapse_of_expand(%arg0: memref<6x4xf32>, %arg1: memref<?xf32>, %arg2: index) -> (memref<24xf32>, memref<?xf32>) {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<6x4xf32> into memref<24xf32>
    return %collapse_shape, %arg1 : memref<24xf32>, memref<?xf32>
  }
}

`)
  })
  it('an expand of a collapse composes into one collapse or expand when the groups re-split unambiguously', () => {
    expect(canonicalize(String.raw`func.func @a(%m: memref<2x3x4xf32>) -> memref<2x3x2x2xf32> {
  %c = memref.collapse_shape %m [[0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
  %e = memref.expand_shape %c [[0], [1, 2, 3]] output_shape [2, 3, 2, 2] : memref<2x12xf32> into memref<2x3x2x2xf32>
  return %e : memref<2x3x2x2xf32>
}
func.func @c(%m: memref<2x3x4x5xf32>) -> memref<6x20xf32> {
  %c = memref.collapse_shape %m [[0, 1, 2, 3]] : memref<2x3x4x5xf32> into memref<120xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [6, 20] : memref<120xf32> into memref<6x20xf32>
  return %e : memref<6x20xf32>
}
func.func @d(%m: memref<6x20xf32>) -> memref<2x3x4x5xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<6x20xf32> into memref<120xf32>
  %e = memref.expand_shape %c [[0, 1, 2, 3]] output_shape [2, 3, 4, 5] : memref<120xf32> into memref<2x3x4x5xf32>
  return %e : memref<2x3x4x5xf32>
}
func.func @e(%m: memref<?x4xf32>, %n: index) -> memref<?x2x2xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1, 2]] output_shape [%n, 2, 2] : memref<?xf32> into memref<?x2x2xf32>
  return %e : memref<?x2x2xf32>
}
func.func @f(%m: memref<1x?x1x4xf32>, %n: index) -> memref<?x4xf32> {
  %c = memref.collapse_shape %m [[0, 1, 2, 3]] : memref<1x?x1x4xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  return %e : memref<?x4xf32>
}
func.func @g(%m: memref<3x4xf32>) -> memref<1x3x4x1xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<3x4xf32> into memref<12xf32>
  %e = memref.expand_shape %c [[0, 1, 2, 3]] output_shape [1, 3, 4, 1] : memref<12xf32> into memref<1x3x4x1xf32>
  return %e : memref<1x3x4x1xf32>
}
func.func @h(%m: memref<1x1xf32>) -> memref<1x1x1xf32> {
  %c = memref.collapse_shape %m [] : memref<1x1xf32> into memref<f32>
  %e = memref.expand_shape %c [] output_shape [1, 1, 1] : memref<f32> into memref<1x1x1xf32>
  return %e : memref<1x1x1xf32>
}
func.func @j(%m: memref<2x3x4xf32>) -> memref<3x2x4xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %e = memref.expand_shape %c [[0, 1], [2]] output_shape [3, 2, 4] : memref<6x4xf32> into memref<3x2x4xf32>
  return %e : memref<3x2x4xf32>
}
func.func @k(%m: memref<?x?x4xf32>, %a: index, %b: index) -> memref<?x?x2x2xf32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  %e = memref.expand_shape %c [[0, 1], [2, 3]] output_shape [%a, %b, 2, 2] : memref<?x4xf32> into memref<?x?x2x2xf32>
  return %e : memref<?x?x2x2xf32>
}
func.func @m(%m: memref<2x?x2xf32>, %a: index) -> memref<?x2xf32> {
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<2x?x2xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [%a, 2] : memref<?xf32> into memref<?x2xf32>
  return %e : memref<?x2xf32>
}
func.func @o(%m: memref<1x2x1x3x1xf32>) -> memref<2x3xf32> {
  %c = memref.collapse_shape %m [[0, 1, 2, 3, 4]] : memref<1x2x1x3x1xf32> into memref<6xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  return %e : memref<2x3xf32>
}
func.func @p(%m: memref<2x2x?xf32>, %a: index) -> memref<2x?xf32> {
  %c = memref.collapse_shape %m [[0, 1, 2]] : memref<2x2x?xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1]] output_shape [2, %a] : memref<?xf32> into memref<2x?xf32>
  return %e : memref<2x?xf32>
}
func.func @s(%m: memref<?x1xf32>, %a: index) -> memref<?x1x1xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x1xf32> into memref<?xf32>
  %e = memref.expand_shape %c [[0, 1, 2]] output_shape [%a, 1, 1] : memref<?xf32> into memref<?x1x1xf32>
  return %e : memref<?x1x1xf32>
}
`)).toBe(String.raw`module {
  func.func @a(%arg0: memref<2x3x4xf32>) -> memref<2x3x2x2xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : memref<2x3x4xf32> into memref<2x3x2x2xf32>
    return %expand_shape : memref<2x3x2x2xf32>
  }
  func.func @c(%arg0: memref<2x3x4x5xf32>) -> memref<6x20xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
    return %collapse_shape : memref<6x20xf32>
  }
  func.func @d(%arg0: memref<6x20xf32>) -> memref<2x3x4x5xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2, 3]] output_shape [2, 3, 4, 5] : memref<6x20xf32> into memref<2x3x4x5xf32>
    return %expand_shape : memref<2x3x4x5xf32>
  }
  func.func @e(%arg0: memref<?x4xf32>, %arg1: index) -> memref<?x2x2xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [%arg1, 2, 2] : memref<?x4xf32> into memref<?x2x2xf32>
    return %expand_shape : memref<?x2x2xf32>
  }
  func.func @f(%arg0: memref<1x?x1x4xf32>, %arg1: index) -> memref<?x4xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2, 3]] : memref<1x?x1x4xf32> into memref<?x4xf32>
    return %collapse_shape : memref<?x4xf32>
  }
  func.func @g(%arg0: memref<3x4xf32>) -> memref<1x3x4x1xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0, 1], [2, 3]] output_shape [1, 3, 4, 1] : memref<3x4xf32> into memref<1x3x4x1xf32>
    return %expand_shape : memref<1x3x4x1xf32>
  }
  func.func @h(%arg0: memref<1x1xf32>) -> memref<1x1x1xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [1, 1, 1] : memref<1x1xf32> into memref<1x1x1xf32>
    return %expand_shape : memref<1x1x1xf32>
  }
  func.func @j(%arg0: memref<2x3x4xf32>) -> memref<3x2x4xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1], [2]] output_shape [3, 2, 4] : memref<6x4xf32> into memref<3x2x4xf32>
    return %expand_shape : memref<3x2x4xf32>
  }
  func.func @k(%arg0: memref<?x?x4xf32>, %arg1: index, %arg2: index) -> memref<?x?x2x2xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1], [2, 3]] output_shape [%arg1, %arg2, 2, 2] : memref<?x4xf32> into memref<?x?x2x2xf32>
    return %expand_shape : memref<?x?x2x2xf32>
  }
  func.func @m(%arg0: memref<2x?x2xf32>, %arg1: index) -> memref<?x2xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2]] : memref<2x?x2xf32> into memref<?x2xf32>
    return %collapse_shape : memref<?x2xf32>
  }
  func.func @o(%arg0: memref<1x2x1x3x1xf32>) -> memref<2x3xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2, 3, 4]] : memref<1x2x1x3x1xf32> into memref<2x3xf32>
    return %collapse_shape : memref<2x3xf32>
  }
  func.func @p(%arg0: memref<2x2x?xf32>, %arg1: index) -> memref<2x?xf32> {
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1, 2]] : memref<2x2x?xf32> into memref<?xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [2, %arg1] : memref<?xf32> into memref<2x?xf32>
    return %expand_shape : memref<2x?xf32>
  }
  func.func @s(%arg0: memref<?x1xf32>, %arg1: index) -> memref<?x1x1xf32> {
    %expand_shape = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [%arg1, 1, 1] : memref<?x1xf32> into memref<?x1x1xf32>
    return %expand_shape : memref<?x1x1xf32>
  }
}

`)
  })
})

describe('memref.view canonicalization', () => {
  it('folds index-constant sizes into the view type (even negative ones, as mlir-opt 22) and views a cast allocation directly', () => {
    expect(canonicalize(String.raw`func.func @v(%arg0 : index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?xf32, 3>) {
  %0 = memref.alloc() : memref<2048xi8>
  %cm1 = arith.constant -1 : index
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %1 = memref.view %0[%c7][%cm1, %c0] : memref<2048xi8> to memref<?x?xf32>
  %2 = memref.view %0[%c0][%arg0, %arg0] : memref<2048xi8> to memref<?x?xf32>
  %a = memref.alloc(%arg0) : memref<?xi8>
  %3 = memref.view %a[%c0][%c7] : memref<?xi8> to memref<?xf32>
  %s = memref.alloc() : memref<64xi8, 3>
  %c = memref.cast %s : memref<64xi8, 3> to memref<?xi8, 3>
  %4 = memref.view %c[%arg0][%arg0] : memref<?xi8, 3> to memref<?xf32, 3>
  return %1, %2, %3, %4 : memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?xf32, 3>
}
`)).toBe(String.raw`module {
  func.func @v(%arg0: index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?xf32, 3>) {
    %c7 = arith.constant 7 : index
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<2048xi8>
    %view = memref.view %alloc[%c7][] : memref<2048xi8> to memref<-1x0xf32>
    %cast = memref.cast %view : memref<-1x0xf32> to memref<?x?xf32>
    %view_0 = memref.view %alloc[%c0][%arg0, %arg0] : memref<2048xi8> to memref<?x?xf32>
    %alloc_1 = memref.alloc(%arg0) : memref<?xi8>
    %view_2 = memref.view %alloc_1[%c0][] : memref<?xi8> to memref<7xf32>
    %cast_3 = memref.cast %view_2 : memref<7xf32> to memref<?xf32>
    %alloc_4 = memref.alloc() : memref<64xi8, 3>
    %view_5 = memref.view %alloc_4[%arg0][%arg0] : memref<64xi8, 3> to memref<?xf32, 3>
    return %cast, %view_0, %cast_3, %view_5 : memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?xf32, 3>
  }
}

`)
  })
  it('folds a view at byte 0 with the static type of its source to the source', () => {
    expect(canonicalize(String.raw`func.func @f(%m: memref<8xi8>, %s: index, %d: memref<?xi8>, %n: index) -> (memref<8xi8>, memref<8xi8>, memref<?xi8>, memref<?xi8>, memref<8xi8, 1>) {
  %c1 = arith.constant 1 : index
  %v = memref.view %m[%c1][] : memref<8xi8> to memref<8xi8>
  %w = memref.view %m[%s][] : memref<8xi8> to memref<8xi8>
  %x = memref.view %d[%s][%n] : memref<?xi8> to memref<?xi8>
  %c0 = arith.constant 0 : index
  %y = memref.view %d[%c0][%n] : memref<?xi8> to memref<?xi8>
  %a = memref.alloc() : memref<8xi8, 1>
  %z = memref.view %a[%c0][] : memref<8xi8, 1> to memref<8xi8, 1>
  return %v, %w, %x, %y, %z : memref<8xi8>, memref<8xi8>, memref<?xi8>, memref<?xi8>, memref<8xi8, 1>
}
`)).toBe(String.raw`module {
  func.func @f(%arg0: memref<8xi8>, %arg1: index, %arg2: memref<?xi8>, %arg3: index) -> (memref<8xi8>, memref<8xi8>, memref<?xi8>, memref<?xi8>, memref<8xi8, 1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %view = memref.view %arg0[%c1][] : memref<8xi8> to memref<8xi8>
    %view_0 = memref.view %arg0[%arg1][] : memref<8xi8> to memref<8xi8>
    %view_1 = memref.view %arg2[%arg1][%arg3] : memref<?xi8> to memref<?xi8>
    %view_2 = memref.view %arg2[%c0][%arg3] : memref<?xi8> to memref<?xi8>
    %alloc = memref.alloc() : memref<8xi8, 1>
    return %view, %view_0, %view_1, %view_2, %alloc : memref<8xi8>, memref<8xi8>, memref<?xi8>, memref<?xi8>, memref<8xi8, 1>
  }
}

`)
  })
})
