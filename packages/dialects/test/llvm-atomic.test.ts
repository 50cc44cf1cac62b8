// llvm.atomicrmw, llvm.cmpxchg, llvm.fence, and the invariant/invariant_group flags of llvm.load and llvm.store.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @f(%ptr : !llvm.ptr, %f32 : f32, %i32 : i32, %v : vector<2xf16>, %p3 : !llvm.ptr<3>) {
  %0 = llvm.atomicrmw fadd %ptr, %f32 monotonic : !llvm.ptr, f32
  %1 = llvm.atomicrmw volatile fsub %ptr, %f32 syncscope("singlethread") monotonic {alignment = 16 : i64} : !llvm.ptr, f32
  %2 = llvm.atomicrmw fmin %ptr, %v monotonic : !llvm.ptr, vector<2xf16>
  %3 = llvm.atomicrmw _and %p3, %i32 acq_rel : !llvm.ptr<3>, i32
  %4 = llvm.atomicrmw xchg %ptr, %ptr seq_cst : !llvm.ptr, !llvm.ptr
  %5 = llvm.cmpxchg %ptr, %i32, %i32 acq_rel monotonic : !llvm.ptr, i32
  %6 = llvm.cmpxchg weak volatile %ptr, %i32, %i32 syncscope("singlethread") acq_rel monotonic {alignment = 16 : i64} : !llvm.ptr, i32
  llvm.fence syncscope("agent") seq_cst
  llvm.fence syncscope("") seq_cst
  llvm.fence release
  %7 = llvm.load %ptr invariant {alignment = 4 : i64} : !llvm.ptr -> i32
  %8 = llvm.load %ptr invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
  %9 = llvm.load volatile %ptr atomic monotonic invariant invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %i32, %ptr invariant_group : i32, !llvm.ptr
  llvm.store volatile %i32, %ptr atomic release invariant_group {alignment = 4 : i64} : i32, !llvm.ptr
  %10 = llvm.atomicrmw usub_sat %ptr, %i32 monotonic : !llvm.ptr, i32
  llvm.return
}
`

const CUSTOM = `module {
  llvm.func @f(%arg0: !llvm.ptr, %arg1: f32, %arg2: i32, %arg3: vector<2xf16>, %arg4: !llvm.ptr<3>) {
    %0 = llvm.atomicrmw fadd %arg0, %arg1 monotonic : !llvm.ptr, f32
    %1 = llvm.atomicrmw volatile fsub %arg0, %arg1 syncscope("singlethread") monotonic {alignment = 16 : i64} : !llvm.ptr, f32
    %2 = llvm.atomicrmw fmin %arg0, %arg3 monotonic : !llvm.ptr, vector<2xf16>
    %3 = llvm.atomicrmw _and %arg4, %arg2 acq_rel : !llvm.ptr<3>, i32
    %4 = llvm.atomicrmw xchg %arg0, %arg0 seq_cst : !llvm.ptr, !llvm.ptr
    %5 = llvm.cmpxchg %arg0, %arg2, %arg2 acq_rel monotonic : !llvm.ptr, i32
    %6 = llvm.cmpxchg weak volatile %arg0, %arg2, %arg2 syncscope("singlethread") acq_rel monotonic {alignment = 16 : i64} : !llvm.ptr, i32
    llvm.fence syncscope("agent") seq_cst
    llvm.fence syncscope("") seq_cst
    llvm.fence release
    %7 = llvm.load %arg0 invariant {alignment = 4 : i64} : !llvm.ptr -> i32
    %8 = llvm.load %arg0 invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
    %9 = llvm.load volatile %arg0 atomic monotonic invariant invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
    llvm.store %arg2, %arg0 invariant_group : i32, !llvm.ptr
    llvm.store volatile %arg2, %arg0 atomic release invariant_group {alignment = 4 : i64} : i32, !llvm.ptr
    %10 = llvm.atomicrmw usub_sat %arg0, %arg2 monotonic : !llvm.ptr, i32
    llvm.return
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr, f32, i32, vector<2xf16>, ptr<3>)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: f32, %arg2: i32, %arg3: vector<2xf16>, %arg4: !llvm.ptr<3>):
    %0 = "llvm.atomicrmw"(%arg0, %arg1) <{bin_op = 11 : i64, ordering = 2 : i64}> : (!llvm.ptr, f32) -> f32
    %1 = "llvm.atomicrmw"(%arg0, %arg1) <{alignment = 16 : i64, bin_op = 12 : i64, ordering = 2 : i64, syncscope = "singlethread", volatile_}> : (!llvm.ptr, f32) -> f32
    %2 = "llvm.atomicrmw"(%arg0, %arg3) <{bin_op = 14 : i64, ordering = 2 : i64}> : (!llvm.ptr, vector<2xf16>) -> vector<2xf16>
    %3 = "llvm.atomicrmw"(%arg4, %arg2) <{bin_op = 3 : i64, ordering = 6 : i64}> : (!llvm.ptr<3>, i32) -> i32
    %4 = "llvm.atomicrmw"(%arg0, %arg0) <{bin_op = 0 : i64, ordering = 7 : i64}> : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
    %5 = "llvm.cmpxchg"(%arg0, %arg2, %arg2) <{failure_ordering = 2 : i64, success_ordering = 6 : i64}> : (!llvm.ptr, i32, i32) -> !llvm.struct<(i32, i1)>
    %6 = "llvm.cmpxchg"(%arg0, %arg2, %arg2) <{alignment = 16 : i64, failure_ordering = 2 : i64, success_ordering = 6 : i64, syncscope = "singlethread", volatile_, weak}> : (!llvm.ptr, i32, i32) -> !llvm.struct<(i32, i1)>
    "llvm.fence"() <{ordering = 7 : i64, syncscope = "agent"}> : () -> ()
    "llvm.fence"() <{ordering = 7 : i64, syncscope = ""}> : () -> ()
    "llvm.fence"() <{ordering = 5 : i64}> : () -> ()
    %7 = "llvm.load"(%arg0) <{alignment = 4 : i64, invariant, ordering = 0 : i64}> : (!llvm.ptr) -> i32
    %8 = "llvm.load"(%arg0) <{alignment = 4 : i64, invariantGroup, ordering = 0 : i64}> : (!llvm.ptr) -> i32
    %9 = "llvm.load"(%arg0) <{alignment = 4 : i64, invariant, invariantGroup, ordering = 2 : i64, volatile_}> : (!llvm.ptr) -> i32
    "llvm.store"(%arg2, %arg0) <{invariantGroup, ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
    "llvm.store"(%arg2, %arg0) <{alignment = 4 : i64, invariantGroup, ordering = 5 : i64, volatile_}> : (i32, !llvm.ptr) -> ()
    %10 = "llvm.atomicrmw"(%arg0, %arg2) <{bin_op = 18 : i64, ordering = 2 : i64}> : (!llvm.ptr, i32) -> i32
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f(%ptr : !llvm.ptr, %f32 : f32, %i32 : i32, %i1 : i1, %v : vector<[2]xf16>, %vi : vector<2xi32>, %i48 : i48, %p3 : !llvm.ptr<3>) {
  %0 = llvm.atomicrmw fadd %ptr, %i32 monotonic : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : vector<2xi32>) {
  %0 = llvm.atomicrmw fmax %ptr, %v monotonic : !llvm.ptr, vector<2xi32>
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i1) {
  %0 = llvm.atomicrmw xchg %ptr, %v monotonic : !llvm.ptr, i1
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : f32) {
  %0 = llvm.atomicrmw add %ptr, %v monotonic : !llvm.ptr, f32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i48) {
  %0 = llvm.atomicrmw add %ptr, %v monotonic : !llvm.ptr, i48
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = llvm.atomicrmw add %ptr, %v unordered : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = llvm.cmpxchg %ptr, %v, %v unordered monotonic : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = llvm.cmpxchg %ptr, %v, %v monotonic acq_rel : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  llvm.fence monotonic
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32, %w : i64) {
  %0 = "llvm.cmpxchg"(%ptr, %v, %w) <{failure_ordering = 2 : i64, success_ordering = 6 : i64}> : (!llvm.ptr, i32, i64) -> !llvm.struct<(i32, i1)>
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = "llvm.cmpxchg"(%ptr, %v, %v) <{failure_ordering = 2 : i64, success_ordering = 6 : i64}> : (!llvm.ptr, i32, i32) -> !llvm.struct<(i64, i1)>
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = "llvm.atomicrmw"(%ptr, %v) <{bin_op = 1 : i64, ordering = 2 : i64}> : (!llvm.ptr, i32) -> i64
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : !llvm.ptr) {
  %0 = llvm.atomicrmw xchg %ptr, %v monotonic : !llvm.ptr, !llvm.ptr
  %1 = llvm.atomicrmw xchg %ptr, %0 monotonic : !llvm.ptr, !llvm.ptr
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = llvm.atomicrmw add %ptr, %v : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : i32) {
  %0 = llvm.atomicrmw foo %ptr, %v monotonic : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : f128) {
  %0 = llvm.atomicrmw xchg %ptr, %v monotonic : !llvm.ptr, f128
  %1 = llvm.atomicrmw fmax %ptr, %v monotonic : !llvm.ptr, f128
  llvm.return
}
// -----
llvm.func @f(%ptr : !llvm.ptr, %v : bf16) {
  %1 = llvm.atomicrmw fmax %ptr, %v monotonic : !llvm.ptr, bf16
  %0 = llvm.atomicrmw xchg %ptr, %v monotonic : !llvm.ptr, bf16
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "2:8: error: 'llvm.atomicrmw' op expected LLVM IR floating point type",
  "7:8: error: 'llvm.atomicrmw' op expected LLVM IR floating point type for vector element",
  "12:8: error: 'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op",
  "17:8: error: 'llvm.atomicrmw' op expected LLVM IR integer type",
  "22:8: error: 'llvm.atomicrmw' op expected LLVM IR integer type",
  "27:8: error: 'llvm.atomicrmw' op expected at least 'monotonic' ordering",
  "32:8: error: 'llvm.cmpxchg' op ordering must be at least 'monotonic'",
  "37:8: error: 'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'",
  "42:3: error: 'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst orderings",
  "47:8: error: 'llvm.cmpxchg' op failed to verify that operand #1 and operand #2 have the same type",
  "52:8: error: 'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool",
  "57:8: error: 'llvm.atomicrmw' op failed to verify that result #0 and operand #1 have the same type",
  "68:36: error: custom op 'llvm.atomicrmw' expected string or keyword containing one of the following enum values for attribute 'ordering' [not_atomic, unordered, monotonic, acquire, release, acq_rel, seq_cst]",
  "73:23: error: custom op 'llvm.atomicrmw' expected string or keyword containing one of the following enum values for attribute 'bin_op' [xchg, add, sub, _and, nand, _or, _xor, max, min, umax, umin, fadd, fsub, fmax, fmin, uinc_wrap, udec_wrap, usub_cond, usub_sat, fmaximum, fminimum]",
]

describeAgainstMlirOpt('llvm.atomicrmw, llvm.cmpxchg, llvm.fence and llvm.load/llvm.store flags', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
