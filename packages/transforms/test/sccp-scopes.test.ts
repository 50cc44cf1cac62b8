import { describe, expect, it } from 'vitest'
import { ConstantSolver } from '../src/ConstantSolver.ts'
import { parse, runPipeline } from './helpers.ts'

// The scope of sccp's analysis (expected outputs from mlir-opt 22.1.8 with the same
// pipelines): calls resolve only to callables inside the analyzed op, and `nested`
// symbols of a symbol table whose uses are not all visible have unknown callers.

describe('sccp analysis scope', () => {
  it("a function-scoped run treats calls as opaque: no call result folds to the callee's constants", () => {
    const r = runPipeline(
      `func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %r = call @g(%c1) : (i32) -> i32
  %s = arith.addi %r, %r : i32
  return %s : i32
}
`,
      'builtin.module(func.func(sccp))',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @g(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @f() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = call @g(%c1_i32) : (i32) -> i32
    %1 = arith.addi %0, %0 : i32
    return %1 : i32
  }
}
`)
  })

  it('a function-scoped run keeps the arguments of a self-recursive function unknown', () => {
    const r = runPipeline(
      `func.func @f(%a: i32, %b: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  cf.cond_br %b, ^x, ^y
^x:
  %r = call @f(%c1, %b) : (i32, i1) -> i32
  return %a : i32
^y:
  %s = arith.muli %a, %c0 : i32
  return %s : i32
}
`,
      'builtin.module(func.func(sccp))',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: i32, %arg1: i1) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = call @f(%c1_i32, %arg1) : (i32, i1) -> i32
    return %arg0 : i32
  ^bb2:  // pred: ^bb0
    return %c0_i32 : i32
  }
}
`)
  })

  it("in a public nested module, a nested function's arguments are not replaced (its callers are not all visible)", () => {
    const r = runPipeline(
      `module {
  module @inner attributes {sym_visibility = "public"} {
    func.func nested @callee(%a: i32) -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      return %c1, %a : i32, i32
    }
    func.func private @hidden(%a: i32) -> i32 {
      return %a : i32
    }
    func.func @caller() -> (i32, i32, i32) {
      %c1 = arith.constant 1 : i32
      %r:2 = call @callee(%c1) : (i32) -> (i32, i32)
      %h = call @hidden(%c1) : (i32) -> i32
      return %r#0, %r#1, %h : i32, i32, i32
    }
  }
}
`,
      'builtin.module(builtin.module(sccp))',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @inner attributes {sym_visibility = "public"} {
    func.func nested @callee(%arg0: i32) -> (i32, i32) {
      %c1_i32 = arith.constant 1 : i32
      return %c1_i32, %arg0 : i32, i32
    }
    func.func private @hidden(%arg0: i32) -> i32 {
      %c1_i32 = arith.constant 1 : i32
      return %c1_i32 : i32
    }
    func.func @caller() -> (i32, i32, i32) {
      %c1_i32 = arith.constant 1 : i32
      %0:2 = call @callee(%c1_i32) : (i32) -> (i32, i32)
      %1 = call @hidden(%c1_i32) : (i32) -> i32
      return %c1_i32, %0#1, %c1_i32 : i32, i32, i32
    }
  }
}
`)
  })

  it("from the top module, every use of the nested module's symbols is visible", () => {
    const r = runPipeline(
      `module {
  module @inner attributes {sym_visibility = "public"} {
    func.func nested @callee(%a: i32) -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      return %c1, %a : i32, i32
    }
    func.func private @hidden(%a: i32) -> i32 {
      return %a : i32
    }
    func.func @caller() -> (i32, i32, i32) {
      %c1 = arith.constant 1 : i32
      %r:2 = call @callee(%c1) : (i32) -> (i32, i32)
      %h = call @hidden(%c1) : (i32) -> i32
      return %r#0, %r#1, %h : i32, i32, i32
    }
  }
}
`,
      'builtin.module(sccp)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @inner attributes {sym_visibility = "public"} {
    func.func nested @callee(%arg0: i32) -> (i32, i32) {
      %c1_i32 = arith.constant 1 : i32
      return %c1_i32, %c1_i32 : i32, i32
    }
    func.func private @hidden(%arg0: i32) -> i32 {
      %c1_i32 = arith.constant 1 : i32
      return %c1_i32 : i32
    }
    func.func @caller() -> (i32, i32, i32) {
      %c1_i32 = arith.constant 1 : i32
      %0:2 = call @callee(%c1_i32) : (i32) -> (i32, i32)
      %1 = call @hidden(%c1_i32) : (i32) -> i32
      return %c1_i32, %c1_i32, %c1_i32 : i32, i32, i32
    }
  }
}
`)
  })

  it('affine.for with a constant trip count of 1 or 0 selects its successors', () => {
    const r = runPipeline(
      `func.func @trips() -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = affine.for %i = 0 to 1 iter_args(%s = %c0) -> (i32) {
    %n = arith.addi %s, %c1 : i32
    affine.yield %n : i32
  }
  %zero = affine.for %i = 5 to 2 iter_args(%s = %c1) -> (i32) {
    %n = arith.addi %s, %s : i32
    affine.yield %n : i32
  }
  %step = affine.for %i = 0 to 10 step 16 iter_args(%s = %c1) -> (i32) {
    %n = arith.addi %s, %s : i32
    affine.yield %n : i32
  }
  return %one, %zero, %step : i32, i32, i32
}
`,
      'builtin.module(func.func(sccp))',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @trips() -> (i32, i32, i32) {
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    return %c1_i32, %c1_i32, %c2_i32 : i32, i32, i32
  }
}
`)
  })

  it("a call's symbol references leave the referenced callable's callers known; a func.constant's do not", () => {
    // @g's argument is replaced; @k, referenced by func.constant, keeps an unknown argument
    // (the `other = @k` on a call is skipped, as every reference held by a call).
    const r = runPipeline(
      `func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
func.func private @k(%a: i32) -> i32 {
  return %a : i32
}
func.func @f() -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %r = call @g(%c2) {other = @k} : (i32) -> i32
  %q = call @k(%c2) : (i32) -> i32
  %p = func.constant @k : (i32) -> i32
  %s = call_indirect %p(%c2) : (i32) -> i32
  return %r, %q, %s : i32, i32, i32
}
`,
      'builtin.module(sccp)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @g(%arg0: i32) -> i32 {
    %c2_i32 = arith.constant 2 : i32
    return %c2_i32 : i32
  }
  func.func private @k(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @f() -> (i32, i32, i32) {
    %f = constant @k : (i32) -> i32
    %c2_i32 = arith.constant 2 : i32
    %0 = call @g(%c2_i32) {other = @k} : (i32) -> i32
    %1 = call @k(%c2_i32) : (i32) -> i32
    %2 = call_indirect %f(%c2_i32) : (i32) -> i32
    return %c2_i32, %1, %2 : i32, i32, i32
  }
}
`)
  })
})

/** A module of `n` private functions calling each other in a chain, called from a public one. */
function callChain(n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) {
    s += `func.func private @f${i}(%a: i32) -> i32 {\n  %r = call @f${i + 1}(%a) : (i32) -> i32\n  return %r : i32\n}\n`
  }
  s += `func.func private @f${n}(%a: i32) -> i32 {\n  return %a : i32\n}\n`
  return s + 'func.func @main(%a: i32) -> i32 {\n  %r = call @f0(%a) : (i32) -> i32\n  return %r : i32\n}\n'
}

/** `n` public functions calling one private function. */
function fanIn(n: number): string {
  let s = 'func.func private @callee(%a: i32) -> i32 {\n  %c = arith.constant 1 : i32\n  %r = arith.addi %a, %c : i32\n  return %r : i32\n}\n'
  for (let i = 0; i < n; i++) {
    s += `func.func @f${i}(%a: i32) -> i32 {\n  %r = call @callee(%a) : (i32) -> i32\n  return %r : i32\n}\n`
  }
  return s
}

function solverVisits(source: string): number {
  const solver = new ConstantSolver()
  solver.run(parse(source))
  solver.release()
  return solver.visits
}

// The solver's work is counted in op visits, not timed: it must grow linearly with the
// module (it was quadratic on call chains, rescanning the whole module per change).
describe('sccp solver work', () => {
  it('visits each op of a call chain a bounded number of times', () => {
    const small = solverVisits(callChain(200))
    const large = solverVisits(callChain(800))
    // 3 ops per function; each op is visited at most a few times.
    expect(small).toBeLessThan(200 * 3 * 4)
    expect(large).toBeLessThanOrEqual(small * 4 + 40)
  })

  it('visits each op of a fan-in a bounded number of times', () => {
    const small = solverVisits(fanIn(200))
    const large = solverVisits(fanIn(800))
    expect(small).toBeLessThan(200 * 3 * 4)
    expect(large).toBeLessThanOrEqual(small * 4 + 40)
  })
})
