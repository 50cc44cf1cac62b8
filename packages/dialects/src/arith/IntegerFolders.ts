import {
  type DenseIntOrFPElementsAttr,
  type IntegerAttr,
  ShapedType,
  type Operation,
  type Value,
} from '@tilepass/ir'
import {
  IntegerOverflowFlags,
} from './ArithAttributes.ts'
import {
  constFoldBinary,
  getConstantIntValue,
  getI1SameShape,
  getZeroAttr,
  isAllOnes,
  isOneInt,
  isZeroInt,
  signedMax,
  signedMin,
  toSigned,
  toUnsigned,
} from './ConstantFold.ts'
import { defOp, elementWidth, one, some, overflowFlags, foldInt, getConstantAttr, type FoldResult, type Operands } from './FoldHelpers.ts'

// ---- integer arithmetic ----------------------------------------------------------------

/** `arith.addi`: x + 0, (a - b) + b, b + (a - b), constants. */
export function foldAddI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  if (isZeroInt(operands[1])) {
    return one(lhs)
  }
  const subL = defOp(lhs, 'arith.subi')
  if (subL !== null && subL.getOperand(1) === rhs) {
    return one(subL.getOperand(0))
  }
  const subR = defOp(rhs, 'arith.subi')
  if (subR !== null && subR.getOperand(1) === lhs) {
    return one(subR.getOperand(0))
  }
  return foldInt(op, operands, (a, b) => a + b)
}

/** `arith.subi`: x - x, x - 0, (a + b) - b, (a + b) - a, constants. */
export function foldSubI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  if (lhs === rhs) {
    const type = op.getResult(0).type
    if (!(type instanceof ShapedType) || type.hasStaticShape) {
      return some(getZeroAttr(type))
    }
  }
  if (isZeroInt(operands[1])) {
    return one(lhs)
  }
  const add = defOp(lhs, 'arith.addi')
  if (add !== null) {
    if (rhs === add.getOperand(1)) {
      return one(add.getOperand(0))
    }
    if (rhs === add.getOperand(0)) {
      return one(add.getOperand(1))
    }
  }
  return foldInt(op, operands, (a, b) => a - b)
}

/** `arith.muli`: x * 0, x * 1, constants. */
export function foldMulI(op: Operation, operands: Operands): FoldResult {
  if (isZeroInt(operands[1])) {
    return one(op.getOperand(1))
  }
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  return foldInt(op, operands, (a, b) => a * b)
}

function foldDivMul(lhs: Value, rhs: Value, flags: number): Value | undefined {
  const mul = defOp(lhs, 'arith.muli')
  if (mul === null || (overflowFlags(mul) & flags) !== flags) {
    return undefined
  }
  if (mul.getOperand(0) === rhs) {
    return mul.getOperand(1)
  }
  if (mul.getOperand(1) === rhs) {
    return mul.getOperand(0)
  }
  return undefined
}

/** `arith.divui`: x / 1, (a * b) / b with nuw, constants (not by zero). */
export function foldDivUI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  const v = foldDivMul(op.getOperand(0), op.getOperand(1), IntegerOverflowFlags.nuw)
  if (v !== undefined) {
    return one(v)
  }
  return foldInt(op, operands, (a, b, w) => (b === 0n ? undefined : toUnsigned(a, w) / toUnsigned(b, w)))
}

/** `arith.divsi`: x / 1, (a * b) / b with nsw, constants (not by zero, not overflowing). */
export function foldDivSI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  const v = foldDivMul(op.getOperand(0), op.getOperand(1), IntegerOverflowFlags.nsw)
  if (v !== undefined) {
    return one(v)
  }
  return foldInt(op, operands, (a, b, w) => {
    if (b === 0n || (a === signedMin(w) && b === -1n)) {
      return undefined
    }
    return a / b
  })
}

/** `arith.ceildivui`: x / 1, constants rounding up (not by zero, not overflowing). */
export function foldCeilDivUI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  return foldInt(op, operands, (a, b, w) => {
    if (b === 0n) {
      return undefined
    }
    const ua = toUnsigned(a, w)
    const ub = toUnsigned(b, w)
    const q = ua / ub
    if (ua % ub === 0n) {
      return q
    }
    const r = q + 1n
    return r >> BigInt(w) !== 0n ? undefined : r
  })
}

function fitsSigned(v: bigint, w: number): boolean {
  return v >= signedMin(w) && v <= signedMax(w)
}

/** `arith.ceildivsi`: x / 1, constants rounding up (not by zero, not overflowing). */
export function foldCeilDivSI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  return foldInt(op, operands, (a, b, w) => {
    if (b === 0n) {
      return undefined
    }
    if (a === 0n) {
      return a
    }
    // Every intermediate negation and division must stay in range, as with APInt's *_ov.
    const neg = (x: bigint): bigint | undefined => (fitsSigned(-x, w) ? -x : undefined)
    const ceilPos = (x: bigint, y: bigint): bigint | undefined => {
      const r = (x - 1n) / y + 1n
      return fitsSigned(r, w) ? r : undefined
    }
    if (a > 0n && b > 0n) {
      return ceilPos(a, b)
    }
    if (a < 0n && b < 0n) {
      const pa = neg(a)
      const pb = neg(b)
      return pa === undefined || pb === undefined ? undefined : ceilPos(pa, pb)
    }
    if (a < 0n) {
      const pa = neg(a)
      if (pa === undefined) {
        return undefined
      }
      return neg(pa / b)
    }
    const pb = neg(b)
    if (pb === undefined) {
      return undefined
    }
    return neg(a / pb)
  })
}

/**
 * `arith.floordivsi`: x / 1, constants rounding down. As upstream, the "overflow or
 * division by zero" flag is assigned per element, not accumulated: a division by zero
 * in one lane only blocks the fold when no later lane divides without overflow (a lane
 * by zero keeps its dividend).
 */
export function foldFloorDivSI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  const w = elementWidth(op.getOperand(0).type)
  let overflowOrDiv0 = false
  const folded = foldInt(op, operands, (a, b) => {
    if (b === 0n) {
      overflowOrDiv0 = true
      return a
    }
    overflowOrDiv0 = a === signedMin(w) && b === -1n
    if (overflowOrDiv0) {
      return a
    }
    const q = a / b
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
  })
  return overflowOrDiv0 ? undefined : folded
}

/** `arith.remui`: x % 1, constants (not by zero). */
export function foldRemUI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return some(getZeroAttr(op.getResult(0).type))
  }
  return foldInt(op, operands, (a, b, w) => (b === 0n ? undefined : toUnsigned(a, w) % toUnsigned(b, w)))
}

/** `arith.remsi`: x % 1, constants (not by zero). */
export function foldRemSI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return some(getZeroAttr(op.getResult(0).type))
  }
  return foldInt(op, operands, (a, b) => (b === 0n ? undefined : a % b))
}

function isNotOf(v: Value, x: Value): boolean {
  const xor = defOp(v, 'arith.xori')
  if (xor === null || xor.getOperand(0) !== x) {
    return false
  }
  const c = getConstantIntValue(getConstantAttr(xor.getOperand(1)))
  return c !== undefined && isAllOnes(c, elementWidth(v.type))
}

/** `arith.andi`: x & 0, x & ~0, x & ~x, a & (a & b), constants. */
export function foldAndI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const w = elementWidth(lhs.type)
  if (isZeroInt(operands[1])) {
    return one(rhs)
  }
  const c = getConstantIntValue(operands[1])
  if (c !== undefined && isAllOnes(c, w)) {
    return one(lhs)
  }
  if (isNotOf(rhs, lhs) || isNotOf(lhs, rhs)) {
    return some(getZeroAttr(op.getResult(0).type))
  }
  for (let i = 0; i < 2; i++) {
    const prev = defOp(i === 0 ? lhs : rhs, 'arith.andi')
    if (prev === null) {
      continue
    }
    const other = i === 0 ? rhs : lhs
    if (other === prev.getOperand(0) || other === prev.getOperand(1)) {
      return one(prev.getResult(0))
    }
  }
  return foldInt(op, operands, (a, b) => a & b)
}

/** `arith.ori`: x | 0, x | ~0, x | ~x, constants. */
export function foldOrI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const c = getConstantIntValue(operands[1])
  if (c !== undefined) {
    if (c === 0n) {
      return one(lhs)
    }
    if (isAllOnes(c, elementWidth(lhs.type))) {
      return one(operands[1]!)
    }
  }
  if (isNotOf(rhs, lhs)) {
    return one(rhs.definingOp!.getOperand(1))
  }
  if (isNotOf(lhs, rhs)) {
    return one(lhs.definingOp!.getOperand(1))
  }
  return foldInt(op, operands, (a, b) => a | b)
}

/** `arith.xori`: x ^ 0, x ^ x, (x ^ a) ^ a and its commuted forms, constants. */
export function foldXOrI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  if (isZeroInt(operands[1])) {
    return one(lhs)
  }
  if (lhs === rhs) {
    return some(getZeroAttr(op.getResult(0).type))
  }
  const prevL = defOp(lhs, 'arith.xori')
  if (prevL !== null) {
    if (prevL.getOperand(1) === rhs) {
      return one(prevL.getOperand(0))
    }
    if (prevL.getOperand(0) === rhs) {
      return one(prevL.getOperand(1))
    }
  }
  const prevR = defOp(rhs, 'arith.xori')
  if (prevR !== null) {
    if (prevR.getOperand(1) === lhs) {
      return one(prevR.getOperand(0))
    }
    if (prevR.getOperand(0) === lhs) {
      return one(prevR.getOperand(1))
    }
  }
  return foldInt(op, operands, (a, b) => a ^ b)
}

/**
 * Constant shifts. As upstream, the fold is dropped when the shift amount of the LAST
 * element evaluated is out of range (>= the bit width); earlier out-of-range elements
 * take APInt's result for such shifts (`outOfRange`).
 */
function shiftFold(op: Operation, operands: Operands, fn: (a: bigint, b: bigint, w: number) => bigint, outOfRange: (a: bigint) => bigint): FoldResult {
  if (isZeroInt(operands[1])) {
    return one(op.getOperand(0))
  }
  let bounded = false
  const r = foldInt(op, operands, (a, b, w) => {
    const ub = toUnsigned(b, w)
    bounded = ub < BigInt(w)
    return bounded ? fn(a, ub, w) : outOfRange(a)
  })
  return bounded ? r : undefined
}

/** `arith.shli`: x << 0, constants (see `shiftFold` for out-of-range amounts). */
export function foldShLI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(
    op,
    operands,
    (a, b) => a << b,
    () => 0n,
  )
}

/** `arith.shrui`: x >> 0, constants (see `shiftFold` for out-of-range amounts). */
export function foldShRUI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(
    op,
    operands,
    (a, b, w) => toUnsigned(a, w) >> b,
    () => 0n,
  )
}

/** `arith.shrsi`: x >> 0, constants (see `shiftFold` for out-of-range amounts: the sign fills). */
export function foldShRSI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(
    op,
    operands,
    (a, b) => a >> b,
    (a) => (a < 0n ? -1n : 0n),
  )
}

function minMaxFold(op: Operation, operands: Operands, absorbing: (c: bigint, w: number) => boolean, identity: (c: bigint, w: number) => boolean, fn: (a: bigint, b: bigint, w: number) => bigint): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  if (lhs === rhs) {
    return one(rhs)
  }
  const c = getConstantIntValue(operands[1])
  if (c !== undefined) {
    const w = elementWidth(lhs.type)
    if (absorbing(c, w)) {
      return one(rhs)
    }
    if (identity(c, w)) {
      return one(lhs)
    }
  }
  return foldInt(op, operands, fn)
}

const isSMax = (c: bigint, w: number): boolean => toSigned(c, w) === signedMax(w)
const isSMin = (c: bigint, w: number): boolean => toSigned(c, w) === signedMin(w)
const isUMax = (c: bigint, w: number): boolean => isAllOnes(c, w)
const isUMin = (c: bigint, w: number): boolean => toUnsigned(c, w) === 0n

/** `arith.maxsi`: max(x, x), max(x, SMAX), max(x, SMIN), constants. */
export function foldMaxSI(op: Operation, operands: Operands): FoldResult {
  return minMaxFold(op, operands, isSMax, isSMin, (a, b) => (a > b ? a : b))
}

/** `arith.maxui`: max(x, x), max(x, UMAX), max(x, 0), constants. */
export function foldMaxUI(op: Operation, operands: Operands): FoldResult {
  return minMaxFold(op, operands, isUMax, isUMin, (a, b, w) => (toUnsigned(a, w) > toUnsigned(b, w) ? a : b))
}

/** `arith.minsi`: min(x, x), min(x, SMIN), min(x, SMAX), constants. */
export function foldMinSI(op: Operation, operands: Operands): FoldResult {
  return minMaxFold(op, operands, isSMin, isSMax, (a, b) => (a < b ? a : b))
}

/** `arith.minui`: min(x, x), min(x, 0), min(x, UMAX), constants. */
export function foldMinUI(op: Operation, operands: Operands): FoldResult {
  return minMaxFold(op, operands, isUMin, isUMax, (a, b, w) => (toUnsigned(a, w) < toUnsigned(b, w) ? a : b))
}

// ---- extended arithmetic ---------------------------------------------------------------

/** `arith.addui_extended`: x + 0 (no overflow), constants with the carry bit. */
export function foldAddUIExtended(op: Operation, operands: Operands): FoldResult {
  const overflowTy = op.getResult(1).type
  // Upstream matches the operand's defining constant op (m_Zero), not the constant operands
  // a caller such as sccp simulates.
  if (isZeroInt(getConstantAttr(op.getOperand(1)))) {
    const f = getZeroAttr(overflowTy)
    return f === undefined ? undefined : [op.getOperand(0), f]
  }
  const w = elementWidth(op.getOperand(0).type)
  const sum = constFoldBinary(operands[0], operands[1], true, (a, b) => (a as bigint) + (b as bigint))
  if (sum === undefined) {
    return undefined
  }
  const carry = constFoldBinary(
    sum,
    operands[0],
    true,
    (s, a) => (toUnsigned(s as bigint, w) < toUnsigned(a as bigint, w) ? -1n : 0n),
    getI1SameShape((sum as IntegerAttr | DenseIntOrFPElementsAttr).type),
  )
  return carry === undefined ? undefined : [sum, carry]
}

function mulExtended(op: Operation, operands: Operands, signed: boolean): FoldResult {
  if (isZeroInt(operands[1])) {
    return [operands[1]!, operands[1]!]
  }
  if (!signed && isOneInt(operands[1], op.getOperand(1).type)) {
    const z = getZeroAttr(op.getOperand(0).type)
    return z === undefined ? undefined : [op.getOperand(0), z]
  }
  const w = elementWidth(op.getOperand(0).type)
  const low = constFoldBinary(operands[0], operands[1], true, (a, b) => (a as bigint) * (b as bigint))
  if (low === undefined) {
    return undefined
  }
  const high = constFoldBinary(operands[0], operands[1], true, (a, b) => {
    const x = signed ? (a as bigint) : toUnsigned(a as bigint, w)
    const y = signed ? (b as bigint) : toUnsigned(b as bigint, w)
    return (x * y) >> BigInt(w)
  })
  return high === undefined ? undefined : [low, high]
}

/** `arith.mulsi_extended`: x * 0, constants (low and high halves). */
export function foldMulSIExtended(op: Operation, operands: Operands): FoldResult {
  return mulExtended(op, operands, true)
}

/** `arith.mului_extended`: x * 0, x * 1, constants (low and high halves). */
export function foldMulUIExtended(op: Operation, operands: Operands): FoldResult {
  return mulExtended(op, operands, false)
}
