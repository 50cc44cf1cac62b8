import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// The affine dialect against mlir-opt 22.1.8: every expected text below is what mlir-opt 22
// printed for the same input and flags (round trips of affine.parallel, affine.min/max and the
// index ops; canonicalization composing affine.apply chains and simplifying maps with loop
// bounds; lower-affine of min/max and parallel loops; verifier and parser diagnostics).
function run(source: string, ...flags: string[]): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['-allow-unregistered-dialect', ...flags, 'in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}
const OPS = `func.func @p(%A : memref<100x100xf32>, %N : index, %a: index, %b: index, %c: index, %d: index) -> index {
  affine.parallel (%i0, %j0) = (0, 0) to (symbol(%N), 100) step (10, 10) {
    %0:2 = affine.parallel (%i1, %j1) = (%i0, %j0) to (%i0 + 10, %j0 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
      %2 = affine.load %A[%i0 + %i0, %j0 + %j1] : memref<100x100xf32>
      affine.yield %2, %2 : f32, f32
    }
  }
  affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c)) to (%c, min(%c, %d), %b) {
  }
  affine.parallel () = () to () {
  }
  %1:2 = affine.delinearize_index %a into (%b, 4) : index, index
  %2 = affine.linearize_index disjoint [%a, %b] by (4, %d) : index
  %3 = affine.linearize_index [%a, %b] by (%d) : index
  %4 = affine.min affine_map<(d0)[s0] -> (1000, d0 + 512, s0)> (%a)[%b]
  %5 = affine.max affine_map<()[s0, s1] -> (s0 - s1, 11)> ()[%c, %d]
  return %5 : index
}
`
const CANON = `func.func @chain(%arg0: index, %arg1: index) -> (index, index) {
  %c42 = arith.constant 42 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 - 1 + 42 * s0)> (%arg0)[%arg1]
  %b = affine.apply affine_map<(d0) -> (d0 + 7)> (%a)
  %c = affine.apply affine_map<(d0) -> (d0 * 4)> (%a)
  %d = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)> ()[%b]
  %e = affine.apply affine_map<(d0, d1) -> (d0 floordiv 3 - d1)> (%c, %c42)
  return %d, %e : index, index
}
func.func @subscripts(%A: memref<64xf32>, %B: memref<4x4xf32>, %u: index) {
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    %x = affine.apply affine_map<(d0, d1) -> (d0 + 1)> (%i, %u)
    %v = affine.load %A[%x] : memref<64xf32>
    affine.store %v, %A[(%i mod 16) floordiv 16] : memref<64xf32>
    affine.store %cst, %A[%i mod 32] : memref<64xf32>
    affine.store %cst, %B[%x ceildiv 8, %x mod 4] : memref<4x4xf32>
  }
  return
}
func.func @minmax(%i0: index, %i1: index) -> (index, index, index) {
  %c3 = arith.constant 3 : index
  %0 = affine.min affine_map<()[s0, s1] -> (s0 + s1, s0 * s1, s1 + s0, s0 * s1)> ()[%i0, %i1]
  %1 = affine.max affine_map<()[s0] -> (s0 * 4)> ()[%i1]
  %2 = affine.min affine_map<(d0)[s0] -> (1000, d0 floordiv 4, (s0 mod 5) + 1)> (%c3)[%c3]
  return %0, %1, %2 : index, index, index
}
`
const LOWER = `func.func @affine_min(%arg0: index, %arg1: index) -> index{
  %0 = affine.min affine_map<(d0,d1) -> (d0 - d1, d1 - d0)>(%arg0, %arg1)
  return %0 : index
}
func.func @affine_max(%arg0: index, %arg1: index) -> index{
  %0 = affine.max affine_map<(d0,d1) -> (d0 - d1, d1 - d0)>(%arg0, %arg1)
  return %0 : index
}
func.func @affine_parallel_tiled(%o: memref<100x100xf32>, %a: memref<100x100xf32>, %b: memref<100x100xf32>) {
  affine.parallel (%i0, %j0, %k0) = (0, 0, 0) to (100, 100, 100) step (10, 10, 10) {
    affine.parallel (%i1, %j1, %k1) = (%i0, %j0, %k0) to (%i0 + 10, %j0 + 10, %k0 + 10) {
      %0 = affine.load %a[%i1, %k1] : memref<100x100xf32>
      %1 = affine.load %b[%k1, %j1] : memref<100x100xf32>
      %2 = arith.mulf %0, %1 : f32
    }
  }
  return
}
func.func @affine_parallel_with_reductions(%arg0: memref<3x3xf32>, %arg1: memref<3x3xf32>) -> (f32, f32) {
  %0:2 = affine.parallel (%kx, %ky) = (0, 0) to (2, 2) reduce ("addf", "mulf") -> (f32, f32) {
            %1 = affine.load %arg0[%kx, %ky] : memref<3x3xf32>
            %2 = affine.load %arg1[%kx, %ky] : memref<3x3xf32>
            %3 = arith.mulf %1, %2 : f32
            %4 = arith.addf %1, %2 : f32
            affine.yield %3, %4 : f32, f32
          }
  return %0#0, %0#1 : f32, f32
}
func.func @affine_parallel_with_reductions_i64(%arg0: memref<3x3xi64>, %arg1: memref<3x3xi64>) -> (i64, i64) {
  %0:2 = affine.parallel (%kx, %ky) = (0, 0) to (2, 2) reduce ("addi", "muli") -> (i64, i64) {
            %1 = affine.load %arg0[%kx, %ky] : memref<3x3xi64>
            %2 = affine.load %arg1[%kx, %ky] : memref<3x3xi64>
            %3 = arith.muli %1, %2 : i64
            %4 = arith.addi %1, %2 : i64
            affine.yield %3, %4 : i64, i64
          }
  return %0#0, %0#1 : i64, i64
}
func.func @pmax(%a: index, %b: index, %c: index, %d: index) {
  affine.parallel (%i, %j) = (max(%a, %b), %b) to (%c, min(%c, %d)) {
  }
  return
}
`
describe('affine ops as mlir-opt prints them', () => {
  it('affine.parallel, affine.min/max, delinearize_index and linearize_index round trip', () => {
    expect(run(OPS)).toEqual({ rc: 0, out: `#map = affine_map<(d0)[s0] -> (1000, d0 + 512, s0)>
#map1 = affine_map<()[s0, s1] -> (s0 - s1, 11)>
module {
  func.func @p(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index) -> index {
    affine.parallel (%arg6, %arg7) = (0, 0) to (symbol(%arg1), 100) step (10, 10) {
      %5:2 = affine.parallel (%arg8, %arg9) = (%arg6, %arg7) to (%arg6 + 10, %arg7 + 10) reduce ("minimumf", "maximumf") -> (f32, f32) {
        %6 = affine.load %arg0[%arg6 * 2, %arg7 + %arg9] : memref<100x100xf32>
        affine.yield %6, %6 : f32, f32
      }
    }
    affine.parallel (%arg6, %arg7, %arg8) = (max(%arg2, %arg3), %arg3, max(%arg2, %arg4)) to (%arg4, min(%arg4, %arg5), %arg3) {
    }
    affine.parallel () = () to () {
    }
    %0:2 = affine.delinearize_index %arg2 into (%arg3, 4) : index, index
    %1 = affine.linearize_index disjoint [%arg2, %arg3] by (4, %arg5) : index
    %2 = affine.linearize_index [%arg2, %arg3] by (%arg5) : index
    %3 = affine.min #map(%arg2)[%arg3]
    %4 = affine.max #map1()[%arg4, %arg5]
    return %4 : index
  }
}

`, err: '' })
  })
  it('their generic form (properties: bound groups, reductions, steps, static basis, disjoint)', () => {
    expect(run(OPS, '-mlir-print-op-generic')).toEqual({ rc: 0, out: `#map = affine_map<(d0, d1, d2) -> (d0 * 2, d1 + d2)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d0 + 10, d1 + 10)>
#map3 = affine_map<() -> (0, 0)>
#map4 = affine_map<()[s0] -> (s0, 100)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d1, d0, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d0, d1, d2)>
#map7 = affine_map<() -> ()>
#map8 = affine_map<(d0)[s0] -> (1000, d0 + 512, s0)>
#map9 = affine_map<()[s0, s1] -> (s0 - s1, 11)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<100x100xf32>, index, index, index, index, index) -> index, sym_name = "p"}> ({
  ^bb0(%arg0: memref<100x100xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index):
    "affine.parallel"(%arg1) <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #map3, reductions = [], steps = [10, 10], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = #map4}> ({
    ^bb0(%arg9: index, %arg10: index):
      %5:2 = "affine.parallel"(%arg9, %arg10, %arg9, %arg10) <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = #map1, reductions = [8, 4], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = #map2}> ({
      ^bb0(%arg11: index, %arg12: index):
        %6 = "affine.load"(%arg0, %arg9, %arg10, %arg12) <{map = #map}> : (memref<100x100xf32>, index, index, index) -> f32
        "affine.yield"(%6, %6) : (f32, f32) -> ()
      }) : (index, index, index, index) -> (f32, f32)
      "affine.yield"() : () -> ()
    }) : (index) -> ()
    "affine.parallel"(%arg2, %arg3, %arg4, %arg4, %arg5, %arg3) <{lowerBoundsGroups = dense<[2, 1, 2]> : tensor<3xi32>, lowerBoundsMap = #map5, reductions = [], steps = [1, 1, 1], upperBoundsGroups = dense<[1, 2, 1]> : tensor<3xi32>, upperBoundsMap = #map6}> ({
    ^bb0(%arg6: index, %arg7: index, %arg8: index):
      "affine.yield"() : () -> ()
    }) : (index, index, index, index, index, index) -> ()
    "affine.parallel"() <{lowerBoundsGroups = dense<> : tensor<0xi32>, lowerBoundsMap = #map7, reductions = [], steps = [], upperBoundsGroups = dense<> : tensor<0xi32>, upperBoundsMap = #map7}> ({
      "affine.yield"() : () -> ()
    }) : () -> ()
    %0:2 = "affine.delinearize_index"(%arg2, %arg3) <{static_basis = array<i64: -9223372036854775808, 4>}> : (index, index) -> (index, index)
    %1 = "affine.linearize_index"(%arg2, %arg3, %arg5) <{disjoint, operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: 4, -9223372036854775808>}> : (index, index, index) -> index
    %2 = "affine.linearize_index"(%arg2, %arg3, %arg5) <{disjoint = false, operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: -9223372036854775808>}> : (index, index, index) -> index
    %3 = "affine.min"(%arg2, %arg3) <{map = #map8}> : (index, index) -> index
    %4 = "affine.max"(%arg4, %arg5) <{map = #map9}> : (index, index) -> index
    "func.return"(%4) : (index) -> ()
  }) : () -> ()
}) : () -> ()

`, err: '' })
  })
})

describe('affine canonicalization', () => {
  it('composes affine.apply chains into applies, loads and stores, folds constants and simplifies with loop bounds', () => {
    expect(run(CANON, '--canonicalize')).toEqual({ rc: 0, out: `#map = affine_map<()[s0, s1] -> ((s0 * 42 + s1 + 6) ceildiv 8)>
#map1 = affine_map<()[s0, s1] -> ((s0 * 168 + s1 * 4 - 4) floordiv 3 - 42)>
#map2 = affine_map<()[s0, s1] -> (s0 + s1, s0 * s1)>
#map3 = affine_map<()[s0] -> (s0 * 4)>
module {
  func.func @chain(%arg0: index, %arg1: index) -> (index, index) {
    %0 = affine.apply #map()[%arg1, %arg0]
    %1 = affine.apply #map1()[%arg1, %arg0]
    return %0, %1 : index, index
  }
  func.func @subscripts(%arg0: memref<64xf32>, %arg1: memref<4x4xf32>, %arg2: index) {
    %cst = arith.constant 1.000000e+00 : f32
    affine.for %arg3 = 0 to 32 {
      %0 = affine.load %arg0[%arg3 + 1] : memref<64xf32>
      affine.store %0, %arg0[0] : memref<64xf32>
      affine.store %cst, %arg0[%arg3] : memref<64xf32>
      affine.store %cst, %arg1[(%arg3 + 1) ceildiv 8, %arg3 - ((%arg3 + 1) floordiv 4) * 4 + 1] : memref<4x4xf32>
    }
    return
  }
  func.func @minmax(%arg0: index, %arg1: index) -> (index, index, index) {
    %c0 = arith.constant 0 : index
    %0 = affine.min #map2()[%arg0, %arg1]
    %1 = affine.apply #map3()[%arg1]
    return %0, %1, %c0 : index, index, index
  }
}

`, err: '' })
  })
})

describe('lower-affine', () => {
  it('lowers affine.min/max to minsi/maxsi chains and affine.parallel to scf.parallel with reductions', () => {
    expect(run(LOWER, '--lower-affine')).toEqual({ rc: 0, out: `module {
  func.func @affine_min(%arg0: index, %arg1: index) -> index {
    %c-1 = arith.constant -1 : index
    %0 = arith.muli %arg1, %c-1 overflow<nsw> : index
    %1 = arith.addi %arg0, %0 : index
    %c-1_0 = arith.constant -1 : index
    %2 = arith.muli %arg0, %c-1_0 overflow<nsw> : index
    %3 = arith.addi %arg1, %2 : index
    %4 = arith.minsi %1, %3 : index
    return %4 : index
  }
  func.func @affine_max(%arg0: index, %arg1: index) -> index {
    %c-1 = arith.constant -1 : index
    %0 = arith.muli %arg1, %c-1 overflow<nsw> : index
    %1 = arith.addi %arg0, %0 : index
    %c-1_0 = arith.constant -1 : index
    %2 = arith.muli %arg0, %c-1_0 overflow<nsw> : index
    %3 = arith.addi %arg1, %2 : index
    %4 = arith.maxsi %1, %3 : index
    return %4 : index
  }
  func.func @affine_parallel_tiled(%arg0: memref<100x100xf32>, %arg1: memref<100x100xf32>, %arg2: memref<100x100xf32>) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c0_0 = arith.constant 0 : index
    %c100_1 = arith.constant 100 : index
    %c0_2 = arith.constant 0 : index
    %c100_3 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %c10_4 = arith.constant 10 : index
    %c10_5 = arith.constant 10 : index
    scf.parallel (%arg3, %arg4, %arg5) = (%c0, %c0_0, %c0_2) to (%c100, %c100_1, %c100_3) step (%c10, %c10_4, %c10_5) {
      %c10_6 = arith.constant 10 : index
      %0 = arith.addi %arg3, %c10_6 : index
      %c10_7 = arith.constant 10 : index
      %1 = arith.addi %arg4, %c10_7 : index
      %c10_8 = arith.constant 10 : index
      %2 = arith.addi %arg5, %c10_8 : index
      %c1 = arith.constant 1 : index
      %c1_9 = arith.constant 1 : index
      %c1_10 = arith.constant 1 : index
      scf.parallel (%arg6, %arg7, %arg8) = (%arg3, %arg4, %arg5) to (%0, %1, %2) step (%c1, %c1_9, %c1_10) {
        %3 = memref.load %arg1[%arg6, %arg8] : memref<100x100xf32>
        %4 = memref.load %arg2[%arg8, %arg7] : memref<100x100xf32>
        %5 = arith.mulf %3, %4 : f32
        scf.reduce 
      }
      scf.reduce 
    }
    return
  }
  func.func @affine_parallel_with_reductions(%arg0: memref<3x3xf32>, %arg1: memref<3x3xf32>) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c0_0 = arith.constant 0 : index
    %c2_1 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant 1.000000e+00 : f32
    %0:2 = scf.parallel (%arg2, %arg3) = (%c0, %c0_0) to (%c2, %c2_1) step (%c1, %c1_2) init (%cst, %cst_3) -> (f32, f32) {
      %1 = memref.load %arg0[%arg2, %arg3] : memref<3x3xf32>
      %2 = memref.load %arg1[%arg2, %arg3] : memref<3x3xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %1, %2 : f32
      scf.reduce(%3, %4 : f32, f32) {
      ^bb0(%arg4: f32, %arg5: f32):
        %5 = arith.addf %arg4, %arg5 : f32
        scf.reduce.return %5 : f32
      }, {
      ^bb0(%arg4: f32, %arg5: f32):
        %5 = arith.mulf %arg4, %arg5 : f32
        scf.reduce.return %5 : f32
      }
    }
    return %0#0, %0#1 : f32, f32
  }
  func.func @affine_parallel_with_reductions_i64(%arg0: memref<3x3xi64>, %arg1: memref<3x3xi64>) -> (i64, i64) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c0_0 = arith.constant 0 : index
    %c2_1 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %0:2 = scf.parallel (%arg2, %arg3) = (%c0, %c0_0) to (%c2, %c2_1) step (%c1, %c1_2) init (%c0_i64, %c1_i64) -> (i64, i64) {
      %1 = memref.load %arg0[%arg2, %arg3] : memref<3x3xi64>
      %2 = memref.load %arg1[%arg2, %arg3] : memref<3x3xi64>
      %3 = arith.muli %1, %2 : i64
      %4 = arith.addi %1, %2 : i64
      scf.reduce(%3, %4 : i64, i64) {
      ^bb0(%arg4: i64, %arg5: i64):
        %5 = arith.addi %arg4, %arg5 : i64
        scf.reduce.return %5 : i64
      }, {
      ^bb0(%arg4: i64, %arg5: i64):
        %5 = arith.muli %arg4, %arg5 : i64
        scf.reduce.return %5 : i64
      }
    }
    return %0#0, %0#1 : i64, i64
  }
  func.func @pmax(%arg0: index, %arg1: index, %arg2: index, %arg3: index) {
    %0 = arith.maxsi %arg0, %arg1 : index
    %1 = arith.minsi %arg2, %arg3 : index
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    scf.parallel (%arg4, %arg5) = (%0, %arg1) to (%arg2, %1) step (%c1, %c1_0) {
      scf.reduce 
    }
    return
  }
}

`, err: '' })
  })
})

describe('affine diagnostics', () => {
  it("parallel group count", () => {
    expect(run(`func.func @f() {
  affine.parallel (%i) = (0, 0) to (100, 100) step (10, 10) {
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:3: error: 'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (2), and the number of steps (2) must all match
  affine.parallel (%i) = (0, 0) to (100, 100) step (10, 10) {
  ^
in.mlir:2:3: note: see current operation: 
"affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [10, 10], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = affine_map<() -> (100, 100)>}> ({
^bb0(%arg0: index):
  "affine.yield"() : () -> ()
}) : () -> ()
` })
  })
  it("unknown reduction", () => {
    expect(run(`func.func @f() {
  %0 = affine.parallel (%i) = (0) to (10) reduce ("bad") -> (f32) {
    %c = arith.constant 0.0 : f32
    affine.yield %c : f32
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:51: error: custom op 'affine.parallel' invalid reduction value: "bad"
  %0 = affine.parallel (%i) = (0) to (10) reduce ("bad") -> (f32) {
                                                  ^
` })
  })
  it("reduction type", () => {
    expect(run(`func.func @f() {
  %0 = affine.parallel (%i) = (0) to (10) reduce ("maxs") -> (i32) {
    %c = arith.constant 0 : i32
    affine.yield %c : i32
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:8: error: 'affine.parallel' op result type cannot match reduction attribute
  %0 = affine.parallel (%i) = (0) to (10) reduce ("maxs") -> (i32) {
       ^
in.mlir:2:8: note: see current operation: 
%0 = "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<1xi32>, lowerBoundsMap = affine_map<() -> (0)>, reductions = [6], steps = [1], upperBoundsGroups = dense<1> : tensor<1xi32>, upperBoundsMap = affine_map<() -> (10)>}> ({
^bb0(%arg0: index):
  %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
  "affine.yield"(%1) : (i32) -> ()
}) : () -> i32
` })
  })
  it("min operand count", () => {
    expect(run(`func.func @f(%a: index, %b: index) -> index {
  %0 = affine.min affine_map<(d0) -> (d0)> (%a, %b)
  return %0 : index
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:8: error: 'affine.min' op operand count and affine map dimension and symbol count must match
  %0 = affine.min affine_map<(d0) -> (d0)> (%a, %b)
       ^
in.mlir:2:8: note: see current operation: %0 = "affine.min"(%arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (index, index) -> index
` })
  })
  it("delinearize results", () => {
    expect(run(`func.func @f(%a: index, %b: index) {
  %0:3 = affine.delinearize_index %a into (%b) : index, index, index
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:10: error: 'affine.delinearize_index' op should return an index for each basis element and up to one extra index
  %0:3 = affine.delinearize_index %a into (%b) : index, index, index
         ^
in.mlir:2:10: note: see current operation: %0:3 = "affine.delinearize_index"(%arg0, %arg1) <{static_basis = array<i64: -9223372036854775808>}> : (index, index) -> (index, index, index)
` })
  })
  it("delinearize basis", () => {
    expect(run(`func.func @f(%a: index) {
  %0:2 = affine.delinearize_index %a into (0, 4) : index, index
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:10: error: 'affine.delinearize_index' op no basis element may be statically non-positive
  %0:2 = affine.delinearize_index %a into (0, 4) : index, index
         ^
in.mlir:2:10: note: see current operation: %0:2 = "affine.delinearize_index"(%arg0) <{static_basis = array<i64: 0, 4>}> : (index) -> (index, index)
` })
  })
  it("linearize basis", () => {
    expect(run(`func.func @f(%a: index, %b: index) -> index {
  %0 = affine.linearize_index [%a] by (%b, %b, %b) : index
  return %0 : index
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:8: error: 'affine.linearize_index' op should be passed a basis element for each index except possibly the first
  %0 = affine.linearize_index [%a] by (%b, %b, %b) : index
       ^
in.mlir:2:8: note: see current operation: %0 = "affine.linearize_index"(%arg0, %arg1, %arg1, %arg1) <{disjoint = false, operandSegmentSizes = array<i32: 1, 3>, static_basis = array<i64: -9223372036854775808, -9223372036854775808, -9223372036854775808>}> : (index, index, index, index) -> index
` })
  })
  it("for to keyword", () => {
    expect(run(`func.func @f() {
  affine.for %i = 1 too 10 {
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:21: error: custom op 'affine.for' expected 'to' between bounds
  affine.for %i = 1 too 10 {
                    ^
` })
  })
  it("if region arguments", () => {
    expect(run(`func.func @f(%n: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
  ^bb0(%x: i32):
    affine.yield
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:3: error: 'affine.if' op region #0 should have no arguments
  affine.if affine_set<(d0) : (d0 >= 0)>(%n) {
  ^
in.mlir:2:3: note: see current operation: 
"affine.if"(%arg0) <{condition = affine_set<(d0) : (d0 >= 0)>}> ({
^bb0(%arg1: i32):
  "affine.yield"() : () -> ()
}, {
}) : (index) -> ()
` })
  })
  it("load subscript", () => {
    expect(run(`func.func @f(%M: memref<10xi32>) {
  "unknown"() ({
  ^bb0(%arg: index):
    %0 = affine.load %M[%arg] : memref<10xi32>
    "unknown.end"() : () -> ()
  }) : () -> ()
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:4:10: error: 'affine.load' op operand cannot be used as a dimension id
    %0 = affine.load %M[%arg] : memref<10xi32>
         ^
in.mlir:4:10: note: see current operation: %0 = "affine.load"(%arg0, %arg1) <{map = affine_map<(d0) -> (d0)>}> : (memref<10xi32>, index) -> i32
` })
  })
  it("dim of a top-level memref is a symbol", () => {
    expect(run(`func.func @f(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 8 {
    %d = memref.dim %m, %c0 : memref<?x?xf32>
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%d] {
    }
  }
  return
}
`)).toEqual({ rc: 0, out: `module {
  func.func @f(%arg0: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    affine.for %arg1 = 0 to 8 {
      %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
      affine.for %arg2 = 0 to %dim {
      }
    }
    return
  }
}

`, err: `` })
  })
  it("dim of a loop-local value is not a symbol", () => {
    expect(run(`func.func @f(%m: memref<?xf32>) {
  affine.for %i = 0 to 8 {
    %c0 = arith.constant 0 : index
    %v = "test.make"() : () -> memref<?xf32>
    %d = memref.dim %v, %c0 : memref<?xf32>
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%d] {
    }
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:6:5: error: 'affine.for' op operand cannot be used as a symbol
    affine.for %j = 0 to affine_map<()[s0] -> (s0)>()[%d] {
    ^
in.mlir:6:5: note: see current operation: 
"affine.for"(%2) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 1, 0>, step = 1 : index, upperBoundMap = affine_map<()[s0] -> (s0)>}> ({
^bb0(%arg2: index):
  "affine.yield"() : () -> ()
}) : (index) -> ()
` })
  })
})

describe('affine.for and affine.if canonicalization', () => {
  it('folds constant bounds, composes bound maps, drops redundant bounds and folds empty and zero-trip loops', () => {
    expect(run(`func.func @f(%n: index, %m: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %u = affine.apply affine_map<(d0) -> (d0 + 2)>(%n)
  affine.for %i = max affine_map<(d0, d1) -> (0, d0 + d1)> (%c2, %c1) to min affine_map<(d0, d1) -> (d0 - 2, 32 * d1)> (%c9, %c1) {
    "use"(%i) : (index) -> ()
  }
  affine.for %i = 0 to min affine_map<(d0, d1, d2) -> (d0, d1 + d2, d0)> (%u, %m, %m) {
    affine.for %j = max affine_map<(d0) -> (d0 floordiv 2, 0)>(%i) to 10 {
      "use"(%j) : (index) -> ()
    }
  }
  %r = affine.for %i = 0 to 0 iter_args(%a = %n) -> index {
    %b = arith.addi %a, %c1 : index
    affine.yield %b : index
  }
  %s:2 = affine.for %i = 0 to %n iter_args(%a = %c0, %b = %m) -> (index, index) {
    affine.yield %a, %b : index, index
  }
  return %r, %s#1 : index, index
}
`, '--canonicalize')).toEqual({ rc: 0, out: `#map = affine_map<()[s0, s1] -> (s0 + 2, s1 * 2, s0 + 2)>
#map1 = affine_map<(d0) -> (d0 floordiv 2)>
module {
  func.func @f(%arg0: index, %arg1: index) -> (index, index) {
    affine.for %arg2 = 3 to 7 {
      "use"(%arg2) : (index) -> ()
    }
    affine.for %arg2 = 0 to min #map()[%arg0, %arg1] {
      affine.for %arg3 = #map1(%arg2) to 10 {
        "use"(%arg3) : (index) -> ()
      }
    }
    return %arg0, %arg1 : index, index
  }
}

`, err: '' })
  })
  it('composes conditions, drops dead else regions and inlines always true or false conditions', () => {
    expect(run(`func.func @f(%n: index, %A: memref<16xf32>) -> f32 {
  %z = arith.constant 0.0 : f32
  %c3 = arith.constant 3 : index
  %m = affine.apply affine_map<()[s0] -> (s0 * 2)> ()[%n]
  affine.for %i = 0 to 16 {
    %j = affine.apply affine_map<(d0) -> (d0 + 1)> (%i)
    affine.if affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 - 3 == 0)> (%j, %c3)[%m] {
      affine.store %z, %A[%i] : memref<16xf32>
    } else {
    }
  }
  affine.if affine_set<() : (1 == 0)> () {
    affine.store %z, %A[0] : memref<16xf32>
  }
  %r = affine.if affine_set<(d0) : (0 == 0)> (%n) -> f32 {
    affine.yield %z : f32
  } else {
    %v = affine.load %A[0] : memref<16xf32>
    affine.yield %v : f32
  }
  return %r : f32
}
`, '--canonicalize')).toEqual({ rc: 0, out: `#set = affine_set<(d0)[s0] : (d0 - s0 * 2 + 1 >= 0, 0 == 0)>
module {
  func.func @f(%arg0: index, %arg1: memref<16xf32>) -> f32 {
    %cst = arith.constant 0.000000e+00 : f32
    affine.for %arg2 = 0 to 16 {
      affine.if #set(%arg2)[%arg0] {
        affine.store %cst, %arg1[%arg2] : memref<16xf32>
      }
    }
    return %cst : f32
  }
}

`, err: '' })
  })
})
