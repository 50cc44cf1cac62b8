import {
  BoolLike,
  verifyElementwise,
  DenseElementsAttr,
  FloatAttr,
  FloatLike,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  RankedTensorType,
  ShapedType,
  SignlessIntegerLike,
  StringAttr,
  Trait,
  UnitAttrC,
  VectorType,
  AnyType,
  attrConstraint,
  defaultValuedAttr,
  defineOp,
  getElementTypeOrSelf,
  intEnumAttr,
  optionalAttr,
  type AttrConstraint,
  type Attribute,
  type EnumAttrConstraint,
  type LogicalResult,
  type OdsOp,
  type OpSpec,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type TypeConstraint,
  type UnresolvedOperand,
  type Value,
  SparseElementsAttr,
  ConditionallySpeculatable,
  DenseIntOrFPElementsAttr,
  type InterfaceImpl,
  type Speculatability,
  resolveOperandList,
} from '@tilepass/ir'
import {
  CmpFPredicateNames,
  CmpIPredicateNames,
  FastMathFlagsAttr,
  IntegerOverflowFlagsAttr,
  RoundingModeNames,
  parseFastMathFlagsBody,
  parseOptionalFastMathFlagsBody,
  parseOptionalOverflowFlagsBody,
  parseOverflowFlagsBody,
  printFastMathFlagsBody,
  printOverflowFlagsBody,
} from './ArithAttributes.ts'
import * as F from './ArithFolders.ts'
import { arithCanonicalizationPatterns } from './ArithCanonicalization.ts'
import { addPatterns } from '../internal/RewriterLike.ts'
import { getI1SameShape } from './ConstantFold.ts'
import { ConstantIntRanges, InferIntRangeInterface, inferValueRange, rangeBitWidth } from '../interfaces/InferIntRangeInterface.ts'
import {
  BitcastTypeConstraint,
  IndexCastTypeConstraint,
  SignlessFixedWidthIntegerLike,
  areCompatibleShapes,
  intOrFloatWidth,
  isValidCastPair,
  underlyingType,
} from './ArithTypes.ts'
import { spell, typeText } from '../internal/typeText.ts'

/**
 * MLIR's trait folders, tried when the op's own folder does not fold: `Commutative`
 * moves constant operands last (in place), `Idempotent` folds `op(x, x)` to `x`.
 */
/** True when a constant operand comes before a non-constant one (the only case the commutative fold reorders). */
function constantBeforeNonConstant(operands: readonly (Attribute | null)[]): boolean {
  let seenConstant = false
  for (let i = 0; i < operands.length; i++) {
    if (operands[i]) {
      seenConstant = true
    } else if (seenConstant) {
      return true
    }
  }
  return false
}

function foldTraits(op: Operation, operands: readonly (Attribute | null)[]): F.FoldResult {
  if (op.hasTrait(Trait.Commutative) && op.numOperands >= 2 && constantBeforeNonConstant(operands)) {
    const values = op.getOperands()
    const nonConst = values.filter((_, i) => !operands[i])
    const consts = values.filter((_, i) => operands[i])
    const reordered = [...nonConst, ...consts]
    if (reordered.some((v, i) => v !== values[i])) {
      op.setOperands(reordered)
      return op
    }
  }
  if (op.hasTrait(Trait.Idempotent) && op.numOperands === 2 && op.getOperand(0) === op.getOperand(1)) {
    return [op.getOperand(0)]
  }
  return undefined
}

/** `defineOp` plus the op's canonicalization patterns from ArithCanonicalization.ts and the trait folders. */
function defineArithOp(spec: OpSpec): OdsOp {
  const own = spec.fold?.bind(spec)
  const traits = spec.traits ?? 0
  const withTraits = (traits & (Trait.Commutative | Trait.Idempotent)) !== 0
  return defineOp({
    ...spec,
    // Every arith verifier reads only the op's operand and result types (arith.constant's
    // its value too, which it says).
    verifyReads: spec.verifyReads ?? 'types',
    ...(own !== undefined && withTraits
      ? {
          fold(op: Operation, operands: readonly (Attribute | null)[]): F.FoldResult {
            const r = own(op, operands)
            return r === undefined ? foldTraits(op, operands) : r
          },
        }
      : {}),
    getCanonicalizationPatterns(patterns: unknown): void {
      const list = arithCanonicalizationPatterns[spec.name]
      if (list !== undefined) {
        addPatterns(patterns, list)
      }
    },
  })
}

// ---- attribute constraints ----------------------------------------------------------------

/** `Arith_FastMathAttr`: `#arith.fastmath<...>`, spelled `<...>` after the `fastmath` keyword. */
export const FastMathAttrC: AttrConstraint = attrConstraint('Floating point fastmath flags', (a) => a instanceof FastMathFlagsAttr, {
  parse: (parser) => parseFastMathFlagsBody(parser),
  parseOptional: (parser) => parseOptionalFastMathFlagsBody(parser),
  print: (attr, printer) => printFastMathFlagsBody(attr as FastMathFlagsAttr, printer),
})

/** `Arith_IntegerOverflowAttr`: `#arith.overflow<...>`, spelled `<...>` after the `overflow` keyword. */
export const IntegerOverflowAttrC: AttrConstraint = attrConstraint('Integer overflow arith flags', (a) => a instanceof IntegerOverflowFlagsAttr, {
  parse: (parser) => parseOverflowFlagsBody(parser),
  parseOptional: (parser) => parseOptionalOverflowFlagsBody(parser),
  print: (attr, printer) => printOverflowFlagsBody(attr as IntegerOverflowFlagsAttr, printer),
})

function predicateEnum(names: readonly string[]): EnumAttrConstraint {
  const base = intEnumAttr(
    64,
    names.map((keyword, value) => ({ keyword, value })),
  )
  const message = `expected string or keyword containing one of the following enum values for attribute 'predicate' [${names.join(', ')}]`
  const parse = (parser: OpAsmParser): Attribute | undefined => {
    const offset = parser.getCurrentOffset()
    const kw = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
    const value = kw === undefined ? -1 : names.indexOf(kw)
    if (value < 0) {
      parser.emitError(parser.getLocationAt(offset), message).report()
      return undefined
    }
    return base.get(parser.context, kw!)
  }
  return { ...base, parse }
}

/** `Arith_CmpIPredicateAttr`: an `i64` case of `CmpIPredicateNames`, spelled as its keyword. */
export const CmpIPredicateAttrC: EnumAttrConstraint = predicateEnum(CmpIPredicateNames)
/** `Arith_CmpFPredicateAttr`: an `i64` case of `CmpFPredicateNames`, spelled as its keyword. */
export const CmpFPredicateAttrC: EnumAttrConstraint = predicateEnum(CmpFPredicateNames)
/** `Arith_RoundingModeAttr`: an `i32` case of `RoundingModeNames`, spelled as its keyword. */
export const RoundingModeAttrC: EnumAttrConstraint = roundingModeConstraint()

function roundingModeConstraint(): EnumAttrConstraint {
  const base = intEnumAttr(
    32,
    RoundingModeNames.map((keyword, value) => ({ keyword, value })),
    'Floating point rounding mode',
  )
  // Only the case keywords start the optional group: `fastmath` after the operand means "absent".
  const parseOptional = (parser: OpAsmParser): Attribute | null => {
    const kw = parser.parseOptionalKeywordOneOf(RoundingModeNames)
    return kw === undefined ? null : base.get(parser.context, kw)
  }
  return { ...base, parseOptional }
}

/** `TypedAttrInterface` as arith.constant uses it (string attributes carry a type in MLIR too). */
const TypedAttrC: AttrConstraint = attrConstraint(
  'TypedAttr instance',
  (a) => a instanceof StringAttr || (a as { type?: unknown }).type instanceof Object,
)

const noneFastMath = defaultValuedAttr(FastMathAttrC, (c) => FastMathFlagsAttr.get(c, 0))
const noneOverflow = defaultValuedAttr(IntegerOverflowAttrC, (c) => IntegerOverflowFlagsAttr.get(c, 0))

// ---- shared verification ------------------------------------------------------------------

/** `SameInputOutputTensorDims`: tensors on both sides have identical shapes. */
function verifyTensorDims(op: Operation): LogicalResult {
  const a = op.getOperand(0).type
  const b = op.getResult(0).type
  if (!(a instanceof RankedTensorType) && !(b instanceof RankedTensorType)) {
    return true
  }
  const da = a instanceof RankedTensorType ? a.shape : []
  const db = b instanceof RankedTensorType ? b.shape : []
  if (da.length !== db.length || da.some((d, i) => d !== db[i])) {
    return op.emitOpError('failed to verify that input and output have the same tensor dimensions').fail()
  }
  return true
}

/** `SameOperandsAndResultShape`. */
export function verifySameOperandsAndResultShape(op: Operation): LogicalResult {
  // Operand types, then result types, read in place: no list is made for an op of scalars.
  const numOperands = op.operands.length
  const n = numOperands + op.results.length
  let numShaped = 0
  for (let i = 0; i < n; i++) {
    if (operandOrResultType(op, numOperands, i) instanceof ShapedType) {
      numShaped++
    }
  }
  if (numShaped === 0) {
    return true
  }
  if (numShaped !== n) {
    return op.emitOpError('requires the same shape for all operands and results').fail()
  }
  const first = operandOrResultType(op, numOperands, 0)
  for (let i = 1; i < n; i++) {
    if (!areCompatibleShapes(first, operandOrResultType(op, numOperands, i))) {
      return op.emitOpError('requires the same shape for all operands and results').fail()
    }
  }
  return true
}

/** The type of operand `i` of `op` (which has `numOperands`), or for `i` past them of result `i - numOperands`. */
function operandOrResultType(op: Operation, numOperands: number, i: number): Type {
  return i < numOperands ? op.operands[i]!.value.type : op.results[i - numOperands]!.type
}

/** CastOpInterface's verifier: the cast must be compatible. */
function verifyCast(op: Operation, compatible: (input: Type, output: Type) => boolean): LogicalResult {
  const input = op.getOperand(0).type
  const output = op.getResult(0).type
  if (!compatible(input, output)) {
    return op.emitOpError(`operand type ${typeText(input)} and result type ${typeText(output)} are cast incompatible`).fail()
  }
  return true
}

function verifyCastOp(op: Operation, compatible: (input: Type, output: Type) => boolean, extra?: (op: Operation) => LogicalResult): LogicalResult {
  return verifyTensorDims(op) && verifySameOperandsAndResultShape(op) && verifyCast(op, compatible) && verifyElementwise(op) && (extra === undefined || extra(op))
}

function isInt(e: Type): boolean {
  return e instanceof IntegerType
}
function isFloat(e: Type): boolean {
  return e instanceof FloatType
}

function widthChange(accept: (e: Type) => boolean, cmp: (dst: number, src: number) => boolean): (i: Type, o: Type) => boolean {
  return (input, output) => {
    if (!isValidCastPair(input, output)) {
      return false
    }
    const s = underlyingType(input, accept)
    const d = underlyingType(output, accept)
    return s !== undefined && d !== undefined && cmp(intOrFloatWidth(d), intOrFloatWidth(s))
  }
}

function intFloatCast(from: (e: Type) => boolean, to: (e: Type) => boolean): (i: Type, o: Type) => boolean {
  return (input, output) => isValidCastPair(input, output) && underlyingType(input, from) !== undefined && underlyingType(output, to) !== undefined
}

function indexCastCompatible(input: Type, output: Type): boolean {
  if (!isValidCastPair(input, output)) {
    return false
  }
  const accept = (e: Type): boolean => e instanceof IntegerType || e instanceof IndexType
  const s = underlyingType(input, accept, true)
  const d = underlyingType(output, accept, true)
  if (s === undefined || d === undefined) {
    return false
  }
  const signless = (t: Type): boolean => t instanceof IntegerType && t.isSignless
  return (s instanceof IndexType && signless(d)) || (signless(s) && d instanceof IndexType)
}

function bitcastCompatible(input: Type, output: Type): boolean {
  if (!isValidCastPair(input, output)) {
    return false
  }
  const accept = (e: Type): boolean => e instanceof IntegerType || e instanceof FloatType
  const s = underlyingType(input, accept, true)
  const d = underlyingType(output, accept, true)
  return s !== undefined && d !== undefined && intOrFloatWidth(s) === intOrFloatWidth(d)
}

function verifyWidth(op: Operation, wider: boolean): LogicalResult {
  const src = getElementTypeOrSelf(op.getOperand(0).type)
  const dst = getElementTypeOrSelf(op.getResult(0).type)
  const sw = intOrFloatWidth(src)
  const dw = intOrFloatWidth(dst)
  if (wider ? sw >= dw : sw <= dw) {
    return op.emitError(`result type ${typeText(dst)} must be ${wider ? 'wider' : 'shorter'} than operand type ${typeText(src)}`).fail()
  }
  return true
}

// ---- op factories -------------------------------------------------------------------------

const ARITH = Trait.NoMemoryEffect | Trait.Elementwise
const PURE = Trait.Pure | Trait.Elementwise

type Folder = (op: Operation, operands: readonly (Attribute | null)[]) => F.FoldResult

function intBinary(mnemonic: string, summary: string, fold: Folder, extraTraits = 0, pure = true, interfaces: readonly InterfaceImpl[] = []): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    interfaces,
    traits: (pure ? PURE : ARITH) | Trait.SameOperandsAndResultType | extraTraits,
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
    fold,
    verify: verifyElementwise,
  })
}

function intBinaryOverflow(mnemonic: string, summary: string, fold: Folder, extraTraits = 0, extra: Partial<{ getAsmResultNames: (op: Operation, setName: (v: Value, n: string) => void) => void }> = {}): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    attributes: { overflowFlags: noneOverflow },
    traits: PURE | Trait.SameOperandsAndResultType | extraTraits,
    assemblyFormat: '$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)',
    fold,
    verify: verifyElementwise,
    ...extra,
  })
}

/**
 * The integer value of a constant scalar or splat `v` (MLIR's `constant_int_value_binder`),
 * or null when `v` is not such a constant.
 */
function constantSplatInteger(v: Value): bigint | null {
  const def = v.definingOp
  if (def === null || !def.hasTrait(Trait.ConstantLike)) {
    return null
  }
  const a = def.getAttr('value')
  if (a instanceof IntegerAttr) {
    return a.value
  }
  const t = v.type
  const shapedOk = t instanceof VectorType || t instanceof RankedTensorType
  if (shapedOk && a instanceof DenseIntOrFPElementsAttr && a.isSplat && a.values.length > 0 && typeof a.values[0] === 'bigint') {
    return a.values[0]
  }
  return null
}

/**
 * Speculatability of a division (MLIR's `getDivUISpeculatability`/`getDivSISpeculatability`):
 * it cannot trap when the divisor's range (a constant's, or what its defining op infers)
 * excludes zero and, for a signed division, -1 (`INT_MIN / -1` overflows).
 */
function divisionSpeculatability(signed: boolean): InterfaceImpl {
  return ConditionallySpeculatable.impl({
    getSpeculatability(op: Operation): Speculatability {
      const range = inferValueRange(op.getOperand(1), constantSplatInteger)
      if (range === null) {
        return 'not-speculatable'
      }
      if (!signed) {
        return range.umin > 0n ? 'speculatable' : 'not-speculatable'
      }
      const withoutZero = range.smin > 0n || range.smax < 0n
      const withoutMinusOne = range.smin > -1n || range.smax < -1n
      return withoutZero && withoutMinusOne ? 'speculatable' : 'not-speculatable'
    },
  })
}

/** `arith.constant`'s InferIntRangeInterface: the value, or the union of an elements constant's values. */
const constantIntRange: InterfaceImpl = InferIntRangeInterface.impl({
  inferResultRanges(op: Operation): readonly (ConstantIntRanges | null)[] {
    const width = rangeBitWidth(op.getResult(0).type)
    const a = op.getAttr('value')
    if (width === null) {
      return [null]
    }
    if (a instanceof IntegerAttr) {
      return [ConstantIntRanges.constant(a.value, width)]
    }
    if (a instanceof DenseIntOrFPElementsAttr && a.values.length > 0 && typeof a.values[0] === 'bigint') {
      let range: ConstantIntRanges | null = null
      for (const v of a.values as readonly bigint[]) {
        const r = ConstantIntRanges.constant(v, width)
        range = range === null ? r : range.rangeUnion(r)
      }
      return [range]
    }
    return [null]
  },
})

/** `signedDivision`: set for the divisions (whose speculatability depends on the divisor). */
function intBinaryExact(mnemonic: string, summary: string, fold: Folder, pure: boolean, signedDivision?: boolean): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { result: SignlessIntegerLike },
    attributes: { isExact: optionalAttr(UnitAttrC) },
    interfaces: signedDivision === undefined ? [] : [divisionSpeculatability(signedDivision)],
    traits: (pure ? PURE : ARITH) | Trait.SameOperandsAndResultType,
    assemblyFormat: '$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)',
    fold,
    verify: verifyElementwise,
  })
}

function floatBinary(mnemonic: string, summary: string, fold: Folder, extraTraits = 0): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { lhs: FloatLike, rhs: FloatLike },
    results: { result: FloatLike },
    attributes: { fastmath: noneFastMath },
    traits: PURE | Trait.SameOperandsAndResultType | extraTraits,
    assemblyFormat: '$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
    fold,
    verify: verifyElementwise,
  })
}

function cast(mnemonic: string, summary: string, from: TypeConstraint, to: TypeConstraint, compatible: (i: Type, o: Type) => boolean, fold: Folder, extra?: (op: Operation) => LogicalResult): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { in: from },
    results: { out: to },
    traits: PURE,
    assemblyFormat: '$in attr-dict `:` type($in) `to` type($out)',
    fold,
    verify: (op) => verifyCastOp(op, compatible, extra),
  })
}

// ---- constant -----------------------------------------------------------------------------

/**
 * The names `constantResultName` suggests for integer constants whose result has the
 * attribute's type (always, in verified IR), by attribute: a large module repeats a few
 * constants many times, and each name would otherwise be built from a bigint.
 */
const integerConstantNames = new WeakMap<IntegerAttr, string>()

function constantResultName(op: Operation, setName: (v: Value, n: string) => void): void {
  const result = op.getResult(0)
  const value = op.getAttr('value')
  const type = result.type
  if (value instanceof IntegerAttr) {
    const cacheable = value.type === type
    let name = cacheable ? integerConstantNames.get(value) : undefined
    if (name === undefined) {
      name = integerConstantName(value, type)
      if (cacheable) {
        integerConstantNames.set(value, name)
      }
    }
    setName(result, name)
    return
  }
  setName(result, 'cst')
}

/** `c42_i32`, `c-1_index`, `true`: the name of the integer constant `value` of type `type`. */
function integerConstantName(value: IntegerAttr, type: Type): string {
  if (type instanceof IntegerType && type.width === 1) {
    return value.value !== 0n ? 'true' : 'false'
  }
  const w = type instanceof IntegerType ? type.width : 64
  const v = w === 0 ? 0n : BigInt.asIntN(w, value.value)
  return type instanceof IntegerType ? `c${v}_${spell(type)}` : `c${v}`
}

/** `arith.constant`: an integer, float or elements constant (`arith.constant 42 : i32`). */
export const ConstantOp: OdsOp = defineArithOp({
  name: 'arith.constant',
  summary: 'integer or floating point constant',
  attributes: { value: TypedAttrC },
  results: { result: AnyType },
  traits: Trait.ConstantLike | Trait.Pure,
  interfaces: [constantIntRange],
  allTypesMatch: [['value', 'result']],
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames: constantResultName,
  verifyReads: 'signature',
  verify(op) {
    const type = op.getResult(0).type
    if (type instanceof IntegerType && !type.isSignless) {
      return op.emitOpError('integer return type must be signless').fail()
    }
    const value = op.getAttr('value')
    if (!(value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr || value instanceof SparseElementsAttr)) {
      return op.emitOpError('value must be an integer, float, or elements attribute').fail()
    }
    if (type instanceof VectorType && type.isScalable && !(value instanceof DenseElementsAttr && value.isSplat)) {
      return op.emitOpError("intializing scalable vectors with elements attribute is not supported unless it's a vector splat").fail()
    }
    return true
  },
  fold(op) {
    const v = op.getAttr('value')
    return v === undefined ? undefined : [v]
  },
  constantValue(op) {
    return op.getAttr('value') ?? null
  },
})

// ---- integer arithmetic -------------------------------------------------------------------

/** `arith.addi`. */
export const AddIOp: OdsOp = intBinaryOverflow('addi', 'integer addition operation', F.foldAddI, Trait.Commutative)
/** `arith.subi`. */
export const SubIOp: OdsOp = intBinaryOverflow('subi', 'Integer subtraction operation.', F.foldSubI)
/** `arith.muli`. */
export const MulIOp: OdsOp = intBinaryOverflow('muli', 'Integer multiplication operation.', F.foldMulI, Trait.Commutative, {
  getAsmResultNames(op, setName) {
    if (!(op.getResult(0).type instanceof IndexType)) {
      return
    }
    // `base * vector.vscale` is named `c<base>_vscale`; matched by name to avoid a vector dialect dependency.
    for (const [a, b] of [
      [op.getOperand(0), op.getOperand(1)],
      [op.getOperand(1), op.getOperand(0)],
    ] as const) {
      const c = F.getConstantAttr(a)
      if (c instanceof IntegerAttr && b.definingOp?.name.name === 'vector.vscale') {
        setName(op.getResult(0), `c${c.value}_vscale`)
        return
      }
    }
  },
})
/** `arith.divui`. */
export const DivUIOp: OdsOp = intBinaryExact('divui', 'unsigned integer division operation', F.foldDivUI, false, false)
/** `arith.divsi`. */
export const DivSIOp: OdsOp = intBinaryExact('divsi', 'signed integer division operation', F.foldDivSI, false, true)
/** `arith.ceildivui`. */
export const CeilDivUIOp: OdsOp = intBinary('ceildivui', 'unsigned ceil integer division operation', F.foldCeilDivUI, 0, false, [divisionSpeculatability(false)])
/** `arith.ceildivsi`. */
export const CeilDivSIOp: OdsOp = intBinary('ceildivsi', 'signed ceil integer division operation', F.foldCeilDivSI, 0, false, [divisionSpeculatability(true)])
/** `arith.floordivsi`. */
export const FloorDivSIOp: OdsOp = intBinary('floordivsi', 'signed floor integer division operation', F.foldFloorDivSI)
/** `arith.remui`. */
export const RemUIOp: OdsOp = intBinary('remui', 'unsigned integer division remainder operation', F.foldRemUI)
/** `arith.remsi`. */
export const RemSIOp: OdsOp = intBinary('remsi', 'signed integer division remainder operation', F.foldRemSI)
/** `arith.andi`. */
export const AndIOp: OdsOp = intBinary('andi', 'integer binary and', F.foldAndI, Trait.Commutative | Trait.Idempotent)
/** `arith.ori`. */
export const OrIOp: OdsOp = intBinary('ori', 'integer binary or', F.foldOrI, Trait.Commutative | Trait.Idempotent)
/** `arith.xori`. */
export const XOrIOp: OdsOp = intBinary('xori', 'integer binary xor', F.foldXOrI, Trait.Commutative)
/** `arith.shli`. */
export const ShLIOp: OdsOp = intBinaryOverflow('shli', 'integer left-shift', F.foldShLI)
/** `arith.shrui`. */
export const ShRUIOp: OdsOp = intBinaryExact('shrui', 'unsigned integer right-shift', F.foldShRUI, true)
/** `arith.shrsi`. */
export const ShRSIOp: OdsOp = intBinaryExact('shrsi', 'signed integer right-shift', F.foldShRSI, true)
/** `arith.maxsi`. */
export const MaxSIOp: OdsOp = intBinary('maxsi', 'signed integer maximum operation', F.foldMaxSI, Trait.Commutative)
/** `arith.maxui`. */
export const MaxUIOp: OdsOp = intBinary('maxui', 'unsigned integer maximum operation', F.foldMaxUI, Trait.Commutative)
/** `arith.minsi`. */
export const MinSIOp: OdsOp = intBinary('minsi', 'signed integer minimum operation', F.foldMinSI, Trait.Commutative)
/** `arith.minui`. */
export const MinUIOp: OdsOp = intBinary('minui', 'unsigned integer minimum operation', F.foldMinUI, Trait.Commutative)

function namedResults(names: readonly string[]): (op: Operation, setName: (v: Value, n: string) => void) => void {
  return (op, setName) => {
    for (let i = 0; i < names.length && i < op.numResults; i++) {
      setName(op.getResult(i), names[i]!)
    }
  }
}

/** `arith.addui_extended`: sum and carry bit. */
export const AddUIExtendedOp: OdsOp = defineArithOp({
  name: 'arith.addui_extended',
  summary: 'extended unsigned integer addition operation returning sum and overflow bit',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { sum: SignlessIntegerLike, overflow: BoolLike },
  traits: PURE | Trait.Commutative,
  allTypesMatch: [['lhs', 'rhs', 'sum']],
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)',
  getAsmResultNames: namedResults(['sum', 'overflow']),
  fold: F.foldAddUIExtended,
  verify: verifyElementwise,
})

function mulExtended(mnemonic: string, summary: string, fold: Folder): OdsOp {
  return defineArithOp({
    name: `arith.${mnemonic}`,
    summary,
    operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
    results: { low: SignlessIntegerLike, high: SignlessIntegerLike },
    traits: PURE | Trait.Commutative,
    allTypesMatch: [['lhs', 'rhs', 'low', 'high']],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($lhs)',
    getAsmResultNames: namedResults(['low', 'high']),
    fold,
    verify: verifyElementwise,
  })
}

/** `arith.mulsi_extended`: low and high halves of a signed product. */
export const MulSIExtendedOp: OdsOp = mulExtended('mulsi_extended', 'extended signed integer multiplication operation', F.foldMulSIExtended)
/** `arith.mului_extended`: low and high halves of an unsigned product. */
export const MulUIExtendedOp: OdsOp = mulExtended('mului_extended', 'extended unsigned integer multiplication operation', F.foldMulUIExtended)

// ---- floating-point arithmetic ------------------------------------------------------------

/** `arith.negf`. */
export const NegFOp: OdsOp = defineArithOp({
  name: 'arith.negf',
  summary: 'floating point negation',
  operands: { operand: FloatLike },
  results: { result: FloatLike },
  attributes: { fastmath: noneFastMath },
  traits: PURE | Trait.SameOperandsAndResultType,
  assemblyFormat: '$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)',
  fold: F.foldNegF,
  verify: verifyElementwise,
})
/** `arith.addf`. */
export const AddFOp: OdsOp = floatBinary('addf', 'floating point addition operation', F.foldAddF, Trait.Commutative)
/** `arith.subf`. */
export const SubFOp: OdsOp = floatBinary('subf', 'floating point subtraction operation', F.foldSubF)
/** `arith.mulf`. */
export const MulFOp: OdsOp = floatBinary('mulf', 'floating point multiplication operation', F.foldMulF, Trait.Commutative)
/** `arith.divf`. */
export const DivFOp: OdsOp = floatBinary('divf', 'floating point division operation', F.foldDivF)
/** `arith.remf`. */
export const RemFOp: OdsOp = floatBinary('remf', 'floating point division remainder operation', F.foldRemF)
/** `arith.maximumf`. */
export const MaximumFOp: OdsOp = floatBinary('maximumf', 'floating-point maximum operation', F.foldMaximumF, Trait.Commutative)
/** `arith.minimumf`. */
export const MinimumFOp: OdsOp = floatBinary('minimumf', 'floating-point minimum operation', F.foldMinimumF, Trait.Commutative)
/** `arith.maxnumf`. */
export const MaxNumFOp: OdsOp = floatBinary('maxnumf', 'floating-point maximum operation', F.foldMaxNumF, Trait.Commutative)
/** `arith.minnumf`. */
export const MinNumFOp: OdsOp = floatBinary('minnumf', 'floating-point minimum operation', F.foldMinNumF, Trait.Commutative)

// ---- casts --------------------------------------------------------------------------------

/** `arith.extui`. */
export const ExtUIOp: OdsOp = cast(
  'extui',
  'integer zero extension operation',
  SignlessFixedWidthIntegerLike,
  SignlessFixedWidthIntegerLike,
  widthChange(isInt, (d, s) => d > s),
  F.foldExtUI,
  (op) => verifyWidth(op, true),
)
/** `arith.extsi`. */
export const ExtSIOp: OdsOp = cast(
  'extsi',
  'integer sign extension operation',
  SignlessFixedWidthIntegerLike,
  SignlessFixedWidthIntegerLike,
  widthChange(isInt, (d, s) => d > s),
  F.foldExtSI,
  (op) => verifyWidth(op, true),
)
/** `arith.uitofp`. */
export const UIToFPOp: OdsOp = cast('uitofp', 'cast from unsigned integer type to floating-point', SignlessFixedWidthIntegerLike, FloatLike, intFloatCast(isInt, isFloat), F.foldUIToFP)
/** `arith.sitofp`. */
export const SIToFPOp: OdsOp = cast('sitofp', 'cast from integer type to floating-point', SignlessFixedWidthIntegerLike, FloatLike, intFloatCast(isInt, isFloat), F.foldSIToFP)
/** `arith.fptoui`. */
export const FPToUIOp: OdsOp = cast('fptoui', 'cast from floating-point type to integer type', FloatLike, SignlessFixedWidthIntegerLike, intFloatCast(isFloat, isInt), F.foldFPToUI)
/** `arith.fptosi`. */
export const FPToSIOp: OdsOp = cast('fptosi', 'cast from floating-point type to integer type', FloatLike, SignlessFixedWidthIntegerLike, intFloatCast(isFloat, isInt), F.foldFPToSI)
/** `arith.index_cast`. */
export const IndexCastOp: OdsOp = cast('index_cast', 'cast between index and integer types', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible, F.foldIndexCast)
/** `arith.index_castui`. */
export const IndexCastUIOp: OdsOp = cast('index_castui', 'unsigned cast between index and integer types', IndexCastTypeConstraint, IndexCastTypeConstraint, indexCastCompatible, F.foldIndexCastUI)
/** `arith.bitcast`. */
export const BitcastOp: OdsOp = cast('bitcast', 'bitcast between values of equal bit width', BitcastTypeConstraint, BitcastTypeConstraint, bitcastCompatible, F.foldBitcast)

/** `arith.trunci` (with `overflow<...>` flags). */
export const TruncIOp: OdsOp = defineArithOp({
  name: 'arith.trunci',
  summary: 'integer truncation operation',
  operands: { in: SignlessFixedWidthIntegerLike },
  results: { out: SignlessFixedWidthIntegerLike },
  attributes: { overflowFlags: noneOverflow },
  traits: PURE,
  assemblyFormat: '$in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)',
  fold: F.foldTruncI,
  verify: (op) =>
    verifyCastOp(
      op,
      widthChange(isInt, (d, s) => d < s),
      (o) => verifyWidth(o, false),
    ),
})

/** `arith.extf` (with optional `fastmath<...>`). */
export const ExtFOp: OdsOp = defineArithOp({
  name: 'arith.extf',
  summary: 'cast from floating-point to wider floating-point',
  operands: { in: FloatLike },
  results: { out: FloatLike },
  attributes: { fastmath: optionalAttr(FastMathAttrC) },
  traits: PURE,
  assemblyFormat: '$in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  fold: F.foldExtF,
  verify: (op) =>
    verifyCastOp(
      op,
      widthChange(isFloat, (d, s) => d > s),
      (o) => verifyWidth(o, true),
    ),
})

/** `arith.truncf` (with optional rounding mode and `fastmath<...>`). */
export const TruncFOp: OdsOp = defineArithOp({
  name: 'arith.truncf',
  summary: 'cast from floating-point to narrower floating-point',
  operands: { in: FloatLike },
  results: { out: FloatLike },
  attributes: { roundingmode: optionalAttr(RoundingModeAttrC), fastmath: optionalAttr(FastMathAttrC) },
  traits: PURE,
  assemblyFormat: '$in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)',
  fold: F.foldTruncF,
  verify: (op) =>
    verifyCastOp(
      op,
      widthChange(isFloat, (d, s) => d < s),
      (o) => verifyWidth(o, false),
    ),
})

function verifyScalingCast(op: Operation, wider: boolean): LogicalResult {
  if (!verifyTensorDims(op)) {
    return false
  }
  const input = op.getOperand(0).type
  const output = op.getResult(0).type
  if (!widthChange(isFloat, (d, s) => (wider ? d > s : d < s))(input, output)) {
    return op
      .emitOpError(`operand types ${typeText(input)}, ${typeText(op.getOperand(1).type)} and result type ${typeText(output)} are cast incompatible`)
      .fail()
  }
  return verifyElementwise(op) && verifyWidth(op, wider)
}

/** `arith.scaling_extf`: upcast with per-element scales (OCP MXFP). */
export const ScalingExtFOp: OdsOp = defineArithOp({
  name: 'arith.scaling_extf',
  summary: 'Upcasts input floats using provided scales values following OCP MXFP Spec',
  operands: { in: FloatLike, scale: FloatLike },
  results: { out: FloatLike },
  attributes: { fastmath: optionalAttr(FastMathAttrC) },
  traits: PURE,
  assemblyFormat: '$in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
  verify: (op) => verifyScalingCast(op, true),
})

/** `arith.scaling_truncf`: downcast with per-element scales (OCP MXFP). */
export const ScalingTruncFOp: OdsOp = defineArithOp({
  name: 'arith.scaling_truncf',
  summary: 'Downcasts input floating point values using provided scales values following OCP MXFP Spec',
  operands: { in: FloatLike, scale: FloatLike },
  results: { out: FloatLike },
  attributes: { roundingmode: optionalAttr(RoundingModeAttrC), fastmath: optionalAttr(FastMathAttrC) },
  traits: PURE,
  assemblyFormat: '$in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `,` type($scale) `to` type($out)',
  verify: (op) => verifyScalingCast(op, false),
})

// ---- comparisons and select ---------------------------------------------------------------

/** `SameTypeOperands`, then `Elementwise`. */
function verifySameTypeOperands(op: Operation): LogicalResult {
  const t = op.getOperand(0).type
  for (let i = 1; i < op.numOperands; i++) {
    if (op.getOperand(i).type !== t) {
      return op.emitOpError('requires all operands to have the same type').fail()
    }
  }
  return verifyElementwise(op)
}

/** Parses `pred, %lhs, %rhs (fastmath<...>)? attr-dict : type`; both operands take the one type (SameTypeOperands). */
function parseCompare(predicate: AttrConstraint, operandType: TypeConstraint, withFastMath: boolean): (parser: OpAsmParser, state: OperationState) => LogicalResult {
  return (parser, state) => {
    const pred = predicate.parse!(parser)
    if (pred === undefined || !parser.parseComma()) {
      return false
    }
    state.addAttribute('predicate', pred)
    const lhs = parser.parseOperand()
    if (lhs === undefined || !parser.parseComma()) {
      return false
    }
    const rhs = parser.parseOperand()
    if (rhs === undefined) {
      return false
    }
    if (withFastMath && parser.parseOptionalKeyword('fastmath')) {
      const fm = parseFastMathFlagsBody(parser)
      if (fm === undefined) {
        return false
      }
      state.addAttribute('fastmath', fm)
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const type = parser.parseColonType()
    if (type === undefined) {
      return false
    }
    // The result type is inferred from `lhs`, so ODS checks the operand type while parsing.
    if (!operandType.check(type)) {
      return parser.emitError(parser.getNameLoc(), `'lhs' must be ${operandType.summary}, but got ${typeText(type)}`).fail()
    }
    state.addTypes([getI1SameShape(type)])
    // -1: a count mismatch is reported at the op name, whose location is made only then.
    return resolveOperandList(parser, [lhs, rhs], type, -1, state.operands)
  }
}

const i1SameShape = {
  from: 'lhs',
  to: 'result',
  transform: getI1SameShape,
  summary: 'result type has i1 element type and same shape as operands',
}

/** `arith.cmpi`: integer comparison (`arith.cmpi slt, %a, %b : i32`). */
export const CmpIOp: OdsOp = defineArithOp({
  name: 'arith.cmpi',
  summary: 'integer comparison operation',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: BoolLike },
  attributes: { predicate: CmpIPredicateAttrC },
  traits: PURE,
  typesMatchWith: [i1SameShape],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
  parse: parseCompare(CmpIPredicateAttrC, SignlessIntegerLike, false),
  verify: verifySameTypeOperands,
  fold: F.foldCmpI,
})

/** `arith.cmpf`: floating-point comparison (`arith.cmpf olt, %a, %b : f32`). */
export const CmpFOp: OdsOp = defineArithOp({
  name: 'arith.cmpf',
  summary: 'floating-point comparison operation',
  operands: { lhs: FloatLike, rhs: FloatLike },
  results: { result: BoolLike },
  attributes: { predicate: CmpFPredicateAttrC, fastmath: noneFastMath },
  traits: PURE,
  typesMatchWith: [i1SameShape],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)',
  parse: parseCompare(CmpFPredicateAttrC, FloatLike, true),
  verify: verifySameTypeOperands,
  fold: F.foldCmpF,
})

function sameShape(a: Type, b: Type): boolean {
  if (!(a instanceof ShapedType) || !(b instanceof ShapedType)) {
    return false
  }
  const sa = a.shape
  const sb = b.shape
  if (sa === undefined || sb === undefined) {
    return sa === sb
  }
  return sa.length === sb.length && sa.every((d, i) => d === sb[i])
}

/** `arith.select`: `arith.select %c, %a, %b : i32` or `: vector<4xi1>, vector<4xi32>` for masks. */
export const SelectOp: OdsOp = defineArithOp({
  name: 'arith.select',
  summary: 'select operation',
  operands: { condition: BoolLike, true_value: AnyType, false_value: AnyType },
  results: { result: AnyType },
  traits: PURE,
  allTypesMatch: [['true_value', 'false_value', 'result']],
  fold: F.foldSelect,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const operands: UnresolvedOperand[] | undefined = parser.parseOperandList('none', 3)
    if (operands === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    let resultType = parser.parseColonType()
    if (resultType === undefined) {
      return false
    }
    let conditionType: Type = IntegerType.get(parser.context, 1)
    if (parser.parseOptionalComma()) {
      conditionType = resultType
      resultType = parser.parseType()
      if (resultType === undefined) {
        return false
      }
    }
    state.addTypes([resultType])
    return resolveOperandList(parser, operands, [conditionType, resultType, resultType], -1, state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperands(op.getOperands())
    p.printOptionalAttrDict(op.getAttrs())
    p.print(' : ')
    const condType = op.getOperand(0).type
    if (condType instanceof ShapedType) {
      p.printType(condType)
      p.print(', ')
    }
    p.printType(op.getResult(0).type)
  },
  verify(op) {
    const cond = op.getOperand(0).type
    const result = op.getResult(0).type
    const isI1 = cond instanceof IntegerType && cond.isSignless && cond.width === 1
    // BooleanConditionOrMatchingShape (an ODS predicate, checked before the op's own verifier).
    if (!isI1 && !sameShape(cond, result)) {
      return op.emitOpError('failed to verify that condition is signless i1 or has matching shape').fail()
    }
    if (!verifyElementwise(op)) {
      return false
    }
    if (isI1) {
      return true
    }
    if (!(result instanceof VectorType || result instanceof RankedTensorType || result instanceof ShapedType)) {
      return op.emitOpError(`expected condition to be a signless i1, but got ${typeText(cond)}`).fail()
    }
    const expected = getI1SameShape(result)
    if (cond !== expected) {
      return op
        .emitOpError(`expected condition type to have the same shape as the result type, expected ${typeText(expected)}, but got ${typeText(cond)}`)
        .fail()
    }
    return true
  },
})

/** Every arith op definition, in registration order. */
export const arithOps: readonly OdsOp[] = [
  ConstantOp,
  AddIOp,
  SubIOp,
  MulIOp,
  DivUIOp,
  DivSIOp,
  CeilDivUIOp,
  CeilDivSIOp,
  FloorDivSIOp,
  RemUIOp,
  RemSIOp,
  AndIOp,
  OrIOp,
  XOrIOp,
  ShLIOp,
  ShRUIOp,
  ShRSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  AddUIExtendedOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  NegFOp,
  AddFOp,
  SubFOp,
  MulFOp,
  DivFOp,
  RemFOp,
  MaximumFOp,
  MinimumFOp,
  MaxNumFOp,
  MinNumFOp,
  ExtUIOp,
  ExtSIOp,
  UIToFPOp,
  SIToFPOp,
  FPToUIOp,
  FPToSIOp,
  IndexCastOp,
  IndexCastUIOp,
  BitcastOp,
  TruncIOp,
  ExtFOp,
  TruncFOp,
  ScalingExtFOp,
  ScalingTruncFOp,
  CmpIOp,
  CmpFOp,
  SelectOp,
]
