import {
  AffineConstantExpr,
  AffineDimExpr,
  AffineMap,
  AffineSymbolExpr,
  IntegerSet,
  type AffineExpr,
} from '../AffineMap.ts'
import {
  affineAdd,
  affineCeilDiv,
  affineFloorDiv,
  affineMod,
  affineMul,
  affineNeg,
  affineSub,
  isSymbolicOrConstant,
} from './AffineExprBuilder.ts'
import { Tok } from './Lexer.ts'
import type { Parser } from './Parser.ts'

/** @internal The result of parsing an affine map or integer set body: exactly one is set. */
export interface AffineMapOrSet {
  readonly map: AffineMap | null
  readonly set: IntegerSet | null
}

// Operators, low (1-2) and high (3-6) precedence; 0 is "none".
const OP_NONE = 0
const OP_ADD = 1
const OP_SUB = 2
const OP_MUL = 3
const OP_FLOORDIV = 4
const OP_CEILDIV = 5
const OP_MOD = 6

/** Parses affine expressions over named dimensions and symbols. */
class AffineParser {
  readonly names: string[] = []
  readonly exprs: AffineExpr[] = []
  /**
   * SSA-id mode (MLIR's `parseAffineMapOfSSAIds`): `%x` is a dimension and `symbol(%x)` a
   * symbol, each parsed once by `parseElement` and numbered in order of appearance.
   */
  ssaElement: ((isSymbol: boolean) => boolean) | null = null
  readonly ssaNames: string[] = []
  readonly ssaExprs: AffineExpr[] = []
  numSSADims = 0
  numSSASymbols = 0
  constructor(readonly p: Parser) {}

  private parseSSAIdExpr(isSymbol: boolean): AffineExpr | null {
    const p = this.p
    if (p.kind !== Tok.percentIdentifier) {
      return p.wrongToken('expected ssa identifier')
    }
    const name = p.spelling
    const seen = this.ssaNames.indexOf(name)
    if (seen >= 0) {
      p.consume()
      return this.ssaExprs[seen]!
    }
    if (!this.ssaElement!(isSymbol)) {
      return null
    }
    const expr = isSymbol ? AffineSymbolExpr.get(p.context, this.numSSASymbols++) : AffineDimExpr.get(p.context, this.numSSADims++)
    this.ssaNames.push(name)
    this.ssaExprs.push(expr)
    return expr
  }

  private isIdentifier(): boolean {
    const k = this.p.kind
    return k === Tok.bareIdentifier || k === Tok.inttype
  }

  defineIdentifier(expr: AffineExpr): boolean {
    const p = this.p
    if (!this.isIdentifier()) {
      p.wrongToken('expected bare identifier')
      return false
    }
    const name = p.spelling
    if (this.names.includes(name)) {
      p.errorHere(`redefinition of identifier '${name}'`)
      return false
    }
    p.consume()
    this.names.push(name)
    this.exprs.push(expr)
    return true
  }

  private consumeIfLowPrecOp(): number {
    const k = this.p.kind
    if (k === Tok.plus) {
      this.p.consume()
      return OP_ADD
    }
    if (k === Tok.minus) {
      this.p.consume()
      return OP_SUB
    }
    return OP_NONE
  }

  private consumeIfHighPrecOp(): number {
    const p = this.p
    if (p.kind === Tok.star) {
      p.consume()
      return OP_MUL
    }
    if (p.consumeKeyword('floordiv')) {
      return OP_FLOORDIV
    }
    if (p.consumeKeyword('ceildiv')) {
      return OP_CEILDIV
    }
    if (p.consumeKeyword('mod')) {
      return OP_MOD
    }
    return OP_NONE
  }

  private lowOp(op: number, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
    return op === OP_ADD ? affineAdd(lhs, rhs) : affineSub(lhs, rhs)
  }

  private highOp(op: number, lhs: AffineExpr, rhs: AffineExpr, opLoc: number): AffineExpr | null {
    const p = this.p
    switch (op) {
      case OP_MUL:
        if (!isSymbolicOrConstant(lhs) && !isSymbolicOrConstant(rhs)) {
          p.emitErrorAt(opLoc, 'non-affine expression: at least one of the multiply operands has to be either a constant or symbolic').report()
          return null
        }
        return affineMul(lhs, rhs)
      case OP_FLOORDIV:
      case OP_CEILDIV:
      case OP_MOD: {
        if (!isSymbolicOrConstant(rhs)) {
          const name = op === OP_FLOORDIV ? 'floordiv' : op === OP_CEILDIV ? 'ceildiv' : 'mod'
          p.emitErrorAt(opLoc, `non-affine expression: right operand of ${name} has to be either a constant or symbolic`).report()
          return null
        }
        if (op === OP_FLOORDIV) {
          return affineFloorDiv(lhs, rhs)
        }
        if (op === OP_CEILDIV) {
          return affineCeilDiv(lhs, rhs)
        }
        return affineMod(lhs, rhs)
      }
      default:
        return null
    }
  }

  parseExpr(): AffineExpr | null {
    return this.parseLowPrec(null, OP_NONE)
  }

  /** A delimited, comma-separated list of expressions; null on error (reported). */
  parseExprList(open: Tok, close: Tok, context: string): AffineExpr[] | null {
    const exprs: AffineExpr[] = []
    const ok = this.p.parseCommaSeparatedList(open, close, context, () => {
      const e = this.parseExpr()
      if (e === null) {
        return false
      }
      exprs.push(e)
      return true
    })
    return ok ? exprs : null
  }

  private parseLowPrec(llhs: AffineExpr | null, llhsOp: number): AffineExpr | null {
    const lhs = this.parseOperand(llhs)
    if (lhs === null) {
      return null
    }
    const lOp = this.consumeIfLowPrecOp()
    if (lOp !== OP_NONE) {
      if (llhs !== null) {
        return this.parseLowPrec(this.lowOp(llhsOp, llhs, lhs), lOp)
      }
      return this.parseLowPrec(lhs, lOp)
    }
    const opLoc = this.p.lex.start
    const hOp = this.consumeIfHighPrecOp()
    if (hOp !== OP_NONE) {
      const highRes = this.parseHighPrec(lhs, hOp, opLoc)
      if (highRes === null) {
        return null
      }
      const expr = llhs !== null ? this.lowOp(llhsOp, llhs, highRes) : highRes
      const nextOp = this.consumeIfLowPrecOp()
      if (nextOp !== OP_NONE) {
        return this.parseLowPrec(expr, nextOp)
      }
      return expr
    }
    if (llhs !== null) {
      return this.lowOp(llhsOp, llhs, lhs)
    }
    return lhs
  }

  private parseHighPrec(llhs: AffineExpr | null, llhsOp: number, llhsOpLoc: number): AffineExpr | null {
    const lhs = this.parseOperand(llhs)
    if (lhs === null) {
      return null
    }
    const opLoc = this.p.lex.start
    const op = this.consumeIfHighPrecOp()
    if (op !== OP_NONE) {
      if (llhs !== null) {
        const expr = this.highOp(llhsOp, llhs, lhs, opLoc)
        if (expr === null) {
          return null
        }
        return this.parseHighPrec(expr, op, opLoc)
      }
      return this.parseHighPrec(lhs, op, opLoc)
    }
    if (llhs !== null) {
      return this.highOp(llhsOp, llhs, lhs, llhsOpLoc)
    }
    return lhs
  }

  private parseOperand(lhs: AffineExpr | null): AffineExpr | null {
    const p = this.p
    switch (p.kind) {
      case Tok.percentIdentifier:
        if (this.ssaElement === null) {
          return p.errorHere('unexpected ssa identifier')
        }
        return this.parseSSAIdExpr(false)
      case Tok.bareIdentifier:
        if (this.ssaElement !== null && p.isKeyword('symbol')) {
          p.consume()
          if (!p.expect(Tok.lParen, "expected '('")) {
            return null
          }
          const e = this.parseSSAIdExpr(true)
          if (e === null || !p.expect(Tok.rParen, "expected ')'")) {
            return null
          }
          return e
        }
        if (p.isKeyword('floordiv') || p.isKeyword('ceildiv') || p.isKeyword('mod')) {
          return p.errorHere(lhs !== null ? 'missing right operand of binary operator' : 'missing left operand of binary operator')
        }
        return this.parseBareId()
      case Tok.inttype:
        return this.parseBareId()
      case Tok.integer: {
        const v = p.parseIntegerSpelling(p.lex.start, p.lex.end)
        if (v === null || v > 0x7fffffffffffffffn) {
          return p.errorHere('constant too large for index')
        }
        p.consume()
        return AffineConstantExpr.get(p.context, v)
      }
      case Tok.lParen: {
        p.consume()
        if (p.at(Tok.rParen)) {
          return p.errorHere('no expression inside parentheses')
        }
        const e = this.parseExpr()
        if (e === null || !p.expect(Tok.rParen, "expected ')'")) {
          return null
        }
        return e
      }
      case Tok.minus: {
        p.consume()
        const operand = this.parseOperand(lhs)
        if (operand === null) {
          return p.errorHere('missing operand of negation')
        }
        return affineNeg(operand)
      }
      case Tok.plus:
      case Tok.star:
        return p.errorHere(lhs !== null ? 'missing right operand of binary operator' : 'missing left operand of binary operator')
      default:
        return p.errorHere(lhs !== null ? 'missing right operand of binary operator' : 'expected affine expression')
    }
  }

  private parseBareId(): AffineExpr | null {
    const p = this.p
    const names = this.names
    for (let i = 0; i < names.length; i++) {
      if (p.isKeyword(names[i]!) || (p.kind === Tok.inttype && p.spelling === names[i])) {
        p.consume()
        return this.exprs[i]!
      }
    }
    return p.wrongToken('use of undeclared identifier')
  }

  /** `expr >= c`, `expr <= c`, `expr == c`; sets `isEq`. */
  parseConstraint(isEq: boolean[]): AffineExpr | null {
    const p = this.p
    const expr = this.parseExpr()
    if (expr === null) {
      return null
    }
    if (p.consumeIf(Tok.greater) && p.consumeIf(Tok.equal)) {
      const rhs = this.parseExpr()
      if (rhs === null) {
        return null
      }
      isEq.push(false)
      return affineSub(expr, rhs)
    }
    if (p.consumeIf(Tok.less) && p.consumeIf(Tok.equal)) {
      const rhs = this.parseExpr()
      if (rhs === null) {
        return null
      }
      isEq.push(false)
      return affineSub(rhs, expr)
    }
    if (p.consumeIf(Tok.equal) && p.consumeIf(Tok.equal)) {
      const rhs = this.parseExpr()
      if (rhs === null) {
        return null
      }
      isEq.push(true)
      return affineSub(expr, rhs)
    }
    return p.errorHere("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
  }
}

/**
 * @internal Parses `(d0, ...)[s0, ...] -> (exprs)` or `(...)[...] : (constraints)` at
 * the current token.
 */
export function parseAffineMapOrSetBody(p: Parser): AffineMapOrSet | null {
  const ap = new AffineParser(p)
  let numDims = 0
  let numSymbols = 0
  const ctx = p.context
  const okDims = p.parseCommaSeparatedList(Tok.lParen, Tok.rParen, ' in dimensional identifier list', () => ap.defineIdentifier(AffineDimExpr.get(ctx, numDims++)))
  if (!okDims) {
    return null
  }
  if (p.kind === Tok.lSquare) {
    const okSyms = p.parseCommaSeparatedList(Tok.lSquare, Tok.rSquare, ' in symbol list', () => ap.defineIdentifier(AffineSymbolExpr.get(ctx, numSymbols++)))
    if (!okSyms) {
      return null
    }
  }
  if (p.consumeIf(Tok.arrow)) {
    const exprs = ap.parseExprList(Tok.lParen, Tok.rParen, ' in affine map range')
    if (exprs === null) {
      return null
    }
    return { map: AffineMap.get(ctx, numDims, numSymbols, exprs), set: null }
  }
  if (!p.expect(Tok.colon, "expected '->' or ':'")) {
    return null
  }
  const constraints: AffineExpr[] = []
  const eq: boolean[] = []
  const ok = p.parseCommaSeparatedList(Tok.lParen, Tok.rParen, ' in integer set constraint list', () => {
    const c = ap.parseConstraint(eq)
    if (c === null) {
      return false
    }
    constraints.push(c)
    return true
  })
  if (!ok) {
    return null
  }
  if (constraints.length === 0) {
    return { map: null, set: IntegerSet.get(ctx, numDims, numSymbols, [AffineConstantExpr.get(ctx, 0)], [true]) }
  }
  return { map: null, set: IntegerSet.get(ctx, numDims, numSymbols, constraints, eq) }
}

/** @internal Parses a bare affine expression over the given dimension and symbol names (for custom op syntax). */
export function parseAffineExprWith(p: Parser, dimNames: readonly string[], symbolNames: readonly string[]): AffineExpr | null {
  const ap = new AffineParser(p)
  for (let i = 0; i < dimNames.length; i++) {
    ap.names.push(dimNames[i]!)
    ap.exprs.push(AffineDimExpr.get(p.context, i))
  }
  for (let i = 0; i < symbolNames.length; i++) {
    ap.names.push(symbolNames[i]!)
    ap.exprs.push(AffineSymbolExpr.get(p.context, i))
  }
  return ap.parseExpr()
}

/**
 * @internal Parses `[expr, ...]` (or `(expr, ...)` with `delimiter` 'paren') over SSA values
 * (MLIR's `parseAffineMapOfSSAIds`): `%x` is a dimension and `symbol(%x)` a symbol, each
 * handed to `parseElement` once, in order of appearance. Returns the map (dimensions, then
 * symbols).
 */
export function parseAffineMapOfSSAIds(
  p: Parser,
  parseElement: (isSymbol: boolean) => boolean,
  delimiter: 'square' | 'paren' = 'square',
): AffineMap | null {
  const ap = new AffineParser(p)
  ap.ssaElement = parseElement
  const exprs = delimiter === 'paren' ? ap.parseExprList(Tok.lParen, Tok.rParen, '') : ap.parseExprList(Tok.lSquare, Tok.rSquare, '')
  return exprs === null ? null : AffineMap.get(p.context, ap.numSSADims, ap.numSSASymbols, exprs)
}

/**
 * @internal Parses one affine expression over SSA values (MLIR's `parseAffineExprOfSSAIds`),
 * numbering dimensions and symbols from 0 in order of appearance as `parseAffineMapOfSSAIds`.
 */
export function parseAffineExprOfSSAIds(p: Parser, parseElement: (isSymbol: boolean) => boolean): AffineExpr | null {
  const ap = new AffineParser(p)
  ap.ssaElement = parseElement
  return ap.parseExpr()
}
