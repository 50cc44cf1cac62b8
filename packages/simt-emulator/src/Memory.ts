/**
 * The emulator's memory: global buffers in one 64-bit generic address space, a shared
 * window per CTA and a local window per thread, as the generic addressing of PTX sees them.
 */

/** Generic address of the first global buffer. */
export const GLOBAL_BASE: number = 2 ** 40
/** Generic addresses of the shared window (`cvta.shared` adds this to a shared address). */
export const SHARED_WINDOW: number = 2 ** 46
/** Generic addresses of the local window (`cvta.local`). */
export const LOCAL_WINDOW: number = 2 ** 45
const WINDOW_SIZE = 2 ** 32

/** A span of bytes an access resolves to. */
export interface Span {
  readonly data: Uint8Array
  readonly offset: number
}

/** Global memory: the kernel's buffers, each at its own base address. */
export class GlobalMemory {
  readonly bases: number[] = []
  readonly buffers: Uint8Array[] = []
  /** A DataView over each buffer. */
  readonly views: DataView[] = []
  private next = GLOBAL_BASE
  private last = 0

  /** Places a copy of `bytes` in global memory; returns its address. */
  allocate(bytes: Uint8Array): number {
    const base = this.next
    this.bases.push(base)
    const copy = new Uint8Array(bytes)
    this.buffers.push(copy)
    this.views.push(new DataView(copy.buffer, copy.byteOffset, copy.byteLength))
    this.next += Math.ceil((bytes.length + 1) / 4096) * 4096 + 4096
    return base
  }

  /** The index of the buffer holding `size` bytes at `addr`, or -1. */
  indexOf(addr: number, size: number): number {
    const k = this.last
    if (k < this.bases.length && addr >= this.bases[k]! && addr + size <= this.bases[k]! + this.buffers[k]!.length) {
      return k
    }
    for (let i = 0; i < this.bases.length; i++) {
      if (addr >= this.bases[i]! && addr + size <= this.bases[i]! + this.buffers[i]!.length) {
        this.last = i
        return i
      }
    }
    return -1
  }

  find(addr: number, size: number): Span | null {
    for (let i = 0; i < this.bases.length; i++) {
      const b = this.bases[i]!
      const d = this.buffers[i]!
      if (addr >= b && addr + size <= b + d.length) {
        return { data: d, offset: addr - b }
      }
    }
    return null
  }
}

/** The state space of a generic address. */
export function genericSpace(addr: number): 'shared' | 'local' | 'global' {
  if (addr >= SHARED_WINDOW && addr < SHARED_WINDOW + WINDOW_SIZE) {
    return 'shared'
  }
  if (addr >= LOCAL_WINDOW && addr < LOCAL_WINDOW + WINDOW_SIZE) {
    return 'local'
  }
  return 'global'
}

/** Little-endian read of `size` bytes (1, 2, 4, 8) as an unsigned BigInt. */
export function readBytes(span: Span, size: number): bigint {
  const { data, offset } = span
  let v = 0n
  for (let i = size - 1; i >= 0; i--) {
    v = (v << 8n) | BigInt(data[offset + i]!)
  }
  return v
}

/** Little-endian write of the low `size` bytes of `v`. */
export function writeBytes(span: Span, size: number, v: bigint): void {
  const { data, offset } = span
  let x = BigInt.asUintN(size * 8, v)
  for (let i = 0; i < size; i++) {
    data[offset + i] = Number(x & 0xffn)
    x >>= 8n
  }
}

/** State spaces as numbers on the fast path; `SPACE_NAMES` gives their PTX names. */
export const SP_GENERIC = 0
export const SP_GLOBAL = 1
export const SP_SHARED = 2
export const SP_LOCAL = 3
export const SP_PARAM = 4
export const SPACE_NAMES: readonly string[] = ['', 'global', 'shared', 'local', 'param']

/** The number of a state-space name ('' = generic), or -1 when the emulator has none. */
export function spaceCode(space: string): number {
  return SPACE_NAMES.indexOf(space)
}
