import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected output from `mlir-opt --cse` (MLIR 22.1.8) on this input.

const input = `func.func @comm(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, i32, f32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.mulf %x, %y : f32
  %5 = arith.mulf %y, %x : f32
  %6 = arith.muli %0, %2 : i32
  %7 = arith.muli %3, %1 : i32
  %8 = arith.muli %2, %1 : i32
  %9 = arith.addf %4, %5 : f32
  %10 = arith.addi %6, %8 : i32
  return %10, %7, %9, %3, %6 : i32, i32, f32, i32, i32
}
`

const expected = `module {
  func.func @comm(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32) -> (i32, i32, f32, i32, i32) {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = arith.subi %arg0, %arg1 : i32
    %2 = arith.subi %arg1, %arg0 : i32
    %3 = arith.mulf %arg2, %arg3 : f32
    %4 = arith.muli %0, %1 : i32
    %5 = arith.muli %2, %0 : i32
    %6 = arith.addf %3, %3 : f32
    %7 = arith.addi %4, %4 : i32
    return %7, %5, %6, %2, %4 : i32, i32, f32, i32, i32
  }
}
`

describe('cse on commutative ops', () => {
  it('treats the operands of commutative ops as unordered, as mlir-opt does', () => {
    const r = runPipeline(input, 'builtin.module(cse)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
})
