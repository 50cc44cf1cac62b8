func.func @licm(%lb: index, %ub: index, %a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %a) -> (i32) {
    %inv = arith.addi %a, %b : i32
    %inv2 = arith.muli %inv, %inv : i32
    %c3 = arith.constant 3 : i32
    %var = arith.addi %acc, %inv2 : i32
    %r2 = scf.for %j = %lb to %ub step %c1 iter_args(%acc2 = %var) -> (i32) {
      %inner_inv = arith.addi %inv2, %c3 : i32
      %inner_var = arith.addi %acc2, %inner_inv : i32
      %d = arith.divsi %inner_var, %b : i32
      scf.yield %d : i32
    }
    %call = func.call @ext(%a) : (i32) -> i32
    %s = arith.addi %r2, %call : i32
    scf.yield %s : i32
  }
  return %r : i32
}
func.func private @ext(i32) -> i32

func.func @nested_if(%lb: index, %ub: index, %cond: i1, %a: i32) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %x = scf.if %cond -> (i32) {
      %y = arith.addi %a, %a : i32
      scf.yield %y : i32
    } else {
      scf.yield %a : i32
    }
    %idx = arith.index_cast %i : index to i32
    "test.use"(%x, %idx) : (i32, i32) -> ()
  }
  return
}
