// toy.print of a buffer becomes loops calling printf: "%f " per element, "\n" after each
// innermost row; a rank-1 buffer gets one newline after its loop, a rank-0 one after its
// single element.
// RUN: %toyc %s --emit=mlir --pipeline='builtin.module(toy-lower-to-llvm)' | FileCheck %s

// CHECK-DAG:   llvm.mlir.global internal constant @nl("\0A\00") {addr_space = 0 : i32}
// CHECK-DAG:   llvm.mlir.global internal constant @frmt_spec("%f \00") {addr_space = 0 : i32}
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-LABEL: llvm.func @main() {
func.func @main() {
  %v = memref.alloc() : memref<4xf64>
  %s = memref.alloc() : memref<f64>
  // The rank-1 buffer: the two format strings, one loop of 4 around the element's printf,
  // then the newline.
  // CHECK:       %[[FMT:.*]] = llvm.mlir.addressof @frmt_spec : !llvm.ptr
  // CHECK-NEXT:  %[[F:.*]] = llvm.getelementptr %[[FMT]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x i8>
  // CHECK-NEXT:  %[[NLG:.*]] = llvm.mlir.addressof @nl : !llvm.ptr
  // CHECK-NEXT:  %[[NL:.*]] = llvm.getelementptr %[[NLG]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x i8>
  // CHECK:       %[[UB:.*]] = llvm.mlir.constant(4 : index) : i64
  // CHECK:       llvm.icmp "slt" %{{.*}}, %[[UB]] : i64
  // CHECK:       %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
  // CHECK-NEXT:  llvm.call @printf(%[[F]], %[[X]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
  // CHECK:       llvm.br
  // CHECK:       llvm.call @printf(%[[NL]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  toy.print %v : memref<4xf64>
  // The rank-0 buffer: no loop; its element, then the newline.
  // CHECK:       %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f64
  // CHECK-NEXT:  llvm.call @printf(%{{.*}}, %[[Y]]) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
  // CHECK-NEXT:  llvm.call @printf(%{{.*}}) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
  toy.print %s : memref<f64>
  // CHECK:       llvm.call @free
  // CHECK:       llvm.call @free
  // CHECK:       llvm.return
  memref.dealloc %v : memref<4xf64>
  memref.dealloc %s : memref<f64>
  return
}
