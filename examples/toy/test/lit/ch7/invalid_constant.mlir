// RUN: not %toyc %s 2>&1 | FileCheck %s

toy.func @main() {
  // CHECK: invalid_constant.mlir:[[@LINE+1]]:8: error: 'toy.struct_constant' op the value's type 'tensor<2xf64>' does not match 'tensor<3xf64>'
  %0 = toy.struct_constant [dense<[1.0, 2.0]> : tensor<2xf64>] : !toy.struct<tensor<3xf64>>
  toy.return
}
