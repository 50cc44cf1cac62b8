import {
  AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineExprKind,
  type AffineDimExpr,
  type AffineExpr,
  type AffineSymbolExpr,
} from '../AffineMap.ts'

/**
 * Construction of affine expressions with MLIR's construction-time simplifications
 * (constant folding, `e + 0`, `e * 1`, constants and symbols moved to the right,
 * successive constants merged, multiples folded), so that the built expression prints
 * as MLIR prints it.
 */

function isConst(e: AffineExpr): e is AffineConstantExpr {
  return e.kind === AffineExprKind.Constant
}
function asBin(e: AffineExpr): AffineBinaryOpExpr | null {
  return e.kind <= AffineExprKind.CeilDiv ? (e as AffineBinaryOpExpr) : null
}
function constant(ref: AffineExpr, v: number): AffineConstantExpr {
  return AffineConstantExpr.get(ref.context, v)
}

/** True when the expression has no dimension identifiers. */
export function isSymbolicOrConstant(e: AffineExpr): boolean {
  switch (e.kind) {
    case AffineExprKind.Constant:
    case AffineExprKind.SymbolId:
      return true
    case AffineExprKind.DimId:
      return false
    default: {
      const b = e as AffineBinaryOpExpr
      return isSymbolicOrConstant(b.lhs) && isSymbolicOrConstant(b.rhs)
    }
  }
}

/** True when the expression is affine in the dimensions and symbols (MLIR's `isPureAffine`). */
export function isPureAffine(e: AffineExpr): boolean {
  switch (e.kind) {
    case AffineExprKind.Constant:
    case AffineExprKind.SymbolId:
    case AffineExprKind.DimId:
      return true
    case AffineExprKind.Add: {
      const b = e as AffineBinaryOpExpr
      return isPureAffine(b.lhs) && isPureAffine(b.rhs)
    }
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      return isPureAffine(b.lhs) && isPureAffine(b.rhs) && (isConst(b.lhs) || isConst(b.rhs))
    }
    default: {
      const b = e as AffineBinaryOpExpr
      return isPureAffine(b.lhs) && isConst(b.rhs)
    }
  }
}

/**
 * True when both operands are identifiers of the same kind (two dimensions or two symbols)
 * with the left one at a higher position: MLIR swaps them (`d1 + d0` becomes `d0 + d1`).
 */
function identifiersOutOfOrder(lhs: AffineExpr, rhs: AffineExpr): boolean {
  if (lhs.kind !== rhs.kind || (lhs.kind !== AffineExprKind.DimId && lhs.kind !== AffineExprKind.SymbolId)) {
    return false
  }
  return (lhs as AffineDimExpr | AffineSymbolExpr).position > (rhs as AffineDimExpr | AffineSymbolExpr).position
}

/** @internal The greatest common divisor of `|a|` and `|b|`. */
export function gcd(a: number, b: number): number {
  a = Math.abs(a)
  b = Math.abs(b)
  while (b !== 0) {
    const t = a % b
    a = b
    b = t
  }
  return a
}

/** The largest integer known to divide the expression's value. */
export function largestKnownDivisor(e: AffineExpr): number {
  switch (e.kind) {
    case AffineExprKind.DimId:
    case AffineExprKind.SymbolId:
      return 1
    case AffineExprKind.Constant:
      return Math.abs((e as AffineConstantExpr).value)
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      return Math.abs(largestKnownDivisor(b.lhs) * largestKnownDivisor(b.rhs))
    }
    case AffineExprKind.Add:
    case AffineExprKind.Mod: {
      const b = e as AffineBinaryOpExpr
      return gcd(largestKnownDivisor(b.lhs), largestKnownDivisor(b.rhs))
    }
    default: {
      const b = e as AffineBinaryOpExpr
      if (isConst(b.rhs) && b.rhs.value !== 0) {
        const l = largestKnownDivisor(b.lhs)
        if (l % b.rhs.value === 0) {
          return Math.abs(l / b.rhs.value)
        }
      }
      return 1
    }
  }
}

const INT64_MIN = -(1n << 63n)
const INT64_MAX = (1n << 63n) - 1n

/** `a + b` of two constants, wrapping at 64 bits as MLIR's `int64_t` sum does. */
function addConst(ref: AffineExpr, a: AffineConstantExpr, b: AffineConstantExpr): AffineConstantExpr {
  if (a.exactValue === null && b.exactValue === null) {
    const sum = a.value + b.value
    if (Number.isSafeInteger(sum)) {
      return constant(ref, sum)
    }
  }
  return AffineConstantExpr.get(ref.context, BigInt.asIntN(64, a.bigValue + b.bigValue))
}

/** `a * b` of two constants, or null on 64-bit overflow (MLIR then keeps the product unfolded). */
function mulConst(ref: AffineExpr, a: AffineConstantExpr, b: AffineConstantExpr): AffineConstantExpr | null {
  if (a.exactValue === null && b.exactValue === null) {
    const product = a.value * b.value
    if (Number.isSafeInteger(product)) {
      return constant(ref, product)
    }
  }
  const product = a.bigValue * b.bigValue
  return product < INT64_MIN || product > INT64_MAX ? null : AffineConstantExpr.get(ref.context, product)
}

/** Floor division, ceiling division or modulo of two constants (`b` non-zero), exact beyond 2^53. */
function divConst(ref: AffineExpr, kind: AffineExprKind, a: AffineConstantExpr, b: AffineConstantExpr): AffineConstantExpr {
  if (a.exactValue === null && b.exactValue === null) {
    return constant(ref, kind === AffineExprKind.FloorDiv ? floorDivInt(a.value, b.value) : kind === AffineExprKind.CeilDiv ? ceilDivInt(a.value, b.value) : modInt(a.value, b.value))
  }
  const x = a.bigValue
  const y = b.bigValue
  const q = x / y
  const r = x % y
  let v: bigint
  if (kind === AffineExprKind.Mod) {
    v = r < 0n ? r + (y < 0n ? -y : y) : r
  } else if (kind === AffineExprKind.FloorDiv) {
    v = r !== 0n && r < 0n !== y < 0n ? q - 1n : q
  } else {
    v = r !== 0n && r < 0n === y < 0n ? q + 1n : q
  }
  return AffineConstantExpr.get(ref.context, BigInt.asIntN(64, v))
}

function floorDivInt(a: number, b: number): number {
  return Math.floor(a / b)
}
function ceilDivInt(a: number, b: number): number {
  return Math.ceil(a / b)
}
function modInt(a: number, b: number): number {
  const m = a % b
  return m < 0 ? m + Math.abs(b) : m
}

/** `lhs + rhs`, simplified. */
export function affineAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyAdd(lhs, rhs) ?? AffineBinaryOpExpr.getRaw(AffineExprKind.Add, lhs, rhs)
}

function simplifyAdd(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  if (isConst(lhs) && isConst(rhs)) {
    return addConst(lhs, lhs, rhs)
  }
  // Constants, then symbolic terms, go to the right.
  if (isConst(lhs) || (isSymbolicOrConstant(lhs) && !isSymbolicOrConstant(rhs))) {
    return affineAdd(rhs, lhs)
  }
  if (identifiersOutOfOrder(lhs, rhs)) {
    return affineAdd(rhs, lhs)
  }
  if (isConst(rhs) && rhs.value === 0) {
    return lhs
  }
  const lBin = asBin(lhs)
  if (lBin !== null && isConst(rhs) && lBin.kind === AffineExprKind.Add && isConst(lBin.rhs)) {
    return affineAdd(lBin.lhs, addConst(lhs, lBin.rhs, rhs))
  }
  // c1 * e + c2 * e -> (c1 + c2) * e.
  let lCoeff: AffineConstantExpr | null = null
  let first = lhs
  if (lBin !== null && lBin.kind === AffineExprKind.Mul && isConst(lBin.rhs)) {
    lCoeff = lBin.rhs
    first = lBin.lhs
  }
  const rBin = asBin(rhs)
  let rCoeff: AffineConstantExpr | null = null
  let second = rhs
  if (rBin !== null && rBin.kind === AffineExprKind.Mul && isConst(rBin.rhs)) {
    rCoeff = rBin.rhs
    second = rBin.lhs
  }
  if (first === second) {
    return affineMul(first, addConst(lhs, lCoeff ?? constant(lhs, 1), rCoeff ?? constant(lhs, 1)))
  }
  // (e + c) + f -> (e + f) + c.
  if (lBin !== null && lBin.kind === AffineExprKind.Add && isConst(lBin.rhs)) {
    return affineAdd(affineAdd(lBin.lhs, rhs), lBin.rhs)
  }
  if (rBin !== null && rBin.kind === AffineExprKind.Mul) {
    const fd = asBin(rBin.lhs)
    if (fd !== null && fd.kind === AffineExprKind.FloorDiv) {
      // e + (e floordiv c) * -c -> e mod c.
      if (isConst(rBin.rhs) && isConst(fd.rhs) && fd.rhs.value === -rBin.rhs.value && fd.lhs === lhs) {
        return affineMod(lhs, fd.rhs)
      }
      // (a + b) + (x floordiv c) * k -> a + (b + (x floordiv c) * k) when the inner sum
      // simplifies (MLIR looks for the mod pattern one summand deeper).
      if (lBin !== null && lBin.kind === AffineExprKind.Add) {
        const inner = simplifyAdd(lBin.rhs, rhs)
        if (inner !== null) {
          return affineAdd(lBin.lhs, inner)
        }
      }
    }
  }
  return null
}

/** `lhs * rhs`, simplified. */
export function affineMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMul(lhs, rhs) ?? AffineBinaryOpExpr.getRaw(AffineExprKind.Mul, lhs, rhs)
}

function simplifyMul(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  if (isConst(lhs) && isConst(rhs)) {
    return mulConst(lhs, lhs, rhs)
  }
  if (!isSymbolicOrConstant(lhs) && !isSymbolicOrConstant(rhs)) {
    return null
  }
  if (!isSymbolicOrConstant(rhs) || isConst(lhs)) {
    return affineMul(rhs, lhs)
  }
  if (identifiersOutOfOrder(lhs, rhs)) {
    return affineMul(rhs, lhs)
  }
  if (isConst(rhs)) {
    if (rhs.value === 1) {
      return lhs
    }
    if (rhs.value === 0) {
      return rhs
    }
  }
  const lBin = asBin(lhs)
  if (lBin !== null && lBin.kind === AffineExprKind.Mul && isConst(lBin.rhs)) {
    if (isConst(rhs)) {
      const product = mulConst(lhs, lBin.rhs, rhs)
      if (product !== null) {
        return affineMul(lBin.lhs, product)
      }
      return null
    }
    return affineMul(affineMul(lBin.lhs, rhs), lBin.rhs)
  }
  return null
}

/** `lhs floordiv rhs`, simplified. */
export function affineFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyFloorDiv(lhs, rhs) ?? AffineBinaryOpExpr.getRaw(AffineExprKind.FloorDiv, lhs, rhs)
}

function simplifyFloorDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  if (isConst(lhs) && isConst(rhs) && rhs.value !== 0) {
    return divConst(lhs, AffineExprKind.FloorDiv, lhs, rhs)
  }
  if (!isConst(rhs) || rhs.value < 1) {
    return null
  }
  const c = rhs.value
  if (isConst(lhs)) {
    return divConst(lhs, AffineExprKind.FloorDiv, lhs, rhs)
  }
  if (c === 1) {
    return lhs
  }
  const lBin = asBin(lhs)
  if (lBin !== null && lBin.kind === AffineExprKind.Mul && isConst(lBin.rhs) && lBin.rhs.value % c === 0) {
    return affineMul(lBin.lhs, constant(lhs, lBin.rhs.value / c))
  }
  if (lBin !== null && lBin.kind === AffineExprKind.Add) {
    if (largestKnownDivisor(lBin.lhs) % c === 0 || largestKnownDivisor(lBin.rhs) % c === 0) {
      return affineAdd(affineFloorDiv(lBin.lhs, rhs), affineFloorDiv(lBin.rhs, rhs))
    }
  }
  return null
}

/** `lhs ceildiv rhs`, simplified. */
export function affineCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyCeilDiv(lhs, rhs) ?? AffineBinaryOpExpr.getRaw(AffineExprKind.CeilDiv, lhs, rhs)
}

function simplifyCeilDiv(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  if (isConst(lhs) && isConst(rhs) && rhs.value !== 0) {
    return divConst(lhs, AffineExprKind.CeilDiv, lhs, rhs)
  }
  if (!isConst(rhs) || rhs.value < 1) {
    return null
  }
  const c = rhs.value
  if (isConst(lhs)) {
    return divConst(lhs, AffineExprKind.CeilDiv, lhs, rhs)
  }
  if (c === 1) {
    return lhs
  }
  const lBin = asBin(lhs)
  if (lBin !== null && lBin.kind === AffineExprKind.Mul && isConst(lBin.rhs) && lBin.rhs.value % c === 0) {
    return affineMul(lBin.lhs, constant(lhs, lBin.rhs.value / c))
  }
  return null
}

/** `lhs mod rhs`, simplified. */
export function affineMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return simplifyMod(lhs, rhs) ?? AffineBinaryOpExpr.getRaw(AffineExprKind.Mod, lhs, rhs)
}

function simplifyMod(lhs: AffineExpr, rhs: AffineExpr): AffineExpr | null {
  if (isConst(lhs) && isConst(rhs) && rhs.value !== 0) {
    return divConst(lhs, AffineExprKind.Mod, lhs, rhs)
  }
  if (!isConst(rhs) || rhs.value < 1) {
    return null
  }
  const c = rhs.value
  if (isConst(lhs)) {
    return divConst(lhs, AffineExprKind.Mod, lhs, rhs)
  }
  if (largestKnownDivisor(lhs) % c === 0) {
    return constant(lhs, 0)
  }
  const lBin = asBin(lhs)
  if (lBin !== null && lBin.kind === AffineExprKind.Add) {
    if (largestKnownDivisor(lBin.lhs) % c === 0) {
      return affineMod(lBin.rhs, rhs)
    }
    if (largestKnownDivisor(lBin.rhs) % c === 0) {
      return affineMod(lBin.lhs, rhs)
    }
  }
  if (lBin !== null && lBin.kind === AffineExprKind.Mod && isConst(lBin.rhs)) {
    const inner = lBin.rhs.value
    if (inner >= 1 && modInt(inner, c) === 0) {
      return affineMod(lBin.lhs, rhs)
    }
  }
  return null
}

/** `-e`, built as `e * -1`. */
export function affineNeg(e: AffineExpr): AffineExpr {
  return affineMul(e, constant(e, -1))
}

/** `lhs - rhs`, built as `lhs + rhs * -1`. */
export function affineSub(lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  return affineAdd(lhs, affineNeg(rhs))
}

/**
 * `e` with every `dN` replaced by `dims[N]` and every `sN` by `symbols[N]`, rebuilt through
 * the simplifying constructors (MLIR's `AffineExpr::replaceDimsAndSymbols`). Positions
 * past the end of a replacement list are kept.
 */
export function replaceDimsAndSymbols(e: AffineExpr, dims: readonly AffineExpr[], symbols: readonly AffineExpr[]): AffineExpr {
  switch (e.kind) {
    case AffineExprKind.Constant:
      return e
    case AffineExprKind.DimId:
      return dims[(e as AffineDimExpr).position] ?? e
    case AffineExprKind.SymbolId:
      return symbols[(e as AffineSymbolExpr).position] ?? e
    default: {
      const b = e as AffineBinaryOpExpr
      const lhs = replaceDimsAndSymbols(b.lhs, dims, symbols)
      const rhs = replaceDimsAndSymbols(b.rhs, dims, symbols)
      return lhs === b.lhs && rhs === b.rhs ? e : affineBinary(e.kind, lhs, rhs)
    }
  }
}

/** `lhs <kind> rhs` for a binary kind, built with the simplifying constructors. */
export function affineBinary(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr): AffineExpr {
  switch (kind) {
    case AffineExprKind.Add:
      return affineAdd(lhs, rhs)
    case AffineExprKind.Mul:
      return affineMul(lhs, rhs)
    case AffineExprKind.Mod:
      return affineMod(lhs, rhs)
    case AffineExprKind.FloorDiv:
      return affineFloorDiv(lhs, rhs)
    default:
      return affineCeilDiv(lhs, rhs)
  }
}
