import type { Operation } from '@tilepass/ir'
import { enumAttr, OVERFLOW, roundingAttr, SIGNEDNESS } from './Attrs.ts'
import { floatFromBits, floatToBits, roundFloat } from './FloatRounding.ts'
import type { Interpreter, OpHandler } from './Interpreter.ts'
import { Tile } from './Tile.ts'
import type { ElemType } from './TypeInfo.ts'

/**
 * Conversions: itof, ftoi, ftof, bitcast, exti, trunci and the pointer casts. Out-of-range
 * ftoi inputs (NaN, infinities, values beyond the target type) are undefined behaviour in
 * cuda_tile and reported.
 */

function convert(it: Interpreter, op: Operation, fn: (src: Tile, out: Tile, i: number) => void): void {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  if (out.numElements !== src.numElements) {
    it.fail(op, 'has an operand and a result of different shapes')
  }
  for (let i = 0; i < out.numElements; i++) {
    fn(src, out, i)
  }
  it.set(op.result, out)
}

const unsignedOf = (op: Operation): boolean => enumAttr(op, 'signedness', SIGNEDNESS, 'signed') === 'unsigned'

const itof: OpHandler = (it, op) => {
  const unsigned = unsignedOf(op)
  const mode = roundingAttr(op)
  convert(it, op, (src, out, i) => {
    const v = unsigned ? BigInt.asUintN(src.elem.bits, src.ints[i]!) : src.ints[i]!
    const d = Number(v)
    const exact = BigInt(d)
    out.floats[i] = roundFloat(out.elem.kind, d, mode, v > exact ? 1 : v < exact ? -1 : 0)
  })
}

const ftoi: OpHandler = (it, op) => {
  const unsigned = unsignedOf(op)
  convert(it, op, (src, out, i) => {
    const x = src.floats[i]!
    const w = out.elem.bits
    if (!Number.isFinite(x)) {
      it.fail(op, `converts ${x}, which has no integer value (undefined)`)
    }
    const t = BigInt(Math.trunc(x))
    const lo = unsigned ? 0n : -(1n << BigInt(w - 1))
    const hi = unsigned ? (1n << BigInt(w)) - 1n : (1n << BigInt(w - 1)) - 1n
    if (t < lo || t > hi) {
      it.fail(op, `converts ${x}, outside the range of ${unsigned ? 'unsigned ' : ''}${out.elem.kind} (undefined)`)
    }
    out.ints[i] = BigInt.asIntN(w, t)
  })
}

const ftof: OpHandler = (it, op) => {
  const mode = roundingAttr(op)
  convert(it, op, (src, out, i) => {
    out.floats[i] = roundFloat(out.elem.kind, src.floats[i]!, mode)
  })
}

/** The bit pattern of element `i` of `t` as an unsigned bigint. */
export function bitsOf(t: Tile, i: number): bigint {
  return t.elem.isFloat ? floatToBits(t.elem.kind, t.floats[i]!) : BigInt.asUintN(t.elem.bits, t.ints[i]!)
}

/** Stores bit pattern `bits` as element `i` of `t`. */
function setBits(t: Tile, i: number, bits: bigint, elem: ElemType): void {
  if (elem.isFloat) {
    t.floats[i] = floatFromBits(elem.kind, bits)
  } else {
    t.ints[i] = BigInt.asIntN(elem.bits, bits)
  }
}

const bitcast: OpHandler = (it, op) => {
  convert(it, op, (src, out, i) => {
    if (src.elem.bits !== out.elem.bits) {
      it.fail(op, 'casts between element types of different widths')
    }
    setBits(out, i, bitsOf(src, i), out.elem)
  })
}

const exti: OpHandler = (it, op) => {
  const unsigned = unsignedOf(op)
  convert(it, op, (src, out, i) => {
    const v = src.ints[i]!
    out.ints[i] = BigInt.asIntN(out.elem.bits, unsigned ? BigInt.asUintN(src.elem.bits, v) : v)
  })
}

const trunci: OpHandler = (it, op) => {
  const flag = enumAttr(op, 'overflow', OVERFLOW, 'none')
  convert(it, op, (src, out, i) => {
    const v = src.ints[i]!
    const w = out.elem.bits
    const r = BigInt.asIntN(w, v)
    if ((flag === 'no_signed_wrap' || flag === 'no_wrap') && r !== v) {
      it.fail(op, `truncates ${v}, which its '${flag}' flag makes undefined`)
    }
    const uv = BigInt.asUintN(src.elem.bits, v)
    if ((flag === 'no_unsigned_wrap' || flag === 'no_wrap') && BigInt.asUintN(w, uv) !== uv) {
      it.fail(op, `truncates ${uv}, which its '${flag}' flag makes undefined`)
    }
    out.ints[i] = r
  })
}

/** Copies integer or pointer bits unchanged (pointers and i64 share one representation). */
const copyBits: OpHandler = (it, op) => {
  convert(it, op, (src, out, i) => {
    out.ints[i] = BigInt.asIntN(out.elem.bits, src.ints[i]!)
  })
}

/** pack: the bytes of a rank-1 tile, little-endian, as a tile of i8. */
const pack: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  const bytes = src.elem.bits >> 3
  if (out.numElements !== src.numElements * bytes) {
    return it.fail(op, `packs ${src.numElements * bytes} bytes into ${out.numElements}`)
  }
  for (let i = 0; i < src.numElements; i++) {
    const bits = bitsOf(src, i)
    for (let b = 0; b < bytes; b++) {
      out.ints[i * bytes + b] = BigInt.asIntN(8, bits >> BigInt(8 * b))
    }
  }
  it.set(op.result, out)
}

/** unpack: a tile of i8 read as little-endian elements of the result type. */
const unpack: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  const bytes = info.elem.bits >> 3
  if (src.numElements !== out.numElements * bytes) {
    return it.fail(op, `unpacks ${src.numElements} bytes into ${out.numElements * bytes}`)
  }
  for (let i = 0; i < out.numElements; i++) {
    let bits = 0n
    for (let b = bytes - 1; b >= 0; b--) {
      bits = (bits << 8n) | BigInt.asUintN(8, src.ints[i * bytes + b]!)
    }
    setBits(out, i, bits, info.elem)
  }
  it.set(op.result, out)
}

/** Conversion handlers by op name (without the `cuda_tile.` prefix). */
export const CONVERSION_HANDLERS: Record<string, OpHandler> = {
  itof,
  ftoi,
  ftof,
  bitcast,
  exti,
  trunci,
  ptr_to_int: copyBits,
  int_to_ptr: copyBits,
  ptr_to_ptr: copyBits,
  pack,
  unpack,
}
