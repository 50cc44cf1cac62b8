import {
  DenseArrayAttr,
  DenseI64ArrayAttr,
  Index,
  IndexType,
  IntegerType,
  BoolAttr,
  Trait,
  UnitAttr,
  IntegerAttr,
  Operation,
  OperationState,
  attrConstraint,
  defineOp,
  variadic,
  type AttrConstraint,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Attribute,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { parseDynamicIndexList, printDynamicIndexList } from '../internal/DynamicIndexList.ts'
import { constantValue } from './AffineCanonicalize.ts'

/** `ShapedType::kDynamic`, the static basis entry of a dynamic basis element. */
const KDYN = -9223372036854775808n

/** `disjoint` of `affine.linearize_index`: a unit attribute when set (printed `disjoint = false` otherwise in generic form). */
const DisjointAttrC: AttrConstraint = attrConstraint('unit or bool attribute', () => true)

function staticBasis(op: Operation): bigint[] {
  const a = op.getAttr('static_basis')
  return a instanceof DenseArrayAttr ? a.values.map((v) => BigInt(v)) : []
}

/** The check both index ops share: one dynamic basis operand per `kDynamic` static entry. */
function verifyBasis(op: Operation, basis: readonly bigint[], numDynamic: number): LogicalResult {
  const expected = basis.filter((b) => b === KDYN).length
  if (expected !== numDynamic) {
    return op
      .emitOpError(
        'mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite',
      )
      .fail()
  }
  return true
}

/** Parses a `(%b, 4, ...)` basis, resolving the dynamic entries as `index` into `state`. */
function parseBasis(parser: OpAsmParser, state: OperationState): bigint[] | undefined {
  const dynamic: UnresolvedOperand[] = []
  const statics: bigint[] = []
  const loc = parser.getCurrentLocation()
  if (!parseDynamicIndexList(parser, dynamic, statics, 'paren')) {
    return undefined
  }
  if (!parser.resolveOperands(dynamic, IndexType.get(parser.context), loc, state.operands)) {
    return undefined
  }
  state.addProperty('static_basis', DenseArrayAttr.get(IntegerType.get(parser.context, 64), statics))
  return statics
}

/**
 * `affine.delinearize_index %i into (%b0, 4) : index, index`: the multi-index of a linear
 * index in a basis (one result per basis element, plus an optional leading one).
 */
export const AffineDelinearizeIndexOp: OdsOp = defineOp({
  name: 'affine.delinearize_index',
  summary: 'delinearize an index',
  operands: { linear_index: Index, dynamic_basis: variadic(Index) },
  results: { multi_index: variadic(Index) },
  attributes: { static_basis: DenseI64ArrayAttr },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const linear = parser.parseOperand()
    if (linear === undefined || !parser.resolveOperand(linear, IndexType.get(parser.context), state.operands) || !parser.parseKeyword('into')) {
      return false
    }
    if (parseBasis(parser, state) === undefined || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const types = parser.parseTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(' into ')
    printDynamicIndexList(p, op.getOperands().slice(1), staticBasis(op), KDYN, 'paren')
    p.printOptionalAttrDict(op.getAttrs(), ['static_basis'])
    p.print(' : ')
    p.printTypes(op.resultTypes)
  },
  verify(op: Operation): LogicalResult {
    const basis = staticBasis(op)
    if (!verifyBasis(op, basis, op.numOperands - 1)) {
      return false
    }
    if (op.numResults !== basis.length && op.numResults !== basis.length + 1) {
      return op.emitOpError('should return an index for each basis element and up to one extra index').fail()
    }
    if (basis.some((b) => b !== KDYN && b <= 0n)) {
      return op.emitOpError('no basis element may be statically non-positive').fail()
    }
    return true
  },  fold: foldDelinearize,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [DropUnitExtentBasis])
  },
})

/**
 * MLIR's `foldCstValueToCstAttrBasis`: dynamic basis operands (from `first` on) that fold to
 * constants move into the static basis, in place; false when there are none.
 */
function foldConstantBasis(op: Operation, first: number, operands: readonly (Attribute | null)[]): boolean {
  const basis = staticBasis(op)
  const next: bigint[] = []
  let dyn = first
  let changed = false
  for (const b of basis) {
    if (b !== KDYN) {
      next.push(b)
      continue
    }
    const a = operands[dyn]
    if (a instanceof IntegerAttr) {
      next.push(a.value)
      op.eraseOperand(dyn)
      operands = [...operands.slice(0, dyn), ...operands.slice(dyn + 1)]
      changed = true
    } else {
      next.push(KDYN)
      dyn++
    }
  }
  if (changed) {
    op.setAttr('static_basis', DenseArrayAttr.get(IntegerType.get(op.context, 64), next))
  }
  return changed
}

/** `a mod b` with the sign of `b` and `a floordiv b` (LLVM's `mod` and `divideFloorSigned`). */
function floorDivMod(a: bigint, b: bigint): [bigint, bigint] {
  let q = a / b
  if ((a % b !== 0n) && ((a < 0n) !== (b < 0n))) {
    q -= 1n
  }
  return [q, a - q * b]
}

/** MLIR's `AffineDelinearizeIndexOp::fold`. */
function foldDelinearize(op: Operation, operands: readonly (Attribute | null)[]): readonly (Attribute | Value)[] | Operation | undefined {
  if (foldConstantBasis(op, 1, operands)) {
    return op
  }
  if (op.numResults === 1) {
    return [op.getOperand(0)]
  }
  const linear = operands[0]
  if (!(linear instanceof IntegerAttr) || op.numOperands > 1) {
    return undefined
  }
  let basis = staticBasis(op)
  if (op.numResults === basis.length) {
    basis = basis.slice(1)
  }
  const out: Attribute[] = []
  let high = linear.value
  for (let i = basis.length - 1; i >= 0; i--) {
    const [q, r] = floorDivMod(high, basis[i]!)
    out.push(IntegerAttr.get(linear.type, r))
    high = q
  }
  out.push(IntegerAttr.get(linear.type, high))
  return out.reverse()
}

/** Creates `arith.constant <v> : index` before `op`. */
function indexConstantBefore(rewriter: RewriterLike, op: Operation, v: bigint): Value {
  const index = IndexType.get(op.context)
  const state = new OperationState(op.location, op.context.getOperationName('arith.constant'))
  state.addProperty('value', IntegerAttr.get(index, v))
  state.addTypes([index])
  rewriter.setInsertionPoint(op)
  return rewriter.insert(Operation.create(state)).getResult(0)
}

/**
 * MLIR's `DropUnitExtentBasis`: results of `affine.delinearize_index` whose basis element is a
 * constant 1 become a constant 0; the other results come from a delinearization by the rest.
 */
const DropUnitExtentBasis: CanonicalizationPattern = {
  name: 'DropUnitExtentBasis',
  rootName: 'affine.delinearize_index',
  benefit: 1,
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
    const basis = staticBasis(op)
    const dynamic = op.getOperands().slice(1)
    // The padded basis: a leading null entry when there is no outer bound.
    const padded: (bigint | Value | null)[] = op.numResults === basis.length ? [] : [null]
    let d = 0
    for (const b of basis) {
      padded.push(b === KDYN ? dynamic[d++]! : b)
    }
    const replacements: (Value | null)[] = new Array<Value | null>(op.numResults).fill(null)
    let zero: Value | null = null
    const kept: (bigint | Value | null)[] = []
    for (let i = 0; i < padded.length; i++) {
      const b = padded[i]!
      const v = b === null ? null : typeof b === 'bigint' ? b : constantValue(b)
      if (v === 1n) {
        zero ??= indexConstantBefore(rewriter, op, 0n)
        replacements[i] = zero
      } else {
        kept.push(b)
      }
    }
    if (kept.length === op.numResults) {
      return false
    }
    if (kept.length > 0) {
      const hasOuterBound = kept[0] !== null
      const entries = hasOuterBound ? kept : kept.slice(1)
      const state = new OperationState(op.location, op.name)
      state.addOperands([op.getOperand(0), ...entries.filter((e): e is Value => e !== null && typeof e !== 'bigint')])
      state.addProperty('static_basis', DenseArrayAttr.get(IntegerType.get(op.context, 64), entries.map((e) => (typeof e === 'bigint' ? e : KDYN))))
      state.addTypes(new Array(kept.length).fill(IndexType.get(op.context)))
      rewriter.setInsertionPoint(op)
      const made = rewriter.insert(Operation.create(state))
      let next = 0
      for (let i = 0; i < replacements.length; i++) {
        replacements[i] ??= made.getResult(next++)
      }
    }
    rewriter.replaceOp(op, replacements as Value[])
    return true
  },
}

/**
 * `affine.linearize_index [%i, %j] by (%b0, 4) : index`: the linear index of a multi-index
 * in a basis (one basis element per index, the first one optional); `disjoint` asserts the
 * indices are in bounds.
 */
export const AffineLinearizeIndexOp: OdsOp = defineOp({
  name: 'affine.linearize_index',
  summary: 'linearize an index',
  operands: { multi_index: variadic(Index), dynamic_basis: variadic(Index) },
  results: { linear_index: Index },
  attributes: { disjoint: DisjointAttrC, static_basis: DenseI64ArrayAttr },
  traits: Trait.Pure | Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    // Upstream's unit property prints `disjoint` when set and `disjoint = false` otherwise.
    state.addProperty('disjoint', parser.parseOptionalKeyword('disjoint') ? UnitAttr.get(ctx) : BoolAttr.get(ctx, false))
    const loc = parser.getCurrentLocation()
    const indices = parser.parseOperandList('square')
    if (indices === undefined || !parser.resolveOperands(indices, IndexType.get(ctx), loc, state.operands) || !parser.parseKeyword('by')) {
      return false
    }
    const before = state.operands.length
    if (parseBasis(parser, state) === undefined) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [indices.length, state.operands.length - before]))
    if (!parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const type = parser.parseType()
    if (type === undefined) {
      return false
    }
    state.addTypes([type])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const seg = op.getAttr('operandSegmentSizes')
    const numIndices = seg instanceof DenseArrayAttr ? Number(seg.values[0]) : 0
    const operands: readonly Value[] = op.getOperands()
    p.print(op.getAttr('disjoint') instanceof UnitAttr ? ' disjoint [' : ' [')
    p.printOperands(operands.slice(0, numIndices))
    p.print('] by ')
    printDynamicIndexList(p, operands.slice(numIndices), staticBasis(op), KDYN, 'paren')
    p.printOptionalAttrDict(op.getAttrs(), ['disjoint', 'static_basis', 'operandSegmentSizes'])
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const seg = op.getAttr('operandSegmentSizes')
    const numIndices = seg instanceof DenseArrayAttr ? Number(seg.values[0]) : 0
    const basis = staticBasis(op)
    if (!verifyBasis(op, basis, op.numOperands - numIndices)) {
      return false
    }
    if (numIndices !== basis.length && numIndices !== basis.length + 1) {
      return op.emitOpError('should be passed a basis element for each index except possibly the first').fail()
    }
    return true
  },
})
