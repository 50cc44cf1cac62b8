import { floatFromBits, floatToBits, roundFloat } from './FloatRounding.ts'
import type { ElemType } from './TypeInfo.ts'
import { elemTypeFromText } from './TypeInfo.ts'

/** One allocation: [start, end) in bytes. */
interface Allocation {
  readonly start: number
  readonly end: number
}

/**
 * A flat little-endian byte memory (the device's global memory) with bump allocation.
 * Accesses outside every allocation are reported, never silently allowed: address 0
 * and the gaps between allocations belong to none.
 */
export class TileMemory {
  private bytes: Uint8Array
  private view: DataView
  private top = 256
  private readonly allocations: Allocation[] = []

  constructor(initialBytes: number = 1 << 16) {
    this.bytes = new Uint8Array(initialBytes)
    this.view = new DataView(this.bytes.buffer)
  }

  /** Reserves `byteLength` zeroed bytes aligned to `align` and returns their address. */
  alloc(byteLength: number, align = 256): number {
    const start = Math.ceil(this.top / align) * align
    const end = start + byteLength
    if (end > this.bytes.length) {
      let size = this.bytes.length
      while (size < end) {
        size *= 2
      }
      const grown = new Uint8Array(size)
      grown.set(this.bytes)
      this.bytes = grown
      this.view = new DataView(grown.buffer)
    }
    this.allocations.push({ start, end })
    // Keep a gap after each buffer so an overrun is never inside the next allocation.
    this.top = end + 1
    return start
  }

  /**
   * Allocates a buffer of element type `elemName` (`f16`, `bf16`, `f32`, `i32`, ...) and
   * fills it from `values`, rounding floats to the element type (nearest even).
   */
  allocFrom(elemName: string, values: ArrayLike<number> | ArrayLike<bigint>): number {
    const elem = this.elem(elemName)
    const addr = this.alloc(values.length * elem.storageBytes)
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!
      const a = addr + i * elem.storageBytes
      if (elem.isFloat) {
        this.storeFloat(elem, a, roundFloat(elem.kind, Number(v)))
      } else {
        this.storeInt(elem, a, BigInt(v))
      }
    }
    return addr
  }

  /** Reads `count` elements of `elemName` at `addr` as numbers (integers signed). */
  read(elemName: string, addr: number, count: number): number[] {
    const elem = this.elem(elemName)
    const out = new Array<number>(count)
    for (let i = 0; i < count; i++) {
      const a = addr + i * elem.storageBytes
      out[i] = elem.isFloat ? this.loadFloat(elem, a) : Number(this.loadInt(elem, a))
    }
    return out
  }

  /** True when [addr, addr + size) lies inside one allocation. */
  isAllocated(addr: number, size: number): boolean {
    const list = this.allocations
    let lo = 0
    let hi = list.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const a = list[mid]!
      if (addr < a.start) {
        hi = mid - 1
      } else if (addr >= a.end) {
        lo = mid + 1
      } else {
        return addr + size <= a.end
      }
    }
    return false
  }

  /** The float at `addr` (bounds are the caller's to check). */
  loadFloat(elem: ElemType, addr: number): number {
    switch (elem.storageBytes) {
      case 1:
        return floatFromBits(elem.kind, BigInt(this.view.getUint8(addr)))
      case 2:
        return floatFromBits(elem.kind, BigInt(this.view.getUint16(addr, true)))
      case 8:
        return this.view.getFloat64(addr, true)
      default:
        // f32, and tf32 (a 32-bit container whose low 13 bits are ignored).
        return elem.kind === 'f32' ? this.view.getFloat32(addr, true) : floatFromBits(elem.kind, BigInt(this.view.getUint32(addr, true)))
    }
  }

  /** Stores float `x` (representable in `elem`) at `addr`. */
  storeFloat(elem: ElemType, addr: number, x: number): void {
    switch (elem.storageBytes) {
      case 1:
        this.view.setUint8(addr, Number(floatToBits(elem.kind, x)))
        break
      case 2:
        this.view.setUint16(addr, Number(floatToBits(elem.kind, x)), true)
        break
      case 8:
        this.view.setFloat64(addr, x, true)
        break
      default:
        this.view.setFloat32(addr, x, true)
    }
  }

  /** The integer (or pointer) at `addr`, sign-extended from its width. */
  loadInt(elem: ElemType, addr: number): bigint {
    switch (elem.storageBytes) {
      case 1:
        return elem.kind === 'i1' ? BigInt.asIntN(1, BigInt(this.view.getUint8(addr) & 1)) : BigInt(this.view.getInt8(addr))
      case 2:
        return BigInt(this.view.getInt16(addr, true))
      case 4:
        return BigInt(this.view.getInt32(addr, true))
      default:
        return this.view.getBigInt64(addr, true)
    }
  }

  /** Stores the low bits of integer `v` at `addr`. */
  storeInt(elem: ElemType, addr: number, v: bigint): void {
    switch (elem.storageBytes) {
      case 1:
        this.view.setUint8(addr, elem.kind === 'i1' ? Number(v & 1n) : Number(BigInt.asUintN(8, v)))
        break
      case 2:
        this.view.setUint16(addr, Number(BigInt.asUintN(16, v)), true)
        break
      case 4:
        this.view.setUint32(addr, Number(BigInt.asUintN(32, v)), true)
        break
      default:
        this.view.setBigInt64(addr, BigInt.asIntN(64, v), true)
    }
  }

  private elem(name: string): ElemType {
    const elem = elemTypeFromText(name)
    if (elem === null || elem.isPtr || elem.storageBytes === 0) {
      throw new Error(`TileMemory: unsupported element type '${name}' (use i1..i64, f8E4M3FN, f8E5M2, f16, bf16, tf32, f32 or f64)`)
    }
    return elem
  }
}
