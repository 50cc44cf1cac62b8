// RUN: %toyc %s --pipeline='builtin.module(toy.func(toy-shape-inference, canonicalize))' 2>&1 | FileCheck %s

// CHECK-LABEL: toy.func @main()
toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %1 = toy.cast %0 : tensor<2x3xf64> to tensor<*xf64>
  // CHECK: toy.transpose(%{{.*}} : tensor<2x3xf64>) to tensor<3x2xf64>
  %2 = toy.transpose(%1 : tensor<*xf64>) to tensor<*xf64>
  // CHECK: toy.add %{{.*}}, %{{.*}} : tensor<3x2xf64>
  %3 = toy.add %2, %2 : tensor<*xf64>
  toy.print %3 : tensor<*xf64>
  toy.return
}
