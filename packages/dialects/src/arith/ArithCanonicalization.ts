import {
  FloatAttr,
  FloatType,
  FusedLoc,
  IntegerAttr,
  IntegerType,
  Operation,
  Trait,
  type Attribute,
  type Location,
  type OdsBuildArgs,
  type OdsOp,
  type Value,
} from '@tilepass/ir'
import { CmpFPredicate, CmpIPredicate, IntegerOverflowFlagsAttr } from './ArithAttributes.ts'
import { floatFormat, floatToInteger, integerToFloat } from './FloatSemantics.ts'
import { getConstantIntValue, getZeroAttr } from './ConstantFold.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import {
  AddIOp,
  AndIOp,
  BitcastOp,
  CmpIOp,
  ConstantOp,
  ExtSIOp,
  ExtUIOp,
  IndexCastOp,
  IndexCastUIOp,
  MulIOp,
  OrIOp,
  SelectOp,
  SubIOp,
  XOrIOp,
  ShRUIOp,
  TruncIOp,
  SIToFPOp,
  UIToFPOp,
  MulFOp,
  DivFOp,
} from './ArithOps.ts'

// ArithOps.ts imports this module to register the patterns; the cycle is safe because
// the op definitions are only read when a pattern runs (the set is made on first use).
let opSet: ArithOpSet | null = null

function defs(): ArithOpSet {
  return (opSet ??= {
    constant: ConstantOp,
    addi: AddIOp,
    subi: SubIOp,
    muli: MulIOp,
    xori: XOrIOp,
    andi: AndIOp,
    ori: OrIOp,
    cmpi: CmpIOp,
    select: SelectOp,
    extui: ExtUIOp,
    extsi: ExtSIOp,
    index_cast: IndexCastOp,
    index_castui: IndexCastUIOp,
    bitcast: BitcastOp,
    shrui: ShRUIOp,
    trunci: TruncIOp,
    sitofp: SIToFPOp,
    uitofp: UIToFPOp,
    mulf: MulFOp,
    divf: DivFOp,
  })
}

interface ArithOpSet {
  readonly constant: OdsOp
  readonly addi: OdsOp
  readonly subi: OdsOp
  readonly muli: OdsOp
  readonly xori: OdsOp
  readonly andi: OdsOp
  readonly ori: OdsOp
  readonly cmpi: OdsOp
  readonly select: OdsOp
  readonly extui: OdsOp
  readonly extsi: OdsOp
  readonly index_cast: OdsOp
  readonly index_castui: OdsOp
  readonly bitcast: OdsOp
  readonly shrui: OdsOp
  readonly trunci: OdsOp
  readonly sitofp: OdsOp
  readonly uitofp: OdsOp
  readonly mulf: OdsOp
  readonly divf: OdsOp
}

function defOp(v: Value, name: string): Operation | null {
  const d = v.definingOp
  return d !== null && d.name.name === name ? d : null
}

/** `ConstantLikeMatcher APIntAttr`: the scalar integer attribute of a constant op. */
function constInt(v: Value): IntegerAttr | undefined {
  const d = v.definingOp
  if (d === null || !d.hasTrait(Trait.ConstantLike)) {
    return undefined
  }
  const a = d.getAttr('value')
  return a instanceof IntegerAttr ? a : undefined
}

/** `ConstantLikeMatcher AnyAttr`: the attribute of a constant op. */
function constAttr(v: Value): Attribute | undefined {
  const d = v.definingOp
  return d !== null && d.hasTrait(Trait.ConstantLike) ? d.getAttr('value') : undefined
}

function flags(op: Operation): number {
  const a = op.getAttr('overflowFlags')
  return a instanceof IntegerOverflowFlagsAttr ? a.value : 0
}

/**
 * Rewrites build at the root with the fused location of the matched ops, as DRR patterns do.
 * DRR fuses the first N entries of its list of matched ops, N being the number of op nodes in
 * the source pattern. That list holds the root, then every nested node in post-order (operands
 * left to right, a node after its own operands), and a `ConstantLikeMatcher` node adds its
 * constant op to the list without counting in N. So `root(inner(x, C0), C1)` fuses the root
 * with C0's constant op, not with `inner`, and `root(C1, inner(x, C0))` the root with C1's:
 * callers pass exactly the ops DRR fuses.
 */
function fusedLoc(matched: readonly Operation[]): Location {
  return FusedLoc.get(matched[0]!.context, matched.map((o) => o.location))
}

/** The op defining a value a `ConstantLikeMatcher` matched (it has one). */
function constOp(v: Value): Operation {
  return v.definingOp as Operation
}

function create(rewriter: RewriterLike, def: OdsOp, loc: Location, args: OdsBuildArgs): Operation {
  return rewriter.insert(Operation.create(def.createState(rewriter.context, loc, args)))
}

function constant(rewriter: RewriterLike, loc: Location, value: Attribute): Value {
  return create(rewriter, defs().constant, loc, { attributes: { value } }).getResult(0)
}

function overflow(rewriter: RewriterLike, bits: number): IntegerOverflowFlagsAttr {
  return IntegerOverflowFlagsAttr.get(rewriter.context, bits)
}

type IntFn = (a: bigint, b: bigint) => bigint

/**
 * `op(inner(x, c0), c1) -> outer(x, f(c0, c1))` and the constant-on-the-left variants:
 * the shape shared by the AddI/SubI/MulI constant-reassociation patterns.
 */
function reassociate(
  name: string,
  root: 'arith.addi' | 'arith.subi' | 'arith.muli',
  inner: 'arith.addi' | 'arith.subi' | 'arith.muli',
  constOnLeftOfRoot: boolean,
  constOnLeftOfInner: boolean,
  result: 'addi' | 'subi' | 'muli',
  combine: (c0: bigint, c1: bigint) => bigint,
  constFirst: boolean,
  mergeFlags: boolean,
): CanonicalizationPattern {
  return {
    name,
    rootName: root,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const c1 = constInt(op.getOperand(constOnLeftOfRoot ? 0 : 1))
      const innerOp = defOp(op.getOperand(constOnLeftOfRoot ? 1 : 0), inner)
      if (c1 === undefined || innerOp === null) {
        return false
      }
      const c0 = constInt(innerOp.getOperand(constOnLeftOfInner ? 0 : 1))
      if (c0 === undefined) {
        return false
      }
      const type = op.getResult(0).type
      if (result === 'muli' && (c0.type !== type || c1.type !== type)) {
        return false
      }
      const x = innerOp.getOperand(constOnLeftOfInner ? 1 : 0)
      // DRR's match list is [root, C1 op, ...] when the root's constant comes first, else
      // [root, C0 op, inner, C1 op]: either way the root and the first constant op are fused.
      const firstConst = constOnLeftOfRoot ? op.getOperand(0) : innerOp.getOperand(constOnLeftOfInner ? 0 : 1)
      const loc = fusedLoc([op, constOp(firstConst)])
      rewriter.setInsertionPoint(op)
      const c = constant(rewriter, loc, IntegerAttr.get(type, combine(c0.value, c1.value)))
      const bits = mergeFlags ? flags(innerOp) & flags(op) : 0
      const operands = constFirst ? { lhs: c, rhs: x } : { lhs: x, rhs: c }
      const repl = create(rewriter, defs()[result], loc, { operands, attributes: { overflowFlags: overflow(rewriter, bits) } })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

const add: IntFn = (a, b) => a + b
const sub: IntFn = (a, b) => a - b

/** addi(addi(x, c0), c1) -> addi(x, c0 + c1). */
export const AddIAddConstant: CanonicalizationPattern = reassociate('AddIAddConstant', 'arith.addi', 'arith.addi', false, false, 'addi', add, false, true)
/** addi(subi(x, c0), c1) -> addi(x, c1 - c0). */
export const AddISubConstantRHS: CanonicalizationPattern = reassociate('AddISubConstantRHS', 'arith.addi', 'arith.subi', false, false, 'addi', (c0, c1) => c1 - c0, false, true)
/** addi(subi(c0, x), c1) -> subi(c0 + c1, x). */
export const AddISubConstantLHS: CanonicalizationPattern = reassociate('AddISubConstantLHS', 'arith.addi', 'arith.subi', false, true, 'subi', add, true, true)
/** subi(addi(x, c0), c1) -> addi(x, c0 - c1) (flags dropped). */
export const SubIRHSAddConstant: CanonicalizationPattern = reassociate('SubIRHSAddConstant', 'arith.subi', 'arith.addi', false, false, 'addi', sub, false, false)
/** subi(c1, addi(x, c0)) -> subi(c1 - c0, x). */
export const SubILHSAddConstant: CanonicalizationPattern = reassociate('SubILHSAddConstant', 'arith.subi', 'arith.addi', true, false, 'subi', (c0, c1) => c1 - c0, true, true)
/** subi(subi(x, c0), c1) -> subi(x, c0 + c1). */
export const SubIRHSSubConstantRHS: CanonicalizationPattern = reassociate('SubIRHSSubConstantRHS', 'arith.subi', 'arith.subi', false, false, 'subi', add, false, true)
/** subi(subi(c0, x), c1) -> subi(c0 - c1, x). */
export const SubIRHSSubConstantLHS: CanonicalizationPattern = reassociate('SubIRHSSubConstantLHS', 'arith.subi', 'arith.subi', false, true, 'subi', sub, true, true)
/** subi(c1, subi(x, c0)) -> subi(c0 + c1, x). */
export const SubILHSSubConstantRHS: CanonicalizationPattern = reassociate('SubILHSSubConstantRHS', 'arith.subi', 'arith.subi', true, false, 'subi', add, true, true)
/** subi(c1, subi(c0, x)) -> addi(x, c1 - c0). */
export const SubILHSSubConstantLHS: CanonicalizationPattern = reassociate('SubILHSSubConstantLHS', 'arith.subi', 'arith.subi', true, true, 'addi', (c0, c1) => c1 - c0, false, true)
/** muli(muli(x, c0), c1) -> muli(x, c0 * c1). */
export const MulIMulIConstant: CanonicalizationPattern = reassociate('MulIMulIConstant', 'arith.muli', 'arith.muli', false, false, 'muli', (a, b) => a * b, false, true)

/** subi(subi(a, b), a) -> subi(0, b). */
export const SubISubILHSRHSLHS: CanonicalizationPattern = {
  name: 'SubISubILHSRHSLHS',
  rootName: 'arith.subi',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = defOp(op.getOperand(0), 'arith.subi')
    if (inner === null || inner.getOperand(0) !== op.getOperand(1)) {
      return false
    }
    const y = inner.getOperand(1)
    const zero = getZeroAttr(y.type)
    if (zero === undefined) {
      return false
    }
    const loc = fusedLoc([op, inner])
    rewriter.setInsertionPoint(op)
    const c = constant(rewriter, loc, zero)
    const repl = create(rewriter, defs().subi, loc, {
      operands: { lhs: c, rhs: y },
      attributes: { overflowFlags: overflow(rewriter, flags(inner) & flags(op)) },
    })
    rewriter.replaceOp(op, [repl.getResult(0)])
    return true
  },
}

const INVERTED_CMPI: readonly number[] = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6]

function isI1One(a: Attribute | undefined): boolean {
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.value !== 0n
}
function isI1Zero(a: Attribute | undefined): boolean {
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.value === 0n
}

/** xori(cmpi(pred, a, b), true) -> cmpi(!pred, a, b). */
export const XOrINotCmpI: CanonicalizationPattern = {
  name: 'XOrINotCmpI',
  rootName: 'arith.xori',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cmp = defOp(op.getOperand(0), 'arith.cmpi')
    if (cmp === null || !isI1One(constAttr(op.getOperand(1)))) {
      return false
    }
    const pred = cmp.getAttr('predicate')
    if (!(pred instanceof IntegerAttr)) {
      return false
    }
    const loc = fusedLoc([op, cmp])
    rewriter.setInsertionPoint(op)
    const repl = create(rewriter, defs().cmpi, loc, {
      operands: { lhs: cmp.getOperand(0), rhs: cmp.getOperand(1) },
      attributes: { predicate: IntegerAttr.get(pred.type, INVERTED_CMPI[Number(pred.value)] ?? 0) },
    })
    rewriter.replaceOp(op, [repl.getResult(0)])
    return true
  },
}

/** `op(ext(x), ext(y)) -> ext(op(x, y))` for and/or/xor over extui or extsi of equal types. */
function bitwiseOfExt(name: string, root: 'andi' | 'ori' | 'xori', ext: 'extui' | 'extsi'): CanonicalizationPattern {
  // Made once, not on every visit.
  const extName = `arith.${ext}`
  return {
    name,
    rootName: `arith.${root}`,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const a = defOp(op.getOperand(0), extName)
      const b = defOp(op.getOperand(1), extName)
      if (a === null || b === null) {
        return false
      }
      const x = a.getOperand(0)
      const y = b.getOperand(0)
      if (x.type !== y.type) {
        return false
      }
      const loc = fusedLoc([op, a, b])
      rewriter.setInsertionPoint(op)
      const inner = create(rewriter, defs()[root], loc, { operands: { lhs: x, rhs: y } })
      const outer = create(rewriter, defs()[ext], loc, { operands: { in: inner.getResult(0) }, results: [op.getResult(0).type] })
      rewriter.replaceOp(op, [outer.getResult(0)])
      return true
    },
  }
}

/** and(extui(x), extui(y)) -> extui(and(x, y)). */
export const AndOfExtUI: CanonicalizationPattern = bitwiseOfExt('AndOfExtUI', 'andi', 'extui')
/** and(extsi(x), extsi(y)) -> extsi(and(x, y)). */
export const AndOfExtSI: CanonicalizationPattern = bitwiseOfExt('AndOfExtSI', 'andi', 'extsi')
/** or(extui(x), extui(y)) -> extui(or(x, y)). */
export const OrOfExtUI: CanonicalizationPattern = bitwiseOfExt('OrOfExtUI', 'ori', 'extui')
/** or(extsi(x), extsi(y)) -> extsi(or(x, y)). */
export const OrOfExtSI: CanonicalizationPattern = bitwiseOfExt('OrOfExtSI', 'ori', 'extsi')
/** xor(extui(x), extui(y)) -> extui(xor(x, y)). */
export const XOrIOfExtUI: CanonicalizationPattern = bitwiseOfExt('XOrIOfExtUI', 'xori', 'extui')
/** xor(extsi(x), extsi(y)) -> extsi(xor(x, y)). */
export const XOrIOfExtSI: CanonicalizationPattern = bitwiseOfExt('XOrIOfExtSI', 'xori', 'extsi')

/** cmpi(eq|ne, ext(a), ext(b)) -> cmpi(eq|ne, a, b) for extsi or extui of equal types. */
function cmpOfExt(name: string, ext: 'arith.extsi' | 'arith.extui'): CanonicalizationPattern {
  return {
    name,
    rootName: 'arith.cmpi',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const pred = op.getAttr('predicate')
      const a = defOp(op.getOperand(0), ext)
      const b = defOp(op.getOperand(1), ext)
      if (!(pred instanceof IntegerAttr) || pred.value > 1n || a === null || b === null || a.getOperand(0).type !== b.getOperand(0).type) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const repl = create(rewriter, defs().cmpi, fusedLoc([op, a, b]), {
        operands: { lhs: a.getOperand(0), rhs: b.getOperand(0) },
        attributes: { predicate: pred },
      })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

/** cmpi(eq|ne, extsi(a), extsi(b)) -> cmpi(eq|ne, a, b). */
export const CmpIExtSI: CanonicalizationPattern = cmpOfExt('CmpIExtSI', 'arith.extsi')
/** cmpi(eq|ne, extui(a), extui(b)) -> cmpi(eq|ne, a, b). */
export const CmpIExtUI: CanonicalizationPattern = cmpOfExt('CmpIExtUI', 'arith.extui')

function newSelect(rewriter: RewriterLike, op: Operation, matched: readonly Operation[], cond: Value, t: Value, f: Value): void {
  rewriter.setInsertionPoint(op)
  const repl = create(rewriter, defs().select, fusedLoc(matched), { operands: { condition: cond, true_value: t, false_value: f } })
  rewriter.replaceOp(op, [repl.getResult(0)])
}

/** select(not(pred), a, b) -> select(pred, b, a). */
export const SelectNotCond: CanonicalizationPattern = {
  name: 'SelectNotCond',
  rootName: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const not = defOp(op.getOperand(0), 'arith.xori')
    if (not === null) {
      return false
    }
    const ones = constInt(not.getOperand(1))
    const w = ones?.type instanceof IntegerType ? ones.type.width : 64
    if (ones === undefined || BigInt.asUintN(w, ones.value) !== (1n << BigInt(w)) - 1n) {
      return false
    }
    newSelect(rewriter, op, [op, constOp(not.getOperand(1))], not.getOperand(0), op.getOperand(2), op.getOperand(1))
    return true
  },
}

/** select(pred, select(pred, a, b), c) -> select(pred, a, c). */
export const RedundantSelectTrue: CanonicalizationPattern = {
  name: 'RedundantSelectTrue',
  rootName: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = defOp(op.getOperand(1), 'arith.select')
    if (inner === null || inner.getOperand(0) !== op.getOperand(0)) {
      return false
    }
    newSelect(rewriter, op, [op, inner], op.getOperand(0), inner.getOperand(1), op.getOperand(2))
    return true
  },
}

/** select(pred, a, select(pred, b, c)) -> select(pred, a, c). */
export const RedundantSelectFalse: CanonicalizationPattern = {
  name: 'RedundantSelectFalse',
  rootName: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inner = defOp(op.getOperand(2), 'arith.select')
    if (inner === null || inner.getOperand(0) !== op.getOperand(0)) {
      return false
    }
    newSelect(rewriter, op, [op, inner], op.getOperand(0), op.getOperand(1), inner.getOperand(2))
    return true
  },
}

/** select(pred, false, true) -> xori(pred, true). */
export const SelectI1ToNot: CanonicalizationPattern = {
  name: 'SelectI1ToNot',
  rootName: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (!isI1Zero(constAttr(op.getOperand(1))) || !isI1One(constAttr(op.getOperand(2)))) {
      return false
    }
    const loc = op.location
    rewriter.setInsertionPoint(op)
    const t = constant(rewriter, loc, IntegerAttr.get(IntegerType.get(rewriter.context, 1), 1))
    const repl = create(rewriter, defs().xori, loc, { operands: { lhs: op.getOperand(0), rhs: t } })
    rewriter.replaceOp(op, [repl.getResult(0)])
    return true
  },
}

/** select(%x, 1, 0) -> extui(%x) and select(%x, 0, 1) -> extui(xori(%x, 1)), for integer (not i1) results. */
export const SelectToExtUI: CanonicalizationPattern = {
  name: 'SelectToExtUI',
  // Defined outside an anonymous namespace upstream: its debug name is the bare name.
  debugName: 'SelectToExtUI',
  rootName: 'arith.select',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const type = op.getResult(0).type
    if (!(type instanceof IntegerType) || type.width === 1) {
      return false
    }
    const t = getConstantIntValue(constAttr(op.getOperand(1)))
    const f = getConstantIntValue(constAttr(op.getOperand(2)))
    const cond = op.getOperand(0)
    rewriter.setInsertionPoint(op)
    if (t === 1n && f === 0n) {
      const ext = create(rewriter, defs().extui, op.location, { operands: { in: cond }, results: [type] })
      rewriter.replaceOp(op, [ext.getResult(0)])
      return true
    }
    if (t === 0n && f === 1n) {
      const one = constant(rewriter, op.location, IntegerAttr.get(cond.type, 1))
      const not = create(rewriter, defs().xori, op.location, { operands: { lhs: cond, rhs: one } })
      const ext = create(rewriter, defs().extui, op.location, { operands: { in: not.getResult(0) }, results: [type] })
      rewriter.replaceOp(op, [ext.getResult(0)])
      return true
    }
    return false
  },
}

/** `outer(inner(x)) -> outer(x)` for cast chains: index_cast(extsi), index_castui(extui), bitcast(bitcast), extsi(extui). */
function castOfCast(name: string, root: string, inner: string, result: keyof ArithOpSet): CanonicalizationPattern {
  return {
    name,
    rootName: root,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const innerOp = defOp(op.getOperand(0), inner)
      if (innerOp === null) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const repl = create(rewriter, defs()[result], fusedLoc([op, innerOp]), { operands: { in: innerOp.getOperand(0) }, results: [op.getResult(0).type] })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

/** `outer(inner(x)) -> x` when the outer result has the type of `x` (lossy round trips included, as upstream). */
function castRoundTrip(name: string, root: string): CanonicalizationPattern {
  return {
    name,
    rootName: root,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const innerOp = defOp(op.getOperand(0), root)
      if (innerOp === null || innerOp.getOperand(0).type !== op.getResult(0).type) {
        return false
      }
      rewriter.replaceOp(op, [innerOp.getOperand(0)])
      return true
    },
  }
}

/** index_cast(index_cast(x)) -> x when the types match. */
export const IndexCastOfIndexCast: CanonicalizationPattern = castRoundTrip('IndexCastOfIndexCast', 'arith.index_cast')
/** index_castui(index_castui(x)) -> x when the types match. */
export const IndexCastUIOfIndexCastUI: CanonicalizationPattern = castRoundTrip('IndexCastUIOfIndexCastUI', 'arith.index_castui')
/** index_cast(extsi(x)) -> index_cast(x). */
export const IndexCastOfExtSI: CanonicalizationPattern = castOfCast('IndexCastOfExtSI', 'arith.index_cast', 'arith.extsi', 'index_cast')
/** index_castui(extui(x)) -> index_castui(x). */
export const IndexCastUIOfExtUI: CanonicalizationPattern = castOfCast('IndexCastUIOfExtUI', 'arith.index_castui', 'arith.extui', 'index_castui')
/** bitcast(bitcast(x)) -> bitcast(x). */
export const BitcastOfBitcast: CanonicalizationPattern = castOfCast('BitcastOfBitcast', 'arith.bitcast', 'arith.bitcast', 'bitcast')
/** extsi(extui(x)) -> extui(x). */
export const ExtSIOfExtUI: CanonicalizationPattern = castOfCast('ExtSIOfExtUI', 'arith.extsi', 'arith.extui', 'extui')

function isAllOnesConst(v: Value): boolean {
  const c = getConstantIntValue(constAttr(v))
  if (c === undefined) {
    return false
  }
  const e = v.type instanceof IntegerType ? v.type : (v.type as { elementType?: unknown }).elementType
  const w = e instanceof IntegerType ? e.width : 64
  return BigInt.asUintN(w, c) === (1n << BigInt(w)) - 1n
}

function replaceWith(rewriter: RewriterLike, op: Operation, def: keyof ArithOpSet, matched: readonly Operation[], lhs: Value, rhs: Value): void {
  rewriter.setInsertionPoint(op)
  const repl = create(rewriter, defs()[def], fusedLoc(matched), { operands: { lhs, rhs }, attributes: { overflowFlags: overflow(rewriter, 0) } })
  rewriter.replaceOp(op, [repl.getResult(0)])
}

/** addi(x, muli(y, -1)) -> subi(x, y). */
export const AddIMulNegativeOneRhs: CanonicalizationPattern = {
  name: 'AddIMulNegativeOneRhs',
  rootName: 'arith.addi',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const mul = defOp(op.getOperand(1), 'arith.muli')
    if (mul === null || !isAllOnesConst(mul.getOperand(1))) {
      return false
    }
    replaceWith(rewriter, op, 'subi', [op, constOp(mul.getOperand(1))], op.getOperand(0), mul.getOperand(0))
    return true
  },
}

/** addi(muli(x, -1), y) -> subi(y, x). */
export const AddIMulNegativeOneLhs: CanonicalizationPattern = {
  name: 'AddIMulNegativeOneLhs',
  rootName: 'arith.addi',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const mul = defOp(op.getOperand(0), 'arith.muli')
    if (mul === null || !isAllOnesConst(mul.getOperand(1))) {
      return false
    }
    replaceWith(rewriter, op, 'subi', [op, constOp(mul.getOperand(1))], op.getOperand(1), mul.getOperand(0))
    return true
  },
}

/** `*_extended(x, y)` whose second result is unused: the first one as addi/muli, the second replaced by x. */
function extendedToSimple(name: string, root: string, def: 'addi' | 'muli'): CanonicalizationPattern {
  return {
    name,
    rootName: root,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      if (!op.getResult(1).useEmpty) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const repl = create(rewriter, defs()[def], op.location, {
        operands: { lhs: op.getOperand(0), rhs: op.getOperand(1) },
        attributes: { overflowFlags: overflow(rewriter, 0) },
      })
      rewriter.replaceOp(op, [repl.getResult(0), op.getOperand(0)])
      return true
    },
  }
}

/** addui_extended(x, y) with an unused overflow bit -> addi(x, y). */
export const AddUIExtendedToAddI: CanonicalizationPattern = extendedToSimple('AddUIExtendedToAddI', 'arith.addui_extended', 'addi')
/** mulsi_extended(x, y) with an unused high half -> muli(x, y). */
export const MulSIExtendedToMulI: CanonicalizationPattern = extendedToSimple('MulSIExtendedToMulI', 'arith.mulsi_extended', 'muli')
/** mului_extended(x, y) with an unused high half -> muli(x, y). */
export const MulUIExtendedToMulI: CanonicalizationPattern = extendedToSimple('MulUIExtendedToMulI', 'arith.mului_extended', 'muli')

/** mulsi_extended(x, 1) -> [x, extsi(cmpi slt, x, 0)]. */
export const MulSIExtendedRHSOne: CanonicalizationPattern = {
  name: 'MulSIExtendedRHSOne',
  rootName: 'arith.mulsi_extended',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (getConstantIntValue(constAttr(op.getOperand(1))) !== 1n) {
      return false
    }
    const x = op.getOperand(0)
    const zero = getZeroAttr(x.type)
    if (zero === undefined) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const c = constant(rewriter, op.location, zero)
    const cmp = create(rewriter, defs().cmpi, op.location, {
      operands: { lhs: x, rhs: c },
      attributes: { predicate: IntegerAttr.get(IntegerType.get(rewriter.context, 64), 2) },
    })
    const ext = create(rewriter, defs().extsi, op.location, { operands: { in: cmp.getResult(0) }, results: [x.type] })
    rewriter.replaceOp(op, [x, ext.getResult(0)])
    return true
  },
}

function scalarWidth(v: Value): number {
  const t = v.type
  const e = t instanceof IntegerType ? t : (t as { elementType?: unknown }).elementType
  return e instanceof IntegerType ? e.width : -1
}

/** trunci(ext(x)) -> ext(x) when the truncation only drops extension bits. */
function truncOfExt(name: string, ext: 'extsi' | 'extui'): CanonicalizationPattern {
  const extName = `arith.${ext}`
  return {
    name,
    rootName: 'arith.trunci',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const e = defOp(op.getOperand(0), extName)
      if (e === null) {
        return false
      }
      const x = e.getOperand(0)
      const we = scalarWidth(e.getResult(0))
      const wt = scalarWidth(op.getResult(0))
      const wx = scalarWidth(x)
      if (!(we > wt && wt > 0 && wt > wx && wx > 0)) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const repl = create(rewriter, defs()[ext], fusedLoc([op, e]), { operands: { in: x }, results: [op.getResult(0).type] })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

/** trunci(extsi(x)) -> extsi(x) when only sign-extension bits are truncated. */
export const TruncIExtSIToExtSI: CanonicalizationPattern = truncOfExt('TruncIExtSIToExtSI', 'extsi')
/** trunci(extui(x)) -> extui(x) when only zero-extension bits are truncated. */
export const TruncIExtUIToExtUI: CanonicalizationPattern = truncOfExt('TruncIExtUIToExtUI', 'extui')

/** trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is exactly the number of truncated bits. */
export const TruncIShrSIToTrunciShrUI: CanonicalizationPattern = {
  name: 'TruncIShrSIToTrunciShrUI',
  rootName: 'arith.trunci',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const shr = defOp(op.getOperand(0), 'arith.shrsi')
    if (shr === null) {
      return false
    }
    const cAttr = constAttr(shr.getOperand(1))
    const c = getConstantIntValue(cAttr)
    const x = shr.getOperand(0)
    if (cAttr === undefined || c === undefined || BigInt(scalarWidth(x) - scalarWidth(op.getResult(0))) !== c) {
      return false
    }
    const loc = fusedLoc([op, constOp(shr.getOperand(1))])
    rewriter.setInsertionPoint(op)
    const cst = constant(rewriter, loc, cAttr)
    const shrui = create(rewriter, defs().shrui, loc, { operands: { lhs: x, rhs: cst } })
    const trunc = create(rewriter, defs().trunci, loc, {
      operands: { in: shrui.getResult(0) },
      results: [op.getResult(0).type],
      attributes: { overflowFlags: op.getAttr('overflowFlags') ?? overflow(rewriter, 0) },
    })
    rewriter.replaceOp(op, [trunc.getResult(0)])
    return true
  },
}

/** truncf(sitofp(x)) / truncf(uitofp(x)) -> sitofp(x) / uitofp(x) with the default rounding mode. */
function truncFOfIToFP(name: string, conv: 'sitofp' | 'uitofp'): CanonicalizationPattern {
  const convName = `arith.${conv}`
  return {
    name,
    rootName: 'arith.truncf',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const fp = defOp(op.getOperand(0), convName)
      if (fp === null || op.getAttr('roundingmode') !== undefined) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const repl = create(rewriter, defs()[conv], fusedLoc([op, fp]), { operands: { in: fp.getOperand(0) }, results: [op.getResult(0).type] })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

/** truncf(sitofp(x)) -> sitofp(x). */
export const TruncFSIToFPToSIToFP: CanonicalizationPattern = truncFOfIToFP('TruncFSIToFPToSIToFP', 'sitofp')
/** truncf(uitofp(x)) -> uitofp(x). */
export const TruncFUIToFPToUIToFP: CanonicalizationPattern = truncFOfIToFP('TruncFUIToFPToUIToFP', 'uitofp')

/** `op(negf(x), negf(y)) -> op(x, y)` keeping the fastmath flags of `op` (mulf, divf). */
function ofNegF(name: string, root: 'mulf' | 'divf'): CanonicalizationPattern {
  return {
    name,
    rootName: `arith.${root}`,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const a = defOp(op.getOperand(0), 'arith.negf')
      const b = defOp(op.getOperand(1), 'arith.negf')
      if (a === null || b === null || a.getOperand(0).type !== b.getOperand(0).type) {
        return false
      }
      rewriter.setInsertionPoint(op)
      const fm = op.getAttr('fastmath')
      const repl = create(rewriter, defs()[root], fusedLoc([op, a, b]), {
        operands: { lhs: a.getOperand(0), rhs: b.getOperand(0) },
        attributes: fm === undefined ? {} : { fastmath: fm },
      })
      rewriter.replaceOp(op, [repl.getResult(0)])
      return true
    },
  }
}

/** mulf(negf(x), negf(y)) -> mulf(x, y). */
export const MulFOfNegF: CanonicalizationPattern = ofNegF('MulFOfNegF', 'mulf')
/** divf(negf(x), negf(y)) -> divf(x, y). */
export const DivFOfNegF: CanonicalizationPattern = ofNegF('DivFOfNegF', 'divf')

/** The cmpi predicate testing what cmpf `pred` tests on values converted from integers (MLIR's `convertToIntegerPredicate`). */
function cmpFToCmpIPredicate(pred: number, isUnsigned: boolean): number | undefined {
  switch (pred) {
    case CmpFPredicate.UEQ:
    case CmpFPredicate.OEQ:
      return CmpIPredicate.eq
    case CmpFPredicate.UGT:
    case CmpFPredicate.OGT:
      return isUnsigned ? CmpIPredicate.ugt : CmpIPredicate.sgt
    case CmpFPredicate.UGE:
    case CmpFPredicate.OGE:
      return isUnsigned ? CmpIPredicate.uge : CmpIPredicate.sge
    case CmpFPredicate.ULT:
    case CmpFPredicate.OLT:
      return isUnsigned ? CmpIPredicate.ult : CmpIPredicate.slt
    case CmpFPredicate.ULE:
    case CmpFPredicate.OLE:
      return isUnsigned ? CmpIPredicate.ule : CmpIPredicate.sle
    case CmpFPredicate.UNE:
    case CmpFPredicate.ONE:
      return CmpIPredicate.ne
    default:
      return undefined
  }
}

/** `floor(log2(|x|))` for a finite non-zero `x` (`ilogb`). */
function ilogb(x: number): number {
  const a = Math.abs(x)
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) {
    e--
  } else if (2 ** (e + 1) <= a) {
    e++
  }
  return e
}

/** Replaces `op` by an `i1` constant. */
function replaceWithBool(rewriter: RewriterLike, op: Operation, value: boolean): true {
  rewriter.setInsertionPoint(op)
  const c = constant(rewriter, op.location, IntegerAttr.get(IntegerType.get(rewriter.context, 1), value ? 1n : 0n))
  rewriter.replaceOp(op, [c])
  return true
}

/**
 * `cmpf(sitofp/uitofp %x, C)` -> `cmpi(%x, C')` (or a constant) when the conversion cannot
 * change the outcome of the comparison (MLIR's `CmpFIntToFPConst`).
 */
export const CmpFIntToFPConst: CanonicalizationPattern = {
  name: 'CmpFIntToFPConst',
  // Defined outside an anonymous namespace upstream: its debug name is the bare name.
  debugName: 'CmpFIntToFPConst',
  rootName: 'arith.cmpf',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const flt = constAttr(op.getOperand(1))
    if (!(flt instanceof FloatAttr) || !(flt.type instanceof FloatType)) {
      return false
    }
    const rhs = flt.value
    if (Number.isNaN(rhs)) {
      return false
    }
    const floatTy = flt.type
    const fmt = floatFormat(floatTy)
    if (fmt === undefined) {
      return false
    }
    const [mantissaWidth, maxExponent] = fmt
    let isUnsigned: boolean
    let intVal: Value
    const lhsDef = op.getOperand(0).definingOp
    if (lhsDef !== null && lhsDef.name.name === 'arith.sitofp') {
      isUnsigned = false
      intVal = lhsDef.getOperand(0)
    } else if (lhsDef !== null && lhsDef.name.name === 'arith.uitofp') {
      isUnsigned = true
      intVal = lhsDef.getOperand(0)
    } else {
      return false
    }
    const intTy = intVal.type
    if (!(intTy instanceof IntegerType)) {
      return false
    }
    const intWidth = intTy.width
    const valueBits = isUnsigned ? intWidth : intWidth - 1
    if (intWidth > mantissaWidth) {
      // The conversion may round: give up when that can change the comparison.
      if (!Number.isFinite(rhs)) {
        if (maxExponent < valueBits) {
          return false
        }
      } else if (rhs !== 0) {
        const exponent = ilogb(rhs)
        if (mantissaWidth <= exponent && exponent <= valueBits) {
          return false
        }
      }
    }
    const fpred = Number((op.getAttr('predicate') as IntegerAttr).value)
    if (fpred === CmpFPredicate.ORD) {
      return replaceWithBool(rewriter, op, true)
    }
    if (fpred === CmpFPredicate.UNO) {
      return replaceWithBool(rewriter, op, false)
    }
    let pred = cmpFToCmpIPredicate(fpred, isUnsigned)
    if (pred === undefined) {
      return false
    }
    const w = BigInt(intWidth)
    const max = isUnsigned ? (1n << w) - 1n : (1n << (w - 1n)) - 1n
    if (integerToFloat(floatTy, max) < rhs) {
      const lessThan: readonly number[] = isUnsigned ? [CmpIPredicate.ult, CmpIPredicate.ule] : [CmpIPredicate.slt, CmpIPredicate.sle]
      return replaceWithBool(rewriter, op, pred === CmpIPredicate.ne || lessThan.includes(pred))
    }
    const min = isUnsigned ? 0n : -(1n << (w - 1n))
    if (integerToFloat(floatTy, min) > rhs) {
      const greaterThan: readonly number[] = isUnsigned ? [CmpIPredicate.ugt, CmpIPredicate.uge] : [CmpIPredicate.sgt, CmpIPredicate.sge]
      return replaceWithBool(rewriter, op, pred === CmpIPredicate.ne || greaterThan.includes(pred))
    }
    const rhsInt = floatToInteger(rhs, intWidth, isUnsigned)
    if (rhsInt === undefined) {
      return false
    }
    if (rhs !== 0 && integerToFloat(floatTy, rhsInt) !== rhs) {
      // A fractional constant: adjust the predicate (rhsInt is rounded toward zero).
      const negative = rhs < 0
      switch (pred) {
        case CmpIPredicate.ne:
          return replaceWithBool(rewriter, op, true)
        case CmpIPredicate.eq:
          return replaceWithBool(rewriter, op, false)
        case CmpIPredicate.ule:
          if (negative) {
            return replaceWithBool(rewriter, op, false)
          }
          break
        case CmpIPredicate.sle:
          if (negative) {
            pred = CmpIPredicate.slt
          }
          break
        case CmpIPredicate.ult:
          if (negative) {
            return replaceWithBool(rewriter, op, false)
          }
          pred = CmpIPredicate.ule
          break
        case CmpIPredicate.slt:
          if (!negative) {
            pred = CmpIPredicate.sle
          }
          break
        case CmpIPredicate.ugt:
          if (negative) {
            return replaceWithBool(rewriter, op, true)
          }
          break
        case CmpIPredicate.sgt:
          if (negative) {
            pred = CmpIPredicate.sge
          }
          break
        case CmpIPredicate.uge:
          if (negative) {
            return replaceWithBool(rewriter, op, true)
          }
          pred = CmpIPredicate.ugt
          break
        case CmpIPredicate.sge:
          if (!negative) {
            pred = CmpIPredicate.sgt
          }
          break
      }
    }
    rewriter.setInsertionPoint(op)
    const c = constant(rewriter, op.location, IntegerAttr.get(intTy, rhsInt))
    const cmp = create(rewriter, defs().cmpi, op.location, {
      operands: { lhs: intVal, rhs: c },
      attributes: { predicate: IntegerAttr.get(IntegerType.get(rewriter.context, 64), pred) },
    })
    rewriter.replaceOp(op, [cmp.getResult(0)])
    return true
  },
}

/** The arith canonicalization patterns implemented here, by root op (in upstream registration order). */
export const arithCanonicalizationPatterns: Readonly<Record<string, readonly CanonicalizationPattern[]>> = {
  'arith.addi': [AddIAddConstant, AddISubConstantRHS, AddISubConstantLHS, AddIMulNegativeOneRhs, AddIMulNegativeOneLhs],
  'arith.addui_extended': [AddUIExtendedToAddI],
  'arith.mulsi_extended': [MulSIExtendedToMulI, MulSIExtendedRHSOne],
  'arith.mului_extended': [MulUIExtendedToMulI],
  'arith.trunci': [TruncIExtSIToExtSI, TruncIExtUIToExtUI, TruncIShrSIToTrunciShrUI],
  'arith.truncf': [TruncFSIToFPToSIToFP, TruncFUIToFPToUIToFP],
  'arith.mulf': [MulFOfNegF],
  'arith.divf': [DivFOfNegF],
  'arith.subi': [
    SubIRHSAddConstant,
    SubILHSAddConstant,
    SubIRHSSubConstantRHS,
    SubIRHSSubConstantLHS,
    SubILHSSubConstantRHS,
    SubILHSSubConstantLHS,
    SubISubILHSRHSLHS,
  ],
  'arith.muli': [MulIMulIConstant],
  'arith.xori': [XOrINotCmpI, XOrIOfExtUI, XOrIOfExtSI],
  'arith.andi': [AndOfExtUI, AndOfExtSI],
  'arith.ori': [OrOfExtUI, OrOfExtSI],
  'arith.cmpi': [CmpIExtSI, CmpIExtUI],
  'arith.cmpf': [CmpFIntToFPConst],
  'arith.select': [RedundantSelectFalse, RedundantSelectTrue, SelectNotCond, SelectI1ToNot, SelectToExtUI],
  'arith.index_cast': [IndexCastOfIndexCast, IndexCastOfExtSI],
  'arith.index_castui': [IndexCastUIOfIndexCastUI, IndexCastUIOfExtUI],
  'arith.bitcast': [BitcastOfBitcast],
  'arith.extsi': [ExtSIOfExtUI],
}
