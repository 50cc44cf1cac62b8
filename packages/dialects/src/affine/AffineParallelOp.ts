import {
  AffineConstantExpr,
  AffineDimExpr,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  AnyType,
  ArrayAttr,
  ArrayAttrC,
  DenseIntOrFPElementsAttr,
  FloatType,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  LoopLikeOpInterface,
  RankedTensorType,
  Signedness,
  SizedRegion,
  StringAttr,
  Trait,
  attrConstraint,
  defineOp,
  replaceDimsAndSymbols,
  variadic,
  type AffineExpr,
  type AttrConstraint,
  type Attribute,
  type Context,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { ensureTerminator } from '../scf/ScfTerminators.ts'
import { AffineMapAttrC, isDefinedAbove, verifyDimAndSymbolIdentifiers } from './AffineOps.ts'
import { composeAffineMapAndOperands } from './AffineCanonicalize.ts'

/** The names of `arith::AtomicRMWKind`, indexed by the enum's value. */
export const ATOMIC_RMW_KINDS: readonly string[] = [
  'addf',
  'addi',
  'andi',
  'assign',
  'maximumf',
  'maxnumf',
  'maxs',
  'maxu',
  'minimumf',
  'minnumf',
  'mins',
  'minu',
  'mulf',
  'muli',
  'ori',
  'xori',
]

/** MLIR's `isResultTypeMatchAtomicRMWKind`, for the reductions `affine.parallel` accepts. */
function reductionMatchesType(kind: string, type: Type): boolean {
  switch (kind) {
    case 'addf':
    case 'mulf':
    case 'maximumf':
    case 'minimumf':
      return type instanceof FloatType
    case 'addi':
    case 'muli':
    case 'ori':
    case 'andi':
      return type instanceof IntegerType
    case 'assign':
      return true
    case 'maxs':
    case 'mins':
      return type instanceof IntegerType && type.signedness === Signedness.Signed
    case 'maxu':
    case 'minu':
      return type instanceof IntegerType && type.signedness === Signedness.Unsigned
    default:
      return false
  }
}

/** The `I32ElementsAttr` constraint of the bound groups. */
const I32ElementsAttrC: AttrConstraint = attrConstraint('32-bit signless integer elements attribute', (a) => a instanceof DenseIntOrFPElementsAttr)

/** `dense<[...]> : tensor<Nxi32>`, the group sizes of a bound map. */
function groupsAttr(context: Context, groups: readonly number[]): DenseIntOrFPElementsAttr {
  const values = groups.map((g) => BigInt(g))
  const type = RankedTensorType.get([values.length], IntegerType.get(context, 32))
  return DenseIntOrFPElementsAttr.get(type, values, values.length > 0 && values.every((v) => v === values[0]))
}

/** The group sizes of an `affine.parallel` bound map (`lowerBoundsGroups` or `upperBoundsGroups`). */
export function parallelBoundGroups(op: Operation, name: string): number[] {
  const a = op.getAttr(name)
  if (!(a instanceof DenseIntOrFPElementsAttr)) {
    return []
  }
  const n = (a.type.shape ?? []).reduce((x, y) => x * y, 1)
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    out.push(Number(a.values[a.isSplat ? 0 : i] ?? 0))
  }
  return out
}

function i64Values(op: Operation, name: string): bigint[] {
  const a = op.getAttr(name)
  return a instanceof ArrayAttr ? a.elements.map((e) => (e instanceof IntegerAttr ? e.value : 0n)) : []
}

/** The parts of one bound list as parsed: flat expressions with their own operand lists. */
class ParsedBound {
  readonly exprs: AffineExpr[] = []
  readonly dims: UnresolvedOperand[][] = []
  readonly syms: UnresolvedOperand[][] = []
  readonly groups: number[] = []
}

/** Parses `(group, ...)` of `affine.parallel` bounds, each group an expression or `max(...)`/`min(...)`. */
function parseBoundList(parser: OpAsmParser, keyword: 'max' | 'min'): ParsedBound | undefined {
  const out = new ParsedBound()
  if (!parser.parseLParen()) {
    return undefined
  }
  if (parser.parseOptionalRParen()) {
    return out
  }
  do {
    const dims: UnresolvedOperand[] = []
    const syms: UnresolvedOperand[] = []
    const element = (isSymbol: boolean): boolean => {
      const o = parser.parseOperand()
      if (o === undefined) {
        return false
      }
      ;(isSymbol ? syms : dims).push(o)
      return true
    }
    if (parser.parseOptionalKeyword(keyword)) {
      const map = parser.parseAffineMapOfSSAIds(element, 'paren')
      if (map === undefined) {
        return undefined
      }
      for (const e of map.results) {
        out.exprs.push(e)
        out.dims.push(dims)
        out.syms.push(syms)
      }
      out.groups.push(map.numResults)
    } else {
      const e = parser.parseAffineExprOfSSAIds(element)
      if (e === undefined) {
        return undefined
      }
      out.exprs.push(e)
      out.dims.push(dims)
      out.syms.push(syms)
      out.groups.push(1)
    }
  } while (parser.parseOptionalComma())
  return parser.parseRParen() ? out : undefined
}

/**
 * Resolves the operands of a parsed bound list, deduplicating them (each distinct value
 * becomes one dimension or symbol), and records the bound map and groups in `state`.
 */
function resolveBound(parser: OpAsmParser, state: OperationState, bound: ParsedBound, mapName: string, groupsName: string): LogicalResult {
  const ctx = parser.context
  const index = IndexType.get(ctx)
  const loc = parser.getCurrentLocation()
  const dimValues: Value[] = []
  const symValues: Value[] = []
  const dimRepl: AffineExpr[][] = []
  const symRepl: AffineExpr[][] = []
  for (let i = 0; i < bound.exprs.length; i++) {
    const d: Value[] = []
    const s: Value[] = []
    if (!parser.resolveOperands(bound.dims[i]!, index, loc, d) || !parser.resolveOperands(bound.syms[i]!, index, loc, s)) {
      return false
    }
    dimRepl.push(d.map((v) => AffineDimExpr.get(ctx, uniquePosition(dimValues, v))))
    symRepl.push(s.map((v) => AffineSymbolExpr.get(ctx, uniquePosition(symValues, v))))
  }
  const exprs = bound.exprs.map((e, i) => replaceDimsAndSymbols(e, dimRepl[i]!, symRepl[i]!))
  state.addOperands(dimValues)
  state.addOperands(symValues)
  state.addProperty(mapName, AffineMapAttr.get(AffineMap.get(ctx, dimValues.length, symValues.length, exprs)))
  state.addProperty(groupsName, groupsAttr(ctx, bound.groups))
  return true
}

function uniquePosition(values: Value[], v: Value): number {
  const at = values.indexOf(v)
  if (at >= 0) {
    return at
  }
  values.push(v)
  return values.length - 1
}

/** Prints the groups of a bound map: single expressions as they are, others as `max(...)`/`min(...)`. */
function printBoundList(p: OpAsmPrinter, map: AffineMap, groups: readonly number[], operands: readonly Value[], keyword: string): void {
  const dims = operands.slice(0, map.numDims)
  const syms = operands.slice(map.numDims)
  let start = 0
  for (const size of groups) {
    if (start !== 0) {
      p.print(', ')
    }
    if (size === 1) {
      p.printAffineExprOfSSAIds!(map.results[start]!, dims, syms)
    } else {
      p.print(`${keyword}(`)
      const slice = AffineMap.get(map.context, map.numDims, map.numSymbols, map.results.slice(start, start + size))
      p.printAffineMapOfSSAIds!(slice, operands)
      p.print(')')
    }
    start += size
  }
}

function boundMap(op: Operation, name: string): AffineMap {
  return (op.getAttr(name) as AffineMapAttr).value
}

/** `affine.parallel`: a parallel loop nest with affine bounds, constant steps and reductions. */
export const AffineParallelOp: OdsOp = defineOp({
  name: 'affine.parallel',
  summary: 'multi-index parallel band operation',
  operands: { mapOperands: variadic(Index) },
  results: { results: variadic(AnyType) },
  attributes: {
    lowerBoundsGroups: I32ElementsAttrC,
    lowerBoundsMap: AffineMapAttrC,
    reductions: ArrayAttrC,
    steps: ArrayAttrC,
    upperBoundsGroups: I32ElementsAttrC,
    upperBoundsMap: AffineMapAttrC,
  },
  regions: { region: SizedRegion(1) },
  traits: Trait.AutomaticAllocationScope | Trait.RecursiveMemoryEffects | Trait.SingleBlock,
  implicitTerminatorName: 'affine.yield',
  interfaces: [
    LoopLikeOpInterface.impl({
      getLoopRegions: (op) => [op.getRegion(0)],
      isDefinedOutsideOfLoop: (op, value) => isDefinedAbove(value, op.getRegion(0)),
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const index = IndexType.get(ctx)
    const ivs = parser.parseArgumentList('paren', false, false)
    if (ivs === undefined || !parser.parseEqual()) {
      return false
    }
    const lbs = parseBoundList(parser, 'max')
    if (lbs === undefined || !resolveBound(parser, state, lbs, 'lowerBoundsMap', 'lowerBoundsGroups') || !parser.parseKeyword('to')) {
      return false
    }
    const ubs = parseBoundList(parser, 'min')
    if (ubs === undefined || !resolveBound(parser, state, ubs, 'upperBoundsMap', 'upperBoundsGroups')) {
      return false
    }
    const i64 = IntegerType.get(ctx, 64)
    const steps: Attribute[] = []
    if (!parser.parseOptionalKeyword('step')) {
      for (let i = 0; i < ivs.length; i++) {
        steps.push(IntegerAttr.get(i64, 1))
      }
    } else {
      const stepsMap = parser.parseAffineMapOfSSAIds(() => parser.parseOperand() !== undefined, 'paren')
      if (stepsMap === undefined) {
        return false
      }
      for (const e of stepsMap.results) {
        if (!(e instanceof AffineConstantExpr)) {
          return parser.emitError(parser.getNameLoc(), 'steps must be constant integers').fail()
        }
        steps.push(IntegerAttr.get(i64, e.bigValue))
      }
    }
    state.addProperty('steps', ArrayAttr.get(ctx, steps))
    const reductions: Attribute[] = []
    if (parser.parseOptionalKeyword('reduce')) {
      if (!parser.parseLParen()) {
        return false
      }
      do {
        const loc = parser.getCurrentLocation()
        const attr = parser.parseAttribute()
        if (attr === undefined) {
          return false
        }
        if (!(attr instanceof StringAttr)) {
          return parser.emitError(loc, 'invalid kind of attribute specified').fail()
        }
        const kind = ATOMIC_RMW_KINDS.indexOf(attr.value)
        if (kind < 0) {
          return parser.emitError(loc, `invalid reduction value: "${attr.value}"`).fail()
        }
        reductions.push(IntegerAttr.get(i64, kind))
      } while (parser.parseOptionalComma())
      if (!parser.parseRParen()) {
        return false
      }
    }
    state.addProperty('reductions', ArrayAttr.get(ctx, reductions))
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    for (const iv of ivs) {
      iv.type = index
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, ivs) || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    ensureTerminator(body, state, 'affine.yield')
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const body = op.getRegion(0).firstBlock
    p.print(' (')
    p.printOperands(body === null ? [] : body.arguments)
    p.print(') = (')
    const lbMap = boundMap(op, 'lowerBoundsMap')
    const operands = op.getOperands()
    printBoundList(p, lbMap, parallelBoundGroups(op, 'lowerBoundsGroups'), operands.slice(0, lbMap.numInputs), 'max')
    p.print(') to (')
    printBoundList(p, boundMap(op, 'upperBoundsMap'), parallelBoundGroups(op, 'upperBoundsGroups'), operands.slice(lbMap.numInputs), 'min')
    p.print(')')
    const steps = i64Values(op, 'steps')
    if (!steps.every((s) => s === 1n)) {
      p.print(` step (${steps.join(', ')})`)
    }
    if (op.numResults > 0) {
      const kinds = i64Values(op, 'reductions').map((k) => `"${ATOMIC_RMW_KINDS[Number(k)] ?? ''}"`)
      p.print(` reduce (${kinds.join(', ')}) -> (`)
      p.printTypes(op.resultTypes)
      p.print(')')
    }
    p.print(' ')
    p.printRegion(op.getRegion(0), false, op.numResults > 0)
    p.printOptionalAttrDict(op.getAttrs(), ['reductions', 'lowerBoundsMap', 'lowerBoundsGroups', 'upperBoundsMap', 'upperBoundsGroups', 'steps'])
  },
  // MLIR's AffineParallelOp::fold (canonicalizeLoopBounds): both bound maps composed with
  // the affine.apply ops feeding them and canonicalized, in place.
  fold(op: Operation): Operation | undefined {
    const lbMap = boundMap(op, 'lowerBoundsMap')
    const ubMap = boundMap(op, 'upperBoundsMap')
    const operands = op.getOperands()
    const lbOperands = operands.slice(0, lbMap.numInputs)
    const ubOperands = operands.slice(lbMap.numInputs)
    const lb = { map: lbMap, operands: [...lbOperands] }
    const ub = { map: ubMap, operands: [...ubOperands] }
    composeAffineMapAndOperands(lb)
    composeAffineMapAndOperands(ub)
    const same = (a: readonly Value[], b: readonly Value[]): boolean => a.length === b.length && a.every((v, i) => v === b[i])
    const lbChanged = lb.map !== lbMap || !same(lb.operands, lbOperands)
    const ubChanged = ub.map !== ubMap || !same(ub.operands, ubOperands)
    if (!lbChanged && !ubChanged) {
      return undefined
    }
    op.setOperands([...(lbChanged ? lb.operands : lbOperands), ...(ubChanged ? ub.operands : ubOperands)])
    if (lbChanged) {
      op.setAttr('lowerBoundsMap', AffineMapAttr.get(lb.map))
    }
    if (ubChanged) {
      op.setAttr('upperBoundsMap', AffineMapAttr.get(ub.map))
    }
    return op
  },
  verify(op: Operation): LogicalResult {
    const numDims = i64Values(op, 'steps').length
    const lbGroups = parallelBoundGroups(op, 'lowerBoundsGroups')
    const ubGroups = parallelBoundGroups(op, 'upperBoundsGroups')
    const body = op.getRegion(0).firstBlock
    const numArgs = body === null ? 0 : body.arguments.length
    if (lbGroups.length !== numDims || ubGroups.length !== numDims || numArgs !== numDims) {
      return op
        .emitOpError(
          `the number of region arguments (${numArgs}) and the number of map groups for lower (${lbGroups.length}) and upper bound (${ubGroups.length}), and the number of steps (${numDims}) must all match`,
        )
        .fail()
    }
    const lbMap = boundMap(op, 'lowerBoundsMap')
    const ubMap = boundMap(op, 'upperBoundsMap')
    const lbResults = lbGroups.reduce((a, b) => a + b, 0)
    if (lbResults !== lbMap.numResults) {
      return op.emitOpError(`expected lower bounds map to have ${lbResults} results`).fail()
    }
    const ubResults = ubGroups.reduce((a, b) => a + b, 0)
    if (ubResults !== ubMap.numResults) {
      return op.emitOpError(`expected upper bounds map to have ${ubResults} results`).fail()
    }
    const reductions = i64Values(op, 'reductions')
    if (reductions.length !== op.numResults) {
      return op.emitOpError('a reduction must be specified for each output').fail()
    }
    for (let i = 0; i < reductions.length; i++) {
      const kind = ATOMIC_RMW_KINDS[Number(reductions[i])]
      if (kind === undefined) {
        return op.emitOpError('invalid reduction attribute').fail()
      }
      if (!reductionMatchesType(kind, op.getResult(i).type)) {
        return op.emitOpError('result type cannot match reduction attribute').fail()
      }
    }
    const operands = op.getOperands()
    if (!verifyDimAndSymbolIdentifiers(op, operands.slice(0, lbMap.numInputs), lbMap.numDims)) {
      return false
    }
    return verifyDimAndSymbolIdentifiers(op, operands.slice(lbMap.numInputs), ubMap.numDims)
  },
})
