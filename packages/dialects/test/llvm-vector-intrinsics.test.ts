// llvm.intr.vector.insert/extract, vector.interleave2/deinterleave2 and the vp min/max intrinsics.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @f(%a: vector<4xf32>, %b: vector<8xf32>, %v1: vector<[4]xf16>, %v2: vector<8xi32>, %m: vector<8xi1>, %e: i32) {
  %0 = llvm.intr.vector.insert %a, %b[4] : vector<4xf32> into vector<8xf32>
  %1 = llvm.intr.vector.extract %b[4] : vector<4xf32> from vector<8xf32>
  %2 = "llvm.intr.vector.interleave2"(%v1, %v1) : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[8]xf16>
  %3 = "llvm.intr.vector.deinterleave2"(%2) : (vector<[8]xf16>) -> !llvm.struct<(vector<[4]xf16>, vector<[4]xf16>)>
  %4 = "llvm.intr.vp.smax"(%v2, %v2, %m, %e) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
  %5 = "llvm.intr.vp.umin"(%v2, %v2, %m, %e) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
  llvm.return
}
`

const CUSTOM = `module {
  llvm.func @f(%arg0: vector<4xf32>, %arg1: vector<8xf32>, %arg2: vector<[4]xf16>, %arg3: vector<8xi32>, %arg4: vector<8xi1>, %arg5: i32) {
    %0 = llvm.intr.vector.insert %arg0, %arg1[4] : vector<4xf32> into vector<8xf32>
    %1 = llvm.intr.vector.extract %arg1[4] : vector<4xf32> from vector<8xf32>
    %2 = "llvm.intr.vector.interleave2"(%arg2, %arg2) : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[8]xf16>
    %3 = "llvm.intr.vector.deinterleave2"(%2) : (vector<[8]xf16>) -> !llvm.struct<(vector<[4]xf16>, vector<[4]xf16>)>
    %4 = "llvm.intr.vp.smax"(%arg3, %arg3, %arg4, %arg5) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
    %5 = "llvm.intr.vp.umin"(%arg3, %arg3, %arg4, %arg5) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
    llvm.return
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (vector<4xf32>, vector<8xf32>, vector<[4]xf16>, vector<8xi32>, vector<8xi1>, i32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: vector<4xf32>, %arg1: vector<8xf32>, %arg2: vector<[4]xf16>, %arg3: vector<8xi32>, %arg4: vector<8xi1>, %arg5: i32):
    %0 = "llvm.intr.vector.insert"(%arg1, %arg0) <{pos = 4 : i64}> : (vector<8xf32>, vector<4xf32>) -> vector<8xf32>
    %1 = "llvm.intr.vector.extract"(%arg1) <{pos = 4 : i64}> : (vector<8xf32>) -> vector<4xf32>
    %2 = "llvm.intr.vector.interleave2"(%arg2, %arg2) : (vector<[4]xf16>, vector<[4]xf16>) -> vector<[8]xf16>
    %3 = "llvm.intr.vector.deinterleave2"(%2) : (vector<[8]xf16>) -> !llvm.struct<(vector<[4]xf16>, vector<[4]xf16>)>
    %4 = "llvm.intr.vp.smax"(%arg3, %arg3, %arg4, %arg5) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
    %5 = "llvm.intr.vp.umin"(%arg3, %arg3, %arg4, %arg5) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f(%a: vector<[4]xf32>, %b: vector<8xf32>) {
  %0 = llvm.intr.vector.insert %a, %b[0] : vector<[4]xf32> into vector<8xf32>
  llvm.return
}
// -----
llvm.func @f(%a: vector<[4]xf32>, %b: vector<8xf32>) {
  %0 = llvm.intr.vector.extract %b[0] : vector<[4]xf32> from vector<8xf32>
  llvm.return
}
// -----
llvm.func @f(%a: vector<4xf32>, %b: vector<8192xf32>) {
  %0 = llvm.intr.vector.insert %a, %b[0] : vector<4xf32> into vector<8192xf32>
  llvm.return
}
// -----
llvm.func @f(%a: vector<4xf32>, %b: vector<8192xf32>) {
  %0 = llvm.intr.vector.extract %b[0] : vector<4xf32> from vector<8192xf32>
  llvm.return
}
// -----
llvm.func @f(%a: vector<4xf32>, %b: vector<8xi32>) {
  %0 = llvm.intr.vector.insert %a, %b[0] : vector<4xf32> into vector<8xi32>
  llvm.return
}
// -----
llvm.func @f(%a: vector<4xf32>, %b: vector<8xf32>) {
  %0 = "llvm.intr.vector.insert"(%b, %a) <{pos = 0 : i64}> : (vector<8xf32>, vector<4xf32>) -> vector<4xf32>
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "2:8: error: 'llvm.intr.vector.insert' op failed to verify that it is not inserting scalable into fixed-length vectors.",
  "7:8: error: 'llvm.intr.vector.extract' op failed to verify that it is not extracting scalable from fixed-length vectors.",
  "12:8: error: 'llvm.intr.vector.insert' op failed to verify that vectors are not bigger than 2^17 bits.",
  "17:8: error: 'llvm.intr.vector.extract' op failed to verify that vectors are not bigger than 2^17 bits.",
  "27:8: error: 'llvm.intr.vector.insert' op failed to verify that all of {dstvec, res} have same type",
]

describeAgainstMlirOpt('llvm vector intrinsics', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
