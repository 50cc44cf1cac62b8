import {
  Trait,
  getElementTypeOrSelf,
  type Attribute,
  type OpFoldResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  FastMathFlagsAttr,
  IntegerOverflowFlagsAttr,
} from './ArithAttributes.ts'
import {
  constFoldBinary,
  intWidth,
} from './ConstantFold.ts'
import {
  isFoldableFloatType,
  roundToFloatType,
} from './FloatSemantics.ts'

/** What an arith folder returns: replacement values/attributes, the op itself (folded in place), or undefined. */
export type FoldResult = readonly OpFoldResult[] | Operation | undefined

/** Constant operand attributes handed to a folder (null when not constant). */
export type Operands = readonly (Attribute | null)[]

// ---- matching helpers ------------------------------------------------------------------

/** @internal The op defining `v` when it is named `name`. */
export function defOp(v: Value, name: string): Operation | null {
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

/** @internal Bit width of the (element) integer type of `type`. */
export function elementWidth(type: Type): number {
  return intWidth(getElementTypeOrSelf(type))
}

/** @internal A fold to the single value or attribute `v`. */
export function one(v: Value | Attribute): OpFoldResult[] {
  return [v]
}

/** @internal A fold to `a`, or no fold when undefined. */
export function some(a: Attribute | undefined): FoldResult {
  return a === undefined ? undefined : [a]
}

/** @internal The `overflowFlags` bits of `op`. */
export function overflowFlags(op: Operation): number {
  const a = op.getAttr('overflowFlags')
  return a instanceof IntegerOverflowFlagsAttr ? a.value : 0
}

/** @internal The `fastmath` bits of `op`. */
export function fastMath(op: Operation): number {
  const a = op.getAttr('fastmath')
  return a instanceof FastMathFlagsAttr ? a.value : 0
}

/** @internal Folds integer binary constants of `op`'s operands with `fn` on the signed readings; `fn` returns undefined to refuse. */
export function foldInt(op: Operation, operands: Operands, fn: (a: bigint, b: bigint, w: number) => bigint | undefined): FoldResult {
  // Most ops tried are not folded for want of a constant: no width or closure for them.
  if (!operands[0] || !operands[1]) {
    return undefined
  }
  const w = elementWidth(op.getOperand(0).type)
  return some(constFoldBinary(operands[0], operands[1], true, (a, b) => fn(a as bigint, b as bigint, w)))
}

/** @internal Folds float binary constants of `op` with `fn`, rounded to the element type. */
export function foldFloat(op: Operation, operands: Operands, fn: (a: number, b: number) => number): FoldResult {
  // As `foldInt`: without two constants, nothing to look at.
  if (!operands[0] || !operands[1]) {
    return undefined
  }
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
