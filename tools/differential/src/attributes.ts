import type { Features } from './features.ts'
import type { Random } from './Random.ts'
import { randomExoticTy } from './types.ts'

const PLAIN_WORDS = ['hello', 'a', '', 'MLIR', 'x y z', 'tile pass', '0', 'name_with_underscores']
const ESCAPED_WORDS = ['quote\\"inside', 'back\\\\slash', 'line\\nbreak', 'tab\\there', 'nul\\00byte', 'hex\\7F\\01', '\\22\\5C', 'bell\\07']
const HIGH_BYTE_WORDS = ['hex\\FF', 'latin\\E9', 'cut utf8 \\E2\\82', '\\80\\81']
const UTF8_WORDS = ['héllo', 'naïve café', '日本語', 'emoji 🙂', 'Ωmega', '€100']

/** A random string literal (with its quotes) according to the enabled string features. */
export function randomString(rng: Random, f: Features): string {
  const r = rng.int(0, 9)
  if (r < 2 && f.stringEscapes) {
    return `"${f.highByteEscapes && rng.chance(0.3) ? rng.pick(HIGH_BYTE_WORDS) : rng.pick(ESCAPED_WORDS)}"`
  }
  if (r < 3 && f.utf8Strings) {
    return `"${rng.pick(UTF8_WORDS)}"`
  }
  return `"${rng.pick(PLAIN_WORDS)}"`
}

const INT_ATTR_TYPES = ['i8', 'i16', 'i32', 'i64', 'index', 'si8', 'ui32', 'i1', 'i128', 'si64', 'ui8'] as const

function intValueFor(rng: Random, type: string): string {
  switch (type) {
    case 'i1':
      return rng.chance(0.5) ? '1' : '0'
    case 'i8':
      return String(rng.pick([0, 1, -1, 127, -128, 255, 42]))
    case 'si8':
      return String(rng.pick([0, -1, 127, -128, 5]))
    case 'ui8':
      return String(rng.pick([0, 1, 200, 255]))
    case 'i16':
      return String(rng.pick([0, 7, -32768, 65535, 1000]))
    case 'ui32':
      return String(rng.pick([0, 1, 4294967295, 123456]))
    case 'i128':
      return rng.pick(['0', '-1', '170141183460469231731687303715884105727', '-170141183460469231731687303715884105728', '12345678901234567890123'])
    case 'i32':
      return String(rng.pick([0, 1, -1, 2147483647, -2147483648, 4294967295, 65536]))
    case 'si64':
      return rng.pick(['9223372036854775807', '-9223372036854775808', '-5'])
    default:
      return rng.pick(['0', '1', '-1', '42', '2147483647', '-2147483648', '4294967295', '9223372036854775807', '-9223372036854775808', '0x7F', '0xFFFFFFFF'])
  }
}

/** A float literal that is representable (maybe as inf) in every float type. */
export function randomFloatLiteral(rng: Random, f: Features): string {
  const plain = ['0.0', '1.0', '-1.0', '1.5', '2.0', '0.5', '-2.5', '100.0', '3.25', '1.0e+03']
  if (!f.floatStress) {
    return rng.pick(plain)
  }
  const stress = [
    '0.1',
    '-0.0',
    '1.0e-7',
    '1.0e30',
    '-1.0e30',
    '3.14159265358979',
    '6.02214076e23',
    '1.0e-40',
    '4.9e-324',
    '2.2250738585072014e-308',
    '1.7976931348623157e308',
    '65504.0',
    '65520.0',
    '1.0e38',
    '123456789.0',
    '0.3333333333333333',
    '1.0e+10',
    '1.0e+16',
    '1.0E17',
    '5.0e-324',
    '0.000001',
    '0.00001',
    '100000.0',
    '1234567.0',
    '9.999999e-5',
    '-7.0e-3',
  ]
  return rng.chance(0.6) ? rng.pick(stress) : rng.pick(plain)
}

/**
 * A hexadecimal float bit pattern for a float type: infinities, the canonical quiet NaN,
 * denormals, -0; with `payloads`, also signaling NaNs, NaN payloads and negative NaNs.
 */
export function randomHexFloat(rng: Random, type: string, payloads: boolean): string {
  const usePayload = payloads && rng.chance(0.3)
  switch (type) {
    case 'f16':
      return usePayload ? rng.pick(['0x7C01', '0xFE00', '0x7E01']) : rng.pick(['0x7C00', '0xFC00', '0x7E00', '0x0001', '0x8000', '0x7BFF'])
    case 'bf16':
      return usePayload ? rng.pick(['0x7F81', '0xFFC0']) : rng.pick(['0x7F80', '0xFF80', '0x7FC0', '0x0001', '0x8000'])
    case 'f32':
      return usePayload ? rng.pick(['0x7F800001', '0xFFC00000', '0x7FC00001']) : rng.pick(['0x7F800000', '0xFF800000', '0x7FC00000', '0x00000001', '0x80000000'])
    default:
      return usePayload
        ? rng.pick(['0x7FF0000000000001', '0xFFF8000000000000'])
        : rng.pick(['0x7FF0000000000000', '0xFFF0000000000000', '0x7FF8000000000000', '0x0000000000000001', '0x8000000000000000'])
  }
}

function affineExpr(rng: Random, dims: number, syms: number, depth: number): string {
  const r = rng.int(0, depth > 2 ? 2 : 8)
  if (r === 0 || (dims === 0 && syms === 0)) {
    return String(rng.int(-3, 9))
  }
  if (r === 1 || r === 2) {
    if (dims > 0 && (syms === 0 || rng.chance(0.6))) {
      return `d${rng.int(0, dims - 1)}`
    }
    return `s${rng.int(0, syms - 1)}`
  }
  const lhs = affineExpr(rng, dims, syms, depth + 1)
  switch (r) {
    case 3:
    case 4:
      return `${lhs} + ${affineExpr(rng, dims, syms, depth + 1)}`
    case 5:
      return `(${lhs}) * ${rng.int(-2, 5)}`
    case 6:
      return `(${lhs}) mod ${rng.int(1, 8)}`
    case 7:
      return `(${lhs}) floordiv ${rng.int(1, 4)}`
    default:
      return `(${lhs}) ceildiv ${rng.int(1, 4)}` + (rng.chance(0.3) ? ` - ${affineExpr(rng, dims, syms, depth + 1)}` : '')
  }
}

function dimList(prefix: string, n: number): string {
  const names: string[] = []
  for (let i = 0; i < n; i++) {
    names.push(`${prefix}${i}`)
  }
  return names.join(', ')
}

/** A random affine_map<...> attribute. */
export function randomAffineMap(rng: Random): string {
  const dims = rng.int(0, 3)
  const syms = rng.int(0, 2)
  const results: string[] = []
  const n = rng.int(0, 3)
  for (let i = 0; i < n; i++) {
    results.push(affineExpr(rng, dims, syms, 0))
  }
  const symText = syms > 0 ? `[${dimList('s', syms)}]` : ''
  return `affine_map<(${dimList('d', dims)})${symText} -> (${results.join(', ')})>`
}

/** A random affine_set<...> attribute. */
export function randomIntegerSet(rng: Random): string {
  const dims = rng.int(1, 3)
  const syms = rng.int(0, 2)
  const constraints: string[] = []
  const n = rng.int(1, 3)
  for (let i = 0; i < n; i++) {
    constraints.push(`${affineExpr(rng, dims, syms, 0)} ${rng.chance(0.7) ? '>=' : '=='} 0`)
  }
  const symText = syms > 0 ? `[${dimList('s', syms)}]` : ''
  return `affine_set<(${dimList('d', dims)})${symText} : (${constraints.join(', ')})>`
}

function denseLiteral(rng: Random, shape: readonly number[], elem: string, dim: number): string {
  if (dim === shape.length) {
    if (elem === 'i1') {
      return rng.chance(0.5) ? 'true' : 'false'
    }
    if (elem.startsWith('f') || elem === 'bf16') {
      return rng.chance(0.5) ? `${rng.int(-20, 20)}.${rng.int(0, 9)}` : rng.pick(['0.1', '-0.0', '1.0e10', '2.5e-3'])
    }
    return String(rng.int(-100, 100))
  }
  const parts: string[] = []
  for (let i = 0; i < (shape[dim] ?? 0); i++) {
    parts.push(denseLiteral(rng, shape, elem, dim + 1))
  }
  return `[${parts.join(', ')}]`
}

/** The body of a random dense<...> literal (without `dense`), for a static shape and element type. */
export function randomDenseBody(rng: Random, shape: readonly number[], elem: string): string {
  let n = 1
  for (const d of shape) {
    n *= d
  }
  if (n > 0 && rng.chance(0.3)) {
    return denseLiteral(rng, [], elem, 0)
  }
  if (n === 0) {
    return ''
  }
  return denseLiteral(rng, shape, elem, 0)
}

const DENSE_SHAPES: readonly (readonly number[])[] = [[4], [2, 2], [3], [1], [2, 3], [0], [4], [2, 2], [3], [1], [2, 3], [0], [120], [11, 10]]
const DENSE_ELEMS = ['i32', 'i8', 'i1', 'i64', 'f32', 'f64', 'f16', 'bf16', 'index', 'i16'] as const

function randomDense(rng: Random): string {
  const shape = rng.pick(DENSE_SHAPES)
  const elem = rng.pick(DENSE_ELEMS)
  const container = rng.chance(0.5) || shape.includes(0) ? 'tensor' : 'vector'
  const dims = shape.map(String).join('x')
  const type = `${container}<${dims}x${elem}>`
  if (rng.chance(0.1) && elem === 'i8' && shape.length === 1 && shape[0] === 4) {
    return `dense<"0x01020304"> : ${type}`
  }
  if (rng.chance(0.1) && elem === 'i32' && shape.length === 1 && shape[0] === 4) {
    return `dense<"0x0100000002000000030000000400000A"> : ${type}`
  }
  return `dense<${randomDenseBody(rng, shape, elem)}> : ${type}`
}

const WIDE_HEX: Record<'f80' | 'f128', readonly string[]> = {
  f80: [
    '0x3FFF8000000000000001',
    '0x00000000000000000001',
    '0x00008000000000000000',
    '0x7FFF8000000000000000',
    '0xFFFF8000000000000000',
    '0x7FFFC000000000000001',
    '0x3FFBCCCCCCCCCCCCCCCD',
    '0x40000000000000000000',
    '0x7FFEFFFFFFFFFFFFFFFF',
  ],
  f128: [
    '0x3FFF0000000000000000000000000001',
    '0x00000000000000000000000000000001',
    '0x3FFB999999999999999999999999999A',
    '0x7FFF0000000000000000000000000000',
    '0x7FFF8000000000000000000000000001',
    '0xFFFF8000000000000000000000000000',
    '0x0000FFFFFFFFFFFFFFFFFFFFFFFFFFFF',
    '0x7FFEFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
  ],
}

/** An f80 or f128 element literal: a decimal (read through a double, as MLIR does) or full-width hex. */
function wideFloatLiteral(rng: Random, type: 'f80' | 'f128', f: Features): string {
  return rng.chance(0.5) ? rng.pick(WIDE_HEX[type]) : randomFloatLiteral(rng, f)
}

/** An f80/f128 scalar attribute or dense elements attribute. */
function randomWideFloat(rng: Random, f: Features): string {
  const type = rng.pick(['f80', 'f128'] as const)
  if (rng.chance(0.7)) {
    return `${wideFloatLiteral(rng, type, f)} : ${type}`
  }
  const n = rng.int(1, 3)
  const values: string[] = []
  for (let i = 0; i < n; i++) {
    values.push(wideFloatLiteral(rng, type, f))
  }
  return `dense<[${values.join(', ')}]> : tensor<${n}x${type}>`
}

const SPARSE_SHAPES: readonly (readonly number[])[] = [[4], [3, 4], [2, 2, 2], [1], [5]]
const SPARSE_ELEMS = ['i32', 'i8', 'i1', 'f32', 'f64', 'f16', 'index', 'complex<f32>'] as const

/** A scalar element literal of a sparse attribute's values. */
function sparseValue(rng: Random, elem: string): string {
  if (elem === 'i1') {
    return rng.chance(0.5) ? 'true' : 'false'
  }
  if (elem === 'complex<f32>') {
    return `(${rng.pick(['1.0', '-0.5', '0.1'])}, ${rng.pick(['2.0', '0.0', '-3.5'])})`
  }
  if (elem.startsWith('f')) {
    return rng.pick(['1.0', '-0.5', '0.1', '3.0e5', '-0.0', '2.5'])
  }
  return String(rng.int(-100, 100))
}

/** A valid `sparse<indices, values> : type` attribute. */
function randomSparse(rng: Random): string {
  const shape = rng.pick(SPARSE_SHAPES)
  const elem = rng.pick(SPARSE_ELEMS)
  // Vectors hold no complex numbers.
  const type = `${rng.chance(0.6) || elem.startsWith('complex') ? 'tensor' : 'vector'}<${shape.join('x')}x${elem}>`
  const r = rng.int(0, 9)
  if (r === 0) {
    return `sparse<> : ${type}`
  }
  const n = rng.int(1, 3)
  const indices: string[] = []
  for (let i = 0; i < n; i++) {
    indices.push(`[${shape.map((d) => String(rng.int(0, d - 1))).join(', ')}]`)
  }
  let values: string
  if (r === 1) {
    values = sparseValue(rng, elem)
  } else if (r === 2 && elem === 'i32') {
    values = `"0x${'0A000000'.repeat(n)}"`
  } else {
    const vs: string[] = []
    for (let i = 0; i < n; i++) {
      vs.push(sparseValue(rng, elem))
    }
    values = `[${vs.join(', ')}]`
  }
  if (r === 3) {
    // A single index written as a scalar stands for the same coordinate in every dimension.
    return `sparse<${rng.int(0, Math.min(...shape) - 1)}, ${sparseValue(rng, elem)}> : ${type}`
  }
  return `sparse<[${indices.join(', ')}], ${values}> : ${type}`
}

function randomDenseArray(rng: Random): string {
  const elem = rng.pick(['i1', 'i8', 'i16', 'i32', 'i64', 'f32', 'f64'] as const)
  const n = rng.int(0, 5)
  const values: string[] = []
  for (let i = 0; i < n; i++) {
    if (elem === 'i1') {
      values.push(rng.chance(0.5) ? 'true' : 'false')
    } else if (elem.startsWith('f')) {
      values.push(rng.pick(['1.0', '-0.5', '0.1', '3.0e5', '0.0']))
    } else {
      values.push(String(rng.int(-50, 50)))
    }
  }
  return n === 0 ? `array<${elem}>` : `array<${elem}: ${values.join(', ')}>`
}

const SYMBOL_REFS = ['@foo', '@foo::@bar', '@"quoted symbol"', '@a::@b::@c', '@main', '@"with\\"quote"']
const TYPE_ATTRS = ['i32', 'f64', 'index', 'tensor<?x4xf32>', 'vector<2xi1>', 'memref<4xf32>', '(i32) -> f32', 'none', 'complex<f64>', 'tuple<i1>']

const BARE_NAMES = ['a', 'b', 'foo', 'bar.baz', 'x_1', 'attr$', 'tilepass.k', 'nested.deep.name', '_u', 'z9', 'A', 'foo.k2']
const DIALECT_NAMES = ['bar.baz', 'tilepass.k', 'nested.deep.name', 'foo.k2', 'foo.x_y', 'test.attr$', 'foo.noalias']
const QUOTED_NAMES = ['"with space"', '"0starts_with_digit"', '"dash-name"', '"quote\\"name"', '""']

/** Random distinct attribute names for a dictionary. */
export function randomAttrNames(rng: Random, n: number, quoted: boolean, dialectOnly: boolean): string[] {
  const names: string[] = []
  for (let tries = 0; names.length < n && tries < 50; tries++) {
    const name = dialectOnly ? rng.pick(DIALECT_NAMES) : quoted && rng.chance(0.15) ? rng.pick(QUOTED_NAMES) : rng.pick(BARE_NAMES)
    if (name === '""') {
      continue
    }
    if (!names.includes(name)) {
      names.push(name)
    }
  }
  return names
}

/** Generates attribute values, optionally referring to attribute aliases declared in the input. */
export class AttrGen {
  /** Alias names (with `#`) defined at the top of the module, usable as attribute values. */
  readonly aliases: string[] = []

  constructor(
    private readonly rng: Random,
    private readonly f: Features,
  ) {}

  /** A random attribute value. */
  value(depth: number): string {
    const rng = this.rng
    const f = this.f
    for (;;) {
      switch (rng.int(0, 15)) {
        case 0: {
          const type = rng.pick(INT_ATTR_TYPES)
          return rng.chance(0.2) ? intValueFor(rng, 'i64') : `${intValueFor(rng, type)} : ${type}`
        }
        case 1: {
          if (f.wideFloats && rng.chance(0.2)) {
            return randomWideFloat(rng, f)
          }
          const type = rng.pick(['f16', 'bf16', 'f32', 'f64'] as const)
          if (f.floatStress && f.hexFloatAttrs && rng.chance(0.2)) {
            return `${randomHexFloat(rng, type, f.nanPayloads)} : ${type}`
          }
          return `${randomFloatLiteral(rng, f)} : ${type}`
        }
        case 2:
          return rng.chance(0.5) ? 'true' : 'false'
        case 3:
          return randomString(rng, f)
        case 4:
          if (depth < 3) {
            const n = rng.int(0, 4)
            const items: string[] = []
            for (let i = 0; i < n; i++) {
              items.push(this.value(depth + 1))
            }
            return `[${items.join(', ')}]`
          }
          continue
        case 5:
          if (depth < 3) {
            return this.dictionary(depth + 1, rng.int(0, 3))
          }
          continue
        case 6:
          return rng.pick(TYPE_ATTRS)
        case 7:
          return rng.pick(SYMBOL_REFS)
        case 8:
          if (f.sparseAttrs && rng.chance(0.25)) {
            return randomSparse(rng)
          }
          if (f.denseAttrs) {
            return randomDense(rng)
          }
          continue
        case 9:
          if (f.denseAttrs) {
            return randomDenseArray(rng)
          }
          continue
        case 10:
          if (f.affineAttrs) {
            return rng.chance(0.75) ? randomAffineMap(rng) : randomIntegerSet(rng)
          }
          continue
        case 11:
          if (f.affineAttrs) {
            return rng.pick(['strided<[1]>', 'strided<[?, 1], offset: ?>', 'strided<[4, 1], offset: 8>', 'strided<[]>'])
          }
          continue
        case 12:
          if (f.dialectAttrs) {
            return rng.pick(['#foo.bar<"x">', '#foo<thing>', '#foo.baz<[1, 2], {a = 3}>', '#foo.empty', '#tp.kind<nested<angle>>'])
          }
          continue
        case 13:
          if (f.exoticTypes) {
            return randomExoticTy(rng, f.dialectAttrs, f.affineAttrs).text
          }
          continue
        case 14:
          if (this.aliases.length > 0) {
            return rng.pick(this.aliases)
          }
          continue
        default:
          return 'unit'
      }
    }
  }

  /**
   * A dictionary attribute `{...}` with `n` entries; some are unit attributes written as bare
   * names. With `dialectOnly`, every name has a dialect prefix (as function argument and module
   * attributes need).
   */
  dictionary(depth: number, n: number, dialectOnly = false): string {
    const names = randomAttrNames(this.rng, n, true, dialectOnly)
    const parts: string[] = []
    for (const name of names) {
      parts.push(this.rng.chance(0.2) ? name : `${name} = ${this.value(depth)}`)
    }
    return `{${parts.join(', ')}}`
  }
}
