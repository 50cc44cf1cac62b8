import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, printOperation, type AsmPrinterOptions } from '@tilepass/ir'

// The numbering walk tells whether a module prints any alias; the alias walk is skipped
// only when it would find none. Each module hides its one aliased attribute or type in a
// different place. Expected texts: `mlir-opt --allow-unregistered-dialect <file>` (MLIR
// 22.1.8) or with `--mlir-print-op-generic`.

function print(source: string, options: AsmPrinterOptions = {}): string {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const result = parseSourceString(source, ctx, { filename: 'probe.mlir' })
  if (result === null) {
    throw new Error('parse failed')
  }
  return printOperation(result.op, options)
}

const NESTED_ATTR = `"test.region"() ({
  "test.op"() ({
  ^bb0:
    "test.use"() {map = affine_map<(d0) -> (d0 + 1)>} : () -> ()
  }) : () -> ()
}) : () -> ()
`

const BLOCK_ARG = `"test.region"() ({
  "test.inner"() ({
  ^bb0(%y: memref<4xf32, affine_map<(d0) -> (d0 * 2)>>):
    "test.done"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

describe('alias probe of the numbering walk', () => {
  it('finds an alias used only by an op nested two regions deep', () => {
    expect(print(NESTED_ATTR)).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module {
  "test.region"() ({
    "test.op"() ({
      "test.use"() {map = #map} : () -> ()
    }) : () -> ()
  }) : () -> ()
}
`)
    expect(print(NESTED_ATTR, { printGenericOpForm: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() ({
  "test.region"() ({
    "test.op"() ({
      "test.use"() {map = #map} : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
`)
  })

  it('finds an alias used only by the type of a nested block argument', () => {
    expect(print(BLOCK_ARG)).toBe(`#map = affine_map<(d0) -> (d0 * 2)>
module {
  "test.region"() ({
    "test.inner"() ({
    ^bb0(%arg0: memref<4xf32, #map>):
      "test.done"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}
`)
  })

  it('prints no alias line for a module without aliased attributes or types', () => {
    expect(print(`"test.region"() ({\n^bb0(%a: memref<4xf32>):\n  "test.use"(%a) {n = 3 : i32} : (memref<4xf32>) -> ()\n}) : () -> ()\n`)).toBe(`module {
  "test.region"() ({
  ^bb0(%arg0: memref<4xf32>):
    "test.use"(%arg0) {n = 3 : i32} : (memref<4xf32>) -> ()
  }) : () -> ()
}
`)
  })
})
