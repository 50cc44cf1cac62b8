import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  ShapedType,
  Trait,
  VectorType,
  getElementTypeOrSelf,
  type Attribute,
  type OpFoldResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { CmpFPredicate, CmpIPredicate, FastMathFlags, FastMathFlagsAttr, IntegerOverflowFlags, IntegerOverflowFlagsAttr } from './ArithAttributes.ts'
import {
  constFoldBinary,
  constFoldUnary,
  getBoolAttribute,
  getConstantFloatValue,
  getConstantIntValue,
  getI1SameShape,
  getZeroAttr,
  intWidth,
  isAllOnes,
  isOneInt,
  isZeroInt,
  makeDense,
  normalizeFor,
  signedMax,
  signedMin,
  toSigned,
  toUnsigned,
  type Scalar,
} from './ConstantFold.ts'
import { bitsToFloat, floatToBits, floatToInteger, integerToFloat, isFoldableFloatType, roundToFloatType } from './FloatSemantics.ts'

/** What an arith folder returns: replacement values/attributes, the op itself (folded in place), or undefined. */
export type FoldResult = readonly OpFoldResult[] | Operation | undefined

type Operands = readonly (Attribute | null)[]

// ---- matching helpers ------------------------------------------------------------------

function defOp(v: Value, name: string): Operation | null {
  const d = v.definingOp
  return d !== null && d.name.name === name ? d : null
}

/** The constant attribute a value is defined by (`m_Constant`), through its ConstantLike op's folder. */
export function getConstantAttr(v: Value): Attribute | undefined {
  const d = v.definingOp
  if (d === null || !d.hasTrait(Trait.ConstantLike)) {
    return undefined
  }
  const r = d.name.def?.fold?.(d, [])
  if (Array.isArray(r) && r.length === 1) {
    const a = r[0] as OpFoldResult
    return 'definingOp' in a ? undefined : a
  }
  return d.getAttr('value')
}

function elementWidth(type: Type): number {
  return intWidth(getElementTypeOrSelf(type))
}

function one(v: Value | Attribute): OpFoldResult[] {
  return [v]
}

function some(a: Attribute | undefined): FoldResult {
  return a === undefined ? undefined : [a]
}

function overflowFlags(op: Operation): number {
  const a = op.getAttr('overflowFlags')
  return a instanceof IntegerOverflowFlagsAttr ? a.value : 0
}

function fastMath(op: Operation): number {
  const a = op.getAttr('fastmath')
  return a instanceof FastMathFlagsAttr ? a.value : 0
}

/** Folds integer binary constants of `op`'s operands with `fn` on the signed readings; `fn` returns undefined to refuse. */
function foldInt(op: Operation, operands: Operands, fn: (a: bigint, b: bigint, w: number) => bigint | undefined): FoldResult {
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldBinary(operands[0], operands[1], true, (a, b) => fn(a as bigint, b as bigint, w)))
}

function foldFloat(op: Operation, operands: Operands, fn: (a: number, b: number) => number): FoldResult {
  const elt = getElementTypeOrSelf(op.getOperand(0).type)
  if (!isFoldableFloatType(elt)) {
    return undefined
  }
  return some(
    constFoldBinary(operands[0], operands[1], false, (a, b) => {
      const r = fn(a as number, b as number)
      // An invalid operation on non-NaN inputs yields APFloat's default NaN, which is
      // positive; the hardware default NaN that JS computes here may carry the sign bit.
      if (Number.isNaN(r) && !Number.isNaN(a) && !Number.isNaN(b)) {
        return NaN
      }
      return roundToFloatType(elt, r)
    }),
  )
}

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

/** `arith.floordivsi`: x / 1, constants rounding down (not by zero, not overflowing). */
export function foldFloorDivSI(op: Operation, operands: Operands): FoldResult {
  if (isOneInt(operands[1], op.getOperand(1).type)) {
    return one(op.getOperand(0))
  }
  return foldInt(op, operands, (a, b, w) => {
    if (b === 0n || (a === signedMin(w) && b === -1n)) {
      return undefined
    }
    const q = a / b
    return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
  })
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

function shiftFold(op: Operation, operands: Operands, fn: (a: bigint, b: bigint, w: number) => bigint): FoldResult {
  if (isZeroInt(operands[1])) {
    return one(op.getOperand(0))
  }
  return foldInt(op, operands, (a, b, w) => {
    const ub = toUnsigned(b, w)
    return ub >= BigInt(w) ? undefined : fn(a, ub, w)
  })
}

/** `arith.shli`: x << 0, constants with in-range shift amounts. */
export function foldShLI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(op, operands, (a, b) => a << b)
}

/** `arith.shrui`: x >> 0, constants with in-range shift amounts. */
export function foldShRUI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(op, operands, (a, b, w) => toUnsigned(a, w) >> b)
}

/** `arith.shrsi`: x >> 0, constants with in-range shift amounts. */
export function foldShRSI(op: Operation, operands: Operands): FoldResult {
  return shiftFold(op, operands, (a, b) => a >> b)
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

// ---- floating-point arithmetic ---------------------------------------------------------

/** `arith.negf`: -(-x), constants. */
export function foldNegF(op: Operation, operands: Operands): FoldResult {
  const inner = defOp(op.getOperand(0), 'arith.negf')
  if (inner !== null) {
    return one(inner.getOperand(0))
  }
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => -(a as number)))
}

/** `arith.addf`: x + (-0), constants. */
export function foldAddF(op: Operation, operands: Operands): FoldResult {
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && Object.is(c, -0)) {
    return one(op.getOperand(0))
  }
  return foldFloat(op, operands, (a, b) => a + b)
}

/** `arith.subf`: x - (+0), constants. */
export function foldSubF(op: Operation, operands: Operands): FoldResult {
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && Object.is(c, 0)) {
    return one(op.getOperand(0))
  }
  return foldFloat(op, operands, (a, b) => a - b)
}

/** `arith.mulf`: x * 1, x * 0 under nnan+nsz, constants. */
export function foldMulF(op: Operation, operands: Operands): FoldResult {
  const c = getConstantFloatValue(operands[1])
  if (c === 1) {
    return one(op.getOperand(0))
  }
  const fm = fastMath(op)
  const need = FastMathFlags.nnan | FastMathFlags.nsz
  if ((fm & need) === need && c === 0) {
    return one(op.getOperand(1))
  }
  return foldFloat(op, operands, (a, b) => a * b)
}

/** `arith.divf`: x / 1, constants. */
export function foldDivF(op: Operation, operands: Operands): FoldResult {
  if (getConstantFloatValue(operands[1]) === 1) {
    return one(op.getOperand(0))
  }
  return foldFloat(op, operands, (a, b) => a / b)
}

/** `arith.remf`: constants (the remainder has the sign of the dividend, as `fmod`). */
export function foldRemF(op: Operation, operands: Operands): FoldResult {
  return foldFloat(op, operands, (a, b) => a % b)
}

function maximum(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) {
    return NaN
  }
  if (a === 0 && b === 0) {
    return Object.is(a, -0) ? b : a
  }
  return a > b ? a : b
}

function minimum(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) {
    return NaN
  }
  if (a === 0 && b === 0) {
    return Object.is(a, -0) ? a : b
  }
  return a < b ? a : b
}

function maxnum(a: number, b: number): number {
  if (Number.isNaN(a)) {
    return b
  }
  if (Number.isNaN(b)) {
    return a
  }
  if (a === 0 && b === 0) {
    return Object.is(a, -0) ? b : a
  }
  return a > b ? a : b
}

function minnum(a: number, b: number): number {
  if (Number.isNaN(a)) {
    return b
  }
  if (Number.isNaN(b)) {
    return a
  }
  if (a === 0 && b === 0) {
    return Object.is(a, -0) ? a : b
  }
  return a < b ? a : b
}

function floatMinMax(op: Operation, operands: Operands, identity: (c: number) => boolean, fn: (a: number, b: number) => number): FoldResult {
  if (op.getOperand(0) === op.getOperand(1)) {
    return one(op.getOperand(1))
  }
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && identity(c)) {
    return one(op.getOperand(0))
  }
  return foldFloat(op, operands, fn)
}

/** `arith.maximumf`: max(x, x), max(x, -inf), constants (NaN-propagating, -0 < +0). */
export function foldMaximumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => c === -Infinity, maximum)
}

/** `arith.minimumf`: min(x, x), min(x, +inf), constants (NaN-propagating, -0 < +0). */
export function foldMinimumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => c === Infinity, minimum)
}

/** `arith.maxnumf`: max(x, x), max(x, NaN), constants (NaN-ignoring). */
export function foldMaxNumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => Number.isNaN(c), maxnum)
}

/** `arith.minnumf`: min(x, x), min(x, NaN), constants (NaN-ignoring). */
export function foldMinNumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => Number.isNaN(c), minnum)
}

// ---- extended arithmetic ---------------------------------------------------------------

/** `arith.addui_extended`: x + 0 (no overflow), constants with the carry bit. */
export function foldAddUIExtended(op: Operation, operands: Operands): FoldResult {
  const overflowTy = op.getResult(1).type
  if (isZeroInt(getConstantAttr(op.getOperand(1)) ?? operands[1])) {
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

// ---- casts -----------------------------------------------------------------------------

/** `arith.extui`: extui(extui(x)) in place, constants. */
export function foldExtUI(op: Operation, operands: Operands): FoldResult {
  const inner = defOp(op.getOperand(0), 'arith.extui')
  if (inner !== null) {
    op.setOperand(0, inner.getOperand(0))
    return op
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => toUnsigned(a as bigint, w)))
}

/** `arith.extsi`: extsi(extsi(x)) in place, constants. */
export function foldExtSI(op: Operation, operands: Operands): FoldResult {
  const inner = defOp(op.getOperand(0), 'arith.extsi')
  if (inner !== null) {
    op.setOperand(0, inner.getOperand(0))
    return op
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => toSigned(a as bigint, w)))
}

/** `arith.trunci`: trunci(ext(x)) to x or trunci(x) in place, trunci(trunci(x)) in place, constants. */
export function foldTruncI(op: Operation, operands: Operands): FoldResult {
  const operand = op.getOperand(0)
  const ext = defOp(operand, 'arith.extui') ?? defOp(operand, 'arith.extsi')
  if (ext !== null) {
    const src = ext.getOperand(0)
    const srcType = getElementTypeOrSelf(src.type)
    const dstType = getElementTypeOrSelf(op.getResult(0).type)
    if (intWidth(srcType) > intWidth(dstType)) {
      op.setOperand(0, src)
      return op
    }
    if (srcType === dstType) {
      return one(src)
    }
  }
  const inner = defOp(operand, 'arith.trunci')
  if (inner !== null) {
    op.setOperand(0, inner.getOperand(0))
    return op
  }
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => a))
}

function floatFormat(type: Type): FloatType | undefined {
  const t = getElementTypeOrSelf(type)
  return isFoldableFloatType(t) ? t : undefined
}

const PRECISION: Readonly<Record<string, readonly [number, number]>> = {
  f16: [11, 15],
  bf16: [8, 127],
  tf32: [11, 127],
  f32: [24, 127],
  f64: [53, 1023],
}

function isRepresentableBy(src: FloatType, dst: FloatType): boolean {
  const a = PRECISION[src.kind]
  const b = PRECISION[dst.kind]
  return a !== undefined && b !== undefined && a[0] <= b[0] && a[1] <= b[1]
}

/** Converts `x` to `type` when exact (as MLIR's `convertFloatValue`), else undefined. */
function convertExact(type: FloatType, x: number): number | undefined {
  if (Number.isNaN(x)) {
    return x
  }
  const r = roundToFloatType(type, x)
  return Object.is(r, x) ? r : undefined
}

/** `arith.extf`: extf(truncf(x)) with `contract` on both, constants. */
export function foldExtF(op: Operation, operands: Operands): FoldResult {
  const trunc = defOp(op.getOperand(0), 'arith.truncf')
  if (trunc !== null && trunc.getOperand(0).type === op.getResult(0).type) {
    if ((fastMath(trunc) & FastMathFlags.contract) !== 0 && (fastMath(op) & FastMathFlags.contract) !== 0) {
      return one(trunc.getOperand(0))
    }
  }
  const dst = floatFormat(op.getResult(0).type)
  if (dst === undefined) {
    return undefined
  }
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => convertExact(dst, a as number)))
}

/** `arith.truncf`: truncf(extf(x)) to x or truncf(x) in place, exact constants. */
export function foldTruncF(op: Operation, operands: Operands): FoldResult {
  const dst = floatFormat(op.getResult(0).type)
  const ext = defOp(op.getOperand(0), 'arith.extf')
  if (ext !== null && dst !== undefined) {
    const src = ext.getOperand(0)
    const srcType = floatFormat(src.type)
    const mid = floatFormat(ext.getResult(0).type)
    if (srcType !== undefined && mid !== undefined && isRepresentableBy(srcType, mid)) {
      if (srcType.width > dst.width) {
        op.setOperand(0, src)
        return op
      }
      if (srcType === dst) {
        return one(src)
      }
    }
  }
  if (dst === undefined) {
    return undefined
  }
  // A rounding mode other than to_nearest_even only matters when the value is inexact,
  // and inexact conversions are never folded.
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => convertExact(dst, a as number)))
}

function intToFP(op: Operation, operands: Operands, signed: boolean): FoldResult {
  const dst = floatFormat(op.getResult(0).type)
  if (dst === undefined) {
    return undefined
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldUnary(operands[0], true, op.getResult(0).type, (a) => integerToFloat(dst, signed ? toSigned(a as bigint, w) : toUnsigned(a as bigint, w))))
}

/** `arith.sitofp`: constants. */
export function foldSIToFP(op: Operation, operands: Operands): FoldResult {
  return intToFP(op, operands, true)
}

/** `arith.uitofp`: constants. */
export function foldUIToFP(op: Operation, operands: Operands): FoldResult {
  return intToFP(op, operands, false)
}

function fpToInt(op: Operation, operands: Operands, unsigned: boolean): FoldResult {
  const w = elementWidth(op.getResult(0).type)
  return some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => floatToInteger(a as number, w, unsigned)))
}

/** `arith.fptosi`: constants in range. */
export function foldFPToSI(op: Operation, operands: Operands): FoldResult {
  return fpToInt(op, operands, false)
}

/** `arith.fptoui`: constants in range. */
export function foldFPToUI(op: Operation, operands: Operands): FoldResult {
  return fpToInt(op, operands, true)
}

function indexCastWidth(type: Type): number {
  const e = getElementTypeOrSelf(type)
  return e instanceof IntegerType ? e.width : 64
}

function foldIndexCastCommon(op: Operation, operands: Operands, name: string, signed: boolean): FoldResult {
  const srcW = indexCastWidth(op.getOperand(0).type)
  const folded = constFoldUnary(operands[0], true, op.getResult(0).type, (a) => (signed ? toSigned(a as bigint, srcW) : toUnsigned(a as bigint, srcW)))
  if (folded !== undefined) {
    return [folded]
  }
  const inner = defOp(op.getOperand(0), name)
  if (inner !== null) {
    const x = inner.getOperand(0)
    if (x.type === op.getResult(0).type && indexCastWidth(inner.getResult(0).type) >= indexCastWidth(x.type)) {
      return one(x)
    }
  }
  return undefined
}

/** `arith.index_cast`: constants (sign-extended or truncated), index_cast round trips. */
export function foldIndexCast(op: Operation, operands: Operands): FoldResult {
  return foldIndexCastCommon(op, operands, 'arith.index_cast', true)
}

/** `arith.index_castui`: constants (zero-extended or truncated), index_castui round trips. */
export function foldIndexCastUI(op: Operation, operands: Operands): FoldResult {
  return foldIndexCastCommon(op, operands, 'arith.index_castui', false)
}

function toBits(type: Type, v: Scalar): bigint | undefined {
  if (typeof v === 'bigint') {
    return toUnsigned(v, intWidth(type))
  }
  return type instanceof FloatType ? floatToBits(type, v) : undefined
}

function fromBits(type: Type, bits: bigint): Scalar | undefined {
  if (type instanceof FloatType) {
    const v = bitsToFloat(type, bits)
    // A float attribute holds a double, so only the canonical NaN survives: other NaN
    // payloads are left unfolded rather than folded to a different constant.
    if (v !== undefined && Number.isNaN(v) && floatToBits(type, v) !== bits) {
      return undefined
    }
    return v
  }
  return normalizeFor(type, bits)
}

/** `arith.bitcast`: constants (integer and float bit patterns of f16, bf16, f32, f64). */
export function foldBitcast(op: Operation, operands: Operands): FoldResult {
  const a = operands[0]
  if (!a) {
    return undefined
  }
  const srcElt = getElementTypeOrSelf(op.getOperand(0).type)
  const dstElt = getElementTypeOrSelf(op.getResult(0).type)
  const resType = op.getResult(0).type
  const convert = (v: Scalar): Scalar | undefined => {
    const bits = toBits(srcElt, v)
    return bits === undefined ? undefined : fromBits(dstElt, bits)
  }
  if (a instanceof DenseIntOrFPElementsAttr) {
    if (!(resType instanceof ShapedType)) {
      return undefined
    }
    const out: Scalar[] = []
    for (const v of a.values) {
      const r = convert(v)
      if (r === undefined) {
        return undefined
      }
      out.push(r)
    }
    const dense = a.isSplat ? DenseIntOrFPElementsAttr.get(resType, out as bigint[] | number[], true) : makeDense(resType, out)
    return [dense]
  }
  if (resType instanceof ShapedType) {
    return undefined
  }
  const v = a instanceof IntegerAttr ? a.value : getConstantFloatValue(a)
  if (v === undefined) {
    return undefined
  }
  const r = convert(v)
  if (r === undefined) {
    return undefined
  }
  return [typeof r === 'bigint' ? IntegerAttr.get(resType, r) : FloatAttr.get(resType, r)]
}

// ---- comparisons and select ------------------------------------------------------------

function cmpIApply(pred: number, a: bigint, b: bigint, w: number): boolean {
  const ua = toUnsigned(a, w)
  const ub = toUnsigned(b, w)
  switch (pred) {
    case CmpIPredicate.eq:
      return a === b
    case CmpIPredicate.ne:
      return a !== b
    case CmpIPredicate.slt:
      return a < b
    case CmpIPredicate.sle:
      return a <= b
    case CmpIPredicate.sgt:
      return a > b
    case CmpIPredicate.sge:
      return a >= b
    case CmpIPredicate.ult:
      return ua < ub
    case CmpIPredicate.ule:
      return ua <= ub
    case CmpIPredicate.ugt:
      return ua > ub
    default:
      return ua >= ub
  }
}

const CMPI_EQUAL_OPERANDS: readonly boolean[] = [true, false, false, true, false, true, false, true, false, true]
const CMPI_SWAPPED: readonly number[] = [0, 1, 4, 5, 2, 3, 8, 9, 6, 7]

function predicateOf(op: Operation): number {
  const p = op.getAttr('predicate')
  return p instanceof IntegerAttr ? Number(p.value) : 0
}

function isI1Like(type: Type): boolean {
  const e = getElementTypeOrSelf(type)
  return e instanceof IntegerType && e.width === 1
}

/** `arith.cmpi`: x pred x, i1 compares with 0/1 and of extended i1s, constant moved right (in place), constants. */
export function foldCmpI(op: Operation, operands: Operands): FoldResult {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const pred = predicateOf(op)
  if (lhs === rhs) {
    return some(getBoolAttribute(op.context, op.getResult(0).type, CMPI_EQUAL_OPERANDS[pred] ?? false))
  }
  if (isZeroInt(operands[1])) {
    for (const name of ['arith.extsi', 'arith.extui']) {
      const ext = defOp(lhs, name)
      if (ext !== null) {
        const t = ext.getOperand(0).type
        const scalarOrVector = t instanceof IntegerType || (t instanceof VectorType && t.elementType instanceof IntegerType)
        if (scalarOrVector && elementWidth(t) === 1 && pred === CmpIPredicate.ne) {
          return one(ext.getOperand(0))
        }
      }
    }
    if (isI1Like(lhs.type) && pred === CmpIPredicate.ne) {
      return one(lhs)
    }
  }
  if (isOneInt(operands[1], rhs.type) && isI1Like(lhs.type) && pred === CmpIPredicate.eq) {
    return one(lhs)
  }
  if (operands[0] && !operands[1]) {
    op.setAttr('predicate', IntegerAttr.get(IntegerType.get(op.context, 64), CMPI_SWAPPED[pred] ?? pred))
    op.setOperand(0, rhs)
    op.setOperand(1, lhs)
    return op
  }
  const lt = operands[0]
  if (lt instanceof IntegerAttr || lt instanceof DenseIntOrFPElementsAttr) {
    const w = elementWidth(lhs.type)
    return some(constFoldBinary(operands[0], operands[1], true, (a, b) => (cmpIApply(pred, a as bigint, b as bigint, w) ? -1n : 0n), getI1SameShape(lt.type)))
  }
  return undefined
}

function cmpFApply(pred: number, a: number, b: number): boolean {
  const unordered = Number.isNaN(a) || Number.isNaN(b)
  switch (pred) {
    case CmpFPredicate.AlwaysFalse:
      return false
    case CmpFPredicate.OEQ:
      return !unordered && a === b
    case CmpFPredicate.OGT:
      return !unordered && a > b
    case CmpFPredicate.OGE:
      return !unordered && a >= b
    case CmpFPredicate.OLT:
      return !unordered && a < b
    case CmpFPredicate.OLE:
      return !unordered && a <= b
    case CmpFPredicate.ONE:
      return !unordered && a !== b
    case CmpFPredicate.ORD:
      return !unordered
    case CmpFPredicate.UEQ:
      return unordered || a === b
    case CmpFPredicate.UGT:
      return unordered || a > b
    case CmpFPredicate.UGE:
      return unordered || a >= b
    case CmpFPredicate.ULT:
      return unordered || a < b
    case CmpFPredicate.ULE:
      return unordered || a <= b
    case CmpFPredicate.UNE:
      return unordered || a !== b
    case CmpFPredicate.UNO:
      return unordered
    default:
      return true
  }
}

/** `arith.cmpf`: scalar constants (a NaN operand decides alone). */
export function foldCmpF(op: Operation, operands: Operands): FoldResult {
  let lhs = operands[0] instanceof FloatAttr ? operands[0].value : undefined
  let rhs = operands[1] instanceof FloatAttr ? operands[1].value : undefined
  if (lhs !== undefined && Number.isNaN(lhs)) {
    rhs = lhs
  }
  if (rhs !== undefined && Number.isNaN(rhs)) {
    lhs = rhs
  }
  if (lhs === undefined || rhs === undefined) {
    return undefined
  }
  return [IntegerAttr.get(IntegerType.get(op.context, 1), cmpFApply(predicateOf(op), lhs, rhs) ? -1n : 0n)]
}

/** `arith.select`: equal arms, constant condition, select(c, true, false), cmpi eq/ne arms, constant dense arms. */
export function foldSelect(op: Operation, operands: Operands): FoldResult {
  const cond = op.getOperand(0)
  const t = op.getOperand(1)
  const f = op.getOperand(2)
  if (t === f) {
    return one(t)
  }
  if (isOneInt(operands[0], cond.type)) {
    return one(t)
  }
  if (isZeroInt(operands[0])) {
    return one(f)
  }
  const resType = op.getResult(0).type
  if (resType instanceof IntegerType && resType.isSignless && resType.width === 1 && isOneInt(operands[1], resType) && isZeroInt(operands[2])) {
    return one(cond)
  }
  const cmp = defOp(cond, 'arith.cmpi')
  if (cmp !== null) {
    const pred = predicateOf(cmp)
    if (pred === CmpIPredicate.eq || pred === CmpIPredicate.ne) {
      const a = cmp.getOperand(0)
      const b = cmp.getOperand(1)
      if ((a === t && b === f) || (b === t && a === f)) {
        return one(pred === CmpIPredicate.ne ? t : f)
      }
    }
  }
  const c = operands[0]
  const l = operands[1]
  const r = operands[2]
  if (c instanceof DenseIntOrFPElementsAttr && l instanceof DenseIntOrFPElementsAttr && r instanceof DenseIntOrFPElementsAttr) {
    const n = c.type.numElements
    const at = (d: DenseIntOrFPElementsAttr, i: number): Scalar => (d.isSplat ? d.values[0]! : d.values[i]!)
    const out: Scalar[] = []
    for (let i = 0; i < n; i++) {
      out.push(at(c, i) !== 0n ? at(l, i) : at(r, i))
    }
    return [makeDense(l.type, out)]
  }
  return undefined
}
