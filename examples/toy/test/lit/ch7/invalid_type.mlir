// RUN: not %toyc %s 2>&1 | FileCheck %s

// CHECK: invalid_type.mlir:[[@LINE+1]]:53: error: element type for a struct must either be a tensor of f64 or a struct, got 'i32'
func.func private @f(%a: !toy.struct<tensor<*xf64>, i32>)
