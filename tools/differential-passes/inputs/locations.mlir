func.func @locs(%a: i32 loc("arg.mlir":1:2)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("add.mlir":3:4)
  %1 = arith.addi %a, %a : i32 loc(fused["x", "y"])
  %2 = arith.muli %0, %1 : i32 loc(unknown)
  cf.br ^bb1(%2 : i32) loc("br")
^bb1(%b: i32 loc("barg")):
  return %b : i32 loc(callsite("callee" at "caller"))
} loc("func")
