import { describe, expect, it } from 'vitest'
import {
  Context,
  FloatAttr,
  FloatType,
  floatAttrBits,
  floatAttrFromBits,
  formatWideFloat,
  parseAttribute,
  parseSourceString,
  parseWideDecimal,
  printOperation,
  wideBitsFromDouble,
} from '@tilepass/ir'

/** Prints `"t.op"() {a = <attr>} : () -> ()` back and returns the text after `a = `. */
function roundTrip(attr: string, hexLimit?: number): string {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const r = parseSourceString(`"t.op"() {a = ${attr}} : () -> ()\n`, ctx)
  expect(r).not.toBeNull()
  const text = printOperation(r!.op, hexLimit === undefined ? {} : { printElementsAttrsWithHexIfLarger: hexLimit })
  const m = /\{a = (.*)\} : \(\) -> \(\)/.exec(text)
  return m?.[1] ?? text
}

/** Each input attribute and mlir-opt 22's printed form of it (`mlir-opt --allow-unregistered-dialect`). */
const TABLE: [string, string][] = [
  ["1.0 : f80", "1.000000e+00 : f80"],
  ["0.1 : f80", "0.100000000000000005551 : f80"],
  ["1.0e4000 : f80", "0x7FFF8000000000000000 : f80"],
  ["1.0e-4940 : f80", "0.000000e+00 : f80"],
  ["0x7FFFC000000000000001 : f80", "0x7FFFC000000000000001 : f80"],
  ["0xFFFF8000000000000000 : f80", "0xFFFF8000000000000000 : f80"],
  ["3.14159265358979323846264338327950288 : f80", "3.141592653589793116 : f80"],
  ["1.5e300 : f80", "1.50000000000000007876E+300 : f80"],
  ["0x00000000000000000001 : f80", "3.645200e-4951 : f80"],
  ["0x3FFF8000000000000001 : f80", "1.00000000000000000011 : f80"],
  ["0x00008000000000000000 : f80", "3.36210314311209350626E-4932 : f80"],
  ["0x40000000000000000000 : f80", "0x7FFF0000000000000000 : f80"],
  ["0x3FFBCCCCCCCCCCCCCCCD : f80", "1.000000e-01 : f80"],
  ["0.1 : f128", "0.100000000000000005551115123125782702 : f128"],
  ["1.0e4000 : f128", "0x7FFF0000000000000000000000000000 : f128"],
  ["0x7FFF8000000000000000000000000001 : f128", "0x7FFF8000000000000000000000000001 : f128"],
  ["0x00000000000000000000000000000001 : f128", "6.475180e-4966 : f128"],
  ["123456789012345678901234567890.0 : f128", "0x405F8EE90FF6C373E000000000000000 : f128"],
  ["-0.0 : f128", "-0.000000e+00 : f128"],
  ["0x3FFF0000000000000000000000000001 : f128", "1.00000000000000000000000000000000019 : f128"],
  ["0x0000FFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128", "3.36210314311209350626267781732175196E-4932 : f128"],
  ["0x7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF : f128", "1.18973149535723176508575932662800702E+4932 : f128"],
  ["dense<[0x3FFF8000000000000001, 1.0, 0x7FFF8000000000000000]> : tensor<3xf80>", "dense<[1.00000000000000000011, 1.000000e+00, 0x7FFF8000000000000000]> : tensor<3xf80>"],
  ["dense<[0x3FFB999999999999999999999999999A, 0.1, 0x00000000000000000000000000000001]> : tensor<3xf128>", "dense<[1.000000e-01, 0.100000000000000005551115123125782702, 6.475180e-4966]> : tensor<3xf128>"],
  ["dense<[0x3FFF8000000000000001, 0x3FFF8000000000000001]> : tensor<2xf80>", "dense<1.00000000000000000011> : tensor<2xf80>"],
  ["dense<[(1.0, 0x3FFF8000000000000001)]> : tensor<1xcomplex<f80>>", "dense<(1.000000e+00,1.00000000000000000011)> : tensor<1xcomplex<f80>>"],
  ["dense<\"0x0100000000000080FF3F0000000000000000F03F\"> : tensor<2xf80>", "dense<[1.00000000000000000011, 0x7FFF0000000000000000]> : tensor<2xf80>"],
  ["dense<\"0x01000000000000000000000000FF3F00\"> : tensor<1xf128>", "dense<3.0949361849351630499012936107438975E-4913> : tensor<1xf128>"],
  ["dense<\"0x0100C07F0000C07F\"> : tensor<2xf32>", "dense<[0x7FC00001, 0x7FC00000]> : tensor<2xf32>"],
  ["-500.0 : f8E4M3FN", "0xFF : f8E4M3FN"],
  ["dense<[-500.0, 1.0]> : tensor<2xf8E4M3FN>", "dense<[0xFF, 1.000000e+00]> : tensor<2xf8E4M3FN>"],
  ["-1.0e4000 : f4E2M1FN", "0x8 : f4E2M1FN"],
  ["1.0e4000 : f6E3M2FN", "0x0 : f6E3M2FN"],
  ["-1.0e4000 : f6E2M3FN", "0x20 : f6E2M3FN"],
  ["dense<[7.0, -1.0e4000, 1.0e4000]> : tensor<3xf4E2M1FN>", "dense<[6.000000e+00, -0.000000e+00, 0.000000e+00]> : tensor<3xf4E2M1FN>"],
  ["3.0 : f8E8M0FNU", "4.000000e+00 : f8E8M0FNU"],
  ["2.9 : f8E8M0FNU", "2.000000e+00 : f8E8M0FNU"],
  ["2.6e38 : f8E8M0FNU", "0xFF : f8E8M0FNU"],
  ["0.0 : f8E8M0FNU", "5.877470e-39 : f8E8M0FNU"],
  ["1.0e-40 : f8E8M0FNU", "5.877470e-39 : f8E8M0FNU"],
  ["dense<[1.0e4000, 0.0, 0.75]> : tensor<3xf8E8M0FNU>", "dense<[0xFF, 5.877470e-39, 1.000000e+00]> : tensor<3xf8E8M0FNU>"],
  ["1.0e4000 : f8E5M2FNUZ", "0x80 : f8E5M2FNUZ"],
  ["0x3FFF : f16", "1.999020e+00 : f16"],
  ["0x7E01 : f16", "0x7E01 : f16"],
  ["0x3F81 : bf16", "1.007810e+00 : bf16"],
  ["0x1FFFF : tf32", "1.999020e+00 : tf32"],
  ["0.1 : tf32", "9.997550e-02 : tf32"],
  ["0x01 : f8E4M3", "1.953130e-03 : f8E4M3"],
  ["0x7F : f8E3M4", "0x7F : f8E3M4"],
  ["-0.1 : f8E8M0FNU", "-1.250000e-01 : f8E8M0FNU"],
  ["-9.0 : f8E8M0FNU", "-8.000000e+00 : f8E8M0FNU"],
  ["-1.0e-45 : f8E8M0FNU", "5.877470e-39 : f8E8M0FNU"],
  ["dense<[-0.1, -9.0, -1.0e-45, -0.0, 0.75]> : tensor<5xf8E8M0FNU>", "dense<[4.253530e+37, 8.000000e+00, 5.877470e-39, 5.877470e-39, 1.000000e+00]> : tensor<5xf8E8M0FNU>"],
  ["dense<\"0x00FC0166EE01\"> : tensor<2xtf32>", "dense<[1.000000e+00, 9.997550e-02]> : tensor<2xtf32>"],
  ["dense<\"0x3F\"> : tensor<3xf4E2M1FN>", "dense<-6.000000e+00> : tensor<3xf4E2M1FN>"],
]

/** Printed f80/f128 forms parsed again: mlir-opt reads decimal literals through a double, so long forms lose bits. */
const REPARSED: [string, string][] = [
  ["1.000000e+00 : f80", "1.000000e+00 : f80"],
  ["0.100000000000000005551 : f80", "0.100000000000000005551 : f80"],
  ["0x7FFF8000000000000000 : f80", "0x7FFF8000000000000000 : f80"],
  ["0.000000e+00 : f80", "0.000000e+00 : f80"],
  ["0x7FFFC000000000000001 : f80", "0x7FFFC000000000000001 : f80"],
  ["0xFFFF8000000000000000 : f80", "0xFFFF8000000000000000 : f80"],
  ["3.141592653589793116 : f80", "3.141592653589793116 : f80"],
  ["1.50000000000000007876E+300 : f80", "1.50000000000000007876E+300 : f80"],
  ["3.645200e-4951 : f80", "0.000000e+00 : f80"],
  ["1.00000000000000000011 : f80", "1.000000e+00 : f80"],
  ["3.36210314311209350626E-4932 : f80", "0.000000e+00 : f80"],
  ["0x7FFF0000000000000000 : f80", "0x7FFF0000000000000000 : f80"],
  ["1.000000e-01 : f80", "0.100000000000000005551 : f80"],
  ["0.100000000000000005551115123125782702 : f128", "0.100000000000000005551115123125782702 : f128"],
  ["0x7FFF0000000000000000000000000000 : f128", "0x7FFF0000000000000000000000000000 : f128"],
  ["0x7FFF8000000000000000000000000001 : f128", "0x7FFF8000000000000000000000000001 : f128"],
  ["6.475180e-4966 : f128", "0.000000e+00 : f128"],
  ["0x405F8EE90FF6C373E000000000000000 : f128", "0x405F8EE90FF6C373E000000000000000 : f128"],
  ["-0.000000e+00 : f128", "-0.000000e+00 : f128"],
  ["1.00000000000000000000000000000000019 : f128", "1.000000e+00 : f128"],
  ["3.36210314311209350626267781732175196E-4932 : f128", "0.000000e+00 : f128"],
  ["1.18973149535723176508575932662800702E+4932 : f128", "0x7FFF0000000000000000000000000000 : f128"],
  ["dense<[1.00000000000000000011, 1.000000e+00, 0x7FFF8000000000000000]> : tensor<3xf80>", "dense<[1.000000e+00, 1.000000e+00, 0x7FFF8000000000000000]> : tensor<3xf80>"],
  ["dense<[1.000000e-01, 0.100000000000000005551115123125782702, 6.475180e-4966]> : tensor<3xf128>", "dense<[0.100000000000000005551115123125782702, 0.100000000000000005551115123125782702, 0.000000e+00]> : tensor<3xf128>"],
  ["dense<1.00000000000000000011> : tensor<2xf80>", "dense<1.000000e+00> : tensor<2xf80>"],
  ["dense<[1.00000000000000000011, 0x7FFF0000000000000000]> : tensor<2xf80>", "dense<[1.000000e+00, 0x7FFF0000000000000000]> : tensor<2xf80>"],
  ["dense<3.0949361849351630499012936107438975E-4913> : tensor<1xf128>", "dense<0.000000e+00> : tensor<1xf128>"],
]

describe('float formats print as mlir-opt', () => {
  for (const [input, expected] of TABLE) {
    it(input, () => {
      expect(roundTrip(input)).toBe(expected)
    })
  }

  it('prints dense hexadecimal data of f80 as stored, unnormals included', () => {
    // mlir-opt --mlir-print-elementsattrs-with-hex-if-larger=1
    expect(roundTrip('dense<"0x0100000000000080FF3F0000000000000000F03F"> : tensor<2xf80>', 1)).toBe(
      'dense<"0x0100000000000080FF3F0000000000000000F03F"> : tensor<2xf80>',
    )
  })

  it('writes tf32 data in 3 bytes and does not elide NaNs with different payloads', () => {
    const two = 'dense<"0x00FC0166EE01"> : tensor<2xtf32>'
    const nans = 'dense<"0x0100C07F0000C07F"> : tensor<2xf32>'
    // mlir-opt --mlir-print-elementsattrs-with-hex-if-larger=1 / --mlir-elide-elementsattrs-if-larger=1
    expect(roundTrip(two, 1)).toBe(two)
    expect(roundTrip(nans, 1)).toBe(nans)
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString(`"t.op"() {a = ${nans}} : () -> ()`, ctx)
    expect(printOperation(r!.op, { elideElementsAttrsIfLarger: 1 })).toContain('{a = dense_resource<__elided__> : tensor<2xf32>}')
  })

  it('reads printed f80/f128 values back as mlir-opt does', () => {
    for (const [printed, again] of REPARSED) {
      expect(roundTrip(printed)).toBe(again)
    }
  })
})

describe('wide float API', () => {
  it('keeps bits a double cannot hold and interns by them', () => {
    const ctx = new Context()
    const f80 = FloatType.get(ctx, 'f80')
    const a = floatAttrFromBits(f80, 0x3fff8000000000000001n)
    expect(a.value).toBe(1)
    expect(floatAttrBits(a)).toBe(0x3fff8000000000000001n)
    expect(floatAttrFromBits(f80, 0x3fff8000000000000001n)).toBe(a)
    // A value a double holds is the plain FloatAttr.
    expect(floatAttrFromBits(f80, 0x3fff8000000000000000n)).toBe(FloatAttr.get(f80, 1))
    expect(parseAttribute('0x3FFF8000000000000001 : f80', ctx)).toBe(a)
    const f128 = FloatType.get(ctx, 'f128')
    expect(floatAttrBits(FloatAttr.get(f128, -2.5))).toBe(0xc0004000000000000000000000000000n)
  })

  it('rounds decimal text correctly to f80 and f128', () => {
    // 0.1 in f80: significand 0xCCCCCCCCCCCCCCCD (round up), exponent -4.
    expect(parseWideDecimal('f80', '0.1')).toBe(0x3ffbcccccccccccccccdn)
    expect(parseWideDecimal('f128', '0.1')).toBe(0x3ffb999999999999999999999999999an)
    // Smallest f80 denormal, written with seven digits, and halfway below it (ties to even: zero).
    expect(parseWideDecimal('f80', '3.645200e-4951')).toBe(1n)
    expect(parseWideDecimal('f80', '-1e5000')).toBe(0xffff8000000000000000n)
    expect(wideBitsFromDouble('f80', 1)).toBe(0x3fff8000000000000000n)
    expect(formatWideFloat('f128', 0x3fff0000000000000000000000000001n)).toBe('1.00000000000000000000000000000000019')
    expect(formatWideFloat('f80', 0x7fffc000000000000000n)).toBe('0x7FFFC000000000000000')
  })
})
