import { describe, expect, it } from 'vitest'
import { translate } from './translateHelpers.ts'

// Expected text: mlir-translate 22 --mlir-to-llvmir on the same module. LLVM's target folder
// turns the sizeof idiom (a GEP of null, then ptrtoint) into integers, and a call of a
// variadic function spells the callee's type.
const MODULE = "llvm.func @f() -> !llvm.ptr {\n  %0 = llvm.mlir.constant(6 : index) : i64\n  %1 = llvm.mlir.zero : !llvm.ptr\n  %2 = llvm.getelementptr %1[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f64\n  llvm.return %2 : !llvm.ptr\n}\nllvm.func @g() -> i64 {\n  %0 = llvm.mlir.constant(6 : index) : i64\n  %1 = llvm.mlir.zero : !llvm.ptr\n  %2 = llvm.getelementptr %1[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f64\n  %3 = llvm.ptrtoint %2 : !llvm.ptr to i64\n  llvm.return %3 : i64\n}\nllvm.func @h() -> i32 {\n  %1 = llvm.mlir.zero : !llvm.ptr\n  %2 = llvm.getelementptr %1[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i8, f64)>\n  %3 = llvm.ptrtoint %2 : !llvm.ptr to i32\n  llvm.return %3 : i32\n}\nllvm.func @k() -> i64 {\n  %1 = llvm.mlir.zero : !llvm.ptr\n  %0 = llvm.mlir.constant(0 : index) : i64\n  %2 = llvm.getelementptr %1[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f64\n  %3 = llvm.ptrtoint %2 : !llvm.ptr to i64\n  llvm.return %3 : i64\n}\nllvm.func @m() -> i64 {\n  %1 = llvm.mlir.zero : !llvm.ptr\n  %0 = llvm.mlir.constant(-3 : index) : i64\n  %2 = llvm.getelementptr inbounds %1[%0] : (!llvm.ptr, i64) -> !llvm.ptr, f64\n  %3 = llvm.ptrtoint %2 : !llvm.ptr to i64\n  llvm.return %3 : i64\n}\nllvm.func @printf(!llvm.ptr, ...) -> i32\nllvm.mlir.global internal constant @fmt(\"%f \\00\") {addr_space = 0 : i32}\nllvm.func @p(%x: f64) {\n  %0 = llvm.mlir.addressof @fmt : !llvm.ptr\n  %1 = llvm.call @printf(%0, %x) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32\n  llvm.return\n}\n"

describe('sizeof folding and variadic calls', () => {
  it('translates as mlir-translate does', () => {
    const r = translate(MODULE)
    expect(r.diags).toEqual([])
    expect(r.ir).toBe("; ModuleID = 'LLVMDialectModule'\nsource_filename = \"LLVMDialectModule\"\n\n@fmt = internal constant [4 x i8] c\"%f \\00\"\n\ndefine ptr @f() {\n  ret ptr inttoptr (i64 48 to ptr)\n}\n\ndefine i64 @g() {\n  ret i64 48\n}\n\ndefine i32 @h() {\n  ret i32 16\n}\n\ndefine i64 @k() {\n  ret i64 0\n}\n\ndefine i64 @m() {\n  ret i64 -24\n}\n\ndeclare i32 @printf(ptr, ...)\n\ndefine void @p(double %0) {\n  %2 = call i32 (ptr, ...) @printf(ptr @fmt, double %0)\n  ret void\n}\n\n!llvm.module.flags = !{!0}\n\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n")
  })
})
