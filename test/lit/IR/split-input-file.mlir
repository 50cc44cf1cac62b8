// RUN: tilepass-opt %s -split-input-file -allow-unregistered-dialect | FileCheck %s
// RUN: tilepass-opt %s -split-input-file='//''====' -allow-unregistered-dialect | FileCheck %s --check-prefix=CUSTOM
// RUN: not tilepass-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR

"foo.a"() : () -> ()
// CHECK: module {
// CHECK-NEXT:   "foo.a"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-}}----
// CUSTOM: "foo.a"
// CUSTOM-NEXT: "foo.b"
// CUSTOM-NEXT: "foo.c"
// CUSTOM-NEXT: }
// CUSTOM-EMPTY:
// CUSTOM-NEXT: // {{-}}----
// CUSTOM-NEXT: module {
// CUSTOM-NEXT: }

// -----

// Chunks keep the line numbers of the whole file.
"foo.b"() : () -> ()
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.b"() : () -> ()
// ERR: split-input-file.mlir:5:8: error: operation being parsed with an unregistered dialect
// ERR: split-input-file.mlir:23:8: error: operation being parsed with an unregistered dialect
// ERR: split-input-file.mlir:31:8: error: operation being parsed with an unregistered dialect

// -----
"foo.c"() : () -> ()
//====
