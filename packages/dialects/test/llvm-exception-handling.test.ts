// llvm.invoke, llvm.landingpad and llvm.resume: syntax, verifiers and the checks of llvm.func over them.
// Every expected text is the output of mlir-opt 22 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @foo(i32) -> i32
llvm.func @bar(!llvm.ptr)
llvm.func @vf(i32, ...) -> i32
llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @caller(%arg0: i32, %fp: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %z = llvm.mlir.zero : !llvm.ptr
  %ti = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %c = llvm.bitcast %ti : !llvm.ptr to !llvm.ptr
  %f = llvm.mlir.zero : !llvm.array<1 x ptr>
  %0 = llvm.invoke @foo(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  %1 = llvm.invoke fastcc %fp(%0) to ^bb3(%0 : i32) unwind ^bb4 {branch_weights = array<i32: 10, 1>, foo} : !llvm.ptr, (i32) -> i32
^bb2:
  %2 = llvm.landingpad cleanup (catch %z : !llvm.ptr) (catch %c : !llvm.ptr) (filter %f : !llvm.array<1 x ptr>) : !llvm.struct<(ptr, i32)>
  llvm.resume %2 : !llvm.struct<(ptr, i32)>
^bb3(%r: i32):
  %3 = llvm.invoke @vf(%r, %r) to ^bb5 unwind ^bb4 vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
^bb4:
  %4 = llvm.landingpad (catch %ti : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.resume %4 : !llvm.struct<(ptr, i32)>
^bb5:
  llvm.invoke @bar(%ti) to ^bb6 unwind ^bb4 ["tag"(%r : i32), "empty"()] : (!llvm.ptr) -> ()
^bb6:
  %5 = llvm.invoke %fp(%arg0) to ^bb7 unwind ^bb4 : !llvm.ptr, (i32 {llvm.noundef, llvm.signext}) -> (i32 {llvm.signext})
^bb7:
  llvm.return %3 : i32
}
`

const CUSTOM = `module {
  llvm.mlir.global external constant @_ZTIi() {addr_space = 0 : i32} : !llvm.ptr
  llvm.func @foo(i32) -> i32
  llvm.func @bar(!llvm.ptr)
  llvm.func @vf(i32, ...) -> i32
  llvm.func @__gxx_personality_v0(...) -> i32
  llvm.func @caller(%arg0: i32, %arg1: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
    %0 = llvm.mlir.zero : !llvm.ptr
    %1 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
    %2 = llvm.bitcast %1 : !llvm.ptr to !llvm.ptr
    %3 = llvm.mlir.zero : !llvm.array<1 x ptr>
    %4 = llvm.invoke @foo(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
  ^bb1:  // pred: ^bb0
    %5 = llvm.invoke fastcc %arg1(%4) to ^bb3(%4 : i32) unwind ^bb4 {branch_weights = array<i32: 10, 1>, foo} : !llvm.ptr, (i32) -> i32
  ^bb2:  // pred: ^bb0
    %6 = llvm.landingpad cleanup (catch %0 : !llvm.ptr) (catch %2 : !llvm.ptr) (filter %3 : !llvm.array<1 x ptr>) : !llvm.struct<(ptr, i32)>
    llvm.resume %6 : !llvm.struct<(ptr, i32)>
  ^bb3(%7: i32):  // pred: ^bb1
    %8 = llvm.invoke @vf(%7, %7) to ^bb5 unwind ^bb4 vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
  ^bb4:  // 4 preds: ^bb1, ^bb3, ^bb5, ^bb6
    %9 = llvm.landingpad (catch %1 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
    llvm.resume %9 : !llvm.struct<(ptr, i32)>
  ^bb5:  // pred: ^bb3
    llvm.invoke @bar(%1) to ^bb6 unwind ^bb4 ["tag"(%7 : i32), "empty"()] : (!llvm.ptr) -> ()
  ^bb6:  // pred: ^bb5
    %10 = llvm.invoke %arg1(%arg0) to ^bb7 unwind ^bb4 : !llvm.ptr, (i32 {llvm.noundef, llvm.signext}) -> (i32 {llvm.signext})
  ^bb7:  // pred: ^bb6
    llvm.return %8 : i32
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, constant, global_type = !llvm.ptr, linkage = #llvm.linkage<external>, sym_name = "_ZTIi", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, sym_name = "foo", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr)>, linkage = #llvm.linkage<external>, sym_name = "bar", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, ...)>, linkage = #llvm.linkage<external>, sym_name = "vf", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (...)>, linkage = #llvm.linkage<external>, sym_name = "__gxx_personality_v0", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, ptr)>, linkage = #llvm.linkage<external>, personality = @__gxx_personality_v0, sym_name = "caller", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: !llvm.ptr):
    %0 = "llvm.mlir.zero"() : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @_ZTIi}> : () -> !llvm.ptr
    %2 = "llvm.bitcast"(%1) : (!llvm.ptr) -> !llvm.ptr
    %3 = "llvm.mlir.zero"() : () -> !llvm.array<1 x ptr>
    %4 = "llvm.invoke"(%arg0)[^bb1, ^bb2] <{CConv = #llvm.cconv<ccc>, callee = @foo, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (i32) -> i32
  ^bb1:  // pred: ^bb0
    %5 = "llvm.invoke"(%arg1, %4, %4)[^bb3, ^bb4] <{CConv = #llvm.cconv<fastcc>, branch_weights = array<i32: 10, 1>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 1, 0, 0>}> {foo} : (!llvm.ptr, i32, i32) -> i32
  ^bb2:  // pred: ^bb0
    %6 = "llvm.landingpad"(%0, %2, %3) <{cleanup}> : (!llvm.ptr, !llvm.ptr, !llvm.array<1 x ptr>) -> !llvm.struct<(ptr, i32)>
    "llvm.resume"(%6) : (!llvm.struct<(ptr, i32)>) -> ()
  ^bb3(%7: i32):  // pred: ^bb1
    %8 = "llvm.invoke"(%7, %7)[^bb5, ^bb4] <{CConv = #llvm.cconv<ccc>, callee = @vf, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0, 0, 0>, var_callee_type = !llvm.func<i32 (i32, ...)>}> : (i32, i32) -> i32
  ^bb4:  // 4 preds: ^bb1, ^bb3, ^bb5, ^bb6
    %9 = "llvm.landingpad"(%1) : (!llvm.ptr) -> !llvm.struct<(ptr, i32)>
    "llvm.resume"(%9) : (!llvm.struct<(ptr, i32)>) -> ()
  ^bb5:  // pred: ^bb3
    "llvm.invoke"(%1, %7)[^bb6, ^bb4] <{CConv = #llvm.cconv<ccc>, callee = @bar, op_bundle_sizes = array<i32: 1, 0>, op_bundle_tags = ["tag", "empty"], operandSegmentSizes = array<i32: 1, 0, 0, 1>}> : (!llvm.ptr, i32) -> ()
  ^bb6:  // pred: ^bb5
    %10 = "llvm.invoke"(%arg1, %arg0)[^bb7, ^bb4] <{CConv = #llvm.cconv<ccc>, arg_attrs = [{llvm.noundef, llvm.signext}], op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0, 0, 0>, res_attrs = [{llvm.signext}]}> : (!llvm.ptr, i32) -> i32
  ^bb7:  // pred: ^bb6
    "llvm.return"(%8) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @foo(i32) -> i32
llvm.func @caller(%arg0: i32) -> i32 {
  %0 = llvm.invoke @foo(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  llvm.return %arg0 : i32
}
// -----
llvm.func @caller(%arg0: i32, %f: !llvm.ptr) -> i32 {
  %0 = llvm.invoke %f(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %arg0 : i32
^bb2:
  llvm.return %arg0 : i32
}
// -----
llvm.func @caller(%arg0: i32, %f: !llvm.ptr) -> i32 {
  %0 = llvm.invoke tail %f(%arg0) to ^bb1 unwind ^bb2 : !llvm.ptr, (i32) -> (i32)
^bb1:
  llvm.return %arg0 : i32
^bb2:
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32, %f: !llvm.ptr) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke %f(%arg0) to ^bb1 unwind ^bb2 {branch_weights = array<i32: 1>} : !llvm.ptr, (i32) -> i32
^bb1:
  llvm.return %arg0 : i32
^bb2:
  %1 = llvm.landingpad cleanup : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32, %f: !llvm.ptr) -> i32 attributes {personality = @p} {
  %0 = llvm.invoke %f(%arg0) to ^bb1(%arg0 : i32) unwind ^bb2 : !llvm.ptr, (i32) -> i32
^bb1:
  llvm.return %arg0 : i32
^bb2:
  %1 = llvm.landingpad cleanup : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32) -> i32 attributes {personality = @p} {
  %1 = llvm.landingpad : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32) -> i32 attributes {personality = @p} {
  %1 = llvm.landingpad (catch %arg0 : i32) : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: !llvm.ptr) -> i32 attributes {personality = @p} {
  %0 = llvm.bitcast %arg0 : !llvm.ptr to !llvm.ptr
  %1 = llvm.landingpad (catch %0 : !llvm.ptr) : i32
  llvm.return %1 : i32
}
// -----
llvm.func @caller(%arg0: i32) -> i32 {
  %1 = llvm.landingpad cleanup : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32) -> i32 attributes {personality = @p} {
  %1 = llvm.landingpad cleanup (catch : i32
  llvm.return %arg0 : i32
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i32) attributes {personality = @p} {
  %1 = llvm.landingpad cleanup : i32
  llvm.resume %arg0 : i32
^bb1:
  %2 = llvm.landingpad cleanup : i64
  llvm.return
}
// -----
llvm.func @p(...) -> i32
llvm.func @caller(%arg0: i64) attributes {personality = @p} {
  %1 = llvm.landingpad cleanup : i32
  llvm.resume %arg0 : i64
}
// -----
llvm.func @t()
llvm.func @f(%a: i32) {
  llvm.call @t() ["a"(%a : i32), "b"(%a : i32, i32)] : () -> ()
  llvm.return
}
// -----
llvm.func @foo()
llvm.func @f() {
  %0 = llvm.mlir.constant(0 : i32) : i32
  "llvm.call_intrinsic"(%0) <{intrin = "llvm.x", op_bundle_tags = ["tag", 3], operandSegmentSizes = array<i32: 0, 1>, op_bundle_sizes = array<i32: 1, 0>}> : (i32) -> ()
  llvm.return
}
// -----
llvm.func @foo()
llvm.func @f() {
  %0 = llvm.mlir.constant(0 : i32) : i32
  "llvm.call"(%0) <{callee = @nope, op_bundle_tags = ["tag", 3], operandSegmentSizes = array<i32: 0, 1>, op_bundle_sizes = array<i32: 1, 0>}> : (i32) -> ()
  llvm.return
}
// -----
llvm.func @foo()
llvm.func @wrong_number_of_bundle_tags() {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.constant(1 : i32) : i32
  "llvm.call"(%0, %1) <{ op_bundle_tags = ["tag"] }> {
    callee = @foo,
    operandSegmentSizes = array<i32: 0, 2>,
    op_bundle_sizes = array<i32: 1, 1>
  } : (i32, i32) -> ()
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "3:8: error: first operation in unwind destination should be a llvm.landingpad operation",
  "11:50: error: custom op 'llvm.invoke' expected indirect call to have 2 trailing types",
  "19:19: error: expected attribute value",
  "28:8: error: expects number of branch weights to match number of successors: 1 vs 2",
  "38:8: error: branch has 1 operands for successor #0, but target block has 0",
  "48:8: error: landingpad instruction expects at least one clause or cleanup attribute",
  "54:8: error: clause #0 is not a known constant - null, addressof, bitcast",
  "61:8: error: constant clauses expected",
  "60:8: note: global addresses expected as operand to bitcast used in clauses for landingpad",
  "66:8: error: llvm.landingpad needs to be in a function with a personality",
  "72:38: error: expected SSA operand",
  "77:1: error: 'llvm.landingpad' should have a consistent result type inside a function",
  "86:1: error: 'llvm.resume' should have a consistent input type inside a function",
  "93:18: error: custom op 'llvm.call' expected 1 types for operand bundle operands for operand bundle #0, but actually got 2",
  "100:3: error: operand bundle tag must be a StringAttr",
  "107:3: error: operand bundle tag must be a StringAttr",
  "115:3: error: expected 2 operand bundle tags, but actually got 1",
]

describeAgainstMlirOpt('llvm exception handling', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
