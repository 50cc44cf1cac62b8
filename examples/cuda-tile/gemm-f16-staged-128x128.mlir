// c = a x b with a: m x k f16, b: k x n f16 and c: m x n f32, all row-major: the pipelined
// GEMM of gemm-f16-staged.mlir with 128x128 tiles of c over 8 warps. The entry's optimization
// hint `num_worker_warps_per_cta = 8` (for sm_90) gives each tile block 256 threads, laid out
// as 4 x 2 warps of 32x64 each; with 4 warps the 128x128 f32 accumulator alone would need 128
// registers per thread and ptxas spills.
//
// Each tile block computes one 128x128 tile of c, looping over k in steps of 32 (128x32 tiles
// of a, 32x128 tiles of b, staged with 16-byte cp.async). Same alignment facts as the 64x64
// kernel: 16-byte aligned base pointers and n, k multiples of 8 elements.
// Launch: grid = (ceil(m / 128), ceil(n / 128), 1), 8 warps; arguments a, b (pointers to
// f16), c (pointer to f32), m, n, k.
cuda_tile.module @gemm_f16_staged_128x128 {
  entry @gemm_f16_staged_128x128(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n_arg: tile<i32>, %k_arg: tile<i32>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}, sm_100 = {num_worker_warps_per_cta = 8}> {
    %a = assume div_by<16>, %a_arg : tile<ptr<f16>>
    %b = assume div_by<16>, %b_arg : tile<ptr<f16>>
    %c = assume div_by<16>, %c_arg : tile<ptr<f32>>
    %n = assume div_by<8>, %n_arg : tile<i32>
    %k = assume div_by<8>, %k_arg : tile<i32>
    %bid_m, %bid_n, %bid_z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %bk = constant <i32: 32> : tile<i32>
    %a_view = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_view = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_view = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_tiles = make_partition_view %a_view : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
    %k_tiles = divi %k, %bk signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<128x128xf32>
    %acc = for %kt in (%c0 to %k_tiles, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<128x128xf32>) {
      %a_tile, %a_tok = load_view_tko weak %a_tiles[%bid_m, %kt] : partition_view<tile=(128x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x32xf16>, token
      %b_tile, %b_tok = load_view_tko weak %b_tiles[%kt, %bid_n] : partition_view<tile=(32x128), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %a_tile, %b_tile, %sum : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %c_tok = store_view_tko weak %acc, %c_tiles[%bid_m, %bid_n] : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
