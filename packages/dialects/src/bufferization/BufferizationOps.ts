import {
  AnyAttr,
  AnyRankedOrUnrankedMemRef,
  AnyShaped,
  DenseArrayAttr,
  Index,
  IndexType,
  IntegerAttr,
  MemRefType,
  RankedTensorType,
  Trait,
  UnitAttrC,
  UnrankedMemRefType,
  UnrankedTensorType,
  defineOp,
  getMemoryEffects,
  kDynamic,
  optional,
  optionalAttr,
  typeConstraint,
  variadic,
  type Attribute,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Operation,
  type OperationState,
  type Type,
  type TypeConstraint,
  type Value,
} from '@tilepass/ir'
import { DeallocOp } from './BufferizationDeallocOp.ts'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { constantIntOf, createOpBefore, dynamicIndex, getStridesAndOffset } from '../memref/MemRefLayout.ts'
import { foldMemRefCastOperands } from '../memref/MemRefMiscOps.ts'
import { areMemRefCastCompatible } from '../memref/MemRefOps.ts'
import { Tensor, replaceWithTensorCast } from '../tensor/TensorOps.ts'

// ---- Type constraints ------------------------------------------------------------------------

function isTensorLike(t: Type): boolean {
  return t instanceof RankedTensorType || t instanceof UnrankedTensorType
}

function isBufferLike(t: Type): boolean {
  return t instanceof MemRefType || t instanceof UnrankedMemRefType
}

/** A `type($x)` of a type-interface constraint: another kind of type is "invalid kind of type specified". */
function interfaceTypeParser(check: (t: Type) => boolean): (parser: OpAsmParser) => Type | undefined {
  return (parser) => {
    const loc = parser.getCurrentLocation()
    const t = parser.parseType()
    if (t === undefined) {
      return undefined
    }
    if (!check(t)) {
      parser.emitError(loc, 'invalid kind of type specified').report()
      return undefined
    }
    return t
  }
}

/** ODS `Bufferization_TensorLikeTypeInterface` (builtin tensors implement it). */
const TensorLike: TypeConstraint = { ...typeConstraint('TensorLikeType instance', isTensorLike), parse: interfaceTypeParser(isTensorLike) }
/** ODS `Bufferization_BufferLikeTypeInterface` (builtin memrefs implement it). */
const BufferLike: TypeConstraint = { ...typeConstraint('BufferLikeType instance', isBufferLike), parse: interfaceTypeParser(isBufferLike) }
/** `AnyRankedOrUnrankedMemRef` whose C++ type is `BaseMemRefType` (parsed as such). */
const BaseMemRef: TypeConstraint = { ...AnyRankedOrUnrankedMemRef, parse: interfaceTypeParser(isBufferLike) }

const unit = optionalAttr(UnitAttrC)

/**
 * MLIR's `typesMatchAfterBufferization` for builtin types (`TensorType::verifyCompatibleBufferType`):
 * the shapes, then the element types, of the tensor and the buffer agree.
 */
function verifyTensorAndBufferMatch(op: Operation, tensor: Type, buffer: Type): LogicalResult {
  const t = tensor as RankedTensorType | UnrankedTensorType
  const b = buffer as MemRefType | UnrankedMemRefType
  const tRanked = t instanceof RankedTensorType
  const bRanked = b instanceof MemRefType
  let message: string | null = null
  if (tRanked !== bRanked || (tRanked && bRanked && !sameShape(t.shape, b.shape))) {
    message = 'shapes do not match'
  } else if (t.elementType !== b.elementType) {
    message = 'element types do not match'
  }
  if (message === null) {
    return true
  }
  op.emitError(message)
  return op.emitOpError('failed to verify that specified tensor and buffer types match').fail()
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i])
}

// ---- Helpers shared by the patterns ----------------------------------------------------------

function definingOpNamed(v: Value, name: string): Operation | null {
  const def = v.definingOp
  return def !== null && def.name.name === name ? def : null
}

function hasUnit(op: Operation, name: string): boolean {
  return op.getAttr(name) !== undefined
}

function indexConstant(rewriter: RewriterLike, at: Operation, value: number): Value {
  const index = IndexType.get(rewriter.context)
  return createOpBefore(rewriter, at, 'arith.constant', [], [index], [['value', IntegerAttr.get(index, value)]]).getResult(0)
}

/** `memref.dim`/`tensor.dim` of `source` at the constant `dim`, built before `at` (MLIR's `DimOp::create(b, loc, v, int)`). */
function createDim(rewriter: RewriterLike, at: Operation, name: 'memref.dim' | 'tensor.dim', source: Value, dim: number): Value {
  const index = indexConstant(rewriter, at, dim)
  return createOpBefore(rewriter, at, name, [source, index], [IndexType.get(rewriter.context)]).getResult(0)
}

/** The constant index of a `memref.dim`/`tensor.dim` (MLIR's `getConstantIndex`), or null. */
function constantDimIndex(dim: Operation): number | null {
  return constantIntOf(dim.getOperand(1))
}

// ---- alloc_tensor ----------------------------------------------------------------------------

function allocTensorGroups(op: Operation): [number, number, number] {
  const sizes = op.getAttr('operandSegmentSizes')
  if (sizes instanceof DenseArrayAttr) {
    const v = sizes.values.map(Number)
    return [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0]
  }
  return [op.numOperands, 0, 0]
}

/** The `copy` operand of an `alloc_tensor`, or null. */
function allocTensorCopy(op: Operation): Value | null {
  const [sizes, copy] = allocTensorGroups(op)
  return copy === 0 ? null : op.getOperand(sizes)
}

/** `bufferization.alloc_tensor`: an uninitialized tensor (or a copy of `copy`) that bufferizes to a new allocation. */
export const AllocTensorOp: OdsOp = defineOp({
  name: 'bufferization.alloc_tensor',
  summary: 'allocate buffer for a tensor',
  operands: { dynamic_sizes: variadic(Index), copy: optional(Tensor), size_hint: optional(Index) },
  results: { result: Tensor },
  attributes: { memory_space: optionalAttr(AnyAttr) },
  traits: Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const sizes = parser.parseOperandList('paren')
    if (sizes === undefined) {
      return false
    }
    let copy = null
    if (parser.parseOptionalKeyword('copy')) {
      if (!parser.parseLParen() || (copy = parser.parseOperand() ?? null) === null || !parser.parseRParen()) {
        return false
      }
    }
    let hint = null
    if (parser.parseOptionalKeyword('size_hint')) {
      if (!parser.parseEqual() || (hint = parser.parseOperand() ?? null) === null) {
        return false
      }
    }
    if (!parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const type = Tensor.parse!(parser)
    if (type === undefined) {
      return false
    }
    state.addTypes([type])
    const index = IndexType.get(parser.context)
    const loc = parser.getNameLoc()
    if (!parser.resolveOperands(sizes, index, loc, state.operands)) {
      return false
    }
    if (copy !== null && !parser.resolveOperand(copy, type, state.operands)) {
      return false
    }
    if (hint !== null && !parser.resolveOperand(hint, index, state.operands)) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [sizes.length, copy === null ? 0 : 1, hint === null ? 0 : 1]))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const [sizes, copy, hint] = allocTensorGroups(op)
    p.print('(')
    p.printOperands(op.getOperands().slice(0, sizes))
    p.print(')')
    if (copy !== 0) {
      p.print(' copy(')
      p.printOperand(op.getOperand(sizes))
      p.print(')')
    }
    if (hint !== 0) {
      p.print(' size_hint=')
      p.printOperand(op.getOperand(sizes + copy))
    }
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const [sizes] = allocTensorGroups(op)
    const copy = allocTensorCopy(op)
    if (copy !== null && sizes !== 0) {
      return op.emitError('dynamic sizes not needed when copying a tensor').fail()
    }
    const type = op.getResult(0).type as RankedTensorType
    if (copy === null) {
      const expected = type.shape.filter((d) => d === kDynamic).length
      if (sizes !== expected) {
        return op.emitOpError(`incorrect number of dynamic sizes, has ${sizes}, expected ${expected}`).fail()
      }
    }
    if (copy !== null && copy.type !== type) {
      return op.emitError('expected that `copy` and return type match').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [foldDimOfAllocTensorOp, replaceStaticShapeDims])
  },
})

/** MLIR's `FoldDimOfAllocTensorOp`: the dim of a dynamic dimension of an `alloc_tensor` is its size operand. */
const foldDimOfAllocTensorOp: CanonicalizationPattern = {
  name: 'FoldDimOfAllocTensorOp',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(dim, rewriter) {
    const alloc = definingOpNamed(dim.getOperand(0), 'bufferization.alloc_tensor')
    const index = constantDimIndex(dim)
    if (alloc === null || index === null) {
      return false
    }
    const type = alloc.getResult(0).type
    if (!(type instanceof RankedTensorType) || index < 0 || index >= type.shape.length || type.shape[index] !== kDynamic) {
      return false
    }
    const copy = allocTensorCopy(alloc)
    const size = copy !== null ? createDim(rewriter, dim, 'tensor.dim', copy, index) : alloc.getOperand(dynamicIndex(type.shape, index))
    rewriter.replaceOp(dim, [size])
    return true
  },
}

/**
 * MLIR's `ReplaceStaticShapeDims`: constant non-negative dynamic sizes become static; the new
 * `alloc_tensor` (built without `size_hint` or `memory_space`, as upstream's builder does) is cast back.
 */
const replaceStaticShapeDims: CanonicalizationPattern = {
  name: 'ReplaceStaticShapeDims',
  rootName: 'bufferization.alloc_tensor',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (allocTensorCopy(op) !== null) {
      return false
    }
    const type = op.getResult(0).type
    if (!(type instanceof RankedTensorType)) {
      return false
    }
    const shape = [...type.shape]
    const sizes: Value[] = []
    let k = 0
    for (let i = 0; i < shape.length; i++) {
      if (shape[i] !== kDynamic) {
        continue
      }
      const v = op.getOperand(k++)
      const c = constantIntOf(v)
      if (c !== null && c >= 0) {
        shape[i] = c
      } else {
        sizes.push(v)
      }
    }
    const newType = RankedTensorType.get(shape, type.elementType, type.encoding)
    if (newType === type) {
      return false
    }
    const segments = DenseArrayAttr.getI32(rewriter.context, [sizes.length, 0, 0])
    const alloc = createOpBefore(rewriter, op, 'bufferization.alloc_tensor', sizes, [newType], [['operandSegmentSizes', segments]])
    replaceWithTensorCast(rewriter, op, alloc.getResult(0))
    return true
  },
}

// ---- clone -----------------------------------------------------------------------------------

/** `bufferization.clone`: a copy of a memref into a new allocation (which may alias the input). */
export const CloneOp: OdsOp = defineOp({
  name: 'bufferization.clone',
  summary: 'clone a memref',
  operands: { input: BaseMemRef },
  results: { output: BaseMemRef },
  assemblyFormat: '$input attr-dict `:` type($input) `to` type($output)',
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    const output = op.getResult(0)
    return [
      { kind: 'read', value: op.getOperand(0) },
      { kind: 'write', value: output },
      { kind: 'allocate', value: output },
    ]
  },
  fold(op: Operation): Operation | undefined {
    return foldMemRefCastOperands(op) ? op : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [simplifyClones])
  },
})

/** Whether `op` declares a `free` effect, on `value` when given (MLIR's `hasEffect<MemoryEffects::Free>`). */
function freesMemory(op: Operation, value: Value | null): boolean {
  const effects = getMemoryEffects(op)
  return effects !== null && effects.some((e) => e.kind === 'free' && (value === null || e.value === value))
}

/**
 * MLIR's `memref::findDealloc`: the single user of `value` that frees it; null when none
 * does, undefined when several do or a `memref.realloc` does.
 */
function findDealloc(value: Value): Operation | null | undefined {
  let dealloc: Operation | null = null
  for (let u = value.firstUse; u !== null; u = u.nextUse) {
    const user = u.owner
    if (!freesMemory(user, value)) {
      continue
    }
    // A realloc frees the value but hands its contents on: not a deallocation to pair with.
    if (user.name.name === 'memref.realloc') {
      return undefined
    }
    if (dealloc !== null) {
      return undefined
    }
    dealloc = user
  }
  return dealloc
}

/** The memref ops that implement `ViewLikeOpInterface` (view source operand 0, view result 0). */
const viewLikeOps: ReadonlySet<string> = new Set([
  'memref.assume_alignment',
  'memref.cast',
  'memref.collapse_shape',
  'memref.expand_shape',
  'memref.extract_strided_metadata',
  'memref.memory_space_cast',
  'memref.reinterpret_cast',
  'memref.reshape',
  'memref.subview',
  'memref.transpose',
  'memref.view',
])

/** MLIR's `SimplifyClones`: a clone whose source or result is freed in its block becomes the source (cast when needed). */
const simplifyClones: CanonicalizationPattern = {
  name: 'SimplifyClones',
  rootName: 'bufferization.clone',
  benefit: 1,
  matchAndRewrite(clone, rewriter) {
    const output = clone.getResult(0)
    if (output.firstUse === null) {
      rewriter.eraseOp(clone)
      return true
    }
    let source = clone.getOperand(0)
    if (source.type !== output.type && !areMemRefCastCompatible(source.type, output.type)) {
      return false
    }
    // The dealloc of the allocation behind a chain of views.
    let canonicalSource = source
    for (let def = canonicalSource.definingOp; def !== null && viewLikeOps.has(def.name.name); def = canonicalSource.definingOp) {
      if (canonicalSource !== def.getResult(0)) {
        break
      }
      canonicalSource = def.getOperand(0)
    }
    const cloneDealloc = findDealloc(output)
    if (cloneDealloc === undefined) {
      return false
    }
    const sourceDealloc = findDealloc(canonicalSource)
    if (sourceDealloc === undefined) {
      return false
    }
    // Both freed in one block: their lifetimes there may not nest, so neither can go.
    if (cloneDealloc !== null && sourceDealloc !== null && cloneDealloc.parentBlock === sourceDealloc.parentBlock) {
      return false
    }
    const block = clone.parentBlock
    const redundant = cloneDealloc !== null && cloneDealloc.parentBlock === block ? cloneDealloc : sourceDealloc !== null && sourceDealloc.parentBlock === block ? sourceDealloc : null
    if (redundant === null) {
      return false
    }
    // No other deallocation between the clone and the redundant one: it could free an alias of the source.
    for (let pos = clone.nextOp; pos !== redundant; pos = pos.nextOp) {
      if (pos === null || freesMemory(pos, null)) {
        return false
      }
    }
    if (source.type !== output.type) {
      source = createOpBefore(rewriter, clone, 'memref.cast', [source], [output.type]).getResult(0)
    }
    rewriter.replaceOp(clone, [source])
    rewriter.eraseOp(redundant)
    return true
  },
}

// ---- dealloc_tensor, materialize_in_destination --------------------------------------------

/** `bufferization.dealloc_tensor`: releases the buffer of a tensor (a `memref.dealloc` after bufferization). */
export const DeallocTensorOp: OdsOp = defineOp({
  name: 'bufferization.dealloc_tensor',
  summary: 'release underlying storage format of given tensor',
  operands: { tensor: Tensor },
  assemblyFormat: '$tensor attr-dict `:` type($tensor)',
})

/** `bufferization.materialize_in_destination`: `source` materializes in the tensor or memref `dest`. */
export const MaterializeInDestinationOp: OdsOp = defineOp({
  name: 'bufferization.materialize_in_destination',
  summary: 'copy a tensor',
  operands: { source: Tensor, dest: AnyShaped },
  results: { result: optional(Tensor) },
  attributes: { restrict: unit, writable: unit },
  assemblyFormat: '$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)',
  verify(op: Operation): LogicalResult {
    const source = op.getOperand(0).type as RankedTensorType | UnrankedTensorType
    const dest = op.getOperand(1).type
    // `AllElementTypesMatch<["source", "dest"]>`.
    if (source.elementType !== (dest as { elementType?: Type }).elementType) {
      return op.emitOpError('failed to verify that all of {source, dest} have same element type').fail()
    }
    const destIsTensor = dest instanceof RankedTensorType || dest instanceof UnrankedTensorType
    const destIsMemRef = isBufferLike(dest)
    if (!destIsTensor && !destIsMemRef) {
      return op.emitOpError("'dest' must be a tensor or a memref").fail()
    }
    if (destIsTensor) {
      if (op.numResults !== 1) {
        return op.emitOpError("tensor 'dest' implies exactly one tensor result").fail()
      }
      if (dest !== op.getResult(0).type) {
        return op.emitOpError("result and 'dest' types must match").fail()
      }
    }
    if (destIsMemRef && op.numResults !== 0) {
      return op.emitOpError("memref 'dest' implies zero results").fail()
    }
    if (hasUnit(op, 'restrict') && !destIsMemRef) {
      return op.emitOpError("'restrict' is valid only for memref destinations").fail()
    }
    if (hasUnit(op, 'writable') !== destIsMemRef) {
      return op.emitOpError("'writable' must be specified if and only if the destination is of memref type").fail()
    }
    const srcRanked = source instanceof RankedTensorType
    const destRanked = dest instanceof RankedTensorType || dest instanceof MemRefType
    if (srcRanked !== destRanked) {
      return op.emitOpError('source/destination shapes are incompatible').fail()
    }
    if (srcRanked) {
      const destShape = (dest as RankedTensorType | MemRefType).shape
      if (source.shape.length !== destShape.length) {
        return op.emitOpError('rank mismatch between source and destination shape').fail()
      }
      for (let i = 0; i < destShape.length; i++) {
        const s = source.shape[i]!
        const d = destShape[i]!
        if (s !== kDynamic && d !== kDynamic && s !== d) {
          return op.emitOpError('source/destination shapes are incompatible').fail()
        }
      }
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return isBufferLike(op.getOperand(1).type) ? [{ kind: 'write', value: op.getOperand(1) }] : []
  },
})

// ---- to_tensor -------------------------------------------------------------------------------

/** `bufferization.to_tensor`: the tensor holding the contents of a buffer (reads it). */
export const ToTensorOp: OdsOp = defineOp({
  name: 'bufferization.to_tensor',
  summary: 'create a tensor-like type from a buffer-like type',
  operands: { buffer: BufferLike },
  results: { result: TensorLike },
  attributes: { restrict: unit, writable: unit },
  assemblyFormat: '$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)',
  verify(op: Operation): LogicalResult {
    return verifyTensorAndBufferMatch(op, op.getResult(0).type, op.getOperand(0).type)
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
  fold(op: Operation): readonly OpFoldResult[] | undefined {
    // to_tensor(to_buffer(x)) is x only right after the to_buffer: nothing in between may write the buffer.
    const toBuffer = definingOpNamed(op.getOperand(0), 'bufferization.to_buffer')
    if (toBuffer !== null && toBuffer.parentBlock === op.parentBlock && toBuffer.nextOp === op) {
      return [toBuffer.getOperand(0)]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [dimOfToTensorFolder])
  },
})

/** MLIR's `DimOfToTensorFolder`: `tensor.dim` of a `to_tensor` is the `memref.dim` of its buffer. */
const dimOfToTensorFolder: CanonicalizationPattern = {
  name: 'DimOfToTensorFolder',
  rootName: 'tensor.dim',
  benefit: 1,
  matchAndRewrite(dim, rewriter) {
    const toTensor = definingOpNamed(dim.getOperand(0), 'bufferization.to_tensor')
    if (toTensor === null) {
      return false
    }
    const memrefDim = createOpBefore(rewriter, dim, 'memref.dim', [toTensor.getOperand(0), dim.getOperand(1)], [dim.getResult(0).type])
    rewriter.replaceOp(dim, [memrefDim.getResult(0)])
    return true
  },
}

// ---- to_buffer -------------------------------------------------------------------------------

/** `bufferization.to_buffer`: the future buffer of a tensor. */
export const ToBufferOp: OdsOp = defineOp({
  name: 'bufferization.to_buffer',
  summary: 'cast a tensor-like type to buffer-like type',
  operands: { tensor: TensorLike },
  results: { buffer: BufferLike },
  attributes: { read_only: unit },
  traits: Trait.Pure,
  assemblyFormat: '$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)',
  verify(op: Operation): LogicalResult {
    return verifyTensorAndBufferMatch(op, op.getOperand(0).type, op.getResult(0).type)
  },
  fold(op: Operation): readonly OpFoldResult[] | undefined {
    const toTensor = definingOpNamed(op.getOperand(0), 'bufferization.to_tensor')
    if (toTensor !== null && toTensor.getOperand(0).type === op.getResult(0).type) {
      return [toTensor.getOperand(0)]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [dimOfCastOp, loadOfToBuffer, toBufferOfCast, toBufferToTensorFolding])
  },
})

/** MLIR's `DimOfCastOp` (of `to_buffer`): `memref.dim` of a `to_buffer` is the `tensor.dim` of its tensor. */
const dimOfCastOp: CanonicalizationPattern = {
  name: 'DimOfCastOp',
  rootName: 'memref.dim',
  benefit: 1,
  matchAndRewrite(dim, rewriter) {
    const toBuffer = definingOpNamed(dim.getOperand(0), 'bufferization.to_buffer')
    if (toBuffer === null) {
      return false
    }
    const tensorDim = createOpBefore(rewriter, dim, 'tensor.dim', [toBuffer.getOperand(0), dim.getOperand(1)], [dim.getResult(0).type])
    rewriter.replaceOp(dim, [tensorDim.getResult(0)])
    return true
  },
}

/**
 * MLIR's `LoadOfToBuffer`: a `memref.load` of a `to_buffer` is a `tensor.extract` (in mlir-opt 22
 * whether or not the `to_buffer` is `read_only`; later versions require it).
 */
const loadOfToBuffer: CanonicalizationPattern = {
  name: 'LoadOfToBuffer',
  rootName: 'memref.load',
  benefit: 1,
  matchAndRewrite(load, rewriter) {
    const toBuffer = definingOpNamed(load.getOperand(0), 'bufferization.to_buffer')
    if (toBuffer === null) {
      return false
    }
    const operands = [toBuffer.getOperand(0), ...load.getOperands().slice(1)]
    const extract = createOpBefore(rewriter, load, 'tensor.extract', operands, [load.getResult(0).type])
    rewriter.replaceOp(load, [extract.getResult(0)])
    return true
  },
}

/** MLIR's `BaseMemRefType::cloneWith(shape, elementType)`: same layout and memory space. */
function cloneMemRefWith(t: MemRefType | UnrankedMemRefType, shape: readonly number[], elementType: Type): MemRefType {
  return t instanceof MemRefType ? MemRefType.get(shape, elementType, t.layout, t.memorySpace) : MemRefType.get(shape, elementType, null, t.memorySpace)
}

/** MLIR's `ToBufferOfCast`: `to_buffer(tensor.cast(x))` becomes `memref.cast(to_buffer(x))`. */
const toBufferOfCast: CanonicalizationPattern = {
  name: 'ToBufferOfCast',
  rootName: 'bufferization.to_buffer',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = definingOpNamed(op.getOperand(0), 'tensor.cast')
    if (cast === null) {
      return false
    }
    const source = cast.getOperand(0)
    const srcType = source.type
    const outType = op.getResult(0).type
    if (!(srcType instanceof RankedTensorType) || !(outType instanceof MemRefType || outType instanceof UnrankedMemRefType)) {
      return false
    }
    const memrefType = cloneMemRefWith(outType, srcType.shape, srcType.elementType)
    const props: [string, Attribute][] = []
    const readOnly = op.getAttr('read_only')
    if (readOnly !== undefined) {
      props.push(['read_only', readOnly])
    }
    const toBuffer = createOpBefore(rewriter, op, 'bufferization.to_buffer', [source], [memrefType], props)
    const memrefCast = createOpBefore(rewriter, op, 'memref.cast', [toBuffer.getResult(0)], [outType])
    rewriter.replaceOp(op, [memrefCast.getResult(0)])
    return true
  },
}

/**
 * MLIR's `castOrReallocMemRefValue`: `value` as `destType` through a `memref.cast` when that
 * always succeeds at run time, else through a new allocation and a `memref.copy`; null when
 * the element types or ranks differ.
 */
function castOrReallocMemRefValue(rewriter: RewriterLike, at: Operation, value: Value, destType: MemRefType): Value | null {
  const srcType = value.type as MemRefType
  if (srcType.elementType !== destType.elementType || srcType.shape.length !== destType.shape.length) {
    return null
  }
  if (areMemRefCastCompatible(srcType, destType) && isGuaranteedCastCompatible(srcType, destType)) {
    return createOpBefore(rewriter, at, 'memref.cast', [value], [destType]).getResult(0)
  }
  const sizes: Value[] = []
  for (let i = 0; i < destType.shape.length; i++) {
    if (destType.shape[i] === kDynamic) {
      sizes.push(createDim(rewriter, at, 'memref.dim', value, i))
    }
  }
  const segments = DenseArrayAttr.getI32(rewriter.context, [sizes.length, 0])
  const alloc = createOpBefore(rewriter, at, 'memref.alloc', sizes, [destType], [['operandSegmentSizes', segments]]).getResult(0)
  createOpBefore(rewriter, at, 'memref.copy', [value, alloc], [])
  return alloc
}

/** No offset or stride goes from dynamic in `source` to static in `target` (such a cast could fail at run time). */
function isGuaranteedCastCompatible(source: MemRefType, target: MemRefType): boolean {
  const s = getStridesAndOffset(source)
  const t = getStridesAndOffset(target)
  if (s === null || t === null) {
    return false
  }
  const dynamicToStatic = (a: number, b: number): boolean => a === kDynamic && b !== kDynamic
  return !dynamicToStatic(s.offset, t.offset) && !s.strides.some((v, i) => dynamicToStatic(v, t.strides[i]!))
}

/** MLIR's `ToBufferToTensorFolding` (`foldToBufferToTensorPair`): `to_buffer(to_tensor(x))` is `x`, cast or copied to the type. */
const toBufferToTensorFolding: CanonicalizationPattern = {
  name: 'ToBufferToTensorFolding',
  rootName: 'bufferization.to_buffer',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const toTensor = definingOpNamed(op.getOperand(0), 'bufferization.to_tensor')
    if (toTensor === null) {
      return false
    }
    const buffer = toTensor.getOperand(0)
    const srcType = buffer.type
    const destType = op.getResult(0).type
    if (srcType === destType) {
      rewriter.replaceOp(op, [buffer])
      return true
    }
    if (srcType instanceof MemRefType && destType instanceof MemRefType) {
      const replacement = castOrReallocMemRefValue(rewriter, op, buffer, destType)
      if (replacement === null) {
        return false
      }
      rewriter.replaceOp(op, [replacement])
      return true
    }
    if (srcType instanceof UnrankedMemRefType && destType instanceof MemRefType) {
      return false
    }
    const cast = createOpBefore(rewriter, op, 'memref.cast', [buffer], [destType])
    rewriter.replaceOp(op, [cast.getResult(0)])
    return true
  },
}

/** The ops of the `bufferization` dialect. */
export const bufferizationOps: readonly OdsOp[] = [AllocTensorOp, CloneOp, DeallocTensorOp, MaterializeInDestinationOp, ToTensorOp, ToBufferOp, DeallocOp]
