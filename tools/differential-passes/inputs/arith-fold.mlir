func.func @fold_chain(%a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %c1, %c2 : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.addi %3, %2 : i32
  %c0 = arith.constant 0 : i32
  %5 = arith.addi %4, %c0 : i32
  %6 = arith.subi %5, %5 : i32
  %7 = arith.addi %6, %2 : i32
  return %7 : i32
}

func.func @keep_order(%a: i64) -> (i64, i64, i64) {
  %c7 = arith.constant 7 : i64
  %x = arith.muli %a, %c7 : i64
  %c5 = arith.constant 5 : i64
  %y = arith.addi %x, %c5 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %z = arith.muli %c3, %c4 : i64
  %w = arith.addi %y, %z : i64
  %c7b = arith.constant 7 : i64
  %v = arith.muli %a, %c7b : i64
  return %w, %v, %z : i64, i64, i64
}

func.func @floats(%f: f32) -> f32 {
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.5 : f32
  %s = arith.addf %c1, %c2 : f32
  %m = arith.mulf %f, %s : f32
  %m2 = arith.mulf %f, %s : f32
  %r = arith.addf %m, %m2 : f32
  return %r : f32
}

func.func @cmp_select(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %t = arith.cmpi slt, %c1, %c2 : i32
  %s = arith.select %t, %a, %c2 : i32
  %u = arith.index_cast %s : i32 to index
  %v = arith.index_cast %u : index to i32
  return %v : i32
}
