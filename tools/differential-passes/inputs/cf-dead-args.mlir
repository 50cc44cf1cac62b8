func.func @dead_arg(%cond: i1, %a: i32, %b: i32) -> i32 {
  %x = arith.muli %a, %b : i32
  cf.cond_br %cond, ^bb1(%x, %a : i32, i32), ^bb2
^bb1(%p: i32, %q: i32):
  %y = arith.addi %q, %q : i32
  cf.br ^bb3(%y : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

func.func @loop_cfg(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %cmp = arith.cmpi slt, %i, %n : index
  cf.cond_br %cmp, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  %acc2 = arith.addi %acc, %i : index
  cf.br ^header(%next, %acc2 : index, index)
^exit:
  return %acc : index
}
