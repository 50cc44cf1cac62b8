/**
 * How llvm-dialect types map onto PTX: scalar kinds, register classes, flattening of
 * vectors/structs/arrays into scalar parts, and data layout sizes (NVPTX's datalayout:
 * natural alignment, 64-bit pointers).
 */
import { FloatType, IntegerType, VectorType, printType, type Type } from '@tilepass/ir'
import { LLVMArrayType, LLVMPointerType, LLVMStructType } from '@tilepass/dialects'

/** A scalar the emitter keeps in one PTX register. */
export type ScalarKind = 'i1' | 'i16' | 'i32' | 'i64' | 'f16' | 'bf16' | 'f32' | 'f64' | 'ptr'

/** A scalar part of a (possibly aggregate) value: its kind and, for pointers, the address space. */
export interface Scalar {
  readonly kind: ScalarKind
  readonly addrSpace: number
}

/** PTX register classes: declaration type and name prefix. */
export type RegClass = 'pred' | 'b16' | 'h' | 'b32' | 'f32' | 'b64' | 'f64'

export const REG_CLASSES: readonly RegClass[] = ['pred', 'b16', 'h', 'b32', 'f32', 'b64', 'f64']

export const REG_DECL: Readonly<Record<RegClass, readonly [string, string]>> = {
  pred: ['.pred', '%p'],
  b16: ['.b16', '%rs'],
  h: ['.b16', '%h'],
  b32: ['.b32', '%r'],
  f32: ['.f32', '%f'],
  b64: ['.b64', '%rd'],
  f64: ['.f64', '%fd'],
}

export function regClassOf(kind: ScalarKind): RegClass {
  switch (kind) {
    case 'i1':
      return 'pred'
    case 'i16':
      return 'b16'
    case 'f16':
    case 'bf16':
      return 'h'
    case 'i32':
      return 'b32'
    case 'f32':
      return 'f32'
    case 'f64':
      return 'f64'
    default:
      return 'b64'
  }
}

/** Bit width of a scalar kind (1 for i1). */
export function bitsOf(kind: ScalarKind): number {
  switch (kind) {
    case 'i1':
      return 1
    case 'i16':
    case 'f16':
    case 'bf16':
      return 16
    case 'i32':
    case 'f32':
      return 32
    default:
      return 64
  }
}

/** The scalar kind of `type`, or null when it is not a scalar the emitter handles. */
export function scalarOf(type: Type): Scalar | null {
  if (type instanceof IntegerType) {
    const w = type.width
    const kind = w === 1 ? 'i1' : w === 16 ? 'i16' : w === 32 ? 'i32' : w === 64 ? 'i64' : null
    return kind === null ? null : { kind, addrSpace: 0 }
  }
  if (type instanceof FloatType) {
    const k = type.kind
    return k === 'f16' || k === 'bf16' || k === 'f32' || k === 'f64' ? { kind: k, addrSpace: 0 } : null
  }
  if (type instanceof LLVMPointerType) {
    return { kind: 'ptr', addrSpace: type.addressSpace }
  }
  return null
}

/**
 * The scalar parts of `type` in memory order (vectors, arrays and structs flattened), or a
 * message naming the type the emitter cannot keep in registers.
 */
export function flattenType(type: Type): Scalar[] | string {
  const out: Scalar[] = []
  const err = flattenInto(type, out)
  return err ?? out
}

function flattenInto(type: Type, out: Scalar[]): string | null {
  const s = scalarOf(type)
  if (s !== null) {
    out.push(s)
    return null
  }
  if (type instanceof VectorType && type.shape.length === 1 && !type.scalableDims[0]) {
    for (let i = 0; i < type.shape[0]!; i++) {
      const e = flattenInto(type.elementType, out)
      if (e !== null) {
        return e
      }
    }
    return null
  }
  if (type instanceof LLVMArrayType) {
    for (let i = 0; i < type.numElements; i++) {
      const e = flattenInto(type.elementType, out)
      if (e !== null) {
        return e
      }
    }
    return null
  }
  if (type instanceof LLVMStructType && type.isInitialized) {
    for (const t of type.body) {
      const e = flattenInto(t, out)
      if (e !== null) {
        return e
      }
    }
    return null
  }
  return `type '${printType(type)}' is not supported by the PTX emitter`
}

/** Number of scalar parts of `type` (0 when it cannot be flattened). */
export function partCount(type: Type): number {
  const f = flattenType(type)
  return typeof f === 'string' ? 0 : f.length
}

/** Store size and ABI alignment in bytes under NVPTX's data layout, or null when unknown. */
export function sizeAlignOf(type: Type): { size: number; align: number } | null {
  if (type instanceof IntegerType) {
    const bytes = type.width <= 8 ? 1 : type.width <= 16 ? 2 : type.width <= 32 ? 4 : type.width <= 64 ? 8 : 16
    return { size: bytes, align: bytes }
  }
  if (type instanceof FloatType) {
    const b = type.width / 8
    return Number.isInteger(b) ? { size: b, align: b } : null
  }
  if (type instanceof LLVMPointerType) {
    return { size: 8, align: 8 }
  }
  if (type instanceof VectorType && type.shape.length === 1) {
    const e = sizeAlignOf(type.elementType)
    if (e === null) {
      return null
    }
    const raw = e.size * type.shape[0]!
    let p = 1
    while (p < raw) {
      p *= 2
    }
    return { size: p, align: p }
  }
  if (type instanceof LLVMArrayType) {
    const e = sizeAlignOf(type.elementType)
    return e === null ? null : { size: alignTo(e.size, e.align) * type.numElements, align: e.align }
  }
  if (type instanceof LLVMStructType && type.isInitialized) {
    let off = 0
    let align = 1
    for (const t of type.body) {
      const e = sizeAlignOf(t)
      if (e === null) {
        return null
      }
      const a = type.isPacked ? 1 : e.align
      off = alignTo(off, a) + e.size
      align = Math.max(align, a)
    }
    return { size: alignTo(off, align), align }
  }
  return null
}

/** Byte offset of field `index` of a struct type. */
export function structFieldOffset(type: LLVMStructType, index: number): number | null {
  let off = 0
  for (let i = 0; i < type.body.length; i++) {
    const e = sizeAlignOf(type.body[i]!)
    if (e === null) {
      return null
    }
    off = alignTo(off, type.isPacked ? 1 : e.align)
    if (i === index) {
      return off
    }
    off += e.size
  }
  return null
}

export function alignTo(x: number, a: number): number {
  return Math.ceil(x / a) * a
}
