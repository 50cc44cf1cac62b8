import { describe, expect, it } from 'vitest'
import { verify, type Operation } from '@tilepass/ir'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerTransformsPasses } from '../src/index.ts'
import { makeContext, parse, runPipeline } from './helpers.ts'

/** Runs `pipeline` on `source` with a verifier that records the ops it verifies (by name). */
function runCountingVerifies(source: string, pipeline: string): { ok: boolean; verified: string[] } {
  const ctx = makeContext()
  const module = parse(source, ctx)
  const registry = new PassRegistry()
  registerTransformsPasses(registry)
  const parsed = parsePassPipeline(pipeline, registry)
  if (parsed.pm === null) {
    throw new Error(parsed.error)
  }
  const verified: string[] = []
  const pm = new PassManager(ctx, 'builtin.module', 'explicit', (op: Operation, recursive: boolean) => {
    verified.push(op.name.name)
    return verify(op, recursive)
  })
  pm.assignPipeline(parsed.pm)
  return { ok: pm.run(module), verified }
}

// Expected outputs come from `mlir-opt <input> --canonicalize` (MLIR 22.1.8); the
// inputs are copies of tools/differential-passes/inputs/*.mlir functions.

describe('canonicalize', () => {
  it('folds constant chains and deduplicates constants at the function entry', () => {
    const input = `func.func @fold_chain(%a: i32, %b: i32) -> i32 {
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
`
    const r = runPipeline(input, 'builtin.module(canonicalize)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @fold_chain(%arg0: i32, %arg1: i32) -> i32 {
    %c3_i32 = arith.constant 3 : i32
    return %c3_i32 : i32
  }
  func.func @keep_order(%arg0: i64) -> (i64, i64, i64) {
    %c17_i64 = arith.constant 17 : i64
    %c12_i64 = arith.constant 12 : i64
    %c7_i64 = arith.constant 7 : i64
    %0 = arith.muli %arg0, %c7_i64 : i64
    %1 = arith.addi %0, %c17_i64 : i64
    %2 = arith.muli %arg0, %c7_i64 : i64
    return %1, %2, %c12_i64 : i64, i64, i64
  }
}
`)
  })

  it('hoists constants out of non-isolated regions and removes dead code', () => {
    const input = `func.func @loop(%lb: index, %ub: index, %init: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %init) -> (i32) {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %k = arith.addi %c3, %c4 : i32
    %n = arith.addi %acc, %k : i32
    %n2 = arith.addi %acc, %k : i32
    %m = arith.muli %n, %n2 : i32
    scf.yield %m : i32
  }
  %c1b = arith.constant 1 : index
  %x = arith.addi %lb, %c1b : index
  %y = arith.addi %lb, %c1 : index
  %z = arith.muli %x, %y : index
  %zi = arith.index_cast %z : index to i32
  %s = arith.addi %r, %zi : i32
  return %s : i32
}
func.func @dead_code(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %unused = arith.muli %a, %c5 : i32
  %unused2 = arith.addi %unused, %a : i32
  %b = arith.addi %a, %a : i32
  return %b : i32
}
`
    const r = runPipeline(input, 'builtin.module(canonicalize)')
    expect(r.text).toBe(`module {
  func.func @loop(%arg0: index, %arg1: index, %arg2: i32) -> i32 {
    %c7_i32 = arith.constant 7 : i32
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg3 = %arg0 to %arg1 step %c1 iter_args(%arg4 = %arg2) -> (i32) {
      %6 = arith.addi %arg4, %c7_i32 : i32
      %7 = arith.addi %arg4, %c7_i32 : i32
      %8 = arith.muli %6, %7 : i32
      scf.yield %8 : i32
    }
    %1 = arith.addi %arg0, %c1 : index
    %2 = arith.addi %arg0, %c1 : index
    %3 = arith.muli %1, %2 : index
    %4 = arith.index_cast %3 : index to i32
    %5 = arith.addi %0, %4 : i32
    return %5 : i32
  }
  func.func @dead_code(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    return %0 : i32
  }
}
`)
  })

  it('fails under test-convergence when the iteration limit is hit (mlir-opt exits 1)', () => {
    const input = `func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %2 = arith.addi %c1, %c2 : i32
  %3 = arith.addi %a, %2 : i32
  return %3 : i32
}
`
    expect(runPipeline(input, 'builtin.module(canonicalize{max-iterations=1 test-convergence})').ok).toBe(false)
    expect(runPipeline(input, 'builtin.module(canonicalize{max-iterations=1})').ok).toBe(true)
    expect(runPipeline(input, 'builtin.module(canonicalize{test-convergence})').ok).toBe(true)
  })

  it('honours disable-patterns', () => {
    const input = `func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
`
    // Folding is not a pattern: it still applies.
    const r = runPipeline(input, 'builtin.module(canonicalize{disable-patterns={(anonymous namespace)::AddIAddConstant}})')
    expect(r.text).toBe(`module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}
`)
  })

  it('matches patterns by their MLIR debug names, as mlir-opt 22 does', () => {
    const input = `func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %0, %c2 : i32
  return %1 : i32
}
`
    // The pattern lives in an anonymous namespace: the bare name disables nothing.
    expect(runPipeline(input, 'builtin.module(canonicalize{disable-patterns=AddIAddConstant})').text).toBe(`module {
  func.func @f(%arg0: i32) -> i32 {
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.addi %arg0, %c3_i32 : i32
    return %0 : i32
  }
}
`)
    expect(runPipeline(input, 'builtin.module(canonicalize{disable-patterns={(anonymous namespace)::AddIAddConstant}})').text).toBe(`module {
  func.func @f(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    %1 = arith.addi %0, %c2_i32 : i32
    return %1 : i32
  }
}
`)
  })

  it('matches a pattern defined outside an anonymous namespace upstream by its bare name', () => {
    const input = `func.func @f(%c: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %0 = arith.select %c, %c1, %c0 : i32
  return %0 : i32
}
`
    // Expected from mlir-opt 22.1.8: SelectToExtUI is a plain struct in ArithOps.cpp.
    expect(runPipeline(input, 'builtin.module(canonicalize{enable-patterns=SelectToExtUI})').text).toBe(`module {
  func.func @f(%arg0: i1) -> i32 {
    %0 = arith.extui %arg0 : i1 to i32
    return %0 : i32
  }
}
`)
    expect(runPipeline(input, 'builtin.module(canonicalize{enable-patterns={(anonymous namespace)::SelectToExtUI}})').text).toBe(`module {
  func.func @f(%arg0: i1) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.select %arg0, %c1_i32, %c0_i32 : i32
    return %0 : i32
  }
}
`)
  })

  it('region-simplify=aggressive merges identical blocks and drops arguments passed the same value', () => {
    // Expected from `mlir-opt --canonicalize=region-simplify=aggressive` (MLIR 22.1.8).
    const r = runPipeline(`func.func @merge(%c: i1, %a: i32, %b: i32) -> i32 {
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
`, 'builtin.module(canonicalize{region-simplify=aggressive})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @merge(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    %0 = arith.select %arg0, %arg1, %arg2 : i32
    %1 = arith.addi %0, %0 : i32
    %2 = arith.muli %1, %0 : i32
    return %2 : i32
  }
  func.func @switch_merge(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: i32) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : i32),
      1: ^bb1(%arg2 : i32),
      2: ^bb1(%arg3 : i32)
    ]
  ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb0
    "test.effect"(%0, %arg3) : (i32, i32) -> ()
    return %0 : i32
  }
  func.func @same_arg(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    %0 = arith.select %arg0, %arg2, %arg1 : i32
    %1 = arith.addi %arg1, %0 : i32
    return %1 : i32
  }
  func.func @not_mergeable(%arg0: i1, %arg1: i32) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    cf.cond_br %arg0, ^bb1, ^bb2(%c0_i32 : i32)
  ^bb1:  // pred: ^bb0
    %0 = arith.addi %arg1, %arg1 : i32
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    return %1 : i32
  }
}
`)
  })

  // mlir-opt's pass manager verifies after a pass unless it preserved all analyses; ours
  // also skips verifying IR that a pass declares unchanged. Canonicalize declares so when
  // it changed nothing, so the inliner's per-callable pipelines do not verify every
  // unchanged callable again (its analyses are invalidated all the same, as upstream).
  it('declares the IR unchanged when nothing changes, so the IR is not verified again', () => {
    const unchanged = `func.func private @f(%a: i32) -> i32 {
  %r = call @g(%a) : (i32) -> i32
  return %r : i32
}
func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
`
    expect(runCountingVerifies(unchanged, 'builtin.module(canonicalize)')).toEqual({ ok: true, verified: [] })
    expect(runCountingVerifies(unchanged, 'builtin.module(func.func(canonicalize))')).toEqual({ ok: true, verified: ['builtin.module'] })
    // A duplicate constant, erased while seeding the worklist, is a change.
    const dedup = `func.func @f() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  return %c1, %c1b : i32, i32
}
`
    expect(runCountingVerifies(dedup, 'builtin.module(canonicalize)')).toEqual({ ok: true, verified: ['builtin.module'] })
    // The inliner runs canonicalize on each callable it visits: only a callable that
    // changed (here @f, into which @g was inlined: its call is gone) is verified there.
    expect(runCountingVerifies(unchanged, 'builtin.module(inline)')).toEqual({ ok: true, verified: ['builtin.module'] })
  })
})
