func.func private @callee(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.muli %b, %b : i32
  %2 = arith.subi %1, %c1 : i32
  memref.store %2, %m[] : memref<i32>
  return %0, %1 : i32, i32
}
func.func @main(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %dead = arith.muli %x, %y : i32
  %dead2 = arith.addi %dead, %x : i32
  %r:2 = call @callee(%x, %y, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %s:2 = call @callee(%y, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %t = arith.addi %r#1, %s#1 : i32
  return %t : i32
}
func.func private @nocallers(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @unusedarg(%a: i32, %b: f32) -> f32 {
  return %b : f32
}
func.func @user(%b: f32) -> f32 {
  %c = arith.constant 7 : i32
  %0 = call @unusedarg(%c, %b) : (i32, f32) -> f32
  return %0 : f32
}
