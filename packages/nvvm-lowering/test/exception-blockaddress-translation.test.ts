// LLVM IR translation of the exception-handling ops (llvm.invoke, llvm.landingpad, llvm.resume,
// the personality) and of block addresses (llvm.blocktag, llvm.blockaddress). The expected text
// is mlir-translate --mlir-to-llvmir (LLVM 22) output for the input next to it; where
// mlir-translate is installed every input is also compared with it directly.
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

// Direct, indirect (fastcc), vararg and bundled invokes; landing pads with cleanup, catch
// clauses and a PHI fed through an invoke's normal edge.
const INVOKES = `llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @foo(i32) -> i32
llvm.func @bar(!llvm.ptr)
llvm.func @vf(i32, ...) -> i32
llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @caller(%arg0: i32, %fp: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %z = llvm.mlir.zero : !llvm.ptr
  %ti = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %f = llvm.mlir.constant(dense<0> : vector<1xi8>) : !llvm.array<1 x i8>
  %0 = llvm.invoke @foo(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  %1 = llvm.invoke fastcc %fp(%0) to ^bb3(%0 : i32) unwind ^bb4 : !llvm.ptr, (i32) -> i32
^bb2:
  %2 = llvm.landingpad cleanup (catch %z : !llvm.ptr) (catch %ti : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.resume %2 : !llvm.struct<(ptr, i32)>
^bb3(%r: i32):
  %3 = llvm.invoke @vf(%r, %r) to ^bb5 unwind ^bb4 vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
^bb4:
  %4 = llvm.landingpad (catch %z : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.resume %4 : !llvm.struct<(ptr, i32)>
^bb5:
  llvm.invoke @bar(%ti) to ^bb6 unwind ^bb4 ["tag"(%r : i32)] : (!llvm.ptr) -> ()
^bb6:
  llvm.return %3 : i32
}`

const INVOKES_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@_ZTIi = external constant ptr

declare i32 @foo(i32)

declare void @bar(ptr)

declare i32 @vf(i32, ...)

declare i32 @__gxx_personality_v0(...)

define i32 @caller(i32 %0, ptr %1) personality ptr @__gxx_personality_v0 {
  %3 = invoke i32 @foo(i32 %0)
          to label %4 unwind label %6

4:                                                ; preds = %2
  %5 = invoke fastcc i32 %1(i32 %3)
          to label %8 unwind label %11

6:                                                ; preds = %2
  %7 = landingpad { ptr, i32 }
          cleanup
          catch ptr null
          catch ptr @_ZTIi
  resume { ptr, i32 } %7

8:                                                ; preds = %4
  %9 = phi i32 [ %3, %4 ]
  %10 = invoke i32 (i32, ...) @vf(i32 %9, i32 %9)
          to label %13 unwind label %11

11:                                               ; preds = %13, %8, %4
  %12 = landingpad { ptr, i32 }
          catch ptr null
  resume { ptr, i32 } %12

13:                                               ; preds = %8
  invoke void @bar(ptr @_ZTIi) [ "tag"(i32 %9) ]
          to label %14 unwind label %11

14:                                               ; preds = %13
  ret i32 %10
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

// Argument and result attributes on invoke, a zeroinitializer filter clause, external and
// extern_weak global declarations, a personality after the attribute group.
const INVOKE_ATTRS = `llvm.func @somefunc(i16 {llvm.noundef, llvm.signext})
llvm.func @__gxx_personality_v0(...) -> i32
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.mlir.global extern_weak @w() : i32
llvm.func @f1(%arg0: i16, %arg1: !llvm.ptr) -> i16 attributes { personality = @__gxx_personality_v0, no_unwind } {
  %c = llvm.mlir.zero : !llvm.array<1 x i8>
  %ti = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  llvm.invoke @somefunc(%arg0) to ^bb2 unwind ^bb1 : (i16 {llvm.noundef, llvm.signext}) -> ()
^bb1:
  %1 = llvm.landingpad (catch %ti : !llvm.ptr) (filter %c : !llvm.array<1 x i8>) : !llvm.struct<(ptr, i32)>
  llvm.br ^bb3
^bb2:
  %0 = llvm.invoke %arg1(%arg0) to ^bb3 unwind ^bb1 : !llvm.ptr, (i16 {llvm.noundef, llvm.signext}) -> (i16 {llvm.signext})
^bb3:
  llvm.return %arg0 : i16
}`

// A block address in a global initializer and in the function itself, resolved to the block
// its tag marks; a declaration keeps no personality.
const BLOCK_ADDRESSES = `llvm.mlir.global private @g() {addr_space = 0 : i32, dso_local} : !llvm.ptr {
  %0 = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @p(...) -> i32
llvm.func @decl() attributes {personality = @p}
llvm.func @fn(%c: i1) -> !llvm.ptr attributes {personality = @p, no_inline} {
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.blocktag <id = 0>
  llvm.br ^bb2
^bb2:
  %x = llvm.mlir.constant(1 : i32) : i32
  llvm.blocktag <id = 1>
  %b = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}`

const BLOCK_ADDRESSES_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

@g = private global ptr blockaddress(@fn, %2)

declare i32 @p(...)

declare void @decl()

; Function Attrs: noinline
define ptr @fn(i1 %0) #0 personality ptr @p {
  br i1 %0, label %2, label %3

2:                                                ; preds = %1
  br label %3

3:                                                ; preds = %2, %1
  ret ptr blockaddress(@fn, %3)
}

attributes #0 = { noinline }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

// The tag of a block in the middle of the block (no split), referenced from another function.
const BLOCK_ADDRESS_OTHER_FUNCTION = `llvm.func @h()
llvm.func @fn(%c: i1) -> !llvm.ptr {
  llvm.br ^bb1
^bb1:
  llvm.call @h() : () -> ()
  llvm.blocktag <id = 1>
  llvm.call @h() : () -> ()
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}
llvm.func @other() -> !llvm.ptr {
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}`

// LLVM's verifier rejects a filter that is an array of integers (a ConstantDataArray) and a
// used address of an entry block; mlir-translate fails on both.
const BAD_FILTER = `llvm.func @somefunc(i16 {llvm.noundef, llvm.signext})
llvm.func @__gxx_personality_v0(...) -> i32
llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.mlir.global extern_weak @w() : i32
llvm.func @f1(%arg0: i16, %arg1: !llvm.ptr) -> i16 attributes { personality = @__gxx_personality_v0, no_unwind } {
  %c = llvm.mlir.constant("\\01") : !llvm.array<1 x i8>
  %ti = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  llvm.invoke @somefunc(%arg0) to ^bb2 unwind ^bb1 : (i16 {llvm.noundef, llvm.signext}) -> ()
^bb1:
  %1 = llvm.landingpad (catch %ti : !llvm.ptr) (filter %c : !llvm.array<1 x i8>) : !llvm.struct<(ptr, i32)>
  llvm.br ^bb3
^bb2:
  %0 = llvm.invoke %arg1(%arg0) to ^bb3 unwind ^bb1 : !llvm.ptr, (i16 {llvm.noundef, llvm.signext}) -> (i16 {llvm.signext})
^bb3:
  llvm.return %arg0 : i16
}`

const ENTRY_BLOCK_ADDRESS = `llvm.func @h()
llvm.func @fn(%c: i1) -> !llvm.ptr {
  llvm.call @h() : () -> ()
  llvm.blocktag <id = 1>
  llvm.call @h() : () -> ()
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}
llvm.func @other() -> !llvm.ptr {
  %a = llvm.blockaddress <function = @fn, tag = <id = 1>> : !llvm.ptr
  llvm.return %a : !llvm.ptr
}`

// The generator's block-address shape allocates with an i64 size of 1, which LLVM prints
// (only an i32 1 is left out).
const ALLOCA_SIZES = `llvm.func @f() {
  %0 = llvm.mlir.constant(1 : i64) : i64
  %1 = llvm.alloca %0 x !llvm.ptr : (i64) -> !llvm.ptr
  llvm.br ^bb1
^bb1:
  %2 = llvm.alloca %0 x !llvm.ptr : (i64) -> !llvm.ptr
  %3 = llvm.mlir.constant(1 : i32) : i32
  %4 = llvm.alloca %3 x !llvm.ptr : (i32) -> !llvm.ptr
  llvm.return
}`

const ALLOCA_SIZES_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @f() {
  %1 = alloca ptr, i64 1, align 8
  br label %2

2:                                                ; preds = %0
  %3 = alloca ptr, i64 1, align 8
  %4 = alloca ptr, align 8
  ret void
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

// llvm.call shares invoke's call site: argument and result attributes (once dropped), an
// indirect fastcc callee and operand bundles (once rejected).
const CALL_SITES = `llvm.func @somefunc(i16 {llvm.noundef, llvm.signext}) -> i16
llvm.func @f(%arg0: i16, %fp: !llvm.ptr) -> i16 {
  %0 = llvm.call @somefunc(%arg0) : (i16 {llvm.noundef, llvm.signext}) -> (i16 {llvm.signext})
  %1 = llvm.call fastcc %fp(%arg0) ["tag"(%arg0 : i16)] : !llvm.ptr, (i16) -> i16
  llvm.return %1 : i16
}`

const CALL_SITES_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

declare i16 @somefunc(i16 noundef signext)

define i16 @f(i16 %0, ptr %1) {
  %3 = call signext i16 @somefunc(i16 noundef signext %0)
  %4 = call fastcc i16 %1(i16 %0) [ "tag"(i16 %0) ]
  ret i16 %4
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

describe('exception handling and block address translation', () => {
  it('translates call sites as invoke does', () => {
    expect(translate(CALL_SITES)).toEqual({ ir: CALL_SITES_IR, diags: [] })
  })
  it('prints an alloca size unless it is i32 1', () => {
    expect(translate(ALLOCA_SIZES)).toEqual({ ir: ALLOCA_SIZES_IR, diags: [] })
  })
  it('translates invokes, landing pads and resumes', () => {
    const { ir, diags } = translate(INVOKES)
    expect(diags).toEqual([])
    expect(ir).toBe(INVOKES_IR)
  })
  it('translates block addresses to the tagged blocks', () => {
    const { ir, diags } = translate(BLOCK_ADDRESSES)
    expect(diags).toEqual([])
    expect(ir).toBe(BLOCK_ADDRESSES_IR)
  })
  it('rejects what LLVM\'s verifier rejects', () => {
    expect(translate(BAD_FILTER)).toEqual({ ir: undefined, diags: ['10:8: Filter operand is not an array of constants!'] })
    expect(translate(ENTRY_BLOCK_ADDRESS)).toEqual({ ir: undefined, diags: ['4:3: blockaddress may not be used with the entry block!'] })
  })
})

describe.skipIf(!haveMlirTranslate)('exception handling and block address translation against mlir-translate', () => {
  for (const [name, src] of [
    ['invokes', INVOKES],
    ['invoke attributes', INVOKE_ATTRS],
    ['block addresses', BLOCK_ADDRESSES],
    ['block address of another function', BLOCK_ADDRESS_OTHER_FUNCTION],
  ] as const) {
    it(name, () => {
      const { ir, diags } = translate(src)
      expect(diags).toEqual([])
      expect(ir).toBe(oracle(src))
    })
  }
})
