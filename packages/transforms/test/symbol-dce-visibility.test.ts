import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// symbol-dce's visibility rules (expected outputs from mlir-opt 22.1.8,
// `mlir-opt --allow-unregistered-dialect --symbol-dce` and
// `-p 'builtin.module(builtin.module(symbol-dce))'`): a top-level table is hidden, a public
// symbol is never discarded, a nested one is in a hidden table, and symbol tables inside
// ops that are not symbol tables get their own liveness.

const SOURCE = `module {
  module @priv attributes {sym_visibility = "private"} {
    func.func nested @unused()
    func.func @entry() {
      return
    }
  }
  func.func @holder() {
    scf.execute_region {
      builtin.module {
        func.func nested @nested_unused() {
          return
        }
        func.func @main() {
          return
        }
      }
      scf.yield
    }
    return
  }
  "live.user"() {uses = [@priv]} : () -> ()
}
`

describe('symbol-dce visibility', () => {
  it('keeps public symbols of a private table and computes tables nested in other ops', () => {
    const r = runPipeline(SOURCE, 'builtin.module(symbol-dce)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @priv attributes {sym_visibility = "private"} {
    func.func @entry() {
      return
    }
  }
  func.func @holder() {
    scf.execute_region {
      builtin.module {
        func.func @main() {
          return
        }
      }
      scf.yield
    }
    return
  }
  "live.user"() {uses = [@priv]} : () -> ()
}
`)
  })

  it('keeps nested symbols of a table whose parent is not hidden', () => {
    const r = runPipeline(SOURCE, 'builtin.module(builtin.module(symbol-dce))')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  module @priv attributes {sym_visibility = "private"} {
    func.func @entry() {
      return
    }
  }
  func.func @holder() {
    scf.execute_region {
      builtin.module {
        func.func nested @nested_unused() {
          return
        }
        func.func @main() {
          return
        }
      }
      scf.yield
    }
    return
  }
  "live.user"() {uses = [@priv]} : () -> ()
}
`)
  })

  it('fails on an op that may be an unknown symbol table', () => {
    const r = runPipeline(`module {
  func.func private @private_symbol()
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
}
`, 'builtin.module(symbol-dce)')
    expect(r.ok).toBe(false)
  })
})
