import { printOperation } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Regression tests for the inliner's agreement with mlir-opt 22 (`mlir-opt --inline[=OPTIONS]`,
// expected outputs produced with it): builtin casts are inlinable, the use counts of
// discardable callees are recounted as upstream's CGUseList does, inlined ops get call-site
// locations, and `inlining-threshold=0` inlines nothing.

describe('inline (upstream agreement)', () => {
  it('inlines builtin.unrealized_conversion_cast, cloned and in place', () => {
    const r = runPipeline(
      `func.func @main0(%a: f32) -> (i32, i32) {
  %r = call @compute1(%a) : (f32) -> i32
  %s = call @compute1(%a) : (f32) -> i32
  return %r, %s : i32, i32
}
func.func private @compute1(%a: f32) -> i32 {
  %v = builtin.unrealized_conversion_cast %a : f32 to i32
  return %v : i32
}
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @main0(%arg0: f32) -> (i32, i32) {
    %0 = builtin.unrealized_conversion_cast %arg0 : f32 to i32
    %1 = builtin.unrealized_conversion_cast %arg0 : f32 to i32
    return %0, %1 : i32, i32
  }
}
`)
  })

  it('inlines a call_indirect that canonicalize turns direct, and erases the callee of a nested module', () => {
    const r = runPipeline(
      `module {
  module @inner {
    func.func @main0(%a: f32) -> i32 {
      %f = func.constant @compute1 : (f32) -> i32
      %r = func.call_indirect %f(%a) : (f32) -> i32
      return %r : i32
    }
    func.func private @compute1(%a: f32) -> i32 {
      %v = builtin.unrealized_conversion_cast %a : f32 to i32
      return %v : i32
    }
  }
}
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @inner {
    func.func @main0(%arg0: f32) -> i32 {
      %0 = builtin.unrealized_conversion_cast %arg0 : f32 to i32
      return %0 : i32
    }
  }
}
`)
  })

  it('recounts uses after simplifying a callable: a callee left unreferenced is erased if its SCC comes later', () => {
    const r = runPipeline(
      `func.func @a() {
  %f = func.constant @b : () -> ()
  return
}
func.func private @b() {
  return
}
func.func private @c() {
  return
}
func.func @d() {
  %f = func.constant @c : () -> ()
  return
}
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @a() {
    return
  }
  func.func private @c() {
    return
  }
  func.func @d() {
    return
  }
}
`)
  })

  it('keeps a private callee referenced outside any callable, cloning its body', () => {
    const r = runPipeline(
      `func.func private @pinned(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
"test.pin"() {target = @pinned} : () -> ()
func.func @calls_pinned(%a: i32) -> i32 {
  %0 = call @pinned(%a) : (i32) -> i32
  return %0 : i32
}
func.func @attr_ref() attributes {test.ref = @attr_only} {
  return
}
func.func private @attr_only() {
  return
}
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @pinned(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  "test.pin"() {target = @pinned} : () -> ()
  func.func @calls_pinned(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @attr_ref() attributes {test.ref = @attr_only} {
    return
  }
  func.func private @attr_only() {
    return
  }
}
`)
  })

  it('gives inlined ops call-site locations, stacking nested call sites', () => {
    const r = runPipeline(
      `module {
  func.func private @leaf(%a: i32 loc("leaf.mlir":1:20)) -> i32 {
    %0 = arith.addi %a, %a : i32 loc("leaf.mlir":2:5)
    return %0 : i32 loc("leaf.mlir":3:5)
  } loc("leaf.mlir":1:1)
  func.func private @mid(%a: i32 loc("mid.mlir":1:20)) -> i32 {
    %0 = call @leaf(%a) : (i32) -> i32 loc("mid.mlir":2:5)
    %1 = arith.muli %0, %a : i32 loc(callsite("inner.mlir":7:7 at "outer.mlir":8:8))
    return %1 : i32 loc("mid.mlir":3:5)
  } loc("mid.mlir":1:1)
  func.func @top(%a: i32 loc("top.mlir":1:20)) -> i32 {
    %0 = call @mid(%a) : (i32) -> i32 loc("top.mlir":2:5)
    %1 = call @leaf(%0) : (i32) -> i32 loc(unknown)
    return %1 : i32 loc("top.mlir":3:5)
  } loc("top.mlir":1:1)
} loc("m.mlir":0:0)
`,
      'builtin.module(inline)',
    )
    expect(r.ok).toBe(true)
    expect(printOperation(r.module, { printDebugInfo: true })).toBe(`#loc2 = loc("top.mlir":1:20)
module {
  func.func @top(%arg0: i32 loc("top.mlir":1:20)) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc11)
    %1 = arith.muli %0, %arg0 : i32 loc(#loc12)
    %2 = arith.addi %1, %1 : i32 loc(#loc3)
    return %2 : i32 loc(#loc8)
  } loc(#loc1)
} loc(#loc)
#loc = loc("m.mlir":0:0)
#loc1 = loc("top.mlir":1:1)
#loc3 = loc("leaf.mlir":2:5)
#loc4 = loc("mid.mlir":2:5)
#loc5 = loc("top.mlir":2:5)
#loc6 = loc("inner.mlir":7:7)
#loc7 = loc("outer.mlir":8:8)
#loc8 = loc("top.mlir":3:5)
#loc9 = loc(callsite(#loc4 at #loc5))
#loc10 = loc(callsite(#loc7 at #loc5))
#loc11 = loc(callsite(#loc3 at #loc9))
#loc12 = loc(callsite(#loc6 at #loc10))
`)
  })

  it('inlining-threshold=0 inlines nothing, even into a caller 100 times larger', () => {
    let big = 'func.func private @e(%a: i32) -> i32 {\n  return %a : i32\n}\nfunc.func @big(%a: i32) -> i32 {\n  %v0 = call @e(%a) : (i32) -> i32\n'
    for (let i = 1; i <= 100; i++) {
      big += `  %v${i} = arith.addi %v${i - 1}, %a : i32\n`
    }
    big += '  return %v100 : i32\n}\n'
    const none = runPipeline(big, 'builtin.module(inline{inlining-threshold=0})')
    expect(none.ok).toBe(true)
    expect(none.text).toContain('%0 = call @e(%arg0) : (i32) -> i32')
    expect(none.text).toContain('func.func private @e(')
    const some = runPipeline(big, 'builtin.module(inline{inlining-threshold=1})')
    expect(some.ok).toBe(true)
    expect(some.text).not.toContain('call @e')
    expect(some.text).toContain('%0 = arith.addi %arg0, %arg0 : i32')
  })

  it('fails on an op that is not a symbol table', () => {
    const source = `func.func @a() {
  return
}
`
    const r = runPipeline(source, 'builtin.module(func.func(inline))')
    expect(r.ok).toBe(false)
    expect(r.text).toBe(`module {
  func.func @a() {
    return
  }
}
`)
  })
})
