// RUN: not %toyc %s 2>&1 | FileCheck %s

toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  // CHECK: invalid.mlir:[[@LINE+1]]:8: error: 'toy.reshape' op cannot reshape 3 elements ('tensor<3xf64>') to 'tensor<2x2xf64>'
  %1 = toy.reshape(%0 : tensor<3xf64>) to tensor<2x2xf64>
  toy.print %1 : tensor<2x2xf64>
  toy.return
}
