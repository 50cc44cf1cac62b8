// The struct type and ops print and parse back; canonicalize folds the access of a
// constant struct, nested structs included, to the element's constant.
// RUN: %toyc %s > %t.mlir && %toyc %t.mlir | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: %toyc %s --pipeline='builtin.module(toy.func(canonicalize))' | FileCheck %s

toy.func @main() {
  %0 = toy.struct_constant [dense<[1.0, 2.0]> : tensor<2xf64>, [dense<3.0> : tensor<f64>]] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>>
  %1 = toy.struct_access %0[0] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> tensor<*xf64>
  %2 = toy.struct_access %0[1] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> !toy.struct<tensor<*xf64>>
  %3 = toy.struct_access %2[0] : !toy.struct<tensor<*xf64>> -> tensor<*xf64>
  %4 = toy.mul %1, %3 : tensor<*xf64>
  toy.print %4 : tensor<*xf64>
  toy.return
}

// ROUNDTRIP:      %[[S:.*]] = toy.struct_constant [dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>, [dense<3.000000e+00> : tensor<f64>]] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>>
// ROUNDTRIP-NEXT: toy.struct_access %[[S]][0] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> tensor<*xf64>
// ROUNDTRIP-NEXT: %[[N:.*]] = toy.struct_access %[[S]][1] : !toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>> -> !toy.struct<tensor<*xf64>>
// ROUNDTRIP-NEXT: toy.struct_access %[[N]][0] : !toy.struct<tensor<*xf64>> -> tensor<*xf64>

// CHECK-NOT:   struct
// CHECK:       %[[A:.*]] = toy.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf64>
// CHECK-NEXT:  %[[B:.*]] = toy.constant dense<3.000000e+00> : tensor<f64>
// CHECK-NEXT:  toy.mul %[[A]], %[[B]] : tensor<*xf64>
// CHECK-NOT:   struct
