/**
 * Composition and canonicalization of affine maps with their operands, as MLIR's
 * `composeAffineMapAndOperands`, `canonicalizeMapAndOperands` and `simplifyMapWithOperands`
 * do, and the `SimplifyAffineOp` canonicalization pattern of `affine.apply`,
 * `affine.load` and `affine.store` built on them.
 */
import {
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  DenseArrayAttr,
  IndexType,
  IntegerAttr,
  IntegerSet,
  IntegerSetAttr,
  Operation,
  OperationState,
  Trait,
  affineBinary,
  affineFloorDiv,
  affineMod,
  replaceAffineExpr,
  replaceMapDimsAndSymbols,
  shiftDims,
  shiftSymbols,
  simplifyAffineMap,
  flattenAffineExpr,
  type AffineBinaryOpExpr,
  type AffineExpr,
  type BlockArgument,
  type Value,
} from '@tilepass/ir'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { constantFoldAffineExpr, getAffineScope, isTopLevelValue, isValidSymbol } from './AffineOps.ts'

/** MLIR's region-free `isValidSymbol(Value)`: valid in the affine scope of its definition. */
function isValidSymbolAnywhere(v: Value): boolean {
  if (!(v.type instanceof IndexType)) {
    return false
  }
  if (isTopLevelValue(v)) {
    return true
  }
  const def = v.definingOp
  return def !== null && isValidSymbol(v, getAffineScope(def))
}

/** A map with its operands (dims first, then symbols). */
interface MapAndOperands {
  map: AffineMap
  operands: Value[]
}

/** The integer value of `v` when a constant op defines it. */
export function constantValue(v: Value): bigint | null {
  const def = v.definingOp
  if (def === null || !def.hasTrait(Trait.ConstantLike)) {
    return null
  }
  const a = def.getAttr('value')
  return a instanceof IntegerAttr ? a.value : null
}

/** MLIR's `canonicalizePromotedSymbols`: dim operands that are valid symbols become symbols. */
function canonicalizePromotedSymbols(m: MapAndOperands): void {
  const { map, operands } = m
  if (operands.length === 0) {
    return
  }
  const ctx = map.context
  const result: Value[] = []
  const promoted: Value[] = []
  const dimRemap: AffineExpr[] = []
  let nextDim = 0
  for (let i = 0; i < map.numInputs; i++) {
    const v = operands[i]!
    if (i < map.numDims) {
      if (isValidSymbolAnywhere(v)) {
        dimRemap.push(AffineSymbolExpr.get(ctx, map.numSymbols + promoted.length))
        promoted.push(v)
      } else {
        dimRemap.push(AffineDimExpr.get(ctx, nextDim++))
        result.push(v)
      }
    } else {
      result.push(v)
    }
  }
  m.operands = [...result, ...promoted]
  m.map = replaceMapDimsAndSymbols(map, dimRemap, [], nextDim, map.numSymbols + promoted.length)
}

function collectUsed(e: AffineExpr, dims: boolean[], syms: boolean[]): void {
  if (e.kind === AffineExprKind.DimId) {
    dims[(e as AffineDimExpr).position] = true
  } else if (e.kind === AffineExprKind.SymbolId) {
    syms[(e as AffineSymbolExpr).position] = true
  } else if (e.kind !== AffineExprKind.Constant) {
    collectUsed((e as AffineBinaryOpExpr).lhs, dims, syms)
    collectUsed((e as AffineBinaryOpExpr).rhs, dims, syms)
  }
}

/**
 * MLIR's `canonicalizeMapAndOperands`: promotes symbol-valid dims to symbols, drops unused
 * operands, merges duplicate operands and folds constant symbol operands into the map.
 */
export function canonicalizeMapAndOperands(m: MapAndOperands): void {
  if (m.operands.length === 0) {
    return
  }
  canonicalizePromotedSymbols(m)
  const { map, operands } = m
  const ctx = map.context
  const usedDims = new Array<boolean>(map.numDims).fill(false)
  const usedSyms = new Array<boolean>(map.numSymbols).fill(false)
  for (const r of map.results) {
    collectUsed(r, usedDims, usedSyms)
  }
  const result: Value[] = []
  const dimRemap: AffineExpr[] = []
  const seenDims = new Map<Value, AffineExpr>()
  let nextDim = 0
  for (let i = 0; i < map.numDims; i++) {
    dimRemap.push(AffineConstantExpr.get(ctx, 0))
    if (!usedDims[i]) {
      continue
    }
    const v = operands[i]!
    const seen = seenDims.get(v)
    if (seen === undefined) {
      const d = AffineDimExpr.get(ctx, nextDim++)
      dimRemap[i] = d
      result.push(v)
      seenDims.set(v, d)
    } else {
      dimRemap[i] = seen
    }
  }
  const symbols: Value[] = []
  const symRemap: AffineExpr[] = []
  const seenSyms = new Map<Value, AffineExpr>()
  for (let i = 0; i < map.numSymbols; i++) {
    symRemap.push(AffineConstantExpr.get(ctx, 0))
    if (!usedSyms[i]) {
      continue
    }
    const v = operands[map.numDims + i]!
    const c = constantValue(v)
    if (c !== null) {
      symRemap[i] = AffineConstantExpr.get(ctx, BigInt.asIntN(64, c))
      continue
    }
    const seen = seenSyms.get(v)
    if (seen === undefined) {
      const s = AffineSymbolExpr.get(ctx, symbols.length)
      symRemap[i] = s
      symbols.push(v)
      seenSyms.set(v, s)
    } else {
      symRemap[i] = seen
    }
  }
  m.map = replaceMapDimsAndSymbols(map, dimRemap, symRemap, nextDim, symbols.length)
  m.operands = [...result, ...symbols]
}

/**
 * MLIR's `replaceDimOrSym`: when the dim or symbol at `pos` is bound to an `affine.apply`,
 * substitutes its (canonicalized) expression, appending its operands.
 */
function replaceDimOrSym(m: { map: AffineMap }, pos: number, dims: (Value | null)[], syms: (Value | null)[]): boolean {
  const isDim = pos < dims.length
  const at = isDim ? pos : pos - dims.length
  const v = isDim ? dims[at]! : syms[at]!
  if (v === null) {
    return false
  }
  const apply = v.definingOp
  if (apply === null || apply.name.name !== 'affine.apply') {
    return false
  }
  if (isDim) {
    dims[at] = null
  } else {
    syms[at] = null
  }
  const inner: MapAndOperands = { map: (apply.getAttr('map') as AffineMapAttr).value, operands: apply.getOperands() }
  canonicalizeMapAndOperands(inner)
  const replacement = shiftSymbols(shiftDims(inner.map, dims.length), syms.length).results[0]!
  const ctx = m.map.context
  const toReplace = isDim ? AffineDimExpr.get(ctx, at) : AffineSymbolExpr.get(ctx, at)
  dims.push(...inner.operands.slice(0, inner.map.numDims))
  syms.push(...inner.operands.slice(inner.map.numDims))
  const results = m.map.results.map((e) => replaceAffineExpr(e, toReplace, replacement))
  m.map = AffineMap.get(ctx, dims.length, syms.length, results)
  return true
}

/**
 * MLIR's `composeAffineMapAndOperands`: folds the `affine.apply` ops defining the operands
 * into the map (repeatedly), then canonicalizes and simplifies it.
 */
export function composeAffineMapAndOperands(m: MapAndOperands): void {
  if (m.map.numResults === 0) {
    canonicalizeMapAndOperands(m)
    m.map = simplifyAffineMap(m.map)
    return
  }
  const ctx = m.map.context
  const dims: (Value | null)[] = m.operands.slice(0, m.map.numDims)
  const syms: (Value | null)[] = m.operands.slice(m.map.numDims)
  const state = { map: m.map }
  let changed: boolean
  do {
    changed = false
    for (let pos = 0; pos !== dims.length + syms.length; pos++) {
      if (replaceDimOrSym(state, pos, dims, syms)) {
        changed = true
        break
      }
    }
  } while (changed)
  const operands: Value[] = []
  const dimRepl: AffineExpr[] = []
  const symRepl: AffineExpr[] = []
  let nDims = 0
  let nSyms = 0
  for (const v of dims) {
    if (v === null) {
      dimRepl.push(AffineConstantExpr.get(ctx, 0))
      continue
    }
    dimRepl.push(AffineDimExpr.get(ctx, nDims++))
    operands.push(v)
  }
  for (const v of syms) {
    if (v === null) {
      symRepl.push(AffineConstantExpr.get(ctx, 0))
      continue
    }
    symRepl.push(AffineSymbolExpr.get(ctx, nSyms++))
    operands.push(v)
  }
  m.map = replaceMapDimsAndSymbols(state.map, dimRepl, symRepl, nDims, nSyms)
  m.operands = operands
  canonicalizeMapAndOperands(m)
  m.map = simplifyAffineMap(m.map)
}

// ---- simplifyMapWithOperands ----------------------------------------------------------------

/** The `affine.for` whose induction variable `v` is, or null. */
function forOwner(v: Value): Operation | null {
  if (v.definingOp !== null) {
    return null
  }
  const arg = v as BlockArgument
  const parent = arg.owner.parentOp
  return parent !== null && parent.name.name === 'affine.for' && arg.index === 0 ? parent : null
}

/** The constant of a constant, operand-free single-result bound map. */
function constantBound(op: Operation, name: string): bigint | null {
  const map = (op.getAttr(name) as AffineMapAttr).value
  const e = map.numResults === 1 && map.numInputs === 0 ? map.results[0]! : null
  return e instanceof AffineConstantExpr ? e.bigValue : null
}

function stepOf(op: Operation): bigint {
  const s = op.getAttr('step')
  return s instanceof IntegerAttr ? s.value : 1n
}

function gcdBig(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a
  b = b < 0n ? -b : b
  while (b !== 0n) {
    ;[a, b] = [b, a % b]
  }
  return a
}

/** MLIR's `getLargestKnownDivisorOfMapExprs`. */
function largestDivisorOfMapExprs(map: AffineMap): bigint {
  let g = 0n
  for (const e of map.results) {
    g = gcdBig(g, exprDivisor(e))
  }
  return g
}

/** MLIR's `AffineExpr::getLargestKnownDivisor`. */
function exprDivisor(e: AffineExpr): bigint {
  switch (e.kind) {
    case AffineExprKind.Constant: {
      const v = (e as AffineConstantExpr).bigValue
      return v < 0n ? -v : v
    }
    case AffineExprKind.DimId:
    case AffineExprKind.SymbolId:
      return 1n
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      const p = exprDivisor(b.lhs) * exprDivisor(b.rhs)
      return p < 0n ? -p : p
    }
    case AffineExprKind.Add:
    case AffineExprKind.Mod: {
      const b = e as AffineBinaryOpExpr
      return gcdBig(exprDivisor(b.lhs), exprDivisor(b.rhs))
    }
    default: {
      const b = e as AffineBinaryOpExpr
      if (b.rhs instanceof AffineConstantExpr && b.rhs.bigValue !== 0n) {
        const l = exprDivisor(b.lhs)
        const c = b.rhs.bigValue
        if (l % c === 0n) {
          const q = l / c
          return q < 0n ? -q : q
        }
      }
      return 1n
    }
  }
}

/** MLIR's `getLargestKnownDivisor(e, operands)`: loop steps refine the divisor of a dim. */
function largestKnownDivisor(e: AffineExpr, operands: readonly Value[]): bigint {
  const div = exprDivisor(e)
  if (e.kind !== AffineExprKind.DimId) {
    return div
  }
  const forOp = forOwner(operands[(e as AffineDimExpr).position]!)
  if (forOp === null) {
    return 1n
  }
  const lb = constantBound(forOp, 'lowerBoundMap')
  if (lb === 0n) {
    return stepOf(forOp)
  }
  return gcdBig(largestDivisorOfMapExprs((forOp.getAttr('lowerBoundMap') as AffineMapAttr).value), stepOf(forOp))
}

/** MLIR's `isNonNegativeBoundedBy`: 0 <= e < k for a constant or an IV with constant bounds. */
function isNonNegativeBoundedBy(e: AffineExpr, operands: readonly Value[], k: bigint): boolean {
  if (e instanceof AffineConstantExpr) {
    return e.bigValue >= 0n && e.bigValue < k
  }
  if (e.kind !== AffineExprKind.DimId) {
    return false
  }
  const forOp = forOwner(operands[(e as AffineDimExpr).position]!)
  if (forOp === null) {
    return false
  }
  const lb = constantBound(forOp, 'lowerBoundMap')
  const ub = constantBound(forOp, 'upperBoundMap')
  return lb !== null && lb >= 0n && ub !== null && ub <= k
}

/** The constant inclusive lower (`upper` false) or upper bound of an IV, or null. */
function ivBound(v: Value, upper: boolean): bigint | null {
  const forOp = forOwner(v)
  if (forOp === null) {
    return null
  }
  const lb = constantBound(forOp, 'lowerBoundMap')
  if (!upper) {
    return lb
  }
  const ub = constantBound(forOp, 'upperBoundMap')
  if (ub === null) {
    return null
  }
  if (lb !== null) {
    const span = ub - lb - 1n
    const step = stepOf(forOp)
    const m = span % step
    return ub - 1n - (m < 0n ? m + step : m)
  }
  return ub - 1n
}

/**
 * A constant inclusive bound of `e` from its operands' IV bounds (MLIR's
 * `getBoundForAffineExpr`): quotients of a bounded dividend, remainders (the dividend's own
 * remainders when its bound in the direction asked for stays within one period of the
 * divisor, else `0 .. c - 1`), and otherwise the flattened form when it needs no local
 * variables.
 */
function exprBound(e: AffineExpr, numDims: number, numSymbols: number, operands: readonly Value[], upper: boolean): bigint | null {
  if (e.kind === AffineExprKind.FloorDiv || e.kind === AffineExprKind.CeilDiv || e.kind === AffineExprKind.Mod) {
    const b = e as AffineBinaryOpExpr
    const c = b.rhs instanceof AffineConstantExpr ? b.rhs.bigValue : 0n
    if (e.kind === AffineExprKind.FloorDiv || e.kind === AffineExprKind.CeilDiv) {
      if (c < 1n) {
        return null
      }
      const bound = exprBound(b.lhs, numDims, numSymbols, operands, upper)
      if (bound === null) {
        return null
      }
      return e.kind === AffineExprKind.FloorDiv ? floorDivBig(bound, c) : ceilDivBig(bound, c)
    }
    if (c >= 1n) {
      const lb = exprBound(b.lhs, numDims, numSymbols, operands, false)
      const ub = exprBound(b.lhs, numDims, numSymbols, operands, upper)
      if (lb !== null && ub !== null && floorDivBig(lb, c) === floorDivBig(ub, c)) {
        return (upper ? ub : lb) - floorDivBig(upper ? ub : lb, c) * c
      }
      return upper ? c - 1n : 0n
    }
  }
  const flat = flattenAffineExpr(e, numDims, numSymbols)
  if (flat === null || flat.numLocals > 0) {
    return null
  }
  let bound = 0n
  for (let i = 0; i < numDims + numSymbols; i++) {
    const k = flat.coefficients[i]!
    if (k === 0) {
      continue
    }
    const b = ivBound(operands[i]!, k > 0 ? upper : !upper)
    if (b === null) {
      return null
    }
    bound += b * BigInt(k)
  }
  return bound + BigInt(flat.coefficients[flat.coefficients.length - 1]!)
}

function floorDivBig(a: bigint, b: bigint): bigint {
  const q = a / b
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q
}
function ceilDivBig(a: bigint, b: bigint): bigint {
  const q = a / b
  return (a % b !== 0n && (a < 0n) === (b < 0n)) ? q + 1n : q
}

/** MLIR's `simplifyExprAndOperands`: floordiv/ceildiv/mod simplified with the operands' IV bounds. */
function simplifyExprAndOperands(expr: AffineExpr, numDims: number, numSymbols: number, operands: readonly Value[]): AffineExpr {
  if (expr.kind > AffineExprKind.CeilDiv) {
    return expr
  }
  const b0 = expr as AffineBinaryOpExpr
  const l0 = simplifyExprAndOperands(b0.lhs, numDims, numSymbols, operands)
  const r0 = simplifyExprAndOperands(b0.rhs, numDims, numSymbols, operands)
  expr = l0 === b0.lhs && r0 === b0.rhs ? expr : affineBinary(expr.kind, l0, r0)
  const kind = expr.kind
  if (kind !== AffineExprKind.FloorDiv && kind !== AffineExprKind.CeilDiv && kind !== AffineExprKind.Mod) {
    return expr
  }
  const bin = expr as AffineBinaryOpExpr
  const lhs = bin.lhs
  if (!(bin.rhs instanceof AffineConstantExpr)) {
    return expr
  }
  const rhs = bin.rhs
  const c = rhs.bigValue
  if (c <= 0n) {
    return expr
  }
  const ctx = expr.context
  const lb = exprBound(lhs, numDims, numSymbols, operands, false)
  const ub = exprBound(lhs, numDims, numSymbols, operands, true)
  if (lb !== null && ub !== null) {
    if (kind === AffineExprKind.FloorDiv && floorDivBig(lb, c) === floorDivBig(ub, c)) {
      return AffineConstantExpr.get(ctx, floorDivBig(lb, c))
    }
    if (kind === AffineExprKind.CeilDiv && ceilDivBig(lb, c) === ceilDivBig(ub, c)) {
      return AffineConstantExpr.get(ctx, ceilDivBig(lb, c))
    }
    if (kind === AffineExprKind.Mod && lb >= 0n && lb < c && ub < c) {
      return lhs
    }
  }
  if (lhs.kind === AffineExprKind.Add) {
    const add = lhs as AffineBinaryOpExpr
    let div = largestKnownDivisor(add.lhs, operands)
    let q: AffineExpr | null = null
    let rem: AffineExpr | null = null
    if (isNonNegativeBoundedBy(add.rhs, operands, div)) {
      q = add.lhs
      rem = add.rhs
    } else {
      div = largestKnownDivisor(add.rhs, operands)
      if (isNonNegativeBoundedBy(add.lhs, operands, div)) {
        q = add.rhs
        rem = add.lhs
      }
    }
    if (q !== null && rem !== null) {
      if (div !== 0n && c % div === 0n && kind === AffineExprKind.FloorDiv) {
        return affineFloorDiv(q, rhs)
      }
      if (div % c === 0n && kind === AffineExprKind.Mod) {
        return affineMod(rem, rhs)
      }
      return expr
    }
  }
  if ((isNonNegativeBoundedBy(lhs, operands, c) && kind === AffineExprKind.FloorDiv) || (largestKnownDivisor(lhs, operands) % c === 0n && kind === AffineExprKind.Mod)) {
    return AffineConstantExpr.get(ctx, 0)
  }
  return expr
}

/** MLIR's `simplifyMapWithOperands`. */
export function simplifyMapWithOperands(map: AffineMap, operands: readonly Value[]): AffineMap {
  const results = map.results.map((e) => simplifyExprAndOperands(e, map.numDims, map.numSymbols, operands))
  return AffineMap.get(map.context, map.numDims, map.numSymbols, results)
}

// ---- SimplifyAffineOp ------------------------------------------------------------------------

/** The C++ class of each op a pattern here is rooted at. */
const OP_CLASS: Readonly<Record<string, string>> = {
  'affine.apply': 'AffineApplyOp',
  'affine.load': 'AffineLoadOp',
  'affine.store': 'AffineStoreOp',
  'affine.vector_load': 'AffineVectorLoadOp',
  'affine.vector_store': 'AffineVectorStoreOp',
  'affine.min': 'AffineMinOp',
  'affine.max': 'AffineMaxOp',
}

/** Replaces `op` by a new op of `name` with `operands`, the result types of `op` and `map`. */
function replaceWithMapOp(rewriter: RewriterLike, op: Operation, name: string, operands: readonly Value[], map: AffineMap): void {
  const state = new OperationState(op.location, op.context.getOperationName(name))
  state.addOperands(operands)
  state.addTypes(op.resultTypes)
  state.addProperty('map', AffineMapAttr.get(map))
  rewriter.setInsertionPoint(op)
  const made = rewriter.insert(Operation.create(state))
  rewriter.replaceOp(op, made.results)
}

/**
 * MLIR's `SimplifyAffineOp<T>` for `rootName`: composes the map with the `affine.apply` ops
 * feeding it, canonicalizes map and operands, simplifies with the operands' loop bounds, and
 * rebuilds the op when anything changed. `firstMapOperand` is where the map operands start.
 */
function simplifyAffineOpPattern(rootName: string, firstMapOperand: number): CanonicalizationPattern {
  return {
    name: `SimplifyAffineOp<mlir::affine::${OP_CLASS[rootName]}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
      const oldMap = (op.getAttr('map') as AffineMapAttr).value
      const oldOperands = op.getOperands().slice(firstMapOperand)
      const m: MapAndOperands = { map: oldMap, operands: [...oldOperands] }
      composeAffineMapAndOperands(m)
      canonicalizeMapAndOperands(m)
      const map = simplifyMapWithOperands(m.map, m.operands)
      if (map === oldMap && m.operands.length === oldOperands.length && m.operands.every((v, i) => v === oldOperands[i])) {
        return false
      }
      replaceWithMapOp(rewriter, op, op.name.name, [...op.getOperands().slice(0, firstMapOperand), ...m.operands], map)
      return true
    },
  }
}

/** `SimplifyAffineOp<AffineApplyOp>`. */
export const SimplifyAffineApply: CanonicalizationPattern = simplifyAffineOpPattern('affine.apply', 0)
/** `SimplifyAffineOp<AffineLoadOp>`. */
export const SimplifyAffineLoad: CanonicalizationPattern = simplifyAffineOpPattern('affine.load', 1)
/** `SimplifyAffineOp<AffineStoreOp>`. */
export const SimplifyAffineStore: CanonicalizationPattern = simplifyAffineOpPattern('affine.store', 2)
/** `SimplifyAffineOp<AffineVectorLoadOp>`. */
export const SimplifyAffineVectorLoad: CanonicalizationPattern = simplifyAffineOpPattern('affine.vector_load', 1)
/** `SimplifyAffineOp<AffineVectorStoreOp>`. */
export const SimplifyAffineVectorStore: CanonicalizationPattern = simplifyAffineOpPattern('affine.vector_store', 2)

/** `SimplifyAffineOp<AffineMinOp>` / `<AffineMaxOp>`. */
export const SimplifyAffineMin: CanonicalizationPattern = simplifyAffineOpPattern('affine.min', 0)
export const SimplifyAffineMax: CanonicalizationPattern = simplifyAffineOpPattern('affine.max', 0)

/** MLIR's `DeduplicateAffineMinMaxExpressions<T>`: repeated results of the map are dropped. */
function deduplicateMinMax(rootName: string): CanonicalizationPattern {
  return {
    name: `DeduplicateAffineMinMaxExpressions<mlir::affine::${OP_CLASS[rootName]}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
      const map = (op.getAttr('map') as AffineMapAttr).value
      const unique: AffineExpr[] = []
      for (const e of map.results) {
        if (!unique.includes(e)) {
          unique.push(e)
        }
      }
      if (unique.length === map.numResults) {
        return false
      }
      replaceWithMapOp(rewriter, op, rootName, op.getOperands(), AffineMap.get(map.context, map.numDims, map.numSymbols, unique))
      return true
    },
  }
}

/** MLIR's `CanonicalizeSingleResultAffineMinMaxOp<T>`: a one-result min/max is an `affine.apply`. */
function singleResultMinMax(rootName: string): CanonicalizationPattern {
  return {
    name: `CanonicalizeSingleResultAffineMinMaxOp<mlir::affine::${OP_CLASS[rootName]}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
      const map = (op.getAttr('map') as AffineMapAttr).value
      if (map.numResults !== 1) {
        return false
      }
      replaceWithMapOp(rewriter, op, 'affine.apply', op.getOperands(), map)
      return true
    },
  }
}

/**
 * MLIR's `MergeAffineMinMaxOp<T>`: a result that is a bare dim or symbol bound to the result of
 * another op of the same kind is replaced by that producer's results, whose dims and symbols
 * are appended after the consumer's own.
 */
function mergeMinMax(rootName: string): CanonicalizationPattern {
  return {
    name: `MergeAffineMinMaxOp<mlir::affine::${OP_CLASS[rootName]}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
      const map = (op.getAttr('map') as AffineMapAttr).value
      const operands = op.getOperands()
      const newDims: Value[] = operands.slice(0, map.numDims)
      const newSyms: Value[] = operands.slice(map.numDims, map.numDims + map.numSymbols)
      const exprs: AffineExpr[] = []
      const producers: Operation[] = []
      for (const e of map.results) {
        let bound: Value | undefined
        if (e instanceof AffineSymbolExpr) {
          bound = newSyms[e.position]
        } else if (e instanceof AffineDimExpr) {
          bound = newDims[e.position]
        }
        const producer = bound?.definingOp ?? null
        if (producer !== null && producer.name.name === rootName) {
          producers.push(producer)
        } else {
          exprs.push(e)
        }
      }
      if (producers.length === 0) {
        return false
      }
      let numDims = map.numDims
      let numSymbols = map.numSymbols
      for (const producer of producers) {
        const pmap = (producer.getAttr('map') as AffineMapAttr).value
        const pops = producer.getOperands()
        newDims.push(...pops.slice(0, pmap.numDims))
        newSyms.push(...pops.slice(pmap.numDims, pmap.numDims + pmap.numSymbols))
        exprs.push(...shiftSymbols(shiftDims(pmap, numDims), numSymbols).results)
        numDims += pmap.numDims
        numSymbols += pmap.numSymbols
      }
      replaceWithMapOp(rewriter, op, rootName, [...newDims, ...newSyms], AffineMap.get(map.context, numDims, numSymbols, exprs))
      return true
    },
  }
}

/** Lexicographic order of two coefficient rows of the same length. */
function compareRows(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return a[i]! < b[i]! ? -1 : 1
    }
  }
  return 0
}

/**
 * MLIR's `canonicalizeMapExprAndTermOrder`: the results of `map` sorted by their flattened
 * coefficient rows (dims, symbols, constant), or null when a result is not pure affine, needs
 * local variables, or the results are already sorted.
 */
function canonicalizeMapExprAndTermOrder(map: AffineMap): AffineMap | null {
  const rows: (readonly number[])[] = []
  for (const e of map.results) {
    const flat = flattenAffineExpr(e, map.numDims, map.numSymbols)
    if (flat === null || flat.numLocals !== 0) {
      return null
    }
    rows.push(flat.coefficients)
  }
  let sorted = true
  for (let i = 1; i < rows.length && sorted; i++) {
    sorted = compareRows(rows[i - 1]!, rows[i]!) <= 0
  }
  if (sorted) {
    return null
  }
  const order = rows.map((_, i) => i).sort((a, b) => compareRows(rows[a]!, rows[b]!))
  return AffineMap.get(map.context, map.numDims, map.numSymbols, order.map((i) => map.results[i]!))
}

/** MLIR's `CanonicalizeAffineMinMaxOpExprAndTermOrder<T>`: the map's results in canonical order. */
function orderMinMaxTerms(rootName: string): CanonicalizationPattern {
  return {
    name: `CanonicalizeAffineMinMaxOpExprAndTermOrder<mlir::affine::${OP_CLASS[rootName]}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
      const map = canonicalizeMapExprAndTermOrder((op.getAttr('map') as AffineMapAttr).value)
      if (map === null) {
        return false
      }
      replaceWithMapOp(rewriter, op, rootName, op.getOperands(), map)
      return true
    },
  }
}

/** The canonicalization patterns of `affine.min` (MLIR's set). */
export const affineMinPatterns: readonly CanonicalizationPattern[] = [
  singleResultMinMax('affine.min'),
  deduplicateMinMax('affine.min'),
  mergeMinMax('affine.min'),
  SimplifyAffineMin,
  orderMinMaxTerms('affine.min'),
]
/** The canonicalization patterns of `affine.max` (MLIR's set). */
export const affineMaxPatterns: readonly CanonicalizationPattern[] = [
  singleResultMinMax('affine.max'),
  deduplicateMinMax('affine.max'),
  mergeMinMax('affine.max'),
  SimplifyAffineMax,
  orderMinMaxTerms('affine.max'),
]

// ---- affine.for ------------------------------------------------------------------------------

/** The operand segment sizes of an `affine.for`: lower bound, upper bound, inits. */
function forSegments(op: Operation): [number, number, number] {
  const a = op.getAttr('operandSegmentSizes')
  const v = a instanceof DenseArrayAttr ? a.values.map(Number) : [0, 0, op.numOperands]
  return [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0]
}

/** The single constant of a one-result bound map (`isSingleConstant`), or null. */
function singleConstant(map: AffineMap): bigint | null {
  const e = map.numResults === 1 ? map.results[0]! : null
  return e instanceof AffineConstantExpr ? e.bigValue : null
}

/** MLIR's `getTrivialConstantTripCount`: constant bounds and a positive step, else null. */
export function trivialTripCount(op: Operation): bigint | null {
  const lb = singleConstant((op.getAttr('lowerBoundMap') as AffineMapAttr).value)
  const ub = singleConstant((op.getAttr('upperBoundMap') as AffineMapAttr).value)
  const step = stepOf(op)
  if (lb === null || ub === null || step <= 0n) {
    return null
  }
  return ub - lb <= 0n ? 0n : (ub - lb + step - 1n) / step
}

/** Replaces the lower (`isLower`) or upper bound of an `affine.for` with `map` over `operands`. */
function setForBound(op: Operation, isLower: boolean, operands: readonly Value[], map: AffineMap): void {
  const [numLb, numUb, numInits] = forSegments(op)
  const all = op.getOperands()
  const lb = isLower ? operands : all.slice(0, numLb)
  const ub = isLower ? all.slice(numLb, numLb + numUb) : operands
  op.setOperands([...lb, ...ub, ...all.slice(numLb + numUb)])
  op.setAttr('operandSegmentSizes', DenseArrayAttr.getI32(op.context, [lb.length, ub.length, numInits]))
  op.setAttr(isLower ? 'lowerBoundMap' : 'upperBoundMap', AffineMapAttr.get(map))
}

/** MLIR's `foldLoopBounds`: a bound whose operands are all constants becomes a constant map. */
function foldLoopBounds(op: Operation): boolean {
  let folded = false
  for (const isLower of [true, false]) {
    const name = isLower ? 'lowerBoundMap' : 'upperBoundMap'
    const map = (op.getAttr(name) as AffineMapAttr).value
    if (singleConstant(map) !== null) {
      continue
    }
    const [numLb, numUb] = forSegments(op)
    const operands = isLower ? op.getOperands().slice(0, numLb) : op.getOperands().slice(numLb, numLb + numUb)
    const constants = operands.map((v) => {
      const c = constantValue(v)
      return c === null ? null : IntegerAttr.get(IndexType.get(op.context), c)
    })
    let best: bigint | null = null
    let ok = true
    for (const e of map.results) {
      const v = constantFoldAffineExpr(e, map.numDims, constants)
      if (v === null) {
        ok = false
        break
      }
      best = best === null ? v : isLower ? (v > best ? v : best) : v < best ? v : best
    }
    if (!ok || best === null) {
      continue
    }
    setForBound(op, isLower, [], AffineMap.get(op.context, 0, 0, [AffineConstantExpr.get(op.context, best)]))
    folded = true
  }
  return folded
}

/** The IV bounds of `operands`, for `getBoundForAffineExpr`-style bound computation. */
function boundsOf(e: AffineExpr, map: AffineMap, operands: readonly Value[], upper: boolean): bigint | null {
  if (e instanceof AffineConstantExpr) {
    return e.bigValue
  }
  return exprBound(e, map.numDims, map.numSymbols, operands, upper)
}

/**
 * MLIR's `simplifyMinOrMaxExprWithOperands`: results that the operands' loop bounds prove
 * redundant in a max (`isMax`) or min are dropped; results with equal bounds become constants.
 */
function simplifyMinOrMaxExprWithOperands(map: AffineMap, operands: readonly Value[], isMax: boolean): AffineMap {
  if (operands.length === 0) {
    return map
  }
  const lower = map.results.map((e) => boundsOf(e, map, operands, false))
  const upper = map.results.map((e) => boundsOf(e, map, operands, true))
  const kept: AffineExpr[] = []
  for (let i = 0; i < map.numResults; i++) {
    let e = map.results[i]!
    if (lower[i] !== null && upper[i] !== null && lower[i] === upper[i]) {
      e = AffineConstantExpr.get(map.context, lower[i]!)
    }
    const mine = isMax ? upper[i]! : lower[i]!
    if (mine === null) {
      kept.push(e)
      continue
    }
    const redundant = (isMax ? lower : upper).some((other, pos) => {
      if (pos === i || other === null) {
        return false
      }
      if (isMax ? other > mine : other < mine) {
        return true
      }
      if (isMax ? other < mine : other > mine) {
        return false
      }
      // Equal bounds: of two constant results, the first one stays.
      const otherOwn = isMax ? upper[pos] : lower[pos]
      if (otherOwn !== null && lower[i] !== null && lower[i] === upper[i] && other === otherOwn && i < pos) {
        return false
      }
      return true
    })
    if (!redundant) {
      kept.push(e)
    }
  }
  return AffineMap.get(map.context, map.numDims, map.numSymbols, kept)
}

/** `map` without consecutive repeated results (MLIR's `removeDuplicateExprs`, a `std::unique`). */
function removeDuplicateExprs(map: AffineMap): AffineMap {
  const unique: AffineExpr[] = []
  for (const e of map.results) {
    if (unique[unique.length - 1] !== e) {
      unique.push(e)
    }
  }
  return unique.length === map.numResults ? map : AffineMap.get(map.context, map.numDims, map.numSymbols, unique)
}

/** MLIR's `canonicalizeLoopBounds` for `affine.for`: only a changed map counts as a change. */
function canonicalizeForBounds(op: Operation): boolean {
  const [numLb, numUb] = forSegments(op)
  const all = op.getOperands()
  const prevLb = (op.getAttr('lowerBoundMap') as AffineMapAttr).value
  const prevUb = (op.getAttr('upperBoundMap') as AffineMapAttr).value
  const lb: MapAndOperands = { map: prevLb, operands: all.slice(0, numLb) }
  const ub: MapAndOperands = { map: prevUb, operands: all.slice(numLb, numLb + numUb) }
  composeAffineMapAndOperands(lb)
  canonicalizeMapAndOperands(lb)
  lb.map = simplifyMinOrMaxExprWithOperands(lb.map, lb.operands, true)
  ub.map = simplifyMinOrMaxExprWithOperands(ub.map, ub.operands, false)
  lb.map = removeDuplicateExprs(lb.map)
  composeAffineMapAndOperands(ub)
  canonicalizeMapAndOperands(ub)
  ub.map = removeDuplicateExprs(ub.map)
  if (lb.map === prevLb && ub.map === prevUb) {
    return false
  }
  if (lb.map !== prevLb) {
    setForBound(op, true, lb.operands, lb.map)
  }
  if (ub.map !== prevUb) {
    setForBound(op, false, ub.operands, ub.map)
  }
  return true
}

/**
 * MLIR's `AffineForOp::fold`: constant bounds folded, bounds canonicalized (in place), and a
 * zero-trip loop with results folded to its init values.
 */
export function foldAffineFor(op: Operation): readonly Value[] | Operation | undefined {
  let folded = foldLoopBounds(op)
  folded = canonicalizeForBounds(op) || folded
  if (trivialTripCount(op) === 0n && op.numResults > 0) {
    return op.getOperands().slice(op.numOperands - forSegments(op)[2])
  }
  return folded ? op : undefined
}

/** MLIR's `AffineForEmptyLoopFolder`: a loop whose body only yields is replaced by what it yields. */
export const AffineForEmptyLoopFolder: CanonicalizationPattern = {
  name: 'AffineForEmptyLoopFolder',
  rootName: 'affine.for',
  benefit: 1,
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
    const body = op.getRegion(0).firstBlock
    if (body === null || body.firstOp !== body.lastOp || op.numResults === 0) {
      return false
    }
    const [, , numInits] = forSegments(op)
    const inits = op.getOperands().slice(op.numOperands - numInits)
    const tripCount = trivialTripCount(op)
    if (tripCount === 0n) {
      rewriter.replaceOp(op, inits)
      return true
    }
    const yielded = body.lastOp!.getOperands()
    const iterArgs = body.arguments.slice(1)
    const iv = body.arguments[0]!
    const replacements: Value[] = []
    let outside = false
    let outOfOrder = false
    for (let i = 0; i < yielded.length; i++) {
      const v = yielded[i]!
      if (v === iv) {
        return false
      }
      const pos = iterArgs.indexOf(v as BlockArgument)
      if (pos < 0) {
        outside = true
        replacements.push(v)
      } else {
        if (pos !== i) {
          outOfOrder = true
        }
        replacements.push(inits[pos]!)
      }
    }
    if (tripCount === null && (outside || outOfOrder)) {
      return false
    }
    if (tripCount !== null && tripCount >= 2n && outOfOrder) {
      return false
    }
    rewriter.replaceOp(op, replacements)
    return true
  },
}

// ---- affine.if -------------------------------------------------------------------------------

/**
 * MLIR's `AffineIfOp::fold`: the condition composed with the `affine.apply` ops feeding it
 * (its constraints taken as the results of a map) and canonicalized with its operands, in place.
 */
export function foldAffineIf(op: Operation): Operation | undefined {
  const set = (op.getAttr('condition') as IntegerSetAttr).value
  const operands = op.getOperands()
  const m: MapAndOperands = { map: AffineMap.get(op.context, set.numDims, set.numSymbols, set.constraints), operands: [...operands] }
  if (operands.some((v) => v.definingOp !== null && v.definingOp.name.name === 'affine.apply')) {
    composeAffineMapAndOperands(m)
  }
  canonicalizeMapAndOperands(m)
  const next = IntegerSet.get(op.context, m.map.numDims, m.map.numSymbols, m.map.results, set.eqFlags)
  if (next === set && m.operands.length === operands.length && m.operands.every((v, i) => v === operands[i])) {
    return undefined
  }
  op.setOperands(m.operands)
  op.setAttr('condition', IntegerSetAttr.get(next))
  return op
}

/** MLIR's `SimplifyDeadElse`: an else region holding only its terminator is dropped (no results). */
export const SimplifyDeadElse: CanonicalizationPattern = {
  name: 'SimplifyDeadElse',
  rootName: 'affine.if',
  benefit: 1,
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
    const elseBlock = op.getRegion(1).firstBlock
    if (elseBlock === null || elseBlock.firstOp !== elseBlock.lastOp || op.numResults > 0) {
      return false
    }
    rewriter.modifyOpInPlace(op, () => elseBlock.erase())
    return true
  },
}

/** MLIR's `AlwaysTrueOrFalseIf`: the canonical empty set `(1 == 0)` and `(0 == 0)` select a region. */
export const AlwaysTrueOrFalseIf: CanonicalizationPattern = {
  name: 'AlwaysTrueOrFalseIf',
  rootName: 'affine.if',
  benefit: 1,
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
    const set = (op.getAttr('condition') as IntegerSetAttr).value
    const single = set.constraints.length === 1 && set.eqFlags[0] === true ? set.constraints[0]! : null
    const value = single instanceof AffineConstantExpr ? single.bigValue : null
    const isFalse = value === 1n
    const isTrue = value === 0n
    let block
    if (isFalse) {
      const elseBlock = op.getRegion(1).firstBlock
      if (op.numResults === 0 && elseBlock === null) {
        rewriter.eraseOp(op)
        return true
      }
      block = elseBlock!
    } else if (isTrue) {
      block = op.getRegion(0).firstBlock!
    } else {
      return false
    }
    const terminator = block.lastOp!
    const results = terminator.getOperands()
    rewriter.inlineBlockBefore(block, op)
    rewriter.replaceOp(op, results)
    rewriter.eraseOp(terminator)
    return true
  },
}
