// Vector add with a bounds guard: c[i] = a[i] + b[i] for i = blockIdx.x * blockDim.x +
// threadIdx.x < n, over dynamically shaped memrefs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %0 = arith.muli %bid, %bdim : index
      %i = arith.addi %0, %tid : index
      %ok = arith.cmpi slt, %i, %n : index
      cf.cond_br %ok, ^body, ^exit
    ^body:
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%i] : memref<?xf32>
      cf.br ^exit
    ^exit:
      gpu.return
    }
  }
}
