// FoldConstantCase, MultiBlockExecuteInliner, SingleBlockExecuteInliner and the
// region-branch patterns on scf.index_switch / scf.execute_region.
func.func @switch_const(%a: i32) -> i32 {
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %r = scf.index_switch %c3 -> i32
  case 1 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  }
  case 3 {
    %y = arith.muli %a, %a : i32
    "test.three"() : () -> ()
    scf.yield %y : i32
  }
  default {
    scf.yield %a : i32
  }
  scf.index_switch %c9
  case 1 {
    "test.one"() : () -> ()
    scf.yield
  }
  default {
    "test.default"() : () -> ()
  }
  return %r : i32
}
func.func @switch_results(%i: index, %a: i32, %b: i32) -> (i32, i32) {
  %r:3 = scf.index_switch %i -> i32, i32, i32
  case 1 {
    %x = arith.addi %a, %b : i32
    scf.yield %x, %a, %x : i32, i32, i32
  }
  default {
    %y = arith.muli %a, %b : i32
    scf.yield %y, %a, %y : i32, i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
func.func @multi_block(%c: i1, %a: i32) -> i32 {
  "test.before"() : () -> ()
  %v = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.addi %a, %a : i32
    cf.br ^bb3(%x : i32)
  ^bb2:
    scf.yield %a : i32
  ^bb3(%z: i32):
    scf.yield %z : i32
  }
  "test.after"(%v) : (i32) -> ()
  return %v : i32
}
func.func @nested_in_if(%c: i1, %a: i32) {
  scf.if %c {
    %v = scf.execute_region -> i32 {
      cf.br ^bb1
    ^bb1:
      scf.yield %a : i32
    }
    "test.use"(%v) : (i32) -> ()
  }
  return
}
