// Dead forwarded operands of live region ops (nested ops, while, execute_region,
// index_switch) become ub.poison.
func.func @nested(%c: i1, %d: i1, %x: i32, %m: memref<i32>) -> i32 {
  %0:2 = scf.if %c -> (i32, i32) {
    %1:2 = scf.if %d -> (i32, i32) {
      %a = arith.addi %x, %x : i32
      memref.store %a, %m[] : memref<i32>
      %b = arith.muli %a, %x : i32
      scf.yield %a, %b : i32, i32
    } else {
      scf.yield %x, %x : i32, i32
    }
    scf.yield %1#0, %1#1 : i32, i32
  } else {
    %e = arith.subi %x, %x : i32
    scf.yield %x, %e : i32, i32
  }
  return %0#0 : i32
}
func.func @while_results(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %0:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %a, %b : i32
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    memref.store %p, %m[] : memref<i32>
    %n = arith.addi %p, %q : i32
    %k = arith.muli %q, %q : i32
    scf.yield %n, %k : i32, i32
  }
  return %0#0 : i32
}
func.func @execute(%x: i32, %m: memref<i32>) -> i32 {
  %0:2 = scf.execute_region -> (i32, i32) {
    memref.store %x, %m[] : memref<i32>
    %a = arith.addi %x, %x : i32
    scf.yield %x, %a : i32, i32
  }
  return %0#0 : i32
}
func.func @switch(%i: index, %x: i32, %m: memref<i32>) {
  %0 = scf.index_switch %i -> i32
  case 1 {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  default {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  }
  return
}
func.func private @callee(%x: i32, %m: memref<i32>) -> (i32, i32) {
  %0:2 = scf.execute_region -> (i32, i32) {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x, %x : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
func.func @caller(%x: i32, %m: memref<i32>) -> i32 {
  %0:2 = call @callee(%x, %m) : (i32, memref<i32>) -> (i32, i32)
  return %0#1 : i32
}
func.func private @pv_nested(%x: i32) -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
func.func @switch_call_nested(%i: index, %x: i32) {
  %0 = scf.index_switch %i -> f32
  default {
    %1 = func.call @pv_nested(%x) : (i32) -> f32
    scf.yield %1 : f32
  }
  return
}
