import { describe, expect, it } from 'vitest'
import { PassManager } from '@tilepass/pass-manager'
import { CSE } from '../src/index.ts'
import { makeContext, parse, runPipeline } from './helpers.ts'

// Expected outputs come from `mlir-opt <input> --cse` and
// `mlir-opt <input> -p 'builtin.module(func.func(cse,canonicalize))'` (MLIR 22.1.8).

const input = `func.func @loop(%lb: index, %ub: index, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (i32) {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %k = arith.addi %c3, %c4 : i32
    %n = arith.addi %acc, %k : i32
    %n2 = arith.addi %acc, %k : i32
    %m = arith.muli %n, %n2 : i32
    scf.yield %m : i32
  }
  %c1b = arith.constant 1 : index
  %x = arith.addi %lb, %c1b : index
  %y = arith.addi %lb, %c1 : index
  %z = arith.muli %x, %y : index
  %zi = arith.index_cast %z : index to i32
  %s = arith.addi %r, %zi : i32
  return %s : i32
}
func.func private @ext(i32) -> i32
func.func @calls(%a: i32) -> i32 {
  %0 = func.call @ext(%a) : (i32) -> i32
  %1 = func.call @ext(%a) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %2 = arith.addi %0, %c0 : i32
  %3 = arith.addi %1, %2 : i32
  %4 = arith.addi %1, %2 : i32
  %5 = arith.muli %3, %4 : i32
  return %5 : i32
}
`

describe('cse', () => {
  it('eliminates redundant pure ops across nested regions, not calls', () => {
    const r = runPipeline(input, 'builtin.module(cse)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(EXPECTED_CSE)
  })

  it('counts its statistics', () => {
    const ctx = makeContext()
    const module = parse(input, ctx)
    const pm = new PassManager(ctx)
    const cse = new CSE()
    pm.addPass(cse)
    expect(pm.run(module)).toBe(true)
    const stats = Object.fromEntries(cse.statistics.map((s) => [s.name, s.value]))
    // %n2 (in the loop), %y, %z's operand twin, and %4: four replaced; nothing was dead.
    expect(stats).toEqual({ "num-cse'd": 4, "num-dce'd": 0 })
  })

  it('composes with canonicalize in a nested pipeline', () => {
    const r = runPipeline(input, 'builtin.module(func.func(cse,canonicalize))')
    expect(r.text).toBe(EXPECTED_PIPELINE)
  })
})

const EXPECTED_CSE = `module {
  func.func @loop(%arg0: index, %arg1: index, %arg2: i32) -> i32 {
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg3 = %arg0 to %arg1 step %c1 iter_args(%arg4 = %arg2) -> (i32) {
      %c3_i32 = arith.constant 3 : i32
      %c4_i32 = arith.constant 4 : i32
      %5 = arith.addi %c3_i32, %c4_i32 : i32
      %6 = arith.addi %arg4, %5 : i32
      %7 = arith.muli %6, %6 : i32
      scf.yield %7 : i32
    }
    %1 = arith.addi %arg0, %c1 : index
    %2 = arith.muli %1, %1 : index
    %3 = arith.index_cast %2 : index to i32
    %4 = arith.addi %0, %3 : i32
    return %4 : i32
  }
  func.func private @ext(i32) -> i32
  func.func @calls(%arg0: i32) -> i32 {
    %0 = call @ext(%arg0) : (i32) -> i32
    %1 = call @ext(%arg0) : (i32) -> i32
    %c0_i32 = arith.constant 0 : i32
    %2 = arith.addi %0, %c0_i32 : i32
    %3 = arith.addi %1, %2 : i32
    %4 = arith.muli %3, %3 : i32
    return %4 : i32
  }
}
`
const EXPECTED_PIPELINE = `module {
  func.func @loop(%arg0: index, %arg1: index, %arg2: i32) -> i32 {
    %c7_i32 = arith.constant 7 : i32
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg3 = %arg0 to %arg1 step %c1 iter_args(%arg4 = %arg2) -> (i32) {
      %5 = arith.addi %arg4, %c7_i32 : i32
      %6 = arith.muli %5, %5 : i32
      scf.yield %6 : i32
    }
    %1 = arith.addi %arg0, %c1 : index
    %2 = arith.muli %1, %1 : index
    %3 = arith.index_cast %2 : index to i32
    %4 = arith.addi %0, %3 : i32
    return %4 : i32
  }
  func.func private @ext(i32) -> i32
  func.func @calls(%arg0: i32) -> i32 {
    %0 = call @ext(%arg0) : (i32) -> i32
    %1 = call @ext(%arg0) : (i32) -> i32
    %2 = arith.addi %1, %0 : i32
    %3 = arith.muli %2, %2 : i32
    return %3 : i32
  }
}
`
