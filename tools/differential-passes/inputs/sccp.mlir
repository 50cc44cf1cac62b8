func.func @simple(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.muli %0, %0 : i32
  return %1, %2 : i32, i32
}

func.func private @private_callee(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = arith.addi %x, %c3 : i32
  return %r : i32
}

func.func @caller() -> i32 {
  %c4 = arith.constant 4 : i32
  %r = func.call @private_callee(%c4) : (i32) -> i32
  return %r : i32
}

func.func @loop(%lb: index, %ub: index) -> i32 {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : i32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c5) -> (i32) {
    %c0 = arith.constant 0 : i32
    %n = arith.addi %acc, %c0 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

func.func @blocks(%cond: i1) -> i32 {
  %c7 = arith.constant 7 : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%c7 : i32)
^bb2:
  %c8 = arith.constant 7 : i32
  cf.br ^bb3(%c8 : i32)
^bb3(%x: i32):
  %y = arith.addi %x, %x : i32
  return %y : i32
}
