// LLVM IR translation of the nvvm tensor-core ops (nvvm.mma.sync, nvvm.wmma.load/store/mma) and
// nvvm.mapa.
// The expected text is mlir-translate --mlir-to-llvmir (LLVM 22) output for the input next to
// it, which is also compared with mlir-translate directly where installed.
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

// Loads of A/B/C fragments (f16, s8, f64, f32) in address spaces 3, 0 and 1, stores, the mma
// variants (tf32, f16, u8, f64) and mapa on generic and shared pointers.
const WMMA = `llvm.func @tc(%p: !llvm.ptr<3>, %g: !llvm.ptr, %gl: !llvm.ptr<1>, %s: i32, %h: vector<2xf16>, %f: f32, %i: i32, %d: f64) {
  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %1 = nvvm.wmma.load %g, %s {eltype = #nvvm.mma_type<s8>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 32 : i32} : (!llvm.ptr) -> !llvm.struct<(i32, i32, i32, i32)>
  %2 = nvvm.wmma.load %gl, %s {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<1>) -> f64
  %c = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f32>, frag = #nvvm.mma_frag<c>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 32 : i32, n = 8 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  nvvm.wmma.store %p, %s, %h, %h, %h, %h {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>
  nvvm.wmma.store %g, %s, %d, %d {eltype = #nvvm.mma_type<f64>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : !llvm.ptr, f64, f64
  %3 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %4 = nvvm.wmma.mma %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h, %h {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f16>, k = 16 : i32, layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
  %5 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i, %i {eltypeA = #nvvm.mma_type<u8>, eltypeB = #nvvm.mma_type<s32>, k = 16 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
  %6 = nvvm.wmma.mma %d, %d, %d, %d {eltypeA = #nvvm.mma_type<f64>, eltypeB = #nvvm.mma_type<f64>, k = 4 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>
  %10 = nvvm.mapa %g, %s : !llvm.ptr -> !llvm.ptr
  %11 = nvvm.mapa %p, %s : !llvm.ptr<3> -> !llvm.ptr<7>
  llvm.return
}`

const WMMA_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @tc(ptr addrspace(3) %0, ptr %1, ptr addrspace(1) %2, i32 %3, <2 x half> %4, float %5, i32 %6, double %7) {
  %9 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %0, i32 %3)
  %10 = call { i32, i32, i32, i32 } @llvm.nvvm.wmma.m8n32k16.load.b.col.stride.s8.p0(ptr %1, i32 %3)
  %11 = call double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p1(ptr addrspace(1) %2, i32 %3)
  %12 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m32n8k16.load.c.col.stride.f32.p3(ptr addrspace(3) %0, i32 %3)
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f16.p3(ptr addrspace(3) %0, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, i32 %3)
  call void @llvm.nvvm.wmma.m8n8k4.store.d.col.stride.f64.p0(ptr %1, double %7, double %7, i32 %3)
  %13 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, float %5, float %5, float %5, float %5, float %5, float %5, float %5, float %5)
  %14 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f16(<2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4, <2 x half> %4)
  %15 = call { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8(i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6, i32 %6)
  %16 = call { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.f64(double %7, double %7, double %7, double %7)
  %17 = call ptr @llvm.nvvm.mapa(ptr %1, i32 %3)
  %18 = call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %0, i32 %3)
  ret void
}

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) readonly captures(none), i32) #0

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare { i32, i32, i32, i32 } @llvm.nvvm.wmma.m8n32k16.load.b.col.stride.s8.p0(ptr readonly captures(none), i32) #0

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare double @llvm.nvvm.wmma.m8n8k4.load.a.row.stride.f64.p1(ptr addrspace(1) readonly captures(none), i32) #0

; Function Attrs: nocallback nounwind willreturn memory(argmem: read)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m32n8k16.load.c.col.stride.f32.p3(ptr addrspace(3) readonly captures(none), i32) #0

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f16.p3(ptr addrspace(3) writeonly captures(none), <2 x half>, <2 x half>, <2 x half>, <2 x half>, i32) #1

; Function Attrs: nocallback nounwind memory(argmem: write)
declare void @llvm.nvvm.wmma.m8n8k4.store.d.col.stride.f64.p0(ptr writeonly captures(none), double, double, i32) #1

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32(i32, i32, i32, i32, i32, i32, i32, i32, float, float, float, float, float, float, float, float) #2

; Function Attrs: nocallback nounwind memory(none)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.mma.col.row.f16.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>) #2

; Function Attrs: nocallback nounwind memory(none)
declare { i32, i32, i32, i32, i32, i32, i32, i32 } @llvm.nvvm.wmma.m16n16k16.mma.row.col.u8(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) #2

; Function Attrs: nocallback nounwind memory(none)
declare { double, double } @llvm.nvvm.wmma.m8n8k4.mma.row.col.f64(double, double, double, double) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr @llvm.nvvm.mapa(ptr captures(none), i32) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) captures(none), i32) #3

attributes #0 = { nocallback nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nounwind memory(argmem: write) }
attributes #2 = { nocallback nounwind memory(none) }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

describe('nvvm.wmma and nvvm.mapa translation', () => {
  it('calls the intrinsics mlir-translate calls, with their declarations', () => {
    const { ir, diags } = translate(WMMA)
    expect(diags).toEqual([])
    expect(ir).toBe(WMMA_IR)
  })
  it.skipIf(!haveMlirTranslate)('matches mlir-translate', () => {
    expect(translate(WMMA).ir).toBe(oracle(WMMA))
  })
})

// mma.sync of every multiplicand kind: f16 (f32/f16 C and D, m8n8k4 in col layouts), s8 with
// wrapping, u4 x s4 with satfinite, b1 with and.popc, bf16 and tf32.
const MMA = `llvm.func @mm(%h: vector<2xf16>, %f: f32, %i: i32, %d: f64) {
  %0 = nvvm.mma.sync A[%h, %h] B[%h, %h] C[%f, %f, %f, %f, %f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %1 = nvvm.mma.sync A[%h, %h] B[%h, %h] C[%h, %h, %h, %h] {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  %2 = nvvm.mma.sync A[%h, %h] B[%h] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %3 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 8, n = 8, k = 16>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>
  %4 = nvvm.mma.sync A[%i, %i] B[%i] C[%i, %i, %i, %i] {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<u4>, multiplicandBPtxType = #nvvm.mma_type<s4>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  %5 = nvvm.mma.sync A[%i, %i, %i, %i] B[%i, %i] C[%i, %i, %i, %i] {b1Op = #nvvm.mma_b1op<and_popc>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, shape = #nvvm.shape<m = 16, n = 8, k = 256>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  %6 = nvvm.mma.sync A[%i, %i, %i, %i] B[%i, %i] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  %7 = nvvm.mma.sync A[%i, %i] B[%i] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 4>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}`

const MMA_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @mm(<2 x half> %0, float %1, i32 %2, double %3) {
  %5 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, float %1, float %1, float %1, float %1, float %1, float %1, float %1, float %1)
  %6 = call { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.col.col.f32.f16(<2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0)
  %7 = call { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k8.row.col.f16.f16(<2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0, <2 x half> %0)
  %8 = call { i32, i32 } @llvm.nvvm.mma.m8n8k16.row.col.s8(i32 %2, i32 %2, i32 %2, i32 %2)
  %9 = call { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.u4.s4(i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2)
  %10 = call { i32, i32, i32, i32 } @llvm.nvvm.mma.and.popc.m16n8k256.row.col.b1(i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2)
  %11 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, i32 %2, float %1, float %1, float %1, float %1)
  %12 = call { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32 %2, i32 %2, i32 %2, float %1, float %1, float %1, float %1)
  ret void
}

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.row.col.f32.f32(<2 x half>, <2 x half>, <2 x half>, <2 x half>, float, float, float, float, float, float, float, float) #0

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float, float, float, float, float } @llvm.nvvm.mma.m8n8k4.col.col.f32.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>) #0

; Function Attrs: nocallback nounwind memory(none)
declare { <2 x half>, <2 x half> } @llvm.nvvm.mma.m16n8k8.row.col.f16.f16(<2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>) #0

; Function Attrs: nocallback nounwind memory(none)
declare { i32, i32 } @llvm.nvvm.mma.m8n8k16.row.col.s8(i32, i32, i32, i32) #0

; Function Attrs: nocallback nounwind memory(none)
declare { i32, i32, i32, i32 } @llvm.nvvm.mma.m16n8k32.row.col.satfinite.u4.s4(i32, i32, i32, i32, i32, i32, i32) #0

; Function Attrs: nocallback nounwind memory(none)
declare { i32, i32, i32, i32 } @llvm.nvvm.mma.and.popc.m16n8k256.row.col.b1(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) #0

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k16.row.col.bf16(i32, i32, i32, i32, i32, i32, float, float, float, float) #0

; Function Attrs: nocallback nounwind memory(none)
declare { float, float, float, float } @llvm.nvvm.mma.m16n8k4.row.col.tf32(i32, i32, i32, float, float, float, float) #0

attributes #0 = { nocallback nounwind memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

describe('nvvm.mma.sync translation', () => {
  it('names the intrinsic as upstream (b1 op, satfinite, signature)', () => {
    const { ir, diags } = translate(MMA)
    expect(diags).toEqual([])
    expect(ir).toBe(MMA_IR)
  })
  it.skipIf(!haveMlirTranslate)('matches mlir-translate', () => {
    expect(translate(MMA).ir).toBe(oracle(MMA))
  })
})
