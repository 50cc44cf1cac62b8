func.func @fold_order(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %x = arith.addi %a, %s : i32
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  %dead = arith.addi %a, %a : i32
  %c1b = arith.constant 1 : i32
  %z = arith.addi %y, %c1b : i32
  return %z : i32
}
