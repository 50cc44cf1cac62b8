/**
 * Strided-layout arithmetic of memref types, as MLIR's `BuiltinTypes.cpp`
 * (`getStridesAndOffset`, `isStrided`) and the static/dynamic index lists of the view ops
 * (`ViewLikeInterface.cpp`: `DynamicIndexList`, `verifyOffsetSizeAndStrideOp`).
 */
import {
  type AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  ConditionallySpeculatable,
  DenseArrayAttr,
  IntegerAttr,
  IntegerType,
  MemRefType,
  Operation,
  OperationState,
  matchConstantValue,
  StridedLayoutAttr,
  affineAdd,
  affineMul,
  kDynamic,
  type AffineExpr,
  type Attribute,
  type Context,
  type CustomDirective,
  type InterfaceImpl,
  type LogicalResult,
  type Speculatability,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import type { RewriterLike } from '../internal/RewriterLike.ts'
import { parseDynamicIndexList, printDynamicIndexList } from '../internal/DynamicIndexList.ts'

/** `ShapedType::kDynamic` as the 64-bit value stored in `static_*` dense arrays. */
export const kDynamic64: bigint = -(1n << 63n)

/** The offset and strides of a strided memref type (`kDynamic` where unknown). */
export interface StridesAndOffset {
  readonly strides: number[]
  readonly offset: number
}

/** The strides of the identity layout of `shape` (row-major; dynamic once a dimension is). */
export function canonicalStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length)
  let running = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = running
    const d = shape[i]!
    running = running === kDynamic || d === kDynamic ? kDynamic : running * d
  }
  return strides
}

/** MLIR's `SaturatedInteger` product: zero when either side is zero, else dynamic when either side is. */
export function mulSat(a: number, b: number): number {
  if (a === 0 || b === 0) {
    return 0
  }
  return a === kDynamic || b === kDynamic ? kDynamic : a * b
}

/** MLIR's saturated sum: dynamic when either side is. */
export function addSat(a: number, b: number): number {
  return a === kDynamic || b === kDynamic ? kDynamic : a + b
}

/** Whether the layout of `t` is the identity (none, an identity map, or `strided<[1]>` of rank 1). */
export function hasIdentityLayout(t: MemRefType): boolean {
  const l = t.layout
  if (l === null) {
    return true
  }
  if (l instanceof AffineMapAttr) {
    return l.value.isIdentity
  }
  if (l instanceof StridedLayoutAttr) {
    return l.strides.length === 1 && l.strides[0] === 1 && l.offset === 0
  }
  return false
}

/** Linear terms of a layout expression: a coefficient per dimension, and the constant part. */
class LinearForm {
  constructor(
    readonly dims: (number | null)[],
    public offset: number | null,
  ) {}
}

/**
 * Adds `scale * e` to `form`: `null` scale or coefficient means "symbolic" (dynamic).
 * Returns false when `e` is not linear in the dimensions.
 */
function accumulate(e: AffineExpr, scale: number | null, form: LinearForm): boolean {
  switch (e.kind) {
    case AffineExprKind.Constant: {
      const v = (e as AffineConstantExpr).value
      if (form.offset !== null) {
        form.offset = scale === null ? null : form.offset + v * scale
      }
      return true
    }
    case AffineExprKind.SymbolId:
      form.offset = null
      return true
    case AffineExprKind.DimId: {
      const p = (e as AffineDimExpr).position
      const cur = form.dims[p]
      form.dims[p] = cur === null || scale === null ? null : cur! + scale
      return true
    }
    case AffineExprKind.Add: {
      const b = e as AffineBinaryOpExpr
      return accumulate(b.lhs, scale, form) && accumulate(b.rhs, scale, form)
    }
    case AffineExprKind.Mul: {
      const b = e as AffineBinaryOpExpr
      const rc = constantOrSymbolic(b.rhs)
      if (rc !== undefined) {
        return accumulate(b.lhs, rc === null || scale === null ? null : rc * scale, form)
      }
      const lc = constantOrSymbolic(b.lhs)
      if (lc !== undefined) {
        return accumulate(b.rhs, lc === null || scale === null ? null : lc * scale, form)
      }
      return false
    }
    default: {
      // mod/floordiv/ceildiv: strided only when free of dimensions.
      if (constantOrSymbolic(e) !== undefined) {
        form.offset = null
        return true
      }
      return false
    }
  }
}

/** The value of a dimension-free expression: a number, null when symbolic; undefined when it has dimensions. */
function constantOrSymbolic(e: AffineExpr): number | null | undefined {
  if (e instanceof AffineConstantExpr) {
    return e.value
  }
  if (e instanceof AffineSymbolExpr) {
    return null
  }
  if (e instanceof AffineDimExpr) {
    return undefined
  }
  const b = e as AffineBinaryOpExpr
  const l = constantOrSymbolic(b.lhs)
  const r = constantOrSymbolic(b.rhs)
  if (l === undefined || r === undefined) {
    return undefined
  }
  return null
}

/** MLIR's `MemRefType::getStridesAndOffset`: null when the layout is not strided. */
export function getStridesAndOffset(t: MemRefType): StridesAndOffset | null {
  const l = t.layout
  if (l === null) {
    return { strides: canonicalStrides(t.shape), offset: 0 }
  }
  if (l instanceof StridedLayoutAttr) {
    return { strides: [...l.strides], offset: l.offset }
  }
  if (!(l instanceof AffineMapAttr)) {
    return null
  }
  const m = l.value
  if (m.isIdentity) {
    return { strides: canonicalStrides(t.shape), offset: 0 }
  }
  if (m.numResults !== 1) {
    return null
  }
  const form = new LinearForm(new Array<number | null>(m.numDims).fill(0), 0)
  if (!accumulate(m.results[0]!, 1, form)) {
    return null
  }
  return { strides: form.dims.map((d) => (d === null ? kDynamic : d)), offset: form.offset === null ? kDynamic : form.offset }
}

/** `MemRefType::isStrided`. */
export function isStrided(t: MemRefType): boolean {
  return getStridesAndOffset(t) !== null
}

/** A static `array<i64: ...>` value list as JS numbers, `kDynamic` for the dynamic marker. */
export function staticList(attr: Attribute | undefined): number[] {
  if (!(attr instanceof DenseArrayAttr)) {
    return []
  }
  const out: number[] = []
  for (const v of attr.values) {
    out.push(typeof v === 'bigint' ? (v === kDynamic64 ? kDynamic : Number(v)) : v)
  }
  return out
}

/** The `array<i64: ...>` of `values` (`kDynamic` becomes the 64-bit marker). */
export function staticListAttr(context: Context, values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(
    IntegerType.get(context, 64),
    values.map((v) => (v === kDynamic ? kDynamic64 : BigInt(v))),
  )
}

/** `MemRefType::get(shape, elt, strided<[strides], offset>, space)`. */
export function stridedMemRef(context: Context, shape: readonly number[], elementType: Type, offset: number, strides: readonly number[], memorySpace: Attribute | null): MemRefType {
  return MemRefType.get(shape, elementType, StridedLayoutAttr.get(context, offset, strides), memorySpace)
}

/** The `custom<DynamicIndexList>($values, $static_values)` directive. */
export const DynamicIndexListDirective: CustomDirective = {
  parse(parser, args) {
    const dyn: UnresolvedOperand[] = []
    const stat: bigint[] = []
    if (!parseDynamicIndexList(parser, dyn, stat)) {
      return false
    }
    args[0]!.operands = dyn
    args[1]!.attr = DenseArrayAttr.get(IntegerType.get(parser.context, 64), stat)
    return true
  },
  print(printer, _op, args) {
    printDynamicIndexList(printer, args[0]!.values, staticList(args[1]!.attr ?? undefined), kDynamic)
  },
}

/** Mixed static/dynamic values of one list of an offsets/sizes/strides op. */
export interface MixedList {
  readonly statics: number[]
  readonly dynamic: Value[]
}

/**
 * MLIR's `verifyOffsetSizeAndStrideOp`: list ranks agree, every list has its expected
 * length and as many SSA values as dynamic markers, offsets and sizes are not negative.
 */
export function verifyOffsetsSizesStrides(
  op: Operation,
  maxRanks: readonly [number, number, number],
  offsets: MixedList,
  sizes: MixedList,
  strides: MixedList,
): LogicalResult {
  if (!(offsets.statics.length === 1 && maxRanks[0] === 1) && offsets.statics.length !== sizes.statics.length) {
    return op
      .emitError(`expected mixed offsets rank to match mixed sizes rank (${offsets.statics.length} vs ${sizes.statics.length}) so the rank of the result type is well-formed.`)
      .fail()
  }
  if (sizes.statics.length !== strides.statics.length) {
    return op
      .emitError(`expected mixed sizes rank to match mixed strides rank (${sizes.statics.length} vs ${strides.statics.length}) so the rank of the result type is well-formed.`)
      .fail()
  }
  const lists: [string, MixedList, number][] = [
    ['offset', offsets, maxRanks[0]],
    ['size', sizes, maxRanks[1]],
    ['stride', strides, maxRanks[2]],
  ]
  for (const [name, list, rank] of lists) {
    if (list.statics.length !== rank) {
      return op.emitError(`expected ${rank} ${name} values, got ${list.statics.length}`).fail()
    }
    let numDynamic = 0
    for (const v of list.statics) {
      if (v === kDynamic) {
        numDynamic++
      }
    }
    if (list.dynamic.length !== numDynamic) {
      return op
        .emitError(`expected the number of '${name}s' to match the number of dynamic entries in 'static_${name}s' (${list.dynamic.length} vs ${numDynamic})`)
        .fail()
    }
  }
  for (const v of offsets.statics) {
    if (v < 0 && v !== kDynamic) {
      return op.emitError(`expected offsets to be non-negative, but got ${v}`).fail()
    }
  }
  for (const v of sizes.statics) {
    if (v < 0 && v !== kDynamic) {
      return op.emitError(`expected sizes to be non-negative, but got ${v}`).fail()
    }
  }
  return true
}

/** MLIR's `makeStridedLinearLayoutMap`: `offset + sum(d_i * stride_i)`, a symbol for each dynamic value. */
export function stridedLinearLayoutMap(context: Context, strides: readonly number[], offset: number): AffineMap {
  let nSymbols = 0
  let expr: AffineExpr = offset === kDynamic ? AffineSymbolExpr.get(context, nSymbols++) : AffineConstantExpr.get(context, offset)
  for (let i = 0; i < strides.length; i++) {
    const s = strides[i]!
    const mult = s === kDynamic ? AffineSymbolExpr.get(context, nSymbols++) : AffineConstantExpr.get(context, s)
    expr = affineAdd(expr, affineMul(AffineDimExpr.get(context, i), mult))
  }
  return AffineMap.get(context, strides.length, nSymbols, [expr])
}

/** MLIR's `MemRefType::canonicalizeStridedLayout`: the layout as a simplified map, or none when it is the identity. */
export function canonicalizeStridedLayout(t: MemRefType): MemRefType {
  const l = t.layout
  let m: AffineMap
  if (l === null) {
    return t
  } else if (l instanceof AffineMapAttr) {
    m = l.value
  } else if (l instanceof StridedLayoutAttr) {
    m = stridedLinearLayoutMap(t.context, l.strides, l.offset)
  } else {
    return t
  }
  if (m.isIdentity) {
    return MemRefType.get(t.shape, t.elementType, null, t.memorySpace)
  }
  if (m.numResults > 1) {
    return t
  }
  if (m.numDims === 0 && m.numSymbols === 0) {
    const r = m.results[0]
    return r instanceof AffineConstantExpr && r.value === 0 ? MemRefType.get(t.shape, t.elementType, null, t.memorySpace) : t
  }
  if (t.shape.length === 0) {
    return t
  }
  // The map is the canonical row-major layout when its linear form is (MLIR compares the
  // simplified expressions, which are equal exactly then).
  const form = new LinearForm(new Array<number | null>(m.numDims).fill(0), 0)
  const canonical = canonicalStrides(t.shape)
  const isCanonical =
    accumulate(m.results[0]!, 1, form) &&
    form.offset === 0 &&
    form.dims.every((d, i) => (canonical[i] === kDynamic ? d === null : d === canonical[i]))
  if (!isCanonical) {
    return MemRefType.get(t.shape, t.elementType, AffineMapAttr.get(m), t.memorySpace)
  }
  return MemRefType.get(t.shape, t.elementType, null, t.memorySpace)
}

/** The integer value of a constant-defined SSA value (MLIR's `getConstantIntValue`), or null. */
export function constantIntOf(v: Value): number | null {
  const a = matchConstantValue(v)
  return a instanceof IntegerAttr ? Number(a.value) : null
}

/** The number of dynamic dimensions of `shape` before dimension `dim`: the index of its size operand. */
export function dynamicIndex(shape: readonly number[], dim: number): number {
  let k = 0
  for (let j = 0; j < dim; j++) {
    if (shape[j] === kDynamic) {
      k++
    }
  }
  return k
}

/**
 * Speculatability of `memref.dim` and `tensor.dim` (MLIR's `DimOp::getSpeculatability`):
 * speculatable only when the index is a constant below the rank of the source, as `rankOf`
 * gives it (null for an unranked source), so that `loop-invariant-code-motion` hoists it.
 */
export function dimSpeculatability(rankOf: (t: Type) => number | null): InterfaceImpl {
  return ConditionallySpeculatable.impl({
    getSpeculatability(op: Operation): Speculatability {
      const index = constantIntOf(op.getOperand(1))
      const rank = rankOf(op.getOperand(0).type)
      if (index === null || rank === null || rank <= index) {
        return 'not-speculatable'
      }
      return 'speculatable'
    },
  })
}

/**
 * MLIR's `foldDynamicIndexList`: SSA entries defined by constants become static, except
 * negative ones when `onlyNonNegative` and zeros when `onlyNonZero`. Null when none folds.
 */
export function foldDynamicIndexList(list: MixedList, onlyNonNegative: boolean, onlyNonZero: boolean): MixedList | null {
  const statics: number[] = []
  const dynamic: Value[] = []
  let d = 0
  let changed = false
  for (const s of list.statics) {
    if (s !== kDynamic) {
      statics.push(s)
      continue
    }
    const v = list.dynamic[d++]!
    const c = constantIntOf(v)
    if (c === null || (onlyNonNegative && c < 0) || (onlyNonZero && c === 0)) {
      statics.push(kDynamic)
      dynamic.push(v)
      continue
    }
    statics.push(c)
    changed = true
  }
  return changed ? { statics, dynamic } : null
}

/** The static value of entry `i` of `list`: its static value, the constant of its SSA value, or null. */
export function constantEntry(list: MixedList, i: number): number | null {
  const s = list.statics[i]!
  if (s !== kDynamic) {
    return s
  }
  let d = 0
  for (let j = 0; j < i; j++) {
    if (list.statics[j] === kDynamic) {
      d++
    }
  }
  return constantIntOf(list.dynamic[d]!)
}

/** Creates the op `name` (with `numRegions` empty regions) before `at` through `rewriter`. */
export function createOpBefore(
  rewriter: RewriterLike,
  at: Operation,
  name: string,
  operands: readonly Value[],
  types: readonly Type[],
  properties: readonly [string, Attribute][] = [],
  numRegions = 0,
): Operation {
  const state = new OperationState(at.location, rewriter.context.getOperationName(name))
  state.addOperands(operands)
  state.addTypes(types)
  for (const [n, a] of properties) {
    state.addProperty(n, a)
  }
  for (let i = 0; i < numRegions; i++) {
    state.addRegion()
  }
  rewriter.setInsertionPoint(at)
  return rewriter.insert(Operation.create(state))
}

/** Replaces `op`'s single result by `value`, through a `memref.cast` to the old type when the types differ. */
export function replaceWithCast(rewriter: RewriterLike, op: Operation, value: Value): void {
  const type = op.getResult(0).type
  if (value.type === type) {
    rewriter.replaceOp(op, [value])
    return
  }
  const cast = createOpBefore(rewriter, op, 'memref.cast', [value], [type])
  rewriter.replaceOp(op, [cast.getResult(0)])
}
