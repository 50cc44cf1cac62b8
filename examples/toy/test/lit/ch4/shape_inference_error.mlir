// RUN: not %toyc %s --pipeline='builtin.module(toy.func(toy-shape-inference))' 2>&1 | FileCheck %s

toy.func private @id(%x: tensor<*xf64>) -> tensor<*xf64> {
  toy.return %x : tensor<*xf64>
}

// Without inlining first, a call's result shape cannot be inferred.
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>
  // CHECK: shape_inference_error.mlir:[[@LINE+1]]:8: error: unable to infer shape of operation without shape inference interface
  %1 = toy.generic_call @id(%0) : (tensor<2xf64>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}
