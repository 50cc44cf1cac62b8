import { describe, expect, it } from 'vitest'
import {
  ApplyPatternAction,
  Block,
  acquireVisitMarks,
  releaseVisitMarks,
  FrozenRewritePatternSet,
  GreedyPatternRewriteIteration,
  OpRewritePattern,
  RewritePattern,
  RewritePatternSet,
  applyOpPatternsGreedily,
  applyPatternsGreedily,
  isOpTriviallyDead,
  printOperation,
  runRegionDCE,
  IRRewriter,
  type StringAttr,
  type Action,
  type Context,
  type LogicalResult,
  type Operation,
  type PatternRewriter,
} from '../src/index.ts'
import { makeRewriteContext, parseModule } from './rewriteTestDialect.ts'

/** `t.mul(x, y)` becomes `t.neg(t.neg(x))` when y is... always: a rewrite that terminates. */
class MulToNegNeg extends OpRewritePattern {
  constructor() {
    super('t.mul', 1, ['t.neg'])
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    const type = op.result.type
    const n1 = rewriter.create('t.neg', op.location, { operands: [op.getOperand(0)], results: [type] })
    const n2 = rewriter.create('t.neg', op.location, { operands: [n1.result], results: [type] })
    rewriter.replaceOp(op, n2)
    return true
  }
}

/** `t.neg(t.neg(x))` becomes `x`. */
class NegNeg extends OpRewritePattern {
  constructor() {
    super('t.neg')
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    const inner = op.getOperand(0).definingOp
    if (inner === null || inner.name.name !== 't.neg') {
      return rewriter.notifyMatchFailure(op, 'operand is not a t.neg')
    }
    rewriter.replaceOp(op, [inner.getOperand(0)])
    return true
  }
}

/** Flips a `flag` attribute forever: never converges. */
class Flip extends RewritePattern {
  constructor() {
    super('t.effect')
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    rewriter.modifyOpInPlace(op, () => {
      if (op.hasAttr('flag')) {
        op.removeAttr('flag')
      } else {
        op.setAttr('flag', rewriter.getUnitAttr())
      }
    })
    return true
  }
}

/** Sets a `flag` attribute once. */
class SetFlag extends RewritePattern {
  constructor() {
    super('t.effect')
  }
  matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    if (op.hasAttr('flag')) {
      return false
    }
    rewriter.modifyOpInPlace(op, () => op.setAttr('flag', rewriter.getUnitAttr()))
    return true
  }
}

function body(module: Operation): Operation[] {
  return module.regions[0]!.front.firstOp!.regions[0]!.front.operations
}

function names(module: Operation): string[] {
  return body(module).map((o) => o.name.name)
}

function freeze(ctx: Context, ...patterns: RewritePattern[]): FrozenRewritePatternSet {
  const set = new RewritePatternSet(ctx)
  for (const p of patterns) {
    set.add(p)
  }
  return new FrozenRewritePatternSet(set)
}

const FOLD_SOURCE = `"t.func"() ({
^bb0(%a: i32):
  %c1 = "t.const"() {value = 1 : i32} : () -> i32
  %c2 = "t.const"() {value = 2 : i32} : () -> i32
  %s = "t.add"(%c1, %c2) : (i32, i32) -> i32
  %x = "t.add"(%a, %s) : (i32, i32) -> i32
  %c0 = "t.const"() {value = 0 : i32} : () -> i32
  %y = "t.add"(%x, %c0) : (i32, i32) -> i32
  %dead = "t.add"(%a, %a) : (i32, i32) -> i32
  %c1b = "t.const"() {value = 1 : i32} : () -> i32
  %z = "t.add"(%y, %c1b) : (i32, i32) -> i32
  "t.ret"(%z) : (i32) -> ()
}) : () -> ()
`

describe('applyPatternsGreedily', () => {
  // MLIR's flag is `iteration > 1`: a first iteration that only deduplicates or hoists
  // constants while seeding leaves it false. Ours is strict, so that a pass may mark all
  // analyses preserved when it is false.
  it('reports a change when seeding only erases a duplicate constant or hoists one', () => {
    const ctx = makeRewriteContext()
    const dedup = parseModule(
      ctx,
      `"t.func"() ({
  %0 = "t.const"() {value = 1 : i32} : () -> i32
  "t.effect"(%0) : (i32) -> ()
  %1 = "t.const"() {value = 1 : i32} : () -> i32
  "t.effect"(%1) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const r1 = applyPatternsGreedily(dedup.regions[0]!.front.firstOp!, freeze(ctx))
    expect(names(dedup)).toEqual(['t.const', 't.effect', 't.effect', 't.ret'])
    expect(r1.changed).toBe(true)
    const hoist = parseModule(
      ctx,
      `"t.func"() ({
  "t.effect"() : () -> ()
  %0 = "t.const"() {value = 1 : i32} : () -> i32
  "t.effect"(%0) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const r2 = applyPatternsGreedily(hoist.regions[0]!.front.firstOp!, freeze(ctx))
    expect(names(hoist)).toEqual(['t.const', 't.effect', 't.effect', 't.ret'])
    expect(r2.changed).toBe(true)
    // Seeding that leaves the constant where it is changes nothing.
    const r3 = applyPatternsGreedily(hoist.regions[0]!.front.firstOp!, freeze(ctx))
    expect(r3.changed).toBe(false)
  })

  // The same order as `mlir-opt --canonicalize=enable-patterns=none` gives for the arith
  // version of FOLD_SOURCE (tools/differential-passes/inputs/fold-order.mlir).
  it('folds, materializes and deduplicates constants at the entry, and erases dead ops', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, FOLD_SOURCE)
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx))
    expect(r.converged).toBe(true)
    expect(r.changed).toBe(true)
    expect(printOperation(module)).toBe(`module {
  "t.func"() ({
  ^bb0(%arg0: i32):
    %0 = "t.const"() {value = 1 : i32} : () -> i32
    %1 = "t.const"() {value = 3 : i32} : () -> i32
    %2 = "t.add"(%arg0, %1) : (i32, i32) -> i32
    %3 = "t.add"(%2, %0) : (i32, i32) -> i32
    "t.ret"(%3) : (i32) -> ()
  }) : () -> ()
}
`)
  })

  it('simplifies the same when another traversal holds the visit marks (liveness in a set)', () => {
    const run = (): string => {
      const ctx = makeRewriteContext()
      const module = parseModule(ctx, FOLD_SOURCE)
      applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx))
      return printOperation(module)
    }
    const free = run()
    const epoch = acquireVisitMarks()
    try {
      expect(run()).toBe(free)
    } finally {
      releaseVisitMarks(epoch)
    }
  })

  it('gives the visit marks back after a run, also when a pattern throws', () => {
    class Throws extends OpRewritePattern {
      constructor() {
        super('t.mul')
      }
      matchAndRewrite(): LogicalResult {
        throw new Error('pattern failed')
      }
    }
    const source = `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  "t.ret"(%m) : (i32) -> ()
}) : () -> ()
`
    const ctx = makeRewriteContext()
    const func = parseModule(ctx, source).regions[0]!.front.firstOp!
    expect(() => applyPatternsGreedily(func, freeze(ctx, new Throws()))).toThrow('pattern failed')
    const mul = func.regions[0]!.front.firstOp!
    expect(() => applyOpPatternsGreedily([mul], freeze(ctx, new Throws()))).toThrow('pattern failed')
    const epoch = acquireVisitMarks()
    expect(epoch).not.toBe(0)
    releaseVisitMarks(epoch)
    applyPatternsGreedily(func, freeze(ctx, new MulToNegNeg(), new NegNeg()))
    expect(names(func.parentOp!)).toEqual(['t.ret'])
  })

  it('reuses the idle driver of a pattern set in the next run, reading the config again; a nested run makes its own', () => {
    const ctx = makeRewriteContext()
    const source = `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  "t.effect"(%m) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`
    const patterns = freeze(ctx, new MulToNegNeg(), new NegNeg())
    const first = parseModule(ctx, source).regions[0]!.front.firstOp!
    expect(applyPatternsGreedily(first, patterns).numRewrites).toBe(2)
    const idle = patterns.idleDriver
    expect(idle).not.toBe(null)
    // The same config object, changed between runs: the second run reads it again.
    const config = { maxIterations: 10 }
    const second = parseModule(ctx, source).regions[0]!.front.firstOp!
    expect(applyPatternsGreedily(second, patterns, config).numRewrites).toBe(2)
    expect(patterns.idleDriver).toBe(idle)
    config.maxIterations = 1
    const third = parseModule(ctx, source).regions[0]!.front.firstOp!
    const r = applyPatternsGreedily(third, patterns, config)
    expect(r.numRewrites).toBe(2)
    expect(r.converged).toBe(false)
    expect(names(third.parentOp!)).toEqual(['t.effect', 't.ret'])
    expect(patterns.idleDriver).toBe(idle)

    // A pattern that applies the same set to a nested op's region while its run holds the driver.
    let nested: FrozenRewritePatternSet | null = null
    const inner: { numRewrites: number }[] = []
    class SimplifyNested extends RewritePattern {
      constructor() {
        super('t.func')
      }
      matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
        if (op.hasAttr('done')) {
          return false
        }
        inner.push(applyPatternsGreedily(op, nested!))
        rewriter.modifyOpInPlace(op, () => op.setAttr('done', rewriter.getUnitAttr()))
        return true
      }
    }
    nested = freeze(ctx, new MulToNegNeg(), new NegNeg(), new SimplifyNested())
    const outer = parseModule(ctx, source)
    const result = applyPatternsGreedily(outer, nested)
    expect(inner.map((x) => x.numRewrites)).toEqual([2])
    expect(result.numRewrites).toBe(1)
    expect(names(outer)).toEqual(['t.effect', 't.ret'])
  })

  // A run that changes nothing skips region simplification only when it provably finds
  // nothing: these are the cases where it must still run.
  it('still erases by region liveness what the worklist left: rewrite limit, graph and unregistered regions', () => {
    const ctx = makeRewriteContext()
    // The rewrite limit stops the list before the dead op is visited.
    const limited = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %d = "t.add"(%a, %a) : (i32, i32) -> i32
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const r = applyPatternsGreedily(limited.regions[0]!.front.firstOp!, freeze(ctx), { maxNumRewrites: 0 })
    expect(r.changed).toBe(true)
    expect(names(limited)).toEqual(['t.ret'])
    // A cycle of pure ops in a graph region (the module's): neither op is trivially dead.
    const graph = parseModule(
      ctx,
      `%0 = "t.add"(%1, %1) : (i32, i32) -> i32
%1 = "t.add"(%0, %0) : (i32, i32) -> i32
"t.effect"() : () -> ()
`,
    )
    expect(applyPatternsGreedily(graph, freeze(ctx)).changed).toBe(true)
    expect(graph.regions[0]!.front.operations.map((o) => o.name.name)).toEqual(['t.effect'])
    // The same cycle in the region of an unregistered op (no dominance there either).
    const unregistered = parseModule(
      ctx,
      `"t.func"() ({
  "u.graph"() ({
    %0 = "t.add"(%1, %1) : (i32, i32) -> i32
    %1 = "t.add"(%0, %0) : (i32, i32) -> i32
    "t.effect"() : () -> ()
  }) : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    expect(applyPatternsGreedily(unregistered.regions[0]!.front.firstOp!, freeze(ctx)).changed).toBe(true)
    expect(body(unregistered)[0]!.regions[0]!.front.operations.map((o) => o.name.name)).toEqual(['t.effect'])
    // Nothing dead and nothing to rewrite: nothing changes.
    const clean = parseModule(ctx, FOLD_SOURCE)
    const patterns = freeze(ctx)
    applyPatternsGreedily(clean.regions[0]!.front.firstOp!, patterns)
    const printed = printOperation(clean)
    expect(applyPatternsGreedily(clean.regions[0]!.front.firstOp!, patterns).changed).toBe(false)
    expect(printOperation(clean)).toBe(printed)
  })

  it('applies patterns to a fixpoint and counts rewrites', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  "t.ret"(%m) : (i32) -> ()
}) : () -> ()
`,
    )
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, new MulToNegNeg(), new NegNeg()))
    expect(r.converged).toBe(true)
    expect(r.numRewrites).toBe(2)
    expect(names(module)).toEqual(['t.ret'])
    expect(body(module)[0]!.getOperand(0)).toBe(module.regions[0]!.front.firstOp!.regions[0]!.front.arguments[0])
  })

  it('stops after maxIterations without converging', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, `"t.func"() ({
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`)
    const iterations: number[] = []
    ctx.registerActionHandler((execute, action: Action) => {
      if (action instanceof GreedyPatternRewriteIteration) {
        iterations.push(action.iteration)
      }
      execute()
    })
    // Each flip re-adds the op to the worklist, so one rewrite per iteration.
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, new Flip()), { maxIterations: 3, maxNumRewrites: 1 })
    expect(r.converged).toBe(false)
    expect(iterations).toEqual([1, 2, 3])
    expect(r.numRewrites).toBe(3)
  })

  it('limits rewrites per iteration with maxNumRewrites', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, `"t.func"() ({
  "t.effect"() : () -> ()
  "t.effect"() : () -> ()
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`)
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, new SetFlag()), { maxIterations: 1, maxNumRewrites: 2 })
    expect(r.converged).toBe(false)
    expect(r.numRewrites).toBe(2)
    expect(body(module).filter((o) => o.hasAttr('flag')).length).toBe(2)
  })

  it('runs each pattern application as an apply-pattern action that a handler may skip', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  "t.ret"(%m) : (i32) -> ()
}) : () -> ()
`,
    )
    const seen: string[] = []
    ctx.registerActionHandler((execute, action: Action) => {
      seen.push(action.tag)
      if (action instanceof ApplyPatternAction) {
        expect(action.print()).toBe('`apply-pattern pattern: MulToNegNeg')
        // Skipping leaves the IR alone.
        return
      }
      execute()
    })
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, new MulToNegNeg()))
    expect(r.converged).toBe(true)
    expect(names(module)).toEqual(['t.mul', 't.ret'])
    expect(seen).toEqual(['GreedyPatternRewriteIteration', 'apply-pattern'])
  })

  it('orders patterns by benefit, then insertion order', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, `"t.func"() ({
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`)
    const tried: string[] = []
    const set = new RewritePatternSet(ctx)
    const make = (name: string, benefit: number, root: string | null) =>
      set.addFn(
        root,
        (op) => {
          tried.push(name)
          void op
          return false
        },
        { benefit, name },
      )
    make('low', 1, 't.effect')
    make('any-high', 3, null)
    make('first-2', 2, 't.effect')
    make('second-2', 2, 't.effect')
    make('any-2', 2, null)
    applyPatternsGreedily(module.regions[0]!.front.firstOp!, new FrozenRewritePatternSet(set), { maxIterations: 1 })
    expect(tried.slice(0, 5)).toEqual(['any-high', 'first-2', 'second-2', 'any-2', 'low'])
  })

  it('seeds the worklist in pre-order top-down, and post-order with ancestors first-added bottom-up', () => {
    const source = `"t.func"() ({
  "u.a"() ({
    "u.b"() ({
      "u.c"() : () -> ()
    }) : () -> ()
    "u.d"() : () -> ()
  }) : () -> ()
  "u.e"() : () -> ()
}) : () -> ()
`
    const visitOrder = (topDown: boolean): string[] => {
      const ctx = makeRewriteContext()
      const module = parseModule(ctx, source)
      const seen: string[] = []
      const set = new RewritePatternSet(ctx)
      set.addFn(null, (op) => {
        seen.push(op.name.name)
        return false
      })
      applyPatternsGreedily(module.regions[0]!.front.firstOp!, new FrozenRewritePatternSet(set), { maxIterations: 1, useTopDownTraversal: topDown })
      return seen
    }
    expect(visitOrder(true)).toEqual(['u.a', 'u.b', 'u.c', 'u.d', 'u.e'])
    // As MLIR's addToWorklist: visiting u.c adds u.c, u.b and u.a, so u.a comes before u.d.
    expect(visitOrder(false)).toEqual(['u.e', 'u.d', 'u.a', 'u.b', 'u.c'])
  })

  it('filters patterns by debug name', () => {
    const ctx = makeRewriteContext()
    const set = new RewritePatternSet(ctx).add(new MulToNegNeg()).add(new NegNeg())
    expect(new FrozenRewritePatternSet(set, ['NegNeg']).opPatterns.has('t.neg')).toBe(false)
    expect([...new FrozenRewritePatternSet(set, [], ['NegNeg']).opPatterns.keys()]).toEqual(['t.neg'])
  })

  it('gives every pattern of one visit the same visitedOp and visitNumber, and each visit a new number', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  "t.effect"(%m) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const seen: { pattern: string; op: string; visited: string | undefined; visit: number }[] = []
    class Record extends RewritePattern {
      constructor(
        root: string,
        readonly tag: string,
      ) {
        super(root)
      }
      matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
        seen.push({ pattern: this.tag, op: op.name.name, visited: rewriter.visitedOp?.name.name, visit: rewriter.visitNumber })
        return false
      }
    }
    let rewriter: PatternRewriter | null = null
    const result = applyPatternsGreedily(
      module.regions[0]!.front.firstOp!,
      freeze(ctx, new Record('t.mul', 'a'), new Record('t.mul', 'b'), new Record('t.effect', 'c'), new (class extends Record {
        override matchAndRewrite(op: Operation, rw: PatternRewriter): LogicalResult {
          rewriter = rw
          return super.matchAndRewrite(op, rw)
        }
      })('t.effect', 'd')),
    )
    expect(result.changed).toBe(false)
    expect(seen.map((s) => `${s.pattern}:${s.op}:${s.visited}`)).toEqual(['a:t.mul:t.mul', 'b:t.mul:t.mul', 'c:t.effect:t.effect', 'd:t.effect:t.effect'])
    expect(seen[0]!.visit).toBe(seen[1]!.visit)
    expect(seen[2]!.visit).toBe(seen[3]!.visit)
    expect(seen[2]!.visit).not.toBe(seen[0]!.visit)
    // Outside a visit: no op, and a number no visit had.
    expect(rewriter!.visitedOp).toBe(null)
    expect(seen.map((s) => s.visit)).not.toContain(rewriter!.visitNumber)
  })

  /** A pattern that moves `held` (a detached op) before the first `t.effect`, once. */
  class InsertHeld extends RewritePattern {
    constructor(private held: Operation | null) {
      super('t.effect')
    }
    matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
      const held = this.held
      if (held === null) {
        return false
      }
      this.held = null
      rewriter.setInsertionPoint(op)
      rewriter.insert(held)
      return true
    }
  }

  const HOST = `"t.func"() ({
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`

  it('erases unreachable blocks of IR inserted from outside in the same iteration', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, HOST)
    const other = parseModule(
      ctx,
      `"t.region"() ({
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
^bb1:
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const held = other.regions[0]!.front.firstOp!
    held.remove()
    const r = applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, new InsertHeld(held)), { maxIterations: 1 })
    expect(r.changed).toBe(true)
    expect(names(module)).toEqual(['t.region', 't.effect', 't.ret'])
    expect(held.regions[0]!.front.operations.map((o) => o.name.name)).toEqual(['t.effect', 't.ret'])
    // The seeding walk saw single-block regions only; the inserted op's second block is
    // unreachable and goes in this iteration's region simplification.
    expect(held.regions[0]!.hasOneBlock).toBe(true)
  })

  it('erases unreachable blocks added to a region during the iteration', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
  "t.region"() ({
    "t.effect"() : () -> ()
    "t.ret"() : () -> ()
  }) : () -> ()
  "t.effect"() : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`,
    )
    const region = body(module)[0]!.regions[0]!
    class AddBlock extends RewritePattern {
      done = false
      constructor() {
        super('t.effect')
      }
      matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
        if (this.done) {
          return false
        }
        this.done = true
        const parent = region.parentOp!
        rewriter.modifyOpInPlace(parent, () => {
          const b = new Block()
          region.push(b)
          rewriter.setInsertionPointToEnd(b)
          rewriter.create('t.ret', op.location, {})
        })
        return true
      }
    }
    const pattern = new AddBlock()
    applyPatternsGreedily(module.regions[0]!.front.firstOp!, freeze(ctx, pattern), { maxIterations: 1 })
    expect(pattern.done).toBe(true)
    expect(names(module)).toEqual(['t.region', 't.effect', 't.ret'])
    expect(region.hasOneBlock).toBe(true)
  })

  it('runRegionDCE erases dead chains (also inside live ops) and keeps what live ops use', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %d0 = "t.add"(%a, %a) {tag = "d0"} : (i32, i32) -> i32
  %d1 = "t.add"(%d0, %d0) {tag = "d1"} : (i32, i32) -> i32
  %l0 = "t.add"(%a, %a) : (i32, i32) -> i32
  "t.region"() ({
    %n0 = "t.add"(%l0, %a) {tag = "n0"} : (i32, i32) -> i32
    %n1 = "t.add"(%n0, %d1) {tag = "n1"} : (i32, i32) -> i32
    "t.effect"(%l0) : (i32) -> ()
    "t.ret"() : () -> ()
  }) : () -> ()
  %d2 = "t.add"(%d1, %l0) {tag = "d2"} : (i32, i32) -> i32
  "t.ret"(%l0) : (i32) -> ()
}) : () -> ()
`,
    )
    const func = module.regions[0]!.front.firstOp!
    const erased: string[] = []
    const rewriter = new IRRewriter(ctx, { notifyOperationErased: (op) => erased.push((op.getAttr('tag') as StringAttr).value) })
    expect(runRegionDCE(rewriter, func.regions)).toBe(true)
    expect(names(module)).toEqual(['t.add', 't.region', 't.ret'])
    expect(body(module)[1]!.regions[0]!.front.operations.map((o) => o.name.name)).toEqual(['t.effect', 't.ret'])
    // In the order of MLIR's walk: each block from its end, nested regions at their op.
    expect(erased).toEqual(['d2', 'n1', 'n0', 'd1', 'd0'])
    expect(runRegionDCE(rewriter, func.regions)).toBe(false)
  })

  it('isOpTriviallyDead respects effects', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(ctx, `"t.func"() ({
  %0 = "t.read"() : () -> i32
  "t.effect"() : () -> ()
  %1 = "t.add"(%0, %0) : (i32, i32) -> i32
  "t.ret"() : () -> ()
}) : () -> ()
`)
    const [read, effect, add, ret] = body(module) as [Operation, Operation, Operation, Operation]
    expect(isOpTriviallyDead(read)).toBe(false)
    expect(isOpTriviallyDead(add)).toBe(true)
    expect(isOpTriviallyDead(effect)).toBe(false)
    expect(isOpTriviallyDead(ret)).toBe(false)
  })

  it('applyOpPatternsGreedily rewrites only the given ops in existing-ops mode', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.func"() ({
^bb0(%a: i32):
  %m = "t.mul"(%a, %a) : (i32, i32) -> i32
  %n = "t.mul"(%m, %a) : (i32, i32) -> i32
  "t.ret"(%n) : (i32) -> ()
}) : () -> ()
`,
    )
    const [m] = body(module) as [Operation]
    const r = applyOpPatternsGreedily([m], freeze(ctx, new MulToNegNeg(), new NegNeg()), { strictMode: 'existing-ops' })
    expect(r.converged).toBe(true)
    expect(r.allErased).toBe(true)
    // Only %m was rewritten: the new t.neg ops are not in the set, so NegNeg never runs.
    expect(names(module)).toEqual(['t.neg', 't.neg', 't.mul', 't.ret'])
    const r2 = applyOpPatternsGreedily([body(module)[0]!], freeze(ctx, new MulToNegNeg(), new NegNeg()))
    expect(r2.converged).toBe(true)
    expect(names(module)).toEqual(['t.neg', 't.neg', 't.mul', 't.ret'])
  })
})
