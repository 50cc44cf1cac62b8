/**
 * A thin typed layer over `OpBuilder` for the llvm + nvvm ops the GEMM operand path emits:
 * integer constants and arithmetic, comparisons, casts, address arithmetic, vector and
 * struct element access. Every op goes to the builder's insertion point at `loc`.
 */
import { DenseArrayAttr, FloatType, IntegerAttr, IntegerType, TypeAttr, VectorType, type Attribute, type Location, type OpBuilder, type Operation, type Type, type Value } from '@tilepass/ir'
import { isPowerOf2 } from '@tilepass/tileas-scheduler'
import { GEP_DYNAMIC_INDEX, ICmpPredicateNames, LLVMPointerType, LLVMStructType } from '@tilepass/dialects'

/** The 16-bit float element types of the tensor-core path. */
export type MmaElementType = 'f16' | 'bf16'

/** An integer operand: a Value or a constant of the other operand's type. */
export type IntOperand = Value | number

/** Emits llvm dialect ops at an `OpBuilder`'s insertion point. */
export class LLVMEmitter {
  readonly i1: IntegerType
  readonly i8: IntegerType
  readonly i32: IntegerType
  readonly i64: IntegerType
  readonly f32: FloatType

  constructor(
    readonly builder: OpBuilder,
    readonly loc: Location,
  ) {
    const ctx = builder.context
    this.i1 = IntegerType.get(ctx, 1)
    this.i8 = IntegerType.get(ctx, 8)
    this.i32 = IntegerType.get(ctx, 32)
    this.i64 = IntegerType.get(ctx, 64)
    this.f32 = FloatType.get(ctx, 'f32')
  }

  /** The float type of `elt`. */
  float(elt: MmaElementType | 'f32'): FloatType {
    return FloatType.get(this.builder.context, elt)
  }

  /** `!llvm.ptr<space>`. */
  ptr(space = 0): LLVMPointerType {
    return LLVMPointerType.get(this.builder.context, space)
  }

  /** `!llvm.struct<(t, t, ...)>` with `n` members. */
  struct(t: Type, n: number): LLVMStructType {
    return LLVMStructType.getLiteral(this.builder.context, Array.from({ length: n }, () => t))
  }

  /** Creates `name` and returns the op. */
  op(name: string, operands: readonly Value[], results: readonly Type[], attributes: Record<string, Attribute> = {}): Operation {
    return this.builder.create(name, this.loc, { operands, results, attributes })
  }

  /** Creates `name` with one result and returns it. */
  value(name: string, operands: readonly Value[], result: Type, attributes: Record<string, Attribute> = {}): Value {
    return this.op(name, operands, [result], attributes).getResult(0)
  }

  /** `llvm.mlir.constant(n : type)`. */
  constant(type: Type, n: number | bigint): Value {
    return this.value('llvm.mlir.constant', [], type, { value: IntegerAttr.get(type, n) })
  }

  /** An i32 constant. */
  c32(n: number): Value {
    return this.constant(this.i32, n)
  }

  /** An i64 constant. */
  c64(n: number): Value {
    return this.constant(this.i64, n)
  }

  /** `x` itself, or a constant of `like`'s type. */
  operand(x: IntOperand, like: Value): Value {
    return typeof x === 'number' ? this.constant(like.type, x) : x
  }

  private binary(name: string, a: Value, b: IntOperand): Value {
    return this.value(`llvm.${name}`, [a, this.operand(b, a)], a.type)
  }

  add(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.binary('add', a, b)
  }
  sub(a: Value, b: IntOperand): Value {
    return this.binary('sub', a, b)
  }
  mul(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 1 ? a : this.binary('mul', a, b)
  }
  and(a: Value, b: IntOperand): Value {
    return this.binary('and', a, b)
  }
  or(a: Value, b: IntOperand): Value {
    return this.binary('or', a, b)
  }
  xor(a: Value, b: IntOperand): Value {
    return this.binary('xor', a, b)
  }
  shl(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.binary('shl', a, b)
  }
  lshr(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.binary('lshr', a, b)
  }
  urem(a: Value, b: IntOperand): Value {
    return this.binary('urem', a, b)
  }
  udiv(a: Value, b: IntOperand): Value {
    return this.binary('udiv', a, b)
  }
  smin(a: Value, b: IntOperand): Value {
    return this.binary('intr.smin', a, b)
  }
  smax(a: Value, b: IntOperand): Value {
    return this.binary('intr.smax', a, b)
  }

  /** `a * c` for a power-of-two constant `c` as a shift, else a multiply. */
  mulPow2(a: Value, c: number): Value {
    return isPowerOf2(c) ? this.shl(a, Math.log2(c)) : this.mul(a, c)
  }

  /** `llvm.icmp "<pred>" a, b`. */
  icmp(pred: 'eq' | 'ne' | 'slt' | 'sle' | 'sgt' | 'sge' | 'ult' | 'ule' | 'ugt' | 'uge', a: Value, b: IntOperand): Value {
    return this.value('llvm.icmp', [a, this.operand(b, a)], this.i1, { predicate: IntegerAttr.get(this.i64, ICmpPredicateNames.indexOf(pred)) })
  }

  /** `llvm.select c, a, b`. */
  select(c: Value, a: Value, b: IntOperand): Value {
    return this.value('llvm.select', [c, a, this.operand(b, a)], a.type)
  }

  zext(a: Value, to: Type): Value {
    return a.type === to ? a : this.value('llvm.zext', [a], to)
  }
  sext(a: Value, to: Type): Value {
    return a.type === to ? a : this.value('llvm.sext', [a], to)
  }
  trunc(a: Value, to: Type): Value {
    return a.type === to ? a : this.value('llvm.trunc', [a], to)
  }
  bitcast(a: Value, to: Type): Value {
    return a.type === to ? a : this.value('llvm.bitcast', [a], to)
  }

  /** `llvm.getelementptr base[index] : elt` (one dynamic index). */
  gep(base: Value, index: Value, elt: Type): Value {
    return this.value('llvm.getelementptr', [base, index], base.type, {
      rawConstantIndices: DenseArrayAttr.getI32(this.builder.context, [GEP_DYNAMIC_INDEX]),
      elem_type: TypeAttr.get(elt),
    })
  }

  /** `llvm.extractvalue agg[i]`. */
  extractValue(agg: Value, i: number): Value {
    const t = (agg.type as LLVMStructType).body[i]!
    return this.value('llvm.extractvalue', [agg], t, { position: DenseArrayAttr.get(this.i64, [BigInt(i)]) })
  }

  /** `llvm.extractelement v[i]` with an i32 constant index. */
  extractElement(v: Value, i: number): Value {
    return this.value('llvm.extractelement', [v, this.c32(i)], (v.type as VectorType).elementType)
  }

  /** `llvm.insertelement x, v[i]` with an i32 constant index. */
  insertElement(v: Value, x: Value, i: number): Value {
    return this.value('llvm.insertelement', [v, x, this.c32(i)], v.type)
  }

  /** `llvm.mlir.poison : type`. */
  poison(type: Type): Value {
    return this.value('llvm.mlir.poison', [], type)
  }

  /** `vector<n x t>`. */
  vector(n: number, t: Type): VectorType {
    return VectorType.get([n], t)
  }
}
