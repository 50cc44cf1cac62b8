// A warp reduction with shuffles: each warp sums 32 consecutive inputs (xor butterflies,
// then down/idx steps) and lane 0 writes the warp sum to out[i / 32].
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @warp_sum(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %lane = gpu.lane_id
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %x = memref.load %in[%i] : memref<?xf32>
      %w = arith.constant 32 : i32
      %c16 = arith.constant 16 : i32
      %c8 = arith.constant 8 : i32
      %c4 = arith.constant 4 : i32
      %c2 = arith.constant 2 : i32
      %c1 = arith.constant 1 : i32
      %s16, %v16 = gpu.shuffle xor %x, %c16, %w : f32
      %a16 = arith.addf %x, %s16 : f32
      %s8, %v8 = gpu.shuffle xor %a16, %c8, %w : f32
      %a8 = arith.addf %a16, %s8 : f32
      %s4, %v4 = gpu.shuffle xor %a8, %c4, %w : f32
      %a4 = arith.addf %a8, %s4 : f32
      %s2, %v2 = gpu.shuffle down %a4, %c2, %w : f32
      %a2 = arith.addf %a4, %s2 : f32
      %s1, %v1 = gpu.shuffle idx %a2, %c1, %w : f32
      %a1 = arith.addf %a2, %s1 : f32
      gpu.barrier
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %lane, %c0 : index
      cf.cond_br %is0, ^write, ^done
    ^write:
      %c32 = arith.constant 32 : index
      %wid = arith.divui %i, %c32 : index
      memref.store %a1, %out[%wid] : memref<?xf32>
      cf.br ^done
    ^done:
      gpu.return
    }
  }
}
