import { IndexType, IntegerType, OpInterface, getElementTypeOrSelf, type Operation, type Type, type Value } from '@tilepass/ir'

/**
 * Integer ranges of a fixed bit width, known both as signed and as unsigned bounds
 * (MLIR's `ConstantIntRanges`), and the static evaluation of a comparison between two ranges
 * (`intrange::evaluatePred`). Values are bigints: unsigned bounds in [0, 2^w), signed ones in
 * [-2^(w-1), 2^(w-1)).
 */
export class ConstantIntRanges {
  /** The range with these bounds (unsigned in [0, 2^width), signed in [-2^(width-1), 2^(width-1))). */
  constructor(
    readonly width: number,
    readonly umin: bigint,
    readonly umax: bigint,
    readonly smin: bigint,
    readonly smax: bigint,
  ) {}

  /** The single value `v` (taken modulo 2^width). */
  static constant(v: bigint, width: number): ConstantIntRanges {
    const u = BigInt.asUintN(width, v)
    const s = BigInt.asIntN(width, v)
    return new ConstantIntRanges(width, u, u, s, s)
  }

  /** The signed range [smin, smax]; its unsigned bounds are exact only when it does not cross zero. */
  static fromSigned(smin: bigint, smax: bigint, width: number): ConstantIntRanges {
    const lo = BigInt.asIntN(width, smin)
    const hi = BigInt.asIntN(width, smax)
    const sameSign = (lo < 0n) === (hi < 0n)
    const umin = sameSign ? BigInt.asUintN(width, lo) : 0n
    const umax = sameSign ? BigInt.asUintN(width, hi) : (1n << BigInt(width)) - 1n
    return new ConstantIntRanges(width, umin, umax, lo, hi)
  }

  /** The unsigned range [umin, umax]; its signed bounds are exact only when it does not cross 2^(w-1). */
  static fromUnsigned(umin: bigint, umax: bigint, width: number): ConstantIntRanges {
    const lo = BigInt.asUintN(width, umin)
    const hi = BigInt.asUintN(width, umax)
    const half = 1n << BigInt(width - 1)
    const sameSign = (lo >= half) === (hi >= half)
    const smin = sameSign ? BigInt.asIntN(width, lo) : -half
    const smax = sameSign ? BigInt.asIntN(width, hi) : half - 1n
    return new ConstantIntRanges(width, lo, hi, smin, smax)
  }

  /** Every value of `width` bits (MLIR's `ConstantIntRanges::maxRange`). */
  static maxRange(width: number): ConstantIntRanges {
    const half = 1n << BigInt(width - 1)
    return new ConstantIntRanges(width, 0n, (1n << BigInt(width)) - 1n, -half, half - 1n)
  }

  /** The smallest range holding both (each bound separately, as MLIR's `rangeUnion`). */
  rangeUnion(other: ConstantIntRanges): ConstantIntRanges {
    const min = (a: bigint, b: bigint): bigint => (a < b ? a : b)
    const max = (a: bigint, b: bigint): bigint => (a > b ? a : b)
    return new ConstantIntRanges(this.width, min(this.umin, other.umin), max(this.umax, other.umax), min(this.smin, other.smin), max(this.smax, other.smax))
  }

  /** The value when the range holds exactly one (unsigned bounds first), else null. */
  getConstantValue(): bigint | null {
    if (this.umin === this.umax) {
      return this.umin
    }
    if (this.smin === this.smax) {
      return BigInt.asUintN(this.width, this.smin)
    }
    return null
  }
}

/** Comparison predicates in MLIR's `intrange::CmpPredicate` order (that of `arith.cmpi` and `index.cmp`). */
export const CmpPredicate = { eq: 0, ne: 1, slt: 2, sle: 3, sgt: 4, sge: 5, ult: 6, ule: 7, ugt: 8, uge: 9 } as const

// eq<->ne, slt<->sge, sle<->sgt, ult<->uge, ule<->ugt.
const inverted: readonly number[] = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6]

function isStaticallyTrue(pred: number, lhs: ConstantIntRanges, rhs: ConstantIntRanges): boolean {
  switch (pred) {
    case CmpPredicate.eq: {
      const l = lhs.getConstantValue()
      return l !== null && l === rhs.getConstantValue()
    }
    case CmpPredicate.ne: {
      // Unequal in both interpretations: neither the signed nor the unsigned ranges may overlap.
      const sne = isStaticallyTrue(CmpPredicate.slt, lhs, rhs) || isStaticallyTrue(CmpPredicate.sgt, lhs, rhs)
      const une = isStaticallyTrue(CmpPredicate.ult, lhs, rhs) || isStaticallyTrue(CmpPredicate.ugt, lhs, rhs)
      return sne && une
    }
    case CmpPredicate.slt:
      return lhs.smax < rhs.smin
    case CmpPredicate.sle:
      return lhs.smax <= rhs.smin
    case CmpPredicate.sgt:
      return lhs.smin > rhs.smax
    case CmpPredicate.sge:
      return lhs.smin >= rhs.smax
    case CmpPredicate.ult:
      return lhs.umax < rhs.umin
    case CmpPredicate.ule:
      return lhs.umax <= rhs.umin
    case CmpPredicate.ugt:
      return lhs.umin > rhs.umax
    default:
      return lhs.umin >= rhs.umax
  }
}

/**
 * The value of `lhs pred rhs` when the ranges decide it for every pair of their values,
 * else null (MLIR's `intrange::evaluatePred`).
 */
export function evaluatePred(pred: number, lhs: ConstantIntRanges, rhs: ConstantIntRanges): boolean | null {
  if (isStaticallyTrue(pred, lhs, rhs)) {
    return true
  }
  if (isStaticallyTrue(inverted[pred]!, lhs, rhs)) {
    return false
  }
  return null
}

/**
 * InferIntRangeInterface: ops that can bound the integer values of their results given
 * ranges for their operands (MLIR's `InferIntRangeInterface::inferResultRanges`). A null
 * entry leaves that result unknown.
 */
export interface InferIntRangeInterfaceImpl {
  inferResultRanges(op: Operation, argRanges: readonly (ConstantIntRanges | null)[]): readonly (ConstantIntRanges | null)[]
}
/** InferIntRangeInterface: ops whose integer results have inferable ranges. */
export const InferIntRangeInterface: OpInterface<InferIntRangeInterfaceImpl> = new OpInterface<InferIntRangeInterfaceImpl>('InferIntRangeInterface')

/** The bit width ranges of `type` use (64 for index, as MLIR's internal storage width), or null for non-integers. */
export function rangeBitWidth(type: Type): number | null {
  const elem = getElementTypeOrSelf(type)
  if (elem instanceof IntegerType) {
    return elem.width
  }
  return elem instanceof IndexType ? 64 : null
}

/**
 * The range of `value` as MLIR's `constant_int_range_predicate_matcher` sees it: the constant
 * of a constant op (scalar or splat), else what the defining op's InferIntRangeInterface
 * infers for it with every operand unknown; null when neither applies.
 */
export function inferValueRange(value: Value, constant: (v: Value) => bigint | null): ConstantIntRanges | null {
  const def = value.definingOp
  if (def === null) {
    return null
  }
  const width = rangeBitWidth(value.type)
  const c = constant(value)
  if (c !== null && width !== null) {
    return ConstantIntRanges.constant(c, width)
  }
  const impl = InferIntRangeInterface.get(def)
  if (impl === undefined) {
    return null
  }
  const argRanges = def.getOperands().map((v) => {
    const w = rangeBitWidth(v.type)
    return w === null ? null : ConstantIntRanges.maxRange(w)
  })
  // Only the first result counts, as upstream's `infer_int_range_op_binder` does.
  return value === def.getResult(0) ? (impl.inferResultRanges(def, argRanges)[0] ?? null) : null
}
