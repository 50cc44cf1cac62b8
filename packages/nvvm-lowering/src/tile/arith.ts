/**
 * Scalar `arith` ops (loop bounds, stage rings, predicates the scheduler materializes), one
 * llvm op each; `index` values are i64 registers.
 */
import { type IntegerAttr, IntegerType, type Operation, type Type, type Value } from '@tilepass/ir'
import { CmpFPredicateNames, CmpIPredicateNames } from '@tilepass/dialects'
import type { LLVMBuilder } from './LLVMBuilder.ts'
import { roundedIntDiv } from './elementwise.ts'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'

type Lower = (l: LLVMBuilder, args: Value[], op: Operation, t: Type) => Value

const same = (name: string): Lower => (l, args, _op, t) => l.v(name, args, t)

function width(t: Type): number {
  return t instanceof IntegerType ? t.width : 0
}

/** A cast between integer widths: trunc, sext/zext or nothing. */
function resize(signed: boolean): Lower {
  return (l, [x], _op, t) => {
    const from = width(x!.type)
    const to = width(t)
    if (from === to) {
      return x!
    }
    return l.v(to < from ? 'llvm.trunc' : signed ? 'llvm.sext' : 'llvm.zext', [x!], t)
  }
}

const predicate = (op: Operation): number => Number((op.getAttr('predicate') as IntegerAttr).value)

/** ceil / floor division (arith.ceildivsi, floordivsi, ceildivui). */
function roundedDiv(kind: 'ceilsi' | 'floorsi' | 'ceilui'): Lower {
  return (l, [a, b]) => roundedIntDiv(l, a!, b!, kind === 'ceilui', kind === 'floorsi' ? 'negative_inf' : 'positive_inf')
}

const ARITH: Readonly<Record<string, Lower>> = {
  addi: same('llvm.add'),
  subi: same('llvm.sub'),
  muli: same('llvm.mul'),
  divsi: same('llvm.sdiv'),
  divui: same('llvm.udiv'),
  remsi: same('llvm.srem'),
  remui: same('llvm.urem'),
  ceildivsi: roundedDiv('ceilsi'),
  floordivsi: roundedDiv('floorsi'),
  ceildivui: roundedDiv('ceilui'),
  andi: same('llvm.and'),
  ori: same('llvm.or'),
  xori: same('llvm.xor'),
  shli: same('llvm.shl'),
  shrsi: same('llvm.ashr'),
  shrui: same('llvm.lshr'),
  maxsi: same('llvm.intr.smax'),
  minsi: same('llvm.intr.smin'),
  maxui: same('llvm.intr.umax'),
  minui: same('llvm.intr.umin'),
  addf: same('llvm.fadd'),
  subf: same('llvm.fsub'),
  mulf: same('llvm.fmul'),
  divf: same('llvm.fdiv'),
  negf: same('llvm.fneg'),
  maximumf: same('llvm.intr.maximum'),
  minimumf: same('llvm.intr.minimum'),
  maxnumf: same('llvm.intr.maxnum'),
  minnumf: same('llvm.intr.minnum'),
  cmpi: (l, [a, b], op) => l.icmp(CmpIPredicateNames[predicate(op)]!, a!, b!),
  cmpf: (l, [a, b], op) => {
    const p = CmpFPredicateNames[predicate(op)]!
    return l.fcmp(p === 'false' ? '_false' : p, a!, b!)
  },
  select: (l, [c, a, b]) => l.select(c!, a!, b!),
  index_cast: resize(true),
  index_castui: resize(false),
  extsi: resize(true),
  extui: resize(false),
  trunci: resize(true),
  sitofp: same('llvm.sitofp'),
  uitofp: same('llvm.uitofp'),
  fptosi: same('llvm.fptosi'),
  fptoui: same('llvm.fptoui'),
  extf: same('llvm.fpext'),
  truncf: same('llvm.fptrunc'),
}

function lowerArith(op: Operation, cx: TileLoweringContext, fn: Lower): boolean {
  const t = op.getResult(0).type
  if (cx.numRegs(t) !== 1) {
    return cx.fail(op, `'${op.name.name}' on tiles is not supported by tilepass-compile yet`)
  }
  cx.setRegs(op.getResult(0), [
    fn(
      cx.llvm,
      op.getOperands().map((o) => cx.scalar(o)),
      op,
      cx.regType(t),
    ),
  ])
  return true
}

for (const [name, fn] of Object.entries(ARITH)) {
  registerTileOpLowering(`arith.${name}`, (op, cx) => lowerArith(op, cx, fn))
}
