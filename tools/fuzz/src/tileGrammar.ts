import fc from 'fast-check'

// Arbitraries for valid cuda_tile modules: entries built from pieces that parse and verify
// (constants at the edges of their element types, arithmetic, comparisons, assumptions,
// loops, ifs, tokens, tensor and partition views with loads and stores, reductions, pointer
// tiles), with globals, optimization hints, a producer and debug-info locations. The fuzzer
// writes them as Tile IR bytecode and mutates the bytes (see tileMutations.ts).

type Elem = 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'f16' | 'bf16' | 'f32' | 'f64'
const INTS: readonly Elem[] = ['i8', 'i16', 'i32', 'i64']
const FLOATS: readonly Elem[] = ['f16', 'bf16', 'f32', 'f64']
// Values exact in every float kind used here.
const FLOAT_VALUES = ['0.0', '1.0', '-2.0', '0.5', '1.5', '-0.25', '3.0', '-4.5', '-0.0']

const shapeArb = fc.oneof(fc.constant<number[]>([]), fc.array(fc.constantFrom(1, 2, 4, 8), { minLength: 1, maxLength: 2 }))

function tileType(shape: readonly number[], elem: string): string {
  return `tile<${[...shape, elem].join('x')}>`
}

/** An integer of `elem`, at the edges (min, max, 0, -1) half of the time. */
function intValue(elem: Elem): fc.Arbitrary<string> {
  if (elem === 'i1') {
    return fc.constantFrom('0', '1')
  }
  const max = 2n ** BigInt(Number(elem.slice(1)) - 1) - 1n
  return fc.oneof(fc.bigInt({ min: -max - 1n, max }), fc.constantFrom(-max - 1n, max, 0n, -1n)).map(String)
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

/**
 * One piece of an entry body: lines defining fresh values (suffixed with `id`). Every entry
 * has the arguments `%p: tile<ptr<f32>>`, `%q: tile<ptr<i32>>`, `%n: tile<i32>` and
 * `%c: tile<i1>` for the pieces to use.
 */
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
  .tuple(fc.constantFrom(...FLOATS), shapeArb, fc.constantFrom('addf', 'subf', 'mulf', 'divf'), fc.constantFrom('nearest_even', 'zero', 'negative_inf', 'positive_inf'))
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
      return (
        `    %a${id} = constant <${elem}: ${a}> : ${t}\n    %b${id} = constant <${elem}: ${b}> : ${t}\n` +
        `    %r${id} = cmpi ${pred} %a${id}, %b${id}, ${sign} : ${t} -> ${tileType(shape, 'i1')}\n` +
        `    %s${id} = select %r${id}, %a${id}, %b${id} : ${tileType(shape, 'i1')}, ${t}\n`
      )
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
      `    %r${id} = for %iv${id} in (%lo${id} to %hi${id}, step %st${id}) : tile<i32> iter_values(%acc${id} = %n) -> (tile<i32>) {\n` +
      `      %x${id} = addi %acc${id}, %iv${id} : tile<i32>\n      continue %x${id} : tile<i32>\n    }\n`,
)

const ifPiece: fc.Arbitrary<Piece> = fc.constantFrom(...INTS).map(
  (elem): Piece =>
    (id) =>
      `    %a${id} = constant <${elem}: 3> : tile<${elem}>\n` +
      `    %r${id} = if %c -> (tile<${elem}>) {\n      %y${id} = muli %a${id}, %a${id} : tile<${elem}>\n      yield %y${id} : tile<${elem}>\n` +
      `    } else {\n      yield %a${id} : tile<${elem}>\n    }\n`,
)

const tokenPiece: fc.Arbitrary<Piece> = fc.constant(
  (id: number) => `    %t${id} = make_token : token\n    %u${id} = make_token : token\n    %j${id} = join_tokens %t${id}, %u${id} : token\n`,
)

/** A view over `%p` (static or dynamic shape), a tile loaded from it and maybe stored back. */
const viewPiece: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(8, 16, 128), fc.boolean(), fc.constantFrom('', ', padding_value = zero', ', padding_value = neg_inf'), fc.boolean())
  .map(([tile, dynamic, padding, store]): Piece => (id) => {
    const tv = dynamic ? 'tensor_view<?xf32, strides=[1]>' : 'tensor_view<1024xf32, strides=[1]>'
    const pv = `partition_view<tile=(${tile})${padding}, ${tv}>`
    const make = dynamic ? `make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> ${tv}` : `make_tensor_view %p, shape = [1024], strides = [1] : ${tv}`
    let text =
      `    %tv${id} = ${make}\n    %pv${id} = make_partition_view %tv${id} : ${pv}\n` +
      `    %ld${id}, %lt${id} = load_view_tko weak %pv${id}[%n] : ${pv}, tile<i32> -> tile<${tile}xf32>, token\n`
    if (store) {
      text += `    %sv${id} = make_partition_view %tv${id} : partition_view<tile=(${tile}), ${tv}>\n`
      text += `    %st${id} = store_view_tko weak %ld${id}, %sv${id}[%n] : tile<${tile}xf32>, partition_view<tile=(${tile}), ${tv}>, tile<i32> -> token\n`
    }
    return text
  })

/** A row reduction of a 2-d float constant, reshaped and broadcast back, with `exp`. */
const reducePiece: fc.Arbitrary<Piece> = fc.tuple(fc.constantFrom('addf', 'maxf'), fc.constantFrom(2, 4)).map(
  ([op, rows]): Piece =>
    (id) =>
      `    %m${id} = constant <f32: 1.5> : tile<${rows}x8xf32>\n` +
      `    %r${id} = reduce %m${id} dim=1 identities=[0.000000e+00 : f32] : tile<${rows}x8xf32> -> tile<${rows}xf32>\n` +
      `      (%e${id}: tile<f32>, %acc${id}: tile<f32>) {\n        %x${id} = ${op} %e${id}, %acc${id} : tile<f32>\n        yield %x${id} : tile<f32>\n      }\n` +
      `    %c${id} = reshape %r${id} : tile<${rows}xf32> -> tile<${rows}x1xf32>\n` +
      `    %b${id} = broadcast %c${id} : tile<${rows}x1xf32> -> tile<${rows}x8xf32>\n    %x${id} = exp %b${id} : tile<${rows}x8xf32>\n`,
)

/** A tile of pointers into `%q` (block id, iota, offset) and a store through it. */
const pointerPiece: fc.Arbitrary<Piece> = fc.constantFrom(2, 4, 8).map(
  (n): Piece =>
    (id) =>
      `    %bx${id}, %by${id}, %bz${id} = get_tile_block_id : tile<i32>\n` +
      `    %q1${id} = reshape %q : tile<ptr<i32>> -> tile<1xptr<i32>>\n    %qv${id} = broadcast %q1${id} : tile<1xptr<i32>> -> tile<${n}xptr<i32>>\n` +
      `    %io${id} = iota : tile<${n}xi32>\n    %o${id} = offset %qv${id}, %io${id} : tile<${n}xptr<i32>>, tile<${n}xi32> -> tile<${n}xptr<i32>>\n` +
      `    %s${id} = store_ptr_tko weak %o${id}, %io${id} : tile<${n}xptr<i32>>, tile<${n}xi32> -> token\n`,
)

const pieceArb = fc.oneof(constantPiece, intBinaryPiece, floatBinaryPiece, cmpPiece, assumePiece, loopPiece, ifPiece, tokenPiece, viewPiece, reducePiece, pointerPiece)

// Extra entry arguments: scalars (rank-0 tiles), pointers, tokens or tensor views.
const argTypeArb = fc.oneof(
  fc.constantFrom<Elem>('i1', ...INTS, ...FLOATS).map((e) => tileType([], e)),
  fc.constantFrom('tile<ptr<f32>>', 'tile<ptr<i8>>', 'token', 'tensor_view<128x?xf32, strides=[?,1]>'),
)

const entryArb = fc.record({
  args: fc.array(argTypeArb, { maxLength: 2 }),
  body: fc.array(pieceArb, { maxLength: 5 }),
  hints: fc.constantFrom('', ' optimization_hints=<sm_100 = {num_cta_in_cga = 2}>', ' optimization_hints=<sm_120 = {num_cta_in_cga = 1, occupancy = 2}>'),
  debug: fc.boolean(),
})

const globalArb = fc.tuple(fc.constantFrom<Elem>(...INTS, ...FLOATS), fc.constantFrom(1, 2, 4)).chain(([elem, n]) => values(elem, [n]).map((v) => ({ elem, n, v })))

/** The bytecode versions the writer produces (`tilepass-translate --list-versions`, less the test-only 250.x). */
export const WRITABLE_VERSIONS = ['13.1', '13.2', '13.3'] as const

/** A generated module: its text and the bytecode version to write it in. */
export interface TileModule {
  readonly text: string
  readonly version: (typeof WRITABLE_VERSIONS)[number]
}

/** A valid `cuda_tile.module` (one to three entries, up to `maxGlobals` globals) and a version to write it in. */
export function tileModuleArbOf(maxGlobals: number): fc.Arbitrary<TileModule> {
  return fc
  .record({
    globals: fc.array(globalArb, { maxLength: maxGlobals }),
    entries: fc.array(entryArb, { minLength: 1, maxLength: 3 }),
    producer: fc.option(fc.string({ maxLength: 12 }).filter((s) => !/["\\\n]/.test(s))),
    version: fc.constantFrom(...WRITABLE_VERSIONS),
  })
  .map((m): TileModule => {
    let id = 0
    // The producer attribute is written from 13.3 on.
    const producer = m.producer !== null && m.version === '13.3' ? ` attributes {producer = "${m.producer}"}` : ''
    let text = `cuda_tile.module @kernels${producer} {\n`
    m.globals.forEach((g, i) => {
      text += `  global @g${i} <${g.elem}: ${g.v}> : !cuda_tile.tile<${g.n}x${g.elem}>\n`
    })
    let debug = false
    m.entries.forEach((e, i) => {
      const args = ['%p: tile<ptr<f32>>', '%q: tile<ptr<i32>>', '%n: tile<i32>', '%c: tile<i1>', ...e.args.map((t, j) => `%arg${j}: ${t}`)].join(', ')
      text += `  entry @k${i}(${args})${e.hints} {\n`
      for (const piece of e.body) {
        text += piece(id++)
      }
      if (m.globals.length > 0) {
        text += `    %g${id++} = get_global @g0 : tile<ptr<${m.globals[0]!.elem}>>\n`
      }
      text += `    return\n  }${e.debug ? ` loc(#loc_k${i})` : ''}\n`
      debug ||= e.debug
    })
    text += '}\n'
    if (debug) {
      text += '#di_file = #cuda_tile.di_file<"fuzz.py" in "/src">\n#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>\n'
      m.entries.forEach((e, i) => {
        if (e.debug) {
          text +=
            `#di_sp${i} = #cuda_tile.di_subprogram<file = #di_file, line = ${i + 3}, name = "k${i}", linkageName = "k${i}", compileUnit = #di_compile_unit, scopeLine = ${i + 3}>\n` +
            `#loc_f${i} = loc("fuzz.py":${i + 3}:1)\n#loc_k${i} = #cuda_tile.di_loc<#loc_f${i} in #di_sp${i}>\n`
        }
      })
    }
    return { text, version: m.version }
  })
}

/** A valid `cuda_tile.module` with up to two globals. */
export const tileModuleArb: fc.Arbitrary<TileModule> = tileModuleArbOf(2)
