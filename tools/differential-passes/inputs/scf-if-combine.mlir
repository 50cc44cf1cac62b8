// CombineIfs (same condition, negated condition), CombineNestedIfs (with selects).
func.func @combine_same(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %c -> (i32) {
    %y = arith.muli %0, %b : i32
    scf.yield %y : i32
  } else {
    %z = arith.subi %0, %b : i32
    scf.yield %z : i32
  }
  return %0, %1 : i32, i32
}
func.func @combine_not(%c: i1) {
  %true = arith.constant true
  %n = arith.xori %c, %true : i1
  scf.if %c {
    "test.a"() : () -> ()
  }
  scf.if %n {
    "test.b"() : () -> ()
  }
  scf.if %c {
    "test.c"() : () -> ()
  } else {
    "test.d"() : () -> ()
  }
  return
}
func.func @nested(%a: i1, %b: i1, %x: i32, %y: i32) -> (i32, i32) {
  %0:2 = scf.if %a -> (i32, i32) {
    %1 = scf.if %b -> (i32) {
      %s = arith.addi %x, %y : i32
      scf.yield %s : i32
    } else {
      scf.yield %y : i32
    }
    scf.yield %1, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
func.func @nested_no_results(%a: i1, %b: i1) {
  scf.if %a {
    scf.if %b {
      "test.inner"() : () -> ()
    }
  }
  return
}
