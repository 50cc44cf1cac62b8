// Ops that stay in code that is not executable (a case a constant scf.index_switch does
// not select, the region of scf.if %false) use removed values; canonicalization erases
// that code. Without canonicalization mlir-opt leaves null operands there.
func.func @stale_in_dead_case(%x: i32, %m: memref<i32>) {
  %c9 = arith.constant 9 : index
  scf.index_switch %c9
  case 8 {
    %a = arith.constant 1 : index
    %y = arith.addi %x, %x : i32
    scf.for %i = %a to %a step %a {
      "test.effect"(%y) : (i32) -> ()
    }
    scf.yield
  }
  default {
    memref.store %x, %m[] : memref<i32>
    scf.yield
  }
  return
}
func.func @stale_in_dead_if(%x: i32, %m: memref<i32>) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> i32 {
    %a = arith.muli %x, %x : i32
    %w = scf.while (%v = %a) : (i32) -> i32 {
      %c = "test.source"() : () -> i1
      scf.condition(%c) %v : i32
    } do {
    ^bb0(%p: i32):
      "test.effect"(%p) : (i32) -> ()
      scf.yield %p : i32
    }
    scf.yield %w : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
