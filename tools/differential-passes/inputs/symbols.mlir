module {
  func.func private @dead() {
    return
  }
  func.func private @used_by_live() -> i32 {
    %c1 = arith.constant 1 : i32
    return %c1 : i32
  }
  func.func @pub() -> i32 {
    %0 = func.call @used_by_live() : () -> i32
    return %0 : i32
  }
  func.func private @dead_chain_a() {
    func.call @dead_chain_b() : () -> ()
    return
  }
  func.func private @dead_chain_b() {
    return
  }
  func.func nested @nested_vis() {
    return
  }
  module @inner {
    func.func @inner_pub() {
      return
    }
    func.func private @inner_priv() {
      return
    }
  }
  module @inner_private attributes {sym_visibility = "private"} {
    func.func @x() {
      return
    }
  }
  "test.user"() {ref = @inner::@inner_priv} : () -> ()
}
