// Test kernels in the llvm + nvvm dialects. nvvm ops are written in generic form with
// upstream's op and attribute names (checked with mlir-opt 22 --mlir-print-op-generic), so
// the emitter reads them whether or not the nvvm dialect is registered.

/**
 * Vector add with a bounds guard, as mlir-opt 22's convert-gpu-to-nvvm lowers a gpu.func
 * (bare-pointer memrefs): c[i] = a[i] + b[i] for i = ctaid.x * ntid.x + tid.x < n.
 */
export const VECTOR_ADD = `
"gpu.module"() <{sym_name = "kernels"}> ({
  llvm.func @vadd(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64) attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.insertvalue %arg2, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %2 = llvm.insertvalue %arg2, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %27 = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
    %28 = llvm.sext %27 : i32 to i64
    %29 = "nvvm.read.ptx.sreg.ctaid.x"() : () -> i32
    %30 = llvm.sext %29 : i32 to i64
    %31 = "nvvm.read.ptx.sreg.ntid.x"() : () -> i32
    %32 = llvm.sext %31 : i32 to i64
    %33 = llvm.mul %30, %32 : i64
    %34 = llvm.add %33, %28 : i64
    %35 = llvm.icmp "slt" %34, %arg3 : i64
    llvm.cond_br %35, ^bb1, ^bb2
  ^bb1:
    %37 = llvm.getelementptr inbounds|nuw %arg0[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %38 = llvm.load %37 : !llvm.ptr -> f32
    %40 = llvm.getelementptr inbounds|nuw %arg1[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %41 = llvm.load %40 : !llvm.ptr -> f32
    %42 = llvm.fadd %38, %41 : f32
    %43 = llvm.extractvalue %2[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %44 = llvm.getelementptr inbounds|nuw %43[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %42, %44 : f32, !llvm.ptr
    llvm.br ^bb2
  ^bb2:
    "nvvm.barrier0"() : () -> ()
    llvm.return
  }
}) : () -> ()
`
