import {
  AnyType,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  Operation,
  OperationState,
  ShapedType,
  Trait,
  VectorType,
  defaultValuedAttr,
  defineOp,
  matchConstantValue,
  optional,
  printType,
  typeConstraint,
  variadic,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Type,
  type TypeConstraint,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { FastMathAttrC, FastMathFlagsAttr } from '../arith/index.ts'
import { PoisonAttr } from '../ub/index.ts'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { parseDynamicIndexList, printDynamicIndexList } from '../internal/DynamicIndexList.ts'
import { CombiningKindAttrC, type CombiningKindAttr } from './VectorAttributes.ts'

/** MLIR's `ShapedType::kDynamic` as stored in the i64 position arrays. */
const kDynamic64 = -9223372036854775808n
/** `vector.extract`/`vector.insert` position meaning poison. */
const kPoisonIndex = -1n

/**
 * Parses a type that must be a `kind` (`vector`, `memref`): as ODS's `parseType<VectorType>`,
 * another kind is "invalid kind of type specified" at the type.
 */
export function parseTypeOfKind(parser: OpAsmParser, kind: string, isKind: (t: Type) => boolean): Type | undefined {
  const loc = parser.getCurrentLocation()
  const t = parser.parseType()
  if (t !== undefined && !isKind(t)) {
    parser.emitError(loc, `invalid kind of type specified: expected builtin.${kind}, but found '${printType(t)}'`).report()
    return undefined
  }
  return t
}

const isVector = (t: Type): boolean => t instanceof VectorType

/** A vector type constraint whose format spelling must be a vector type (ODS `cppType` `VectorType`). */
export function vectorConstraint(summary: string, check: (t: VectorType) => boolean): TypeConstraint {
  return { ...typeConstraint(summary, (t) => t instanceof VectorType && check(t)), parse: (parser) => parseTypeOfKind(parser, 'vector', isVector) }
}

const AnyVector = vectorConstraint('vector of any type values', () => true)
const VectorOfAnyFloat = vectorConstraint('vector of floating-point values', (t) => t.elementType instanceof FloatType)
const VectorOfI1 = vectorConstraint('vector of 1-bit signless integer values', (t) => t.elementType instanceof IntegerType && t.elementType.width === 1 && t.elementType.isSignless)

/** MLIR's `getElementTypeOrSelf`. */
function elementTypeOf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t
}

function numElements(t: VectorType): number {
  let n = 1
  for (const d of t.shape) {
    n *= d
  }
  return n
}

/** Creates op `name` before `at` with `operands`, result `types` and `properties`. */
function createBefore(rewriter: RewriterLike, at: Operation, name: string, operands: readonly Value[], types: readonly Type[], properties: readonly [string, Attribute][] = []): Operation {
  const state = new OperationState(at.location, rewriter.context.getOperationName(name))
  state.addOperands(operands)
  state.addTypes(types)
  for (const [n, a] of properties) {
    state.addProperty(n, a)
  }
  rewriter.setInsertionPoint(at)
  return rewriter.insert(Operation.create(state))
}

/** Replaces `op` by `vector.broadcast %source : ... to type`. */
function replaceWithBroadcast(rewriter: RewriterLike, op: Operation, source: Value, type: Type): void {
  rewriter.replaceOp(op, createBefore(rewriter, op, 'vector.broadcast', [source], [type]).results)
}

/** The splat `DenseElementsAttr` of `type` holding the scalar constant `scalar`, or undefined. */
function splatOf(type: VectorType, scalar: Attribute): DenseIntOrFPElementsAttr | undefined {
  if (scalar instanceof IntegerAttr && scalar.type === type.elementType) {
    return DenseIntOrFPElementsAttr.get(type, [scalar.value], true)
  }
  if (scalar instanceof FloatAttr && scalar.type === type.elementType) {
    return DenseIntOrFPElementsAttr.get(type, [scalar.value], true, scalar.nanBits === null ? null : new Map([[0, scalar.nanBits]]))
  }
  return undefined
}

/** The element `index` of a dense attribute as a scalar attribute. */
function elementAttr(attr: DenseIntOrFPElementsAttr, index: number): Attribute | undefined {
  const elt = attr.type.elementType
  const v = attr.values[attr.isSplat ? 0 : index]
  if (v === undefined) {
    return undefined
  }
  if (typeof v === 'bigint') {
    return IntegerAttr.get(elt, v)
  }
  if (elt instanceof FloatType) {
    const bits = attr.nanBits?.get(attr.isSplat ? 0 : index)
    return bits === undefined ? FloatAttr.get(elt, v) : undefined
  }
  return undefined
}

// ---- vector.broadcast ----------------------------------------------------------------------

/** MLIR's `isBroadcastableTo`: null on success, else the verifier's message. */
function broadcastError(src: Type, dst: VectorType): string | null {
  if (!(src instanceof VectorType)) {
    return src === dst.elementType ? null : 'source type is not a vector'
  }
  if (src.shape.length > dst.shape.length) {
    return 'source rank higher than destination rank'
  }
  const lead = dst.shape.length - src.shape.length
  for (let i = 0; i < src.shape.length; i++) {
    const srcDim = src.shape[i]!
    const dstDim = dst.shape[lead + i]!
    const srcScalable = src.scalableDims[i]!
    const dstScalable = dst.scalableDims[lead + i]!
    const mismatch =
      (srcDim !== 1 && srcDim !== dstDim) || (srcDim === 1 && srcScalable && dstDim !== 1) || (srcScalable !== dstScalable && (srcDim !== 1 || srcScalable))
    if (mismatch) {
      const show = (d: number, s: boolean): string => (s ? `[${d}]` : String(d))
      return `dimension mismatch (${show(srcDim, srcScalable)} vs. ${show(dstDim, dstScalable)})`
    }
  }
  return null
}

/** MLIR's `BroadcastFolder`: a broadcast of a broadcast broadcasts the inner source. */
const BroadcastFolder: CanonicalizationPattern = {
  name: 'BroadcastFolder',
  rootName: 'vector.broadcast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = op.getOperand(0).definingOp
    if (inner === null || inner.name.name !== 'vector.broadcast') {
      return false
    }
    replaceWithBroadcast(rewriter, op, inner.getOperand(0), op.getResult(0).type)
    return true
  },
}

/** `vector.broadcast %s : f32 to vector<4xf32>`: duplicates a scalar or vector into a wider vector. */
export const BroadcastOp: OdsOp = defineOp({
  name: 'vector.broadcast',
  summary: 'broadcast operation',
  operands: { source: AnyType },
  results: { vector: AnyVector },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($vector)',
  verify(op: Operation): LogicalResult {
    const dst = op.getResult(0).type as VectorType
    const src = op.getOperand(0).type
    if (elementTypeOf(src) !== dst.elementType) {
      return op.emitOpError('failed to verify that source operand and result have same element type').fail()
    }
    const error = broadcastError(src, dst)
    return error === null ? true : op.emitOpError(error).fail()
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const type = op.getResult(0).type as VectorType
    if (op.getOperand(0).type === type) {
      return [op.getOperand(0)]
    }
    const c = operands[0]
    if (c === null || c === undefined) {
      return undefined
    }
    if (c instanceof PoisonAttr) {
      return [PoisonAttr.get(op.context)]
    }
    if (c instanceof DenseIntOrFPElementsAttr) {
      return c.isSplat ? [DenseIntOrFPElementsAttr.get(type, c.values, true, c.nanBits)] : undefined
    }
    const splat = splatOf(type, c)
    return splat === undefined ? undefined : [splat]
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [BroadcastFolder])
  },
})

// ---- vector.extract / vector.insert --------------------------------------------------------

/** The static positions of an extract/insert (`kDynamic64` for each SSA position). */
function staticPosition(op: Operation): readonly bigint[] {
  const a = op.getAttr('static_position')
  return a instanceof DenseArrayAttr ? (a.values as readonly (bigint | number)[]).map((v) => BigInt(v)) : []
}

function i64Array(op: Operation, values: readonly bigint[]): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(op.context, 64), values)
}

/** Parses `[1, %i]` into `state` (the dynamic operands after `fixed`, which are resolved already). */
function parsePosition(parser: OpAsmParser, state: OperationState, dynamic: UnresolvedOperand[]): LogicalResult {
  const statics: bigint[] = []
  if (!parseDynamicIndexList(parser, dynamic, statics)) {
    return false
  }
  state.addProperty('static_position', DenseArrayAttr.get(IntegerType.get(parser.context, 64), statics))
  return true
}

/** `vector.extract %v[1, %i] : f32 from vector<2x4xf32>`: an element or sub-vector at a position. */
export const ExtractOp: OdsOp = defineOp({
  name: 'vector.extract',
  summary: 'extract operation',
  operands: { source: AnyVector, dynamic_position: variadic(Index) },
  results: { result: AnyType },
  attributes: { static_position: DenseI64ArrayAttr },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const source = parser.parseOperand()
    const dynamic: UnresolvedOperand[] = []
    if (source === undefined || !parsePosition(parser, state, dynamic) || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const resultType = parser.parseType()
    if (resultType === undefined || !parser.parseKeyword('from')) {
      return false
    }
    const sourceType = parseTypeOfKind(parser, 'vector', isVector)
    if (sourceType === undefined) {
      return false
    }
    state.addTypes([resultType])
    return parser.resolveOperand(source, sourceType, state.operands) && parser.resolveOperands(dynamic, IndexType.get(parser.context), parser.getCurrentLocation(), state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    printDynamicIndexList(p, op.getOperands().slice(1), staticPosition(op), kDynamic64)
    p.printOptionalAttrDict(op.getAttrs(), ['static_position'])
    p.print(' : ')
    p.printType(op.getResult(0).type)
    p.print(' from ')
    p.printType(op.getOperand(0).type)
  },
  verify(op: Operation): LogicalResult {
    const resultType = op.getResult(0).type
    if (resultType instanceof VectorType && resultType.shape.length === 0) {
      return op.emitError('expected a scalar instead of a 0-d vector as the result type').fail()
    }
    const position = staticPosition(op)
    if (position.filter((p) => p === kDynamic64).length !== op.numOperands - 1) {
      return op.emitOpError('mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite').fail()
    }
    const source = op.getOperand(0).type as VectorType
    if (position.length > source.shape.length) {
      return op.emitOpError('expected position attribute of rank no greater than vector rank').fail()
    }
    for (let i = 0; i < position.length; i++) {
      const p = position[i]!
      if (p !== kDynamic64 && p !== kPoisonIndex && (p < 0n || p >= BigInt(source.shape[i]!))) {
        return op
          .emitOpError(`expected position attribute #${i + 1} to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)`)
          .fail()
      }
    }
    // InferTypeOpInterface: a one-element vector and its scalar are compatible (`isCompatibleReturnTypes`).
    const expected = position.length === source.shape.length ? source.elementType : VectorType.get(source.shape.slice(position.length), source.elementType, source.scalableDims.slice(position.length))
    const oneOf = (v: Type, s: Type): boolean => v instanceof VectorType && v.shape.length === 1 && v.shape[0] === 1 && v.elementType === s
    if (expected !== resultType && !oneOf(expected, resultType) && !oneOf(resultType, expected)) {
      op.context.emitError(op.location, `'vector.extract' op inferred type(s) '${printType(expected)}' are incompatible with return type(s) of operation '${printType(resultType)}'`).report()
      return op.emitOpError('failed to infer returned types').fail()
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | Operation | undefined {
    return foldExtract(op, operands)
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [ExtractOpFromBroadcast])
  },
})

/** MLIR's `extractInsertFoldConstantOp`: constant dynamic positions move into `static_position`. */
function foldConstantPositions(op: Operation, firstPosition: number): boolean {
  const position = staticPosition(op)
  let changed = false
  const kept: Value[] = []
  const statics: bigint[] = []
  let d = firstPosition
  for (const p of position) {
    if (p !== kDynamic64) {
      statics.push(p)
      continue
    }
    const v = op.getOperand(d++)
    const c = matchConstantValue(v)
    if (c instanceof IntegerAttr) {
      statics.push(c.value)
      changed = true
    } else {
      statics.push(kDynamic64)
      kept.push(v)
    }
  }
  if (!changed) {
    return false
  }
  op.setOperands([...op.getOperands().slice(0, firstPosition), ...kept])
  op.setAttr('static_position', i64Array(op, statics))
  return true
}

/** Row-major strides of `shape`. */
function stridesOf(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length)
  let stride = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = stride
    stride *= shape[i]!
  }
  return strides
}

/** MLIR's `foldDenseElementsAttrSrcExtractOp`: an element or row-major chunk of a dense constant. */
function extractFromDense(c: DenseIntOrFPElementsAttr, source: VectorType, result: Type, position: readonly bigint[]): Attribute | undefined {
  if (c.isSplat) {
    return result instanceof VectorType ? DenseIntOrFPElementsAttr.get(result, c.values, true, c.nanBits) : elementAttr(c, 0)
  }
  if (source.isScalable || position.includes(kDynamic64)) {
    return undefined
  }
  const strides = stridesOf(source.shape)
  let start = 0
  for (let i = 0; i < position.length; i++) {
    start += Number(position[i]!) * strides[i]!
  }
  if (!(result instanceof VectorType)) {
    return elementAttr(c, start)
  }
  if (c.nanBits !== null) {
    return undefined
  }
  const n = numElements(result)
  return DenseIntOrFPElementsAttr.get(result, c.values.slice(start, start + n), false)
}

/**
 * MLIR's `ExtractFromInsertTransposeChainState::fold` (without transposes): walks up a chain of
 * `vector.insert`s, skipping inserts at disjoint positions, to the value that was inserted
 * where this op extracts.
 */
function extractFromInsertChain(op: Operation, position: readonly bigint[]): OpFoldResult[] | Operation | undefined {
  let source = op.getOperand(0)
  let pos = position
  for (;;) {
    const def = source.definingOp
    if (def === null || def.name.name !== 'vector.insert' || def.numOperands !== 2) {
      break
    }
    const inserted = staticPosition(def)
    const common = Math.min(inserted.length, pos.length)
    let samePrefix = true
    for (let i = 0; i < common; i++) {
      if (inserted[i] !== pos[i]) {
        samePrefix = false
        break
      }
    }
    if (!samePrefix) {
      source = def.getOperand(1)
      continue
    }
    if (inserted.length > pos.length) {
      break
    }
    const rest = pos.slice(inserted.length)
    const value = def.getOperand(0)
    if (rest.length === 0) {
      return value.type === op.getResult(0).type ? [value] : undefined
    }
    source = value
    pos = rest
  }
  if (source === op.getOperand(0)) {
    return undefined
  }
  op.setOperands([source])
  op.setAttr('static_position', i64Array(op, [...pos]))
  return op
}

/** MLIR's `foldExtractFromShapeCast`: the extract reads the shape_cast source at the same linear position. */
function extractFromShapeCast(op: Operation, position: readonly bigint[]): Operation | undefined {
  const def = op.getOperand(0).definingOp
  if (def === null || def.name.name !== 'vector.shape_cast') {
    return undefined
  }
  const castSource = def.getOperand(0).type as VectorType
  const sourceType = op.getOperand(0).type as VectorType
  const result = op.getResult(0).type
  const destRank = result instanceof VectorType ? result.shape.length : 0
  if (destRank > castSource.shape.length) {
    return undefined
  }
  const dimReverse = (t: VectorType, n: number): number => t.shape[t.shape.length - 1 - n]!
  for (let i = 0; i < destRank; i++) {
    if (dimReverse(castSource, i) !== dimReverse(result as VectorType, i)) {
      return undefined
    }
  }
  const reversed = [...position].reverse()
  let linear = 0
  let stride = 1
  for (let i = 0; i < reversed.length; i++) {
    linear += Number(reversed[i]!) * stride
    stride *= dimReverse(sourceType, i + destRank)
  }
  const numDims = castSource.shape.length - destRank
  const strides: number[] = []
  stride = 1
  for (let i = 0; i < numDims; i++) {
    strides.push(stride)
    stride *= dimReverse(castSource, i + destRank)
  }
  strides.reverse()
  const next: bigint[] = []
  for (const st of strides) {
    next.push(BigInt(Math.floor(linear / st)))
    linear %= st
  }
  op.setOperands([def.getOperand(0)])
  op.setAttr('static_position', i64Array(op, next))
  return op
}

function foldExtract(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | Operation | undefined {
  const source = op.getOperand(0)
  const result = op.getResult(0)
  if (op.numOperands === 1 && staticPosition(op).length === 0 && source.type === result.type) {
    return [source]
  }
  if (operands[0] instanceof PoisonAttr) {
    return [PoisonAttr.get(op.context)]
  }
  const inPlace = foldConstantPositions(op, 1)
  const position = staticPosition(op)
  if (position.includes(kPoisonIndex)) {
    return [PoisonAttr.get(op.context)]
  }
  const c = operands[0]
  if (c instanceof DenseIntOrFPElementsAttr) {
    const e = extractFromDense(c, source.type as VectorType, result.type, position)
    if (e !== undefined) {
      return [e]
    }
  }
  if (position.includes(kDynamic64)) {
    return inPlace ? op : undefined
  }
  const def = source.definingOp
  // extract(extract(x, p), q) -> extract(x, p ++ q)
  if (def !== null && def.name.name === 'vector.extract' && !staticPosition(def).includes(kDynamic64)) {
    op.setOperands([def.getOperand(0)])
    op.setAttr('static_position', i64Array(op, [...staticPosition(def), ...position]))
    return op
  }
  const chained = extractFromInsertChain(op, position)
  if (chained !== undefined) {
    return chained
  }
  // extract(broadcast(s)) -> s when the extracted value is the broadcast source.
  if (def !== null && def.name.name === 'vector.broadcast' && def.getOperand(0).type === result.type) {
    return [def.getOperand(0)]
  }
  const fromCast = extractFromShapeCast(op, position)
  if (fromCast !== undefined) {
    return fromCast
  }
  // MLIR's `foldScalarExtractFromFromElements`.
  if (def !== null && def.name.name === 'vector.from_elements') {
    const type = def.getResult(0).type as VectorType
    if (!type.isScalable && result.type === type.elementType) {
      const strides = stridesOf(type.shape)
      let flat = 0
      for (let i = 0; i < position.length; i++) {
        flat += Number(position[i]!) * strides[i]!
      }
      return [def.getOperand(flat)]
    }
  }
  return inPlace ? op : undefined
}

/** MLIR's `ExtractOpFromBroadcast`: extracting a vector from a broadcast broadcasts the source to it. */
const ExtractOpFromBroadcast: CanonicalizationPattern = {
  name: 'ExtractOpFromBroadcast',
  rootName: 'vector.extract',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const def = op.getOperand(0).definingOp
    const out = op.getResult(0).type
    if (def === null || def.name.name !== 'vector.broadcast' || !(out instanceof VectorType)) {
      return false
    }
    const source = def.getOperand(0)
    if (broadcastError(source.type, out) !== null) {
      return false
    }
    replaceWithBroadcast(rewriter, op, source, out)
    return true
  },
}

/** `vector.insert %s, %v [1, %i] : f32 into vector<2x4xf32>`: replaces an element or sub-vector. */
export const InsertOp: OdsOp = defineOp({
  name: 'vector.insert',
  summary: 'insert operation',
  operands: { valueToStore: AnyType, dest: AnyVector, dynamic_position: variadic(Index) },
  results: { result: AnyVector },
  attributes: { static_position: DenseI64ArrayAttr },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const value = parser.parseOperand()
    if (value === undefined || !parser.parseComma()) {
      return false
    }
    const dest = parser.parseOperand()
    const dynamic: UnresolvedOperand[] = []
    if (dest === undefined || !parsePosition(parser, state, dynamic) || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const valueType = parser.parseType()
    if (valueType === undefined || !parser.parseKeyword('into')) {
      return false
    }
    const destType = parser.parseType()
    if (destType === undefined) {
      return false
    }
    state.addTypes([destType])
    return (
      parser.resolveOperand(value, valueType, state.operands) &&
      parser.resolveOperand(dest, destType, state.operands) &&
      parser.resolveOperands(dynamic, IndexType.get(parser.context), parser.getCurrentLocation(), state.operands)
    )
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printOperand(op.getOperand(1))
    p.print(' ')
    printDynamicIndexList(p, op.getOperands().slice(2), staticPosition(op), kDynamic64)
    p.printOptionalAttrDict(op.getAttrs(), ['static_position'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(' into ')
    p.printType(op.getOperand(1).type)
  },
  verify(op: Operation): LogicalResult {
    if (op.getOperand(1).type !== op.getResult(0).type) {
      return op.emitOpError("failed to verify that all of {dest, result} have same type").fail()
    }
    const valueType = op.getOperand(0).type
    if (elementTypeOf(valueType) !== (op.getOperand(1).type as VectorType).elementType) {
      return op.emitOpError('failed to verify that source operand and result have same element type').fail()
    }
    if (valueType instanceof VectorType && valueType.shape.length === 0) {
      return op.emitError('expected a scalar instead of a 0-d vector as the source operand').fail()
    }
    const position = staticPosition(op)
    const dest = op.getOperand(1).type as VectorType
    if (position.length > dest.shape.length) {
      return op.emitOpError('expected position attribute of rank no greater than dest vector rank').fail()
    }
    if (valueType instanceof VectorType && valueType.shape.length + position.length !== dest.shape.length) {
      return op.emitOpError('expected position attribute rank + source rank to match dest vector rank').fail()
    }
    if (!(valueType instanceof VectorType) && position.length !== dest.shape.length) {
      return op.emitOpError('expected position attribute rank to match the dest vector rank').fail()
    }
    for (let i = 0; i < position.length; i++) {
      const p = position[i]!
      if (p !== kDynamic64 && p !== kPoisonIndex && (p < 0n || p >= BigInt(dest.shape[i]!))) {
        return op.emitOpError(`expected position attribute #${i + 1} to be a non-negative integer smaller than the corresponding dest vector dimension`).fail()
      }
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | Operation | undefined {
    // insert(v, d, []) of the whole vector is v.
    if (staticPosition(op).length === 0 && op.getOperand(0).type === op.getResult(0).type) {
      return [op.getOperand(0)]
    }
    const inPlace = foldConstantPositions(op, 2)
    if (staticPosition(op).includes(kPoisonIndex)) {
      return [PoisonAttr.get(op.context)]
    }
    return inPlace ? op : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [InsertToBroadcast])
  },
})

/** MLIR's `InsertToBroadcast`: an insert that overwrites the whole destination is a broadcast. */
const InsertToBroadcast: CanonicalizationPattern = {
  name: 'InsertToBroadcast',
  rootName: 'vector.insert',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const value = op.getOperand(0)
    const dest = op.getResult(0).type as VectorType
    const count = value.type instanceof VectorType ? numElements(value.type) : 1
    if (dest.isScalable || count !== numElements(dest)) {
      return false
    }
    replaceWithBroadcast(rewriter, op, value, dest)
    return true
  },
}

// ---- vector.shape_cast ---------------------------------------------------------------------

/** `vector.shape_cast %v : vector<2x4xf32> to vector<8xf32>`: reshapes a vector, keeping its elements. */
export const ShapeCastOp: OdsOp = defineOp({
  name: 'vector.shape_cast',
  summary: 'shape_cast casts between vector shapes',
  operands: { source: AnyVector },
  results: { result: AnyVector },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($result)',
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type as VectorType
    const dst = op.getResult(0).type as VectorType
    if (src.elementType !== dst.elementType) {
      return op.emitOpError('has different source and result element types').fail()
    }
    const a = numElements(src)
    const b = numElements(dst)
    if (a !== b) {
      return op.emitOpError(`has different number of elements at source (${a}) and result (${b})`).fail()
    }
    const sa = src.scalableDims.filter((s) => s).length
    const sb = dst.scalableDims.filter((s) => s).length
    if (sa !== sb) {
      return op.emitOpError(`has different number of scalable dims at source (${sa}) and result (${sb})`).fail()
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | Operation | undefined {
    const source = op.getOperand(0)
    const type = op.getResult(0).type as VectorType
    if (source.type === type) {
      return [source]
    }
    const def = source.definingOp
    // shape_cast(shape_cast(x)) -> shape_cast(x)
    if (def !== null && def.name.name === 'vector.shape_cast') {
      op.setOperand(0, def.getOperand(0))
      return op
    }
    // shape_cast(broadcast(x)) -> x when x has the result type.
    if (def !== null && def.name.name === 'vector.broadcast' && def.getOperand(0).type === type) {
      return [def.getOperand(0)]
    }
    const c = operands[0]
    if (c instanceof DenseIntOrFPElementsAttr && c.isSplat) {
      return [DenseIntOrFPElementsAttr.get(type, c.values, true, c.nanBits)]
    }
    if (c instanceof PoisonAttr) {
      return [c]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [ShapeCastBroadcastFolder])
  },
})

/** MLIR's `ShapeCastBroadcastFolder`: a shape_cast of a broadcast is a broadcast of its source when that is valid. */
const ShapeCastBroadcastFolder: CanonicalizationPattern = {
  name: 'ShapeCastBroadcastFolder',
  rootName: 'vector.shape_cast',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const def = op.getOperand(0).definingOp
    if (def === null || def.name.name !== 'vector.broadcast') {
      return false
    }
    const source = def.getOperand(0)
    const dst = op.getResult(0).type as VectorType
    if (source.type instanceof VectorType && broadcastError(source.type, dst) !== null) {
      return false
    }
    replaceWithBroadcast(rewriter, op, source, dst)
    return true
  },
}

// ---- vector.fma ----------------------------------------------------------------------------

/** `vector.fma %a, %b, %c : vector<4xf32>`: the elementwise fused multiply-add `a * b + c`. */
export const FMAOp: OdsOp = defineOp({
  name: 'vector.fma',
  summary: 'vector fused multiply-add',
  operands: { lhs: VectorOfAnyFloat, rhs: VectorOfAnyFloat, acc: VectorOfAnyFloat },
  results: { result: VectorOfAnyFloat },
  traits: Trait.Pure | Trait.Elementwise,
  allTypesMatch: [['lhs', 'rhs', 'acc', 'result']],
  assemblyFormat: '$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)',
})

// ---- vector.reduction ----------------------------------------------------------------------

/** MLIR's `isSupportedCombiningKind`. */
function supportsKind(kind: string, t: Type): boolean {
  const isInt = t instanceof IntegerType || t instanceof IndexType
  const isFloat = t instanceof FloatType
  switch (kind) {
    case 'add':
    case 'mul':
      return isInt || isFloat
    case 'minui':
    case 'minsi':
    case 'maxui':
    case 'maxsi':
    case 'and':
    case 'or':
    case 'xor':
      return isInt
    default:
      return isFloat
  }
}

/** The arith op combining two scalars for `kind` (MLIR's `makeArithReduction`, without fastmath). */
const COMBINE_OPS: Readonly<Record<string, readonly [string, string]>> = {
  add: ['arith.addi', 'arith.addf'],
  mul: ['arith.muli', 'arith.mulf'],
  minui: ['arith.minui', ''],
  minsi: ['arith.minsi', ''],
  minnumf: ['', 'arith.minnumf'],
  maxui: ['arith.maxui', ''],
  maxsi: ['arith.maxsi', ''],
  maxnumf: ['', 'arith.maxnumf'],
  and: ['arith.andi', ''],
  or: ['arith.ori', ''],
  xor: ['arith.xori', ''],
  maximumf: ['', 'arith.maximumf'],
  minimumf: ['', 'arith.minimumf'],
}

/**
 * MLIR's `ElideSingleElementReduction`: reducing a one-element vector is an extract, combined
 * with the accumulator when there is one.
 */
const ElideSingleElementReduction: CanonicalizationPattern = {
  name: 'ElideSingleElementReduction',
  rootName: 'vector.reduction',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const type = op.getOperand(0).type as VectorType
    if (type.shape.length !== 0 && type.shape[0] !== 1) {
      return false
    }
    const eltType = type.elementType
    const position = type.shape.length === 0 ? [] : [0n]
    let value = createBefore(rewriter, op, 'vector.extract', [op.getOperand(0)], [eltType], [['static_position', i64Array(op, position)]]).getResult(0)
    if (op.numOperands === 2) {
      const kind = (op.getAttr('kind') as CombiningKindAttr).kind
      const name = COMBINE_OPS[kind]![eltType instanceof FloatType ? 1 : 0]
      if (name === '') {
        return false
      }
      const fastmath = op.getAttr('fastmath')
      const props: [string, Attribute][] = eltType instanceof FloatType && fastmath instanceof FastMathFlagsAttr && fastmath.value !== 0 ? [['fastmath', fastmath]] : []
      value = createBefore(rewriter, op, name, [value, op.getOperand(1)], [eltType], props).getResult(0)
    }
    rewriter.replaceOp(op, [value])
    return true
  },
}

/** `vector.reduction <add>, %v (, %acc)? : vector<4xf32> into f32`: reduces a 1-D vector to a scalar. */
export const ReductionOp: OdsOp = defineOp({
  name: 'vector.reduction',
  summary: 'reduction operation',
  operands: { vector: AnyVector, acc: optional(AnyType) },
  results: { dest: AnyType },
  attributes: { kind: CombiningKindAttrC, fastmath: defaultValuedAttr(FastMathAttrC, (c) => FastMathFlagsAttr.get(c, 0)) },
  traits: Trait.Pure,
  typesMatchWith: [{ from: 'dest', to: 'acc', transform: (t: Type) => t, summary: 'dest and acc have the same type' }],
  assemblyFormat: '$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)',
  verify(op: Operation): LogicalResult {
    const type = op.getOperand(0).type as VectorType
    if (type.elementType !== op.getResult(0).type) {
      return op.emitOpError('failed to verify that source operand and result have same element type').fail()
    }
    if (type.shape.length > 1) {
      return op.emitOpError(`unsupported reduction rank: ${type.shape.length}`).fail()
    }
    const kind = (op.getAttr('kind') as CombiningKindAttr).kind
    const eltType = op.getResult(0).type
    if (!supportsKind(kind, eltType)) {
      // Upstream streams the type, which diagnostics quote, between its own quotes.
      return op.emitOpError(`unsupported reduction type ''${printType(eltType)}'' for kind '${kind}'`).fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [ElideSingleElementReduction])
  },
})

// ---- vector.from_elements ------------------------------------------------------------------

/** `vector.from_elements %a, %b : vector<2xf32>`: a vector of scalars, in row-major order. */
export const FromElementsOp: OdsOp = defineOp({
  name: 'vector.from_elements',
  summary: 'operation that defines a vector from scalar elements',
  operands: { elements: variadic(AnyType) },
  results: { dest: AnyVector },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const operandsLoc = parser.getCurrentLocation()
    const elements = parser.parseOperandList()
    if (elements === undefined || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const type = parseTypeOfKind(parser, 'vector', isVector) as VectorType | undefined
    if (type === undefined) {
      return false
    }
    const n = numElements(type)
    if (elements.length !== n) {
      return parser.emitError(operandsLoc, `number of operands and types do not match: got ${elements.length} operands and ${n} types`).fail()
    }
    state.addTypes([type])
    return parser.resolveOperands(elements, type.elementType, operandsLoc, state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperands(op.getOperands())
    p.printOptionalAttrDict(op.getAttrs())
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const type = op.getResult(0).type as VectorType
    const n = numElements(type)
    if (op.numOperands !== n) {
      return op.emitOpError(`failed to verify that type of 'elements' matches result element type`).fail()
    }
    for (const v of op.getOperands()) {
      if (v.type !== type.elementType) {
        return op.emitOpError(`failed to verify that type of 'elements' matches result element type`).fail()
      }
    }
    return true
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const type = op.getResult(0).type as VectorType
    const values: (bigint | number)[] = []
    for (const c of operands) {
      if (c instanceof IntegerAttr) {
        values.push(c.value)
      } else if (c instanceof FloatAttr && c.nanBits === null) {
        values.push(c.value)
      } else {
        return undefined
      }
    }
    if (values.length === 0) {
      return undefined
    }
    const splat = values.every((v) => Object.is(v, values[0]))
    return [DenseIntOrFPElementsAttr.get(type, (splat ? [values[0]] : values) as bigint[] | number[], splat)]
  },
})

// ---- vector.constant_mask / vector.create_mask ---------------------------------------------

function maskSizes(op: Operation): number[] {
  const a = op.getAttr('mask_dim_sizes')
  return a instanceof DenseArrayAttr ? (a.values as readonly (bigint | number)[]).map(Number) : []
}

/** `vector.constant_mask [2, 3] : vector<4x4xi1>`: a mask whose leading `[2, 3]` region is set. */
export const ConstantMaskOp: OdsOp = defineOp({
  name: 'vector.constant_mask',
  summary: 'creates a constant vector mask',
  results: { '#result': VectorOfI1 },
  attributes: { mask_dim_sizes: DenseI64ArrayAttr },
  traits: Trait.Pure,
  assemblyFormat: '$mask_dim_sizes attr-dict `:` type(results)',
  verify(op: Operation): LogicalResult {
    const type = op.getResult(0).type as VectorType
    const sizes = maskSizes(op)
    if (type.shape.length === 0) {
      if (sizes.length !== 1) {
        return op.emitError('array attr must have length 1 for 0-D vectors').fail()
      }
      if (sizes[0] !== 0 && sizes[0] !== 1) {
        return op.emitError('mask dim size must be either 0 or 1 for 0-D vectors').fail()
      }
      return true
    }
    if (sizes.length !== type.shape.length) {
      return op.emitOpError('must specify array attr of size equal vector result rank').fail()
    }
    for (let i = 0; i < sizes.length; i++) {
      const s = sizes[i]!
      if (s < 0 || s > type.shape[i]!) {
        return op.emitOpError('array attr of size out of bounds of vector result dimension size').fail()
      }
      if (type.scalableDims[i] && s !== 0 && s !== type.shape[i]) {
        return op.emitOpError("only supports 'none set' or 'all set' scalable dimensions").fail()
      }
    }
    if (sizes.includes(0) && !sizes.every((s) => s === 0)) {
      return op.emitOpError('expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim').fail()
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // All set or all clear is a splat constant.
    const type = op.getResult(0).type as VectorType
    const sizes = maskSizes(op)
    if (type.isScalable) {
      return undefined
    }
    const allSet = type.shape.length === 0 ? sizes[0] === 1 : sizes.every((s, i) => s === type.shape[i])
    const allClear = sizes.every((s) => s === 0)
    if (!allSet && !allClear) {
      return undefined
    }
    return [DenseIntOrFPElementsAttr.get(type, [allSet ? -1n : 0n], true)]
  },
})

/** MLIR's `CreateMaskFolder`: a `create_mask` of constant sizes is a `constant_mask`, clamped to the shape. */
const CreateMaskFolder: CanonicalizationPattern = {
  name: 'CreateMaskFolder',
  rootName: 'vector.create_mask',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const type = op.getResult(0).type as VectorType
    if (type.isScalable) {
      return false
    }
    const sizes: bigint[] = []
    for (let i = 0; i < op.numOperands; i++) {
      const c = matchConstantValue(op.getOperand(i))
      if (!(c instanceof IntegerAttr)) {
        return false
      }
      const max = BigInt(type.shape.length === 0 ? 1 : type.shape[i]!)
      sizes.push(c.value < 0n ? 0n : c.value > max ? max : c.value)
    }
    if (sizes.includes(0n)) {
      sizes.fill(0n)
    }
    const made = createBefore(rewriter, op, 'vector.constant_mask', [], [type], [['mask_dim_sizes', i64Array(op, sizes)]])
    rewriter.replaceOp(op, made.results)
    return true
  },
}

/** `vector.create_mask %a, %b : vector<4x4xi1>`: a mask whose leading `[%a, %b]` region is set. */
export const CreateMaskOp: OdsOp = defineOp({
  name: 'vector.create_mask',
  summary: 'creates a vector mask',
  operands: { operands: variadic(Index) },
  results: { '#result': VectorOfI1 },
  traits: Trait.Pure,
  assemblyFormat: '$operands attr-dict `:` type(results)',
  verify(op: Operation): LogicalResult {
    const type = op.getResult(0).type as VectorType
    if (type.shape.length === 0) {
      if (op.numOperands !== 1) {
        return op.emitOpError('must specify exactly one operand for 0-D create_mask').fail()
      }
    } else if (op.numOperands !== type.shape.length) {
      return op.emitOpError('must specify an operand for each result vector dimension').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [CreateMaskFolder])
  },
})

/** The ops of this file. */
export const vectorValueOps: readonly OdsOp[] = [BroadcastOp, ExtractOp, InsertOp, ShapeCastOp, FMAOp, ReductionOp, FromElementsOp, ConstantMaskOp, CreateMaskOp]
