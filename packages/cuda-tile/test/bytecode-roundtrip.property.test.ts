import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
// The fuzzer's grammar of valid cuda_tile modules (one source for both).
import { tileModuleArb } from '../../../tools/fuzz/src/tileGrammar.ts'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
import { versionOf } from '../src/bytecode/Version.ts'
import { bytecodeContext, parseModule, print } from './bytecodeHarness.ts'

/**
 * Property: a random valid cuda_tile module (the bytecode fuzzer's grammar: constants at the
 * edges of their types, arithmetic, loops, ifs, views, reductions, globals, hints, debug
 * info) written as bytecode (at a random version the module fits) reads back to the same
 * module, printed identically.
 */

describe('bytecode round trip (property)', () => {
  it('writes random valid modules and reads them back identically', () => {
    let checked = 0
    fc.assert(
      fc.property(tileModuleArb, (m) => {
        const { context, messages } = bytecodeContext()
        const module = parseModule(m.text, context, messages)
        const expected = print(module)
        const version = versionOf(m.version)
        const bytes = writeCudaTileBytecode(module, version)
        expect(messages).toEqual([])
        expect(bytes).not.toBeNull()
        expect([...bytes!.subarray(8, 10)]).toEqual([version.major, version.minor])
        const result = readCudaTileBytecode(bytes!, context)
        expect(result.ok ? print(result.module) : result.messages).toBe(expected)
        checked++
      }),
      { numRuns: 150, seed: 42 },
    )
    expect(checked).toBe(150)
  }, 120_000)
})
