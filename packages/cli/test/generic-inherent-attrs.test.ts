import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Inherent attributes of the generic form checked while parsing, as mlir-opt 22.1.8 does:
// the expected text is what mlir-opt printed on stderr for the same input.
describe('generic form inherent attributes (mlir-opt 22)', () => {
  it('checks a discardable-dictionary inherent attribute against its constraint and a property against its storage class, without a verifier note', () => {
    const io = memoryIO({ 'in.mlir': `func.func @f(%i: index) {
  %0 = "affine.apply"(%i) {map = 3 : i64} : (index) -> index
  return
}
// -----
func.func @g(%i: index) {
  %0 = "affine.apply"(%i) <{map = 3 : i64}> : (index) -> index
  return
}
// -----
func.func @h(%i: index) {
  %0 = "affine.apply"(%i) : (index) -> index
  return
}
// -----
func.func @k(%m: memref<4xf32>, %i: index) {
  %0 = "affine.load"(%m, %i) {map = 1 : i32} : (memref<4xf32>, index) -> f32
  return
}
// -----
func.func @l(%i: index) {
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = 4 : i64}> ({
  ^bb0(%x: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
// -----
func.func @f(%i: i32) {
  %0 = "arith.cmpi"(%i, %i) {predicate = "x"} : (i32, i32) -> i1
  return
}
// -----
func.func @g(%i: i32) {
  %0 = "arith.cmpi"(%i, %i) <{predicate = "x"}> : (i32, i32) -> i1
  return
}
// -----
func.func @h(%m: memref<4xf32>, %i: index) {
  %0 = "memref.load"(%m, %i) <{nontemporal = 3 : i64}> : (memref<4xf32>, index) -> f32
  return
}
// -----
func.func @k(%m: memref<4xf32>, %i: index) {
  %0 = "memref.load"(%m, %i) {nontemporal = 3 : i64} : (memref<4xf32>, index) -> f32
  return
}
` })
    expect(main(['-split-input-file', 'in.mlir'], io)).toBe(1)
    expect(io.err).toBe(`in.mlir:2:8: error: 'affine.apply' op attribute 'map' failed to satisfy constraint: AffineMap attribute
  %0 = "affine.apply"(%i) {map = 3 : i64} : (index) -> index
       ^
in.mlir:7:8: error: invalid properties {map = 3 : i64} for op affine.apply: Invalid attribute \`map\` in property conversion: 3 : i64
  %0 = "affine.apply"(%i) <{map = 3 : i64}> : (index) -> index
       ^
in.mlir:12:8: error: 'affine.apply' op requires attribute 'map'
  %0 = "affine.apply"(%i) : (index) -> index
       ^
in.mlir:12:8: note: see current operation: %0 = "affine.apply"(%arg0) : (index) -> index
in.mlir:17:8: error: 'affine.load' op attribute 'map' failed to satisfy constraint: AffineMap attribute
  %0 = "affine.load"(%m, %i) {map = 1 : i32} : (memref<4xf32>, index) -> f32
       ^
in.mlir:22:3: error: invalid properties {lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = 4 : i64} for op affine.for: Invalid attribute \`upperBoundMap\` in property conversion: 4 : i64
  "affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = 4 : i64}> ({
  ^
in.mlir:30:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
  %0 = "arith.cmpi"(%i, %i) {predicate = "x"} : (i32, i32) -> i1
       ^
in.mlir:35:8: error: invalid properties {predicate = "x"} for op arith.cmpi: Invalid attribute \`predicate\` in property conversion: "x"
  %0 = "arith.cmpi"(%i, %i) <{predicate = "x"}> : (i32, i32) -> i1
       ^
in.mlir:40:8: error: invalid properties {nontemporal = 3 : i64} for op memref.load: Invalid attribute \`nontemporal\` in property conversion: 3 : i64
  %0 = "memref.load"(%m, %i) <{nontemporal = 3 : i64}> : (memref<4xf32>, index) -> f32
       ^
in.mlir:45:8: error: 'memref.load' op attribute 'nontemporal' failed to satisfy constraint: bool attribute
  %0 = "memref.load"(%m, %i) {nontemporal = 3 : i64} : (memref<4xf32>, index) -> f32
       ^
`)
  })
})
