// WhileCmpCond, WhileOpAlignBeforeArgs, WhileMoveIfDown, WhileConditionTruth and the
// region-branch successor-input patterns on scf.while.
func.func @cmp_cond(%init: i32, %lim: i32) -> i32 {
  %r = scf.while (%i = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %lim : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %same = arith.cmpi slt, %j, %lim : i32
    %inv = arith.cmpi sge, %j, %lim : i32
    %other = arith.cmpi eq, %j, %lim : i32
    "test.use"(%same, %inv, %other) : (i1, i1, i1) -> ()
    %n = arith.addi %j, %j : i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @align(%a: i32, %b: f32) -> (f32, i32) {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (f32, i32) {
    %c = "test.cond"(%x, %y) : (i32, f32) -> i1
    scf.condition(%c) %y, %x : f32, i32
  } do {
  ^bb0(%p: f32, %q: i32):
    %q2 = "test.next"(%q) : (i32) -> i32
    %p2 = "test.nextf"(%p) : (f32) -> f32
    scf.yield %q2, %p2 : i32, f32
  }
  return %r#0, %r#1 : f32, i32
}
func.func @move_if_down(%a: i32, %k: i32) -> i32 {
  %r = scf.while (%x = %a) : (i32) -> i32 {
    %c = "test.cond"(%x) : (i32) -> i1
    %extra = "test.extra"() : () -> i32
    %v = scf.if %c -> (i32) {
      %t = arith.addi %x, %extra : i32
      %u = arith.muli %t, %k : i32
      scf.yield %u : i32
    } else {
      scf.yield %x : i32
    }
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%y: i32):
    %n = "test.next"(%y) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}
func.func @truth_and_unused(%x: i32) -> i1 {
  %0:2 = scf.while (%a = %x) : (i32) -> (i1, i32) {
    %c = "test.cond"(%a) : (i32) -> i1
    %v = "test.v"() : () -> i32
    scf.condition(%c) %c, %v : i1, i32
  } do {
  ^bb0(%b: i1, %d: i32):
    "test.use"(%b) : (i1) -> ()
    %n = "test.next"() : () -> i32
    scf.yield %n : i32
  }
  return %0#0 : i1
}
func.func @invariants(%x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
  %0:3 = scf.while (%a = %x, %b = %y, %u = %z) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = "test.cond"(%a) : (i32) -> i1
    scf.condition(%c) %a, %b, %a : i32, i32, i32
  } do {
  ^bb0(%p: i32, %q: i32, %r: i32):
    %n = "test.next"(%p, %r) : (i32, i32) -> i32
    scf.yield %n, %q, %z : i32, i32, i32
  }
  return %0#0, %0#1, %0#2 : i32, i32, i32
}
