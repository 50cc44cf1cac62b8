// SimplifyTrivialLoops with wrapping differences, unsigned loops and negative steps;
// region-branch patterns on scf.for iter_args.
func.func @trips(%x: i32) {
  %m1 = arith.constant -1 : index
  %max = arith.constant 9223372036854775807 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %m1 to %max step %max { "test.a"(%i) : (index) -> () }
  scf.for unsigned %i = %c10 to %c5 step %c3 { "test.b"(%i) : (index) -> () }
  scf.for unsigned %i = %c5 to %c10 step %c10 { "test.c"(%i) : (index) -> () }
  scf.for unsigned %i = %c5 to %m1 step %c3 { "test.d"(%i) : (index) -> () }
  scf.for unsigned %i = %m1 to %c5 step %c3 { "test.e"(%i) : (index) -> () }
  scf.for %i = %m1 to %c5 step %c10 { "test.f"(%i) : (index) -> () }
  scf.for unsigned %i = %c5 to %m1 step %m1 { "test.g"(%i) : (index) -> () }
  %a = arith.constant 100 : i8
  %b = arith.constant -100 : i8
  scf.for %i = %b to %a step %a : i8 { "test.h"(%i) : (i8) -> () }
  scf.for unsigned %i = %a to %b step %a : i8 { "test.i"(%i) : (i8) -> () }
  return
}
func.func @iter_args(%lb: index, %ub: index, %s: index, %x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %0:3 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %y, %c = %z) -> (i32, i32, i32) {
    %n = arith.addi %b, %b : i32
    "test.use"(%c) : (i32) -> ()
    scf.yield %a, %n, %c : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}
func.func @dup_iter_args(%lb: index, %ub: index, %s: index, %x: i32) -> (i32, i32) {
  %0:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %x) -> (i32, i32) {
    "test.use"(%a, %b) : (i32, i32) -> ()
    %n = "test.make"() : () -> i32
    scf.yield %n, %n : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
// Zero and negative constant steps mean zero iterations, whatever the bounds; ub = lb + c is no longer recognised.
func.func @steps(%a: index, %b: index, %x: i8, %y: i8) {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %m1_8 = arith.constant -1 : i8
  scf.for %i = %a to %b step %c0 { "test.a"() : () -> () }
  scf.for %i = %a to %b step %m1 { "test.b"() : () -> () }
  scf.for unsigned %i = %a to %b step %m1 { "test.c"() : () -> () }
  scf.for %i = %x to %y step %m1_8 : i8 { "test.d"() : () -> () }
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c5 to %c10 step %c0 { "test.e"() : () -> () }
  scf.for %i = %c10 to %c5 step %c0 { "test.f"() : () -> () }
  %s = arith.addi %a, %c5 : index
  scf.for %i = %a to %s step %c10 { "test.g"() : () -> () }
  scf.for %i = %a to %s step %m1 { "test.h"() : () -> () }
  return
}

// A dead iter_arg whose init is also the lower bound and step: the init operand is erased, not the bound.
func.func @bound_is_init(%a: index, %c: i16) -> i16 {
  %ub = arith.constant 100 : index
  %r:2 = scf.for %i = %a to %ub step %a iter_args(%x = %a, %y = %c) -> (index, i16) {
    %t = "test.source"() : () -> index
    %n = "test.next"(%y) : (i16) -> i16
    scf.yield %ub, %n : index, i16
  }
  return %r#1 : i16
}
