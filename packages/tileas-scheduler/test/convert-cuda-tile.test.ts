import { describe, expect, it } from 'vitest'
import { example, printOperation, toTileAS } from './helpers.ts'

describe('convert-cuda-tile-to-tileas', () => {
  it('converts vector add: one gpu.module, an entry with 4 warps, 128-element tiles one element per thread', () => {
    const r = toTileAS(example('vector-add'))
    expect(r.errors).toEqual([])
    const text = printOperation(r.module!)
    expect(text).toContain('#blocked = #tileas.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>')
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
    // The hints of another architecture do not apply.
    expect(printOperation(toTileAS(src, 'sm_100a').module!)).toContain('tileas.num_warps = 4 : i32')
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

describe('convert-cuda-tile-to-tileas: tile constants', () => {
  it('become builtin dense tensors in the default layout', () => {
    const src = `cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %one = constant <f32: 1.5> : tile<64xf32>
    %v = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %s = store_view_tko weak %one, %p[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`
    const r = toTileAS(src)
    expect(r.errors).toEqual([])
    expect(printOperation(r.module!)).toContain('tileas.constant dense<1.500000e+00> : tensor<64xf32> : !tileas.tile<64xf32, #blocked>')
  })
})
