import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Passes on linalg structured ops: their speculatability and memory effects (loop-invariant
// code motion) and their bodies being visited as ordinary code (sccp). The expected outputs
// were produced by mlir-opt 22.1.8 on the same inputs.
function run(source: string, ...args: string[]): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['in.mlir', ...args], io)
  return { rc, out: io.out, err: io.err }
}

describe('linalg structured ops under the standard passes', () => {
  it('loop-invariant-code-motion hoists a structured op on tensors but not one on buffers', () => {
    expect(run(String.raw`func.func @licm(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %m: memref<4x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = linalg.exp ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) -> tensor<4x8xf32>
    "test.use"(%0) : (tensor<4x8xf32>) -> ()
    linalg.exp ins(%m : memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  }
  return
}
`, '--allow-unregistered-dialect', '--pass-pipeline=builtin.module(func.func(loop-invariant-code-motion))')).toEqual({
      rc: 0,
      out: String.raw`module {
  func.func @licm(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: memref<4x8xf32>, %arg3: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = linalg.exp ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.for %arg4 = %c0 to %arg3 step %c1 {
      "test.use"(%0) : (tensor<4x8xf32>) -> ()
      linalg.exp ins(%arg2 : memref<4x8xf32>) outs(%arg2 : memref<4x8xf32>)
    }
    return
  }
}

`,
      err: '',
    })
  })

  it('sccp folds constants inside a linalg.generic body', () => {
    expect(run(String.raw`func.func @s(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%b : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32):
    %c1 = arith.constant 1 : i32
    %c2 = arith.addi %c1, %c1 : i32
    %r = arith.addi %x, %c2 : i32
    linalg.yield %r : i32
  } -> tensor<4xi32>
  %1 = linalg.add ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%b : tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
}
`, '--pass-pipeline=builtin.module(func.func(sccp))')).toEqual({
      rc: 0,
      out: String.raw`#map = affine_map<(d0) -> (d0)>
module {
  func.func @s(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<4xi32>) outs(%arg1 : tensor<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %2 = arith.addi %in, %c2_i32 : i32
      linalg.yield %2 : i32
    } -> tensor<4xi32>
    %1 = linalg.add ins(%arg0, %arg0 : tensor<4xi32>, tensor<4xi32>) outs(%arg1 : tensor<4xi32>) -> tensor<4xi32>
    return %0, %1 : tensor<4xi32>, tensor<4xi32>
  }
}

`,
      err: '',
    })
  })
})
