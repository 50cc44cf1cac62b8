import { roundFloat } from './FloatRounding.ts'
import { elemTypeFromText, type ElemType, type TiledViewTypeInfo } from './TypeInfo.ts'

/**
 * A tile value: a row-major array of elements with a static shape. Float elements are
 * doubles holding values representable in the element type; integer elements are bigints
 * in two's-complement signed form of their width (so i1 true is -1n); pointer elements
 * are bigint byte addresses.
 */
export class Tile {
  constructor(
    readonly shape: readonly number[],
    readonly elem: ElemType,
    /** Float64Array for float elements, BigInt64Array for integers and pointers. */
    readonly data: Float64Array | BigInt64Array,
  ) {}

  /** A tile of `shape` filled with zeros. */
  static zeros(shape: readonly number[], elem: ElemType): Tile {
    let n = 1
    for (const d of shape) {
      n *= d
    }
    return new Tile(shape, elem, elem.isFloat ? new Float64Array(n) : new BigInt64Array(n))
  }

  /** A rank-0 tile of element type `elemName` (`i32`, `f32`, `ptr<f16>`) holding `value`. */
  static scalar(elemName: string, value: number | bigint): Tile {
    return Tile.from(elemName, [], [value])
  }

  /**
   * A tile of `shape` and element type `elemName` holding `values` in row-major order
   * (floats rounded to the element type, nearest even; integers wrapped to its width).
   */
  static from(elemName: string, shape: readonly number[], values: ArrayLike<number | bigint>): Tile {
    const elem = elemTypeFromText(elemName)
    if (elem === null) {
      throw new Error(`Tile.from: unknown element type '${elemName}'`)
    }
    const t = Tile.zeros(shape, elem)
    if (values.length !== t.numElements) {
      throw new Error(`Tile.from: ${values.length} values for a tile of ${t.numElements} elements`)
    }
    for (let i = 0; i < values.length; i++) {
      if (elem.isFloat) {
        t.floats[i] = roundFloat(elem.kind, Number(values[i]!))
      } else {
        t.ints[i] = BigInt.asIntN(elem.bits, BigInt(values[i]!))
      }
    }
    return t
  }

  get numElements(): number {
    return this.data.length
  }
  /** The float elements (only for float tiles). */
  get floats(): Float64Array {
    return this.data as Float64Array
  }
  /** The integer or pointer elements (only for non-float tiles). */
  get ints(): BigInt64Array {
    return this.data as BigInt64Array
  }
  /** Element `i` as a JS number (integers in their signed form). */
  numberAt(i: number): number {
    return Number(this.data[i]!)
  }
  /** The elements as JS numbers, row-major. */
  toArray(): number[] {
    return Array.from(this.data as ArrayLike<number | bigint>, (v) => Number(v))
  }
}

/** The strides (in elements) of a row-major `shape`. */
export function rowMajorStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length)
  let s = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s
    s *= shape[i]!
  }
  return strides
}

/** `token`: carries ordering only; the interpreter runs every op in program order. */
export class Token {
  static readonly instance: Token = new Token()
}

/** A runtime `tensor_view`: a base byte address, a shape and strides in elements. */
export class TensorView {
  constructor(
    readonly base: bigint,
    readonly shape: readonly number[],
    readonly strides: readonly number[],
    readonly elem: ElemType,
  ) {}
}

/** A runtime `partition_view`, `strided_view` or `gather_scatter_view`: a tensor_view cut into tiles as its type says. */
export class TiledView {
  constructor(
    readonly tensorView: TensorView,
    readonly type: TiledViewTypeInfo,
  ) {}
  /** The number of tiles along tile dimension `i` (the index space). */
  indexSpaceDim(i: number): number {
    const size = this.tensorView.shape[this.type.dimMap[i]!]!
    return Math.ceil(size / this.type.traversal[i]!)
  }
}

/** Any value the interpreter binds to an SSA value. */
export type RuntimeValue = Tile | Token | TensorView | TiledView
