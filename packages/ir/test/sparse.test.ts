import { describe, expect, it } from 'vitest'
import {
  ArrayAttr,
  Context,
  DenseIntOrFPElementsAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  RankedTensorType,
  SparseElementsAttr,
  StringAttr,
  parseAttribute,
  parseSourceString,
  printAttribute,
  printOperation,
} from '@tilepass/ir'
import type { AsmPrinterOptions } from '@tilepass/ir'

function context(): Context {
  return new Context({ allowUnregisteredDialects: true })
}

/** Parses `"t.op"() {a = <attr>} : () -> ()` and returns the diagnostics as `line:col: severity: message`. */
function parseOp(attr: string, ctx: Context = context()): { printed: (o?: AsmPrinterOptions) => string; diags: string[] } {
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const loc = d.location instanceof FileLineColLoc ? `${d.location.line}:${d.location.column}` : '?'
    diags.push(`${loc}: ${d.severity}: ${d.message}`)
    return true
  })
  const r = parseSourceString(`"t.op"() {a = ${attr}} : () -> ()\n`, ctx, { filename: 't.mlir' })
  return { printed: (o) => (r === null ? '<null>' : printOperation(r.op, o)), diags }
}

/** Each input and mlir-opt 22's printed form of it (`mlir-opt --allow-unregistered-dialect`). */
const ROUND_TRIP: [string, string][] = [
  ['sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>', 'sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>'],
  ['sparse<> : tensor<3x4xf32>', 'sparse<> : tensor<3x4xf32>'],
  ['sparse<[[1]], [1.5]> : tensor<4xf32>', 'sparse<1, 1.500000e+00> : tensor<4xf32>'],
  ['sparse<1, 2.0> : tensor<4x4xf64>', 'sparse<1, 2.000000e+00> : tensor<4x4xf64>'],
  ['sparse<[0, 2], 7> : tensor<4xi64>', 'sparse<[0, 2], 7> : tensor<4xi64>'],
  ['sparse<[[0, 0], [1, 1]], "0x0100000002000000"> : tensor<2x2xi32>', 'sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>'],
  ['sparse<[[0, 0], [1, 1]], [true, false]> : tensor<2x2xi1>', 'sparse<[[0, 0], [1, 1]], [true, false]> : tensor<2x2xi1>'],
  [
    'sparse<[[0, 0], [1, 1]], [(1.0, 2.0), (3.0, 4.0)]> : tensor<2x2xcomplex<f32>>',
    'sparse<[[0, 0], [1, 1]], [(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2x2xcomplex<f32>>',
  ],
  ['sparse<[[0, 0], [1, 1]], [2, 2]> : vector<2x2xi8>', 'sparse<[[0, 0], [1, 1]], 2> : vector<2x2xi8>'],
  ['sparse<[[0, 0], [1, 1]], [1, 2]> : memref<2x2xi32>', 'sparse<[[0, 0], [1, 1]], [1, 2]> : memref<2x2xi32>'],
  ['sparse<[[1, 1]], [0x7FC00001]> : tensor<2x2xf32>', 'sparse<1, 0x7FC00001> : tensor<2x2xf32>'],
  ['sparse<[[0, 0, 1], [1, 1, 0]], [-0.0, 1.0e-3]> : tensor<2x2x2xbf16>', 'sparse<[[0, 0, 1], [1, 1, 0]], [-0.000000e+00, 9.994500e-04]> : tensor<2x2x2xbf16>'],
  ['sparse<[[0, 0], [0, 0]], [1, 2]> : tensor<2x2xi32>', 'sparse<0, [1, 2]> : tensor<2x2xi32>'],
  ['sparse<[], []> : tensor<5xindex>', 'sparse<> : tensor<5xindex>'],
]

/** Malformed inputs and mlir-opt 22's diagnostics for them (the op starts at column 1, the attribute at 15). */
const ERRORS: [string, string[]][] = [
  ['sparse<[[0, 1], [1, 0]], [-1, 255]> : tensor<2x2xui8>', ['1:42: error: expected unsigned integer elements, but parsed negative value']],
  ['sparse<[[0], [3]], [["a"], ["b"]]> : tensor<5xi32>', ['1:36: error: integer constant out of range for type']],
  ['sparse<[[0, 0], [1, 5]], [1, 2]> : tensor<2x2xi32>', ["1:15: error: sparse index #1 is not contained within the value shape, with index=[1, 5], and type='tensor<2x2xi32>'"]],
  ['sparse<[[0, 0, 0], [1, 1, 1]], [1, 2]> : tensor<2x2xi32>', ['1:15: error: expected shape ([2, 2]); inferred shape of indices literal ([2, 3]); inferred shape of values literal ([2])']],
  ['sparse<[[0, 0], [1, 1]], [[1, 2]]> : tensor<2x2xi32>', ['1:15: error: expected 1-d tensor for sparse element values']],
  ['sparse<[[0, 0], [1, 1]], [1.0, 2.0]> : tensor<2x2xi32>', ['1:41: error: expected integer elements, but parsed floating-point']],
  ['sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<?x2xi32>', ['1:15: error: elements literal type must have static shape']],
  ['sparse<[[0, 0], [1, 1]], [1, 2]> : i32', ['1:15: error: elements literal must be a shaped type']],
  ['sparse<[[0, 0], [1, 1]] [1, 2]> : tensor<2x2xi32>', ["1:38: error: expected ','"]],
  ['sparse [[0, 0]], [1]> : tensor<2x2xi32>', ["1:21: error: Expected '<' after 'sparse'"]],
  [
    'sparse<[[0, 0], [-1, 1]], [1, 2]> : tensor<2x2xi32>',
    ["1:15: error: sparse index #1 is not contained within the value shape, with index=[18446744073709551615, 1], and type='tensor<2x2xi32>'"],
  ],
  ['sparse<[0, 1], [1, 2]> : tensor<2x2xi32>', ['1:15: error: expected shape ([2, 2]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])']],
  ['sparse<"0x00", [1, 2]> : tensor<2x2xi32>', ['1:22: error: integer constant out of range for type']],
  ['sparse<[[0, 0], [1, 1]], "0x01"> : tensor<2x2xi32>', ["1:40: error: elements hex data size is invalid for provided type: 'tensor<2xi32>'"]],
  ['sparse<[[0, 0], [1, 1]], "zz"> : tensor<2x2xi32>', ['1:40: error: expected string containing hex digits starting with `0x`']],
  ['sparse<4, [1]> : tensor<2x2xi32>', ["1:15: error: sparse index #0 is not contained within the value shape, with index=[4, 4], and type='tensor<2x2xi32>'"]],
  ['sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xcomplex<f32>>', ["1:40: error: parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements"]],
  ['sparse<[[0, 0], [1, 1]], ["a", 2.0]> : tensor<2x2xf32>', ['1:41: error: expected floating point literal']],
]

describe('sparse elements attributes print as mlir-opt', () => {
  for (const [input, expected] of ROUND_TRIP) {
    it(input, () => {
      const { printed, diags } = parseOp(input)
      expect(diags).toEqual([])
      const text = printed()
      expect(text).toContain(`{a = ${expected}}`)
      // The printed form reads back to the same (uniqued) attribute, except where MLIR's own
      // output does not: equal indices print as one splat index that no longer matches the values.
      if (expected.startsWith('sparse<0, [')) {
        return
      }
      const ctx = context()
      const a = parseAttribute(expected, ctx)
      expect(a).toBeInstanceOf(SparseElementsAttr)
      expect(parseAttribute(printAttribute(a!), ctx)).toBe(a)
    })
  }

  it('elides large indices or values and prints values in hex when asked', () => {
    const { printed } = parseOp('sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>')
    // mlir-opt --mlir-elide-elementsattrs-if-larger=2 / =4 / --mlir-print-elementsattrs-with-hex-if-larger=1
    expect(printed({ elideElementsAttrsIfLarger: 2 })).toContain('{a = dense_resource<__elided__> : tensor<2x2xi32>}')
    expect(printed({ elideElementsAttrsIfLarger: 4 })).toContain('{a = sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>}')
    expect(printed({ printElementsAttrsWithHexIfLarger: 1 })).toContain('{a = sparse<[[0, 0], [1, 1]], "0x0100000002000000"> : tensor<2x2xi32>}')
    // Splat indices and values are never elided: `sparse<0, 1>` with a limit of 0.
    expect(parseOp('sparse<0, 1> : tensor<2x2xi32>').printed({ elideElementsAttrsIfLarger: 0 })).toContain('{a = sparse<0, 1> : tensor<2x2xi32>}')
  })
})

describe('sparse elements diagnostics match mlir-opt', () => {
  for (const [input, expected] of ERRORS) {
    it(input, () => {
      const { printed, diags } = parseOp(input)
      expect(printed()).toBe('<null>')
      expect(diags).toEqual(expected)
    })
  }
})

describe('SparseElementsAttr API', () => {
  it('is uniqued and reads elements with zero where nothing is stored', () => {
    const ctx = context()
    const a = parseAttribute('sparse<[[0, 1], [2, 3], [0, 1]], [7, -3, 9]> : tensor<3x4xi16>', ctx) as SparseElementsAttr
    expect(parseAttribute('sparse<[[0, 1], [2, 3], [0, 1]], [7, -3, 9]> : tensor<3x4xi16>', ctx)).toBe(a)
    expect(a.numElements).toBe(12)
    expect(a.numStoredValues).toBe(3)
    expect(a.getSparseIndices()).toEqual([
      [0, 1],
      [2, 3],
      [0, 1],
    ])
    // The first stored value wins for a repeated index.
    expect(a.getValues()).toEqual([0n, 7n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, -3n])
    const i16 = IntegerType.get(ctx, 16)
    expect(a.getValueAt([0, 1])).toBe(IntegerAttr.get(i16, 7))
    expect(a.getValueAt([1, 1])).toBe(IntegerAttr.get(i16, 0))
    expect(a.getValueAt([3, 0])).toBeNull()
    expect(printAttribute(a.toDense())).toBe('dense<[[0, 7, 0, 0], [0, 0, 0, 0], [0, 0, 0, -3]]> : tensor<3x4xi16>')
  })

  it('reads float, complex, splat and string values', () => {
    const ctx = context()
    const f = parseAttribute('sparse<1, 2.5> : tensor<2x2xf32>', ctx) as SparseElementsAttr
    expect(f.getValues()).toEqual([0, 0, 0, 2.5])
    expect(f.getValueAt([1, 1])).toBe(FloatAttr.get(FloatType.get(ctx, 'f32'), 2.5))
    expect(f.getValueAt([0, 0])).toBe(FloatAttr.get(FloatType.get(ctx, 'f32'), 0))
    const c = parseAttribute('sparse<[1], [(1.0, -2.0)]> : tensor<2xcomplex<f64>>', ctx) as SparseElementsAttr
    expect(c.getValues()).toEqual([0, 0, 1, -2])
    const f64 = FloatType.get(ctx, 'f64')
    expect(c.getValueAt([1])).toBe(ArrayAttr.get(ctx, [FloatAttr.get(f64, 1), FloatAttr.get(f64, -2)]))
    const s = parseAttribute('sparse<[[0], [2]], ["x", "y"]> : tensor<3x!t.s>', ctx) as SparseElementsAttr
    expect(s.getValues()).toEqual(['x', '', 'y'])
    expect(s.getValueAt([2])).toBe(StringAttr.get(ctx, 'y'))
    expect(printAttribute(s)).toBe('sparse<[[0], [2]], ["x", "y"]> : tensor<3x!t.s>')
  })

  it('verifies parts built in code', () => {
    const ctx = context()
    const i64 = IntegerType.get(ctx, 64)
    const type = RankedTensorType.get([2, 2], IntegerType.get(ctx, 32))
    const indices = DenseIntOrFPElementsAttr.get(RankedTensorType.get([1, 2], i64), [1n, 2n], false)
    const values = DenseIntOrFPElementsAttr.get(RankedTensorType.get([1], IntegerType.get(ctx, 32)), [5n], false)
    expect(SparseElementsAttr.verify(type, indices, values)).toBe(
      "sparse index #0 is not contained within the value shape, with index=[1, 2], and type='tensor<2x2xi32>'",
    )
    const ok = DenseIntOrFPElementsAttr.get(RankedTensorType.get([1, 2], i64), [1n, 1n], false)
    expect(SparseElementsAttr.verify(type, ok, values)).toBeNull()
    expect(printAttribute(SparseElementsAttr.get(type, ok, values))).toBe('sparse<1, 5> : tensor<2x2xi32>')
  })
})
