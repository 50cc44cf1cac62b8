func.func @for_dead_iter(%lb: index, %ub: index, %s: index, %m: memref<i32>, %x: i32) {
  %0:2 = scf.for %i = %lb to %ub step %s iter_args(%a = %x, %b = %x) -> (i32, i32) {
    memref.store %a, %m[] : memref<i32>
    %n = arith.addi %b, %b : i32
    scf.yield %a, %n : i32, i32
  }
  return
}
func.func @if_dead(%c: i1, %m: memref<i32>, %x: i32) {
  %0 = scf.if %c -> (i32) {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return
}
func.func @cond_dead(%c: i1, %x: i32) -> i32 {
  %d = arith.addi %x, %x : i32
  cf.cond_br %c, ^a(%d : i32), ^b
^a(%v: i32):
  return %x : i32
^b:
  return %x : i32
}
func.func @while_dead(%m: memref<i32>, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %c = "test.cond"() : () -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    memref.store %b, %m[] : memref<i32>
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  return
}
