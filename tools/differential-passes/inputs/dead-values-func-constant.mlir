// A private function named by func.constant only in code that is not executable still
// loses its dead arguments: canonicalization erases that code.
func.func private @p(%a: i32, %b: i32) {
  "test.effect"(%a) : (i32) -> ()
  return
}
func.func @m(%x: i32, %y: i32) -> i32 {
  %false = arith.constant false
  scf.if %false {
    %f = func.constant @p : (i32, i32) -> ()
    func.call_indirect %f(%x, %y) : (i32, i32) -> ()
  }
  call @p(%y, %x) : (i32, i32) -> ()
  return %x : i32
}
