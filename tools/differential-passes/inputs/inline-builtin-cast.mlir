// builtin.unrealized_conversion_cast is legal to inline (mlir-opt 22); a call_indirect
// through func.constant becomes a direct call under canonicalize and is then inlined.
func.func private @cast(%a: f32) -> i32 {
  %v = builtin.unrealized_conversion_cast %a : f32 to i32
  return %v : i32
}
func.func @twice(%a: f32) -> (i32, i32) {
  %0 = call @cast(%a) : (f32) -> i32
  %1 = call @cast(%a) : (f32) -> i32
  return %0, %1 : i32, i32
}
module @inner {
  func.func @main(%a: f32, %m: memref<4xf16>) {
    %f = func.constant @sink : (f32, memref<4xf16>) -> ()
    func.call_indirect %f(%a, %m) : (f32, memref<4xf16>) -> ()
    %g = func.constant @sink : (f32, memref<4xf16>) -> ()
    %c = arith.constant 1.0 : f32
    func.call_indirect %g(%c, %m) : (f32, memref<4xf16>) -> ()
    return
  }
  func.func private @sink(%a: f32, %m: memref<4xf16>) {
    %0:2 = builtin.unrealized_conversion_cast %m, %a : memref<4xf16>, f32 to memref<?xindex>, f16
    return
  }
}
