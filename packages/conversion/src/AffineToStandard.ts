import {
  AffineExprKind,
  AffineMap as AffineMapClass,
  ArrayAttr,
  DenseArrayAttr,
  FloatAttr,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  success,
  failure,
  type AffineBinaryOpExpr,
  type AffineConstantExpr,
  type AffineDimExpr,
  type AffineExpr,
  type AffineMap,
  type AffineMapAttr,
  type AffineSymbolExpr,
  type IntegerSetAttr,
  type Location,
  type LogicalResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { ATOMIC_RMW_KINDS, IntegerOverflowFlagsAttr, parallelBoundGroups } from '@tilepass/dialects'
import { OperationPass } from '@tilepass/pass-manager'
import { ConversionTarget } from './ConversionTarget.ts'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPatternRewriter, type OpAdaptor } from './DialectConversion.ts'

// arith.cmpi predicates and the `nsw` overflow flag.
const CMP_EQ = 0
const CMP_SLT = 2
const CMP_SLE = 3
const CMP_SGE = 5
const OVERFLOW_NSW = 1

/**
 * Emits the arith ops computing an affine expression of dim and symbol values, exactly as
 * MLIR's `expandAffineExpr` (the `AffineApplyExpander`): `mul` carries `nsw`, `mod` is
 * Euclidean (`remsi` plus a correction), `floordiv`/`ceildiv` use one `divsi` with selects.
 * Null after reporting a non-positive constant divisor.
 */
export function expandAffineExpr(
  rewriter: ConversionPatternRewriter,
  loc: Location,
  expr: AffineExpr,
  dims: readonly Value[],
  symbols: readonly Value[],
): Value | null {
  const index = IndexType.get(rewriter.context)
  const i1 = IntegerType.get(rewriter.context, 1)
  const constant = (v: bigint | number): Value =>
    rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, BigInt(v)) } }).results[0]!
  const arith = (name: string, operands: Value[], overflow?: number): Value =>
    rewriter.create(`arith.${name}`, loc, {
      operands,
      results: [index],
      attributes: overflow === undefined ? {} : { overflowFlags: IntegerOverflowFlagsAttr.get(rewriter.context, overflow) },
    }).results[0]!
  const cmp = (predicate: number, lhs: Value, rhs: Value): Value =>
    rewriter.create('arith.cmpi', loc, {
      operands: [lhs, rhs],
      results: [i1],
      attributes: { predicate: IntegerAttr.get(IntegerType.get(rewriter.context, 64), predicate) },
    }).results[0]!
  const select = (cond: Value, a: Value, b: Value): Value =>
    rewriter.create('arith.select', loc, { operands: [cond, a, b], results: [index] }).results[0]!

  const visit = (e: AffineExpr): Value | null => {
    switch (e.kind) {
      case AffineExprKind.Constant: {
        const c = e as AffineConstantExpr
        return constant(c.exactValue ?? c.value)
      }
      case AffineExprKind.DimId:
        return dims[(e as AffineDimExpr).position]!
      case AffineExprKind.SymbolId:
        return symbols[(e as AffineSymbolExpr).position]!
      default:
        break
    }
    const bin = e as AffineBinaryOpExpr
    if (e.kind === AffineExprKind.Add || e.kind === AffineExprKind.Mul) {
      const lhs = visit(bin.lhs)
      const rhs = visit(bin.rhs)
      if (lhs === null || rhs === null) {
        return null
      }
      return e.kind === AffineExprKind.Add ? arith('addi', [lhs, rhs], 0) : arith('muli', [lhs, rhs], OVERFLOW_NSW)
    }
    if (bin.rhs.kind === AffineExprKind.Constant) {
      const c = bin.rhs as AffineConstantExpr
      if ((c.exactValue ?? BigInt(c.value)) <= 0n) {
        rewriter.context
          .emitError(loc, e.kind === AffineExprKind.Mod ? 'modulo by non-positive value is not supported' : 'division by non-positive value is not supported')
          .report()
        return null
      }
    }
    const lhs = visit(bin.lhs)
    const rhs = visit(bin.rhs)
    if (lhs === null || rhs === null) {
      return null
    }
    if (e.kind === AffineExprKind.Mod) {
      const remainder = arith('remsi', [lhs, rhs])
      const zero = constant(0)
      const negative = cmp(CMP_SLT, remainder, zero)
      const corrected = arith('addi', [remainder, rhs], 0)
      return select(negative, corrected, remainder)
    }
    if (e.kind === AffineExprKind.FloorDiv) {
      const zero = constant(0)
      const minusOne = constant(-1)
      const negative = cmp(CMP_SLT, lhs, zero)
      const negatedDecremented = arith('subi', [minusOne, lhs], 0)
      const dividend = select(negative, negatedDecremented, lhs)
      const quotient = arith('divsi', [dividend, rhs])
      const correctedQuotient = arith('subi', [minusOne, quotient], 0)
      return select(negative, correctedQuotient, quotient)
    }
    const zero = constant(0)
    const one = constant(1)
    const nonPositive = cmp(CMP_SLE, lhs, zero)
    const negated = arith('subi', [zero, lhs], 0)
    const decremented = arith('subi', [lhs, one], 0)
    const dividend = select(nonPositive, negated, decremented)
    const quotient = arith('divsi', [dividend, rhs])
    const negatedQuotient = arith('subi', [zero, quotient], 0)
    const incrementedQuotient = arith('addi', [quotient, one], 0)
    return select(nonPositive, negatedQuotient, incrementedQuotient)
  }
  return visit(expr)
}

/** Every result of `map` applied to `operands` (MLIR's `expandAffineMap`); null when one fails. */
export function expandAffineMap(rewriter: ConversionPatternRewriter, loc: Location, map: AffineMap, operands: readonly Value[]): Value[] | null {
  const dims = operands.slice(0, map.numDims)
  const symbols = operands.slice(map.numDims)
  const out: Value[] = []
  for (const expr of map.results) {
    const v = expandAffineExpr(rewriter, loc, expr, dims, symbols)
    if (v === null) {
      return null
    }
    out.push(v)
  }
  return out
}

/**
 * The max (`isLower`) or min of the results of `map`, as a linear chain of `arith.maxsi` /
 * `arith.minsi` after every result is expanded (MLIR's `lowerAffineMapMax`/`Min`).
 */
function lowerBound(rewriter: ConversionPatternRewriter, loc: Location, map: AffineMap, operands: readonly Value[], isLower: boolean): Value | null {
  const values = expandAffineMap(rewriter, loc, map, operands)
  if (values === null || values.length === 0) {
    return null
  }
  let value = values[0]!
  for (let i = 1; i < values.length; i++) {
    value = rewriter.create(isLower ? 'arith.maxsi' : 'arith.minsi', loc, { operands: [value, values[i]!], results: [value.type] }).results[0]!
  }
  return value
}

function operandValues(op: Operation, from = 0, to = op.numOperands): Value[] {
  const out: Value[] = []
  for (let i = from; i < to; i++) {
    out.push(op.getOperand(i))
  }
  return out
}

/** `affine.apply` to the arith ops of its expression. */
class AffineApplyLowering extends OpConversionPattern {
  constructor() {
    super('affine.apply')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const expanded = expandAffineMap(rewriter, op.location, (op.getAttr('map') as AffineMapAttr).value, operandValues(op))
    if (expanded === null) {
      return failure()
    }
    rewriter.replaceOp(op, expanded)
    return success()
  }
}

/**
 * `affine.load` / `affine.store` to `memref.load` / `memref.store` at the expanded indices:
 * the map operands start at `firstIndex` (after the memref, and the stored value).
 */
class AffineAccessLowering extends OpConversionPattern {
  constructor(
    opName: 'affine.load' | 'affine.store',
    private readonly target: 'memref.load' | 'memref.store',
    private readonly firstIndex: number,
  ) {
    super(opName)
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const indices = expandAffineMap(rewriter, op.location, (op.getAttr('map') as AffineMapAttr).value, operandValues(op, this.firstIndex))
    if (indices === null) {
      return failure()
    }
    const access = rewriter.create(this.target, op.location, {
      operands: [...operandValues(op, 0, this.firstIndex), ...indices],
      results: op.results.map((r) => r.type),
    })
    rewriter.replaceOp(op, access)
    return success()
  }
}

/** `affine.for` to `scf.for` over the max of its lower bounds and the min of its upper bounds. */
class AffineForLowering extends OpConversionPattern {
  constructor() {
    super('affine.for')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const seg = op.getAttr('operandSegmentSizes') as unknown as { values: readonly number[] }
    const [numLb, numUb] = [Number(seg.values[0]), Number(seg.values[1])]
    const lb = lowerBound(rewriter, loc, (op.getAttr('lowerBoundMap') as AffineMapAttr).value, operandValues(op, 0, numLb), true)
    const ub = lowerBound(rewriter, loc, (op.getAttr('upperBoundMap') as AffineMapAttr).value, operandValues(op, numLb, numLb + numUb), false)
    if (lb === null || ub === null) {
      return failure()
    }
    const index = IndexType.get(rewriter.context)
    const stepAttr = op.getAttr('step') as IntegerAttr
    const step = rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, stepAttr.value) } }).results[0]!
    const inits = operandValues(op, numLb + numUb)
    const forOp = rewriter.create('scf.for', loc, { operands: [lb, ub, step, ...inits], results: op.results.map((r) => r.type), regions: 1 })
    rewriter.inlineRegionBefore(op.regions[0]!, forOp.regions[0]!, null)
    rewriter.replaceOp(op, forOp)
    return success()
  }
}

/** `affine.if` to `scf.if` on the conjunction of its constraints (`expr >= 0` or `expr == 0`). */
class AffineIfLowering extends OpConversionPattern {
  constructor() {
    super('affine.if')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const set = (op.getAttr('condition') as IntegerSetAttr).value
    const index = IndexType.get(rewriter.context)
    const i1 = IntegerType.get(rewriter.context, 1)
    const zero = rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, 0n) } }).results[0]!
    const operands = operandValues(op)
    const dims = operands.slice(0, set.numDims)
    const symbols = operands.slice(set.numDims)
    let cond: Value | null = null
    for (let i = 0; i < set.constraints.length; i++) {
      const value = expandAffineExpr(rewriter, loc, set.constraints[i]!, dims, symbols)
      if (value === null) {
        return failure()
      }
      const cmp = rewriter.create('arith.cmpi', loc, {
        operands: [value, zero],
        results: [i1],
        attributes: { predicate: IntegerAttr.get(IntegerType.get(rewriter.context, 64), set.eqFlags[i] === true ? CMP_EQ : CMP_SGE) },
      }).results[0]!
      cond = cond === null ? cmp : rewriter.create('arith.andi', loc, { operands: [cond, cmp], results: [i1] }).results[0]!
    }
    if (cond === null) {
      cond = rewriter.create('arith.constant', loc, { results: [i1], attributes: { value: IntegerAttr.get(i1, 1n) } }).results[0]!
    }
    const ifOp = rewriter.create('scf.if', loc, { operands: [cond], results: op.results.map((r) => r.type), regions: 2 })
    rewriter.inlineRegionBefore(op.regions[0]!, ifOp.regions[0]!, null)
    if (!op.regions[1]!.empty) {
      rewriter.inlineRegionBefore(op.regions[1]!, ifOp.regions[1]!, null)
    }
    rewriter.replaceOp(op, ifOp)
    return success()
  }
}

/** `affine.min` / `affine.max` to the `arith.minsi` / `arith.maxsi` chain of the expanded map results. */
class AffineMinMaxLowering extends OpConversionPattern {
  constructor(private readonly isMax: boolean) {
    super(isMax ? 'affine.max' : 'affine.min')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const value = lowerBound(rewriter, op.location, (op.getAttr('map') as AffineMapAttr).value, operandValues(op), this.isMax)
    if (value === null) {
      return failure()
    }
    rewriter.replaceOp(op, [value])
    return success()
  }
}

/** The results `start .. start + size` of `map`, over the same dims and symbols (`getSliceMap`). */
function sliceMap(map: AffineMap, start: number, size: number): AffineMap {
  return AffineMapClass.get(map.context, map.numDims, map.numSymbols, map.results.slice(start, start + size))
}

/** The arith op combining two partial results of reduction `kind` (MLIR's `arith::getReductionOp`). */
const REDUCTION_OPS: Readonly<Record<string, string>> = {
  addf: 'arith.addf',
  addi: 'arith.addi',
  mulf: 'arith.mulf',
  muli: 'arith.muli',
  maximumf: 'arith.maximumf',
  minimumf: 'arith.minimumf',
  maxnumf: 'arith.maxnumf',
  minnumf: 'arith.minnumf',
  maxs: 'arith.maxsi',
  mins: 'arith.minsi',
  maxu: 'arith.maxui',
  minu: 'arith.minui',
  andi: 'arith.andi',
  ori: 'arith.ori',
  xori: 'arith.xori',
}

/** The neutral element of reduction `kind` for `type` (MLIR's `arith::getIdentityValueAttr`), or null. */
function reductionIdentity(kind: string, type: Type): IntegerAttr | FloatAttr | null {
  if (type instanceof FloatType) {
    switch (kind) {
      case 'addf':
        return FloatAttr.get(type, 0)
      case 'mulf':
        return FloatAttr.get(type, 1)
      case 'maximumf':
        return FloatAttr.get(type, -Infinity)
      case 'minimumf':
        return FloatAttr.get(type, Infinity)
      default:
        return null
    }
  }
  if (!(type instanceof IntegerType)) {
    return null
  }
  const w = BigInt(type.width)
  switch (kind) {
    case 'addi':
    case 'ori':
    case 'xori':
    case 'maxu':
      return IntegerAttr.get(type, 0n)
    case 'muli':
      return IntegerAttr.get(type, 1n)
    case 'andi':
    case 'minu':
      return IntegerAttr.get(type, -1n)
    case 'maxs':
      return IntegerAttr.get(type, -(1n << (w - 1n)))
    case 'mins':
      return IntegerAttr.get(type, (1n << (w - 1n)) - 1n)
    default:
      return null
  }
}

/**
 * `affine.parallel` to `scf.parallel` (MLIR's `AffineParallelLowering`): per dimension the
 * max of its lower-bound group and the min of its upper-bound group, constant steps, the
 * reductions' identities as init values, and the body's `affine.yield` as an `scf.reduce`
 * whose regions combine partial results.
 */
class AffineParallelLowering extends OpConversionPattern {
  constructor() {
    super('affine.parallel')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const index = IndexType.get(rewriter.context)
    const lbMap = (op.getAttr('lowerBoundsMap') as AffineMapAttr).value
    const ubMap = (op.getAttr('upperBoundsMap') as AffineMapAttr).value
    const lbOperands = operandValues(op, 0, lbMap.numInputs)
    const ubOperands = operandValues(op, lbMap.numInputs)
    const lbGroups = parallelBoundGroups(op, 'lowerBoundsGroups')
    const ubGroups = parallelBoundGroups(op, 'upperBoundsGroups')
    const lbs: Value[] = []
    const ubs: Value[] = []
    let lbStart = 0
    let ubStart = 0
    for (let i = 0; i < lbGroups.length; i++) {
      const lower = lowerBound(rewriter, loc, sliceMap(lbMap, lbStart, lbGroups[i]!), lbOperands, true)
      if (lower === null) {
        return failure()
      }
      lbs.push(lower)
      const upper = lowerBound(rewriter, loc, sliceMap(ubMap, ubStart, ubGroups[i]!), ubOperands, false)
      if (upper === null) {
        return failure()
      }
      ubs.push(upper)
      lbStart += lbGroups[i]!
      ubStart += ubGroups[i]!
    }
    const stepsAttr = op.getAttr('steps')
    const steps: Value[] = []
    for (const s of stepsAttr instanceof ArrayAttr ? stepsAttr.elements : []) {
      const v = s instanceof IntegerAttr ? s.value : 1n
      steps.push(rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, v) } }).results[0]!)
    }
    const reductionsAttr = op.getAttr('reductions')
    const kinds = (reductionsAttr instanceof ArrayAttr ? reductionsAttr.elements : []).map((a) => ATOMIC_RMW_KINDS[Number(a instanceof IntegerAttr ? a.value : -1n)] ?? '')
    const inits: Value[] = []
    for (let i = 0; i < kinds.length; i++) {
      const type = op.getResult(i).type
      const identity = reductionIdentity(kinds[i]!, type)
      if (identity === null || REDUCTION_OPS[kinds[i]!] === undefined) {
        return failure()
      }
      inits.push(rewriter.create('arith.constant', loc, { results: [type], attributes: { value: identity } }).results[0]!)
    }
    const parOp = rewriter.create('scf.parallel', loc, {
      operands: [...lbs, ...ubs, ...steps, ...inits],
      results: op.results.map((r) => r.type),
      properties: { operandSegmentSizes: DenseArrayAttr.getI32(rewriter.context, [lbs.length, ubs.length, steps.length, inits.length]) },
      regions: 1,
    })
    rewriter.inlineRegionBefore(op.regions[0]!, parOp.regions[0]!, null)
    const body = parOp.regions[0]!.firstBlock!
    const terminator = body.lastOp!
    rewriter.setInsertionPoint(terminator)
    const yielded = operandValues(terminator)
    const reduce = rewriter.create('scf.reduce', loc, { operands: yielded, regions: yielded.length })
    for (let i = 0; i < yielded.length; i++) {
      const type = yielded[i]!.type
      const block = rewriter.createBlock(reduce.regions[i]!, null, [type, type], [loc, loc])
      const combined = rewriter.create(REDUCTION_OPS[kinds[i]!]!, loc, { operands: [block.arguments[0]!, block.arguments[1]!], results: [type] }).results[0]!
      rewriter.create('scf.reduce.return', loc, { operands: [combined] })
    }
    rewriter.eraseOp(terminator)
    rewriter.replaceOp(op, parOp)
    return success()
  }
}

/** `affine.yield` to `scf.yield`. */
class AffineYieldLowering extends OpConversionPattern {
  constructor() {
    super('affine.yield')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const parent = op.parentOp
    if (parent !== null && (parent.name.name === 'scf.parallel' || parent.name.name === 'affine.parallel')) {
      return failure()
    }
    const y = rewriter.create('scf.yield', op.location, { operands: operandValues(op) })
    rewriter.replaceOp(op, y)
    return success()
  }
}

/** The patterns of MLIR's `populateAffineToStdConversionPatterns` that Tilepass's affine subset needs. */
export function affineToStdConversionPatterns(): OpConversionPattern[] {
  return [
    new AffineApplyLowering(),
    new AffineMinMaxLowering(false),
    new AffineMinMaxLowering(true),
    new AffineParallelLowering(),
    new AffineAccessLowering('affine.load', 'memref.load', 1),
    new AffineAccessLowering('affine.store', 'memref.store', 2),
    new AffineForLowering(),
    new AffineIfLowering(),
    new AffineYieldLowering(),
  ]
}

/**
 * `lower-affine`: lowers `affine.for`, `affine.parallel`, `affine.if`, `affine.apply`,
 * `affine.min`/`affine.max`, `affine.load`, `affine.store` and `affine.yield` to the `scf`,
 * `arith` and `memref` dialects, with mlir-opt 22's output (a partial conversion: the arith,
 * memref and scf dialects are legal, everything else is left as it is when no pattern
 * applies). The index ops (`affine.delinearize_index`/`linearize_index`) stay.
 */
export class LowerAffinePass extends OperationPass {
  static override readonly argument = 'lower-affine'
  static override readonly summary = 'Lower Affine operations to a combination of Arith and SCF operations'
  static readonly passName: string = 'LowerAffinePass'
  static override readonly dependentDialects: readonly string[] = ['arith', 'memref', 'scf']

  override runOnOperation(): void {
    const target = new ConversionTarget(this.getContext())
    target.addLegalDialect('arith', 'memref', 'scf', 'vector')
    applyPartialConversionInPass(this, this.getOperation(), target, affineToStdConversionPatterns())
  }
}
