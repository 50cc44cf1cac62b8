// Nested symbol tables of every visibility, with calls, non-call uses and nested references.
module {
  module @pub attributes {sym_visibility = "public"} {
    func.func nested @nested_fn(%a: i32) -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      return %c1, %a : i32, i32
    }
    func.func private @private_fn(%a: i32) -> i32 {
      %c2 = arith.constant 2 : i32
      %r = arith.addi %a, %c2 : i32
      return %r : i32
    }
    func.func @caller() -> (i32, i32, i32) {
      %c1 = arith.constant 1 : i32
      %r:2 = call @nested_fn(%c1) : (i32) -> (i32, i32)
      %p = call @private_fn(%c1) : (i32) -> i32
      return %r#0, %r#1, %p : i32, i32, i32
    }
  }
  module @priv attributes {sym_visibility = "private"} {
    func.func nested @hidden(%a: i32) -> i32 {
      return %a : i32
    }
    func.func nested @unused(%a: i32) -> i32 {
      return %a : i32
    }
    func.func @entry() -> i32 {
      %c7 = arith.constant 7 : i32
      %r = call @hidden(%c7) : (i32) -> i32
      return %r : i32
    }
  }
  func.func private @referenced(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %r = arith.muli %a, %c0 : i32
    return %r : i32
  }
  func.func @top(%a: i32) -> i32 {
    %c3 = arith.constant 3 : i32
    %r = call @referenced(%c3) : (i32) -> i32
    %f = func.constant @referenced : (i32) -> i32
    "test.use"() {ref = @pub::@nested_fn} : () -> ()
    return %r : i32
  }
}
