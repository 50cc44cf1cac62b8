// sccp: an unregistered op with one region (an unloaded dialect) may be a symbol table, so no
// callable's callsites are known: the unused private function is analysed as live.
func.func private @unused(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %r = arith.addi %c, %c : i32
  return %r : i32
}
"foo.region"() ({
  "foo.terminator"() : () -> ()
}) : () -> ()
