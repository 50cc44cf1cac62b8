// The bufferization dialect: custom and generic forms, verifier messages and
// canonicalizations must equal mlir-opt 22's on the same input (the expected texts below were
// produced by mlir-opt 22.1.8).
import { describe, expect, it } from 'vitest'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { BufferizationDialect } from '../src/bufferization/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'
import { TensorDialect } from '../src/tensor/index.ts'

const { roundTrip, firstError, canonicalize } = dialectHarness([ArithDialect, FuncDialect, MemRefDialect, TensorDialect, BufferizationDialect], true)

describe('bufferization ops', () => {
  const input = String.raw`func.func @f(%m: memref<4x?xf32>, %t: tensor<4x?xf32>, %d: index, %c: i1, %u: memref<*xf32>) -> (tensor<4x?xf32>, memref<4x?xf32>) {
  %0 = bufferization.to_tensor %m : memref<4x?xf32> to tensor<4x?xf32>
  %r = bufferization.to_tensor %m restrict writable : memref<4x?xf32> to tensor<4x?xf32>
  %1 = bufferization.to_buffer %t : tensor<4x?xf32> to memref<4x?xf32>
  %2 = bufferization.to_buffer %t read_only : tensor<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  %3 = bufferization.alloc_tensor(%d) : tensor<4x?xf32>
  %4 = bufferization.alloc_tensor() copy(%t) : tensor<4x?xf32>
  %5 = bufferization.alloc_tensor(%d) size_hint=%d {memory_space = 1 : i64} : tensor<4x?xf32>
  %6 = bufferization.clone %m : memref<4x?xf32> to memref<4x?xf32>
  bufferization.dealloc_tensor %t : tensor<4x?xf32>
  %7 = bufferization.materialize_in_destination %t in %0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  bufferization.materialize_in_destination %t in restrict writable %m : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
  bufferization.dealloc (%m, %6 : memref<4x?xf32>, memref<4x?xf32>) if (%c, %c)
  %8:2 = bufferization.dealloc (%m : memref<4x?xf32>) if (%c) retain (%6, %u : memref<4x?xf32>, memref<*xf32>)
  %9 = bufferization.dealloc retain (%6 : memref<4x?xf32>)
  bufferization.dealloc
  "test.use"(%r, %1, %2, %3, %4, %5, %7, %8#0, %9) : (tensor<4x?xf32>, memref<4x?xf32>, memref<4x?xf32, strided<[?, ?], offset: ?>>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, i1, i1) -> ()
  return %0, %1 : tensor<4x?xf32>, memref<4x?xf32>
}
`
  const printed = String.raw`module {
  func.func @f(%arg0: memref<4x?xf32>, %arg1: tensor<4x?xf32>, %arg2: index, %arg3: i1, %arg4: memref<*xf32>) -> (tensor<4x?xf32>, memref<4x?xf32>) {
    %0 = bufferization.to_tensor %arg0 : memref<4x?xf32> to tensor<4x?xf32>
    %1 = bufferization.to_tensor %arg0 restrict writable : memref<4x?xf32> to tensor<4x?xf32>
    %2 = bufferization.to_buffer %arg1 : tensor<4x?xf32> to memref<4x?xf32>
    %3 = bufferization.to_buffer %arg1 read_only : tensor<4x?xf32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
    %4 = bufferization.alloc_tensor(%arg2) : tensor<4x?xf32>
    %5 = bufferization.alloc_tensor() copy(%arg1) : tensor<4x?xf32>
    %6 = bufferization.alloc_tensor(%arg2) size_hint=%arg2 {memory_space = 1 : i64} : tensor<4x?xf32>
    %7 = bufferization.clone %arg0 : memref<4x?xf32> to memref<4x?xf32>
    bufferization.dealloc_tensor %arg1 : tensor<4x?xf32>
    %8 = bufferization.materialize_in_destination %arg1 in %0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
    bufferization.materialize_in_destination %arg1 in restrict writable %arg0 : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
    bufferization.dealloc (%arg0, %7 : memref<4x?xf32>, memref<4x?xf32>) if (%arg3, %arg3)
    %9:2 = bufferization.dealloc (%arg0 : memref<4x?xf32>) if (%arg3) retain (%7, %arg4 : memref<4x?xf32>, memref<*xf32>)
    %10 = bufferization.dealloc retain (%7 : memref<4x?xf32>)
    bufferization.dealloc
    "test.use"(%1, %2, %3, %4, %5, %6, %8, %9#0, %10) : (tensor<4x?xf32>, memref<4x?xf32>, memref<4x?xf32, strided<[?, ?], offset: ?>>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, i1, i1) -> ()
    return %0, %2 : tensor<4x?xf32>, memref<4x?xf32>
  }
}

`
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(input)).toBe(printed)
  })
  it('print in the generic form as mlir-opt does, and read it back', () => {
    const generic = String.raw`"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, tensor<4x?xf32>, index, i1, memref<*xf32>) -> (tensor<4x?xf32>, memref<4x?xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: tensor<4x?xf32>, %arg2: index, %arg3: i1, %arg4: memref<*xf32>):
    %0 = "bufferization.to_tensor"(%arg0) : (memref<4x?xf32>) -> tensor<4x?xf32>
    %1 = "bufferization.to_tensor"(%arg0) <{restrict, writable}> : (memref<4x?xf32>) -> tensor<4x?xf32>
    %2 = "bufferization.to_buffer"(%arg1) : (tensor<4x?xf32>) -> memref<4x?xf32>
    %3 = "bufferization.to_buffer"(%arg1) <{read_only}> : (tensor<4x?xf32>) -> memref<4x?xf32, strided<[?, ?], offset: ?>>
    %4 = "bufferization.alloc_tensor"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (index) -> tensor<4x?xf32>
    %5 = "bufferization.alloc_tensor"(%arg1) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4x?xf32>) -> tensor<4x?xf32>
    %6 = "bufferization.alloc_tensor"(%arg2, %arg2) <{memory_space = 1 : i64, operandSegmentSizes = array<i32: 1, 0, 1>}> : (index, index) -> tensor<4x?xf32>
    %7 = "bufferization.clone"(%arg0) : (memref<4x?xf32>) -> memref<4x?xf32>
    "bufferization.dealloc_tensor"(%arg1) : (tensor<4x?xf32>) -> ()
    %8 = "bufferization.materialize_in_destination"(%arg1, %0) : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
    "bufferization.materialize_in_destination"(%arg1, %arg0) <{restrict, writable}> : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
    "bufferization.dealloc"(%arg0, %7, %arg3, %arg3) <{operandSegmentSizes = array<i32: 2, 2, 0>}> : (memref<4x?xf32>, memref<4x?xf32>, i1, i1) -> ()
    %9:2 = "bufferization.dealloc"(%arg0, %arg3, %7, %arg4) <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (memref<4x?xf32>, i1, memref<4x?xf32>, memref<*xf32>) -> (i1, i1)
    %10 = "bufferization.dealloc"(%7) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (memref<4x?xf32>) -> i1
    "bufferization.dealloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> ()
    "test.use"(%1, %2, %3, %4, %5, %6, %8, %9#0, %10) : (tensor<4x?xf32>, memref<4x?xf32>, memref<4x?xf32, strided<[?, ?], offset: ?>>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, tensor<4x?xf32>, i1, i1) -> ()
    "func.return"(%0, %2) : (tensor<4x?xf32>, memref<4x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`
    expect(roundTrip(input, true)).toBe(generic)
    expect(roundTrip(generic)).toBe(printed)
  })
  const invalid: readonly [string, string][] = [
    [String.raw`func.func @a(%m: memref<4xf32>) {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<5xf32>
  return
}`, "shapes do not match"],
    [String.raw`func.func @b(%m: memref<4xf32>) {
  %0 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xi32>
  return
}`, "element types do not match"],
    [String.raw`func.func @d(%m: memref<*xf32>) {
  %0 = bufferization.to_tensor %m : memref<*xf32> to tensor<4xf32>
  return
}`, "shapes do not match"],
    [String.raw`func.func @f(%m: tensor<4xf32>) {
  %0 = bufferization.to_buffer %m : tensor<4xf32> to memref<*xf32>
  return
}`, "shapes do not match"],
    [String.raw`func.func @h(%m: tensor<4xf32>) {
  %0 = bufferization.to_buffer %m : tensor<4xf32> to vector<4xf32>
  return
}`, "custom op 'bufferization.to_buffer' invalid kind of type specified"],
    [String.raw`func.func @i(%m: tensor<?xf32>, %d: index) {
  %0 = bufferization.alloc_tensor(%d) copy(%m) : tensor<?xf32>
  return
}`, "dynamic sizes not needed when copying a tensor"],
    [String.raw`func.func @j(%m: tensor<?xf32>, %d: index) {
  %0 = bufferization.alloc_tensor() : tensor<?xf32>
  return
}`, "'bufferization.alloc_tensor' op incorrect number of dynamic sizes, has 0, expected 1"],
    [String.raw`func.func @k(%m: tensor<4xf32>, %d: index) {
  %0 = "bufferization.alloc_tensor"(%m) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (tensor<4xf32>) -> tensor<?xf32>
  return
}`, "expected that `copy` and return type match"],
    [String.raw`func.func @l(%m: tensor<4xf32>, %d: index) {
  %0 = bufferization.alloc_tensor(%d) : memref<?xf32>
  return
}`, "custom op 'bufferization.alloc_tensor' invalid kind of type specified"],
    [String.raw`func.func @m(%m: tensor<4xf32>, %d: memref<4xf32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, memref<4xf32>) -> tensor<4xf32>
  return
}`, "'bufferization.materialize_in_destination' op memref 'dest' implies zero results"],
    [String.raw`func.func @n(%m: tensor<4xf32>, %d: memref<4xf32>) {
  bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, memref<4xf32>) -> ()
  return
}`, "'bufferization.materialize_in_destination' op 'writable' must be specified if and only if the destination is of memref type"],
    [String.raw`func.func @o(%m: tensor<4xf32>, %d: tensor<4xf32>) {
  %0 = bufferization.materialize_in_destination %m in restrict %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}`, "'bufferization.materialize_in_destination' op 'restrict' is valid only for memref destinations"],
    [String.raw`func.func @p(%m: tensor<4xf32>, %d: tensor<5xf32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, tensor<5xf32>) -> tensor<5xf32>
  return
}`, "'bufferization.materialize_in_destination' op source/destination shapes are incompatible"],
    [String.raw`func.func @q(%m: tensor<4xf32>, %d: tensor<4x5xf32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}`, "'bufferization.materialize_in_destination' op rank mismatch between source and destination shape"],
    [String.raw`func.func @r(%m: tensor<4xf32>, %d: tensor<4xi32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi32>
  return
}`, "'bufferization.materialize_in_destination' op failed to verify that all of {source, dest} have same element type"],
    [String.raw`func.func @s(%m: tensor<4xf32>, %d: tensor<4xf32>) {
  bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}`, "'bufferization.materialize_in_destination' op tensor 'dest' implies exactly one tensor result"],
    [String.raw`func.func @t(%m: tensor<4xf32>, %d: tensor<4xf32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}`, "'bufferization.materialize_in_destination' op result and 'dest' types must match"],
    [String.raw`func.func @u(%m: tensor<4xf32>, %d: vector<4xf32>) {
  %0 = bufferization.materialize_in_destination %m in %d : (tensor<4xf32>, vector<4xf32>) -> tensor<4xf32>
  return
}`, "'bufferization.materialize_in_destination' op 'dest' must be a tensor or a memref"],
    [String.raw`func.func @v(%m: memref<4xf32>, %c: i1) {
  "bufferization.dealloc"(%m, %c, %c) <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<4xf32>, i1, i1) -> ()
  return
}`, "'bufferization.dealloc' op must have the same number of conditions as memrefs to deallocate"],
    [String.raw`func.func @w(%m: memref<4xf32>, %c: i1) {
  "bufferization.dealloc"(%m, %c, %m) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<4xf32>, i1, memref<4xf32>) -> ()
  return
}`, "'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands"],
    [String.raw`func.func @y(%m: tensor<4xf32>) {
  %0 = bufferization.alloc_tensor() copy(%m) : tensor<4xf32>
  bufferization.dealloc_tensor %m : memref<4xf32>
  return
}`, "custom op 'bufferization.dealloc_tensor' invalid kind of type specified"],
    [String.raw`func.func @a(%m: vector<4xf32>) {
  %0 = "bufferization.to_tensor"(%m) : (vector<4xf32>) -> tensor<4xf32>
  return
}`, "'bufferization.to_tensor' op operand #0 must be BufferLikeType instance, but got 'vector<4xf32>'"],
    [String.raw`func.func @b(%m: memref<4xf32>) {
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> vector<4xf32>
  return
}`, "'bufferization.to_tensor' op result #0 must be TensorLikeType instance, but got 'vector<4xf32>'"],
    [String.raw`func.func @c(%m: vector<4xf32>) {
  %0 = "bufferization.to_buffer"(%m) : (vector<4xf32>) -> memref<4xf32>
  return
}`, "'bufferization.to_buffer' op operand #0 must be TensorLikeType instance, but got 'vector<4xf32>'"],
    [String.raw`func.func @d(%m: tensor<4xf32>) {
  %0 = "bufferization.to_buffer"(%m) : (tensor<4xf32>) -> vector<4xf32>
  return
}`, "'bufferization.to_buffer' op result #0 must be BufferLikeType instance, but got 'vector<4xf32>'"],
    [String.raw`func.func @e(%m: tensor<4xf32>) {
  %0 = "bufferization.clone"(%m) : (tensor<4xf32>) -> memref<4xf32>
  return
}`, "'bufferization.clone' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'"],
    [String.raw`func.func @f(%m: memref<4xf32>, %c: i1) {
  %0 = "bufferization.alloc_tensor"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
  return
}`, "'bufferization.alloc_tensor' op result #0 must be tensor of any type values, but got 'memref<4xf32>'"],
    [String.raw`func.func @g(%m: memref<4xf32>, %c: i1) {
  %0 = "bufferization.to_tensor"(%m) : (memref<4xf32>) -> tensor<4x1xf32>
  return
}`, "shapes do not match"],
    [String.raw`func.func @h(%m: memref<4xf32>, %c: i1) {
  %0 = "bufferization.dealloc"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, i1) -> (i1)
  return
}`, "'bufferization.dealloc' op must have the same number of updated conditions (results) as retained operands"],
    [String.raw`func.func @i(%m: memref<4xf32>, %c: i32) {
  "bufferization.dealloc"(%m, %c) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<4xf32>, i32) -> ()
  return
}`, "'bufferization.dealloc' op operand #1 must be variadic of 1-bit signless integer, but got 'i32'"],
    [String.raw`func.func @j(%m: tensor<4xf32>, %c: i1) {
  "bufferization.materialize_in_destination"(%m, %m) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}`, "'bufferization.materialize_in_destination' op result group starting at #0 requires 0 or 1 element, but found 2"],
  ]
  it.each(invalid)('rejects input %#', (source, message) => {
    expect(firstError(source)).toBe(message)
  })
})

describe('bufferization canonicalization', () => {
  it('simplifies clones, to_buffer/to_tensor pairs, dims and loads through them, alloc_tensor sizes and dealloc lists', () => {
    expect(canonicalize(String.raw`func.func @clone_elim() -> memref<5xf32> {
  %ret = memref.alloc() : memref<5xf32>
  %temp = bufferization.clone %ret : memref<5xf32> to memref<5xf32>
  memref.dealloc %temp : memref<5xf32>
  return %ret : memref<5xf32>
}
func.func @clone_cast(%arg: memref<4xf32>) -> memref<?xf32> {
  %c = bufferization.clone %arg : memref<4xf32> to memref<?xf32>
  memref.dealloc %arg : memref<4xf32>
  return %c : memref<?xf32>
}
func.func @clone_two_deallocs(%arg: memref<4xf32>) -> memref<4xf32> {
  %c = bufferization.clone %arg : memref<4xf32> to memref<4xf32>
  memref.dealloc %arg : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  return %c : memref<4xf32>
}
func.func @clone_unused(%arg: memref<4xf32>) {
  %c = bufferization.clone %arg : memref<4xf32> to memref<4xf32>
  return
}
func.func @clone_of_cast(%arg: memref<4xf32>) -> memref<?xf32> {
  %0 = memref.cast %arg : memref<4xf32> to memref<?xf32>
  %c = bufferization.clone %0 : memref<?xf32> to memref<?xf32>
  return %c : memref<?xf32>
}
func.func @clone_subview(%arg: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>> {
  %s = memref.subview %arg[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %c = bufferization.clone %s : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[1], offset: 2>>
  memref.dealloc %arg : memref<8xf32>
  return %c : memref<4xf32, strided<[1], offset: 2>>
}
func.func @pair(%m: memref<4x?xf32>) -> memref<4x?xf32> {
  %t = bufferization.to_tensor %m : memref<4x?xf32> to tensor<4x?xf32>
  %b = bufferization.to_buffer %t : tensor<4x?xf32> to memref<4x?xf32>
  return %b : memref<4x?xf32>
}
func.func @pair_cast(%m: memref<4x?xf32>) -> memref<4x?xf32, strided<[?, 1], offset: ?>> {
  %t = bufferization.to_tensor %m : memref<4x?xf32> to tensor<4x?xf32>
  %b = bufferization.to_buffer %t : tensor<4x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  return %b : memref<4x?xf32, strided<[?, 1], offset: ?>>
}
func.func @pair_copy(%m: memref<?xf32, strided<[1], offset: ?>>) -> memref<?xf32> {
  %t = bufferization.to_tensor %m : memref<?xf32, strided<[1], offset: ?>> to tensor<?xf32>
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  return %b : memref<?xf32>
}
func.func @pair_unranked(%m: memref<4xf32>) -> memref<*xf32> {
  %t = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %b = bufferization.to_buffer %t : tensor<4xf32> to memref<4xf32, 1>
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  %c = bufferization.to_tensor %u : memref<*xf32> to tensor<*xf32>
  %d = bufferization.to_buffer %c : tensor<*xf32> to memref<*xf32>
  "test.use"(%b) : (memref<4xf32, 1>) -> ()
  return %d : memref<*xf32>
}
func.func @tt(%t: tensor<?xf32>) -> tensor<?xf32> {
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %t2 = bufferization.to_tensor %b : memref<?xf32> to tensor<?xf32>
  return %t2 : tensor<?xf32>
}
func.func @tt_gap(%t: tensor<?xf32>, %i: index, %f: f32) -> tensor<?xf32> {
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  memref.store %f, %b[%i] : memref<?xf32>
  %t2 = bufferization.to_tensor %b : memref<?xf32> to tensor<?xf32>
  return %t2 : tensor<?xf32>
}
func.func @dims(%t: tensor<?xf32>, %m: memref<?xf32>, %i: index) -> (index, index, f32, f32) {
  %c0 = arith.constant 0 : index
  %b = bufferization.to_buffer %t : tensor<?xf32> to memref<?xf32>
  %d = memref.dim %b, %c0 : memref<?xf32>
  %t2 = bufferization.to_tensor %m : memref<?xf32> to tensor<?xf32>
  %e = tensor.dim %t2, %c0 : tensor<?xf32>
  %r = bufferization.to_buffer %t read_only : tensor<?xf32> to memref<?xf32>
  %l = memref.load %r[%i] : memref<?xf32>
  %l2 = memref.load %b[%i] : memref<?xf32>
  return %d, %e, %l, %l2 : index, index, f32, f32
}
func.func @buf_of_cast(%t: tensor<4xf32>) -> memref<?xf32> {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %b = bufferization.to_buffer %c read_only : tensor<?xf32> to memref<?xf32>
  return %b : memref<?xf32>
}
func.func @alloc_tensor(%d: index, %t: tensor<?x?xf32>) -> (tensor<?x?xf32>, index, index, index) {
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = bufferization.alloc_tensor(%d, %c5) {memory_space = 1 : i64} : tensor<?x?xf32>
  %b = bufferization.alloc_tensor(%d, %d) : tensor<?x?xf32>
  %x = tensor.dim %b, %c1 : tensor<?x?xf32>
  %c = bufferization.alloc_tensor() copy(%t) : tensor<?x?xf32>
  %y = tensor.dim %c, %c0 : tensor<?x?xf32>
  %unused = bufferization.alloc_tensor(%d, %d) : tensor<?x?xf32>
  %z = tensor.dim %a, %c0 : tensor<?x?xf32>
  "test.use"(%b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  return %a, %x, %y, %z : tensor<?x?xf32>, index, index, index
}
func.func @dealloc(%a: memref<2xi32>, %b: memref<2xi32>, %c0: i1, %c1: i1, %r: memref<2xi32>) -> (i1, i1, i1) {
  %false = arith.constant false
  bufferization.dealloc (%a, %a, %b : memref<2xi32>, memref<2xi32>, memref<2xi32>) if (%c0, %c1, %false)
  %0:2 = bufferization.dealloc (%a : memref<2xi32>) if (%c0) retain (%r, %r : memref<2xi32>, memref<2xi32>)
  %1 = bufferization.dealloc retain (%r : memref<2xi32>)
  %alloc = memref.alloc() : memref<2xi32>
  bufferization.dealloc (%alloc, %b : memref<2xi32>, memref<2xi32>) if (%c0, %c1)
  %alloc2 = memref.alloc() : memref<2xi32>
  %base, %off, %sz, %st = memref.extract_strided_metadata %alloc2 : memref<2xi32> -> memref<i32>, index, index, index
  "test.use"(%alloc2) : (memref<2xi32>) -> ()
  bufferization.dealloc (%base : memref<i32>) if (%c1)
  return %0#0, %0#1, %1 : i1, i1, i1
}
func.func @mat(%t: tensor<4xf32>, %d: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  %0 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = bufferization.materialize_in_destination %t in %d : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  bufferization.materialize_in_destination %t in writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  bufferization.dealloc_tensor %t : tensor<4xf32>
  %2 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  %3 = bufferization.to_tensor %m : memref<4xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
`)).toBe(String.raw`module {
  func.func @clone_elim() -> memref<5xf32> {
    %alloc = memref.alloc() : memref<5xf32>
    return %alloc : memref<5xf32>
  }
  func.func @clone_cast(%arg0: memref<4xf32>) -> memref<?xf32> {
    %cast = memref.cast %arg0 : memref<4xf32> to memref<?xf32>
    return %cast : memref<?xf32>
  }
  func.func @clone_two_deallocs(%arg0: memref<4xf32>) -> memref<4xf32> {
    %0 = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
    memref.dealloc %arg0 : memref<4xf32>
    memref.dealloc %0 : memref<4xf32>
    return %0 : memref<4xf32>
  }
  func.func @clone_unused(%arg0: memref<4xf32>) {
    return
  }
  func.func @clone_of_cast(%arg0: memref<4xf32>) -> memref<?xf32> {
    %0 = bufferization.clone %arg0 : memref<4xf32> to memref<?xf32>
    return %0 : memref<?xf32>
  }
  func.func @clone_subview(%arg0: memref<8xf32>) -> memref<4xf32, strided<[1], offset: 2>> {
    %subview = memref.subview %arg0[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
    return %subview : memref<4xf32, strided<[1], offset: 2>>
  }
  func.func @pair(%arg0: memref<4x?xf32>) -> memref<4x?xf32> {
    return %arg0 : memref<4x?xf32>
  }
  func.func @pair_cast(%arg0: memref<4x?xf32>) -> memref<4x?xf32, strided<[?, 1], offset: ?>> {
    %cast = memref.cast %arg0 : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
    return %cast : memref<4x?xf32, strided<[?, 1], offset: ?>>
  }
  func.func @pair_copy(%arg0: memref<?xf32, strided<[1], offset: ?>>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?xf32, strided<[1], offset: ?>>
    %alloc = memref.alloc(%dim) : memref<?xf32>
    memref.copy %arg0, %alloc : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
    return %alloc : memref<?xf32>
  }
  func.func @pair_unranked(%arg0: memref<4xf32>) -> memref<*xf32> {
    %alloc = memref.alloc() : memref<4xf32, 1>
    memref.copy %arg0, %alloc : memref<4xf32> to memref<4xf32, 1>
    %cast = memref.cast %arg0 : memref<4xf32> to memref<*xf32>
    "test.use"(%alloc) : (memref<4xf32, 1>) -> ()
    return %cast : memref<*xf32>
  }
  func.func @tt(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    return %arg0 : tensor<?xf32>
  }
  func.func @tt_gap(%arg0: tensor<?xf32>, %arg1: index, %arg2: f32) -> tensor<?xf32> {
    %0 = bufferization.to_buffer %arg0 : tensor<?xf32> to memref<?xf32>
    memref.store %arg2, %0[%arg1] : memref<?xf32>
    %1 = bufferization.to_tensor %0 : memref<?xf32> to tensor<?xf32>
    return %1 : tensor<?xf32>
  }
  func.func @dims(%arg0: tensor<?xf32>, %arg1: memref<?xf32>, %arg2: index) -> (index, index, f32, f32) {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %dim_0 = memref.dim %arg1, %c0 : memref<?xf32>
    %extracted = tensor.extract %arg0[%arg2] : tensor<?xf32>
    %extracted_1 = tensor.extract %arg0[%arg2] : tensor<?xf32>
    return %dim, %dim_0, %extracted, %extracted_1 : index, index, f32, f32
  }
  func.func @buf_of_cast(%arg0: tensor<4xf32>) -> memref<?xf32> {
    %0 = bufferization.to_buffer %arg0 read_only : tensor<4xf32> to memref<4xf32>
    %cast = memref.cast %0 : memref<4xf32> to memref<?xf32>
    return %cast : memref<?xf32>
  }
  func.func @alloc_tensor(%arg0: index, %arg1: tensor<?x?xf32>) -> (tensor<?x?xf32>, index, index, index) {
    %c0 = arith.constant 0 : index
    %0 = bufferization.alloc_tensor(%arg0) : tensor<?x5xf32>
    %cast = tensor.cast %0 : tensor<?x5xf32> to tensor<?x?xf32>
    %1 = bufferization.alloc_tensor(%arg0, %arg0) : tensor<?x?xf32>
    %2 = bufferization.alloc_tensor() copy(%arg1) : tensor<?x?xf32>
    %dim = tensor.dim %arg1, %c0 : tensor<?x?xf32>
    %3 = bufferization.alloc_tensor(%arg0, %arg0) : tensor<?x?xf32>
    "test.use"(%1, %2) : (tensor<?x?xf32>, tensor<?x?xf32>) -> ()
    return %cast, %arg0, %dim, %arg0 : tensor<?x?xf32>, index, index, index
  }
  func.func @dealloc(%arg0: memref<2xi32>, %arg1: memref<2xi32>, %arg2: i1, %arg3: i1, %arg4: memref<2xi32>) -> (i1, i1, i1) {
    %false = arith.constant false
    %0 = arith.ori %arg2, %arg3 : i1
    bufferization.dealloc (%arg0 : memref<2xi32>) if (%0)
    %1 = bufferization.dealloc (%arg0 : memref<2xi32>) if (%arg2) retain (%arg4 : memref<2xi32>)
    bufferization.dealloc (%arg1 : memref<2xi32>) if (%arg3)
    %alloc = memref.alloc() : memref<2xi32>
    "test.use"(%alloc) : (memref<2xi32>) -> ()
    bufferization.dealloc (%alloc : memref<2xi32>) if (%arg3)
    return %1, %1, %false : i1, i1, i1
  }
  func.func @mat(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: memref<4xf32>) -> tensor<4xf32> {
    %0 = bufferization.materialize_in_destination %arg0 in %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    bufferization.materialize_in_destination %arg0 in writable %arg2 : (tensor<4xf32>, memref<4xf32>) -> ()
    bufferization.dealloc_tensor %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

`)
  })
  it('keeps clones whose value a realloc or several deallocs free, and looks through views for the source dealloc', () => {
    expect(canonicalize(String.raw`func.func @clone_and_realloc(%arg0: memref<?xf32>) {
  %0 = bufferization.clone %arg0 : memref<?xf32> to memref<32xf32>
  "use"(%0) : (memref<32xf32>) -> ()
  %1 = memref.realloc %0 : memref<32xf32> to memref<64xf32>
  memref.dealloc %1 : memref<64xf32>
  return
}
func.func @clone_multiple_dealloc_of_source(%arg0: memref<?xf32>) -> memref<?xf32> {
  %0 = bufferization.clone %arg0 : memref<?xf32> to memref<?xf32>
  "if_else"() ({
    memref.dealloc %arg0 : memref<?xf32>
    }, {
    memref.dealloc %arg0 : memref<?xf32>
    }) : () -> ()
  return %0 : memref<?xf32>
}
func.func @dealloc_canonicalize_clone_removal(%arg0: memref<?xindex>) -> memref<*xf32> {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%c1) : memref<?xf32>
  %1 = memref.reshape %0(%arg0) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
  %2 = bufferization.clone %1 : memref<*xf32> to memref<*xf32>
  memref.dealloc %0 : memref<?xf32>
  return %2 : memref<*xf32>
}
`)).toBe(String.raw`module {
  func.func @clone_and_realloc(%arg0: memref<?xf32>) {
    %0 = bufferization.clone %arg0 : memref<?xf32> to memref<32xf32>
    "use"(%0) : (memref<32xf32>) -> ()
    return
  }
  func.func @clone_multiple_dealloc_of_source(%arg0: memref<?xf32>) -> memref<?xf32> {
    %0 = bufferization.clone %arg0 : memref<?xf32> to memref<?xf32>
    "if_else"() ({
      memref.dealloc %arg0 : memref<?xf32>
    }, {
      memref.dealloc %arg0 : memref<?xf32>
    }) : () -> ()
    return %0 : memref<?xf32>
  }
  func.func @dealloc_canonicalize_clone_removal(%arg0: memref<?xindex>) -> memref<*xf32> {
    %alloc = memref.alloc() : memref<1xf32>
    %cast = memref.cast %alloc : memref<1xf32> to memref<?xf32>
    %reshape = memref.reshape %cast(%arg0) : (memref<?xf32>, memref<?xindex>) -> memref<*xf32>
    return %reshape : memref<*xf32>
  }
}

`)
  })
})

describe('bufferization dialect attributes', () => {
  const cases: readonly [string, string | undefined][] = [
    [String.raw`func.func @a(%sz: index) {
  %0 = bufferization.alloc_tensor(%sz) {bufferization.escape = 5} : tensor<?xf32>
  return
}`, "attribute '\"bufferization.escape\"' not supported as an op attribute by the bufferization dialect"],
    [String.raw`func.func @b(%t: tensor<?xf32> {bufferization.writable = 3}) {
  return
}`, "'bufferization.writable' is expected to be a boolean attribute"],
    [String.raw`func.func @c(%t: index {bufferization.writable = true}) {
  return
}`, undefined],
    [String.raw`func.func @d(%t: tensor<?xf32> {bufferization.writable = true}, %u: tensor<?xf32> {bufferization.buffer_layout = affine_map<(d0) -> (d0)>}) {
  return
}`, undefined],
    [String.raw`func.func @e(%t: tensor<?xf32> {bufferization.buffer_layout = 3}) {
  return
}`, "'bufferization.buffer_layout' is expected to be a memref layout attribute"],
    [String.raw`func.func @f(%t: tensor<?xf32> {bufferization.foo = 3}) {
  return
}`, "attribute 'bufferization.buffer_layout' not supported as a region arg attribute by the bufferization dialect"],
    [String.raw`func.func @g() {
  %0 = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
  %1 = arith.constant {bufferization.manual_deallocation} 1 : index
  return
}`, "'arith.constant' op attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect"],
    [String.raw`func.func @h() attributes {bufferization.foo} {
  return
}`, "attribute '\"bufferization.foo\"' not supported as an op attribute by the bufferization dialect"],
    [String.raw`"test.op"() {bufferization.manual_deallocation = 1} : () -> ()`, "'test.op' op attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect"],
    [String.raw`"test.op"() ({
 ^bb0(%a: tensor<?xf32> {bufferization.writable = true}):
   "test.t"() : () -> ()
}) : () -> ()`, "expected ')'"],
    [String.raw`func.func private @x(%t: tensor<?xf32> {bufferization.writable = true})`, "'bufferization.writable' is invalid on external functions"],
    [String.raw`func.func private @y(%t: tensor<?xf32> {bufferization.access = "read"})`, undefined],
    [String.raw`func.func @z(%t: tensor<?xf32> {bufferization.access = "rw"}) {
  return
}`, "invalid value for 'bufferization.access'"],
    [String.raw`func.func @w(%t: tensor<?xf32> {bufferization.access = 1}) {
  return
}`, "'bufferization.access' is expected to be a string attribute"],
    [String.raw`func.func @v(%t: tensor<?xf32> {bufferization.buffer_layout = strided<[1]>}) -> (tensor<?xf32> {bufferization.writable = true}) {
  return %t : tensor<?xf32>
}`, undefined],
    [String.raw`"test.op"() ({
 ^bb0(%a: tensor<?xf32>):
   "test.t"() : () -> ()
}) {bufferization.manual_deallocation} : () -> ()`, "'test.op' op attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect"],
    [String.raw`func.func @u() {
  %0 = memref.alloc() {bufferization.manual_deallocation = 5} : memref<2xf32>
  memref.dealloc %0 {bufferization.manual_deallocation} : memref<2xf32>
  return
}`, undefined],
  ]
  it.each(cases)('verifies the attributes of input %#', (source, message) => {
    expect(firstError(source)).toBe(message)
  })
})
