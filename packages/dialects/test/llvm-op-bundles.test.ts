// Operand bundles on llvm.call, llvm.call_intrinsic and llvm.intr.assume.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @t()
llvm.func @f(%a: i32, %b: i32, %p: !llvm.ptr, %c: i1) {
  llvm.call @t() [] : () -> ()
  llvm.call @t() ["tag"()] : () -> ()
  llvm.call @t() ["tag1"(%a, %b : i32, i32), "tag2"(%p : !llvm.ptr)] : () -> ()
  llvm.call_intrinsic "llvm.assume"(%c) ["align"(%p, %a : !llvm.ptr, i32)] : (i1) -> ()
  llvm.intr.assume %c : i1
  llvm.intr.assume %c [] : i1
  llvm.intr.assume %c ["tag1"(%a, %b : i32, i32), "tag2"(%a : i32)] : i1
  llvm.return
}
llvm.func @g(%a: i32, %c: i1) {
  llvm.intr.assume %c ["tag"(%a : i32)] : i1 {foo}
  llvm.intr.assume %c : i1 {foo}
  llvm.call_intrinsic "llvm.assume"(%c) ["align"(%a : i32)] {foo} : (i1) -> ()
  llvm.return
}
`

const CUSTOM = `module {
  llvm.func @t()
  llvm.func @f(%arg0: i32, %arg1: i32, %arg2: !llvm.ptr, %arg3: i1) {
    llvm.call @t() : () -> ()
    llvm.call @t() ["tag"()] : () -> ()
    llvm.call @t() ["tag1"(%arg0, %arg1 : i32, i32), "tag2"(%arg2 : !llvm.ptr)] : () -> ()
    llvm.call_intrinsic "llvm.assume"(%arg3) ["align"(%arg2, %arg0 : !llvm.ptr, i32)] : (i1) -> ()
    llvm.intr.assume %arg3 : i1
    llvm.intr.assume %arg3 : i1
    llvm.intr.assume %arg3 ["tag1"(%arg0, %arg1 : i32, i32), "tag2"(%arg0 : i32)] : i1
    llvm.return
  }
  llvm.func @g(%arg0: i32, %arg1: i1) {
    llvm.intr.assume %arg1 ["tag"(%arg0 : i32)] : i1 {foo}
    llvm.intr.assume %arg1 : i1 {foo}
    llvm.call_intrinsic "llvm.assume"(%arg1) ["align"(%arg0 : i32)] {foo} : (i1) -> ()
    llvm.return
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "t", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, i32, ptr, i1)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg2: i32, %arg3: i32, %arg4: !llvm.ptr, %arg5: i1):
    "llvm.call"() <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @t, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "llvm.call"() <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @t, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32: 0>, op_bundle_tags = ["tag"], operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "llvm.call"(%arg2, %arg3, %arg4) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @t, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32: 2, 1>, op_bundle_tags = ["tag1", "tag2"], operandSegmentSizes = array<i32: 0, 3>}> : (i32, i32, !llvm.ptr) -> ()
    "llvm.call_intrinsic"(%arg5, %arg4, %arg2) <{fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.assume", op_bundle_sizes = array<i32: 2>, op_bundle_tags = ["align"], operandSegmentSizes = array<i32: 1, 2>}> : (i1, !llvm.ptr, i32) -> ()
    "llvm.intr.assume"(%arg5) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.intr.assume"(%arg5) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
    "llvm.intr.assume"(%arg5, %arg2, %arg3, %arg2) <{op_bundle_sizes = array<i32: 2, 1>, op_bundle_tags = ["tag1", "tag2"]}> : (i1, i32, i32, i32) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32, i1)>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    "llvm.intr.assume"(%arg1, %arg0) <{op_bundle_sizes = array<i32: 1>, op_bundle_tags = ["tag"]}> {foo} : (i1, i32) -> ()
    "llvm.intr.assume"(%arg1) <{op_bundle_sizes = array<i32>}> {foo} : (i1) -> ()
    "llvm.call_intrinsic"(%arg1, %arg0) <{fastmathFlags = #llvm.fastmath<none>, intrin = "llvm.assume", op_bundle_sizes = array<i32: 1>, op_bundle_tags = ["align"], operandSegmentSizes = array<i32: 1, 1>}> {foo} : (i1, i32) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @t()
llvm.func @f(%a: i32) {
  llvm.call @t() ["tag"(%a)] : () -> ()
  llvm.return
}
// -----
llvm.func @t()
llvm.func @f(%a: i32) {
  llvm.call @t() [tag(%a : i32)] : () -> ()
  llvm.return
}
// -----
llvm.func @f(%a: i32, %c: i1) {
  llvm.intr.assume %c ["tag"(%a : i64)] : i1
  llvm.return
}
// -----
llvm.func @f(%a: i32) {
  llvm.intr.assume %a : i32
  llvm.return
}
// -----
llvm.func @t()
llvm.func @f(%a: i32) {
  llvm.call @t() ["a"(%a : i32), "b"(] : () -> ()
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "3:27: error: expected ':'",
  "9:19: error: custom op 'llvm.call' expected string",
  "9:19: error: custom op 'llvm.call' expect operand bundle tag",
  "14:30: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
  "13:14: note: prior use here",
  "19:3: error: 'llvm.intr.assume' op operand #0 must be 1-bit signless integer, but got 'i32'",
  "25:38: error: expected ':'",
]

describeAgainstMlirOpt('llvm operand bundles', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
