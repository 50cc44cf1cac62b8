/**
 * LLVM IR constants as the translation builds them: integers, floats, `poison`/`undef`/
 * `null`/`zeroinitializer`, aggregates and vectors (with LLVM's canonical forms: all-zero
 * becomes `zeroinitializer`, equal vector elements `splat (...)`), globals and constant
 * expressions; their printing; and the folds IRBuilder's `ConstantFolder` makes when every
 * operand is a constant.
 */
import { FloatType, IntegerType, VectorType, type Type } from '@tilepass/ir'
import { LLVMArrayType, LLVMPointerType, LLVMStructType } from '@tilepass/dialects'
import { irTypeName } from './IRTypes.ts'

/** What a constant is. */
export type ConstantKind = 'int' | 'float' | 'poison' | 'undef' | 'zero' | 'aggregate' | 'global' | 'expr'

/** An LLVM IR constant of `type`. */
export class IRConstant {
  /** @internal Use the static constructors. */
  constructor(
    readonly type: Type,
    readonly kind: ConstantKind,
    /** `int`: the value, normalized to the signed range of the width. `float`: the bit pattern. */
    readonly bits: bigint = 0n,
    /** `aggregate`: the elements. */
    readonly elements: readonly IRConstant[] = [],
    /** `global`: the name (`@g`); `expr`: the whole text after the type. */
    readonly text: string = '',
  ) {}

  /** An integer of `type` (wrapped to its width). */
  static int(type: Type, value: bigint): IRConstant {
    const w = (type as IntegerType).width
    return new IRConstant(type, 'int', BigInt.asIntN(w, value))
  }
  /** A float of `type` with IEEE bit pattern `bits`. */
  static float(type: Type, bits: bigint): IRConstant {
    return new IRConstant(type, 'float', bits)
  }
  /** `poison` of `type`. */
  static poison(type: Type): IRConstant {
    return new IRConstant(type, 'poison')
  }
  /** `undef` of `type`. */
  static undef(type: Type): IRConstant {
    return new IRConstant(type, 'undef')
  }
  /** The null value of `type` (`0`, `0.0`, `null`, `zeroinitializer`). */
  static zero(type: Type): IRConstant {
    if (type instanceof IntegerType) {
      return IRConstant.int(type, 0n)
    }
    if (type instanceof FloatType) {
      return IRConstant.float(type, 0n)
    }
    return new IRConstant(type, 'zero')
  }
  /** An aggregate or vector of `elements`, in LLVM's canonical form. */
  static aggregate(type: Type, elements: readonly IRConstant[]): IRConstant {
    if (elements.length > 0 && elements.every((e) => e.isNullValue)) {
      return new IRConstant(type, 'zero')
    }
    if (elements.length > 0 && elements.every((e) => e.kind === 'poison')) {
      return IRConstant.poison(type)
    }
    if (elements.length > 0 && elements.every((e) => e.kind === 'undef')) {
      return IRConstant.undef(type)
    }
    return new IRConstant(type, 'aggregate', 0n, elements)
  }
  /** The address of global `@name` (its type is a pointer). */
  static global(type: Type, name: string): IRConstant {
    return new IRConstant(type, 'global', 0n, [], name)
  }
  /** A constant expression printed as `text` after its type. */
  static expr(type: Type, text: string): IRConstant {
    return new IRConstant(type, 'expr', 0n, [], text)
  }

  /** True for the null value of the type. */
  get isNullValue(): boolean {
    return this.kind === 'zero' || ((this.kind === 'int' || this.kind === 'float') && this.bits === 0n)
  }

  /** The elements of an aggregate, expanding `zeroinitializer`/`poison`/`undef`; undefined for scalars. */
  expand(): IRConstant[] | undefined {
    const types = elementTypes(this.type)
    if (types === undefined) {
      return undefined
    }
    switch (this.kind) {
      case 'aggregate':
        return [...this.elements]
      case 'zero':
        return types.map((t) => IRConstant.zero(t))
      case 'poison':
        return types.map((t) => IRConstant.poison(t))
      case 'undef':
        return types.map((t) => IRConstant.undef(t))
      default:
        return undefined
    }
  }

  /** The constant's text without its type (`5`, `poison`, `{ i32 1, float 2.000000e+00 }`). */
  print(): string {
    switch (this.kind) {
      case 'int':
        return (this.type as IntegerType).width === 1 ? (this.bits === 0n ? 'false' : 'true') : String(this.bits)
      case 'float':
        return printFloat(this.type as FloatType, this.bits)
      case 'poison':
        return 'poison'
      case 'undef':
        return 'undef'
      case 'zero':
        return this.type instanceof LLVMPointerType ? 'null' : 'zeroinitializer'
      case 'global':
        return this.text
      case 'expr':
        return this.text
      case 'aggregate':
        return printAggregate(this)
    }
  }

  /** `type value`, as an operand is written. */
  printWithType(): string {
    return `${irTypeName(this.type) ?? '?'} ${this.print()}`
  }
}

/** The element types of a struct, array or vector type; undefined for other types. */
export function elementTypes(type: Type): Type[] | undefined {
  if (type instanceof LLVMStructType) {
    return [...type.body]
  }
  if (type instanceof LLVMArrayType) {
    return new Array<Type>(type.numElements).fill(type.elementType)
  }
  if (type instanceof VectorType) {
    return new Array<Type>(type.shape[0]!).fill(type.elementType)
  }
  return undefined
}

function printAggregate(c: IRConstant): string {
  const t = c.type
  const els = c.elements
  if (t instanceof VectorType) {
    const first = els[0]!
    if ((first.kind === 'int' || first.kind === 'float') && els.every((e) => e.kind === first.kind && e.bits === first.bits)) {
      return `splat (${first.printWithType()})`
    }
    return `<${els.map((e) => e.printWithType()).join(', ')}>`
  }
  if (t instanceof LLVMArrayType) {
    const el = t.elementType
    if (el instanceof IntegerType && el.width === 8 && els.every((e) => e.kind === 'int')) {
      let s = 'c"'
      for (const e of els) {
        const b = Number(BigInt.asUintN(8, e.bits))
        s += b >= 0x20 && b < 0x7f && b !== 0x5c && b !== 0x22 ? String.fromCharCode(b) : '\\' + b.toString(16).toUpperCase().padStart(2, '0')
      }
      return s + '"'
    }
    return `[${els.map((e) => e.printWithType()).join(', ')}]`
  }
  const st = t as LLVMStructType
  const inner = `{ ${els.map((e) => e.printWithType()).join(', ')} }`
  return st.isPacked ? `<${inner}>` : inner
}

const f64View = new DataView(new ArrayBuffer(8))

/** The double of 64 IEEE bits. */
export function doubleFromBits(bits: bigint): number {
  f64View.setBigUint64(0, BigInt.asUintN(64, bits))
  return f64View.getFloat64(0)
}

/** The IEEE bits of a double. */
export function doubleBits(value: number): bigint {
  f64View.setFloat64(0, value)
  return f64View.getBigUint64(0)
}

/** The f32 bits of a double rounded to float. */
export function floatBitsOf(value: number): bigint {
  f64View.setFloat32(0, value)
  return BigInt(f64View.getUint32(0))
}

/** The double holding the exact value of f32 bits `bits` (NaN payloads kept). */
function f32BitsToDoubleBits(bits: bigint): bigint {
  const sign = (bits >> 31n) & 1n
  const exp = (bits >> 23n) & 0xffn
  const mant = bits & 0x7fffffn
  if (exp === 0xffn) {
    return (sign << 63n) | (0x7ffn << 52n) | (mant << 29n)
  }
  f64View.setUint32(0, Number(bits))
  return doubleBits(f64View.getFloat32(0))
}

/**
 * LLVM's spelling of a float constant: `1.500000e+00` when a 6-significant-digit decimal
 * reads back to the same double, else `0x` and the double's 16 hex digits; `half`,
 * `bfloat`, `fp128` and `x86_fp80` as `0xH`, `0xR`, `0xL`, `0xK` and their bits.
 */
export function printFloat(type: FloatType, bits: bigint): string {
  const kind = type.kind
  if (kind === 'f32' || kind === 'f64') {
    const dbits = kind === 'f64' ? BigInt.asUintN(64, bits) : f32BitsToDoubleBits(bits)
    const v = doubleFromBits(dbits)
    if (Number.isFinite(v)) {
      const neg = v < 0 || Object.is(v, -0)
      const abs = Math.abs(v)
      const short = abs.toExponential(5)
      if (Number(short) === abs && (abs === 0 || abs >= 2.2250738585072014e-308)) {
        const [mant, exp] = short.split('e') as [string, string]
        const e = Number(exp)
        const expText = (e < 0 ? '-' : '+') + String(Math.abs(e)).padStart(2, '0')
        return `${neg ? '-' : ''}${mant}0e${expText}`
      }
    }
    return '0x' + dbits.toString(16).toUpperCase().padStart(16, '0')
  }
  const u = BigInt.asUintN(type.width === 80 ? 80 : type.width, bits)
  switch (kind) {
    case 'f16':
      return '0xH' + u.toString(16).toUpperCase().padStart(4, '0')
    case 'bf16':
      return '0xR' + u.toString(16).toUpperCase().padStart(4, '0')
    case 'f128': {
      const lo = u & 0xffffffffffffffffn
      const hi = u >> 64n
      return '0xL' + lo.toString(16).toUpperCase().padStart(16, '0') + hi.toString(16).toUpperCase().padStart(16, '0')
    }
    default: {
      const hi = u >> 64n
      const lo = u & 0xffffffffffffffffn
      return '0xK' + hi.toString(16).toUpperCase().padStart(4, '0') + lo.toString(16).toUpperCase().padStart(16, '0')
    }
  }
}

// ---- folding -----------------------------------------------------------------------------

function width(c: IRConstant): number {
  return (c.type as IntegerType).width
}

function unsigned(c: IRConstant): bigint {
  return BigInt.asUintN(width(c), c.bits)
}

/**
 * Folds an integer binary instruction of two integer constants (`ConstantFoldBinaryInstruction`);
 * undefined when LLVM would not fold it to a plain integer here (poison-producing cases).
 */
export function foldIntBinary(opcode: string, a: IRConstant, b: IRConstant): IRConstant | undefined {
  if (a.kind !== 'int' || b.kind !== 'int') {
    return undefined
  }
  const w = width(a)
  const t = a.type
  const ua = unsigned(a)
  const ub = unsigned(b)
  switch (opcode) {
    case 'add':
      return IRConstant.int(t, a.bits + b.bits)
    case 'sub':
      return IRConstant.int(t, a.bits - b.bits)
    case 'mul':
      return IRConstant.int(t, a.bits * b.bits)
    case 'and':
      return IRConstant.int(t, a.bits & b.bits)
    case 'or':
      return IRConstant.int(t, a.bits | b.bits)
    case 'xor':
      return IRConstant.int(t, a.bits ^ b.bits)
    case 'shl':
      return ub >= BigInt(w) ? IRConstant.poison(t) : IRConstant.int(t, ua << ub)
    case 'lshr':
      return ub >= BigInt(w) ? IRConstant.poison(t) : IRConstant.int(t, ua >> ub)
    case 'ashr':
      return ub >= BigInt(w) ? IRConstant.poison(t) : IRConstant.int(t, a.bits >> ub)
    case 'udiv':
      return ub === 0n ? IRConstant.poison(t) : IRConstant.int(t, ua / ub)
    case 'urem':
      return ub === 0n ? IRConstant.poison(t) : IRConstant.int(t, ua % ub)
    case 'sdiv':
      return b.bits === 0n ? IRConstant.poison(t) : IRConstant.int(t, a.bits / b.bits)
    case 'srem':
      return b.bits === 0n ? IRConstant.poison(t) : IRConstant.int(t, a.bits % b.bits)
    default:
      return undefined
  }
}

/** Folds a binary instruction elementwise over two constant vectors with `fold`. */
export function foldVectorBinary(a: IRConstant, b: IRConstant, fold: (x: IRConstant, y: IRConstant) => IRConstant | undefined): IRConstant | undefined {
  if (!(a.type instanceof VectorType)) {
    return undefined
  }
  const xs = a.expand()
  const ys = b.expand()
  if (xs === undefined || ys === undefined) {
    return undefined
  }
  const out: IRConstant[] = []
  for (let i = 0; i < xs.length; i++) {
    const r = fold(xs[i]!, ys[i]!)
    if (r === undefined) {
      return undefined
    }
    out.push(r)
  }
  return IRConstant.aggregate(a.type, out)
}

/** Folds `icmp pred a, b` of two integer constants. */
export function foldICmp(pred: string, a: IRConstant, b: IRConstant, i1: Type): IRConstant | undefined {
  if (a.kind !== 'int' || b.kind !== 'int') {
    return undefined
  }
  const ua = unsigned(a)
  const ub = unsigned(b)
  let r: boolean
  switch (pred) {
    case 'eq':
      r = a.bits === b.bits
      break
    case 'ne':
      r = a.bits !== b.bits
      break
    case 'slt':
      r = a.bits < b.bits
      break
    case 'sle':
      r = a.bits <= b.bits
      break
    case 'sgt':
      r = a.bits > b.bits
      break
    case 'sge':
      r = a.bits >= b.bits
      break
    case 'ult':
      r = ua < ub
      break
    case 'ule':
      r = ua <= ub
      break
    case 'ugt':
      r = ua > ub
      break
    case 'uge':
      r = ua >= ub
      break
    default:
      return undefined
  }
  return IRConstant.int(i1, r ? 1n : 0n)
}

/** Folds an integer cast (`sext`, `zext`, `trunc`) of an integer constant. */
export function foldIntCast(opcode: string, a: IRConstant, to: Type): IRConstant | undefined {
  if (a.kind !== 'int' || !(to instanceof IntegerType)) {
    return a.kind === 'poison' ? IRConstant.poison(to) : undefined
  }
  switch (opcode) {
    case 'sext':
    case 'trunc':
      return IRConstant.int(to, a.bits)
    case 'zext':
      return IRConstant.int(to, unsigned(a))
    default:
      return undefined
  }
}

/** Folds `insertvalue agg, v, idx...` of constants. */
export function foldInsertValue(agg: IRConstant, value: IRConstant, path: readonly number[]): IRConstant | undefined {
  const els = agg.expand()
  if (els === undefined || path.length === 0) {
    return undefined
  }
  const i = path[0]!
  if (path.length === 1) {
    els[i] = value
  } else {
    const inner = foldInsertValue(els[i]!, value, path.slice(1))
    if (inner === undefined) {
      return undefined
    }
    els[i] = inner
  }
  return IRConstant.aggregate(agg.type, els)
}

/** Folds `extractvalue agg, idx...` of a constant. */
export function foldExtractValue(agg: IRConstant, path: readonly number[]): IRConstant | undefined {
  let c: IRConstant = agg
  for (const i of path) {
    const els = c.expand()
    if (els === undefined) {
      return undefined
    }
    c = els[i]!
  }
  return c
}
