// A call whose last operand is not forwarded to the callee.
func.func private @callee(%arg0 : memref<i32>, %arg1 : i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %dead = arith.addi %arg1, %arg1 : i32
  return %c0, %arg1 : i32, i32
}
func.func @main(%m : memref<i32>, %x : i32, %device : i32) -> (i32, memref<i32>) {
  %live, %dead = test.call_on_device @callee(%m, %x), %device : (memref<i32>, i32, i32) -> (i32, i32)
  return %live, %m : i32, memref<i32>
}
