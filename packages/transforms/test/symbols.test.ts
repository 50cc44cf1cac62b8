import { describe, expect, it } from 'vitest'
import { printOperation, type SymbolRefAttr } from '@tilepass/ir'
import { collectSymbolUses } from '../src/index.ts'
import { parse, runPipeline } from './helpers.ts'

// Inputs are tools/differential-passes/inputs/symbols.mlir and locations.mlir; expected
// outputs come from mlir-opt 22.1.8 with the pipeline named in each test
// (`mlir-opt --allow-unregistered-dialect <input> --symbol-dce`, and so on).

const SYMBOLS = `module {
  func.func private @dead() {
    return
  }
  func.func private @used_by_live() -> i32 {
    %c1 = arith.constant 1 : i32
    return %c1 : i32
  }
  func.func @pub() -> i32 {
    %0 = func.call @used_by_live() : () -> i32
    return %0 : i32
  }
  func.func private @dead_chain_a() {
    func.call @dead_chain_b() : () -> ()
    return
  }
  func.func private @dead_chain_b() {
    return
  }
  func.func nested @nested_vis() {
    return
  }
  module @inner {
    func.func @inner_pub() {
      return
    }
    func.func private @inner_priv() {
      return
    }
  }
  module @inner_private attributes {sym_visibility = "private"} {
    func.func @x() {
      return
    }
  }
  "test.user"() {ref = @inner::@inner_priv} : () -> ()
}
`

const LOCATIONS = `func.func @locs(%a: i32 loc("arg.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("add.mlir":3:4)
  %1 = arith.addi %a, %a : i32 loc(fused["x", "y"])
  %2 = arith.muli %0, %1 : i32 loc(unknown)
  cf.br ^bb1(%2 : i32) loc("br")
^bb1(%b: i32 loc("barg")):
  return %b : i32 loc(callsite("callee" at "caller"))
} loc("func")
`

describe('symbol passes', () => {
  it('symbol-dce erases unreferenced non-public symbols and keeps referenced nested ones', () => {
    const r = runPipeline(SYMBOLS, 'builtin.module(symbol-dce)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @used_by_live() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    return %c1_i32 : i32
  }
  func.func @pub() -> i32 {
    %0 = call @used_by_live() : () -> i32
    return %0 : i32
  }
  module @inner {
    func.func @inner_pub() {
      return
    }
    func.func private @inner_priv() {
      return
    }
  }
  "test.user"() {ref = @inner::@inner_priv} : () -> ()
}
`)
  })

  it('symbol-dce finds references in arrays and dictionaries, not names in strings or types', () => {
    // Expected output from mlir-opt 22.1.8 (`--allow-unregistered-dialect --symbol-dce`).
    const src = `module {
  func.func private @in_array() {
    return
  }
  func.func private @in_dict() {
    return
  }
  func.func private @named_by_string() {
    return
  }
  "test.user"() {refs = [@in_array, 1 : i32], table = {f = @in_dict, g = "s"}, name = "named_by_string", sig = () -> ()} : () -> ()
}
`
    const r = runPipeline(src, 'builtin.module(symbol-dce)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @in_array() {
    return
  }
  func.func private @in_dict() {
    return
  }
  "test.user"() {name = "named_by_string", refs = [@in_array, 1 : i32], sig = () -> (), table = {f = @in_dict, g = "s"}} : () -> ()
}
`)
  })

  it('symbol-privatize marks top-level symbols private except the excluded ones', () => {
    const r = runPipeline(SYMBOLS, 'builtin.module(symbol-privatize{exclude=pub,dead})')
    expect(r.text).toBe(`module {
  func.func private @dead() {
    return
  }
  func.func private @used_by_live() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    return %c1_i32 : i32
  }
  func.func @pub() -> i32 {
    %0 = call @used_by_live() : () -> i32
    return %0 : i32
  }
  func.func private @dead_chain_a() {
    call @dead_chain_b() : () -> ()
    return
  }
  func.func private @dead_chain_b() {
    return
  }
  func.func private @nested_vis() {
    return
  }
  module @inner attributes {sym_visibility = "private"} {
    func.func @inner_pub() {
      return
    }
    func.func private @inner_priv() {
      return
    }
  }
  module @inner_private attributes {sym_visibility = "private"} {
    func.func @x() {
      return
    }
  }
  "test.user"() {ref = @inner::@inner_priv} : () -> ()
}
`)
  })

  it('symbol-dce fails on an op that is not a symbol table', () => {
    const r = runPipeline(SYMBOLS, 'builtin.module(func.func(symbol-dce))')
    expect(r.ok).toBe(false)
  })
})

describe('strip-debuginfo', () => {
  it('replaces op and block argument locations with unknown', () => {
    const r = runPipeline(LOCATIONS, 'builtin.module(strip-debuginfo)')
    expect(printOperation(r.module, { printDebugInfo: true })).toBe(`#loc = loc(unknown)
module {
  func.func @locs(%arg0: i32 loc(unknown)) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc)
    %1 = arith.addi %arg0, %arg0 : i32 loc(#loc)
    %2 = arith.muli %0, %1 : i32 loc(#loc)
    cf.br ^bb1(%2 : i32) loc(#loc)
  ^bb1(%3: i32 loc(unknown)):  // pred: ^bb0
    return %3 : i32 loc(#loc)
  } loc(#loc)
} loc(#loc)
`)
  })
})

describe('collectSymbolUses', () => {
  it('lists the references of an op and the ops nested in it, inherent attributes first, nested arrays and dictionaries included', () => {
    const module = parse(`func.func @user() attributes {disc = @e} {
  "test.inner"() {refs = [@a, {k = @b::@c}], name = "n", type = i32} : () -> ()
  func.call @d() : () -> ()
  return
}`)
    const user = module.regions[0]!.firstBlock!.firstOp!
    const out: SymbolRefAttr[] = []
    expect(collectSymbolUses(user, out)).toBe(true)
    expect(out.map((r) => [r.rootReference, ...r.nestedReferences].join('::'))).toEqual(['e', 'a', 'b::c', 'd'])
  })
})
