func.func @if_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %r = scf.if %true -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

func.func @for_zero_trip(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  return %r : i32
}

func.func @for_unused_iter(%lb: index, %ub: index, %a: i32) {
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %z = arith.addi %x, %x : i32
    "test.use"(%z) : (i32) -> ()
    scf.yield %z, %y : i32, i32
  }
  return
}

func.func @nested_isolated(%a: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %v = arith.addi %a, %c4 : i32
  %w = arith.addi %a, %c4 : i32
  "test.isolated"() ({
    %c4b = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %s = arith.addi %c4b, %c5 : i32
    "test.use"(%s) : (i32) -> ()
  }) : () -> ()
  %u = arith.muli %v, %w : i32
  return %u : i32
}
