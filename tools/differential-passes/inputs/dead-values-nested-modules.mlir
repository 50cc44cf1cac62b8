module {
  func.func private @f(%a: i32, %b: i32) -> i32 {
    return %a : i32
  }
  func.func @g(%x: i32) -> i32 {
    %0 = call @f(%x, %x) : (i32, i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func private @f(%a: i32, %b: i32) -> i32 {
      return %b : i32
    }
    func.func @h(%x: i32, %y: i32) -> i32 {
      %0 = call @f(%x, %y) : (i32, i32) -> i32
      return %0 : i32
    }
  }
}
