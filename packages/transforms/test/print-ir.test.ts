import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected text from `mlir-opt <input> -p 'builtin.module(func.func(print-ir{label=hello}),print-ir)'`
// (MLIR 22.1.8), standard error.

describe('print-ir', () => {
  it('prints each anchored op under a labelled banner and leaves the IR alone', () => {
    let err = ''
    const input = `func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
`
    const r = runPipeline(input, 'builtin.module(func.func(print-ir{label=hello}),print-ir)', (t) => {
      err += t
    })
    expect(r.ok).toBe(true)
    expect(err).toBe(`// -----// IR Dump hello //----- //
func.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  return %0 : i32
}
// -----// IR Dump //----- //
module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
}
`)
  })
})
