func.func @branches(%c: i1, %x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %d = arith.addi %x, %y : i32
  cf.cond_br %c, ^bb1(%x, %d : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %b: i32):
  %e = arith.muli %b, %b : i32
  cf.br ^bb3(%a, %e : i32, i32)
^bb2(%p: i32):
  %z = arith.subi %p, %p : i32
  cf.br ^bb3(%p, %z : i32, i32)
^bb3(%r: i32, %s: i32):
  memref.store %r, %m[] : memref<i32>
  return %r : i32
}
