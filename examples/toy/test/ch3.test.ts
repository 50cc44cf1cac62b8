import { describe, expect, it } from 'vitest'
import { compileToy } from '../src/compiler.ts'

const canonicalize = 'builtin.module(toy.func(canonicalize))'

/** `text` (toy IR) after `pipeline`. */
function run(text: string, pipeline = canonicalize): string {
  const r = compileToy(text, 'c.mlir', { emit: 'mlir', pipeline })
  expect(r.errors).toBe('')
  return r.output
}

describe('chapter 3: canonicalization', () => {
  it('removes transpose(transpose(x))', () => {
    const out = run(`toy.func @f(%x: tensor<*xf64>) -> tensor<*xf64> {
  %0 = toy.transpose(%x : tensor<*xf64>) to tensor<*xf64>
  %1 = toy.transpose(%0 : tensor<*xf64>) to tensor<*xf64>
  toy.return %1 : tensor<*xf64>
}
`)
    expect(out).toBe('module {\n  toy.func @f(%arg0: tensor<*xf64>) -> tensor<*xf64> {\n    toy.return %arg0 : tensor<*xf64>\n  }\n}\n')
  })

  it('keeps a single transpose and an odd chain of them', () => {
    const out = run(`toy.func @f(%x: tensor<*xf64>) {
  %0 = toy.transpose(%x : tensor<*xf64>) to tensor<*xf64>
  %1 = toy.transpose(%0 : tensor<*xf64>) to tensor<*xf64>
  %2 = toy.transpose(%1 : tensor<*xf64>) to tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}
`)
    expect(out.match(/toy\.transpose/g)).toHaveLength(1)
    expect(out).toContain('%0 = toy.transpose(%arg0 : tensor<*xf64>) to tensor<*xf64>\n    toy.print %0')
  })

  it('collapses reshape(reshape(x)) and drops reshapes to the same type', () => {
    const out = run(`toy.func @f(%x: tensor<*xf64>) {
  %0 = toy.reshape(%x : tensor<*xf64>) to tensor<2x3xf64>
  %1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<6xf64>
  %2 = toy.reshape(%1 : tensor<6xf64>) to tensor<6xf64>
  toy.print %2 : tensor<6xf64>
  toy.return
}
`)
    expect(out).toContain('%0 = toy.reshape(%arg0 : tensor<*xf64>) to tensor<6xf64>\n    toy.print %0 : tensor<6xf64>\n    toy.return')
    expect(out.match(/toy\.reshape/g)).toHaveLength(1)
  })

  it('folds the reshape of a constant into a constant, and deduplicates constants', () => {
    const r = compileToy('def main() {\n  var a<2, 2> = [1, 2, 3, 4];\n  var b<2, 2> = [[1, 2], [3, 4]];\n  print(a);\n  print(b);\n}\n', 'r.toy', {
      emit: 'mlir',
      pipeline: canonicalize,
    })
    expect(r.output).toBe(`module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>
    toy.print %0 : tensor<2x2xf64>
    toy.print %0 : tensor<2x2xf64>
    toy.return
  }
}
`)
  })

  it('leaves the patterns off when canonicalize disables them', () => {
    const text = `toy.func @f(%x: tensor<*xf64>) {
  %0 = toy.transpose(%x : tensor<*xf64>) to tensor<*xf64>
  %1 = toy.transpose(%0 : tensor<*xf64>) to tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}
`
    expect(run(text).match(/toy\.transpose/g)).toBeNull()
    expect(run(text, 'builtin.module(toy.func(canonicalize{disable-patterns=TransposeOfTranspose}))').match(/toy\.transpose/g)).toHaveLength(2)
  })

  it('reports a bad pipeline instead of running nothing', () => {
    const r = compileToy('toy.func @f() {\n  toy.return\n}\n', 'p.mlir', { emit: 'mlir', pipeline: 'builtin.module(toy.func(canonicalise))' })
    expect(r.ok).toBe(false)
    expect(r.errors).toContain("error: 'canonicalise' does not refer to a registered pass or pass pipeline")
  })
})
