// scf.index_switch on a constant: only the selected case is executable.
func.func @sw(%x: i32, %m: memref<i32>) -> i32 {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r = scf.index_switch %c1 -> i32
  case 0 {
    memref.store %b, %m[] : memref<i32>
    scf.yield %b : i32
  }
  case 1 {
    scf.yield %a : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @sw2(%x: i32, %m: memref<i32>) {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  scf.index_switch %c1
  case 0 {
    memref.store %b, %m[] : memref<i32>
    scf.yield
  }
  case 1 {
    memref.store %a, %m[] : memref<i32>
    scf.yield
  }
  default {
  }
  return
}
