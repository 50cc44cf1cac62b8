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
          return false
        }
        const c = rhs[rhs.length - 1]!
        for (let i = 0; i < lhs.length; i++) {
          lhs[i]! *= c
        }
        return true
      }
      case AffineExprKind.Mod:
        return b.rhs.kind === AffineExprKind.Constant && this.visitMod(lhs, rhs[rhs.length - 1]!)
      default:
        return b.rhs.kind === AffineExprKind.Constant && this.visitDiv(lhs, rhs[rhs.length - 1]!, e.kind === AffineExprKind.CeilDiv)
    }
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
}

/**
 * MLIR's `simplifyAffineExpr` for pure affine expressions: flattened and rebuilt, which
 * orders the terms (dimensions, symbols, quotients, constant), merges like terms and folds
 * `mod`/`floordiv`/`ceildiv` by constants where the coefficients allow. Semi-affine
 * expressions, and expressions whose coefficients leave the safe-integer range, are returned
 * unchanged.
 */
export function simplifyAffineExpr(expr: AffineExpr, numDims: number, numSymbols: number): AffineExpr {
  if (!isPureAffine(expr)) {
    return expr
  }
  const f = new Flattener(expr.context, numDims, numSymbols)
  if (!f.walk(expr)) {
    return expr
  }
  const flat = f.stack[f.stack.length - 1]!
  if (!flat.every((x) => Number.isSafeInteger(x))) {
    return expr
  }
  return f.exprOf(flat)
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
