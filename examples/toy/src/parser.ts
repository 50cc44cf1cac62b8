/**
 * Chapter 1: the Toy lexer and a recursive-descent parser producing the AST of `ast.ts`.
 *
 * Errors never throw: the first problem is recorded as a `ToyDiagnostic` (file:line:col)
 * and `parseToy` returns null.
 */
import type { BinaryExpr, Expr, FunctionAST, LiteralExpr, ModuleAST, SrcLoc, Stmt, StructAST, StructLiteralExpr } from './ast.ts'

/** Token kinds. Punctuation tokens use their character code, so `tok === 0x28` is `(`. */
export const TokKind = {
  Eof: -1,
  Ident: -2,
  Number: -3,
  Def: -4,
  Var: -5,
  Return: -6,
  Error: -7,
} as const

/** A diagnostic at a source position. */
export interface ToyDiagnostic {
  readonly loc: SrcLoc
  readonly message: string
}

/** `file:line:col: error: message`, as compilers print it. */
export function formatDiagnostic(d: ToyDiagnostic): string {
  return `${d.loc.file}:${d.loc.line}:${d.loc.col}: error: ${d.message}`
}

const CH_NL = 10
const CH_HASH = 35
const CH_DOT = 46
const CH_0 = 48
const CH_9 = 57
const CH_UNDERSCORE = 95

function isDigit(c: number): boolean {
  return c >= CH_0 && c <= CH_9
}

function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === CH_UNDERSCORE
}

const PUNCT = new Set('(){}[]<>,;=+-*.'.split('').map((c) => c.charCodeAt(0)))

/** Splits Toy source text into tokens, one at a time; tracks line and column. */
export class ToyLexer {
  private pos = 0
  private line = 1
  private lineStart = 0
  /** The current token's kind (read it through `tok()`, which the compiler does not narrow). */
  private kind: number = TokKind.Eof
  /** The text of the current identifier or number token. */
  text = ''
  /** The value of the current number token. */
  num = 0
  /** Where the current token starts. */
  tokLine = 1
  tokCol = 1

  constructor(
    private readonly src: string,
    readonly file: string,
  ) {
    this.next()
  }

  /** The current token's kind: a `TokKind` or a punctuation character code. */
  tok(): number {
    return this.kind
  }

  /** The current token's position. */
  loc(): SrcLoc {
    return { file: this.file, line: this.tokLine, col: this.tokCol }
  }

  /** Advances to the next token and returns its kind. */
  next(): number {
    const src = this.src
    const n = src.length
    let p = this.pos
    // Skip whitespace and `#` comments.
    for (;;) {
      if (p >= n) {
        break
      }
      const c = src.charCodeAt(p)
      if (c === CH_NL) {
        p++
        this.line++
        this.lineStart = p
      } else if (c === 32 || c === 9 || c === 13) {
        p++
      } else if (c === CH_HASH) {
        while (p < n && src.charCodeAt(p) !== CH_NL) {
          p++
        }
      } else {
        break
      }
    }
    this.tokLine = this.line
    this.tokCol = p - this.lineStart + 1
    if (p >= n) {
      this.pos = p
      return (this.kind = TokKind.Eof)
    }
    const c = src.charCodeAt(p)
    const start = p
    if (isIdentStart(c)) {
      p++
      while (p < n && (isIdentStart(src.charCodeAt(p)) || isDigit(src.charCodeAt(p)))) {
        p++
      }
      this.pos = p
      const text = src.slice(start, p)
      this.text = text
      return (this.kind = text === 'def' ? TokKind.Def : text === 'var' ? TokKind.Var : text === 'return' ? TokKind.Return : TokKind.Ident)
    }
    // A number starts with a digit, or a '.' followed by one (`.5`); another '.' is member access.
    if (isDigit(c) || (c === CH_DOT && p + 1 < n && isDigit(src.charCodeAt(p + 1)))) {
      while (p < n && (isDigit(src.charCodeAt(p)) || src.charCodeAt(p) === CH_DOT)) {
        p++
      }
      // An exponent: `1e3`, `2.5e-4`.
      if (p < n && (src.charCodeAt(p) | 0x20) === 101) {
        let q = p + 1
        if (q < n && (src.charCodeAt(q) === 43 || src.charCodeAt(q) === 45)) {
          q++
        }
        if (q < n && isDigit(src.charCodeAt(q))) {
          while (q < n && isDigit(src.charCodeAt(q))) {
            q++
          }
          p = q
        }
      }
      this.pos = p
      this.text = src.slice(start, p)
      this.num = Number(this.text)
      return (this.kind = Number.isNaN(this.num) ? TokKind.Error : TokKind.Number)
    }
    this.pos = p + 1
    if (PUNCT.has(c)) {
      return (this.kind = c)
    }
    this.text = src.slice(start, p + 1)
    return (this.kind = TokKind.Error)
  }
}

/** Binary operator precedence; -1 for a token that is not a binary operator. */
function precedence(tok: number): number {
  switch (tok) {
    case 0x2e: // . (member access, chapter 7)
      return 60
    case 0x2a: // *
      return 40
    case 0x2b: // +
    case 0x2d: // -
      return 20
    default:
      return -1
  }
}

function describe(lex: ToyLexer): string {
  switch (lex.tok()) {
    case TokKind.Eof:
      return 'end of file'
    case TokKind.Ident:
    case TokKind.Number:
      return `'${lex.text}'`
    case TokKind.Def:
      return "'def'"
    case TokKind.Var:
      return "'var'"
    case TokKind.Return:
      return "'return'"
    case TokKind.Error:
      return `invalid character or number '${lex.text}'`
    default:
      return `'${String.fromCharCode(lex.tok())}'`
  }
}

/** The recursive-descent parser; use `parseToy`. */
class Parser {
  diagnostic: ToyDiagnostic | null = null

  constructor(private readonly lex: ToyLexer) {}

  private error(what: string, context: string): null {
    if (this.diagnostic === null) {
      this.diagnostic = { loc: this.lex.loc(), message: `expected ${what} ${context} but found ${describe(this.lex)}` }
    }
    return null
  }

  /** Consumes punctuation `ch` or reports an error. */
  private expect(ch: string, context: string): boolean {
    if (this.lex.tok() !== ch.charCodeAt(0)) {
      this.error(`'${ch}'`, context)
      return false
    }
    this.lex.next()
    return true
  }

  parseModule(): ModuleAST | null {
    const functions: FunctionAST[] = []
    const structs: StructAST[] = []
    while (this.lex.tok() !== TokKind.Eof) {
      if (this.lex.tok() === TokKind.Ident && this.lex.text === 'struct') {
        const st = this.parseStruct()
        if (st === null) {
          return null
        }
        structs.push(st)
        continue
      }
      if (this.lex.tok() !== TokKind.Def) {
        return this.error("'def' or 'struct'", 'to start a definition')
      }
      const f = this.parseFunction()
      if (f === null) {
        return null
      }
      functions.push(f)
    }
    return { structs, functions }
  }

  /** Chapter 7: `struct Name { var a; Other b; }`. */
  private parseStruct(): StructAST | null {
    const lex = this.lex
    const loc = lex.loc()
    lex.next() // struct
    if (lex.tok() !== TokKind.Ident) {
      return this.error('struct name', "after 'struct'")
    }
    const name = lex.text
    lex.next()
    if (!this.expect('{', 'to begin struct body')) {
      return null
    }
    const members: { name: string; loc: SrcLoc; typeName: string | null }[] = []
    while (lex.tok() !== 0x7d) {
      const mloc = lex.loc()
      let typeName: string | null = null
      if (lex.tok() === TokKind.Ident) {
        typeName = lex.text
      } else if (lex.tok() !== TokKind.Var) {
        return this.error("'var' or a struct name", 'to declare a struct member')
      }
      lex.next()
      if (lex.tok() !== TokKind.Ident) {
        return this.error('member name', 'in struct declaration')
      }
      members.push({ name: lex.text, loc: mloc, typeName })
      lex.next()
      if (!this.expect(';', 'after struct member')) {
        return null
      }
    }
    lex.next()
    if (members.length === 0) {
      this.diagnostic ??= { loc, message: `struct '${name}' must have at least one member` }
      return null
    }
    return { loc, name, members }
  }

  private parseFunction(): FunctionAST | null {
    const lex = this.lex
    const loc = lex.loc()
    lex.next() // def
    if (lex.tok() !== TokKind.Ident) {
      return this.error('function name', "after 'def'")
    }
    const name = lex.text
    lex.next()
    if (!this.expect('(', 'in function prototype')) {
      return null
    }
    const params: { name: string; loc: SrcLoc; typeName: string | null }[] = []
    if (lex.tok() !== 0x29) {
      for (;;) {
        if (lex.tok() !== TokKind.Ident) {
          return this.error('parameter name', 'in function prototype')
        }
        let ploc = lex.loc()
        let pname = lex.text
        let typeName: string | null = null
        lex.next()
        // `Point p`: a struct-typed parameter (chapter 7).
        if (lex.tok() === TokKind.Ident) {
          typeName = pname
          ploc = lex.loc()
          pname = lex.text
          lex.next()
        }
        params.push({ name: pname, loc: ploc, typeName })
        if (lex.tok() !== 0x2c) {
          break
        }
        lex.next()
      }
    }
    if (!this.expect(')', 'to end function prototype')) {
      return null
    }
    const body = this.parseBlock()
    return body === null ? null : { loc, name, params, body }
  }

  private parseBlock(): Stmt[] | null {
    const lex = this.lex
    if (!this.expect('{', 'to begin function body')) {
      return null
    }
    const body: Stmt[] = []
    while (lex.tok() !== 0x7d) {
      if (lex.tok() === 0x3b) {
        lex.next() // empty statement
        continue
      }
      if (lex.tok() === TokKind.Eof) {
        return this.error("'}'", 'to close function body')
      }
      const s = this.parseStatement()
      if (s === null) {
        return null
      }
      body.push(s)
      if (!this.expect(';', 'after statement')) {
        return null
      }
    }
    lex.next()
    return body
  }

  private parseStatement(): Stmt | null {
    const lex = this.lex
    const loc = lex.loc()
    if (lex.tok() === TokKind.Var) {
      lex.next()
      if (lex.tok() !== TokKind.Ident) {
        return this.error('variable name', "after 'var'")
      }
      const name = lex.text
      lex.next()
      let shape: number[] = []
      if (lex.tok() === 0x3c) {
        const s = this.parseShape()
        if (s === null) {
          return null
        }
        shape = s
      }
      if (!this.expect('=', 'in variable declaration')) {
        return null
      }
      const init = this.parseExpression()
      return init === null ? null : { kind: 'var', loc, name, shape, typeName: null, init }
    }
    if (lex.tok() === TokKind.Return) {
      lex.next()
      if (lex.tok() === 0x3b) {
        return { kind: 'return', loc, value: null }
      }
      const value = this.parseExpression()
      return value === null ? null : { kind: 'return', loc, value }
    }
    if (lex.tok() === TokKind.Ident && lex.text === 'print') {
      lex.next()
      if (!this.expect('(', "after 'print'")) {
        return null
      }
      const arg = this.parseExpression()
      if (arg === null || !this.expect(')', 'to close print')) {
        return null
      }
      return { kind: 'print', loc, arg }
    }
    if (lex.tok() === TokKind.Ident) {
      // `Point p = ...` (a struct-typed declaration, chapter 7) or an expression starting with a name.
      const first = lex.text
      lex.next()
      if (lex.tok() === TokKind.Ident) {
        const name = lex.text
        lex.next()
        if (!this.expect('=', 'in variable declaration')) {
          return null
        }
        const init = this.parseExpression()
        return init === null ? null : { kind: 'var', loc, name, shape: [], typeName: first, init }
      }
      const lhs = this.parseIdentifierRest(first, loc)
      const expr = lhs === null ? null : this.parseBinaryRhs(0, lhs)
      return expr === null ? null : { kind: 'expr', loc, expr }
    }
    const expr = this.parseExpression()
    return expr === null ? null : { kind: 'expr', loc, expr }
  }

  /** `<2, 3>`. */
  private parseShape(): number[] | null {
    const lex = this.lex
    lex.next() // <
    const dims: number[] = []
    for (;;) {
      if (lex.tok() !== TokKind.Number || !Number.isInteger(lex.num) || lex.num < 0) {
        return this.error('a non-negative integer dimension', 'in shape')
      }
      dims.push(lex.num)
      lex.next()
      if (lex.tok() !== 0x2c) {
        break
      }
      lex.next()
    }
    return this.expect('>', 'to end shape') ? dims : null
  }

  private parseExpression(): Expr | null {
    const lhs = this.parsePrimary()
    return lhs === null ? null : this.parseBinaryRhs(0, lhs)
  }

  /** Operator-precedence parsing of `lhs (op primary)*` for operators binding at least `minPrec`. */
  private parseBinaryRhs(minPrec: number, lhs: Expr): Expr | null {
    const lex = this.lex
    for (;;) {
      const prec = precedence(lex.tok())
      if (prec < minPrec) {
        return lhs
      }
      const op = String.fromCharCode(lex.tok())
      const loc = lex.loc()
      lex.next()
      let rhs = this.parsePrimary()
      if (rhs === null) {
        return null
      }
      if (prec < precedence(lex.tok())) {
        rhs = this.parseBinaryRhs(prec + 1, rhs)
        if (rhs === null) {
          return null
        }
      }
      const bin: BinaryExpr = { kind: 'binary', loc, op, lhs, rhs }
      lhs = bin
    }
  }

  private parsePrimary(): Expr | null {
    const lex = this.lex
    const loc = lex.loc()
    switch (lex.tok()) {
      case TokKind.Number: {
        const value = lex.num
        lex.next()
        return { kind: 'number', loc, value }
      }
      case 0x5b: // [
        return this.parseLiteral()
      case 0x28: {
        // ( expr )
        lex.next()
        const e = this.parseExpression()
        return e !== null && this.expect(')', 'to close parenthesized expression') ? e : null
      }
      case 0x7b: // {
        return this.parseStructLiteral()
      case TokKind.Ident: {
        const name = lex.text
        lex.next()
        return this.parseIdentifierRest(name, loc)
      }
      default:
        return this.error('an expression', '')
    }
  }

  /** Chapter 7: `{[1, 2], 3, {[4]}}`; the elements are literals. */
  private parseStructLiteral(): StructLiteralExpr | null {
    const lex = this.lex
    const loc = lex.loc()
    lex.next() // {
    const elements: Expr[] = []
    for (;;) {
      let e: Expr | null
      if (lex.tok() === 0x5b) {
        e = this.parseLiteral()
      } else if (lex.tok() === 0x7b) {
        e = this.parseStructLiteral()
      } else if (lex.tok() === TokKind.Number) {
        e = { kind: 'number', loc: lex.loc(), value: lex.num }
        lex.next()
      } else {
        return this.error("a number, '[' or '{'", 'in struct literal')
      }
      if (e === null) {
        return null
      }
      elements.push(e)
      if (lex.tok() !== 0x2c) {
        break
      }
      lex.next()
    }
    return this.expect('}', 'to close struct literal') ? { kind: 'struct', loc, elements } : null
  }

  /** A variable or a call, after its name (`name` at `loc`) was consumed. */
  private parseIdentifierRest(name: string, loc: SrcLoc): Expr | null {
    const lex = this.lex
    switch (lex.tok()) {
      case 0x28: {
        lex.next()
        const args: Expr[] = []
        if (lex.tok() !== 0x29) {
          for (;;) {
            const a = this.parseExpression()
            if (a === null) {
              return null
            }
            args.push(a)
            if (lex.tok() !== 0x2c) {
              break
            }
            lex.next()
          }
        }
        if (!this.expect(')', 'to close argument list')) {
          return null
        }
        return { kind: 'call', loc, callee: name, args }
      }
      default:
        return { kind: 'variable', loc, name }
    }
  }

  /** `[...]`, nested; every element of one level must have the same shape. */
  private parseLiteral(): LiteralExpr | null {
    const lex = this.lex
    const loc = lex.loc()
    lex.next() // [
    const elements: Expr[] = []
    for (;;) {
      if (lex.tok() === 0x5b) {
        const inner = this.parseLiteral()
        if (inner === null) {
          return null
        }
        elements.push(inner)
      } else if (lex.tok() === TokKind.Number) {
        elements.push({ kind: 'number', loc: lex.loc(), value: lex.num })
        lex.next()
      } else {
        return this.error("a number or '['", 'in tensor literal')
      }
      if (lex.tok() !== 0x2c) {
        break
      }
      lex.next()
    }
    if (!this.expect(']', 'to close tensor literal')) {
      return null
    }
    const first = elements[0]!
    const innerDims = first.kind === 'literal' ? first.dims : []
    for (const e of elements) {
      const dims = e.kind === 'literal' ? e.dims : []
      if (dims.length !== innerDims.length || dims.some((d, i) => d !== innerDims[i])) {
        if (this.diagnostic === null) {
          this.diagnostic = { loc: e.loc, message: 'tensor literal elements must all have the same shape' }
        }
        return null
      }
    }
    return { kind: 'literal', loc, elements, dims: [elements.length, ...innerDims] }
  }
}

/** The result of `parseToy`: the module, or null and the diagnostic that stopped parsing. */
export interface ParseToyResult {
  readonly module: ModuleAST | null
  readonly diagnostic: ToyDiagnostic | null
}

/** Parses Toy source `text` (named `file` in diagnostics and locations). */
export function parseToy(text: string, file: string): ParseToyResult {
  const parser = new Parser(new ToyLexer(text, file))
  const module = parser.parseModule()
  return { module: parser.diagnostic === null ? module : null, diagnostic: parser.diagnostic }
}
