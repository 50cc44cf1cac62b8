import { describe, expect, it } from 'vitest'
import { type Block, BuiltinDialect, Context, OpBuilder, Trait, parseSourceString, printOperation, verify, type Operation, type Value } from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { CfDialect, cfCanonicalizationPatterns } from '../src/cf/index.ts'
import { FuncDialect } from '../src/func/index.ts'

/** The rewriter surface the patterns use, implemented directly on the IR. */
class TestRewriter extends OpBuilder {
  replaceOp(op: Operation, values: readonly Value[]): void {
    op.replaceAllUsesWith(values)
    op.erase()
  }
  eraseOp(op: Operation): void {
    op.erase()
  }
  replaceAllUsesWith(from: Value, to: Value): void {
    from.replaceAllUsesWith(to)
  }
  modifyOpInPlace(_op: Operation, fn: () => void): void {
    fn()
  }
  mergeBlocks(source: Block, dest: Block, args: readonly Value[] = []): void {
    for (let i = 0; i < args.length; i++) {
      source.getArgument(i).replaceAllUsesWith(args[i]!)
    }
    for (const o of source.operations) {
      o.remove()
      dest.append(o)
    }
    source.erase()
  }
  inlineBlockBefore(source: Block, op: Operation, args: readonly Value[] = []): void {
    for (let i = 0; i < args.length; i++) {
      source.getArgument(i).replaceAllUsesWith(args[i]!)
    }
    for (const o of source.operations) {
      o.moveBefore(op)
    }
    source.erase()
  }
}

/**
 * A small fixpoint driver: the cf patterns, erasure of unused pure ops and of blocks
 * without predecessors (what the greedy driver also does).
 */
function canonicalize(root: Operation): void {
  const rewriter = new TestRewriter(root.context)
  for (let changed = true; changed; ) {
    changed = false
    const ops: Operation[] = []
    root.walk((o) => {
      ops.push(o)
    })
    for (const op of ops) {
      if (op.parentBlock === null || op === root) {
        continue
      }
      if (op.useEmpty && op.results.length > 0 && op.hasTrait(Trait.NoMemoryEffect)) {
        op.erase()
        changed = true
        continue
      }
      for (const p of cfCanonicalizationPatterns[op.name.name] ?? []) {
        if (p.matchAndRewrite(op, rewriter)) {
          changed = true
          break
        }
      }
    }
    root.walk((o) => {
      for (const r of o.regions) {
        for (const b of r.blockList) {
          if (!b.isEntryBlock && b.hasNoPredecessors) {
            b.dropAllDefinedValueUses()
            b.erase()
            changed = true
          }
        }
      }
    })
  }
}

// Inputs and the output of `mlir-opt -allow-unregistered-dialect -canonicalize='region-simplify=disabled'` (MLIR 22).
const INPUT = `func.func @const_cond(%a: i32, %c: i1) -> i32 {
  %true = arith.constant true
  cf.assert %true, "ok"
  cf.cond_br %true, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %a : i32
}
func.func @pass_through(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  cf.br ^bb3(%x : i32)
^bb2(%y: i32):
  cf.br ^bb3(%y : i32)
^bb3(%z: i32):
  return %z : i32
}
func.func @identical(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
}
func.func @identical_same(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}
func.func @assert_keep(%c: i1) {
  cf.assert %c, "kept"
  return
}
`
const EXPECTED = `module {
  func.func @const_cond(%arg0: i32, %arg1: i1) -> i32 {
    return %arg0 : i32
  }
  func.func @pass_through(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
    %0 = arith.select %arg2, %arg0, %arg1 : i32
    return %0 : i32
  }
  func.func @identical(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
    %0 = arith.select %arg2, %arg0, %arg1 : i32
    "test.use"(%0) : (i32) -> ()
    return %0 : i32
  }
  func.func @identical_same(%arg0: i32, %arg1: i1) -> i32 {
    return %arg0 : i32
  }
  func.func @assert_keep(%arg0: i1) {
    cf.assert %arg0, "kept"
    return
  }
}
`

describe('cf canonicalization patterns', () => {
  it('simplifies switches nested on the same flag like mlir-opt', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect, ArithDialect], allowUnregisteredDialects: true })
    const r = parseSourceString(`func.func @sw_same(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  "test.work"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3(%a : i32),
    42: ^bb3(%b : i32),
    43: ^bb4
  ]
^bb2:
  "test.work"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3(%a : i32),
    42: ^bb4
  ]
^bb3(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
^bb4:
  "test.work"() : () -> ()
  return %a : i32
}
`, ctx)!
    canonicalize(r.op)
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(`module {
  func.func @sw_same(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1,
      42: ^bb2
    ]
  ^bb1:  // pred: ^bb0
    "test.work"() : () -> ()
    cf.switch %arg0 : i32, [
      default: ^bb3(%arg1 : i32),
      43: ^bb4
    ]
  ^bb2:  // pred: ^bb0
    "test.work"() : () -> ()
    cf.br ^bb4
  ^bb3(%0: i32):  // pred: ^bb1
    "test.use"(%0) : (i32) -> ()
    return %0 : i32
  ^bb4:  // 2 preds: ^bb1, ^bb2
    "test.work"() : () -> ()
    return %arg1 : i32
  }
}
`)
  })

  it('propagates the branch condition into single-predecessor successors like mlir-opt', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect, ArithDialect], allowUnregisteredDialects: true })
    const r = parseSourceString(`func.func @truth(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  "test.use"(%c) : (i1) -> ()
  return
^bb2:
  "test.use"(%c) : (i1) -> ()
  return
}
`, ctx)!
    canonicalize(r.op)
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(`module {
  func.func @truth(%arg0: i1) {
    %true = arith.constant true
    %false = arith.constant false
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    "test.use"(%true) : (i1) -> ()
    return
  ^bb2:  // pred: ^bb0
    "test.use"(%false) : (i1) -> ()
    return
  }
}
`)
  })

  it('keeps the branch weights of a cond_br whose pass-through successor it skips, like mlir-opt', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect, ArithDialect], allowUnregisteredDialects: true })
    const r = parseSourceString(`func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c weights([3, 5]), ^b1(%x : i32), ^b2(%y : i32)
^b1(%a: i32):
  cf.br ^b3(%a : i32)
^b2(%b: i32):
  "test.foo"() : () -> ()
  cf.br ^b3(%b : i32)
^b3(%r: i32):
  return %r : i32
}
`, ctx)!
    canonicalize(r.op)
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(`module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.cond_br %arg0 weights([3, 5]), ^bb2(%arg1 : i32), ^bb1(%arg2 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    "test.foo"() : () -> ()
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    return %1 : i32
  }
}
`)
  })

  it('rewrite like mlir-opt -canonicalize', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect, ArithDialect], allowUnregisteredDialects: true })
    const r = parseSourceString(INPUT, ctx)!
    canonicalize(r.op)
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(EXPECTED)
  })

  it('handles same-condition branches and cf.switch like mlir-opt', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, CfDialect, ArithDialect], allowUnregisteredDialects: true })
    const r = parseSourceString(INPUT2, ctx)!
    canonicalize(r.op)
    expect(verify(r.op)).toBe(true)
    expect(printOperation(r.op)).toBe(EXPECTED2)
  })
})

const INPUT2 = `func.func @same_cond(%a: i32, %b: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb4(%b : i32)
^bb1:
  "test.work"() : () -> ()
  cf.cond_br %c, ^bb2(%a : i32), ^bb3
^bb2(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb4(%x : i32)
^bb3:
  "test.work"() : () -> ()
  cf.br ^bb4(%b : i32)
^bb4(%z: i32):
  return %z : i32
}
func.func @switch_only_default(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}
func.func @switch_drop(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    1: ^bb1(%a : i32),
    2: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}
func.func @switch_const(%a: i32, %b: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  cf.switch %c2 : i32, [
    default: ^bb1(%a : i32),
    2: ^bb2(%b : i32)
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  return %x : i32
^bb2(%y: i32):
  return %y : i32
}
func.func @switch_pass(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    5: ^bb2
  ]
^bb1(%x: i32):
  "test.use"(%x) : (i32) -> ()
  cf.br ^bb3(%x : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%z: i32):
  "test.use"(%z) : (i32) -> ()
  return %z : i32
}
`
const EXPECTED2 = `module {
  func.func @same_cond(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
    cf.cond_br %arg2, ^bb1, ^bb2(%arg1 : i32)
  ^bb1:  // pred: ^bb0
    "test.work"() : () -> ()
    "test.use"(%arg0) : (i32) -> ()
    cf.br ^bb2(%arg0 : i32)
  ^bb2(%0: i32):  // 2 preds: ^bb0, ^bb1
    return %0 : i32
  }
  func.func @switch_only_default(%arg0: i32, %arg1: i32) -> i32 {
    return %arg1 : i32
  }
  func.func @switch_drop(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : i32),
      2: ^bb1(%arg2 : i32)
    ]
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
    return %0 : i32
  }
  func.func @switch_const(%arg0: i32, %arg1: i32) -> i32 {
    return %arg1 : i32
  }
  func.func @switch_pass(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : i32),
      5: ^bb2(%arg2 : i32)
    ]
  ^bb1(%0: i32):  // pred: ^bb0
    "test.use"(%0) : (i32) -> ()
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
    "test.use"(%1) : (i32) -> ()
    return %1 : i32
  }
}
`
