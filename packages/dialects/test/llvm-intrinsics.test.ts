// The lifetime, invariant, invariant.group, va_*, stack, eh.typeid.for and vector.reduce intrinsics of the llvm dialect.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @f(%p: !llvm.ptr, %p1: !llvm.ptr<1>, %v: vector<4xf32>, %vi: vector<4xi32>, %f: f32) {
  llvm.intr.lifetime.start %p : !llvm.ptr
  llvm.intr.lifetime.end %p : !llvm.ptr
  %1 = llvm.intr.invariant.start 1, %p : !llvm.ptr
  llvm.intr.invariant.end %1, 1, %p : !llvm.ptr
  %2 = llvm.intr.launder.invariant.group %p1 : !llvm.ptr<1>
  %3 = llvm.intr.strip.invariant.group %p : !llvm.ptr
  llvm.intr.vastart %p : !llvm.ptr
  llvm.intr.vacopy %p to %p : !llvm.ptr, !llvm.ptr
  %4 = llvm.va_arg %p : (!llvm.ptr) -> i32
  llvm.intr.vaend %p : !llvm.ptr
  %5 = llvm.intr.eh.typeid.for %p : (!llvm.ptr) -> i32
  %6 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %6 : !llvm.ptr
  %7 = llvm.intr.vector.reduce.fmin(%v) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>) -> f32
  %8 = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  %9 = llvm.intr.vector.reduce.fminimum(%v) : (vector<4xf32>) -> f32
  %10 = llvm.intr.vector.reduce.fmaximum(%v) : (vector<4xf32>) -> f32
  %11 = "llvm.intr.vector.reduce.add"(%vi) : (vector<4xi32>) -> i32
  %12 = "llvm.intr.vector.reduce.umax"(%vi) : (vector<4xi32>) -> i32
  %13 = "llvm.intr.vector.reduce.fadd"(%f, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  %14 = llvm.intr.stacksave : !llvm.ptr<5>
  llvm.return
}
`

const CUSTOM = `module {
  llvm.func @f(%arg0: !llvm.ptr, %arg1: !llvm.ptr<1>, %arg2: vector<4xf32>, %arg3: vector<4xi32>, %arg4: f32) {
    llvm.intr.lifetime.start %arg0 : !llvm.ptr
    llvm.intr.lifetime.end %arg0 : !llvm.ptr
    %0 = llvm.intr.invariant.start 1, %arg0 : !llvm.ptr
    llvm.intr.invariant.end %0, 1, %arg0 : !llvm.ptr
    %1 = llvm.intr.launder.invariant.group %arg1 : !llvm.ptr<1>
    %2 = llvm.intr.strip.invariant.group %arg0 : !llvm.ptr
    llvm.intr.vastart %arg0 : !llvm.ptr
    llvm.intr.vacopy %arg0 to %arg0 : !llvm.ptr, !llvm.ptr
    %3 = llvm.va_arg %arg0 : (!llvm.ptr) -> i32
    llvm.intr.vaend %arg0 : !llvm.ptr
    %4 = llvm.intr.eh.typeid.for %arg0 : (!llvm.ptr) -> i32
    %5 = llvm.intr.stacksave : !llvm.ptr
    llvm.intr.stackrestore %5 : !llvm.ptr
    %6 = llvm.intr.vector.reduce.fmin(%arg2) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>) -> f32
    %7 = llvm.intr.vector.reduce.fmax(%arg2) : (vector<4xf32>) -> f32
    %8 = llvm.intr.vector.reduce.fminimum(%arg2) : (vector<4xf32>) -> f32
    %9 = llvm.intr.vector.reduce.fmaximum(%arg2) : (vector<4xf32>) -> f32
    %10 = "llvm.intr.vector.reduce.add"(%arg3) : (vector<4xi32>) -> i32
    %11 = "llvm.intr.vector.reduce.umax"(%arg3) : (vector<4xi32>) -> i32
    %12 = "llvm.intr.vector.reduce.fadd"(%arg4, %arg2) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
    %13 = llvm.intr.stacksave : !llvm.ptr<5>
    llvm.return
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr, ptr<1>, vector<4xf32>, vector<4xi32>, f32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: !llvm.ptr<1>, %arg2: vector<4xf32>, %arg3: vector<4xi32>, %arg4: f32):
    "llvm.intr.lifetime.start"(%arg0) : (!llvm.ptr) -> ()
    "llvm.intr.lifetime.end"(%arg0) : (!llvm.ptr) -> ()
    %0 = "llvm.intr.invariant.start"(%arg0) <{size = 1 : i64}> : (!llvm.ptr) -> !llvm.ptr
    "llvm.intr.invariant.end"(%0, %arg0) <{size = 1 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
    %1 = "llvm.intr.launder.invariant.group"(%arg1) : (!llvm.ptr<1>) -> !llvm.ptr<1>
    %2 = "llvm.intr.strip.invariant.group"(%arg0) : (!llvm.ptr) -> !llvm.ptr
    "llvm.intr.vastart"(%arg0) : (!llvm.ptr) -> ()
    "llvm.intr.vacopy"(%arg0, %arg0) : (!llvm.ptr, !llvm.ptr) -> ()
    %3 = "llvm.va_arg"(%arg0) : (!llvm.ptr) -> i32
    "llvm.intr.vaend"(%arg0) : (!llvm.ptr) -> ()
    %4 = "llvm.intr.eh.typeid.for"(%arg0) : (!llvm.ptr) -> i32
    %5 = "llvm.intr.stacksave"() : () -> !llvm.ptr
    "llvm.intr.stackrestore"(%5) : (!llvm.ptr) -> ()
    %6 = "llvm.intr.vector.reduce.fmin"(%arg2) <{fastmathFlags = #llvm.fastmath<nnan>}> : (vector<4xf32>) -> f32
    %7 = "llvm.intr.vector.reduce.fmax"(%arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (vector<4xf32>) -> f32
    %8 = "llvm.intr.vector.reduce.fminimum"(%arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (vector<4xf32>) -> f32
    %9 = "llvm.intr.vector.reduce.fmaximum"(%arg2) <{fastmathFlags = #llvm.fastmath<none>}> : (vector<4xf32>) -> f32
    %10 = "llvm.intr.vector.reduce.add"(%arg3) : (vector<4xi32>) -> i32
    %11 = "llvm.intr.vector.reduce.umax"(%arg3) : (vector<4xi32>) -> i32
    %12 = "llvm.intr.vector.reduce.fadd"(%arg4, %arg2) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
    %13 = "llvm.intr.stacksave"() : () -> !llvm.ptr<5>
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f(%p: !llvm.ptr<1>) {
  %0 = llvm.intr.invariant.start 1, %p : !llvm.ptr<1>
  llvm.intr.invariant.end %0, 1, %p : !llvm.ptr<1>
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.intr.launder.invariant.group %p : !llvm.ptr<1>
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr) {
  %0 = "llvm.intr.launder.invariant.group"(%p) : (!llvm.ptr) -> !llvm.ptr<1>
  llvm.return
}
// -----
llvm.func @f(%p: i32) {
  llvm.intr.lifetime.start %p : i32
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr) {
  %0 = "llvm.intr.eh.typeid.for"(%p) : (!llvm.ptr) -> i64
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr<3>) {
  %0 = "llvm.intr.invariant.start"(%p) <{size = 1 : i64}> : (!llvm.ptr<3>) -> !llvm.ptr<3>
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "8:42: error: use of value '%p' expects different type than prior uses: '!llvm.ptr<1>' vs '!llvm.ptr'",
  "7:14: note: prior use here",
  "13:8: error: 'llvm.intr.launder.invariant.group' op requires the same type for all operands and results",
  "18:3: error: 'llvm.intr.lifetime.start' op operand #0 must be LLVM pointer type, but got 'i32'",
  "28:8: error: 'llvm.intr.invariant.start' op result #0 must be LLVM pointer in address space 0, but got '!llvm.ptr<3>'",
]

describeAgainstMlirOpt('llvm memory, variadic and reduction intrinsics', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
