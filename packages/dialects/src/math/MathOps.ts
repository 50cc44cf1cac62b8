import { FloatLike, FloatType, Trait, defaultValuedAttr, defineOp, getElementTypeOrSelf, verifyElementwise, type OdsOp } from '@tilepass/ir'
import { FastMathAttrC, FastMathFlagsAttr } from '../arith/index.ts'
import { constFoldUnary } from '../arith/ConstantFold.ts'

const noneFastMath = defaultValuedAttr(FastMathAttrC, (c) => FastMathFlagsAttr.get(c, 0))

/**
 * `math.exp`: the base-e exponential, elementwise. Constants of f64 and f32 (scalars,
 * splats and dense elements) fold as upstream (`exp` / `expf`); other widths do not.
 */
export const ExpOp: OdsOp = defineOp({
  name: 'math.exp',
  summary: 'base-e exponential of the specified value',
  operands: { operand: FloatLike },
  results: { result: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: Trait.Pure | Trait.SameOperandsAndResultType | Trait.Elementwise,
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  verify: verifyElementwise,
  fold(op, operands) {
    const type = op.getResult(0).type
    const element = getElementTypeOrSelf(type)
    const kind = element instanceof FloatType ? element.kind : undefined
    if (kind !== 'f64' && kind !== 'f32') {
      return undefined
    }
    const folded = constFoldUnary(operands[0], false, type, (a) => (kind === 'f64' ? Math.exp(a as number) : Math.fround(Math.exp(a as number))))
    return folded === undefined ? undefined : [folded]
  },
})

/** The ops of the `math` dialect subset. */
export const mathOps: readonly OdsOp[] = [ExpOp]
