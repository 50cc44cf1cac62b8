// cuda_tile mmaf in the tile-assembly form: aligned operand loads become single-stage
// cp.async staging (alloc_shared, async_copy, commit, wait, barrier, local_load) feeding
// tileas.mma, the accumulator stays in the mma layout across the K-loop, other operands
// reach their dot-operand layout with convert_layout, and forms outside the path are
// diagnostics at the mmaf.
import { describe, expect, it } from 'vitest'
import { parseSourceString } from '@tilepass/ir'
import { readCudaTileBytecode, writeCudaTileBytecode } from '@tilepass/cuda-tile'
import { example, printOperation, tileContext, toTileAS } from './helpers.ts'

/** A K-loop GEMM: BMxBK by BKxBN tiles of `elt`, f32 accumulator; `aligned` adds the assumes cp.async needs. */
function gemm(opts: { elt?: string; bm?: number; bn?: number; bk?: number; aligned?: boolean; warps?: number; acc?: string; padding?: string } = {}): string {
  const { elt = 'f16', bm = 64, bn = 64, bk = 32, aligned = true, acc = 'f32', padding = 'zero' } = opts
  const hints = opts.warps === undefined ? '' : ` optimization_hints=<sm_90 = {num_worker_warps_per_cta = ${opts.warps}}>`
  const A = `partition_view<tile=(${bm}x${bk}), padding_value = ${padding}, tensor_view<?x?x${elt}, strides=[?,1]>>`
  const B = `partition_view<tile=(${bk}x${bn}), padding_value = zero, tensor_view<?x?x${elt}, strides=[?,1]>>`
  const C = `partition_view<tile=(${bm}x${bn}), tensor_view<?x?x${acc}, strides=[?,1]>>`
  const assume = aligned
    ? `    %a = assume div_by<16>, %a0 : tile<ptr<${elt}>>
    %b = assume div_by<16>, %b0 : tile<ptr<${elt}>>
    %n = assume div_by<8>, %n0 : tile<i32>
    %k = assume div_by<8>, %k0 : tile<i32>
`
    : ''
  const [a, b, n, k] = aligned ? ['%a', '%b', '%n', '%k'] : ['%a0', '%b0', '%n0', '%k0']
  return `cuda_tile.module @gemm {
  entry @gemm(%a0: tile<ptr<${elt}>>, %b0: tile<ptr<${elt}>>, %c: tile<ptr<${acc}>>, %m: tile<i32>, %n0: tile<i32>, %k0: tile<i32>)${hints} {
${assume}    %bid_m, %bid_n, %bid_z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %bk = constant <i32: ${bk}> : tile<i32>
    %a_view = make_tensor_view ${a}, shape = [%m, ${k}], strides = [${k}, 1] : tile<i32> -> tensor_view<?x?x${elt}, strides=[?,1]>
    %b_view = make_tensor_view ${b}, shape = [${k}, ${n}], strides = [${n}, 1] : tile<i32> -> tensor_view<?x?x${elt}, strides=[?,1]>
    %c_view = make_tensor_view %c, shape = [%m, ${n}], strides = [${n}, 1] : tile<i32> -> tensor_view<?x?x${acc}, strides=[?,1]>
    %a_tiles = make_partition_view %a_view : ${A}
    %b_tiles = make_partition_view %b_view : ${B}
    %c_tiles = make_partition_view %c_view : ${C}
    %k_tiles = divi ${k}, %bk signed rounding<positive_inf> : tile<i32>
    %zero = constant <${acc}: 0.000000e+00> : tile<${bm}x${bn}x${acc}>
    %acc = for %kt in (%c0 to %k_tiles, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<${bm}x${bn}x${acc}>) {
      %a_tile, %a_tok = load_view_tko weak %a_tiles[%bid_m, %kt] : ${A}, tile<i32> -> tile<${bm}x${bk}x${elt}>, token
      %b_tile, %b_tok = load_view_tko weak %b_tiles[%kt, %bid_n] : ${B}, tile<i32> -> tile<${bk}x${bn}x${elt}>, token
      %next = mmaf %a_tile, %b_tile, %sum : tile<${bm}x${bk}x${elt}>, tile<${bk}x${bn}x${elt}>, tile<${bm}x${bn}x${acc}>
      continue %next : tile<${bm}x${bn}x${acc}>
    }
    %c_tok = store_view_tko weak %acc, %c_tiles[%bid_m, %bid_n] : tile<${bm}x${bn}x${acc}>, ${C}, tile<i32> -> token
    return
  }
}
`
}

/** The op names of the scf.for body, in order, without address arithmetic. */
function loopOps(text: string): string[] {
  const body = text.slice(text.indexOf('scf.for'), text.indexOf('scf.yield'))
  return [...body.matchAll(/(tileas\.[a-z_]+)/g)].map((m) => m[1]!).filter((n) => !['tileas.exti', 'tileas.muli', 'tileas.tile', 'tileas.smem'].includes(n))
}

describe('mmaf -> tileas', () => {
  it('stages aligned operands with cp.async into swizzled buffers and keeps the accumulator in the mma layout', () => {
    const r = toTileAS(gemm())
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#mma = #tileas.mma<warpsPerCTA = [2, 2]>')
    expect(text).toContain('#shared = #tileas.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>')
    expect(text).toContain('#shared1 = #tileas.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>')
    expect(text).toMatch(/tileas\.alloc_shared : !tileas\.smem<1x64x32xf16, #shared>\n\s+%\d+ = tileas\.alloc_shared : !tileas\.smem<1x32x64xf16, #shared1>/)
    expect(loopOps(text)).toEqual([
      'tileas.async_copy',
      'tileas.async_copy',
      'tileas.async_commit_group',
      'tileas.async_wait',
      'tileas.barrier',
      'tileas.local_load',
      'tileas.local_load',
      'tileas.mma',
      'tileas.barrier',
    ])
    expect(text).toContain('{pending = 0 : i32}')
    expect(text).toMatch(/iter_args\(%arg7 = %\d+\) -> \(!tileas\.tile<64x64xf32, #mma>\)/)
    expect(text).toContain('tileas.constant dense<0.000000e+00> : tensor<64x64xf32> : !tileas.tile<64x64xf32, #mma>')
    // No layout conversion: the store writes the mma layout.
    expect(text).not.toContain('convert_layout')
    expect(text).toMatch(/tileas\.store_view %\d+, %arg2\[%\d+, %\d+\] shape = \[%\d+, %\d+\] strides = \[%\d+, %c1_i64\].* : !tileas\.tile<64x64xf32, #mma>/)
    expect(text).not.toContain('load_view')
  })

  it('bf16 and 8 warps: [4, 2] warps on a 128x64 tile', () => {
    const r = toTileAS(gemm({ elt: 'bf16', bm: 128, warps: 8 }))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#tileas.mma<warpsPerCTA = [4, 2]>')
    expect(text).toContain('!tileas.smem<1x128x32xbf16, #shared>')
  })

  it('operands without 16-byte aligned rows reach the dot-operand layouts with convert_layout', () => {
    const r = toTileAS(example('gemm-f16'))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(loopOps(text)).toEqual(['tileas.load_view', 'tileas.load_view', 'tileas.convert_layout', 'tileas.convert_layout', 'tileas.mma'])
    expect(text).not.toContain('alloc_shared')
    expect(text).toContain('-> !tileas.tile<32x16xf16, #dot_op>')
  })

  it('a non-zero padding of an operand falls back the same way', () => {
    const text = printOperation(toTileAS(gemm({ padding: 'nan' })).module!)
    expect(loopOps(text)).toEqual([
      'tileas.load_view',
      'tileas.async_copy',
      'tileas.convert_layout',
      'tileas.async_commit_group',
      'tileas.async_wait',
      'tileas.barrier',
      'tileas.local_load',
      'tileas.mma',
      'tileas.barrier',
    ])
  })

  it('takes f32 operands through the exact FMA path (tileas.dot_fma, no staging, no mma.sync)', () => {
    const r = toTileAS(gemm({ elt: 'f32' }))
    expect(r.errors).toEqual([])
    const ops = loopOps(printOperation(r.module!))
    expect(ops).toContain('tileas.dot_fma')
    expect(ops).not.toContain('tileas.mma')
    expect(ops).not.toContain('tileas.async_copy')
  })

  it('reports mmaf forms outside the path at the mmaf', () => {
    expect(toTileAS(gemm({ bm: 16, bn: 8 })).errors).toEqual([
      '22:15: mmaf of 16x32 by 32x8 tiles is not supported by tilepass-compile yet (at least 16 rows per warp along M, 8 columns per warp along N, K >= 16)',
    ])
  })

  it('converts the same GEMM read back from bytecode to the same tile assembly', () => {
    const src = gemm({ elt: 'bf16' })
    const { ctx, errors } = tileContext()
    const parsed = parseSourceString(src, ctx, { filename: 'k.mlir' })!
    const bytes = writeCudaTileBytecode(parsed.op.regions[0]!.front.firstOp!)
    expect(errors).toEqual([])
    expect(bytes).not.toBeNull()
    const read = readCudaTileBytecode(bytes!, tileContext().ctx)
    expect(read.ok).toBe(true)
    const fromBytecode = toTileAS(printOperation(read.ok ? read.module : parsed.op))
    expect(fromBytecode.errors).toEqual([])
    const direct = printOperation(toTileAS(src).module!)
    expect(printOperation(fromBytecode.module!).replace('@kernels', '@gemm')).toBe(direct)
  })
})
