func.func @order(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  %x = arith.addi %c10, %c20 : i32
  %y = arith.muli %x, %c30 : i32
  %z = arith.subi %y, %c10 : i32
  %p = arith.addi %a, %z : i32
  %q = arith.muli %b, %x : i32
  %r = arith.addi %p, %q : i32
  %s = arith.xori %r, %r : i32
  %t = arith.ori %s, %b : i32
  %u = arith.andi %t, %c30 : i32
  %c0 = arith.constant 0 : i32
  %v = arith.muli %u, %c0 : i32
  %w = arith.addi %v, %x : i32
  return %p, %q, %u, %w : i32, i32, i32, i32
}

func.func @nested_order(%cond: i1, %a: index) -> index {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = scf.if %cond -> (index) {
    %c4 = arith.constant 4 : index
    %m = arith.muli %c2, %c4 : index
    %n = arith.addi %a, %m : index
    scf.yield %n : index
  } else {
    %k = arith.muli %c2, %c3 : index
    %n = arith.addi %a, %k : index
    scf.yield %n : index
  }
  %s = arith.addi %c2, %c3 : index
  %t = arith.addi %r, %s : index
  return %t : index
}
