import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cudaTileBytecodeHost } from '../src/bytecode/CudaTileHost.ts'
import { readBytecode } from '../src/bytecode/Reader.ts'
import { BytecodeVersion } from '../src/bytecode/Version.ts'
import { writeBytecode } from '../src/bytecode/Writer.ts'
import { bytecodeContext, parseModule, print } from './bytecodeHarness.ts'

/**
 * Fuzzing of the bytecode reader: every mutation of valid files (truncations, flipped
 * bits, overwritten bytes, bad section lengths, overlong varints, spliced garbage) must
 * end in a result (a module, or messages) within a time bound; the raw reader is called,
 * so an exception fails the test instead of becoming a message.
 */

/** A module with globals, constants, control flow, views, attributes, hints and debug info. */
const SEED = `cuda_tile.module @kernels attributes {producer = "fuzz seed"} {
  cuda_tile.global @g <f32: [1.0, 2.5]> : !cuda_tile.tile<2xf32>
  cuda_tile.global @h <i16: 7> : !cuda_tile.tile<1xi16>
  entry @kernel(%p: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i16>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    %c = constant <i32: 5> : tile<i32>
    %f = constant <f32: [1.0, -2.0, 3.5, 0.0]> : tile<4xf32>
    %s = addi %a, %c : tile<i32>
    %m = muli %s, %a overflow<no_signed_wrap> : tile<i32>
    %x = assume div_by<16>, %p : tile<ptr<f32>>
    %y = assume bounded<0, 42>, %b : tile<i16>
    %t = make_tensor_view %x, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(8), padding_value = zero, tensor_view<128xf32, strides=[1]>>
    %lo = constant <i32: 0> : tile<i32>
    %hi = constant <i32: 4> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = for %iv in (%lo to %hi, step %one) : tile<i32> iter_values(%acc = %a) -> (tile<i32>) {
      %n = addi %acc, %iv : tile<i32>
      continue %n : tile<i32>
    }
    %g = get_global @g : tile<ptr<f32>>
    %tok = make_token : token
    return
  } loc(#loc4)
}
#di_file = #cuda_tile.di_file<"fuzz.py" in "/src">
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 3, name = "kernel", linkageName = "kernel", compileUnit = #di_compile_unit, scopeLine = 3>
#loc1 = loc("fuzz.py":3:1)
#loc4 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
`

function seedBytes(version: BytecodeVersion): Uint8Array {
  const { context, messages } = bytecodeContext()
  const module = parseModule(SEED, context, messages)
  const bytes = writeBytecode(module, cudaTileBytecodeHost(), version)
  if (bytes === null) {
    throw new Error(`seed does not write: ${messages.join('\n')}`)
  }
  return bytes
}

const TIME_LIMIT_MS = 2000

/** Reads `bytes` with the raw reader; fails the test on an exception or a slow read. */
function readOnce(bytes: Uint8Array): 'ok' | 'error' {
  const { context } = bytecodeContext()
  const start = performance.now()
  const result = readBytecode(bytes, context, cudaTileBytecodeHost())
  const elapsed = performance.now() - start
  expect(elapsed).toBeLessThan(TIME_LIMIT_MS)
  if (!result.ok) {
    expect(result.messages.length).toBeGreaterThan(0)
    return 'error'
  }
  return 'ok'
}

describe('bytecode reader fuzzing', () => {
  const seeds = [new BytecodeVersion(13, 3), new BytecodeVersion(13, 2)].map((v) => seedBytes(v))

  it('reads the seeds back to the seed module', () => {
    const { context, messages } = bytecodeContext()
    const original = print(parseModule(SEED, context, messages))
    const result = readBytecode(seeds[0]!, context, cudaTileBytecodeHost())
    expect(result.ok ? print(result.module) : result.messages).toBe(original)
  })

  it('ends every truncation in a diagnostic', () => {
    let runs = 0
    for (const seed of seeds) {
      for (let n = 0; n < seed.length; n++) {
        expect(readOnce(seed.subarray(0, n))).toBe('error')
        runs++
      }
    }
    expect(runs).toBeGreaterThan(200)
  }, 60_000)

  it('survives single-bit flips (every bit of the header and section headers, the low and high bit elsewhere)', () => {
    const counts = { ok: 0, error: 0 }
    const seed = seeds[0]!
    for (let i = 0; i < seed.length; i++) {
      for (const bit of i < 64 ? [0, 1, 2, 3, 4, 5, 6, 7] : [0, 7]) {
        const mutated = seed.slice()
        mutated[i]! ^= 1 << bit
        counts[readOnce(mutated)]++
      }
    }
    // Most flips are caught; some (padding bytes, string contents) give another valid module.
    expect(counts.error).toBeGreaterThan(0)
    expect(counts.ok + counts.error).toBe(64 * 8 + (seed.length - 64) * 2)
  }, 120_000)

  it('survives random overwrites, overlong varints, bad lengths and spliced garbage', () => {
    const seed = seeds[0]!
    const mutation = fc.oneof(
      // Overwrite a few bytes.
      fc.array(fc.tuple(fc.nat({ max: seed.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((edits) => {
        const m = seed.slice()
        for (const [i, b] of edits) {
          m[i] = b
        }
        return m
      }),
      // An overlong or huge varint (continuation bytes) spliced in.
      fc.tuple(fc.nat({ max: seed.length }), fc.integer({ min: 1, max: 12 })).map(([at, n]) => {
        const m = new Uint8Array(seed.length + n)
        m.set(seed.subarray(0, at))
        m.fill(0xff, at, at + n)
        m.set(seed.subarray(at), at + n)
        return m
      }),
      // Random bytes inserted or deleted.
      fc.tuple(fc.nat({ max: seed.length }), fc.nat({ max: 16 }), fc.uint8Array({ maxLength: 16 })).map(([at, del, ins]) => {
        const head = seed.subarray(0, at)
        const tail = seed.subarray(Math.min(seed.length, at + del))
        const m = new Uint8Array(head.length + ins.length + tail.length)
        m.set(head)
        m.set(ins, head.length)
        m.set(tail, head.length + ins.length)
        return m
      }),
      // A section length replaced by a large value (the first section's length field).
      fc.integer({ min: 0x80, max: 0x7fffffff }).map((len) => {
        const m = Array.from(seed.subarray(0, 13))
        let v = len
        while (v >= 0x80) {
          m.push((v & 0x7f) | 0x80)
          v >>>= 7
        }
        m.push(v)
        return Uint8Array.from([...m, ...seed.subarray(14)])
      }),
      // Pure garbage after a valid header.
      fc.uint8Array({ maxLength: 64 }).map((tail) => Uint8Array.from([...seed.subarray(0, 12), ...tail])),
    )
    fc.assert(
      fc.property(mutation, (bytes) => {
        readOnce(bytes)
      }),
      { numRuns: 3000, seed: 1234 },
    )
  }, 120_000)
})
