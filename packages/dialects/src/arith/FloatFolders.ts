import { FloatAttr, FloatType, type Attribute, type Operation } from '@tilepass/ir'
import { floatFormat, floatToBits } from './FloatSemantics.ts'
import {
  FastMathFlags,
} from './ArithAttributes.ts'
import {
  constFoldUnary,
  getConstantFloatValue,
} from './ConstantFold.ts'
import { defOp, one, some, fastMath, foldFloat, type FoldResult, type Operands } from './FoldHelpers.ts'

// ---- floating-point arithmetic ---------------------------------------------------------

/** The exact bit pattern of NaN float attribute `a`. */
function nanBitsOf(a: FloatAttr, type: FloatType): bigint | undefined {
  return a.nanBits ?? floatToBits(type, NaN)
}

/** A NaN attribute of `type` with bit pattern `bits` (null bits for the type's default NaN). */
function nanAttr(type: FloatType, bits: bigint): FloatAttr {
  return FloatAttr.get(type, NaN, bits === floatToBits(type, NaN) ? null : bits)
}

/**
 * The result of an IEEE operation on scalar constants when one is NaN: the first NaN
 * operand made quiet (APFloat keeps its sign and payload); undefined when neither is NaN.
 */
function propagateNaN(operands: Operands): FoldResult {
  const a = operands[0]
  const b = operands[1]
  if (!(a instanceof FloatAttr) || !(b instanceof FloatAttr) || !(a.type instanceof FloatType)) {
    return undefined
  }
  const nan = Number.isNaN(a.value) ? a : Number.isNaN(b.value) ? b : null
  const fmt = floatFormat(a.type)
  if (nan === null || fmt === undefined) {
    return undefined
  }
  const bits = nanBitsOf(nan, a.type)
  if (bits === undefined) {
    return undefined
  }
  // The quiet bit is the top bit of the significand.
  return [nanAttr(a.type, bits | (1n << BigInt(fmt[0] - 2)))]
}

/** Flips the sign bit of a scalar NaN constant, as `APFloat::changeSign`; undefined otherwise. */
function negateNaN(operand: Attribute | null | undefined): FoldResult {
  if (!(operand instanceof FloatAttr) || !(operand.type instanceof FloatType) || !Number.isNaN(operand.value)) {
    return undefined
  }
  const bits = nanBitsOf(operand, operand.type)
  const width = operand.type.width
  if (bits === undefined) {
    return undefined
  }
  return [nanAttr(operand.type, bits ^ (1n << BigInt(width - 1)))]
}

/** `arith.negf`: -(-x), constants. */
export function foldNegF(op: Operation, operands: Operands): FoldResult {
  const inner = defOp(op.getOperand(0), 'arith.negf')
  if (inner !== null) {
    return one(inner.getOperand(0))
  }
  return negateNaN(operands[0]) ?? some(constFoldUnary(operands[0], false, op.getResult(0).type, (a) => -(a as number)))
}

/** `arith.addf`: x + (-0), constants. */
export function foldAddF(op: Operation, operands: Operands): FoldResult {
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && Object.is(c, -0)) {
    return one(op.getOperand(0))
  }
  return propagateNaN(operands) ?? foldFloat(op, operands, (a, b) => a + b)
}

/** `arith.subf`: x - (+0), constants. */
export function foldSubF(op: Operation, operands: Operands): FoldResult {
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && Object.is(c, 0)) {
    return one(op.getOperand(0))
  }
  return propagateNaN(operands) ?? foldFloat(op, operands, (a, b) => a - b)
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
  return propagateNaN(operands) ?? foldFloat(op, operands, (a, b) => a * b)
}

/** `arith.divf`: x / 1, constants. */
export function foldDivF(op: Operation, operands: Operands): FoldResult {
  if (getConstantFloatValue(operands[1]) === 1) {
    return one(op.getOperand(0))
  }
  return propagateNaN(operands) ?? foldFloat(op, operands, (a, b) => a / b)
}

/** `arith.remf`: constants (the remainder has the sign of the dividend, as `fmod`). */
export function foldRemF(op: Operation, operands: Operands): FoldResult {
  return propagateNaN(operands) ?? foldFloat(op, operands, (a, b) => a % b)
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

function floatMinMax(op: Operation, operands: Operands, identity: (c: number) => boolean, fn: (a: number, b: number) => number, nanPropagating: boolean): FoldResult {
  if (op.getOperand(0) === op.getOperand(1)) {
    return one(op.getOperand(1))
  }
  const c = getConstantFloatValue(operands[1])
  if (c !== undefined && identity(c)) {
    return one(op.getOperand(0))
  }
  return (nanPropagating ? propagateNaN(operands) : undefined) ?? foldFloat(op, operands, fn)
}

/** `arith.maximumf`: max(x, x), max(x, -inf), constants (NaN-propagating, -0 < +0). */
export function foldMaximumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => c === -Infinity, maximum, true)
}

/** `arith.minimumf`: min(x, x), min(x, +inf), constants (NaN-propagating, -0 < +0). */
export function foldMinimumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => c === Infinity, minimum, true)
}

/** `arith.maxnumf`: max(x, x), max(x, NaN), constants (NaN-ignoring). */
export function foldMaxNumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => Number.isNaN(c), maxnum, false)
}

/** `arith.minnumf`: min(x, x), min(x, NaN), constants (NaN-ignoring). */
export function foldMinNumF(op: Operation, operands: Operands): FoldResult {
  return floatMinMax(op, operands, (c) => Number.isNaN(c), minnum, false)
}
