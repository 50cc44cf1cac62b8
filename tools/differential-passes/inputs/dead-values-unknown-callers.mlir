// A one-region unregistered op may be a symbol table: no callable's callers are known, so
// the returns of private functions are live (their results still go: no call uses them).
func.func private @f(%x: i32, %y: i32) -> (i32, i32) {
  "foo.region"() ({
    %a = arith.addi %x, %x : i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  %c = arith.constant 1 : i32
  %s = arith.addi %x, %c : i32
  %t = arith.muli %x, %x : i32
  return %s, %c : i32, i32
}
