// !llvm.ppc_fp128 and !llvm.target<...> types.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @f(%a: !llvm.ppc_fp128, %t: !llvm.target<"spirv.Event">, %v: vector<2x!llvm.ppc_fp128>) -> !llvm.target<"t5", i32, f64, 0, 5> {
  %0 = llvm.mlir.undef : !llvm.target<"t5", i32, f64, 0, 5>
  %1 = llvm.mlir.undef : !llvm.struct<(ppc_fp128, target<"x", ptr, 1>)>
  %2 = llvm.mlir.undef : !llvm.array<2 x ppc_fp128>
  llvm.return %0 : !llvm.target<"t5", i32, f64, 0, 5>
}
`

const CUSTOM = `module {
  llvm.func @f(%arg0: !llvm.ppc_fp128, %arg1: !llvm.target<"spirv.Event">, %arg2: vector<2x!llvm.ppc_fp128>) -> !llvm.target<"t5", i32, f64, 0, 5> {
    %0 = llvm.mlir.undef : !llvm.target<"t5", i32, f64, 0, 5>
    %1 = llvm.mlir.undef : !llvm.struct<(!llvm.ppc_fp128, target<"x", !llvm.ptr, 1>)>
    %2 = llvm.mlir.undef : !llvm.array<2 x !llvm.ppc_fp128>
    llvm.return %0 : !llvm.target<"t5", i32, f64, 0, 5>
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<target<"t5", i32, f64, 0, 5> (!llvm.ppc_fp128, target<"spirv.Event">, vector<2x!llvm.ppc_fp128>)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ppc_fp128, %arg1: !llvm.target<"spirv.Event">, %arg2: vector<2x!llvm.ppc_fp128>):
    %0 = "llvm.mlir.undef"() : () -> !llvm.target<"t5", i32, f64, 0, 5>
    %1 = "llvm.mlir.undef"() : () -> !llvm.struct<(!llvm.ppc_fp128, target<"x", !llvm.ptr, 1>)>
    %2 = "llvm.mlir.undef"() : () -> !llvm.array<2 x !llvm.ppc_fp128>
    "llvm.return"(%0) : (!llvm.target<"t5", i32, f64, 0, 5>) -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f(%t: !llvm.target<"x", 1, i32>) {
  llvm.return
}
// -----
llvm.func @f(%t: !llvm.target<x>) {
  llvm.return
}
// -----
llvm.func @f(%t: !llvm.ppc_fp129) {
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "1:39: error: failed to parse parameter list for target extension type",
  "5:31: error: expected string",
  "5:31: error: failed to parse LLVMTargetExtType parameter 'extTypeName' which is to be a `::llvm::StringRef`",
  "9:24: error: unknown LLVM type: ppc_fp129",
]

describeAgainstMlirOpt('llvm ppc_fp128 and target extension types', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
