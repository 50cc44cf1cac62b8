// LLVM IR translation of llvm.mlir.alias, llvm.mlir.ifunc and dso_local global values. The
// expected text is mlir-translate --mlir-to-llvmir (LLVM 22.1.8) output for the input next to it;
// where mlir-translate is installed both inputs are also compared with it directly.
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

// Aliases of globals, of aliases (no inbounds inferred through an alias), across address
// spaces; an ifunc loaded from; dso_local printed only where linkage or visibility do not imply it.
const ALIASES = `llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @resolver3() -> !llvm.ptr<3> {
  %0 = llvm.mlir.zero : !llvm.ptr<3>
  llvm.return %0 : !llvm.ptr<3>
}
llvm.mlir.ifunc internal hidden @if0 : !llvm.func<void (i32)>, !llvm.ptr @resolver {dso_local}
llvm.mlir.global external @value(7 : i64) {dso_local} : i64
llvm.mlir.global internal @iv(7 : i64) {dso_local} : i64
llvm.mlir.global external hidden @hv(7 : i64) {dso_local} : i64
llvm.mlir.global external @sh(7 : i64) {addr_space = 3 : i32} : i64
llvm.mlir.alias external @al0 {dso_local} : i64 {
  %0 = llvm.mlir.addressof @value : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias weak @al1 : i32 {
  %0 = llvm.mlir.addressof @al0 : !llvm.ptr
  %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return %1 : !llvm.ptr
}
llvm.mlir.alias private unnamed_addr @al2 : i64 {
  %0 = llvm.mlir.addressof @sh : !llvm.ptr<3>
  llvm.return %0 : !llvm.ptr<3>
}
llvm.mlir.alias @al5 : i64 {
  %0 = llvm.mlir.addressof @al2 : !llvm.ptr<3>
  %1 = llvm.addrspacecast %0 : !llvm.ptr<3> to !llvm.ptr
  llvm.return %1 : !llvm.ptr
}
llvm.mlir.global external @gp() : !llvm.ptr {
  %0 = llvm.mlir.addressof @al1 : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @use() -> !llvm.ptr {
  %1 = llvm.mlir.addressof @al1 : !llvm.ptr
  %2 = llvm.mlir.addressof @if0 : !llvm.ptr
  %3 = llvm.load %2 : !llvm.ptr -> i32
  llvm.return %1 : !llvm.ptr
}`

const ALIASES_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@value = dso_local global i64 7
@iv = internal global i64 7
@hv = hidden global i64 7
@sh = addrspace(3) global i64 7
@gp = global ptr @al1

@al0 = alias i64, ptr @value
@al1 = weak alias i32, getelementptr (i8, ptr @al0, i64 4)
@al2 = private unnamed_addr alias i64, ptr addrspace(3) @sh
@al5 = alias i64, addrspacecast (ptr addrspace(3) @al2 to ptr)

@if0 = internal hidden ifunc void (i32), ptr @resolver

define ptr @resolver() {
  ret ptr null
}

define ptr addrspace(3) @resolver3() {
  ret ptr addrspace(3) null
}

define ptr @use() {
  %1 = load i32, ptr @if0, align 4
  ret ptr @al1
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

// Aliases with linkage, thread_local and unnamed_addr, an alias of a function, and direct
// calls of ifuncs (unnamed_addr is not carried over to an ifunc).
const IFUNCS = `llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @if0 : !llvm.func<void (i32)>, !llvm.ptr @resolver {dso_local}
llvm.mlir.ifunc weak_odr protected unnamed_addr @if1 : !llvm.func<i32 ()>, !llvm.ptr @resolver
llvm.mlir.global external @value(7 : i64) : i64
llvm.mlir.alias internal thread_local local_unnamed_addr @al0 {dso_local} : i64 {
  %0 = llvm.mlir.addressof @value : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce_odr hidden @al1 : i32 {
  %0 = llvm.mlir.addressof @value : !llvm.ptr
  %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return %1 : !llvm.ptr
}
llvm.mlir.alias @al3 : !llvm.func<!llvm.ptr ()> {
  %0 = llvm.mlir.addressof @resolver : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @use() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @if1 : !llvm.ptr
  %1 = llvm.mlir.addressof @al1 : !llvm.ptr
  %2 = llvm.call @if1() : () -> i32
  llvm.call @if0(%2) : (i32) -> ()
  llvm.return %1 : !llvm.ptr
}`

describe('llvm.mlir.alias and llvm.mlir.ifunc translation', () => {
  it('prints aliases after the globals and ifuncs after the aliases', () => {
    const { ir, diags } = translate(ALIASES)
    expect(diags).toEqual([])
    expect(ir).toBe(ALIASES_IR)
  })
})

describe.skipIf(!haveMlirTranslate)('llvm.mlir.alias and llvm.mlir.ifunc translation against mlir-translate', () => {
  for (const [name, src] of [
    ['aliases', ALIASES],
    ['ifuncs', IFUNCS],
  ] as const) {
    it(name, () => {
      const { ir, diags } = translate(src)
      expect(diags).toEqual([])
      expect(ir).toBe(oracle(src))
    })
  }
})
