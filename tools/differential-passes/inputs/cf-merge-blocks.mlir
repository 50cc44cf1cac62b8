// region-simplify=aggressive: identical blocks merge (differing outside operands become new
// block arguments, duplicates pruned), and arguments every predecessor passes the same value
// for are dropped. Also through cf.cond_br and cf.switch operand segments.
func.func @merge(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %a : i32
  cf.br ^bb3(%y : i32)
^bb2:
  %u = arith.addi %b, %b : i32
  %v = arith.muli %u, %b : i32
  cf.br ^bb3(%v : i32)
^bb3(%r: i32):
  return %r : i32
}
func.func @switch_merge(%f: i32, %a: i32, %b: i32, %d: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    1: ^bb2,
    2: ^bb3
  ]
^bb1:
  "test.effect"(%a, %d) : (i32, i32) -> ()
  cf.br ^bb4(%a : i32)
^bb2:
  "test.effect"(%b, %d) : (i32, i32) -> ()
  cf.br ^bb4(%b : i32)
^bb3:
  "test.effect"(%d, %d) : (i32, i32) -> ()
  cf.br ^bb4(%d : i32)
^bb4(%r: i32):
  return %r : i32
}
func.func @same_arg(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%a, %a : i32, i32)
^bb1(%p: i32, %q: i32):
  %s = arith.addi %p, %q : i32
  return %s : i32
}
func.func @not_mergeable(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %a : i32
  cf.br ^bb3(%x : i32)
^bb2:
  %y = arith.subi %a, %a : i32
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  return %r : i32
}
