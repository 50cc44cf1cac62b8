/**
 * Elementwise tile ops (and the same ops on scalars), one llvm op or a short sequence per
 * register: float and integer arithmetic, min/max, comparisons, select, conversions, exp
 * (as exp2 of x * log2(e): the native PTX emitter has ex2.approx, no exp), and constants.
 */
import { DenseIntOrFPElementsAttr, FloatAttr, FloatType, IntegerAttr, IntegerType, type StringAttr, type Operation, type Type, type Value } from '@tilepass/ir'
import type { LLVMBuilder } from './LLVMBuilder.ts'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'

type Scalar = (l: LLVMBuilder, args: Value[], op: Operation, resultType: Type) => Value

const has = (op: Operation, name: string): boolean => op.getAttr(name) !== undefined

function simple(name: string): Scalar {
  return (l, args, _op, t) => l.v(name, args, t)
}

function floatWidth(t: Type): number {
  return t instanceof FloatType ? t.width : 0
}

/**
 * `a / b` (signed or unsigned) rounded toward zero, -inf or +inf: the truncating quotient,
 * moved by one when the remainder is non-zero and the exact quotient lies on that side.
 */
export function roundedIntDiv(l: LLVMBuilder, a: Value, b: Value, unsigned: boolean, rounding: 'zero' | 'negative_inf' | 'positive_inf'): Value {
  const q = l.v(unsigned ? 'llvm.udiv' : 'llvm.sdiv', [a, b], a.type)
  if (rounding === 'zero' || (unsigned && rounding === 'negative_inf')) {
    return q
  }
  const r = l.v(unsigned ? 'llvm.urem' : 'llvm.srem', [a, b], a.type)
  const zero = l.constant(a.type, 0)
  const one = l.constant(a.type, 1)
  const inexact = l.icmp('ne', r, zero)
  if (unsigned) {
    return l.select(inexact, l.add(q, one), q)
  }
  // The exact quotient is negative when r and b have opposite signs.
  const negative = l.icmp('slt', l.bin('xor', r, b), zero)
  if (rounding === 'positive_inf') {
    return l.select(l.and(inexact, l.v('llvm.xor', [negative, l.constant(l.i1, 1)], l.i1)), l.add(q, one), q)
  }
  return l.select(l.and(inexact, negative), l.v('llvm.sub', [q, one], q.type), q)
}

const divi: Scalar = (l, [a, b], op) => {
  const rounding = (op.getAttr('rounding') as StringAttr | undefined)?.value ?? 'zero'
  return roundedIntDiv(l, a!, b!, has(op, 'unsigned'), rounding as 'zero' | 'negative_inf' | 'positive_inf')
}

const SCALAR: Readonly<Record<string, Scalar>> = {
  addf: simple('llvm.fadd'),
  subf: simple('llvm.fsub'),
  mulf: simple('llvm.fmul'),
  divf: simple('llvm.fdiv'),
  maxf: (l, args, op, t) => l.v(has(op, 'propagate_nan') ? 'llvm.intr.maximum' : 'llvm.intr.maxnum', args, t),
  minf: (l, args, op, t) => l.v(has(op, 'propagate_nan') ? 'llvm.intr.minimum' : 'llvm.intr.minnum', args, t),
  negf: simple('llvm.fneg'),
  absf: simple('llvm.intr.fabs'),
  exp2: simple('llvm.intr.exp2'),
  exp: (l, [x], _op, t) => l.v('llvm.intr.exp2', [l.v('llvm.fmul', [x!, l.constant(t, Math.LOG2E)], t)], t),
  fma: simple('llvm.intr.fma'),
  addi: simple('llvm.add'),
  subi: simple('llvm.sub'),
  muli: simple('llvm.mul'),
  divi,
  remi: (l, args, op, t) => l.v(has(op, 'unsigned') ? 'llvm.urem' : 'llvm.srem', args, t),
  maxi: (l, args, op, t) => l.v(has(op, 'unsigned') ? 'llvm.intr.umax' : 'llvm.intr.smax', args, t),
  mini: (l, args, op, t) => l.v(has(op, 'unsigned') ? 'llvm.intr.umin' : 'llvm.intr.smin', args, t),
  andi: simple('llvm.and'),
  ori: simple('llvm.or'),
  xori: simple('llvm.xor'),
  cmpi: (l, [a, b], op) => l.icmp((op.getAttr('predicate') as StringAttr).value, a!, b!),
  cmpf: (l, [a, b], op) => l.fcmp((op.getAttr('predicate') as StringAttr).value, a!, b!),
  select: (l, [c, a, b]) => l.select(c!, a!, b!),
  itof: (l, args, op, t) => l.v(has(op, 'unsigned') ? 'llvm.uitofp' : 'llvm.sitofp', args, t),
  ftoi: (l, args, op, t) => l.v(has(op, 'unsigned') ? 'llvm.fptoui' : 'llvm.fptosi', args, t),
  ftof: (l, [x], _op, t) => {
    const from = floatWidth(x!.type)
    const to = floatWidth(t)
    return from === to ? x! : l.v(to > from ? 'llvm.fpext' : 'llvm.fptrunc', [x!], t)
  },
  exti: (l, [x], op, t) => (x!.type === t ? x! : l.v(has(op, 'unsigned') ? 'llvm.zext' : 'llvm.sext', [x!], t)),
  trunci: (l, [x], _op, t) => (x!.type === t ? x! : l.v('llvm.trunc', [x!], t)),
}

/** Whether the native emitter and translation take `t` (f16/bf16 need an sm_80+ target). */
function lowerElementwise(op: Operation, cx: TileLoweringContext, fn: Scalar): boolean {
  const operands = op.getOperands().map((o) => cx.regs(o))
  const resultType = op.getResult(0).type
  const rt = cx.regType(resultType)
  const n = cx.numRegs(resultType)
  const out: Value[] = new Array<Value>(n)
  for (let i = 0; i < n; i++) {
    out[i] = fn(
      cx.llvm,
      operands.map((r) => r[i]!),
      op,
      rt,
    )
  }
  cx.setRegs(op.getResult(0), out)
  return true
}

for (const [name, fn] of Object.entries(SCALAR)) {
  registerTileOpLowering(`tileas.${name}`, (op, cx) => lowerElementwise(op, cx, fn))
}

registerTileOpLowering('arith.constant', (op, cx) => {
  const v = op.getAttr('value')
  if (!(v instanceof IntegerAttr) && !(v instanceof FloatAttr)) {
    return cx.fail(op, 'this constant is not supported by tilepass-compile yet')
  }
  cx.setRegs(op.getResult(0), [cx.llvm.constant(cx.regType(op.getResult(0).type), v.value)])
  return true
})

registerTileOpLowering('tileas.constant', (op, cx) => {
  const v = op.getAttr('value')
  const t = op.getResult(0).type
  if (!(v instanceof DenseIntOrFPElementsAttr) || !v.isSplat || v.nanBits !== null) {
    return cx.fail(op, 'non-splat tile constants are not supported by tilepass-compile yet')
  }
  const et = cx.regType(t)
  const x = v.values[0]!
  const c = cx.llvm.constant(et, et instanceof IntegerType && typeof x === 'number' ? BigInt(x) : x)
  cx.setRegs(op.getResult(0), new Array<Value>(cx.numRegs(t)).fill(c))
  return true
})

registerTileOpLowering('tileas.splat', (op, cx) => {
  cx.setRegs(op.getResult(0), new Array<Value>(cx.numRegs(op.getResult(0).type)).fill(cx.scalar(op.getOperand(0))))
  return true
})
