import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected output is mlir-opt 22's, produced with `mlir-opt <input> --lower-affine`.
const INPUT = `func.func @toy(%a: memref<2x3xf64>, %b: memref<3x2xf64>, %n: index) {
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 2 {
      %v = affine.load %a[%j, %i] : memref<2x3xf64>
      %w = arith.mulf %v, %v : f64
      affine.store %w, %b[%i, %j] : memref<3x2xf64>
    }
  }
  affine.for %k = 1 to %n step 4 {
    %x = affine.load %b[%k mod 3, %k floordiv 2] : memref<3x2xf64>
    affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0)>(%k)[%n] {
      affine.store %x, %b[%k ceildiv 4, 0] : memref<3x2xf64>
    }
  }
  return
}
func.func @apply(%i: index, %s: index) -> (index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 - 1)>(%i)[%s]
  %1 = affine.apply affine_map<(d0) -> (d0 mod 5)>(%0)
  return %0, %1 : index, index
}`

const EXPECTED = `module {
  func.func @toy(%arg0: memref<2x3xf64>, %arg1: memref<3x2xf64>, %arg2: index) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    scf.for %arg3 = %c0 to %c3 step %c1 {
      %c0_1 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1_2 = arith.constant 1 : index
      scf.for %arg4 = %c0_1 to %c2 step %c1_2 {
        %0 = memref.load %arg0[%arg4, %arg3] : memref<2x3xf64>
        %1 = arith.mulf %0, %0 : f64
        memref.store %1, %arg1[%arg3, %arg4] : memref<3x2xf64>
      }
    }
    %c1_0 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %arg3 = %c1_0 to %arg2 step %c4 {
      %c3_1 = arith.constant 3 : index
      %0 = arith.remsi %arg3, %c3_1 : index
      %c0_2 = arith.constant 0 : index
      %1 = arith.cmpi slt, %0, %c0_2 : index
      %2 = arith.addi %0, %c3_1 : index
      %3 = arith.select %1, %2, %0 : index
      %c2 = arith.constant 2 : index
      %c0_3 = arith.constant 0 : index
      %c-1 = arith.constant -1 : index
      %4 = arith.cmpi slt, %arg3, %c0_3 : index
      %5 = arith.subi %c-1, %arg3 : index
      %6 = arith.select %4, %5, %arg3 : index
      %7 = arith.divsi %6, %c2 : index
      %8 = arith.subi %c-1, %7 : index
      %9 = arith.select %4, %8, %7 : index
      %10 = memref.load %arg1[%3, %9] : memref<3x2xf64>
      %c0_4 = arith.constant 0 : index
      %c-2 = arith.constant -2 : index
      %11 = arith.addi %arg3, %c-2 : index
      %12 = arith.cmpi sge, %11, %c0_4 : index
      %c-1_5 = arith.constant -1 : index
      %13 = arith.muli %arg3, %c-1_5 overflow<nsw> : index
      %14 = arith.addi %13, %arg2 : index
      %c-1_6 = arith.constant -1 : index
      %15 = arith.addi %14, %c-1_6 : index
      %16 = arith.cmpi sge, %15, %c0_4 : index
      %17 = arith.andi %12, %16 : i1
      scf.if %17 {
        %c4_7 = arith.constant 4 : index
        %c0_8 = arith.constant 0 : index
        %c1_9 = arith.constant 1 : index
        %18 = arith.cmpi sle, %arg3, %c0_8 : index
        %19 = arith.subi %c0_8, %arg3 : index
        %20 = arith.subi %arg3, %c1_9 : index
        %21 = arith.select %18, %19, %20 : index
        %22 = arith.divsi %21, %c4_7 : index
        %23 = arith.subi %c0_8, %22 : index
        %24 = arith.addi %22, %c1_9 : index
        %25 = arith.select %18, %23, %24 : index
        %c0_10 = arith.constant 0 : index
        memref.store %10, %arg1[%25, %c0_10] : memref<3x2xf64>
      }
    }
    return
  }
  func.func @apply(%arg0: index, %arg1: index) -> (index, index) {
    %c3 = arith.constant 3 : index
    %0 = arith.muli %arg0, %c3 overflow<nsw> : index
    %1 = arith.addi %0, %arg1 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %c5 = arith.constant 5 : index
    %3 = arith.remsi %2, %c5 : index
    %c0 = arith.constant 0 : index
    %4 = arith.cmpi slt, %3, %c0 : index
    %5 = arith.addi %3, %c5 : index
    %6 = arith.select %4, %5, %3 : index
    return %2, %6 : index, index
  }
}

`

describe('lower-affine', () => {
  it('lowers affine.for/if/apply/load/store/yield with the arith sequences of expandAffineExpr', () => {
    const r = runPipeline(INPUT, 'builtin.module(lower-affine)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(EXPECTED)
  })

  it('folds affine.apply of a dim, a symbol or constants before lowering, as mlir-opt', () => {
    const r = runPipeline(
      `func.func @f(%i: index) -> (index, index) {
  %c = arith.constant 6 : index
  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 4 + s0)>(%c)[%c]
  return %0, %1 : index, index
}`,
      'builtin.module(lower-affine)',
    )
    expect(r.text.trimEnd()).toBe(`module {
  func.func @f(%arg0: index) -> (index, index) {
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    return %arg0, %c7 : index, index
  }
}`)
  })

  it('lowers mod by a symbol as remsi with the Euclidean correction (only constant divisors are checked)', () => {
    const r = runPipeline(
      `func.func @f(%m: memref<4xf32>, %i: index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0)>(%i)[%i]
  "test.use"(%0) : (index) -> ()
  return
}`,
      'builtin.module(lower-affine)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toContain('arith.remsi %arg1, %arg1 : index')
  })
})
