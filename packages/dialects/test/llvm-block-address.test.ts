// llvm.blockaddress, llvm.blocktag, #llvm.blockaddress and #llvm.blocktag: syntax and verifiers.
// Every expected text is the output of mlir-opt 22 on the input next to it (mlir-opt INPUT,
// mlir-opt --mlir-print-op-generic INPUT, and mlir-opt --split-input-file for the diagnostics,
// written `line:col: severity: message` without the "see current operation" notes).
import { LLVMDialect } from '../src/llvm/index.ts'
import { describeAgainstMlirOpt } from './funcHelpers.ts'

const INPUT = `llvm.mlir.global private @g() {addr_space = 0 : i32, dso_local} : !llvm.ptr {
  %0 = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @fn(%c: i1) -> !llvm.ptr {
  %a = llvm.blockaddress <tag = <id = 4294967295>, function = @fn> {foo} : !llvm.ptr
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.blocktag <id = 0>
  llvm.br ^bb2
^bb2:
  llvm.blocktag #llvm.blocktag<id = 4294967295> {bar}
  llvm.return %a : !llvm.ptr
}
"llvm.func"() <{function_type = !llvm.func<void ()>, sym_name = "h"}> ({}) {x = #llvm.blockaddress<function = @fn, tag = <id = 0>>, y = #llvm.blocktag<id = 7>} : () -> ()
`

const CUSTOM = `module {
  llvm.mlir.global private @g() {addr_space = 0 : i32, dso_local} : !llvm.ptr {
    %0 = llvm.blockaddress <function = @fn, tag = <id = 0>> : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @fn(%arg0: i1) -> !llvm.ptr {
    %0 = llvm.blockaddress <function = @fn, tag = <id = 4294967295>> {foo} : !llvm.ptr
    llvm.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    llvm.blocktag <id = 0>
    llvm.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    llvm.blocktag <id = 4294967295> {bar}
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @h() attributes {x = #llvm.blockaddress<function = @fn, tag = <id = 0>>, y = #llvm.blocktag<id = 7>}
}
`

const GENERIC = `"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, dso_local, global_type = !llvm.ptr, linkage = #llvm.linkage<private>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    %1 = "llvm.blockaddress"() <{block_addr = #llvm.blockaddress<function = @fn, tag = <id = 0>>}> : () -> !llvm.ptr
    "llvm.return"(%1) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr (i1)>, linkage = #llvm.linkage<external>, sym_name = "fn", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i1):
    %0 = "llvm.blockaddress"() <{block_addr = #llvm.blockaddress<function = @fn, tag = <id = 4294967295>>}> {foo} : () -> !llvm.ptr
    "llvm.cond_br"(%arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "llvm.blocktag"() <{tag = #llvm.blocktag<id = 0>}> : () -> ()
    "llvm.br"()[^bb2] : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "llvm.blocktag"() <{tag = #llvm.blocktag<id = 4294967295>}> {bar} : () -> ()
    "llvm.return"(%0) : (!llvm.ptr) -> ()
  }) : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "h", visibility_ = 0 : i64}> ({
  }) {x = #llvm.blockaddress<function = @fn, tag = <id = 0>>, y = #llvm.blocktag<id = 7>} : () -> ()
}) : () -> ()
`

const DIAG_INPUT = `llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = @f> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = @f, tag = <id = 1>, function = @f> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = @f, tag = <idx = 1>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = "f", tag = <id = 1>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = @f, tag = <id = 2>> : !llvm.ptr
  llvm.br ^bb1
^bb1:
  llvm.blocktag <id = 1>
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress <function = @g, tag = <id = 1>> : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
// -----
llvm.func @f() {
  llvm.br ^bb1
^bb1:
  llvm.blocktag <id = 3>
  llvm.br ^bb2
^bb2:
  llvm.blocktag <id = 3>
  llvm.return
}
// -----
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.blockaddress : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
`

const DIAG_EXPECTED: readonly string[] = [
  "2:40: error: expected ','",
  "7:56: error: expected '>'",
  "12:55: error: custom op 'llvm.blockaddress' duplicate or unknown struct parameter name: idx",
  "12:55: error: custom op 'llvm.blockaddress' failed to parse LLVM_BlockAddressAttr parameter 'tag' which is to be a `BlockTagAttr`",
  "17:38: error: custom op 'llvm.blockaddress' invalid kind of attribute specified",
  "17:41: error: custom op 'llvm.blockaddress' failed to parse LLVM_BlockAddressAttr parameter 'function' which is to be a `FlatSymbolRefAttr`",
  "22:8: error: 'llvm.blockaddress' op expects an existing block label target in the referenced function",
  "30:8: error: 'llvm.blockaddress' op expects an existing block label target in the referenced function",
  "40:3: error: duplicate block tag '3' in the same function: ",
  "45:25: error: expected '<'",
]

describeAgainstMlirOpt('llvm block addresses', [LLVMDialect], {
  input: INPUT,
  custom: CUSTOM,
  generic: GENERIC,
  diagInput: DIAG_INPUT,
  diagExpected: DIAG_EXPECTED,
})
