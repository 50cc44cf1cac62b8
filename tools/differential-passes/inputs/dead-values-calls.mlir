// Calls in code that is not executable do not make their callee's arguments or results live.
func.func private @only_dead(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @both(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.muli %a, %b : i32
  return %a, %s : i32, i32
}
func.func @caller(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %r:2 = call @both(%x, %y) : (i32, i32) -> (i32, i32)
  cf.cond_br %true, ^live, ^dead
^live:
  return %r#0 : i32
^dead:
  %u = func.call @only_dead(%x, %y) : (i32, i32) -> i32
  %v:2 = func.call @both(%y, %x) : (i32, i32) -> (i32, i32)
  memref.store %u, %m[] : memref<i32>
  memref.store %v#1, %m[] : memref<i32>
  return %x : i32
}
func.func private @used2(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %a, %s : i32, i32
}
func.func private @unused2(%a: i32, %b: i32) -> i32 {
  return %a : i32
}
func.func @calls(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %false = arith.constant false
  %r:2 = call @used2(%x, %y) : (i32, i32) -> (i32, i32)
  scf.if %false {
    %u = func.call @unused2(%x, %y) : (i32, i32) -> i32
    memref.store %u, %m[] : memref<i32>
  }
  return %r#0 : i32
}
func.func private @inner3(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @outer3(%a: i32, %b: i32) -> i32 {
  %r = call @inner3(%a, %b) : (i32, i32) -> i32
  return %r : i32
}
func.func private @never3(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = call @inner3(%a, %c) : (i32, i32) -> i32
  return %r : i32
}
func.func @main(%x: i32, %y: i32) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> i32 {
    %o = func.call @outer3(%x, %y) : (i32, i32) -> i32
    scf.yield %o : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}
