import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  IntegerAttr,
  IntegerType,
  VectorType,
  getElementTypeOrSelf,
  type Operation,
  type Type,
} from '@tilepass/ir'
import {
  CmpFPredicate,
  CmpIPredicate,
} from './ArithAttributes.ts'
import {
  constFoldBinary,
  getBoolAttribute,
  getI1SameShape,
  isOneInt,
  isZeroInt,
  makeDense,
  toUnsigned,
  type Scalar,
} from './ConstantFold.ts'
import { PoisonAttr } from '../ub/UBAttributes.ts'
import { defOp, elementWidth, one, some, type FoldResult, type Operands } from './FoldHelpers.ts'

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

/** `arith.select`: equal arms, constant condition, a poison arm, select(c, true, false), cmpi eq/ne arms, constant dense arms. */
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
  // A fully poisoned arm may take the other's value.
  if (operands[1] instanceof PoisonAttr) {
    return one(f)
  }
  if (operands[2] instanceof PoisonAttr) {
    return one(t)
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
