// Constant cf.cond_br conditions: the block not taken is not executable, and values it
// alone uses are dead (its stores go with them).
func.func @condbr_dead_store(%x: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.muli %x, %x : i32
  cf.cond_br %true, ^bb1(%a : i32), ^bb2
^bb1(%p: i32):
  return %p : i32
^bb2:
  %c = arith.constant 5 : i32
  memref.store %b, %m[] : memref<i32>
  memref.store %x, %m[] : memref<i32>
  return %x : i32
}
func.func @loop(%x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %false = arith.constant false
  cf.br ^head(%c0, %x : i32, i32)
^head(%i: i32, %acc: i32):
  %cmp = arith.cmpi slt, %i, %c10 : i32
  cf.cond_br %cmp, ^body, ^exit
^body:
  %c1 = arith.constant 1 : i32
  %n = arith.addi %i, %c1 : i32
  %a2 = arith.addi %acc, %x : i32
  cf.cond_br %false, ^never, ^head(%n, %a2 : i32, i32)
^never:
  memref.store %a2, %m[] : memref<i32>
  cf.br ^head(%n, %acc : i32, i32)
^exit:
  return %acc : i32
}
