func.func @same_if(%cond: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = scf.if %cond -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %cond -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %cond -> (i32) {
    %x = arith.addi %b, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1, %2 : i32, i32, i32
}

func.func @same_for(%lb: index, %ub: index, %a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %lb to %ub step %c1 iter_args(%x = %a) -> (i32) {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  %1 = scf.for %i = %lb to %ub step %c1 iter_args(%x = %a) -> (i32) {
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return %0, %1 : i32, i32
}
