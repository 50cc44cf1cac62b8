/**
 * Small typed constructors for the llvm and nvvm ops the tile code generators emit, at an
 * `OpBuilder`'s insertion point with one location. Constants are cached per function
 * entry block so repeated immediates do not repeat ops.
 */
import {
  DenseArrayAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  SymbolRefAttr,
  TypeAttr,
  VectorType,
  type Block,
  type Context,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { FCmpPredicateNames, GEP_DYNAMIC_INDEX, ICmpPredicateNames, LLVMGEPOp, LLVMPointerType } from '@tilepass/dialects'
import { NVVMEnumAttr } from '@tilepass/dialects'

/** The llvm/nvvm op constructors of the tile lowering. */
export class LLVMBuilder {
  /** Cached constants of the current function (key: type id and value). */
  private readonly constants = new Map<string, Value>()
  /** Where constants go (the entry block's start). */
  constantBlock: Block | null = null
  loc: Location

  constructor(
    readonly b: OpBuilder,
    loc: Location,
  ) {
    this.loc = loc
  }

  get context(): Context {
    return this.b.context
  }

  get i1(): IntegerType {
    return IntegerType.get(this.context, 1)
  }
  get i32(): IntegerType {
    return IntegerType.get(this.context, 32)
  }
  get i64(): IntegerType {
    return IntegerType.get(this.context, 64)
  }

  /** A fresh function: forget cached constants, put new ones at the start of `entry`. */
  startFunction(entry: Block): void {
    this.constants.clear()
    this.constantBlock = entry
  }

  op(name: string, operands: readonly Value[], result: Type | null, attributes: Record<string, unknown> = {}): Operation {
    return this.b.create(name, this.loc, { operands, results: result === null ? [] : [result], attributes: attributes as never })
  }

  v(name: string, operands: readonly Value[], result: Type, attributes: Record<string, unknown> = {}): Value {
    return this.op(name, operands, result, attributes).results[0]!
  }

  /** `llvm.mlir.constant` of an integer or float type (cached at the function start). */
  constant(type: Type, value: number | bigint): Value {
    const key = `${type.id}:${typeof value === 'number' && Object.is(value, -0) ? '-0' : String(value)}`
    const hit = this.constants.get(key)
    if (hit !== undefined) {
      return hit
    }
    const attr = type instanceof FloatType ? FloatAttr.get(type, Number(value)) : IntegerAttr.get(type, typeof value === 'bigint' ? value : BigInt(value))
    const ip = this.b.saveInsertionPoint()
    if (this.constantBlock !== null) {
      this.b.setInsertionPointToStart(this.constantBlock)
    }
    const c = this.v('llvm.mlir.constant', [], type, { value: attr })
    this.b.restoreInsertionPoint(ip)
    this.constants.set(key, c)
    return c
  }
  c32(n: number): Value {
    return this.constant(this.i32, n)
  }
  c64(n: number): Value {
    return this.constant(this.i64, n)
  }

  bin(name: string, a: Value, b: Value): Value {
    return this.v(`llvm.${name}`, [a, b], a.type)
  }
  add(a: Value, b: Value): Value {
    return this.bin('add', a, b)
  }
  mul(a: Value, b: Value): Value {
    return this.bin('mul', a, b)
  }
  and(a: Value, b: Value): Value {
    return this.bin('and', a, b)
  }
  or(a: Value, b: Value): Value {
    return this.bin('or', a, b)
  }
  lshr(a: Value, b: Value): Value {
    return this.bin('lshr', a, b)
  }
  shl(a: Value, b: Value): Value {
    return this.bin('shl', a, b)
  }

  icmp(pred: string, a: Value, b: Value): Value {
    const i = ICmpPredicateNames.indexOf(pred)
    return this.v('llvm.icmp', [a, b], this.i1Like(a.type), { predicate: IntegerAttr.get(this.i64, i) })
  }
  fcmp(pred: string, a: Value, b: Value): Value {
    const i = FCmpPredicateNames.indexOf(pred)
    return this.v('llvm.fcmp', [a, b], this.i1Like(a.type), { predicate: IntegerAttr.get(this.i64, i) })
  }
  private i1Like(t: Type): Type {
    return t instanceof VectorType ? VectorType.get(t.shape, this.i1) : this.i1
  }
  select(c: Value, a: Value, b: Value): Value {
    return this.v('llvm.select', [c, a, b], a.type)
  }

  /** `llvm.sext`/`zext` to i64 (no-op for i64). */
  toI64(v: Value, unsigned = false): Value {
    if (v.type === this.i64) {
      return v
    }
    return this.v(unsigned ? 'llvm.zext' : 'llvm.sext', [v], this.i64)
  }

  /** `llvm.getelementptr %base[%index] : elementType`. */
  gep(base: Value, index: Value, elementType: Type): Value {
    return LLVMGEPOp.build(this.b, this.loc, {
      operands: { base, dynamicIndices: [index] },
      results: [base.type],
      attributes: { rawConstantIndices: DenseArrayAttr.getI32(this.context, [GEP_DYNAMIC_INDEX]), elem_type: TypeAttr.get(elementType) },
    }).results[0]!
  }

  load(ptr: Value, type: Type, alignment: number): Value {
    return this.v('llvm.load', [ptr], type, { alignment: IntegerAttr.get(this.i64, alignment) })
  }
  store(value: Value, ptr: Value, alignment: number): void {
    this.op('llvm.store', [value, ptr], null, { alignment: IntegerAttr.get(this.i64, alignment) })
  }

  extractElement(vec: Value, i: number): Value {
    return this.v('llvm.extractelement', [vec, this.c32(i)], (vec.type as VectorType).elementType)
  }
  insertElement(vec: Value, value: Value, i: number): Value {
    return this.v('llvm.insertelement', [vec, value, this.c32(i)], vec.type)
  }
  poison(type: Type): Value {
    return this.v('llvm.mlir.poison', [], type)
  }

  br(dest: Block, operands: readonly Value[] = []): void {
    this.b.create('llvm.br', this.loc, { operands, successors: [dest] })
  }
  condBr(cond: Value, t: Block, tOps: readonly Value[], f: Block, fOps: readonly Value[]): void {
    this.b.create('llvm.cond_br', this.loc, {
      operands: [cond, ...tOps, ...fOps],
      successors: [t, f],
      properties: { operandSegmentSizes: DenseArrayAttr.getI32(this.context, [1, tOps.length, fOps.length]) },
    })
  }

  /** `nvvm.read.ptx.sreg.<name>` (i32). */
  sreg(name: string): Value {
    return this.v(`nvvm.read.ptx.sreg.${name}`, [], this.i32)
  }
  /** `nvvm.shfl.sync bfly` of `value` with lane mask `offset` over the full warp. */
  shflBfly(value: Value, offset: number): Value {
    return this.v('nvvm.shfl.sync', [this.c32(-1), value, this.c32(offset), this.c32(31)], value.type, {
      kind: NVVMEnumAttr.get(this.context, 'shfl_kind', 'bfly'),
    })
  }
  barrier(): void {
    this.op('nvvm.barrier0', [], null)
  }

  /** `llvm.mlir.addressof @name : !llvm.ptr<space>`. */
  addressOf(name: string, space: number): Value {
    return this.v('llvm.mlir.addressof', [], LLVMPointerType.get(this.context, space), { global_name: SymbolRefAttr.get(this.context, name) })
  }
}
