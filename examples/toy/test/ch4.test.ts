import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileToy, kOptPipeline } from '../src/compiler.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')

describe('chapter 4: inlining and shape inference', () => {
  it('optimizes the tutorial program to one transpose and one multiplication, fully shaped', () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'mlir', opt: true })
    expect(r.errors).toBe('')
    expect(r.output).toBe(`module {
  toy.func @main() {
    %0 = toy.constant dense<[[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf64>
    %1 = toy.transpose(%0 : tensor<2x3xf64>) to tensor<3x2xf64>
    %2 = toy.mul %1, %1 : tensor<3x2xf64>
    toy.print %2 : tensor<3x2xf64>
    toy.return
  }
}
`)
  })

  it('inlines nested calls, casting arguments to the generic parameter types', () => {
    const text = 'def sq(x) { return x * x; }\ndef quad(x) { return sq(sq(x)); }\ndef main() {\n  var a<3> = [1, 2, 3];\n  print(quad(a));\n}\n'
    const inlined = compileToy(text, 'n.toy', { emit: 'mlir', pipeline: 'builtin.module(toy-inline)' })
    expect(inlined.errors).toBe('')
    expect(inlined.output).not.toContain('generic_call')
    expect(inlined.output).not.toContain('@sq')
    expect(inlined.output).toContain('toy.cast %1 : tensor<3xf64> to tensor<*xf64>')
    const opt = compileToy(text, 'n.toy', { emit: 'mlir', opt: true })
    expect(opt.output).not.toContain('toy.cast')
    expect(opt.output).not.toContain('*xf64')
    expect(opt.output.match(/toy\.mul %\d+, %\d+ : tensor<3xf64>/g)).toHaveLength(2)
  })

  it('infers shapes through add, mul, transpose and cast', () => {
    const text = `toy.func @main() {
  %0 = toy.constant dense<[[1.0, 2.0]]> : tensor<1x2xf64>
  %1 = toy.cast %0 : tensor<1x2xf64> to tensor<*xf64>
  %2 = toy.transpose(%1 : tensor<*xf64>) to tensor<*xf64>
  %3 = toy.add %2, %2 : tensor<*xf64>
  %4 = toy.mul %3, %2 : tensor<*xf64>
  toy.print %4 : tensor<*xf64>
  toy.return
}
`
    const r = compileToy(text, 's.mlir', { emit: 'mlir', pipeline: 'builtin.module(toy.func(toy-shape-inference))' })
    expect(r.errors).toBe('')
    expect(r.output).toContain('%2 = toy.transpose(%1 : tensor<1x2xf64>) to tensor<2x1xf64>')
    expect(r.output).toContain('%4 = toy.mul %3, %2 : tensor<2x1xf64>')
    expect(r.output).toContain('toy.print %4 : tensor<2x1xf64>')
  })

  it('fails with a located error when a shape cannot be inferred', () => {
    const text = `toy.func private @id(%x: tensor<*xf64>) -> tensor<*xf64> {
  toy.return %x : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.constant dense<1.0> : tensor<f64>
  %1 = toy.generic_call @id(%0) : (tensor<f64>) -> tensor<*xf64>
  toy.print %1 : tensor<*xf64>
  toy.return
}
`
    const r = compileToy(text, 'e.mlir', { emit: 'mlir', pipeline: 'builtin.module(toy.func(toy-shape-inference))' })
    expect(r.ok).toBe(false)
    expect(r.errors).toContain('e.mlir:6:8: error: unable to infer shape of operation without shape inference interface')
    expect(compileToy(text, 'e.mlir', { emit: 'mlir', pipeline: kOptPipeline }).ok).toBe(true)
  })

  it('leaves calls into recursion alone instead of inlining forever', () => {
    const text = 'def f(x) { return f(x) + f(x); }\ndef g(x) { return f(x) * x; }\ndef main() {\n  print(g([1, 2]));\n}\n'
    const r = compileToy(text, 'rec.toy', { emit: 'mlir', pipeline: 'builtin.module(toy-inline)' })
    expect(r.errors).toBe('')
    expect(r.output).not.toContain('@g')
    expect(r.output).toContain('toy.func private @f(')
    expect(r.output).toContain('toy.generic_call @f(')
  })

  it('never throws on truncated or mangled programs, with the whole pipeline', () => {
    for (let n = 0; n <= sample.length; n += 2) {
      for (const text of [sample.slice(0, n), sample.slice(0, n) + sample.slice(n + 7)]) {
        const r = compileToy(text, 'cut.toy', { emit: 'mlir', opt: true })
        expect(r.ok ? r.output : r.errors).not.toBe('')
      }
    }
  })
})
