/**
 * The fixed numbers of the Tile IR bytecode format: magic, section ids, type tags,
 * attribute tags, debug-info tags and function flags (values frozen by NVIDIA), and the
 * shared dense-element encoding.
 */
import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IntegerType,
  floatAttrBits,
  floatAttrFromBits,
  type Context,
  type FloatKind,
  type ShapedType,
  type Type,
} from '@tilepass/ir'

export { MAGIC, isTileIRBytecode } from './Magic.ts'

/** Section ids (the high bit of the id byte flags an alignment field). */
export const Section = {
  EndOfBytecode: 0,
  String: 1,
  Func: 2,
  Debug: 3,
  Constant: 4,
  Type: 5,
  Global: 6,
  Producer: 7,
  NumSections: 8,
} as const

/** Type tags. */
export const TypeTag = {
  Int1: 0,
  Int8: 1,
  Int16: 2,
  Int32: 3,
  Int64: 4,
  Float16: 5,
  BFloat16: 6,
  Float32: 7,
  TFloat32: 8,
  Float64: 9,
  Float8E4M3FN: 10,
  Float8E5M2: 11,
  PointerType: 12,
  TileType: 13,
  TensorViewType: 14,
  PartitionViewType: 15,
  FunctionType: 16,
  TokenType: 17,
  Float8E8M0FNU: 18,
  Float4E2M1FN: 19,
  GatherScatterViewType: 20,
  StridedViewType: 21,
  Int4: 22,
  BytecodeTestEvolvedType: 200,
} as const

/** Attribute tags of self-contained attributes. */
export const AttrTag = {
  Integer: 1,
  Float: 2,
  Bool: 3,
  Type: 4,
  String: 5,
  Array: 6,
  DenseElements: 7,
  DivBy: 8,
  SameElements: 9,
  Dictionary: 10,
  OptimizationHints: 11,
  Bounded: 12,
  BytecodeTestValue: 200,
} as const

/** The name NVIDIA's messages give each attribute tag. */
export const ATTR_TAG_NAMES: Readonly<Record<number, string>> = Object.fromEntries(Object.entries(AttrTag).map(([k, v]) => [v, k]))

/** Debug-info record tags. */
export const DebugTag = {
  Unknown: 0,
  DICompileUnit: 1,
  DIFile: 2,
  DILexicalBlock: 3,
  DILoc: 4,
  DISubprogram: 5,
  CallSite: 6,
} as const

/** Debug-info index 0 is the unknown location; real entries start at 1. */
export const DEBUG_RESERVED = 1

/** Bits of a function's flag byte. */
export const FunctionFlags = {
  VisibilityPrivate: 0x01,
  KindKernel: 0x02,
  HasOptimizationHints: 0x04,
} as const

/** A builtin scalar type of the format: its tag, name in messages and first version. */
export interface ScalarTypeInfo {
  readonly tag: number
  readonly name: string
  readonly since: string
  /** `i<width>` for integers, 0 for floats. */
  readonly width: number
  /** The float kind, or null for integers. */
  readonly kind: FloatKind | null
  readonly make: (context: Context) => Type
}

const int = (tag: number, name: string, width: number, since: string): ScalarTypeInfo => ({
  tag,
  name,
  since,
  width,
  kind: null,
  make: (c) => IntegerType.get(c, width),
})
const flt = (tag: number, name: string, kind: FloatKind, since: string): ScalarTypeInfo => ({
  tag,
  name,
  since,
  width: 0,
  kind,
  make: (c) => FloatType.get(c, kind),
})

/** The integer and float types the format stores, by tag. */
export const SCALAR_TYPES: readonly ScalarTypeInfo[] = [
  int(TypeTag.Int1, 'Int1', 1, '13.1'),
  int(TypeTag.Int4, 'Int4', 4, '13.3'),
  int(TypeTag.Int8, 'Int8', 8, '13.1'),
  int(TypeTag.Int16, 'Int16', 16, '13.1'),
  int(TypeTag.Int32, 'Int32', 32, '13.1'),
  int(TypeTag.Int64, 'Int64', 64, '13.1'),
  flt(TypeTag.Float16, 'Float16', 'f16', '13.1'),
  flt(TypeTag.BFloat16, 'BFloat16', 'bf16', '13.1'),
  flt(TypeTag.Float32, 'Float32', 'f32', '13.1'),
  flt(TypeTag.TFloat32, 'TFloat32', 'tf32', '13.1'),
  flt(TypeTag.Float64, 'Float64', 'f64', '13.1'),
  flt(TypeTag.Float8E4M3FN, 'Float8E4M3FN', 'f8E4M3FN', '13.1'),
  flt(TypeTag.Float8E5M2, 'Float8E5M2', 'f8E5M2', '13.1'),
  flt(TypeTag.Float8E8M0FNU, 'Float8E8M0FNU', 'f8E8M0FNU', '13.2'),
  flt(TypeTag.Float4E2M1FN, 'Float4E2M1FN', 'f4E2M1FN', '13.3'),
]

/** The scalar type info of a builtin type, or undefined when the format has no tag for it. */
export function scalarTypeInfo(type: Type): ScalarTypeInfo | undefined {
  if (type instanceof IntegerType) {
    if (!type.isSignless) {
      return undefined
    }
    const width = type.width
    return SCALAR_TYPES.find((s) => s.kind === null && s.width === width)
  }
  if (type instanceof FloatType) {
    const kind = type.kind
    return SCALAR_TYPES.find((s) => s.kind === kind)
  }
  return undefined
}

/** The scalar type info of a tag, or undefined. */
export function scalarTypeByTag(tag: number): ScalarTypeInfo | undefined {
  return SCALAR_TYPES.find((s) => s.tag === tag)
}

/** Bytes per element of a dense integer or float buffer (widths rounded up to whole bytes). */
export function elementByteWidth(elementType: Type): number {
  if (elementType instanceof IntegerType) {
    return Math.ceil(elementType.width / 8)
  }
  if (elementType instanceof FloatType) {
    return Math.ceil(elementType.width / 8)
  }
  return 0
}

/**
 * The raw little-endian buffer of a dense attribute as MLIR 22 stores it: one element for
 * a splat; i1 elements packed 8 to a byte, low bit first, and an i1 splat as one byte
 * 0x00 or 0xFF. (MLIR also stores a list of equal elements as a splat; Tilepass's
 * attribute keeps such a list, and so do its bytes.)
 */
export function denseRawData(attr: DenseIntOrFPElementsAttr): Uint8Array {
  const elementType = attr.type.elementType
  const splat = attr.isSplat
  const values = splat ? attr.values.slice(0, 1) : attr.values
  if (elementType instanceof IntegerType && elementType.width === 1) {
    if (splat) {
      return Uint8Array.of(values[0] !== 0n ? 0xff : 0)
    }
    const packed = new Uint8Array(Math.ceil(values.length / 8))
    for (let i = 0; i < values.length; i++) {
      if (values[i] !== 0n) {
        packed[i >> 3]! |= 1 << (i & 7)
      }
    }
    return packed
  }
  const width = elementByteWidth(elementType)
  const out = new Uint8Array(values.length * width)
  const view = new DataView(out.buffer)
  if (elementType instanceof FloatType) {
    const kind = elementType.kind
    const nanBits = attr.nanBits
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as number
      const exact = nanBits === null ? undefined : nanBits.get(i)
      // f32 and f64 elements are exact doubles: their bits come straight from a DataView.
      if (exact === undefined && kind === 'f64') {
        view.setFloat64(i * 8, v, true)
      } else if (exact === undefined && kind === 'f32') {
        view.setFloat32(i * 4, v, true)
      } else {
        writeBitsLE(out, i * width, width, floatAttrBits(exact !== undefined ? floatAttrFromBits(elementType, exact) : FloatAttr.get(elementType, v)))
      }
    }
    return out
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as bigint
    switch (width) {
      case 1:
        out[i] = Number(BigInt.asUintN(8, v))
        break
      case 2:
        view.setUint16(i * 2, Number(BigInt.asUintN(16, v)), true)
        break
      case 4:
        view.setUint32(i * 4, Number(BigInt.asUintN(32, v)), true)
        break
      case 8:
        view.setBigUint64(i * 8, BigInt.asUintN(64, v), true)
        break
      default:
        writeBitsLE(out, i * width, width, BigInt.asUintN(width * 8, v))
    }
  }
  return out
}

function writeBitsLE(out: Uint8Array, at: number, width: number, bits: bigint): void {
  for (let b = 0; b < width; b++) {
    out[at + b] = Number(bits & 0xffn)
    bits >>= 8n
  }
}

/** i1 elements: a splat byte (0x00 or 0xFF), or `n` bits packed low bit first. */
function boolsFromRawData(type: ShapedType, raw: Uint8Array, n: number): DenseIntOrFPElementsAttr | null {
  if (raw.length === 1 && (raw[0] === 0 || raw[0] === 0xff)) {
    return DenseIntOrFPElementsAttr.get(type, [raw[0] === 0 ? 0n : -1n], true)
  }
  if (raw.length !== Math.ceil(n / 8)) {
    return null
  }
  const values: bigint[] = new Array<bigint>(n)
  let same = true
  for (let i = 0; i < n; i++) {
    values[i] = (raw[i >> 3]! >> (i & 7)) & 1 ? -1n : 0n
    same &&= values[i] === values[0]
  }
  // As MLIR's DenseIntOrFPElementsAttr storage: equal bits are kept as a splat.
  return same ? DenseIntOrFPElementsAttr.get(type, values.slice(0, 1), true) : DenseIntOrFPElementsAttr.get(type, values, n === 1)
}

/** Whether the `n` elements of `width` bytes in `raw` are all bitwise equal. */
function elementsEqual(raw: Uint8Array, width: number, n: number): boolean {
  for (let i = width; i < width * n; i++) {
    if (raw[i] !== raw[i % width]) {
      return false
    }
  }
  return true
}

/**
 * Builds the dense attribute of `type` from a raw buffer, or returns null when its size
 * fits neither one element (a splat) nor every element.
 */
export function denseFromRawData(type: ShapedType, raw: Uint8Array): DenseIntOrFPElementsAttr | null {
  const elementType = type.elementType
  const width = elementByteWidth(elementType)
  if (width === 0 || !type.hasStaticShape) {
    return null
  }
  const n = type.numElements
  if (elementType instanceof IntegerType && elementType.width === 1) {
    return boolsFromRawData(type, raw, n)
  }
  let count: number
  if (raw.length === width * n) {
    // As MLIR's DenseIntOrFPElementsAttr storage: bitwise-equal elements are kept as a splat.
    count = n > 1 && elementsEqual(raw, width, n) ? 1 : n
  } else if (raw.length === width) {
    count = 1
  } else {
    return null
  }
  const isSplat = count === 1 && n !== 1 ? true : n === 1
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength)
  if (elementType instanceof FloatType) {
    const values: number[] = new Array<number>(count)
    let nanBits: Map<number, bigint> | null = null
    const kind = elementType.kind
    for (let i = 0; i < count; i++) {
      // Non-NaN f32/f64 elements come straight from a DataView; NaNs keep their bits below.
      if (kind === 'f64' || kind === 'f32') {
        const v = kind === 'f64' ? view.getFloat64(i * 8, true) : view.getFloat32(i * 4, true)
        if (v === v) {
          values[i] = v
          continue
        }
      }
      let bits = 0n
      for (let b = width - 1; b >= 0; b--) {
        bits = (bits << 8n) | BigInt(raw[i * width + b]!)
      }
      const attr = floatAttrFromBits(elementType, bits)
      values[i] = attr.value
      if (attr.nanBits !== null) {
        ;(nanBits ??= new Map()).set(i, attr.nanBits)
      }
    }
    return DenseIntOrFPElementsAttr.get(type, values, isSplat, nanBits)
  }
  const intType = elementType as IntegerType
  const values: bigint[] = new Array<bigint>(count)
  for (let i = 0; i < count; i++) {
    let bits: bigint
    if (width === 8) {
      bits = view.getBigUint64(i * 8, true)
    } else if (width === 4) {
      bits = BigInt(view.getUint32(i * 4, true))
    } else {
      bits = 0n
      for (let b = width - 1; b >= 0; b--) {
        bits = (bits << 8n) | BigInt(raw[i * width + b]!)
      }
    }
    if (intType.width === 1) {
      bits = bits !== 0n ? 1n : 0n
    }
    values[i] = BigInt.asIntN(intType.width, bits)
  }
  return DenseIntOrFPElementsAttr.get(type, values, isSplat)
}
