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

/** Folds a binary instruction or comparison elementwise over two constant vectors into a vector of `resType`. */
export function foldVectorBinary(a: IRConstant, b: IRConstant, fold: (x: IRConstant, y: IRConstant) => IRConstant | undefined, resType: Type = a.type): IRConstant | undefined {
  if (!(a.type instanceof VectorType) || !(resType instanceof VectorType)) {
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
  return IRConstant.aggregate(resType, out)
}

/** Folds a unary instruction (a cast, `fneg`) elementwise over a constant vector into a vector of `resType`. */
export function foldVectorUnary(a: IRConstant, fold: (x: IRConstant, elementType: Type) => IRConstant | undefined, resType: Type = a.type): IRConstant | undefined {
  if (!(a.type instanceof VectorType) || !(resType instanceof VectorType)) {
    return undefined
  }
  const xs = a.expand()
  if (xs === undefined) {
    return undefined
  }
  const out: IRConstant[] = []
  for (const x of xs) {
    const r = fold(x, resType.elementType)
    if (r === undefined) {
      return undefined
    }
    out.push(r)
  }
  return IRConstant.aggregate(resType, out)
}

/** Folds `icmp pred a, b` of two integer constants. */
export function foldICmp(pred: string, a: IRConstant, b: IRConstant, i1: Type): IRConstant | undefined {
  if (a.kind === 'poison' || b.kind === 'poison') {
    return IRConstant.poison(i1)
  }
  if (a.kind === 'undef' || b.kind === 'undef') {
    if (pred === 'eq' || pred === 'ne' || (a.kind === 'undef' && b.kind === 'undef')) {
      return IRConstant.undef(i1)
    }
    // The undef may equal the other operand.
    return IRConstant.int(i1, pred === 'sle' || pred === 'sge' || pred === 'ule' || pred === 'uge' ? 1n : 0n)
  }
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

// ---- floating-point folds ---------------------------------------------------------------

const f32View = new DataView(new ArrayBuffer(4))

/** The double value of a float constant of kind f16/bf16/f32/f64; undefined for other kinds. */
export function floatValue(c: IRConstant): number | undefined {
  const kind = (c.type as FloatType).kind
  const b = c.bits
  switch (kind) {
    case 'f64':
      return doubleFromBits(b)
    case 'f32':
      f32View.setUint32(0, Number(BigInt.asUintN(32, b)))
      return f32View.getFloat32(0)
    case 'bf16':
      f32View.setUint32(0, Number(BigInt.asUintN(16, b)) << 16)
      return f32View.getFloat32(0)
    case 'f16': {
      const h = Number(BigInt.asUintN(16, b))
      const sign = h & 0x8000 ? -1 : 1
      const exp = (h >> 10) & 0x1f
      const mant = h & 0x3ff
      if (exp === 0x1f) {
        return mant === 0 ? sign * Infinity : NaN
      }
      return exp === 0 ? sign * mant * 2 ** -24 : sign * (1 + mant / 1024) * 2 ** (exp - 15)
    }
    default:
      return undefined
  }
}

/** Rounds `value` (round to nearest even) to a float of `kind` and returns its bits; NaN becomes the default quiet NaN. */
export function roundToFloatBits(kind: string, value: number): bigint | undefined {
  switch (kind) {
    case 'f64':
      return Number.isNaN(value) ? 0x7ff8000000000000n : doubleBits(value)
    case 'f32':
      return Number.isNaN(value) ? 0x7fc00000n : floatBitsOf(value)
    case 'f16':
    case 'bf16': {
      const [expBits, mantBits] = kind === 'f16' ? [5, 10] : [8, 7]
      const bias = (1 << (expBits - 1)) - 1
      const signBit = BigInt(1 << (expBits + mantBits))
      if (Number.isNaN(value)) {
        return kind === 'f16' ? 0x7e00n : 0x7fc0n
      }
      const sign = value < 0 || Object.is(value, -0) ? signBit : 0n
      const a = Math.abs(value)
      const maxExp = (1 << expBits) - 1
      if (a === Infinity) {
        return sign | (BigInt(maxExp) << BigInt(mantBits))
      }
      if (a === 0) {
        return sign
      }
      let e = Math.floor(Math.log2(a))
      if (2 ** e > a) {
        e--
      } else if (2 ** (e + 1) <= a) {
        e++
      }
      const minExp = 1 - bias
      const scaleExp = Math.max(e, minExp) - mantBits
      // a / 2^scaleExp is exact in double (a power-of-two scale); round half to even.
      const scaled = a / 2 ** scaleExp
      let m = Math.floor(scaled)
      const frac = scaled - m
      if (frac > 0.5 || (frac === 0.5 && m % 2 === 1)) {
        m++
      }
      let exp = Math.max(e, minExp) + bias
      if (m >= 2 ** (mantBits + 1)) {
        m /= 2
        exp++
      }
      if (m < 2 ** mantBits) {
        exp = 0 // subnormal
      }
      if (exp >= maxExp) {
        return sign | (BigInt(maxExp) << BigInt(mantBits))
      }
      return sign | (BigInt(exp) << BigInt(mantBits)) | BigInt(m % 2 ** mantBits)
    }
    default:
      return undefined
  }
}

/**
 * The NaN `APFloat` arithmetic returns for a NaN operand: the first NaN operand's payload,
 * quieted; for add/sub its sign (flipped for a subtracted NaN), for mul/div a clear sign.
 */
function propagateNaN(opcode: string, a: IRConstant, b: IRConstant, lhsNaN: boolean): IRConstant | undefined {
  const t = a.type as FloatType
  const f = FORMATS[t.kind]
  if (f === undefined || (opcode !== 'fadd' && opcode !== 'fsub' && opcode !== 'fmul' && opcode !== 'fdiv')) {
    return undefined
  }
  const [e, m] = f
  const width = BigInt(1 + e + m)
  let bits = BigInt.asUintN(Number(width), (lhsNaN ? a : b).bits) | (1n << BigInt(m - 1))
  const signBit = 1n << (width - 1n)
  if (opcode === 'fmul' || opcode === 'fdiv') {
    bits &= ~signBit
  } else if (opcode === 'fsub' && !lhsNaN) {
    bits ^= signBit
  }
  return IRConstant.float(t, bits)
}

/** Folds `fadd`/`fsub`/`fmul`/`fdiv` of two float constants (`APFloat` arithmetic, nearest-even). */
export function foldFloatBinary(opcode: string, a: IRConstant, b: IRConstant): IRConstant | undefined {
  if (a.kind !== 'float' || b.kind !== 'float' || !(a.type instanceof FloatType)) {
    return undefined
  }
  const x = floatValue(a)
  const y = floatValue(b)
  if (x === undefined || y === undefined) {
    return undefined
  }
  if (Number.isNaN(x) || Number.isNaN(y)) {
    return propagateNaN(opcode, a, b, Number.isNaN(x))
  }
  let r: number
  switch (opcode) {
    case 'fadd':
      r = x + y
      break
    case 'fsub':
      r = x - y
      break
    case 'fmul':
      r = x * y
      break
    case 'fdiv':
      r = x / y
      break
    case 'frem':
      r = x % y
      break
    default:
      return undefined
  }
  const bits = roundToFloatBits(a.type.kind, r)
  return bits === undefined ? undefined : IRConstant.float(a.type, bits)
}

/** Folds a cast between integer and float constants (`sitofp`, `fptosi`, `fpext`, `fptrunc`, ...). */
export function foldFloatCast(opcode: string, a: IRConstant, to: Type): IRConstant | undefined {
  if (a.kind === 'poison') {
    return IRConstant.poison(to)
  }
  if (a.kind === 'undef') {
    return opcode === 'zext' || opcode === 'sext' || opcode === 'uitofp' || opcode === 'sitofp' ? IRConstant.zero(to) : IRConstant.undef(to)
  }
  if (opcode === 'sitofp' || opcode === 'uitofp') {
    if (a.kind !== 'int' || !(to instanceof FloatType)) {
      return undefined
    }
    const v = opcode === 'sitofp' ? a.bits : BigInt.asUintN((a.type as IntegerType).width, a.bits)
    // Number(v) rounds once to double; exact for |v| < 2^53, the only case folded.
    if (v > 2n ** 53n || v < -(2n ** 53n)) {
      return undefined
    }
    const bits = roundToFloatBits(to.kind, Number(v))
    return bits === undefined ? undefined : IRConstant.float(to, bits)
  }
  if (opcode === 'bitcast' && a.kind === 'int' && to instanceof FloatType && to.kind !== 'f80' && to.width === (a.type as IntegerType).width) {
    return IRConstant.float(to, BigInt.asUintN(to.width, a.bits))
  }
  if (a.kind !== 'float') {
    return undefined
  }
  const x = floatValue(a)
  if (x === undefined) {
    return undefined
  }
  if (opcode === 'fptosi' || opcode === 'fptoui') {
    if (!(to instanceof IntegerType)) {
      return undefined
    }
    if (!Number.isFinite(x)) {
      return IRConstant.poison(to)
    }
    const t = BigInt(Math.trunc(x))
    const w = to.width
    const fits = opcode === 'fptosi' ? t >= -(2n ** BigInt(w - 1)) && t < 2n ** BigInt(w - 1) : t >= 0n && t < 2n ** BigInt(w)
    return fits ? IRConstant.int(to, t) : IRConstant.poison(to)
  }
  if (Number.isNaN(x)) {
    return (opcode === 'fpext' || opcode === 'fptrunc') && to instanceof FloatType ? convertNaN(a, to) : undefined
  }
  if ((opcode === 'fpext' || opcode === 'fptrunc') && to instanceof FloatType) {
    const bits = roundToFloatBits(to.kind, x)
    return bits === undefined ? undefined : IRConstant.float(to, bits)
  }
  if (opcode === 'bitcast' && to instanceof IntegerType) {
    return IRConstant.int(to, a.bits)
  }
  return undefined
}

const FORMATS: Readonly<Record<string, readonly [number, number]>> = { f16: [5, 10], bf16: [8, 7], f32: [8, 23], f64: [11, 52] }

/** A NaN converted between float formats as APFloat does: sign kept, payload shifted, quieted. */
function convertNaN(a: IRConstant, to: FloatType): IRConstant | undefined {
  const from = FORMATS[(a.type as FloatType).kind]
  const dst = FORMATS[to.kind]
  if (from === undefined || dst === undefined) {
    return undefined
  }
  const [fe, fm] = from
  const [de, dm] = dst
  const bits = BigInt.asUintN(1 + fe + fm, a.bits)
  const sign = bits >> BigInt(fe + fm)
  let payload = bits & ((1n << BigInt(fm)) - 1n)
  payload = dm >= fm ? payload << BigInt(dm - fm) : payload >> BigInt(fm - dm)
  payload |= 1n << BigInt(dm - 1)
  const exp = (1n << BigInt(de)) - 1n
  return IRConstant.float(to, (sign << BigInt(de + dm)) | (exp << BigInt(dm)) | payload)
}

/** Folds `fneg` of a float constant (flips the sign bit). */
export function foldFNeg(a: IRConstant): IRConstant | undefined {
  if (a.kind !== 'float' || !(a.type instanceof FloatType)) {
    return undefined
  }
  const w = a.type.kind === 'f80' ? 80 : a.type.width
  return IRConstant.float(a.type, BigInt.asUintN(w, a.bits) ^ (1n << BigInt(w - 1)))
}

/** Folds `extractelement v, idx` of constants (out of range: poison). */
export function foldExtractElement(v: IRConstant, idx: IRConstant, elType: Type): IRConstant | undefined {
  if (v.kind === 'poison' || idx.kind === 'undef' || idx.kind === 'poison') {
    return IRConstant.poison(elType)
  }
  const els = v.expand()
  if (els === undefined || idx.kind !== 'int') {
    return undefined
  }
  const i = BigInt.asUintN((idx.type as IntegerType).width, idx.bits)
  return i >= BigInt(els.length) ? IRConstant.poison(elType) : els[Number(i)]
}

/** Folds `insertelement v, e, idx` of constants (out of range: poison). */
export function foldInsertElement(v: IRConstant, e: IRConstant, idx: IRConstant): IRConstant | undefined {
  if (idx.kind === 'undef' || idx.kind === 'poison') {
    return IRConstant.poison(v.type)
  }
  const els = v.expand()
  if (els === undefined || idx.kind !== 'int') {
    return undefined
  }
  const i = BigInt.asUintN((idx.type as IntegerType).width, idx.bits)
  if (i >= BigInt(els.length)) {
    return IRConstant.poison(v.type)
  }
  els[Number(i)] = e
  return IRConstant.aggregate(v.type, els)
}

function isIdentity(opcode: string, c: IRConstant, rhs: boolean): boolean {
  if (c.kind === 'aggregate') {
    return c.elements.every((e) => isIdentity(opcode, e, rhs))
  }
  if (c.kind === 'zero') {
    return opcode === 'add' || opcode === 'or' || opcode === 'xor' || (rhs && (opcode === 'sub' || opcode === 'shl' || opcode === 'lshr' || opcode === 'ashr' || opcode === 'fsub'))
  }
  if (c.kind === 'int') {
    const w = (c.type as IntegerType).width
    const all = BigInt.asIntN(w, -1n)
    switch (opcode) {
      case 'add':
      case 'or':
      case 'xor':
        return c.bits === 0n
      case 'mul':
        return c.bits === BigInt.asIntN(w, 1n)
      case 'and':
        return c.bits === all
      case 'sub':
      case 'shl':
      case 'lshr':
      case 'ashr':
        return rhs && c.bits === 0n
      case 'udiv':
      case 'sdiv':
        return rhs && c.bits === BigInt.asIntN(w, 1n)
      default:
        return false
    }
  }
  if (c.kind === 'float') {
    const v = floatValue(c)
    switch (opcode) {
      case 'fadd':
        return Object.is(v, -0)
      case 'fsub':
        return rhs && Object.is(v, 0)
      case 'fmul':
        return v === 1
      case 'fdiv':
        return rhs && v === 1
      default:
        return false
    }
  }
  return false
}

/**
 * The generic part of `ConstantFoldBinaryInstruction` before the per-type folds: identity
 * operands give the other operand, poison propagates, undef float operands give undef or
 * NaN. Undefined when none applies.
 */
export function foldBinaryGeneric(opcode: string, a: IRConstant, b: IRConstant): IRConstant | undefined {
  if (isIdentity(opcode, a, false) && opcode !== 'sub' && opcode !== 'fsub' && opcode !== 'fdiv' && opcode !== 'udiv' && opcode !== 'sdiv') {
    return b
  }
  if (isIdentity(opcode, b, true)) {
    return a
  }
  if (a.kind === 'poison' || b.kind === 'poison') {
    return IRConstant.poison(a.type)
  }
  if (!opcode.startsWith('f') && (a.kind === 'undef' || b.kind === 'undef') && (a.kind === 'undef' || a.kind === 'int') && (b.kind === 'undef' || b.kind === 'int')) {
    return foldIntUndef(opcode, a, b)
  }
  if (opcode.startsWith('f') && (a.kind === 'undef' || b.kind === 'undef')) {
    if (a.kind === 'undef' && b.kind === 'undef') {
      return a
    }
    const t = a.type
    if (t instanceof FloatType) {
      const bits = roundToFloatBits(t.kind, NaN)
      return bits === undefined ? undefined : IRConstant.float(t, bits)
    }
  }
  return undefined
}

/** `ConstantFoldBinaryInstruction`'s rules for an integer operation with an undef operand. */
function foldIntUndef(opcode: string, a: IRConstant, b: IRConstant): IRConstant | undefined {
  const t = a.type
  const both = a.kind === 'undef' && b.kind === 'undef'
  const zero = IRConstant.int(t, 0n)
  switch (opcode) {
    case 'xor':
      return both ? zero : IRConstant.undef(t)
    case 'add':
    case 'sub':
      return IRConstant.undef(t)
    case 'and':
      return both ? a : zero
    case 'or':
      return both ? a : IRConstant.int(t, -1n)
    case 'mul': {
      if (both) {
        return a
      }
      const c = a.kind === 'int' ? a : b
      return (c.bits & 1n) !== 0n ? IRConstant.undef(t) : zero
    }
    case 'udiv':
    case 'sdiv':
    case 'urem':
    case 'srem':
      return b.kind === 'undef' || b.bits === 0n ? IRConstant.poison(t) : zero
    case 'shl':
    case 'lshr':
    case 'ashr':
      return b.kind === 'undef' ? IRConstant.poison(t) : b.bits === 0n ? a : zero
    default:
      return undefined
  }
}

/** Folds `fcmp pred a, b` of two scalar float constants. */
export function foldFCmp(pred: string, a: IRConstant, b: IRConstant, i1: Type): IRConstant | undefined {
  if (pred === 'false' || pred === 'true') {
    return IRConstant.int(i1, pred === 'true' ? 1n : 0n)
  }
  if (a.kind === 'poison' || b.kind === 'poison') {
    return IRConstant.poison(i1)
  }
  if (a.kind === 'undef' || b.kind === 'undef') {
    // A NaN for the undef makes unordered predicates hold and ordered ones fail.
    return IRConstant.int(i1, pred.startsWith('u') ? 1n : 0n)
  }
  if (a.kind !== 'float' || b.kind !== 'float') {
    return undefined
  }
  const x = floatValue(a)
  const y = floatValue(b)
  if (x === undefined || y === undefined) {
    return undefined
  }
  const uno = Number.isNaN(x) || Number.isNaN(y)
  const rel: Readonly<Record<string, boolean>> = {
    false: false,
    true: true,
    oeq: !uno && x === y,
    ogt: !uno && x > y,
    oge: !uno && x >= y,
    olt: !uno && x < y,
    ole: !uno && x <= y,
    one: !uno && x !== y,
    ord: !uno,
    ueq: uno || x === y,
    ugt: uno || x > y,
    uge: uno || x >= y,
    ult: uno || x < y,
    ule: uno || x <= y,
    une: uno || x !== y,
    uno,
  }
  const r = rel[pred]
  return r === undefined ? undefined : IRConstant.int(i1, r ? 1n : 0n)
}
