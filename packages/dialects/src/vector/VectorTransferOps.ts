import {
  AffineConstantExpr,
  AffineDimExpr,
  AffineMap,
  AffineMapAttr,
  AnyMemRef,
  AnyShaped,
  AnyType,
  AnyVectorOfAnyRank,
  ArrayAttr,
  BoolAttr,
  BoolAttrC,
  ConditionallySpeculatable,
  DenseArrayAttr,
  FloatType,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  kDynamic,
  matchConstantValue,
  MemRefType,
  RankedTensorType,
  StridedLayoutAttr,
  Trait,
  VectorType,
  arrayAttrOf,
  attrConstraint,
  defineOp,
  optional,
  optionalAttr,
  printAttribute,
  printType,
  typeConstraint,
  variadic,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Operation,
  type OperationState,
  type Speculatability,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { alignmentAttr, foldMemRefCastOperands } from '../memref/MemRefMiscOps.ts'
import { parseTypeOfKind } from './VectorOps.ts'

/** The ranked shaped types a transfer reads or writes. */
type ShapedType = MemRefType | RankedTensorType

const AffineMapAttrC = attrConstraint('AffineMap attribute', (a) => a instanceof AffineMapAttr)
const BoolArrayAttr = arrayAttrOf(BoolAttrC, '1-bit boolean array attribute')
const MaskType = typeConstraint(
  'vector of 1-bit signless integer values',
  (t) => t instanceof VectorType && t.shape.length > 0 && t.elementType instanceof IntegerType && t.elementType.width === 1,
)
// `vector.load`/`vector.store` spell the base type as a memref (ODS `cppType` `MemRefType`).
const MemRefBase = { ...AnyMemRef, parse: (parser: OpAsmParser) => parseTypeOfKind(parser, 'memref', (t) => t instanceof MemRefType) }
const VectorValue = { ...AnyVectorOfAnyRank, parse: (parser: OpAsmParser) => parseTypeOfKind(parser, 'vector', (t) => t instanceof VectorType) }
const RankedTensorResult = typeConstraint('ranked tensor of any type values', (t) => t instanceof RankedTensorType)

// ---- vector.load / vector.store ------------------------------------------------------------

/** MLIR's `MemRefType::isLastDimUnitStride` for the layouts Tilepass models. */
function lastDimUnitStride(type: MemRefType): boolean {
  const layout = type.layout
  if (layout === null || type.shape.length === 0) {
    return true
  }
  if (layout instanceof StridedLayoutAttr) {
    return layout.strides[layout.strides.length - 1] === 1
  }
  if (layout instanceof AffineMapAttr) {
    const map = layout.value
    if (map.isIdentity) {
      return true
    }
    // The innermost result of a layout map `(..., dN) -> (... + dN)` has unit stride when dN appears alone with coefficient 1.
    const last = map.results[map.results.length - 1]
    return last instanceof AffineDimExpr && last.position === map.numDims - 1
  }
  return true
}

/** MLIR's `verifyLoadStoreMemRefLayout`. */
function verifyLayout(op: Operation, vector: VectorType, memref: MemRefType): LogicalResult {
  if (!vector.isScalable && (vector.shape.length === 0 || vector.shape.every((d) => d === 1))) {
    return true
  }
  return lastDimUnitStride(memref) ? true : op.emitOpError('most minor memref dim must have unit stride').fail()
}

/** The shared checks of `vector.load` (`what` = "result") and `vector.store` (`what` = "valueToStore"). */
function verifyLoadStore(op: Operation, vector: VectorType, memref: MemRefType, numIndices: number, isLoad: boolean): LogicalResult {
  if (!verifyLayout(op, vector, memref)) {
    return false
  }
  if (memref.shape.length < vector.shape.length) {
    return op.emitOpError(isLoad ? 'destination memref has lower rank than the result vector' : 'source memref has lower rank than the vector to store').fail()
  }
  let memElemType = memref.elementType
  if (memElemType instanceof VectorType) {
    if (memElemType !== vector) {
      return op.emitOpError(isLoad ? 'base memref and result vector types should match' : 'base memref and valueToStore vector types should match').fail()
    }
    memElemType = memElemType.elementType
  }
  if (vector.elementType !== memElemType) {
    return op.emitOpError(isLoad ? 'base and result element types should match' : 'base and valueToStore element type should match').fail()
  }
  if (numIndices !== memref.shape.length) {
    return op.emitOpError(`requires ${memref.shape.length} indices`).fail()
  }
  return true
}

// `DefaultValuedOptionalAttr<BoolAttr, "false">`.
const nontemporal = optionalAttr(BoolAttrC)

/** `vector.load %m[%i, %j] : memref<8x8xf32>, vector<4xf32>`: reads a vector from a memref. */
export const LoadOp: OdsOp = defineOp({
  name: 'vector.load',
  summary: 'reads an n-D slice of memory into an n-D vector',
  operands: { base: MemRefBase, indices: variadic(Index) },
  results: { result: VectorValue },
  attributes: { nontemporal, alignment: alignmentAttr },
  assemblyFormat: '$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)',
  verify(op: Operation): LogicalResult {
    return verifyLoadStore(op, op.getResult(0).type as VectorType, op.getOperand(0).type as MemRefType, op.numOperands - 1, true)
  },
  fold(op: Operation): OpFoldResult[] | Operation | undefined {
    return foldMemRefCastOperands(op) ? op : undefined
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
})

/** `vector.store %v, %m[%i, %j] : memref<8x8xf32>, vector<4xf32>`: writes a vector to a memref. */
export const StoreOp: OdsOp = defineOp({
  name: 'vector.store',
  summary: 'writes an n-D vector to an n-D slice of memory',
  operands: { valueToStore: VectorValue, base: MemRefBase, indices: variadic(Index) },
  attributes: { nontemporal, alignment: alignmentAttr },
  assemblyFormat: '$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)',
  verify(op: Operation): LogicalResult {
    return verifyLoadStore(op, op.getOperand(0).type as VectorType, op.getOperand(1).type as MemRefType, op.numOperands - 2, false)
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    return foldMemRefCastOperands(op) ? [] : undefined
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'write', value: op.getOperand(1) }]
  },
})

// ---- transfer ops: maps, masks and shared checks -------------------------------------------

/** `(d0, ..., dN-1) -> (dN-r, ..., dN-1)`. */
function minorIdentityMap(ctx: Operation['context'], numDims: number, numResults: number): AffineMap {
  const results = []
  for (let i = numDims - numResults; i < numDims; i++) {
    results.push(AffineDimExpr.get(ctx, i))
  }
  return AffineMap.get(ctx, numDims, 0, results)
}

function isMinorIdentity(map: AffineMap): boolean {
  return map.numDims >= map.numResults && map === minorIdentityMap(map.context, map.numDims, map.numResults)
}

/** MLIR's `getTransferMinorIdentityMap`. */
function transferMinorIdentityMap(shaped: ShapedType, vector: VectorType): AffineMap {
  const ctx = shaped.context
  const elt = shaped.elementType
  const eltRank = elt instanceof VectorType ? elt.shape.length : 0
  if (shaped.shape.length === 0 && vector.shape.length === 1 && vector.shape[0] === 1) {
    return AffineMap.get(ctx, 0, 0, [AffineConstantExpr.get(ctx, 0)])
  }
  return minorIdentityMap(ctx, shaped.shape.length, vector.shape.length - eltRank)
}

/** MLIR's `inferTransferOpMaskType`: the vector shape through the inverse of the (compressed) permutation. */
function inferMaskType(vector: VectorType, map: AffineMap): VectorType {
  // Dims used by the map, in order, each with the first result that reads it.
  const firstResult = new Array<number>(map.numDims).fill(-1)
  for (let r = 0; r < map.results.length; r++) {
    const e = map.results[r]
    if (e instanceof AffineDimExpr && firstResult[e.position] === -1) {
      firstResult[e.position] = r
    }
  }
  const shape: number[] = []
  const scalable: boolean[] = []
  for (const r of firstResult) {
    if (r >= 0) {
      shape.push(vector.shape[r]!)
      scalable.push(vector.scalableDims[r]!)
    }
  }
  if (shape.length === 0) {
    shape.push(1)
    scalable.push(false)
  }
  return VectorType.get(shape, IntegerType.get(vector.context, 1), scalable)
}

/** Bits of a scalar type in the default data layout (index is 64 bits). */
function bitWidth(t: Type): number {
  if (t instanceof IntegerType) {
    return t.width
  }
  if (t instanceof FloatType) {
    return t.width
  }
  if (t instanceof IndexType) {
    return 64
  }
  return 0
}

function inBoundsValues(op: Operation): boolean[] {
  const a = op.getAttr('in_bounds')
  return a instanceof ArrayAttr ? a.elements.map((e) => BoolAttr.isBool(e) && e.value !== 0n) : []
}

/** The rank of a transfer's source (`AnyShaped` admits unranked types, whose rank reads as 0 here, as upstream). */
function rankOf(t: Type): number {
  return t instanceof MemRefType || t instanceof RankedTensorType ? t.shape.length : 0
}

/** MLIR's `verifyTransferOp` and `verifyPermutationMap`. */
function verifyTransfer(op: Operation, shaped: Type, vector: VectorType, mask: VectorType | null, map: AffineMap): LogicalResult {
  if (op.getAttr('masked') !== undefined) {
    return op.emitOpError('masked attribute has been removed. Use in_bounds instead.').fail()
  }
  if (!(shaped instanceof MemRefType || shaped instanceof RankedTensorType)) {
    return op.emitOpError('requires source to be a memref or ranked tensor type').fail()
  }
  const elt = shaped.elementType
  if (elt instanceof VectorType) {
    const sourceSize = bitWidth(elt.elementType) * elt.shape[elt.shape.length - 1]!
    const resultSize = bitWidth(vector.elementType) * vector.shape[vector.shape.length - 1]!
    if (resultSize % sourceSize !== 0) {
      return op.emitOpError('requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source').fail()
    }
    if (elt.shape.length > vector.shape.length) {
      return op.emitOpError('requires source vector element and vector result ranks to match.').fail()
    }
    if (map.numResults !== vector.shape.length - elt.shape.length) {
      return op.emitOpError('requires a permutation_map with result dims of the same rank as the vector type').fail()
    }
    if (mask !== null) {
      return op.emitOpError('does not support masks with vector element type').fail()
    }
  } else {
    const minor = vector.shape.length === 0 ? 1 : vector.shape[vector.shape.length - 1]!
    const eltBits = bitWidth(elt)
    if (eltBits !== 0 && (bitWidth(vector.elementType) * minor) % eltBits !== 0) {
      return op.emitOpError('requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type').fail()
    }
    if (map.numResults !== vector.shape.length) {
      return op.emitOpError('requires a permutation_map with result dims of the same rank as the vector type').fail()
    }
  }
  if (map.numSymbols !== 0) {
    return op.emitOpError('requires permutation_map without symbols').fail()
  }
  if (map.numDims !== shaped.shape.length) {
    return op.emitOpError('requires a permutation_map with input dims of the same rank as the source type').fail()
  }
  if (mask !== null) {
    const inferred = inferMaskType(vector, map)
    if (mask !== inferred) {
      return op.emitOpError(`inferred mask type (${printType(inferred)}) and mask operand type (${printType(mask)}) don't match`).fail()
    }
  }
  const inBounds = inBoundsValues(op)
  if (map.numResults !== inBounds.length) {
    return op.emitOpError(`expects the in_bounds attr of same rank as permutation_map results: ${printAttribute(AffineMapAttr.get(map))} vs inBounds of size: ${inBounds.length}`).fail()
  }
  const seen = new Array<boolean>(map.numDims).fill(false)
  for (const e of map.results) {
    if (e instanceof AffineConstantExpr) {
      if (e.value !== 0) {
        return op.emitOpError('requires a projected permutation_map (at most one dim or the zero constant can appear in each result)').fail()
      }
      continue
    }
    if (!(e instanceof AffineDimExpr)) {
      return op.emitOpError('requires a projected permutation_map (at most one dim or the zero constant can appear in each result)').fail()
    }
    if (seen[e.position]) {
      return op.emitOpError('requires a permutation_map that is a permutation (found one dim used more than once)').fail()
    }
    seen[e.position] = true
  }
  return true
}

/** Transfers on tensors are pure: speculatable, as upstream's `hasPureTensorSemantics`. */
const transferSpeculatability = ConditionallySpeculatable.impl({
  getSpeculatability(op: Operation): Speculatability {
    return op.getOperand(op.name.name === 'vector.transfer_read' ? 0 : 1).type instanceof RankedTensorType ? 'speculatable' : 'not-speculatable'
  },
})

/**
 * Parses `{attrs} : type, type` and fills in the default `permutation_map` and `in_bounds`;
 * returns the two types (shaped first) or undefined after a diagnostic.
 */
function parseTransferTail(parser: OpAsmParser, state: OperationState, vectorFirst: boolean): { shaped: ShapedType; vector: VectorType; map: AffineMap; loc: ReturnType<OpAsmParser['getCurrentLocation']> } | undefined {
  if (!parser.parseOptionalAttrDict(state.attributes)) {
    return undefined
  }
  const loc = parser.getCurrentLocation()
  if (!parser.parseColon()) {
    return undefined
  }
  const types = parser.parseTypeList()
  if (types === undefined) {
    return undefined
  }
  if (types.length !== 2) {
    parser.emitError(loc, 'requires two types').report()
    return undefined
  }
  const [a, b] = vectorFirst ? [types[1]!, types[0]!] : [types[0]!, types[1]!]
  const check = (): string | null => {
    const isShaped = a instanceof MemRefType || a instanceof RankedTensorType
    if (vectorFirst) {
      return !(b instanceof VectorType) ? 'requires vector type' : !isShaped ? 'requires memref or ranked tensor type' : null
    }
    return !isShaped ? 'requires memref or ranked tensor type' : !(b instanceof VectorType) ? 'requires vector type' : null
  }
  const error = check()
  if (error !== null) {
    parser.emitError(loc, error).report()
    return undefined
  }
  const shaped = a as ShapedType
  const vector = b as VectorType
  const mapEntry = state.attributes.find((x) => x.name === 'permutation_map')
  let map: AffineMap
  if (mapEntry === undefined) {
    const eltRank = shaped.elementType instanceof VectorType ? shaped.elementType.shape.length : 0
    if (shaped.shape.length < vector.shape.length - eltRank) {
      parser.emitError(loc, 'expected a custom permutation_map when rank(source) != rank(destination)').report()
      return undefined
    }
    map = transferMinorIdentityMap(shaped, vector)
    state.attributes.push({ name: 'permutation_map', value: AffineMapAttr.get(map) })
  } else {
    if (!(mapEntry.value instanceof AffineMapAttr)) {
      parser.emitError(loc, "invalid kind of attribute specified for 'permutation_map'").report()
      return undefined
    }
    map = mapEntry.value.value
  }
  if (!state.attributes.some((x) => x.name === 'in_bounds')) {
    const f = BoolAttr.get(parser.context, false)
    state.attributes.push({ name: 'in_bounds', value: ArrayAttr.get(parser.context, map.results.map(() => f)) })
  }
  return { shaped, vector, map, loc }
}

/** Parses `, %mask` if present: null when absent, undefined after a diagnostic. */
function parseOptionalMask(parser: OpAsmParser): UnresolvedOperand | null | undefined {
  return parser.parseOptionalComma() ? parser.parseOperand() : null
}

/** Resolves the mask operand (its type inferred from the vector type and the map). */
function resolveMask(parser: OpAsmParser, state: OperationState, mask: UnresolvedOperand, tail: { shaped: ShapedType; vector: VectorType; map: AffineMap; loc: ReturnType<OpAsmParser['getCurrentLocation']> }): LogicalResult {
  if (tail.shaped.elementType instanceof VectorType) {
    return parser.emitError(mask.location, 'does not support masks with vector element type').fail()
  }
  if (tail.vector.shape.length !== tail.map.numResults) {
    return parser.emitError(tail.loc, 'expected the same rank for the vector and the results of the permutation map').fail()
  }
  return parser.resolveOperand(mask, inferMaskType(tail.vector, tail.map), state.operands)
}

/** MLIR's `printTransferAttrs`: the map when not a minor identity, `in_bounds` when any is set. */
function printTransferAttrs(op: Operation, p: OpAsmPrinter): void {
  const elided = ['operandSegmentSizes']
  const map = op.getAttr('permutation_map')
  if (map instanceof AffineMapAttr && isMinorIdentity(map.value)) {
    elided.push('permutation_map')
  }
  if (!inBoundsValues(op).includes(true)) {
    elided.push('in_bounds')
  }
  p.printOptionalAttrDict(op.getAttrs(), elided)
}

function segments(op: Operation): number[] {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? (a.values as readonly (number | bigint)[]).map(Number) : []
}

/**
 * MLIR's `foldTransferInBoundsAttribute`: a dim is in bounds when its index is a constant and
 * the vector fits in the static source dim; broadcast dims follow when all others are in bounds.
 */
function foldInBounds(op: Operation, shaped: ShapedType, vector: VectorType, firstIndex: number): boolean {
  if (vector.shape.length === 0) {
    return false
  }
  const map = (op.getAttr('permutation_map') as AffineMapAttr).value
  const current = inBoundsValues(op)
  const next: boolean[] = []
  const nonBroadcast: number[] = []
  let changed = false
  for (let i = 0; i < map.numResults; i++) {
    if (current[i]) {
      next.push(true)
      continue
    }
    let inBounds = false
    const e = map.results[i]
    if (e instanceof AffineDimExpr) {
      nonBroadcast.push(i)
      const size = shaped.shape[e.position]!
      const c = size === kDynamic ? undefined : matchConstantValue(op.getOperand(firstIndex + e.position))
      inBounds = c instanceof IntegerAttr && Number(c.value) + vector.shape[i]! <= size
    }
    next.push(inBounds)
    changed ||= inBounds
  }
  if (nonBroadcast.every((i) => next[i])) {
    for (let i = 0; i < map.numResults; i++) {
      if (map.results[i] instanceof AffineConstantExpr && !next[i]) {
        next[i] = true
        changed = true
      }
    }
  }
  if (!changed) {
    return false
  }
  op.setAttr('in_bounds', ArrayAttr.get(op.context, next.map((b) => BoolAttr.get(op.context, b))))
  return true
}

/**
 * MLIR's `foldRAW` (without the disjoint-indices walk): a read of a tensor just written, in
 * bounds and unmasked, at the same indices with the same map and vector type, is that vector.
 */
function foldReadAfterWrite(read: Operation): Value | null {
  if (!(read.getOperand(0).type instanceof RankedTensorType)) {
    return null
  }
  const write = read.getOperand(0).definingOp
  if (write === null || write.name.name !== 'vector.transfer_write') {
    return null
  }
  const ws = segments(write)
  const rs = segments(read)
  if (ws[3] === 1 || rs[3] === 1 || inBoundsValues(write).includes(false)) {
    return null
  }
  const n = ws[2] ?? 0
  if (n !== (rs[1] ?? 0) || write.getOperand(0).type !== read.getResult(0).type || write.getAttr('permutation_map') !== read.getAttr('permutation_map')) {
    return null
  }
  for (let i = 0; i < n; i++) {
    if (write.getOperand(2 + i) !== read.getOperand(1 + i)) {
      return null
    }
  }
  return write.getOperand(0)
}

// ---- vector.transfer_read ------------------------------------------------------------------

/** `vector.transfer_read %src[%i, %j], %pad (, %mask)? : memref<..>, vector<..>`: a (masked, padded) read. */
export const TransferReadOp: OdsOp = defineOp({
  name: 'vector.transfer_read',
  summary: 'Reads a supervector from memory into an SSA vector value.',
  operands: { base: AnyShaped, indices: variadic(Index), padding: AnyType, mask: optional(MaskType) },
  results: { vector: AnyVectorOfAnyRank },
  attributes: { permutation_map: AffineMapAttrC, in_bounds: BoolArrayAttr },
  traits: Trait.AttrSizedOperandSegments,
  interfaces: [transferSpeculatability],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const source = parser.parseOperand()
    if (source === undefined) {
      return false
    }
    const indices = parser.parseOperandList('square')
    if (indices === undefined || !parser.parseComma()) {
      return false
    }
    const padding = parser.parseOperand()
    if (padding === undefined) {
      return false
    }
    const mask = parseOptionalMask(parser)
    if (mask === undefined) {
      return false
    }
    const tail = parseTransferTail(parser, state, false)
    if (tail === undefined) {
      return false
    }
    if (
      !parser.resolveOperand(source, tail.shaped, state.operands) ||
      !parser.resolveOperands(indices, IndexType.get(parser.context), tail.loc, state.operands) ||
      !parser.resolveOperand(padding, tail.shaped.elementType, state.operands)
    ) {
      return false
    }
    if (mask !== null && !resolveMask(parser, state, mask, tail)) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, indices.length, 1, mask === null ? 0 : 1]))
    state.addTypes([tail.vector])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const seg = segments(op)
    const n = seg[1] ?? 0
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print('[')
    p.printOperands(op.getOperands().slice(1, 1 + n))
    p.print('], ')
    p.printOperand(op.getOperand(1 + n))
    if (seg[3] === 1) {
      p.print(', ')
      p.printOperand(op.getOperand(2 + n))
    }
    printTransferAttrs(op, p)
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(', ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const seg = segments(op)
    const n = seg[1] ?? 0
    // mlir-opt 22 crashes on a generic op without its padding operand; report it instead.
    if (seg[0] !== 1 || seg[2] !== 1) {
      return op.emitOpError('requires one base and one padding operand').fail()
    }
    const shapedIndex = 0
    const shaped = op.getOperand(shapedIndex).type as ShapedType
    const vector = op.getResult(0).type as VectorType
    const mask = seg[3] === 1 ? (op.getOperand(2 + n).type as VectorType) : null
    const padding = op.getOperand(1 + n).type
    const map = (op.getAttr('permutation_map') as AffineMapAttr).value
    const rank = rankOf(op.getOperand(shapedIndex).type)
    if (n !== rank) {
      return op.emitOpError(`requires ${rank} indices`).fail()
    }
    if (!verifyTransfer(op, shaped, vector, mask, map)) {
      return false
    }
    const elt = shaped.elementType
    if (elt instanceof VectorType) {
      if (elt !== padding) {
        return op.emitOpError('requires source element type and padding type to match.').fail()
      }
    } else {
      if (!(padding instanceof IntegerType || padding instanceof FloatType || padding instanceof IndexType)) {
        return op.emitOpError('requires valid padding vector elemental type').fail()
      }
      if (padding !== elt) {
        return op.emitOpError('requires formal padding and source of the same elemental type').fail()
      }
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | Operation | undefined {
    const shaped = op.getOperand(0).type as ShapedType
    const written = foldReadAfterWrite(op)
    if (written !== null) {
      return [written]
    }
    if (foldInBounds(op, shaped, op.getResult(0).type as VectorType, 1)) {
      return op
    }
    return shaped instanceof MemRefType && foldMemRefCastOperands(op) ? op : undefined
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return op.getOperand(0).type instanceof MemRefType ? [{ kind: 'read', value: op.getOperand(0) }] : []
  },
})

// ---- vector.transfer_write -----------------------------------------------------------------

/** `vector.transfer_write %v, %dst[%i, %j] (, %mask)? : vector<..>, memref<..>`: a (masked) write; on tensors it returns the new tensor. */
export const TransferWriteOp: OdsOp = defineOp({
  name: 'vector.transfer_write',
  summary: 'The vector.transfer_write op writes a supervector to memory.',
  operands: { valueToStore: AnyVectorOfAnyRank, base: AnyShaped, indices: variadic(Index), mask: optional(MaskType) },
  results: { result: optional(RankedTensorResult) },
  attributes: { permutation_map: AffineMapAttrC, in_bounds: BoolArrayAttr },
  traits: Trait.AttrSizedOperandSegments,
  interfaces: [transferSpeculatability],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const value = parser.parseOperand()
    if (value === undefined || !parser.parseComma()) {
      return false
    }
    const dest = parser.parseOperand()
    if (dest === undefined) {
      return false
    }
    const indices = parser.parseOperandList('square')
    if (indices === undefined) {
      return false
    }
    const mask = parseOptionalMask(parser)
    if (mask === undefined) {
      return false
    }
    const tail = parseTransferTail(parser, state, true)
    if (tail === undefined) {
      return false
    }
    if (
      !parser.resolveOperand(value, tail.vector, state.operands) ||
      !parser.resolveOperand(dest, tail.shaped, state.operands) ||
      !parser.resolveOperands(indices, IndexType.get(parser.context), tail.loc, state.operands)
    ) {
      return false
    }
    if (mask !== null && !resolveMask(parser, state, mask, tail)) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, 1, indices.length, mask === null ? 0 : 1]))
    if (tail.shaped instanceof RankedTensorType) {
      state.addTypes([tail.shaped])
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const seg = segments(op)
    const n = seg[2] ?? 0
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printOperand(op.getOperand(1))
    p.print('[')
    p.printOperands(op.getOperands().slice(2, 2 + n))
    p.print(']')
    if (seg[3] === 1) {
      p.print(', ')
      p.printOperand(op.getOperand(2 + n))
    }
    printTransferAttrs(op, p)
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(', ')
    p.printType(op.getOperand(1).type)
  },
  verify(op: Operation): LogicalResult {
    const seg = segments(op)
    const n = seg[2] ?? 0
    if (seg[0] !== 1 || seg[1] !== 1) {
      return op.emitOpError('requires one value to store and one base operand').fail()
    }
    // DestinationStyleOpInterface: one tensor result exactly when the destination is a tensor.
    const numTensors = op.getOperand(1).type instanceof RankedTensorType ? 1 : 0
    if (op.numResults !== numTensors) {
      return op.emitOpError(`expected the number of tensor results (${op.numResults}) to be equal to the number of output tensors (${numTensors})`).fail()
    }
    const shapedIndex = 1
    const shaped = op.getOperand(shapedIndex).type as ShapedType
    const vector = op.getOperand(0).type as VectorType
    const mask = seg[3] === 1 ? (op.getOperand(2 + n).type as VectorType) : null
    const map = (op.getAttr('permutation_map') as AffineMapAttr).value
    const rank = rankOf(op.getOperand(shapedIndex).type)
    if (n !== rank) {
      return op.emitOpError(`requires ${rank} indices`).fail()
    }
    if (map.results.some((e) => e instanceof AffineConstantExpr)) {
      return op.emitOpError('should not have broadcast dimensions').fail()
    }
    return verifyTransfer(op, shaped, vector, mask, map)
  },
  fold(op: Operation): OpFoldResult[] | Operation | undefined {
    const shaped = op.getOperand(1).type as ShapedType
    if (foldInBounds(op, shaped, op.getOperand(0).type as VectorType, 2)) {
      return shaped instanceof MemRefType ? [] : op
    }
    return shaped instanceof MemRefType && foldMemRefCastOperands(op) ? [] : undefined
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return op.getOperand(1).type instanceof MemRefType ? [{ kind: 'write', value: op.getOperand(1) }] : []
  },
})

/** The ops of this file. */
export const vectorMemoryOps: readonly OdsOp[] = [LoadOp, StoreOp, TransferReadOp, TransferWriteOp]
