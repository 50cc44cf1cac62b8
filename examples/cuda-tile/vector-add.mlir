// c[i] = a[i] + b[i] over f32 vectors of any length n.
//
// Each tile block adds one 128-element tile: the views cover exactly n elements, so
// the last tile loads zeros past the end and its store is masked there.
// Launch: grid = (ceil(n / 128), 1, 1); arguments a, b, c (pointers to f32), n.
cuda_tile.module @vector_add {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %bid_x, %bid_y, %bid_z = get_tile_block_id : tile<i32>
    %a_view = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %b_view = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %c_view = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %a_tiles = make_partition_view %a_view : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %b_tiles = make_partition_view %b_view : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %c_tiles = make_partition_view %c_view : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %a_tile, %a_tok = load_view_tko weak %a_tiles[%bid_x] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %b_tile, %b_tok = load_view_tko weak %b_tiles[%bid_x] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %sum = addf %a_tile, %b_tile : tile<128xf32>
    %c_tok = store_view_tko weak %sum, %c_tiles[%bid_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
