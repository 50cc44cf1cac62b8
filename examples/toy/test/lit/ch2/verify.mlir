// RUN: not %toyc %s 2>&1 | FileCheck %s

toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf64>
  // CHECK: verify.mlir:[[@LINE+1]]:8: error: expected result shape to be a transpose of the input
  %1 = toy.transpose(%0 : tensor<1x3xf64>) to tensor<1x3xf64>
  toy.return
}
