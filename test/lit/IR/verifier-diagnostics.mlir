// RUN: tilepass-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %x = "foo.def"() : () -> i32
  return
}

// -----

func.func @not_dominating_block(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = "foo.def"() : () -> i32
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @block_argument(%c: i1) {
  cf.cond_br %c, ^bb1(%c : i1), ^bb2
^bb1(%a: i1):
  return
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "foo.use"(%a) : (i1) -> ()
  return
}
// expected-note@-9 {{operand defined as a block argument (block #1 in the same region)}}

// -----

func.func @unreachable_is_fine() {
  return
^bb1:
  "foo.use"(%x) : (i32) -> ()
  %x = "foo.def"() : () -> i32
  cf.br ^bb1
}

// -----

func.func @successor_not_last() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "foo.br"() [^bb1] : () -> ()
  "foo.x"() : () -> ()
  return
^bb1:
  return
}

// -----

func.func @terminator_not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "foo.x"() : () -> ()
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @empty_block() {
  cf.br ^bb1
^bb1:
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"func.func"() <{function_type = () -> (), sym_name = "entry"}> ({
^bb0:
  "cf.br"() [^bb0] : () -> ()
}) : () -> ()

// -----

func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}
// expected-note@-7 {{see existing symbol definition here}}

// -----

// Unregistered ops and the module body (a graph region) impose no order.
"foo.use"(%x) : (i32) -> ()
%x = "foo.def"() : () -> i32
"foo.region"() ({
  "foo.use"(%y) : (i32) -> ()
  %y = "foo.def"() : () -> i32
}) : () -> ()
