func.func @switch(%f: i32, %x: i32, %y: i64, %m: memref<i32>) -> i32 {
  %k = arith.trunci %y : i64 to i32
  cf.switch %f : i32, [
    default: ^bb1(%x, %k : i32, i32),
    0: ^bb2(%x : i32),
    1: ^bb3
  ]
^bb1(%a: i32, %b: i32):
  memref.store %a, %m[] : memref<i32>
  return %a : i32
^bb2(%c: i32):
  %d = arith.addi %c, %c : i32
  cf.br ^bb3
^bb3:
  return %x : i32
}
func.func @loop(%n: i32, %m: memref<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^head(%c0, %c5 : i32, i32)
^head(%i: i32, %acc: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  %acc2 = arith.addi %acc, %i : i32
  cf.br ^head(%next, %acc2 : i32, i32)
^exit:
  memref.store %i, %m[] : memref<i32>
  return
}
