/**
 * Chapter 1: the Toy abstract syntax tree, and a dump of it.
 *
 * Every node carries the position where it starts in the source (file, line, column), so
 * later stages can report diagnostics and give IR locations that point back at the code.
 */

/** A source position: 1-based line and column. */
export interface SrcLoc {
  readonly file: string
  readonly line: number
  readonly col: number
}

/** `<2, 3>` on a `var`, or the dimensions of a tensor literal. */
export type Shape = readonly number[]

/** A number: `1.5`. */
export interface NumberExpr {
  readonly kind: 'number'
  readonly loc: SrcLoc
  readonly value: number
}

/** A tensor literal: `[[1, 2], [3, 4]]`; `dims` is its shape, `values` its elements flattened. */
export interface LiteralExpr {
  readonly kind: 'literal'
  readonly loc: SrcLoc
  readonly elements: readonly Expr[]
  readonly dims: Shape
}

/** A use of a variable or parameter. */
export interface VariableExpr {
  readonly kind: 'variable'
  readonly loc: SrcLoc
  readonly name: string
}

/** `lhs op rhs` with op one of `+`, `-`, `*`. */
export interface BinaryExpr {
  readonly kind: 'binary'
  readonly loc: SrcLoc
  readonly op: string
  readonly lhs: Expr
  readonly rhs: Expr
}

/** A call `f(args)`, including the builtin `transpose(x)`. */
export interface CallExpr {
  readonly kind: 'call'
  readonly loc: SrcLoc
  readonly callee: string
  readonly args: readonly Expr[]
}

/** Any expression. */
/** Chapter 7: `{[1, 2], {3}}`, a struct literal (tensor literals, numbers and nested struct literals). */
export interface StructLiteralExpr {
  readonly kind: 'struct'
  readonly loc: SrcLoc
  readonly elements: readonly Expr[]
}

export type Expr = NumberExpr | LiteralExpr | VariableExpr | BinaryExpr | CallExpr | StructLiteralExpr

/** `var name<shape> = init;` (the shape is optional: empty when absent). */
export interface VarDeclStmt {
  readonly kind: 'var'
  readonly loc: SrcLoc
  readonly name: string
  readonly shape: Shape
  /** Chapter 7: the struct name of `Point p = ...`; null for `var`. */
  readonly typeName: string | null
  readonly init: Expr
}

/** `return;` or `return expr;`. */
export interface ReturnStmt {
  readonly kind: 'return'
  readonly loc: SrcLoc
  readonly value: Expr | null
}

/** `print(expr);`. */
export interface PrintStmt {
  readonly kind: 'print'
  readonly loc: SrcLoc
  readonly arg: Expr
}

/** An expression used as a statement (`f(x);`). */
export interface ExprStmt {
  readonly kind: 'expr'
  readonly loc: SrcLoc
  readonly expr: Expr
}

/** Any statement of a function body. */
export type Stmt = VarDeclStmt | ReturnStmt | PrintStmt | ExprStmt

/** `def name(params) { body }`. */
export interface FunctionAST {
  readonly loc: SrcLoc
  readonly name: string
  /** The parameters; `typeName` is the struct name of a `Point p` parameter (chapter 7), else null. */
  readonly params: readonly { readonly name: string; readonly loc: SrcLoc; readonly typeName: string | null }[]
  readonly body: readonly Stmt[]
}

/** A whole Toy file: its functions in order. */
/** Chapter 7: `struct Point { var x; var y; }`; a member is a tensor (`var`) or a struct (`Point p`). */
export interface StructAST {
  readonly loc: SrcLoc
  readonly name: string
  readonly members: readonly { readonly name: string; readonly loc: SrcLoc; readonly typeName: string | null }[]
}

export interface ModuleAST {
  /** The struct declarations, in source order (chapter 7). */
  readonly structs: readonly StructAST[]
  readonly functions: readonly FunctionAST[]
}

function locText(loc: SrcLoc): string {
  return `@${loc.file}:${loc.line}:${loc.col}`
}

function shapeText(shape: Shape): string {
  return `<${shape.join(', ')}>`
}

/** Formats a number as Toy writes it in dumps (`1`, `2.5`, `1e+30`). */
function numberText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value)
}

/** The text of a literal, nested as written: `<2, 2>[<2>[1, 2], <2>[3, 4]]`. */
function literalText(e: Expr): string {
  if (e.kind === 'number') {
    return numberText(e.value)
  }
  if (e.kind === 'literal') {
    return `${shapeText(e.dims)}[${e.elements.map(literalText).join(', ')}]`
  }
  return '?'
}

/**
 * Renders `module` as an indented tree, one node per line with its location, e.g.
 * `Var a<2, 3> @f.toy:3:3`. The format is this example's own; tests rely on it.
 */
export function dumpAST(module: ModuleAST): string {
  const out: string[] = ['Module']
  const line = (depth: number, text: string): void => {
    out.push(`${'  '.repeat(depth)}${text}`)
  }
  const expr = (e: Expr, depth: number): void => {
    switch (e.kind) {
      case 'number':
        line(depth, `Number ${numberText(e.value)} ${locText(e.loc)}`)
        break
      case 'literal':
        line(depth, `Literal ${literalText(e)} ${locText(e.loc)}`)
        break
      case 'variable':
        line(depth, `Var ${e.name} ${locText(e.loc)}`)
        break
      case 'binary':
        line(depth, `BinOp ${e.op} ${locText(e.loc)}`)
        expr(e.lhs, depth + 1)
        expr(e.rhs, depth + 1)
        break
      case 'call':
        line(depth, `Call ${e.callee} ${locText(e.loc)}`)
        for (const a of e.args) {
          expr(a, depth + 1)
        }
        break
      case 'struct':
        line(depth, `StructLiteral ${locText(e.loc)}`)
        for (const x of e.elements) {
          expr(x, depth + 1)
        }
        break
    }
  }
  const typed = (typeName: string | null, name: string): string => (typeName === null ? name : `${typeName} ${name}`)
  for (const st of module.structs) {
    line(1, `Struct ${st.name} ${locText(st.loc)}`)
    for (const m of st.members) {
      line(2, `Member ${typed(m.typeName, m.name)} ${locText(m.loc)}`)
    }
  }
  for (const f of module.functions) {
    line(1, `Function ${f.name}(${f.params.map((p) => typed(p.typeName, p.name)).join(', ')}) ${locText(f.loc)}`)
    for (const s of f.body) {
      switch (s.kind) {
        case 'var':
          line(2, `VarDecl ${typed(s.typeName, s.name)}${s.shape.length > 0 ? shapeText(s.shape) : ''} ${locText(s.loc)}`)
          expr(s.init, 3)
          break
        case 'return':
          line(2, `Return ${locText(s.loc)}`)
          if (s.value !== null) {
            expr(s.value, 3)
          }
          break
        case 'print':
          line(2, `Print ${locText(s.loc)}`)
          expr(s.arg, 3)
          break
        case 'expr':
          expr(s.expr, 2)
          break
      }
    }
  }
  return `${out.join('\n')}\n`
}
