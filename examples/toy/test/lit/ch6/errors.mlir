// toy-lower-to-llvm needs the chapter 5 form: a toy op that toy-lower-to-affine lowers is
// reported where it is, and so is a toy.print still printing a tensor.
// RUN: not %toyc %s --pipeline='builtin.module(toy-lower-to-llvm)' 2>&1 | FileCheck %s

toy.func @main() {
  // CHECK: errors.mlir:[[# @LINE + 1]]:8: error: 'toy.constant' must be lowered by toy-lower-to-affine first
  %0 = toy.constant dense<1.0> : tensor<2xf64>
  toy.print %0 : tensor<2xf64>
  toy.return
}
