// index dialect canonicalization through the greedy driver: the associative-commutative
// reassociation of constants and `cmp` of a subtraction against 0. Expected texts:
// mlir-opt 22.1.8 --canonicalize on the same inputs.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, FrozenRewritePatternSet, RewritePatternSet, applyPatternsGreedily, parseSourceString, printOperation } from '@tilepass/ir'
import { FuncDialect } from '../src/func/index.ts'
import { IndexDialect } from '../src/index-dialect/index.ts'

function canonicalize(source: string): string {
  const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, IndexDialect] })
  ctx.loadAllAvailableDialects()
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const set = new RewritePatternSet(ctx)
  for (const name of ctx.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(set)
  }
  applyPatternsGreedily(r.op, new FrozenRewritePatternSet(set), { useTopDownTraversal: true, regionSimplificationLevel: 'normal', maxIterations: 10 })
  return printOperation(r.op)
}

describe('index canonicalization', () => {
  it('folds and reassociates constants of add, mul, min/max, and, or, xor (not when 32- and 64-bit results differ)', () => {
    expect(canonicalize("func.func @f(%a: index, %b: index) -> (index, index, index, index, index, index, index, index, index, index, index, i1, i1, index, index, index, i64, i32, index) {\n  %c0 = index.constant 0\n  %c1 = index.constant 1\n  %c2 = index.constant 2\n  %cm1 = index.constant -1\n  %big = index.constant 4294967296\n  %c7 = index.constant 7\n  %0 = index.add %a, %c0\n  %1 = index.mul %a, %c1\n  %2 = index.divs %c7, %c2\n  %3 = index.ceildivs %c7, %c2\n  %4 = index.floordivs %cm1, %c2\n  %5 = index.shl %c1, %big\n  %6 = index.maxs %a, %a\n  %7 = index.sub %a, %a\n  %8 = index.and %a, %c0\n  %9 = index.or %a, %cm1\n  %10 = index.xor %a, %a\n  %11 = index.cmp slt(%c1, %c2)\n  %12 = index.cmp ult(%a, %c0)\n  %13 = index.add %big, %big\n  %14 = index.shrs %cm1, %c1\n  %15 = index.mul %big, %big\n  %16 = index.casts %cm1 : index to i64\n  %17 = index.castu %big : index to i32\n  %18 = index.sizeof\n  %19 = index.add %a, %c1\n  %20 = index.add %19, %c2\n  %21 = index.bool.constant true\n  %22 = index.rems %c7, %c0\n  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %20 : index, index, index, index, index, index, index, index, index, index, index, i1, i1, index, index, index, i64, i32, index\n}\nfunc.func @g(%a: index, %b: index) -> (index, i1, i1, index, index) {\n  %c5 = index.constant 5\n  %0 = index.sub %a, %b\n  %1 = index.add %0, %b\n  %2 = index.cmp eq(%a, %a)\n  %c3 = index.constant 3\n  %x = index.add %a, %c3\n  %3 = index.cmp slt(%x, %c5)\n  %4 = index.mins %a, %c5\n  %5 = index.mins %4, %c3\n  %6 = index.divu %a, %a\n  return %1, %2, %3, %5, %6 : index, i1, i1, index, index\n}\n")).toBe("module {\n  func.func @f(%arg0: index, %arg1: index) -> (index, index, index, index, index, index, index, index, index, index, index, i1, i1, index, index, index, i64, i32, index) {\n    %idx8589934592 = index.constant 8589934592\n    %true = index.bool.constant true\n    %idx0 = index.constant 0\n    %idx1 = index.constant 1\n    %idx-1 = index.constant -1\n    %idx4294967296 = index.constant 4294967296\n    %idx3 = index.constant 3\n    %idx4 = index.constant 4\n    %0 = index.shl %idx1, %idx4294967296\n    %1 = index.maxs %arg0, %arg0\n    %2 = index.sub %arg0, %arg0\n    %3 = index.and %arg0, %idx0\n    %4 = index.or %arg0, %idx-1\n    %5 = index.xor %arg0, %arg0\n    %6 = index.cmp ult(%arg0, %idx0)\n    %7 = index.casts %idx-1 : index to i64\n    %8 = index.castu %idx4294967296 : index to i32\n    %9 = index.add %arg0, %idx3\n    return %arg0, %arg0, %idx3, %idx4, %idx-1, %0, %1, %2, %3, %4, %5, %true, %6, %idx8589934592, %idx-1, %idx0, %7, %8, %9 : index, index, index, index, index, index, index, index, index, index, index, i1, i1, index, index, index, i64, i32, index\n  }\n  func.func @g(%arg0: index, %arg1: index) -> (index, i1, i1, index, index) {\n    %true = index.bool.constant true\n    %idx3 = index.constant 3\n    %idx5 = index.constant 5\n    %0 = index.sub %arg0, %arg1\n    %1 = index.add %0, %arg1\n    %2 = index.add %arg0, %idx3\n    %3 = index.cmp slt(%2, %idx5)\n    %4 = index.mins %arg0, %idx3\n    %5 = index.divu %arg0, %arg0\n    return %1, %true, %3, %4, %5 : index, i1, i1, index, index\n  }\n}\n")
  })
  it('compares the operands of a subtraction instead of its difference with 0', () => {
    expect(canonicalize("func.func @f(%a: index, %b: index) -> (i1, i1, index, index, index, index, index) {\n  %c0 = index.constant 0\n  %s = index.sub %a, %b\n  %0 = index.cmp slt(%s, %c0)\n  %1 = index.cmp ult(%c0, %s)\n  %big = index.constant 4294967296\n  %m1 = index.constant -1\n  %x = index.maxs %a, %big\n  %2 = index.maxs %x, %m1\n  %y = index.xor %a, %m1\n  %3 = index.xor %y, %m1\n  %z = index.mul %a, %big\n  %4 = index.mul %z, %big\n  %w = index.and %b, %big\n  %5 = index.and %w, %m1\n  %v = index.minu %a, %big\n  %6 = index.minu %v, %m1\n  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, index, index, index, index, index\n}\n")).toBe("module {\n  func.func @f(%arg0: index, %arg1: index) -> (i1, i1, index, index, index, index, index) {\n    %idx0 = index.constant 0\n    %idx4294967296 = index.constant 4294967296\n    %0 = index.cmp slt(%arg0, %arg1)\n    %1 = index.cmp ult(%arg1, %arg0)\n    %2 = index.maxs %arg0, %idx4294967296\n    %3 = index.xor %arg0, %idx0\n    %4 = index.and %arg1, %idx4294967296\n    %5 = index.minu %arg0, %idx4294967296\n    return %0, %1, %2, %3, %idx0, %4, %5 : i1, i1, index, index, index, index, index\n  }\n}\n")
  })
})
