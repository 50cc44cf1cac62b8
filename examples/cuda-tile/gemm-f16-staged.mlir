// c = a x b with a: m x k f16, b: k x n f16 and c: m x n f32, all row-major, with the
// alignment facts that let tilepass-compile stage the operands with 16-byte cp.async:
// 16-byte aligned base pointers (`assume div_by<16>`) and row lengths n, k that are
// multiples of 8 elements (`assume div_by<8>`; the caller guarantees them).
//
// Each tile block computes one 64x64 tile of c, looping over k in steps of 32: load a
// 64x32 tile of a and a 32x64 tile of b, mmaf them into the f32 accumulator, continue.
// Tiles past the matrix edges load zeros; the store of c is masked there.
// Launch: grid = (ceil(m / 64), ceil(n / 64), 1), 4 warps; arguments a, b (pointers to
// f16), c (pointer to f32), m, n, k.
cuda_tile.module @gemm_f16_staged {
  entry @gemm_f16_staged(%a_arg: tile<ptr<f16>>, %b_arg: tile<ptr<f16>>, %c_arg: tile<ptr<f32>>, %m: tile<i32>, %n_arg: tile<i32>, %k_arg: tile<i32>) {
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
    %a_tiles = make_partition_view %a_view : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %k_tiles = divi %k, %bk signed rounding<positive_inf> : tile<i32>
    %zero = constant <f32: 0.000000e+00> : tile<64x64xf32>
    %acc = for %kt in (%c0 to %k_tiles, step %c1) : tile<i32> iter_values(%sum = %zero) -> (tile<64x64xf32>) {
      %a_tile, %a_tok = load_view_tko weak %a_tiles[%bid_m, %kt] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %b_tile, %b_tok = load_view_tko weak %b_tiles[%kt, %bid_n] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %a_tile, %b_tile, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %c_tok = store_view_tko weak %acc, %c_tiles[%bid_m, %bid_n] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
