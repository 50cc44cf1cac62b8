/**
 * `tensor.extract_slice` and `tensor.insert_slice`: offsets, sizes and strides (static or
 * dynamic), MLIR's slice verifiers (messages as `TensorOps.cpp` writes them), folders and
 * canonicalization patterns.
 */
import {
  DenseArrayAttr,
  DenseI64ArrayAttr,
  Index,
  IndexType,
  RankedTensorType,
  Trait,
  defineOp,
  kDynamic,
  variadic,
  type LogicalResult,
  type OdsOp,
  type OpFoldResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { typeText } from '../internal/typeText.ts'
import {
  DynamicIndexListDirective,
  constantEntry,
  constantIntOf,
  createOpBefore,
  foldDynamicIndexList,
  staticList,
  staticListAttr,
  verifyOffsetsSizesStrides,
  type MixedList,
} from '../memref/MemRefLayout.ts'
import { computeRankReductionMask, operandGroups, sliceBoundsError } from '../memref/MemRefViewOps.ts'
import { RankedTensor, canFoldIntoConsumerOp, replaceWithTensorCast } from './TensorOps.ts'

/** The offsets, sizes and strides of a slice op whose first `leading` operand groups are tensors. */
function sliceLists(op: Operation, leading: number): [MixedList, MixedList, MixedList] {
  const g = operandGroups(op)
  return [
    { statics: staticList(op.getAttr('static_offsets')), dynamic: g[leading] ?? [] },
    { statics: staticList(op.getAttr('static_sizes')), dynamic: g[leading + 1] ?? [] },
    { statics: staticList(op.getAttr('static_strides')), dynamic: g[leading + 2] ?? [] },
  ]
}

/** MLIR's `ExtractSliceOp::inferResultType`: the slice's static sizes, the source's element type and encoding. */
function inferSliceType(source: RankedTensorType, sizes: readonly number[]): RankedTensorType {
  return RankedTensorType.get(sizes, source.elementType, source.encoding)
}

/**
 * MLIR's `inferCanonicalRankReducedResultType`: the inferred slice type with its first unit
 * dimensions dropped until it has `rank` dimensions.
 */
function rankReducedSliceType(rank: number, source: RankedTensorType, sizes: readonly number[]): RankedTensorType {
  const inferred = inferSliceType(source, sizes)
  let drop = inferred.shape.length - rank
  if (drop <= 0) {
    return inferred
  }
  const shape: number[] = []
  for (const d of inferred.shape) {
    if (drop > 0 && d === 1) {
      drop--
      continue
    }
    shape.push(d)
  }
  return RankedTensorType.get(shape, inferred.elementType)
}

/** MLIR's `isRankReducedType` with `produceSliceErrorMsg`: null when `candidate` is `expected` or a rank reduction of it. */
function sliceTypeError(expected: RankedTensorType, candidate: RankedTensorType): string | null {
  if (expected === candidate) {
    return null
  }
  if (candidate.shape.length > expected.shape.length) {
    return 'expected rank to be smaller or equal to the other rank. '
  }
  if (computeRankReductionMask(expected.shape, candidate.shape) === null) {
    return `expected type to be ${typeText(expected)} or a rank-reduced version. (size mismatch) `
  }
  if (expected.elementType !== candidate.elementType) {
    return `expected element type to be ${typeText(expected.elementType)}`
  }
  return null
}

/** The checks the two slice ops share: list lengths, the sliced type, and bounds within `tensor`. */
function verifySlice(op: Operation, leading: number, tensor: RankedTensorType, slice: RankedTensorType): LogicalResult {
  const [offsets, sizes, strides] = sliceLists(op, leading)
  const rank = tensor.shape.length
  if (!verifyOffsetsSizesStrides(op, [rank, rank, rank], offsets, sizes, strides)) {
    return false
  }
  const typeError = sliceTypeError(inferSliceType(tensor, sizes.statics), slice)
  if (typeError !== null) {
    return op.emitError(typeError).fail()
  }
  const bounds = sliceBoundsError(tensor.shape, offsets.statics, sizes.statics, strides.statics)
  return bounds === null ? true : op.emitError(bounds).fail()
}

/** Whether two offset/size/stride lists name the same values (equal constants or the same SSA value). */
function sameLists(a: readonly MixedList[], b: readonly MixedList[]): boolean {
  for (let k = 0; k < 3; k++) {
    const x = a[k]!
    const y = b[k]!
    if (x.statics.length !== y.statics.length) {
      return false
    }
    let dx = 0
    let dy = 0
    for (let i = 0; i < x.statics.length; i++) {
      const vx = x.statics[i] === kDynamic ? x.dynamic[dx++]! : null
      const vy = y.statics[i] === kDynamic ? y.dynamic[dy++]! : null
      if (vx !== null && vx === vy) {
        continue
      }
      const cx = constantEntry(x, i)
      if (cx === null || cx !== constantEntry(y, i)) {
        return false
      }
    }
  }
  return true
}

/** MLIR's `foldIdentityOffsetSizeAndStrideOpInterface`: zero offsets, unit strides, sizes equal to `shape`. */
function isIdentitySlice(lists: readonly MixedList[], shape: readonly number[]): boolean {
  const [offsets, sizes, strides] = lists as [MixedList, MixedList, MixedList]
  for (let i = 0; i < offsets.statics.length; i++) {
    if (constantEntry(offsets, i) !== 0) {
      return false
    }
  }
  for (let i = 0; i < sizes.statics.length && i < shape.length; i++) {
    if (constantEntry(sizes, i) !== shape[i]) {
      return false
    }
  }
  for (let i = 0; i < strides.statics.length; i++) {
    if (constantEntry(strides, i) !== 1) {
      return false
    }
  }
  return true
}

/** Creates a slice op like `at` (same name) with `tensors` before the three lists. */
function createSliceOp(rewriter: RewriterLike, at: Operation, type: RankedTensorType | null, tensors: readonly Value[], lists: readonly MixedList[]): Operation {
  const ctx = at.context
  const [o, z, t] = lists as [MixedList, MixedList, MixedList]
  const results = type === null ? [] : [type]
  const created = createOpBefore(rewriter, at, at.name.name, [...tensors, ...o.dynamic, ...z.dynamic, ...t.dynamic], results, [
    ['operandSegmentSizes', DenseArrayAttr.getI32(ctx, [...tensors.map(() => 1), o.dynamic.length, z.dynamic.length, t.dynamic.length])],
    ['static_offsets', staticListAttr(ctx, o.statics)],
    ['static_sizes', staticListAttr(ctx, z.statics)],
    ['static_strides', staticListAttr(ctx, t.statics)],
  ])
  return created
}

/** Constant SSA offsets and sizes (not negative) and strides (not zero) folded to static entries; null when none folds. */
function foldConstantLists(op: Operation, leading: number): MixedList[] | null {
  const [o, z, t] = sliceLists(op, leading)
  const fo = foldDynamicIndexList(o, true, false)
  const fz = foldDynamicIndexList(z, true, false)
  const ft = foldDynamicIndexList(t, false, true)
  return fo === null && fz === null && ft === null ? null : [fo ?? o, fz ?? z, ft ?? t]
}

function castTo(rewriter: RewriterLike, at: Operation, value: Value, type: RankedTensorType): Value {
  return value.type === type ? value : createOpBefore(rewriter, at, 'tensor.cast', [value], [type]).getResult(0)
}

function hasConstantIndexOperand(op: Operation): boolean {
  return op.getOperands().some((v) => v.type instanceof IndexType && constantIntOf(v) !== null)
}

// ---- extract_slice -------------------------------------------------------------------------

/**
 * MLIR's `OpWithOffsetSizesAndStridesConstantArgumentFolder` for `extract_slice`: the new slice
 * keeps the result's rank and is cast back to the old type.
 */
const extractSliceConstantArgumentFolder: CanonicalizationPattern = {
  name: 'OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::tensor::ExtractSliceOp, SliceReturnTypeCanonicalizer, SliceCanonicalizer>',
  debugName: 'mlir::OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::tensor::ExtractSliceOp, SliceReturnTypeCanonicalizer, SliceCanonicalizer>',
  rootName: 'tensor.extract_slice',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const lists = foldConstantLists(op, 1)
    if (lists === null) {
      return false
    }
    const source = op.getOperand(0).type as RankedTensorType
    if (sliceBoundsError(source.shape, lists[0]!.statics, lists[1]!.statics, lists[2]!.statics) !== null) {
      return false
    }
    const result = op.getResult(0).type as RankedTensorType
    const type = rankReducedSliceType(result.shape.length, source, lists[1]!.statics)
    const created = createSliceOp(rewriter, op, type, [op.getOperand(0)], lists)
    replaceWithTensorCast(rewriter, op, created.getResult(0))
    return true
  },
}

/** MLIR's `ExtractSliceOpCastFolder`: a slice of a cast that only lost static sizes slices the cast's source. */
const extractSliceOpCastFolder: CanonicalizationPattern = {
  name: 'ExtractSliceOpCastFolder',
  rootName: 'tensor.extract_slice',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (hasConstantIndexOperand(op)) {
      return false
    }
    const cast = op.getOperand(0).definingOp
    if (!canFoldIntoConsumerOp(cast)) {
      return false
    }
    const lists = sliceLists(op, 1)
    const castSource = cast.getOperand(0)
    if (sliceBoundsError((castSource.type as RankedTensorType).shape, lists[0].statics, lists[1].statics, lists[2].statics) !== null) {
      return false
    }
    const created = createSliceOp(rewriter, op, op.getResult(0).type as RankedTensorType, [castSource], lists)
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** `tensor.extract_slice %t[offsets] [sizes] [strides]`: a (possibly rank-reduced) part of a tensor. */
export const ExtractSliceOp: OdsOp = defineOp({
  name: 'tensor.extract_slice',
  summary: 'extract slice operation',
  operands: { source: RankedTensor, offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) },
  results: { result: RankedTensor },
  attributes: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure,
  customDirectives: { DynamicIndexList: DynamicIndexListDirective },
  assemblyFormat:
    '$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'extracted_slice')
  },
  verify(op: Operation): LogicalResult {
    return verifySlice(op, 1, op.getOperand(0).type as RankedTensorType, op.getResult(0).type as RankedTensorType)
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    const type = op.getResult(0).type as RankedTensorType
    const lists = sliceLists(op, 1)
    if (source.type === type && isIdentitySlice(lists, type.shape)) {
      return [source]
    }
    // extract_slice(insert_slice(x into y at P) at P) is x when the types agree.
    const insert = source.definingOp
    if (insert !== null && insert.name.name === 'tensor.insert_slice' && insert.getOperand(0).type === type && sameLists(sliceLists(insert, 2), lists)) {
      return [insert.getOperand(0)]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [extractSliceConstantArgumentFolder, extractSliceOpCastFolder])
  },
})

// ---- insert_slice --------------------------------------------------------------------------

/**
 * MLIR's `InsertSliceOpConstantArgumentFolder`: constant entries become static; the source is
 * cast to the slice type the new sizes give.
 */
function insertSliceOpConstantArgumentFolder(opName: string, cppName: string): CanonicalizationPattern {
  const parallel = opName === 'tensor.parallel_insert_slice'
  return {
    name: `InsertSliceOpConstantArgumentFolder<mlir::tensor::${cppName}>`,
    rootName: opName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const lists = foldConstantLists(op, 2)
      if (lists === null) {
        return false
      }
      const dest = op.getOperand(1).type as RankedTensorType
      if (sliceBoundsError(dest.shape, lists[0]!.statics, lists[1]!.statics, lists[2]!.statics) !== null) {
        return false
      }
      const source = op.getOperand(0)
      const sourceType = rankReducedSliceType((source.type as RankedTensorType).shape.length, dest, lists[1]!.statics)
      // A parallel insert lives in a terminator's region, which holds only parallel-combining ops: the cast goes before the terminator.
      const toInsert = castTo(rewriter, parallel ? op.parentOp! : op, source, sourceType)
      const created = createSliceOp(rewriter, op, parallel ? null : dest, [toInsert, op.getOperand(1)], lists)
      rewriter.replaceOp(op, created.results)
      return true
    },
  }
}

/**
 * MLIR's `InsertSliceOpCastFolder`: a source or destination that is a cast losing static sizes is
 * replaced by the cast's source; the sizes take the source's static sizes.
 */
function insertSliceOpCastFolder(opName: string, cppName: string): CanonicalizationPattern {
  const parallel = opName === 'tensor.parallel_insert_slice'
  return {
    name: `InsertSliceOpCastFolder<mlir::tensor::${cppName}>`,
    rootName: opName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      if (hasConstantIndexOperand(op)) {
        return false
      }
      const castSource = (v: Value): Value | null => {
        const cast = v.definingOp
        return canFoldIntoConsumerOp(cast) ? cast.getOperand(0) : null
      }
      const srcCast = castSource(op.getOperand(0))
      const dstCast = castSource(op.getOperand(1))
      if (srcCast === null && dstCast === null) {
        return false
      }
      const src = srcCast ?? op.getOperand(0)
      const dst = dstCast ?? op.getOperand(1)
      const srcType = src.type as RankedTensorType
      const dstType = dst.type as RankedTensorType
      const [offsets, sizes, strides] = sliceLists(op, 2)
      // Dynamic sizes match anything here: the cast's source may know them.
      const mask = rankReductionMaskMatchingDynamic(sizes.statics, srcType.shape)
      if (mask === null) {
        return false
      }
      const statics = [...sizes.statics]
      const dynamic: Value[] = []
      let d = 0
      let r = 0
      for (let i = 0; i < statics.length; i++) {
        const wasDynamic = statics[i] === kDynamic
        if (!mask.has(i)) {
          const s = srcType.shape[r++]!
          if (s !== kDynamic) {
            statics[i] = s
          }
        }
        if (wasDynamic) {
          const v = sizes.dynamic[d++]!
          if (statics[i] === kDynamic) {
            dynamic.push(v)
          }
        }
      }
      const newSizes: MixedList = { statics, dynamic }
      if (sliceTypeError(inferSliceType(dstType, statics), srcType) !== null) {
        return false
      }
      if (sliceBoundsError(dstType.shape, offsets.statics, statics, strides.statics) !== null) {
        return false
      }
      if (parallel) {
        rewriter.replaceOp(op, createSliceOp(rewriter, op, null, [src, dst], [offsets, newSizes, strides]).results)
        return true
      }
      const created = createSliceOp(rewriter, op, dstType, [src, dst], [offsets, newSizes, strides])
      replaceWithTensorCast(rewriter, op, created.getResult(0))
      return true
    },
  }
}

/** MLIR's `computeRankReductionMask` with `matchDynamic`: a dynamic entry on either side matches, except a unit original size. */
function rankReductionMaskMatchingDynamic(original: readonly number[], reduced: readonly number[]): Set<number> | null {
  const unused = new Set<number>()
  let r = 0
  for (let i = 0; i < original.length; i++) {
    const o = original[i]!
    if (r < reduced.length && o !== 1 && (reduced[r] === kDynamic || o === kDynamic)) {
      r++
      continue
    }
    if (r < reduced.length && o === reduced[r]) {
      r++
      continue
    }
    unused.add(i)
    if (o !== 1) {
      return null
    }
  }
  return r === reduced.length ? unused : null
}

/** `tensor.insert_slice %s into %t[offsets] [sizes] [strides]`: `%t` with a part replaced by `%s`. */
export const InsertSliceOp: OdsOp = defineOp({
  name: 'tensor.insert_slice',
  summary: 'insert_slice operation',
  operands: { source: RankedTensor, dest: RankedTensor, offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) },
  results: { result: RankedTensor },
  attributes: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure,
  typesMatchWith: [{ from: 'dest', to: 'result', transform: (t) => t, summary: 'expected result type to match dest type' }],
  customDirectives: { DynamicIndexList: DynamicIndexListDirective },
  assemblyFormat:
    '$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'inserted_slice')
  },
  verify(op: Operation): LogicalResult {
    return verifySlice(op, 2, op.getOperand(1).type as RankedTensorType, op.getOperand(0).type as RankedTensorType)
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    const dest = op.getOperand(1)
    const type = op.getResult(0).type as RankedTensorType
    const lists = sliceLists(op, 2)
    if (source.type === type && type.hasStaticShape && isIdentitySlice(lists, type.shape)) {
      return [source]
    }
    // insert_slice(x into insert_slice(y into z at P) at P), same source type: the inner insert is overwritten.
    const inner = dest.definingOp
    if (inner !== null && inner.name.name === 'tensor.insert_slice' && inner.getOperand(0).type === source.type && sameLists(sliceLists(inner, 2), lists)) {
      op.setOperand(1, inner.getOperand(1))
      return []
    }
    // insert_slice(extract_slice(x at P) into x at P) is x.
    const extract = source.definingOp
    if (extract !== null && extract.name.name === 'tensor.extract_slice' && extract.getOperand(0) === dest && sameLists(sliceLists(extract, 1), lists)) {
      return [dest]
    }
    const sizes = lists[1]
    for (let i = 0; i < sizes.statics.length; i++) {
      if (constantEntry(sizes, i) === 0) {
        return [dest]
      }
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [insertSliceOpConstantArgumentFolder('tensor.insert_slice', 'InsertSliceOp'), insertSliceOpCastFolder('tensor.insert_slice', 'InsertSliceOp')])
  },
})

// ---- parallel_insert_slice -----------------------------------------------------------------

/**
 * `tensor.parallel_insert_slice %s into %t[offsets] [sizes] [strides]`: inside an
 * `scf.forall.in_parallel`, inserts `%s` into the shared output `%t` (no result: the
 * enclosing loop returns the combined tensors).
 */
export const ParallelInsertSliceOp: OdsOp = defineOp({
  name: 'tensor.parallel_insert_slice',
  summary: 'Specify the tensor slice update of a single thread of a parent ParallelCombiningOpInterface op.',
  operands: { source: RankedTensor, dest: RankedTensor, offsets: variadic(Index), sizes: variadic(Index), strides: variadic(Index) },
  attributes: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr, static_strides: DenseI64ArrayAttr },
  traits: Trait.AttrSizedOperandSegments,
  customDirectives: { DynamicIndexList: DynamicIndexListDirective },
  assemblyFormat:
    '$source `into` $dest `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `into` type($dest)',
  verify(op: Operation): LogicalResult {
    const parent = op.parentOp
    if (parent === null || parent.name.name !== 'scf.forall.in_parallel') {
      const printer = op.context.diagnosticOpPrinter
      const text = parent === null ? '<<NULL>>' : printer === null ? `"${parent.name.name}"` : printer(parent, true)
      return op.emitError(`expected InParallelOpInterface parent, got:${text.includes('\n') ? '\n' : ''}${text}`).fail()
    }
    return verifySlice(op, 2, op.getOperand(1).type as RankedTensorType, op.getOperand(0).type as RankedTensorType)
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [
      insertSliceOpConstantArgumentFolder('tensor.parallel_insert_slice', 'ParallelInsertSliceOp'),
      insertSliceOpCastFolder('tensor.parallel_insert_slice', 'ParallelInsertSliceOp'),
    ])
  },
})

/** The slice ops of the tensor dialect. */
export const tensorSliceOps: readonly OdsOp[] = [ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp]
