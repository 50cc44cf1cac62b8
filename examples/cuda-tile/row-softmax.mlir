// y[r, :] = softmax(x[r, :]) for an m x n row-major f32 matrix with n <= 64.
//
// Each tile block handles 16 rows: reduce max -> broadcast -> sub -> exp -> reduce add
// -> div. Columns past n load as -inf, so they add exp(-inf) = 0 to the row sums; rows
// past m are computed on padding and never stored.
// Launch: grid = (ceil(m / 16), 1, 1); arguments x, y (pointers to f32), m, n.
cuda_tile.module @row_softmax {
  entry @row_softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>) {
    %bid_x, %bid_y, %bid_z = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x_view = make_tensor_view %x, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %y_view = make_tensor_view %y, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %x_tiles = make_partition_view %x_view : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
    %y_tiles = make_partition_view %y_view : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %rows, %tok = load_view_tko weak %x_tiles[%bid_x, %c0] : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    %row_max = reduce %rows dim=1 identities=[0xFF800000 : f32] : tile<16x64xf32> -> tile<16xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %max = maxf %elem, %acc : tile<f32>
        yield %max : tile<f32>
      }
    %row_max_col = reshape %row_max : tile<16xf32> -> tile<16x1xf32>
    %row_max_b = broadcast %row_max_col : tile<16x1xf32> -> tile<16x64xf32>
    %shifted = subf %rows, %row_max_b : tile<16x64xf32>
    %e = exp %shifted : tile<16x64xf32>
    %row_sum = reduce %e dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32>
      (%elem: tile<f32>, %acc: tile<f32>) {
        %sum = addf %elem, %acc : tile<f32>
        yield %sum : tile<f32>
      }
    %row_sum_col = reshape %row_sum : tile<16xf32> -> tile<16x1xf32>
    %row_sum_b = broadcast %row_sum_col : tile<16x1xf32> -> tile<16x64xf32>
    %y_tile = divf %e, %row_sum_b : tile<16x64xf32>
    %y_tok = store_view_tko weak %y_tile, %y_tiles[%bid_x, %c0] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
