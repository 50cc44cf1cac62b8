// arith folders whose upstream behaviour has quirks: floordivsi's per-lane overflow flag and
// the CastOpInterface identity fold of arith.bitcast. Expected outputs: mlir-opt 22.1.8
// `--canonicalize` on these inputs.
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  parseSourceString,
  printOperation,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'

function canonicalize(src: string): string {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect] })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const patterns = new RewritePatternSet(ctx)
  for (const name of ctx.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(patterns)
  }
  applyPatternsGreedily(r.op, new FrozenRewritePatternSet(patterns))
  return `${printOperation(r.op)}\n`
}

describe('arith folder quirks as mlir-opt 22', () => {
  it('floordivsi folds vectors unless the last lane divides by zero or overflows', () => {
    const input = String.raw`func.func @f() -> (vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xi8>) {
  %a = arith.constant dense<[6, 2]> : vector<2xi32>
  %b = arith.constant dense<[4, 0]> : vector<2xi32>
  %0 = arith.floordivsi %a, %b : vector<2xi32>
  %c = arith.constant dense<[0, 7]> : vector<2xi32>
  %d = arith.constant dense<[-3, 2]> : vector<2xi32>
  %1 = arith.floordivsi %c, %d : vector<2xi32>
  %e = arith.constant dense<[-128, -7, 9]> : vector<3xi8>
  %f = arith.constant dense<[-1, 2, 0]> : vector<3xi8>
  %g = arith.constant dense<[-1, 2, 3]> : vector<3xi8>
  %2 = arith.floordivsi %e, %g : vector<3xi8>
  %h = arith.constant dense<[-128, 5]> : vector<2xi8>
  %i = arith.constant dense<[-1, -1]> : vector<2xi8>
  %3 = arith.floordivsi %h, %i : vector<2xi8>
  %4 = arith.floordivsi %e, %f : vector<3xi8>
  return %0, %1, %2, %3 : vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xi8>
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f() -> (vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xi8>) {
    %cst = arith.constant dense<[-128, -5]> : vector<2xi8>
    %cst_0 = arith.constant dense<[-128, -4, 3]> : vector<3xi8>
    %cst_1 = arith.constant dense<[0, 3]> : vector<2xi32>
    %cst_2 = arith.constant dense<[6, 2]> : vector<2xi32>
    %cst_3 = arith.constant dense<[4, 0]> : vector<2xi32>
    %0 = arith.floordivsi %cst_2, %cst_3 : vector<2xi32>
    return %0, %cst_1, %cst_0, %cst : vector<2xi32>, vector<2xi32>, vector<3xi8>, vector<2xi8>
  }
}

`)
  })

  it('bitcast between identical types folds to its operand; vector floordivsi with a zero lane', () => {
    const input = String.raw`func.func @f(%x: i8, %v: f32) -> (i8, i32, vector<2xi32>, vector<2xi32>, vector<2xi32>) {
  %0 = arith.bitcast %x : i8 to i8
  %2 = arith.extsi %x : i8 to i32
  %c = arith.constant dense<[0, 5]> : vector<2xi32>
  %d = arith.constant dense<[0, 2]> : vector<2xi32>
  %e = arith.floordivsi %c, %d : vector<2xi32>
  %g = arith.ceildivsi %c, %d : vector<2xi32>
  %h = arith.divsi %c, %d : vector<2xi32>
  return %0, %2, %e, %g, %h : i8, i32, vector<2xi32>, vector<2xi32>, vector<2xi32>
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f(%arg0: i8, %arg1: f32) -> (i8, i32, vector<2xi32>, vector<2xi32>, vector<2xi32>) {
    %cst = arith.constant dense<[0, 2]> : vector<2xi32>
    %cst_0 = arith.constant dense<[0, 5]> : vector<2xi32>
    %0 = arith.extsi %arg0 : i8 to i32
    %1 = arith.ceildivsi %cst_0, %cst : vector<2xi32>
    %2 = arith.divsi %cst_0, %cst : vector<2xi32>
    return %arg0, %0, %cst, %1, %2 : i8, i32, vector<2xi32>, vector<2xi32>, vector<2xi32>
  }
}

`)
  })

  it('extf folds scalar constants to f80 and f128 (NaNs to f128), and truncf folds exact wide constants back', () => {
    const input = String.raw`func.func @f() -> (f80, f128, f128, f64, f80) {
  %c = arith.constant 1.5 : f32
  %d = arith.constant 0.1 : f64
  %a = arith.extf %c : f32 to f80
  %b = arith.extf %c : f32 to f128
  %e = arith.extf %d : f64 to f128
  %h = arith.constant 3.0e+38 : f64
  %t = arith.truncf %e : f128 to f64
  %u = arith.extf %d : f64 to f80
  return %a, %b, %e, %t, %u : f80, f128, f128, f64, f80
}
func.func @g(%x: f64) -> (f80, f128, f32, f128, f128) {
  %c = arith.constant -0.0 : f16
  %a = arith.extf %c : f16 to f80
  %i = arith.constant 0x7F800000 : f32
  %b = arith.extf %i : f32 to f128
  %n = arith.constant 0x7FC00000 : f32
  %nb = arith.extf %n : f32 to f128
  %e = arith.extf %x : f64 to f128
  %t = arith.truncf %e : f128 to f32
  %w = arith.constant 1.0e+300 : f64
  %ww = arith.extf %w : f64 to f128
  return %a, %b, %t, %nb, %ww : f80, f128, f32, f128, f128
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @f() -> (f80, f128, f128, f64, f80) {
    %cst = arith.constant 1.500000e+00 : f80
    %cst_0 = arith.constant 1.500000e+00 : f128
    %cst_1 = arith.constant 0.100000000000000005551115123125782702 : f128
    %cst_2 = arith.constant 1.000000e-01 : f64
    %cst_3 = arith.constant 0.100000000000000005551 : f80
    return %cst, %cst_0, %cst_1, %cst_2, %cst_3 : f80, f128, f128, f64, f80
  }
  func.func @g(%arg0: f64) -> (f80, f128, f32, f128, f128) {
    %cst = arith.constant 1.00000000000000005250476025520442025E+300 : f128
    %cst_0 = arith.constant -0.000000e+00 : f80
    %cst_1 = arith.constant 0x7FFF0000000000000000000000000000 : f128
    %cst_2 = arith.constant 0x7FFF8000000000000000000000000000 : f128
    %0 = arith.truncf %arg0 : f64 to f32
    return %cst_0, %cst_1, %0, %cst_2, %cst : f80, f128, f32, f128, f128
  }
}

`)
  })
})
