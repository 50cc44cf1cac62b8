import { describe, expect, it } from 'vitest'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
import { ByteReader, ByteWriter } from '../src/bytecode/Encoding.ts'
import { denseRawData } from '../src/bytecode/Format.ts'
import type { DenseIntOrFPElementsAttr } from '@tilepass/ir'
import { BytecodeVersion } from '../src/bytecode/Version.ts'
import { bytecodeContext, parseModule, print } from './bytecodeHarness.ts'

const VIEWS = `cuda_tile.module @kernels {
  entry @views(%t: !cuda_tile.tensor_view<16x?xf32, strides=[?,1]>) {
    %p = make_partition_view %t : partition_view<tile=(4x4), padding_value = nan, tensor_view<16x?xf32, strides=[?,1]>>
    %s = make_strided_view %t : strided_view<tile=(4x4), traversal_strides=[4,2], padding_value = zero, tensor_view<16x?xf32, strides=[?,1]>>
    %g = make_gather_scatter_view %t : gather_scatter_view<tile=(4x4), tensor_view<16x?xf32, strides=[?,1]>, sparse_dim=1>
    return
  }
}
`

describe('bytecode types', () => {
  it('round-trips partition, strided and gather/scatter views with padding and dynamic dimensions', () => {
    const { context, messages } = bytecodeContext()
    const module = parseModule(VIEWS, context, messages)
    const bytes = writeCudaTileBytecode(module)
    expect(messages).toEqual([])
    const result = readCudaTileBytecode(bytes!, context)
    expect(result.ok ? print(result.module) : result.messages).toBe(print(module))
  })

  it('refuses the views of 13.3 when writing 13.2, naming the type', () => {
    const { context, messages } = bytecodeContext()
    const module = parseModule(VIEWS, context, messages)
    expect(writeCudaTileBytecode(module, new BytecodeVersion(13, 2))).toBeNull()
    expect(messages).toContain('operation \'cuda_tile.make_strided_view\' is not available in bytecode version 13.2')
  })

  it('writes a 13.1 partition view with the padding presence byte (no flags field)', () => {
    const text = VIEWS.replace(/\n {4}%s = .*\n {4}%g = .*/, '')
    const { context, messages } = bytecodeContext()
    const module = parseModule(text, context, messages)
    const old = writeCudaTileBytecode(module, new BytecodeVersion(13, 1))!
    const now = writeCudaTileBytecode(module, new BytecodeVersion(13, 3))!
    expect(old.length).toBe(now.length)
    expect(readCudaTileBytecode(old, context).ok).toBe(true)
  })
})

describe('bytecode constants', () => {
  const I1 = `cuda_tile.module @kernels {
  entry @k() {
    %0 = constant <i1: [true, false, true, true]> : tile<4xi1>
    %1 = constant <i1: true> : tile<4xi1>
    %2 = constant <i16: [1, -2, 3, -4]> : tile<4xi16>
    return
  }
}
`

  it('stores i1 as MLIR 22 does (bits packed low first; a splat as one 0xFF byte) and reads it back', () => {
    const { context, messages } = bytecodeContext()
    const module = parseModule(I1, context, messages)
    const ops = module.regions[0]!.firstBlock!.operations[0]!.regions[0]!.firstBlock!.operations
    const raw = ops.slice(0, 3).map((op) => [...denseRawData(op.properties.get('value') as DenseIntOrFPElementsAttr)])
    expect(raw).toEqual([[0b1101], [0xff], [1, 0, 0xfe, 0xff, 3, 0, 0xfc, 0xff]])
    const result = readCudaTileBytecode(writeCudaTileBytecode(module)!, context)
    expect(result.ok ? print(result.module) : result.messages).toBe(print(module))
  })
})

describe('bytecode encodings', () => {
  it('writes and reads varints and zig-zag varints over the whole 64-bit range', () => {
    const values = [0n, 1n, 127n, 128n, 300n, 2n ** 32n, 2n ** 63n - 1n, 2n ** 64n - 1n]
    const signed = [0n, -1n, 1n, -64n, 64n, -(2n ** 63n), 2n ** 63n - 1n]
    const w = new ByteWriter()
    for (const v of values) {
      w.writeVarInt(v)
    }
    for (const v of signed) {
      w.writeSignedVarInt(v)
    }
    const r = new ByteReader(w.bytes())
    for (const v of values) {
      expect(r.readVarIntBig()).toBe(v)
    }
    for (const v of signed) {
      expect(BigInt.asIntN(64, r.readSignedVarIntBig()!)).toBe(v)
    }
    expect(r.remaining).toBe(0)
    // 2^64 - 1 takes ten bytes; an eleventh continuation byte is refused.
    expect(new ByteReader(Uint8Array.from([...Array<number>(10).fill(0xff), 0x01])).readVarIntBig()).toBeNull()
    expect(new ByteReader(Uint8Array.from([0x80])).readVarInt()).toBe(-1)
  })

  it('pads to alignment with 0xCB', () => {
    const w = new ByteWriter()
    w.writeByte(1)
    w.alignTo(8)
    expect([...w.bytes()]).toEqual([1, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb])
    expect(w.requiredAlignment).toBe(8)
  })
})
