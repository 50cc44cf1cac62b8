// RUN: not tilepass-opt %s -allow-unregistered-dialect -split-input-file 2>&1 | FileCheck %s --strict-whitespace --match-full-lines

// Tabs are expanded to stops of 8 in both the source line and the caret line.
func.func @tabs() {
	  "foo.use"(%x) : (i32) -> ()
  %x = "foo.def"() : () -> i32
  return
}
// CHECK:{{.*}}diagnostic-rendering.mlir:5:4: error: operand #0 does not dominate this use
// CHECK-NEXT:          "foo.use"(%x) : (i32) -> ()
// CHECK-NEXT:          ^
// CHECK-NEXT:{{.*}}diagnostic-rendering.mlir:5:4: note: see current operation: "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT:{{.*}}diagnostic-rendering.mlir:6:8: note: operand defined here (op in the same block)
// CHECK-NEXT:  %x = "foo.def"() : () -> i32
// CHECK-NEXT:       ^

// -----

// A call site location unwinds into "called from" notes.
"func.return"() : () -> () loc(callsite("caller"("x.mlir":1:3) at unknown))
// CHECK:x.mlir:1:3: error: 'func.return' op expects parent op 'func.func'
// CHECK-NEXT:<unknown>:0: note: called from
// CHECK-NEXT:x.mlir:1:3: note: see current operation: "func.return"() : () -> ()

// -----

// Unknown locations have no position.
"func.return"() : () -> () loc(unknown)
// CHECK:<unknown>:0: error: 'func.return' op expects parent op 'func.func'
// CHECK-NEXT:<unknown>:0: note: see current operation: "func.return"() : () -> ()

// -----

// A name location without a file position is printed before the message.
"func.return"() : () -> () loc("named")
// CHECK:<unknown>:0: error: loc("named"): 'func.return' op expects parent op 'func.func'
