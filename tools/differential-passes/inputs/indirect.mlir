func.func private @callee(i32) -> i32

func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  %g = func.constant @callee : (i32) -> i32
  %1 = func.call_indirect %g(%0) : (i32) -> i32
  return %1 : i32
}
