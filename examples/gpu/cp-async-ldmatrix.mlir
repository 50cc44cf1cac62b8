// A staging loop: each iteration, the 32 lanes of a warp copy a 16x16 f16 tile (512 bytes,
// one 16-byte cp.async per lane) from global into a double-buffered shared-memory stage,
// commit the group, wait for the previous stage, and read it back as mma A fragments with
// ldmatrix.x4; the fragments are summed into a checksum that lane 0 stores at the end.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @stage() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x f16>
    gpu.func @stage_tiles(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>, %ntiles: i32) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %lane = gpu.lane_id
      %l = arith.index_cast %lane : index to i32
      %smem = llvm.mlir.addressof @stage : !llvm.ptr<3>
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      %c16 = arith.constant 16 : i32
      %c256 = arith.constant 256 : i32
      %zero = arith.constant 0 : i32
      // Lane l copies elements [8l, 8l+8) of the tile; ldmatrix row address: row l%16, half l/16.
      %off = arith.muli %l, %c8 : i32
      %row = arith.remui %l, %c16 : i32
      %half = arith.divui %l, %c16 : i32
      %rowoff = arith.muli %row, %c16 : i32
      %halfoff = arith.muli %half, %c8 : i32
      %ldoff = arith.addi %rowoff, %halfoff : i32
      cf.br ^loop(%c0, %zero : i32, i32)
    ^loop(%t: i32, %sum: i32):
      %more = arith.cmpi slt, %t, %ntiles : i32
      cf.cond_br %more, ^body, ^done
    ^body:
      %buf = arith.andi %t, %c1 : i32
      %bufoff = arith.muli %buf, %c256 : i32
      %toff = arith.muli %t, %c256 : i32
      %gidx = arith.addi %toff, %off : i32
      %gptr = llvm.getelementptr inbounds %src[%gidx] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %sidx = arith.addi %bufoff, %off : i32
      %sptr = llvm.getelementptr inbounds %smem[%sidx] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
      nvvm.cp.async.shared.global %sptr, %gptr, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.barrier
      %lidx = arith.addi %bufoff, %ldoff : i32
      %lptr = llvm.getelementptr inbounds %smem[%lidx] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
      %frag = nvvm.ldmatrix %lptr {num = 4 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
      %f0 = llvm.extractvalue %frag[0] : !llvm.struct<(i32, i32, i32, i32)>
      %f1 = llvm.extractvalue %frag[1] : !llvm.struct<(i32, i32, i32, i32)>
      %f2 = llvm.extractvalue %frag[2] : !llvm.struct<(i32, i32, i32, i32)>
      %f3 = llvm.extractvalue %frag[3] : !llvm.struct<(i32, i32, i32, i32)>
      %x0 = arith.xori %sum, %f0 : i32
      %x1 = arith.addi %x0, %f1 : i32
      %x2 = arith.xori %x1, %f2 : i32
      %x3 = arith.addi %x2, %f3 : i32
      gpu.barrier
      %tn = arith.addi %t, %c1 : i32
      cf.br ^loop(%tn, %x3 : i32, i32)
    ^done:
      %first = arith.cmpi eq, %l, %c0 : i32
      cf.cond_br %first, ^store, ^exit
    ^store:
      llvm.store %sum, %out {alignment = 4 : i64} : i32, !llvm.ptr<1>
      cf.br ^exit
    ^exit:
      gpu.return
    }
  }
}
