import { describe, expect, it } from 'vitest'
import { IntegerType } from '@tilepass/ir'
import { cudaTileBytecodeHost } from '../src/bytecode/CudaTileHost.ts'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
import { PointerType, TensorViewType, TileType } from '../src/CudaTileTypes.ts'
import { bytecodeContext, parseModule, print } from './bytecodeHarness.ts'

/** Regressions found by the bytecode fuzzer of tools/fuzz (one test per finding). */

function roundTrip(text: string): { printed: string; reread: string } {
  const { context, messages } = bytecodeContext()
  const module = parseModule(text, context, messages)
  const printed = print(module)
  const bytes = writeCudaTileBytecode(module)
  expect(bytes).not.toBeNull()
  const result = readCudaTileBytecode(bytes!, context)
  return { printed, reread: result.ok ? print(result.module) : result.messages.join('\n') }
}

/** The bytes of `text` with the first occurrence of `from` replaced by `to` (same length). */
function patched(text: string, from: readonly number[], to: readonly number[]): Uint8Array {
  const { context, messages } = bytecodeContext()
  const bytes = writeCudaTileBytecode(parseModule(text, context, messages))!
  const at = bytes.findIndex((_, i) => from.every((b, j) => bytes[i + j] === b))
  expect(at).toBeGreaterThan(0)
  const out = bytes.slice()
  out.set(to, at)
  return out
}

function read(bytes: Uint8Array): string {
  const { context } = bytecodeContext()
  const result = readCudaTileBytecode(bytes, context)
  return result.ok ? print(result.module) : result.messages.join('\n')
}

const NUMBER = 'f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64'

describe('bytecode fuzz regressions', () => {
  it('rejects a type table entry whose parameters break the type constraints, as getChecked does', () => {
    // Types: i32, tile<i32>, i64, tile<i64> (13 = TileType, element type index 2, rank 0), ...;
    // pointing the second tile at type 1 makes tile<tile<i32>>.
    const bytes = patched('cuda_tile.module @kernels {\n  entry @k(%a: tile<i32>, %b: tile<i64>) {\n    return\n  }\n}', [0x0d, 0x02, 0x00], [0x0d, 0x01, 0x00])
    const messages = read(bytes).split('\n')
    expect(messages[0]).toMatch(new RegExp(`^error at offset \\d+: failed to verify 'elementType': ${NUMBER} or Pointer type or i4$`))
    expect(messages.slice(1)).toEqual([
      'error at offset 3: failed to get parameter type',
      // NVIDIA's message has no closing quote.
      "error at offset 86: failed to parse type at index 4 for function 'k",
      'error at offset 86: failed to create function from bytecode',
    ])

    const host = cudaTileBytecodeHost()
    const { context } = bytecodeContext()
    const i32 = IntegerType.get(context, 32)
    const tile = TileType.get([], i32)
    expect(host.buildType(context, { kind: 'ptr', pointee: tile })).toBe(`failed to verify 'pointeeType': ${NUMBER}`)
    expect(host.buildType(context, { kind: 'tile', shape: [2], elementType: PointerType.get(i32) })).toBeInstanceOf(TileType)
    expect(host.buildType(context, { kind: 'tensor_view', elementType: tile, shape: [4n], strides: [1n] })).toBe(`failed to verify 'elementType': ${NUMBER}`)
    expect(host.buildType(context, { kind: 'tensor_view', elementType: i32, shape: [0n], strides: [1n] })).toBe('dimensions must have strictly positive constant sizes but got [0]')
    expect(host.buildType(context, { kind: 'tensor_view', elementType: i32, shape: [4n], strides: [1n] })).toBeInstanceOf(TensorViewType)
  })

  it('reads a constant whose elements are all equal as a splat, as MLIR stores it', () => {
    const text = 'cuda_tile.module @kernels {\n  entry @k() {\n    %c = constant <i8: [1, 2]> : tile<2xi8>\n    return\n  }\n}'
    expect(read(patched(text, [0x01, 0x02], [0x05, 0x05]))).toContain('%cst_5_i8 = constant <i8: 5> : tile<2xi8>')
  })

  it('keeps the bits of signaling and payload NaNs in constant literals (lists and splats), through bytecode too', () => {
    const { printed, reread } = roundTrip(`cuda_tile.module @kernels {
  entry @k() {
    %a = constant <f32: [0x7FAA0000, 1.0]> : tile<2xf32>
    %b = constant <f32: 0x7FAA0000> : tile<2xf32>
    %c = constant <f16: [0x7C01, 0x7C01]> : tile<2xf16>
    %d = constant <f64: [0x7FF0000000000001, 1.0]> : tile<2xf64>
    return
  }
}`)
    expect(printed).toContain('<f32: [0x7FAA0000, 1.000000e+00]>')
    expect(printed).toContain('<f32: 0x7FAA0000> : tile<2xf32>')
    // Equal NaN bits make a splat, as MLIR's DenseElementsAttr::get does.
    expect(printed).toContain('<f16: 0x7C01> : tile<2xf16>')
    expect(printed).toContain('<f64: [0x7FF0000000000001, 1.000000e+00]>')
    expect(reread).toBe(printed)
  })
})
