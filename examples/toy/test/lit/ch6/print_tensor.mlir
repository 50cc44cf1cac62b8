// A toy.print of a tensor cannot become printf calls: it is reported at its location.
// RUN: not %toyc %s --pipeline='builtin.module(toy-lower-to-llvm)' 2>&1 | FileCheck %s

func.func @main(%t: tensor<2xf64>) {
  // CHECK: print_tensor.mlir:[[# @LINE + 1]]:3: error: toy.print can only be lowered to printf once its operand is a buffer: run toy-lower-to-affine first
  toy.print %t : tensor<2xf64>
  return
}
