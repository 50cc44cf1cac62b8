/**
 * LLVM IR spelling of llvm-dialect types (`i32`, `float`, `ptr addrspace(3)`,
 * `{ i32, float }`, `<4 x half>`, ...), intrinsic name mangling (`f32`, `v2f16`, `p3`)
 * and the ABI alignments of a data layout, as LLVM's `DataLayout` computes them.
 */
import { FloatType, IntegerType, VectorType, type Type } from '@tilepass/ir'
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMStructType, LLVMVoidType, LLVMTokenType, LLVMMetadataType, LLVMLabelType } from '@tilepass/dialects'

const FLOAT_NAMES: Readonly<Record<string, string>> = {
  f16: 'half',
  bf16: 'bfloat',
  f32: 'float',
  f64: 'double',
  f80: 'x86_fp80',
  f128: 'fp128',
}

/** The LLVM IR spelling of `type`, or undefined when LLVM IR has no such type. */
export function irTypeName(type: Type): string | undefined {
  if (type instanceof IntegerType) {
    return `i${type.width}`
  }
  if (type instanceof FloatType) {
    return FLOAT_NAMES[type.kind]
  }
  if (type instanceof LLVMPointerType) {
    return type.addressSpace === 0 ? 'ptr' : `ptr addrspace(${type.addressSpace})`
  }
  if (type instanceof VectorType) {
    const el = irTypeName(type.elementType)
    return el === undefined || type.shape.length !== 1 ? undefined : `<${type.shape[0]} x ${el}>`
  }
  if (type instanceof LLVMArrayType) {
    const el = irTypeName(type.elementType)
    return el === undefined ? undefined : `[${type.numElements} x ${el}]`
  }
  if (type instanceof LLVMStructType) {
    if (type.name !== null) {
      return `%${quoteIdentifier(type.name)}`
    }
    return structBody(type)
  }
  if (type instanceof LLVMVoidType) {
    return 'void'
  }
  if (type instanceof LLVMTokenType) {
    return 'token'
  }
  if (type instanceof LLVMMetadataType) {
    return 'metadata'
  }
  if (type instanceof LLVMLabelType) {
    return 'label'
  }
  if (type instanceof LLVMFunctionType) {
    const ret = irTypeName(type.returnType)
    const params = type.params.map(irTypeName)
    if (ret === undefined || params.includes(undefined)) {
      return undefined
    }
    const all = type.isVarArg ? [...params, '...'] : params
    return `${ret} (${all.join(', ')})`
  }
  return undefined
}

/** The body of a struct type: `{ i32, float }`, `<{ i8 }>` (packed), `{}`. */
export function structBody(type: LLVMStructType): string | undefined {
  if (type.isOpaque) {
    return 'opaque'
  }
  const els = type.body.map(irTypeName)
  if (els.includes(undefined)) {
    return undefined
  }
  const inner = els.length === 0 ? '{}' : `{ ${els.join(', ')} }`
  return type.isPacked ? `<${inner}>` : inner
}

/** `%name` or `%"quoted name"`, as LLVM writes local and type names. */
export function quoteIdentifier(name: string): string {
  return /^[-a-zA-Z$._][-a-zA-Z$._0-9]*$/.test(name) ? name : `"${escapeString(name)}"`
}

/** LLVM's `printEscapedString`: printable ASCII except `\` and `"` as is, the rest as `\XX`. */
export function escapeString(s: string): string {
  let out = ''
  const bytes = new TextEncoder().encode(s)
  for (const b of bytes) {
    if (b >= 0x20 && b < 0x7f && b !== 0x5c && b !== 0x22) {
      out += String.fromCharCode(b)
    } else {
      out += '\\' + b.toString(16).toUpperCase().padStart(2, '0')
    }
  }
  return out
}

/** The suffix an overloaded intrinsic gets for `type` (`i32`, `f32`, `v4f16`, `p3`, ...). */
export function mangleType(type: Type): string | undefined {
  if (type instanceof IntegerType) {
    return `i${type.width}`
  }
  if (type instanceof FloatType) {
    return FLOAT_NAMES[type.kind] === undefined ? undefined : type.kind === 'f80' ? 'f80' : type.kind
  }
  if (type instanceof LLVMPointerType) {
    return `p${type.addressSpace}`
  }
  if (type instanceof VectorType && type.shape.length === 1) {
    const el = mangleType(type.elementType)
    return el === undefined ? undefined : `v${type.shape[0]}${el}`
  }
  return undefined
}

interface AlignSpec {
  readonly bits: number
  readonly abi: number
}

/**
 * The parts of an LLVM data layout string that decide ABI alignments: integer, float,
 * vector and pointer specs (`i64:64`, `f128:128`, `v128:128`, `p3:32:32`). Missing
 * specs take LLVM's defaults.
 */
export class DataLayout {
  private readonly ints: AlignSpec[] = [
    { bits: 1, abi: 8 },
    { bits: 8, abi: 8 },
    { bits: 16, abi: 16 },
    { bits: 32, abi: 32 },
    { bits: 64, abi: 32 },
  ]
  private readonly floats = new Map<number, number>([
    [16, 16],
    [32, 32],
    [64, 64],
    [128, 128],
  ])
  private readonly vectors = new Map<number, number>([
    [64, 64],
    [128, 128],
  ])
  private readonly pointers = new Map<number, { size: number; abi: number }>([[0, { size: 64, abi: 64 }]])

  /** Parses `text` (empty: LLVM's default layout). Unknown specs are ignored. */
  constructor(text = '') {
    for (const spec of text.split('-')) {
      if (spec.length === 0) {
        continue
      }
      const parts = spec.slice(1).split(':')
      const kind = spec[0]
      if (kind === 'i' || kind === 'f' || kind === 'v') {
        const bits = Number(parts[0])
        const abi = parts[1] !== undefined ? Number(parts[1]) : bits
        if (kind === 'i') {
          const at = this.ints.findIndex((s) => s.bits === bits)
          if (at >= 0) {
            this.ints[at] = { bits, abi }
          } else {
            this.ints.push({ bits, abi })
            this.ints.sort((a, b) => a.bits - b.bits)
          }
        } else {
          ;(kind === 'f' ? this.floats : this.vectors).set(bits, abi)
        }
      } else if (kind === 'p') {
        const as = parts[0] === '' ? 0 : Number(parts[0])
        const size = Number(parts[1])
        const abi = parts[2] !== undefined ? Number(parts[2]) : size
        this.pointers.set(as, { size, abi })
      }
    }
  }

  private pointer(as: number): { size: number; abi: number } {
    return this.pointers.get(as) ?? this.pointers.get(0)!
  }

  /** The width in bits of pointers (and GEP offsets) in address space `as`. */
  pointerSize(as: number): number {
    return this.pointer(as).size
  }

  /** The size in bits of `type`'s values (`getTypeSizeInBits`). */
  sizeInBits(type: Type): number {
    if (type instanceof IntegerType) {
      return type.width
    }
    if (type instanceof FloatType) {
      return type.kind === 'f80' ? 80 : type.width
    }
    if (type instanceof LLVMPointerType) {
      return this.pointer(type.addressSpace).size
    }
    if (type instanceof VectorType) {
      return type.shape[0]! * this.sizeInBits(type.elementType)
    }
    return this.allocSize(type) * 8
  }

  /** The store size in bytes (`getTypeStoreSize`). */
  storeSize(type: Type): number {
    if (type instanceof LLVMStructType || type instanceof LLVMArrayType) {
      return this.allocSize(type)
    }
    return Math.ceil(this.sizeInBits(type) / 8)
  }

  /** The allocation size in bytes (`getTypeAllocSize`): the store size rounded up to the ABI alignment. */
  allocSize(type: Type): number {
    if (type instanceof LLVMArrayType) {
      return type.numElements * this.allocSize(type.elementType)
    }
    if (type instanceof LLVMStructType) {
      let offset = 0
      let align = 1
      for (const el of type.body) {
        const a = type.isPacked ? 1 : this.abiAlignment(el)
        align = Math.max(align, a)
        offset = alignTo(offset, a) + this.allocSize(el)
      }
      return alignTo(offset, type.isPacked ? 1 : align)
    }
    const store = this.storeSize(type)
    return alignTo(store, this.abiAlignment(type))
  }

  /** The byte offset of field `index` of a struct. */
  fieldOffset(type: LLVMStructType, index: number): number {
    let offset = 0
    for (let i = 0; i <= index; i++) {
      const el = type.body[i]!
      offset = alignTo(offset, type.isPacked ? 1 : this.abiAlignment(el))
      if (i < index) {
        offset += this.allocSize(el)
      }
    }
    return offset
  }

  /** The ABI alignment in bytes (`getABITypeAlign`). */
  abiAlignment(type: Type): number {
    if (type instanceof IntegerType) {
      const exact = this.ints.find((s) => s.bits >= type.width)
      return (exact ?? this.ints[this.ints.length - 1]!).abi / 8
    }
    if (type instanceof FloatType) {
      const bits = type.kind === 'f80' ? 128 : type.width
      return (this.floats.get(bits) ?? bits) / 8
    }
    if (type instanceof LLVMPointerType) {
      return this.pointer(type.addressSpace).abi / 8
    }
    if (type instanceof VectorType) {
      const bits = this.sizeInBits(type)
      const spec = this.vectors.get(bits)
      if (spec !== undefined) {
        return spec / 8
      }
      return powerOf2Ceil(Math.max(1, this.storeSize(type)))
    }
    if (type instanceof LLVMArrayType) {
      return this.abiAlignment(type.elementType)
    }
    if (type instanceof LLVMStructType) {
      if (type.isPacked) {
        return 1
      }
      let a = 1
      for (const el of type.body) {
        a = Math.max(a, this.abiAlignment(el))
      }
      return a
    }
    return 1
  }
}

function alignTo(n: number, a: number): number {
  return Math.ceil(n / a) * a
}

function powerOf2Ceil(n: number): number {
  let p = 1
  while (p < n) {
    p *= 2
  }
  return p
}
