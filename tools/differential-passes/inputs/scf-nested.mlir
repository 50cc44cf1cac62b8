func.func @loop(%lb: index, %ub: index, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (i32) {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %k = arith.addi %c3, %c4 : i32
    %n = arith.addi %acc, %k : i32
    %n2 = arith.addi %acc, %k : i32
    %m = arith.muli %n, %n2 : i32
    scf.yield %m : i32
  }
  %c1b = arith.constant 1 : index
  %x = arith.addi %lb, %c1b : index
  %y = arith.addi %lb, %c1 : index
  %z = arith.muli %x, %y : index
  %zi = arith.index_cast %z : index to i32
  %s = arith.addi %r, %zi : i32
  return %s : i32
}

func.func @if_const(%cond: i1, %a: i32) -> i32 {
  %true = arith.constant true
  %c10 = arith.constant 10 : i32
  %r = scf.if %cond -> (i32) {
    %c10b = arith.constant 10 : i32
    %x = arith.addi %a, %c10b : i32
    scf.yield %x : i32
  } else {
    %y = arith.addi %a, %c10 : i32
    scf.yield %y : i32
  }
  %r2 = scf.if %true -> (i32) {
    scf.yield %r : i32
  } else {
    scf.yield %a : i32
  }
  %z = arith.addi %a, %c10 : i32
  %w = arith.addi %r2, %z : i32
  return %w : i32
}

func.func @dead_code(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %unused = arith.muli %a, %c5 : i32
  %unused2 = arith.addi %unused, %a : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
