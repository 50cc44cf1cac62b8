// c = a x b with a: m x k f16, b: k x n f16 and c: m x n f32, all row-major.
//
// Each tile block computes one 32x32 tile of c, looping over k in steps of 16: load a
// 32x16 tile of a and a 16x32 tile of b, mmaf them into the f32 accumulator, continue.
// Tiles past the matrix edges load zeros, which add nothing to the products; the store
// of c is masked there.
// Launch: grid = (ceil(m / 32), ceil(n / 32), 1); arguments a, b (pointers to f16),
// c (pointer to f32), m, n, k.
cuda_tile.module @gemm_f16 {
  entry @gemm_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %bid_m, %bid_n, %bid_z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %bk = constant <i32: 16> : tile<i32>
    %a_view = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %b_view = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %c_view = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %a_tiles = make_partition_view %a_view : partition_view<tile=(32x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(16x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %k_tiles = divi %k, %bk signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %acc = for %kt in (%c0 to %k_tiles, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<32x32xf32>) {
      %a_tile, %a_tok = load_view_tko weak %a_tiles[%bid_m, %kt] : partition_view<tile=(32x16), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x16xf16>, token
      %b_tile, %b_tok = load_view_tko weak %b_tiles[%kt, %bid_n] : partition_view<tile=(16x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x32xf16>, token
      %next = mmaf %a_tile, %b_tile, %sum : tile<32x16xf16>, tile<16x32xf16>, tile<32x32xf32>
      continue %next : tile<32x32xf32>
    }
    %c_tok = store_view_tko weak %acc, %c_tiles[%bid_m, %bid_n] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
