import { describe, expect, it } from 'vitest'
import { example, printOperation, toTileAS } from './helpers.ts'

describe('convert-cuda-tile-to-tileas', () => {
  it('converts vector add: one gpu.module, an entry with 4 warps, blocked 128-element tiles', () => {
    const r = toTileAS(example('vector-add'))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#blocked = #tileas.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>')
    expect(text).toContain('gpu.module @vector_add {')
    expect(text).toContain('func.func @vector_add(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>, %arg3: i32) attributes {tileas.num_warps = 4 : i32}')
    expect(text).toMatch(/tileas\.addf %\d+, %\d+ : !tileas\.tile<128xf32, #blocked>/)
    expect(text).not.toContain('cuda_tile')
  })

  it('converts row softmax: reduce results in slices, reshape back to the parent, -inf padding', () => {
    const r = toTileAS(example('row-softmax'))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#slice = #tileas.slice<dim = 1, parent = #blocked>')
    expect(text).toContain('{padding = 0xFF800000 : f32} : !llvm.ptr<1> -> !tileas.tile<16x64xf32, #blocked>')
    expect(text).toMatch(/tileas\.reduce "maxf" %\d+ \{dim = 1 : i32, identity = 0xFF800000 : f32\} : !tileas\.tile<16x64xf32, #blocked> -> !tileas\.tile<16xf32, #slice>/)
    expect(text).toContain(': !tileas.tile<16xf32, #slice> -> !tileas.tile<16x1xf32, #blocked>')
  })

  it('takes the warp count from the optimization hints and vectorizes aligned views', () => {
    const src = `cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}> {
    %ap = assume div_by<16>, %a : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = make_tensor_view %ap, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>
    %t, %tok = load_view_tko weak %p[%c0] : partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = store_view_tko weak %t, %p[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`
    const r = toTileAS(src)
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('tileas.num_warps = 8 : i32')
    expect(text).toContain('warpsPerCTA = [8]')
    expect(text).toContain('{vector = 4 : i32}')
  })

  it('reports ops outside the compile subset at their location', () => {
    const src = `cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>) {
    %c0 = constant <f32: 1.0> : tile<4xf32>
    %s = sqrt %c0 : tile<4xf32>
    return
  }
}
`
    const r = toTileAS(src)
    expect(r.module).toBeNull()
    expect(r.errors).toEqual(["4:10: 'cuda_tile.sqrt' is not supported by tilepass-compile yet"])
  })
})

describe('convert-cuda-tile-to-tileas: the GEMM form of mmaf', () => {
  it('stages the operands through shared memory and multiplies into an mma accumulator carried by the loop', () => {
    const r = toTileAS(example('gemm-f16'))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#mma = #tileas.mma<warpsPerCTA = [2, 2]>')
    expect(text).toContain('tileas.alloc_shared : !tileas.smem<1x32x16xf16, #shared>')
    expect(text).toContain('#shared = #tileas.shared<vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]>')
    expect(text).toContain('#shared1 = #tileas.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>')
    expect(text).toMatch(/tileas\.async_copy %arg0\[%\d+, %\d+\] shape = \[%\d+, %\d+\] strides = \[%\d+, %c1_i64\], %\d+\[%c0_i32_\d+\]/)
    expect(text).toContain('tileas.async_wait %')
    expect(text).toContain('{pending = 0 : i32}')
    expect(text).toMatch(/tileas\.local_load %\d+\[%c0_i32_\d+\] : !tileas\.smem<1x32x16xf16, #shared> -> !tileas\.tile<32x16xf16, #dot_op>/)
    expect(text).toContain('-> !tileas.tile<32x32xf32, #mma>')
    // The loop carries the accumulator in the mma layout, started by a constant in it.
    expect(text).toContain('tileas.constant dense<0.000000e+00> : tensor<32x32xf32> : !tileas.tile<32x32xf32, #mma>')
    expect(text).toMatch(/scf\.for %arg\d+ = %c0_i32 to %\d+ step %c1_i32 iter_args\(%arg\d+ = %\d+\) -> \(!tileas\.tile<32x32xf32, #mma>\)/)
  })

  it('reports mmaf on operands that are not loaded straight from views', () => {
    const src = `cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %b = constant <f16: 1.0> : tile<16x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}
`
    const r = toTileAS(src)
    expect(r.errors).toEqual([
      "6:10: 'cuda_tile.mmaf' with operands not loaded straight from f16/bf16 views with unit stride (or with this accumulator) is not supported by tilepass-compile yet",
    ])
  })
})
