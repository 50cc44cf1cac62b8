// RUN: %toyc %s --pipeline='builtin.module(toy.func(canonicalize))' 2>&1 | FileCheck %s

// CHECK-LABEL: toy.func @f(
// CHECK-SAME:      %[[X:.*]]: tensor<*xf64>)
toy.func @f(%x: tensor<*xf64>) {
  // CHECK-NEXT: %[[R:.*]] = toy.reshape(%[[X]] : tensor<*xf64>) to tensor<3x2xf64>
  // CHECK-NEXT: toy.print %[[R]] : tensor<3x2xf64>
  // CHECK-NEXT: toy.return
  %0 = toy.reshape(%x : tensor<*xf64>) to tensor<2x3xf64>
  %1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<6xf64>
  %2 = toy.reshape(%1 : tensor<6xf64>) to tensor<3x2xf64>
  %3 = toy.reshape(%2 : tensor<3x2xf64>) to tensor<3x2xf64>
  toy.print %3 : tensor<3x2xf64>
  toy.return
}
