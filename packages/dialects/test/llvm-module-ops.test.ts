// The llvm dialect's module-level ops (llvm.mlir.global_ctors/dtors, llvm.comdat and
// llvm.comdat_selector with the comdat clause of globals and functions, llvm.module_flags with
// its attributes) and the math intrinsics convert-math-to-llvm targets. Every expected text is
// the output of mlir-opt 22.1.8 on the input next to it (custom form, --mlir-print-op-generic,
// and --split-input-file for the diagnostics, written `line:col: severity: message`).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = String.raw`llvm.func @foo()
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<max, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<warning, "s", "str">, #llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @foo, to = @foo, count = 222>, #llvm.cgprofile_entry<from = @foo, count = 1>]>, #llvm.mlir.module_flag<override, "min", 1 : i64>, #llvm.mlir.module_flag<append_unique, "x", 1 : i64>, #llvm.mlir.module_flag<require, "y", 1 : i64>]
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary",
   #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427,
     max_internal_count = 86427, max_function_count = 4691,
     num_counts = 3712, num_functions = 796,
     is_partial_profile = 0,
     partial_profile_ratio = 0.000000e+00 : f64,
     detailed_summary =
       <cut_off = 10000, min_count = 86427, num_counts = 1>,
       <cut_off = 100000, min_count = 86427, num_counts = 1>
>>]
llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
  llvm.comdat_selector @exactmatch exactmatch
  llvm.comdat_selector @largest largest
  llvm.comdat_selector @nodeduplicate nodeduplicate
  llvm.comdat_selector @samesize samesize
}
llvm.mlir.global @g(0 : i32) comdat(@__llvm_comdat::@any) : i32
llvm.func @f() comdat(@__llvm_comdat::@largest) {
  llvm.return
}
llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor, @f], priorities = [0 : i32, 1 : i32], data = [#llvm.zero, @g]
llvm.mlir.global_dtors dtors = [@ctor], priorities = [65535 : i32], data = [#llvm.zero]
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.func @s(%f: f32, %i: i32) -> !llvm.struct<(f32, f32)> {
  %0 = llvm.intr.sincos(%f) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> !llvm.struct<(f32, f32)>
  %1 = llvm.intr.acos(%f) : (f32) -> f32
  %2 = llvm.intr.atan2(%f, %f) : (f32, f32) -> f32
  %3 = "llvm.intr.abs"(%i) <{is_int_min_poison = true}> : (i32) -> i32
  %4 = "llvm.intr.is.fpclass"(%f) <{bit = 3 : i32}> : (f32) -> i1
  llvm.return %0 : !llvm.struct<(f32, f32)>
}
`

const CUSTOM = String.raw`module {
  llvm.func @foo()
  llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<max, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<warning, "s", "str">, #llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @foo, to = @foo, count = 222>, #llvm.cgprofile_entry<from = @foo, count = 1>]>, #llvm.mlir.module_flag<override, "min", 1 : i64>, #llvm.mlir.module_flag<append_unique, "x", 1 : i64>, #llvm.mlir.module_flag<require, "y", 1 : i64>]
  llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427, max_internal_count = 86427, max_function_count = 4691, num_counts = 3712, num_functions = 796, is_partial_profile = 0, partial_profile_ratio = 0.000000e+00 : f64, detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>, <cut_off = 100000, min_count = 86427, num_counts = 1>>>]
  llvm.comdat @__llvm_comdat {
    llvm.comdat_selector @any any
    llvm.comdat_selector @exactmatch exactmatch
    llvm.comdat_selector @largest largest
    llvm.comdat_selector @nodeduplicate nodeduplicate
    llvm.comdat_selector @samesize samesize
  }
  llvm.mlir.global external @g(0 : i32) comdat(@__llvm_comdat::@any) {addr_space = 0 : i32} : i32
  llvm.func @f() comdat(@__llvm_comdat::@largest) {
    llvm.return
  }
  llvm.func @ctor() {
    llvm.return
  }
  llvm.mlir.global_ctors ctors = [@ctor, @f], priorities = [0 : i32, 1 : i32], data = [#llvm.zero, @g]
  llvm.mlir.global_dtors dtors = [@ctor], priorities = [65535 : i32], data = [#llvm.zero]
  llvm.mlir.global_ctors ctors = [], priorities = [], data = []
  llvm.func @s(%arg0: f32, %arg1: i32) -> !llvm.struct<(f32, f32)> {
    %0 = llvm.intr.sincos(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> !llvm.struct<(f32, f32)>
    %1 = llvm.intr.acos(%arg0) : (f32) -> f32
    %2 = llvm.intr.atan2(%arg0, %arg0) : (f32, f32) -> f32
    %3 = "llvm.intr.abs"(%arg1) <{is_int_min_poison = true}> : (i32) -> i32
    %4 = "llvm.intr.is.fpclass"(%arg0) <{bit = 3 : i32}> : (f32) -> i1
    llvm.return %0 : !llvm.struct<(f32, f32)>
  }
}
`

const GENERIC = String.raw`"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "foo", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>, #llvm.mlir.module_flag<max, "PIC Level", 2 : i32>, #llvm.mlir.module_flag<warning, "s", "str">, #llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @foo, to = @foo, count = 222>, #llvm.cgprofile_entry<from = @foo, count = 1>]>, #llvm.mlir.module_flag<override, "min", 1 : i64>, #llvm.mlir.module_flag<append_unique, "x", 1 : i64>, #llvm.mlir.module_flag<require, "y", 1 : i64>]}> : () -> ()
  "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "ProfileSummary", #llvm.profile_summary<format = InstrProf, total_count = 263646, max_count = 86427, max_internal_count = 86427, max_function_count = 4691, num_counts = 3712, num_functions = 796, is_partial_profile = 0, partial_profile_ratio = 0.000000e+00 : f64, detailed_summary = <cut_off = 10000, min_count = 86427, num_counts = 1>, <cut_off = 100000, min_count = 86427, num_counts = 1>>>]}> : () -> ()
  "llvm.comdat"() <{sym_name = "__llvm_comdat"}> ({
    "llvm.comdat_selector"() <{comdat = 0 : i64, sym_name = "any"}> : () -> ()
    "llvm.comdat_selector"() <{comdat = 1 : i64, sym_name = "exactmatch"}> : () -> ()
    "llvm.comdat_selector"() <{comdat = 2 : i64, sym_name = "largest"}> : () -> ()
    "llvm.comdat_selector"() <{comdat = 3 : i64, sym_name = "nodeduplicate"}> : () -> ()
    "llvm.comdat_selector"() <{comdat = 4 : i64, sym_name = "samesize"}> : () -> ()
  }) : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, comdat = @__llvm_comdat::@any, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, value = 0 : i32, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, comdat = @__llvm_comdat::@largest, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "ctor", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.mlir.global_ctors"() <{ctors = [@ctor, @f], data = [#llvm.zero, @g], priorities = [0 : i32, 1 : i32]}> : () -> ()
  "llvm.mlir.global_dtors"() <{data = [#llvm.zero], dtors = [@ctor], priorities = [65535 : i32]}> : () -> ()
  "llvm.mlir.global_ctors"() <{ctors = [], data = [], priorities = []}> : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(f32, f32)> (f32, i32)>, linkage = #llvm.linkage<external>, sym_name = "s", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: f32, %arg1: i32):
    %0 = "llvm.intr.sincos"(%arg0) <{fastmathFlags = #llvm.fastmath<fast>}> : (f32) -> !llvm.struct<(f32, f32)>
    %1 = "llvm.intr.acos"(%arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32) -> f32
    %2 = "llvm.intr.atan2"(%arg0, %arg0) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, f32) -> f32
    %3 = "llvm.intr.abs"(%arg1) <{is_int_min_poison = true}> : (i32) -> i32
    %4 = "llvm.intr.is.fpclass"(%arg0) <{bit = 3 : i32}> : (f32) -> i1
    "llvm.return"(%0) : (!llvm.struct<(f32, f32)>) -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = String.raw`llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@ctor], priorities = [], data = [#llvm.zero]
// -----
llvm.func @dtor()
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i32], data = [#llvm.zero]
// -----
llvm.mlir.global_ctors ctors = [@nope], priorities = [0 : i32], data = [#llvm.zero]
// -----
llvm.func @dtor() {
  llvm.return
}
llvm.mlir.global_dtors dtors = [@dtor], priorities = [0 : i32], data = [0 : i32]
// -----
llvm.func @f() {
  llvm.return
}
llvm.mlir.global_ctors ctors = [@f], priorities = [1 : i64], data = [#llvm.zero]
// -----
llvm.comdat @c {
  llvm.comdat_selector @any bogus
}
// -----
llvm.comdat @c {
}
// -----
llvm.comdat @c {
  llvm.return
}
// -----
llvm.mlir.global @not_comdat(0 : i32) : i32
llvm.mlir.global @g(0 : i32) comdat(@not_comdat) : i32
// -----
llvm.func @f() comdat(@foo) {
  llvm.return
}
// -----
llvm.func @f() {
  llvm.module_flags []
  llvm.return
}
// -----
llvm.module_flags [1]
// -----
llvm.module_flags [#llvm.mlir.module_flag<bogus, "a", 1>]
// -----
llvm.module_flags [#llvm.mlir.module_flag<error, 1, 1>]
// -----
llvm.module_flags [#llvm.mlir.module_flag<error, "a", 1.0>]
// -----
llvm.module_flags [#llvm.mlir.module_flag<append, "CG Profile", 3 : i64>]
// -----
llvm.module_flags [#llvm.mlir.module_flag<append, "ProfileSummary", 3 : i64>]
// -----
llvm.module_flags [#llvm.mlir.module_flag<error, "ProfileSummary",
  #llvm.profile_summary<format = "Bad", total_count = 1, max_count = 1,
    max_internal_count = 1, max_function_count = 1, num_counts = 1, num_functions = 1,
    detailed_summary = <cut_off = 1, min_count = 1, num_counts = 1>>>]
// -----
llvm.func @s(%f: f32) {
  %0 = llvm.intr.sincos(%f) : (f32) -> !llvm.struct<(f32, f64)>
  llvm.return
}
`

const DIAG_EXPECTED: string[] = [
  "4:1: error: ctors, priorities, and data must have the same number of elements",
  "7:1: error: 'llvm.mlir.global_dtors' op 'dtor' does not have a definition",
  "9:1: error: 'llvm.mlir.global_ctors' op 'nope' does not reference a valid LLVM function",
  "14:1: error: data element must be symbol or #llvm.zero",
  "19:1: error: 'llvm.mlir.global_ctors' op attribute 'priorities' failed to satisfy constraint: 32-bit integer array attribute",
  "22:29: error: custom op 'llvm.comdat_selector' expected string or keyword containing one of the following enum values for attribute 'comdat' [any, exactmatch, largest, nodeduplicate, samesize]",
  "25:1: error: 'llvm.comdat' op region #0 ('body') failed to verify constraint: region with 1 blocks",
  "29:3: error: only comdat selector symbols can appear in a comdat region",
  "33:1: error: expected comdat symbol",
  "35:1: error: expected comdat symbol",
  "40:3: error: 'llvm.module_flags' op must appear at the module level",
  "44:1: error: 'llvm.module_flags' op expected a module flag attribute",
  "46:43: error: expected one of [error, warning, require, override, append, append_unique, max, min] for LLVM Module Flag Behavior, got: bogus",
  "46:48: error: failed to parse ModuleFlagAttr parameter 'behavior' which is to be a `ModFlagBehavior`",
  "48:50: error: invalid kind of attribute specified",
  "48:51: error: failed to parse ModuleFlagAttr parameter 'key' which is to be a `StringAttr`",
  "50:42: error: only integer and string values are currently supported for unknown key '\"a\"'",
  "52:42: error: 'CG Profile' key expects an array of '#llvm.cgprofile_entry'",
  "54:42: error: 'ProfileSummary' key expects a '#llvm.profile_summary' attribute",
  "57:34: error: expected one of [SampleProfile, InstrProf, CSInstrProf] for LLVM ProfileSummary format kinds, got: Bad",
  "57:39: error: failed to parse ModuleFlagProfileSummaryAttr parameter 'format' which is to be a `ProfileSummaryFormatKind`",
  "59:69: error: failed to parse ModuleFlagAttr parameter 'value' which is to be a `Attribute`",
  "62:8: error: 'llvm.intr.sincos' op expected result type to be an homogeneous struct with two elements matching the operand type, but got '!llvm.struct<(f32, f64)>'"
]

describeAgainstMlirOpt('llvm module-level ops', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
