import { describe, expect, it } from 'vitest'
import { interpretedOps, Tile } from '../src/interpreter/index.ts'
import { dense, g, kernel, launch, memory, P, random, scalar, storeAll, T } from './interpreterHarness.ts'

/** Runs `body` (which stores into `%out`) and returns the `count` elements of `%out` as `elem`. */
function compute(body: string, elem: string, count: number): { values: number[]; errors: string[] } {
  const mem = memory()
  const out = mem.alloc(count * 8)
  const r = launch(kernel([`%out: ${P(elem)}`], body), [out], [1], mem)
  return { values: r.ok ? mem.read(elem, out, count) : [], errors: r.errors }
}

/** A binary op on two constant tiles, stored to `%out`. */
function binary(name: string, elem: string, lhs: string, rhs: string, n: number, props = '', outElem = elem): ReturnType<typeof compute> {
  const t = T(`${n}x${elem}`)
  const body =
    dense('%a', `${n}`, elem, lhs) +
    dense('%b', `${n}`, elem, rhs) +
    g('%r', name, '%a, %b', `${t}, ${t}`, T(`${n}x${outElem}`), props) +
    storeAll('%r', '%out', [n], outElem)
  return compute(body, outElem, n)
}

describe('interpreter: float arithmetic', () => {
  it('rounds f16 sums to nearest even', () => {
    // 1 + 2^-11 is a tie between 1 and 1 + 2^-10 (even: 1); 1 + 3 * 2^-11 ties to 1 + 2^-9.
    // 65504 + 16 is the midpoint between the largest f16 and 2^16, so it rounds to infinity.
    const r = binary('addf', 'f16', '[1.0, 1.0, 65504.0, 65504.0]', `[${2 ** -11}, ${3 * 2 ** -11}, 8.0, 16.0]`, 4)
    expect(r.errors).toEqual([])
    expect(r.values).toEqual([1, 1 + 2 ** -9, 65504, Infinity])
  })

  it('rounds bf16 products to nearest even and overflows f16 to infinity', () => {
    const r = binary('mulf', 'bf16', '[1.0078125, 3.0]', '[1.0078125, 0.5]', 2)
    // 1.0078125^2 = 1.01568603515625: between 1.015625 and 1.0234375, nearer the first.
    expect(r.values).toEqual([1.015625, 1.5])
    expect(binary('addf', 'f16', '[65504.0]', '[32.0]', 1).values).toEqual([Infinity])
  })

  it('honours directed rounding modes on f32 even when the double sum is inexact', () => {
    const tiny = 2 ** -30
    const lhs = '[1.0, -1.0]'
    const rhs = `[${tiny}, ${-tiny}]`
    expect(binary('addf', 'f32', lhs, rhs, 2).values).toEqual([1, -1])
    expect(binary('addf', 'f32', lhs, rhs, 2, '<{rounding_mode = #cuda_tile.rounding<positive_inf>}>').values).toEqual([1 + 2 ** -23, -1])
    expect(binary('addf', 'f32', lhs, rhs, 2, '<{rounding_mode = #cuda_tile.rounding<negative_inf>}>').values).toEqual([1, -1 - 2 ** -23])
    expect(binary('addf', 'f32', lhs, rhs, 2, '<{rounding_mode = #cuda_tile.rounding<zero>}>').values).toEqual([1, -1])
    // 1/3 rounded up and down differ by one ulp.
    const up = binary('divf', 'f32', '[1.0]', '[3.0]', 1, '<{rounding_mode = #cuda_tile.rounding<positive_inf>}>').values[0]!
    const down = binary('divf', 'f32', '[1.0]', '[3.0]', 1, '<{rounding_mode = #cuda_tile.rounding<negative_inf>}>').values[0]!
    expect(up - down).toBe(2 ** -25)
    expect(down).toBeLessThan(1 / 3)
    expect(up).toBeGreaterThan(1 / 3)
  })

  it('flushes f32 subnormals with flush_to_zero', () => {
    const sub = 2 ** -140
    expect(binary('addf', 'f32', `[${sub}]`, '[0.0]', 1).values).toEqual([sub])
    expect(binary('addf', 'f32', `[${sub}]`, '[0.0]', 1, '{flush_to_zero}').values).toEqual([0])
  })

  it('gives maxf and minf their NaN and signed-zero rules', () => {
    const lhs = '[0x7FC00000, 1.0, -0.0]'
    const rhs = '[2.0, 0x7FC00000, 0.0]'
    expect(binary('maxf', 'f32', lhs, rhs, 3).values).toEqual([2, 1, 0])
    const p = binary('maxf', 'f32', lhs, rhs, 3, '{propagate_nan}').values
    expect(p.slice(0, 2).every(Number.isNaN)).toBe(true)
    expect(Object.is(binary('minf', 'f32', lhs, rhs, 3).values[2], -0)).toBe(true)
  })

  it('compares floats ordered and unordered', () => {
    const lhs = '[1.0, 0x7FC00000, 3.0]'
    const rhs = '[2.0, 1.0, 3.0]'
    const lt = binary('cmpf', 'f32', lhs, rhs, 3, '{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>}', 'i1')
    expect(lt.values).toEqual([-1, 0, 0])
    const ule = binary('cmpf', 'f32', lhs, rhs, 3, '{comparison_predicate = #cuda_tile.comparison_predicate<less_than_or_equal>, comparison_ordering = #cuda_tile.comparison_ordering<unordered>}', 'i1')
    expect(ule.values).toEqual([-1, -1, -1])
  })
})

describe('interpreter: integer arithmetic', () => {
  it('wraps without overflow flags and reports overflow the flags exclude', () => {
    expect(binary('addi', 'i8', '[127, -128]', '[1, -1]', 2).values).toEqual([-128, 127])
    const r = binary('addi', 'i8', '[127]', '[1]', 1, '<{overflow = #cuda_tile.overflow<no_signed_wrap>}>')
    expect(r.errors).toHaveLength(1)
    expect(r.errors[0]).toMatch(/^\d+:\d+: 'cuda_tile.addi' op overflows in a signed sense.*\| in tile block \(0, 0, 0\)$/)
    expect(binary('addi', 'i8', '[-1]', '[1]', 1, '<{overflow = #cuda_tile.overflow<no_signed_wrap>}>').values).toEqual([0])
    expect(binary('addi', 'i8', '[-1]', '[1]', 1, '<{overflow = #cuda_tile.overflow<no_unsigned_wrap>}>').errors).toHaveLength(1)
  })

  it('divides with signedness and rounding', () => {
    const signed = '{signedness = #cuda_tile.signedness<signed>}'
    expect(binary('divi', 'i32', '[-7, 7, -8]', '[2, 2, 2]', 3, signed).values).toEqual([-3, 3, -4])
    const floor = '{signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<negative_inf>}'
    expect(binary('divi', 'i32', '[-7, 7, -8]', '[2, 2, 2]', 3, floor).values).toEqual([-4, 3, -4])
    const ceil = '{signedness = #cuda_tile.signedness<signed>, rounding = #cuda_tile.rounding<positive_inf>}'
    expect(binary('divi', 'i32', '[-7, 7, -8]', '[2, 2, 2]', 3, ceil).values).toEqual([-3, 4, -4])
    // Unsigned: -1 as i8 is 255.
    expect(binary('divi', 'i8', '[-1]', '[2]', 1, '{signedness = #cuda_tile.signedness<unsigned>}').values).toEqual([127])
    expect(binary('remi', 'i32', '[-7]', '[2]', 1, signed).values).toEqual([-1])
    expect(binary('divi', 'i32', '[1]', '[0]', 1, signed).errors[0]).toContain('divides by zero')
  })

  it('shifts, compares unsigned and takes high product halves', () => {
    expect(binary('shri', 'i8', '[-128, -128]', '[1, 7]', 2, '{signedness = #cuda_tile.signedness<signed>}').values).toEqual([-64, -1])
    expect(binary('shri', 'i8', '[-128]', '[7]', 1, '{signedness = #cuda_tile.signedness<unsigned>}').values).toEqual([1])
    expect(binary('shli', 'i8', '[3]', '[8]', 1).errors[0]).toContain('shifts by 8')
    const ult = '{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<unsigned>}'
    expect(binary('cmpi', 'i32', '[1, -1]', '[-1, 1]', 2, ult, 'i1').values).toEqual([-1, 0])
    // 2^31 * 2 = 2^32: the high half is 1 (the example of the op's description).
    expect(binary('mulhii', 'i32', '[-2147483648]', '[2]', 1).values).toEqual([1])
  })
})

describe('interpreter: conversions', () => {
  function convert(name: string, from: string, to: string, literal: string, n: number, props = ''): ReturnType<typeof compute> {
    const body = dense('%a', `${n}`, from, literal) + g('%r', name, '%a', T(`${n}x${from}`), T(`${n}x${to}`), props) + storeAll('%r', '%out', [n], to)
    return compute(body, to, n)
  }

  it('converts between floats, integers and bits', () => {
    const narrowed = convert('ftof', 'f32', 'f16', `[${1 + 2 ** -11}, 1.0e6, ${2 ** -25}]`, 3)
    expect(narrowed.errors).toEqual([])
    expect(narrowed.values).toEqual([1, Infinity, 0])
    expect(convert('ftof', 'f32', 'bf16', `[${1 + 2 ** -8}, ${1 + 3 * 2 ** -8}, ${1 + 3 * 2 ** -9}]`, 3).values).toEqual([1, 1 + 2 ** -6, 1 + 2 ** -7])
    expect(convert('itof', 'i32', 'f32', '[16777217, -3]', 2, '{signedness = #cuda_tile.signedness<signed>}').values).toEqual([16777216, -3])
    expect(convert('itof', 'i8', 'f32', '[-1]', 1, '{signedness = #cuda_tile.signedness<unsigned>}').values).toEqual([255])
    expect(convert('ftoi', 'f32', 'i32', '[-2.75, 2.75]', 2, '{signedness = #cuda_tile.signedness<signed>}').values).toEqual([-2, 2])
    expect(convert('ftoi', 'f32', 'i8', '[300.0]', 1, '{signedness = #cuda_tile.signedness<signed>}').errors[0]).toContain('outside the range')
    expect(convert('bitcast', 'f32', 'i32', '[1.0]', 1).values).toEqual([0x3f800000])
    expect(convert('bitcast', 'i16', 'f16', '[15360]', 1).values).toEqual([1])
    expect(convert('exti', 'i8', 'i32', '[-1]', 1, '{signedness = #cuda_tile.signedness<unsigned>}').values).toEqual([255])
    expect(convert('trunci', 'i32', 'i8', '[257]', 1).values).toEqual([1])
    // f8E4M3FN: 3 mantissa bits, largest 448, no infinity (overflow is NaN); f8E5M2 overflows to infinity.
    // 464 is halfway between 448 and 480 (the NaN encoding): it rounds to even, 448.
    const e4m3 = convert('ftof', 'f32', 'f8E4M3FN', '[0.3, 464.0, 480.0, -0.001]', 4)
    expect(e4m3.values.slice(0, 2)).toEqual([0.3125, 448])
    expect(Number.isNaN(e4m3.values[2])).toBe(true)
    expect(e4m3.values[3]).toBe(-(2 ** -9))
    expect(convert('ftof', 'f32', 'f8E5M2', '[0.3, 61440.0]', 2).values).toEqual([0.3125, Infinity])
    expect(convert('bitcast', 'i8', 'f8E4M3FN', '[127, 56]', 2).values.map(String)).toEqual(['NaN', '1'])
    // f4E2M1FN is finite-only: values past 6 saturate. f8E8M0FNU holds powers of two.
    const f4 = dense('%a', '4', 'f32', '[0.7, 5.0, 7.0, -100.0]') + g('%r', 'ftof', '%a', T('4xf32'), T('4xf4E2M1FN')) + g('%w', 'ftof', '%r', T('4xf4E2M1FN'), T('4xf32')) + storeAll('%w', '%out', [4], 'f32')
    expect(compute(f4, 'f32', 4).values).toEqual([0.5, 4, 6, -6])
    expect(convert('ftof', 'f32', 'f8E8M0FNU', '[3.0, 0.3]', 2, '{rounding_mode = #cuda_tile.rounding<positive_inf>}').values).toEqual([4, 0.5])
    expect(convert('ftof', 'f32', 'f8E8M0FNU', '[3.0, 0.3]', 2, '{rounding_mode = #cuda_tile.rounding<zero>}').values).toEqual([2, 0.25])
    const packed = dense('%a', '2', 'i16', '[258, -2]') + g('%r', 'pack', '%a', T('2xi16'), T('4xi8')) + storeAll('%r', '%out', [4], 'i8')
    expect(compute(packed, 'i8', 4).values).toEqual([2, 1, -2, -1])
    const unpacked = dense('%a', '4', 'i8', '[0, 60, 0, -68]') + g('%r', 'unpack', '%a', T('4xi8'), T('2xf16')) + storeAll('%r', '%out', [2], 'f16')
    expect(compute(unpacked, 'f16', 2).values).toEqual([1, -1])
  })
})

describe('interpreter: views and memory', () => {
  const tv = '!cuda_tile.tensor_view<?x?xf32, strides=[?,1]>'
  const tvShort = 'tensor_view<?x?xf32, strides=[?,1]>'

  it('loads tiles through dim_map with padding and masks stores past the edge', () => {
    // A 5x3 matrix viewed in 4x2 tiles, the tile dims walking (columns, rows): tile (0, 1)
    // covers columns 0..3 and rows 2..3.
    const pvIn = `!cuda_tile.partition_view<tile=(4x2), padding_value = nan, ${tvShort}, dim_map=[1, 0]>`
    const pvOut = `!cuda_tile.partition_view<tile=(4x2), ${tvShort}, dim_map=[1, 0]>`
    const body =
      scalar('%rows', 'i32', '5') +
      scalar('%cols', 'i32', '3') +
      scalar('%c0', 'i32', '0') +
      scalar('%c1', 'i32', '1') +
      g('%vin', 'make_tensor_view', '%in, %rows, %cols, %cols', `${P('f32')}, ${T('i32')}, ${T('i32')}, ${T('i32')}`, tv, '<{operandSegmentSizes = array<i32: 1, 2, 1>}>') +
      g('%vout', 'make_tensor_view', '%out, %rows, %cols, %cols', `${P('f32')}, ${T('i32')}, ${T('i32')}, ${T('i32')}`, tv, '<{operandSegmentSizes = array<i32: 1, 2, 1>}>') +
      g('%pin', 'make_partition_view', '%vin', tv, pvIn) +
      g('%pout', 'make_partition_view', '%vout', tv, pvOut) +
      g('%t, %tok', 'load_view_tko', '%pin, %c0, %c1', `${pvIn}, ${T('i32')}, ${T('i32')}`, `${T('4x2xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>') +
      storeAll('%t', '%dump', [4, 2], 'f32') +
      g('%tok2', 'store_view_tko', '%t, %pout, %c0, %c0', `${T('4x2xf32')}, ${pvOut}, ${T('i32')}, ${T('i32')}`, '!cuda_tile.token', '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>}>')
    const mem = memory()
    const input = mem.allocFrom('f32', Array.from({ length: 15 }, (_, i) => i))
    const output = mem.allocFrom('f32', new Array<number>(15).fill(-1))
    const dump = mem.alloc(8 * 4)
    const src = kernel([`%in: ${P('f32')}`, `%out: ${P('f32')}`, `%dump: ${P('f32')}`], body)
    const r = launch(src, [input, output, dump], [1], mem)
    expect(r.errors).toEqual([])
    // t[c][r] = in[2 + r][c] for c < 3, NaN for c = 3.
    const t = mem.read('f32', dump, 8)
    expect(t.slice(0, 6)).toEqual([6, 9, 7, 10, 8, 11])
    expect(t.slice(6).every(Number.isNaN)).toBe(true)
    // Stored at tile (0, 0): rows 0..1, columns 0..2 (column 3 is past the edge, masked).
    expect(mem.read('f32', output, 15)).toEqual([6, 7, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1])
  })

  it('loads overlapping and gapped tiles through strided views', () => {
    const tv1 = '!cuda_tile.tensor_view<8xf32, strides=[1]>'
    const load = (name: string, traversal: number, index: string): string => {
      const sv = `!cuda_tile.strided_view<tile=(2), traversal_strides=[${traversal}], padding_value = neg_inf, tensor_view<8xf32, strides=[1]>>`
      return (
        g(`%s${name}`, 'make_strided_view', '%v', tv1, sv) +
        scalar(`%i${name}`, 'i32', index) +
        g(`%${name}, %t${name}`, 'load_view_tko', `%s${name}, %i${name}`, `${sv}, ${T('i32')}`, `${T('2xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}>')
      )
    }
    const body =
      g('%v', 'make_tensor_view', '%in', P('f32'), tv1, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
      load('gap', 3, '2') +
      load('overlap', 1, '7') +
      g('%both', 'cat', '%gap, %overlap', `${T('2xf32')}, ${T('2xf32')}`, T('4xf32'), '{dim = 0 : i64}') +
      storeAll('%both', '%out', [4], 'f32')
    const mem = memory()
    const input = mem.allocFrom('f32', [0, 1, 2, 3, 4, 5, 6, 7])
    const out = mem.alloc(16)
    const r = launch(kernel([`%in: ${P('f32')}`, `%out: ${P('f32')}`], body), [input, out], [1], mem)
    expect(r.errors).toEqual([])
    expect(mem.read('f32', out, 4)).toEqual([6, 7, 7, -Infinity])
  })

  it('gathers and scatters rows through a gather_scatter_view', () => {
    const tv = '!cuda_tile.tensor_view<6x3xf32, strides=[3,1]>'
    const gv = `!cuda_tile.gather_scatter_view<tile=(4x2), padding_value = zero, ${tv.slice(11)}, sparse_dim=0>`
    const idx = `${T('4xi32')}, ${T('i32')}`
    const body =
      g('%v', 'make_tensor_view', '%in', P('f32'), tv, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
      g('%w', 'make_tensor_view', '%out', P('f32'), tv, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
      g('%gv', 'make_gather_scatter_view', '%v', tv, gv) +
      g('%gw', 'make_gather_scatter_view', '%w', tv, gv) +
      dense('%rows', '4', 'i32', '[5, 0, 9, 2]') +
      scalar('%c1', 'i32', '1') +
      scalar('%c0', 'i32', '0') +
      g('%t, %tok', 'load_view_tko', '%gv, %rows, %c1', `${gv}, ${idx}`, `${T('4x2xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>') +
      // Scatter the gathered tile back to the same rows, at column tile 0.
      g('%tok2', 'store_view_tko', '%t, %gw, %rows, %c0', `${T('4x2xf32')}, ${gv}, ${idx}`, '!cuda_tile.token', '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 0>}>')
    const mem = memory()
    const input = mem.allocFrom('f32', Array.from({ length: 18 }, (_, i) => i))
    const out = mem.allocFrom('f32', new Array<number>(18).fill(-1))
    const r = launch(kernel([`%in: ${P('f32')}`, `%out: ${P('f32')}`], body), [input, out], [1], mem)
    expect(r.errors).toEqual([])
    // Gathered: rows 5, 0, 9 (past the edge: zeros), 2 at columns 2..3 (3 is past the edge).
    // Scattered to columns 0..1 of rows 5, 0, 2 (row 9 masked).
    const o = mem.read('f32', out, 18)
    expect(o).toEqual([2, 0, -1, -1, -1, -1, 8, 0, -1, -1, -1, -1, -1, -1, -1, 17, 0, -1])
  })

  it('reports an index outside the index space and an access outside every allocation', () => {
    const pv = '!cuda_tile.partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>'
    const tv1 = '!cuda_tile.tensor_view<8xf32, strides=[1]>'
    const body = (index: string): string =>
      scalar('%i', 'i32', index) +
      g('%v', 'make_tensor_view', '%in', P('f32'), tv1, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
      g('%p', 'make_partition_view', '%v', tv1, pv) +
      g('%t, %tok', 'load_view_tko', '%p, %i', `${pv}, ${T('i32')}`, `${T('4xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}>')
    const mem = memory()
    const small = mem.allocFrom('f32', [1, 2, 3, 4, 5, 6])
    const src = (index: string): string => kernel([`%in: ${P('f32')}`], body(index))
    const outside = launch(src('2'), [small], [1], mem)
    expect(outside.errors).toHaveLength(1)
    expect(outside.errors[0]).toMatch(/^\d+:\d+: 'cuda_tile.load_view_tko' op has index 2 outside the index space \[0, 2\) of dimension 0/)
    // The view claims 8 elements but the buffer holds 6.
    const overrun = launch(src('1'), [small], [1], mem)
    expect(overrun.errors[0]).toContain('outside every allocation')
  })

  it('loads and stores through pointer tiles with a mask and a padding value', () => {
    const body =
      g('%base', 'reshape', '%in', P('f32'), T('1x!cuda_tile.ptr<f32>')) +
      g('%ptrs0', 'broadcast', '%base', T('1x!cuda_tile.ptr<f32>'), T('4x!cuda_tile.ptr<f32>')) +
      g('%idx', 'iota', '', '', T('4xi32')) +
      g('%ptrs', 'offset', '%ptrs0, %idx', `${T('4x!cuda_tile.ptr<f32>')}, ${T('4xi32')}`, T('4x!cuda_tile.ptr<f32>')) +
      dense('%mask', '4', 'i1', '[true, false, true, true]') +
      dense('%pad', '4', 'f32', '-5.0') +
      g('%v, %tok', 'load_ptr_tko', '%ptrs, %mask, %pad', `${T('4x!cuda_tile.ptr<f32>')}, ${T('4xi1')}, ${T('4xf32')}`, `${T('4xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}>') +
      storeAll('%v', '%out', [4], 'f32')
    const mem = memory()
    const input = mem.allocFrom('f32', [10, 11, 12, 13])
    const out = mem.alloc(16)
    const r = launch(kernel([`%in: ${P('f32')}`, `%out: ${P('f32')}`], body), [input, out], [1], mem)
    expect(r.errors).toEqual([])
    expect(mem.read('f32', out, 4)).toEqual([10, -5, 12, 13])
  })
})

describe('interpreter: control flow and regions', () => {
  it('runs for loops with carried values, if/yield and loop/break', () => {
    const i32 = T('i32')
    const body =
      scalar('%c0', 'i32', '0') +
      scalar('%c1', 'i32', '1') +
      scalar('%c3', 'i32', '3') +
      scalar('%c10', 'i32', '10') +
      // sum of the odd iv in [0, 10) step 1, through an if that yields.
      `    %sum = "cuda_tile.for"(%c0, %c10, %c1, %c0) ({
    ^bb0(%iv: ${i32}, %acc: ${i32}):
` +
      g('%odd', 'andi', '%iv, %c1', `${i32}, ${i32}`, i32) +
      g('%isodd', 'cmpi', '%odd, %c1', `${i32}, ${i32}`, T('i1'), '{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>}') +
      `    %next = "cuda_tile.if"(%isodd) ({
` +
      g('%a2', 'addi', '%acc, %iv', `${i32}, ${i32}`, i32) +
      g('', 'yield', '%a2', i32, '') +
      `    }, {
` +
      g('', 'yield', '%acc', i32, '') +
      `    }) : (${T('i1')}) -> ${i32}
` +
      g('', 'continue', '%next', i32, '') +
      `    }) : (${i32}, ${i32}, ${i32}, ${i32}) -> ${i32}
` +
      // loop: double %x until it reaches at least 100, counting steps.
      `    %x, %n = "cuda_tile.loop"(%c3, %c0) ({
    ^bb0(%lx: ${i32}, %ln: ${i32}):
` +
      g('%big', 'cmpi', '%lx, %c10', `${i32}, ${i32}`, T('i1'), '{comparison_predicate = #cuda_tile.comparison_predicate<greater_than>, signedness = #cuda_tile.signedness<signed>}') +
      `    "cuda_tile.if"(%big) ({
` +
      g('', 'break', '%lx, %ln', `${i32}, ${i32}`, '') +
      `    }, {
    }) : (${T('i1')}) -> ()
` +
      g('%lx2', 'addi', '%lx, %lx', `${i32}, ${i32}`, i32) +
      g('%ln2', 'addi', '%ln, %c1', `${i32}, ${i32}`, i32) +
      g('', 'continue', '%lx2, %ln2', `${i32}, ${i32}`, '') +
      `    }) : (${i32}, ${i32}) -> (${i32}, ${i32})
` +
      g('%sum1', 'reshape', '%sum', i32, T('1xi32')) +
      g('%x1', 'reshape', '%x', i32, T('1xi32')) +
      g('%n1', 'reshape', '%n', i32, T('1xi32')) +
      g('%all0', 'cat', '%sum1, %x1', `${T('1xi32')}, ${T('1xi32')}`, T('2xi32'), '{dim = 0 : i64}') +
      g('%pad', 'reshape', '%n', i32, T('1xi32')) +
      g('%pad2', 'cat', '%n1, %pad', `${T('1xi32')}, ${T('1xi32')}`, T('2xi32'), '{dim = 0 : i64}') +
      g('%all', 'cat', '%all0, %pad2', `${T('2xi32')}, ${T('2xi32')}`, T('4xi32'), '{dim = 0 : i64}') +
      storeAll('%all', '%out', [4], 'i32')
    const r = compute(body, 'i32', 4)
    expect(r.errors).toEqual([])
    // 1+3+5+7+9 = 25; 3 -> 6 -> 12 after 2 doublings.
    expect(r.values).toEqual([25, 12, 2, 2])
  })

  it('reduces and scans through their regions', () => {
    const f = T('f32')
    const region = (name: string): string =>
      `({
    ^bb0(%e: ${f}, %acc: ${f}):
` +
      g('%r', name, '%e, %acc', `${f}, ${f}`, f) +
      g('', 'yield', '%r', f, '') +
      '    })'
    const body =
      dense('%x', '2x4', 'f32', '[[1.0, 5.0, 2.0, 0.5], [4.0, 3.0, 8.0, 1.0]]') +
      `    %m = "cuda_tile.reduce"(%x) <{dim = 1 : i32, identities = [0xFF800000 : f32]}> ${region('maxf')} : (${T('2x4xf32')}) -> ${T('2xf32')}
` +
      `    %s = "cuda_tile.scan"(%x) <{dim = 1 : i32, identities = [0.0 : f32], reverse}> ${region('addf')} : (${T('2x4xf32')}) -> ${T('2x4xf32')}
` +
      `    %c = "cuda_tile.reduce"(%x) <{dim = 0 : i32, identities = [0.0 : f32]}> ${region('addf')} : (${T('2x4xf32')}) -> ${T('4xf32')}
` +
      g('%s8', 'reshape', '%s', T('2x4xf32'), T('8xf32')) +
      g('%mc', 'cat', '%m, %m', `${T('2xf32')}, ${T('2xf32')}`, T('4xf32'), '{dim = 0 : i64}') +
      g('%mcc', 'cat', '%mc, %c', `${T('4xf32')}, ${T('4xf32')}`, T('8xf32'), '{dim = 0 : i64}') +
      g('%all', 'cat', '%s8, %mcc', `${T('8xf32')}, ${T('8xf32')}`, T('16xf32'), '{dim = 0 : i64}') +
      storeAll('%all', '%out', [16], 'f32')
    const r = compute(body, 'f32', 16)
    expect(r.errors).toEqual([])
    expect(r.values).toEqual([8.5, 7.5, 2.5, 0.5, 16, 12, 9, 1, 5, 8, 5, 8, 5, 8, 10, 1.5])
  })

  it('broadcasts, permutes and extracts', () => {
    const body =
      dense('%x', '2x3', 'i32', '[[1, 2, 3], [4, 5, 6]]') +
      g('%p', 'permute', '%x', T('2x3xi32'), T('3x2xi32'), '{permutation = array<i32: 1, 0>}') +
      g('%e', 'extract', '%p, %one, %zero', `${T('3x2xi32')}, ${T('i32')}, ${T('i32')}`, T('1x2xi32')) +
      g('%b', 'broadcast', '%e', T('1x2xi32'), T('2x2xi32')) +
      storeAll('%b', '%out', [2, 2], 'i32')
    const r = compute(scalar('%one', 'i32', '1') + scalar('%zero', 'i32', '0') + body, 'i32', 4)
    expect(r.errors).toEqual([])
    expect(r.values).toEqual([2, 5, 2, 5])
  })
})

describe('interpreter: mmaf', () => {
  function mma(elem: string, m: number, n: number, k: number, seed: number): { got: number[]; want: number[] } {
    const rnd = random(seed)
    const a = Array.from({ length: m * k }, () => rnd())
    const b = Array.from({ length: k * n }, () => rnd())
    const c = Array.from({ length: m * n }, () => rnd())
    const mem = memory()
    const pa = mem.allocFrom(elem, a)
    const pb = mem.allocFrom(elem, b)
    const pc = mem.allocFrom('f32', c)
    const load = (name: string, ptr: string, rows: number, cols: number, e: string): string => {
      const tv = `!cuda_tile.tensor_view<${rows}x${cols}x${e}, strides=[${cols},1]>`
      const pv = `!cuda_tile.partition_view<tile=(${rows}x${cols}), ${tv.slice(11)}>`
      return (
        g(`%${name}v`, 'make_tensor_view', ptr, P(e), tv, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
        g(`%${name}p`, 'make_partition_view', `%${name}v`, tv, pv) +
        g(`%${name}, %${name}tok`, 'load_view_tko', `%${name}p, %z, %z`, `${pv}, ${T('i32')}, ${T('i32')}`, `${T(`${rows}x${cols}x${e}`)}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}>')
      )
    }
    const body =
      scalar('%z', 'i32', '0') +
      load('a', '%pa', m, k, elem) +
      load('b', '%pb', k, n, elem) +
      load('c', '%pc', m, n, 'f32') +
      g('%d', 'mmaf', '%a, %b, %c', `${T(`${m}x${k}x${elem}`)}, ${T(`${k}x${n}x${elem}`)}, ${T(`${m}x${n}xf32`)}`, T(`${m}x${n}xf32`)) +
      storeAll('%d', '%pc', [m, n], 'f32')
    const src = kernel([`%pa: ${P(elem)}`, `%pb: ${P(elem)}`, `%pc: ${P('f32')}`], body)
    // The reference rounds the inputs as the memory holds them, then sums in double.
    const ra = mem.read(elem, pa, m * k)
    const rb = mem.read(elem, pb, k * n)
    const rc = mem.read('f32', pc, m * n)
    const r = launch(src, [pa, pb, pc], [1], mem)
    expect(r.errors).toEqual([])
    const want: number[] = []
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let s = rc[i * n + j]!
        for (let q = 0; q < k; q++) {
          s += ra[i * k + q]! * rb[q * n + j]!
        }
        want.push(Math.fround(s))
      }
    }
    return { got: mem.read('f32', pc, m * n), want }
  }

  it('multiplies f16, bf16, f32 and f8 tiles exactly and accumulates in f32', () => {
    for (const [elem, seed] of [['f16', 1], ['bf16', 2], ['f32', 3], ['f8E4M3FN', 4], ['f8E5M2', 5]] as const) {
      const { got, want } = mma(elem, 8, 4, 16, seed)
      expect(got).toEqual(want)
    }
  })
})

describe('interpreter: mmaf_scaled', () => {
  it('scales blocks of K by the scale tiles before the product', () => {
    const body =
      dense('%a', '1x4', 'f4E2M1FN', '[[1.0, 2.0, 3.0, 6.0]]') +
      dense('%b', '4x1', 'f4E2M1FN', '[[0.5], [1.0], [1.5], [4.0]]') +
      dense('%c', '1x1', 'f32', '[[1.0]]') +
      dense('%sa', '1x2', 'f8E8M0FNU', '[[2.0, 0.5]]') +
      dense('%sb', '2x1', 'f8E8M0FNU', '[[1.0], [4.0]]') +
      g('%d', 'mmaf_scaled', '%a, %b, %c, %sa, %sb', [T('1x4xf4E2M1FN'), T('4x1xf4E2M1FN'), T('1x1xf32'), T('1x2xf8E8M0FNU'), T('2x1xf8E8M0FNU')].join(', '), T('1x1xf32')) +
      storeAll('%d', '%out', [1, 1], 'f32')
    const r = compute(body, 'f32', 1)
    expect(r.errors).toEqual([])
    // (1*2)(0.5*1) + (2*2)(1*1) + (3*0.5)(1.5*4) + (6*0.5)(4*4) + 1
    expect(r.values).toEqual([63])
  })
})

describe('interpreter: atomics, mmai and globals', () => {
  const ptr1 = T('1x!cuda_tile.ptr<i32>')
  const i1x = T('1xi32')

  it('applies atomic read-modify-writes and compare-and-swaps in block order', () => {
    const body =
      g('%bx, %by, %bz', 'get_tile_block_id', '', '', `${T('i32')}, ${T('i32')}, ${T('i32')}`) +
      scalar('%one', 'i32', '1') +
      g('%inc0', 'addi', '%bx, %one', `${T('i32')}, ${T('i32')}`, T('i32')) +
      g('%inc', 'reshape', '%inc0', T('i32'), i1x) +
      g('%p', 'reshape', '%sum', P('i32'), ptr1) +
      g('%old, %t1', 'atomic_rmw_tko', '%p, %inc', `${ptr1}, ${i1x}`, `${i1x}, !cuda_tile.token`, '<{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>') +
      // The first block to see 0 in %flag stores its id + 1 there.
      dense('%zero', '1', 'i32', '0') +
      g('%q', 'reshape', '%flag', P('i32'), ptr1) +
      g('%seen, %t2', 'atomic_cas_tko', '%q, %zero, %inc', `${ptr1}, ${i1x}, ${i1x}`, `${i1x}, !cuda_tile.token`, '<{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}>') +
      g('%r', 'reshape', '%olds', P('i32'), ptr1) +
      g('%rs', 'offset', '%r, %bx', `${ptr1}, ${T('i32')}`, ptr1) +
      g('%t3', 'store_ptr_tko', '%rs, %old', `${ptr1}, ${i1x}`, '!cuda_tile.token', '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>')
    const mem = memory()
    const sum = mem.allocFrom('i32', [100])
    const flag = mem.allocFrom('i32', [0])
    const olds = mem.alloc(16)
    const src = kernel([`%sum: ${P('i32')}`, `%flag: ${P('i32')}`, `%olds: ${P('i32')}`], body)
    const r = launch(src, [sum, flag, olds], [4], mem)
    expect(r.errors).toEqual([])
    expect(mem.read('i32', sum, 1)).toEqual([110])
    expect(mem.read('i32', flag, 1)).toEqual([1])
    expect(mem.read('i32', olds, 4)).toEqual([100, 101, 103, 106])
  })

  it('multiplies i8 tiles with their signedness into i32', () => {
    const body =
      dense('%a', '1x2', 'i8', '[[-1, 2]]') +
      dense('%b', '2x1', 'i8', '[[-1], [3]]') +
      dense('%c', '1x1', 'i32', '[[10]]') +
      g('%s', 'mmai', '%a, %b, %c', `${T('1x2xi8')}, ${T('2x1xi8')}, ${T('1x1xi32')}`, T('1x1xi32'), '{signedness_lhs = #cuda_tile.signedness<signed>, signedness_rhs = #cuda_tile.signedness<signed>}') +
      g('%u', 'mmai', '%a, %b, %c', `${T('1x2xi8')}, ${T('2x1xi8')}, ${T('1x1xi32')}`, T('1x1xi32'), '{signedness_lhs = #cuda_tile.signedness<unsigned>, signedness_rhs = #cuda_tile.signedness<signed>}') +
      g('%both', 'cat', '%s, %u', `${T('1x1xi32')}, ${T('1x1xi32')}`, T('2x1xi32'), '{dim = 0 : i64}') +
      storeAll('%both', '%out', [2, 1], 'i32')
    // signed: 1 + 6 + 10 = 17; lhs unsigned: -255 + 6 + 10 = -239.
    expect(compute(body, 'i32', 2).values).toEqual([17, -239])
  })

  it('allocates globals once per memory and reads them through get_global', () => {
    const prelude = `  "cuda_tile.global"() <{sym_name = "g", value = dense<[1.5, 2.5]> : tensor<2xf32>}> : () -> ()\n`
    const ptr2 = T('2x!cuda_tile.ptr<f32>')
    const body =
      g('%p', 'get_global', '', '', P('f32'), '<{name = @g}>') +
      g('%p1', 'reshape', '%p', P('f32'), T('1x!cuda_tile.ptr<f32>')) +
      g('%pb', 'broadcast', '%p1', T('1x!cuda_tile.ptr<f32>'), ptr2) +
      g('%i', 'iota', '', '', T('2xi32')) +
      g('%ps', 'offset', '%pb, %i', `${ptr2}, ${T('2xi32')}`, ptr2) +
      g('%v, %t', 'load_ptr_tko', '%ps', ptr2, `${T('2xf32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>') +
      g('%v2', 'addf', '%v, %v', `${T('2xf32')}, ${T('2xf32')}`, T('2xf32')) +
      g('%t2', 'store_ptr_tko', '%ps, %v2', `${ptr2}, ${T('2xf32')}`, '!cuda_tile.token', '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>') +
      storeAll('%v2', '%out', [2], 'f32')
    const mem = memory()
    const out = mem.alloc(8)
    const src = kernel([`%out: ${P('f32')}`], body, prelude)
    // The global keeps its value between launches on the same memory, as between kernel
    // launches of one loaded module: 2x, then 4x.
    expect(launch(src, [out], [1], mem).errors).toEqual([])
    expect(mem.read('f32', out, 2)).toEqual([3, 5])
    const twice = memory()
    const out2 = twice.alloc(8)
    expect(launch(src, [out2], [1], twice, [], undefined, 2).errors).toEqual([])
    expect(twice.read('f32', out2, 2)).toEqual([6, 10])
  })
})

describe('interpreter: atomic reductions into views and alloca', () => {
  it('reduces tiles into a view atomically from every block, skipping elements past the edge', () => {
    const tv1 = '!cuda_tile.tensor_view<6xi32, strides=[1]>'
    const pv = '!cuda_tile.partition_view<tile=(4), tensor_view<6xi32, strides=[1]>>'
    const body =
      g('%bx, %by, %bz', 'get_tile_block_id', '', '', `${T('i32')}, ${T('i32')}, ${T('i32')}`) +
      scalar('%c1', 'i32', '1') +
      g('%v', 'make_tensor_view', '%acc', P('i32'), tv1, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
      g('%p', 'make_partition_view', '%v', tv1, pv) +
      g('%x', 'iota', '', '', T('4xi32')) +
      g('%t', 'atomic_red_view_tko', '%p, %c1, %x', `${pv}, ${T('i32')}, ${T('4xi32')}`, '!cuda_tile.token', '<{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}>') +
      // alloca gives each block scratch memory it can store to and load from.
      g('%s', 'alloca', '', '', P('i32'), '<{num_elem = 4 : i64, alignment = 64 : i64}>') +
      g('%s1', 'reshape', '%s', P('i32'), T('1x!cuda_tile.ptr<i32>')) +
      g('%sb', 'broadcast', '%s1', T('1x!cuda_tile.ptr<i32>'), T('4x!cuda_tile.ptr<i32>')) +
      g('%sp', 'offset', '%sb, %x', `${T('4x!cuda_tile.ptr<i32>')}, ${T('4xi32')}`, T('4x!cuda_tile.ptr<i32>')) +
      g('%t2', 'store_ptr_tko', '%sp, %x', `${T('4x!cuda_tile.ptr<i32>')}, ${T('4xi32')}`, '!cuda_tile.token', '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}>') +
      g('%back, %t3', 'load_ptr_tko', '%sp', T('4x!cuda_tile.ptr<i32>'), `${T('4xi32')}, !cuda_tile.token`, '<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}>') +
      g('%t4', 'atomic_red_view_tko', '%p, %c1, %back', `${pv}, ${T('i32')}, ${T('4xi32')}`, '!cuda_tile.token', '<{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 3 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}>')
    const mem = memory()
    const acc = mem.allocFrom('i32', [9, 9, 9, 9, 100, 200])
    const r = launch(kernel([`%acc: ${P('i32')}`], body), [acc], [3], mem)
    expect(r.errors).toEqual([])
    // Tile 1 covers elements 4..7; 6 and 7 are past the edge. Three blocks add 2 * (0, 1) each.
    expect(mem.read('i32', acc, 6)).toEqual([9, 9, 9, 9, 100, 206])
  })
})

describe('interpreter: diagnostics', () => {
  it('reports an op it does not interpret at its location, never throwing', () => {
    const body = `    %t = "test.unknown"(%p) : (${P('i32')}) -> ${T('4xi8')}\n`
    const withValue = kernel([`%p: ${P('i32')}`], body)
    const mem = memory()
    const r = launch(withValue, [mem.alloc(4)], [2], mem)
    expect(r.ok).toBe(false)
    expect(r.errors).toEqual([`4:10: 'test.unknown' op is not supported by the interpreter yet | in tile block (0, 0, 0)`])
  })

  it('prints with printf conversions, one line per tile block', () => {
    const body =
      g('%bx, %by, %bz', 'get_tile_block_id', '', '', `${T('i32')}, ${T('i32')}, ${T('i32')}`) +
      dense('%v', '3', 'f32', '[1.5, -0.25, 1.0e10]') +
      dense('%h', '2', 'i8', '[-1, 10]') +
      g('%t', 'print_tko', '%bx, %v, %h, %h', `${T('i32')}, ${T('3xf32')}, ${T('2xi8')}, ${T('2xi8')}`, '!cuda_tile.token', '<{operandSegmentSizes = array<i32: 4, 0>, str = "block %03d: %+.2f %u %#x 100%%\\n"}>')
    const mem = memory()
    const r = launch(kernel([], body), [], [2], mem)
    expect(r.errors).toEqual([])
    expect(r.printed).toBe('block 000: [+1.50, -0.25, +10000000000.00] [255, 10] [0xff, 0xa] 100%\nblock 001: [+1.50, -0.25, +10000000000.00] [255, 10] [0xff, 0xa] 100%\n')
  })

  it('checks the launch against the entry', () => {
    const mem = memory()
    const src = kernel([`%n: ${T('i32')}`], '')
    expect(launch(src, [], [1], mem).errors[0]).toContain('takes 1 arguments but the launch passes 0')
    expect(launch(src, [1], [0], mem).errors[0]).toContain('every dimension must be a positive integer')
    expect(launch(src, [Tile.scalar('f32', 1)], [1], mem).errors[0]).toContain('expects argument #0')
    expect(launch(src, [1], [1], mem, [], 'nope').errors[0]).toContain("a cuda_tile.entry named 'nope'")
  })

  it('takes tiles of any shape as kernel arguments', () => {
    const body = g('%d', 'addf', '%x, %x', `${T('2x2xf16')}, ${T('2x2xf16')}`, T('2x2xf16')) + storeAll('%d', '%out', [2, 2], 'f16')
    const mem = memory()
    const out = mem.alloc(8)
    const x = Tile.from('f16', [2, 2], [1, 0.1, -3, 65504])
    expect(x.toArray()[1]).toBe(0.0999755859375)
    const r = launch(kernel([`%x: ${T('2x2xf16')}`, `%out: ${P('f16')}`], body), [x, out], [1], mem)
    expect(r.errors).toEqual([])
    expect(mem.read('f16', out, 4)).toEqual([2, 0.199951171875, -6, Infinity])
    expect(() => Tile.from('f16', [2], [1])).toThrow('1 values for a tile of 2 elements')
  })

  it('lists the ops it interprets', () => {
    const ops = interpretedOps()
    for (const name of ['mmaf', 'reduce', 'for', 'load_view_tko', 'exp', 'ftof']) {
      expect(ops).toContain(`cuda_tile.${name}`)
    }
  })
})
