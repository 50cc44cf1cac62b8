func.func @const_cond_br(%a: i32) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %true, ^bb1(%c1 : i32), ^bb2(%c2 : i32)
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2(%y: i32):
  %z = arith.addi %y, %a : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}

func.func @const_if(%a: i32) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> (i32) {
    %c5 = arith.constant 5 : i32
    %x = arith.addi %a, %c5 : i32
    scf.yield %x : i32
  } else {
    %c6 = arith.constant 6 : i32
    scf.yield %c6 : i32
  }
  return %r : i32
}
