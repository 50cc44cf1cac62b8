func.func @f(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %b : i32
  %cond = arith.cmpi slt, %0, %1 : i32
  %2 = scf.if %cond -> (i32) {
    scf.yield %0 : i32
  } else {
    scf.yield %1 : i32
  }
  return %2 : i32
}
