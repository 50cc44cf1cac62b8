import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Context, FileLineColLoc, parseSourceString, printOperation } from '@tilepass/ir'

// Integers at and beyond 2^53, 2^63 and 2^64 in every place the syntax takes one. Values
// mlir-opt 22 accepts must print back digit for digit and survive a second round trip;
// values it rejects must be rejected with its message and column (each checked with
// `mlir-opt --allow-unregistered-dialect` on the same line).

const P53 = 1n << 53n
const P63 = 1n << 63n
const P64 = 1n << 64n
const INT64_MAX = P63 - 1n

/** Values around each boundary, and large random ones. */
const edgeMagnitude = fc.oneof(
  fc.constantFrom(P53, P63, P64).chain((b) => fc.bigInt({ min: b - 3n, max: b + 3n })),
  fc.bigInt({ min: P53, max: P64 + 1000n }),
  fc.bigInt({ min: 0n, max: 1n << 80n }),
)

interface Outcome {
  readonly text: string | null
  readonly errors: readonly string[]
}

function run(source: string): Outcome {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const loc = d.location
    errors.push(`${loc instanceof FileLineColLoc ? `${loc.line}:${loc.column}` : '?'}: ${d.message}`)
    return true
  })
  const result = parseSourceString(source, ctx, { filename: 't.mlir' })
  return { text: result === null ? null : printOperation(result.op, { resources: result }), errors }
}

/** `attr` inside a one-op module, and the column where the attribute starts. */
function op(attr: string): string {
  return `"x.a"() {a = ${attr}} : () -> ()\n`
}
const ATTR_COL = '"x.a"() {a = '.length + 1

function expectRoundTrip(attr: string, printed: string): void {
  const first = run(op(attr))
  expect(first.errors).toEqual([])
  expect(first.text).toContain(printed)
  const second = run(first.text!)
  expect(second.errors).toEqual([])
  expect(second.text).toBe(first.text)
}

function expectError(attr: string, column: number, message: string): void {
  const r = run(op(attr))
  expect(r.text).toBeNull()
  expect(r.errors[0]).toBe(`1:${column}: ${message}`)
}

describe('integers beyond 2^53 round-trip exactly', () => {
  it('in tensor, memref and vector dimensions (up to 2^63 - 1; larger is an invalid dimension)', () => {
    fc.assert(
      fc.property(edgeMagnitude, fc.constantFrom('tensor', 'memref', 'vector'), (v, kind) => {
        const type = `${kind}<4x${v}xf32>`
        if (v === 0n && kind === 'vector') {
          return
        }
        if (v <= INT64_MAX) {
          expectRoundTrip(type, type)
        } else {
          expectError(type, ATTR_COL + kind.length + 3, 'invalid dimension')
        }
      }),
    )
  })

  it('in strided layout strides and offsets (|v| up to 2^63 - 1)', () => {
    fc.assert(
      fc.property(edgeMagnitude, fc.boolean(), fc.boolean(), (v, negative, asOffset) => {
        const lit = `${negative ? '-' : ''}${v}`
        const layout = asOffset ? `strided<[1], offset: ${lit}>` : `strided<[${lit}]>`
        const type = `memref<4xf32, ${layout}>`
        if (v <= INT64_MAX) {
          // A zero offset is not printed.
          expectRoundTrip(type, v === 0n && asOffset ? 'memref<4xf32, strided<[1]>>' : v === 0n ? type.replace('-0', '0') : type)
        } else {
          const col = ATTR_COL + 'memref<4xf32, strided<['.length + (asOffset ? '1], offset: '.length : 0)
          expectError(type, col, "expected a 64-bit signed integer or '?'")
        }
      }),
    )
  })

  it('in affine constants (up to 2^63 - 1), folding with 64-bit wrap-around as MLIR', () => {
    fc.assert(
      fc.property(edgeMagnitude, (v) => {
        const map = `affine_map<(d0) -> (d0 + ${v})>`
        if (v > INT64_MAX) {
          expectError(map, ATTR_COL + 'affine_map<(d0) -> (d0 + '.length, 'constant too large for index')
        } else if (v === 0n) {
          expectRoundTrip(map, 'affine_map<(d0) -> (d0)>')
        } else {
          expectRoundTrip(map, `affine_map<(d0) -> (d0 + ${v})>`)
        }
      }),
    )
    // The sum wraps to INT64_MIN, whose negation prints negative; mlir-opt cannot read its own output back either.
    const wrapped = run(op('affine_map<(d0) -> (d0 + 9223372036854775807 + 1)>'))
    expect(wrapped.text).toContain('affine_map<(d0) -> (d0 - -9223372036854775808)>')
    expect(run(wrapped.text!).errors).toEqual(['1:34: constant too large for index', '1:34: missing operand of negation'])
    expectRoundTrip('affine_map<(d0) -> (9223372036854775807 * 2)>', 'affine_map<(d0) -> (9223372036854775807 * 2)>')
    expectRoundTrip(
      'affine_map<(d0) -> (9007199254740993 + 2, 9007199254740993 floordiv 2, 9007199254740993 mod 10, d0 * 9007199254740993 + d0 * 2)>',
      'affine_map<(d0) -> (9007199254740995, 4503599627370496, 3, d0 * 9007199254740995)>',
    )
  })

  it('in integer attributes of every width and signedness', () => {
    fc.assert(
      fc.property(edgeMagnitude, fc.boolean(), fc.constantFrom('i64', 'si64', 'ui64', 'i65', 'index', 'i128'), (v, negative, type) => {
        const lit = `${negative ? '-' : ''}${v}`
        const r = run(op(`${lit} : ${type}`))
        if (negative && type === 'ui64') {
          expect(r.errors[0]).toBe(`1:${ATTR_COL + 1}: negative integer literal not valid for unsigned integer type`)
          return
        }
        if (negative && v === 0n) {
          expect(r.errors[0]).toBe(`1:${ATTR_COL + 1}: integer constant out of range for attribute`)
          return
        }
        const width = type === 'index' ? 64n : BigInt(type.replace(/^[su]?i/, ''))
        const value = negative ? -v : v
        // `index` takes the signed range, as in mlir-opt (a positive literal with the sign bit set is out of range).
        const fits = type.startsWith('si') || type === 'index' ? value >= -(1n << (width - 1n)) && value < 1n << (width - 1n) : type.startsWith('ui') ? value < 1n << width : value >= -(1n << (width - 1n)) && value < 1n << width
        if (!fits) {
          expect(r.errors[0]).toBe(`1:${ATTR_COL + (negative ? 1 : 0)}: integer constant out of range for attribute`)
          return
        }
        expect(r.errors).toEqual([])
        // Signless values print as their signed interpretation, as MLIR prints them.
        const printed = type.startsWith('ui') ? value : BigInt.asIntN(Number(width), value)
        expect(r.text).toContain(`a = ${printed} : ${type}`)
      }),
    )
  })

  it('in dense arrays and dense elements of i64', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -P63, max: INT64_MAX }), (v) => {
        expectRoundTrip(`array<i64: ${v}>`, `array<i64: ${v}>`)
        expectRoundTrip(`dense<${v}> : tensor<2xi64>`, `dense<${v}> : tensor<2xi64>`)
      }),
    )
  })

  it('in distinct ids (unsigned 64-bit; renumbered on print)', () => {
    fc.assert(
      fc.property(edgeMagnitude, (v) => {
        if (v < P64) {
          expectRoundTrip(`distinct[${v}]<>`, 'distinct[0]<>')
        } else {
          expectError(`distinct[${v}]<>`, ATTR_COL + `distinct[${v}`.length, 'expected an unsigned 64-bit integer')
        }
      }),
    )
    // Two spellings of one id are one attribute.
    const r = run('"x.a"() {a = distinct[9007199254740993]<>, b = distinct[0x20000000000001]<>, c = distinct[9007199254740992]<>} : () -> ()\n')
    expect(r.text).toContain('a = distinct[0]<>, b = distinct[0]<>, c = distinct[1]<>')
  })

  it('keeps a 10,000-digit strided offset out (no Infinity)', () => {
    expectError(`memref<4xf32, strided<[1], offset: ${'9'.repeat(10000)}>>`, ATTR_COL + 'memref<4xf32, strided<[1], offset: '.length, "expected a 64-bit signed integer or '?'")
  })

  it('rejects -0 where MLIR does', () => {
    expectError('-0 : index', ATTR_COL + 1, 'integer constant out of range for attribute')
    expectError('-0', ATTR_COL + 1, 'integer constant out of range for attribute')
    expectError('dense<[1, -0]> : tensor<2xi32>', ATTR_COL + 'dense<[1, -'.length, 'integer constant out of range for type')
    expectError('-0 : ui8', ATTR_COL + 1, 'negative integer literal not valid for unsigned integer type')
  })

  it('checks integer widths and the layout rank as MLIR', () => {
    expectError('i4294967296', ATTR_COL, 'invalid integer width')
    expectError('i4294967295', ATTR_COL, 'integer bitwidth is limited to 16777215 bits')
    expectError('memref<4x4xf32, strided<[1]>>', ATTR_COL, 'expected the number of strides to match the rank')
    expectError('memref<4x4xf32, affine_map<(d0) -> (d0)>>', ATTR_COL, 'memref layout mismatch between rank and affine map: 2 != 1')
  })
})
