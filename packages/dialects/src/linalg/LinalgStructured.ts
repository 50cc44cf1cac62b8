/**
 * What the structured ops of the `linalg` dialect share (MLIR's `LinalgStructuredInterface`,
 * `DestinationStyleOpInterface` and `IndexingMapOpInterface`): the `ins(...) outs(...)`
 * syntax, the destination-style verifier, the structured verifier (indexing maps, region
 * arguments, static shapes), memory effects and speculatability.
 */
import {
  AffineConstantExpr,
  AnyRegion,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  ArrayAttr,
  ConditionallySpeculatable,
  DenseArrayAttr,
  MemRefType,
  RankedTensorType,
  ShapedType,
  kDynamic,
  printAttribute,
  type AffineBinaryOpExpr,
  type AffineExpr,
  type Attribute,
  type InterfaceImpl,
  type LogicalResult,
  type MemoryEffect,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpSpec,
  type Operation,
  type OperationState,
  type Type,
  type Value,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'
import { foldMemRefCastOperands } from '../memref/MemRefMiscOps.ts'

/** The number of inputs and inits of a structured op (its `operandSegmentSizes`). */
export function dpsCounts(op: Operation): [number, number] {
  const a = op.getAttr('operandSegmentSizes')
  if (a instanceof DenseArrayAttr && a.values.length === 2) {
    return [Number(a.values[0]), Number(a.values[1])]
  }
  return [op.numOperands - 1, 1]
}

/** The `ins` operands of a structured op. */
export function dpsInputs(op: Operation): Value[] {
  return op.getOperands().slice(0, dpsCounts(op)[0])
}

/** The `outs` (init) operands of a structured op. */
export function dpsInits(op: Operation): Value[] {
  const [n, m] = dpsCounts(op)
  return op.getOperands().slice(n, n + m)
}

/** The element type of a shaped type, or the type itself (`getElementTypeOrSelf`). */
export function elementTypeOrSelf(t: Type): Type {
  return t instanceof ShapedType ? t.elementType : t
}

function shapeOf(t: Type): readonly number[] {
  return t instanceof RankedTensorType || t instanceof MemRefType ? t.shape : []
}

/** True when every operand of `op` that is shaped is a tensor (MLIR's `hasPureTensorSemantics`). */
export function hasPureTensorSemantics(op: Operation): boolean {
  return op.getOperands().every((v) => !(v.type instanceof MemRefType))
}

/** True when every shaped operand of `op` is a memref. */
function hasPureBufferSemantics(op: Operation): boolean {
  return op.getOperands().every((v) => !(v.type instanceof ShapedType) || v.type instanceof MemRefType)
}

// ---- syntax --------------------------------------------------------------------------------

/**
 * MLIR's `parseCommonStructuredOpParts`: `[<{props}>] [{attrs}] [ins(%a, ... : types)]
 * [outs(%b, ... : types)]`, with the operands resolved and `operandSegmentSizes` added when asked.
 */
export function parseCommonStructuredOpParts(parser: OpAsmParser, state: OperationState, inputTypes: Type[], outputTypes: Type[], addOperandSegmentSizes = true): LogicalResult {
  if (parser.parseOptionalLess()) {
    const props = parser.parseAttribute()
    if (props === undefined || !parser.parseGreater()) {
      return false
    }
    if ('entries' in props) {
      for (const e of (props as { entries: readonly { name: string; value: Attribute }[] }).entries) {
        state.addProperty(e.name, e.value)
      }
    }
  }
  if (!parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  let inputs: ReturnType<OpAsmParser['parseOperandList']> = []
  let outputs: ReturnType<OpAsmParser['parseOperandList']> = []
  let inputsLoc = parser.getCurrentLocation()
  let outputsLoc = inputsLoc
  if (parser.parseOptionalKeyword('ins')) {
    if (!parser.parseLParen()) {
      return false
    }
    inputsLoc = parser.getCurrentLocation()
    inputs = parser.parseOperandList()
    const types = inputs === undefined ? undefined : parser.parseColonTypeList()
    if (types === undefined || !parser.parseRParen()) {
      return false
    }
    inputTypes.push(...types)
  }
  if (parser.parseOptionalKeyword('outs')) {
    outputsLoc = parser.getCurrentLocation()
    if (!parser.parseLParen()) {
      return false
    }
    outputs = parser.parseOperandList()
    const types = outputs === undefined ? undefined : parser.parseColonTypeList()
    if (types === undefined || !parser.parseRParen()) {
      return false
    }
    outputTypes.push(...types)
  }
  if (!parser.resolveOperands(inputs!, inputTypes, inputsLoc, state.operands) || !parser.resolveOperands(outputs!, outputTypes, outputsLoc, state.operands)) {
    return false
  }
  if (addOperandSegmentSizes) {
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [inputs!.length, outputs!.length]))
  }
  return true
}

/** MLIR's `printCommonStructuredOpParts`: ` ins(%a : t) outs(%b : t)`, each part only when not empty. */
export function printCommonStructuredOpParts(p: OpAsmPrinter, inputs: readonly Value[], outputs: readonly Value[]): void {
  const part = (keyword: string, values: readonly Value[]): void => {
    if (values.length !== 0) {
      p.print(` ${keyword}(`)
      p.printOperands(values)
      p.print(' : ')
      p.printTypes(values.map((v) => v.type))
      p.print(')')
    }
  }
  part('ins', inputs)
  part('outs', outputs)
}

// ---- indexing maps -------------------------------------------------------------------------

/** The indexing maps of `op` (its `indexing_maps` attribute, or `defaults` for named ops). */
export function indexingMapsOf(op: Operation, defaults: ((op: Operation) => AffineMap[]) | null): AffineMap[] {
  const a = op.getAttr('indexing_maps')
  if (a instanceof ArrayAttr) {
    return a.elements.map((e) => (e as AffineMapAttr).value)
  }
  return defaults === null ? [] : defaults(op)
}

/** The values of the dense i64 array attribute `name` of `op` (empty when absent). */
export function i64ArrayOf(op: Operation, name: string): number[] {
  const a = op.getAttr(name)
  return a instanceof DenseArrayAttr ? (a.values as readonly (bigint | number)[]).map((v) => Number(v)) : []
}

/** True when `perm` holds each of `0 .. perm.length - 1` once (MLIR's `isPermutationVector`). */
export function isPermutationVector(perm: readonly number[]): boolean {
  const seen = new Set<number>()
  return perm.every((p) => p >= 0 && p < perm.length && !seen.has(p) && seen.add(p) !== undefined)
}

/**
 * The indexing maps of `linalg.transpose` (the inverse of its permutation for the input, the
 * identity for the init) and `linalg.broadcast` (the identity without the added dimensions);
 * null for other ops or an invalid permutation.
 */
export function shapeOpIndexingMaps(op: Operation): AffineMap[] | null {
  const ctx = op.context
  const init = dpsInits(op)[0]
  const rank = init === undefined ? 0 : shapeOf(init.type).length
  const identity = AffineMap.identity(ctx, rank)
  if (op.name.name === 'linalg.transpose') {
    const perm = i64ArrayOf(op, 'permutation')
    if (!isPermutationVector(perm) || perm.length !== rank) {
      return null
    }
    const inverse: AffineExpr[] = new Array<AffineExpr>(rank)
    perm.forEach((p, i) => {
      inverse[p] = AffineDimExpr.get(ctx, i)
    })
    return [AffineMap.get(ctx, rank, 0, inverse), identity]
  }
  if (op.name.name === 'linalg.broadcast') {
    const dims = i64ArrayOf(op, 'dimensions')
    return [AffineMap.get(ctx, rank, 0, identity.results.filter((_, i) => !dims.includes(i))), identity]
  }
  return null
}

/** The number of loops (`iterator_types` entries, or the first map's dims for named ops). */
export function numLoopsOf(op: Operation, maps: readonly AffineMap[]): number {
  const it = op.getAttr('iterator_types')
  if (it instanceof ArrayAttr) {
    return it.length
  }
  return maps[0]?.numDims ?? 0
}

/** MLIR's `concatAffineMaps`: the results of every map in one map over the most dims. */
function concatMaps(maps: readonly AffineMap[]): AffineMap | null {
  if (maps.length === 0) {
    return null
  }
  let numDims = 0
  const results: AffineExpr[] = []
  for (const m of maps) {
    numDims = Math.max(numDims, m.numDims)
    results.push(...m.results)
  }
  return AffineMap.get(maps[0]!.context, numDims, 0, results)
}

/** MLIR's `inversePermutation`: for each dim, the first result position that is exactly that dim; null if some dim has none. */
function inversePermutation(map: AffineMap): number[] | null {
  const firstUse: number[] = new Array<number>(map.numDims).fill(-1)
  map.results.forEach((r, i) => {
    if (r instanceof AffineDimExpr && firstUse[r.position] === -1) {
      firstUse[r.position] = i
    }
  })
  return firstUse.includes(-1) ? null : firstUse
}

/** `expr` evaluated with `dims` for the dimensions (symbols are not allowed here). */
function evalExpr(expr: AffineExpr, dims: readonly number[]): number {
  if (expr instanceof AffineDimExpr) {
    return dims[expr.position] ?? 0
  }
  if (expr instanceof AffineConstantExpr) {
    return Number(expr.value)
  }
  const bin = expr as AffineBinaryOpExpr
  const l = evalExpr(bin.lhs, dims)
  const r = evalExpr(bin.rhs, dims)
  switch (bin.kind) {
    case AffineExprKind.Add:
      return l + r
    case AffineExprKind.Mul:
      return l * r
    case AffineExprKind.Mod:
      return r === 0 ? 0 : ((l % r) + r) % r
    case AffineExprKind.FloorDiv:
      return r === 0 ? 0 : Math.floor(l / r)
    default:
      return r === 0 ? 0 : Math.ceil(l / r)
  }
}

function mapText(map: AffineMap): string {
  const s = printAttribute(AffineMapAttr.get(map))
  return s.slice('affine_map<'.length, -1)
}

// ---- verification --------------------------------------------------------------------------

/** MLIR's `verifyDestinationStyleOpInterface`: one result per tensor init, of the init's type. */
export function verifyDestinationStyle(op: Operation): LogicalResult {
  const inits = dpsInits(op)
  const tensorInits = inits.filter((v) => v.type instanceof RankedTensorType || (v.type instanceof ShapedType && !(v.type instanceof MemRefType)))
  if (op.numResults !== tensorInits.length) {
    return op.emitOpError(`expected the number of tensor results (${op.numResults}) to be equal to the number of output tensors (${tensorInits.length})`).fail()
  }
  const base = dpsCounts(op)[0]
  for (let i = 0; i < tensorInits.length; i++) {
    const init = tensorInits[i]!
    const result = op.getResult(i)
    if (init.type !== result.type) {
      const number = base + inits.indexOf(init)
      return op.emitOpError(`expected type of operand #${number} (${typeText(init.type)}) to match type of corresponding result (${typeText(result.type)})`).fail()
    }
  }
  return true
}

/**
 * MLIR's `verifyStructuredOpInterface` (with `IndexingMapOpInterface::verifyImpl`): one map per
 * operand, invertible, of the loop count and the operand's rank; a single-block region with one
 * argument per operand of its element type; static sizes consistent with the maps.
 */
export function verifyStructuredOp(op: Operation, maps: readonly AffineMap[]): LogicalResult {
  if (!hasPureTensorSemantics(op) && !hasPureBufferSemantics(op) && op.numResults > 0) {
    return op.emitOpError('expected to have pure tensor or buffer semantics').fail()
  }
  const operands = op.getOperands()
  if (maps.length !== operands.length) {
    return op.emitOpError(`expected the number of indexing_map (${maps.length}) to be equal to the number of input/output operands (${operands.length})`).fail()
  }
  const concat = concatMaps(maps)
  const inverse = concat === null ? [] : inversePermutation(concat)
  if (inverse === null) {
    return op.emitOpError(`invalid indexing maps are non-invertible: (${mapText(concat!)})`).fail()
  }
  const allShapes: number[] = []
  for (const v of operands) {
    allShapes.push(...shapeOf(v.type))
  }
  const loopRanges = inverse.map((pos) => allShapes[pos] ?? kDynamic)
  for (let i = 0; i < operands.length; i++) {
    const map = maps[i]!
    if (map.numSymbols !== 0) {
      return op.emitOpError(`unexpected symbols in indexing_map #${i}`).fail()
    }
    if (map.numDims !== loopRanges.length) {
      return op.emitOpError(`expected indexing_map #${i} to have ${loopRanges.length} dim(s) to match the number of loops`).fail()
    }
    const rank = shapeOf(operands[i]!.type).length
    if (map.numResults !== rank) {
      return op.emitOpError(`expected operand #${i} rank (${rank}) to match the result rank of indexing_map (${map.numResults})`).fail()
    }
  }
  const numLoops = numLoopsOf(op, maps)
  for (let i = 0; i < operands.length; i++) {
    if (maps[i]!.numDims !== numLoops) {
      return op.emitOpError(`expected indexing_map #${i} to have ${numLoops} dim(s) to match the number of loops`).fail()
    }
  }
  if (op.numRegions !== 1 || op.getRegion(0).firstBlock === null || op.getRegion(0).firstBlock !== op.getRegion(0).lastBlock) {
    return op.emitOpError('expects to have 1 region with 1 block').fail()
  }
  const block = op.getRegion(0).front
  if (block.numArguments !== operands.length) {
    return op.emitOpError('expected as many non-induction variable region arguments as the number of input/output operands').fail()
  }
  for (let i = 0; i < operands.length; i++) {
    const elementType = elementTypeOrSelf(operands[i]!.type)
    const argType = block.getArgument(i).type
    if (elementType !== argType) {
      return op.emitOpError(`expected type of bb argument #${i} (${typeText(argType)}) to match element or self type of the corresponding operand (${typeText(elementType)})`).fail()
    }
  }
  if (loopRanges.some((r) => r === kDynamic)) {
    return true
  }
  const start = loopRanges.map(() => 0)
  const end = loopRanges.map((r) => r - 1)
  for (let i = 0; i < operands.length; i++) {
    const map = maps[i]!
    const shape = shapeOf(operands[i]!.type)
    for (let d = 0; d < shape.length; d++) {
      if (shape[d] === kDynamic || shape[d] === 0) {
        continue
      }
      const a = evalExpr(map.results[d]!, start)
      const b = evalExpr(map.results[d]!, end)
      const inferred = Math.max(a, b) + 1
      if (Math.min(a, b) < 0) {
        return op.emitOpError(`unexpected result less than 0 at expression #${d} in ${mapText(map)}`).fail()
      }
      if (map.results[d] instanceof AffineDimExpr) {
        if (inferred !== shape[d]) {
          return op.emitOpError(`inferred input/output operand #${i} has shape's dimension #${d} to be ${inferred}, but found ${shape[d]}`).fail()
        }
      } else if (inferred > shape[d]!) {
        return op.emitOpError(`inferred input/output operand #${i} has shape's dimension #${d} to be greater than or equal to ${inferred}, but found ${shape[d]}`).fail()
      }
    }
  }
  return true
}

/** MLIR's `LinalgOp::fold`: operands produced by a ranked `memref.cast` take the cast's source (in place). */
export function foldStructuredOp(op: Operation): Operation | undefined {
  return foldMemRefCastOperands(op) ? op : undefined
}

// ---- effects and speculation ---------------------------------------------------------------

/**
 * MLIR's `getGenericEffectsImpl`: memref inputs are read, memref inits written (and read when
 * the body uses their value); tensors have no effect.
 */
export function structuredMemoryEffects(op: Operation): readonly MemoryEffect[] {
  const effects: MemoryEffect[] = []
  for (const v of dpsInputs(op)) {
    if (v.type instanceof MemRefType) {
      effects.push({ kind: 'read', value: v })
    }
  }
  const [n] = dpsCounts(op)
  const inits = dpsInits(op)
  const block = op.numRegions === 1 ? op.getRegion(0).firstBlock : null
  for (let i = 0; i < inits.length; i++) {
    const v = inits[i]!
    if (!(v.type instanceof MemRefType)) {
      continue
    }
    const arg = block !== null && n + i < block.numArguments ? block.getArgument(n + i) : null
    if (arg === null || !arg.useEmpty) {
      effects.push({ kind: 'read', value: v })
    }
    effects.push({ kind: 'write', value: v })
  }
  return effects
}

/** MLIR's `getGenericSpeculatabilityImpl`: tensor ops are as speculatable as their body; buffer ops are not. */
export const structuredSpeculatability: InterfaceImpl = ConditionallySpeculatable.impl({
  getSpeculatability: (op) => (hasPureTensorSemantics(op) ? 'recursively-speculatable' : 'not-speculatable'),
})

/**
 * The spec fields every structured op shares (ODS's `LinalgStructuredBase_Op`): one body region
 * ending in `linalg.yield`, recursive memory effects with the operands' own effects,
 * speculatability and the `memref.cast` folder. Ops with `ins`/`outs` lists add
 * `AttrSizedOperandSegments`.
 */
export const structuredOpBase: Pick<OpSpec, 'regions' | 'implicitTerminatorName' | 'interfaces' | 'memoryEffects' | 'fold'> = {
  regions: { region: AnyRegion },
  implicitTerminatorName: 'linalg.yield',
  interfaces: [structuredSpeculatability],
  memoryEffects: structuredMemoryEffects,
  fold: foldStructuredOp,
}
