// `#llvm.loop_annotation` and its nested loop attributes, poison folds of `arith.select` and `arith.bitcast`
// and `cf.cond_br` into an unreachable block. Expected texts are mlir-opt 22.1.8's output on
// the inputs next to them (`mlir-opt`, `--mlir-print-local-scope`, `--canonicalize`).
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  type IntegerAttr,
  Context,
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  parseSourceString,
  printOperation,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { CfDialect } from '../src/cf/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { LLVMDialect, LLVMLoopAttr } from '../src/llvm/index.ts'
import { UBDialect } from '../src/ub/index.ts'
import { roundTrip } from './funcHelpers.ts'

const LOOPS = `#u = #llvm.loop_unroll<disable = false, count = 4 : i64, full = true>
llvm.func @loops(%c: i1) {
  llvm.br ^bb1 {loop_annotation = #llvm.loop_annotation<disableNonforced = true, vectorize = <disable = true, width = 4 : i32, followupAll = <mustProgress = true>>, interleave = <count = 2 : i32>, unroll = #u, licm = <disable = true, versioningDisable = false>, pipeline = <disable = false, initiationinterval = 2 : i32>, mustProgress = true>}
^bb1:
  llvm.cond_br %c, ^bb1, ^bb2 {loop_annotation = #llvm.loop_annotation<unroll = #u, unswitch = <partialDisable = true>, peeled = <count = 5 : i32>>}
^bb2:
  llvm.return
}
`

describe('#llvm.loop_annotation', () => {
  it('prints nested loop attributes through their aliases, numbered as mlir-opt numbers them', () => {
    const r = roundTrip(LOOPS, [LLVMDialect])
    expect(r.diags).toEqual([])
    expect(r.out.trimEnd()).toBe(`#loop_annotation = #llvm.loop_annotation<mustProgress = true>
#loop_interleave = #llvm.loop_interleave<count = 2 : i32>
#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = false>
#loop_peeled = #llvm.loop_peeled<count = 5 : i32>
#loop_pipeline = #llvm.loop_pipeline<disable = false, initiationinterval = 2 : i32>
#loop_unroll = #llvm.loop_unroll<disable = false, count = 4 : i64, full = true>
#loop_unswitch = #llvm.loop_unswitch<partialDisable = true>
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll, peeled = #loop_peeled, unswitch = #loop_unswitch>
#loop_vectorize = #llvm.loop_vectorize<disable = true, width = 4 : i32, followupAll = #loop_annotation>
#loop_annotation2 = #llvm.loop_annotation<disableNonforced = true, vectorize = #loop_vectorize, interleave = #loop_interleave, unroll = #loop_unroll, licm = #loop_licm, pipeline = #loop_pipeline, mustProgress = true>
module {
  llvm.func @loops(%arg0: i1) {
    llvm.br ^bb1 {loop_annotation = #loop_annotation2}
  ^bb1:  // 2 preds: ^bb0, ^bb1
    llvm.cond_br %arg0, ^bb1, ^bb2 {loop_annotation = #loop_annotation1}
  ^bb2:  // pred: ^bb1
    llvm.return
  }
}`)
  })

  it('interns equal annotations written stripped or in full, and exposes parameters by name', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, LLVMDialect] })
    const r = parseSourceString(`"builtin.module"() ({}) {a = #llvm.loop_annotation<unroll = <count = 2 : i32>>, b = #llvm.loop_annotation<unroll = #llvm.loop_unroll<count = 2 : i32>>} : () -> ()`, ctx)
    const a = r!.op.getAttr('a')
    expect(a).toBeInstanceOf(LLVMLoopAttr)
    expect(a).toBe(r!.op.getAttr('b'))
    const unroll = (a as LLVMLoopAttr).getParam('unroll') as LLVMLoopAttr
    expect(unroll.mnemonic).toBe('loop_unroll')
    expect((unroll.getParam('count') as IntegerAttr).value).toBe(2n)
    expect(unroll.getParam('full')).toBeUndefined()
  })

  it('reports struct errors as mlir-opt does', () => {
    const bad = (attr: string): string[] => roundTrip(`"builtin.module"() ({}) {a = ${attr}} : () -> ()`, [LLVMDialect]).diags
    expect(bad('#llvm.loop_unroll<bogus = true>')).toEqual(['1:56: error: duplicate or unknown struct parameter name: bogus'])
    expect(bad('#llvm.loop_unroll<count = 4 : i64, count = 3 : i32>')).toEqual(['1:73: error: duplicate or unknown struct parameter name: count'])
    expect(bad('#llvm.loop_unroll<full = 1>')).toEqual([
      '1:55: error: invalid kind of attribute specified',
      "1:56: error: failed to parse LoopUnrollAttr parameter 'full' which is to be a `BoolAttr`",
    ])
    expect(bad('#llvm.loop_annotation<unroll = #llvm.loop_licm<disable = true>>')).toEqual([
      '1:61: error: invalid kind of attribute specified',
      "1:92: error: failed to parse LoopAnnotationAttr parameter 'unroll' which is to be a `LoopUnrollAttr`",
    ])
    expect(bad('#llvm.loop_interleave<>')).toEqual(['1:52: error: expected valid keyword', '1:52: error: expected a parameter name in struct'])
  })

  it('is a property of llvm.br and llvm.cond_br that must be a loop annotation', () => {
    const r = roundTrip('llvm.func @f() {\n  llvm.br ^bb1 {loop_annotation = #llvm.loop_unroll<>}\n^bb1:\n  llvm.return\n}\n', [LLVMDialect])
    expect(r.diags).toEqual(["2:16: error: custom op 'llvm.br' 'llvm.br' op attribute 'loop_annotation' failed to satisfy constraint: "])
  })
})

function canonicalize(src: string): string {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, CfDialect, FuncDialect, UBDialect], allowUnregisteredDialects: true })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const patterns = new RewritePatternSet(ctx)
  for (const name of ctx.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(patterns)
  }
  applyPatternsGreedily(r.op, new FrozenRewritePatternSet(patterns))
  return printOperation(r.op).trimEnd()
}

describe('#llvm.memory_effects', () => {
  it('takes every location once in any order and prints them in declaration order', () => {
    const r = roundTrip(`llvm.func @baz()
llvm.func @f() {
  llvm.call @baz() {memory = #llvm.memory_effects<targetMem1 = none, argMem = read, other = write, errnoMem = none, targetMem0 = none, inaccessibleMem = readwrite>} : () -> ()
  llvm.return
}
`, [LLVMDialect])
    expect(r.diags).toEqual([])
    expect(r.out.trimEnd()).toBe(`module {
  llvm.func @baz()
  llvm.func @f() {
    llvm.call @baz() {memory = #llvm.memory_effects<other = write, argMem = read, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : () -> ()
    llvm.return
  }
}`)
  })
  it('reports an unknown ModRefInfo as mlir-opt does', () => {
    const r = roundTrip('module attributes {a = #llvm.memory_effects<other = bad, argMem = read, inaccessibleMem = write, errnoMem = none, targetMem0 = none, targetMem1 = none>} {}', [LLVMDialect])
    expect(r.diags).toEqual([
      '1:53: error: expected one of [none, read, write, readwrite] for LLVM ModRefInfo, got: bad',
      "1:56: error: failed to parse LLVM_MemoryEffectsAttr parameter 'other' which is to be a `ModRefInfo`",
    ])
  })
})

describe('poison and unreachable in canonicalization', () => {
  it('folds a select with a poisoned arm to the other arm, and drops branches into a lone ub.unreachable', () => {
    const input = `func.func @f(%c: i1, %d: i32, %e: i32) -> (i32, i32, i32) {
  %p = ub.poison : i32
  %s = arith.select %c, %p, %d : i32
  %t = arith.select %c, %e, %p : i32
  %pc = ub.poison : i1
  %u = arith.select %pc, %d, %e : i32
  return %s, %t, %u : i32, i32, i32
}
func.func @g(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2(%x : i32)
^bb1:
  ub.unreachable
^bb2(%a: i32):
  return %a : i32
}
func.func @h(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  return %a : i32
^bb2:
  "test.op"() : () -> ()
  ub.unreachable
}
`
    expect(canonicalize(input)).toBe(`module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
    %0 = ub.poison : i1
    %1 = arith.select %0, %arg1, %arg2 : i32
    return %arg1, %arg2, %1 : i32, i32, i32
  }
  func.func @g(%arg0: i1, %arg1: i32) -> i32 {
    return %arg1 : i32
  }
  func.func @h(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
  ^bb1(%0: i32):  // pred: ^bb0
    return %0 : i32
  ^bb2:  // pred: ^bb0
    "test.op"() : () -> ()
    ub.unreachable
  }
}`)
  })

  it('folds a bitcast of poison to poison of the result type (materialized as ub.poison)', () => {
    expect(canonicalize(`func.func @f(%h: i16) -> (f32, i32, f16) {
  %p = ub.poison : i32
  %a = arith.bitcast %p : i32 to f32
  %pf = ub.poison : f32
  %b = arith.bitcast %pf : f32 to i32
  %x = arith.bitcast %h : i16 to bf16
  %c = arith.bitcast %x : bf16 to f16
  return %a, %b, %c : f32, i32, f16
}
`)).toBe(`module {
  func.func @f(%arg0: i16) -> (f32, i32, f16) {
    %0 = ub.poison : f32
    %1 = ub.poison : i32
    %2 = arith.bitcast %arg0 : i16 to f16
    return %0, %1, %2 : f32, i32, f16
  }
}`)
  })
})
