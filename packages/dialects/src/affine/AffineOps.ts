import {
  type AffineBinaryOpExpr,
  AffineConstantExpr,
  type AffineDimExpr,
  AffineExprKind,
  type AffineExpr,
  type Attribute,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  AnyMemRef,
  AnyRegion,
  AnyType,
  DenseArrayAttr,
  Index,
  IndexAttr,
  IndexType,
  IntegerAttr,
  IntegerSetAttr,
  LoopLikeOpInterface,
  MemRefType,
  OperationState,
  ConditionallySpeculatable,
  type Speculatability,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  SizedRegion,
  Trait,
  attrConstraint,
  defineOp,
  printType,
  variadic,
  type AttrConstraint,
  type BlockArgument,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type Region,
  type RegionSuccessor,

  type Type,
  type UnresolvedOperand,
  type Value,
  ArrayAttr,
  ComplexType,
  DenseIntOrFPElementsAttr,
  DenseStringElementsAttr,
  FloatAttr,
  StringAttr,
  type DenseElementsAttr,
  type OpFoldResult,
} from '@tilepass/ir'
import { foldMemRefCastOperands, globalConstantInitValue, lookupGetGlobal } from '../memref/MemRefMiscOps.ts'
import { ensureTerminator } from '../scf/ScfTerminators.ts'
import { addPatterns } from '../internal/RewriterLike.ts'
import { AffineForEmptyLoopFolder, AlwaysTrueOrFalseIf, SimplifyAffineApply, SimplifyDeadElse, foldAffineIf, SimplifyAffineLoad, SimplifyAffineStore, affineMaxPatterns, affineMinPatterns, foldAffineFor } from './AffineCanonicalize.ts'

/** `AffineMapAttr` as an ODS attribute constraint. */
export const AffineMapAttrC: AttrConstraint = attrConstraint('AffineMap attribute', (a) => a instanceof AffineMapAttr, { isStorageKind: (a) => a instanceof AffineMapAttr })
/** `IntegerSetAttr` as an ODS attribute constraint. */
const IntegerSetAttrC: AttrConstraint = attrConstraint('IntegerSet attribute', (a) => a instanceof IntegerSetAttr)

// ---- dims and symbols ----------------------------------------------------------------------

/** The region of the closest ancestor of `op` with the `AffineScope` trait, or null. */
export function getAffineScope(op: Operation): Region | null {
  let region = op.parentRegion
  while (region !== null) {
    const parent = region.parentOp
    if (parent === null) {
      return null
    }
    if (parent.hasTrait(Trait.AffineScope)) {
      return region
    }
    region = parent.parentRegion
  }
  return null
}

/** Whether `value` is defined directly in an `AffineScope` region (MLIR's `isTopLevelValue`). */
export function isTopLevelValue(value: Value): boolean {
  const parent = value.parentRegion?.parentOp ?? null
  return parent !== null && parent.hasTrait(Trait.AffineScope)
}

/** Whether `value` is an argument of, or defined directly in, `region`. */
function isTopLevelValueIn(value: Value, region: Region): boolean {
  return value.parentRegion === region
}

/** The region `region`'s parent op sits in, when that op is not isolated from above. */
function enclosingRegionOf(region: Region | null): Region | null {
  const parent = region?.parentOp ?? null
  if (parent === null || parent.hasTrait(Trait.IsolatedFromAbove)) {
    return null
  }
  return parent.parentRegion
}

/** Whether `value` is `index` typed. */
function isIndex(value: Value): boolean {
  return value.type instanceof IndexType
}

/**
 * The memref a `memref.dim` reads and the dimension it asks for (null when not constant),
 * or undefined when `op` is no dim op.
 */
function dimOpSource(op: Operation): { shaped: Value; index: bigint | null } | undefined {
  if (op.name.name !== 'memref.dim' && op.name.name !== 'tensor.dim') {
    return undefined
  }
  const indexDef = op.getOperand(1).definingOp
  const attr = indexDef !== null && indexDef.hasTrait(Trait.ConstantLike) ? indexDef.getAttr('value') : undefined
  return { shaped: op.getOperand(0), index: attr instanceof IntegerAttr ? attr.value : null }
}

/** MLIR's `isMemRefSizeValidSymbol`: a static size, or a dynamic size operand that is a valid symbol. */
function isMemRefSizeValidSymbol(def: Operation, index: number, region: Region | null): boolean {
  const type = def.getResult(0).type
  if (!(type instanceof MemRefType) || index < 0 || index >= type.shape.length) {
    return false
  }
  if (type.shape[index]! >= 0) {
    return true
  }
  let dynamicPos = 0
  for (let i = 0; i < index; i++) {
    if (type.shape[i]! < 0) {
      dynamicPos++
    }
  }
  // memref.alloc(%sizes..)[%symbols..]: dynamic sizes come first; subview/view sizes follow
  // their source and offsets (by name, as the memref dialect defines them).
  const name = def.name.name
  let sizes: readonly Value[]
  if (name === 'memref.alloc' || name === 'memref.alloca') {
    sizes = def.getOperands()
  } else {
    const seg = def.getAttr('operandSegmentSizes')
    if (!(seg instanceof DenseArrayAttr)) {
      return false
    }
    const counts = seg.values.map(Number)
    // The sizes are the third operand segment of both subview (source, offsets, sizes,
    // strides) and view (source, byte_shift, sizes).
    const start = counts[0]! + counts[1]!
    sizes = def.getOperands().slice(start, start + counts[2]!)
  }
  const size = sizes[dynamicPos]
  return size !== undefined && isValidSymbol(size, region)
}

/** MLIR's `isDimOpValidSymbol`. */
function isDimOpValidSymbol(shaped: Value, index: bigint | null, region: Region | null): boolean {
  if (isTopLevelValue(shaped)) {
    return true
  }
  const def = shaped.definingOp
  if (def === null || index === null) {
    return false
  }
  const name = def.name.name
  if (name !== 'memref.view' && name !== 'memref.subview' && name !== 'memref.alloc') {
    return false
  }
  return isMemRefSizeValidSymbol(def, Number(index), region)
}

/**
 * Whether `value` may be bound to a symbol of an affine map or set used in `region`
 * (MLIR's `isValidSymbol(Value, Region *)`).
 */
export function isValidSymbol(value: Value, region: Region | null): boolean {
  if (!isIndex(value)) {
    return false
  }
  if (region !== null && isTopLevelValueIn(value, region)) {
    return true
  }
  const def = value.definingOp
  if (def === null) {
    const outer = enclosingRegionOf(region)
    return outer !== null && isValidSymbol(value, outer)
  }
  if (def.hasTrait(Trait.ConstantLike)) {
    return true
  }
  if (def.name.name === 'affine.apply') {
    return def.getOperands().every((v) => isValidSymbol(v, region))
  }
  const dim = dimOpSource(def)
  if (dim !== undefined) {
    return isDimOpValidSymbol(dim.shaped, dim.index, region)
  }
  const outer = enclosingRegionOf(region)
  return outer !== null && isValidSymbol(value, outer)
}

/**
 * Whether `value` may be bound to a dimension of an affine map or set used in `region`
 * (MLIR's `isValidDim(Value, Region *)`).
 */
export function isValidDim(value: Value, region: Region | null): boolean {
  if (!isIndex(value)) {
    return false
  }
  if (isValidSymbol(value, region)) {
    return true
  }
  const def = value.definingOp
  if (def === null) {
    const parent = (value as BlockArgument).owner.parentOp
    return parent !== null && (parent.name.name === 'affine.for' || parent.name.name === 'affine.parallel')
  }
  if (def.name.name === 'affine.apply') {
    return def.getOperands().every((v) => isValidDim(v, region))
  }
  const dim = dimOpSource(def)
  if (dim !== undefined) {
    return isTopLevelValue(dim.shaped)
  }
  return false
}

/** Whether `value` is defined outside of `region`, in one of its enclosing regions. */
export function isDefinedAbove(value: Value, region: Region): boolean {
  const def = value.parentRegion
  for (let r = region.parentRegion; r !== null; r = r.parentRegion) {
    if (r === def) {
      return true
    }
  }
  return false
}

/** Checks that the first `numDims` operands are valid dims and the rest valid symbols. */
export function verifyDimAndSymbolIdentifiers(op: Operation, operands: readonly Value[], numDims: number): LogicalResult {
  const scope = getAffineScope(op)
  for (let i = 0; i < operands.length; i++) {
    if (i < numDims) {
      if (!isValidDim(operands[i]!, scope)) {
        return op.emitOpError('operand cannot be used as a dimension id').fail()
      }
    } else if (!isValidSymbol(operands[i]!, scope)) {
      return op.emitOpError('operand cannot be used as a symbol').fail()
    }
  }
  return true
}

// ---- shared syntax -------------------------------------------------------------------------

/** Parses `(%d, ...)[%s, ...]?` and resolves them as `index`; returns the number of dims or undefined. */
export function parseDimAndSymbolList(parser: OpAsmParser, operands: Value[]): number | undefined {
  const loc = parser.getCurrentLocation()
  const dims = parser.parseOperandList('paren')
  if (dims === undefined) {
    return undefined
  }
  const syms = parser.parseOperandList('optionalSquare')
  if (syms === undefined) {
    return undefined
  }
  const all: UnresolvedOperand[] = [...dims, ...syms]
  if (!parser.resolveOperands(all, IndexType.get(parser.context), loc, operands)) {
    return undefined
  }
  return dims.length
}

/** Prints `(%d, ...)` and, when there are symbols, `[%s, ...]`. */
export function printDimAndSymbolList(p: OpAsmPrinter, operands: readonly Value[], numDims: number): void {
  p.print('(')
  p.printOperands(operands.slice(0, numDims))
  p.print(')')
  if (operands.length > numDims) {
    p.print('[')
    p.printOperands(operands.slice(numDims))
    p.print(']')
  }
}

/**
 * Parses an attribute that must be a `kind` (else "invalid kind of attribute specified" at
 * its location) and records it as the property `name`.
 */
function parseKindedProperty<T extends Attribute>(
  parser: OpAsmParser,
  state: OperationState,
  name: string,
  kind: abstract new (...args: never[]) => T,
): T | undefined {
  const loc = parser.getCurrentLocation()
  const attr = parser.parseAttribute()
  if (attr === undefined) {
    return undefined
  }
  if (!(attr instanceof kind)) {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
    return undefined
  }
  state.addProperty(name, attr)
  return attr
}

/** Prints ` #map(%dims)[%syms] {attrs}`: the custom form of `affine.apply`, `affine.min` and `affine.max`. */
function printMapOp(op: Operation, p: OpAsmPrinter): void {
  const map = op.getAttr('map') as AffineMapAttr
  p.print(' ')
  p.printAttribute(map)
  printDimAndSymbolList(p, op.getOperands(), map.value.numDims)
  p.printOptionalAttrDict(op.getAttrs(), ['map'])
}

/** The operand count check of `affine.apply`, `affine.min` and `affine.max`. */
function verifyMapOperandCount(op: Operation): LogicalResult {
  const map = (op.getAttr('map') as AffineMapAttr).value
  if (op.numOperands !== map.numInputs) {
    return op.emitOpError('operand count and affine map dimension and symbol count must match').fail()
  }
  return true
}

// ---- affine.yield --------------------------------------------------------------------------

/** `affine.yield`: terminates the regions of affine ops, forwarding its operands. */
export const AffineYieldOp: OdsOp = defineOp({
  name: 'affine.yield',
  summary: 'Yield values to parent operation',
  operands: { operands: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parentOpNames: ['affine.for', 'affine.if', 'affine.parallel'],
  interfaces: [RegionBranchTerminatorOpInterface.impl({ getSuccessorOperands: (op) => op.getOperands() })],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op: Operation): LogicalResult {
    const parent = op.parentOp!
    if (parent.numResults !== op.numOperands) {
      return op.emitOpError('parent of yield must have same number of results as the yield operands').fail()
    }
    for (let i = 0; i < op.numOperands; i++) {
      if (parent.results[i]!.type !== op.getOperand(i).type) {
        return op.emitOpError('types mismatch between yield op and its parent').fail()
      }
    }
    return true
  },
})

// ---- affine.apply --------------------------------------------------------------------------

/** `affine.apply`: applies a single-result affine map to dim and symbol operands. */
export const AffineApplyOp: OdsOp = defineOp({
  name: 'affine.apply',
  summary: 'affine apply operation',
  operands: { mapOperands: variadic(Index) },
  results: { '#0': Index },
  attributes: { map: AffineMapAttrC },
  traits: Trait.Pure,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyAffineApply])
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const mapAttr = parser.parseAttribute()
    if (mapAttr === undefined) {
      return false
    }
    if (!(mapAttr instanceof AffineMapAttr)) {
      return parser.emitError(parser.getNameLoc(), 'invalid kind of attribute specified').fail()
    }
    state.addProperty('map', mapAttr)
    const numDims = parseDimAndSymbolList(parser, state.operands)
    if (numDims === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const map = mapAttr.value
    if (map.numDims !== numDims || numDims + map.numSymbols !== state.operands.length) {
      return parser.emitError(parser.getNameLoc(), 'dimension or symbol index mismatch').fail()
    }
    const index = IndexType.get(parser.context)
    for (let i = 0; i < map.numResults; i++) {
      state.addTypes([index])
    }
    return true
  },
  print: printMapOp,
  verify(op: Operation): LogicalResult {
    if (!verifyMapOperandCount(op)) {
      return false
    }
    const map = (op.getAttr('map') as AffineMapAttr).value
    if (map.numResults !== 1) {
      return op.emitOpError('mapping must produce one value').fail()
    }
    // Unlike the other affine ops, affine.apply accepts operands that are neither dims nor
    // symbols (it is used outside affine analyses); only a dim in a symbol position is wrong.
    const scope = getAffineScope(op)
    const operands = op.getOperands()
    for (let i = map.numDims; i < operands.length; i++) {
      if (isValidDim(operands[i]!, scope) && !isValidSymbol(operands[i]!, scope)) {
        return op.emitError('dimensional operand cannot be used as a symbol').fail()
      }
    }
    return true
  },
  // MLIR's AffineApplyOp::fold: a dim or symbol result folds to its operand; otherwise the
  // map folds when every operand it reads is a constant.
  fold(op: Operation, operands: readonly (Attribute | null)[]): readonly (Attribute | Value)[] | undefined {
    const map = (op.getAttr('map') as AffineMapAttr).value
    const expr = map.results[0]!
    if (expr.kind === AffineExprKind.DimId) {
      return [op.getOperand((expr as AffineDimExpr).position)]
    }
    if (expr.kind === AffineExprKind.SymbolId) {
      return [op.getOperand(map.numDims + (expr as AffineSymbolExpr).position)]
    }
    const value = constantFoldAffineExpr(expr, map.numDims, operands)
    return value === null ? undefined : [IntegerAttr.get(IndexType.get(op.context), value)]
  },
})

const INT64_MIN = -(1n << 63n)
const INT64_MAX = (1n << 63n) - 1n

/**
 * The value of `expr` for constant dim and symbol operands (MLIR's
 * `AffineExprConstantFolder`): null when an operand it reads is not a constant, a divisor
 * is not positive (MLIR folds those to poison; Tilepass leaves the op), or a result leaves
 * the 64-bit range.
 */
export function constantFoldAffineExpr(expr: AffineExpr, numDims: number, operands: readonly (Attribute | null)[]): bigint | null {
  switch (expr.kind) {
    case AffineExprKind.Constant: {
      const c = expr as AffineConstantExpr
      return c.exactValue ?? BigInt(c.value)
    }
    case AffineExprKind.DimId:
    case AffineExprKind.SymbolId: {
      const pos = expr.kind === AffineExprKind.DimId ? (expr as AffineDimExpr).position : numDims + (expr as AffineSymbolExpr).position
      const a = operands[pos]
      return a instanceof IntegerAttr ? a.value : null
    }
    default: {
      const bin = expr as AffineBinaryOpExpr
      const lhs = constantFoldAffineExpr(bin.lhs, numDims, operands)
      if (lhs === null) {
        return null
      }
      const rhs = constantFoldAffineExpr(bin.rhs, numDims, operands)
      if (rhs === null) {
        return null
      }
      let r: bigint
      switch (expr.kind) {
        case AffineExprKind.Add:
          r = lhs + rhs
          break
        case AffineExprKind.Mul:
          r = lhs * rhs
          break
        case AffineExprKind.Mod: {
          if (rhs < 1n) {
            return null
          }
          const m = lhs % rhs
          r = m < 0n ? m + rhs : m
          break
        }
        case AffineExprKind.FloorDiv: {
          if (rhs === 0n) {
            return null
          }
          const q = lhs / rhs
          r = q * rhs !== lhs && (lhs < 0n) !== (rhs < 0n) ? q - 1n : q
          break
        }
        default: {
          if (rhs === 0n) {
            return null
          }
          const q = lhs / rhs
          r = q * rhs !== lhs && (lhs < 0n) === (rhs < 0n) ? q + 1n : q
          break
        }
      }
      return r < INT64_MIN || r > INT64_MAX ? null : r
    }
  }
}

// ---- affine.min / affine.max ---------------------------------------------------------------

/** The smallest (`isMin`) or largest constant of `values`. */
function pickExtreme(values: readonly bigint[], isMin: boolean): bigint {
  let best = values[0]!
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!
    if (isMin ? v < best : v > best) {
      best = v
    }
  }
  return best
}

/** `affine.min` / `affine.max`: the minimum or maximum of the results of an affine map. */
function defineMinMaxOp(name: 'affine.min' | 'affine.max', summary: string): OdsOp {
  const isMin = name === 'affine.min'
  return defineOp({
    name,
    summary,
    operands: { operands: variadic(Index) },
    results: { '#0': Index },
    attributes: { map: AffineMapAttrC },
    traits: Trait.Pure,
    getCanonicalizationPatterns(patterns: unknown): void {
      addPatterns(patterns, isMin ? affineMinPatterns : affineMaxPatterns)
    },
    // MLIR's parseAffineMinMaxOp: no count check while parsing (the verifier reports it).
    parse(parser: OpAsmParser, state: OperationState): LogicalResult {
      if (parseKindedProperty(parser, state, 'map', AffineMapAttr) === undefined) {
        return false
      }
      const numDims = parseDimAndSymbolList(parser, state.operands)
      if (numDims === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
        return false
      }
      state.addTypes([IndexType.get(parser.context)])
      return true
    },
    print: printMapOp,
    verify: verifyMapOperandCount,
    // MLIR's foldMinMaxOp, for the cases that need no map rewriting: every result constant
    // folds to the extreme one; `()[s0] -> (s0)` folds to its operand.
    fold(op: Operation, operands: readonly (Attribute | null)[]): readonly (Attribute | Value)[] | undefined {
      const map = (op.getAttr('map') as AffineMapAttr).value
      const values: bigint[] = []
      for (const expr of map.results) {
        const v = constantFoldAffineExpr(expr, map.numDims, operands)
        if (v === null) {
          break
        }
        values.push(v)
      }
      if (values.length === map.numResults && values.length > 0) {
        return [IntegerAttr.get(IndexType.get(op.context), pickExtreme(values, isMin))]
      }
      if (map.numDims === 0 && map.numSymbols === 1 && map.numResults === 1 && map.results[0]!.kind === AffineExprKind.SymbolId && operands[0] == null) {
        return [op.getOperand(0)]
      }
      return undefined
    },
  })
}

/** `affine.min`: the minimum of the results of an affine map. */
export const AffineMinOp: OdsOp = defineMinMaxOp('affine.min', 'min operation')
/** `affine.max`: the maximum of the results of an affine map. */
export const AffineMaxOp: OdsOp = defineMinMaxOp('affine.max', 'max operation')

// ---- affine.for ----------------------------------------------------------------------------

function segments(op: Operation): [number, number, number] {
  const a = op.getAttr('operandSegmentSizes')
  if (a instanceof DenseArrayAttr) {
    const v = a.values
    return [Number(v[0] ?? 0), Number(v[1] ?? 0), Number(v[2] ?? 0)]
  }
  return [0, 0, op.numOperands]
}

function boundMap(op: Operation, name: string): AffineMap {
  return (op.getAttr(name) as AffineMapAttr).value
}

/** The trip count of an `affine.for` with constant bounds and a positive step, else null. */
function trivialConstantTripCount(op: Operation): number | null {
  const lb = boundMap(op, 'lowerBoundMap')
  const ub = boundMap(op, 'upperBoundMap')
  const step = op.getAttr('step')
  const lbExpr = lb.numResults === 1 ? lb.results[0] : undefined
  const ubExpr = ub.numResults === 1 ? ub.results[0] : undefined
  if (!(lbExpr instanceof AffineConstantExpr) || !(ubExpr instanceof AffineConstantExpr) || !(step instanceof IntegerAttr) || step.value <= 0n) {
    return null
  }
  const diff = ubExpr.bigValue - lbExpr.bigValue
  return diff <= 0n ? 0 : Number((diff + step.value - 1n) / step.value)
}

function bodyArgs(op: Operation): readonly BlockArgument[] {
  const block = op.getRegion(0).firstBlock
  return block === null ? [] : block.arguments
}

/**
 * Parses one loop bound: `%s`, an integer, or `max`/`min` (for lower/upper bounds)
 * followed by an affine map and its dim and symbol operands.
 */
function parseBound(parser: OpAsmParser, state: OperationState, isLower: boolean): LogicalResult {
  const ctx = parser.context
  const mapName = isLower ? 'lowerBoundMap' : 'upperBoundMap'
  const hasPrefix = parser.parseOptionalKeyword(isLower ? 'max' : 'min')
  const operandLoc = parser.getCurrentLocation()
  const ssa = parser.parseOptionalOperand()
  if (ssa === undefined) {
    return false
  }
  if (ssa !== null) {
    // A single SSA value binds the symbol of `()[s0] -> (s0)`.
    if (!parser.resolveOperands([ssa], IndexType.get(ctx), operandLoc, state.operands)) {
      return false
    }
    state.addProperty(mapName, AffineMapAttr.get(AffineMap.get(ctx, 0, 1, [AffineSymbolExpr.get(ctx, 0)])))
    return true
  }
  const attrLoc = parser.getCurrentLocation()
  const attr = parser.parseAttribute(IndexType.get(ctx))
  if (attr === undefined) {
    return false
  }
  if (attr instanceof IntegerAttr) {
    state.addProperty(mapName, AffineMapAttr.get(AffineMap.get(ctx, 0, 0, [AffineConstantExpr.get(ctx, attr.value)])))
    return true
  }
  if (!(attr instanceof AffineMapAttr)) {
    return parser.emitError(attrLoc, 'expected valid affine map representation for loop bounds').fail()
  }
  const map = attr.value
  state.addProperty(mapName, attr)
  const before = state.operands.length
  const numDims = parseDimAndSymbolList(parser, state.operands)
  if (numDims === undefined) {
    return false
  }
  if (map.numDims !== numDims) {
    return parser.emitError(parser.getNameLoc(), 'dim operand count and affine map dim count must match').fail()
  }
  if (numDims + map.numSymbols !== state.operands.length - before) {
    return parser.emitError(parser.getNameLoc(), 'symbol operand count and affine map symbol count must match').fail()
  }
  if (map.numResults > 1 && !hasPrefix) {
    const bound = isLower ? 'lower' : 'upper'
    const prefix = isLower ? 'max' : 'min'
    return parser.emitError(attrLoc, `${bound} loop bound affine map with multiple results requires '${prefix}' prefix`).fail()
  }
  return true
}

function printBound(p: OpAsmPrinter, mapAttr: AffineMapAttr, operands: readonly Value[], prefix: string): void {
  const map = mapAttr.value
  if (map.numResults === 1) {
    const expr: AffineExpr = map.results[0]!
    if (map.numDims === 0 && map.numSymbols === 0 && expr instanceof AffineConstantExpr) {
      p.print(String(expr.bigValue))
      return
    }
    if (map.numDims === 0 && map.numSymbols === 1 && expr instanceof AffineSymbolExpr) {
      p.printOperand(operands[0]!)
      return
    }
  } else {
    p.print(`${prefix} `)
  }
  p.printAttribute(mapAttr)
  printDimAndSymbolList(p, operands, map.numDims)
}

/** `affine.for`: a loop with affine bounds, a constant positive step and loop-carried values. */
export const AffineForOp: OdsOp = defineOp({
  name: 'affine.for',
  summary: 'for operation',
  operands: { lowerBoundOperands: variadic(Index), upperBoundOperands: variadic(Index), inits: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: { lowerBoundMap: AffineMapAttrC, upperBoundMap: AffineMapAttrC, step: IndexAttr },
  regions: { region: SizedRegion(1) },
  traits: Trait.AttrSizedOperandSegments | Trait.AutomaticAllocationScope | Trait.RecursiveMemoryEffects | Trait.SingleBlock,
  implicitTerminatorName: 'affine.yield',
  fold: (op: Operation) => foldAffineFor(op),
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [AffineForEmptyLoopFolder])
  },
  interfaces: [
    RegionBranchOpInterface.impl({
      getSuccessorRegions(op: Operation, point: Region | null): RegionSuccessor[] {
        // A known trip count of 0 skips the body, and after 1 iteration the loop exits
        // (upstream's `getTrivialConstantTripCount`).
        const tripCount = trivialConstantTripCount(op)
        const body: RegionSuccessor = { region: op.getRegion(0), inputs: bodyArgs(op).slice(1) }
        const exit: RegionSuccessor = { region: null, inputs: op.results }
        if (point === null && tripCount !== null) {
          return [tripCount > 0 ? body : exit]
        }
        if (point !== null && tripCount === 1) {
          return [exit]
        }
        return [body, exit]
      },
      getEntrySuccessorOperands: (op) => op.getOperands().slice(op.numOperands - segments(op)[2]),
    }),
    LoopLikeOpInterface.impl({
      getLoopRegions: (op) => [op.getRegion(0)],
      isDefinedOutsideOfLoop: (op, value) => isDefinedAbove(value, op.getRegion(0)),
    }),
    // A loop with step one ends for any bounds; with another step it might not.
    ConditionallySpeculatable.impl({
      getSpeculatability(op: Operation): Speculatability {
        const step = op.getAttr('step')
        return step instanceof IntegerAttr && step.value === 1n ? 'recursively-speculatable' : 'not-speculatable'
      },
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const index = IndexType.get(ctx)
    const iv = parser.parseArgument(false, false)
    if (iv === undefined || !parser.parseEqual()) {
      return false
    }
    iv.type = index
    const before = state.operands.length
    if (!parseBound(parser, state, true)) {
      return false
    }
    const numLb = state.operands.length - before
    if (!parser.parseKeyword('to', ' between bounds')) {
      return false
    }
    const mid = state.operands.length
    if (!parseBound(parser, state, false)) {
      return false
    }
    const numUb = state.operands.length - mid
    if (!parser.parseOptionalKeyword('step')) {
      state.addProperty('step', IntegerAttr.get(index, 1))
    } else {
      const stepLoc = parser.getCurrentLocation()
      const step = parser.parseAttribute(index)
      if (step === undefined) {
        return false
      }
      if (!(step instanceof IntegerAttr)) {
        return parser.emitError(stepLoc, 'invalid kind of attribute specified').fail()
      }
      if (step.value < 0n) {
        return parser.emitError(stepLoc, 'expected step to be representable as a positive signed integer').fail()
      }
      state.addProperty('step', step)
    }
    const regionArgs: OpAsmArgument[] = [iv]
    const inits: UnresolvedOperand[] = []
    if (parser.parseOptionalKeyword('iter_args')) {
      if (!parser.parseAssignmentList(regionArgs, inits)) {
        return false
      }
      const types = parser.parseArrowTypeList()
      if (types === undefined) {
        return false
      }
      state.addTypes(types)
      for (let i = 0; i < inits.length && i < types.length; i++) {
        regionArgs[i + 1]!.type = types[i]!
        if (!parser.resolveOperand(inits[i]!, types[i]!, state.operands)) {
          return false
        }
      }
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [numLb, numUb, inits.length]))
    if (regionArgs.length !== state.types.length + 1) {
      return parser.emitError(parser.getNameLoc(), 'mismatch between the number of loop-carried values and results').fail()
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, regionArgs)) {
      return false
    }
    ensureTerminator(body, state, 'affine.yield')
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const [numLb, numUb, numInits] = segments(op)
    const operands = op.getOperands()
    const args = bodyArgs(op)
    p.print(' ')
    p.printRegionArgument(args[0]!, [], true)
    p.print(' = ')
    printBound(p, op.getAttr('lowerBoundMap') as AffineMapAttr, operands.slice(0, numLb), 'max')
    p.print(' to ')
    printBound(p, op.getAttr('upperBoundMap') as AffineMapAttr, operands.slice(numLb, numLb + numUb), 'min')
    const step = op.getAttr('step')
    if (step instanceof IntegerAttr && step.value !== 1n) {
      p.print(` step ${step.value}`)
    }
    if (numInits > 0) {
      p.print(' iter_args(')
      const inits = operands.slice(numLb + numUb)
      for (let i = 0; i < numInits; i++) {
        if (i > 0) {
          p.print(', ')
        }
        p.printOperand(args[i + 1]!)
        p.print(' = ')
        p.printOperand(inits[i]!)
      }
      p.print(') -> (')
      p.printTypes(op.resultTypes)
      p.print(')')
    }
    p.print(' ')
    p.printRegion(op.getRegion(0), false, numInits > 0)
    p.printOptionalAttrDict(op.getAttrs(), ['lowerBoundMap', 'upperBoundMap', 'step', 'operandSegmentSizes'])
  },
  verifyRegions(op: Operation): LogicalResult {
    const args = bodyArgs(op)
    if (args.length === 0 || !(args[0]!.type instanceof IndexType)) {
      return op.emitOpError('expected body to have a single index argument for the induction variable').fail()
    }
    const [numLb, numUb, numInits] = segments(op)
    const operands = op.getOperands()
    const lbMap = boundMap(op, 'lowerBoundMap')
    const ubMap = boundMap(op, 'upperBoundMap')
    if (lbMap.numInputs > 0 && !verifyDimAndSymbolIdentifiers(op, operands.slice(0, numLb), lbMap.numDims)) {
      return false
    }
    if (ubMap.numInputs > 0 && !verifyDimAndSymbolIdentifiers(op, operands.slice(numLb, numLb + numUb), ubMap.numDims)) {
      return false
    }
    if (lbMap.numResults < 1) {
      return op.emitOpError('expected lower bound map to have at least one result').fail()
    }
    if (ubMap.numResults < 1) {
      return op.emitOpError('expected upper bound map to have at least one result').fail()
    }
    if (op.numResults === 0) {
      return true
    }
    if (numInits !== op.numResults) {
      return op.emitOpError('mismatch between the number of loop-carried values and results').fail()
    }
    if (args.length - 1 !== op.numResults) {
      return op.emitOpError('mismatch between the number of basic block args and results').fail()
    }
    return true
  },
})

// ---- affine.if -----------------------------------------------------------------------------

/** `affine.if`: runs the `then` region when the integer set holds for the operands, else the `else` region. */
export const AffineIfOp: OdsOp = defineOp({
  name: 'affine.if',
  summary: 'if-then-else operation',
  operands: { '#0': variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: { condition: IntegerSetAttrC },
  regions: { thenRegion: SizedRegion(1), elseRegion: AnyRegion },
  traits: Trait.RecursiveMemoryEffects | Trait.SingleBlock,
  implicitTerminatorName: 'affine.yield',
  fold: (op: Operation) => foldAffineIf(op),
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyDeadElse, AlwaysTrueOrFalseIf])
  },
  interfaces: [
    RegionBranchOpInterface.impl({
      getSuccessorRegions(op: Operation, point: Region | null): RegionSuccessor[] {
        // Both regions branch back to the results.
        if (point !== null) {
          return [{ region: null, inputs: op.results }]
        }
        const out: RegionSuccessor[] = [{ region: op.getRegion(0), inputs: [] }]
        const elseRegion = op.getRegion(1)
        out.push(elseRegion.empty ? { region: null, inputs: op.results } : { region: elseRegion, inputs: [] })
        return out
      },
      getEntrySuccessorOperands: () => [],
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const attr = parseKindedProperty(parser, state, 'condition', IntegerSetAttr)
    if (attr === undefined) {
      return false
    }
    const numDims = parseDimAndSymbolList(parser, state.operands)
    if (numDims === undefined) {
      return false
    }
    const set = attr.value
    if (set.numDims !== numDims) {
      return parser.emitError(parser.getNameLoc(), 'dim operand count and integer set dim count must match').fail()
    }
    if (numDims + set.numSymbols !== state.operands.length) {
      return parser.emitError(parser.getNameLoc(), 'symbol operand count and integer set symbol count must match').fail()
    }
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    const thenRegion = state.addRegion()
    const elseRegion = state.addRegion()
    if (!parser.parseRegion(thenRegion)) {
      return false
    }
    ensureTerminator(thenRegion, state, 'affine.yield')
    if (parser.parseOptionalKeyword('else')) {
      if (!parser.parseRegion(elseRegion)) {
        return false
      }
      ensureTerminator(elseRegion, state, 'affine.yield')
    }
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const cond = op.getAttr('condition') as IntegerSetAttr
    p.print(' ')
    p.printAttribute(cond)
    printDimAndSymbolList(p, op.getOperands(), cond.value.numDims)
    p.printArrowTypeList(op.resultTypes)
    p.print(' ')
    const printTerminators = op.numResults > 0
    p.printRegion(op.getRegion(0), false, printTerminators)
    const elseRegion = op.getRegion(1)
    if (!elseRegion.empty) {
      p.print(' else ')
      p.printRegion(elseRegion, false, printTerminators)
    }
    p.printOptionalAttrDict(op.getAttrs(), ['condition'])
  },
  verify(op: Operation): LogicalResult {
    // The NoRegionArguments trait.
    for (let i = 0; i < op.numRegions; i++) {
      const entry = op.getRegion(i).firstBlock
      if (entry !== null && entry.arguments.length > 0) {
        return op.emitOpError(`region #${i} should have no arguments`).fail()
      }
    }
    const set = (op.getAttr('condition') as IntegerSetAttr).value
    if (op.numOperands !== set.numDims + set.numSymbols) {
      return op.emitOpError('operand count and condition integer set dimension and symbol count must match').fail()
    }
    return verifyDimAndSymbolIdentifiers(op, op.getOperands(), set.numDims)
  },
})

// ---- affine.load / affine.store ----------------------------------------------------------

/**
 * Parses `%memref[map-of-ssa-ids]`: the memref operand, then the subscripts, whose
 * dimension and symbol operands are appended to `state` (dimensions first).
 */
export function parseMemRefAccess(parser: OpAsmParser, state: OperationState, memref: UnresolvedOperand): LogicalResult {
  const ctx = parser.context
  const index = IndexType.get(ctx)
  const dims: UnresolvedOperand[] = []
  const syms: UnresolvedOperand[] = []
  const map = parser.parseAffineMapOfSSAIds((isSymbol) => {
    const o = parser.parseOperand()
    if (o === undefined) {
      return false
    }
    ;(isSymbol ? syms : dims).push(o)
    return true
  })
  if (map === undefined) {
    return false
  }
  state.addProperty('map', AffineMapAttr.get(map))
  if (!parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  // As MLIR's `parseColonType<MemRefType>`, a wrong kind of type is reported at the colon.
  const typeLoc = parser.getCurrentLocation()
  if (!parser.parseColon()) {
    return false
  }
  const type = parser.parseType()
  if (type === undefined) {
    return false
  }
  if (!(type instanceof MemRefType)) {
    return parser.emitError(typeLoc, `invalid kind of type specified: expected builtin.memref, but found '${printType(type)}'`).fail()
  }
  return (
    parser.resolveOperand(memref, type, state.operands) &&
    parser.resolveOperands(dims, index, typeLoc, state.operands) &&
    parser.resolveOperands(syms, index, typeLoc, state.operands)
  )
}

/**
 * Parses `%value, %memref[subscripts] {attrs} : memref-type` and what `valueTypeOf` reads after
 * it; `valueTypeOf` gives the stored value's type (undefined after a diagnostic).
 */
export function parseStoreAccess(parser: OpAsmParser, state: OperationState, valueTypeOf: (memref: MemRefType) => Type | undefined): LogicalResult {
  const value = parser.parseOperand()
  if (value === undefined || !parser.parseComma()) {
    return false
  }
  const memref = parser.parseOperand()
  if (memref === undefined) {
    return false
  }
  const access = new OperationState(state.location, state.name)
  if (!parseMemRefAccess(parser, access, memref)) {
    return false
  }
  const valueType = valueTypeOf(access.operands[0]!.type as MemRefType)
  if (valueType === undefined || !parser.resolveOperand(value, valueType, state.operands)) {
    return false
  }
  state.addOperands(access.operands)
  for (const prop of access.properties) {
    state.addProperty(prop.name, prop.value)
  }
  for (const a of access.attributes) {
    state.attributes.push(a)
  }
  return true
}

/** MLIR's `verifyMemoryOpIndexing`: the map fits the memref and the subscripts are valid dims/symbols. */
export function verifyMemoryOpIndexing(op: Operation, memref: Value, indices: readonly Value[]): LogicalResult {
  const mapAttr = op.getAttr('map')
  const type = memref.type
  if (!(mapAttr instanceof AffineMapAttr) || !(type instanceof MemRefType)) {
    return true
  }
  const map = mapAttr.value
  if (map.numResults !== type.shape.length) {
    return op.emitOpError('affine map num results must equal memref rank').fail()
  }
  if (map.numInputs !== indices.length) {
    return op.emitOpError('expects as many subscripts as affine map inputs').fail()
  }
  for (const v of indices) {
    if (!(v.type instanceof IndexType)) {
      return op.emitOpError("index to load must have 'index' type").fail()
    }
  }
  // mlir-opt 22 checks dims and symbols separately ("operand cannot be used as a ...").
  return verifyDimAndSymbolIdentifiers(op, indices, map.numDims)
}

/** Prints `%memref[subscripts] {attrs} : memref-type` (the memref is operand `memrefIndex`). */
export function printMemRefAccess(op: Operation, p: OpAsmPrinter, memrefIndex: number): void {
  const memref = op.getOperand(memrefIndex)
  p.printOperand(memref)
  p.print('[')
  const map = (op.getAttr('map') as AffineMapAttr).value
  p.printAffineMapOfSSAIds!(map, op.getOperands().slice(memrefIndex + 1))
  p.print(']')
  p.printOptionalAttrDict(op.getAttrs(), ['map'])
  p.print(' : ')
  p.printType(memref.type)
}

/** Element `flat` (row-major) of a dense attribute as an attribute of its element type (MLIR's `getValues<Attribute>()[i]`). */
function denseElementAt(attr: DenseElementsAttr, flat: number): Attribute | null {
  const et = attr.type.elementType
  if (attr instanceof DenseStringElementsAttr) {
    return StringAttr.get(attr.context, attr.values[attr.isSplat ? 0 : flat]!)
  }
  if (!(attr instanceof DenseIntOrFPElementsAttr)) {
    return null
  }
  const parts = et instanceof ComplexType ? 2 : 1
  const scalarType = et instanceof ComplexType ? et.elementType : et
  const scalars: Attribute[] = []
  for (let p = 0; p < parts; p++) {
    const at = (attr.isSplat ? 0 : flat) * parts + p
    const v = attr.values[at]!
    scalars.push(typeof v === 'bigint' ? IntegerAttr.get(scalarType, v) : FloatAttr.get(scalarType, v, attr.nanBits?.get(at) ?? null))
  }
  return parts === 2 ? ArrayAttr.get(attr.context, scalars) : scalars[0]!
}

/**
 * MLIR's `AffineLoadOp::fold`: a `memref.cast` operand folds into the load; a load from a
 * constant `memref.global` folds to the initializer's element (any element of a splat, else
 * the one at constant subscripts).
 */
function foldAffineLoad(op: Operation): OpFoldResult[] | undefined {
  if (foldMemRefCastOperands(op)) {
    return []
  }
  const getGlobal = op.getOperand(0).definingOp
  if (getGlobal === null || getGlobal.name.name !== 'memref.get_global') {
    return undefined
  }
  const global = lookupGetGlobal(getGlobal)
  const init = global === null ? null : globalConstantInitValue(global)
  if (init === null || !(init instanceof DenseIntOrFPElementsAttr || init instanceof DenseStringElementsAttr)) {
    return undefined
  }
  if (init.isSplat) {
    const splat = denseElementAt(init, 0)
    return splat === null ? undefined : [splat]
  }
  const map = (op.getAttr('map') as AffineMapAttr).value
  if (!map.results.every((e) => e.kind === AffineExprKind.Constant)) {
    return undefined
  }
  const shape = init.type.shape ?? []
  let flat = 0
  for (let d = 0; d < shape.length; d++) {
    flat = flat * shape[d]! + (map.results[d] as AffineConstantExpr).value
  }
  const element = denseElementAt(init, flat)
  return element === null ? undefined : [element]
}

/** `affine.load %m[%i + 1, symbol(%s)] : memref<...>`: reads at affine subscripts. */
export const AffineLoadOp: OdsOp = defineOp({
  name: 'affine.load',
  summary: 'affine load operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyType },
  attributes: { map: AffineMapAttrC },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyAffineLoad])
  },
  fold: foldAffineLoad,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const memref = parser.parseOperand()
    if (memref === undefined || !parseMemRefAccess(parser, state, memref)) {
      return false
    }
    state.addTypes([(state.operands[0]!.type as MemRefType).elementType])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    printMemRefAccess(op, p, 0)
  },
  verify(op: Operation): LogicalResult {
    const type = op.getOperand(0).type
    if (type instanceof MemRefType && op.getResult(0).type !== type.elementType) {
      return op.emitOpError('result type must match element type of memref').fail()
    }
    return verifyMemoryOpIndexing(op, op.getOperand(0), op.getOperands().slice(1))
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
})

/** `affine.store %v, %m[%i + 1] : memref<...>`: writes at affine subscripts. */
export const AffineStoreOp: OdsOp = defineOp({
  name: 'affine.store',
  summary: 'affine store operation',
  operands: { value: AnyType, memref: AnyMemRef, indices: variadic(Index) },
  attributes: { map: AffineMapAttrC },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyAffineStore])
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // store(memref.cast(x)) -> store(x), the stored value left alone (MLIR's foldMemRefCast).
    return foldMemRefCastOperands(op, op.getOperand(0)) ? [] : undefined
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    return parseStoreAccess(parser, state, (memref) => memref.elementType)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    printMemRefAccess(op, p, 1)
  },
  verify(op: Operation): LogicalResult {
    const type = op.getOperand(1).type
    if (type instanceof MemRefType && op.getOperand(0).type !== type.elementType) {
      return op.emitOpError('value to store must have the same type as memref element type').fail()
    }
    return verifyMemoryOpIndexing(op, op.getOperand(1), op.getOperands().slice(2))
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'write', value: op.getOperand(1) }]
  },
})

/** The ops of this file (the dialect adds `affine.parallel` and the index ops, defined apart). */
export const affineOps: readonly OdsOp[] = [AffineForOp, AffineIfOp, AffineYieldOp, AffineApplyOp, AffineMinOp, AffineMaxOp, AffineLoadOp, AffineStoreOp]

