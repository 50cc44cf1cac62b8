// Loops whose constant conditions or bounds leave regions not executable; scf.reduce's
// region is entered like any region the analysis does not model.
func.func @loops(%x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%it = %a) -> (i32) {
    %n = arith.addi %it, %b : i32
    scf.yield %n : i32
  }
  %w = scf.while (%v = %x) : (i32) -> i32 {
    %false = arith.constant false
    scf.condition(%false) %v : i32
  } do {
  ^bb0(%p: i32):
    %q = arith.addi %p, %b : i32
    scf.yield %q : i32
  }
  %t = arith.addi %r, %w : i32
  return %t : i32
}
func.func @er(%x: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %r = scf.execute_region -> i32 {
    %a = arith.addi %x, %x : i32
    cf.cond_br %true, ^bb1(%a : i32), ^bb2
  ^bb1(%p: i32):
    scf.yield %p : i32
  ^bb2:
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @forc(%x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %y = arith.muli %x, %x : i32
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %a, %b : i32
    %true = arith.constant true
    %s = scf.if %true -> i32 {
      scf.yield %n : i32
    } else {
      memref.store %b, %m[] : memref<i32>
      scf.yield %b : i32
    }
    scf.yield %s, %b : i32, i32
  }
  return %r#0 : i32
}
func.func @par(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      %c = arith.constant 1 : i32
      %z = arith.addi %c, %c : i32
      %w = arith.addi %l, %z : i32
      scf.reduce.return %w : i32
    }
  }
  return %0 : i32
}
