import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected from `mlir-opt --allow-unregistered-dialect <input> --loop-invariant-code-motion`
// (MLIR 22.1.8); the input is tools/differential-passes/inputs/licm.mlir.

describe('loop-invariant-code-motion', () => {
  it('hoists pure invariant ops innermost-first, keeps calls, divisions and variant ops', () => {
    const r = runPipeline(`func.func @licm(%lb: index, %ub: index, %a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %a) -> (i32) {
    %inv = arith.addi %a, %b : i32
    %inv2 = arith.muli %inv, %inv : i32
    %c3 = arith.constant 3 : i32
    %var = arith.addi %acc, %inv2 : i32
    %r2 = scf.for %j = %lb to %ub step %c1 iter_args(%acc2 = %var) -> (i32) {
      %inner_inv = arith.addi %inv2, %c3 : i32
      %inner_var = arith.addi %acc2, %inner_inv : i32
      %d = arith.divsi %inner_var, %b : i32
      scf.yield %d : i32
    }
    %call = func.call @ext(%a) : (i32) -> i32
    %s = arith.addi %r2, %call : i32
    scf.yield %s : i32
  }
  return %r : i32
}
func.func private @ext(i32) -> i32

func.func @nested_if(%lb: index, %ub: index, %cond: i1, %a: i32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %x = scf.if %cond -> (i32) {
      %y = arith.addi %a, %a : i32
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    %idx = arith.index_cast %i : index to i32
    "test.use"(%x, %idx) : (i32, i32) -> ()
  }
  return
}
`, 'builtin.module(loop-invariant-code-motion)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @licm(%arg0: index, %arg1: index, %arg2: i32, %arg3: i32) -> i32 {
    %c1 = arith.constant 1 : index
    %0 = arith.addi %arg2, %arg3 : i32
    %1 = arith.muli %0, %0 : i32
    %c3_i32 = arith.constant 3 : i32
    %2 = arith.addi %1, %c3_i32 : i32
    %3 = scf.for %arg4 = %arg0 to %arg1 step %c1 iter_args(%arg5 = %arg2) -> (i32) {
      %4 = arith.addi %arg5, %1 : i32
      %5 = scf.for %arg6 = %arg0 to %arg1 step %c1 iter_args(%arg7 = %4) -> (i32) {
        %8 = arith.addi %arg7, %2 : i32
        %9 = arith.divsi %8, %arg3 : i32
        scf.yield %9 : i32
      }
      %6 = func.call @ext(%arg2) : (i32) -> i32
      %7 = arith.addi %5, %6 : i32
      scf.yield %7 : i32
    }
    return %3 : i32
  }
  func.func private @ext(i32) -> i32
  func.func @nested_if(%arg0: index, %arg1: index, %arg2: i1, %arg3: i32) {
    %c1 = arith.constant 1 : index
    %0 = scf.if %arg2 -> (i32) {
      %1 = arith.addi %arg3, %arg3 : i32
      scf.yield %1 : i32
    } else {
      scf.yield %arg3 : i32
    }
    scf.for %arg4 = %arg0 to %arg1 step %c1 {
      %1 = arith.index_cast %arg4 : index to i32
      "test.use"(%0, %1) : (i32, i32) -> ()
    }
    return
  }
}
`)
  })

  it('hoists loops with step one (they end whatever their bounds) and not other loops, as mlir-opt', () => {
    const r = runPipeline(`func.func @f(%lb: index, %ub: index, %n: index, %x: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lb to %ub step %c1 {
    %r = scf.for %j = %lb to %n step %c1 iter_args(%a = %x) -> (i32) {
      %y = arith.addi %a, %x : i32
      scf.yield %y : i32
    }
    %r2 = scf.for %j = %lb to %n step %c2 iter_args(%a = %x) -> (i32) {
      %y = arith.addi %a, %x : i32
      scf.yield %y : i32
    }
    %r3 = scf.for %j = %lb to %n step %n iter_args(%a = %x) -> (i32) {
      %y = arith.addi %a, %x : i32
      scf.yield %y : i32
    }
    affine.for %k = 0 to %n {
      %z = arith.addi %x, %x : i32
    }
    affine.for %k = 0 to %n step 2 {
      %z = arith.addi %x, %x : i32
    }
    "test.use"(%r, %r2, %r3) : (i32, i32, i32) -> ()
  }
  return
}
`, 'builtin.module(loop-invariant-code-motion)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0 = scf.for %arg4 = %arg0 to %arg2 step %c1 iter_args(%arg5 = %arg3) -> (i32) {
      %3 = arith.addi %arg5, %arg3 : i32
      scf.yield %3 : i32
    }
    %1 = arith.addi %arg3, %arg3 : i32
    affine.for %arg4 = 0 to %arg2 {
    }
    %2 = arith.addi %arg3, %arg3 : i32
    scf.for %arg4 = %arg0 to %arg1 step %c1 {
      %3 = scf.for %arg5 = %arg0 to %arg2 step %c2 iter_args(%arg6 = %arg3) -> (i32) {
        %5 = arith.addi %arg6, %arg3 : i32
        scf.yield %5 : i32
      }
      %4 = scf.for %arg5 = %arg0 to %arg2 step %arg2 iter_args(%arg6 = %arg3) -> (i32) {
        %5 = arith.addi %arg6, %arg3 : i32
        scf.yield %5 : i32
      }
      affine.for %arg5 = 0 to %arg2 step 2 {
      }
      "test.use"(%0, %3, %4) : (i32, i32, i32) -> ()
    }
    return
  }
}
`)
  })

  it('hoists divisions by constants that are neither zero nor (signed) minus one, as mlir-opt', () => {
    const r = runPipeline(`func.func @f(%lb: index, %ub: index, %x: i32, %y: i32) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  scf.for %i = %lb to %ub step %c1 {
    %a = arith.divui %x, %c3 : i32
    %b = arith.divsi %x, %c3 : i32
    %c = arith.divui %x, %y : i32
    %d = arith.ceildivsi %x, %c3 : i32
    %e = arith.remui %x, %c3 : i32
    "test.use"(%a, %b, %c, %d, %e) : (i32, i32, i32, i32, i32) -> ()
  }
  return
}
`, 'builtin.module(loop-invariant-code-motion)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: index, %arg1: index, %arg2: i32, %arg3: i32) {
    %c1 = arith.constant 1 : index
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.divui %arg2, %c3_i32 : i32
    %1 = arith.divsi %arg2, %c3_i32 : i32
    %2 = arith.ceildivsi %arg2, %c3_i32 : i32
    %3 = arith.remui %arg2, %c3_i32 : i32
    scf.for %arg4 = %arg0 to %arg1 step %c1 {
      %4 = arith.divui %arg2, %arg3 : i32
      "test.use"(%0, %1, %4, %2, %3) : (i32, i32, i32, i32, i32) -> ()
    }
    return
  }
}
`)
  })

  it('hoists memref.dim with a constant in-bounds index of a ranked memref only, as mlir-opt', () => {
    const r = runPipeline(`func.func @f(%m: memref<?x?xf32>, %u: memref<*xf32>, %lb: index, %ub: index, %st: index, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %iv = %lb to %ub step %st {
    %a = memref.dim %m, %c1 : memref<?x?xf32>
    %b = memref.dim %m, %c2 : memref<?x?xf32>
    %c = memref.dim %m, %i : memref<?x?xf32>
    %d = memref.dim %u, %c0 : memref<*xf32>
    "test.use"(%a, %b, %c, %d) : (index, index, index, index) -> ()
  }
  return
}
`, 'builtin.module(loop-invariant-code-motion)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: memref<?x?xf32>, %arg1: memref<*xf32>, %arg2: index, %arg3: index, %arg4: index, %arg5: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %dim = memref.dim %arg0, %c1 : memref<?x?xf32>
    scf.for %arg6 = %arg2 to %arg3 step %arg4 {
      %dim_0 = memref.dim %arg0, %c2 : memref<?x?xf32>
      %dim_1 = memref.dim %arg0, %arg5 : memref<?x?xf32>
      %dim_2 = memref.dim %arg1, %c0 : memref<*xf32>
      "test.use"(%dim, %dim_0, %dim_1, %dim_2) : (index, index, index, index) -> ()
    }
    return
  }
}
`)
  })
})
