/**
 * The core ops of the `tensor` dialect: `empty`, `cast`, `dim`, `rank`, `extract`, `insert`,
 * `from_elements`, `splat`, `generate`/`yield` and `reshape`, with MLIR's verifiers (messages
 * as `TensorOps.cpp` writes them), folders and canonicalization patterns.
 */
import {
  AnyRankedTensor,
  AnyStaticShapeTensor,
  AnyTensor,
  AnyType,
  ArrayAttr,
  ComplexType,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  IRMapping,
  Operation,
  OperationState,
  RankedTensorType,
  SizedRegion,
  SparseElementsAttr,
  Trait,
  UnrankedTensorType,
  defineOp,
  kDynamic,
  typeConstraint,
  variadic,
  wouldOpBeTriviallyDead,
  type Attribute,
  type Location,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type OpResult,
  type Type,
  type TypeConstraint,
  type TypesMatchWith,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { verifyCastTypes, verifyReshapeShapeLength } from '../memref/MemRefMiscOps.ts'
import { constantIntOf, createOpBefore, dimSpeculatability, dynamicIndex } from '../memref/MemRefLayout.ts'
import { typeText } from '../internal/typeText.ts'

/**
 * Parses the type of a `type($x)` whose ODS constraint has a C++ tensor type: anything else is
 * "invalid kind of type specified" at the type, as MLIR's `parseCustomTypeWithFallback` says.
 */
function tensorTypeParser(ranked: boolean): (parser: OpAsmParser) => Type | undefined {
  return (parser) => {
    const loc = parser.getCurrentLocation()
    const t = parser.parseType()
    if (t === undefined) {
      return undefined
    }
    if (t instanceof RankedTensorType || (!ranked && t instanceof UnrankedTensorType)) {
      return t
    }
    const expected = ranked ? `: expected builtin.tensor, but found ${typeText(t)}` : ''
    parser.emitError(loc, `invalid kind of type specified${expected}`).report()
    return undefined
  }
}

const parseRankedTensorType = tensorTypeParser(true)

/** `AnyRankedTensor`, parsed in formats as a `RankedTensorType`. */
export const RankedTensor: TypeConstraint = { ...AnyRankedTensor, parse: parseRankedTensorType }
/** `AnyTensor`, parsed in formats as a `TensorType`. */
export const Tensor: TypeConstraint = { ...AnyTensor, parse: tensorTypeParser(false) }

// `AnyNon0RankedOrUnrankedTensor` of `tensor.dim`.
const DimSource = typeConstraint(
  'non-0-ranked or unranked tensor',
  (t) => t instanceof UnrankedTensorType || (t instanceof RankedTensorType && t.shape.length > 0),
)

// `TensorRankOf<[AnySignlessInteger, Index], [1]>` of `tensor.reshape`.
const ShapeOperand = typeConstraint(
  '1D tensor of signless integer or index values',
  (t) =>
    t instanceof RankedTensorType &&
    t.shape.length === 1 &&
    ((t.elementType instanceof IntegerType && t.elementType.isSignless) || t.elementType instanceof IndexType),
)

function elementTypeOf(type: Type): Type {
  return type instanceof RankedTensorType || type instanceof UnrankedTensorType ? type.elementType : type
}

function rankOf(type: Type): number {
  return type instanceof RankedTensorType ? type.shape.length : 0
}

function indexAttr(op: Operation, value: number): IntegerAttr {
  return IntegerAttr.get(IndexType.get(op.context), value)
}

/** The "incorrect number of dynamic sizes" check of `tensor.empty`, `tensor.splat` and `tensor.generate`. */
function verifyDynamicSizes(op: Operation, numSizes: number): LogicalResult {
  const type = op.getResult(0).type as RankedTensorType
  const expected = type.shape.filter((d) => d === kDynamic).length
  if (numSizes !== expected) {
    return op.emitOpError(`incorrect number of dynamic sizes, has ${numSizes}, expected ${expected}`).fail()
  }
  return true
}

function isStaticTensor(t: Type): boolean {
  return t instanceof RankedTensorType && t.hasStaticShape
}

// ---- Shape compatibility -----------------------------------------------------------------

/** MLIR's `verifyCompatibleShape` on two tensor types (unranked is compatible with anything). */
function compatibleShapes(a: Type, b: Type): boolean {
  if (!(a instanceof RankedTensorType) || !(b instanceof RankedTensorType)) {
    return true
  }
  if (a.shape.length !== b.shape.length) {
    return false
  }
  return a.shape.every((d, i) => d === kDynamic || b.shape[i] === kDynamic || d === b.shape[i])
}

/** MLIR's `CastOp::areCastCompatible` for tensor types. */
function tensorCastCompatible(a: Type, b: Type): boolean {
  const isTensor = (t: Type): boolean => t instanceof RankedTensorType || t instanceof UnrankedTensorType
  if (!isTensor(a) || !isTensor(b)) {
    return false
  }
  return elementTypeOf(a) === elementTypeOf(b) && compatibleShapes(a, b)
}

/**
 * MLIR's `tensor::preservesStaticInformation(source, target)`: `target` is a ranked tensor of
 * `source`'s element type, rank and encoding, at least as static in every dimension.
 */
export function preservesStaticInformation(source: Type, target: Type): boolean {
  if (!(source instanceof RankedTensorType) || !(target instanceof RankedTensorType)) {
    return false
  }
  if (source.elementType !== target.elementType || source.shape.length !== target.shape.length || source.encoding !== target.encoding) {
    return false
  }
  return source.shape.every((d, i) => d === kDynamic || target.shape[i] !== kDynamic)
}

/** Builds `tensor.cast %value : ... to type` at the rewriter's insertion point and returns its result. */
export function buildTensorCast(rewriter: RewriterLike, loc: Location, value: Value, type: Type): Value {
  const state = new OperationState(loc, rewriter.context.getOperationName('tensor.cast'))
  state.addOperands([value])
  state.addTypes([type])
  return rewriter.insert(Operation.create(state)).getResult(0)
}

/** MLIR's `canFoldIntoConsumerOp`: a `tensor.cast` that only loses static information. */
export function canFoldIntoConsumerOp(cast: Operation | null): cast is Operation {
  return cast !== null && cast.name.name === 'tensor.cast' && preservesStaticInformation(cast.getResult(0).type, cast.getOperand(0).type)
}

/** MLIR's `canFoldIntoProducerOp`: a `tensor.cast` that only adds static information. */
function canFoldIntoProducerOp(cast: Operation): boolean {
  return preservesStaticInformation(cast.getOperand(0).type, cast.getResult(0).type)
}

/** MLIR's `foldTensorCast`: operands defined by a cast that `canFoldIntoConsumerOp` take the cast's source. */
function foldTensorCast(op: Operation): boolean {
  let folded = false
  for (let i = 0; i < op.numOperands; i++) {
    const def = op.getOperand(i).definingOp
    if (canFoldIntoConsumerOp(def)) {
      op.setOperand(i, def.getOperand(0))
      folded = true
    }
  }
  return folded
}

/** MLIR's `joinShapes`: the most static type compatible with both, or null. */
function joinShapes(one: Type, two: Type): Type | null {
  if (one === two) {
    return one
  }
  if (!(one instanceof RankedTensorType)) {
    return two
  }
  if (!(two instanceof RankedTensorType)) {
    return one
  }
  if (one.shape.length !== two.shape.length) {
    return null
  }
  const shape: number[] = []
  for (let i = 0; i < one.shape.length; i++) {
    const a = one.shape[i]!
    const b = two.shape[i]!
    if (a === kDynamic) {
      shape.push(b)
    } else if (b === kDynamic || a === b) {
      shape.push(a)
    } else {
      return null
    }
  }
  return RankedTensorType.get(shape, one.elementType)
}

/** Replaces `op`'s single result by `value`, through a `tensor.cast` to the old type when the types differ. */
export function replaceWithTensorCast(rewriter: RewriterLike, op: Operation, value: Value): void {
  const type = op.getResult(0).type
  rewriter.replaceOp(op, [value.type === type ? value : createOpBefore(rewriter, op, 'tensor.cast', [value], [type]).getResult(0)])
}

/** CastOpInterface's fold: a cast to the same type is its source. */
function foldIdentityCast(op: Operation): OpFoldResult[] | undefined {
  const source = op.getOperand(0)
  return source.type === op.getResult(0).type ? [source] : undefined
}

// ---- cast ----------------------------------------------------------------------------------

/** MLIR's `ChainedTensorCast`: cast(cast(x)) is one cast when the intermediate type adds nothing. */
const chainedTensorCast: CanonicalizationPattern = {
  name: 'ChainedTensorCast',
  rootName: 'tensor.cast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = op.getOperand(0).definingOp
    if (inner === null || inner.name.name !== 'tensor.cast') {
      return false
    }
    const source = inner.getOperand(0).type
    const intermediate = inner.getResult(0).type
    const result = op.getResult(0).type
    const first = joinShapes(source, intermediate)
    const firstJoin = first === null ? null : joinShapes(first, result)
    if (firstJoin === null || firstJoin !== joinShapes(source, result)) {
      return false
    }
    const created = createOpBefore(rewriter, op, 'tensor.cast', [inner.getOperand(0)], [result])
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** MLIR's `FoldEmptyTensorWithCastOp`: a cast that makes an empty tensor more static is a more static empty tensor. */
const foldEmptyTensorWithCastOp: CanonicalizationPattern = {
  name: 'FoldEmptyTensorWithCastOp',
  rootName: 'tensor.cast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const empty = op.getOperand(0).definingOp
    if (empty === null || empty.name.name !== 'tensor.empty' || !canFoldIntoProducerOp(op)) {
      return false
    }
    const result = op.getResult(0).type as RankedTensorType
    const current = empty.getResult(0).type as RankedTensorType
    const shape: number[] = []
    const sizes: Value[] = []
    let k = 0
    for (let i = 0; i < result.shape.length; i++) {
      const newDim = result.shape[i]!
      const cur = current.shape[i]!
      if (cur !== kDynamic) {
        if (newDim !== cur) {
          return false
        }
        shape.push(cur)
        continue
      }
      const size = empty.getOperand(k++)
      if (newDim !== kDynamic) {
        shape.push(newDim)
        continue
      }
      shape.push(kDynamic)
      sizes.push(size)
    }
    // As upstream, the new empty tensor drops the encoding.
    const created = createOpBefore(rewriter, op, 'tensor.empty', sizes, [RankedTensorType.get(shape, result.elementType)])
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** `tensor.cast`: converts a tensor to a compatible tensor type (static/dynamic sizes, ranked/unranked). */
export const CastOp: OdsOp = defineOp({
  name: 'tensor.cast',
  summary: 'tensor cast operation',
  operands: { source: Tensor },
  results: { dest: Tensor },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'cast')
  },
  verify(op: Operation): LogicalResult {
    return verifyCastTypes(op, tensorCastCompatible)
  },
  fold: foldIdentityCast,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [chainedTensorCast])
  },
})

// ---- bitcast -------------------------------------------------------------------------------

// `TensorOf<[AnySignlessInteger, AnyUnsignedInteger, AnySignedInteger, AnyFloat]>` of `tensor.bitcast`.
const BitcastTensor: TypeConstraint = {
  ...typeConstraint(
    'tensor of signless integer or unsigned integer or signed integer or floating-point values',
    (t) => (t instanceof RankedTensorType || t instanceof UnrankedTensorType) && (t.elementType instanceof IntegerType || t.elementType instanceof FloatType),
  ),
  parse: tensorTypeParser(false),
}

function elementBitWidth(t: Type): number {
  const e = elementTypeOf(t)
  return e instanceof IntegerType || e instanceof FloatType ? e.width : -1
}

/** MLIR's `ChainedTensorBitcast`: bitcast(bitcast(x)) is one bitcast of x. */
const chainedTensorBitcast: CanonicalizationPattern = {
  name: 'ChainedTensorBitcast',
  rootName: 'tensor.bitcast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = op.getOperand(0).definingOp
    if (inner === null || inner.name.name !== 'tensor.bitcast') {
      return false
    }
    const created = createOpBefore(rewriter, op, 'tensor.bitcast', [inner.getOperand(0)], [op.getResult(0).type])
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** `tensor.bitcast`: reinterprets the elements of a tensor as another type of the same bit width. */
export const BitcastOp: OdsOp = defineOp({
  name: 'tensor.bitcast',
  summary: 'tensor bitcast operation',
  operands: { source: BitcastTensor },
  results: { dest: BitcastTensor },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  verify(op: Operation): LogicalResult {
    return verifyCastTypes(op, (a, b) => elementBitWidth(a) === elementBitWidth(b) && compatibleShapes(a, b))
  },
  fold: foldIdentityCast,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [chainedTensorBitcast])
  },
})

// ---- empty ---------------------------------------------------------------------------------

/**
 * The shape of `type` with the dynamic sizes that `sizes` gives as non-negative constants made
 * static, and the sizes left dynamic; null when none folds (`ReplaceEmptyTensorStaticShapeDims`
 * and `StaticTensorGenerate` share it).
 */
function foldConstantSizes(type: RankedTensorType, sizes: readonly Value[]): { type: RankedTensorType; sizes: Value[] } | null {
  const shape: number[] = []
  const left: Value[] = []
  let k = 0
  for (const d of type.shape) {
    if (d !== kDynamic) {
      shape.push(d)
      continue
    }
    const v = sizes[k++]!
    const c = constantIntOf(v)
    if (c !== null && c >= 0) {
      shape.push(c)
    } else {
      shape.push(kDynamic)
      left.push(v)
    }
  }
  return left.length === sizes.length ? null : { type: RankedTensorType.get(shape, type.elementType, type.encoding), sizes: left }
}

/**
 * MLIR's `ReplaceEmptyTensorStaticShapeDims`: constant non-negative dynamic sizes become
 * static; the new empty tensor is cast back to the old type.
 */
const replaceEmptyTensorStaticShapeDims: CanonicalizationPattern = {
  name: 'ReplaceEmptyTensorStaticShapeDims',
  rootName: 'tensor.empty',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const type = op.getResult(0).type as RankedTensorType
    const folded = foldConstantSizes(type, op.getOperands())
    if (folded === null) {
      return false
    }
    replaceWithTensorCast(rewriter, op, createOpBefore(rewriter, op, 'tensor.empty', folded.sizes, [folded.type]).getResult(0))
    return true
  },
}

/** MLIR's `FoldEmptyTensorWithDimOp`: the dim of a dynamic dimension of an empty tensor is its size operand. */
const foldEmptyTensorWithDimOp: CanonicalizationPattern = {
  name: 'FoldEmptyTensorWithDimOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const empty = op.getOperand(0).definingOp
    const index = constantIntOf(op.getOperand(1))
    if (empty === null || empty.name.name !== 'tensor.empty' || index === null) {
      return false
    }
    const type = empty.getResult(0).type as RankedTensorType
    if (index < 0 || index >= type.shape.length || type.shape[index] !== kDynamic) {
      return false
    }
    rewriter.replaceOp(op, [empty.getOperand(dynamicIndex(type.shape, index))])
    return true
  },
}

/** `tensor.empty(%sizes) : tensor<...>`: a tensor of unspecified contents with the given dynamic sizes. */
export const EmptyOp: OdsOp = defineOp({
  name: 'tensor.empty',
  summary: 'empty tensor operation',
  operands: { dynamicSizes: variadic(Index) },
  results: { result: RankedTensor },
  traits: Trait.Pure,
  assemblyFormat: '`(`$dynamicSizes`)` attr-dict `:` type($result)',
  verify(op: Operation): LogicalResult {
    return verifyDynamicSizes(op, op.numOperands)
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [foldEmptyTensorWithCastOp, foldEmptyTensorWithDimOp, replaceEmptyTensorStaticShapeDims])
  },
})

// ---- dim and rank --------------------------------------------------------------------------

/** MLIR's `DimOfCastOp`: dim(cast(x)) is dim(x). */
const dimOfCastOp: CanonicalizationPattern = {
  name: 'DimOfCastOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = op.getOperand(0).definingOp
    if (cast === null || cast.name.name !== 'tensor.cast') {
      return false
    }
    const created = createOpBefore(rewriter, op, 'tensor.dim', [cast.getOperand(0), op.getOperand(1)], [op.getResult(0).type])
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** MLIR's `DimOfDestStyleOp`: the dim of a destination-style op's result is the dim of its init operand. */
const dimOfDestStyleOp: CanonicalizationPattern = {
  name: 'DimOfDestStyleOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const source = op.getOperand(0)
    const def = source.definingOp
    const init = def === null ? -1 : destinationOperand(def, (source as OpResult).index)
    if (init < 0) {
      return false
    }
    rewriter.modifyOpInPlace(op, () => op.setOperand(0, def!.getOperand(init)))
    return true
  },
}

/**
 * The init operand tied to result `resultIndex` of a destination-style op (`tensor.insert`,
 * `tensor.insert_slice`, the linalg structured ops), or -1.
 */
function destinationOperand(op: Operation, resultIndex: number): number {
  const name = op.name.name
  if (name === 'tensor.insert' || name === 'tensor.insert_slice') {
    return 1
  }
  if (op.name.dialectNamespace === 'linalg') {
    // Structured ops list their inputs, then their inits (`operandSegmentSizes` = [inputs, inits]).
    // Ops without segments (`transpose`, `broadcast`) have one input and one init.
    const segments = op.getAttr('operandSegmentSizes')
    const withSegments = segments instanceof DenseArrayAttr && segments.values.length === 2
    const inputs = withSegments ? Number(segments.values[0]) : op.numOperands - 1
    const inits = withSegments ? Number(segments.values[1]) : 1
    return resultIndex < inits ? inputs + resultIndex : -1
  }
  return -1
}

/** `tensor.dim`: the size of dimension `index` of a tensor (folded for static dimensions). */
export const DimOp: OdsOp = defineOp({
  name: 'tensor.dim',
  summary: 'dimension index operation',
  operands: { source: DimSource, index: Index },
  results: { result: Index },
  traits: Trait.NoMemoryEffect,
  interfaces: [dimSpeculatability((t) => (t instanceof RankedTensorType ? t.shape.length : null))],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'dim')
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const index = operands[1]
    const type = op.getOperand(0).type
    if (!(index instanceof IntegerAttr) || !(type instanceof RankedTensorType)) {
      return undefined
    }
    // Out-of-bounds indices are undefined behaviour but valid IR: left alone.
    const i = Number(index.value)
    if (i < 0 || i >= type.shape.length) {
      return undefined
    }
    if (type.shape[i] !== kDynamic) {
      return [indexAttr(op, type.shape[i]!)]
    }
    const def = op.getOperand(0).definingOp
    if (def !== null && def.name.name === 'tensor.generate') {
      return [def.getOperand(dynamicIndex(type.shape, i))]
    }
    return foldTensorCast(op) ? [] : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [dimOfCastOp, dimOfDestStyleOp, dimOfReshapeOp])
  },
})

/** MLIR's `DimOfReshapeOp`: the dim of a `tensor.reshape` is the element of its shape operand. */
const dimOfReshapeOp: CanonicalizationPattern = {
  name: 'DimOfReshapeOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const reshape = op.getOperand(0).definingOp
    if (reshape === null || reshape.name.name !== 'tensor.reshape') {
      return false
    }
    // Built right after the dim's index, so that it dominates its uses.
    const shape = reshape.getOperand(1)
    const index = op.getOperand(1)
    const extract = createOpBefore(rewriter, op, 'tensor.extract', [shape, index], [(shape.type as RankedTensorType).elementType])
    let value: Value = extract.getResult(0)
    if (value.type !== op.getResult(0).type) {
      value = createOpBefore(rewriter, op, 'arith.index_cast', [value], [op.getResult(0).type]).getResult(0)
    }
    rewriter.replaceOp(op, [value])
    return true
  },
}

/** `tensor.rank`: the rank of a tensor (folded for ranked types). */
export const RankOp: OdsOp = defineOp({
  name: 'tensor.rank',
  summary: 'rank operation',
  operands: { tensor: Tensor },
  results: { '#0': Index },
  traits: Trait.Pure,
  assemblyFormat: '$tensor attr-dict `:` type($tensor)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'rank')
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const t = op.getOperand(0).type
    return t instanceof RankedTensorType ? [indexAttr(op, t.shape.length)] : undefined
  },
})

// ---- extract and insert ------------------------------------------------------------------

/**
 * The element of a dense int/float attribute at `flat`, as a scalar attribute (an `ArrayAttr` of
 * the two parts for complex elements); null when not representable.
 */
function denseElementAt(attr: DenseIntOrFPElementsAttr, flat: number): Attribute | null {
  if (attr.nanBits !== null) {
    return null
  }
  const elt = attr.type.elementType
  const at = attr.isSplat ? 0 : flat
  if (elt instanceof ComplexType) {
    const re = scalarAttr(elt.elementType, attr.values[2 * at])
    const im = scalarAttr(elt.elementType, attr.values[2 * at + 1])
    return re === null || im === null ? null : ArrayAttr.get(attr.context, [re, im])
  }
  return scalarAttr(elt, attr.values[at])
}

function scalarAttr(type: Type, v: bigint | number | undefined): Attribute | null {
  if (v === undefined) {
    return null
  }
  if (typeof v === 'bigint') {
    return type instanceof IntegerType || type instanceof IndexType ? IntegerAttr.get(type, v) : null
  }
  return type instanceof FloatType ? FloatAttr.get(type, v) : null
}

/** The row-major flat index of `indices` in `shape`, or null when out of bounds. */
function flatIndex(shape: readonly number[], indices: readonly number[]): number | null {
  let flat = 0
  let stride = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    const x = indices[i]!
    if (x < 0 || x >= shape[i]!) {
      return null
    }
    flat += x * stride
    stride *= shape[i]!
  }
  return flat
}

/** MLIR's `ExtractFromTensorCast`: extract(cast(x)) of a ranked x is extract(x). */
const extractFromTensorCast: CanonicalizationPattern = {
  name: 'ExtractFromTensorCast',
  rootName: 'tensor.extract',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = op.getOperand(0).definingOp
    if (cast === null || cast.name.name !== 'tensor.cast' || !(cast.getOperand(0).type instanceof RankedTensorType)) {
      return false
    }
    const created = createOpBefore(rewriter, op, 'tensor.extract', [cast.getOperand(0), ...op.getOperands().slice(1)], [op.getResult(0).type])
    rewriter.replaceOp(op, [created.getResult(0)])
    return true
  },
}

/** `tensor.extract %t[%i, ...]`: reads one element of a ranked tensor. */
export const ExtractOp: OdsOp = defineOp({
  name: 'tensor.extract',
  summary: 'element extraction operation',
  operands: { tensor: RankedTensor, indices: variadic(Index) },
  results: { result: AnyType },
  traits: Trait.Pure,
  typesMatchWith: [
    { from: 'tensor', to: 'result', transform: elementTypeOf, summary: 'result type matches element type of tensor' } satisfies TypesMatchWith,
  ],
  assemblyFormat: '$tensor `[` $indices `]` attr-dict `:` type($tensor)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'extracted')
  },
  verify(op: Operation): LogicalResult {
    if (op.numOperands - 1 !== rankOf(op.getOperand(0).type)) {
      return op.emitOpError('incorrect number of indices for extract_element').fail()
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const tensor = operands[0]
    if (tensor instanceof DenseIntOrFPElementsAttr && tensor.isSplat) {
      const v = denseElementAt(tensor, 0)
      return v === null ? undefined : [v]
    }
    const indices: number[] = []
    for (let i = 1; i < operands.length; i++) {
      const a = operands[i]
      if (!(a instanceof IntegerAttr)) {
        return undefined
      }
      indices.push(Number(a.value))
    }
    const def = op.getOperand(0).definingOp
    if (def !== null && def.name.name === 'tensor.from_elements') {
      const flat = flatIndex((def.getResult(0).type as RankedTensorType).shape, indices)
      return flat === null || flat >= def.numOperands ? undefined : [def.getOperand(flat)]
    }
    if (tensor instanceof SparseElementsAttr) {
      const v = tensor.getValueAt(indices)
      return v === null ? undefined : [v]
    }
    if (tensor instanceof DenseIntOrFPElementsAttr) {
      const flat = flatIndex(tensor.type.shape!, indices)
      const v = flat === null ? null : denseElementAt(tensor, flat)
      return v === null ? undefined : [v]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [extractFromTensorCast])
  },
})

/** `tensor.insert %v into %t[%i, ...]`: a copy of a ranked tensor with one element replaced. */
export const InsertOp: OdsOp = defineOp({
  name: 'tensor.insert',
  summary: 'element insertion operation',
  operands: { scalar: AnyType, dest: RankedTensor, indices: variadic(Index) },
  results: { result: RankedTensor },
  traits: Trait.Pure,
  typesMatchWith: [
    { from: 'dest', to: 'result', transform: (t: Type) => t, summary: 'result type matches type of dest' } satisfies TypesMatchWith,
    { from: 'dest', to: 'scalar', transform: elementTypeOf, summary: 'scalar type matches element type of dest' } satisfies TypesMatchWith,
  ],
  assemblyFormat: '$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'inserted')
  },
  verify(op: Operation): LogicalResult {
    if (op.numOperands - 2 !== rankOf(op.getOperand(1).type)) {
      return op.emitOpError('incorrect number of indices').fail()
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    // Inserting a splat constant's own value changes nothing.
    const scalar = operands[0]
    const dest = operands[1]
    if (scalar != null && dest instanceof DenseIntOrFPElementsAttr && dest.isSplat && denseElementAt(dest, 0) === scalar) {
      return [dest]
    }
    return undefined
  },
})

// ---- from_elements and splat ---------------------------------------------------------------

/** `dense<...>` of scalar constants `values` (IntegerAttr or FloatAttr) for `type`, or null. */
function denseOf(type: RankedTensorType, values: readonly (Attribute | null)[]): DenseIntOrFPElementsAttr | null {
  const ints: bigint[] = []
  const floats: number[] = []
  for (const v of values) {
    if (v instanceof IntegerAttr && v.type === type.elementType) {
      ints.push(v.value)
    } else if (v instanceof FloatAttr && v.type === type.elementType && v.nanBits === null) {
      floats.push(v.value)
    } else {
      return null
    }
  }
  const list: bigint[] | number[] = ints.length > 0 ? ints : floats
  const splat = list.length > 0 && (list as (bigint | number)[]).every((x) => Object.is(x, list[0]))
  return DenseIntOrFPElementsAttr.get(type, splat ? [list[0]!] as bigint[] | number[] : list, splat)
}

/** `tensor.from_elements %a, %b : tensor<2xT>`: a static tensor of the operands in row-major order. */
export const FromElementsOp: OdsOp = defineOp({
  name: 'tensor.from_elements',
  summary: 'tensor from elements operation.',
  operands: { elements: variadic(AnyType) },
  results: { result: AnyStaticShapeTensor },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const loc = parser.getCurrentLocation()
    const elements = parser.parseOperandList()
    if (elements === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    if (!parser.parseColon()) {
      return false
    }
    const type = parseRankedTensorType(parser) as RankedTensorType | undefined
    if (type === undefined) {
      return false
    }
    if (!isStaticTensor(type)) {
      return parser.emitError(parser.getNameLoc(), `'result' must be statically shaped tensor of any type values, but got ${typeText(type)}`).fail()
    }
    const r = type
    state.addTypes([r])
    return parser.resolveOperands(elements, new Array<Type>(r.numElements).fill(r.elementType), loc, state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    if (op.numOperands > 0) {
      p.print(' ')
      p.printOperands(op.getOperands())
    }
    p.printOptionalAttrDict(op.getAttrs())
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const r = op.getResult(0).type as RankedTensorType
    if (op.numOperands !== r.numElements || op.getOperands().some((v) => v.type !== r.elementType)) {
      return op.emitOpError('failed to verify that operand types match result element type').fail()
    }
    return true
  },
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'from_elements')
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    if (operands.length === 0 || operands.some((a) => a === null)) {
      return undefined
    }
    const attr = denseOf(op.getResult(0).type as RankedTensorType, operands)
    return attr === null ? undefined : [attr]
  },
})

/** `tensor.splat %v[%sizes] : tensor<...>`: a tensor with every element `%v`. */
export const SplatOp: OdsOp = defineOp({
  name: 'tensor.splat',
  summary: 'tensor splat or broadcast operation',
  operands: { input: AnyType, dynamicSizes: variadic(Index) },
  results: { aggregate: RankedTensor },
  traits: Trait.Pure,
  typesMatchWith: [
    { from: 'aggregate', to: 'input', transform: elementTypeOf, summary: 'operand type matches element type of result' } satisfies TypesMatchWith,
  ],
  assemblyFormat: '$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'splat')
  },
  verify(op: Operation): LogicalResult {
    return verifyDynamicSizes(op, op.numOperands - 1)
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const type = op.getResult(0).type as RankedTensorType
    const input = operands[0]
    if (!(input instanceof IntegerAttr || input instanceof FloatAttr) || !type.hasStaticShape) {
      return undefined
    }
    const attr = denseOf(type, [input])
    return attr === null ? undefined : [attr]
  },
})

// ---- generate and yield --------------------------------------------------------------------

/** MLIR's `StaticTensorGenerate`: constant non-negative extents become static; the result is cast back. */
const staticTensorGenerate: CanonicalizationPattern = {
  name: 'StaticTensorGenerate',
  rootName: 'tensor.generate',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const type = op.getResult(0).type as RankedTensorType
    const folded = foldConstantSizes(type, op.getOperands())
    if (folded === null) {
      return false
    }
    const created = createOpBefore(rewriter, op, 'tensor.generate', folded.sizes, [folded.type], [], 1)
    const region = created.getRegion(0)
    rewriter.modifyOpInPlace(created, () => region.takeBody(op.getRegion(0)))
    replaceWithTensorCast(rewriter, op, created.getResult(0))
    return true
  },
}

/** MLIR's `ExtractFromTensorGenerate`: an element of a side-effect-free `tensor.generate` is its body, inlined at the indices. */
const extractFromTensorGenerate: CanonicalizationPattern = {
  name: 'ExtractFromTensorGenerate',
  rootName: 'tensor.extract',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const generate = op.getOperand(0).definingOp
    if (generate === null || generate.name.name !== 'tensor.generate' || !wouldOpBeTriviallyDead(generate)) {
      return false
    }
    const body = generate.getRegion(0).firstBlock!
    const mapping = new IRMapping()
    for (let i = 0; i < body.numArguments; i++) {
      mapping.map(body.getArgument(i), op.getOperand(i + 1))
    }
    rewriter.setInsertionPoint(op)
    for (let o = body.firstOp; o !== null && o !== body.lastOp; o = o.nextOp) {
      rewriter.insert(o.clone(mapping))
    }
    rewriter.replaceOp(op, [mapping.lookupOrDefault(body.lastOp!.getOperand(0))])
    return true
  },
}

/** `tensor.generate %sizes { ^bb0(%i: index, ...): ... tensor.yield %v : T } : tensor<...>`. */
export const GenerateOp: OdsOp = defineOp({
  name: 'tensor.generate',
  summary: 'Creates a dynamically sized tensor from elements',
  operands: { dynamicExtents: variadic(Index) },
  results: { result: RankedTensor },
  regions: { body: SizedRegion(1) },
  traits: Trait.RecursiveMemoryEffects | Trait.SingleBlockImplicitTerminator,
  implicitTerminatorName: 'tensor.yield',
  assemblyFormat: '$dynamicExtents $body attr-dict `:` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'generated')
  },
  verify(op: Operation): LogicalResult {
    return verifyDynamicSizes(op, op.numOperands)
  },
  verifyRegions(op: Operation): LogicalResult {
    const type = op.getResult(0).type as RankedTensorType
    const body = op.getRegion(0).firstBlock!
    if (body.numArguments !== type.shape.length) {
      return op.emitError('must have one body argument per input dimension').fail()
    }
    for (let i = 0; i < body.numArguments; i++) {
      if (!(body.getArgument(i).type instanceof IndexType)) {
        return op.emitError('all body arguments must be index').fail()
      }
    }
    const term = body.lastOp
    if (term === null || term.name.name !== 'tensor.yield' || term.getOperand(0).type !== type.elementType) {
      return op.emitOpError('body must be terminated with a `yield` operation of the tensor element type').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [extractFromTensorGenerate, staticTensorGenerate])
  },
})

/** `tensor.yield %v : T`: the element value of a `tensor.generate` or `tensor.pad` body. */
export const YieldOp: OdsOp = defineOp({
  name: 'tensor.yield',
  summary: 'Yield a value from a region',
  operands: { value: AnyType },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator | Trait.HasParent,
  parentOpNames: ['tensor.generate', 'tensor.pad'],
  assemblyFormat: '$value attr-dict `:` type($value)',
})

// ---- reshape -------------------------------------------------------------------------------

/** `tensor.reshape %src(%shape)`: a tensor of the shape held in the 1-D `shape` operand. */
export const ReshapeOp: OdsOp = defineOp({
  name: 'tensor.reshape',
  summary: 'tensor reshape operation',
  operands: { source: Tensor, shape: ShapeOperand },
  results: { result: Tensor },
  traits: Trait.Pure,
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'reshape')
  },
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type
    const result = op.getResult(0).type
    if (elementTypeOf(src) !== elementTypeOf(result)) {
      return op.emitOpError('element types of source and destination tensor types should be the same').fail()
    }
    const shapeSize = (op.getOperand(1).type as RankedTensorType).shape[0]!
    if (result instanceof RankedTensorType) {
      if (src instanceof RankedTensorType && src.hasStaticShape && result.hasStaticShape && src.numElements !== result.numElements) {
        return op.emitOpError('source and destination tensor should have the same number of elements').fail()
      }
      return verifyReshapeShapeLength(op, shapeSize, result.shape.length, 'tensor')
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // reshape(reshape(x)) reshapes x directly.
    const def = op.getOperand(0).definingOp
    if (def !== null && def.name.name === 'tensor.reshape') {
      op.setOperand(0, def.getOperand(0))
      return []
    }
    const source = op.getOperand(0)
    const st = source.type
    if (st instanceof RankedTensorType && st === op.getResult(0).type && st.shape.length <= 1) {
      return [source]
    }
    return undefined
  },
})

/** The core ops of the tensor dialect. */
export const tensorCoreOps: readonly OdsOp[] = [
  CastOp,
  BitcastOp,
  EmptyOp,
  DimOp,
  RankOp,
  ExtractOp,
  InsertOp,
  FromElementsOp,
  SplatOp,
  GenerateOp,
  YieldOp,
  ReshapeOp,
]
