func.func @unreg(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = "test.region"() ({
    %c2 = arith.constant 2 : i32
    %c1b = arith.constant 1 : i32
    %s = arith.addi %c2, %c1b : i32
    %t = arith.addi %a, %s : i32
    %u = arith.addi %a, %s : i32
    "test.yield"(%t, %u) : (i32, i32) -> ()
  }) : () -> i32
  %1 = arith.addi %0, %c1 : i32
  %2 = "test.pure"(%1) : (i32) -> i32
  %3 = "test.pure"(%1) : (i32) -> i32
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}
