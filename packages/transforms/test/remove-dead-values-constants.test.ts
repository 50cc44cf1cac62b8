import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Executability comes from constant propagation, as in mlir-opt's liveness analysis (dead
// code analysis with sparse constant propagation). The inputs are also hand inputs of the
// pass differential (tools/differential-passes/inputs/dead-values-*.mlir); expected outputs
// are what `mlir-opt --remove-dead-values[=canonicalize=false] <input>` (MLIR 22.1.8) prints.


describe('remove-dead-values with constant conditions', () => {
  const ifelse = `// Constant scf.if conditions: the region not taken is not executable.
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
`
  it('drops the region a constant scf.if condition does not take', () => {
    const r0 = runPipeline(ifelse, 'builtin.module(remove-dead-values)')
    expect(r0.ok).toBe(true)
    expect(r0.text).toBe(`module {
  func.func @ifc(%arg0: i32, %arg1: memref<i32>) -> i32 {
    return %arg0 : i32
  }
  func.func @ift(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @ifnores(%arg0: i32, %arg1: memref<i32>) {
    return
  }
}
`)
    const r1 = runPipeline(ifelse, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(r1.ok).toBe(true)
    expect(r1.text).toBe(`module {
  func.func @ifc(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %false = arith.constant false
    %0 = scf.if %false -> (i32) {
      %1 = ub.poison : i32
      scf.yield %1 : i32
    } else {
      scf.yield %arg0 : i32
    }
    return %0 : i32
  }
  func.func @ift(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %true = arith.constant true
    %0 = arith.addi %arg0, %arg0 : i32
    %1:2 = scf.if %true -> (i32, i32) {
      %2 = ub.poison : i32
      scf.yield %0, %2 : i32, i32
    } else {
      %2 = ub.poison : i32
      %3 = ub.poison : i32
      scf.yield %2, %3 : i32, i32
    }
    return %1#0 : i32
  }
  func.func @ifnores(%arg0: i32, %arg1: memref<i32>) {
    %false = arith.constant false
    scf.if %false {
    }
    return
  }
}
`)
  })
  const cfconst = `// Constant cf.cond_br conditions: the block not taken is not executable, and values it
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
`
  it('ignores blocks a constant cf.cond_br does not branch to', () => {
    const expected = `module {
  func.func @condbr_dead_store(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %true = arith.constant true
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    cf.cond_br %true, ^bb1(%0 : i32), ^bb2
  ^bb1(%1: i32):  // pred: ^bb0
    return %1 : i32
  ^bb2:  // pred: ^bb0
    return %arg0 : i32
  }
  func.func @loop(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %c10_i32 = arith.constant 10 : i32
    %false = arith.constant false
    cf.br ^bb1(%c0_i32, %arg0 : i32, i32)
  ^bb1(%0: i32, %1: i32):  // 3 preds: ^bb0, ^bb2, ^bb3
    %2 = arith.cmpi slt, %0, %c10_i32 : i32
    cf.cond_br %2, ^bb2, ^bb4
  ^bb2:  // pred: ^bb1
    %c1_i32 = arith.constant 1 : i32
    %3 = arith.addi %0, %c1_i32 : i32
    %4 = arith.addi %1, %arg0 : i32
    cf.cond_br %false, ^bb3, ^bb1(%3, %4 : i32, i32)
  ^bb3:  // pred: ^bb2
    cf.br ^bb1(%3, %1 : i32, i32)
  ^bb4:  // pred: ^bb1
    return %1 : i32
  }
}
`
    for (const pipeline of ['builtin.module(remove-dead-values)', 'builtin.module(remove-dead-values{canonicalize=false})']) {
      const r = runPipeline(cfconst, pipeline)
      expect(r.ok).toBe(true)
      expect(r.text).toBe(expected)
    }
  })
  const calls = `// Calls in code that is not executable do not make their callee's arguments or results live.
func.func private @only_dead(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @both(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.muli %a, %b : i32
  return %a, %s : i32, i32
}
func.func @caller(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %r:2 = call @both(%x, %y) : (i32, i32) -> (i32, i32)
  cf.cond_br %true, ^live, ^dead
^live:
  return %r#0 : i32
^dead:
  %u = func.call @only_dead(%x, %y) : (i32, i32) -> i32
  %v:2 = func.call @both(%y, %x) : (i32, i32) -> (i32, i32)
  memref.store %u, %m[] : memref<i32>
  memref.store %v#1, %m[] : memref<i32>
  return %x : i32
}
func.func private @used2(%a: i32, %b: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %a, %s : i32, i32
}
func.func private @unused2(%a: i32, %b: i32) -> i32 {
  return %a : i32
}
func.func @calls(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %false = arith.constant false
  %r:2 = call @used2(%x, %y) : (i32, i32) -> (i32, i32)
  scf.if %false {
    %u = func.call @unused2(%x, %y) : (i32, i32) -> i32
    memref.store %u, %m[] : memref<i32>
  }
  return %r#0 : i32
}
func.func private @inner3(%a: i32, %b: i32) -> i32 {
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @outer3(%a: i32, %b: i32) -> i32 {
  %r = call @inner3(%a, %b) : (i32, i32) -> i32
  return %r : i32
}
func.func private @never3(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = call @inner3(%a, %c) : (i32, i32) -> i32
  return %r : i32
}
func.func @main(%x: i32, %y: i32) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> i32 {
    %o = func.call @outer3(%x, %y) : (i32, i32) -> i32
    scf.yield %o : i32
  } else {
    scf.yield %y : i32
  }
  return %r : i32
}
`
  it('ignores calls in code that is not executable', () => {
    const r0 = runPipeline(calls, 'builtin.module(remove-dead-values)')
    expect(r0.ok).toBe(true)
    expect(r0.text).toBe(`module {
  func.func private @only_dead() {
    return
  }
  func.func private @both(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @caller(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %true = arith.constant true
    %0 = call @both(%arg0) : (i32) -> i32
    cf.cond_br %true, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %0 : i32
  ^bb2:  // pred: ^bb0
    call @only_dead() : () -> ()
    %1 = call @both(%arg1) : (i32) -> i32
    return %arg0 : i32
  }
  func.func private @used2(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @unused2() {
    return
  }
  func.func @calls(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %0 = call @used2(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @inner3() {
    return
  }
  func.func private @outer3() {
    call @inner3() : () -> ()
    return
  }
  func.func private @never3() {
    call @inner3() : () -> ()
    return
  }
  func.func @main(%arg0: i32, %arg1: i32) -> i32 {
    return %arg1 : i32
  }
}
`)
    const r1 = runPipeline(calls, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(r1.ok).toBe(true)
    expect(r1.text).toBe(`module {
  func.func private @only_dead() {
    return
  }
  func.func private @both(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @caller(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %true = arith.constant true
    %0 = call @both(%arg0) : (i32) -> i32
    cf.cond_br %true, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %0 : i32
  ^bb2:  // pred: ^bb0
    call @only_dead() : () -> ()
    %1 = call @both(%arg1) : (i32) -> i32
    return %arg0 : i32
  }
  func.func private @used2(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @unused2() {
    return
  }
  func.func @calls(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %false = arith.constant false
    %0 = call @used2(%arg0) : (i32) -> i32
    scf.if %false {
      func.call @unused2() : () -> ()
    }
    return %0 : i32
  }
  func.func private @inner3() {
    return
  }
  func.func private @outer3() {
    call @inner3() : () -> ()
    return
  }
  func.func private @never3() {
    call @inner3() : () -> ()
    return
  }
  func.func @main(%arg0: i32, %arg1: i32) -> i32 {
    %false = arith.constant false
    %0 = scf.if %false -> (i32) {
      func.call @outer3() : () -> ()
      %1 = ub.poison : i32
      scf.yield %1 : i32
    } else {
      scf.yield %arg1 : i32
    }
    return %0 : i32
  }
}
`)
  })
  const indexSwitch = `// scf.index_switch on a constant: only the selected case is executable.
func.func @sw(%x: i32, %m: memref<i32>) -> i32 {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r = scf.index_switch %c1 -> i32
  case 0 {
    memref.store %b, %m[] : memref<i32>
    scf.yield %b : i32
  }
  case 1 {
    scf.yield %a : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @sw2(%x: i32, %m: memref<i32>) {
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  scf.index_switch %c1
  case 0 {
    memref.store %b, %m[] : memref<i32>
    scf.yield
  }
  case 1 {
    memref.store %a, %m[] : memref<i32>
    scf.yield
  }
  default {
  }
  return
}
`
  it('follows only the case a constant scf.index_switch selects', () => {
    const r0 = runPipeline(indexSwitch, 'builtin.module(remove-dead-values)')
    expect(r0.ok).toBe(true)
    expect(r0.text).toBe(`module {
  func.func @sw(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @sw2(%arg0: i32, %arg1: memref<i32>) {
    %0 = arith.addi %arg0, %arg0 : i32
    memref.store %0, %arg1[] : memref<i32>
    return
  }
}
`)
    const r1 = runPipeline(indexSwitch, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(r1.ok).toBe(true)
    expect(r1.text).toBe(`module {
  func.func @sw(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c1 = arith.constant 1 : index
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = scf.index_switch %c1 -> i32 
    case 0 {
      %2 = ub.poison : i32
      scf.yield %2 : i32
    }
    case 1 {
      scf.yield %0 : i32
    }
    default {
      scf.yield %arg0 : i32
    }
    return %1 : i32
  }
  func.func @sw2(%arg0: i32, %arg1: memref<i32>) {
    %c1 = arith.constant 1 : index
    %0 = arith.addi %arg0, %arg0 : i32
    scf.index_switch %c1 
    case 0 {
      scf.yield
    }
    case 1 {
      memref.store %0, %arg1[] : memref<i32>
      scf.yield
    }
    default {
    }
    return
  }
}
`)
  })
  const loops = `// Loops whose constant conditions or bounds leave regions not executable; scf.reduce's
// region is entered like any region the analysis does not model.
func.func @loops(%x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.addi %x, %x : i32
  %b = arith.muli %x, %x : i32
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%it = %a) -> (i32) {
    %n = arith.addi %it, %b : i32
    scf.yield %n : i32
  }
  %w = scf.while (%v = %x) : (i32) -> i32 {
    %false = arith.constant false
    scf.condition(%false) %v : i32
  } do {
  ^bb0(%p: i32):
    %q = arith.addi %p, %b : i32
    scf.yield %q : i32
  }
  %t = arith.addi %r, %w : i32
  return %t : i32
}
func.func @er(%x: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %r = scf.execute_region -> i32 {
    %a = arith.addi %x, %x : i32
    cf.cond_br %true, ^bb1(%a : i32), ^bb2
  ^bb1(%p: i32):
    scf.yield %p : i32
  ^bb2:
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  return %r : i32
}
func.func @forc(%x: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %y = arith.muli %x, %x : i32
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x, %b = %y) -> (i32, i32) {
    %n = arith.addi %a, %b : i32
    %true = arith.constant true
    %s = scf.if %true -> i32 {
      scf.yield %n : i32
    } else {
      memref.store %b, %m[] : memref<i32>
      scf.yield %b : i32
    }
    scf.yield %s, %b : i32, i32
  }
  return %r#0 : i32
}
func.func @par(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %0 = scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%x) -> i32 {
    scf.reduce(%x : i32) {
    ^bb0(%l: i32, %r: i32):
      %c = arith.constant 1 : i32
      %z = arith.addi %c, %c : i32
      %w = arith.addi %l, %z : i32
      scf.reduce.return %w : i32
    }
  }
  return %0 : i32
}
`
  it('handles loops whose constant conditions or bounds leave regions not executable', () => {
    const r0 = runPipeline(loops, 'builtin.module(remove-dead-values)')
    expect(r0.ok).toBe(true)
    expect(r0.text).toBe(`module {
  func.func @loops(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
      %false = arith.constant false
      scf.condition(%false) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %3 = ub.poison : i32
      scf.yield %3 : i32
    }
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
  func.func @er(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    cf.br ^bb2(%0 : i32)
  ^bb1:  // no predecessors
    cf.br ^bb2(%arg0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    return %1 : i32
  }
  func.func @forc(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %0 = arith.muli %arg0, %arg0 : i32
    %1 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg0) -> (i32) {
      %2 = arith.addi %arg3, %0 : i32
      scf.yield %2 : i32
    }
    return %1 : i32
  }
  func.func @par(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
    %0 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> i32 {
      scf.reduce(%arg3 : i32) {
      ^bb0(%arg5: i32, %arg6: i32):
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %c1_i32, %c1_i32 : i32
        %2 = arith.addi %arg5, %1 : i32
        scf.reduce.return %2 : i32
      }
    }
    return %0 : i32
  }
}
`)
    const r1 = runPipeline(loops, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(r1.ok).toBe(true)
    expect(r1.text).toBe(`module {
  func.func @loops(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %arg0, %arg0 : i32
    %2 = scf.for %arg2 = %c0 to %c0 step %c1 iter_args(%arg3 = %0) -> (i32) {
      %5 = arith.addi %arg3, %1 : i32
      scf.yield %5 : i32
    }
    %3 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
      %false = arith.constant false
      scf.condition(%false) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %5 = ub.poison : i32
      scf.yield %5 : i32
    }
    %4 = arith.addi %2, %3 : i32
    return %4 : i32
  }
  func.func @er(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %true = arith.constant true
    %0 = scf.execute_region -> i32 {
      %1 = arith.addi %arg0, %arg0 : i32
      cf.cond_br %true, ^bb1(%1 : i32), ^bb2
    ^bb1(%2: i32):  // pred: ^bb0
      scf.yield %2 : i32
    ^bb2:  // pred: ^bb0
      scf.yield %arg0 : i32
    }
    return %0 : i32
  }
  func.func @forc(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %0 = arith.muli %arg0, %arg0 : i32
    %1:2 = scf.for %arg2 = %c0 to %c4 step %c1 iter_args(%arg3 = %arg0, %arg4 = %0) -> (i32, i32) {
      %2 = arith.addi %arg3, %arg4 : i32
      %true = arith.constant true
      %3 = scf.if %true -> (i32) {
        scf.yield %2 : i32
      } else {
        scf.yield %arg4 : i32
      }
      scf.yield %3, %arg4 : i32, i32
    }
    return %1#0 : i32
  }
  func.func @par(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) -> i32 {
    %0 = scf.parallel (%arg4) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> i32 {
      scf.reduce(%arg3 : i32) {
      ^bb0(%arg5: i32, %arg6: i32):
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %c1_i32, %c1_i32 : i32
        %2 = arith.addi %arg5, %1 : i32
        scf.reduce.return %2 : i32
      }
    }
    return %0 : i32
  }
}
`)
  })
  const staleUses = `// Ops that stay in code that is not executable (a case a constant scf.index_switch does
// not select, the region of scf.if %false) use removed values; canonicalization erases
// that code. Without canonicalization mlir-opt leaves null operands there.
func.func @stale_in_dead_case(%x: i32, %m: memref<i32>) {
  %c9 = arith.constant 9 : index
  scf.index_switch %c9
  case 8 {
    %a = arith.constant 1 : index
    %y = arith.addi %x, %x : i32
    scf.for %i = %a to %a step %a {
      "test.effect"(%y) : (i32) -> ()
    }
    scf.yield
  }
  default {
    memref.store %x, %m[] : memref<i32>
    scf.yield
  }
  return
}
func.func @stale_in_dead_if(%x: i32, %m: memref<i32>) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> i32 {
    %a = arith.muli %x, %x : i32
    %w = scf.while (%v = %a) : (i32) -> i32 {
      %c = "test.source"() : () -> i1
      scf.condition(%c) %v : i32
    } do {
    ^bb0(%p: i32):
      "test.effect"(%p) : (i32) -> ()
      scf.yield %p : i32
    }
    scf.yield %w : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}
`
  it('lets canonicalization erase code that is not executable and still uses removed values', () => {
    const r = runPipeline(staleUses, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @stale_in_dead_case(%arg0: i32, %arg1: memref<i32>) {
    memref.store %arg0, %arg1[] : memref<i32>
    return
  }
  func.func @stale_in_dead_if(%arg0: i32, %arg1: memref<i32>) -> i32 {
    return %arg0 : i32
  }
}
`)
    // mlir-opt leaves null operands without canonicalization: the IR is left as it was.
    const n = runPipeline(staleUses, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(n.ok).toBe(true)
    expect(n.text).toBe(runPipeline(staleUses, 'builtin.module()').text)
  })
  const unknownCallers = `// A one-region unregistered op may be a symbol table: no callable's callers are known, so
// the returns of private functions are live (their results still go: no call uses them).
func.func private @f(%x: i32, %y: i32) -> (i32, i32) {
  "foo.region"() ({
    %a = arith.addi %x, %x : i32
    "foo.yield"() : () -> ()
  }) : () -> ()
  %c = arith.constant 1 : i32
  %s = arith.addi %x, %c : i32
  %t = arith.muli %x, %x : i32
  return %s, %c : i32, i32
}
`
  it('keeps return operands live when callers cannot all be known', () => {
    const expected = `module {
  func.func private @f(%arg0: i32) {
    "foo.region"() ({
      "foo.yield"() : () -> ()
    }) : () -> ()
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    return
  }
}
`
    for (const pipeline of ['builtin.module(remove-dead-values)', 'builtin.module(remove-dead-values{canonicalize=false})']) {
      const r = runPipeline(unknownCallers, pipeline)
      expect(r.ok).toBe(true)
      expect(r.text).toBe(expected)
    }
  })
  const recursion = `// Recursion and calls behind constant conditions; scf.while whose condition folds to false;
// a private function called from both executable and non-executable blocks.
func.func private @rec(%n: i32, %acc: i32, %unused: i32) -> i32 {
  %false = arith.constant false
  cf.cond_br %false, ^again, ^done
^again:
  %r = func.call @rec(%n, %acc, %unused) : (i32, i32, i32) -> i32
  return %r : i32
^done:
  return %acc : i32
}
func.func @callrec(%a: i32, %b: i32) -> i32 {
  %r = call @rec(%a, %b, %a) : (i32, i32, i32) -> i32
  return %r : i32
}
func.func @wt(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%a = %x, %b = %c0) : (i32, i32) -> (i32, i32) {
    %t = arith.cmpi slt, %a, %b : i32
    scf.condition(%t) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = arith.addi %p, %q : i32
    scf.yield %n, %q : i32, i32
  }
  return %r#0 : i32
}
func.func private @shared(%a: i32, %b: i32, %c: i32) -> (i32, i32) {
  %s = arith.addi %a, %b : i32
  return %s, %c : i32, i32
}
func.func @mixed(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %c1 = arith.constant 1 : i32
  %r:2 = call @shared(%x, %y, %x) : (i32, i32, i32) -> (i32, i32)
  cf.switch %c1 : i32, [
    default: ^bb1,
    1: ^bb2
  ]
^bb1:
  %q:2 = func.call @shared(%y, %y, %y) : (i32, i32, i32) -> (i32, i32)
  memref.store %q#1, %m[] : memref<i32>
  return %x : i32
^bb2:
  return %r#0 : i32
}
func.func @idx(%x: i32, %m: memref<i32>) -> i32 {
  %c3 = arith.constant 3 : index
  %y = arith.muli %x, %x : i32
  %r = scf.index_switch %c3 -> i32
  case 3 {
    scf.yield %x : i32
  }
  default {
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  }
  return %r : i32
}
`
  it('handles recursion and calls behind constant conditions', () => {
    const r = runPipeline(recursion, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @rec(%arg0: i32) -> i32 {
    %false = arith.constant false
    cf.cond_br %false, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  ^bb2:  // pred: ^bb0
    return %arg0 : i32
  }
  func.func @callrec(%arg0: i32, %arg1: i32) -> i32 {
    %0 = call @rec(%arg1) : (i32) -> i32
    return %0 : i32
  }
  func.func @wt(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func private @shared(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    return %0 : i32
  }
  func.func @mixed(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = call @shared(%arg0, %arg1) : (i32, i32) -> i32
    cf.switch %c1_i32 : i32, [
      default: ^bb1,
      1: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    %1 = call @shared(%arg1, %arg1) : (i32, i32) -> i32
    return %arg0 : i32
  ^bb2:  // pred: ^bb0
    return %0 : i32
  }
  func.func @idx(%arg0: i32, %arg1: memref<i32>) -> i32 {
    return %arg0 : i32
  }
}
`)
    const n = runPipeline(recursion, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(n.ok).toBe(true)
    expect(n.text).toBe(`module {
  func.func private @rec(%arg0: i32) -> i32 {
    %false = arith.constant false
    cf.cond_br %false, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  ^bb2:  // pred: ^bb0
    return %arg0 : i32
  }
  func.func @callrec(%arg0: i32, %arg1: i32) -> i32 {
    %0 = call @rec(%arg1) : (i32) -> i32
    return %0 : i32
  }
  func.func @wt(%arg0: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0:2 = scf.while (%arg1 = %arg0, %arg2 = %c0_i32) : (i32, i32) -> (i32, i32) {
      %1 = arith.cmpi slt, %arg1, %arg2 : i32
      scf.condition(%1) %arg1, %arg2 : i32, i32
    } do {
    ^bb0(%arg1: i32, %arg2: i32):
      %1 = arith.addi %arg1, %arg2 : i32
      scf.yield %1, %arg2 : i32, i32
    }
    return %0#0 : i32
  }
  func.func private @shared(%arg0: i32, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    return %0 : i32
  }
  func.func @mixed(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = call @shared(%arg0, %arg1) : (i32, i32) -> i32
    cf.switch %c1_i32 : i32, [
      default: ^bb1,
      1: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    %1 = call @shared(%arg1, %arg1) : (i32, i32) -> i32
    return %arg0 : i32
  ^bb2:  // pred: ^bb0
    return %0 : i32
  }
  func.func @idx(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c3 = arith.constant 3 : index
    %0 = scf.index_switch %c3 -> i32 
    case 3 {
      scf.yield %arg0 : i32
    }
    default {
      %1 = ub.poison : i32
      scf.yield %1 : i32
    }
    return %0 : i32
  }
}
`)
  })
  const funcConstant = `// A private function named by func.constant only in code that is not executable still
// loses its dead arguments: canonicalization erases that code.
func.func private @p(%a: i32, %b: i32) {
  "test.effect"(%a) : (i32) -> ()
  return
}
func.func @m(%x: i32, %y: i32) -> i32 {
  %false = arith.constant false
  scf.if %false {
    %f = func.constant @p : (i32, i32) -> ()
    func.call_indirect %f(%x, %y) : (i32, i32) -> ()
  }
  call @p(%y, %x) : (i32, i32) -> ()
  return %x : i32
}
`
  it('changes a function named only in code that canonicalization erases', () => {
    const r = runPipeline(funcConstant, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @p(%arg0: i32) {
    "test.effect"(%arg0) : (i32) -> ()
    return
  }
  func.func @m(%arg0: i32, %arg1: i32) -> i32 {
    call @p(%arg1) : (i32) -> ()
    return %arg0 : i32
  }
}
`)
  })
  // mlir-opt reports "null operand found" on the return of the block not taken: the IR is
  // left as it was, with or without canonicalization.
  const staleReturn = `func.func @condbr(%x: i32, %m: memref<i32>) -> i32 {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.muli %x, %x : i32
  cf.cond_br %true, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%p: i32):
  return %p : i32
^bb2(%q: i32):
  memref.store %q, %m[] : memref<i32>
  return %q : i32
}
`
  it('leaves the IR alone when a use of a removed value would survive', () => {
    const unchanged = runPipeline(staleReturn, 'builtin.module()').text
    for (const pipeline of ['builtin.module(remove-dead-values)', 'builtin.module(remove-dead-values{canonicalize=false})']) {
      const r = runPipeline(staleReturn, pipeline)
      expect(r.ok).toBe(true)
      expect(r.text).toBe(unchanged)
    }
  })
  const induction = `// A loop with memory effects keeps its induction variable live, so edges forwarding it and
// a live value agree, and the operands that are dead on every edge go.
func.func @iv(%lb: index, %ub: index, %s: index, %c: i1, %v: f16, %m: memref<f16>) {
  scf.for %i = %lb to %ub step %s {
    scf.execute_region {
      %h = arith.constant 1.0 : f16
      %g = arith.constant 2.0 : f16
      cf.cond_br %c, ^bb1(%i, %h : index, f16), ^bb1(%lb, %g : index, f16)
    ^bb1(%a: index, %b: f16):
      memref.store %v, %m[] : memref<f16>
      scf.yield
    }
  }
  return
}
`
  it('keeps the induction variable of a loop with memory effects live', () => {
    const expected = `module {
  func.func @iv(%arg0: index, %arg1: index, %arg2: index, %arg3: i1, %arg4: f16, %arg5: memref<f16>) {
    scf.for %arg6 = %arg0 to %arg1 step %arg2 {
      scf.execute_region {
        cf.cond_br %arg3, ^bb1(%arg6 : index), ^bb1(%arg0 : index)
      ^bb1(%0: index):  // 2 preds: ^bb0, ^bb0
        memref.store %arg4, %arg5[] : memref<f16>
        scf.yield
      }
    }
    return
  }
}
`
    for (const pipeline of ['builtin.module(remove-dead-values)', 'builtin.module(remove-dead-values{canonicalize=false})']) {
      const r = runPipeline(induction, pipeline)
      expect(r.ok).toBe(true)
      expect(r.text).toBe(expected)
    }
  })
})
