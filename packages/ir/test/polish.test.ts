import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, printOperation, type Diagnostic, type OpAsmParser, type OperationState } from '@tilepass/ir'

// Byte-level gaps closed against mlir-opt 22. Each expected text is the output of
// `/usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect <file>` on the given input
// unless the test says otherwise.

function roundTrip(source: string): string {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const result = parseSourceString(source, ctx, { filename: 'in.mlir' })
  if (result === null) {
    throw new Error('failed to parse')
  }
  return printOperation(result.op, { resources: result })
}

function parseError(source: string): string {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const messages: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    messages.push(d.message)
    return true
  })
  const result = parseSourceString(source, ctx, { filename: 'in.mlir' })
  ctx.diagEngine.flush()
  expect(result).toBeNull()
  return messages.join('\n')
}

describe('affine expression operand order', () => {
  it('orders identifiers of the same kind by position, as mlir-opt does', () => {
    const src = `#a = affine_map<(d0, d1, d2)[s0, s1] -> (d2 + d0, d1 + d0 + d2, d2 + (d1 + d0), d2 + d0 * 2, d1 + d0 * 2, d0 * 2 + d1, d1 * 2 + d0 * 3, s1 + s0, s0 + s1, s0 + d1, d1 mod 2 + d0, d1 + d0 mod 2, d1 + d0 + 1, d2 + 1 + d0, (d2 + d1) + (d1 + d0), d1 * s0 + d0, d0 * s1 + d0 * s0, s0 * d1 + s0 * d0, s1 * s0, d1 * s1 * s0, d1 - d0, d2 + d1 - d0, s1 + 3 + s0, d1 + d0 + s1 + s0, 5 + d0, (d0 + d1) * 2)>
"test.x"() {a = #a} : () -> ()
`
    expect(roundTrip(src)).toBe(`#map = affine_map<(d0, d1, d2)[s0, s1] -> (d0 + d2, d0 + d1 + d2, d2 + d0 + d1, d2 + d0 * 2, d1 + d0 * 2, d0 * 2 + d1, d1 * 2 + d0 * 3, s0 + s1, s0 + s1, d1 + s0, d1 mod 2 + d0, d1 + d0 mod 2, d0 + d1 + 1, d0 + d2 + 1, d1 + d2 + d0 + d1, d1 * s0 + d0, d0 * s1 + d0 * s0, d1 * s0 + d0 * s0, s0 * s1, (d1 * s1) * s0, d1 - d0, d1 + d2 - d0, s0 + s1 + 3, d0 + d1 + s1 + s0, d0 + 5, (d0 + d1) * 2)>
module {
  "test.x"() {a = #map} : () -> ()
}
`)
  })
})

describe('custom op error prefix', () => {
  it('prefixes errors from the op asm parser with the op name', () => {
    const src = `%0 = "test.a"() : () -> i32
%1 = builtin.unrealized_conversion_cast %0, %0 : i32 to i64
`
    // mlir-opt: u.mlir:2:41: error: custom op 'builtin.unrealized_conversion_cast' number of
    // operands and types do not match: got 2 operands and 1 types
    expect(parseError(src)).toBe(
      "custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types",
    )
  })
  it('does not prefix errors of the generic parser used by the hook', () => {
    // mlir-opt: error: expected '{' to begin a region
    expect(parseError('module @a attributes {b = 1} foo {\n}\n')).toBe("expected '{' to begin a region")
  })
})

describe('empty dense literal', () => {
  it('accepts dense<> for any shape with a zero dimension', () => {
    const src = `"test.x"() {a = dense<> : tensor<0x3xf32>, b = dense<> : tensor<3x0xi32>, c = dense<> : tensor<0x3x!foo.s>, d = dense<> : tensor<0x2xcomplex<f32>>, e = dense<> : tensor<0xi1>} : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() {a = dense<> : tensor<0x3xf32>, b = dense<> : tensor<3x0xi32>, c = dense<> : tensor<0x3x!foo.s>, d = dense<> : tensor<0x2xcomplex<f32>>, e = dense<> : tensor<0xi1>} : () -> ()
}
`)
  })
  it('rejects dense<> for a non-empty type', () => {
    // mlir-opt: d.mlir:1:17: error: parsed zero elements, but type ('tensor<2xf32>') expected at least 1
    expect(parseError('"test.x"() {a = dense<> : tensor<2xf32>} : () -> ()\n')).toBe("parsed zero elements, but type ('tensor<2xf32>') expected at least 1")
  })
})

describe('NaN bit patterns', () => {
  it('keeps the sign and payload of NaN float attributes', () => {
    const src = `"test.x"() {a = 0x7FC00001 : f32, b = 0xFFC0 : bf16, c = 0x7FC0 : bf16, d = 0xFFC00000 : f32, e = 0x7FF8000000000001 : f64, f = 0xFFF8000000000000 : f64, g = 0x7F : f8E4M3FN, h = 0xFF : f8E4M3FN, i = 0x80 : f8E5M2FNUZ, j = 0x7E01 : f16, k = 0xFE00 : f16, l = 0x7D : f8E5M2, m = 0xFF : f8E5M2, n = 0x7FC00000 : f32, o = 0xFF : f8E8M0FNU, p = 0x7FFFC000000000000001 : f80, q = 0x7FFF8000000000000000000000000001 : f128} : () -> ()
"test.y"() {a = 0x7FC00001 : f32, b = 0xFFC0 : bf16, c = 0x7FC0 : bf16} : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() {a = 0x7FC00001 : f32, b = 0xFFC0 : bf16, c = 0x7FC0 : bf16, d = 0xFFC00000 : f32, e = 0x7FF8000000000001 : f64, f = 0xFFF8000000000000 : f64, g = 0x7F : f8E4M3FN, h = 0xFF : f8E4M3FN, i = 0x80 : f8E5M2FNUZ, j = 0x7E01 : f16, k = 0xFE00 : f16, l = 0x7D : f8E5M2, m = 0xFF : f8E5M2, n = 0x7FC00000 : f32, o = 0xFF : f8E8M0FNU, p = 0x7FFFC000000000000001 : f80, q = 0x7FFF8000000000000000000000000001 : f128} : () -> ()
  "test.y"() {a = 0x7FC00001 : f32, b = 0xFFC0 : bf16, c = 0x7FC0 : bf16} : () -> ()
}
`)
  })
  it('interns NaNs by their bits', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString('"test.x"() {a = 0xFFC0 : bf16, b = 0x7FC0 : bf16, c = 0xFFC0 : bf16} : () -> ()\n', ctx, { filename: 'in.mlir' })
    const attrs = r!.op.regions[0]!.firstBlock!.firstOp!.attributes
    expect(attrs.get('a')).toBe(attrs.get('c'))
    expect(attrs.get('a')).not.toBe(attrs.get('b'))
  })
})

describe('properties of unregistered ops', () => {
  it('keeps <{}> and non-dictionary properties as written', () => {
    const src = `"test.x"() <{}> : () -> ()
"test.y"() <1> : () -> ()
"test.z"() <{a = 1}> : () -> ()
"test.w"() <[1, "s"]> {b} : () -> ()
"test.v"() : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() <{}> : () -> ()
  "test.y"() <1 : i64> : () -> ()
  "test.z"() <{a = 1 : i64}> : () -> ()
  "test.w"() <[1, "s"]> {b} : () -> ()
  "test.v"() : () -> ()
}
`)
  })
  it('copies the raw properties when cloning', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString('"test.y"() <1> : () -> ()\n', ctx, { filename: 'in.mlir' })
    const op = r!.op.regions[0]!.firstBlock!.firstOp!
    expect(op.properties.size).toBe(0)
    expect(op.clone().rawProperties).toBe(op.rawProperties)
    expect(printOperation(op.clone())).toBe('"test.y"() <1 : i64> : () -> ()\n')
  })
})

describe('string escapes of invalid UTF-8', () => {
  it('prints the original bytes of \\XX escapes back', () => {
    const src = `"test.x"() {a = "\\FF\\00a", b = "é\\C3\\A9\\E2\\82", c = "😀\\F0\\9F\\98\\80x\\\\\\"\\n\\t", d = "\\ED\\A0\\80", e = "\\C3", sym = @"\\FFq"} : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() {a = "\\FF\\00a", b = "\\C3\\A9\\C3\\A9\\E2\\82", c = "\\F0\\9F\\98\\80\\F0\\9F\\98\\80x\\\\\\22\\0A\\09", d = "\\ED\\A0\\80", e = "\\C3", sym = @"\\FFq"} : () -> ()
}
`)
  })
})

describe('f80 and f128 decimals', () => {
  it('prints every digit when the short form is not exactly the value', () => {
    const src = `"test.x"() {a = 1.5 : f128, b = 0.1 : f128, c = 3.14159265358979323846264338327950288 : f128, d = 1.0e300 : f128, e = 0.1 : f80, f = 0x3FFF8000000000000000000000000000 : f128} : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() {a = 1.500000e+00 : f128, b = 0.100000000000000005551115123125782702 : f128, c = 3.14159265358979311599796346854418516 : f128, d = 1.00000000000000005250476025520442025E+300 : f128, e = 0.100000000000000005551 : f80, f = 1.500000e+00 : f128} : () -> ()
}
`)
  })
})

describe('affine sums with a floordiv product', () => {
  it('looks one summand deeper for the mod pattern, as mlir-opt does', () => {
    // mlir-opt --allow-unregistered-dialect h4.mlir (its output, less the tool's final blank line)
    const src = `#a = affine_map<(d0, d1)[s0, s1] -> (d1 + s0 + d0 * -1, d1 + s0 ceildiv 4 + (d0 floordiv 3) * -1, d1 + s0 - d0, d1 + s0 ceildiv 4 - d0 floordiv 3, d1 + s0 + d0 floordiv 3, d1 + s0 + (d0 floordiv 3) * 2, d1 + s0 + (d0 floordiv 3) * -2, d1 + s0 + (d0 mod 3) * -1, d1 + s0 + (d0 + d1) * -1, d1 + 5 + (d0 floordiv 3) * -1, d1 + (d0 floordiv 3) * -1, s0 + (d0 floordiv 3) * -1, d1 * 2 + s0 + (d0 floordiv 3) * -1, d1 + s0 * 3 + (d0 floordiv 3) * -1, d1 + s0 + (d1 floordiv 3) * -1)>
#b = affine_map<(d0, d1)[s0, s1] -> (d0 + d1 + (d0 floordiv 3) * -1, d0 + d1 * 2 + (d0 floordiv 3) * -1, d1 + s0 + (s1 floordiv 3) * -1, d1 + s0 + (d0 floordiv s1) * -1, d1 + s0 + (d0 ceildiv 3) * -1, d1 + d0 floordiv 2 + (d0 floordiv 3) * -1, d0 + s0 + (d0 floordiv 3) * -3, d1 + s0 + d0 + (d0 floordiv 3) * -1, d1 + 1 + s0 + (d0 floordiv 3) * -1, d1 + s0 + s1 + (d0 floordiv 3) * -1, d1 + (s0 + s1) + (d0 floordiv 3) * -1, d1 + s0 + (d0 floordiv 3), d1 + s0 + (d0 * 2) * -1, d1 + s0 + (d0 mod 3) * 2)>
#c = affine_map<(d0, d1)[s0, s1] -> (d0 + d1 + ((d0 + d1) floordiv 3) * -3, d1 + (d0 + s0) + ((d0 + s0) floordiv 3) * -3, d1 + d0 + (d0 floordiv 3) * -3, d1 + s0 + d0 + (d0 floordiv 3) * -3, d1 + s0 + (d0 floordiv 3) * s1, d1 + s0 + (d0 floordiv 3) * -3 + d0, d0 + s0 + (d0 floordiv 3) * -1)>
"test.x"() {a = #a, b = #b, c = #c} : () -> ()
`
    expect(roundTrip(src)).toBe(`#map = affine_map<(d0, d1)[s0, s1] -> (d1 + s0 - d0, d1 + -(d0 floordiv 3) + s0 ceildiv 4, d1 + s0 - d0, d1 + -(d0 floordiv 3) + s0 ceildiv 4, d1 + s0 + d0 floordiv 3, d1 + (d0 floordiv 3) * 2 + s0, d1 + (d0 floordiv 3) * -2 + s0, d1 + s0 - d0 mod 3, d1 + s0 - (d0 + d1), d1 - d0 floordiv 3 + 5, d1 - d0 floordiv 3, -(d0 floordiv 3) + s0, d1 * 2 + -(d0 floordiv 3) + s0, d1 + -(d0 floordiv 3) + s0 * 3, d1 + -(d1 floordiv 3) + s0)>
#map1 = affine_map<(d0, d1)[s0, s1] -> (d0 + d1 - d0 floordiv 3, d0 + d1 * 2 - d0 floordiv 3, d1 + s0 - s1 floordiv 3, d1 + -(d0 floordiv s1) + s0, d1 + s0 - d0 ceildiv 3, d1 + d0 floordiv 2 - d0 floordiv 3, d0 + (d0 floordiv 3) * -3 + s0, d1 + s0 + d0 - d0 floordiv 3, d1 + -(d0 floordiv 3) + s0 + 1, d1 + s0 + -(d0 floordiv 3) + s1, d1 + -(d0 floordiv 3) + s0 + s1, d1 + s0 + d0 floordiv 3, d1 + s0 - d0 * 2, d1 + s0 + (d0 mod 3) * 2)>
#map2 = affine_map<(d0, d1)[s0, s1] -> ((d0 + d1) mod 3, d1 + (d0 + s0) mod 3, d0 + d1 - (d0 floordiv 3) * 3, d1 + s0 + d0 mod 3, d1 + (d0 floordiv 3) * s1 + s0, d1 + (d0 floordiv 3) * -3 + s0 + d0, d0 + -(d0 floordiv 3) + s0)>
module {
  "test.x"() {a = #map, b = #map1, c = #map2} : () -> ()
}
`)
  })
})

describe('NaN bit patterns in dense elements', () => {
  it('keeps each NaN element and splats only equal bit patterns', () => {
    // mlir-opt --allow-unregistered-dialect n4.mlir
    const src = `"test.x"() {a = dense<0xFFC0> : tensor<2xbf16>, b = dense<[0x7FC00001, 0x7FC00000]> : tensor<2xf32>, c = dense<[0xFFC0, 1.0]> : tensor<2xbf16>, d = dense<[0xFFC0, 0xFFC0]> : tensor<2xbf16>, e = dense<[(0xFFC0, 1.0), (0xFFC0, 1.0)]> : tensor<2xcomplex<bf16>>, f = dense<[0x7FC0, 0x7FC0]> : tensor<2xbf16>, g = dense<[0x7F, 0xFF]> : tensor<2xf8E4M3FN>, h = dense<[[0x7E01, 0x7E01], [0x7E01, 0x7E01]]> : tensor<2x2xf16>} : () -> ()
`
    expect(roundTrip(src)).toBe(`module {
  "test.x"() {a = dense<0xFFC0> : tensor<2xbf16>, b = dense<[0x7FC00001, 0x7FC00000]> : tensor<2xf32>, c = dense<[0xFFC0, 1.000000e+00]> : tensor<2xbf16>, d = dense<0xFFC0> : tensor<2xbf16>, e = dense<(0xFFC0,1.000000e+00)> : tensor<2xcomplex<bf16>>, f = dense<0x7FC0> : tensor<2xbf16>, g = dense<[0x7F, 0xFF]> : tensor<2xf8E4M3FN>, h = dense<0x7E01> : tensor<2x2xf16>} : () -> ()
}
`)
  })
})

describe('custom op error prefix on asm parser helpers', () => {
  // An op whose custom parser reads a symbol name and then a keyword, like func.func.
  const pz = {
    namespace: 'pz',
    ops: [
      {
        name: 'pz.sym',
        parse(parser: OpAsmParser, _state: OperationState): boolean {
          return parser.parseSymbolName() !== undefined && parser.parseKeywordOrUndefined() !== undefined
        },
      },
    ],
  }
  function errorOf(source: string): string {
    const ctx = new Context({ dialects: [pz] })
    const messages: string[] = []
    ctx.diagEngine.registerHandler((d: Diagnostic) => {
      messages.push(d.message)
      return true
    })
    expect(parseSourceString(source, ctx, { filename: 'in.mlir' })).toBeNull()
    ctx.diagEngine.flush()
    return messages.join('\n')
  }
  it('prefixes the symbol name and keyword errors', () => {
    // mlir-opt on `func.func 5() { }`: error: custom op 'func.func' expected valid '@'-identifier for symbol name
    expect(errorOf('pz.sym 5\n')).toBe("custom op 'pz.sym' expected valid '@'-identifier for symbol name")
    // mlir-opt on `spirv.module 5 GLSL450 { }`: error: custom op 'spirv.module' expected valid keyword
    expect(errorOf('pz.sym @a 5\n')).toBe("custom op 'pz.sym' expected valid keyword")
  })
})
