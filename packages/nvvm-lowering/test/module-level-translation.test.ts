// LLVM IR translation of the llvm dialect's module-level ops (comdats, global ctors/dtors,
// module flags) and of the math intrinsics convert-math-to-llvm targets. The expected text is
// mlir-translate --mlir-to-llvmir (LLVM 22.1.8) output for the input next to it; where
// mlir-translate is installed each input is also compared with it directly.
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

const COMDATS_FLAGS_INTRINSICS = String.raw`module {
  llvm.comdat @__llvm_global_comdat {
    llvm.comdat_selector @any any
    llvm.comdat_selector @largest largest
  }
  llvm.mlir.global external @g(0 : i32) comdat(@__llvm_global_comdat::@any) : i32
  llvm.mlir.global internal constant @h(1 : i64) comdat(@__llvm_global_comdat::@largest) : i64
  llvm.func @ctor() comdat(@__llvm_global_comdat::@any) {
    llvm.return
  }
  llvm.func @dtor() {
    llvm.return
  }
  llvm.mlir.global_ctors ctors = [@ctor], priorities = [0 : i32], data = [@g]
  llvm.mlir.global_dtors dtors = [@dtor, @ctor], priorities = [65535 : i32, 3 : i32], data = [#llvm.zero, #llvm.zero]
  llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<max, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<warning, "s", "str">, #llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @ctor, to = @dtor, count = 222>, #llvm.cgprofile_entry<from = @ctor, count = 1>]>, #llvm.mlir.module_flag<override, "min", 1 : i64>, #llvm.mlir.module_flag<min, "z", 7 : i32>]
  llvm.func @s(%f: f32, %v: vector<4xf64>) -> !llvm.struct<(f32, f32)> {
    %0 = llvm.intr.sincos(%f) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> !llvm.struct<(f32, f32)>
    %1 = llvm.intr.sincos(%v) : (vector<4xf64>) -> !llvm.struct<(vector<4xf64>, vector<4xf64>)>
    %2 = llvm.intr.acos(%f) : (f32) -> f32
    %3 = llvm.intr.atan2(%f, %f) : (f32, f32) -> f32
    %4 = llvm.intr.tanh(%f) : (f32) -> f32
    %i = llvm.mlir.constant(3 : i32) : i32
    %5 = "llvm.intr.abs"(%i) <{is_int_min_poison = false}> : (i32) -> i32
    %6 = "llvm.intr.is.fpclass"(%f) <{bit = 3 : i32}> : (f32) -> i1
    %7 = llvm.intr.powi(%f, %i) : (f32, i32) -> f32
    llvm.return %0 : !llvm.struct<(f32, f32)>
  }
}
`

const COMDATS_FLAGS_INTRINSICS_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

$any = comdat any

$largest = comdat largest

@g = global i32 0, comdat($any)
@h = internal constant i64 1, comdat($largest)
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @ctor, ptr null }]
@llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @dtor, ptr null }, { i32, ptr, ptr } { i32 3, ptr @ctor, ptr null }]

define void @ctor() comdat($any) {
  ret void
}

define void @dtor() {
  ret void
}

define { float, float } @s(float %0, <4 x double> %1) {
  %3 = call fast { float, float } @llvm.sincos.f32(float %0)
  %4 = call { <4 x double>, <4 x double> } @llvm.sincos.v4f64(<4 x double> %1)
  %5 = call float @llvm.acos.f32(float %0)
  %6 = call float @llvm.atan2.f32(float %0, float %0)
  %7 = call float @llvm.tanh.f32(float %0)
  %8 = call i32 @llvm.abs.i32(i32 3, i1 false)
  %9 = call i1 @llvm.is.fpclass.f32(float %0, i32 3)
  %10 = call float @llvm.powi.f32.i32(float %0, i32 3)
  ret { float, float } %3
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { float, float } @llvm.sincos.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare { <4 x double>, <4 x double> } @llvm.sincos.v4f64(<4 x double>) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.acos.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.atan2.f32(float, float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.tanh.f32(float) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.abs.i32(i32, i1 immarg) #0

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.is.fpclass.f32(float, i32 immarg) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.powi.f32.i32(float, i32) #1

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !7, !8, !9}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 2, !"s", !"str"}
!3 = !{i32 5, !"CG Profile", !4}
!4 = distinct !{!5, !6}
!5 = !{ptr @ctor, ptr @dtor, i64 222}
!6 = !{ptr @ctor, null, i64 1}
!7 = !{i32 4, !"min", i32 1}
!8 = !{i32 8, !"z", i32 7}
!9 = !{i32 2, !"Debug Info Version", i32 3}
`

const COMDAT_ORDER = String.raw`module {
  llvm.comdat @c {
    llvm.comdat_selector @zz largest
    llvm.comdat_selector @unused any
    llvm.comdat_selector @aa nodeduplicate
    llvm.comdat_selector @mm samesize
  }
  llvm.func @f0() comdat(@c::@mm) attributes {alignment = 16 : i64, section = "sec", passthrough = ["nounwind"]} {
    llvm.return
  }
  llvm.mlir.global external @g(0 : i32) comdat(@c::@aa) {alignment = 8 : i64, section = "s"} : i32
  llvm.mlir.global external @k(0 : i32) comdat(@c::@zz) : i32
  llvm.mlir.global_dtors dtors = [@f0], priorities = [1 : i32], data = [#llvm.zero]
  llvm.mlir.global_ctors ctors = [], priorities = [], data = []

  llvm.mlir.global external @z(0 : i32) : i32
}
`

const COMDAT_ORDER_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

$mm = comdat samesize

$aa = comdat nodeduplicate

$zz = comdat largest

@g = global i32 0, section "s", comdat($aa), align 8
@k = global i32 0, comdat($zz)
@z = global i32 0
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @f0, ptr null }]
@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer

; Function Attrs: nounwind
define void @f0() #0 section "sec" comdat($mm) align 16 {
  ret void
}

attributes #0 = { nounwind }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

const XTORS = String.raw`llvm.func @f() {
  llvm.return
}
llvm.mlir.global_dtors dtors = [@f], priorities = [1 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_dtors dtors = [], priorities = [], data = []
llvm.mlir.global_ctors ctors = [@f], priorities = [-1 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_dtors dtors = [@f], priorities = [7 : i32], data = [#llvm.zero]
`

const XTORS_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@llvm.global_dtors.1 = appending global [0 x { i32, ptr, ptr }] zeroinitializer
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 -1, ptr @f, ptr null }]
@llvm.global_ctors.2 = appending global [0 x { i32, ptr, ptr }] zeroinitializer
@llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @f, ptr null }, { i32, ptr, ptr } { i32 7, ptr @f, ptr null }]

define void @f() {
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

const XTORS_NVPTX = String.raw`module attributes {llvm.target_triple = "nvptx64-nvidia-cuda"} {
llvm.func @f() {
  llvm.return
}
llvm.mlir.global_dtors dtors = [@f], priorities = [1 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_dtors dtors = [], priorities = [], data = []
llvm.mlir.global_ctors ctors = [@f], priorities = [-1 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.mlir.global_dtors dtors = [@f], priorities = [7 : i32], data = [#llvm.zero]
}
`

const XTORS_NVPTX_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"
target triple = "nvptx64-nvidia-cuda"

@llvm.global_dtors1 = appending global [0 x { i32, ptr, ptr }] zeroinitializer
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 -1, ptr @f, ptr null }]
@llvm.global_ctors2 = appending global [0 x { i32, ptr, ptr }] zeroinitializer
@llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @f, ptr null }, { i32, ptr, ptr } { i32 7, ptr @f, ptr null }]

define void @f() {
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

const PROFILE_SUMMARY = String.raw`module {
  llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary",
     #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427,
       max_internal_count = 86427, max_function_count = 4691,
       num_counts = 3712, num_functions = 796,
       is_partial_profile = 0,
       partial_profile_ratio = 0.500000e+00 : f64,
       detailed_summary =
         <cut_off = 10000, min_count = 86427, num_counts = 1>,
         <cut_off = 100000, min_count = 86427, num_counts = 1>
>>, #llvm.mlir.module_flag<error, "a", 1 : i8>, #llvm.mlir.module_flag<error, "b", 1 : i8>]
}
`

const PROFILE_SUMMARY_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

!llvm.module.flags = !{!0, !15, !16, !17}

!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 263646}
!4 = !{!"MaxCount", i64 86427}
!5 = !{!"MaxInternalCount", i64 86427}
!6 = !{!"MaxFunctionCount", i64 4691}
!7 = !{!"NumCounts", i64 3712}
!8 = !{!"NumFunctions", i64 796}
!9 = !{!"IsPartialProfile", i64 0}
!10 = !{!"PartialProfileRatio", double 5.000000e-01}
!11 = !{!"DetailedSummary", !12}
!12 = !{!13, !14}
!13 = !{i64 10000, i64 86427, i64 1}
!14 = !{i64 100000, i64 86427, i64 1}
!15 = !{i32 1, !"a", i32 1}
!16 = !{i32 1, !"b", i32 1}
!17 = !{i32 2, !"Debug Info Version", i32 3}
`

const CG_UNRESOLVED = String.raw`llvm.func @to() {
  llvm.return
}
llvm.mlir.global external @g(0 : i32) : i32
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @from, to = @to, count = 222>, #llvm.cgprofile_entry<from = @g, count = 222>, #llvm.cgprofile_entry<from = @nope, to = @to, count = 222>]>]
`

const CG_UNRESOLVED_IR = String.raw`; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@g = global i32 0

define void @to() {
  ret void
}

!llvm.module.flags = !{!0, !4}

!0 = !{i32 5, !"CG Profile", !1}
!1 = distinct !{!2, !3, !2}
!2 = !{null, ptr @to, i64 222}
!3 = !{null, null, i64 222}
!4 = !{i32 2, !"Debug Info Version", i32 3}
`

describe('module-level llvm ops translation', () => {
  it('writes CG Profile symbols that name no function as null and shares equal entries', () => {
    const { ir, diags } = translate(CG_UNRESOLVED)
    expect(diags).toEqual([])
    expect(ir).toBe(CG_UNRESOLVED_IR)
  })
  it('comdats of globals and functions, ctors/dtors, module flags with a CG Profile, sincos and the libm intrinsics', () => {
    const { ir, diags } = translate(COMDATS_FLAGS_INTRINSICS)
    expect(diags).toEqual([])
    expect(ir).toBe(COMDATS_FLAGS_INTRINSICS_IR)
  })
  it('comdats in function-then-global order, unused selectors left out, section/comdat/align order', () => {
    const { ir, diags } = translate(COMDAT_ORDER)
    expect(diags).toEqual([])
    expect(ir).toBe(COMDAT_ORDER_IR)
  })
  it('ctors/dtors arrays re-created per entry, empty ones renamed with a dot', () => {
    const { ir, diags } = translate(XTORS)
    expect(diags).toEqual([])
    expect(ir).toBe(XTORS_IR)
  })
  it('empty xtor arrays renamed without a dot for an NVPTX triple', () => {
    const { ir, diags } = translate(XTORS_NVPTX)
    expect(diags).toEqual([])
    expect(ir).toBe(XTORS_NVPTX_IR)
  })
  it('a ProfileSummary flag as nested metadata tuples, integer flags as i32', () => {
    const { ir, diags } = translate(PROFILE_SUMMARY)
    expect(diags).toEqual([])
    expect(ir).toBe(PROFILE_SUMMARY_IR)
  })
})

describe.skipIf(!haveMlirTranslate)('module-level llvm ops translation against mlir-translate', () => {
  for (const [name, src] of [
    ['comdats_flags_intrinsics', COMDATS_FLAGS_INTRINSICS],
    ['comdat_order', COMDAT_ORDER],
    ['xtors', XTORS],
    ['xtors_nvptx', XTORS_NVPTX],
    ['profile_summary', PROFILE_SUMMARY],
    ['cg_unresolved', CG_UNRESOLVED],
  ] as const) {
    it(name, () => {
      expect(translate(src).ir).toBe(oracle(src))
    })
  }
})
