/**
 * The primitive encodings of Tile IR bytecode: LEB128-style varints, zig-zag signed
 * varints, little-endian fixed-width integers and alignment padding (filled with 0xCB).
 */

/** The byte that fills alignment padding. */
export const ALIGNMENT_BYTE = 0xcb

const MASK64 = (1n << 64n) - 1n

/** A growable byte buffer written front to back. */
export class ByteWriter {
  private buf: Uint8Array
  private len = 0
  /** The largest alignment requested with `alignTo` (1 when none). */
  requiredAlignment = 1

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity)
  }
  /** Bytes written so far. */
  get length(): number {
    return this.len
  }
  private reserve(n: number): void {
    const need = this.len + n
    if (need <= this.buf.length) {
      return
    }
    let cap = this.buf.length * 2
    while (cap < need) {
      cap *= 2
    }
    const next = new Uint8Array(cap)
    next.set(this.buf.subarray(0, this.len))
    this.buf = next
  }
  writeByte(b: number): void {
    this.reserve(1)
    this.buf[this.len++] = b & 0xff
  }
  writeBytes(bytes: Uint8Array): void {
    this.reserve(bytes.length)
    this.buf.set(bytes, this.len)
    this.len += bytes.length
  }
  /** Unsigned varint: 7 bits per byte, low bits first, high bit set on all but the last byte. */
  writeVarInt(value: number | bigint): void {
    if (typeof value === 'number' && value >= 0 && value <= 0x7fffffff) {
      let v = value
      while (v >= 0x80) {
        this.writeByte((v & 0x7f) | 0x80)
        v >>>= 7
      }
      this.writeByte(v)
      return
    }
    let v = BigInt.asUintN(64, BigInt(value))
    do {
      let byte = Number(v & 0x7fn)
      v >>= 7n
      if (v !== 0n) {
        byte |= 0x80
      }
      this.writeByte(byte)
    } while (v !== 0n)
  }
  /** Zig-zag signed varint of a 64-bit value (two's complement). */
  writeSignedVarInt(value: number | bigint): void {
    const v = BigInt.asUintN(64, BigInt(value))
    const signed = BigInt.asIntN(64, v)
    const zz = ((v << 1n) & MASK64) ^ (signed < 0n ? MASK64 : 0n)
    this.writeVarInt(zz)
  }
  /** `byteWidth` bytes, least significant first. */
  writeLE(value: number | bigint, byteWidth: number): void {
    let v = BigInt.asUintN(byteWidth * 8, BigInt(value))
    for (let i = 0; i < byteWidth; i++) {
      this.writeByte(Number(v & 0xffn))
      v >>= 8n
    }
  }
  writeU32(value: number): void {
    this.reserve(4)
    const b = this.buf
    let i = this.len
    b[i++] = value & 0xff
    b[i++] = (value >>> 8) & 0xff
    b[i++] = (value >>> 16) & 0xff
    b[i++] = (value >>> 24) & 0xff
    this.len = i
  }
  /** Overwrites 4 bytes at `offset` (a table written before its contents were known). */
  patchU32(offset: number, value: number): void {
    const b = this.buf
    b[offset] = value & 0xff
    b[offset + 1] = (value >>> 8) & 0xff
    b[offset + 2] = (value >>> 16) & 0xff
    b[offset + 3] = (value >>> 24) & 0xff
  }
  /** Overwrites 8 bytes at `offset`. */
  patchU64(offset: number, value: number): void {
    this.patchU32(offset, value >>> 0)
    this.patchU32(offset + 4, Math.floor(value / 0x100000000) >>> 0)
  }
  /** A count, then each value as `byteWidth` little-endian bytes. */
  writeLEArray(values: readonly (number | bigint)[], byteWidth: number): void {
    this.writeVarInt(values.length)
    for (const v of values) {
      this.writeLE(v, byteWidth)
    }
  }
  /** Pads with 0xCB up to a multiple of `alignment` (relative to the start of this buffer). */
  alignTo(alignment: number): void {
    if (alignment < 2) {
      return
    }
    const padding = (alignment - (this.len % alignment)) % alignment
    for (let i = 0; i < padding; i++) {
      this.writeByte(ALIGNMENT_BYTE)
    }
    if (alignment > this.requiredAlignment) {
      this.requiredAlignment = alignment
    }
  }
  /** The bytes written (a view; copy it before writing more). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len)
  }
}

/**
 * A reader over a byte range. Failed reads return `null` or `false` and leave the error
 * text to the caller (the upstream reader's messages differ per field).
 */
export class ByteReader {
  offset = 0
  constructor(
    readonly data: Uint8Array,
    /** Where `data` starts in its file: diagnostics name absolute offsets only for the file reader. */
    readonly base = 0,
  ) {}
  get remaining(): number {
    return this.data.length - this.offset
  }
  /** One byte, or -1 at the end. */
  readByte(): number {
    if (this.offset >= this.data.length) {
      return -1
    }
    return this.data[this.offset++]!
  }
  /**
   * An unsigned varint as a bigint, or null when the data ends inside it or it runs past
   * 64 bits (as the upstream reader: more than ten bytes).
   */
  readVarIntBig(): bigint | null {
    if (this.offset >= this.data.length) {
      return null
    }
    let result = 0n
    let shift = 0n
    for (;;) {
      if (this.offset >= this.data.length || shift > 63n) {
        return null
      }
      const byte = this.data[this.offset++]!
      result |= BigInt(byte & 0x7f) << shift
      shift += 7n
      if ((byte & 0x80) === 0) {
        break
      }
    }
    return BigInt.asUintN(64, result)
  }
  /**
   * An unsigned varint as a number (exact up to 2^53; larger values become
   * Number.MAX_SAFE_INTEGER + 1 so that every bounds check fails), or -1 on failure.
   */
  readVarInt(): number {
    // Fast path: up to four bytes.
    const d = this.data
    let o = this.offset
    let result = 0
    for (let shift = 0; shift < 28; shift += 7) {
      if (o >= d.length) {
        return -1
      }
      const byte = d[o++]!
      result |= (byte & 0x7f) << shift
      if ((byte & 0x80) === 0) {
        this.offset = o
        return result >>> 0
      }
    }
    const big = this.readVarIntBig()
    if (big === null) {
      return -1
    }
    return big > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER + 1 : Number(big)
  }
  /** A zig-zag signed varint as a 64-bit two's complement bigint (unsigned form), or null. */
  readSignedVarIntBig(): bigint | null {
    const v = this.readVarIntBig()
    if (v === null) {
      return null
    }
    return BigInt.asUintN(64, (v >> 1n) ^ (v & 1n ? MASK64 : 0n))
  }
  /** `byteWidth` little-endian bytes as an unsigned bigint, or null. */
  readLE(byteWidth: number): bigint | null {
    if (this.offset + byteWidth > this.data.length) {
      return null
    }
    let v = 0n
    for (let i = byteWidth - 1; i >= 0; i--) {
      v = (v << 8n) | BigInt(this.data[this.offset + i]!)
    }
    this.offset += byteWidth
    return v
  }
  /** 4 little-endian bytes, or -1. */
  readU32(): number {
    if (this.offset + 4 > this.data.length) {
      return -1
    }
    const d = this.data
    const o = this.offset
    this.offset += 4
    return (d[o]! | (d[o + 1]! << 8) | (d[o + 2]! << 16) | (d[o + 3]! << 24)) >>> 0
  }
  /** 8 little-endian bytes as a number (values past 2^53 lose precision), or -1. */
  readU64(): number {
    if (this.offset + 8 > this.data.length) {
      return -1
    }
    const lo = this.readU32()
    const hi = this.readU32()
    return hi * 0x100000000 + lo
  }
  /** `length` bytes (a view), or null when fewer remain. */
  readBytes(length: number): Uint8Array | null {
    if (length < 0 || this.offset + length > this.data.length) {
      return null
    }
    const out = this.data.subarray(this.offset, this.offset + length)
    this.offset += length
    return out
  }
  skip(n: number): boolean {
    if (this.offset + n > this.data.length) {
      return false
    }
    this.offset += n
    return true
  }
  /**
   * Skips the padding to a multiple of `alignment` (relative to this reader's start plus
   * `base`, as the upstream reader does for the file, and relative to the section for a
   * section). Fails when no byte is left or the padding runs past the end.
   */
  skipPadding(alignment: number): boolean {
    if (alignment < 2) {
      return true
    }
    if (this.remaining === 0) {
      return false
    }
    const padding = (alignment - (this.offset % alignment)) % alignment
    if (this.remaining < padding) {
      return false
    }
    this.offset += padding
    return true
  }
}
