// llvm.mlir.alias, llvm.mlir.ifunc and the llvm.mlir.global initializer checks. Every
// expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the
// diagnostics, written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.func @resolver() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @resolver1() -> !llvm.ptr<1> {
  %0 = llvm.mlir.zero : !llvm.ptr<1>
  llvm.return %0 : !llvm.ptr<1>
}
llvm.mlir.ifunc @if0 : !llvm.func<void (i32)>, !llvm.ptr @resolver {dso_local}
llvm.mlir.ifunc weak_odr protected unnamed_addr @if1 : !llvm.func<i32 ()>, !llvm.ptr<1> @resolver1 {address_space = 1 : i32}
llvm.mlir.global external @value(7 : i64) : i64
llvm.mlir.alias internal thread_local local_unnamed_addr @al0 {dso_local} : i64 {
  %0 = llvm.mlir.addressof @value : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias linkonce_odr hidden @al1 : i32 {
  %0 = llvm.mlir.addressof @al0 : !llvm.ptr
  %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return %1 : !llvm.ptr
}
llvm.mlir.alias @al2 : !llvm.func<void (i32)> {
  %0 = llvm.mlir.addressof @if0 : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @use() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @if1 : !llvm.ptr
  %1 = llvm.mlir.addressof @al1 : !llvm.ptr
  llvm.return %1 : !llvm.ptr
}
`

const CUSTOM = `module {
  llvm.func @resolver() -> !llvm.ptr {
    %0 = llvm.mlir.zero : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @resolver1() -> !llvm.ptr<1> {
    %0 = llvm.mlir.zero : !llvm.ptr<1>
    llvm.return %0 : !llvm.ptr<1>
  }
  llvm.mlir.ifunc external @if0 : !llvm.func<void (i32)>, !llvm.ptr @resolver {dso_local}
  llvm.mlir.ifunc weak_odr protected unnamed_addr @if1 : !llvm.func<i32 ()>, !llvm.ptr<1> @resolver1 {address_space = 1 : i32}
  llvm.mlir.global external @value(7 : i64) {addr_space = 0 : i32} : i64
  llvm.mlir.alias internal thread_local local_unnamed_addr @al0 {dso_local} : i64 {
    %0 = llvm.mlir.addressof @value : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.mlir.alias linkonce_odr hidden @al1 : i32 {
    %0 = llvm.mlir.addressof @al0 : !llvm.ptr
    %1 = llvm.getelementptr %0[1] : (!llvm.ptr) -> !llvm.ptr, i32
    llvm.return %1 : !llvm.ptr
  }
  llvm.mlir.alias external @al2 : !llvm.func<void (i32)> {
    %0 = llvm.mlir.addressof @if0 : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @use() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @if1 : !llvm.ptr
    %1 = llvm.mlir.addressof @al1 : !llvm.ptr
    llvm.return %1 : !llvm.ptr
  }
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr ()>, linkage = #llvm.linkage<external>, sym_name = "resolver", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %7 = "llvm.mlir.zero"() : () -> !llvm.ptr
    "llvm.return"(%7) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr<1> ()>, linkage = #llvm.linkage<external>, sym_name = "resolver1", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %6 = "llvm.mlir.zero"() : () -> !llvm.ptr<1>
    "llvm.return"(%6) : (!llvm.ptr<1>) -> ()
  }) : () -> ()
  "llvm.mlir.ifunc"() <{address_space = 0 : i32, dso_local, i_func_type = !llvm.func<void (i32)>, linkage = #llvm.linkage<external>, resolver = @resolver, resolver_type = !llvm.ptr, sym_name = "if0", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> : () -> ()
  "llvm.mlir.ifunc"() <{address_space = 1 : i32, i_func_type = !llvm.func<i32 ()>, linkage = #llvm.linkage<weak_odr>, resolver = @resolver1, resolver_type = !llvm.ptr<1>, sym_name = "if1", unnamed_addr = 2 : i64, visibility_ = 2 : i64}> : () -> ()
  "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = i64, linkage = #llvm.linkage<external>, sym_name = "value", unnamed_addr = 0 : i64, value = 7 : i64, visibility_ = 0 : i64}> ({
  }) : () -> ()
  "llvm.mlir.alias"() <{alias_type = i64, dso_local, linkage = #llvm.linkage<internal>, sym_name = "al0", thread_local_, unnamed_addr = 1 : i64, visibility_ = 0 : i64}> ({
    %5 = "llvm.mlir.addressof"() <{global_name = @value}> : () -> !llvm.ptr
    "llvm.return"(%5) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.mlir.alias"() <{alias_type = i32, linkage = #llvm.linkage<linkonce_odr>, sym_name = "al1", unnamed_addr = 0 : i64, visibility_ = 1 : i64}> ({
    %3 = "llvm.mlir.addressof"() <{global_name = @al0}> : () -> !llvm.ptr
    %4 = "llvm.getelementptr"(%3) <{elem_type = i32, noWrapFlags = 0 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
    "llvm.return"(%4) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.mlir.alias"() <{alias_type = !llvm.func<void (i32)>, linkage = #llvm.linkage<external>, sym_name = "al2", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %2 = "llvm.mlir.addressof"() <{global_name = @if0}> : () -> !llvm.ptr
    "llvm.return"(%2) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr ()>, linkage = #llvm.linkage<external>, sym_name = "use", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %0 = "llvm.mlir.addressof"() <{global_name = @if1}> : () -> !llvm.ptr
    %1 = "llvm.mlir.addressof"() <{global_name = @al1}> : () -> !llvm.ptr
    "llvm.return"(%1) : (!llvm.ptr) -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.mlir.global external @x(42 : i32) : i32
llvm.mlir.alias external @a : !llvm.token {
  %0 = llvm.mlir.addressof @x : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.mlir.global external @x(42 : i32) : i32
llvm.mlir.alias common @a : i32 {
  %0 = llvm.mlir.addressof @x : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}
// -----
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.unreachable
}
// -----
llvm.mlir.alias @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.br ^bb1
^bb1:
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.mlir.alias @a : i32 {
}
// -----
llvm.mlir.alias @a : i32, i64 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.mlir.global external @x(42 : i32) : i32
llvm.mlir.alias @a : i32 {
  %0 = llvm.mlir.addressof @x : !llvm.ptr
  %1 = llvm.mlir.constant(7 : i32) : i32
  llvm.store %1, %0 : i32, !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.mlir.alias @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr<3>
  llvm.return %0 : !llvm.ptr<3>
}
llvm.func @f() {
  %0 = llvm.mlir.addressof @a : !llvm.ptr<3>
  %1 = llvm.mlir.addressof @a : !llvm.ptr
  llvm.return
}
// -----
llvm.mlir.global external @g(1 : i32) {addr_space = 1 : i32} : i32
llvm.func @f() {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return
}
// -----
llvm.func @r() -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}
llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @r
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void ()>, !llvm.ptr @r {address_space = 2 : i32}
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void ()>, i64 @r
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc extern_weak @i : !llvm.func<void ()>, !llvm.ptr @r
// -----
llvm.func available_externally @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void ()>, !llvm.ptr @r
// -----
llvm.func @r() -> !llvm.ptr
llvm.mlir.alias @a1 : !llvm.ptr {
  %0 = llvm.mlir.addressof @r : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.alias @a2 : !llvm.ptr {
  %0 = llvm.mlir.addressof @a1 : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void ()>, !llvm.ptr @a2
// -----
llvm.mlir.global internal @g() : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.mlir.constant(1 : i64) : i64
  %2 = llvm.alloca %1 x i32 : (i64) -> !llvm.ptr
  llvm.return %0 : i32
}
// -----
llvm.func @h() -> i32
llvm.mlir.global internal @g() : i32 {
  %0 = llvm.call @h() : () -> i32
  llvm.return %0 : i32
}
// -----
llvm.mlir.global internal @g() : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.unreachable
}
// -----
llvm.mlir.global internal @g() : !llvm.label
// -----
llvm.mlir.global internal @g(1 : i32)
// -----
llvm.func @r() -> !llvm.ptr
llvm.mlir.alias @a : !llvm.func<!llvm.ptr ()> {
  %0 = llvm.mlir.addressof @r : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @u() {
  %0 = llvm.call @a() : () -> !llvm.ptr
  llvm.return
}
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void (i32)>, !llvm.ptr @r
llvm.func @u(%a: i64) {
  llvm.call @i(%a) : (i64) -> ()
  llvm.return
}
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<void (i32, ...)>, !llvm.ptr @r
llvm.func @u(%a: i32) {
  llvm.call @i(%a) : (i32) -> ()
  llvm.return
}
// -----
llvm.mlir.global @g(1 : i32) : i32
llvm.func @u(%a: i32) {
  llvm.call @g(%a) : (i32) -> ()
  llvm.return
}
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : i32, !llvm.ptr @r
llvm.func @u(%a: i32) {
  llvm.call @i(%a) : (i32) -> ()
  llvm.return
}
// -----
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc @i : !llvm.func<i32 (i32)>, !llvm.ptr @r
llvm.func @u(%a: i32) -> i32 {
  %0 = llvm.call @i(%a) : (i32) -> i32
  llvm.return %0 : i32
}
`

const DIAG_EXPECTED: readonly string[] = [
  "2:1: error: 'llvm.mlir.alias' op expects type to be a valid element type for an LLVM global alias",
  "8:1: error: 'llvm.mlir.alias' op 'common' linkage not supported in aliases, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally",
  "13:1: error: 'llvm.mlir.alias' op initializer region must always return a pointer",
  "18:1: error: 'llvm.mlir.alias' op expects regions to end with 'llvm.return', found 'llvm.unreachable'",
  "18:1: note: in custom textual format, the absence of terminator implies 'llvm.return'",
  "23:1: error: 'llvm.mlir.alias' op expects region #0 to have 0 or 1 blocks",
  "30:1: error: 'llvm.mlir.alias' op region #0 ('initializer') failed to verify constraint: region with 1 blocks",
  "33:1: error: custom op 'llvm.mlir.alias' expected zero or one type",
  "42:3: error: ops with side effects are not allowed in alias initializers",
  "52:8: error: 'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias",
  "58:8: error: 'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias",
  "66:1: error: 'llvm.mlir.ifunc' op resolver must return a pointer",
  "72:1: error: 'llvm.mlir.ifunc' op resolver has incorrect type",
  "78:1: error: 'llvm.mlir.ifunc' op resolver has incorrect type",
  "84:1: error: 'llvm.mlir.ifunc' op 'extern_weak' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage",
  "90:1: error: 'llvm.mlir.ifunc' op resolver must be a definition",
  "101:1: error: 'llvm.mlir.ifunc' op resolver must be a definition",
  "106:8: error: ops with side effects not allowed in global initializers",
  "112:8: error: ops with side effects not allowed in global initializers",
  "116:1: error: 'llvm.mlir.global' op expects regions to end with 'llvm.return', found 'llvm.unreachable'",
  "116:1: note: in custom textual format, the absence of terminator implies 'llvm.return'",
  "121:1: error: 'llvm.mlir.global' op expects type to be a valid element type for an LLVM global",
  "123:1: error: custom op 'llvm.mlir.global' type can only be omitted for string globals",
  "131:8: error: 'llvm.call' op 'a' does not reference a valid LLVM function or IFunc",
  "141:3: error: 'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'",
  "151:3: error: 'llvm.call' op missing var_callee_type attribute for vararg call",
  "157:3: error: 'llvm.call' op 'g' does not reference a valid LLVM function or IFunc",
  "167:3: error: 'llvm.call' op callee does not have a functional type: 'i32'",
]

describeAgainstMlirOpt('llvm.mlir.alias and llvm.mlir.ifunc', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
