import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileToy, kAffinePipeline } from '../src/compiler.ts'
import { dumpAST } from '../src/ast.ts'
import { formatDiagnostic, parseToy } from '../src/parser.ts'

const sample = readFileSync(new URL('inputs/struct.toy', import.meta.url), 'utf8')

const header = 'struct Pair {\n  var a;\n  var b;\n}\n'

/** The errors of compiling `text` (after `header`) to toy IR. */
function errors(text: string): string {
  const r = compileToy(header + text, 't.toy', { emit: 'mlir' })
  expect(r.ok).toBe(false)
  return r.errors
}

describe('chapter 7: structs in the language', () => {
  it('parses struct declarations, typed parameters and declarations, struct literals and member access', () => {
    const r = parseToy(sample, 's.toy')
    expect(r.diagnostic).toBeNull()
    const ast = dumpAST(r.module!)
    expect(ast).toContain('  Struct Struct @s.toy:2:1\n    Member a @s.toy:3:3\n    Member b @s.toy:4:3\n')
    expect(ast).toContain('  Function multiply_transpose(Struct value) @s.toy:8:1\n')
    expect(ast).toContain('    VarDecl Struct value @s.toy:14:3\n      StructLiteral @s.toy:14:18\n        Literal <2, 3>[<3>[1, 2, 3], <3>[4, 5, 6]] @s.toy:14:19\n')
    expect(ast).toContain('          BinOp . @s.toy:9:25\n            Var value @s.toy:9:20\n            Var a @s.toy:9:26\n')
  })

  it('still lexes .5 as a number', () => {
    const r = parseToy('def main() {\n  print(.5 * 2);\n}\n', 'n.toy')
    expect(r.diagnostic).toBeNull()
    expect(dumpAST(r.module!)).toContain('Number 0.5 @n.toy:2:9')
  })

  it('reports syntax errors in struct declarations and literals', () => {
    const fmt = (text: string): string => formatDiagnostic(parseToy(text, 't.toy').diagnostic!)
    expect(fmt('struct S {\n  var a\n}')).toBe("t.toy:3:1: error: expected ';' after struct member but found '}'")
    expect(fmt('struct S {\n}')).toBe("t.toy:1:1: error: struct 'S' must have at least one member")
    expect(fmt('def main() {\n  S s = {[1], x};\n}')).toBe("t.toy:2:15: error: expected a number, '[' or '{' in struct literal but found 'x'")
  })

  it('reports semantic errors at their position', () => {
    expect(errors('def main() {\n  Pair p = {[1], [2]};\n  print(p.c);\n}\n')).toBe("t.toy:7:11: error: struct 'Pair' has no member 'c'\n")
    expect(errors('def main() {\n  Triple p = {[1]};\n}\n')).toBe("t.toy:6:3: error: unknown struct type 'Triple'\n")
    expect(errors('def main() {\n  Pair p = {[1]};\n}\n')).toBe("t.toy:6:12: error: struct 'Pair' has 2 members, but the literal has 1 values\n")
    expect(errors('def main() {\n  Pair p = {[1], [2]};\n  print(p);\n}\n')).toBe("t.toy:7:9: error: expected a tensor, but this is a 'Pair'\n")
    expect(errors('def main() {\n  var x = [1];\n  print(x.a);\n}\n')).toBe("t.toy:7:9: error: the left side of '.' must be a struct value\n")
    expect(errors('def f(Pair p) {\n  return p.a;\n}\ndef main() {\n  print(f([1]));\n}\n')).toBe("t.toy:9:11: error: argument 1 of 'f' must be a 'Pair'\n")
    expect(errors('def main() {\n  var x = {[1], [2]};\n}\n')).toBe("t.toy:6:11: error: a struct literal can only initialize a declaration of a struct type ('Point p = {...}')\n")
    expect(errors('struct Pair {\n  var z;\n}\ndef main() {\n}\n')).toBe("t.toy:5:1: error: redefinition of struct 'Pair'\n")
  })

  it('generates the tutorial program with struct types and folds it to chapter 4 form with --opt', () => {
    const ir = compileToy(sample, 's.toy', { emit: 'mlir' })
    expect(ir.errors).toBe('')
    expect(ir.output).toContain('toy.func private @multiply_transpose(%arg0: !toy.struct<tensor<*xf64>, tensor<*xf64>>) -> tensor<*xf64> {')
    expect(ir.output).toContain('toy.generic_call @multiply_transpose(%0) : (!toy.struct<tensor<*xf64>, tensor<*xf64>>) -> tensor<*xf64>')
    const opt = compileToy(sample, 's.toy', { emit: 'mlir', opt: true })
    expect(opt.output).not.toContain('struct')
    expect(opt.output).toContain('toy.mul %1, %1 : tensor<3x2xf64>')
  })

  it('interprets structs before and after optimization, and after lowering to affine loops', () => {
    const expected = '1.000000 16.000000 \n4.000000 25.000000 \n9.000000 36.000000 \n'
    expect(compileToy(sample, 's.toy', { emit: 'run' }).output).toBe(expected)
    expect(compileToy(sample, 's.toy', { emit: 'run', opt: true }).output).toBe(expected)
    const affine = compileToy(sample, 's.toy', { emit: 'mlir-affine' })
    expect(affine.output).not.toContain('struct')
    expect(compileToy(sample, 's.toy', { emit: 'run', pipeline: kAffinePipeline }).output).toBe(expected)
    // The printed chapter 5 IR parses back and runs too (its repeated indices are merged into the maps).
    expect(compileToy(affine.output, 's.mlir', { emit: 'run' }).output).toBe(expected)
  })

  it('passes structs through functions: returned, nested and accessed', () => {
    const text = `${header}struct Outer {\n  Pair p;\n  var c;\n}\ndef make() {\n  Pair q = {[1, 2], [3, 4]};\n  return q;\n}\ndef pick(Outer o) {\n  return o.p.b + o.c;\n}\ndef main() {\n  Outer o = {{[5, 6], [7, 8]}, [10, 20]};\n  var q = make();\n  print(pick(o) * q.a);\n}\n`
    const run = compileToy(text, 'n.toy', { emit: 'run' })
    expect(run.errors).toBe('')
    expect(run.output).toBe('17.000000 56.000000 \n')
    expect(compileToy(text, 'n.toy', { emit: 'run', opt: true }).output).toBe(run.output)
    expect(compileToy(text, 'n.toy', { emit: 'mlir-llvm' }).output).not.toContain('toy.')
  })
})
