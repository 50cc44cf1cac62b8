// The inliner's use counts of discardable callables: recounted after each callable is
// simplified, references from outside callables keep a callee alive, and a private
// callee whose last reference disappears is erased only if its SCC comes later.
func.func private @early() {
  return
}
func.func @refs() {
  %e = func.constant @early : () -> ()
  %l = func.constant @late : () -> ()
  return
}
func.func private @late() {
  return
}
func.func private @pinned(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
"test.pin"() {target = @pinned} : () -> ()
func.func @calls_pinned(%a: i32) -> i32 {
  %0 = call @pinned(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @regions(%c: i1, %a: i32) -> (i32, i32) {
  %0 = scf.if %c -> i32 {
    %r = func.call @multi(%c, %a) : (i1, i32) -> i32
    scf.yield %r : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.execute_region -> i32 {
    %r = func.call @multi(%c, %0) : (i1, i32) -> i32
    scf.yield %r : i32
  }
  return %0, %1 : i32, i32
}
func.func @attr_ref() attributes {test.ref = @attr_only} {
  return
}
func.func private @attr_only() {
  return
}
