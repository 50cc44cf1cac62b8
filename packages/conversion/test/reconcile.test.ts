import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected outputs are mlir-opt 22.1.8's, from
//   mlir-opt <input> --allow-unregistered-dialect -reconcile-unrealized-casts

describe('reconcile-unrealized-casts', () => {
  it('bypasses cast chains that return to their starting types and erases dead casts', () => {
    const r = runPipeline(`func.func @f(%a: i64, %b: i32) -> (i64, i16) {
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  %2 = builtin.unrealized_conversion_cast %b : i32 to i8
  %3 = builtin.unrealized_conversion_cast %b : i32 to i16
  %4 = builtin.unrealized_conversion_cast %a, %b : i64, i32 to f32
  %5 = builtin.unrealized_conversion_cast %4 : f32 to f16
  %6 = builtin.unrealized_conversion_cast %5 : f16 to f32
  %7:2 = builtin.unrealized_conversion_cast %6 : f32 to i64, i32
  "test.use"(%7#0, %7#1) : (i64, i32) -> ()
  return %1, %3 : i64, i16
}
`, 'builtin.module(reconcile-unrealized-casts)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @f(%arg0: i64, %arg1: i32) -> (i64, i16) {
    %0 = builtin.unrealized_conversion_cast %arg1 : i32 to i16
    "test.use"(%arg0, %arg1) : (i64, i32) -> ()
    return %arg0, %0 : i64, i16
  }
}

`)
  })

  it('keeps live casts that do not cancel out, shortening chains that pass through the start type', () => {
    const r = runPipeline(`func.func @g(%a: i64) -> (i16, i32) {
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i16
  %2 = builtin.unrealized_conversion_cast %a : i64 to i8
  %3 = builtin.unrealized_conversion_cast %2 : i8 to i64
  %4 = builtin.unrealized_conversion_cast %3 : i64 to i32
  return %1, %4 : i16, i32
}
`, 'builtin.module(reconcile-unrealized-casts)')
    expect(r.ok).toBe(true)
    expect(r.text + '\n').toBe(`module {
  func.func @g(%arg0: i64) -> (i16, i32) {
    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    %1 = builtin.unrealized_conversion_cast %0 : i32 to i16
    %2 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    return %1, %2 : i16, i32
  }
}

`)
  })
})
