// test-dialect calls whose operand and result types differ from the callee's (casts), argument/result
// attribute handlers, calls through test.functional_region_op, no_inline, and test.producing_br.
func.func @callee(%arg : i32) -> i32 {
  return %arg : i32
}
func.func @multi_arg(%a : i32, %b : i32) -> () {
  return
}
func.func @multiblock() -> i32 {
  cf.br ^bb1
^bb1:
  %0 = arith.constant 0 : i32
  return %0 : i32
}
test.conversion_func_op @attrs(%arg0 : i16, %arg1 : i16 {test.handle_argument}) -> (i16 {test.handle_result}, i16) {
  %0 = arith.addi %arg0, %arg1 : i16
  %1 = arith.subi %arg0, %arg1 : i16
  "test.return"(%0, %1) : (i16, i16) -> ()
}
func.func @caller(%a: i16, %b: i16, %c: i64) -> (i16, i16, i16, i16, i32) {
  %0 = "test.conversion_call_op"(%a) {callee = @callee} : (i16) -> i16
  %1 = "test.conversion_call_op"() {callee = @multiblock} : () -> i16
  "test.conversion_call_op"(%a, %c) {callee = @multi_arg} : (i16, i64) -> ()
  %2:2 = "test.conversion_call_op"(%a, %b) {callee = @attrs} : (i16, i16) -> (i16, i16)
  %3 = "test.conversion_call_op"() {callee = @multiblock, noinline} : () -> i32
  return %0, %1, %2#0, %2#1, %3 : i16, i16, i16, i16, i32
}
func.func @no_inline_call(%x: i32) -> i32 {
  %0 = call @callee(%x) {no_inline} : (i32) -> i32
  return %0 : i32
}
func.func @marked(%x: i32) -> i32 attributes {no_inline} {
  return %x : i32
}
func.func @calls_marked(%x: i32) -> i32 {
  %0 = call @marked(%x) : (i32) -> i32
  return %0 : i32
}
func.func @leaf() {
  return
}
func.func @region_callee() {
  %fn = "test.functional_region_op"() ({
    call @leaf() : () -> ()
    "test.return"() : () -> ()
  }) : () -> (() -> ())
  call_indirect %fn() : () -> ()
  return
}
func.func @mismatch_dominance() -> i32 {
  %0 = "test.producing_br"()[^bb1, ^bb2] {operandSegmentSizes = array<i32: 0, 0>} : () -> i32
^bb1:
  "test.br"(%0)[^bb4] : (i32) -> ()
^bb2:
  %1 = "foo.def"() : () -> i32
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.br"(%1)[^bb4] : (i32) -> ()
^bb4(%3: i32):
  return %3 : i32
}
