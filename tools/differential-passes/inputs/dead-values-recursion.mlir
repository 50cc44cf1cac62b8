// Recursion and calls behind constant conditions; scf.while whose condition folds to false;
// a private function called from both executable and non-executable blocks.
func.func private @rec(%n: i32, %acc: i32, %unused: i32) -> i32 {
  %false = arith.constant false
  cf.cond_br %false, ^again, ^done
^again:
  %r = func.call @rec(%n, %acc, %unused) : (i32, i32, i32) -> i32
  return %r : i32
^done:
  return %acc : i32
}
func.func @callrec(%a: i32, %b: i32) -> i32 {
  %r = call @rec(%a, %b, %a) : (i32, i32, i32) -> i32
  return %r : i32
}
func.func @wt(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%a = %x, %b = %c0) : (i32, i32) -> (i32, i32) {
    %t = arith.cmpi slt, %a, %b : i32
    scf.condition(%t) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = arith.addi %p, %q : i32
    scf.yield %n, %q : i32, i32
  }
  return %r#0 : i32
}
func.func private @shared(%a: i32, %b: i32, %c: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %s, %c : i32, i32
}
func.func @mixed(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = call @shared(%x, %y, %x) : (i32, i32, i32) -> (i32, i32)
  cf.switch %c1 : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  %q:2 = func.call @shared(%y, %y, %y) : (i32, i32, i32) -> (i32, i32)
  memref.store %q#1, %m[] : memref<i32>
  return %x : i32
^bb2:
  return %r#0 : i32
}
func.func @idx(%x: i32, %m: memref<i32>) -> i32 {
  %c3 = arith.constant 3 : index
  %y = arith.muli %x, %x : i32
  %r = scf.index_switch %c3 -> i32
  case 3 {
    scf.yield %x : i32
  }
  default {
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  }
  return %r : i32
}
