import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected outputs are what \`mlir-opt --remove-dead-values[=canonicalize=false] <input>\`
// (MLIR 22.1.8) prints for these inputs.

const dv1 = `func.func private @callee(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.muli %b, %b : i32
  %2 = arith.subi %1, %c1 : i32
  memref.store %2, %m[] : memref<i32>
  return %0, %1 : i32, i32
}
func.func @main(%x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %dead = arith.muli %x, %y : i32
  %dead2 = arith.addi %dead, %x : i32
  %r:2 = call @callee(%x, %y, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %s:2 = call @callee(%y, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %t = arith.addi %r#1, %s#1 : i32
  return %t : i32
}
func.func private @nocallers(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @unusedarg(%a: i32, %b: f32) -> f32 {
  return %b : f32
}
func.func @user(%b: f32) -> f32 {
  %c = arith.constant 7 : i32
  %0 = call @unusedarg(%c, %b) : (i32, f32) -> f32
  return %0 : f32
}
`

const dv3 = `func.func private @attrs(%a: i32 {test.a = 1 : i32}, %b: i32, %c: f32 {test.c}) -> (i32 {test.r = 0 : i32}, f32) {
  return %b, %c : i32, f32
}
func.func private @rec(%n: i32, %unused: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %cmp = arith.cmpi eq, %n, %c0 : i32
  cf.cond_br %cmp, ^done, ^more
^done:
  return %n, %unused : i32, i32
^more:
  %c1 = arith.constant 1 : i32
  %m = arith.subi %n, %c1 : i32
  %r:2 = func.call @rec(%m, %unused) : (i32, i32) -> (i32, i32)
  return %r#0, %r#1 : i32, i32
}
func.func private @chain(%x: i32, %y: i32) -> i32 {
  %0 = func.call @leaf(%x, %y) : (i32, i32) -> i32
  return %0 : i32
}
func.func private @leaf(%x: i32, %y: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @entry(%a: i32, %f: f32, %unused: i64) -> (i32, i32, i32) {
  %0:2 = call @attrs(%a, %a, %f) : (i32, i32, f32) -> (i32, f32)
  %1:2 = call @rec(%a, %a) : (i32, i32) -> (i32, i32)
  %2 = call @chain(%a, %a) : (i32, i32) -> i32
  return %0#0, %1#0, %2 : i32, i32, i32
}
`

const dv2a = `func.func @branches(%c: i1, %x: i32, %y: i32, %m: memref<i32>) -> i32 {
  %d = arith.addi %x, %y : i32
  cf.cond_br %c, ^bb1(%x, %d : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %b: i32):
  %e = arith.muli %b, %b : i32
  cf.br ^bb3(%a, %e : i32, i32)
^bb2(%p: i32):
  %z = arith.subi %p, %p : i32
  cf.br ^bb3(%p, %z : i32, i32)
^bb3(%r: i32, %s: i32):
  memref.store %r, %m[] : memref<i32>
  return %r : i32
}
`

const dv5 = `func.func @switch(%f: i32, %x: i32, %y: i64, %m: memref<i32>) -> i32 {
  %k = arith.trunci %y : i64 to i32
  cf.switch %f : i32, [
    default: ^bb1(%x, %k : i32, i32),
    0: ^bb2(%x : i32),
    1: ^bb3
  ]
^bb1(%a: i32, %b: i32):
  memref.store %a, %m[] : memref<i32>
  return %a : i32
^bb2(%c: i32):
  %d = arith.addi %c, %c : i32
  cf.br ^bb3
^bb3:
  return %x : i32
}
func.func @loop(%n: i32, %m: memref<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^head(%c0, %c5 : i32, i32)
^head(%i: i32, %acc: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  %acc2 = arith.addi %acc, %i : i32
  cf.br ^head(%next, %acc2 : i32, i32)
^exit:
  memref.store %i, %m[] : memref<i32>
  return
}
`

const dv4 = `func.func @regions(%c: i1, %x: i32, %lb: index, %ub: index, %st: index, %m: memref<i32>) -> i32 {
  %0 = scf.if %c -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  %1 = scf.for %i = %lb to %ub step %st iter_args(%p = %x) -> (i32) {
    %n = arith.addi %p, %x : i32
    scf.yield %n : i32
  }
  %2 = scf.for %i = %lb to %ub step %st iter_args(%p = %x) -> (i32) {
    %n = arith.muli %p, %p : i32
    scf.yield %n : i32
  }
  scf.if %c {
    %d = arith.subi %x, %x : i32
    memref.store %x, %m[] : memref<i32>
  }
  %3 = scf.while (%w = %x) : (i32) -> i32 {
    %cond = arith.cmpi slt, %w, %x : i32
    scf.condition(%cond) %w : i32
  } do {
  ^bb0(%v: i32):
    %nv = arith.addi %v, %v : i32
    scf.yield %nv : i32
  }
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}
`

const dv7 = `module {
  func.func private @f(%a: i32, %b: i32) -> i32 {
    return %a : i32
  }
  func.func @g(%x: i32) -> i32 {
    %0 = call @f(%x, %x) : (i32, i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func private @f(%a: i32, %b: i32) -> i32 {
      return %b : i32
    }
    func.func @h(%x: i32, %y: i32) -> i32 {
      %0 = call @f(%x, %y) : (i32, i32) -> i32
      return %0 : i32
    }
  }
}
`

describe('remove-dead-values', () => {
  it('(A)(B) drops dead arguments and results of private functions and their call operands and results, and dead pure ops', () => {
    const r = runPipeline(dv1, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @callee(%arg0: i32, %arg1: memref<i32>) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.muli %arg0, %arg0 : i32
    %1 = arith.subi %0, %c1_i32 : i32
    memref.store %1, %arg1[] : memref<i32>
    return %0 : i32
  }
  func.func @main(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
    %0 = call @callee(%arg1, %arg2) : (i32, memref<i32>) -> i32
    %1 = call @callee(%arg0, %arg2) : (i32, memref<i32>) -> i32
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
  func.func private @nocallers() {
    return
  }
  func.func private @unusedarg(%arg0: f32) -> f32 {
    return %arg0 : f32
  }
  func.func @user(%arg0: f32) -> f32 {
    %0 = call @unusedarg(%arg0) : (f32) -> f32
    return %0 : f32
  }
}
`)
  })

  it('keeps argument and result attributes in step, handles recursion and call chains', () => {
    const r = runPipeline(dv3, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @attrs(%arg0: i32) -> (i32 {test.r = 0 : i32}) {
    return %arg0 : i32
  }
  func.func private @rec(%arg0: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi eq, %arg0, %c0_i32 : i32
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %arg0 : i32
  ^bb2:  // pred: ^bb0
    %c1_i32 = arith.constant 1 : i32
    %1 = arith.subi %arg0, %c1_i32 : i32
    %2 = call @rec(%1) : (i32) -> i32
    return %2 : i32
  }
  func.func private @chain(%arg0: i32) -> i32 {
    %0 = call @leaf(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @leaf(%arg0: i32) -> i32 {
    %0 = arith.muli %arg0, %arg0 : i32
    return %0 : i32
  }
  func.func @entry(%arg0: i32, %arg1: f32, %arg2: i64) -> (i32, i32, i32) {
    %0 = call @attrs(%arg0) : (i32) -> i32
    %1 = call @rec(%arg0) : (i32) -> i32
    %2 = call @chain(%arg0) : (i32) -> i32
    return %0, %1, %2 : i32, i32, i32
  }
}
`)
  })

  it('drops dead successor operands with their block arguments', () => {
    const r = runPipeline(dv2a, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @branches(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: memref<i32>) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    cf.br ^bb3(%0 : i32)
  ^bb2(%1: i32):  // pred: ^bb0
    cf.br ^bb3(%1 : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    memref.store %2, %arg3[] : memref<i32>
    return %2 : i32
  }
}
`)
  })

  it('handles cf.switch and loops in the CFG', () => {
    const r = runPipeline(dv5, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @switch(%arg0: i32, %arg1: i32, %arg2: i64, %arg3: memref<i32>) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : i32),
      0: ^bb2(%arg1 : i32),
      1: ^bb3
    ]
  ^bb1(%0: i32):  // pred: ^bb0
    memref.store %0, %arg3[] : memref<i32>
    return %0 : i32
  ^bb2(%1: i32):  // pred: ^bb0
    cf.br ^bb3
  ^bb3:  // 2 preds: ^bb0, ^bb2
    return %arg1 : i32
  }
  func.func @loop(%arg0: i32, %arg1: memref<i32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb1(%c0_i32 : i32)
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
    %1 = arith.cmpi slt, %0, %arg0 : i32
    cf.cond_br %1, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %2 = arith.addi %0, %c1_i32 : i32
    cf.br ^bb1(%2 : i32)
  ^bb3:  // pred: ^bb1
    memref.store %0, %arg1[] : memref<i32>
    return
  }
}
`)
  })

  it('erases side-effect-free region ops whose results are dead, then canonicalizes region ops', () => {
    const r = runPipeline(dv4, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @regions(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<i32>) -> i32 {
    %0 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg1) -> (i32) {
      %3 = arith.muli %arg7, %arg7 : i32
      scf.yield %3 : i32
    }
    scf.if %arg0 {
      memref.store %arg1, %arg5[] : memref<i32>
    }
    %1 = scf.while (%arg6 = %arg1) : (i32) -> i32 {
      %3 = arith.cmpi slt, %arg6, %arg1 : i32
      scf.condition(%3) %arg6 : i32
    } do {
    ^bb0(%arg6: i32):
      %3 = arith.addi %arg6, %arg6 : i32
      scf.yield %3 : i32
    }
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
`)
  })

  it('with canonicalize=false, region ops are not canonicalized', () => {
    const r = runPipeline(dv4, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @regions(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<i32>) -> i32 {
    %0 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg1) -> (i32) {
      %3 = arith.muli %arg7, %arg7 : i32
      scf.yield %3 : i32
    }
    scf.if %arg0 {
      memref.store %arg1, %arg5[] : memref<i32>
    }
    %1 = scf.while (%arg6 = %arg1) : (i32) -> i32 {
      %3 = arith.cmpi slt, %arg6, %arg1 : i32
      scf.condition(%3) %arg6 : i32
    } do {
    ^bb0(%arg6: i32):
      %3 = arith.addi %arg6, %arg6 : i32
      scf.yield %3 : i32
    }
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
`)
  })

  it('resolves calls in the nearest symbol table (nested modules)', () => {
    const r = runPipeline(dv7, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @g(%arg0: i32) -> i32 {
    %0 = call @f(%arg0) : (i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func private @f(%arg0: i32) -> i32 {
      return %arg0 : i32
    }
    func.func @h(%arg0: i32, %arg1: i32) -> i32 {
      %0 = call @f(%arg1) : (i32) -> i32
      return %0 : i32
    }
  }
}
`)
  })

  // Not compared with mlir-opt, whose output is invalid IR here: its branch cleanup
  // erases block arguments by the first predecessor only ("branch has 2 operands for
  // successor #0, but target block has 1"). The predecessors of ^head disagree on %acc,
  // so Tilepass keeps that argument and its operands, and removes the rest.
  it('keeps block arguments on which predecessors disagree', () => {
    const r = runPipeline(`func.func @loop(%n: i32, %m: memref<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^head(%c0, %c0 : i32, i32)
^head(%i: i32, %acc: i32):
  %cmp = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cmp, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : i32
  %acc2 = arith.addi %acc, %i : i32
  cf.br ^head(%next, %acc2 : i32, i32)
^exit:
  memref.store %i, %m[] : memref<i32>
  %d = arith.muli %n, %n : i32
  return
}
`, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toContain('cf.br ^bb1(%c0_i32, %c0_i32 : i32, i32)')
    expect(r.text).toContain('cf.br ^bb1(%3, %4 : i32, i32)')
    expect(r.text).not.toContain('arith.muli')
  })

  // Forwarded operands of live region ops whose successor inputs are all dead become
  // ub.poison; with canonicalize, the scf.for canonicalization then drops the iter_args.
  it('replaces dead forwarded operands of live region ops with ub.poison', () => {
    const source = `func.func @scf(%c: i1, %x: i32, %lb: index, %ub: index, %st: index, %m: memref<i32>) -> i32 {
  %0 = scf.if %c -> (i32) {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    scf.yield %x : i32
  }
  %1:2 = scf.for %i = %lb to %ub step %st iter_args(%p = %x, %q = %x) -> (i32, i32) {
    %n = arith.addi %p, %x : i32
    %k = arith.muli %q, %q : i32
    scf.yield %n, %k : i32, i32
  }
  %2:2 = scf.for %i = %lb to %ub step %st iter_args(%p = %x, %q = %x) -> (i32, i32) {
    %n = arith.addi %p, %x : i32
    memref.store %q, %m[] : memref<i32>
    scf.yield %n, %q : i32, i32
  }
  return %1#0 : i32
}
`
    const r = runPipeline(source, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @scf(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<i32>) -> i32 {
    %0 = ub.poison : i32
    %1 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg1) -> (i32) {
      %3 = arith.addi %arg7, %arg1 : i32
      %4 = ub.poison : i32
      scf.yield %3 : i32
    }
    %2 = ub.poison : i32
    scf.for %arg6 = %arg2 to %arg3 step %arg4 {
      memref.store %arg1, %arg5[] : memref<i32>
      %3 = ub.poison : i32
    }
    return %1 : i32
  }
}
`)
    const n = runPipeline(source, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(n.ok).toBe(true)
    expect(n.text).toBe(`module {
  func.func @scf(%arg0: i1, %arg1: i32, %arg2: index, %arg3: index, %arg4: index, %arg5: memref<i32>) -> i32 {
    %0 = ub.poison : i32
    %1:2 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %arg1, %arg8 = %0) -> (i32, i32) {
      %4 = arith.addi %arg7, %arg1 : i32
      %5 = ub.poison : i32
      scf.yield %4, %5 : i32, i32
    }
    %2 = ub.poison : i32
    %3:2 = scf.for %arg6 = %arg2 to %arg3 step %arg4 iter_args(%arg7 = %2, %arg8 = %arg1) -> (i32, i32) {
      memref.store %arg8, %arg5[] : memref<i32>
      %4 = ub.poison : i32
      scf.yield %4, %arg8 : i32, i32
    }
    return %1#0 : i32
  }
}
`)
  })
  // Reduced from @f49 of the generated redundant-100000 module. Liveness (and the output with
  // canonicalize=false) is deterministic, but mlir-opt 22's canonicalization here is not: its
  // MakeRegionBranchOpSuccessorInputsDead replaces the uses of a loop's successor inputs in the
  // iteration order of a DenseMap keyed by the values' addresses, which ASLR varies from run
  // to run. On the first loop, replacing the uses of the block argument %arg5 before those of
  // the result %0#1 (as tilepass-opt does, in edge order) leaves the second loop to be
  // visited after the first loop is rebuilt, so its dead f32 pair goes; in the other order
  // the second loop is visited too early and keeps `iter_args(..., %arg5 = %arg1)` and
  // `scf.yield %3, %arg1`. mlir-opt prints the output below in about 60% of runs and the
  // other in the rest; on redundant-100000 and redundant-1000000 every function tilepass-opt
  // prints is one that some mlir-opt run prints.
  it('follows one of the orders in which mlir-opt 22 makes loop successor inputs dead', () => {
    const source = `func.func @f(%a: i32, %x: f32, %n: index) -> (i32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %x) -> (i32, f32) {
    %s = arith.addi %p, %a : i32
    scf.yield %s, %q : i32, f32
  }
  %1:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %0#1) -> (i32, f32) {
    %m = arith.maxsi %0#0, %p : i32
    scf.yield %m, %x : i32, f32
  }
  %2:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %1#0, %q = %1#1) -> (i32, f32) {
    %f = arith.sitofp %p : i32 to f32
    scf.yield %p, %f : i32, f32
  }
  return %2#0, %2#1 : i32, f32
}
`
    const r = runPipeline(source, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: i32, %arg1: f32, %arg2: index) -> (i32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (i32) {
      %3 = arith.addi %arg4, %arg0 : i32
      scf.yield %3 : i32
    }
    %1 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0) -> (i32) {
      %3 = arith.maxsi %0, %arg4 : i32
      scf.yield %3 : i32
    }
    %2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg1) -> (f32) {
      %3 = arith.sitofp %1 : i32 to f32
      scf.yield %3 : f32
    }
    return %1, %2 : i32, f32
  }
}
`)
    const n = runPipeline(source, 'builtin.module(remove-dead-values{canonicalize=false})')
    expect(n.ok).toBe(true)
    // Nothing is dead: %1#1 flows into the live %2#1 when the last loop runs no iteration.
    expect(n.text).toBe(`module {
  func.func @f(%arg0: i32, %arg1: f32, %arg2: index) -> (i32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0, %arg5 = %arg1) -> (i32, f32) {
      %3 = arith.addi %arg4, %arg0 : i32
      scf.yield %3, %arg5 : i32, f32
    }
    %1:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %arg0, %arg5 = %0#1) -> (i32, f32) {
      %3 = arith.maxsi %0#0, %arg4 : i32
      scf.yield %3, %arg1 : i32, f32
    }
    %2:2 = scf.for %arg3 = %c0 to %arg2 step %c1 iter_args(%arg4 = %1#0, %arg5 = %1#1) -> (i32, f32) {
      %3 = arith.sitofp %arg4 : i32 to f32
      scf.yield %arg4, %3 : i32, f32
    }
    return %2#0, %2#1 : i32, f32
  }
}
`)
  })
  // Code that is not executable (a private function without callers, a block without
  // predecessors) roots no liveness: its branch conditions are dead, so the branches become
  // ub.unreachable, and ops with dead operands go whatever their effects.
  it('replaces branches with a dead condition with ub.unreachable', () => {
    const r = runPipeline(`func.func private @nocall(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : i32
^b:
  return %x : i32
}
func.func @dead_block(%x: i32, %m: memref<i32>) -> i32 {
  return %x : i32
^bb1(%c: i1):
  %a = arith.addi %x, %x : i32
  memref.store %a, %m[] : memref<i32>
  cf.cond_br %c, ^bb1(%c : i1), ^bb2
^bb2:
  return %x : i32
}
`, 'builtin.module(remove-dead-values)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func private @nocall() {
    ub.unreachable
  ^bb1:  // no predecessors
    return
  ^bb2:  // no predecessors
    return
  }
  func.func @dead_block(%arg0: i32, %arg1: memref<i32>) -> i32 {
    return %arg0 : i32
  ^bb1(%0: i1):  // no predecessors
    ub.unreachable
  ^bb2:  // no predecessors
    return %arg0 : i32
  }
}
`)
  })
})
