/**
 * The tile lowering's `LLVMBuilder` with what the GEMM operand path adds: integer operands
 * given as numbers (constants of the other operand's type), the rest of the integer
 * arithmetic, casts, struct members, and the types it builds.
 */
import { DenseArrayAttr, FloatType, IntegerType, VectorType, type Type, type Value } from '@tilepass/ir'
import { LLVMPointerType, LLVMStructType } from '@tilepass/dialects'
import { isPowerOf2 } from '@tilepass/tileas-scheduler'
import { LLVMBuilder } from '../LLVMBuilder.ts'

/** The 16-bit float element types of the tensor-core path. */
export type MmaElementType = 'f16' | 'bf16'

/** An integer operand: a Value or a constant of the other operand's type. */
export type IntOperand = Value | number

/** Emits llvm dialect ops at an `OpBuilder`'s insertion point (see `LLVMBuilder`). */
export class LLVMEmitter extends LLVMBuilder {
  get i8(): IntegerType {
    return IntegerType.get(this.context, 8)
  }
  get f32(): FloatType {
    return FloatType.get(this.context, 'f32')
  }

  /** The float type of `elt`. */
  float(elt: MmaElementType | 'f32'): FloatType {
    return FloatType.get(this.context, elt)
  }

  /** `!llvm.ptr<space>`. */
  ptr(space = 0): LLVMPointerType {
    return LLVMPointerType.get(this.context, space)
  }

  /** `!llvm.struct<(t, t, ...)>` with `n` members. */
  struct(t: Type, n: number): LLVMStructType {
    return LLVMStructType.getLiteral(this.context, Array.from({ length: n }, () => t))
  }

  /** `vector<n x t>`. */
  vector(n: number, t: Type): VectorType {
    return VectorType.get([n], t)
  }

  /** `x` itself, or a constant of `like`'s type. */
  operand(x: IntOperand, like: Value): Value {
    return typeof x === 'number' ? this.constant(like.type, x) : x
  }

  private int(name: string, a: Value, b: IntOperand): Value {
    return this.bin(name, a, this.operand(b, a))
  }

  override add(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.int('add', a, b)
  }
  sub(a: Value, b: IntOperand): Value {
    return this.int('sub', a, b)
  }
  override mul(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 1 ? a : this.int('mul', a, b)
  }
  override and(a: Value, b: IntOperand): Value {
    return this.int('and', a, b)
  }
  override or(a: Value, b: IntOperand): Value {
    return this.int('or', a, b)
  }
  xor(a: Value, b: IntOperand): Value {
    return this.int('xor', a, b)
  }
  override shl(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.int('shl', a, b)
  }
  override lshr(a: Value, b: IntOperand): Value {
    return typeof b === 'number' && b === 0 ? a : this.int('lshr', a, b)
  }
  urem(a: Value, b: IntOperand): Value {
    return this.int('urem', a, b)
  }
  udiv(a: Value, b: IntOperand): Value {
    return this.int('udiv', a, b)
  }
  smin(a: Value, b: IntOperand): Value {
    return this.int('intr.smin', a, b)
  }
  smax(a: Value, b: IntOperand): Value {
    return this.int('intr.smax', a, b)
  }

  /** `a * c` for a power-of-two constant `c` as a shift, else a multiply. */
  mulPow2(a: Value, c: number): Value {
    return isPowerOf2(c) ? this.shl(a, Math.log2(c)) : this.mul(a, c)
  }

  override icmp(pred: 'eq' | 'ne' | 'slt' | 'sle' | 'sgt' | 'sge' | 'ult' | 'ule' | 'ugt' | 'uge', a: Value, b: IntOperand): Value {
    return super.icmp(pred, a, this.operand(b, a))
  }

  override select(c: Value, a: Value, b: IntOperand): Value {
    return super.select(c, a, this.operand(b, a))
  }

  zext(a: Value, to: Type): Value {
    return a.type === to ? a : this.v('llvm.zext', [a], to)
  }
  trunc(a: Value, to: Type): Value {
    return a.type === to ? a : this.v('llvm.trunc', [a], to)
  }
  bitcast(a: Value, to: Type): Value {
    return a.type === to ? a : this.v('llvm.bitcast', [a], to)
  }

  /** `llvm.extractvalue agg[i]`. */
  extractValue(agg: Value, i: number): Value {
    const t = (agg.type as LLVMStructType).body[i]!
    return this.v('llvm.extractvalue', [agg], t, { position: DenseArrayAttr.get(this.i64, [BigInt(i)]) })
  }
}
