// Code that is not executable (no callers, no predecessors): dead conditions become
// ub.unreachable, ops with dead operands go, forwarded operands become ub.poison.
func.func @w(%x: i32, %m: memref<i32>) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %a : i32
    %b = arith.addi %a, %a : i32
    scf.condition(%c) %b : i32
  } do {
  ^bb0(%p: i32):
    scf.yield %p : i32
  }
  return
}
func.func @f(%lb: index, %ub: index, %s: index, %x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    memref.store %c0, %m[] : memref<i32>
    scf.yield %c0 : i32
  }
  return %0 : i32
}
func.func @par(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    %y = arith.addi %x, %x : i32
    scf.reduce(%y : i32) {
    ^bb0(%l: i32, %r: i32):
      %z = arith.addi %l, %r : i32
      scf.reduce.return %z : i32
    }
  }
  return %0 : i32
}
func.func private @nocall(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : i32
^b:
  return %x : i32
}
func.func @dead_block(%x: i32) -> i32 {
  return %x : i32
^bb1(%c: i1):
  cf.cond_br %c, ^bb1(%c : i1), ^bb2
^bb2:
  return %x : i32
}
func.func @store_dead_block(%x: i32, %m: memref<i32>, %c: i1) {
  return
^bb1:
  %a = arith.addi %x, %x : i32
  memref.store %a, %m[] : memref<i32>
  "test.effect"() : () -> ()
  %0 = scf.if %c -> i32 {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  cf.br ^bb2(%a : i32)
^bb2(%v: i32):
  memref.store %v, %m[] : memref<i32>
  return
}
