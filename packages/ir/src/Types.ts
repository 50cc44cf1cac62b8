import type { Context } from './Context.ts'
import type { Attribute } from './Attributes.ts'
import { sameElements } from './internal/lists.ts'
import { nextStorageId } from './internal/storage.ts'

/**
 * A type. Types are immutable and interned in their `Context`: two equal types are the
 * same object, so `a === b` is type equality. Create them with the static `get` of a
 * concrete class, never with `new`.
 */
export abstract class Type {
  declare readonly context: Context
  /** Process-unique id, used to build interning keys and hash tables. */
  declare readonly id: number
  constructor(context: Context) {
    this.context = context
    this.id = nextStorageId()
  }
}

/** Signedness of an `IntegerType`. */
export const Signedness = { Signless: 0, Signed: 1, Unsigned: 2 } as const
/** Signedness of an `IntegerType`. */
export type Signedness = (typeof Signedness)[keyof typeof Signedness]

/** The interned integer type of `width` and `signedness` (see `IntegerType.get`). */
function internIntegerType(context: Context, width: number, signedness: Signedness): IntegerType {
  return context.uniquer.intern(`i${signedness}:${width}`, () => new IntegerType(context, width, signedness))
}

/** `i32`, `si8`, `ui64`: an integer of a fixed bit width and signedness. */
export class IntegerType extends Type {
  /** @internal */
  constructor(
    context: Context,
    readonly width: number,
    readonly signedness: Signedness,
  ) {
    super(context)
  }
  static get(context: Context, width: number, signedness: Signedness = Signedness.Signless): IntegerType {
    const common = signedness === Signedness.Signless && width <= 128
    if (common) {
      const t = context.signlessIntegerTypes[width]
      if (t !== undefined) {
        return t
      }
    }
    // Interned in a function of its own: its callback's captures would make V8 allocate a
    // closure context on every call of this one, the cached ones included.
    const t = internIntegerType(context, width, signedness)
    if (common) {
      context.signlessIntegerTypes[width] = t
    }
    return t
  }
  get isSignless(): boolean {
    return this.signedness === Signedness.Signless
  }
  get isSigned(): boolean {
    return this.signedness === Signedness.Signed
  }
  get isUnsigned(): boolean {
    return this.signedness === Signedness.Unsigned
  }
}

/** `index`: the target's pointer-sized integer. */
export class IndexType extends Type {
  static get(context: Context): IndexType {
    return context.uniquer.lookup<IndexType>('index') ?? internIndexType(context)
  }
}

/** Names of the builtin floating-point types, exactly as written in the textual format. */
export type FloatKind =
  | 'f16'
  | 'bf16'
  | 'f32'
  | 'f64'
  | 'f80'
  | 'f128'
  | 'tf32'
  | 'f4E2M1FN'
  | 'f6E2M3FN'
  | 'f6E3M2FN'
  | 'f8E5M2'
  | 'f8E4M3'
  | 'f8E4M3FN'
  | 'f8E5M2FNUZ'
  | 'f8E4M3FNUZ'
  | 'f8E4M3B11FNUZ'
  | 'f8E3M4'
  | 'f8E8M0FNU'

const FLOAT_WIDTHS: Record<FloatKind, number> = {
  f16: 16,
  bf16: 16,
  f32: 32,
  f64: 64,
  f80: 80,
  f128: 128,
  tf32: 32,
  f4E2M1FN: 4,
  f6E2M3FN: 6,
  f6E3M2FN: 6,
  f8E5M2: 8,
  f8E4M3: 8,
  f8E4M3FN: 8,
  f8E5M2FNUZ: 8,
  f8E4M3FNUZ: 8,
  f8E4M3B11FNUZ: 8,
  f8E3M4: 8,
  f8E8M0FNU: 8,
}

/** True when `name` is the keyword of a builtin float type. */
export function isFloatKind(name: string): name is FloatKind {
  return Object.prototype.hasOwnProperty.call(FLOAT_WIDTHS, name)
}

/** A builtin floating-point type (`f32`, `bf16`, `f8E4M3FN`, ...). */
export class FloatType extends Type {
  /** @internal */
  constructor(
    context: Context,
    readonly kind: FloatKind,
  ) {
    super(context)
  }
  static get(context: Context, kind: FloatKind): FloatType {
    return context.uniquer.lookup<FloatType>(kind) ?? internFloatType(context, kind)
  }
  /** Storage width in bits (tf32 reports 32, as MLIR does). */
  get width(): number {
    return FLOAT_WIDTHS[this.kind]
  }
}

/** `none`: the unit type. */
export class NoneType extends Type {
  static get(context: Context): NoneType {
    return context.uniquer.intern('none', () => new NoneType(context))
  }
}

/** `complex<f32>`. */
export class ComplexType extends Type {
  /** @internal */
  constructor(
    context: Context,
    readonly elementType: Type,
  ) {
    super(context)
  }
  static get(elementType: Type): ComplexType {
    const context = elementType.context
    return context.uniquer.intern(`complex:${elementType.id}`, () => new ComplexType(context, elementType))
  }
}

/** `tuple<i32, f32>`. */
export class TupleType extends Type {
  /** @internal */
  constructor(
    context: Context,
    readonly types: readonly Type[],
  ) {
    super(context)
  }
  static get(context: Context, types: readonly Type[]): TupleType {
    return context.uniquer.intern(`tuple:${idList(types)}`, () => new TupleType(context, [...types]))
  }
}

/** `(i32, f32) -> i1`. */
export class FunctionType extends Type {
  declare readonly inputs: readonly Type[]
  declare readonly results: readonly Type[]
  /** @internal */
  constructor(context: Context, inputs: readonly Type[], results: readonly Type[]) {
    super(context)
    this.inputs = inputs
    this.results = results
  }
  static get(context: Context, inputs: readonly Type[], results: readonly Type[]): FunctionType {
    // A signature seen lately is found by the ids of its types, without building a key.
    let h = inputs.length
    for (let i = 0; i < inputs.length; i++) {
      h = (Math.imul(h, 31) + inputs[i]!.id) | 0
    }
    h = (Math.imul(h, 31) + results.length) | 0
    for (let i = 0; i < results.length; i++) {
      h = (Math.imul(h, 31) + results[i]!.id) | 0
    }
    const cache = context.functionTypeCache
    const slot = h & (cache.length - 1)
    const cached = cache[slot]!
    if (cached !== null && sameElements(cached.inputs, inputs) && sameElements(cached.results, results)) {
      return cached
    }
    const key = `fn:${idList(inputs)}>${idList(results)}`
    const t = context.uniquer.intern(key, () => new FunctionType(context, [...inputs], [...results]))
    cache[slot] = t
    return t
  }
}

/** Marker for a dynamic dimension (`?`) in a shape, as `ShapedType::kDynamic`. */
export const kDynamic: number = Number.MIN_SAFE_INTEGER

function shapeKey(shape: readonly number[], exactShape: readonly bigint[] | null): string {
  return exactShape === null ? shape.join('x') : `!${exactShape.join('x')}`
}

/** Common shape of vector, tensor and memref types. */
export abstract class ShapedType extends Type {
  /**
   * The exact dimensions when some dimension is beyond 2^53 (where `shape` holds rounded
   * numbers); null otherwise. The printer and type equality use it.
   */
  abstract readonly exactShape: readonly bigint[] | null
  abstract readonly elementType: Type
  /** The dimensions, with `kDynamic` for `?`; undefined for unranked types. */
  abstract readonly shape: readonly number[] | undefined
  get hasRank(): boolean {
    return this.shape !== undefined
  }
  get rank(): number {
    return this.shape?.length ?? -1
  }
  /** True when ranked with no dynamic dimension. */
  get hasStaticShape(): boolean {
    const s = this.shape
    return s !== undefined && !s.includes(kDynamic)
  }
  /** Product of the dimensions; only meaningful for static shapes. */
  get numElements(): number {
    let n = 1
    for (const d of this.shape ?? []) {
      n *= d
    }
    return n
  }
}

/** `vector<4x[8]xf32>`; `scalableDims[i]` marks `[8]`-style scalable dimensions. */
export class VectorType extends ShapedType {
  /** @internal */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly scalableDims: readonly boolean[],
    readonly exactShape: readonly bigint[] | null,
  ) {
    super(context)
  }
  /** `exactShape` (null unless a dimension is beyond 2^53) keeps every dimension exact, `kDynamic` for `?`. */
  static get(shape: readonly number[], elementType: Type, scalableDims?: readonly boolean[], exactShape: readonly bigint[] | null = null): VectorType {
    const context = elementType.context
    const scal = scalableDims ?? shape.map(() => false)
    const key = `vec:${shapeKey(shape, exactShape)}:${elementType.id}:${scal.map((s) => (s ? 1 : 0)).join('')}`
    return context.uniquer.intern(key, () => new VectorType(context, [...shape], elementType, [...scal], exactShape === null ? null : [...exactShape]))
  }
  get isScalable(): boolean {
    return this.scalableDims.includes(true)
  }
}

/** `tensor<?x4xf32, #encoding>`. */
export class RankedTensorType extends ShapedType {
  /** @internal */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly encoding: Attribute | null,
    readonly exactShape: readonly bigint[] | null,
  ) {
    super(context)
  }
  /** `exactShape` (null unless a dimension is beyond 2^53) keeps every dimension exact, `kDynamic` for `?`. */
  static get(shape: readonly number[], elementType: Type, encoding: Attribute | null = null, exactShape: readonly bigint[] | null = null): RankedTensorType {
    const context = elementType.context
    const key = `rt:${shapeKey(shape, exactShape)}:${elementType.id}:${encoding?.id ?? ''}`
    return context.uniquer.intern(key, () => new RankedTensorType(context, [...shape], elementType, encoding, exactShape === null ? null : [...exactShape]))
  }
}

/** `tensor<*xf32>`. */
export class UnrankedTensorType extends ShapedType {
  readonly shape = undefined
  readonly exactShape = null
  /** @internal */
  constructor(
    context: Context,
    readonly elementType: Type,
  ) {
    super(context)
  }
  static get(elementType: Type): UnrankedTensorType {
    const context = elementType.context
    return context.uniquer.intern(`ut:${elementType.id}`, () => new UnrankedTensorType(context, elementType))
  }
}

/**
 * `memref<4x?xf32, strided<[?, 1]>, 3>`. `layout` is null for the identity layout;
 * `memorySpace` is null for the default space.
 */
export class MemRefType extends ShapedType {
  /** @internal */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly layout: Attribute | null,
    readonly memorySpace: Attribute | null,
    readonly exactShape: readonly bigint[] | null,
  ) {
    super(context)
  }
  /** `exactShape` (null unless a dimension is beyond 2^53) keeps every dimension exact, `kDynamic` for `?`. */
  static get(
    shape: readonly number[],
    elementType: Type,
    layout: Attribute | null = null,
    memorySpace: Attribute | null = null,
    exactShape: readonly bigint[] | null = null,
  ): MemRefType {
    const context = elementType.context
    const key = `mr:${shapeKey(shape, exactShape)}:${elementType.id}:${layout?.id ?? ''}:${memorySpace?.id ?? ''}`
    return context.uniquer.intern(key, () => new MemRefType(context, [...shape], elementType, layout, memorySpace, exactShape === null ? null : [...exactShape]))
  }
}

/** `memref<*xf32, 1>`. */
export class UnrankedMemRefType extends ShapedType {
  readonly shape = undefined
  readonly exactShape = null
  /** @internal */
  constructor(
    context: Context,
    readonly elementType: Type,
    readonly memorySpace: Attribute | null,
  ) {
    super(context)
  }
  static get(elementType: Type, memorySpace: Attribute | null = null): UnrankedMemRefType {
    const context = elementType.context
    const key = `umr:${elementType.id}:${memorySpace?.id ?? ''}`
    return context.uniquer.intern(key, () => new UnrankedMemRefType(context, elementType, memorySpace))
  }
}

/** `!foo.bar<...>` of a dialect that is not loaded: the body is kept as text. */
export class OpaqueType extends Type {
  /** @internal */
  constructor(
    context: Context,
    readonly dialectNamespace: string,
    readonly typeData: string,
  ) {
    super(context)
  }
  static get(context: Context, dialectNamespace: string, typeData: string): OpaqueType {
    const key = `opq:${dialectNamespace}:${typeData}`
    return context.uniquer.intern(key, () => new OpaqueType(context, dialectNamespace, typeData))
  }
}

/**
 * Base of types defined by a loaded dialect (`!llvm.ptr`, `!test.foo`). The owning
 * dialect prints and parses the part after `!ns.`; `key` must identify the type.
 */
export abstract class DialectType extends Type {
  abstract readonly dialectNamespace: string
  /** True when the type implements MLIR's `VectorElementTypeInterface` (may be a `vector` element, as `!llvm.ptr`). */
  get isVectorElementType(): boolean {
    return false
  }
  /** False when the type may not be a `memref` element (MLIR's `MemRefElementTypeInterface` is not implemented, as for `!llvm.ptr`). */
  get isMemRefElementType(): boolean {
    return true
  }
}

/**
 * A shaped type defined by a dialect (MLIR's `ShapedTypeInterface` on a dialect type, like
 * `!cuda_tile.tile<4xf32>`): printed and parsed through its dialect, usable as the type of
 * `DenseElementsAttr`.
 */
export abstract class DialectShapedType extends ShapedType {
  abstract readonly dialectNamespace: string
  abstract override readonly shape: readonly number[]
  /** Dialect shaped types keep their dimensions as numbers (none beyond 2^53). */
  readonly exactShape: readonly bigint[] | null = null
}

/** True for the types a dialect prints and parses (`DialectType` or `DialectShapedType`). */
export function isDialectType(type: Type): type is DialectType | DialectShapedType {
  return type instanceof DialectType || type instanceof DialectShapedType
}

/** True for signless, signed or unsigned integers of `width` bits (any width when omitted). */
export function isInteger(type: Type, width?: number): type is IntegerType {
  return type instanceof IntegerType && (width === undefined || type.width === width)
}

/** True for signless integers of `width` bits (any width when omitted). */
export function isSignlessInteger(type: Type, width?: number): type is IntegerType {
  return type instanceof IntegerType && type.isSignless && (width === undefined || type.width === width)
}

/** True for `index` and signless integers: what arith calls "signless integer-like". */
export function isSignlessIntOrIndex(type: Type): boolean {
  return type instanceof IndexType || (type instanceof IntegerType && type.isSignless)
}

/** The element type of a shaped type, or the type itself. */
export function getElementTypeOrSelf(type: Type): Type {
  return type instanceof ShapedType ? type.elementType : type
}

/** @internal Builds an interning key fragment from a list of storage ids. */
export function idList(items: readonly { id: number }[]): string {
  let s = ''
  for (let i = 0; i < items.length; i++) {
    s += (i ? ',' : '') + items[i]!.id
  }
  return s
}

// The first `get` of a type interns it here, in a function of its own: a callback made in
// `get` would cost a closure (and its context) on every call, the cached ones included.
function internIndexType(context: Context): IndexType {
  return context.uniquer.intern('index', () => new IndexType(context))
}

function internFloatType(context: Context, kind: FloatKind): FloatType {
  return context.uniquer.intern(kind, () => new FloatType(context, kind))
}
