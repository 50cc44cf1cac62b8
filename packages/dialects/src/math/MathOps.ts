import {
  BoolLike,
  FloatLike,
  SignlessIntegerOrIndexLike,
  Trait,
  defaultValuedAttr,
  defineOp,
  verifyElementwise,
  type LogicalResult,
  type OdsOp,
  type Operation,
} from '@tilepass/ir'
import { FastMathAttrC, FastMathFlagsAttr } from '../arith/index.ts'
import { getI1SameShape } from '../arith/ConstantFold.ts'
import { verifySameOperandsAndResultShape } from '../arith/ArithOps.ts'
import {
  classify,
  copySign,
  countLeadingZeros,
  countTrailingZeros,
  exactBinary,
  exactUnary,
  foldIPowI,
  intUnary,
  isNormalIn,
  libmBinary,
  libmUnary,
  popCount,
  roundEven,
  roundHalfAway,
  skipNegative,
  type MathFolder,
} from './MathFolders.ts'

const noneFastMath = defaultValuedAttr(FastMathAttrC, (c) => FastMathFlagsAttr.get(c, 0))

/** `Pure` plus `ElementwiseMappable`, which every `math` op has. */
const MATH_TRAITS = Trait.Pure | Trait.Elementwise
const FMF = '(`fastmath` `` $fastmath^)?'

function verifyMath(op: Operation): LogicalResult {
  return verifyElementwise(op)
}

/** `Math_FloatUnaryOp`: `math.<op> %x (fastmath<...>)? : type`. */
function floatUnary(mnemonic: string, summary: string, fold?: MathFolder): OdsOp {
  return defineOp({
    name: `math.${mnemonic}`,
    summary,
    operands: { operand: FloatLike },
    results: { result: FloatLike },
    attributes: { fastmath: noneFastMath },
    traits: MATH_TRAITS | Trait.SameOperandsAndResultType,
    assemblyFormat: `$operand ${FMF} attr-dict \`:\` type($result)`,
    verify: verifyMath,
    ...(fold === undefined ? {} : { fold }),
  })
}

/** `Math_FloatBinaryOp`: `math.<op> %a, %b (fastmath<...>)? : type`. */
function floatBinary(mnemonic: string, summary: string, fold?: MathFolder): OdsOp {
  return defineOp({
    name: `math.${mnemonic}`,
    summary,
    operands: { lhs: FloatLike, rhs: FloatLike },
    results: { result: FloatLike },
    attributes: { fastmath: noneFastMath },
    traits: MATH_TRAITS | Trait.SameOperandsAndResultType,
    assemblyFormat: `$lhs \`,\` $rhs ${FMF} attr-dict \`:\` type($result)`,
    verify: verifyMath,
    ...(fold === undefined ? {} : { fold }),
  })
}

/** `Math_IntegerUnaryOp` / `Math_IntegerBinaryOp`: no fast-math flags. */
function integerOp(mnemonic: string, summary: string, binary: boolean, fold: MathFolder): OdsOp {
  return defineOp({
    name: `math.${mnemonic}`,
    summary,
    operands: binary ? { lhs: SignlessIntegerOrIndexLike, rhs: SignlessIntegerOrIndexLike } : { operand: SignlessIntegerOrIndexLike },
    results: { result: SignlessIntegerOrIndexLike },
    traits: MATH_TRAITS | Trait.SameOperandsAndResultType,
    assemblyFormat: binary ? '$lhs `,` $rhs attr-dict `:` type($result)' : '$operand attr-dict `:` type($result)',
    verify: verifyMath,
    fold,
  })
}

/** `Math_FloatClassificationOp`: an i1 of the operand's shape; the flags print in the attribute dictionary. */
function classification(mnemonic: string, summary: string, fold: MathFolder): OdsOp {
  return defineOp({
    name: `math.${mnemonic}`,
    summary,
    operands: { operand: FloatLike },
    results: { result: BoolLike },
    attributes: { fastmath: noneFastMath },
    traits: MATH_TRAITS,
    typesMatchWith: [{ from: 'operand', to: 'result', transform: getI1SameShape, summary: 'result type has i1 element type and same shape as operands' }],
    assemblyFormat: '$operand attr-dict `:` type($operand)',
    verify: verifyMath,
    fold,
  })
}

const libmSkipNegative = (fn: (x: number) => number): MathFolder => libmUnary(fn, skipNegative)

/** `math.absf`. */
export const AbsFOp: OdsOp = floatUnary('absf', 'floating point absolute-value operation', exactUnary(Math.abs))
/** `math.acos`. */
export const AcosOp: OdsOp = floatUnary('acos', 'arcus cosine of the specified value', libmUnary(Math.acos))
/** `math.acosh`. */
export const AcoshOp: OdsOp = floatUnary('acosh', 'Hyperbolic arcus cosine of the given value', libmUnary(Math.acosh, undefined, true))
/** `math.asin`. */
export const AsinOp: OdsOp = floatUnary('asin', 'arcus sine of the given value', libmUnary(Math.asin))
/** `math.asinh`. */
export const AsinhOp: OdsOp = floatUnary('asinh', 'hyperbolic arcus sine of the given value', libmUnary(Math.asinh))
/** `math.atan`. */
export const AtanOp: OdsOp = floatUnary('atan', 'arcus tangent of the given value', libmUnary(Math.atan))
/** `math.atanh`. */
export const AtanhOp: OdsOp = floatUnary('atanh', 'hyperbolic arcus tangent of the given value', libmUnary(Math.atanh, undefined, true))
/** `math.atan2`: both zero folds to NaN. */
export const Atan2Op: OdsOp = floatBinary(
  'atan2',
  '2-argument arcus tangent of the given values',
  libmBinary(Math.atan2, (a, b) => (a === 0 && b === 0 ? NaN : undefined)),
)
/** `math.cbrt` (not folded, as upstream). */
export const CbrtOp: OdsOp = floatUnary('cbrt', 'cube root of the specified value')
/** `math.ceil`. */
export const CeilOp: OdsOp = floatUnary('ceil', 'ceiling of the specified value', exactUnary(Math.ceil))
/** `math.copysign`. */
export const CopySignOp: OdsOp = floatBinary('copysign', 'A copysign operation', exactBinary(copySign))
/** `math.cos`. */
export const CosOp: OdsOp = floatUnary('cos', 'cosine of the specified value', libmUnary(Math.cos, undefined, true))
/** `math.cosh`. */
export const CoshOp: OdsOp = floatUnary('cosh', 'hyperbolic cosine of the specified value', libmUnary(Math.cosh))
/** `math.sin`. */
export const SinOp: OdsOp = floatUnary('sin', 'sine of the specified value', libmUnary(Math.sin, undefined, true))
/** `math.sinh`. */
export const SinhOp: OdsOp = floatUnary('sinh', 'hyperbolic sine of the specified value', libmUnary(Math.sinh))
/**
 * `math.erf` and `math.erfc`. Upstream folds them with libm's `erf`/`erfc`, which JS
 * lacks; they are left unfolded rather than folded to a less exact value.
 */
export const ErfOp: OdsOp = floatUnary('erf', 'error function of the specified value')
/** `math.erfc` (see `ErfOp` on folding). */
export const ErfcOp: OdsOp = floatUnary('erfc', 'complementary error function of the specified value')
/** `math.exp`: the base-e exponential, elementwise; f64 and f32 constants fold. */
export const ExpOp: OdsOp = floatUnary('exp', 'base-e exponential of the specified value', libmUnary(Math.exp))
/** `math.exp2`. */
export const Exp2Op: OdsOp = floatUnary('exp2', 'base-2 exponential of the specified value', libmUnary((x) => Math.pow(2, x)))
/** `math.expm1`. */
export const ExpM1Op: OdsOp = floatUnary('expm1', 'base-e exponential of the specified value minus 1', libmUnary(Math.expm1))
/** `math.floor`. */
export const FloorOp: OdsOp = floatUnary('floor', 'floor of the specified value', exactUnary(Math.floor))
/** `math.log` (negative operands are not folded). */
export const LogOp: OdsOp = floatUnary('log', 'base-e logarithm of the specified value', libmSkipNegative(Math.log))
/** `math.log10`. */
export const Log10Op: OdsOp = floatUnary('log10', 'base-10 logarithm of the specified value', libmSkipNegative(Math.log10))
/** `math.log1p` (operands below -1 are not folded). */
export const Log1pOp: OdsOp = floatUnary(
  'log1p',
  'Computes the natural logarithm of one plus the given value',
  libmUnary(Math.log1p, (x) => x + 1 < 0 || Object.is(x + 1, -0)),
)
/** `math.log2`. */
export const Log2Op: OdsOp = floatUnary('log2', 'base-2 logarithm of the specified value', libmSkipNegative(Math.log2))
/** `math.powf`. */
export const PowFOp: OdsOp = floatBinary('powf', 'floating point raised to the power of operation', libmBinary(Math.pow))
/** `math.rsqrt` (not folded, as upstream). */
export const RsqrtOp: OdsOp = floatUnary('rsqrt', 'reciprocal of sqrt (1 / sqrt of the specified value)')
/** `math.sqrt`. */
export const SqrtOp: OdsOp = floatUnary('sqrt', 'sqrt of the specified value', libmSkipNegative(Math.sqrt))
/** `math.tan`. */
export const TanOp: OdsOp = floatUnary('tan', 'tangent of the specified value', libmUnary(Math.tan, undefined, true))
/** `math.tanh`. */
export const TanhOp: OdsOp = floatUnary('tanh', 'hyperbolic tangent of the specified value', libmUnary(Math.tanh))
/** `math.roundeven`. */
export const RoundEvenOp: OdsOp = floatUnary('roundeven', 'round of the specified value with halfway cases to even', exactUnary(roundEven))
/** `math.round` (f32 and f64 only, as upstream). */
export const RoundOp: OdsOp = floatUnary('round', 'round of the specified value', libmUnary(roundHalfAway))
/** `math.trunc` (f32 and f64 only, as upstream). */
export const TruncOp: OdsOp = floatUnary('trunc', 'trunc of the specified value', libmUnary(Math.trunc))

/** `math.fma %a, %b, %c : type` (not folded). */
export const FmaOp: OdsOp = defineOp({
  name: 'math.fma',
  summary: 'floating point fused multipy-add operation',
  operands: { a: FloatLike, b: FloatLike, c: FloatLike },
  results: { result: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: MATH_TRAITS | Trait.SameOperandsAndResultType,
  assemblyFormat: `$a \`,\` $b \`,\` $c ${FMF} attr-dict \`:\` type($result)`,
  verify: verifyMath,
})

/** `math.clampf %x to [%min, %max] : type`. */
export const ClampFOp: OdsOp = defineOp({
  name: 'math.clampf',
  summary: 'floating point clamping operation',
  operands: { value: FloatLike, min: FloatLike, max: FloatLike },
  results: { result: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: MATH_TRAITS | Trait.SameOperandsAndResultType,
  assemblyFormat: `$value \`to\` \` \` \`[\` $min \`,\` $max \`]\` ${FMF} attr-dict \`:\` type($result)`,
  verify: verifyMath,
})

/** `math.absi`. */
export const AbsIOp: OdsOp = integerOp('absi', 'integer absolute-value operation', false, intUnary((a) => (a < 0n ? -a : a)))
/** `math.ctlz`. */
export const CountLeadingZerosOp: OdsOp = integerOp('ctlz', 'counts the leading zeros an integer value', false, intUnary(countLeadingZeros))
/** `math.cttz`. */
export const CountTrailingZerosOp: OdsOp = integerOp('cttz', 'counts the trailing zeros an integer value', false, intUnary(countTrailingZeros))
/** `math.ctpop`. */
export const CtPopOp: OdsOp = integerOp('ctpop', 'counts the number of set bits of an integer value', false, intUnary(popCount))
/** `math.ipowi`. */
export const IPowIOp: OdsOp = integerOp('ipowi', 'signed integer raised to the power of operation', true, foldIPowI)

/** `math.isfinite`. */
export const IsFiniteOp: OdsOp = classification('isfinite', 'returns true if the operand classifies as finite', classify(Number.isFinite))
/** `math.isinf`. */
export const IsInfOp: OdsOp = classification(
  'isinf',
  'returns true if the operand classifies as infinite',
  classify((x) => x === Infinity || x === -Infinity),
)
/** `math.isnan`. */
export const IsNaNOp: OdsOp = classification('isnan', 'returns true if the operand classifies as NaN', classify(Number.isNaN))
/** `math.isnormal`. */
export const IsNormalOp: OdsOp = classification('isnormal', 'returns true if the operand classifies as normal', classify(isNormalIn))

/** `math.fpowi %x, %n : f32, i32`: a float raised to a signed integer power. */
export const FPowIOp: OdsOp = defineOp({
  name: 'math.fpowi',
  summary: 'floating point raised to the signed integer power',
  operands: { lhs: FloatLike, rhs: SignlessIntegerOrIndexLike },
  results: { result: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: MATH_TRAITS,
  allTypesMatch: [['lhs', 'result']],
  assemblyFormat: `$lhs \`,\` $rhs ${FMF} attr-dict \`:\` type($lhs) \`,\` type($rhs)`,
  verify: (op) => verifySameOperandsAndResultShape(op) && verifyMath(op),
})

/** `%sin, %cos = math.sincos %x : type`. */
export const SincosOp: OdsOp = defineOp({
  name: 'math.sincos',
  summary: 'sine and cosine of the specified value',
  operands: { operand: FloatLike },
  results: { sin: FloatLike, cos: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: MATH_TRAITS,
  allTypesMatch: [['operand', 'sin', 'cos']],
  assemblyFormat: `$operand ${FMF} attr-dict \`:\` type($operand)`,
  verify: (op) => verifySameOperandsAndResultShape(op) && verifyMath(op),
})

/** The ops of the `math` dialect. */
export const mathOps: readonly OdsOp[] = [
  AbsFOp,
  AbsIOp,
  AcosOp,
  AcoshOp,
  AsinOp,
  AsinhOp,
  AtanOp,
  Atan2Op,
  AtanhOp,
  CbrtOp,
  CeilOp,
  ClampFOp,
  CopySignOp,
  CosOp,
  CoshOp,
  CountLeadingZerosOp,
  CountTrailingZerosOp,
  CtPopOp,
  ErfOp,
  ErfcOp,
  ExpOp,
  Exp2Op,
  ExpM1Op,
  FloorOp,
  FmaOp,
  FPowIOp,
  IPowIOp,
  IsFiniteOp,
  IsInfOp,
  IsNaNOp,
  IsNormalOp,
  LogOp,
  Log10Op,
  Log1pOp,
  Log2Op,
  PowFOp,
  RoundEvenOp,
  RoundOp,
  RsqrtOp,
  SinOp,
  SincosOp,
  SinhOp,
  SqrtOp,
  TanOp,
  TanhOp,
  TruncOp,
]
