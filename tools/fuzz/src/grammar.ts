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

const intTypeName = fc.oneof(
  fc.constantFrom('i1', 'i8', 'i16', 'i32', 'i64', 'index', 'si8', 'ui8', 'ui64', 'si64', 'i0', 'i65', 'i128'),
  fc.nat({ max: 70000 }).map((w) => `i${w}`),
)
const floatTypeName = fc.constantFrom('f16', 'bf16', 'f32', 'f64', 'f80', 'f128', 'tf32', 'f8E4M3FN', 'f8E5M2', 'f4E2M1FN')

/** A dimension list `4x?x` with sizes up to and beyond int64. */
const dims = fc.array(fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 16 }).map(String) }, fc.constant('?'), intLiteral.filter((s) => !s.startsWith('-'))), { maxLength: 3 }).map((ds) => ds.map((d) => `${d}x`).join(''))

const { type } = fc.letrec<{ type: string }>((tie) => ({
  type: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    intTypeName,
    floatTypeName,
    fc.constant('none'),
    fc.tuple(dims, tie('type')).map(([d, t]) => `tensor<${d}${t}>`),
    fc.tuple(fc.nat({ max: 8 }), floatTypeName).map(([n, t]) => `vector<${n}x${t}>`),
    fc.tuple(dims, floatTypeName, fc.option(fc.tuple(fc.array(intLiteral, { maxLength: 3 }), intLiteral), { nil: null })).map(([d, t, strided]) =>
      strided === null ? `memref<${d}${t}>` : `memref<${d}${t}, strided<[${strided[0].join(', ')}], offset: ${strided[1]}>>`,
    ),
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
    intLiteral,
    fc.tuple(tie('e'), fc.constantFrom(' + ', ' - ', ' * ', ' floordiv ', ' ceildiv ', ' mod '), tie('e')).map(([a, op, b]) => `(${a}${op}${b})`),
  ),
})).e

const { attr } = fc.letrec<{ attr: string }>((tie) => ({
  attr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    fc.tuple(intLiteral, intTypeName).map(([v, t]) => `${v} : ${t}`),
    intLiteral,
    fc.tuple(fc.double({ noNaN: false }), floatTypeName).map(([v, t]) => `${Number.isFinite(v) ? v.toExponential() : '0x7FC00000'} : ${t}`),
    stringLiteral,
    fc.constantFrom('unit', 'true', 'false', '@sym', '@a::@b', 'i32', 'loc(unknown)', 'distinct[0]<>', 'distinct[18446744073709551616]<>'),
    fc.array(tie('attr'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', '"q q"'), tie('attr')), { maxLength: 3, selector: ([k]) => k }).map((kv) => `{${kv.map(([k, v]) => `${k} = ${v}`).join(', ')}}`),
    fc.tuple(fc.array(intLiteral, { minLength: 1, maxLength: 4 }), fc.constantFrom('i8', 'i32', 'i64', 'index')).map(
      ([vs, t]) => `dense<[${vs.join(', ')}]> : tensor<${vs.length}x${t}>`,
    ),
    fc.tuple(fc.constantFrom('i8', 'i32', 'i64'), fc.array(intLiteral, { maxLength: 4 })).map(([t, vs]) => `array<${t}${vs.length > 0 ? ': ' : ''}${vs.join(', ')}>`),
    fc.array(affineExpr, { minLength: 1, maxLength: 2 }).map((es) => `affine_map<(d0, d1)[s0] -> (${es.join(', ')})>`),
    affineExpr.map((e) => `affine_set<(d0, d1)[s0] : (${e} >= 0)>`),
    fc.tuple(fc.array(intLiteral, { maxLength: 2 }), intLiteral).map(([s, o]) => `strided<[${s.join(', ')}], offset: ${o}>`),
    fc.constantFrom('dense_resource<blob1> : tensor<3xi8>', 'dense<> : tensor<0xi32>', 'sparse<[[0]], [1]> : tensor<2xi32>'),
    typeArb,
  ),
}))

/** An attribute value. */
export const attrArb: fc.Arbitrary<string> = attr

/** A trailing location. */
export const locArb: fc.Arbitrary<string> = fc.constantFrom('', ' loc("f.mlir":1:2)', ' loc(unknown)', ' loc(fused["a", "b":3:4])', ' loc(callsite("f" at "g":1:1))', ' loc(#loc)')

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
    intLiteral.map((v): GenOp => ({ results: ['i32'], text: () => `arith.constant ${v} : i32` })),
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
    fc.constantFrom('arith.addi', 'arith.muli', 'arith.subi', 'arith.cmpi slt,').map(
      (name): GenOp => ({
        results: [name.startsWith('arith.cmpi') ? 'i1' : 'i32'],
        text: (defined) => {
          const ints = defined.filter((d) => d.type === 'i32')
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
  })
  .map(({ chunks, resources, nul }) => {
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
      return text
    })
    let text = texts.join('// -----\n')
    if (resources) {
      text += '{-#\n  dialect_resources: {\n    builtin: {\n      blob1: "0x08000000010203"\n    }\n  }\n#-}\n'
    }
    // A stray NUL byte now and then: mlir-opt skips it.
    return nul === 0 ? `\u0000${text}` : text
  })
