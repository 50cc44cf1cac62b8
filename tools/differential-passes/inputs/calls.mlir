func.func private @ext(i32) -> i32

func.func @calls(%a: i32) -> i32 {
  %0 = func.call @ext(%a) : (i32) -> i32
  %1 = func.call @ext(%a) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %2 = arith.addi %0, %c0 : i32
  %3 = arith.addi %1, %2 : i32
  %4 = arith.addi %1, %2 : i32
  %5 = arith.muli %3, %4 : i32
  return %5 : i32
}

func.func @unused_call(%a: i32) {
  %0 = func.call @ext(%a) : (i32) -> i32
  %c1 = arith.constant 1 : i32
  %1 = arith.addi %a, %c1 : i32
  return
}
