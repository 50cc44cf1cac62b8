// #llvm.access_group, #llvm.alias_scope_domain and #llvm.alias_scope on memory accesses and calls, and llvm.intr.experimental.noalias.scope.decl.
// Every expected text is the output of mlir-opt 22.1.8 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `#ag = #llvm.access_group<id = distinct[0]<>>
#ag2 = #llvm.access_group<id = distinct[1]<>>
#dom = #llvm.alias_scope_domain<id = distinct[2]<>, description = "The domain">
#dom2 = #llvm.alias_scope_domain<id = "domainid">
#sc = #llvm.alias_scope<id = distinct[3]<>, domain = #dom, description = "scope">
#sc2 = #llvm.alias_scope<id = "stringid", domain = #dom2>
llvm.func @f(%p: !llvm.ptr, %v: i32) {
  %0 = llvm.load %p {access_groups = [#ag, #ag2], alias_scopes = [#sc], noalias_scopes = [#sc2]} : !llvm.ptr -> i32
  llvm.store %v, %p {access_groups = [#ag], alias_scopes = [#sc2]} : i32, !llvm.ptr
  llvm.intr.experimental.noalias.scope.decl #sc
  %1 = llvm.atomicrmw add %p, %v monotonic {access_groups = [#ag]} : !llvm.ptr, i32
  llvm.call @f(%p, %v) {access_groups = [#ag], noalias_scopes = [#sc]} : (!llvm.ptr, i32) -> ()
  llvm.return
}
`

const CUSTOM = `#access_group = #llvm.access_group<id = distinct[0]<>>
#access_group1 = #llvm.access_group<id = distinct[1]<>>
#alias_scope_domain = #llvm.alias_scope_domain<id = distinct[2]<>, description = "The domain">
#alias_scope_domain1 = #llvm.alias_scope_domain<id = "domainid">
#alias_scope = #llvm.alias_scope<id = distinct[3]<>, domain = #alias_scope_domain, description = "scope">
#alias_scope1 = #llvm.alias_scope<id = "stringid", domain = #alias_scope_domain1>
module {
  llvm.func @f(%arg0: !llvm.ptr, %arg1: i32) {
    %0 = llvm.load %arg0 {access_groups = [#access_group, #access_group1], alias_scopes = [#alias_scope], noalias_scopes = [#alias_scope1]} : !llvm.ptr -> i32
    llvm.store %arg1, %arg0 {access_groups = [#access_group], alias_scopes = [#alias_scope1]} : i32, !llvm.ptr
    llvm.intr.experimental.noalias.scope.decl #alias_scope
    %1 = llvm.atomicrmw add %arg0, %arg1 monotonic {access_groups = [#access_group]} : !llvm.ptr, i32
    llvm.call @f(%arg0, %arg1) {access_groups = [#access_group], noalias_scopes = [#alias_scope]} : (!llvm.ptr, i32) -> ()
    llvm.return
  }
}
`

const GENERIC = `#access_group = #llvm.access_group<id = distinct[0]<>>
#access_group1 = #llvm.access_group<id = distinct[1]<>>
#alias_scope_domain = #llvm.alias_scope_domain<id = distinct[2]<>, description = "The domain">
#alias_scope_domain1 = #llvm.alias_scope_domain<id = "domainid">
#alias_scope = #llvm.alias_scope<id = distinct[3]<>, domain = #alias_scope_domain, description = "scope">
#alias_scope1 = #llvm.alias_scope<id = "stringid", domain = #alias_scope_domain1>
"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr, i32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: !llvm.ptr, %arg1: i32):
    %0 = "llvm.load"(%arg0) <{access_groups = [#access_group, #access_group1], alias_scopes = [#alias_scope], noalias_scopes = [#alias_scope1], ordering = 0 : i64}> : (!llvm.ptr) -> i32
    "llvm.store"(%arg1, %arg0) <{access_groups = [#access_group], alias_scopes = [#alias_scope1], ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
    "llvm.intr.experimental.noalias.scope.decl"() <{scope = #alias_scope}> : () -> ()
    %1 = "llvm.atomicrmw"(%arg0, %arg1) <{access_groups = [#access_group], bin_op = 1 : i64, ordering = 2 : i64}> : (!llvm.ptr, i32) -> i32
    "llvm.call"(%arg0, %arg1) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, access_groups = [#access_group], callee = @f, fastmathFlags = #llvm.fastmath<none>, noalias_scopes = [#alias_scope], op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (!llvm.ptr, i32) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `#dom = #llvm.alias_scope_domain<id = distinct[0]<>>
#sc = #llvm.alias_scope<id = distinct[1]<>, domain = #dom>
llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p {access_groups = [#sc]} : !llvm.ptr -> i32
  llvm.return
}
// -----
#ag = #llvm.access_group<id = distinct[0]<>>
llvm.func @f(%p: !llvm.ptr, %v: i32) {
  llvm.store %v, %p {alias_scopes = [#ag]} : i32, !llvm.ptr
  llvm.return
}
// -----
#ag = #llvm.access_group<id = distinct[0]<>>
llvm.func @f() {
  llvm.intr.experimental.noalias.scope.decl #ag
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr, %v: i32) {
  %0 = llvm.atomicrmw add %p, %v monotonic {noalias_scopes = [1 : i32]} : !llvm.ptr, i32
  llvm.return
}
// -----
llvm.func @f(%p: !llvm.ptr, %v: i32) {
  llvm.call @f(%p, %v) {access_groups = 3} : (!llvm.ptr, i32) -> ()
  llvm.return
}
`

const DIAG_EXPECTED: readonly string[] = [
  "4:21: error: custom op 'llvm.load' 'llvm.load' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array",
  "10:21: error: custom op 'llvm.store' 'llvm.store' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array",
  "16:45: error: custom op 'llvm.intr.experimental.noalias.scope.decl' invalid kind of attribute specified",
  "21:44: error: custom op 'llvm.atomicrmw' 'llvm.atomicrmw' op attribute 'noalias_scopes' failed to satisfy constraint: LLVM dialect alias scope array",
]

describeAgainstMlirOpt('llvm access groups and alias scopes', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
