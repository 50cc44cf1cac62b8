import type { Context } from './Context.ts'
import { nextStorageId } from './internal/storage.ts'
import { idList } from './Types.ts'

/** Kinds of affine expressions, as in MLIR's `AffineExprKind`. */
export const AffineExprKind = {
  Add: 0,
  Mul: 1,
  Mod: 2,
  FloorDiv: 3,
  CeilDiv: 4,
  Constant: 5,
  DimId: 6,
  SymbolId: 7,
} as const
/** Kinds of affine expressions, as in MLIR's `AffineExprKind`. */
export type AffineExprKind = (typeof AffineExprKind)[keyof typeof AffineExprKind]

/**
 * An affine expression (`d0 * 2 + s0 floordiv 4`). Interned: structurally equal
 * expressions are the same object. Build them with the static helpers, which apply
 * MLIR's construction-time simplifications (see `AffineExprBuilder`).
 */
export abstract class AffineExpr {
  readonly id: number = nextStorageId()
  constructor(
    readonly context: Context,
    readonly kind: AffineExprKind,
  ) {}
}

/** `d3`: a dimension identifier. */
export class AffineDimExpr extends AffineExpr {
  /** @internal */
  constructor(
    context: Context,
    readonly position: number,
  ) {
    super(context, AffineExprKind.DimId)
  }
  static get(context: Context, position: number): AffineDimExpr {
    return context.uniquer.intern(`ae:d${position}`, () => new AffineDimExpr(context, position))
  }
}

/** `s1`: a symbol identifier. */
export class AffineSymbolExpr extends AffineExpr {
  /** @internal */
  constructor(
    context: Context,
    readonly position: number,
  ) {
    super(context, AffineExprKind.SymbolId)
  }
  static get(context: Context, position: number): AffineSymbolExpr {
    return context.uniquer.intern(`ae:s${position}`, () => new AffineSymbolExpr(context, position))
  }
}

/**
 * A 64-bit integer constant. `value` is a JS number, exact up to 2^53; beyond that it is
 * rounded and `exactValue` holds the exact value (null otherwise), which printing uses.
 */
export class AffineConstantExpr extends AffineExpr {
  /** @internal */
  constructor(
    context: Context,
    readonly value: number,
    readonly exactValue: bigint | null,
  ) {
    super(context, AffineExprKind.Constant)
  }
  /** The constant for `value`; a bigint keeps values beyond 2^53 exact. */
  static get(context: Context, value: number | bigint): AffineConstantExpr {
    if (typeof value === 'bigint') {
      const exact = value
      const n = Number(exact)
      if (!Number.isSafeInteger(n)) {
        return context.uniquer.intern(`ae:c${exact}`, () => new AffineConstantExpr(context, n, exact))
      }
      value = n
    }
    const n = value
    return context.uniquer.intern(`ae:c${n}`, () => new AffineConstantExpr(context, n, null))
  }
  /** The exact value. */
  get bigValue(): bigint {
    return this.exactValue ?? BigInt(this.value)
  }
}

/** A binary expression: add, mul, mod, floordiv or ceildiv. */
export class AffineBinaryOpExpr extends AffineExpr {
  /** @internal */
  constructor(
    context: Context,
    kind: AffineExprKind,
    readonly lhs: AffineExpr,
    readonly rhs: AffineExpr,
  ) {
    super(context, kind)
  }
  /** The raw interned node, without simplification. */
  static getRaw(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr): AffineBinaryOpExpr {
    const context = lhs.context
    return context.uniquer.intern(
      `ae:b${kind}:${lhs.id}:${rhs.id}`,
      () => new AffineBinaryOpExpr(context, kind, lhs, rhs),
    )
  }
}

/** `(d0, d1)[s0] -> (d0 + s0, d1)`. */
export class AffineMap {
  readonly id: number = nextStorageId()
  /** @internal */
  constructor(
    readonly context: Context,
    readonly numDims: number,
    readonly numSymbols: number,
    readonly results: readonly AffineExpr[],
  ) {}
  static get(context: Context, numDims: number, numSymbols: number, results: readonly AffineExpr[]): AffineMap {
    const key = `amap:${numDims}:${numSymbols}:${idList(results)}`
    return context.uniquer.intern(key, () => new AffineMap(context, numDims, numSymbols, [...results]))
  }
  /** The identity map on `n` dimensions. */
  static identity(context: Context, n: number): AffineMap {
    const results: AffineExpr[] = []
    for (let i = 0; i < n; i++) {
      results.push(AffineDimExpr.get(context, i))
    }
    return AffineMap.get(context, n, 0, results)
  }
  get numResults(): number {
    return this.results.length
  }
  get numInputs(): number {
    return this.numDims + this.numSymbols
  }
  /** True for `(d0, ..., dn) -> (d0, ..., dn)`. */
  get isIdentity(): boolean {
    if (this.numSymbols !== 0 || this.numDims !== this.results.length) {
      return false
    }
    return this.results.every((r, i) => r instanceof AffineDimExpr && r.position === i)
  }
}

/** `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`: constraints that are `>= 0`, or `== 0` where `eqFlags` says so. */
export class IntegerSet {
  readonly id: number = nextStorageId()
  /** @internal */
  constructor(
    readonly context: Context,
    readonly numDims: number,
    readonly numSymbols: number,
    readonly constraints: readonly AffineExpr[],
    readonly eqFlags: readonly boolean[],
  ) {}
  static get(
    context: Context,
    numDims: number,
    numSymbols: number,
    constraints: readonly AffineExpr[],
    eqFlags: readonly boolean[],
  ): IntegerSet {
    const key = `iset:${numDims}:${numSymbols}:${idList(constraints)}:${eqFlags.map((f) => (f ? 1 : 0)).join('')}`
    return context.uniquer.intern(
      key,
      () => new IntegerSet(context, numDims, numSymbols, [...constraints], [...eqFlags]),
    )
  }
}
