import {
  ArrayAttr,
  Attribute,
  type DenseElementsAttr,
  DenseIntOrFPElementsAttr,
  DenseStringElementsAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  type TypedAttr,
} from './Attributes.ts'
import type { Context } from './Context.ts'
import { typeToString as typeText } from './parser/diagText.ts'
import { ComplexType, FloatType, IntegerType, RankedTensorType, type ShapedType, type Type } from './Types.ts'

/** One scalar of an elements attribute: integers as bigints, floats as numbers, strings as strings. */
export type ElementScalar = bigint | number | string

/**
 * `sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>`: the elements at the listed indices
 * have the listed values, every other element is zero (`0`, `0.0`, `(0, 0)` or `""`).
 * `indices` is an `i64` tensor of shape `[N, rank]` (or `[N]` for rank 1), `values` a 1-d
 * tensor of `N` elements of the type's element type.
 */
export class SparseElementsAttr extends Attribute implements TypedAttr {
  /** @internal */
  constructor(
    context: Context,
    readonly type: ShapedType,
    readonly indices: DenseIntOrFPElementsAttr,
    readonly values: DenseElementsAttr,
  ) {
    super(context)
  }

  /** The uniqued attribute; call `verify` first when the parts come from user input. */
  static get(type: ShapedType, indices: DenseIntOrFPElementsAttr, values: DenseElementsAttr): SparseElementsAttr {
    const context = type.context
    return context.uniquer.intern(
      `sparse:${type.id}:${indices.id}:${values.id}`,
      () => new SparseElementsAttr(context, type, indices, values),
    )
  }

  /**
   * Checks the parts as MLIR's `SparseElementsAttr::verify` does; returns the diagnostic
   * message, or null when they form a valid attribute.
   */
  static verify(type: ShapedType, indices: DenseIntOrFPElementsAttr, values: DenseElementsAttr): string | null {
    const valuesShape = values.type.shape ?? []
    if (valuesShape.length !== 1) {
      return 'expected 1-d tensor for sparse element values'
    }
    const shape = type.shape ?? []
    const indicesShape = indices.type.shape ?? []
    const rank = shape.length
    const shapeError = (): string =>
      `expected shape ([${shape.join(', ')}]); inferred shape of indices literal ([${indicesShape.join(', ')}]); inferred shape of values literal ([${valuesShape.join(', ')}])`
    if (indicesShape.length === 2) {
      if (indicesShape[1] !== rank) {
        return shapeError()
      }
    } else if (indicesShape.length !== 1 || rank !== 1) {
      return shapeError()
    }
    const count = indicesShape[0]!
    if (count !== valuesShape[0]) {
      return shapeError()
    }
    const raw = indices.values as readonly bigint[]
    const checkOne = (n: number, index: readonly bigint[]): string | null => {
      for (let d = 0; d < rank; d++) {
        if (index[d]! >= BigInt(shape[d]!)) {
          const printed = index.map((v) => BigInt.asUintN(64, v).toString()).join(', ')
          return `sparse index #${n} is not contained within the value shape, with index=[${printed}], and type='${typeText(type)}'`
        }
      }
      return null
    }
    if (indices.isSplat) {
      // One stored value stands for every coordinate of every index.
      return checkOne(0, new Array<bigint>(rank).fill(BigInt.asUintN(64, raw[0] ?? 0n)))
    }
    for (let i = 0; i < count; i++) {
      const index: bigint[] = []
      for (let d = 0; d < rank; d++) {
        index.push(BigInt.asUintN(64, raw[i * rank + d]!))
      }
      const err = checkOne(i, index)
      if (err !== null) {
        return err
      }
    }
    return null
  }

  /** Number of elements of the (dense) shape. */
  get numElements(): number {
    return this.type.numElements
  }

  /** Number of explicitly stored values. */
  get numStoredValues(): number {
    return this.indices.type.shape?.[0] ?? 0
  }

  /** The stored indices, one coordinate list per stored value. */
  getSparseIndices(): number[][] {
    const rank = this.type.rank
    const count = this.numStoredValues
    const raw = this.indices.values as readonly bigint[]
    const out: number[][] = []
    for (let i = 0; i < count; i++) {
      const index: number[] = []
      for (let d = 0; d < rank; d++) {
        index.push(Number(this.indices.isSplat ? raw[0]! : raw[i * rank + d]!))
      }
      out.push(index)
    }
    return out
  }

  /** The zero value of the element type: `0n`, `0`, or `""` (complex: both parts zero). */
  get zeroScalar(): ElementScalar {
    const et = this.type.elementType
    const scalar = et instanceof ComplexType ? et.elementType : et
    if (this.values instanceof DenseStringElementsAttr) {
      return ''
    }
    return scalar instanceof FloatType ? 0 : 0n
  }

  /**
   * Every element in row-major order, with zero where no value is stored (the first stored
   * value wins for a repeated index, as MLIR's). Complex elements give their real and
   * imaginary parts one after the other, as `DenseIntOrFPElementsAttr.values`.
   */
  getValues(): ElementScalar[] {
    const parts = this.type.elementType instanceof ComplexType ? 2 : 1
    const n = this.numElements
    const out = new Array<ElementScalar>(n * parts).fill(this.zeroScalar)
    const flat = this.flatStoredPositions()
    const seen = new Set<number>()
    for (let i = 0; i < flat.length; i++) {
      const pos = flat[i]!
      if (seen.has(pos)) {
        continue
      }
      seen.add(pos)
      for (let p = 0; p < parts; p++) {
        out[pos * parts + p] = denseScalar(this.values, i * parts + p)
      }
    }
    return out
  }

  /**
   * The element at `index` (one coordinate per dimension) as an attribute of the element
   * type: `IntegerAttr`, `FloatAttr` or `StringAttr`, zero where no value is stored; a
   * complex element is an `ArrayAttr` of its two parts. Null for an index outside the shape.
   */
  getValueAt(index: readonly number[]): Attribute | null {
    const shape = this.type.shape ?? []
    if (index.length !== shape.length) {
      return null
    }
    let pos = 0
    for (let d = 0; d < shape.length; d++) {
      const i = index[d]!
      if (i < 0 || i >= shape[d]!) {
        return null
      }
      pos = pos * shape[d]! + i
    }
    const et = this.type.elementType
    const parts = et instanceof ComplexType ? 2 : 1
    const flat = this.flatStoredPositions()
    const k = flat.indexOf(pos)
    const scalars: ElementScalar[] = []
    for (let p = 0; p < parts; p++) {
      scalars.push(k < 0 ? this.zeroScalar : denseScalar(this.values, k * parts + p))
    }
    const scalarType = et instanceof ComplexType ? et.elementType : et
    const attrs = scalars.map((s) => scalarAttr(scalarType, s, this.values, k < 0 ? -1 : k * parts))
    return parts === 2 ? ArrayAttr.get(this.context, attrs) : attrs[0]!
  }

  /** The same elements as a `dense<...>` attribute of the same type. */
  toDense(): DenseElementsAttr {
    const values = this.getValues()
    if (this.values instanceof DenseStringElementsAttr) {
      return DenseStringElementsAttr.get(this.type, values as string[], false)
    }
    return DenseIntOrFPElementsAttr.get(this.type, values as bigint[] | number[], false)
  }

  /** Row-major positions of the stored values, in storage order. */
  private flatStoredPositions(): number[] {
    const shape = this.type.shape ?? []
    const out: number[] = []
    for (const index of this.getSparseIndices()) {
      let pos = 0
      for (let d = 0; d < shape.length; d++) {
        pos = pos * shape[d]! + index[d]!
      }
      out.push(pos)
    }
    return out
  }
}

/** Scalar `i` of a dense attribute, reading through a splat. */
function denseScalar(attr: DenseElementsAttr, i: number): ElementScalar {
  if (attr instanceof DenseStringElementsAttr) {
    return attr.values[attr.isSplat ? 0 : i]!
  }
  if (attr instanceof DenseIntOrFPElementsAttr) {
    const parts = attr.type.elementType instanceof ComplexType ? 2 : 1
    return attr.values[attr.isSplat ? i % parts : i]!
  }
  return 0n
}

function scalarAttr(type: Type, v: ElementScalar, values: DenseElementsAttr, at: number): Attribute {
  if (typeof v === 'string') {
    return StringAttr.get(type.context, v)
  }
  if (typeof v === 'number') {
    let bits: bigint | null = null
    if (at >= 0 && values instanceof DenseIntOrFPElementsAttr && values.nanBits !== null) {
      bits = values.nanBits.get(values.isSplat ? 0 : at) ?? null
    }
    return FloatAttr.get(type, v, bits)
  }
  return IntegerAttr.get(type, v)
}

/** @internal The `[N, rank]` (or parsed) `i64` tensor type that holds sparse indices. */
export function sparseIndicesType(context: Context, shape: readonly number[]): RankedTensorType {
  return RankedTensorType.get(shape, IntegerType.get(context, 64))
}
