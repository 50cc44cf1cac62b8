/**
 * The view-like ops of the `memref` dialect: `subview`, `view`, `reinterpret_cast`,
 * `transpose`, `expand_shape`, `collapse_shape` and `extract_strided_metadata`, with
 * MLIR's verifiers (messages as `MemRefOps.cpp` writes them).
 */
import {
  AffineDimExpr,
  AffineMap,
  AffineMapAttr,
  AnyMemRef,
  AnyRankedOrUnrankedMemRef,
  ArrayAttr,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  I8,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  Operation,
  OperationState,
  StridedLayoutAttr,
  Trait,
  type UnrankedMemRefType,
  attrConstraint,
  defineOp,
  kDynamic,
  typeConstraint,
  variadic,
  type Attribute,
  type AttrConstraint,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Type,
  type Value,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import {
  DynamicIndexListDirective,
  constantEntry,
  constantIntOf,
  createOpBefore,
  foldDynamicIndexList,
  replaceWithCast,
  staticListAttr,
  addSat,
  canonicalizeStridedLayout,
  getStridesAndOffset,
  hasIdentityLayout,
  mulSat,
  staticList,
  stridedMemRef,
  verifyOffsetsSizesStrides,
  type MixedList,
} from './MemRefLayout.ts'

const directives = { DynamicIndexList: DynamicIndexListDirective }

/** The operand groups of an op with `operandSegmentSizes`. */
export function operandGroups(op: Operation): Value[][] {
  const seg = op.getAttr('operandSegmentSizes')
  const all = op.getOperands()
  if (!(seg instanceof DenseArrayAttr)) {
    return [all]
  }
  const out: Value[][] = []
  let start = 0
  for (const n of seg.values) {
    const k = Number(n)
    out.push(all.slice(start, start + k))
    start += k
  }
  return out
}

/** The offsets, sizes and strides of an op with static_* arrays and three operand groups after the source. */
export function mixedLists(op: Operation): [MixedList, MixedList, MixedList] {
  const g = operandGroups(op)
  return [
    { statics: staticList(op.getAttr('static_offsets')), dynamic: g[1] ?? [] },
    { statics: staticList(op.getAttr('static_sizes')), dynamic: g[2] ?? [] },
    { statics: staticList(op.getAttr('static_strides')), dynamic: g[3] ?? [] },
  ]
}

// ---- subview ---------------------------------------------------------------------------------

/** MLIR's `SubViewOp::inferResultType` (no rank reduction). */
export function inferSubViewResultType(source: MemRefType, offsets: readonly number[], sizes: readonly number[], strides: readonly number[]): MemRefType | null {
  const so = getStridesAndOffset(source)
  if (so === null) {
    return null
  }
  let offset = so.offset
  for (let i = 0; i < offsets.length && i < so.strides.length; i++) {
    offset = addSat(offset, mulSat(offsets[i]!, so.strides[i]!))
  }
  const targetStrides: number[] = []
  for (let i = 0; i < so.strides.length && i < strides.length; i++) {
    targetStrides.push(mulSat(so.strides[i]!, strides[i]!))
  }
  return stridedMemRef(source.context, sizes, source.elementType, offset, targetStrides, source.memorySpace)
}

/** MLIR's `computeRankReductionMask`: the dropped unit dimensions, or null. */
export function computeRankReductionMask(original: readonly number[], reduced: readonly number[]): Set<number> | null {
  const unused = new Set<number>()
  let r = 0
  for (let i = 0; i < original.length; i++) {
    const d = original[i]!
    if (r < reduced.length && d === reduced[r]) {
      r++
      continue
    }
    unused.add(i)
    if (d !== 1) {
      return null
    }
  }
  return r === reduced.length ? unused : null
}

/** MLIR's `computeMemRefRankReductionMask` on static `sizes`. */
function computeMemRefRankReductionMask(original: MemRefType, reduced: MemRefType, sizes: readonly number[]): boolean[] | null {
  const unused = original.shape.map(() => false)
  if (original.shape.length === reduced.shape.length) {
    return unused
  }
  let count = 0
  sizes.forEach((s, i) => {
    if (s === 1) {
      unused[i] = true
      count++
    }
  })
  if (count + reduced.shape.length === original.shape.length) {
    return unused
  }
  const o = getStridesAndOffset(original)
  const c = getStridesAndOffset(reduced)
  if (o === null || c === null) {
    return null
  }
  const occurrences = (xs: readonly number[]): Map<number, number> => {
    const m = new Map<number, number>()
    for (const x of xs) {
      m.set(x, (m.get(x) ?? 0) + 1)
    }
    return m
  }
  const unaccounted = occurrences(o.strides)
  const candidate = occurrences(c.strides)
  for (let dim = 0; dim < unused.length; dim++) {
    if (!unused[dim]) {
      continue
    }
    const stride = o.strides[dim]!
    const u = unaccounted.get(stride) ?? 0
    const k = candidate.get(stride) ?? 0
    if (u > k) {
      unaccounted.set(stride, u - 1)
      continue
    }
    if (u === k) {
      unused[dim] = false
      continue
    }
    return null
  }
  count = unused.filter((x) => x).length
  return count + reduced.shape.length === original.shape.length ? unused : null
}

/** MLIR's `verifyInBoundsSlice`: an error message, or null when the slice is in bounds. */
export function sliceBoundsError(shape: readonly number[], offsets: readonly number[], sizes: readonly number[], strides: readonly number[]): string | null {
  for (let i = 0; i < shape.length && i < offsets.length; i++) {
    const dim = shape[i]!
    const off = offsets[i]!
    const size = sizes[i]!
    const stride = strides[i]!
    if (dim === kDynamic) {
      continue
    }
    if (off !== kDynamic && off >= dim) {
      return `offset ${i} is out-of-bounds: ${off} >= ${dim}`
    }
    if (off !== kDynamic && size !== kDynamic && stride !== kDynamic && size > 0) {
      const last = off + (size - 1) * stride
      if (last >= dim) {
        return `slice along dimension ${i} runs out-of-bounds: ${last} >= ${dim}`
      }
    }
  }
  return null
}

function verifySubView(op: Operation): LogicalResult {
  const base = op.getOperand(0).type as MemRefType
  const result = op.getResult(0).type as MemRefType
  const [offsets, sizes, strides] = mixedLists(op)
  const rank = base.shape.length
  if (!verifyOffsetsSizesStrides(op, [rank, rank, rank], offsets, sizes, strides)) {
    return false
  }
  if (base.memorySpace !== result.memorySpace) {
    return op.emitError(`different memory spaces specified for base memref type ${typeText(base)} and subview memref type ${typeText(result)}`).fail()
  }
  if (getStridesAndOffset(base) === null) {
    return op.emitError(`base type ${typeText(base)} is not strided`).fail()
  }
  const expected = inferSubViewResultType(base, offsets.statics, sizes.statics, strides.statics)!
  const layoutError = (): LogicalResult =>
    op.emitError(`expected result type to be ${typeText(expected)} or a rank-reduced version. (mismatch of result layout), but got ${typeText(result)}`).fail()
  if (expected !== result) {
    if (result.shape.length > expected.shape.length) {
      return op.emitError(`expected result rank to be smaller or equal to the source rank, but got ${typeText(result)}`).fail()
    }
    if (computeRankReductionMask(expected.shape, result.shape) === null) {
      return op.emitError(`expected result type to be ${typeText(expected)} or a rank-reduced version. (mismatch of result sizes), but got ${typeText(result)}`).fail()
    }
    if (expected.elementType !== result.elementType) {
      return op.emitError(`expected result element type to be ${typeText(expected.elementType)}, but got ${typeText(result)}`).fail()
    }
  }
  const e = getStridesAndOffset(expected)
  const r = getStridesAndOffset(result)
  if (e === null || r === null || e.offset !== r.offset) {
    return layoutError()
  }
  const unused = computeMemRefRankReductionMask(expected, result, sizes.statics)
  if (unused === null) {
    return layoutError()
  }
  for (let i = 0, j = 0; i < e.strides.length; i++) {
    if (unused[i]) {
      continue
    }
    if (e.strides[i] !== r.strides[j]) {
      return layoutError()
    }
    j++
  }
  const bounds = sliceBoundsError(base.shape, offsets.statics, sizes.statics, strides.statics)
  if (bounds !== null) {
    return op.emitError(bounds).fail()
  }
  return true
}

/** `memref.subview`: a strided view of a part of a memref (offsets, sizes and strides, static or dynamic). */
export const SubViewOp: OdsOp = defineOp({
  name: 'memref.subview',
  summary: 'memref subview operation',
  operands: { source: AnyMemRef, offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) },
  results: { result: AnyMemRef },
  attributes: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure,
  customDirectives: directives,
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'subview')
  },
  verify: verifySubView,
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    const st = source.type as MemRefType
    const rt = op.getResult(0).type as MemRefType
    const layout = rt.layout
    const staticLayout = !(layout instanceof StridedLayoutAttr) || (layout.offset !== kDynamic && !layout.strides.includes(kDynamic))
    if (rt === st && rt.hasStaticShape && staticLayout) {
      return [source]
    }
    // subview(subview(x)) where the outer one has zero offsets, unit strides and the inner one's sizes.
    const def = source.definingOp
    if (def !== null && def.name.name === 'memref.subview' && rt === st) {
      const [offsets, sizes, strides] = mixedLists(op)
      const inner = mixedLists(def)[1]
      const sameSizes =
        sizes.statics.length === inner.statics.length &&
        sizes.statics.every((v, i) => v === inner.statics[i]) &&
        sizes.dynamic.every((v, i) => v === inner.dynamic[i])
      const allZero = offsets.statics.every((_, i) => constantEntry(offsets, i) === 0)
      const allOne = strides.statics.every((_, i) => constantEntry(strides, i) === 1)
      if (allZero && allOne && sameSizes) {
        return [source]
      }
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [subViewConstantArgumentFolder, subViewOpMemRefCastFolder, trivialSubViewOpFolder])
  },
})

/** The dimensions a rank-reducing subview drops (MLIR's `SubViewOp::getDroppedDims`). */
export function droppedDims(op: Operation): boolean[] | null {
  return computeMemRefRankReductionMask(op.getOperand(0).type as MemRefType, op.getResult(0).type as MemRefType, mixedLists(op)[1].statics)
}

/** `inferSubViewResultType` of `source`, with the dimensions `dropped` removed. */
function rankReducedSubViewType(source: MemRefType, lists: readonly MixedList[], dropped: readonly boolean[]): MemRefType | null {
  const full = inferSubViewResultType(source, lists[0]!.statics, lists[1]!.statics, lists[2]!.statics)
  if (full === null) {
    return null
  }
  if (!dropped.includes(true)) {
    return full
  }
  const layout = full.layout as StridedLayoutAttr
  const shape: number[] = []
  const strides: number[] = []
  for (let i = 0; i < full.shape.length; i++) {
    if (dropped[i]) {
      continue
    }
    shape.push(full.shape[i]!)
    strides.push(layout.strides[i]!)
  }
  return stridedMemRef(source.context, shape, full.elementType, layout.offset, strides, full.memorySpace)
}

/** Creates an offsets/sizes/strides op (`memref.subview`, `memref.reinterpret_cast`) of `source` before `at`. */
function createOffsetsSizesStridesOp(rewriter: RewriterLike, at: Operation, type: MemRefType, source: Value, lists: readonly MixedList[]): Operation {
  const ctx = at.context
  return createOpBefore(rewriter, at, at.name.name, [source, ...lists[0]!.dynamic, ...lists[1]!.dynamic, ...lists[2]!.dynamic], [type], [
    ['operandSegmentSizes', DenseArrayAttr.getI32(ctx, [1, lists[0]!.dynamic.length, lists[1]!.dynamic.length, lists[2]!.dynamic.length])],
    ['static_offsets', staticListAttr(ctx, lists[0]!.statics)],
    ['static_sizes', staticListAttr(ctx, lists[1]!.statics)],
    ['static_strides', staticListAttr(ctx, lists[2]!.statics)],
  ])
}

/**
 * MLIR's `OpWithOffsetSizesAndStridesConstantArgumentFolder<Op, ReturnType, Cast>`: constant SSA
 * offsets and sizes (not negative) and strides (not zero) become static; the new op, of the
 * type `resultType` gives, is cast back to the old type.
 */
function constantArgumentFolder(
  opClass: string,
  rootName: string,
  resultType: (op: Operation, lists: readonly MixedList[]) => MemRefType | null,
): CanonicalizationPattern {
  const name = `OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::memref::${opClass}, ${opClass.slice(0, -2)}ReturnTypeCanonicalizer, ${opClass.slice(0, -2)}Canonicalizer>`
  return {
    name,
    debugName: `mlir::${name}`,
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [o, z, t] = mixedLists(op)
      const fo = foldDynamicIndexList(o, true, false)
      const fz = foldDynamicIndexList(z, true, false)
      const ft = foldDynamicIndexList(t, false, true)
      if (fo === null && fz === null && ft === null) {
        return false
      }
      const lists = [fo ?? o, fz ?? z, ft ?? t]
      const type = resultType(op, lists)
      if (type === null) {
        return false
      }
      replaceWithCast(rewriter, op, createOffsetsSizesStridesOp(rewriter, op, type, op.getOperand(0), lists).getResult(0))
      return true
    },
  }
}

/** The subview folder: the slice must stay in bounds; rank-reduced result types keep their dropped dimensions dropped. */
const subViewConstantArgumentFolder = constantArgumentFolder('SubViewOp', 'memref.subview', (op, lists) => {
  const source = op.getOperand(0).type as MemRefType
  if (sliceBoundsError(source.shape, lists[0]!.statics, lists[1]!.statics, lists[2]!.statics) !== null) {
    return null
  }
  const dropped = droppedDims(op)
  return dropped === null ? null : rankReducedSubViewType(source, lists, dropped)
})

/** MLIR's `CastOp::canFoldIntoConsumerOp`: the cast only makes sizes, offset or strides more dynamic. */
export function canFoldCastIntoConsumer(cast: Operation): boolean {
  const src = cast.getOperand(0).type
  const dst = cast.getResult(0).type
  if (!(src instanceof MemRefType) || !(dst instanceof MemRefType) || src.elementType !== dst.elementType || src.shape.length !== dst.shape.length) {
    return false
  }
  const a = getStridesAndOffset(src)
  const b = getStridesAndOffset(dst)
  if (a === null || b === null) {
    return false
  }
  const moreStatic = (x: number, y: number): boolean => x !== y && x === kDynamic && y !== kDynamic
  if (src.shape.some((d, i) => moreStatic(d, dst.shape[i]!))) {
    return false
  }
  if (moreStatic(a.offset, b.offset)) {
    return false
  }
  return !a.strides.some((s, i) => moreStatic(s, b.strides[i]!))
}

/** MLIR's `SubViewOpMemRefCastFolder`: a subview of a `memref.cast` reads the cast's source. */
const subViewOpMemRefCastFolder: CanonicalizationPattern = {
  name: 'SubViewOpMemRefCastFolder',
  rootName: 'memref.subview',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.getOperands().some((v) => v.type instanceof IndexType && constantIntOf(v) !== null)) {
      return false
    }
    const cast = op.getOperand(0).definingOp
    if (cast === null || cast.name.name !== 'memref.cast' || !canFoldCastIntoConsumer(cast)) {
      return false
    }
    const dropped = droppedDims(op)
    const castSource = cast.getOperand(0)
    const type = dropped === null ? null : rankReducedSubViewType(castSource.type as MemRefType, mixedLists(op), dropped)
    if (type === null) {
      return false
    }
    const sub = createOffsetsSizesStridesOp(rewriter, op, type, castSource, mixedLists(op))
    replaceWithCast(rewriter, op, sub.getResult(0))
    return true
  },
}

/** MLIR's `TrivialSubViewOpFolder`: a subview with zero offsets, unit strides and the source's static sizes is its source. */
const trivialSubViewOpFolder: CanonicalizationPattern = {
  name: 'TrivialSubViewOpFolder',
  rootName: 'memref.subview',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const src = op.getOperand(0).type as MemRefType
    const res = op.getResult(0).type as MemRefType
    if (src.shape.length !== res.shape.length) {
      return false
    }
    const [o, z, t] = mixedLists(op)
    for (let i = 0; i < o.statics.length; i++) {
      if (constantEntry(o, i) !== 0) {
        return false
      }
    }
    for (let i = 0; i < t.statics.length; i++) {
      if (constantEntry(t, i) !== 1) {
        return false
      }
    }
    for (let i = 0; i < z.statics.length; i++) {
      const v = constantEntry(z, i)
      if (v === null || v !== src.shape[i]) {
        return false
      }
    }
    replaceWithCast(rewriter, op, op.getOperand(0))
    return true
  },
}

// ---- view --------------------------------------------------------------------------------------

const OneDI8MemRef = typeConstraint(
  '1D memref of 8-bit signless integer values',
  (t) => t instanceof MemRefType && t.shape.length === 1 && I8.check(t.elementType),
)

/** `memref.view`: a memref of any shape over a 1-D byte buffer at a byte shift. */
export const ViewOp: OdsOp = defineOp({
  name: 'memref.view',
  summary: 'memref view operation',
  operands: { source: OneDI8MemRef, byte_shift: Index, sizes: variadic(Index) },
  results: { '#0': AnyMemRef },
  traits: Trait.Pure,
  assemblyFormat: '$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'view')
  },
  verify(op: Operation): LogicalResult {
    const base = op.getOperand(0).type as MemRefType
    const view = op.getResult(0).type as MemRefType
    if (!hasIdentityLayout(base)) {
      return op.emitError(`unsupported map for base memref type ${typeText(base)}`).fail()
    }
    if (!hasIdentityLayout(view)) {
      return op.emitError(`unsupported map for result memref type ${typeText(view)}`).fail()
    }
    if (base.memorySpace !== view.memorySpace) {
      return op.emitError(`different memory spaces specified for base memref type ${typeText(base)} and view memref type ${typeText(view)}`).fail()
    }
    const numDynamic = view.shape.filter((d) => d === kDynamic).length
    if (op.numOperands - 2 !== numDynamic) {
      return op.emitOpError(`incorrect number of dynamic sizes, has ${op.numOperands - 2}, expected ${numDynamic}`).fail()
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): readonly OpFoldResult[] | undefined {
    // A view at byte 0 with the source's own static type is the source.
    const shift = operands[1]
    const type = op.getResult(0).type as MemRefType
    if (shift instanceof IntegerAttr && shift.value === 0n && op.getOperand(0).type === type && !type.shape.includes(kDynamic)) {
      return [op.getOperand(0)]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [viewOpShapeFolder, viewOpMemrefCastFolder])
  },
})

/** The value of an `arith.constant` of index type (MLIR's `arith::ConstantIndexOp`), or null. */
function arithConstantIndex(v: Value): number | null {
  const def = v.definingOp
  if (def === null || def.name.name !== 'arith.constant' || !(v.type instanceof IndexType)) {
    return null
  }
  const value = def.getAttr('value')
  return value instanceof IntegerAttr ? Number(value.value) : null
}

/**
 * MLIR's `ViewOpShapeFolder`: sizes defined by index constants become static dimensions of
 * the view's type (negative ones too, as mlir-opt 22 does); the new view is cast back.
 */
const viewOpShapeFolder: CanonicalizationPattern = {
  name: 'ViewOpShapeFolder',
  rootName: 'memref.view',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (!op.getOperands().some((v) => constantIntOf(v) !== null && v.type instanceof IndexType)) {
      return false
    }
    const type = op.getResult(0).type as MemRefType
    if (getStridesAndOffset(type) === null) {
      return false
    }
    const shape: number[] = []
    const sizes: Value[] = []
    let k = 2
    for (const d of type.shape) {
      if (d !== kDynamic) {
        shape.push(d)
        continue
      }
      const v = op.getOperand(k++)
      const c = arithConstantIndex(v)
      if (c !== null) {
        shape.push(c)
      } else {
        shape.push(d)
        sizes.push(v)
      }
    }
    const newType = MemRefType.get(shape, type.elementType, type.layout, type.memorySpace)
    if (newType === type) {
      return false
    }
    const view = createOpBefore(rewriter, op, 'memref.view', [op.getOperand(0), op.getOperand(1), ...sizes], [newType])
    replaceWithCast(rewriter, op, view.getResult(0))
    return true
  },
}

/** MLIR's `ViewOpMemrefCastFolder`: a view of a `memref.cast` of a `memref.alloc` views the allocation. */
const viewOpMemrefCastFolder: CanonicalizationPattern = {
  name: 'ViewOpMemrefCastFolder',
  rootName: 'memref.view',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = op.getOperand(0).definingOp
    if (cast === null || cast.name.name !== 'memref.cast') {
      return false
    }
    const alloc = cast.getOperand(0)
    if (alloc.definingOp === null || alloc.definingOp.name.name !== 'memref.alloc') {
      return false
    }
    const view = createOpBefore(rewriter, op, 'memref.view', [alloc, ...op.getOperands().slice(1)], [op.getResult(0).type])
    rewriter.replaceOp(op, [view.getResult(0)])
    return true
  },
}

// ---- reinterpret_cast ------------------------------------------------------------------------

function dynText(v: number): string {
  return v === kDynamic ? 'dynamic' : String(v)
}

/** `memref.reinterpret_cast`: a memref with the given offset, sizes and strides over the source's buffer. */
export const ReinterpretCastOp: OdsOp = defineOp({
  name: 'memref.reinterpret_cast',
  summary: 'memref reinterpret cast operation',
  operands: { source: AnyRankedOrUnrankedMemRef, offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) },
  results: { result: AnyMemRef },
  attributes: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure,
  customDirectives: directives,
  assemblyFormat:
    '$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` `sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'reinterpret_cast')
  },
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type as MemRefType | UnrankedMemRefType
    const result = op.getResult(0).type as MemRefType
    const [offsets, sizes, strides] = mixedLists(op)
    const rank = result.shape.length
    if (!verifyOffsetsSizesStrides(op, [1, rank, rank], offsets, sizes, strides)) {
      return false
    }
    if (src.memorySpace !== result.memorySpace) {
      return op.emitError(`different memory spaces specified for source type ${typeText(src)} and result memref type ${typeText(result)}`).fail()
    }
    if (src.elementType !== result.elementType) {
      return op.emitError(`different element types specified for source type ${typeText(src)} and result memref type ${typeText(result)}`).fail()
    }
    for (let i = 0; i < result.shape.length; i++) {
      const d = result.shape[i]!
      const expected = sizes.statics[i]!
      if (d !== kDynamic && d !== expected) {
        return op.emitError(`expected result type with size = ${dynText(expected)} instead of ${d} in dim = ${i}`).fail()
      }
    }
    const so = getStridesAndOffset(result)
    if (so === null) {
      return op.emitError(`expected result type to have strided layout but found ${typeText(result)}`).fail()
    }
    const expectedOffset = offsets.statics[0]!
    if (so.offset !== kDynamic && so.offset !== expectedOffset) {
      return op.emitError(`expected result type with offset = ${dynText(expectedOffset)} instead of ${so.offset}`).fail()
    }
    for (let i = 0; i < so.strides.length; i++) {
      const s = so.strides[i]!
      const expected = strides.statics[i]!
      if (s !== kDynamic && s !== expected) {
        return op.emitError(`expected result type with stride = ${dynText(expected)} instead of ${s} in dim = ${i}`).fail()
      }
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    // reinterpret_cast(reinterpret_cast(x)), reinterpret_cast(cast(x)) and reinterpret_cast of a
    // subview with zero offsets read x.
    const def = source.definingOp
    let prev: Value | null = null
    if (def !== null && (def.name.name === 'memref.reinterpret_cast' || def.name.name === 'memref.cast')) {
      prev = def.getOperand(0)
    } else if (def !== null && def.name.name === 'memref.subview') {
      const offsets = mixedLists(def)[0]
      if (offsets.statics.every((_, i) => constantEntry(offsets, i) === 0)) {
        prev = def.getOperand(0)
      }
    }
    if (prev !== null) {
      op.setOperand(0, prev)
      return []
    }
    const t = op.getResult(0).type as MemRefType
    if (t.hasStaticShape && source.type === t && staticList(op.getAttr('static_offsets'))[0] === 0) {
      return [source]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [reinterpretCastOpExtractStridedMetadataFolder, reinterpretCastOpConstantFolder])
  },
})

/** The reinterpret_cast folder: the result has the folded sizes, offset and strides. */
const reinterpretCastOpConstantFolder = constantArgumentFolder('ReinterpretCastOp', 'memref.reinterpret_cast', (op, lists) => {
  const old = op.getResult(0).type as MemRefType
  return stridedMemRef(op.context, lists[1]!.statics, old.elementType, lists[0]!.statics[0]!, lists[2]!.statics, old.memorySpace)
})

/** A mixed value made constant where known: a number, or the SSA value itself. */
type Constified = number | Value

function constifyList(list: MixedList, known: (v: Value) => number | null): Constified[] {
  let d = 0
  return list.statics.map((s) => {
    if (s !== kDynamic) {
      return s
    }
    const v = list.dynamic[d++]!
    return constantIntOf(v) ?? known(v) ?? v
  })
}

/**
 * MLIR's `ReinterpretCastOpExtractStridedMetadataFolder`: a reinterpret_cast of the
 * metadata of x that rebuilds x is x (through a cast when the types differ); otherwise it
 * reads x directly.
 */
const reinterpretCastOpExtractStridedMetadataFolder: CanonicalizationPattern = {
  name: 'ReinterpretCastOpExtractStridedMetadataFolder',
  rootName: 'memref.reinterpret_cast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const meta = op.getOperand(0).definingOp
    if (meta === null || meta.name.name !== 'memref.extract_strided_metadata') {
      return false
    }
    const src = meta.getOperand(0)
    const st = src.type as MemRefType
    const so = getStridesAndOffset(st)!
    const rank = st.shape.length
    // The metadata results, constant where the source type knows them.
    const metaValue = (i: number, known: number): Constified => (known !== kDynamic ? known : meta.getResult(i))
    const metaOffset = metaValue(1, so.offset)
    const metaSizes = st.shape.map((d, i) => metaValue(2 + i, d))
    const metaStrides = so.strides.map((d, i) => metaValue(2 + rank + i, d))
    const known = (v: Value): number | null => {
      for (let i = 1; i < meta.numResults; i++) {
        if (meta.getResult(i) === v) {
          const c = i === 1 ? metaOffset : i < 2 + rank ? metaSizes[i - 2]! : metaStrides[i - 2 - rank]!
          return typeof c === 'number' ? c : null
        }
      }
      return null
    }
    const [o, z, t] = mixedLists(op)
    const same = (a: readonly Constified[], b: readonly Constified[]): boolean => a.length === b.length && a.every((x, i) => x === b[i])
    const noop = same(metaStrides, constifyList(t, known)) && same(metaSizes, constifyList(z, known)) && metaOffset === constifyList(o, known)[0]
    if (!noop) {
      rewriter.modifyOpInPlace(op, () => op.setOperand(0, src))
      return true
    }
    replaceWithCast(rewriter, op, src)
    return true
  },
}

// ---- transpose -------------------------------------------------------------------------------

function isPermutation(map: AffineMap): boolean {
  if (map.numSymbols !== 0 || map.numDims !== map.numResults) {
    return false
  }
  const seen = new Array<boolean>(map.numDims).fill(false)
  for (const r of map.results) {
    if (!(r instanceof AffineDimExpr) || seen[r.position]) {
      return false
    }
    seen[r.position] = true
  }
  return true
}

/** MLIR's `inferTransposeResultType`: sizes and strides permuted by `map`. */
export function inferTransposeResultType(t: MemRefType, map: AffineMap): MemRefType | null {
  const so = getStridesAndOffset(t)
  if (so === null) {
    return null
  }
  const sizes: number[] = []
  const strides: number[] = []
  for (const r of map.results) {
    const p = (r as AffineDimExpr).position
    sizes.push(t.shape[p]!)
    strides.push(so.strides[p]!)
  }
  return stridedMemRef(t.context, sizes, t.elementType, so.offset, strides, t.memorySpace)
}

/** Whether two memref types have the same shape, element type, space, strides and offset. */
function sameStridedLayout(a: MemRefType, b: MemRefType): boolean {
  if (a.elementType !== b.elementType || a.memorySpace !== b.memorySpace || a.shape.length !== b.shape.length || a.shape.some((d, i) => d !== b.shape[i])) {
    return false
  }
  const x = getStridesAndOffset(a)
  const y = getStridesAndOffset(b)
  return x !== null && y !== null && x.offset === y.offset && x.strides.every((v, i) => v === y.strides[i])
}

/** `memref.transpose`: a view of a memref with its dimensions permuted. */
export const TransposeOp: OdsOp = defineOp({
  name: 'memref.transpose',
  summary: '`transpose` produces a new strided memref (metadata-only)',
  operands: { in: AnyRankedOrUnrankedMemRef },
  results: { '#0': AnyRankedOrUnrankedMemRef },
  attributes: { permutation: attrConstraint('AffineMap attribute', (a) => a instanceof AffineMapAttr) },
  traits: Trait.Pure,
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'transpose')
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const operand = parser.parseOperand()
    if (operand === undefined) {
      return false
    }
    const map = parser.parseAffineMap()
    if (map === undefined) {
      return false
    }
    state.addProperty('permutation', AffineMapAttr.get(map))
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const src = parser.parseColonType()
    if (src === undefined || !parser.parseKeyword('to')) {
      return false
    }
    const dst = parser.parseType()
    if (dst === undefined) {
      return false
    }
    state.addTypes([dst])
    return parser.resolveOperand(operand, src, state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    const map = op.getAttr('permutation') as AffineMapAttr
    p.print(' ')
    p.printAffineMap?.(map.value)
    p.printOptionalAttrDict(op.getAttrs(), ['permutation'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(' to ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const map = (op.getAttr('permutation') as AffineMapAttr).value
    if (!isPermutation(map)) {
      return op.emitOpError('expected a permutation map').fail()
    }
    const src = op.getOperand(0).type as MemRefType
    if (map.numDims !== src.shape.length) {
      return op.emitOpError('expected a permutation map of same rank as the input').fail()
    }
    const result = op.getResult(0).type as MemRefType
    const inferred = inferTransposeResultType(src, map)
    const canonical = inferred === null ? src : canonicalizeStridedLayout(inferred)
    const canonicalResult = canonicalizeStridedLayout(result)
    if (canonicalResult !== canonical && !sameStridedLayout(canonicalResult, canonical)) {
      return op
        .emitOpError(`result type ${typeText(canonicalResult)} is not equivalent to the canonical transposed input type ${typeText(canonical)}`)
        .fail()
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const map = (op.getAttr('permutation') as AffineMapAttr).value
    const source = op.getOperand(0)
    // An identity transpose whose type does not change is its input.
    if (map.isIdentity && source.type === op.getResult(0).type) {
      return [source]
    }
    // transpose(transpose(x, p1), p2) -> transpose(x, p2 o p1).
    const def = source.definingOp
    if (def !== null && def.name.name === 'memref.transpose') {
      const inner = (def.getAttr('permutation') as AffineMapAttr).value
      const composed = map.results.map((r) => inner.results[(r as AffineDimExpr).position]!)
      const newMap = AffineMap.get(op.context, inner.numDims, 0, composed)
      if (newMap.isIdentity && def.getOperand(0).type === op.getResult(0).type) {
        return [def.getOperand(0)]
      }
      op.setOperand(0, def.getOperand(0))
      op.setAttr('permutation', AffineMapAttr.get(newMap))
      return []
    }
    return undefined
  },
})

// ---- expand_shape / collapse_shape ---------------------------------------------------------

/** `IndexListArrayAttr`: the reassociation groups of the expand/collapse ops. */
export const ReassociationAttr: AttrConstraint = attrConstraint('Array of 64-bit integer array attributes', (a) => a instanceof ArrayAttr && a.elements.every((g) => g instanceof ArrayAttr && g.elements.every((x) => x instanceof IntegerAttr)))

/** The reassociation groups of an expand/collapse op. */
export function reassociation(op: Operation): number[][] {
  const a = op.getAttr('reassociation')
  if (!(a instanceof ArrayAttr)) {
    return []
  }
  return a.elements.map((g) => (g as ArrayAttr).elements.map((x) => Number((x as IntegerAttr).value)))
}

/** The `reassociation` attribute of `groups`. */
export function reassociationAttr(op: Operation, groups: readonly (readonly number[])[]): ArrayAttr {
  const i64 = IntegerType.get(op.context, 64)
  return ArrayAttr.get(op.context, groups.map((g) => ArrayAttr.get(op.context, g.map((x) => IntegerAttr.get(i64, x)))))
}

function verifyCollapsedShape(op: Operation, collapsed: readonly number[], expanded: readonly number[], groups: readonly (readonly number[])[]): LogicalResult {
  if (collapsed.length !== groups.length) {
    return op.emitOpError(`invalid number of reassociation groups: found ${groups.length}, expected ${collapsed.length}`).fail()
  }
  let next = 0
  for (let c = 0; c < groups.length; c++) {
    let foundDynamic = false
    for (const e of groups[c]!) {
      if (e !== next++) {
        return op.emitOpError('reassociation indices must be contiguous').fail()
      }
      if (e >= expanded.length) {
        return op.emitOpError(`reassociation index ${e} is out of bounds`).fail()
      }
      if (expanded[e] === kDynamic) {
        foundDynamic = true
      }
    }
    if ((collapsed[c] === kDynamic) !== foundDynamic) {
      return op.emitOpError(`collapsed dim (${c}) must be dynamic if and only if reassociation group is dynamic`).fail()
    }
    if (!foundDynamic) {
      let size = 1
      for (const e of groups[c]!) {
        size *= expanded[e]!
      }
      if (size !== collapsed[c]) {
        return op.emitOpError(`collapsed dim size (${collapsed[c]}) must equal reassociation group size (${size})`).fail()
      }
    }
  }
  if (collapsed.length === 0) {
    if (expanded.some((d) => d !== 1)) {
      return op.emitOpError('rank 0 memrefs can only be extended/collapsed with/from ones').fail()
    }
  } else if (next !== expanded.length) {
    return op.emitOpError(`expanded rank (${expanded.length}) inconsistent with number of reassociation indices (${next})`).fail()
  }
  return true
}

/** MLIR's `ExpandShapeOp::computeExpandedType`. */
export function computeExpandedType(src: MemRefType, shape: readonly number[], groups: readonly (readonly number[])[]): MemRefType | null {
  if (hasIdentityLayout(src)) {
    return MemRefType.get(shape, src.elementType, null, src.memorySpace)
  }
  const so = getStridesAndOffset(src)
  if (so === null) {
    return null
  }
  const reversed: number[] = []
  let index = shape.length - 1
  for (let g = groups.length - 1; g >= 0; g--) {
    let stride = so.strides[g]!
    for (let k = 0; k < groups[g]!.length; k++) {
      reversed.push(stride)
      stride = mulSat(stride, shape[index--]!)
    }
  }
  const strides = reversed.reverse()
  while (strides.length < shape.length) {
    strides.push(1)
  }
  return stridedMemRef(src.context, shape, src.elementType, so.offset, strides, src.memorySpace)
}

/** MLIR's `computeCollapsedLayoutMap` (non-strict): the result strides, or null when not collapsible. */
export function computeCollapsedLayout(src: MemRefType, groups: readonly (readonly number[])[], strict = false): StridedLayoutAttr | null {
  const so = getStridesAndOffset(src)
  if (so === null) {
    return null
  }
  const shape = src.shape
  const strides: number[] = []
  for (const g of groups) {
    let n = g.length
    while (n > 1 && shape[g[n - 1]!] === 1) {
      n--
    }
    const last = g[n - 1]!
    strides.push(shape[last] !== kDynamic || n === 1 ? so.strides[last]! : kDynamic)
  }
  let ri = strides.length - 1
  for (let gi = groups.length - 1; gi >= 0; gi--) {
    const g = groups[gi]!
    let stride = strides[ri--]!
    for (let k = g.length - 1; k >= 1; k--) {
      const idx = g[k]!
      stride = mulSat(stride, shape[idx]!)
      const srcStride = so.strides[idx - 1]!
      if (strict && (stride === kDynamic || srcStride === kDynamic)) {
        return null
      }
      if (shape[idx - 1] === 1) {
        continue
      }
      if (stride !== kDynamic && srcStride !== kDynamic && stride !== srcStride) {
        return null
      }
    }
  }
  return StridedLayoutAttr.get(src.context, so.offset, strides)
}

/** `memref.expand_shape`: a view of higher rank, each source dimension split by `reassociation`. */
export const ExpandShapeOp: OdsOp = defineOp({
  name: 'memref.expand_shape',
  summary: 'operation to produce a memref with a higher rank.',
  operands: { src: AnyMemRef, output_shape: variadic(Index) },
  results: { result: AnyMemRef },
  attributes: { reassociation: ReassociationAttr, static_output_shape: DenseI64ArrayAttr },
  traits: Trait.Pure,
  customDirectives: directives,
  assemblyFormat: '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'expand_shape')
  },
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type as MemRefType
    const result = op.getResult(0).type as MemRefType
    const r0 = src.shape.length
    const r1 = result.shape.length
    if (r0 > r1) {
      return op.emitOpError(`has source rank ${r0} and result rank ${r1}. This is not an expansion (${r0} > ${r1}).`).fail()
    }
    const groups = reassociation(op)
    if (!verifyCollapsedShape(op, src.shape, result.shape, groups)) {
      return false
    }
    const expected = computeExpandedType(src, result.shape, groups)
    if (expected === null) {
      return op.emitOpError('invalid source layout map').fail()
    }
    if (expected !== result) {
      return op.emitOpError(`expected expanded type to be ${typeText(expected)} but found ${typeText(result)}`).fail()
    }
    const statics = staticList(op.getAttr('static_output_shape'))
    if (statics.length !== r1) {
      return op.emitOpError(`expected number of static shape bounds to be equal to the output rank (${r1}) but found ${statics.length} inputs instead`).fail()
    }
    const numDynamic = statics.filter((d) => d === kDynamic).length
    if (op.numOperands - 1 !== numDynamic) {
      return op
        .emitOpError(`mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${numDynamic} dynamic dims while output_shape has ${op.numOperands - 1} values`)
        .fail()
    }
    for (let i = 0; i < r1; i++) {
      if (result.shape[i] !== kDynamic && result.shape[i] !== statics[i]) {
        return op.emitOpError(`invalid output shape provided at pos ${i}`).fail()
      }
    }
    return true
  },
  fold: foldReshape,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [composeReassociativeReshapeOps('memref.expand_shape'), composeExpandOfCollapseOp])
  },
})

/** `memref.collapse_shape`: a view of lower rank, contiguous source dimensions merged by `reassociation`. */
export const CollapseShapeOp: OdsOp = defineOp({
  name: 'memref.collapse_shape',
  summary: 'operation to produce a memref with a smaller rank.',
  operands: { src: AnyMemRef },
  results: { result: AnyMemRef },
  attributes: { reassociation: ReassociationAttr },
  traits: Trait.Pure,
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'collapse_shape')
  },
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type as MemRefType
    const result = op.getResult(0).type as MemRefType
    const r0 = src.shape.length
    const r1 = result.shape.length
    if (r0 < r1) {
      return op.emitOpError(`has source rank ${r0} and result rank ${r1}. This is not a collapse (${r0} < ${r1}).`).fail()
    }
    const groups = reassociation(op)
    if (!verifyCollapsedShape(op, result.shape, src.shape, groups)) {
      return false
    }
    let expected: MemRefType
    if (hasIdentityLayout(src)) {
      expected = MemRefType.get(result.shape, src.elementType, null, src.memorySpace)
    } else {
      const layout = computeCollapsedLayout(src, groups)
      if (layout === null) {
        return op.emitOpError('invalid source layout map or collapsing non-contiguous dims').fail()
      }
      expected = MemRefType.get(result.shape, src.elementType, layout, src.memorySpace)
    }
    if (expected !== result) {
      return op.emitOpError(`expected collapsed type to be ${typeText(expected)} but found ${typeText(result)}`).fail()
    }
    return true
  },
  fold: foldReshape,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [composeReassociativeReshapeOps('memref.collapse_shape'), composeCollapseOfExpandOp, collapseShapeOpMemRefCastFolder])
  },
})

/** MLIR's `composeReassociationIndices`: the groups of two chained reshapes of the same kind, or null. */
function composeReassociationIndices(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): number[][] | null {
  if (a.length === b.length) {
    return null
  }
  const [producer, consumer] = a.length < b.length ? [b, a] : [a, b]
  if (consumer.length === 0) {
    return []
  }
  let consumerDims = 0
  for (const g of consumer) {
    consumerDims += g.length
  }
  if (producer.length !== consumerDims) {
    return null
  }
  return consumer.map((g) => g.flatMap((i) => [...producer[i]!]))
}

/**
 * MLIR's `ComposeReassociativeReshapeOps`: expand(expand(x)) and collapse(collapse(x)) become
 * one op; `name` is the memref or tensor op it roots at.
 */
export function composeReassociativeReshapeOps(name: string): CanonicalizationPattern {
  const [dialect, kind] = name.split('.') as [string, string]
  const isExpand = kind === 'expand_shape'
  const args = `mlir::${dialect}::${isExpand ? 'ExpandShapeOp' : 'CollapseShapeOp'}, mlir::ReshapeOpKind::${isExpand ? 'kExpand' : 'kCollapse'}`
  return {
    name: `ComposeReassociativeReshapeOps<${args}>`,
    debugName: `mlir::ComposeReassociativeReshapeOps<${args}>`,
    rootName: name,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const src = op.getOperand(0).definingOp
      if (src === null || src.name.name !== name) {
        return false
      }
      const nonIdentity = (t: Type): boolean => t instanceof MemRefType && !hasIdentityLayout(t)
      if (nonIdentity(src.getOperand(0).type) || nonIdentity(op.getOperand(0).type) || nonIdentity(op.getResult(0).type)) {
        return false
      }
      const groups = composeReassociationIndices(reassociation(src), reassociation(op))
      if (groups === null) {
        return false
      }
      const props: [string, Attribute][] = [['reassociation', reassociationAttr(op, groups)]]
      if (isExpand) {
        props.push(['static_output_shape', op.getAttr('static_output_shape')!])
      }
      const created = createOpBefore(rewriter, op, name, [src.getOperand(0), ...op.getOperands().slice(1)], [op.getResult(0).type], props)
      rewriter.replaceOp(op, [created.getResult(0)])
      return true
    },
  }
}

/**
 * The reshape of kind `producerName` that defines `op`'s source, where the source, the
 * producer's source and `op`'s result all have identity layouts and `op` does not just undo
 * it; null otherwise (the shared precondition of the two compose patterns).
 */
function reshapeOfReshape(op: Operation, producerName: string): Operation | null {
  const producer = op.getOperand(0).definingOp
  if (producer === null || producer.name.name !== producerName) {
    return null
  }
  const src = producer.getOperand(0).type
  const nonIdentity = (t: Type): boolean => t instanceof MemRefType && !hasIdentityLayout(t)
  if (nonIdentity(op.getOperand(0).type) || nonIdentity(src) || nonIdentity(producer.getResult(0).type) || src === op.getResult(0).type) {
    return null
  }
  return producer
}

/**
 * MLIR's `ComposeCollapseOfExpandOp`: collapse(expand(x)) of identity layouts is one collapse
 * of x, or a cast when the rank does not change. (Upstream also builds an expand_shape when the
 * result has the higher rank; that case is left alone here.)
 */
const composeCollapseOfExpandOp: CanonicalizationPattern = {
  name: 'ComposeCollapseOfExpandOp<mlir::memref::CollapseShapeOp, mlir::memref::ExpandShapeOp, mlir::memref::CastOp, mlir::memref::DimOp, mlir::MemRefType>',
  debugName: 'mlir::ComposeCollapseOfExpandOp<mlir::memref::CollapseShapeOp, mlir::memref::ExpandShapeOp, mlir::memref::CastOp, mlir::memref::DimOp, mlir::MemRefType>',
  rootName: 'memref.collapse_shape',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const expand = reshapeOfReshape(op, 'memref.expand_shape')
    if (expand === null) {
      return false
    }
    const src = expand.getOperand(0).type as MemRefType
    const result = op.getResult(0).type as MemRefType
    const srcRank = src.shape.length
    const resultRank = result.shape.length
    const [higher, lower] = srcRank > resultRank ? [reassociation(expand), reassociation(op)] : [reassociation(op), reassociation(expand)]
    let h = 0
    const composed: number[][] = []
    for (const group of lower) {
      const indices: number[] = []
      const last = group[group.length - 1]!
      while (h < higher.length) {
        const rightmost = higher[h]![higher[h]!.length - 1]!
        if (rightmost > last) {
          return false
        }
        indices.push(h++)
        if (rightmost === last) {
          break
        }
      }
      composed.push(indices)
    }
    if (srcRank > resultRank) {
      const created = createOpBefore(rewriter, op, 'memref.collapse_shape', [expand.getOperand(0)], [result], [['reassociation', reassociationAttr(op, composed)]])
      rewriter.replaceOp(op, [created.getResult(0)])
      return true
    }
    if (srcRank < resultRank) {
      return false
    }
    const cast = createOpBefore(rewriter, op, 'memref.cast', [expand.getOperand(0)], [result])
    rewriter.replaceOp(op, [cast.getResult(0)])
    return true
  },
}

/**
 * MLIR's `ComposeExpandOfCollapseOp`: expand(collapse(x)) of identity layouts is one collapse
 * (result of lower rank than x) or one expand (higher rank) of x, when each group can be
 * re-split unambiguously.
 */
const composeExpandOfCollapseOp: CanonicalizationPattern = {
  name: 'ComposeExpandOfCollapseOp<mlir::memref::ExpandShapeOp, mlir::memref::CollapseShapeOp>',
  debugName: 'mlir::ComposeExpandOfCollapseOp<mlir::memref::ExpandShapeOp, mlir::memref::CollapseShapeOp>',
  rootName: 'memref.expand_shape',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const collapse = reshapeOfReshape(op, 'memref.collapse_shape')
    if (collapse === null) {
      return false
    }
    const src = collapse.getOperand(0).type as MemRefType
    const result = op.getResult(0).type as MemRefType
    if (src.shape.length > result.shape.length) {
      const groups = findCollapsingReassociation(reassociation(collapse), reassociation(op), src.shape, result.shape)
      if (groups === null) {
        return false
      }
      const created = createOpBefore(rewriter, op, 'memref.collapse_shape', [collapse.getOperand(0)], [result], [['reassociation', reassociationAttr(op, groups)]])
      rewriter.replaceOp(op, [created.getResult(0)])
      return true
    }
    const groups = findCollapsingReassociation(reassociation(op), reassociation(collapse), result.shape, src.shape)
    if (groups === null) {
      return false
    }
    const props: [string, Attribute][] = [
      ['reassociation', reassociationAttr(op, groups)],
      ['static_output_shape', op.getAttr('static_output_shape')!],
    ]
    const created = createOpBefore(rewriter, op, 'memref.expand_shape', [collapse.getOperand(0), ...op.getOperands().slice(1)], [result], props)
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** `ComposeExpandOfCollapseOp::findCollapsingReassociation`: collapses `srcShape` into `resultShape` group by group. */
function findCollapsingReassociation(
  srcGroups: readonly (readonly number[])[],
  resultGroups: readonly (readonly number[])[],
  srcShape: readonly number[],
  resultShape: readonly number[],
): number[][] | null {
  if (srcGroups.length === 0) {
    return getReassociationIndicesForCollapse(srcShape, resultShape)
  }
  const composed: number[][] = []
  const n = Math.min(srcGroups.length, resultGroups.length)
  const countDynamic = (a: readonly number[]): number => a.filter((d) => d === kDynamic).length
  for (let g = 0; g < n; g++) {
    const srcIndices = srcGroups[g]!
    const resultIndices = resultGroups[g]!
    const srcStart = srcIndices[0]!
    const resultStart = resultIndices[0]!
    const srcSub = srcShape.slice(srcStart, srcStart + srcIndices.length)
    const resultSub = resultShape.slice(resultStart, resultStart + resultIndices.length)
    if (countDynamic(srcSub) >= 2 && countDynamic(resultSub) >= 2) {
      return null
    }
    if (srcSub.length === resultSub.length) {
      for (let i = 0; i < srcSub.length; i++) {
        if (srcSub[i] !== resultSub[i]) {
          return null
        }
      }
      for (let i = 0; i < srcSub.length; i++) {
        composed.push([srcStart + i])
      }
      continue
    }
    const sub = getReassociationIndicesForCollapse(srcSub, resultSub)
    if (sub === null) {
      return null
    }
    for (const indices of sub) {
      composed.push(indices.map((i) => srcStart + i))
    }
  }
  return composed
}

/** An inclusive range of source dimensions (MLIR's `ReassociationIndexRange`). */
interface IndexRange {
  left: number
  right: number
}

/** MLIR's `findReassociationRangeForDynamicDim`: from `start`, up to the first dynamic dimension. */
function rangeForDynamicDim(shape: readonly number[], start: number, greedy: boolean): IndexRange | null {
  for (let r = start; r < shape.length; r++) {
    if (shape[r] === kDynamic) {
      return { left: start, right: greedy ? shape.length - 1 : r }
    }
  }
  return null
}

/** MLIR's `findReassociationRangeForSize`: the first run of static dimensions from `start` whose product is `target`. */
function rangeForSize(shape: readonly number[], start: number, target: number, greedy: boolean): IndexRange | null {
  let left = start
  let right = start
  let product = 1
  let found: IndexRange | null = null
  while (left >= 0 && right < shape.length) {
    const size = shape[right]!
    if (size === kDynamic) {
      product = 1
      left = right + 1
      right = right + 1
      continue
    }
    product *= size
    while (product > target && left !== right) {
      product /= shape[left]!
      left++
    }
    if (product === target) {
      found = { left, right }
      break
    }
    right++
  }
  if (found === null) {
    return null
  }
  if (greedy) {
    right++
    while (right < shape.length && shape[right] === 1) {
      found = { left, right }
      right++
    }
  }
  return found
}

/** MLIR's `findReassociationRangesForCollapse` (left to right). */
function rangesForCollapse(source: readonly number[], target: readonly number[]): IndexRange[] | null {
  const ranges: IndexRange[] = []
  let prevTarget: number | null = null
  let sourceIdx = 0
  for (let t = 0; t < target.length; t++) {
    const size = target[t]!
    const greedy = t === target.length - 1
    const range = size === kDynamic ? rangeForDynamicDim(source, sourceIdx, greedy) : rangeForSize(source, sourceIdx, size, greedy)
    if (range === null || range.left < 0 || range.left > range.right || range.right > source.length - 1) {
      return null
    }
    if (range.left > sourceIdx) {
      // Skipped source dimensions join the directly preceding dynamic target dimension.
      if (prevTarget !== kDynamic) {
        return null
      }
      ranges[ranges.length - 1]!.right = range.left - 1
    }
    prevTarget = size
    sourceIdx = range.right + 1
    ranges.push(range)
  }
  if (ranges[ranges.length - 1]!.right < source.length - 1) {
    return null
  }
  return ranges
}

/**
 * MLIR's `getReassociationIndicesForCollapse`: the groups collapsing `source` into `target`,
 * found scanning both ways; null when none or when the two scans differ beyond unit dimensions.
 */
export function getReassociationIndicesForCollapse(source: readonly number[], target: readonly number[]): number[][] | null {
  const n = source.length
  if (n <= target.length) {
    return null
  }
  if (target.length === 0) {
    return source.every((d) => d === 1 || d === kDynamic) ? [] : null
  }
  const forward = rangesForCollapse(source, target)
  if (forward === null) {
    return null
  }
  const reversed = rangesForCollapse([...source].reverse(), [...target].reverse())
  if (reversed === null) {
    return null
  }
  const backward = reversed.reverse().map((r) => ({ left: n - 1 - r.right, right: n - 1 - r.left }))
  if (forward.length !== target.length || backward.length !== target.length) {
    return null
  }
  const groups: number[][] = []
  for (let t = 0; t < target.length; t++) {
    const a = forward[t]!
    const b = backward[t]!
    // Only unit dimensions may be grouped differently by the two scans.
    for (const i of nonOverlapping(a, b)) {
      if (source[i] !== 1) {
        return null
      }
    }
    const full: number[] = []
    for (let i = a.left; i <= a.right; i++) {
      full.push(i)
    }
    groups.push(full)
  }
  return groups
}

/** MLIR's `ReassociationIndexRange::getNonOverlappingIndicesWith`. */
function nonOverlapping(a: IndexRange, b: IndexRange): number[] {
  const out: number[] = []
  if (a.right < b.left) {
    for (let i = a.left; i <= a.right; i++) {
      out.push(i)
    }
    for (let i = b.left; i <= b.right; i++) {
      out.push(i)
    }
    return out
  }
  for (let i = Math.min(a.left, b.left); i < Math.max(a.left, b.left); i++) {
    out.push(i)
  }
  const rightStart = Math.min(a.right, b.right) + 1
  const rightEnd = Math.max(a.right, b.right)
  if (rightStart < rightEnd) {
    for (let i = rightStart; i <= rightEnd; i++) {
      out.push(i)
    }
  }
  return out
}

/** MLIR's `CollapseShapeOp::computeCollapsedType`. */
export function computeCollapsedType(src: MemRefType, groups: readonly (readonly number[])[]): MemRefType | null {
  const shape = groups.map((g) => g.reduce((acc, d) => mulSat(acc, src.shape[d]!), 1))
  if (hasIdentityLayout(src)) {
    return MemRefType.get(shape, src.elementType, null, src.memorySpace)
  }
  const layout = computeCollapsedLayout(src, groups)
  return layout === null ? null : MemRefType.get(shape, src.elementType, layout, src.memorySpace)
}

/** MLIR's `CollapseShapeOpMemRefCastFolder`: a collapse of a `memref.cast` reads the cast's source. */
const collapseShapeOpMemRefCastFolder: CanonicalizationPattern = {
  name: 'CollapseShapeOpMemRefCastFolder',
  rootName: 'memref.collapse_shape',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = op.getOperand(0).definingOp
    if (cast === null || cast.name.name !== 'memref.cast' || !canFoldCastIntoConsumer(cast)) {
      return false
    }
    const groups = reassociation(op)
    const type = computeCollapsedType(cast.getOperand(0).type as MemRefType, groups)
    if (type === null) {
      return false
    }
    if (type === op.getResult(0).type) {
      rewriter.modifyOpInPlace(op, () => op.setOperand(0, cast.getOperand(0)))
      return true
    }
    const created = createOpBefore(rewriter, op, 'memref.collapse_shape', [cast.getOperand(0)], [type], [['reassociation', reassociationAttr(op, groups)]])
    replaceWithCast(rewriter, op, created.getResult(0))
    return true
  },
}

/** MLIR's `foldReshapeOp`: a reshape to its source's type folds to the source; expand(collapse(x)) of x's type folds to x. */
/** MLIR's `foldReshapeOp` (without constants): a reshape to its source's type, or undoing the reshape that defines its source. */
export function foldReshape(op: Operation): OpFoldResult[] | undefined {
  const src = op.getOperand(0)
  const type = op.getResult(0).type
  if (src.type === type) {
    return [src]
  }
  const def = src.definingOp
  const [dialect, kind] = op.name.name.split('.') as [string, string]
  const inverse = `${dialect}.${kind === 'expand_shape' ? 'collapse_shape' : 'expand_shape'}`
  if (def !== null && def.name.name === inverse && def.getOperand(0).type === type) {
    return [def.getOperand(0)]
  }
  return undefined
}

// ---- extract_strided_metadata ------------------------------------------------------------

/** `memref.extract_strided_metadata`: the base buffer, offset, sizes and strides of a strided memref. */
export const ExtractStridedMetadataOp: OdsOp = defineOp({
  name: 'memref.extract_strided_metadata',
  summary: 'Extracts a buffer base with offset and strides',
  operands: { source: typeConstraint('strided memref of any type values', (t) => t instanceof MemRefType && getStridesAndOffset(t) !== null) },
  // Upstream's `sizes` and `strides` are two variadic results of equal length
  // (SameVariadicResultSize); here they are one group, split in half.
  results: {
    base_buffer: typeConstraint('strided memref of any type values with rank 0', (t) => t instanceof MemRefType && t.shape.length === 0),
    offset: Index,
    sizes_and_strides: variadic(Index),
  },
  traits: Trait.Pure,
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  inferResultTypes(state: OperationState): Type[] | undefined {
    const t = state.operands[0]?.type
    if (!(t instanceof MemRefType)) {
      return undefined
    }
    const index = IndexType.get(t.context)
    const rank = t.shape.length
    return [MemRefType.get([], t.elementType, null, t.memorySpace), index, ...new Array<Type>(2 * rank).fill(index)]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // Uses of results the source type knows statically read constants instead.
    const t = op.getOperand(0).type as MemRefType
    const so = getStridesAndOffset(t)!
    const known = [so.offset, ...t.shape, ...so.strides]
    const index = IndexType.get(op.context)
    let changed = false
    for (let i = 0; i < known.length; i++) {
      const r = op.getResult(1 + i)
      if (known[i] === kDynamic || r.useEmpty) {
        continue
      }
      const state = new OperationState(op.location, op.context.getOperationName('arith.constant'))
      state.addProperty('value', IntegerAttr.get(index, known[i]!))
      state.addTypes([index])
      const cst = Operation.create(state)
      op.parentBlock!.insertBefore(cst, op)
      r.replaceAllUsesWith(cst.getResult(0))
      changed = true
    }
    return changed ? [] : undefined
  },
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'base_buffer')
    setName(op.getResult(1), 'offset')
    const rank = (op.numResults - 2) / 2
    if (rank > 0) {
      setName(op.getResult(2), 'sizes')
      setName(op.getResult(2 + rank), 'strides')
    }
  },
})

/** The view-like memref ops. */
export const memrefViewOps: readonly OdsOp[] = [
  SubViewOp,
  ViewOp,
  ReinterpretCastOp,
  TransposeOp,
  ExpandShapeOp,
  CollapseShapeOp,
  ExtractStridedMetadataOp,
]
