import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
import { BytecodeVersion } from '../src/bytecode/Version.ts'
import { bytecodeContext, parseModule, print } from './bytecodeHarness.ts'

/**
 * Property: a random valid cuda_tile module written as bytecode (at a random version the
 * module fits) reads back to the same module, printed identically.
 */

type Elem = 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'f16' | 'bf16' | 'f32' | 'f64'
const INTS: readonly Elem[] = ['i8', 'i16', 'i32', 'i64']
const FLOATS: readonly Elem[] = ['f16', 'bf16', 'f32', 'f64']
// Values exact in every float kind used here.
const FLOAT_VALUES = ['0.0', '1.0', '-2.0', '0.5', '1.5', '-0.25', '3.0', '-4.5']

const shapeArb = fc.oneof(fc.constant<number[]>([]), fc.array(fc.constantFrom(1, 2, 4, 8), { minLength: 1, maxLength: 2 }))

function tileType(shape: readonly number[], elem: string): string {
  return `tile<${[...shape, elem].join('x')}>`
}

function intValue(elem: Elem): fc.Arbitrary<string> {
  const bits = elem === 'i1' ? 1 : Number(elem.slice(1))
  if (bits === 1) {
    return fc.constantFrom('0', '1')
  }
  const max = 2n ** BigInt(bits - 1) - 1n
  return fc.bigInt({ min: -max - 1n, max }).map(String)
}

function values(elem: Elem, shape: readonly number[]): fc.Arbitrary<string> {
  const n = shape.reduce((a, b) => a * b, 1)
  const one = FLOATS.includes(elem) ? fc.constantFrom(...FLOAT_VALUES) : intValue(elem)
  if (shape.length === 0) {
    return one
  }
  // A splat or every element (nested as the shape).
  return fc.oneof(one, fc.array(one, { minLength: n, maxLength: n }).map((v) => nest(v, shape)))
}

function nest(flat: readonly string[], shape: readonly number[]): string {
  if (shape.length <= 1) {
    return `[${flat.join(', ')}]`
  }
  const inner = flat.length / shape[0]!
  const rows: string[] = []
  for (let i = 0; i < shape[0]!; i++) {
    rows.push(nest(flat.slice(i * inner, (i + 1) * inner), shape.slice(1)))
  }
  return `[${rows.join(', ')}]`
}

/** One piece of an entry body: lines defining fresh values (names made unique by the caller). */
type Piece = (id: number) => string

const constantPiece: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom<Elem>('i1', ...INTS, ...FLOATS), shapeArb)
  .chain(([elem, shape]) => values(elem, shape).map((v): Piece => (id) => `    %k${id} = constant <${elem}: ${v}> : ${tileType(shape, elem)}\n`))

const intBinaryPiece: fc.Arbitrary<Piece> = fc
  .tuple(
    fc.constantFrom(...INTS),
    shapeArb,
    fc.constantFrom('addi', 'subi', 'muli', 'andi', 'ori', 'xori'),
    fc.constantFrom('', ' overflow<no_signed_wrap>', ' overflow<no_unsigned_wrap>', ' overflow<no_wrap>'),
  )
  .chain(([elem, shape, op, overflow]) =>
    fc.tuple(values(elem, shape), values(elem, shape)).map(([a, b]): Piece => (id) => {
      const t = tileType(shape, elem)
      const flag = op === 'addi' || op === 'subi' || op === 'muli' ? overflow : ''
      return `    %a${id} = constant <${elem}: ${a}> : ${t}\n    %b${id} = constant <${elem}: ${b}> : ${t}\n    %r${id} = ${op} %a${id}, %b${id}${flag} : ${t}\n`
    }),
  )

const floatBinaryPiece: fc.Arbitrary<Piece> = fc
  .tuple(
    fc.constantFrom(...FLOATS),
    shapeArb,
    fc.constantFrom('addf', 'subf', 'mulf', 'divf'),
    fc.constantFrom('nearest_even', 'zero', 'negative_inf', 'positive_inf'),
  )
  .chain(([elem, shape, op, rounding]) =>
    fc.tuple(values(elem, shape), values(elem, shape)).map(([a, b]): Piece => (id) => {
      const t = tileType(shape, elem)
      return `    %a${id} = constant <${elem}: ${a}> : ${t}\n    %b${id} = constant <${elem}: ${b}> : ${t}\n    %r${id} = ${op} %a${id}, %b${id} rounding<${rounding}> : ${t}\n`
    }),
  )

const cmpPiece: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...INTS), shapeArb, fc.constantFrom('equal', 'not_equal', 'less_than', 'greater_than_or_equal'), fc.constantFrom('signed', 'unsigned'))
  .chain(([elem, shape, pred, sign]) =>
    fc.tuple(values(elem, shape), values(elem, shape)).map(([a, b]): Piece => (id) => {
      const t = tileType(shape, elem)
      return `    %a${id} = constant <${elem}: ${a}> : ${t}\n    %b${id} = constant <${elem}: ${b}> : ${t}\n    %r${id} = cmpi ${pred} %a${id}, %b${id}, ${sign} : ${t} -> ${tileType(shape, 'i1')}\n`
    }),
  )

const assumePiece: fc.Arbitrary<Piece> = fc
  .tuple(
    fc.constantFrom('i16', 'i32', 'i64'),
    fc.oneof(
      fc.constantFrom(1, 2, 4, 8, 16, 256).map((d) => `div_by<${d}>`),
      fc.tuple(fc.option(fc.integer({ min: -100, max: 0 })), fc.option(fc.integer({ min: 1, max: 100 }))).map(([lb, ub]) => `bounded<${lb ?? '?'}, ${ub ?? '?'}>`),
    ),
  )
  .map(([elem, pred]): Piece => (id) => `    %a${id} = constant <${elem}: 4> : tile<${elem}>\n    %r${id} = assume ${pred}, %a${id} : tile<${elem}>\n`)

const loopPiece: fc.Arbitrary<Piece> = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 4, max: 9 })).map(
  ([lo, hi]): Piece =>
    (id) =>
      `    %lo${id} = constant <i32: ${lo}> : tile<i32>\n    %hi${id} = constant <i32: ${hi}> : tile<i32>\n    %st${id} = constant <i32: 1> : tile<i32>\n` +
      `    %r${id} = for %iv${id} in (%lo${id} to %hi${id}, step %st${id}) : tile<i32> iter_values(%acc${id} = %lo${id}) -> (tile<i32>) {\n` +
      `      %n${id} = addi %acc${id}, %iv${id} : tile<i32>\n      continue %n${id} : tile<i32>\n    }\n`,
)

const tokenPiece: fc.Arbitrary<Piece> = fc.constant(
  (id: number) => `    %t${id} = make_token : token\n    %u${id} = make_token : token\n    %j${id} = join_tokens %t${id}, %u${id} : token\n`,
)

const pieceArb = fc.oneof(constantPiece, intBinaryPiece, floatBinaryPiece, cmpPiece, assumePiece, loopPiece, tokenPiece)

// Entry arguments are scalars (rank-0 tiles), pointers, tokens or tensor views.
const argTypeArb = fc.oneof(
  fc.constantFrom<Elem>('i1', ...INTS, ...FLOATS).map((e) => tileType([], e)),
  fc.constantFrom('tile<ptr<f32>>', 'tile<ptr<i8>>', 'token', 'tensor_view<128x?xf32, strides=[?,1]>'),
)

const entryArb = fc.record({
  args: fc.array(argTypeArb, { maxLength: 3 }),
  body: fc.array(pieceArb, { maxLength: 6 }),
  hints: fc.boolean(),
})

const globalArb = fc
  .tuple(fc.constantFrom<Elem>(...INTS, ...FLOATS), fc.constantFrom(1, 2, 4))
  .chain(([elem, n]) => values(elem, [n]).map((v) => ({ elem, n, v })))

const moduleArb = fc.record({
  globals: fc.array(globalArb, { maxLength: 3 }),
  // An empty module body does not parse yet (the dialect's parser), so there is one entry at least.
  entries: fc.array(entryArb, { minLength: 1, maxLength: 3 }),
  producer: fc.option(fc.string({ maxLength: 12 }).filter((s) => !/["\\\n]/.test(s))),
  version: fc.constantFrom(new BytecodeVersion(13, 1), new BytecodeVersion(13, 2), new BytecodeVersion(13, 3)),
})

type RandomModule = typeof moduleArb extends fc.Arbitrary<infer T> ? T : never

function moduleText(m: RandomModule): string {
  let id = 0
  const producer = m.producer !== null && m.version.atLeast(new BytecodeVersion(13, 3)) ? ` attributes {producer = "${m.producer}"}` : ''
  let text = `cuda_tile.module @kernels${producer} {\n`
  m.globals.forEach((g, i) => {
    // A splat is written bare (a one-element list would be a shape mismatch).
    const v = g.v
    text += `  global @g${i} <${g.elem}: ${v}> : !cuda_tile.tile<${g.n}x${g.elem}>\n`
  })
  m.entries.forEach((e, i) => {
    const args = e.args.map((t, j) => `%arg${j}: ${t}`).join(', ')
    const hints = e.hints ? ' optimization_hints=<sm_100 = {num_cta_in_cga = 2}>' : ''
    text += `  entry @k${i}(${args})${hints} {\n`
    for (const piece of e.body) {
      text += piece(id++)
    }
    text += '    return\n  }\n'
  })
  return text + '}\n'
}

describe('bytecode round trip (property)', () => {
  it('writes random valid modules and reads them back identically', () => {
    let checked = 0
    fc.assert(
      fc.property(moduleArb, (m) => {
        const text = moduleText(m)
        const { context, messages } = bytecodeContext()
        const module = parseModule(text, context, messages)
        const expected = print(module)
        const bytes = writeCudaTileBytecode(module, m.version)
        expect(messages).toEqual([])
        expect(bytes).not.toBeNull()
        expect([...bytes!.subarray(8, 10)]).toEqual([m.version.major, m.version.minor])
        const result = readCudaTileBytecode(bytes!, context)
        expect(result.ok ? print(result.module) : result.messages).toBe(expected)
        checked++
      }),
      { numRuns: 150, seed: 42 },
    )
    expect(checked).toBe(150)
  }, 120_000)
})
