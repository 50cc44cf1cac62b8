import {
  FloatType,
  IndexType,
  IntegerType,
  MemRefType,
  RankedTensorType,
  ShapedType,
  UnrankedTensorType,
  VectorType,
  kDynamic,
  typeConstraint,
  type Type,
  type TypeConstraint,
} from '@tilepass/ir'

function isVectorOrTensor(t: Type): t is ShapedType {
  return t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType
}

/** `SignlessFixedWidthIntegerLike`: signless integers (not index), or vectors/tensors of them. */
export const SignlessFixedWidthIntegerLike: TypeConstraint = typeConstraint('signless-fixed-width-integer-like', (t) => {
  const e = isVectorOrTensor(t) ? t.elementType : t
  return e instanceof IntegerType && e.isSignless
})

function isSignlessIntOrIndexLike(t: Type): boolean {
  const e = isVectorOrTensor(t) ? t.elementType : t
  return e instanceof IndexType || (e instanceof IntegerType && e.isSignless)
}

/** `IndexCastTypeConstraint`: signless-integer-like, or a memref of signless integers or index. */
export const IndexCastTypeConstraint: TypeConstraint = typeConstraint(
  'signless-integer-like or memref of signless-integer',
  (t) => isSignlessIntOrIndexLike(t) || (t instanceof MemRefType && (t.elementType instanceof IndexType || (t.elementType instanceof IntegerType && t.elementType.isSignless))),
)

/** `BitcastTypeConstraint`: signless-integer-or-float-like, or a memref of signless integers or floats. */
export const BitcastTypeConstraint: TypeConstraint = typeConstraint('signless-integer-or-float-like or memref of signless-integer or float', (t) => {
  if (t instanceof MemRefType) {
    const e = t.elementType
    return e instanceof FloatType || (e instanceof IntegerType && e.isSignless)
  }
  const e = isVectorOrTensor(t) ? t.elementType : t
  return e instanceof FloatType || (e instanceof IntegerType && e.isSignless)
})

/** The shape of a ranked shaped type, undefined for unranked ones, null for non-shaped types. */
function shapeOf(t: Type): readonly number[] | undefined | null {
  if (t instanceof ShapedType) {
    return t.shape
  }
  return null
}

/** MLIR's `verifyCompatibleShapes` for two types: both non-shaped, or both shaped with compatible ranks and dims. */
export function areCompatibleShapes(a: Type, b: Type): boolean {
  const sa = shapeOf(a)
  const sb = shapeOf(b)
  if (sa === null && sb === null) {
    return true
  }
  if (sa === null || sb === null) {
    return false
  }
  if (sa === undefined || sb === undefined) {
    return true
  }
  if (sa.length !== sb.length) {
    return false
  }
  // Vectors also agree on which dims are scalable (`verifyCompatibleShape`).
  if (a instanceof VectorType && b instanceof VectorType && a.scalableDims.some((s, i) => s !== b.scalableDims[i])) {
    return false
  }
  for (let i = 0; i < sa.length; i++) {
    const x = sa[i]!
    const y = sb[i]!
    if (x !== kDynamic && y !== kDynamic && x !== y) {
      return false
    }
  }
  return true
}

function hasSameEncoding(a: Type, b: Type): boolean {
  if (a instanceof RankedTensorType && b instanceof RankedTensorType) {
    return a.encoding === b.encoding
  }
  return true
}

/** MLIR's `areValidCastInputsAndOutputs` for one input and one output. */
export function isValidCastPair(input: Type, output: Type): boolean {
  return hasSameEncoding(input, output) && areCompatibleShapes(input, output)
}

/** The element type if `type` is a scalar, vector or tensor (or memref when `allowMemRef`) of an accepted element; else undefined. */
export function underlyingType(type: Type, accept: (e: Type) => boolean, allowMemRef = false): Type | undefined {
  const container = type instanceof VectorType || type instanceof RankedTensorType || type instanceof UnrankedTensorType
  if (type instanceof ShapedType && !container && !(allowMemRef && type instanceof MemRefType)) {
    return undefined
  }
  const e = type instanceof ShapedType ? type.elementType : type
  return accept(e) ? e : undefined
}

/** Bit width of an integer or float type. */
export function intOrFloatWidth(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) {
    return t.width
  }
  return 0
}
