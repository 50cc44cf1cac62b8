// scf.for carries an iter_arg initialized by a static-information-losing tensor.cast with the
// cast's source type (MLIR's ForOpTensorCastFolder); the expected text is mlir-opt 22.1.8's
//   mlir-opt --allow-unregistered-dialect --canonicalize <input>
import { describe, expect, it } from 'vitest'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { ScfDialect } from '../src/scf/index.ts'
import { TensorDialect } from '../src/tensor/index.ts'

const { canonicalize } = dialectHarness([ArithDialect, FuncDialect, ScfDialect, TensorDialect], true)

describe('scf.for tensor.cast folding', () => {
  it('moves a cast of an iter_arg with a single-use result into the loop', () => {
    expect(canonicalize(String.raw`
func.func private @do(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32>

func.func @matmul_on_tensors(%t0: tensor<32x1024xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %0 = tensor.cast %t0 : tensor<32x1024xf32> to tensor<?x?xf32>
  %1 = scf.for %i = %c0 to %c1024 step %c32 iter_args(%iter_t0 = %0) -> (tensor<?x?xf32>) {
    %2 = func.call @do(%iter_t0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %2 : tensor<?x?xf32>
  } {some_attr}
  return %1 : tensor<?x?xf32>
}
// CHECK-LABEL: matmul_on_tensors
//  CHECK-SAME:   %[[T0:[0-9a-z]*]]: tensor<32x1024xf32>

//   CHECK-NOT: tensor.cast
//       CHECK: %[[FOR_RES:.*]] = scf.for {{.*}} iter_args(%[[ITER_T0:.*]] = %[[T0]]) -> (tensor<32x1024xf32>) {
//       CHECK:   %[[CAST:.*]] = tensor.cast %[[ITER_T0]] : tensor<32x1024xf32> to tensor<?x?xf32>
//       CHECK:   %[[DONE:.*]] = func.call @do(%[[CAST]]) : (tensor<?x?xf32>) -> tensor<?x?xf32>
//       CHECK:   %[[UNCAST:.*]] = tensor.cast %[[DONE]] : tensor<?x?xf32> to tensor<32x1024xf32>
//       CHECK:   scf.yield %[[UNCAST]] : tensor<32x1024xf32>
func.func @two(%t0: tensor<32x1024xf32>, %t1: tensor<8xf32>, %n: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.cast %t0 : tensor<32x1024xf32> to tensor<?x?xf32>
  %1 = tensor.cast %t1 : tensor<8xf32> to tensor<?xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %0, %b = %1) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %2 = func.call @do(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    scf.yield %2, %b : tensor<?x?xf32>, tensor<?xf32>
  }
  "test.use"(%r#1) : (tensor<?xf32>) -> ()
  "test.use"(%r#1) : (tensor<?xf32>) -> ()
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<?xf32>
}
`)).toBe(String.raw`module {
  func.func private @do(tensor<?x?xf32>) -> tensor<?x?xf32>
  func.func @matmul_on_tensors(%arg0: tensor<32x1024xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c1024 = arith.constant 1024 : index
    %0 = scf.for %arg1 = %c0 to %c1024 step %c32 iter_args(%arg2 = %arg0) -> (tensor<32x1024xf32>) {
      %cast_0 = tensor.cast %arg2 : tensor<32x1024xf32> to tensor<?x?xf32>
      %1 = func.call @do(%cast_0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
      %cast_1 = tensor.cast %1 : tensor<?x?xf32> to tensor<32x1024xf32>
      scf.yield %cast_1 : tensor<32x1024xf32>
    } {some_attr}
    %cast = tensor.cast %0 : tensor<32x1024xf32> to tensor<?x?xf32>
    return %cast : tensor<?x?xf32>
  }
  func.func @two(%arg0: tensor<32x1024xf32>, %arg1: tensor<8xf32>, %arg2: index) -> (tensor<?x?xf32>, tensor<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cast = tensor.cast %arg1 : tensor<8xf32> to tensor<?xf32>
    %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (tensor<32x1024xf32>) {
      %cast_1 = tensor.cast %arg4 : tensor<32x1024xf32> to tensor<?x?xf32>
      %1 = func.call @do(%cast_1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
      %cast_2 = tensor.cast %1 : tensor<?x?xf32> to tensor<32x1024xf32>
      scf.yield %cast_2 : tensor<32x1024xf32>
    }
    %cast_0 = tensor.cast %0 : tensor<32x1024xf32> to tensor<?x?xf32>
    "test.use"(%cast) : (tensor<?xf32>) -> ()
    "test.use"(%cast) : (tensor<?xf32>) -> ()
    return %cast_0, %cast : tensor<?x?xf32>, tensor<?xf32>
  }
}

`)
  })
})
