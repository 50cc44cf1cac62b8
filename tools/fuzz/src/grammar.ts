import fc from 'fast-check'

// Arbitraries for MLIR's textual format: types, attributes, locations and generic
// operations with SSA values that are defined before they are used, so that inputs reach
// past the parser into the verifier, the passes and the printer. Integers come at the edges
// the syntax cares about (2^31, 2^53, 2^63, 2^64, zero, negative zero).

const P = [0n, 1n, 7n, 31n, 32n, 53n, 63n, 64n, 65n, 128n]

/** Integer literals at and around the interesting powers of two, signed or not. */
export const intLiteral: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: -100, max: 100 }).map(String), weight: 8 },
  fc.tuple(fc.constantFrom(...P), fc.integer({ min: -2, max: 2 }), fc.boolean()).map(([p, d, neg]) => `${neg ? '-' : ''}${(1n << p) + BigInt(d)}`),
  fc.constantFrom('-0', '0x0', '0xFF', '0x7FFFFFFFFFFFFFFF', '00', '9'.repeat(40)),
)

/** The width and signedness of an integer type name (`i32`, `si8`, `ui64`, `index`). */
function intRange(typeName: string): [bigint, bigint] {
  if (typeName === 'index') {
    return [-(1n << 63n), (1n << 63n) - 1n]
  }
  const width = BigInt(typeName.replace(/^[su]?i/, ''))
  if (width === 0n) {
    return [0n, 0n]
  }
  if (typeName.startsWith('ui')) {
    return [0n, (1n << width) - 1n]
  }
  if (typeName.startsWith('si')) {
    return [-(1n << (width - 1n)), (1n << (width - 1n)) - 1n]
  }
  // Signless: MLIR takes either the signed or the unsigned range.
  return [-(1n << (width - 1n)), (1n << width) - 1n]
}

/**
 * An integer literal for `typeName`: in range (its edges, zero, -1, small values) but one
 * time in `hostileOneIn`, when it is one of the hostile `intLiteral`s, so that one literal seldom rejects a
 * whole case but the edges still come.
 */
export function typedIntLiteral(typeName: string, hostileOneIn = 20): fc.Arbitrary<string> {
  const [min, max] = intRange(typeName)
  // Edges of very wide types (i70000) would be thousands of digits: small values only there.
  if (max > 1n << 128n) {
    return fc.oneof({ weight: hostileOneIn - 1, arbitrary: fc.integer({ min: -100, max: 100 }).map(String) }, { weight: 1, arbitrary: intLiteral })
  }
  const inRange = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(min, max, 0n, min < 0n ? -1n : 0n, min === 0n ? max >> 1n : min + 1n).map(String) },
    { weight: 3, arbitrary: fc.bigInt({ min: min > -100n ? min : -100n, max: max < 100n ? max : 100n }).map(String) },
  )
  return fc.oneof({ weight: hostileOneIn - 1, arbitrary: inRange }, { weight: 1, arbitrary: intLiteral })
}

const intTypeName = fc.oneof(
  fc.constantFrom('i1', 'i8', 'i16', 'i32', 'i64', 'index', 'si8', 'ui8', 'ui64', 'si64', 'i0', 'i65', 'i128'),
  fc.nat({ max: 70000 }).map((w) => `i${w}`),
)
const floatTypeName = fc.constantFrom('f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32', 'f8E4M3FN', 'f8E5M2', 'f4E2M1FN')

/** A dimension list (`['4', '?']`), sizes mostly small, now and then up to and beyond int64. */
const dimList = fc.array(
  fc.oneof({ weight: 32, arbitrary: fc.nat({ max: 16 }).map(String) }, { weight: 6, arbitrary: fc.constant('?') }, { weight: 1, arbitrary: intLiteral.filter((s) => !s.startsWith('-')) }),
  { maxLength: 3 },
)
/** A dimension list as the shaped types write it (`4x?x`). */
const dims = dimList.map((ds) => ds.map((d) => `${d}x`).join(''))

/** A stride or offset: mostly in int64 range (`?` allowed), now and then hostile. */
// INT64_MIN is the dynamic marker (`?`), so the smallest static stride is one above it.
const strideLiteral = fc.oneof(
  { weight: 6, arbitrary: typedIntLiteral('si64', 40).map((v) => (v === String(-(1n << 63n)) ? String(1n - (1n << 63n)) : v)) },
  { weight: 1, arbitrary: fc.constant('?') },
)

const { type } = fc.letrec<{ type: string }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    intTypeName,
    floatTypeName,
    fc.constant('none'),
    // Tensors of numbers (and dialect types) nine times in ten, of any type (mostly invalid) else.
    fc
      .tuple(dims, fc.oneof({ weight: 9, arbitrary: fc.oneof(intTypeName, floatTypeName, floatTypeName.map((t) => `complex<${t}>`), fc.constant('!x.t')) }, { weight: 1, arbitrary: tie('type') }))
      .map(([d, t]) => `tensor<${d}${t}>`),
    fc.tuple(fc.oneof({ weight: 15, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.constant(0) }), floatTypeName).map(([n, t]) => `vector<${n}x${t}>`),
    // Strided layouts with one stride per dimension, or (one in ten) any number of them.
    fc
      .tuple(dimList, floatTypeName, fc.option(fc.tuple(fc.array(strideLiteral, { maxLength: 3 }), strideLiteral, fc.nat({ max: 9 })), { nil: null }))
      .map(([d, t, strided]) => {
        const shape = d.map((x) => `${x}x`).join('')
        if (strided === null) {
          return `memref<${shape}${t}>`
        }
        const [strides, offset, mismatch] = strided
        const matched = mismatch === 0 ? strides : d.map((_, i) => strides[i] ?? '1')
        return `memref<${shape}${t}, strided<[${matched.join(', ')}], offset: ${offset}>>`
      }),
    fc.array(tie('type'), { maxLength: 3 }).map((ts) => `tuple<${ts.join(', ')}>`),
    fc.tuple(fc.array(tie('type'), { maxLength: 2 }), fc.array(tie('type'), { maxLength: 2 })).map(([a, r]) => `(${a.join(', ')}) -> (${r.join(', ')})`),
    floatTypeName.map((t) => `complex<${t}>`),
    fc.constantFrom('!x.t', '!x.t<"a">', '!x<"q">'),
  ),
}))

/** A type. */
export const typeArb: fc.Arbitrary<string> = type

const stringLiteral = fc.oneof(
  fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s).replace(/\\u00([0-9a-f]{2})/g, '\\$1')),
  fc.constantFrom('"\\00"', '"\\FF"', '"a\\"b"', '"日本"', '"\\n\\t"'),
)

const affineExpr = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    fc.constantFrom('d0', 'd1', 's0'),
    // Affine constants are int64 (a negative literal is a negated positive one).
    typedIntLiteral('si32'),
    fc.tuple(tie('e'), fc.constantFrom(' + ', ' - '), tie('e')).map(([a, op, b]) => `(${a}${op}${b})`),
    // Multiplication, division and modulo by a constant or a symbol (affine) four times in five.
    fc
      .tuple(tie('e'), fc.constantFrom(' * ', ' floordiv ', ' ceildiv ', ' mod '), fc.oneof({ weight: 4, arbitrary: fc.oneof(typedIntLiteral('si32'), fc.constant('s0')) }, { weight: 1, arbitrary: tie('e') }))
      .map(([a, op, b]) => `(${a}${op}${b})`),
  ),
})).e

const { attr } = fc.letrec<{ attr: string }>((tie) => ({
  attr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    intTypeName.chain((t) => typedIntLiteral(t).map((v) => `${v} : ${t}`)),
    intLiteral,
    fc.tuple(fc.double({ noNaN: false }), floatTypeName).map(([v, t]) => `${Number.isFinite(v) ? v.toExponential() : '0x7FC00000'} : ${t}`),
    stringLiteral,
    fc.constantFrom('unit', 'true', 'false', '@sym', '@a::@b', 'i32', 'loc(unknown)', 'distinct[0]<>', 'distinct[1]<"x">'),
    // An id past 64 bits, now and then.
    fc.nat({ max: 19 }).map((n) => (n === 0 ? 'distinct[18446744073709551616]<>' : `distinct[${n}]<>`)),
    fc.array(tie('attr'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', '"q q"'), tie('attr')), { maxLength: 3, selector: ([k]) => k }).map((kv) => `{${kv.map(([k, v]) => `${k} = ${v}`).join(', ')}}`),
    fc
      .constantFrom('i8', 'i32', 'i64', 'index')
      .chain((t) => fc.array(typedIntLiteral(t), { minLength: 1, maxLength: 4 }).map((vs) => `dense<[${vs.join(', ')}]> : tensor<${vs.length}x${t}>`)),
    fc
      .constantFrom('i8', 'i32', 'i64')
      .chain((t) => fc.array(typedIntLiteral(t), { maxLength: 4 }).map((vs) => `array<${t}${vs.length > 0 ? ': ' : ''}${vs.join(', ')}>`)),
    fc.array(affineExpr, { minLength: 1, maxLength: 2 }).map((es) => `affine_map<(d0, d1)[s0] -> (${es.join(', ')})>`),
    affineExpr.map((e) => `affine_set<(d0, d1)[s0] : (${e} >= 0)>`),
    fc.tuple(fc.array(strideLiteral, { maxLength: 2 }), strideLiteral).map(([s, o]) => `strided<[${s.join(', ')}], offset: ${o}>`),
    fc.constantFrom('dense_resource<blob1> : tensor<3xi8>', 'dense<> : tensor<0xi32>', 'sparse<[[0]], [1]> : tensor<2xi32>'),
    typeArb,
  ),
}))

/** An attribute value. */
export const attrArb: fc.Arbitrary<string> = attr

/** A trailing location. */
export const locArb: fc.Arbitrary<string> = fc.constantFrom('', ' loc("f.mlir":1:2)', ' loc(unknown)', ' loc(fused["a", "b":3:4])', ' loc(callsite("f" at "g":1:1))', ' loc(#loc)')

/** The definition of `#loc` that closes a chunk using it (all but one time in ten: an undefined alias else). */
const LOC_ALIAS = '#loc = loc("alias.mlir":7:7)\n'

/** Designators for `--verify-diagnostics`, with LLVM-flavoured and hostile regexes. */
const designator = fc.oneof(
  fc.constantFrom('error', 'warning', 'note', 'remark').map((k) => `// expected-${k} {{op}}`),
  fc
    .tuple(fc.constantFrom('error', 'note'), fc.constantFrom('@+1', '@-1', '@above', '@below', '@unknown', ''), fc.constantFrom('(.*)*x', '\\w+', '(?=use)', '[[:alpha:]]+', '[', 'a{2,1}', 'a**', '\\u0075', '(a|a)*b', '.*', '[^]a]', '\\1', '(a)\\1', ''))
    .map(([k, at, re]) => `// expected-${k}-re ${at} {{a {{${re}}} b}}`),
)

/** A value defined so far: its name and type. */
interface Defined {
  readonly name: string
  readonly type: string
}

interface GenOp {
  /** Result types. */
  readonly results: readonly string[]
  readonly text: (defined: readonly Defined[], names: Names) => string
}

/** The counter that numbers values across a whole chunk, so nested regions never reuse a name. */
interface Names {
  next: number
}

/**
 * One generic or registered operation. Operands are picked from the values defined so far;
 * regions hold nested blocks of their own.
 */
const opArb: fc.Arbitrary<GenOp> = fc.letrec<{ op: GenOp; block: GenOp[] }>((tie) => ({
  op: fc.oneof(
    // At the depth limit the first (non-recursive) choice is taken.
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    typedIntLiteral('i32').map((v): GenOp => ({ results: ['i32'], text: () => `arith.constant ${v} : i32` })),
    fc
      .record({
        name: fc.constantFrom('"x.a"', '"x.b"', '"test.op"', '"x.term"'),
        operandPicks: fc.array(fc.nat(), { maxLength: 3 }),
        results: fc.array(typeArb, { maxLength: 2 }),
        props: fc.option(fc.uniqueArray(fc.tuple(fc.constantFrom('p', 'q'), attrArb), { maxLength: 2, selector: ([k]) => k }), { nil: null }),
        attrs: fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'sym_name', 'value'), attrArb), { maxLength: 3, selector: ([k]) => k }),
        regions: fc.array(tie('block'), { maxLength: 2 }),
        loc: locArb,
      })
      .map(
        (o): GenOp => ({
          results: o.results,
          text: (defined, names) => {
            const picked = defined.length === 0 ? [] : o.operandPicks.map((i) => defined[i % defined.length]!)
            const operands = picked.map((d) => d.name)
            const props = o.props === null ? '' : ` <{${o.props.map(([k, v]) => `${k} = ${v}`).join(', ')}}>`
            const regions = o.regions.length === 0 ? '' : ` (${o.regions.map((b) => `{\n${blockText(b, defined, names)}}`).join(', ')})`
            const attrs = o.attrs.length === 0 ? '' : ` {${o.attrs.map(([k, v]) => `${k} = ${v}`).join(', ')}}`
            const operandTypes = picked.map((d) => d.type)
            return `${o.name}(${operands.join(', ')})${props}${regions}${attrs} : (${operandTypes.join(', ')}) -> (${o.results.join(', ')})${o.loc}`
          },
        }),
      ),
    // Without an i32 defined yet, a constant is used instead (one time in twenty, `%undef`).
    fc.tuple(fc.constantFrom('arith.addi', 'arith.muli', 'arith.subi', 'arith.cmpi slt,'), fc.nat({ max: 19 })).map(
      ([name, undef]): GenOp => ({
        results: [name.startsWith('arith.cmpi') ? 'i1' : 'i32'],
        text: (defined) => {
          const ints = defined.filter((d) => d.type === 'i32')
          if (ints.length === 0 && undef !== 0) {
            return name.startsWith('arith.cmpi') ? 'arith.constant true' : 'arith.constant 7 : i32'
          }
          const a = ints[0]?.name ?? '%undef'
          const b = ints[ints.length - 1]?.name ?? '%undef'
          return `${name} ${a}, ${b} : i32`
        },
      }),
    ),
  ),
  block: fc.array(tie('op'), { maxLength: 4 }),
})).op

function blockText(ops: readonly GenOp[], outer: readonly Defined[], names: Names): string {
  const defined = [...outer]
  let text = ''
  for (const op of ops) {
    text += defineResults(op, defined, names)
  }
  return text
}

/** The text of `op` with its results named, which are then added to `defined`. */
function defineResults(op: GenOp, defined: Defined[], names: Names): string {
  const body = op.text(defined, names)
  if (op.results.length === 0) {
    return `${body}\n`
  }
  const name = `%v${names.next++}`
  defined.push({ name: op.results.length > 1 ? `${name}#0` : name, type: op.results[0]! })
  return `${name}${op.results.length > 1 ? `:${op.results.length}` : ''} = ${body}\n`
}

/** A module body: operations, optionally resources, designators and `// -----` splits. */
export const moduleArb: fc.Arbitrary<string> = fc
  .record({
    chunks: fc.array(fc.array(fc.tuple(opArb, fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: designator })), { maxLength: 6 }), { minLength: 1, maxLength: 3 }),
    resources: fc.boolean(),
    nul: fc.nat({ max: 20 }),
    alias: fc.nat({ max: 9 }),
  })
  .map(({ chunks, resources, nul, alias }) => {
    // Numbered across chunks too: without --split-input-file they form one module.
    const names: Names = { next: 0 }
    const texts = chunks.map((ops) => {
      let text = ''
      const defined: Defined[] = []
      for (const [op, d] of ops) {
        if (d !== null) {
          text += `${d}\n`
        }
        text += defineResults(op, defined, names)
      }
      return alias !== 0 && text.includes('loc(#loc)') ? text + LOC_ALIAS : text
    })
    let text = texts.join('// -----\n')
    if (resources) {
      text += '{-#\n  dialect_resources: {\n    builtin: {\n      blob1: "0x08000000010203"\n    }\n  }\n#-}\n'
    }
    // A stray NUL byte now and then: mlir-opt skips it.
    return nul === 0 ? `\u0000${text}` : text
  })
