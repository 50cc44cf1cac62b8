import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected from `mlir-opt --allow-unregistered-dialect <input> --topological-sort` (MLIR 22.1.8);
// the input is tools/differential-passes/inputs/graph-sort.mlir.

describe('topological-sort', () => {
  it('sorts graph regions, breaking cycles in block order, and skips unregistered ops', () => {
    const r = runPipeline(`module {
  %2 = "test.c"(%1) : (i32) -> i32
  %1 = "test.b"(%0) : (i32) -> i32
  %0 = "test.a"() : () -> i32
  %3 = "test.d"(%2, %0) : (i32, i32) -> i32
  "test.graph"() ({
    %y = "test.y"(%x) : (i32) -> i32
    %x = "test.x"() : () -> i32
  }) : () -> ()
  %5 = "test.cycle1"(%4) : (i32) -> i32
  %4 = "test.cycle2"(%5) : (i32) -> i32
  func.func @f() {
    return
  }
}
`, 'builtin.module(topological-sort)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  %0 = "test.a"() : () -> i32
  "test.graph"() ({
    %6 = "test.y"(%7) : (i32) -> i32
    %7 = "test.x"() : () -> i32
  }) : () -> ()
  func.func @f() {
    return
  }
  %1 = "test.b"(%0) : (i32) -> i32
  %2 = "test.c"(%1) : (i32) -> i32
  %3 = "test.d"(%2, %0) : (i32, i32) -> i32
  %4 = "test.cycle1"(%5) : (i32) -> i32
  %5 = "test.cycle2"(%4) : (i32) -> i32
}
`)
  })

  it('treats values defined inside an op as ready and values of later ops in nested regions as not', () => {
    // Expected from mlir-opt 22.1.8 --allow-unregistered-dialect --topological-sort.
    const r = runPipeline(`module {
  %0 = "test.outer"() ({
    %a = "test.inner"() ({
      "test.deep"(%a, %2) : (i32, i32) -> ()
    }) : () -> i32
    "test.use"(%a) : (i32) -> ()
  }) : () -> i32
  %1 = "test.nested_self"() ({
    %b = "test.def"() : () -> i32
    "test.wrap"() ({
      "test.deep"(%b, %1) : (i32, i32) -> ()
    }) : () -> ()
  }) : () -> i32
  %2 = "test.late"() : () -> i32
}
`, 'builtin.module(topological-sort)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  %0 = "test.nested_self"() ({
    %3 = "test.def"() : () -> i32
    "test.wrap"() ({
      "test.deep"(%3, %0) : (i32, i32) -> ()
    }) : () -> ()
  }) : () -> i32
  %1 = "test.late"() : () -> i32
  %2 = "test.outer"() ({
    %3 = "test.inner"() ({
      "test.deep"(%3, %1) : (i32, i32) -> ()
    }) : () -> i32
    "test.use"(%3) : (i32) -> ()
  }) : () -> i32
}
`)
  })
})
