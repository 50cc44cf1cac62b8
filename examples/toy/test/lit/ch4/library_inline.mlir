// The library's `inline` pass inlines toy calls through the dialect's inliner interface
// when the argument types already equal the parameter types.
// RUN: %toyc %s --pipeline='builtin.module(inline)' | FileCheck %s

toy.func private @sq(%x: tensor<*xf64>) -> tensor<*xf64> {
  %0 = toy.mul %x, %x : tensor<*xf64>
  toy.return %0 : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %1 = toy.cast %0 : tensor<2xf64> to tensor<*xf64>
  %2 = toy.generic_call @sq(%1) : (tensor<*xf64>) -> tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}

// CHECK-NOT:   @sq
// CHECK-LABEL: toy.func @main() {
// CHECK:         %[[CAST:.*]] = toy.cast %{{.*}} : tensor<2xf64> to tensor<*xf64>
// CHECK-NEXT:    %[[M:.*]] = toy.mul %[[CAST]], %[[CAST]] : tensor<*xf64>
// CHECK-NEXT:    toy.print %[[M]] : tensor<*xf64>
// CHECK-NEXT:    toy.return
