import {
  AnyInteger,
  BoolAttrC,
  I1,
  Index,
  IndexAttr,
  IndexType,
  IntegerAttr,
  IntegerType,
  Operation,
  Trait,
  anyTypeOf,
  attrConstraint,
  defineOp,
  matchConstantValue,
  type AttrConstraint,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpFoldResult,
  type TypeConstraint,
  type Value,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { IndexCmpPredicateAttr, parseIndexCmpPredicate } from './IndexAttributes.ts'
import { ConstantIntRanges, evaluatePred } from '../interfaces/InferIntRangeInterface.ts'

type FoldResult = readonly OpFoldResult[] | Operation | undefined

/** How a binary op computes on `width`-bit operands (bit patterns); null when it does not fold. */
type Calculate = (lhs: bigint, rhs: bigint, width: number) => bigint | null

function signed(v: bigint, width: number): bigint {
  return BigInt.asIntN(width, v)
}

function unsigned(v: bigint, width: number): bigint {
  return BigInt.asUintN(width, v)
}

function intValue(a: Attribute | null | undefined): bigint | null {
  return a instanceof IntegerAttr ? a.value : null
}

/**
 * Folds operations whose low 32 bits never depend on the high bits (add, mul, and, ...):
 * the 64-bit result is the answer whatever the target's index width.
 */
function foldUnchecked(op: Operation, operands: readonly (Attribute | null)[], calc: Calculate): Attribute | null {
  const lhs = intValue(operands[0])
  const rhs = intValue(operands[1])
  if (lhs === null || rhs === null) {
    return null
  }
  const r = calc(lhs, rhs, 64)
  return r === null ? null : IntegerAttr.get(IndexType.get(op.context), signed(r, 64))
}

/** Folds only when the 64-bit result truncated to 32 bits equals the 32-bit result (MLIR's `foldBinaryOpChecked`). */
function foldChecked(op: Operation, operands: readonly (Attribute | null)[], calc: Calculate): Attribute | null {
  const lhs = intValue(operands[0])
  const rhs = intValue(operands[1])
  if (lhs === null || rhs === null) {
    return null
  }
  const r64 = calc(lhs, rhs, 64)
  if (r64 === null) {
    return null
  }
  const r32 = calc(signed(lhs, 32), signed(rhs, 32), 32)
  if (r32 === null || signed(r64, 32) !== signed(r32, 32)) {
    return null
  }
  return IntegerAttr.get(IndexType.get(op.context), signed(r64, 64))
}

function ceilDivS(n: bigint, m: bigint, w: number): bigint | null {
  n = signed(n, w)
  m = signed(m, w)
  if (m === 0n) {
    return null
  }
  if (n === 0n) {
    return 0n
  }
  const mGtZ = m > 0n
  if (n > 0n !== mGtZ) {
    return signed(-signed(signed(-n, w) / m, w), w)
  }
  const x = mGtZ ? -1n : 1n
  return signed(signed(signed(n + x, w) / m, w) + 1n, w)
}

function ceilDivU(n: bigint, m: bigint, w: number): bigint | null {
  n = unsigned(n, w)
  m = unsigned(m, w)
  if (m === 0n) {
    return null
  }
  if (n === 0n) {
    return 0n
  }
  return unsigned((n - 1n) / m + 1n, w)
}

function floorDivS(n: bigint, m: bigint, w: number): bigint | null {
  n = signed(n, w)
  m = signed(m, w)
  if (m === 0n) {
    return null
  }
  if (n === 0n) {
    return 0n
  }
  const mLtZ = m < 0n
  if (n < 0n === mLtZ) {
    return signed(n / m, w)
  }
  const x = mLtZ ? 1n : -1n
  return signed(-1n - signed(signed(x - n, w) / m, w), w)
}

/**
 * MLIR's `OpTrait::IsCommutative` folder: moves constant operands after the others (in
 * place), tried when the op's own folder does not fold.
 */
function foldCommutative(op: Operation, operands: readonly (Attribute | null)[]): FoldResult {
  const values = op.getOperands()
  const reordered: Value[] = []
  for (let i = 0; i < values.length; i++) {
    if (operands[i] === null) {
      reordered.push(values[i]!)
    }
  }
  for (let i = 0; i < values.length; i++) {
    if (operands[i] !== null) {
      reordered.push(values[i]!)
    }
  }
  for (let i = 0; i < values.length; i++) {
    if (reordered[i] !== values[i]) {
      op.setOperands(reordered)
      return op
    }
  }
  return undefined
}

interface BinarySpec {
  readonly mnemonic: string
  readonly summary: string
  readonly commutative: boolean
  /** Associative too: `(x op c1) op c2` canonicalizes to `x op (c1 op c2)`. */
  readonly associative?: boolean
  /** The op's folder: an attribute, an operand value, or null. */
  readonly fold: (op: Operation, operands: readonly (Attribute | null)[]) => OpFoldResult | null
}

function create(rewriter: RewriterLike, def: OdsOp, op: Operation, operands: Record<string, Value>, attributes: Record<string, Attribute>): Operation {
  return rewriter.insert(Operation.create(def.createState(rewriter.context, op.location, { operands, attributes, results: [IndexType.get(rewriter.context)] })))
}

/**
 * MLIR's `canonicalizeAssociativeCommutativeBinaryOp`: `(x op c2) op c1` becomes
 * `x op c` where `c` is `c1 op c2` folded to a constant; nothing happens when it does not
 * fold (a result that differs between 32- and 64-bit indices).
 */
function associativeCommutativePattern(spec: BinarySpec, self: () => OdsOp): CanonicalizationPattern {
  return {
    name: 'canonicalizeAssociativeCommutativeBinaryOp',
    // A `canonicalize` method upstream: its pattern has no debug name.
    debugName: '',
    rootName: `index.${spec.mnemonic}`,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const c1 = matchConstantValue(op.getOperand(1))
      const lhsOp = op.getOperand(0).definingOp
      if (!(c1 instanceof IntegerAttr) || lhsOp === null || lhsOp.name !== op.name) {
        return false
      }
      const c2 = matchConstantValue(lhsOp.getOperand(1))
      if (!(c2 instanceof IntegerAttr)) {
        return false
      }
      const folded = spec.fold(op, [c1, c2])
      if (!(folded instanceof IntegerAttr)) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const c = create(rewriter, ConstantOp, op, {}, { value: folded }).getResult(0)
      const replacement = create(rewriter, self(), op, { lhs: lhsOp.getOperand(0), rhs: c }, {})
      rewriter.replaceOp(op, [replacement.getResult(0)])
      return true
    },
  }
}

function binaryOp(spec: BinarySpec): OdsOp {
  let patterns: CanonicalizationPattern[] | null = null
  const def: OdsOp = defineOp({
    name: `index.${spec.mnemonic}`,
    summary: spec.summary,
    operands: { lhs: Index, rhs: Index },
    results: { result: Index },
    traits: Trait.Pure | (spec.commutative ? Trait.Commutative : 0),
    assemblyFormat: '$lhs `,` $rhs attr-dict',
    fold(op: Operation, operands: readonly (Attribute | null)[]): FoldResult {
      const r = spec.fold(op, operands)
      if (r !== null) {
        return [r]
      }
      return spec.commutative ? foldCommutative(op, operands) : undefined
    },
    ...(spec.associative === true
      ? {
          getCanonicalizationPatterns(set: unknown): void {
            patterns ??= [associativeCommutativePattern(spec, () => def)]
            addPatterns(set, patterns)
          },
        }
      : {}),
  })
  return def
}

function isConst(a: Attribute | null | undefined, v: bigint): boolean {
  return a instanceof IntegerAttr && a.value === v
}

/** `index.add`. */
export const AddOp: OdsOp = binaryOp({
  mnemonic: 'add',
  summary: 'index addition',
  commutative: true,
  associative: true,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a + b) ?? (isConst(c[1], 0n) ? op.getOperand(0) : null),
})
/** `index.sub`. */
export const SubOp: OdsOp = binaryOp({
  mnemonic: 'sub',
  summary: 'index subtraction',
  commutative: false,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a - b) ?? (isConst(c[1], 0n) ? op.getOperand(0) : null),
})
/** `index.mul`. */
export const MulOp: OdsOp = binaryOp({
  mnemonic: 'mul',
  summary: 'index multiplication',
  commutative: true,
  associative: true,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a * b) ?? (isConst(c[1], 1n) ? op.getOperand(0) : isConst(c[1], 0n) ? c[1]! : null),
})
/** `index.divs`. */
export const DivSOp: OdsOp = binaryOp({
  mnemonic: 'divs',
  summary: 'index signed division',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (signed(b, w) === 0n ? null : signed(a, w) / signed(b, w))),
})
/** `index.divu`. */
export const DivUOp: OdsOp = binaryOp({
  mnemonic: 'divu',
  summary: 'index unsigned division',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(b, w) === 0n ? null : unsigned(a, w) / unsigned(b, w))),
})
/** `index.ceildivs`. */
export const CeilDivSOp: OdsOp = binaryOp({
  mnemonic: 'ceildivs',
  summary: 'index signed ceil division',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, ceilDivS),
})
/** `index.ceildivu`. */
export const CeilDivUOp: OdsOp = binaryOp({
  mnemonic: 'ceildivu',
  summary: 'index unsigned ceil division',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, ceilDivU),
})
/** `index.floordivs`. */
export const FloorDivSOp: OdsOp = binaryOp({
  mnemonic: 'floordivs',
  summary: 'index signed floor division',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, floorDivS),
})
/** `index.rems`. */
export const RemSOp: OdsOp = binaryOp({
  mnemonic: 'rems',
  summary: 'index signed remainder',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (signed(b, w) === 0n ? null : signed(a, w) % signed(b, w))),
})
/** `index.remu`. */
export const RemUOp: OdsOp = binaryOp({
  mnemonic: 'remu',
  summary: 'index unsigned remainder',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(b, w) === 0n ? null : unsigned(a, w) % unsigned(b, w))),
})
/** `index.maxs`. */
export const MaxSOp: OdsOp = binaryOp({
  mnemonic: 'maxs',
  summary: 'index signed maximum',
  commutative: true,
  associative: true,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (signed(a, w) > signed(b, w) ? a : b)),
})
/** `index.maxu`. */
export const MaxUOp: OdsOp = binaryOp({
  mnemonic: 'maxu',
  summary: 'index unsigned maximum',
  commutative: true,
  associative: true,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(a, w) > unsigned(b, w) ? a : b)),
})
/** `index.mins`. */
export const MinSOp: OdsOp = binaryOp({
  mnemonic: 'mins',
  summary: 'index signed minimum',
  commutative: true,
  associative: true,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (signed(a, w) < signed(b, w) ? a : b)),
})
/** `index.minu`. */
export const MinUOp: OdsOp = binaryOp({
  mnemonic: 'minu',
  summary: 'index unsigned minimum',
  commutative: true,
  associative: true,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(a, w) < unsigned(b, w) ? a : b)),
})
/** `index.shl`. */
export const ShlOp: OdsOp = binaryOp({
  mnemonic: 'shl',
  summary: 'index shift left',
  commutative: false,
  fold: (op, c) => foldUnchecked(op, c, (a, b, w) => (unsigned(b, w) >= 32n ? null : a << unsigned(b, w))),
})
/** `index.shrs`. */
export const ShrSOp: OdsOp = binaryOp({
  mnemonic: 'shrs',
  summary: 'signed index shift right',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(b, w) >= 32n ? null : signed(a, w) >> unsigned(b, w))),
})
/** `index.shru`. */
export const ShrUOp: OdsOp = binaryOp({
  mnemonic: 'shru',
  summary: 'unsigned index shift right',
  commutative: false,
  fold: (op, c) => foldChecked(op, c, (a, b, w) => (unsigned(b, w) >= 32n ? null : unsigned(a, w) >> unsigned(b, w))),
})
/** `index.and`. */
export const AndOp: OdsOp = binaryOp({
  mnemonic: 'and',
  summary: 'index bitwise and',
  commutative: true,
  associative: true,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a & b),
})
/** `index.or`. */
export const OrOp: OdsOp = binaryOp({
  mnemonic: 'or',
  summary: 'index bitwise or',
  commutative: true,
  associative: true,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a | b),
})
/** `index.xor`. */
export const XOrOp: OdsOp = binaryOp({
  mnemonic: 'xor',
  summary: 'index bitwise xor',
  commutative: true,
  associative: true,
  fold: (op, c) => foldUnchecked(op, c, (a, b) => a ^ b),
})

/** `IndexCmpPredicateAttr`, spelled as its keyword in `index.cmp`. */
export const IndexCmpPredicateAttrC: AttrConstraint = attrConstraint('index comparison predicate kind', (a) => a instanceof IndexCmpPredicateAttr, {
  parse: (parser) => parseIndexCmpPredicate(parser),
  print: (attr, printer) => printer.print((attr as IndexCmpPredicateAttr).keyword),
})

function compare(pred: number, a: bigint, b: bigint, w: number): boolean {
  switch (pred) {
    case 0:
      return unsigned(a, w) === unsigned(b, w)
    case 1:
      return unsigned(a, w) !== unsigned(b, w)
    case 2:
      return signed(a, w) < signed(b, w)
    case 3:
      return signed(a, w) <= signed(b, w)
    case 4:
      return signed(a, w) > signed(b, w)
    case 5:
      return signed(a, w) >= signed(b, w)
    case 6:
      return unsigned(a, w) < unsigned(b, w)
    case 7:
      return unsigned(a, w) <= unsigned(b, w)
    case 8:
      return unsigned(a, w) > unsigned(b, w)
    default:
      return unsigned(a, w) >= unsigned(b, w)
  }
}

const minMaxKinds: ReadonlySet<string> = new Set(['index.mins', 'index.minu', 'index.maxs', 'index.maxu'])

/**
 * MLIR's `foldCmpOfMaxOrMin`: `x = max/min(y, cstA)` lies in a range bounded by `cstA` on one
 * side; `cmp(x, cstB)` is decided when that range and `cstB` do not overlap (at `width` bits).
 */
function foldCmpOfMaxOrMin(kind: string, cstA: bigint, cstB: bigint, width: number, pred: number): boolean | null {
  const w = BigInt(width)
  let range: ConstantIntRanges
  switch (kind) {
    case 'index.mins':
      range = ConstantIntRanges.fromSigned(-(1n << (w - 1n)), cstA, width)
      break
    case 'index.minu':
      range = ConstantIntRanges.fromUnsigned(0n, cstA, width)
      break
    case 'index.maxs':
      range = ConstantIntRanges.fromSigned(cstA, (1n << (w - 1n)) - 1n, width)
      break
    default:
      range = ConstantIntRanges.fromUnsigned(cstA, (1n << w) - 1n, width)
  }
  return evaluatePred(pred, range, ConstantIntRanges.constant(cstB, width))
}

/** `index.cmp`: compares two index values with a predicate, giving an `i1`. */
export const CmpOp: OdsOp = defineOp({
  name: 'index.cmp',
  summary: 'index compare',
  operands: { lhs: Index, rhs: Index },
  results: { result: I1 },
  attributes: { pred: IndexCmpPredicateAttrC },
  traits: Trait.Pure,
  assemblyFormat: '$pred `(` $lhs `,` $rhs `)` attr-dict',
  fold(op: Operation, operands: readonly (Attribute | null)[]): FoldResult {
    const pred = (op.getAttr('pred') as IndexCmpPredicateAttr).value
    const bool = (v: boolean): OpFoldResult[] => [IntegerAttr.get(IntegerType.get(op.context, 1), v ? 1n : 0n)]
    const lhs = intValue(operands[0])
    const rhs = intValue(operands[1])
    if (lhs !== null && rhs !== null) {
      const r64 = compare(pred, lhs, rhs, 64)
      if (r64 === compare(pred, lhs, rhs, 32)) {
        return bool(r64)
      }
    }
    // cmp(max/min(x, cstA), cstB): decided by the range of the max/min when both index widths agree.
    const minMax = op.getOperand(0).definingOp
    const cstA = minMax === null || !minMaxKinds.has(minMax.name.name) ? null : intValue(matchConstantValue(minMax.getOperand(1)))
    if (minMax !== null && cstA !== null && rhs !== null) {
      const r64 = foldCmpOfMaxOrMin(minMax.name.name, cstA, rhs, 64, pred)
      const r32 = foldCmpOfMaxOrMin(minMax.name.name, cstA, rhs, 32, pred)
      if (r64 !== null && r64 === r32) {
        return bool(r64)
      }
    }
    if (op.getOperand(0) === op.getOperand(1)) {
      // x == x, x <= x and x >= x hold; the strict predicates and `ne` do not.
      return bool(pred === 0 || pred === 3 || pred === 5 || pred === 7 || pred === 9)
    }
    return undefined
  },
  getCanonicalizationPatterns(set: unknown): void {
    addPatterns(set, [CmpOfSubZero])
  },
})

function isZeroConstant(v: Value): boolean {
  const c = matchConstantValue(v)
  return c instanceof IntegerAttr && c.value === 0n
}

/**
 * MLIR's `CmpOp::canonicalize`: `cmp(x - y, 0)` becomes `cmp(x, y)` and `cmp(0, x - y)`
 * becomes `cmp(y, x)`, with the same predicate.
 */
const CmpOfSubZero: CanonicalizationPattern = {
  name: 'CmpOp::canonicalize',
  // A `canonicalize` method upstream: its pattern has no debug name.
  debugName: '',
  rootName: 'index.cmp',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const rhsIsZero = isZeroConstant(op.getOperand(1))
    if (!rhsIsZero && !isZeroConstant(op.getOperand(0))) {
      return false
    }
    const sub = op.getOperand(rhsIsZero ? 0 : 1).definingOp
    if (sub === null || sub.name.name !== 'index.sub') {
      return false
    }
    const [lhs, rhs] = rhsIsZero ? [sub.getOperand(0), sub.getOperand(1)] : [sub.getOperand(1), sub.getOperand(0)]
    rewriter.setInsertionPoint(op)
    const state = CmpOp.createState(rewriter.context, op.location, {
      operands: { lhs, rhs },
      attributes: { pred: op.getAttr('pred')! },
      results: [IntegerType.get(rewriter.context, 1)],
    })
    const cmp = rewriter.insert(Operation.create(state))
    rewriter.replaceOp(op, [cmp.getResult(0)])
    return true
  },
}

/** `index.constant`: an index constant, named `%idx<value>`. */
export const ConstantOp: OdsOp = defineOp({
  name: 'index.constant',
  summary: 'index constant',
  results: { result: Index },
  attributes: { value: IndexAttr },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    setName(op.getResult(0), `idx${(op.getAttr('value') as IntegerAttr).value}`)
  },
  fold(op: Operation): FoldResult {
    return [op.getAttr('value')!]
  },
})

/** `index.bool.constant`: an `i1` constant, named `%true` or `%false`. */
export const BoolConstantOp: OdsOp = defineOp({
  name: 'index.bool.constant',
  summary: 'boolean constant',
  results: { result: I1 },
  attributes: { value: BoolAttrC },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict $value',
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    setName(op.getResult(0), (op.getAttr('value') as IntegerAttr).value !== 0n ? 'true' : 'false')
  },
  fold(op: Operation): FoldResult {
    return [op.getAttr('value')!]
  },
})

const IntegerOrIndex: TypeConstraint = anyTypeOf([AnyInteger, Index])

/**
 * Folds a cast of a constant (MLIR's index cast folder): to `index`, extended or
 * truncated to 64 bits; from `index`, only when the 64-bit and 32-bit targets agree.
 * `signed` picks sign or zero extension.
 */
function foldCast(op: Operation, input: Attribute | null, signed: boolean): FoldResult {
  if (!(input instanceof IntegerAttr)) {
    return undefined
  }
  const inputType = op.getOperand(0).type
  const inputWidth = inputType instanceof IntegerType ? inputType.width : 64
  const bits = unsigned(input.value, inputWidth)
  const extOrTrunc = (v: bigint, from: number, to: number): bigint => {
    const u = unsigned(v, from)
    return to <= from ? unsigned(u, to) : signed ? unsigned(BigInt.asIntN(from, u), to) : u
  }
  const type = op.getResult(0).type
  if (type instanceof IndexType) {
    return [IntegerAttr.get(type, signed64(extOrTrunc(bits, inputWidth, 64)))]
  }
  const width = type instanceof IntegerType ? type.width : 64
  const r64 = extOrTrunc(bits, 64, width)
  const r32 = extOrTrunc(unsigned(bits, 32), 32, width)
  return r64 === r32 ? [IntegerAttr.get(type, r64)] : undefined
}

function signed64(v: bigint): bigint {
  return BigInt.asIntN(64, v)
}

function castOp(mnemonic: string, summary: string, signedCast: boolean): OdsOp {
  return defineOp({
    name: `index.${mnemonic}`,
    summary,
    operands: { input: IntegerOrIndex },
    results: { output: IntegerOrIndex },
    traits: Trait.Pure,
    assemblyFormat: '$input attr-dict `:` type($input) `to` type($output)',
    verify(op: Operation): LogicalResult {
      const input = op.getOperand(0).type
      const output = op.getResult(0).type
      if (input instanceof IndexType === output instanceof IndexType) {
        return op.emitOpError(`operand type ${typeText(input)} and result type ${typeText(output)} are cast incompatible`).fail()
      }
      return true
    },
    fold(op: Operation, operands: readonly (Attribute | null)[]): FoldResult {
      return foldCast(op, operands[0] ?? null, signedCast)
    },
  })
}

/** `index.casts`: a sign-extending or truncating cast between index and an integer type. */
export const CastSOp: OdsOp = castOp('casts', 'index signed cast', true)
/** `index.castu`: a zero-extending or truncating cast between index and an integer type. */
export const CastUOp: OdsOp = castOp('castu', 'index unsigned cast', false)

/** `index.sizeof`: the bit width of `index` on the target. */
export const SizeOfOp: OdsOp = defineOp({
  name: 'index.sizeof',
  summary: 'size in bits of the index type',
  results: { result: Index },
  traits: Trait.Pure,
  assemblyFormat: 'attr-dict',
})

/** Every op of the index dialect, in registration order. */
export const indexOps: readonly OdsOp[] = [
  AddOp,
  AndOp,
  BoolConstantOp,
  CastSOp,
  CastUOp,
  CeilDivSOp,
  CeilDivUOp,
  CmpOp,
  ConstantOp,
  DivSOp,
  DivUOp,
  FloorDivSOp,
  MaxSOp,
  MaxUOp,
  MinSOp,
  MinUOp,
  MulOp,
  OrOp,
  RemSOp,
  RemUOp,
  ShlOp,
  ShrSOp,
  ShrUOp,
  SizeOfOp,
  SubOp,
  XOrOp,
]
