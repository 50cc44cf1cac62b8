// Pass-through branches are not collapsed into a chain of cf.br that loops back on itself.
func.func @into_self_loop(%c: i1) {
  "test.a"() : () -> ()
  cf.cond_br %c, ^bb2, ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb2
}
func.func @into_cycle(%c: i64) {
  cf.switch %c : i64, [
    default: ^bb1,
    5: ^bb3,
    -1: ^bb2
  ]
^bb1:
  cf.br ^bb2
^bb2:
  "test.b"() : () -> ()
  cf.br ^bb1
^bb3:
  return
}
func.func @chain(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  return
}
