module {
  %2 = "test.c"(%1) : (i32) -> i32
  %1 = "test.b"(%0) : (i32) -> i32
  %0 = "test.a"() : () -> i32
  %3 = "test.d"(%2, %0) : (i32, i32) -> i32
  "test.graph"() ({
    %y = "test.y"(%x) : (i32) -> i32
    %x = "test.x"() : () -> i32
  }) : () -> ()
  %5 = "test.cycle1"(%4) : (i32) -> i32
  %4 = "test.cycle2"(%5) : (i32) -> i32
  func.func @f() {
    return
  }
}
