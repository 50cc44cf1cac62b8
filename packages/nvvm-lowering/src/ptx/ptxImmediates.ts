/** PTX immediates: exact hex bit patterns for floats, and the `mov` type suffix per scalar kind. */
import { bitsOf, type ScalarKind } from './ptxTypes.ts'

export function movSuffix(kind: ScalarKind): string {
  switch (kind) {
    case 'i1':
      return '.pred'
    case 'f32':
      return '.f32'
    case 'f64':
      return '.f64'
    case 'f16':
    case 'bf16':
    case 'i16':
      return '.b16'
    case 'i32':
      return '.b32'
    default:
      return '.b64'
  }
}

const f32View = new Float32Array(1)
const u32View = new Uint32Array(f32View.buffer)
const f64View = new Float64Array(1)
const u64View = new BigUint64Array(f64View.buffer)

/** PTX immediate syntax for constant `v` of `kind` (floats as exact hex bit patterns). */
export function immediate(kind: ScalarKind, v: bigint | number): string {
  switch (kind) {
    case 'i1':
      return (typeof v === 'bigint' ? v & 1n : BigInt(Math.trunc(v)) & 1n) === 0n ? '0' : '-1'
    case 'f32':
      f32View[0] = Number(v)
      return `0f${u32View[0]!.toString(16).toUpperCase().padStart(8, '0')}`
    case 'f64':
      f64View[0] = Number(v)
      return `0d${u64View[0]!.toString(16).toUpperCase().padStart(16, '0')}`
    case 'f16':
    case 'bf16':
      return `0x${halfBits(kind, Number(v)).toString(16).toUpperCase().padStart(4, '0')}`
    default: {
      const bits = kind === 'ptr' ? 64 : bitsOf(kind)
      const u = BigInt.asUintN(bits, typeof v === 'bigint' ? v : BigInt(Math.trunc(v)))
      return u < 1024n ? u.toString() : `0x${u.toString(16).toUpperCase()}`
    }
  }
}

/** Bits of `x` (an f16/bf16 value held exactly in a double) in the 16-bit format. */
function halfBits(kind: 'f16' | 'bf16', x: number): number {
  if (kind === 'bf16') {
    f32View[0] = x
    return u32View[0]! >>> 16
  }
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0
  const a = Math.abs(x)
  if (Number.isNaN(x)) {
    return 0x7e00
  }
  if (a === Infinity) {
    return sign | 0x7c00
  }
  if (a < 2 ** -14) {
    return sign | Math.round(a / 2 ** -24)
  }
  const e = Math.floor(Math.log2(a))
  const m = Math.round((a / 2 ** e - 1) * 1024)
  return sign | ((e + 15) << 10) | m
}
