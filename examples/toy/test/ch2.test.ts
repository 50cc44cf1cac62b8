import { readFileSync } from 'node:fs'
import { DenseIntOrFPElementsAttr, OpBuilder, RankedTensorType, UnknownLoc, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'
import { compileToy, toyContext } from '../src/compiler.ts'
import { ConstantOp, ReshapeOp } from '../src/dialect.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')

function emit(text: string, file = 't.toy'): string {
  const r = compileToy(text, file, { emit: 'mlir' })
  expect(r.errors).toBe('')
  expect(r.ok).toBe(true)
  return r.output
}

function errorsOf(text: string, file = 't.toy'): string {
  const r = compileToy(text, file, { emit: 'mlir' })
  expect(r.ok).toBe(false)
  return r.errors
}

describe('chapter 2: the toy dialect and IR generation', () => {
  it('generates generic functions and a main with reshapes and calls', () => {
    const ir = emit(sample)
    expect(ir).toContain('toy.func private @multiply_transpose(%arg0: tensor<*xf64>, %arg1: tensor<*xf64>) -> tensor<*xf64> {')
    expect(ir).toContain('%2 = toy.mul %0, %1 : tensor<*xf64>')
    expect(ir).toContain('%1 = toy.reshape(%0 : tensor<2x3xf64>) to tensor<2x3xf64>')
    expect(ir).toContain('toy.generic_call @multiply_transpose(%1, %3) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<*xf64>')
    expect(ir).toContain('toy.print %5 : tensor<*xf64>\n    toy.return\n  }')
  })

  it('round-trips through parse and print, generic form included', () => {
    const ir = emit(sample)
    expect(emit(ir, 't.mlir')).toBe(ir)
    const ctx = toyContext()
    const parsed = parseSourceString(ir, ctx, { verify: true })!
    const generic = printOperation(parsed.op, { printGenericOpForm: true })
    expect(generic).toContain('"toy.constant"() <{value = dense<')
    expect(emit(generic, 'g.mlir')).toBe(ir)
  })

  it('gives ops the locations of the Toy source', () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'mlir', printDebugInfo: true })
    const alias = /toy\.transpose\(%arg0 : tensor<\*xf64>\) to tensor<\*xf64> loc\((#loc\d+)\)/.exec(r.output)![1]!
    expect(r.output).toContain(`\n${alias} = loc("mt.toy":3:10)\n`)
  })

  it('builds ops by their declared names, inferring the constant type', () => {
    const ctx = toyContext()
    const b = new OpBuilder(ctx)
    const loc = UnknownLoc.get(ctx)
    const t6 = RankedTensorType.get([6], b.getF64Type())
    const c = ConstantOp.build(b, loc, { attributes: { value: DenseIntOrFPElementsAttr.get(t6, [1, 2, 3, 4, 5, 6], false) } })
    expect(c.getResult(0).type).toBe(t6)
    const r = ReshapeOp.build(b, loc, { operands: { input: c.getResult(0) }, results: { result: RankedTensorType.get([2, 3], b.getF64Type()) } })
    expect(verify(r)).toBe(true)
  })

  it('reports semantic errors of the Toy source', () => {
    expect(errorsOf('def main() {\n  print(x);\n}')).toBe("t.toy:2:9: error: unknown variable 'x'\n")
    expect(errorsOf('def main() {\n  var a = f(1);\n}')).toBe("t.toy:2:11: error: call to unknown function 'f'\n")
    expect(errorsOf('def f(a) { return a; }\ndef main() {\n  print(f(1, 2));\n}')).toBe("t.toy:3:9: error: function 'f' takes 1 arguments, got 2\n")
    expect(errorsOf('def main() {\n  var a = 1;\n  var a = 2;\n}')).toBe("t.toy:3:3: error: redeclaration of variable 'a'\n")
    expect(errorsOf('def main() {\n  print(1 - 2);\n}')).toBe("t.toy:2:11: error: binary operator '-' is not supported\n")
    expect(errorsOf('def main() {\n  var a<2, 2> = [1, 2, 3];\n}')).toContain("t.toy:2:3: error: 'toy.reshape' op cannot reshape 3 elements ('tensor<3xf64>') to 'tensor<2x2xf64>'")
  })

  it('verifies toy IR with the declared constraints and the op verifiers', () => {
    expect(errorsOf('toy.func @f() {\n  %0 = toy.constant dense<[1.0]> : tensor<1xf32>\n  toy.return\n}\n', 'v.mlir')).toContain(
      "v.mlir:2:8: error: 'toy.constant' op attribute 'value' failed to satisfy constraint: 64-bit float elements attribute",
    )
    expect(errorsOf('toy.func @f(%a: tensor<2xf32>) {\n  toy.print %a : tensor<2xf32>\n  toy.return\n}\n', 'v.mlir')).toContain(
      "v.mlir:2:3: error: 'toy.print' op operand #0 must be tensor of 64-bit float values or memref of 64-bit float values, but got 'tensor<2xf32>'",
    )
    expect(errorsOf('toy.func @f(%a: tensor<*xf64>) -> tensor<*xf64> {\n  toy.return\n}\n', 'v.mlir')).toContain(
      "v.mlir:2:3: error: 'toy.return' op has 0 operands, but enclosing function (@f) returns 1",
    )
    expect(errorsOf('toy.func @f() {\n  %0 = toy.generic_call @g() : () -> tensor<*xf64>\n  toy.return\n}\n', 'v.mlir')).toContain(
      "v.mlir:2:8: error: 'toy.generic_call' op 'g' does not reference a toy.func",
    )
  })
})
