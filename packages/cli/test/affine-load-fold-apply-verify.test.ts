import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// affine.load folding and affine.apply verification against mlir-opt 22.1.8: every expected
// text below is what mlir-opt printed for the same input and options.
function opt(args: readonly string[], source: string): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main([...args, 'in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}

describe('affine.load fold (mlir-opt 22)', () => {
  it('reads a constant memref.global at constant subscripts, any subscript of a splat, and folds memref.cast', () => {
    const source = `memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
memref.global "private" constant @ones : memref<4xf32> = dense<1.500000e+00>
memref.global "private" @mutable : memref<2xi32> = dense<[7, 8]>
func.func @loads(%i: index, %c: memref<?xf32>) -> (i32, i32, f32, i32, i32, f32) {
  %t = memref.get_global @table : memref<2x3xi32>
  %a = affine.load %t[1, 2] : memref<2x3xi32>
  %b = affine.load %t[0, %i] : memref<2x3xi32>
  %o = memref.get_global @ones : memref<4xf32>
  %s = affine.load %o[%i * 2] : memref<4xf32>
  %m = memref.get_global @mutable : memref<2xi32>
  %d = affine.load %m[1] : memref<2xi32>
  %e = affine.load %t[1, 0] : memref<2x3xi32>
  %cast = memref.cast %o : memref<4xf32> to memref<?xf32>
  %f = affine.load %cast[%i] : memref<?xf32>
  affine.store %f, %cast[%i] : memref<?xf32>
  return %a, %b, %s, %d, %e, %f : i32, i32, f32, i32, i32, f32
}
`
    expect(opt(['-canonicalize'], source)).toEqual({
      rc: 0,
      out: `module {
  memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]>
  memref.global "private" constant @ones : memref<4xf32> = dense<1.500000e+00>
  memref.global "private" @mutable : memref<2xi32> = dense<[7, 8]>
  func.func @loads(%arg0: index, %arg1: memref<?xf32>) -> (i32, i32, f32, i32, i32, f32) {
    %c4_i32 = arith.constant 4 : i32
    %cst = arith.constant 1.500000e+00 : f32
    %c6_i32 = arith.constant 6 : i32
    %0 = memref.get_global @table : memref<2x3xi32>
    %1 = affine.load %0[0, symbol(%arg0)] : memref<2x3xi32>
    %2 = memref.get_global @ones : memref<4xf32>
    %3 = memref.get_global @mutable : memref<2xi32>
    %4 = affine.load %3[1] : memref<2xi32>
    affine.store %cst, %2[symbol(%arg0)] : memref<4xf32>
    return %c6_i32, %1, %cst, %4, %c4_i32, %cst : i32, i32, f32, i32, i32, f32
  }
}

`,
      err: '',
    })
  })
})

describe('affine.apply verifier (mlir-opt 22)', () => {
  it('accepts operands that are neither dims nor symbols, such as gpu.launch ids', () => {
    const source = `func.func @launch(%m: memref<8xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = arith.addi %tx, %tx : index
    %i = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>(%bx, %x)[%n]
    %dead = affine.apply affine_map<(d0) -> (d0 * 2)>(%by)
    %cst = arith.constant 2.0 : f32
    memref.store %cst, %m[%i] : memref<8xf32>
    gpu.terminator
  }
  return
}
`
    expect(opt(['-remove-dead-values'], source)).toEqual({
      rc: 0,
      out: `#map = affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>
module {
  func.func @launch(%arg0: memref<8xf32>, %arg1: index) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c8, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c1, %arg12 = %c1, %arg13 = %c1) {
      %0 = arith.addi %arg5, %arg5 : index
      %1 = affine.apply #map(%arg2, %0)[%arg1]
      %cst = arith.constant 2.000000e+00 : f32
      memref.store %cst, %arg0[%1] : memref<8xf32>
      gpu.terminator
    }
    return
  }
}

`,
      err: '',
    })
  })
  it('rejects a loop induction variable in a symbol position, without the op name', () => {
    const r = opt(
      [],
      `func.func @iv_as_symbol() {
  affine.for %i = 0 to 4 {
    %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i]
  }
  return
}
`,
    )
    expect(r.rc).toBe(1)
    expect(r.err).toBe(`in.mlir:3:10: error: dimensional operand cannot be used as a symbol
    %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i]
         ^
in.mlir:3:10: note: see current operation: %0 = "affine.apply"(%arg0, %arg0) <{map = affine_map<(d0)[s0] -> (d0 + s0)>}> : (index, index) -> index
`)
  })
})
