func.func @select_fold(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %s1 = arith.select %c, %a, %a : i32
  %t = arith.constant true
  %s2 = arith.select %t, %a, %b : i32
  %x = arith.xori %c, %t : i1
  %s3 = arith.select %x, %a, %b : i32
  return %s1, %s2, %s3 : i32, i32, i32
}

func.func @cmp_chain(%a: i32, %b: i32) -> i1 {
  %0 = arith.cmpi eq, %a, %a : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.andi %0, %1 : i1
  %3 = arith.ori %2, %0 : i1
  return %3 : i1
}

func.func @add_sub(%a: i64, %b: i64) -> (i64, i64, i64) {
  %0 = arith.addi %a, %b : i64
  %1 = arith.subi %0, %b : i64
  %c5 = arith.constant 5 : i64
  %c7 = arith.constant 7 : i64
  %2 = arith.addi %a, %c5 : i64
  %3 = arith.addi %2, %c7 : i64
  %4 = arith.subi %3, %c5 : i64
  %5 = arith.muli %c5, %a : i64
  return %1, %4, %5 : i64, i64, i64
}

func.func @ext_trunc(%a: i8) -> (i32, i8) {
  %0 = arith.extui %a : i8 to i16
  %1 = arith.extui %0 : i16 to i32
  %2 = arith.extsi %a : i8 to i32
  %3 = arith.trunci %2 : i32 to i8
  return %1, %3 : i32, i8
}

func.func @many_consts() -> (i32, i32, index, f64) {
  %c9 = arith.constant 9 : i32
  %a = arith.constant 10 : index
  %b = arith.constant 3 : index
  %d = arith.divui %a, %b : index
  %m = arith.muli %c9, %c9 : i32
  %f1 = arith.constant 1.5 : f64
  %f2 = arith.mulf %f1, %f1 : f64
  %x = arith.constant 9 : i32
  return %m, %x, %d, %f2 : i32, i32, index, f64
}

func.func @region_consts(%cond: i1, %a: i32) -> i32 {
  %r = scf.if %cond -> (i32) {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %s = arith.addi %c1, %c2 : i32
    %y = arith.addi %a, %s : i32
    scf.yield %y : i32
  } else {
    %c3 = arith.constant 3 : i32
    %y = arith.addi %a, %c3 : i32
    scf.yield %y : i32
  }
  return %r : i32
}
