import {
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineSymbolExpr,
  type AffineBinaryOpExpr,
  type AffineExpr,
} from './AffineMap.ts'
import type { Context } from './Context.ts'
import { affineAdd, affineBinary, affineCeilDiv, affineFloorDiv, affineMul, gcd, isPureAffine, replaceDimsAndSymbols } from './parser/AffineExprBuilder.ts'

/*
 * Simplification of affine expressions through their flattened (linear) form, as MLIR's
 * `simplifyAffineExpr`: a pure affine expression becomes coefficients of the dimensions,
 * the symbols, local variables (one per distinct `floordiv`/`ceildiv`/`mod` quotient) and a
 * constant, and is rebuilt from them in that order.
 */

function mod(a: number, b: number): number {
  const m = a % b
  return m < 0 ? m + b : m
}

/** MLIR's `SimpleAffineExprFlattener` for pure affine expressions with safe-integer coefficients. */
class Flattener {
  /** One flattened operand per visited subexpression: dims, symbols, locals, constant. */
  readonly stack: number[][] = []
  readonly localExprs: AffineExpr[] = []
  numLocals = 0
  constructor(
    readonly context: Context,
    readonly numDims: number,
    readonly numSymbols: number,
  ) {}

  private get localStart(): number {
    return this.numDims + this.numSymbols
  }
  private zeros(): number[] {
    return new Array<number>(this.localStart + this.numLocals + 1).fill(0)
  }

  /** Flattens `e` onto the stack; false when it is not pure affine or a divisor is not a positive constant. */
  walk(e: AffineExpr): boolean {
    switch (e.kind) {
      case AffineExprKind.Constant: {
        const c = e as AffineConstantExpr
        if (c.exactValue !== null) {
          return false
        }
        const v = this.zeros()
        v[v.length - 1] = c.value
        this.stack.push(v)
        return true
      }
      case AffineExprKind.DimId: {
        const v = this.zeros()
        v[(e as AffineDimExpr).position] = 1
        this.stack.push(v)
        return true
      }
      case AffineExprKind.SymbolId: {
        const v = this.zeros()
        v[this.numDims + (e as AffineSymbolExpr).position] = 1
        this.stack.push(v)
        return true
      }
      default:
        break
    }
    const b = e as AffineBinaryOpExpr
    if (!this.walk(b.lhs) || !this.walk(b.rhs)) {
      return false
    }
    const rhs = this.stack.pop()!
    const lhs = this.stack[this.stack.length - 1]!
    switch (e.kind) {
      case AffineExprKind.Add:
        for (let i = 0; i < lhs.length; i++) {
          lhs[i]! += rhs[i]!
        }
        return true
      case AffineExprKind.Mul: {
        if (b.rhs.kind !== AffineExprKind.Constant) {
          this.addSemiAffineLocal(affineMul(this.exprOf(lhs), this.exprOf(rhs)), lhs)
          return true
        }
        const c = rhs[rhs.length - 1]!
        for (let i = 0; i < lhs.length; i++) {
          lhs[i]! *= c
        }
        return true
      }
      default:
        break
    }
    if (b.rhs.kind !== AffineExprKind.Constant) {
      // A semi-affine quotient or remainder becomes one local variable.
      this.addSemiAffineLocal(affineBinary(e.kind, this.exprOf(lhs), this.exprOf(rhs)), lhs)
      return true
    }
    const c = rhs[rhs.length - 1]!
    return e.kind === AffineExprKind.Mod ? this.visitMod(lhs, c) : this.visitDiv(lhs, c, e.kind === AffineExprKind.CeilDiv)
  }

  /** Replaces `result` by the local variable for the semi-affine `expr` (MLIR's `addLocalVariableSemiAffine`). */
  private addSemiAffineLocal(expr: AffineExpr, result: number[]): void {
    let at = this.localExprs.indexOf(expr)
    if (at < 0) {
      this.addLocal(expr)
      at = this.numLocals - 1
    }
    result.fill(0)
    result[this.localStart + at] = 1
  }

  private visitMod(lhs: number[], c: number): boolean {
    if (c <= 0) {
      return false
    }
    if (lhs.every((x) => mod(x, c) === 0)) {
      lhs.fill(0)
      return true
    }
    // expr mod c = expr - c * (expr floordiv c), with the gcd of expr and c cancelled out
    // of the quotient.
    let g = c
    for (const x of lhs) {
      g = gcd(g, x)
    }
    const dividend = g === 1 ? [...lhs] : lhs.map((x) => x / g)
    const divisor = c / g
    const quotient = affineFloorDiv(this.exprOf(dividend), AffineConstantExpr.get(this.context, divisor))
    const at = this.localExprs.indexOf(quotient)
    if (at < 0) {
      this.addLocal(quotient)
      lhs[this.localStart + this.numLocals - 1] = -c
    } else {
      lhs[this.localStart + at]! -= c
    }
    return true
  }

  private visitDiv(lhs: number[], c: number, isCeil: boolean): boolean {
    if (c <= 0) {
      return false
    }
    let g = Math.abs(c)
    for (const x of lhs) {
      g = gcd(g, x)
    }
    if (g !== 1) {
      for (let i = 0; i < lhs.length; i++) {
        lhs[i] = lhs[i]! / g
      }
    }
    const divisor = c / g
    if (divisor === 1) {
      return true
    }
    const a = this.exprOf(lhs)
    const d = AffineConstantExpr.get(a.context, divisor)
    const divExpr = isCeil ? affineCeilDiv(a, d) : affineFloorDiv(a, d)
    const at = this.localExprs.indexOf(divExpr)
    if (at < 0) {
      this.addLocal(divExpr)
    }
    lhs.fill(0)
    if (at < 0) {
      lhs[this.localStart + this.numLocals - 1] = 1
    } else {
      lhs[this.localStart + at] = 1
    }
    return true
  }

  /** Appends a local variable for `expr` (a column before the constant in every operand). */
  private addLocal(expr: AffineExpr): void {
    for (const v of this.stack) {
      v.splice(this.localStart + this.numLocals, 0, 0)
    }
    this.localExprs.push(expr)
    this.numLocals++
  }

  /** MLIR's `getAffineExprFromFlatForm`. */
  exprOf(flat: readonly number[]): AffineExpr {
    const ctx = this.context
    let expr: AffineExpr = AffineConstantExpr.get(ctx, 0)
    const start = this.localStart
    for (let j = 0; j < start; j++) {
      if (flat[j] === 0) {
        continue
      }
      const id = j < this.numDims ? AffineDimExpr.get(ctx, j) : AffineSymbolExpr.get(ctx, j - this.numDims)
      expr = affineAdd(expr, affineMul(id, AffineConstantExpr.get(ctx, flat[j]!)))
    }
    for (let j = start; j < flat.length - 1; j++) {
      if (flat[j] === 0) {
        continue
      }
      expr = affineAdd(expr, affineMul(this.localExprs[j - start]!, AffineConstantExpr.get(ctx, flat[j]!)))
    }
    const constant = flat[flat.length - 1]!
    if (constant !== 0) {
      expr = affineAdd(expr, AffineConstantExpr.get(ctx, constant))
    }
    return expr
  }

  /**
   * MLIR's `getSemiAffineExprFromFlatForm`: the terms sorted by the position of their
   * dimension or symbol, each dimension before the products, quotients and remainders of it
   * by a symbol, then the remaining locals and the constant.
   */
  semiAffineExprOf(flat: readonly number[]): AffineExpr {
    const ctx = this.context
    const nd = this.numDims
    const ns = this.numSymbols
    const start = this.localStart
    const maxPos = Math.max(nd, ns)
    const terms: SemiAffineTerm[] = []
    // MLIR keys its maps by (position, order); a repeated key keeps the first entry's
    // term and coefficient, and the sorted key list still holds the repeat.
    const add = (a: number, b: number, coefficient: number, term: AffineExpr): void => {
      const first = terms.find((t) => t.a === a && t.b === b)
      terms.push(first === undefined ? { a, b, coefficient, term } : { a, b, coefficient: first.coefficient, term: first.term })
    }
    let offsetSym = 0
    let offsetDim = -1
    for (let j = nd; j < nd + ns; j++) {
      if (flat[j] !== 0) {
        add(j - nd, maxPos + offsetSym++, flat[j]!, AffineSymbolExpr.get(ctx, j - nd))
      }
    }
    const addedToMap = new Array<boolean>(this.numLocals).fill(false)
    for (let i = 0; i < this.numLocals; i++) {
      const c = flat[start + i]!
      const local = this.localExprs[i]!
      if (c === 0 || local.kind > AffineExprKind.CeilDiv) {
        continue
      }
      const { lhs, rhs } = local as AffineBinaryOpExpr
      const lhsId = lhs.kind === AffineExprKind.DimId || lhs.kind === AffineExprKind.SymbolId
      if (!lhsId || (rhs.kind !== AffineExprKind.DimId && rhs.kind !== AffineExprKind.SymbolId && rhs.kind !== AffineExprKind.Constant)) {
        continue
      }
      const lhsPos = (lhs as AffineDimExpr | AffineSymbolExpr).position
      if (rhs.kind === AffineExprKind.Constant) {
        add(lhsPos, lhs.kind === AffineExprKind.DimId ? offsetDim-- : maxPos + offsetSym++, c, local)
      } else if (lhs.kind === AffineExprKind.DimId) {
        add(lhsPos, (rhs as AffineDimExpr | AffineSymbolExpr).position, c, local)
      } else {
        add(lhsPos, maxPos + offsetSym++, c, local)
      }
      addedToMap[i] = true
    }
    for (let j = 0; j < nd; j++) {
      if (flat[j] !== 0) {
        add(j, offsetDim--, flat[j]!, AffineDimExpr.get(ctx, j))
      }
    }
    terms.sort((x, y) => x.a - y.a || x.b - y.b)
    let expr: AffineExpr = AffineConstantExpr.get(ctx, 0)
    for (const t of terms) {
      expr = affineAdd(expr, affineMul(t.term, AffineConstantExpr.get(ctx, t.coefficient)))
    }
    for (let i = 0; i < this.numLocals; i++) {
      const c = flat[start + i]!
      if (c !== 0 && !addedToMap[i]) {
        expr = affineAdd(expr, affineMul(this.localExprs[i]!, AffineConstantExpr.get(ctx, c)))
      }
    }
    const constant = flat[flat.length - 1]!
    if (constant !== 0) {
      expr = affineAdd(expr, AffineConstantExpr.get(ctx, constant))
    }
    return expr
  }
}

interface SemiAffineTerm {
  a: number
  b: number
  coefficient: number
  term: AffineExpr
}

// ---- MLIR's symbolic rules for semi-affine expressions ----

function isDivisibleBySymbol(e: AffineExpr, symbolPos: number, opKind: AffineExprKind): boolean {
  switch (e.kind) {
    case AffineExprKind.Constant:
      return (e as AffineConstantExpr).value === 0
    case AffineExprKind.DimId:
      return false
    case AffineExprKind.SymbolId:
      return (e as AffineSymbolExpr).position === symbolPos
    case AffineExprKind.Add: {
      const b = e as AffineBinaryOpExpr
      return isDivisibleBySymbol(b.lhs, symbolPos, opKind) && isDivisibleBySymbol(b.rhs, symbolPos, opKind)
    }
    case AffineExprKind.Mod: {
      // Both operands of a remainder must be multiples: the remainder of two multiples is one.
      const b = e as AffineBinaryOpExpr
      return isDivisibleBySymbol(b.lhs, symbolPos, AffineExprKind.Mod) && isDivisibleBySymbol(b.rhs, symbolPos, AffineExprKind.Mod)
    }
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      return isDivisibleBySymbol(b.lhs, symbolPos, opKind) || isDivisibleBySymbol(b.rhs, symbolPos, opKind)
    }
    default: {
      // (a floordiv b) floordiv s = (a floordiv s) floordiv b, and likewise for ceildiv;
      // mixed kinds do not commute.
      const b = e as AffineBinaryOpExpr
      return opKind === e.kind && isDivisibleBySymbol(b.lhs, symbolPos, e.kind)
    }
  }
}

/** `e` divided by symbol `symbolPos`, which `isDivisibleBySymbol` has accepted; null where it does not divide. */
function symbolicDivide(e: AffineExpr, symbolPos: number, opKind: AffineExprKind): AffineExpr | null {
  switch (e.kind) {
    case AffineExprKind.Constant:
      return (e as AffineConstantExpr).value === 0 ? AffineConstantExpr.get(e.context, 0) : null
    case AffineExprKind.DimId:
      return null
    case AffineExprKind.SymbolId:
      return AffineConstantExpr.get(e.context, 1)
    case AffineExprKind.Add:
    case AffineExprKind.Mod: {
      const b = e as AffineBinaryOpExpr
      const inner = e.kind === AffineExprKind.Add ? opKind : e.kind
      const lhs = symbolicDivide(b.lhs, symbolPos, inner)
      const rhs = symbolicDivide(b.rhs, symbolPos, inner)
      return lhs === null || rhs === null ? null : affineBinary(e.kind, lhs, rhs)
    }
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      if (!isDivisibleBySymbol(b.lhs, symbolPos, opKind)) {
        const rhs = symbolicDivide(b.rhs, symbolPos, opKind)
        return rhs === null ? null : affineMul(b.lhs, rhs)
      }
      const lhs = symbolicDivide(b.lhs, symbolPos, opKind)
      return lhs === null ? null : affineMul(lhs, b.rhs)
    }
    default: {
      const b = e as AffineBinaryOpExpr
      const lhs = symbolicDivide(b.lhs, symbolPos, e.kind)
      return lhs === null ? null : affineBinary(e.kind, lhs, b.rhs)
    }
  }
}

/** The summands of a (nested) sum, left to right. */
function summands(e: AffineExpr, out: AffineExpr[]): AffineExpr[] {
  if (e.kind !== AffineExprKind.Add) {
    out.push(e)
    return out
  }
  const b = e as AffineBinaryOpExpr
  summands(b.lhs, out)
  summands(b.rhs, out)
  return out
}

/** `x` when `e` is `x * -1` or `-1 * x`. */
function negated(e: AffineExpr): AffineExpr | null {
  if (e.kind !== AffineExprKind.Mul) {
    return null
  }
  const b = e as AffineBinaryOpExpr
  if (b.lhs.kind === AffineExprKind.Constant && (b.lhs as AffineConstantExpr).value === -1) {
    return b.rhs
  }
  if (b.rhs.kind === AffineExprKind.Constant && (b.rhs as AffineConstantExpr).value === -1) {
    return b.lhs
  }
  return null
}

/** True when `lhs mod rhs` is `(x - x mod rhs) mod rhs`, hence zero (a common shape after loop peeling). */
function isModOfModSubtraction(lhs: AffineExpr, rhs: AffineExpr, numDims: number, numSymbols: number): boolean {
  const terms = summands(lhs, [])
  for (let i = 0; i < terms.length; i++) {
    const inner = negated(terms[i]!)
    if (inner === null || inner.kind !== AffineExprKind.Mod || (inner as AffineBinaryOpExpr).rhs !== rhs) {
      continue
    }
    let diff: AffineExpr = AffineConstantExpr.get(lhs.context, 0)
    for (let j = 0; j < terms.length; j++) {
      if (j !== i) {
        diff = affineAdd(diff, terms[j]!)
      }
    }
    diff = affineAdd(diff, affineMul((inner as AffineBinaryOpExpr).lhs, AffineConstantExpr.get(lhs.context, -1)))
    diff = simplifyAffineExpr(diff, numDims, numSymbols)
    if (diff.kind === AffineExprKind.Constant && (diff as AffineConstantExpr).value === 0) {
      return true
    }
  }
  return false
}

/** MLIR's `simplifySemiAffine`: remainders and quotients by a symbol that divides the dividend. */
function simplifySemiAffine(e: AffineExpr, numDims: number, numSymbols: number): AffineExpr {
  switch (e.kind) {
    case AffineExprKind.Constant:
    case AffineExprKind.DimId:
    case AffineExprKind.SymbolId:
      return e
    case AffineExprKind.Add:
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      return affineBinary(e.kind, simplifySemiAffine(b.lhs, numDims, numSymbols), simplifySemiAffine(b.rhs, numDims, numSymbols))
    }
    default: {
      const b = e as AffineBinaryOpExpr
      const sLhs = simplifySemiAffine(b.lhs, numDims, numSymbols)
      const sRhs = simplifySemiAffine(b.rhs, numDims, numSymbols)
      if (isModOfModSubtraction(sLhs, sRhs, numDims, numSymbols)) {
        return AffineConstantExpr.get(e.context, 0)
      }
      if (sRhs.kind !== AffineExprKind.SymbolId) {
        return affineBinary(e.kind, sLhs, sRhs)
      }
      const symbolPos = (sRhs as AffineSymbolExpr).position
      if (!isDivisibleBySymbol(b.lhs, symbolPos, e.kind)) {
        return affineBinary(e.kind, sLhs, sRhs)
      }
      if (e.kind === AffineExprKind.Mod) {
        return AffineConstantExpr.get(e.context, 0)
      }
      return symbolicDivide(sLhs, symbolPos, e.kind) ?? affineBinary(e.kind, sLhs, sRhs)
    }
  }
}

/**
 * MLIR's `simplifyAffineExpr`: flattened and rebuilt, which orders the terms (dimensions,
 * symbols, quotients, constant), merges like terms and folds `mod`/`floordiv`/`ceildiv` by
 * constants where the coefficients allow. Semi-affine expressions first go through MLIR's
 * symbolic rules (a remainder or quotient by a symbol that divides the dividend, and
 * `(e - e mod q) mod q`), and are rebuilt in MLIR's semi-affine term order. Expressions
 * with a non-positive constant divisor, and those whose coefficients leave the safe-integer
 * range, are returned unchanged.
 */
export function simplifyAffineExpr(expr: AffineExpr, numDims: number, numSymbols: number): AffineExpr {
  if (!isPureAffine(expr)) {
    expr = simplifySemiAffine(expr, numDims, numSymbols)
  }
  const f = new Flattener(expr.context, numDims, numSymbols)
  if (!f.walk(expr)) {
    return expr
  }
  const flat = f.stack[f.stack.length - 1]!
  if (!flat.every((x) => Number.isSafeInteger(x))) {
    return expr
  }
  if (isPureAffine(expr)) {
    return f.exprOf(flat)
  }
  if (expr === f.exprOf(flat)) {
    return expr
  }
  return f.semiAffineExprOf(flat)
}

/**
 * The flattened form of a pure affine expression (coefficients of the dims, the symbols and
 * `numLocals` local quotients, then the constant), as MLIR's `SimpleAffineExprFlattener`
 * computes it; null for semi-affine expressions and non-positive divisors.
 */
export function flattenAffineExpr(expr: AffineExpr, numDims: number, numSymbols: number): { coefficients: readonly number[]; numLocals: number } | null {
  if (!isPureAffine(expr)) {
    return null
  }
  const f = new Flattener(expr.context, numDims, numSymbols)
  if (!f.walk(expr)) {
    return null
  }
  return { coefficients: f.stack[f.stack.length - 1]!, numLocals: f.numLocals }
}

/** MLIR's `simplifyAffineMap`: every result simplified. */
export function simplifyAffineMap(map: AffineMap): AffineMap {
  const results = map.results.map((e) => simplifyAffineExpr(e, map.numDims, map.numSymbols))
  return AffineMap.get(map.context, map.numDims, map.numSymbols, results)
}

/** `map` over `numDims` dims and `numSymbols` symbols with dims and symbols replaced (MLIR's `AffineMap::replaceDimsAndSymbols`). */
export function replaceMapDimsAndSymbols(
  map: AffineMap,
  dims: readonly AffineExpr[],
  symbols: readonly AffineExpr[],
  numDims: number,
  numSymbols: number,
): AffineMap {
  const results = map.results.map((e) => replaceDimsAndSymbols(e, dims, symbols))
  return AffineMap.get(map.context, numDims, numSymbols, results)
}

/** `e` with every occurrence of `from` replaced by `to`, rebuilt with simplification (MLIR's `AffineExpr::replace`). */
export function replaceAffineExpr(e: AffineExpr, from: AffineExpr, to: AffineExpr): AffineExpr {
  if (e === from) {
    return to
  }
  if (e.kind > AffineExprKind.CeilDiv) {
    return e
  }
  const b = e as AffineBinaryOpExpr
  const lhs = replaceAffineExpr(b.lhs, from, to)
  const rhs = replaceAffineExpr(b.rhs, from, to)
  if (lhs === b.lhs && rhs === b.rhs) {
    return e
  }
  return affineBinary(e.kind, lhs, rhs)
}

/** `map` with `dN` shifted to `d(N + shift)` (MLIR's `AffineMap::shiftDims`). */
export function shiftDims(map: AffineMap, shift: number): AffineMap {
  const dims: AffineExpr[] = []
  for (let i = 0; i < map.numDims; i++) {
    dims.push(AffineDimExpr.get(map.context, i + shift))
  }
  return replaceMapDimsAndSymbols(map, dims, [], map.numDims + shift, map.numSymbols)
}

/** `map` with `sN` shifted to `s(N + shift)` (MLIR's `AffineMap::shiftSymbols`). */
export function shiftSymbols(map: AffineMap, shift: number): AffineMap {
  const syms: AffineExpr[] = []
  for (let i = 0; i < map.numSymbols; i++) {
    syms.push(AffineSymbolExpr.get(map.context, i + shift))
  }
  return replaceMapDimsAndSymbols(map, [], syms, map.numDims, map.numSymbols + shift)
}
