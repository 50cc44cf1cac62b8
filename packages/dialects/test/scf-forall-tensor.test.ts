// scf.forall's canonicalization patterns, tensor.parallel_insert_slice, the scf.for tensor.cast
// folder and the gpu device mapping attributes: outputs must equal mlir-opt 22's on the same
// input (the expected texts below were produced by mlir-opt 22.1.8 with -canonicalize).
import { describe, expect, it } from 'vitest'
import { dialectHarness } from './dialectHarness.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { GPUDialect } from '../src/gpu/index.ts'
import { ScfDialect } from '../src/scf/index.ts'
import { TensorDialect } from '../src/tensor/index.ts'

const { roundTrip, firstError, canonicalize } = dialectHarness([ArithDialect, FuncDialect, GPUDialect, ScfDialect, TensorDialect], true)

describe('scf.forall and tensor.parallel_insert_slice', () => {
  it('print in their custom forms as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @h(%a: tensor<2x?xf32>, %b: tensor<4x4xf32>, %n: index, %m: index) -> tensor<4x4xf32> {
  %r = scf.forall (%i, %j) = (0, %m) to (%n, 4) step (1, 2) shared_outs(%o = %b) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%i, %j] [2, %m] [1, 1] {foo} : tensor<2x?xf32> into tensor<4x4xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_3>, #gpu.block<z>]}
  return %r : tensor<4x4xf32>
}
`)).toBe(String.raw`module {
  func.func @h(%arg0: tensor<2x?xf32>, %arg1: tensor<4x4xf32>, %arg2: index, %arg3: index) -> tensor<4x4xf32> {
    %0 = scf.forall (%arg4, %arg5) = (0, %arg3) to (%arg2, 4) step (1, 2) shared_outs(%arg6 = %arg1) -> (tensor<4x4xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg0 into %arg6[%arg4, %arg5] [2, %arg3] [1, 1] {foo} : tensor<2x?xf32> into tensor<4x4xf32>
      }
    } {mapping = [#gpu.thread<linear_dim_3>, #gpu.block<z>]}
    return %0 : tensor<4x4xf32>
  }
}

`)
  })
  it('print in the generic form as mlir-opt does', () => {
    expect(roundTrip(String.raw`func.func @h(%a: tensor<2x?xf32>, %b: tensor<4x4xf32>, %n: index, %m: index) -> tensor<4x4xf32> {
  %r = scf.forall (%i, %j) = (0, %m) to (%n, 4) step (1, 2) shared_outs(%o = %b) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%i, %j] [2, %m] [1, 1] {foo} : tensor<2x?xf32> into tensor<4x4xf32>
    }
  } {mapping = [#gpu.thread<linear_dim_3>, #gpu.block<z>]}
  return %r : tensor<4x4xf32>
}
`, true)).toBe(String.raw`"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x?xf32>, tensor<4x4xf32>, index, index) -> tensor<4x4xf32>, sym_name = "h"}> ({
  ^bb0(%arg0: tensor<2x?xf32>, %arg1: tensor<4x4xf32>, %arg2: index, %arg3: index):
    %0 = "scf.forall"(%arg3, %arg2, %arg1) <{mapping = [#gpu.thread<linear_dim_3>, #gpu.block<z>], operandSegmentSizes = array<i32: 1, 1, 0, 1>, staticLowerBound = array<i64: 0, -9223372036854775808>, staticStep = array<i64: 1, 2>, staticUpperBound = array<i64: -9223372036854775808, 4>}> ({
    ^bb0(%arg4: index, %arg5: index, %arg6: tensor<4x4xf32>):
      "scf.forall.in_parallel"() ({
        "tensor.parallel_insert_slice"(%arg0, %arg6, %arg4, %arg5, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 2, -9223372036854775808>, static_strides = array<i64: 1, 1>}> {foo} : (tensor<2x?xf32>, tensor<4x4xf32>, index, index, index) -> ()
      }) : () -> ()
    }) : (index, index, tensor<4x4xf32>) -> tensor<4x4xf32>
    "func.return"(%0) : (tensor<4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

`)
  })
  it('fold bounds, unit and empty dimensions and unused shared outputs, and inline single-iteration loops', () => {
    expect(canonicalize(String.raw`func.func private @f(tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @inline(%in: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.empty() : tensor<8x8xf32>
  %1 = scf.forall (%i, %j) = (%c0, %c0) to (%c1, %c1) step (%c8, %c8) shared_outs (%out_ = %0) -> (tensor<8x8xf32>) {
    %slice = tensor.extract_slice %out_[%i, %j] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
    %fill = func.call @f(%slice) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %out_[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
func.func @mapped(%in: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tensor.empty() : tensor<8x8xf32>
  %1 = scf.forall (%i, %j) = (0, 4) to (1, 5) step (8, 8) shared_outs (%out_ = %0) -> (tensor<8x8xf32>) {
    %slice = tensor.extract_slice %out_[%i, %j] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
    %fill = func.call @f(%slice) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %out_[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }{ mapping = [#gpu.thread<y>, #gpu.thread<x>] }
  return %1 : tensor<8x8xf32>
}
func.func private @g(tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @collapse(%in: tensor<8x8xf32>, %n: index) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %0 = tensor.empty() : tensor<8x8xf32>
  %1:2 = scf.forall (%i, %j, %k) = (0, %c0, 0) to (1, %c16, %n) step (8, %c8, 1) shared_outs (%out_ = %0, %o2 = %in) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
    %fill = func.call @g(%out_) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %out_[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
      tensor.parallel_insert_slice %fill into %o2[%k, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
    }
  } {foo = 1}
  return %1#0, %1#1 : tensor<8x8xf32>, tensor<8x8xf32>
}
func.func @empty(%in: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %0 = tensor.empty() : tensor<8x8xf32>
  %1 = scf.forall (%i, %j) = (%c0, %c16) to (%c1, %c16) step (%c8, %c8) shared_outs (%out_ = %0) -> (tensor<8x8xf32>) {
    %fill = func.call @g(%out_) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %fill into %out_[%i, %j] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
func.func @pcast(%a: tensor<2x3xf32>, %o: tensor<8x8xf32>, %n: index) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %ca = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %1 = scf.forall (%i) in (%n) shared_outs (%out_ = %o) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ca into %out_[%i, 0] [%c2, 3] [1, 1] : tensor<?x3xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
func.func @pcast2(%a: tensor<2x3xf32>, %o: tensor<8x8xf32>, %n: index, %m: index) -> tensor<8x8xf32> {
  %ca = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %1 = scf.forall (%i) in (%n) shared_outs (%out_ = %o) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ca into %out_[%i, 0] [%m, 3] [1, 1] : tensor<?x3xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
`)).toBe(String.raw`module {
  func.func private @f(tensor<2x3xf32>) -> tensor<2x3xf32>
  func.func @inline(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = tensor.empty() : tensor<8x8xf32>
    %extracted_slice = tensor.extract_slice %0[0, 0] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
    %1 = call @f(%extracted_slice) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %inserted_slice = tensor.insert_slice %1 into %0[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    return %inserted_slice : tensor<8x8xf32>
  }
  func.func @mapped(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = tensor.empty() : tensor<8x8xf32>
    %1 = scf.forall (%arg1, %arg2) = (0, 4) to (1, 5) step (8, 8) shared_outs(%arg3 = %0) -> (tensor<8x8xf32>) {
      %extracted_slice = tensor.extract_slice %arg3[0, 4] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
      %2 = func.call @f(%extracted_slice) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %2 into %arg3[0, 4] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
      }
    } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
    return %1 : tensor<8x8xf32>
  }
  func.func private @g(tensor<8x8xf32>) -> tensor<8x8xf32>
  func.func @collapse(%arg0: tensor<8x8xf32>, %arg1: index) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
    %0 = tensor.empty() : tensor<8x8xf32>
    %1:2 = scf.forall (%arg2, %arg3) = (0, 0) to (16, %arg1) step (8, 1) shared_outs(%arg4 = %0, %arg5 = %arg0) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
      %2 = func.call @g(%arg4) : (tensor<8x8xf32>) -> tensor<8x8xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %2 into %arg4[0, %arg2] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
        tensor.parallel_insert_slice %2 into %arg5[%arg3, %arg2] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
      }
    } {foo = 1 : i64}
    return %1#0, %1#1 : tensor<8x8xf32>, tensor<8x8xf32>
  }
  func.func @empty(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = tensor.empty() : tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
  func.func @pcast(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>, %arg2: index) -> tensor<8x8xf32> {
    %0 = scf.forall (%arg3) in (%arg2) shared_outs(%arg4 = %arg1) -> (tensor<8x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg0 into %arg4[%arg3, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
      }
    }
    return %0 : tensor<8x8xf32>
  }
  func.func @pcast2(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>, %arg2: index, %arg3: index) -> tensor<8x8xf32> {
    %0 = scf.forall (%arg4) in (%arg2) shared_outs(%arg5 = %arg1) -> (tensor<8x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg0 into %arg5[%arg4, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
      }
    }
    return %0 : tensor<8x8xf32>
  }
}

`)
  })
  it('fold constant sizes and casts into parallel inserts, and tensor.dim of a result', () => {
    expect(canonicalize(String.raw`func.func @constant_sizes(%a: tensor<2x3xf32>, %o: tensor<8x8xf32>, %n: index) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %ca = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %1 = scf.forall (%i) in (%n) shared_outs (%out = %o) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ca into %out[%i, %c1] [%c2, 3] [1, 1] : tensor<?x3xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
func.func @cast_source(%a: tensor<2x3xf32>, %o: tensor<8x8xf32>, %n: index, %m: index) -> tensor<8x8xf32> {
  %ca = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  %1 = scf.forall (%i) in (%n) shared_outs (%out = %o) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %ca into %out[%i, 0] [%m, 3] [1, 1] : tensor<?x3xf32> into tensor<8x8xf32>
    }
  }
  return %1 : tensor<8x8xf32>
}
func.func @dim_of_result(%o: tensor<?x8xf32>, %a: tensor<1x8xf32>, %n: index) -> (index, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %1 = scf.forall (%i) in (%n) shared_outs (%out = %o) -> (tensor<?x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %out[%i, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x8xf32>
    }
  }
  %d = tensor.dim %1, %c0 : tensor<?x8xf32>
  return %d, %1 : index, tensor<?x8xf32>
}
`)).toBe(String.raw`module {
  func.func @constant_sizes(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>, %arg2: index) -> tensor<8x8xf32> {
    %0 = scf.forall (%arg3) in (%arg2) shared_outs(%arg4 = %arg1) -> (tensor<8x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg0 into %arg4[%arg3, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
      }
    }
    return %0 : tensor<8x8xf32>
  }
  func.func @cast_source(%arg0: tensor<2x3xf32>, %arg1: tensor<8x8xf32>, %arg2: index, %arg3: index) -> tensor<8x8xf32> {
    %0 = scf.forall (%arg4) in (%arg2) shared_outs(%arg5 = %arg1) -> (tensor<8x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg0 into %arg5[%arg4, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
      }
    }
    return %0 : tensor<8x8xf32>
  }
  func.func @dim_of_result(%arg0: tensor<?x8xf32>, %arg1: tensor<1x8xf32>, %arg2: index) -> (index, tensor<?x8xf32>) {
    %c0 = arith.constant 0 : index
    %0 = scf.forall (%arg3) in (%arg2) shared_outs(%arg4 = %arg0) -> (tensor<?x8xf32>) {
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %arg1 into %arg4[%arg3, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x8xf32>
      }
    }
    %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
    return %dim, %0 : index, tensor<?x8xf32>
  }
}

`)
  })
  it('reject a parallel insert outside scf.forall.in_parallel and one out of bounds', () => {
    expect(
      firstError(String.raw`func.func @f(%a: tensor<1x5xf32>, %b: tensor<?x?xf32>, %i: index) {
  tensor.parallel_insert_slice %a into %b[%i, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<?x?xf32>
  return
}`),
    ).toMatch(/^expected InParallelOpInterface parent, got:/)
    expect(
      firstError(String.raw`func.func @g(%a: tensor<2x5xf32>, %b: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %r = scf.forall (%i) in (%n) shared_outs(%o = %b) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %a into %o[%i, 0] [2, 5] [1, 1] : tensor<2x5xf32> into tensor<4x4xf32>
    }
  }
  return %r : tensor<4x4xf32>
}`),
    ).toBe('slice along dimension 1 runs out-of-bounds: 4 >= 4')
  })
})

describe('scf.for', () => {
  it('folds a tensor.cast of an init into the loop when the result has one use (ForOpTensorCastFolder)', () => {
    expect(canonicalize(String.raw`func.func private @step(tensor<?x8xf32>) -> tensor<?x8xf32>
func.func @loop(%t: tensor<4x8xf32>, %u: tensor<4x8xf32>, %n: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.cast %t : tensor<4x8xf32> to tensor<?x8xf32>
  %b = tensor.cast %u : tensor<4x8xf32> to tensor<?x8xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
    %s = func.call @step(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
    scf.yield %s, %y : tensor<?x8xf32>, tensor<?x8xf32>
  } {tag}
  return %r#0, %r#1 : tensor<?x8xf32>, tensor<?x8xf32>
}
func.func @two_uses(%t: tensor<4x8xf32>, %n: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.cast %t : tensor<4x8xf32> to tensor<?x8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<?x8xf32>) {
    %s = func.call @step(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
    scf.yield %s : tensor<?x8xf32>
  }
  return %r, %r : tensor<?x8xf32>, tensor<?x8xf32>
}
`)).toBe(String.raw`module {
  func.func private @step(tensor<?x8xf32>) -> tensor<?x8xf32>
  func.func @loop(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (tensor<4x8xf32>) {
      %cast_1 = tensor.cast %arg4 : tensor<4x8xf32> to tensor<?x8xf32>
      %1 = func.call @step(%cast_1) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      %cast_2 = tensor.cast %1 : tensor<?x8xf32> to tensor<4x8xf32>
      scf.yield %cast_2 : tensor<4x8xf32>
    } {tag}
    %cast = tensor.cast %arg1 : tensor<4x8xf32> to tensor<?x8xf32>
    %cast_0 = tensor.cast %0 : tensor<4x8xf32> to tensor<?x8xf32>
    return %cast_0, %cast : tensor<?x8xf32>, tensor<?x8xf32>
  }
  func.func @two_uses(%arg0: tensor<4x8xf32>, %arg1: index) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cast = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x8xf32>
    %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cast) -> (tensor<?x8xf32>) {
      %1 = func.call @step(%arg3) : (tensor<?x8xf32>) -> tensor<?x8xf32>
      scf.yield %1 : tensor<?x8xf32>
    }
    return %0, %0 : tensor<?x8xf32>, tensor<?x8xf32>
  }
}

`)
  })
})

describe('gpu device mapping attributes', () => {
  it('print as mlir-opt does', () => {
    expect(roundTrip(String.raw`"test.op"() {a = #gpu.thread<x>, b = #gpu.block<linear_dim_9>, c = #gpu.warp<y>, d = #gpu.warpgroup<z>, e = #gpu.lane<linear_dim_0>, f = #gpu.memory_space<workgroup>} : () -> ()
`)).toBe(String.raw`module {
  "test.op"() {a = #gpu.thread<x>, b = #gpu.block<linear_dim_9>, c = #gpu.warp<y>, d = #gpu.warpgroup<z>, e = #gpu.lane<linear_dim_0>, f = #gpu.memory_space<workgroup>} : () -> ()
}

`)
  })
  it('report a bad mapping id as mlir-opt does', () => {
    expect(firstError('"test.op"() {a = #gpu.thread<q>} : () -> ()')).toBe(
      'expected ::mlir::gpu::MappingId to be one of: x, y, z, linear_dim_0, linear_dim_1, linear_dim_2, linear_dim_3, linear_dim_4, linear_dim_5, linear_dim_6, linear_dim_7, linear_dim_8, linear_dim_9',
    )
    expect(firstError('"test.op"() {a = #gpu.memory_space<q>} : () -> ()')).toBe('expected ::mlir::gpu::AddressSpace to be one of: global, workgroup, private')
  })
})
