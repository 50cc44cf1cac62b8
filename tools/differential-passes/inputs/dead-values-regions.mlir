func.func @regions(%c: i1, %x: i32, %lb: index, %ub: index, %st: index, %m: memref<i32>) -> i32 {
  %0 = scf.if %c -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.for %i = %lb to %ub step %st iter_args(%p = %x) -> (i32) {
    %n = arith.addi %p, %x : i32
    scf.yield %n : i32
  }
  %2 = scf.for %i = %lb to %ub step %st iter_args(%p = %x) -> (i32) {
    %n = arith.muli %p, %p : i32
    scf.yield %n : i32
  }
  scf.if %c {
    %d = arith.subi %x, %x : i32
    memref.store %x, %m[] : memref<i32>
  }
  %3 = scf.while (%w = %x) : (i32) -> i32 {
    %cond = arith.cmpi slt, %w, %x : i32
    scf.condition(%cond) %w : i32
  } do {
  ^bb0(%v: i32):
    %nv = arith.addi %v, %v : i32
    scf.yield %nv : i32
  }
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}
