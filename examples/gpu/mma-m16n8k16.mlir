// One warp computes a 16x8 tile D = A x B + C with mma.sync.m16n8k16 (f16 inputs, f32
// accumulators). Each lane loads its fragments as the PTX ISA lays them out: A (16x16,
// row-major) as four f16x2 registers, B (16x8, column-major) as two, C/D as four f32.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mma_tile(%a: !llvm.ptr<1>, %b: !llvm.ptr<1>, %c: !llvm.ptr<1>, %d: !llvm.ptr<1>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %lane = gpu.lane_id
      %l = arith.index_cast %lane : index to i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %c16 = arith.constant 16 : i32
      %group = arith.shrui %l, %c2 : i32
      %quad = arith.andi %l, %c3 : i32
      %col = arith.muli %quad, %c2 : i32
      // A fragment: rows group and group+8, columns col and col+8.
      %r0 = arith.muli %group, %c16 : i32
      %a0i = arith.addi %r0, %col : i32
      %a1i = arith.addi %a0i, %c8 : i32
      %row8 = arith.addi %group, %c8 : i32
      %r8 = arith.muli %row8, %c16 : i32
      %a2i = arith.addi %r8, %col : i32
      %a3i = arith.addi %a2i, %c8 : i32
      %pa0 = llvm.getelementptr inbounds %a[%a0i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %pa1 = llvm.getelementptr inbounds %a[%a2i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %pa2 = llvm.getelementptr inbounds %a[%a1i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %pa3 = llvm.getelementptr inbounds %a[%a3i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %fa0 = llvm.load %pa0 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      %fa1 = llvm.load %pa1 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      %fa2 = llvm.load %pa2 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      %fa3 = llvm.load %pa3 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      // B fragment (B stored column-major, 16 rows per column): column group, rows col and col+8.
      %b0i = arith.addi %r0, %col : i32
      %b1i = arith.addi %b0i, %c8 : i32
      %pb0 = llvm.getelementptr inbounds %b[%b0i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %pb1 = llvm.getelementptr inbounds %b[%b1i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
      %fb0 = llvm.load %pb0 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      %fb1 = llvm.load %pb1 {alignment = 4 : i64} : !llvm.ptr<1> -> vector<2xf16>
      // C/D fragment (16x8 row-major f32): rows group and group+8, columns col, col+1.
      %g8 = arith.muli %group, %c8 : i32
      %c0i = arith.addi %g8, %col : i32
      %h8 = arith.muli %row8, %c8 : i32
      %c2i = arith.addi %h8, %col : i32
      %pc0 = llvm.getelementptr inbounds %c[%c0i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %pc2 = llvm.getelementptr inbounds %c[%c2i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %vc01 = llvm.load %pc0 {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
      %vc23 = llvm.load %pc2 {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
      %i0 = llvm.mlir.constant(0 : i32) : i32
      %i1 = llvm.mlir.constant(1 : i32) : i32
      %fc0 = llvm.extractelement %vc01[%i0 : i32] : vector<2xf32>
      %fc1 = llvm.extractelement %vc01[%i1 : i32] : vector<2xf32>
      %fc2 = llvm.extractelement %vc23[%i0 : i32] : vector<2xf32>
      %fc3 = llvm.extractelement %vc23[%i1 : i32] : vector<2xf32>
      %acc = nvvm.mma.sync A[%fa0, %fa1, %fa2, %fa3] B[%fb0, %fb1] C[%fc0, %fc1, %fc2, %fc3] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d1 = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d2 = llvm.extractvalue %acc[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d3 = llvm.extractvalue %acc[3] : !llvm.struct<(f32, f32, f32, f32)>
      %u = llvm.mlir.poison : vector<2xf32>
      %w0 = llvm.insertelement %d0, %u[%i0 : i32] : vector<2xf32>
      %w01 = llvm.insertelement %d1, %w0[%i1 : i32] : vector<2xf32>
      %w2 = llvm.insertelement %d2, %u[%i0 : i32] : vector<2xf32>
      %w23 = llvm.insertelement %d3, %w2[%i1 : i32] : vector<2xf32>
      %pd0 = llvm.getelementptr inbounds %d[%c0i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %pd2 = llvm.getelementptr inbounds %d[%c2i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %w01, %pd0 {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
      llvm.store %w23, %pd2 {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
      gpu.return
    }
  }
}
