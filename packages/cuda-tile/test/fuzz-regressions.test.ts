import { describe, expect, it } from 'vitest'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
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

describe('bytecode fuzz regressions', () => {
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
