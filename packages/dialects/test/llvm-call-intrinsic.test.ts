// llvm.call_intrinsic with argument and result attributes in its signature.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @f(%arg0: i32, %p: !llvm.ptr) -> i32 {
  %0 = llvm.call_intrinsic "llvm.riscv.sha256sig0"(%arg0) : (i32 {llvm.signext}) -> (i32)
  %1 = llvm.call_intrinsic "llvm.riscv.sha256sig0"(%arg0) ["adazdazd"()] {constant} : (i32 {llvm.signext}) -> (i32 {llvm.zeroext})
  %2 = llvm.call_intrinsic "llvm.foo"(%arg0, %p) : (i32, !llvm.ptr {llvm.noundef}) -> i32
  llvm.call_intrinsic "llvm.bar"() : () -> ()
  llvm.return %0 : i32
}
`

const CUSTOM = `module {
  llvm.func @f(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
    %0 = llvm.call_intrinsic "llvm.riscv.sha256sig0"(%arg0) : (i32 {llvm.signext}) -> i32
    %1 = llvm.call_intrinsic "llvm.riscv.sha256sig0"(%arg0) ["adazdazd"()] {constant} : (i32 {llvm.signext}) -> (i32 {llvm.zeroext})
    %2 = llvm.call_intrinsic "llvm.foo"(%arg0, %arg1) : (i32, !llvm.ptr {llvm.noundef}) -> i32
    llvm.call_intrinsic "llvm.bar"() : () -> ()
    llvm.return %0 : i32
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, ptr)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: !llvm.ptr):
    %0 = "llvm.call_intrinsic"(%arg0) <{arg_attrs = [{llvm.signext}], fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.riscv.sha256sig0", op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> i32
    %1 = "llvm.call_intrinsic"(%arg0) <{arg_attrs = [{llvm.signext}], fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.riscv.sha256sig0", op_bundle_sizes = array<i32: 0>, op_bundle_tags = ["adazdazd"], operandSegmentSizes = array<i32: 1, 0>, res_attrs = [{llvm.zeroext}]}> {constant} : (i32) -> i32
    %2 = "llvm.call_intrinsic"(%arg0, %arg1) <{arg_attrs = [{}, {llvm.noundef}], fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.foo", op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (i32, !llvm.ptr) -> i32
    "llvm.call_intrinsic"() <{fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.bar", op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "llvm.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f(%a: i32) {
  llvm.call_intrinsic "llvm.x"(%a) : i32
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  llvm.call_intrinsic "llvm.x"(%a) : (i64) -> ()
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  llvm.call_intrinsic "llvm.x"(%a) : (i32 {llvm.signext) -> ()
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "2:37: error: expected '('",
  "2:36: error: custom op 'llvm.call_intrinsic' expected direct call to have 1 trailing types",
  "7:32: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
  "6:14: note: prior use here",
  "12:56: error: expected '}' in attribute dictionary",
  "12:36: error: custom op 'llvm.call_intrinsic' expected direct call to have 1 trailing types",
]

describeAgainstMlirOpt('llvm.call_intrinsic signatures', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
