// Region DCE maps cf.cond_br operands to successor arguments when the condition is also forwarded.
func.func @f(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%c, %x : i1, i32), ^bb2(%c : i1)
^bb1(%a: i1, %b: i32):
  %u = arith.extui %a : i1 to i32
  %s = arith.addi %u, %b : i32
  return %s : i32
^bb2(%d: i1):
  return %x : i32
}
