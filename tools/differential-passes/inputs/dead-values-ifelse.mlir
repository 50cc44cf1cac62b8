// Constant scf.if conditions: the region not taken is not executable.
func.func @ifc(%x: i32, %m: memref<i32>) -> i32 {
  %false = arith.constant false
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r = scf.if %false -> i32 {
    %u = arith.subi %a, %b : i32
    memref.store %u, %m[] : memref<i32>
    scf.yield %a : i32
  } else {
    %v = arith.subi %b, %x : i32
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @ift(%x: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r:2 = scf.if %true -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  } else {
    %v = arith.subi %b, %x : i32
    memref.store %v, %m[] : memref<i32>
    scf.yield %v, %x : i32, i32
  }
  return %r#0 : i32
}
func.func @ifnores(%x: i32, %m: memref<i32>) {
  %false = arith.constant false
  %a = arith.addi %x, %x : i32
  scf.if %false {
    memref.store %a, %m[] : memref<i32>
  }
  return
}
