import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  RankedTensorType,
  ShapedType,
  UnrankedTensorType,
  VectorType,
  getElementTypeOrSelf,
  type Attribute,
  type Context,
  type Type,
} from '@tilepass/ir'
import { isFoldableFloatType } from './FloatSemantics.ts'

/** Bit width of an integer or index type (index folds as 64 bits, like MLIR's index attributes). */
export function intWidth(type: Type): number {
  return type instanceof IntegerType ? type.width : 64
}

/** Normalizes `v` to the stored form of an integer of `type` (signed for signless and index). */
export function normalizeFor(type: Type, v: bigint): bigint {
  if (type instanceof IntegerType) {
    if (type.width === 0) {
      return 0n
    }
    return type.isUnsigned ? BigInt.asUintN(type.width, v) : BigInt.asIntN(type.width, v)
  }
  return BigInt.asIntN(64, v)
}

/** The unsigned reading of the integer `v` of `width` bits. */
export function toUnsigned(v: bigint, width: number): bigint {
  return BigInt.asUintN(width, v)
}

/** The signed reading of the integer `v` of `width` bits. */
export function toSigned(v: bigint, width: number): bigint {
  return BigInt.asIntN(width, v)
}

/** The integer held by `attr` (an integer attribute or an integer splat), as `m_ConstantInt` matches. */
export function getConstantIntValue(attr: Attribute | null | undefined): bigint | undefined {
  if (attr instanceof IntegerAttr) {
    return attr.value
  }
  if (attr instanceof DenseIntOrFPElementsAttr && attr.isSplat) {
    const v = attr.values[0]
    return typeof v === 'bigint' ? v : undefined
  }
  return undefined
}

/** The float held by `attr` (a float attribute or a float splat). */
export function getConstantFloatValue(attr: Attribute | null | undefined): number | undefined {
  if (attr instanceof FloatAttr) {
    return attr.value
  }
  if (attr instanceof DenseIntOrFPElementsAttr && attr.isSplat) {
    const v = attr.values[0]
    return typeof v === 'number' ? v : undefined
  }
  return undefined
}

/** `m_Zero`: an integer zero or integer zero splat. */
export function isZeroInt(attr: Attribute | null | undefined): boolean {
  return getConstantIntValue(attr) === 0n
}

/** `m_One`: an integer one or integer one splat (for i1, `true`). */
export function isOneInt(attr: Attribute | null | undefined, type: Type): boolean {
  const v = getConstantIntValue(attr)
  if (v === undefined) {
    return false
  }
  const w = intWidth(getElementTypeOrSelf(type))
  return toUnsigned(v, w) === 1n
}

/** True when the integer constant has every bit set. */
export function isAllOnes(v: bigint, width: number): boolean {
  return toUnsigned(v, width) === (1n << BigInt(width)) - 1n
}

/** Signed maximum of `width` bits. */
export function signedMax(width: number): bigint {
  return (1n << BigInt(width - 1)) - 1n
}

/** Signed minimum of `width` bits. */
export function signedMin(width: number): bigint {
  return -(1n << BigInt(width - 1))
}

/** The i1 type with the same shape as `type` (scalar, vector or tensor). */
export function getI1SameShape(type: Type): Type {
  const i1 = IntegerType.get(type.context, 1)
  if (type instanceof VectorType) {
    return VectorType.get(type.shape, i1, type.scalableDims)
  }
  if (type instanceof RankedTensorType) {
    return RankedTensorType.get(type.shape, i1, type.encoding)
  }
  if (type instanceof UnrankedTensorType) {
    return UnrankedTensorType.get(i1)
  }
  return i1
}

/** A scalar element of a constant: an integer (bigint) or a float (number). */
export type Scalar = bigint | number

function elementsOf(attr: DenseIntOrFPElementsAttr): readonly Scalar[] {
  if (!attr.isSplat) {
    return attr.values
  }
  const n = attr.type.numElements
  const v = attr.values[0]!
  const out = new Array<Scalar>(n)
  for (let i = 0; i < n; i++) {
    out[i] = v
  }
  return out
}

/** Builds a dense attribute of `type`, stored as a splat when every element is equal. */
export function makeDense(type: ShapedType, values: readonly Scalar[]): DenseIntOrFPElementsAttr {
  let splat = values.length > 0
  for (let i = 1; i < values.length && splat; i++) {
    if (!Object.is(values[i], values[0])) {
      splat = false
    }
  }
  if (splat) {
    return DenseIntOrFPElementsAttr.get(type, [values[0]!] as bigint[] | number[], true)
  }
  return DenseIntOrFPElementsAttr.get(type, values as bigint[] | number[], false)
}

/** Makes a scalar attribute of `type` (an integer, index or float type). */
export function makeScalar(type: Type, v: Scalar): Attribute {
  if (typeof v === 'bigint') {
    return IntegerAttr.get(type, v)
  }
  return FloatAttr.get(type, v)
}

function scalarOf(attr: Attribute, wantInt: boolean): Scalar | undefined {
  if (wantInt) {
    return attr instanceof IntegerAttr ? attr.value : undefined
  }
  return attr instanceof FloatAttr ? attr.value : undefined
}

function isIntElement(type: Type): boolean {
  return type instanceof IntegerType || type instanceof IndexType
}

function typeOfConst(attr: Attribute): Type | undefined {
  if (attr instanceof IntegerAttr || attr instanceof FloatAttr || attr instanceof DenseIntOrFPElementsAttr) {
    return attr.type
  }
  return undefined
}

/**
 * MLIR's `constFoldBinaryOp`: folds two constants of the same type (scalars, splats or
 * dense elements) elementwise with `fn`, producing constants of `resultType` (the
 * operand type when omitted). `fn` returns undefined to refuse the fold.
 */
export function constFoldBinary(
  lhs: Attribute | null | undefined,
  rhs: Attribute | null | undefined,
  wantInt: boolean,
  fn: (a: Scalar, b: Scalar) => Scalar | undefined,
  resultType?: Type,
): Attribute | undefined {
  if (!lhs || !rhs) {
    return undefined
  }
  const lt = typeOfConst(lhs)
  const rt = typeOfConst(rhs)
  if (lt === undefined || lt !== rt) {
    return undefined
  }
  const elt = getElementTypeOrSelf(lt)
  if (wantInt ? !isIntElement(elt) : !isFoldableFloatType(elt)) {
    return undefined
  }
  const outType = resultType ?? lt
  const outElt = getElementTypeOrSelf(outType)
  if (!(lt instanceof ShapedType)) {
    const a = scalarOf(lhs, wantInt)
    const b = scalarOf(rhs, wantInt)
    if (a === undefined || b === undefined) {
      return undefined
    }
    const r = fn(a, b)
    return r === undefined ? undefined : makeScalar(outType, normalizeScalar(outElt, r))
  }
  if (!(lhs instanceof DenseIntOrFPElementsAttr) || !(rhs instanceof DenseIntOrFPElementsAttr) || !(outType instanceof ShapedType)) {
    return undefined
  }
  if (lhs.isSplat && rhs.isSplat) {
    const r = fn(lhs.values[0]!, rhs.values[0]!)
    return r === undefined ? undefined : DenseIntOrFPElementsAttr.get(outType, [normalizeScalar(outElt, r)] as bigint[] | number[], true)
  }
  const as = elementsOf(lhs)
  const bs = elementsOf(rhs)
  const out = new Array<Scalar>(as.length)
  for (let i = 0; i < as.length; i++) {
    const r = fn(as[i]!, bs[i]!)
    if (r === undefined) {
      return undefined
    }
    out[i] = normalizeScalar(outElt, r)
  }
  return makeDense(outType, out)
}

/**
 * MLIR's `constFoldUnaryOp` / `constFoldCastOp`: folds one constant elementwise with
 * `fn` into constants of `resultType`. `wantInt` selects integer or float operands.
 */
export function constFoldUnary(
  operand: Attribute | null | undefined,
  wantInt: boolean,
  resultType: Type,
  fn: (a: Scalar) => Scalar | undefined,
): Attribute | undefined {
  if (!operand) {
    return undefined
  }
  const t = typeOfConst(operand)
  if (t === undefined) {
    return undefined
  }
  const elt = getElementTypeOrSelf(t)
  if (wantInt ? !isIntElement(elt) : !isFoldableFloatType(elt)) {
    return undefined
  }
  const outElt = getElementTypeOrSelf(resultType)
  if (!(t instanceof ShapedType)) {
    const a = scalarOf(operand, wantInt)
    if (a === undefined) {
      return undefined
    }
    const r = fn(a)
    return r === undefined ? undefined : makeScalar(resultType, normalizeScalar(outElt, r))
  }
  if (!(operand instanceof DenseIntOrFPElementsAttr) || !(resultType instanceof ShapedType) || !resultType.hasStaticShape) {
    return undefined
  }
  if (operand.isSplat) {
    const r = fn(operand.values[0]!)
    return r === undefined ? undefined : DenseIntOrFPElementsAttr.get(resultType, [normalizeScalar(outElt, r)] as bigint[] | number[], true)
  }
  const as = operand.values
  const out = new Array<Scalar>(as.length)
  for (let i = 0; i < as.length; i++) {
    const r = fn(as[i]!)
    if (r === undefined) {
      return undefined
    }
    out[i] = normalizeScalar(outElt, r)
  }
  return makeDense(resultType, out)
}

function normalizeScalar(elt: Type, v: Scalar): Scalar {
  if (typeof v === 'bigint') {
    return normalizeFor(elt, v)
  }
  return v
}

/** The zero constant of `type` (scalar, or a splat for shaped types), as `Builder::getZeroAttr`. */
export function getZeroAttr(type: Type): Attribute | undefined {
  const elt = getElementTypeOrSelf(type)
  const zero: Scalar | undefined = isIntElement(elt) ? 0n : elt instanceof FloatType ? 0 : undefined
  if (zero === undefined) {
    return undefined
  }
  // Dynamic shapes get a splat too, as upstream (whose builders assert static shapes
  // only in debug builds); folders that must not produce one check the shape first.
  if (type instanceof ShapedType) {
    return DenseIntOrFPElementsAttr.get(type, [zero] as bigint[] | number[], true)
  }
  return makeScalar(type, zero)
}

/** A boolean constant of `type` (i1, or an i1 splat for shaped types), as arith's `getBoolAttribute`. */
export function getBoolAttribute(context: Context, type: Type, value: boolean): Attribute | undefined {
  const i1 = IntegerType.get(context, 1)
  const v = value ? -1n : 0n
  if (type instanceof ShapedType) {
    return DenseIntOrFPElementsAttr.get(type, [v], true)
  }
  return IntegerAttr.get(i1, v)
}
