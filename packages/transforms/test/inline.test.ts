import { describe, expect, it } from 'vitest'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { printOperation } from '@tilepass/ir'
import { makeContext, parse, runPipeline } from './helpers.ts'
import { registerTransformsPasses } from '../src/index.ts'

// Expected outputs were produced with MLIR 22 (`/usr/lib/llvm-22/bin/mlir-opt --inline[=OPTIONS] input.mlir`,
// OPTIONS as in each test's pipeline).

const CALLS = `func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func private @twice(%a: i32) -> i32 {
  %c = arith.addi %a, %a : i32
  return %c : i32
}
func.func @pub(%a: i32) -> i32 {
  %c = arith.muli %a, %a : i32
  return %c : i32
}
func.func private @rec(%a: i32) -> i32 {
  %r = call @rec(%a) : (i32) -> i32
  return %r : i32
}
func.func private @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @main(%a: i32, %c: i1) -> (i32, i32, i32, i32) {
  %0 = call @twice(%a) : (i32) -> i32
  %1 = call @twice(%0) : (i32) -> i32
  %2 = call @pub(%1) : (i32) -> i32
  %3 = call @rec(%2) : (i32) -> i32
  %4 = call @multi(%c, %3) : (i1, i32) -> i32
  return %1, %2, %3, %4 : i32, i32, i32, i32
}
`

const NESTED = `func.func private @a(%x: i32) -> i32 {
  %r = call @b(%x) : (i32) -> i32
  return %r : i32
}
func.func private @b(%x: i32) -> i32 {
  %r = arith.addi %x, %x : i32
  return %r : i32
}
func.func private @m1(%x: i32) -> i32 {
  %r = call @m2(%x) : (i32) -> i32
  return %r : i32
}
func.func private @m2(%x: i32) -> i32 {
  %r = call @m1(%x) : (i32) -> i32
  return %r : i32
}
func.func @caller(%x: i32, %c: i1) -> i32 {
  %0 = call @m1(%x) : (i32) -> i32
  %1 = scf.if %c -> i32 {
    %2 = func.call @b(%0) : (i32) -> i32
    scf.yield %2 : i32
  } else {
    scf.yield %0 : i32
  }
  return %1 : i32
}
`

describe('inline', () => {
  it('inlines private, public and multi-block callees, keeps recursion, then canonicalizes', () => {
    const r = runPipeline(CALLS, 'builtin.module(inline)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @pub(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func private @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @main(%arg0: i32, %arg1: i1) -> (i32, i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.addi %0, %0 : i32
    %2 = arith.muli %1, %1 : i32
    %3 = call @rec(%2) : (i32) -> i32
    %4 = arith.select %arg1, %3, %c0_i32 : i32
    return %1, %2, %3, %4 : i32, i32, i32, i32
  }
}
`)
  })

  it('splits the caller block for a multi-block callee (no optimizer pipeline)', () => {
    const r = runPipeline(CALLS, 'builtin.module(inline{default-pipeline=})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @pub(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func private @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @main(%arg0: i32, %arg1: i1) -> (i32, i32, i32, i32) {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.addi %0, %0 : i32
    %2 = arith.muli %1, %1 : i32
    %3 = call @rec(%2) : (i32) -> i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%3 : i32)
  ^bb2:  // pred: ^bb0
    %c0_i32 = arith.constant 0 : i32
    cf.br ^bb3(%c0_i32 : i32)
  ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
    return %1, %2, %3, %4 : i32, i32, i32, i32
  }
}
`)
  })

  it('keeps mutual recursion and inlines into nested regions', () => {
    const r = runPipeline(NESTED, 'builtin.module(inline)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @b(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func private @m1(%arg0: i32) -> i32 {
    %0 = call @m2(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @m2(%arg0: i32) -> i32 {
    %0 = call @m1(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @caller(%arg0: i32, %arg1: i1) -> i32 {
    %0 = call @m1(%arg0) : (i32) -> i32
    %1 = scf.if %arg1 -> (i32) {
      %2 = arith.addi %0, %0 : i32
      scf.yield %2 : i32
    } else {
      scf.yield %0 : i32
    }
    return %1 : i32
  }
}
`)
  })

  it('inlining-threshold=0 inlines nothing but still erases dead private callees', () => {
    const r = runPipeline(CALLS, 'builtin.module(inline{default-pipeline= inlining-threshold=0})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @twice(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @pub(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func private @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @multi(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %arg1 : i32
  ^bb2:  // pred: ^bb0
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @main(%arg0: i32, %arg1: i1) -> (i32, i32, i32, i32) {
    %0 = call @twice(%arg0) : (i32) -> i32
    %1 = call @twice(%0) : (i32) -> i32
    %2 = call @pub(%1) : (i32) -> i32
    %3 = call @rec(%2) : (i32) -> i32
    %4 = call @multi(%arg1, %3) : (i1, i32) -> i32
    return %1, %2, %3, %4 : i32, i32, i32, i32
  }
}
`)
  })

  it('inlines a single-use private callee in place and erases it', () => {
    const r = runPipeline(
      `func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @main(%a: i32) -> i32 {
  %0 = call @id(%a) : (i32) -> i32
  return %0 : i32
}
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @main(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
`)
  })

  it('makes no location to inline a callee that only returns (its return is erased)', () => {
    const ctx = makeContext()
    const module = parse(
      `func.func @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @main(%a: i32) -> i32 {
  %0 = call @id(%a) : (i32) -> i32
  %1 = call @id(%0) : (i32) -> i32
  return %1 : i32
}
`,
      ctx,
    )
    const main = module.regions[0]!.front.lastOp!
    const calls = main.regions[0]!.front.operations.slice(0, 2)
    const registry = new PassRegistry()
    registerTransformsPasses(registry)
    const pm = new PassManager(ctx)
    pm.assignPipeline(parsePassPipeline('builtin.module(inline{default-pipeline=})', registry).pm!)
    expect(pm.run(module)).toBe(true)
    expect(printOperation(module)).toBe(`module {
  func.func @id(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @main(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
`)
    // The calls (erased now) never made their locations: nothing inlined needed them.
    expect(calls.map((c) => c.hasLazyLocation)).toEqual([true, true])
  })

  it('erases unused nested-visibility callables as well as private ones', () => {
    const r = runPipeline(`module {
  func.func nested @n1() {
    return
  }
  module @inner {
    func.func nested @n2() {
      return
    }
    func.func private @p2() {
      return
    }
    func.func @pub2() {
      return
    }
  }
  module @innerp attributes {sym_visibility = "private"} {
    func.func nested @n3() {
      return
    }
    func.func @pub3() {
      return
    }
  }
}
`, 'builtin.module(inline)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @inner {
    func.func @pub2() {
      return
    }
  }
  module @innerp attributes {sym_visibility = "private"} {
    func.func @pub3() {
      return
    }
  }
}
`)
  })

  it('inlines index, memref and ub ops', () => {
    const r = runPipeline(`func.func private @c1(%a: index) -> index {
  %0 = index.add %a, %a
  return %0 : index
}
func.func private @c2(%a: memref<i32>, %v: i32) {
  memref.store %v, %a[] : memref<i32>
  return
}
func.func private @c3() -> i32 {
  %0 = ub.poison : i32
  return %0 : i32
}
func.func @f(%a: index, %m: memref<i32>) -> (index, i32) {
  %0 = call @c1(%a) : (index) -> index
  %1 = call @c3() : () -> i32
  call @c2(%m, %1) : (memref<i32>, i32) -> ()
  return %0, %1 : index, i32
}
`, 'builtin.module(inline)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: index, %arg1: memref<i32>) -> (index, i32) {
    %0 = ub.poison : i32
    %1 = index.add %arg0, %arg0
    memref.store %0, %arg1[] : memref<i32>
    return %1, %0 : index, i32
  }
}
`)
  })

  it('keeps the private callables referenced from arrays, dictionaries and ops nested in regions', () => {
    const r = runPipeline(`func.func private @in_array(%a: i32) -> i32 {
  return %a : i32
}
func.func private @in_dict(%a: i32) -> i32 {
  return %a : i32
}
func.func private @in_nested_op(%a: i32) -> i32 {
  return %a : i32
}
func.func private @called(%a: i32) -> i32 {
  return %a : i32
}
func.func @main(%a: i32) -> i32 {
  "test.refs"() {refs = [@in_array, 1 : i32], more = {f = @in_dict}} : () -> ()
  "test.region"() ({
    "test.ref"() {r = @in_nested_op} : () -> ()
    "test.end"() : () -> ()
  }) : () -> ()
  %r = call @called(%a) : (i32) -> i32
  return %r : i32
}
`, 'builtin.module(inline)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @in_array(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @in_dict(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @in_nested_op(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @main(%arg0: i32) -> i32 {
    "test.refs"() {more = {f = @in_dict}, refs = [@in_array, 1 : i32]} : () -> ()
    "test.region"() ({
      "test.ref"() {r = @in_nested_op} : () -> ()
      "test.end"() : () -> ()
    }) : () -> ()
    return %arg0 : i32
  }
}
`)
  })
})
