import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { dumpAST, type BinaryExpr, type CallExpr, type LiteralExpr } from '../src/ast.ts'
import { TokKind, ToyLexer, formatDiagnostic, parseToy } from '../src/parser.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')

/** The first diagnostic of parsing `text` as `t.toy`, formatted. */
function parseError(text: string): string {
  const r = parseToy(text, 't.toy')
  expect(r.module).toBeNull()
  return formatDiagnostic(r.diagnostic!)
}

describe('chapter 1: lexer', () => {
  it('skips comments and tracks line and column', () => {
    const lex = new ToyLexer('# a comment\n  def f(x) # trailing\n{ 1.5e2; }', 'l.toy')
    const seen: string[] = []
    while (lex.tok() !== TokKind.Eof) {
      const k = lex.tok()
      const what = k === TokKind.Number ? `num ${lex.num}` : k === TokKind.Ident ? `id ${lex.text}` : k === TokKind.Def ? 'def' : String.fromCharCode(k)
      seen.push(`${lex.tokLine}:${lex.tokCol} ${what}`)
      lex.next()
    }
    expect(seen).toEqual(['2:3 def', '2:7 id f', '2:8 (', '2:9 id x', '2:10 )', '3:1 {', '3:3 num 150', '3:8 ;', '3:10 }'])
  })
})

describe('chapter 1: parser', () => {
  it('parses the tutorial program into functions, declarations and calls', () => {
    const { module, diagnostic } = parseToy(sample, 'mt.toy')
    expect(diagnostic).toBeNull()
    const [mt, main] = module!.functions
    expect(mt!.name).toBe('multiply_transpose')
    expect(mt!.params.map((p) => p.name)).toEqual(['a', 'b'])
    const ret = mt!.body[0]!
    expect(ret.kind).toBe('return')
    const product = (ret as { value: BinaryExpr }).value
    expect(product.op).toBe('*')
    expect((product.lhs as CallExpr).callee).toBe('transpose')
    expect(main!.body.map((s) => s.kind)).toEqual(['var', 'var', 'var', 'var', 'print'])
    const a = main!.body[0]!
    expect(a.kind === 'var' && a.shape).toEqual([2, 3])
    expect(a.kind === 'var' && (a.init as LiteralExpr).dims).toEqual([2, 3])
    expect(a.loc).toEqual({ file: 'mt.toy', line: 7, col: 3 })
  })

  it('gives * precedence over + and associates to the left', () => {
    const { module } = parseToy('def main() { print(a + b * c + d); }', 'p.toy')
    const print = module!.functions[0]!.body[0]!
    const sum = (print as { arg: BinaryExpr }).arg
    expect(sum.op).toBe('+')
    expect(sum.rhs).toMatchObject({ kind: 'variable', name: 'd' })
    const inner = sum.lhs as BinaryExpr
    expect(inner.op).toBe('+')
    expect(inner.rhs).toMatchObject({ kind: 'binary', op: '*' })
  })

  it('dumps the AST with locations', () => {
    const dump = dumpAST(parseToy(sample, 'mt.toy').module!)
    expect(dump.split('\n').slice(0, 8)).toEqual([
      'Module',
      '  Function multiply_transpose(a, b) @mt.toy:2:1',
      '    Return @mt.toy:3:3',
      '      BinOp * @mt.toy:3:23',
      '        Call transpose @mt.toy:3:10',
      '          Var a @mt.toy:3:20',
      '        Call transpose @mt.toy:3:25',
      '          Var b @mt.toy:3:35',
    ])
    expect(dump).toContain('    VarDecl b<2, 3> @mt.toy:8:3\n      Literal <6>[1, 2, 3, 4, 5, 6] @mt.toy:8:17\n')
  })

  it('reports syntax errors at file:line:col', () => {
    expect(parseError('def f() {\n  var a<2, 3 = 1;\n}')).toBe("t.toy:2:14: error: expected '>' to end shape but found '='")
    expect(parseError('def f() {\n  return 1\n}')).toBe("t.toy:3:1: error: expected ';' after statement but found '}'")
    expect(parseError('var x = 1;')).toBe("t.toy:1:1: error: expected 'def' or 'struct' to start a definition but found 'var'")
    expect(parseError('def f() {\n  print([[1, 2], [3]]);\n}')).toBe('t.toy:2:18: error: tensor literal elements must all have the same shape')
    expect(parseError('def f() {\n  var a = 1 $ 2;\n}')).toBe("t.toy:2:13: error: expected ';' after statement but found invalid character or number '$'")
    expect(parseError('def f() {')).toBe("t.toy:1:10: error: expected '}' to close function body but found end of file")
  })

  it('never throws on truncated input', () => {
    for (let n = 0; n < sample.length; n += 3) {
      const r = parseToy(sample.slice(0, n), 'cut.toy')
      expect(r.module === null).toBe(r.diagnostic !== null)
    }
  })
})
