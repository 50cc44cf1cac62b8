import type { Operation } from '@tilepass/ir'
import { enumAttr, hasUnitAttr, ORDERING, OVERFLOW, PREDICATES, ROUNDING, roundingAttr, SIGNEDNESS } from './Attrs.ts'
import {
  isSubnormal,
  productErrSign,
  quotientErrSign,
  roundFloat,
  sqrtErrSign,
  sumErrSign,
} from './FloatRounding.ts'
import type { Interpreter, OpHandler } from './Interpreter.ts'
import { Tile } from './Tile.ts'

/**
 * Element-wise integer and float arithmetic, comparisons, select and the math functions.
 * Integers wrap; an overflow that an `overflow` flag rules out, a division by zero and a
 * signed division overflow are undefined behaviour, which the interpreter reports.
 * Floats: +, -, *, /, sqrt and fma are correctly rounded in every rounding mode (the
 * `approx` and `full` modes give the correctly rounded result); the other math functions
 * are computed in double, through f32 for f16 and bf16 inputs as cuda_tile specifies.
 */

// ---- Helpers ----

/** A result tile of `op`'s result type. */
function resultLike(it: Interpreter, op: Operation): Tile {
  const info = it.resultTile(op)
  return Tile.zeros(info.shape, info.elem)
}

function checkSameShape(it: Interpreter, op: Operation, a: Tile, b: Tile): void {
  if (a.numElements !== b.numElements) {
    it.fail(op, 'has operands of different shapes')
  }
}

/** Flushes an f32 subnormal to a zero of the same sign. */
function ftz(x: number): number {
  return isSubnormal('f32', x) ? (x < 0 ? -0 : 0) : x
}

// ---- Integer arithmetic ----

type IntFn = (a: bigint, b: bigint, width: number, op: Operation, it: Interpreter) => bigint

function intBinary(fn: IntFn): OpHandler {
  return (it, op) => {
    const a = it.tile(op, 0)
    const b = it.tile(op, 1)
    checkSameShape(it, op, a, b)
    const out = resultLike(it, op)
    const width = a.elem.bits
    const x = a.ints
    const y = b.ints
    const r = out.ints
    for (let i = 0; i < r.length; i++) {
      r[i] = BigInt.asIntN(width, fn(x[i]!, y[i]!, width, op, it))
    }
    it.set(op.result, out)
  }
}

function isUnsigned(op: Operation): boolean {
  return enumAttr(op, 'signedness', SIGNEDNESS, 'signed') === 'unsigned'
}

/** Reports the overflow that `op`'s `overflow` flag excludes, for an exact result `exact` of operands read both ways. */
function checkOverflow(it: Interpreter, op: Operation, width: number, signedExact: bigint, unsignedExact: bigint): void {
  const flag = enumAttr(op, 'overflow', OVERFLOW, 'none')
  if (flag === 'none') {
    return
  }
  if ((flag === 'no_signed_wrap' || flag === 'no_wrap') && BigInt.asIntN(width, signedExact) !== signedExact) {
    it.fail(op, `overflows in a signed sense, which its '${flag}' flag makes undefined (result ${signedExact})`)
  }
  if ((flag === 'no_unsigned_wrap' || flag === 'no_wrap') && BigInt.asUintN(width, unsignedExact) !== unsignedExact) {
    it.fail(op, `overflows in an unsigned sense, which its '${flag}' flag makes undefined (result ${unsignedExact})`)
  }
}

const u = (v: bigint, w: number): bigint => BigInt.asUintN(w, v)

function divide(it: Interpreter, op: Operation, a: bigint, b: bigint, width: number): bigint {
  const unsigned = isUnsigned(op)
  const x = unsigned ? u(a, width) : a
  const y = unsigned ? u(b, width) : b
  if (y === 0n) {
    return it.fail(op, 'divides by zero, which is undefined')
  }
  if (!unsigned && y === -1n && x === -(1n << BigInt(width - 1))) {
    return it.fail(op, 'overflows (minimum value divided by -1), which is undefined')
  }
  const q = x / y
  const exact = q * y === x
  const mode = enumAttr(op, 'rounding', ROUNDING, 'zero')
  if (!exact && mode === 'positive_inf' && x < 0n === y < 0n) {
    return q + 1n
  }
  if (!exact && mode === 'negative_inf' && x < 0n !== y < 0n) {
    return q - 1n
  }
  return q
}

function shiftAmount(it: Interpreter, op: Operation, b: bigint, width: number): bigint {
  const s = u(b, width)
  if (s >= BigInt(width)) {
    return it.fail(op, `shifts by ${s}, not less than the bit width ${width}, which is undefined`)
  }
  return s
}

const INT_BINARY: Record<string, IntFn> = {
  addi: (a, b, w, op, it) => {
    checkOverflow(it, op, w, a + b, u(a, w) + u(b, w))
    return a + b
  },
  subi: (a, b, w, op, it) => {
    checkOverflow(it, op, w, a - b, u(a, w) - u(b, w))
    return a - b
  },
  muli: (a, b, w, op, it) => {
    checkOverflow(it, op, w, a * b, u(a, w) * u(b, w))
    return a * b
  },
  mulhii: (a, b, w) => (u(a, w) * u(b, w)) >> BigInt(w),
  divi: (a, b, w, op, it) => divide(it, op, a, b, w),
  remi: (a, b, w, op, it) => {
    const unsigned = isUnsigned(op)
    const x = unsigned ? u(a, w) : a
    const y = unsigned ? u(b, w) : b
    if (y === 0n) {
      return it.fail(op, 'takes a remainder by zero, which is undefined')
    }
    return x % y
  },
  maxi: (a, b, w, op) => (isUnsigned(op) ? (u(a, w) >= u(b, w) ? a : b) : a >= b ? a : b),
  mini: (a, b, w, op) => (isUnsigned(op) ? (u(a, w) <= u(b, w) ? a : b) : a <= b ? a : b),
  andi: (a, b) => a & b,
  ori: (a, b) => a | b,
  xori: (a, b) => a ^ b,
  shli: (a, b, w, op, it) => {
    const s = shiftAmount(it, op, b, w)
    checkOverflow(it, op, w, a << s, u(a, w) << s)
    return a << s
  },
  shri: (a, b, w, op, it) => {
    const s = shiftAmount(it, op, b, w)
    return isUnsigned(op) ? u(a, w) >> s : a >> s
  },
}

function intUnary(fn: (a: bigint, w: number, op: Operation, it: Interpreter) => bigint): OpHandler {
  return (it, op) => {
    const a = it.tile(op, 0)
    const out = resultLike(it, op)
    const w = a.elem.bits
    for (let i = 0; i < out.ints.length; i++) {
      out.ints[i] = BigInt.asIntN(w, fn(a.ints[i]!, w, op, it))
    }
    it.set(op.result, out)
  }
}

const cmpInt = (it: Interpreter, op: Operation): void => {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  checkSameShape(it, op, a, b)
  const out = resultLike(it, op)
  const pred = enumAttr(op, 'comparison_predicate', PREDICATES, '')
  const unsigned = isUnsigned(op)
  const w = a.elem.bits
  for (let i = 0; i < out.ints.length; i++) {
    const x = unsigned ? u(a.ints[i]!, w) : a.ints[i]!
    const y = unsigned ? u(b.ints[i]!, w) : b.ints[i]!
    out.ints[i] = compare(it, op, pred, x, y) ? -1n : 0n
  }
  it.set(op.result, out)
}

function compare<T extends number | bigint>(it: Interpreter, op: Operation, pred: string, x: T, y: T): boolean {
  switch (pred) {
    case 'equal':
      return x === y
    case 'not_equal':
      return x !== y
    case 'less_than':
      return x < y
    case 'less_than_or_equal':
      return x <= y
    case 'greater_than':
      return x > y
    case 'greater_than_or_equal':
      return x >= y
    default:
      return it.fail(op, 'has no comparison predicate the interpreter knows')
  }
}

// ---- Float arithmetic ----

/** A binary float function on doubles, and the sign of the error of its double result (null: not tracked). */
type FloatFn = (a: number, b: number) => number
type ErrFn = (a: number, b: number, r: number) => number

function floatBinary(fn: FloatFn, err: ErrFn | null, viaF32: boolean): OpHandler {
  return (it, op) => {
    const a = it.tile(op, 0)
    const b = it.tile(op, 1)
    checkSameShape(it, op, a, b)
    const out = resultLike(it, op)
    const kind = out.elem.kind
    const mode = roundingAttr(op)
    const flush = kind === 'f32' && hasUnitAttr(op, 'flush_to_zero')
    const x = a.floats
    const y = b.floats
    const r = out.floats
    for (let i = 0; i < r.length; i++) {
      const p = flush ? ftz(x[i]!) : x[i]!
      const q = flush ? ftz(y[i]!) : y[i]!
      let d = fn(p, q)
      if (viaF32 && kind !== 'f64') {
        d = Math.fround(d)
      }
      const v = roundFloat(kind, d, mode, err === null ? 0 : err(p, q, d))
      r[i] = flush ? ftz(v) : v
    }
    it.set(op.result, out)
  }
}

/** IEEE maximum/minimum (`propagate_nan`) or maximumNumber/minimumNumber; +0 > -0. */
function maxMin(isMax: boolean): OpHandler {
  return (it, op) => {
    const a = it.tile(op, 0)
    const b = it.tile(op, 1)
    checkSameShape(it, op, a, b)
    const out = resultLike(it, op)
    const propagate = hasUnitAttr(op, 'propagate_nan')
    const flush = out.elem.kind === 'f32' && hasUnitAttr(op, 'flush_to_zero')
    for (let i = 0; i < out.floats.length; i++) {
      const x = flush ? ftz(a.floats[i]!) : a.floats[i]!
      const y = flush ? ftz(b.floats[i]!) : b.floats[i]!
      let r: number
      if (Number.isNaN(x) || Number.isNaN(y)) {
        r = propagate || (Number.isNaN(x) && Number.isNaN(y)) ? NaN : Number.isNaN(x) ? y : x
      } else {
        r = isMax ? Math.max(x, y) : Math.min(x, y)
      }
      out.floats[i] = r
    }
    it.set(op.result, out)
  }
}

function floatUnary(fn: (x: number) => number, viaF32: boolean): OpHandler {
  return (it, op) => {
    const a = it.tile(op, 0)
    const out = resultLike(it, op)
    const kind = out.elem.kind
    const flush = kind === 'f32' && hasUnitAttr(op, 'flush_to_zero')
    for (let i = 0; i < out.floats.length; i++) {
      const x = flush ? ftz(a.floats[i]!) : a.floats[i]!
      let r = fn(x)
      if (viaF32 && kind !== 'f64') {
        r = Math.fround(r)
      }
      r = roundFloat(kind, r)
      out.floats[i] = flush ? ftz(r) : r
    }
    it.set(op.result, out)
  }
}

const sqrtOp: OpHandler = (it, op) => {
  const a = it.tile(op, 0)
  const out = resultLike(it, op)
  const kind = out.elem.kind
  const mode = roundingAttr(op)
  const flush = kind === 'f32' && hasUnitAttr(op, 'flush_to_zero')
  for (let i = 0; i < out.floats.length; i++) {
    const x = flush ? ftz(a.floats[i]!) : a.floats[i]!
    const s = Math.sqrt(x)
    const r = roundFloat(kind, s, mode, sqrtErrSign(x, s))
    out.floats[i] = flush ? ftz(r) : r
  }
  it.set(op.result, out)
}

const fmaOp: OpHandler = (it, op) => {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  const c = it.tile(op, 2)
  const out = resultLike(it, op)
  const kind = out.elem.kind
  const mode = roundingAttr(op)
  for (let i = 0; i < out.floats.length; i++) {
    const x = a.floats[i]!
    const y = b.floats[i]!
    const z = c.floats[i]!
    const p = x * y
    // For f32 and narrower operands the product is exact in double; the sum is then one rounding away.
    const s = p + z
    const e = kind === 'f64' ? Math.sign(sumErrSign(p, z, s) || productErrSign(x, y, p)) : sumErrSign(p, z, s)
    out.floats[i] = roundFloat(kind, s, mode, e)
  }
  it.set(op.result, out)
}

const cmpFloat: OpHandler = (it, op) => {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  checkSameShape(it, op, a, b)
  const out = resultLike(it, op)
  const pred = enumAttr(op, 'comparison_predicate', PREDICATES, '')
  const ordered = enumAttr(op, 'comparison_ordering', ORDERING, 'ordered') === 'ordered'
  for (let i = 0; i < out.ints.length; i++) {
    const x = a.floats[i]!
    const y = b.floats[i]!
    const unordered = Number.isNaN(x) || Number.isNaN(y)
    const r = unordered ? !ordered : compare(it, op, pred, x, y)
    out.ints[i] = r ? -1n : 0n
  }
  it.set(op.result, out)
}

const selectOp: OpHandler = (it, op) => {
  const c = it.tile(op, 0)
  const a = it.tile(op, 1)
  const b = it.tile(op, 2)
  const out = resultLike(it, op)
  const n = out.numElements
  const cond = c.ints
  for (let i = 0; i < n; i++) {
    const pick = cond[c.numElements === 1 ? 0 : i]! !== 0n
    out.data[i] = (pick ? a.data : b.data)[i]!
  }
  it.set(op.result, out)
}

/** Element-wise handlers by op name (without the `cuda_tile.` prefix). */
export const ELEMENTWISE_HANDLERS: Record<string, OpHandler> = {
  ...Object.fromEntries(Object.entries(INT_BINARY).map(([name, fn]) => [name, intBinary(fn)])),
  negi: intUnary((a, w, op, it) => {
    checkOverflow(it, op, w, -a, -u(a, w))
    return -a
  }),
  absi: intUnary((a) => (a < 0n ? -a : a)),
  cmpi: cmpInt,
  addf: floatBinary((a, b) => a + b, sumErrSign, false),
  subf: floatBinary((a, b) => a - b, (a, b, r) => sumErrSign(a, -b, r), false),
  mulf: floatBinary((a, b) => a * b, productErrSign, false),
  divf: floatBinary((a, b) => a / b, quotientErrSign, false),
  remf: floatBinary((a, b) => a % b, null, false),
  pow: floatBinary((a, b) => a ** b, null, true),
  atan2: floatBinary(Math.atan2, null, true),
  maxf: maxMin(true),
  minf: maxMin(false),
  negf: floatUnary((x) => -x, false),
  absf: floatUnary(Math.abs, false),
  ceil: floatUnary(Math.ceil, false),
  floor: floatUnary(Math.floor, false),
  exp: floatUnary(Math.exp, true),
  exp2: floatUnary((x) => 2 ** x, true),
  log: floatUnary(Math.log, true),
  log2: floatUnary(Math.log2, true),
  rsqrt: floatUnary((x) => 1 / Math.sqrt(x), true),
  sin: floatUnary(Math.sin, true),
  cos: floatUnary(Math.cos, true),
  tan: floatUnary(Math.tan, true),
  sinh: floatUnary(Math.sinh, true),
  cosh: floatUnary(Math.cosh, true),
  tanh: floatUnary(Math.tanh, true),
  sqrt: sqrtOp,
  fma: fmaOp,
  cmpf: cmpFloat,
  select: selectOp,
}
