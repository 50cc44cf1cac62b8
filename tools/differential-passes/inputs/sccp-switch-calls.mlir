// sccp: constant cf.switch / scf.index_switch selectors, scf.condition(false), unregistered branch ops, callsites.
func.func @switches(%a: i32) -> (i32, i32) {
  %c5 = arith.constant 5 : i32
  %i2 = arith.constant 2 : index
  cf.switch %c5 : i32, [
    default: ^bb1(%a : i32),
    5: ^bb2
  ]
^bb1(%x: i32):
  %one = arith.constant 1 : i32
  %y = arith.addi %x, %one : i32
  cf.br ^bb3(%y : i32)
^bb2:
  %seven = arith.constant 7 : i32
  cf.br ^bb3(%seven : i32)
^bb3(%z: i32):
  %r = scf.index_switch %i2 -> i32
  case 1 {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  case 2 {
    %k = arith.constant 4 : i32
    scf.yield %k : i32
  }
  default {
    scf.yield %a : i32
  }
  return %z, %r : i32, i32
}
func.func @while_false(%a: i32) -> i32 {
  %false = arith.constant false
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%false) %x : i32
  } do {
  ^bb0(%y: i32):
    %c9 = arith.constant 9 : i32
    %n = arith.addi %y, %c9 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @unregistered_branch() -> i32 {
  %c3 = arith.constant 3 : i32
  "foo.br"(%c3)[^bb1] : (i32) -> ()
^bb1(%v: i32):
  %w = arith.addi %c3, %c3 : i32
  return %w : i32
}
func.func private @callee(%x: i32) -> i32 {
  return %x : i32
}
func.func @caller() -> i32 {
  %c6 = arith.constant 6 : i32
  %r = call @callee(%c6) : (i32) -> i32
  "test.region"() ({
    "test.terminator"() : () -> ()
  }) : () -> ()
  return %r : i32
}
// addui_extended(x, 0) folds only when the zero is a constant op (m_Zero on the value), so
// a zero sccp only knows from its lattice leaves the overflow result alone.
func.func @extended_zero_from_lattice(%x: i1) -> (i1, i1) {
  %false = arith.constant false
  cf.br ^bb1(%false : i1)
^bb1(%z: i1):
  %sum, %overflow = arith.addui_extended %x, %z : i1, i1
  return %sum, %overflow : i1, i1
}
