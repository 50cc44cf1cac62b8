// Folder expectations observed with mlir-opt 22.1.8:
//   /usr/lib/llvm-22/bin/mlir-opt --canonicalize <input>
// on functions whose ops only fold (no pattern applies), e.g.
//   %a = arith.constant 7 : i32
//   %b = arith.constant -3 : i32
//   %0 = arith.addi %a, %b : i32      // -> %c4_i32
// Each case below records the op, its constant operands and the constant mlir-opt produced.
import { describe, expect, it } from 'vitest'
import {
  Block,
  Context,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  UnknownLoc,
  VectorType,
  type Attribute,
  type OdsOp,
  type OpFoldResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  AddFOp,
  AddIOp,
  AddUIExtendedOp,
  AndIOp,
  ArithDialect,
  BitcastOp,
  CeilDivSIOp,
  CeilDivUIOp,
  CmpFOp,
  CmpIOp,
  ConstantOp,
  DivFOp,
  DivSIOp,
  DivUIOp,
  ExtFOp,
  ExtSIOp,
  ExtUIOp,
  FPToSIOp,
  FPToUIOp,
  FloorDivSIOp,
  IndexCastOp,
  IndexCastUIOp,
  IntegerOverflowFlagsAttr,
  MaxNumFOp,
  MaxSIOp,
  MaxUIOp,
  MaximumFOp,
  MinSIOp,
  MinUIOp,
  MulFOp,
  MulIOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  NegFOp,
  OrIOp,
  RemFOp,
  RemSIOp,
  RemUIOp,
  SIToFPOp,
  SelectOp,
  ShLIOp,
  ShRSIOp,
  ShRUIOp,
  SubFOp,
  SubIOp,
  TruncFOp,
  TruncIOp,
  UIToFPOp,
  XOrIOp,
  getConstantAttr,
} from '../src/arith/index.ts'

interface Env {
  ctx: Context
  b: OpBuilder
  loc: UnknownLoc
  i1: Type
  i8: Type
  i16: Type
  i32: Type
  i64: Type
  index: Type
  f32: Type
  f64: Type
  f16: Type
}

function env(): Env {
  const ctx = new Context({ dialects: [ArithDialect], allowUnregisteredDialects: true })
  ctx.loadDialect('arith')
  const b = new OpBuilder(ctx)
  b.setInsertionPointToEnd(new Block())
  return {
    ctx,
    b,
    loc: UnknownLoc.get(ctx),
    i1: IntegerType.get(ctx, 1),
    i8: IntegerType.get(ctx, 8),
    i16: IntegerType.get(ctx, 16),
    i32: IntegerType.get(ctx, 32),
    i64: IntegerType.get(ctx, 64),
    index: IndexType.get(ctx),
    f32: FloatType.get(ctx, 'f32'),
    f64: FloatType.get(ctx, 'f64'),
    f16: FloatType.get(ctx, 'f16'),
  }
}

function cst(e: Env, value: Attribute): Value {
  return ConstantOp.build(e.b, e.loc, { attributes: { value } }).getResult(0)
}
function int(e: Env, type: Type, v: number | bigint): Value {
  return cst(e, IntegerAttr.get(type, v))
}
function flt(e: Env, type: Type, v: number): Value {
  return cst(e, FloatAttr.get(type, v))
}
function arg(e: Env, type: Type): Value {
  return e.b.create('test.arg', e.loc, { results: [type] }).getResult(0)
}

/** Runs the op's folder with the constant operands, as the greedy driver does. */
function fold(op: Operation): readonly OpFoldResult[] | Operation | undefined {
  const operands = op.getOperands().map((v) => getConstantAttr(v) ?? null)
  return op.name.def!.fold!(op, operands)
}

function foldsTo(op: Operation): Attribute | Value | 'in-place' | undefined {
  const r = fold(op)
  if (r === undefined) {
    return undefined
  }
  if (!Array.isArray(r)) {
    return 'in-place'
  }
  return (r as readonly OpFoldResult[])[0]
}

function bin(e: Env, def: OdsOp, lhs: Value, rhs: Value, attributes: Record<string, Attribute> = {}): Operation {
  return def.build(e.b, e.loc, { operands: { lhs, rhs }, attributes })
}

describe('arith integer constant folding (mlir-opt 22 --canonicalize)', () => {
  const cases: [OdsOp, number, number, number | undefined][] = [
    [AddIOp, 7, -3, 4],
    [SubIOp, 7, -3, 10],
    [MulIOp, 7, -3, -21],
    [DivSIOp, 7, -3, -2],
    [DivUIOp, 7, -3, 0],
    [CeilDivSIOp, 7, -3, -2],
    [FloorDivSIOp, 7, -3, -3],
    [RemSIOp, 7, -3, 1],
    [RemUIOp, 7, -3, 7],
    [AndIOp, 7, -3, 5],
    [OrIOp, 7, -3, -1],
    [XOrIOp, 7, -3, -6],
    [ShLIOp, 7, 7, 896],
    [ShRSIOp, -3, 7, -1],
    [ShRUIOp, -3, 7, 33554431],
    [MaxSIOp, 7, -3, 7],
    [MaxUIOp, 7, -3, -3],
    [MinSIOp, 7, -3, -3],
    [MinUIOp, 7, -3, 7],
    // Division by zero is never folded.
    [DivSIOp, 7, 0, undefined],
    [DivUIOp, 7, 0, undefined],
    [RemSIOp, 7, 0, undefined],
    [RemUIOp, 7, 0, undefined],
    [CeilDivUIOp, 7, 0, undefined],
    [FloorDivSIOp, 7, 0, undefined],
    // Shifting by the bit width or more is poison: no fold (`%c300 shli %c300` stays).
    [ShLIOp, 300, 300, undefined],
  ]
  for (const [def, a, b, expected] of cases) {
    it(`${def.name}(${a}, ${b}) : i32 -> ${expected ?? 'no fold'}`, () => {
      const e = env()
      const op = bin(e, def, int(e, e.i32, a), int(e, e.i32, b))
      const r = foldsTo(op)
      if (expected === undefined) {
        expect(r).toBeUndefined()
      } else {
        expect(r).toBe(IntegerAttr.get(e.i32, expected))
      }
    })
  }

  it('i8 signed overflow cases: -128 / -1 does not fold, ceildivui(-128, -1) = 1', () => {
    const e = env()
    const m = int(e, e.i8, -128)
    const n = int(e, e.i8, -1)
    expect(foldsTo(bin(e, DivSIOp, m, n))).toBeUndefined()
    expect(foldsTo(bin(e, FloorDivSIOp, m, n))).toBeUndefined()
    expect(foldsTo(bin(e, CeilDivSIOp, m, n))).toBeUndefined()
    expect(foldsTo(bin(e, CeilDivUIOp, m, n))).toBe(IntegerAttr.get(e.i8, 1))
  })

  it('cmpi on constants: ult(-128, -1) is true, slt(-1, -128) is false', () => {
    const e = env()
    const m = int(e, e.i8, -128)
    const n = int(e, e.i8, -1)
    const ult = CmpIOp.build(e.b, e.loc, { operands: { lhs: m, rhs: n }, attributes: { predicate: IntegerAttr.get(e.i64, 6) } })
    const slt = CmpIOp.build(e.b, e.loc, { operands: { lhs: n, rhs: m }, attributes: { predicate: IntegerAttr.get(e.i64, 2) } })
    expect(foldsTo(ult)).toBe(IntegerAttr.get(e.i1, 1))
    expect(foldsTo(slt)).toBe(IntegerAttr.get(e.i1, 0))
  })

  it('casts of constants: extsi/extui/trunci/index_cast/index_castui', () => {
    const e = env()
    const n = int(e, e.i8, -1)
    expect(foldsTo(ExtSIOp.build(e.b, e.loc, { operands: { in: n }, results: [e.i64] }))).toBe(IntegerAttr.get(e.i64, -1))
    expect(foldsTo(ExtUIOp.build(e.b, e.loc, { operands: { in: n }, results: [e.i16] }))).toBe(IntegerAttr.get(e.i16, 255))
    const c300 = int(e, e.i32, 300)
    expect(foldsTo(TruncIOp.build(e.b, e.loc, { operands: { in: c300 }, results: [e.i8] }))).toBe(IntegerAttr.get(e.i8, 44))
    const m = int(e, e.i8, -128)
    const idx = IndexCastOp.build(e.b, e.loc, { operands: { in: m }, results: [e.index] })
    expect(foldsTo(idx)).toBe(IntegerAttr.get(e.index, -128))
    // %9 = arith.index_cast %m : i8 to index ; arith.index_castui %9 : index to i32 -> -128 : i32
    const back = IndexCastUIOp.build(e.b, e.loc, { operands: { in: cst(e, IntegerAttr.get(e.index, -128)) }, results: [e.i32] })
    expect(foldsTo(back)).toBe(IntegerAttr.get(e.i32, -128))
  })

  it('vector constants fold elementwise and re-splat', () => {
    // dense<[1, 2, 3]> + dense<2> -> dense<[3, 4, 5]>; cmpi sgt -> dense<[false, false, true]>;
    // dense<[3, 3]> + dense<[4, 4]> -> dense<7>
    const e = env()
    const v3 = VectorType.get([3], e.i32)
    const v2 = VectorType.get([2], e.i32)
    const a = cst(e, DenseIntOrFPElementsAttr.get(v3, [1n, 2n, 3n], false))
    const b = cst(e, DenseIntOrFPElementsAttr.get(v3, [2n], true))
    expect(foldsTo(bin(e, AddIOp, a, b))).toBe(DenseIntOrFPElementsAttr.get(v3, [3n, 4n, 5n], false))
    const cmp = CmpIOp.build(e.b, e.loc, { operands: { lhs: a, rhs: b }, attributes: { predicate: IntegerAttr.get(e.i64, 4) } })
    expect(cmp.getResult(0).type).toBe(VectorType.get([3], e.i1))
    expect(foldsTo(cmp)).toBe(DenseIntOrFPElementsAttr.get(VectorType.get([3], e.i1), [0n, 0n, -1n], false))
    const c = cst(e, DenseIntOrFPElementsAttr.get(v2, [3n, 3n], false))
    const d = cst(e, DenseIntOrFPElementsAttr.get(v2, [4n, 4n], false))
    expect(foldsTo(bin(e, AddIOp, c, d))).toBe(DenseIntOrFPElementsAttr.get(v2, [7n], true))
  })
})

describe('arith identity folds (mlir-opt 22 --canonicalize)', () => {
  it('x + 0 -> x, x - x -> 0, x * 1 -> x, x * 0 -> 0', () => {
    const e = env()
    const x = arg(e, e.i32)
    const zero = int(e, e.i32, 0)
    const one = int(e, e.i32, 1)
    expect(foldsTo(bin(e, AddIOp, x, zero))).toBe(x)
    expect(foldsTo(bin(e, SubIOp, x, x))).toBe(IntegerAttr.get(e.i32, 0))
    expect(foldsTo(bin(e, SubIOp, x, zero))).toBe(x)
    expect(foldsTo(bin(e, MulIOp, x, one))).toBe(x)
    expect(foldsTo(bin(e, MulIOp, x, zero))).toBe(zero)
    expect(foldsTo(bin(e, DivSIOp, x, one))).toBe(x)
    expect(foldsTo(bin(e, RemUIOp, x, one))).toBe(IntegerAttr.get(e.i32, 0))
  })

  it('(a - b) + b -> a and (a + b) - a -> b', () => {
    const e = env()
    const a = arg(e, e.i32)
    const b = arg(e, e.i32)
    const sub = bin(e, SubIOp, a, b).getResult(0)
    expect(foldsTo(bin(e, AddIOp, sub, b))).toBe(a)
    expect(foldsTo(bin(e, AddIOp, b, sub))).toBe(a)
    const add = bin(e, AddIOp, a, b).getResult(0)
    expect(foldsTo(bin(e, SubIOp, add, a))).toBe(b)
    expect(foldsTo(bin(e, SubIOp, add, b))).toBe(a)
  })

  it('(a * b) / b -> a only with the matching no-wrap flag', () => {
    const e = env()
    const a = arg(e, e.i32)
    const b = arg(e, e.i32)
    const plain = bin(e, MulIOp, a, b).getResult(0)
    const nsw = bin(e, MulIOp, a, b, { overflowFlags: IntegerOverflowFlagsAttr.get(e.ctx, 1) }).getResult(0)
    const nuw = bin(e, MulIOp, a, b, { overflowFlags: IntegerOverflowFlagsAttr.get(e.ctx, 2) }).getResult(0)
    expect(foldsTo(bin(e, DivSIOp, plain, b))).toBeUndefined()
    expect(foldsTo(bin(e, DivSIOp, nsw, b))).toBe(a)
    expect(foldsTo(bin(e, DivUIOp, nsw, b))).toBeUndefined()
    expect(foldsTo(bin(e, DivUIOp, nuw, a))).toBe(b)
  })

  it('and/or/xor identities', () => {
    const e = env()
    const x = arg(e, e.i32)
    const y = arg(e, e.i32)
    const zero = int(e, e.i32, 0)
    const ones = int(e, e.i32, -1)
    expect(foldsTo(bin(e, AndIOp, x, zero))).toBe(zero)
    expect(foldsTo(bin(e, AndIOp, x, ones))).toBe(x)
    expect(foldsTo(bin(e, OrIOp, x, zero))).toBe(x)
    expect(foldsTo(bin(e, OrIOp, x, ones))).toBe(IntegerAttr.get(e.i32, -1))
    expect(foldsTo(bin(e, XOrIOp, x, zero))).toBe(x)
    expect(foldsTo(bin(e, XOrIOp, x, x))).toBe(IntegerAttr.get(e.i32, 0))
    const notX = bin(e, XOrIOp, x, ones).getResult(0)
    expect(foldsTo(bin(e, AndIOp, x, notX))).toBe(IntegerAttr.get(e.i32, 0))
    expect(foldsTo(bin(e, OrIOp, notX, x))).toBe(ones)
    const xy = bin(e, XOrIOp, x, y).getResult(0)
    expect(foldsTo(bin(e, XOrIOp, xy, y))).toBe(x)
    const andXY = bin(e, AndIOp, x, y)
    expect(foldsTo(bin(e, AndIOp, x, andXY.getResult(0)))).toBe(andXY.getResult(0))
  })

  it('min/max with the extreme constants', () => {
    const e = env()
    const x = arg(e, e.i8)
    const smax = int(e, e.i8, 127)
    const smin = int(e, e.i8, -128)
    const umax = int(e, e.i8, -1)
    const umin = int(e, e.i8, 0)
    expect(foldsTo(bin(e, MaxSIOp, x, smax))).toBe(smax)
    expect(foldsTo(bin(e, MaxSIOp, x, smin))).toBe(x)
    expect(foldsTo(bin(e, MinSIOp, x, smin))).toBe(smin)
    expect(foldsTo(bin(e, MaxUIOp, x, umax))).toBe(umax)
    expect(foldsTo(bin(e, MinUIOp, x, umin))).toBe(umin)
    expect(foldsTo(bin(e, MinUIOp, x, x))).toBe(x)
  })

  it('cmpi x, x and constant-on-the-left swaps predicate in place', () => {
    const e = env()
    const x = arg(e, e.i32)
    const c = int(e, e.i32, 5)
    const pred = (p: number): Attribute => IntegerAttr.get(e.i64, p)
    const sle = CmpIOp.build(e.b, e.loc, { operands: { lhs: x, rhs: x }, attributes: { predicate: pred(3) } })
    expect(foldsTo(sle)).toBe(IntegerAttr.get(e.i1, 1))
    const ne = CmpIOp.build(e.b, e.loc, { operands: { lhs: x, rhs: x }, attributes: { predicate: pred(1) } })
    expect(foldsTo(ne)).toBe(IntegerAttr.get(e.i1, 0))
    // arith.cmpi slt, %c5, %x -> arith.cmpi sgt, %x, %c5
    const swapped = CmpIOp.build(e.b, e.loc, { operands: { lhs: c, rhs: x }, attributes: { predicate: pred(2) } })
    expect(foldsTo(swapped)).toBe('in-place')
    expect(swapped.getOperand(0)).toBe(x)
    expect(swapped.getOperand(1)).toBe(c)
    expect(swapped.getAttr('predicate')).toBe(pred(4))
  })

  it('select with constant condition, equal arms, and i1 true/false arms', () => {
    const e = env()
    const a = arg(e, e.i32)
    const b = arg(e, e.i32)
    const c = arg(e, e.i1)
    const t = int(e, e.i1, 1)
    const f = int(e, e.i1, 0)
    const sel = (cond: Value, x: Value, y: Value): Operation =>
      SelectOp.build(e.b, e.loc, { operands: { condition: cond, true_value: x, false_value: y } })
    expect(foldsTo(sel(t, a, b))).toBe(a)
    expect(foldsTo(sel(f, a, b))).toBe(b)
    expect(foldsTo(sel(c, a, a))).toBe(a)
    expect(foldsTo(sel(c, t, f))).toBe(c)
    expect(foldsTo(sel(c, a, b))).toBeUndefined()
  })

  it('cast chains: extsi(extsi) and trunci(trunci) fold in place, trunci(extui x) -> x', () => {
    const e = env()
    const x = arg(e, e.i8)
    const e16 = ExtSIOp.build(e.b, e.loc, { operands: { in: x }, results: [e.i16] })
    const e32 = ExtSIOp.build(e.b, e.loc, { operands: { in: e16.getResult(0) }, results: [e.i32] })
    expect(foldsTo(e32)).toBe('in-place')
    expect(e32.getOperand(0)).toBe(x)
    const z32 = ExtUIOp.build(e.b, e.loc, { operands: { in: x }, results: [e.i32] })
    const t8 = TruncIOp.build(e.b, e.loc, { operands: { in: z32.getResult(0) }, results: [e.i8] })
    expect(foldsTo(t8)).toBe(x)
    const y = arg(e, e.i64)
    const t32 = TruncIOp.build(e.b, e.loc, { operands: { in: y }, results: [e.i32] })
    const t16 = TruncIOp.build(e.b, e.loc, { operands: { in: t32.getResult(0) }, results: [e.i16] })
    expect(foldsTo(t16)).toBe('in-place')
    expect(t16.getOperand(0)).toBe(y)
    // index_cast(index_cast(%a : i32 -> index) -> i32) is not a fold in MLIR 22 (the
    // IndexCastOfIndexCast pattern rewrites it): `--canonicalize=enable-patterns=none` keeps both.
    const a = arg(e, e.i32)
    const toIdx = IndexCastOp.build(e.b, e.loc, { operands: { in: a }, results: [e.index] })
    const toI32 = IndexCastOp.build(e.b, e.loc, { operands: { in: toIdx.getResult(0) }, results: [e.i32] })
    expect(foldsTo(toI32)).toBe(undefined)
  })
})

describe('arith float folds (mlir-opt 22 --canonicalize)', () => {
  it('constant arithmetic rounds to the type', () => {
    const e = env()
    const a = flt(e, e.f32, 0.1)
    const b = flt(e, e.f32, 0.2)
    const sum = foldsTo(AddFOp.build(e.b, e.loc, { operands: { lhs: a, rhs: b } }))
    expect(sum).toBe(FloatAttr.get(e.f32, Math.fround(Math.fround(0.1) + Math.fround(0.2))))
    const c = flt(e, e.f32, 2.5)
    // %2 = arith.remf %c, %c : f32 -> 0.000000e+00
    expect(foldsTo(RemFOp.build(e.b, e.loc, { operands: { lhs: c, rhs: c } }))).toBe(FloatAttr.get(e.f32, 0))
    expect(foldsTo(DivFOp.build(e.b, e.loc, { operands: { lhs: c, rhs: flt(e, e.f32, 0) } }))).toBe(FloatAttr.get(e.f32, Infinity))
    expect(foldsTo(NegFOp.build(e.b, e.loc, { operands: { operand: c } }))).toBe(FloatAttr.get(e.f32, -2.5))
  })

  it('identities: x + -0, x - 0, x * 1, x / 1, maxnumf(x, NaN), maximumf(x, -inf)', () => {
    const e = env()
    const x = arg(e, e.f32)
    const b = (def: OdsOp, rhs: Value): Operation => def.build(e.b, e.loc, { operands: { lhs: x, rhs } })
    expect(foldsTo(b(AddFOp, flt(e, e.f32, -0)))).toBe(x)
    expect(foldsTo(b(AddFOp, flt(e, e.f32, 0)))).toBeUndefined()
    expect(foldsTo(b(SubFOp, flt(e, e.f32, 0)))).toBe(x)
    expect(foldsTo(b(MulFOp, flt(e, e.f32, 1)))).toBe(x)
    expect(foldsTo(b(MulFOp, flt(e, e.f32, 0)))).toBeUndefined()
    expect(foldsTo(b(DivFOp, flt(e, e.f32, 1)))).toBe(x)
    expect(foldsTo(b(MaxNumFOp, flt(e, e.f32, NaN)))).toBe(x)
    expect(foldsTo(b(MaximumFOp, flt(e, e.f32, -Infinity)))).toBe(x)
    const neg = NegFOp.build(e.b, e.loc, { operands: { operand: x } })
    expect(foldsTo(NegFOp.build(e.b, e.loc, { operands: { operand: neg.getResult(0) } }))).toBe(x)
  })

  it('cmpf constant folding, with NaN deciding alone', () => {
    const e = env()
    const one = flt(e, e.f32, 1)
    const two = flt(e, e.f32, 2)
    const nan = flt(e, e.f32, NaN)
    const x = arg(e, e.f32)
    const cmp = (p: number, l: Value, r: Value): Operation =>
      CmpFOp.build(e.b, e.loc, { operands: { lhs: l, rhs: r }, attributes: { predicate: IntegerAttr.get(e.i64, p) } })
    expect(foldsTo(cmp(4, one, two))).toBe(IntegerAttr.get(e.i1, 1)) // olt
    expect(foldsTo(cmp(2, one, two))).toBe(IntegerAttr.get(e.i1, 0)) // ogt
    expect(foldsTo(cmp(14, x, nan))).toBe(IntegerAttr.get(e.i1, 1)) // uno with a NaN
    expect(foldsTo(cmp(7, nan, x))).toBe(IntegerAttr.get(e.i1, 0)) // ord with a NaN
    expect(foldsTo(cmp(1, x, one))).toBeUndefined()
  })

  it('float casts: exact truncf folds, inexact does not; sitofp/uitofp/fptosi/fptoui/bitcast', () => {
    const e = env()
    const exact = flt(e, e.f64, 1.5)
    const inexact = flt(e, e.f64, 0.1)
    const tr = (v: Value): Operation => TruncFOp.build(e.b, e.loc, { operands: { in: v }, results: [e.f32] })
    expect(foldsTo(tr(exact))).toBe(FloatAttr.get(e.f32, 1.5))
    expect(foldsTo(tr(inexact))).toBeUndefined()
    expect(foldsTo(ExtFOp.build(e.b, e.loc, { operands: { in: flt(e, e.f16, 0.5) }, results: [e.f32] }))).toBe(FloatAttr.get(e.f32, 0.5))
    const m1 = int(e, e.i8, -1)
    expect(foldsTo(SIToFPOp.build(e.b, e.loc, { operands: { in: m1 }, results: [e.f32] }))).toBe(FloatAttr.get(e.f32, -1))
    expect(foldsTo(UIToFPOp.build(e.b, e.loc, { operands: { in: m1 }, results: [e.f32] }))).toBe(FloatAttr.get(e.f32, 255))
    expect(foldsTo(FPToSIOp.build(e.b, e.loc, { operands: { in: flt(e, e.f32, -2.75) }, results: [e.i8] }))).toBe(IntegerAttr.get(e.i8, -2))
    expect(foldsTo(FPToUIOp.build(e.b, e.loc, { operands: { in: flt(e, e.f32, -2.75) }, results: [e.i8] }))).toBeUndefined()
    expect(foldsTo(FPToSIOp.build(e.b, e.loc, { operands: { in: flt(e, e.f32, 300) }, results: [e.i8] }))).toBeUndefined()
    expect(foldsTo(BitcastOp.build(e.b, e.loc, { operands: { in: flt(e, e.f32, 1) }, results: [e.i32] }))).toBe(IntegerAttr.get(e.i32, 0x3f800000))
    expect(foldsTo(BitcastOp.build(e.b, e.loc, { operands: { in: int(e, e.i16, 0x3c00) }, results: [e.f16] }))).toBe(FloatAttr.get(e.f16, 1))
  })
})

describe('arith extended ops', () => {
  it('addui_extended, mulsi_extended and mului_extended fold both results', () => {
    const e = env()
    const a = int(e, e.i8, -1)
    const b = int(e, e.i8, 2)
    const add = AddUIExtendedOp.build(e.b, e.loc, { operands: { lhs: a, rhs: b }, results: [e.i8, e.i1] })
    expect(fold(add)).toEqual([IntegerAttr.get(e.i8, 1), IntegerAttr.get(e.i1, 1)])
    const ms = MulSIExtendedOp.build(e.b, e.loc, { operands: { lhs: a, rhs: b }, results: [e.i8, e.i8] })
    expect(fold(ms)).toEqual([IntegerAttr.get(e.i8, -2), IntegerAttr.get(e.i8, -1)])
    const mu = MulUIExtendedOp.build(e.b, e.loc, { operands: { lhs: a, rhs: b }, results: [e.i8, e.i8] })
    expect(fold(mu)).toEqual([IntegerAttr.get(e.i8, -2), IntegerAttr.get(e.i8, 1)])
  })
})
