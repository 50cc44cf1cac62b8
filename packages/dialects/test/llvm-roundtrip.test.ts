// Round trips of llvm dialect IR. Every expected text is the output of mlir-opt 22.1.8
// (/usr/lib/llvm-22/bin/mlir-opt INPUT and mlir-opt --mlir-print-op-generic INPUT) on the input next to it;
// the convert-to-llvm inputs are themselves `mlir-opt --convert-to-llvm` output of small func/arith/cf/index functions.
import { describe, expect, it } from 'vitest'
import { LLVMDialect } from '../src/llvm/index.ts'
import { roundTrip } from './funcHelpers.ts'

interface Case {
  readonly name: string
  readonly input: string
  readonly custom: string
  readonly generic: string
}

const CASES: readonly Case[] = [
  {
    name: 'ops',
    input: `llvm.func @g(%a: i32, %b: i32, %f: f32, %p: !llvm.ptr, %v: vector<4xf32>) -> i32 {
  %0 = llvm.add %a, %b overflow<nsw, nuw> : i32
  %1 = llvm.sdiv exact %a, %b : i32
  %2 = llvm.or disjoint %a, %b : i32
  %3 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
  %4 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<fast>} : f32
  %5 = llvm.zext nneg %a : i32 to i64
  %6 = llvm.trunc %5 overflow<nsw> : i64 to i16
  %7 = llvm.uitofp nneg %a : i32 to f32
  %8 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  %9 = llvm.load volatile %p : !llvm.ptr -> f32
  llvm.store volatile %a, %p {alignment = 8 : i64} : i32, !llvm.ptr
  %10 = llvm.mlir.constant(1 : i64) : i64
  %11 = llvm.alloca %10 x i32 {alignment = 8 : i64} : (i64) -> !llvm.ptr
  %12 = llvm.getelementptr inbounds %p[%10, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  %13 = llvm.getelementptr %p[3] : (!llvm.ptr) -> !llvm.ptr, f32
  %14 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
  %15 = llvm.extractvalue %14[1, 0] : !llvm.struct<(i32, array<2 x f32>)>
  %16 = llvm.mlir.zero : !llvm.ptr
  %17 = llvm.extractelement %v[%a : i32] : vector<4xf32>
  %18 = llvm.insertelement %f, %v[%a : i32] : vector<4xf32>
  %19 = llvm.shufflevector %v, %v [0, 1] : vector<4xf32>
  %20 = llvm.ptrtoint %p : !llvm.ptr to i64
  %21 = llvm.inttoptr %20 : i64 to !llvm.ptr<1>
  %22 = llvm.addrspacecast %21 : !llvm.ptr<1> to !llvm.ptr
  %23 = llvm.bitcast %f : f32 to i32
  %24 = llvm.intr.fabs(%f) : (f32) -> f32
  %25 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %26 = llvm.intr.fma(%f, %f, %f) {fastmathFlags = #llvm.fastmath<contract>} : (f32, f32, f32) -> f32
  %27 = llvm.mlir.addressof @g : !llvm.ptr
  %28 = llvm.call %27(%a, %b, %f, %p, %v) : !llvm.ptr, (i32, i32, f32, !llvm.ptr, vector<4xf32>) -> i32
  llvm.call @vf(%a, %f) vararg(!llvm.func<void (i32, ...)>) : (i32, f32) -> ()
  %30 = llvm.mlir.poison : i32
  %31 = llvm.fcmp "oeq" %f, %f {fastmathFlags = #llvm.fastmath<fast>} : f32
  %32 = llvm.select %31, %a, %b : i1, i32
  %33 = llvm.mlir.constant(dense<1.0> : vector<4xf32>) : vector<4xf32>
  llvm.cond_br %31 weights([1, 2]), ^bb1, ^bb2(%a : i32)
^bb1:
  llvm.unreachable
^bb2(%x: i32):
  llvm.return %x : i32
}
llvm.func @vf(i32, ...)
llvm.func internal @h() attributes {passthrough = ["noinline"]} {
  llvm.return
}
llvm.func fastcc @h2(%arg0: i32 {llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {sym_visibility = "private"}
llvm.func hidden unnamed_addr @h3() -> !llvm.void
llvm.mlir.global internal constant @gc(42 : i32) {addr_space = 0 : i32} : i32
llvm.mlir.global external @gz() : !llvm.array<4 x i8>
llvm.mlir.global private @gs("abc\\00") {addr_space = 0 : i32} : !llvm.array<4 x i8>
llvm.mlir.global internal @gi() : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}
`,
    custom: `module {
  llvm.func @g(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: !llvm.ptr, %arg4: vector<4xf32>) -> i32 {
    %0 = llvm.add %arg0, %arg1 overflow<nsw, nuw> : i32
    %1 = llvm.sdiv exact %arg0, %arg1 : i32
    %2 = llvm.or disjoint %arg0, %arg1 : i32
    %3 = llvm.fadd %arg2, %arg2 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
    %4 = llvm.fadd %arg2, %arg2 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %5 = llvm.zext nneg %arg0 : i32 to i64
    %6 = llvm.trunc %5 overflow<nsw> : i64 to i16
    %7 = llvm.uitofp nneg %arg0 : i32 to f32
    %8 = llvm.load %arg3 {alignment = 4 : i64} : !llvm.ptr -> i32
    %9 = llvm.load volatile %arg3 : !llvm.ptr -> f32
    llvm.store volatile %arg0, %arg3 {alignment = 8 : i64} : i32, !llvm.ptr
    %10 = llvm.mlir.constant(1 : i64) : i64
    %11 = llvm.alloca %10 x i32 {alignment = 8 : i64} : (i64) -> !llvm.ptr
    %12 = llvm.getelementptr inbounds %arg3[%10, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(i32, f32)>
    %13 = llvm.getelementptr %arg3[3] : (!llvm.ptr) -> !llvm.ptr, f32
    %14 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
    %15 = llvm.extractvalue %14[1, 0] : !llvm.struct<(i32, array<2 x f32>)> 
    %16 = llvm.mlir.zero : !llvm.ptr
    %17 = llvm.extractelement %arg4[%arg0 : i32] : vector<4xf32>
    %18 = llvm.insertelement %arg2, %arg4[%arg0 : i32] : vector<4xf32>
    %19 = llvm.shufflevector %arg4, %arg4 [0, 1] : vector<4xf32> 
    %20 = llvm.ptrtoint %arg3 : !llvm.ptr to i64
    %21 = llvm.inttoptr %20 : i64 to !llvm.ptr<1>
    %22 = llvm.addrspacecast %21 : !llvm.ptr<1> to !llvm.ptr
    %23 = llvm.bitcast %arg2 : f32 to i32
    %24 = llvm.intr.fabs(%arg2) : (f32) -> f32
    %25 = "llvm.intr.ctlz"(%arg0) <{is_zero_poison = false}> : (i32) -> i32
    %26 = llvm.intr.fma(%arg2, %arg2, %arg2) {fastmathFlags = #llvm.fastmath<contract>} : (f32, f32, f32) -> f32
    %27 = llvm.mlir.addressof @g : !llvm.ptr
    %28 = llvm.call %27(%arg0, %arg1, %arg2, %arg3, %arg4) : !llvm.ptr, (i32, i32, f32, !llvm.ptr, vector<4xf32>) -> i32
    llvm.call @vf(%arg0, %arg2) vararg(!llvm.func<void (i32, ...)>) : (i32, f32) -> ()
    %29 = llvm.mlir.poison : i32
    %30 = llvm.fcmp "oeq" %arg2, %arg2 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %31 = llvm.select %30, %arg0, %arg1 : i1, i32
    %32 = llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
    llvm.cond_br %30 weights([1, 2]), ^bb1, ^bb2(%arg0 : i32)
  ^bb1:  // pred: ^bb0
    llvm.unreachable
  ^bb2(%33: i32):  // pred: ^bb0
    llvm.return %33 : i32
  }
  llvm.func @vf(i32, ...)
  llvm.func internal @h() attributes {passthrough = ["noinline"]} {
    llvm.return
  }
  llvm.func fastcc @h2(i32 {llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {sym_visibility = "private"}
  llvm.func hidden unnamed_addr @h3()
  llvm.mlir.global internal constant @gc(42 : i32) {addr_space = 0 : i32} : i32
  llvm.mlir.global external @gz() {addr_space = 0 : i32} : !llvm.array<4 x i8>
  llvm.mlir.global private @gs("abc\\00") {addr_space = 0 : i32}
  llvm.mlir.global internal @gi() {addr_space = 0 : i32} : i32 {
    %0 = llvm.mlir.constant(1 : i32) : i32
    llvm.return %0 : i32
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, i32, f32, ptr, vector<4xf32>)>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: !llvm.ptr, %arg4: vector<4xf32>):
    %1 = "llvm.add"(%arg0, %arg1) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %2 = "llvm.sdiv"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    %3 = "llvm.or"(%arg0, %arg1) <{isDisjoint}> : (i32, i32) -> i32
    %4 = "llvm.fadd"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<nnan, ninf>}> : (f32, f32) -> f32
    %5 = "llvm.fadd"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<fast>}> : (f32, f32) -> f32
    %6 = "llvm.zext"(%arg0) <{nonNeg}> : (i32) -> i64
    %7 = "llvm.trunc"(%6) <{overflowFlags = 1 : i32}> : (i64) -> i16
    %8 = "llvm.uitofp"(%arg0) <{nonNeg}> : (i32) -> f32
    %9 = "llvm.load"(%arg3) <{alignment = 4 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> i32
    %10 = "llvm.load"(%arg3) <{ordering = 0 : i64, volatile_}> : (!llvm.ptr) -> f32
    "llvm.store"(%arg0, %arg3) <{alignment = 8 : i64, ordering = 0 : i64, volatile_}> : (i32, !llvm.ptr) -> ()
    %11 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "llvm.alloca"(%11) <{alignment = 8 : i64, elem_type = i32}> : (i64) -> !llvm.ptr
    %13 = "llvm.getelementptr"(%arg3, %11) <{elem_type = !llvm.struct<(i32, f32)>, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: -2147483648, 1>}> : (!llvm.ptr, i64) -> !llvm.ptr
    %14 = "llvm.getelementptr"(%arg3) <{elem_type = f32, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: 3>}> : (!llvm.ptr) -> !llvm.ptr
    %15 = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, array<2 x f32>)>
    %16 = "llvm.extractvalue"(%15) <{position = array<i64: 1, 0>}> : (!llvm.struct<(i32, array<2 x f32>)>) -> f32
    %17 = "llvm.mlir.zero"() : () -> !llvm.ptr
    %18 = "llvm.extractelement"(%arg4, %arg0) : (vector<4xf32>, i32) -> f32
    %19 = "llvm.insertelement"(%arg4, %arg2, %arg0) : (vector<4xf32>, f32, i32) -> vector<4xf32>
    %20 = "llvm.shufflevector"(%arg4, %arg4) <{mask = array<i32: 0, 1>}> : (vector<4xf32>, vector<4xf32>) -> vector<2xf32>
    %21 = "llvm.ptrtoint"(%arg3) : (!llvm.ptr) -> i64
    %22 = "llvm.inttoptr"(%21) : (i64) -> !llvm.ptr<1>
    %23 = "llvm.addrspacecast"(%22) : (!llvm.ptr<1>) -> !llvm.ptr
    %24 = "llvm.bitcast"(%arg2) : (f32) -> i32
    %25 = "llvm.intr.fabs"(%arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
    %26 = "llvm.intr.ctlz"(%arg0) <{is_zero_poison = false}> : (i32) -> i32
    %27 = "llvm.intr.fma"(%arg2, %arg2, %arg2) <{fastmathFlags = #llvm.fastmath<contract>}> : (f32, f32, f32) -> f32
    %28 = "llvm.mlir.addressof"() <{global_name = @g}> : () -> !llvm.ptr
    %29 = "llvm.call"(%28, %arg0, %arg1, %arg2, %arg3, %arg4) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 6, 0>}> : (!llvm.ptr, i32, i32, f32, !llvm.ptr, vector<4xf32>) -> i32
    "llvm.call"(%arg0, %arg2) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @vf, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>, var_callee_type = !llvm.func<void (i32, ...)>}> : (i32, f32) -> ()
    %30 = "llvm.mlir.poison"() : () -> i32
    %31 = "llvm.fcmp"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<fast>, predicate = 1 : i64}> : (f32, f32) -> i1
    %32 = "llvm.select"(%31, %arg0, %arg1) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %33 = "llvm.mlir.constant"() <{value = dense<1.000000e+00> : vector<4xf32>}> : () -> vector<4xf32>
    "llvm.cond_br"(%31, %arg0)[^bb1, ^bb2] <{branch_weights = array<i32: 1, 2>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, i32) -> ()
  ^bb1:  // pred: ^bb0
    "llvm.unreachable"() : () -> ()
  ^bb2(%34: i32):  // pred: ^bb0
    "llvm.return"(%34) : (i32) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, ...)>, linkage = #llvm.linkage<external>, sym_name = "vf", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<internal>, passthrough = ["noinline"], sym_name = "h", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<fastcc>, arg_attrs = [{llvm.noundef}], function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, res_attrs = [{llvm.zeroext}], sym_name = "h2", sym_visibility = "private", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "h3", unnamed_addr = 2 : i64, visibility_ = 1 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, constant, global_type = i32, linkage = #llvm.linkage<internal>, sym_name = "gc", unnamed_addr = 0 : i64, value = 42 : i32, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = !llvm.array<4 x i8>, linkage = #llvm.linkage<external>, sym_name = "gz", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = !llvm.array<4 x i8>, linkage = #llvm.linkage<private>, sym_name = "gs", unnamed_addr = 0 : i64, value = "abc\\00", visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = i32, linkage = #llvm.linkage<internal>, sym_name = "gi", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %0 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    "llvm.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'more ops',
    input: `llvm.func @g(%a: i32, %b: i32, %f: f32) {
  %0 = llvm.sub %a, %b : i32
  %1 = llvm.shl %a, %b : i32
  %2 = llvm.udiv %a, %b : i32
  %3 = llvm.lshr exact %a, %b : i32
  %4 = llvm.ashr %a, %b : i32
  %5 = llvm.urem %a, %b : i32
  %6 = llvm.xor %a, %b : i32
  %7 = llvm.fmul %f, %f {fastmathFlags = #llvm.fastmath<reassoc, nnan, afn>} : f32
  %8 = llvm.sext %a : i32 to i64
  %9 = llvm.fptosi %f : f32 to i32
  %10 = llvm.fptrunc %f : f32 to f16
  %11 = llvm.sitofp %a : i32 to f64
  %12 = llvm.icmp "ult" %a, %b : i32
  %13 = llvm.fneg %f {fastmathFlags = #llvm.fastmath<nsz>} : f32
  %14 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %15 = llvm.intr.maximum(%f, %f) : (f32, f32) -> f32
  %16 = llvm.intr.copysign(%f, %f) : (f32, f32) -> f32
  %17 = llvm.intr.sqrt(%f) : (f32) -> f32
  %18 = llvm.intr.ctpop(%a) : (i32) -> i32
  %19 = llvm.mlir.constant(true) : i1
  %20 = llvm.mlir.constant(1.0 : f64) : f64
  %21 = llvm.mlir.constant(-5) : i32
  %22 = "llvm.intr.cttz"(%a) <{is_zero_poison = true}> : (i32) -> i32
  %23 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  %24 = llvm.intr.minnum(%f, %f) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  llvm.return
}
`,
    custom: `module {
  llvm.func @g(%arg0: i32, %arg1: i32, %arg2: f32) {
    %0 = llvm.sub %arg0, %arg1 : i32
    %1 = llvm.shl %arg0, %arg1 : i32
    %2 = llvm.udiv %arg0, %arg1 : i32
    %3 = llvm.lshr exact %arg0, %arg1 : i32
    %4 = llvm.ashr %arg0, %arg1 : i32
    %5 = llvm.urem %arg0, %arg1 : i32
    %6 = llvm.xor %arg0, %arg1 : i32
    %7 = llvm.fmul %arg2, %arg2 {fastmathFlags = #llvm.fastmath<nnan, afn, reassoc>} : f32
    %8 = llvm.sext %arg0 : i32 to i64
    %9 = llvm.fptosi %arg2 : f32 to i32
    %10 = llvm.fptrunc %arg2 : f32 to f16
    %11 = llvm.sitofp %arg0 : i32 to f64
    %12 = llvm.icmp "ult" %arg0, %arg1 : i32
    %13 = llvm.fneg %arg2 {fastmathFlags = #llvm.fastmath<nsz>} : f32
    %14 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
    %15 = llvm.intr.maximum(%arg2, %arg2) : (f32, f32) -> f32
    %16 = llvm.intr.copysign(%arg2, %arg2) : (f32, f32) -> f32
    %17 = llvm.intr.sqrt(%arg2) : (f32) -> f32
    %18 = llvm.intr.ctpop(%arg0) : (i32) -> i32
    %19 = llvm.mlir.constant(true) : i1
    %20 = llvm.mlir.constant(1.000000e+00 : f64) : f64
    %21 = llvm.mlir.constant(-5 : i64) : i32
    %22 = "llvm.intr.cttz"(%arg0) <{is_zero_poison = true}> : (i32) -> i32
    %23 = llvm.intr.umin(%arg0, %arg1) : (i32, i32) -> i32
    %24 = llvm.intr.minnum(%arg2, %arg2) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
    llvm.return
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32):
    %0 = "llvm.sub"(%arg0, %arg1) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %1 = "llvm.shl"(%arg0, %arg1) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %2 = "llvm.udiv"(%arg0, %arg1) : (i32, i32) -> i32
    %3 = "llvm.lshr"(%arg0, %arg1) <{isExact}> : (i32, i32) -> i32
    %4 = "llvm.ashr"(%arg0, %arg1) : (i32, i32) -> i32
    %5 = "llvm.urem"(%arg0, %arg1) : (i32, i32) -> i32
    %6 = "llvm.xor"(%arg0, %arg1) : (i32, i32) -> i32
    %7 = "llvm.fmul"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<nnan, afn, reassoc>}> : (f32, f32) -> f32
    %8 = "llvm.sext"(%arg0) : (i32) -> i64
    %9 = "llvm.fptosi"(%arg2) : (f32) -> i32
    %10 = "llvm.fptrunc"(%arg2) : (f32) -> f16
    %11 = "llvm.sitofp"(%arg0) : (i32) -> f64
    %12 = "llvm.icmp"(%arg0, %arg1) <{predicate = 6 : i64}> : (i32, i32) -> i1
    %13 = "llvm.fneg"(%arg2) <{fastmathFlags = #llvm.fastmath<nsz>}> : (f32) -> f32
    %14 = "llvm.intr.smax"(%arg0, %arg1) : (i32, i32) -> i32
    %15 = "llvm.intr.maximum"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %16 = "llvm.intr.copysign"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %17 = "llvm.intr.sqrt"(%arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
    %18 = "llvm.intr.ctpop"(%arg0) : (i32) -> i32
    %19 = "llvm.mlir.constant"() <{value = true}> : () -> i1
    %20 = "llvm.mlir.constant"() <{value = 1.000000e+00 : f64}> : () -> f64
    %21 = "llvm.mlir.constant"() <{value = -5 : i64}> : () -> i32
    %22 = "llvm.intr.cttz"(%arg0) <{is_zero_poison = true}> : (i32) -> i32
    %23 = "llvm.intr.umin"(%arg0, %arg1) : (i32, i32) -> i32
    %24 = "llvm.intr.minnum"(%arg2, %arg2) <{fastmathFlags = #llvm.fastmath<fast>}> : (f32, f32) -> f32
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'types',
    input: `llvm.func @f(%a: !llvm.struct<"A", (i32, ptr)>, %b: !llvm.struct<"L", (ptr, struct<"L">)>, %c: !llvm.struct<"O", opaque>, %d: !llvm.struct<packed (i8, i32)>, %e: !llvm.struct<"P", packed (i8)>, %f: !llvm.array<2 x array<3 x !llvm.ptr<3>>>, %g: !llvm.struct<()>, %h: !llvm.struct<"E", ()>, %i: !llvm.token, %k: !llvm.struct<(i32, !llvm.struct<"A", (i32, ptr)>)>, %l: vector<2x!llvm.ptr>, %m: !llvm.metadata, %n: !llvm.label, %o: !llvm.array<0 x i8>)
`,
    custom: `module {
  llvm.func @f(!llvm.struct<"A", (i32, ptr)>, !llvm.struct<"L", (ptr, struct<"L">)>, !llvm.struct<"O", opaque>, !llvm.struct<packed (i8, i32)>, !llvm.struct<"P", packed (i8)>, !llvm.array<2 x array<3 x ptr<3>>>, !llvm.struct<()>, !llvm.struct<"E", ()>, !llvm.token, !llvm.struct<(i32, struct<"A", (i32, ptr)>)>, vector<2x!llvm.ptr>, !llvm.metadata, !llvm.label, !llvm.array<0 x i8>)
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (struct<"A", (i32, ptr)>, struct<"L", (ptr, struct<"L">)>, struct<"O", opaque>, struct<packed (i8, i32)>, struct<"P", packed (i8)>, array<2 x array<3 x ptr<3>>>, struct<()>, struct<"E", ()>, token, struct<(i32, struct<"A", (i32, ptr)>)>, vector<2x!llvm.ptr>, metadata, label, array<0 x i8>)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'convert-to-llvm of func/arith/cf',
    input: `module {
  llvm.func @ext(i32) -> i32 attributes {sym_visibility = "private"}
  llvm.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i64) -> !llvm.struct<(i32, f32)> attributes {llvm.emit_c_interface} {
    %0 = llvm.add %arg0, %arg1 overflow<nsw> : i32
    %1 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
    %2 = llvm.mlir.constant(0 : i32) : i32
    %3 = llvm.mlir.constant(1 : i32) : i32
    %4 = llvm.sdiv %arg0, %arg1 : i32
    %5 = llvm.mul %4, %arg1 : i32
    %6 = llvm.icmp "ne" %arg0, %5 : i32
    %7 = llvm.icmp "slt" %arg0, %2 : i32
    %8 = llvm.icmp "slt" %arg1, %2 : i32
    %9 = llvm.icmp "eq" %7, %8 : i1
    %10 = llvm.and %6, %9 : i1
    %11 = llvm.add %4, %3 : i32
    %12 = llvm.select %10, %11, %4 : i1, i32
    %13 = llvm.icmp "slt" %arg0, %arg1 : i32
    %14 = llvm.select %13, %arg0, %arg1 : i1, i32
    %15 = llvm.trunc %arg3 : i64 to i32
    %16 = llvm.zext %arg0 : i32 to i64
    %17 = llvm.sitofp %arg0 : i32 to f32
    %18 = llvm.mlir.constant(42 : i32) : i32
    %19 = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %20 = llvm.fneg %arg2 : f32
    %21 = llvm.frem %arg2, %arg2 : f32
    %22 = llvm.fcmp "olt" %arg2, %arg2 : f32
    %23 = llvm.call @ext(%18) : (i32) -> i32
    llvm.cond_br %22, ^bb1(%23 : i32), ^bb2
  ^bb1(%24: i32):  // pred: ^bb0
    llvm.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %25 = llvm.sdiv %arg0, %arg1 : i32
    %26 = llvm.mul %25, %arg1 : i32
    %27 = llvm.icmp "ne" %arg0, %26 : i32
    %28 = llvm.mlir.constant(0 : i32) : i32
    %29 = llvm.icmp "slt" %arg0, %28 : i32
    %30 = llvm.icmp "slt" %arg1, %28 : i32
    %31 = llvm.icmp "ne" %29, %30 : i1
    %32 = llvm.and %27, %31 : i1
    %33 = llvm.mlir.constant(-1 : i32) : i32
    %34 = llvm.add %25, %33 : i32
    %35 = llvm.select %32, %34, %25 : i1, i32
    %36 = llvm.fpext %arg2 : f32 to f64
    %37 = llvm.uitofp %arg0 : i32 to f32
    %38 = llvm.udiv %arg0, %arg1 : i32
    llvm.switch %arg0 : i32, ^bb3 [
      1: ^bb3,
      2: ^bb4
    ]
  ^bb3:  // 2 preds: ^bb2, ^bb2
    %39 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
    %40 = llvm.insertvalue %0, %39[0] : !llvm.struct<(i32, f32)> 
    %41 = llvm.insertvalue %arg2, %40[1] : !llvm.struct<(i32, f32)> 
    llvm.return %41 : !llvm.struct<(i32, f32)>
  ^bb4:  // pred: ^bb2
    %42 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
    %43 = llvm.insertvalue %arg0, %42[0] : !llvm.struct<(i32, f32)> 
    %44 = llvm.insertvalue %arg2, %43[1] : !llvm.struct<(i32, f32)> 
    llvm.return %44 : !llvm.struct<(i32, f32)>
  }
  llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: i64) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @f(%arg1, %arg2, %arg3, %arg4) : (i32, i32, f32, i64) -> !llvm.struct<(i32, f32)>
    llvm.store %0, %arg0 : !llvm.struct<(i32, f32)>, !llvm.ptr
    llvm.return
  }
}

`,
    custom: `module {
  llvm.func @ext(i32) -> i32 attributes {sym_visibility = "private"}
  llvm.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i64) -> !llvm.struct<(i32, f32)> attributes {llvm.emit_c_interface} {
    %0 = llvm.add %arg0, %arg1 overflow<nsw> : i32
    %1 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
    %2 = llvm.mlir.constant(0 : i32) : i32
    %3 = llvm.mlir.constant(1 : i32) : i32
    %4 = llvm.sdiv %arg0, %arg1 : i32
    %5 = llvm.mul %4, %arg1 : i32
    %6 = llvm.icmp "ne" %arg0, %5 : i32
    %7 = llvm.icmp "slt" %arg0, %2 : i32
    %8 = llvm.icmp "slt" %arg1, %2 : i32
    %9 = llvm.icmp "eq" %7, %8 : i1
    %10 = llvm.and %6, %9 : i1
    %11 = llvm.add %4, %3 : i32
    %12 = llvm.select %10, %11, %4 : i1, i32
    %13 = llvm.icmp "slt" %arg0, %arg1 : i32
    %14 = llvm.select %13, %arg0, %arg1 : i1, i32
    %15 = llvm.trunc %arg3 : i64 to i32
    %16 = llvm.zext %arg0 : i32 to i64
    %17 = llvm.sitofp %arg0 : i32 to f32
    %18 = llvm.mlir.constant(42 : i32) : i32
    %19 = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %20 = llvm.fneg %arg2 : f32
    %21 = llvm.frem %arg2, %arg2 : f32
    %22 = llvm.fcmp "olt" %arg2, %arg2 : f32
    %23 = llvm.call @ext(%18) : (i32) -> i32
    llvm.cond_br %22, ^bb1(%23 : i32), ^bb2
  ^bb1(%24: i32):  // pred: ^bb0
    llvm.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %25 = llvm.sdiv %arg0, %arg1 : i32
    %26 = llvm.mul %25, %arg1 : i32
    %27 = llvm.icmp "ne" %arg0, %26 : i32
    %28 = llvm.mlir.constant(0 : i32) : i32
    %29 = llvm.icmp "slt" %arg0, %28 : i32
    %30 = llvm.icmp "slt" %arg1, %28 : i32
    %31 = llvm.icmp "ne" %29, %30 : i1
    %32 = llvm.and %27, %31 : i1
    %33 = llvm.mlir.constant(-1 : i32) : i32
    %34 = llvm.add %25, %33 : i32
    %35 = llvm.select %32, %34, %25 : i1, i32
    %36 = llvm.fpext %arg2 : f32 to f64
    %37 = llvm.uitofp %arg0 : i32 to f32
    %38 = llvm.udiv %arg0, %arg1 : i32
    llvm.switch %arg0 : i32, ^bb3 [
      1: ^bb3,
      2: ^bb4
    ]
  ^bb3:  // 2 preds: ^bb2, ^bb2
    %39 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
    %40 = llvm.insertvalue %0, %39[0] : !llvm.struct<(i32, f32)> 
    %41 = llvm.insertvalue %arg2, %40[1] : !llvm.struct<(i32, f32)> 
    llvm.return %41 : !llvm.struct<(i32, f32)>
  ^bb4:  // pred: ^bb2
    %42 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
    %43 = llvm.insertvalue %arg0, %42[0] : !llvm.struct<(i32, f32)> 
    %44 = llvm.insertvalue %arg2, %43[1] : !llvm.struct<(i32, f32)> 
    llvm.return %44 : !llvm.struct<(i32, f32)>
  }
  llvm.func @_mlir_ciface_f(%arg0: !llvm.ptr, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: i64) attributes {llvm.emit_c_interface} {
    %0 = llvm.call @f(%arg1, %arg2, %arg3, %arg4) : (i32, i32, f32, i64) -> !llvm.struct<(i32, f32)>
    llvm.store %0, %arg0 : !llvm.struct<(i32, f32)>, !llvm.ptr
    llvm.return
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, sym_name = "ext", sym_visibility = "private", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, f32)> (i32, i32, f32, i64)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg5: i32, %arg6: i32, %arg7: f32, %arg8: i64):
    %1 = "llvm.add"(%arg5, %arg6) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %2 = "llvm.intr.smax"(%arg5, %arg6) : (i32, i32) -> i32
    %3 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %4 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %5 = "llvm.sdiv"(%arg5, %arg6) : (i32, i32) -> i32
    %6 = "llvm.mul"(%5, %arg6) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %7 = "llvm.icmp"(%arg5, %6) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %8 = "llvm.icmp"(%arg5, %3) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %9 = "llvm.icmp"(%arg6, %3) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %10 = "llvm.icmp"(%8, %9) <{predicate = 0 : i64}> : (i1, i1) -> i1
    %11 = "llvm.and"(%7, %10) : (i1, i1) -> i1
    %12 = "llvm.add"(%5, %4) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %13 = "llvm.select"(%11, %12, %5) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %14 = "llvm.icmp"(%arg5, %arg6) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %15 = "llvm.select"(%14, %arg5, %arg6) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %16 = "llvm.trunc"(%arg8) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %17 = "llvm.zext"(%arg5) : (i32) -> i64
    %18 = "llvm.sitofp"(%arg5) : (i32) -> f32
    %19 = "llvm.mlir.constant"() <{value = 42 : i32}> : () -> i32
    %20 = "llvm.mlir.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
    %21 = "llvm.fneg"(%arg7) <{fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
    %22 = "llvm.frem"(%arg7, %arg7) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %23 = "llvm.fcmp"(%arg7, %arg7) <{fastmathFlags = #llvm.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %24 = "llvm.call"(%19) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @ext, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> i32
    "llvm.cond_br"(%23, %24)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%25: i32):  // pred: ^bb0
    "llvm.br"()[^bb2] : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    %26 = "llvm.sdiv"(%arg5, %arg6) : (i32, i32) -> i32
    %27 = "llvm.mul"(%26, %arg6) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %28 = "llvm.icmp"(%arg5, %27) <{predicate = 1 : i64}> : (i32, i32) -> i1
    %29 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %30 = "llvm.icmp"(%arg5, %29) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %31 = "llvm.icmp"(%arg6, %29) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %32 = "llvm.icmp"(%30, %31) <{predicate = 1 : i64}> : (i1, i1) -> i1
    %33 = "llvm.and"(%28, %32) : (i1, i1) -> i1
    %34 = "llvm.mlir.constant"() <{value = -1 : i32}> : () -> i32
    %35 = "llvm.add"(%26, %34) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %36 = "llvm.select"(%33, %35, %26) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %37 = "llvm.fpext"(%arg7) : (f32) -> f64
    %38 = "llvm.uitofp"(%arg5) : (i32) -> f32
    %39 = "llvm.udiv"(%arg5, %arg6) : (i32, i32) -> i32
    "llvm.switch"(%arg5)[^bb3, ^bb3, ^bb4] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb3:  // 2 preds: ^bb2, ^bb2
    %40 = "llvm.mlir.poison"() : () -> !llvm.struct<(i32, f32)>
    %41 = "llvm.insertvalue"(%40, %1) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
    %42 = "llvm.insertvalue"(%41, %arg7) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>, f32) -> !llvm.struct<(i32, f32)>
    "llvm.return"(%42) : (!llvm.struct<(i32, f32)>) -> ()
  ^bb4:  // pred: ^bb2
    %43 = "llvm.mlir.poison"() : () -> !llvm.struct<(i32, f32)>
    %44 = "llvm.insertvalue"(%43, %arg5) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
    %45 = "llvm.insertvalue"(%44, %arg7) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>, f32) -> !llvm.struct<(i32, f32)>
    "llvm.return"(%45) : (!llvm.struct<(i32, f32)>) -> ()
  }) {llvm.emit_c_interface} : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr, i32, i32, f32, i64)>, linkage = #llvm.linkage<external>, sym_name = "_mlir_ciface_f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: i32, %arg2: i32, %arg3: f32, %arg4: i64):
    %0 = "llvm.call"(%arg1, %arg2, %arg3, %arg4) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @f, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 4, 0>}> : (i32, i32, f32, i64) -> !llvm.struct<(i32, f32)>
    "llvm.store"(%0, %arg0) <{ordering = 0 : i64}> : (!llvm.struct<(i32, f32)>, !llvm.ptr) -> ()
    "llvm.return"() : () -> ()
  }) {llvm.emit_c_interface} : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'convert-to-llvm of index/arith',
    input: `module {
  llvm.func @i(%arg0: i64, %arg1: i64, %arg2: i32) -> i64 {
    %0 = llvm.add %arg0, %arg1 : i64
    %1 = llvm.mlir.constant(0 : i64) : i64
    %2 = llvm.mlir.constant(1 : i64) : i64
    %3 = llvm.mlir.constant(-1 : i64) : i64
    %4 = llvm.icmp "sgt" %arg1, %1 : i64
    %5 = llvm.select %4, %3, %2 : i1, i64
    %6 = llvm.add %arg0, %5 : i64
    %7 = llvm.sdiv %6, %arg1 : i64
    %8 = llvm.add %7, %2 : i64
    %9 = llvm.sub %1, %arg0 : i64
    %10 = llvm.sdiv %9, %arg1 : i64
    %11 = llvm.sub %1, %10 : i64
    %12 = llvm.icmp "sgt" %arg0, %1 : i64
    %13 = llvm.icmp "eq" %12, %4 : i1
    %14 = llvm.icmp "ne" %arg0, %1 : i64
    %15 = llvm.and %13, %14 : i1
    %16 = llvm.select %15, %8, %11 : i1, i64
    %17 = llvm.mlir.constant(0 : i64) : i64
    %18 = llvm.mlir.constant(1 : i64) : i64
    %19 = llvm.sub %arg0, %18 : i64
    %20 = llvm.udiv %19, %arg1 : i64
    %21 = llvm.add %20, %18 : i64
    %22 = llvm.icmp "eq" %arg0, %17 : i64
    %23 = llvm.select %22, %17, %21 : i1, i64
    %24 = llvm.mlir.constant(0 : i64) : i64
    %25 = llvm.mlir.constant(1 : i64) : i64
    %26 = llvm.mlir.constant(-1 : i64) : i64
    %27 = llvm.icmp "slt" %arg1, %24 : i64
    %28 = llvm.select %27, %25, %26 : i1, i64
    %29 = llvm.sub %28, %arg0 : i64
    %30 = llvm.sdiv %29, %arg1 : i64
    %31 = llvm.sub %26, %30 : i64
    %32 = llvm.sdiv %arg0, %arg1 : i64
    %33 = llvm.icmp "slt" %arg0, %24 : i64
    %34 = llvm.icmp "ne" %33, %27 : i1
    %35 = llvm.icmp "ne" %arg0, %24 : i64
    %36 = llvm.and %34, %35 : i1
    %37 = llvm.select %36, %31, %32 : i1, i64
    %38 = llvm.intr.smax(%arg0, %arg1) : (i64, i64) -> i64
    %39 = llvm.intr.umin(%arg0, %arg1) : (i64, i64) -> i64
    %40 = llvm.icmp "slt" %arg0, %arg1 : i64
    %41 = llvm.zext %arg2 : i32 to i64
    %42 = llvm.trunc %arg0 : i64 to i32
    %43 = llvm.mlir.constant(7 : i64) : i64
    %44 = llvm.mlir.constant(true) : i1
    %45 = llvm.mlir.constant(64 : i64) : i64
    %46 = llvm.shl %arg0, %arg1 : i64
    %47 = llvm.srem %arg0, %arg1 : i64
    llvm.return %46 : i64
  }
  llvm.func @ar(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>) -> i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.icmp "eq" %arg0, %0 : i32
    %2 = llvm.mlir.constant(1 : i32) : i32
    %3 = llvm.sub %arg0, %2 : i32
    %4 = llvm.udiv %3, %arg1 : i32
    %5 = llvm.add %4, %2 : i32
    %6 = llvm.select %1, %0, %5 : i1, i32
    %7 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
    %8 = llvm.extractvalue %7[0] : !llvm.struct<(i32, i1)> 
    %9 = llvm.extractvalue %7[1] : !llvm.struct<(i32, i1)> 
    %10 = llvm.sext %arg0 : i32 to i64
    %11 = llvm.sext %arg1 : i32 to i64
    %12 = llvm.mul %10, %11 : i64
    %13 = llvm.trunc %12 : i64 to i32
    %14 = llvm.mlir.constant(32 : i64) : i64
    %15 = llvm.lshr %12, %14 : i64
    %16 = llvm.trunc %15 : i64 to i32
    %17 = llvm.zext %arg0 : i32 to i64
    %18 = llvm.trunc %arg0 : i32 to i8
    %19 = llvm.bitcast %arg2 : f32 to i32
    %20 = llvm.add %arg3, %arg3 : vector<4xi32>
    %21 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
    %22 = llvm.icmp "eq" %arg3, %21 : vector<4xi32>
    %23 = llvm.sext %arg3 : vector<4xi32> to vector<4xi64>
    %24 = llvm.urem %arg0, %arg1 : i32
    %25 = llvm.fptrunc %arg2 : f32 to f16
    %26 = llvm.fptoui %arg2 : f32 to i32
    %27 = llvm.lshr %arg0, %arg1 : i32
    llvm.return %arg0 : i32
  }
}

`,
    custom: `module {
  llvm.func @i(%arg0: i64, %arg1: i64, %arg2: i32) -> i64 {
    %0 = llvm.add %arg0, %arg1 : i64
    %1 = llvm.mlir.constant(0 : i64) : i64
    %2 = llvm.mlir.constant(1 : i64) : i64
    %3 = llvm.mlir.constant(-1 : i64) : i64
    %4 = llvm.icmp "sgt" %arg1, %1 : i64
    %5 = llvm.select %4, %3, %2 : i1, i64
    %6 = llvm.add %arg0, %5 : i64
    %7 = llvm.sdiv %6, %arg1 : i64
    %8 = llvm.add %7, %2 : i64
    %9 = llvm.sub %1, %arg0 : i64
    %10 = llvm.sdiv %9, %arg1 : i64
    %11 = llvm.sub %1, %10 : i64
    %12 = llvm.icmp "sgt" %arg0, %1 : i64
    %13 = llvm.icmp "eq" %12, %4 : i1
    %14 = llvm.icmp "ne" %arg0, %1 : i64
    %15 = llvm.and %13, %14 : i1
    %16 = llvm.select %15, %8, %11 : i1, i64
    %17 = llvm.mlir.constant(0 : i64) : i64
    %18 = llvm.mlir.constant(1 : i64) : i64
    %19 = llvm.sub %arg0, %18 : i64
    %20 = llvm.udiv %19, %arg1 : i64
    %21 = llvm.add %20, %18 : i64
    %22 = llvm.icmp "eq" %arg0, %17 : i64
    %23 = llvm.select %22, %17, %21 : i1, i64
    %24 = llvm.mlir.constant(0 : i64) : i64
    %25 = llvm.mlir.constant(1 : i64) : i64
    %26 = llvm.mlir.constant(-1 : i64) : i64
    %27 = llvm.icmp "slt" %arg1, %24 : i64
    %28 = llvm.select %27, %25, %26 : i1, i64
    %29 = llvm.sub %28, %arg0 : i64
    %30 = llvm.sdiv %29, %arg1 : i64
    %31 = llvm.sub %26, %30 : i64
    %32 = llvm.sdiv %arg0, %arg1 : i64
    %33 = llvm.icmp "slt" %arg0, %24 : i64
    %34 = llvm.icmp "ne" %33, %27 : i1
    %35 = llvm.icmp "ne" %arg0, %24 : i64
    %36 = llvm.and %34, %35 : i1
    %37 = llvm.select %36, %31, %32 : i1, i64
    %38 = llvm.intr.smax(%arg0, %arg1) : (i64, i64) -> i64
    %39 = llvm.intr.umin(%arg0, %arg1) : (i64, i64) -> i64
    %40 = llvm.icmp "slt" %arg0, %arg1 : i64
    %41 = llvm.zext %arg2 : i32 to i64
    %42 = llvm.trunc %arg0 : i64 to i32
    %43 = llvm.mlir.constant(7 : i64) : i64
    %44 = llvm.mlir.constant(true) : i1
    %45 = llvm.mlir.constant(64 : i64) : i64
    %46 = llvm.shl %arg0, %arg1 : i64
    %47 = llvm.srem %arg0, %arg1 : i64
    llvm.return %46 : i64
  }
  llvm.func @ar(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>) -> i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.icmp "eq" %arg0, %0 : i32
    %2 = llvm.mlir.constant(1 : i32) : i32
    %3 = llvm.sub %arg0, %2 : i32
    %4 = llvm.udiv %3, %arg1 : i32
    %5 = llvm.add %4, %2 : i32
    %6 = llvm.select %1, %0, %5 : i1, i32
    %7 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
    %8 = llvm.extractvalue %7[0] : !llvm.struct<(i32, i1)> 
    %9 = llvm.extractvalue %7[1] : !llvm.struct<(i32, i1)> 
    %10 = llvm.sext %arg0 : i32 to i64
    %11 = llvm.sext %arg1 : i32 to i64
    %12 = llvm.mul %10, %11 : i64
    %13 = llvm.trunc %12 : i64 to i32
    %14 = llvm.mlir.constant(32 : i64) : i64
    %15 = llvm.lshr %12, %14 : i64
    %16 = llvm.trunc %15 : i64 to i32
    %17 = llvm.zext %arg0 : i32 to i64
    %18 = llvm.trunc %arg0 : i32 to i8
    %19 = llvm.bitcast %arg2 : f32 to i32
    %20 = llvm.add %arg3, %arg3 : vector<4xi32>
    %21 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
    %22 = llvm.icmp "eq" %arg3, %21 : vector<4xi32>
    %23 = llvm.sext %arg3 : vector<4xi32> to vector<4xi64>
    %24 = llvm.urem %arg0, %arg1 : i32
    %25 = llvm.fptrunc %arg2 : f32 to f16
    %26 = llvm.fptoui %arg2 : f32 to i32
    %27 = llvm.lshr %arg0, %arg1 : i32
    llvm.return %arg0 : i32
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i64 (i64, i64, i32)>, linkage = #llvm.linkage<external>, sym_name = "i", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg4: i64, %arg5: i64, %arg6: i32):
    %28 = "llvm.add"(%arg4, %arg5) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %29 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %30 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %31 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %32 = "llvm.icmp"(%arg5, %29) <{predicate = 4 : i64}> : (i64, i64) -> i1
    %33 = "llvm.select"(%32, %31, %30) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %34 = "llvm.add"(%arg4, %33) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %35 = "llvm.sdiv"(%34, %arg5) : (i64, i64) -> i64
    %36 = "llvm.add"(%35, %30) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %37 = "llvm.sub"(%29, %arg4) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %38 = "llvm.sdiv"(%37, %arg5) : (i64, i64) -> i64
    %39 = "llvm.sub"(%29, %38) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %40 = "llvm.icmp"(%arg4, %29) <{predicate = 4 : i64}> : (i64, i64) -> i1
    %41 = "llvm.icmp"(%40, %32) <{predicate = 0 : i64}> : (i1, i1) -> i1
    %42 = "llvm.icmp"(%arg4, %29) <{predicate = 1 : i64}> : (i64, i64) -> i1
    %43 = "llvm.and"(%41, %42) : (i1, i1) -> i1
    %44 = "llvm.select"(%43, %36, %39) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %45 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %46 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %47 = "llvm.sub"(%arg4, %46) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %48 = "llvm.udiv"(%47, %arg5) : (i64, i64) -> i64
    %49 = "llvm.add"(%48, %46) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %50 = "llvm.icmp"(%arg4, %45) <{predicate = 0 : i64}> : (i64, i64) -> i1
    %51 = "llvm.select"(%50, %45, %49) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %52 = "llvm.mlir.constant"() <{value = 0 : i64}> : () -> i64
    %53 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %54 = "llvm.mlir.constant"() <{value = -1 : i64}> : () -> i64
    %55 = "llvm.icmp"(%arg5, %52) <{predicate = 2 : i64}> : (i64, i64) -> i1
    %56 = "llvm.select"(%55, %53, %54) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %57 = "llvm.sub"(%56, %arg4) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %58 = "llvm.sdiv"(%57, %arg5) : (i64, i64) -> i64
    %59 = "llvm.sub"(%54, %58) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %60 = "llvm.sdiv"(%arg4, %arg5) : (i64, i64) -> i64
    %61 = "llvm.icmp"(%arg4, %52) <{predicate = 2 : i64}> : (i64, i64) -> i1
    %62 = "llvm.icmp"(%61, %55) <{predicate = 1 : i64}> : (i1, i1) -> i1
    %63 = "llvm.icmp"(%arg4, %52) <{predicate = 1 : i64}> : (i64, i64) -> i1
    %64 = "llvm.and"(%62, %63) : (i1, i1) -> i1
    %65 = "llvm.select"(%64, %59, %60) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i64, i64) -> i64
    %66 = "llvm.intr.smax"(%arg4, %arg5) : (i64, i64) -> i64
    %67 = "llvm.intr.umin"(%arg4, %arg5) : (i64, i64) -> i64
    %68 = "llvm.icmp"(%arg4, %arg5) <{predicate = 2 : i64}> : (i64, i64) -> i1
    %69 = "llvm.zext"(%arg6) : (i32) -> i64
    %70 = "llvm.trunc"(%arg4) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %71 = "llvm.mlir.constant"() <{value = 7 : i64}> : () -> i64
    %72 = "llvm.mlir.constant"() <{value = true}> : () -> i1
    %73 = "llvm.mlir.constant"() <{value = 64 : i64}> : () -> i64
    %74 = "llvm.shl"(%arg4, %arg5) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %75 = "llvm.srem"(%arg4, %arg5) : (i64, i64) -> i64
    "llvm.return"(%74) : (i64) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, i32, f32, vector<4xi32>)>, linkage = #llvm.linkage<external>, sym_name = "ar", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>):
    %0 = "llvm.mlir.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "llvm.icmp"(%arg0, %0) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %2 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %3 = "llvm.sub"(%arg0, %2) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %4 = "llvm.udiv"(%3, %arg1) : (i32, i32) -> i32
    %5 = "llvm.add"(%4, %2) <{overflowFlags = 0 : i32}> : (i32, i32) -> i32
    %6 = "llvm.select"(%1, %0, %5) <{fastmathFlags = #llvm.fastmath<none>}> : (i1, i32, i32) -> i32
    %7 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
    %8 = "llvm.extractvalue"(%7) <{position = array<i64: 0>}> : (!llvm.struct<(i32, i1)>) -> i32
    %9 = "llvm.extractvalue"(%7) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i1)>) -> i1
    %10 = "llvm.sext"(%arg0) : (i32) -> i64
    %11 = "llvm.sext"(%arg1) : (i32) -> i64
    %12 = "llvm.mul"(%10, %11) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %13 = "llvm.trunc"(%12) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %14 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %15 = "llvm.lshr"(%12, %14) : (i64, i64) -> i64
    %16 = "llvm.trunc"(%15) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %17 = "llvm.zext"(%arg0) : (i32) -> i64
    %18 = "llvm.trunc"(%arg0) <{overflowFlags = 0 : i32}> : (i32) -> i8
    %19 = "llvm.bitcast"(%arg2) : (f32) -> i32
    %20 = "llvm.add"(%arg3, %arg3) <{overflowFlags = 0 : i32}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %21 = "llvm.mlir.constant"() <{value = dense<[1, 2, 3, 4]> : vector<4xi32>}> : () -> vector<4xi32>
    %22 = "llvm.icmp"(%arg3, %21) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    %23 = "llvm.sext"(%arg3) : (vector<4xi32>) -> vector<4xi64>
    %24 = "llvm.urem"(%arg0, %arg1) : (i32, i32) -> i32
    %25 = "llvm.fptrunc"(%arg2) : (f32) -> f16
    %26 = "llvm.fptoui"(%arg2) : (f32) -> i32
    %27 = "llvm.lshr"(%arg0, %arg1) : (i32, i32) -> i32
    "llvm.return"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'convert-to-llvm of multi-result, c-interface and private functions',
    input: `module {
  llvm.func @decl(i32, f32) -> !llvm.struct<(i32, f32)> attributes {sym_visibility = "private"}
  llvm.func @multi(%arg0: i32) -> !llvm.struct<(i32, i64)> {
    %0 = llvm.mlir.constant(1 : i64) : i64
    %1 = llvm.mlir.poison : !llvm.struct<(i32, i64)>
    %2 = llvm.insertvalue %arg0, %1[0] : !llvm.struct<(i32, i64)> 
    %3 = llvm.insertvalue %0, %2[1] : !llvm.struct<(i32, i64)> 
    llvm.return %3 : !llvm.struct<(i32, i64)>
  }
  llvm.func @cif(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) attributes {llvm.emit_c_interface} {
    llvm.return
  }
  llvm.func @_mlir_ciface_cif(%arg0: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %5 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.call @cif(%1, %2, %3, %4, %5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @vis() -> i32 attributes {sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.func @caller() -> i32 {
    %0 = llvm.mlir.constant(3 : i32) : i32
    %1 = llvm.call @multi(%0) : (i32) -> !llvm.struct<(i32, i64)>
    %2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i64)> 
    %3 = llvm.extractvalue %1[1] : !llvm.struct<(i32, i64)> 
    llvm.return %2 : i32
  }
}

`,
    custom: `module {
  llvm.func @decl(i32, f32) -> !llvm.struct<(i32, f32)> attributes {sym_visibility = "private"}
  llvm.func @multi(%arg0: i32) -> !llvm.struct<(i32, i64)> {
    %0 = llvm.mlir.constant(1 : i64) : i64
    %1 = llvm.mlir.poison : !llvm.struct<(i32, i64)>
    %2 = llvm.insertvalue %arg0, %1[0] : !llvm.struct<(i32, i64)> 
    %3 = llvm.insertvalue %0, %2[1] : !llvm.struct<(i32, i64)> 
    llvm.return %3 : !llvm.struct<(i32, i64)>
  }
  llvm.func @cif(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: i64, %arg3: i64, %arg4: i64) attributes {llvm.emit_c_interface} {
    llvm.return
  }
  llvm.func @_mlir_ciface_cif(%arg0: !llvm.ptr) attributes {llvm.emit_c_interface} {
    %0 = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.extractvalue %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %2 = llvm.extractvalue %0[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %3 = llvm.extractvalue %0[2] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %4 = llvm.extractvalue %0[3, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    %5 = llvm.extractvalue %0[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> 
    llvm.call @cif(%1, %2, %3, %4, %5) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    llvm.return
  }
  llvm.func @vis() -> i32 attributes {sym_visibility = "private"} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.func @caller() -> i32 {
    %0 = llvm.mlir.constant(3 : i32) : i32
    %1 = llvm.call @multi(%0) : (i32) -> !llvm.struct<(i32, i64)>
    %2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i64)> 
    %3 = llvm.extractvalue %1[1] : !llvm.struct<(i32, i64)> 
    llvm.return %2 : i32
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, f32)> (i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "decl", sym_visibility = "private", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, i64)> (i32)>, linkage = #llvm.linkage<external>, sym_name = "multi", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg6: i32):
    %11 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
    %12 = "llvm.mlir.poison"() : () -> !llvm.struct<(i32, i64)>
    %13 = "llvm.insertvalue"(%12, %arg6) <{position = array<i64: 0>}> : (!llvm.struct<(i32, i64)>, i32) -> !llvm.struct<(i32, i64)>
    %14 = "llvm.insertvalue"(%13, %11) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i64)>, i64) -> !llvm.struct<(i32, i64)>
    "llvm.return"(%14) : (!llvm.struct<(i32, i64)>) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr, ptr, i64, i64, i64)>, linkage = #llvm.linkage<external>, sym_name = "cif", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64):
    "llvm.return"() : () -> ()
  }) {llvm.emit_c_interface} : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, sym_name = "_mlir_ciface_cif", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr):
    %5 = "llvm.load"(%arg0) <{ordering = 0 : i64}> : (!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %6 = "llvm.extractvalue"(%5) <{position = array<i64: 0>}> : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> !llvm.ptr
    %7 = "llvm.extractvalue"(%5) <{position = array<i64: 1>}> : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> !llvm.ptr
    %8 = "llvm.extractvalue"(%5) <{position = array<i64: 2>}> : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> i64
    %9 = "llvm.extractvalue"(%5) <{position = array<i64: 3, 0>}> : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> i64
    %10 = "llvm.extractvalue"(%5) <{position = array<i64: 4, 0>}> : (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> i64
    "llvm.call"(%6, %7, %8, %9, %10) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @cif, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 5, 0>}> : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
    "llvm.return"() : () -> ()
  }) {llvm.emit_c_interface} : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 ()>, linkage = #llvm.linkage<external>, sym_name = "vis", sym_visibility = "private", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %4 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    "llvm.return"(%4) : (i32) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 ()>, linkage = #llvm.linkage<external>, sym_name = "caller", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %0 = "llvm.mlir.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "llvm.call"(%0) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @multi, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> !llvm.struct<(i32, i64)>
    %2 = "llvm.extractvalue"(%1) <{position = array<i64: 0>}> : (!llvm.struct<(i32, i64)>) -> i32
    %3 = "llvm.extractvalue"(%1) <{position = array<i64: 1>}> : (!llvm.struct<(i32, i64)>) -> i64
    "llvm.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'globals, function keywords, call kinds, atomics, GEP flags, switch',
    input: `llvm.mlir.global private unnamed_addr constant @str("hi\\0A\\00") {addr_space = 0 : i32, dso_local}
llvm.mlir.global external thread_local @tl(0 : i64) {alignment = 8 : i64, section = "foo"} : i64
llvm.mlir.global hidden local_unnamed_addr @h() {addr_space = 1 : i32} : !llvm.ptr
llvm.mlir.global weak @w(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
llvm.func @callee(f32) -> f32
llvm.func weak_odr protected local_unnamed_addr coldcc @k(%a: f32 {llvm.noundef}, %b: !llvm.ptr {llvm.nonnull}) -> (f32 {llvm.noundef}) attributes {no_inline, passthrough = ["nounwind", ["frame-pointer", "all"]], target_cpu = "x"} {
  %0 = llvm.call fastcc tail @callee(%a) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
  %1 = llvm.call musttail @callee(%0) : (f32) -> f32
  %2 = llvm.mlir.addressof @str : !llvm.ptr
  %3 = llvm.mlir.addressof @h : !llvm.ptr<1>
  %4 = llvm.load %b atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %4, %b atomic syncscope("agent") release {alignment = 4 : i64} : i32, !llvm.ptr
  %5 = llvm.load %b {nontemporal} : !llvm.ptr -> f32
  %6 = llvm.freeze %5 : f32
  %7 = llvm.alloca inalloca %4 x f64 : (i32) -> !llvm.ptr
  %8 = llvm.getelementptr inbounds|nuw %b[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %9 = llvm.getelementptr nusw %b[%4] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %10 = llvm.getelementptr %b[0, %4, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x struct<(i32, f32)>>
  llvm.switch %4 : i32, ^bb1(%1 : f32) [
    -1: ^bb1(%0 : f32),
    7: ^bb2
  ]
^bb1(%x: f32):
  llvm.return %x : f32
^bb2:
  llvm.unreachable
}
`,
    custom: `module {
  llvm.mlir.global private unnamed_addr constant @str("hi\\0A\\00") {addr_space = 0 : i32, dso_local}
  llvm.mlir.global external thread_local @tl(0 : i64) {addr_space = 0 : i32, alignment = 8 : i64, section = "foo"} : i64
  llvm.mlir.global external hidden local_unnamed_addr @h() {addr_space = 1 : i32} : !llvm.ptr
  llvm.mlir.global weak @w(dense<[1, 2]> : tensor<2xi32>) {addr_space = 0 : i32} : !llvm.array<2 x i32>
  llvm.func @callee(f32) -> f32
  llvm.func weak_odr protected local_unnamed_addr coldcc @k(%arg0: f32 {llvm.noundef}, %arg1: !llvm.ptr {llvm.nonnull}) -> (f32 {llvm.noundef}) attributes {no_inline, passthrough = ["nounwind", ["frame-pointer", "all"]], target_cpu = "x"} {
    %0 = llvm.call fastcc tail @callee(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
    %1 = llvm.call musttail @callee(%0) : (f32) -> f32
    %2 = llvm.mlir.addressof @str : !llvm.ptr
    %3 = llvm.mlir.addressof @h : !llvm.ptr<1>
    %4 = llvm.load %arg1 atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
    llvm.store %4, %arg1 atomic syncscope("agent") release {alignment = 4 : i64} : i32, !llvm.ptr
    %5 = llvm.load %arg1 {nontemporal} : !llvm.ptr -> f32
    %6 = llvm.freeze %5 : f32
    %7 = llvm.alloca inalloca %4 x f64 : (i32) -> !llvm.ptr
    %8 = llvm.getelementptr inbounds|nuw %arg1[1] : (!llvm.ptr) -> !llvm.ptr, f32
    %9 = llvm.getelementptr nusw %arg1[%4] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %10 = llvm.getelementptr %arg1[0, %4, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x struct<(i32, f32)>>
    llvm.switch %4 : i32, ^bb1(%1 : f32) [
      -1: ^bb1(%0 : f32),
      7: ^bb2
    ]
  ^bb1(%11: f32):  // 2 preds: ^bb0, ^bb0
    llvm.return %11 : f32
  ^bb2:  // pred: ^bb0
    llvm.unreachable
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, constant, dso_local, global_type = !llvm.array<4 x i8>, linkage = #llvm.linkage<private>, sym_name = "str", unnamed_addr = 2 : i64, value = "hi\\0A\\00", visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, alignment = 8 : i64, global_type = i64, linkage = #llvm.linkage<external>, section = "foo", sym_name = "tl", thread_local_, unnamed_addr = 0 : i64, value = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 1 : i32, global_type = !llvm.ptr, linkage = #llvm.linkage<external>, sym_name = "h", unnamed_addr = 1 : i64, visibility_ = 1 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = !llvm.array<2 x i32>, linkage = #llvm.linkage<weak>, sym_name = "w", unnamed_addr = 0 : i64, value = dense<[1, 2]> : tensor<2xi32>, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (f32)>, linkage = #llvm.linkage<external>, sym_name = "callee", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<coldcc>, arg_attrs = [{llvm.noundef}, {llvm.nonnull}], function_type = !llvm.func<f32 (f32, ptr)>, linkage = #llvm.linkage<weak_odr>, no_inline, passthrough = ["nounwind", ["frame-pointer", "all"]], res_attrs = [{llvm.noundef}], sym_name = "k", target_cpu = "x", unnamed_addr = 1 : i64, visibility_ = 2 : i64}> ({
  ^bb0(%arg0: f32, %arg1: !llvm.ptr):
    %0 = "llvm.call"(%arg0) <{CConv = #llvm.cconv<fastcc>, TailCallKind = #llvm.tailcallkind<tail>, callee = @callee, fastmathFlags = #llvm.fastmath<fast>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (f32) -> f32
    %1 = "llvm.call"(%0) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<musttail>, callee = @callee, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (f32) -> f32
    %2 = "llvm.mlir.addressof"() <{global_name = @str}> : () -> !llvm.ptr
    %3 = "llvm.mlir.addressof"() <{global_name = @h}> : () -> !llvm.ptr<1>
    %4 = "llvm.load"(%arg1) <{alignment = 4 : i64, ordering = 2 : i64}> : (!llvm.ptr) -> i32
    "llvm.store"(%4, %arg1) <{alignment = 4 : i64, ordering = 5 : i64, syncscope = "agent"}> : (i32, !llvm.ptr) -> ()
    %5 = "llvm.load"(%arg1) <{nontemporal, ordering = 0 : i64}> : (!llvm.ptr) -> f32
    %6 = "llvm.freeze"(%5) : (f32) -> f32
    %7 = "llvm.alloca"(%4) <{elem_type = f64, inalloca}> : (i32) -> !llvm.ptr
    %8 = "llvm.getelementptr"(%arg1) <{elem_type = f32, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
    %9 = "llvm.getelementptr"(%arg1, %4) <{elem_type = f32, noWrapFlags = 2 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i32) -> !llvm.ptr
    %10 = "llvm.getelementptr"(%arg1, %4) <{elem_type = !llvm.array<4 x struct<(i32, f32)>>, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: 0, -2147483648, 1>}> : (!llvm.ptr, i32) -> !llvm.ptr
    "llvm.switch"(%4, %1, %0)[^bb1, ^bb1, ^bb2] <{case_operand_segments = array<i32: 1, 0>, case_values = dense<[-1, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, f32, f32) -> ()
  ^bb1(%11: f32):  // 2 preds: ^bb0, ^bb0
    "llvm.return"(%11) : (f32) -> ()
  ^bb2:  // pred: ^bb0
    "llvm.unreachable"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'convert-to-llvm of cf.assert, n-D vectors, rounding-mode truncf',
    input: `module {
  llvm.func @abort()
  llvm.func @puts(!llvm.ptr)
  llvm.mlir.global private constant @assert_msg(dense<[98, 111, 111, 109, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
  llvm.func @x(%arg0: i1, %arg1: f32, %arg2: !llvm.array<2 x vector<3xf32>>, %arg3: !llvm.array<2 x vector<3xi32>>, %arg4: i32) -> f16 {
    llvm.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = llvm.intr.experimental.constrained.fptrunc %arg1 tonearest ignore : f32 to f16
    %1 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %2 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %3 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %4 = llvm.fadd %2, %3 : vector<3xf32>
    %5 = llvm.insertvalue %4, %1[0] : !llvm.array<2 x vector<3xf32>> 
    %6 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %7 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %8 = llvm.fadd %6, %7 : vector<3xf32>
    %9 = llvm.insertvalue %8, %5[1] : !llvm.array<2 x vector<3xf32>> 
    %10 = llvm.mlir.constant(dense<false> : vector<2x3xi1>) : !llvm.array<2 x vector<3xi1>>
    %11 = llvm.fpext %0 : f16 to f32
    %12 = llvm.zext %arg4 : i32 to i64
    %13 = llvm.zext %arg4 : i32 to i64
    %14 = llvm.mul %12, %13 : i64
    %15 = llvm.trunc %14 : i64 to i32
    %16 = llvm.mlir.constant(32 : i64) : i64
    %17 = llvm.lshr %14, %16 : i64
    %18 = llvm.trunc %17 : i64 to i32
    %19 = llvm.mlir.constant(dense<1.000000e+00> : vector<2x3xf32>) : !llvm.array<2 x vector<3xf32>>
    %20 = llvm.mlir.poison : !llvm.array<2 x vector<3xi32>>
    %21 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %22 = llvm.fptosi %21 : vector<3xf32> to vector<3xi32>
    %23 = llvm.insertvalue %22, %20[0] : !llvm.array<2 x vector<3xi32>> 
    %24 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %25 = llvm.fptosi %24 : vector<3xf32> to vector<3xi32>
    %26 = llvm.insertvalue %25, %23[1] : !llvm.array<2 x vector<3xi32>> 
    %27 = llvm.shl %arg4, %arg4 overflow<nsw> : i32
    %28 = llvm.zext %arg0 : i1 to i32
    %29 = llvm.uitofp %arg4 : i32 to f64
    llvm.return %0 : f16
  ^bb2:  // pred: ^bb0
    %31 = llvm.mlir.addressof @assert_msg : !llvm.ptr
    %32 = llvm.getelementptr %31[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
    llvm.call @puts(%32) : (!llvm.ptr) -> ()
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
}

`,
    custom: `module {
  llvm.func @abort()
  llvm.func @puts(!llvm.ptr)
  llvm.mlir.global private constant @assert_msg(dense<[98, 111, 111, 109, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
  llvm.func @x(%arg0: i1, %arg1: f32, %arg2: !llvm.array<2 x vector<3xf32>>, %arg3: !llvm.array<2 x vector<3xi32>>, %arg4: i32) -> f16 {
    llvm.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = llvm.intr.experimental.constrained.fptrunc %arg1 tonearest ignore : f32 to f16
    %1 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %2 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %3 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %4 = llvm.fadd %2, %3 : vector<3xf32>
    %5 = llvm.insertvalue %4, %1[0] : !llvm.array<2 x vector<3xf32>> 
    %6 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %7 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %8 = llvm.fadd %6, %7 : vector<3xf32>
    %9 = llvm.insertvalue %8, %5[1] : !llvm.array<2 x vector<3xf32>> 
    %10 = llvm.mlir.constant(dense<false> : vector<2x3xi1>) : !llvm.array<2 x vector<3xi1>>
    %11 = llvm.fpext %0 : f16 to f32
    %12 = llvm.zext %arg4 : i32 to i64
    %13 = llvm.zext %arg4 : i32 to i64
    %14 = llvm.mul %12, %13 : i64
    %15 = llvm.trunc %14 : i64 to i32
    %16 = llvm.mlir.constant(32 : i64) : i64
    %17 = llvm.lshr %14, %16 : i64
    %18 = llvm.trunc %17 : i64 to i32
    %19 = llvm.mlir.constant(dense<1.000000e+00> : vector<2x3xf32>) : !llvm.array<2 x vector<3xf32>>
    %20 = llvm.mlir.poison : !llvm.array<2 x vector<3xi32>>
    %21 = llvm.extractvalue %arg2[0] : !llvm.array<2 x vector<3xf32>> 
    %22 = llvm.fptosi %21 : vector<3xf32> to vector<3xi32>
    %23 = llvm.insertvalue %22, %20[0] : !llvm.array<2 x vector<3xi32>> 
    %24 = llvm.extractvalue %arg2[1] : !llvm.array<2 x vector<3xf32>> 
    %25 = llvm.fptosi %24 : vector<3xf32> to vector<3xi32>
    %26 = llvm.insertvalue %25, %23[1] : !llvm.array<2 x vector<3xi32>> 
    %27 = llvm.shl %arg4, %arg4 overflow<nsw> : i32
    %28 = llvm.zext %arg0 : i1 to i32
    %29 = llvm.uitofp %arg4 : i32 to f64
    llvm.return %0 : f16
  ^bb2:  // pred: ^bb0
    %30 = llvm.mlir.addressof @assert_msg : !llvm.ptr
    %31 = llvm.getelementptr %30[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
    llvm.call @puts(%31) : (!llvm.ptr) -> ()
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "abort", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, sym_name = "puts", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, constant, global_type = !llvm.array<5 x i8>, linkage = #llvm.linkage<private>, sym_name = "assert_msg", unnamed_addr = 0 : i64, value = dense<[98, 111, 111, 109, 0]> : tensor<5xi8>, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f16 (i1, f32, array<2 x vector<3xf32>>, array<2 x vector<3xi32>>, i32)>, linkage = #llvm.linkage<external>, sym_name = "x", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i1, %arg1: f32, %arg2: !llvm.array<2 x vector<3xf32>>, %arg3: !llvm.array<2 x vector<3xi32>>, %arg4: i32):
    "llvm.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %0 = "llvm.intr.experimental.constrained.fptrunc"(%arg1) <{fpExceptionBehavior = 0 : i64, roundingmode = 1 : i64}> : (f32) -> f16
    %1 = "llvm.mlir.poison"() : () -> !llvm.array<2 x vector<3xf32>>
    %2 = "llvm.extractvalue"(%arg2) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %3 = "llvm.extractvalue"(%arg2) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %4 = "llvm.fadd"(%2, %3) <{fastmathFlags = #llvm.fastmath<none>}> : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
    %5 = "llvm.insertvalue"(%1, %4) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>, vector<3xf32>) -> !llvm.array<2 x vector<3xf32>>
    %6 = "llvm.extractvalue"(%arg2) <{position = array<i64: 1>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %7 = "llvm.extractvalue"(%arg2) <{position = array<i64: 1>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %8 = "llvm.fadd"(%6, %7) <{fastmathFlags = #llvm.fastmath<none>}> : (vector<3xf32>, vector<3xf32>) -> vector<3xf32>
    %9 = "llvm.insertvalue"(%5, %8) <{position = array<i64: 1>}> : (!llvm.array<2 x vector<3xf32>>, vector<3xf32>) -> !llvm.array<2 x vector<3xf32>>
    %10 = "llvm.mlir.constant"() <{value = dense<false> : vector<2x3xi1>}> : () -> !llvm.array<2 x vector<3xi1>>
    %11 = "llvm.fpext"(%0) : (f16) -> f32
    %12 = "llvm.zext"(%arg4) : (i32) -> i64
    %13 = "llvm.zext"(%arg4) : (i32) -> i64
    %14 = "llvm.mul"(%12, %13) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
    %15 = "llvm.trunc"(%14) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %16 = "llvm.mlir.constant"() <{value = 32 : i64}> : () -> i64
    %17 = "llvm.lshr"(%14, %16) : (i64, i64) -> i64
    %18 = "llvm.trunc"(%17) <{overflowFlags = 0 : i32}> : (i64) -> i32
    %19 = "llvm.mlir.constant"() <{value = dense<1.000000e+00> : vector<2x3xf32>}> : () -> !llvm.array<2 x vector<3xf32>>
    %20 = "llvm.mlir.poison"() : () -> !llvm.array<2 x vector<3xi32>>
    %21 = "llvm.extractvalue"(%arg2) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %22 = "llvm.fptosi"(%21) : (vector<3xf32>) -> vector<3xi32>
    %23 = "llvm.insertvalue"(%20, %22) <{position = array<i64: 0>}> : (!llvm.array<2 x vector<3xi32>>, vector<3xi32>) -> !llvm.array<2 x vector<3xi32>>
    %24 = "llvm.extractvalue"(%arg2) <{position = array<i64: 1>}> : (!llvm.array<2 x vector<3xf32>>) -> vector<3xf32>
    %25 = "llvm.fptosi"(%24) : (vector<3xf32>) -> vector<3xi32>
    %26 = "llvm.insertvalue"(%23, %25) <{position = array<i64: 1>}> : (!llvm.array<2 x vector<3xi32>>, vector<3xi32>) -> !llvm.array<2 x vector<3xi32>>
    %27 = "llvm.shl"(%arg4, %arg4) <{overflowFlags = 1 : i32}> : (i32, i32) -> i32
    %28 = "llvm.zext"(%arg0) : (i1) -> i32
    %29 = "llvm.uitofp"(%arg4) : (i32) -> f64
    "llvm.return"(%0) : (f16) -> ()
  ^bb2:  // pred: ^bb0
    %30 = "llvm.mlir.addressof"() <{global_name = @assert_msg}> : () -> !llvm.ptr
    %31 = "llvm.getelementptr"(%30) <{elem_type = !llvm.array<5 x i8>, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: 0>}> : (!llvm.ptr) -> !llvm.ptr
    "llvm.call"(%31) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @puts, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (!llvm.ptr) -> ()
    "llvm.call"() <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @abort, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "llvm.unreachable"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'constrained intrinsics',
    input: `
llvm.func @f(%a: f32) {
  %0 = llvm.intr.experimental.constrained.fptrunc %a dynamic strict : f32 to f16
  %1 = llvm.intr.experimental.constrained.fptrunc %a towardzero maytrap : f32 to f16
  %2 = llvm.intr.experimental.constrained.sitofp %a tonearest ignore : f32 to f16
  llvm.return
}
llvm.func @f2(%a: f16, %i: i32) {
  %0 = llvm.intr.experimental.constrained.fpext %a ignore : f16 to f32
  %1 = llvm.intr.experimental.constrained.uitofp %i tonearest ignore : i32 to f32
  llvm.return
}
`,
    custom: `module {
  llvm.func @f(%arg0: f32) {
    %0 = llvm.intr.experimental.constrained.fptrunc %arg0 dynamic strict : f32 to f16
    %1 = llvm.intr.experimental.constrained.fptrunc %arg0 towardzero maytrap : f32 to f16
    %2 = llvm.intr.experimental.constrained.sitofp %arg0 tonearest ignore : f32 to f16
    llvm.return
  }
  llvm.func @f2(%arg0: f16, %arg1: i32) {
    %0 = llvm.intr.experimental.constrained.fpext %arg0 ignore : f16 to f32
    %1 = llvm.intr.experimental.constrained.uitofp %arg1 tonearest ignore : i32 to f32
    llvm.return
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (f32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg2: f32):
    %2 = "llvm.intr.experimental.constrained.fptrunc"(%arg2) <{fpExceptionBehavior = 2 : i64, roundingmode = 7 : i64}> : (f32) -> f16
    %3 = "llvm.intr.experimental.constrained.fptrunc"(%arg2) <{fpExceptionBehavior = 1 : i64, roundingmode = 0 : i64}> : (f32) -> f16
    %4 = "llvm.intr.experimental.constrained.sitofp"(%arg2) <{fpExceptionBehavior = 0 : i64, roundingmode = 1 : i64}> : (f32) -> f16
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (f16, i32)>, linkage = #llvm.linkage<external>, sym_name = "f2", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: f16, %arg1: i32):
    %0 = "llvm.intr.experimental.constrained.fpext"(%arg0) <{fpExceptionBehavior = 0 : i64}> : (f16) -> f32
    %1 = "llvm.intr.experimental.constrained.uitofp"(%arg1) <{fpExceptionBehavior = 0 : i64, roundingmode = 1 : i64}> : (i32) -> f32
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
    name: 'call argument and result attributes',
    input: `llvm.func @g(i32, f32) -> i32
llvm.func @f(%a: i32, %b: f32) -> i32 {
  %0 = llvm.call @g(%a, %b) : (i32 {llvm.noundef, llvm.signext}, f32) -> (i32 {llvm.zeroext})
  %1 = llvm.call @g(%a, %b) : (i32, f32) -> (i32 {llvm.zeroext})
  %2 = llvm.call @g(%a, %b) : (i32 {llvm.inreg}, f32) -> i32
  llvm.return %0 : i32
}
`,
    custom: `module {
  llvm.func @g(i32, f32) -> i32
  llvm.func @f(%arg0: i32, %arg1: f32) -> i32 {
    %0 = llvm.call @g(%arg0, %arg1) : (i32 {llvm.noundef, llvm.signext}, f32) -> (i32 {llvm.zeroext})
    %1 = llvm.call @g(%arg0, %arg1) : (i32, f32) -> (i32 {llvm.zeroext})
    %2 = llvm.call @g(%arg0, %arg1) : (i32 {llvm.inreg}, f32) -> i32
    llvm.return %0 : i32
  }
}
`,
    generic: `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0 = "llvm.call"(%arg0, %arg1) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.noundef, llvm.signext}, {}], callee = @g, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>, res_attrs = [{llvm.zeroext}]}> : (i32, f32) -> i32
    %1 = "llvm.call"(%arg0, %arg1) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @g, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>, res_attrs = [{llvm.zeroext}]}> : (i32, f32) -> i32
    %2 = "llvm.call"(%arg0, %arg1) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.inreg}, {}], callee = @g, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (i32, f32) -> i32
    "llvm.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
]

describe('llvm dialect round trip (byte-identical with mlir-opt)', () => {
  for (const c of CASES) {
    it(`custom form: ${c.name}`, () => {
      const r = roundTrip(c.input, [LLVMDialect])
      expect(r.diags).toEqual([])
      expect(r.out).toBe(c.custom)
    })
    it(`generic form: ${c.name}`, () => {
      const r = roundTrip(c.input, [LLVMDialect], { generic: true })
      expect(r.diags).toEqual([])
      expect(r.out).toBe(c.generic)
    })
    it(`printed forms parse back to the same IR: ${c.name}`, () => {
      expect(roundTrip(c.custom, [LLVMDialect]).out).toBe(c.custom)
      expect(roundTrip(c.generic, [LLVMDialect]).out).toBe(c.custom)
    })
  }
})

describe('llvm intrinsics: powi, bitreverse and the memory transfer intrinsics', () => {
  const input = `llvm.func @m(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %v: vector<2xf32>, %b: i8) {
  %a31 = llvm.intr.powi(%arg1, %arg0) : (f32, i32) -> f32
  %a32 = llvm.intr.powi(%v, %arg0) {fastmathFlags = #llvm.fastmath<fast>} : (vector<2xf32>, i32) -> vector<2xf32>
  %32 = llvm.intr.bitreverse(%arg0) : (i32) -> i32
  "llvm.intr.memcpy"(%arg2, %arg3, %arg0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  "llvm.intr.memcpy.inline"(%arg2, %arg3) <{isVolatile = false, len = 10 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  "llvm.intr.memmove"(%arg2, %arg3, %arg0) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
  "llvm.intr.memset"(%arg2, %b, %arg0) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
  "llvm.intr.memset.inline"(%arg2, %b) <{isVolatile = false, len = 4 : i32}> : (!llvm.ptr, i8) -> ()
  llvm.return
}
`
  it('print in mlir-opt 22 custom and generic forms', () => {
    const custom = roundTrip(input, [LLVMDialect])
    expect(custom.diags).toEqual([])
    expect(custom.out.trimEnd()).toBe(`module {
  llvm.func @m(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: vector<2xf32>, %arg5: i8) {
    %0 = llvm.intr.powi(%arg1, %arg0) : (f32, i32) -> f32
    %1 = llvm.intr.powi(%arg4, %arg0) {fastmathFlags = #llvm.fastmath<fast>} : (vector<2xf32>, i32) -> vector<2xf32>
    %2 = llvm.intr.bitreverse(%arg0) : (i32) -> i32
    "llvm.intr.memcpy"(%arg2, %arg3, %arg0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
    "llvm.intr.memcpy.inline"(%arg2, %arg3) <{isVolatile = false, len = 10 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
    "llvm.intr.memmove"(%arg2, %arg3, %arg0) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
    "llvm.intr.memset"(%arg2, %arg5, %arg0) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
    "llvm.intr.memset.inline"(%arg2, %arg5) <{isVolatile = false, len = 4 : i32}> : (!llvm.ptr, i8) -> ()
    llvm.return
  }
}`)
    expect(roundTrip(input, [LLVMDialect], { generic: true }).out.trimEnd()).toBe(`"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, f32, ptr, ptr, vector<2xf32>, i8)>, linkage = #llvm.linkage<external>, sym_name = "m", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr, %arg3: !llvm.ptr, %arg4: vector<2xf32>, %arg5: i8):
    %0 = "llvm.intr.powi"(%arg1, %arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, i32) -> f32
    %1 = "llvm.intr.powi"(%arg4, %arg0) <{fastmathFlags = #llvm.fastmath<fast>}> : (vector<2xf32>, i32) -> vector<2xf32>
    %2 = "llvm.intr.bitreverse"(%arg0) : (i32) -> i32
    "llvm.intr.memcpy"(%arg2, %arg3, %arg0) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
    "llvm.intr.memcpy.inline"(%arg2, %arg3) <{isVolatile = false, len = 10 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
    "llvm.intr.memmove"(%arg2, %arg3, %arg0) <{isVolatile = true}> : (!llvm.ptr, !llvm.ptr, i32) -> ()
    "llvm.intr.memset"(%arg2, %arg5, %arg0) <{isVolatile = false}> : (!llvm.ptr, i8, i32) -> ()
    "llvm.intr.memset.inline"(%arg2, %arg5) <{isVolatile = false, len = 4 : i32}> : (!llvm.ptr, i8) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()`)
  })
})

