func.func @branches(%cond: i1, %a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %b : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %b : i32
  %c1b = arith.constant 1 : i32
  %2 = arith.addi %1, %c1b : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.addi %a, %b : i32
  %4 = arith.addi %3, %c1 : i32
  cf.br ^bb3(%4 : i32)
^bb3(%r: i32):
  %5 = arith.addi %a, %b : i32
  %6 = arith.addi %r, %5 : i32
  return %6 : i32
}

func.func @unreachable(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  cf.br ^bb2
^bb1:
  %x = arith.addi %a, %c2 : i32
  return %x : i32
^bb2:
  %y = arith.muli %a, %c2 : i32
  return %y : i32
}
