import {
  AnyComplex,
  AnyFloat,
  ArrayAttr,
  ArrayAttrC,
  ComplexType,
  FloatAttr,
  IntegerAttr,
  Trait,
  defaultValuedAttr,
  defineOp,
  typeConstraint,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type Operation,
  type OpFoldResult,
  type Type,
  type TypesMatchWith,
  type Value,
} from '@tilepass/ir'
import { FastMathAttrC, FastMathFlagsAttr } from '../arith/index.ts'
import { defOp } from '../arith/FoldHelpers.ts'
import { typeText } from '../internal/typeText.ts'

/** `Complex<AnyFloat>`: a complex type with floating-point elements. */
const ComplexFloat = typeConstraint(
  'complex type with floating-point elements',
  (t) => t instanceof ComplexType && AnyFloat.check(t.elementType),
)

const noneFastMath = defaultValuedAttr(FastMathAttrC, (c) => FastMathFlagsAttr.get(c, 0))

function elementTypeOf(t: Type): Type {
  return (t as ComplexType).elementType
}

/** The `[re, im]` value of a `complex.constant` defining `v`, or null. */
function constantParts(v: Value): readonly Attribute[] | null {
  const def = defOp(v, 'complex.constant')
  const value = def?.getAttr('value')
  return value instanceof ArrayAttr && value.elements.length === 2 ? value.elements : null
}

function isFloatValue(a: Attribute | undefined, x: number): boolean {
  return a instanceof FloatAttr && a.value === x
}

/** True when `v` is a `complex.constant` equal to `re + im*i` (floating-point parts). */
function isComplexConstant(v: Value, re: number, im: number): boolean {
  const parts = constantParts(v)
  return parts !== null && isFloatValue(parts[0], re) && isFloatValue(parts[1], im)
}

function binaryOp(mnemonic: string, summary: string, fold: (op: Operation) => OpFoldResult[] | undefined): OdsOp {
  return defineOp({
    name: `complex.${mnemonic}`,
    summary,
    operands: { lhs: ComplexFloat, rhs: ComplexFloat },
    results: { result: ComplexFloat },
    attributes: { fastmath: noneFastMath },
    traits: Trait.Pure | Trait.SameOperandsAndResultType | Trait.Elementwise,
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
    fold,
  })
}

/** `complex.add`: folds `add(sub(a, b), b)`, `add(b, sub(a, b))` and `add(a, 0)` to `a`. */
export const AddOp: OdsOp = binaryOp('add', 'complex addition', (op) => {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const subL = defOp(lhs, 'complex.sub')
  if (subL !== null && subL.getOperand(1) === rhs) {
    return [subL.getOperand(0)]
  }
  const subR = defOp(rhs, 'complex.sub')
  if (subR !== null && subR.getOperand(1) === lhs) {
    return [subR.getOperand(0)]
  }
  return isComplexConstant(rhs, 0, 0) ? [lhs] : undefined
})

/** `complex.sub`: folds `sub(add(a, b), b)` and `sub(a, 0)` to `a`. */
export const SubOp: OdsOp = binaryOp('sub', 'complex subtraction', (op) => {
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const add = defOp(lhs, 'complex.add')
  if (add !== null && add.getOperand(1) === rhs) {
    return [add.getOperand(0)]
  }
  return isComplexConstant(rhs, 0, 0) ? [lhs] : undefined
})

/** `complex.mul`: folds `mul(a, 1)` to `a`. */
export const MulOp: OdsOp = binaryOp('mul', 'complex multiplication', (op) =>
  isComplexConstant(op.getOperand(1), 1, 0) ? [op.getOperand(0)] : undefined,
)

/** `complex.create`: a complex value from its real and imaginary parts; `create(re(z), im(z))` folds to `z`. */
export const CreateOp: OdsOp = defineOp({
  name: 'complex.create',
  summary: 'complex number creation operation',
  operands: { real: AnyFloat, imaginary: AnyFloat },
  results: { complex: ComplexFloat },
  traits: Trait.Pure,
  typesMatchWith: [
    { from: 'complex', to: 'real', transform: elementTypeOf, summary: 'complex element type matches real operand type' },
    { from: 'complex', to: 'imaginary', transform: elementTypeOf, summary: 'complex element type matches imaginary operand type' },
  ] satisfies TypesMatchWith[],
  assemblyFormat: '$real `,` $imaginary attr-dict `:` type($complex)',
  fold(op) {
    const re = defOp(op.getOperand(0), 'complex.re')
    const im = defOp(op.getOperand(1), 'complex.im')
    return re !== null && im !== null && re.getOperand(0) === im.getOperand(0) ? [re.getOperand(0)] : undefined
  },
})

function partOp(mnemonic: 're' | 'im', summary: string): OdsOp {
  const index = mnemonic === 're' ? 0 : 1
  return defineOp({
    name: `complex.${mnemonic}`,
    summary,
    operands: { complex: ComplexFloat },
    results: { [mnemonic === 're' ? 'real' : 'imaginary']: AnyFloat },
    attributes: { fastmath: noneFastMath },
    traits: Trait.Pure,
    typesMatchWith: [
      {
        from: 'complex',
        to: mnemonic === 're' ? 'real' : 'imaginary',
        transform: elementTypeOf,
        summary: `complex element type matches result type`,
      },
    ] satisfies TypesMatchWith[],
    assemblyFormat: '$complex (`fastmath` `` $fastmath^)? attr-dict `:` type($complex)',
    fold(op, operands) {
      const c = operands[0]
      if (c instanceof ArrayAttr && c.elements.length === 2) {
        return [c.elements[index]!]
      }
      const create = defOp(op.getOperand(0), 'complex.create')
      return create === null ? undefined : [create.getOperand(index)]
    },
  })
}

/** `complex.re`: the real part; folds on constants and on `complex.create`. */
export const ReOp: OdsOp = partOp('re', 'extracts the real part of a complex number')
/** `complex.im`: the imaginary part; folds on constants and on `complex.create`. */
export const ImOp: OdsOp = partOp('im', 'extracts the imaginary part of a complex number')

/** True when `value` (`[re, im]`) can be the value of a `complex.constant` of `type`. */
export function isBuildableComplexConstant(value: Attribute, type: Type): boolean {
  if (!(value instanceof ArrayAttr) || value.elements.length !== 2 || !(type instanceof ComplexType)) {
    return false
  }
  const [re, im] = value.elements
  const element = type.elementType
  if (re instanceof FloatAttr) {
    return im instanceof FloatAttr && re.type === element && im.type === element
  }
  if (re instanceof IntegerAttr) {
    return im instanceof IntegerAttr && re.type === element && im.type === element
  }
  return false
}

/** `complex.constant [re, im] : complex<T>`. */
export const ConstantOp: OdsOp = defineOp({
  name: 'complex.constant',
  summary: 'complex number constant operation',
  attributes: { value: ArrayAttrC },
  results: { complex: AnyComplex },
  traits: Trait.ConstantLike | Trait.Pure,
  assemblyFormat: '$value attr-dict `:` type($complex)',
  getAsmResultNames(op, setName) {
    setName(op.getResult(0), 'cst')
  },
  verify(op: Operation): LogicalResult {
    const parts = (op.getAttr('value') as ArrayAttr).elements
    if (parts.length !== 2) {
      return op.emitOpError("requires 'value' to be a complex constant, represented as array of two values").fail()
    }
    const [re, im] = parts
    const typed = (a: Attribute | undefined): a is FloatAttr | IntegerAttr => a instanceof FloatAttr || a instanceof IntegerAttr
    if (!typed(re) || !typed(im)) {
      return op.emitOpError("requires attribute's elements to be float or integer attributes").fail()
    }
    const element = (op.getResult(0).type as ComplexType).elementType
    if (re.type !== element || im.type !== element) {
      return op
        .emitOpError(
          `requires attribute's element types (${typeText(re.type)}, ${typeText(im.type)}) to match the element type of the op's return type (${typeText(element)})`,
        )
        .fail()
    }
    return true
  },
  fold(op) {
    const v = op.getAttr('value')
    return v === undefined ? undefined : [v]
  },
})

/** The ops of the `complex` dialect subset. */
export const complexOps: readonly OdsOp[] = [AddOp, SubOp, MulOp, CreateOp, ReOp, ImOp, ConstantOp]
