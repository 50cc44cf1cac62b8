import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileToy, kAffinePipeline } from '../src/compiler.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')

describe('chapter 5: partial lowering to affine loops', () => {
  it('lowers the tutorial program to buffers, loop nests and a toy.print of a buffer', () => {
    // The constant subscripts are folded into the access maps, as mlir-opt 22 canonicalizes them.
    const r = compileToy(sample, 'mt.toy', { emit: 'mlir-affine' })
    expect(r.errors).toBe('')
    expect(r.output).toBe(`module {
  func.func @main() {
    %cst = arith.constant 6.000000e+00 : f64
    %cst_0 = arith.constant 5.000000e+00 : f64
    %cst_1 = arith.constant 4.000000e+00 : f64
    %cst_2 = arith.constant 3.000000e+00 : f64
    %cst_3 = arith.constant 2.000000e+00 : f64
    %cst_4 = arith.constant 1.000000e+00 : f64
    %alloc = memref.alloc() : memref<3x2xf64>
    %alloc_5 = memref.alloc() : memref<3x2xf64>
    %alloc_6 = memref.alloc() : memref<2x3xf64>
    affine.store %cst_4, %alloc_6[0, 0] : memref<2x3xf64>
    affine.store %cst_3, %alloc_6[0, 1] : memref<2x3xf64>
    affine.store %cst_2, %alloc_6[0, 2] : memref<2x3xf64>
    affine.store %cst_1, %alloc_6[1, 0] : memref<2x3xf64>
    affine.store %cst_0, %alloc_6[1, 1] : memref<2x3xf64>
    affine.store %cst, %alloc_6[1, 2] : memref<2x3xf64>
    affine.for %arg0 = 0 to 3 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_6[%arg1, %arg0] : memref<2x3xf64>
        affine.store %0, %alloc_5[%arg0, %arg1] : memref<3x2xf64>
      }
    }
    affine.for %arg0 = 0 to 3 {
      affine.for %arg1 = 0 to 2 {
        %0 = affine.load %alloc_5[%arg0, %arg1] : memref<3x2xf64>
        %1 = arith.mulf %0, %0 : f64
        affine.store %1, %alloc[%arg0, %arg1] : memref<3x2xf64>
      }
    }
    toy.print %alloc : memref<3x2xf64>
    memref.dealloc %alloc_6 : memref<2x3xf64>
    memref.dealloc %alloc_5 : memref<3x2xf64>
    memref.dealloc %alloc : memref<3x2xf64>
    return
  }
}
`)
  })

  const programs: Record<string, string> = {
    'the tutorial program': sample,
    'add, mul and transpose of reshaped literals': `def main() {
  var a<2, 2> = [1, 2, 3, 4];
  var b = [[0.5, 1.5], [2, 8]];
  var c = a + b * transpose(a);
  print(c);
  print(transpose(c) * a);
}
`,
    'a splat-free vector and a generic function called twice': `def twice(x) { return x + x; }
def main() {
  var v<4> = [1, 2, 3, 4];
  print(twice(twice(v)));
  var m = [[1, 2, 3]];
  print(transpose(twice(m)));
}
`,
  }
  for (const [name, text] of Object.entries(programs)) {
    it(`prints after lowering what the toy program prints: ${name}`, () => {
      const before = compileToy(text, 'p.toy', { emit: 'run' })
      expect(before.errors).toBe('')
      expect(before.ok).toBe(true)
      const after = compileToy(text, 'p.toy', { emit: 'run', pipeline: kAffinePipeline })
      expect(after.errors).toBe('')
      expect(after.ok).toBe(true)
      expect(after.output).toBe(before.output)
      // The lowered module really is the chapter 5 form: no toy op but print is left.
      const lowered = compileToy(text, 'p.toy', { emit: 'mlir-affine' })
      expect(lowered.output.match(/toy\.[a-z_]+/g)?.every((m) => m === 'toy.print')).toBe(true)
      expect(lowered.output).toContain('affine.for')
    })
  }

  it('fails with a diagnostic on a function it cannot lower', () => {
    const text = `toy.func @f(%arg0: tensor<*xf64>) {
  toy.print %arg0 : tensor<*xf64>
  toy.return
}
toy.func @main() {
  toy.return
}
`
    const r = compileToy(text, 'f.mlir', { emit: 'mlir', pipeline: 'builtin.module(toy-lower-to-affine)' })
    expect(r.ok).toBe(false)
    expect(r.errors).toContain('f.mlir:1:1: error: only a main function without arguments or results can be lowered: inline the other functions first')
  })
})
