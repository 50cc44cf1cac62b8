func.func private @attrs(%a: i32 {test.a = 1 : i32}, %b: i32, %c: f32 {test.c}) -> (i32 {test.r = 0 : i32}, f32) {
  return %b, %c : i32, f32
}
func.func private @rec(%n: i32, %unused: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %cmp = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %cmp, ^done, ^more
^done:
  return %n, %unused : i32, i32
^more:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r:2 = func.call @rec(%m, %unused) : (i32, i32) -> (i32, i32)
  return %r#0, %r#1 : i32, i32
}
func.func private @chain(%x: i32, %y: i32) -> i32 {
  %0 = func.call @leaf(%x, %y) : (i32, i32) -> i32
  return %0 : i32
}
func.func private @leaf(%x: i32, %y: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @entry(%a: i32, %f: f32, %unused: i64) -> (i32, i32, i32) {
  %0:2 = call @attrs(%a, %a, %f) : (i32, i32, f32) -> (i32, f32)
  %1:2 = call @rec(%a, %a) : (i32, i32) -> (i32, i32)
  %2 = call @chain(%a, %a) : (i32, i32) -> i32
  return %0#0, %1#0, %2 : i32, i32, i32
}
