// convert-math-to-llvm: every expected output is mlir-opt 22.1.8's on the same input and
// pipeline (fast-math flags carried over, n-D vectors unrolled, 0-d vectors cast to 1-D).
import { describe, expect, it } from 'vitest'
import { FileLineColLoc } from '@tilepass/ir'
import { makeContext, parse, runPipeline } from './helpers.ts'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerConversionPasses } from '../src/index.ts'

const ND_ISNAN = String.raw`func.func @f(%v: vector<2x3xf32>) -> vector<2x3xi1> {
  %0 = math.isnan %v : vector<2x3xf32>
  return %0 : vector<2x3xi1>
}
`

const MATH = String.raw`func.func @f(%c: f32, %i: i32, %v: vector<2x3xf32>, %vi: vector<2x3xi32>, %t: tensor<4xf32>, %i64: i64, %z: vector<f32>, %zi: vector<i32>, %s: vector<[4]xf32>) {
  %r1 = math.floor %c fastmath<fast> : f32
  %r2 = math.fma %c, %c, %c : f32
  %r3 = math.cbrt %c : f32
  %r4 = math.fpowi %c, %i64 fastmath<nnan> : f32, i64
  %r5:2 = math.sincos %c fastmath<afn> : f32
  %r6 = math.isinf %c : f32
  %r7 = math.isfinite %c : f32
  %r8 = math.atan2 %c, %c : f32
  %r9 = math.acosh %c : f32
  %r10 = math.ctlz %vi : vector<2x3xi32>
  %r11 = math.ctpop %vi : vector<2x3xi32>
  %r12 = math.expm1 %v fastmath<nnan> : vector<2x3xf32>
  %r13 = math.log1p %z : vector<f32>
  %r14 = math.rsqrt %s : vector<[4]xf32>
  %r15 = math.absi %zi : vector<i32>
  %r16 = math.floor %t : tensor<4xf32>
  %r17 = math.cttz %i : i32
  %r18 = math.tanh %v : vector<2x3xf32>
  return
}
`

describe('convert-math-to-llvm', () => {
  it('lowers to intrinsics, expands expm1/log1p/rsqrt and leaves ops without a lowering', () => {
    const r = runPipeline(MATH, 'builtin.module(convert-math-to-llvm)')
    expect(r.ok).toBe(true)
    expect(`${r.text}\n`).toBe(String.raw`module {
  func.func @f(%arg0: f32, %arg1: i32, %arg2: vector<2x3xf32>, %arg3: vector<2x3xi32>, %arg4: tensor<4xf32>, %arg5: i64, %arg6: vector<f32>, %arg7: vector<i32>, %arg8: vector<[4]xf32>) {
    %0 = builtin.unrealized_conversion_cast %arg7 : vector<i32> to vector<1xi32>
    %1 = builtin.unrealized_conversion_cast %arg6 : vector<f32> to vector<1xf32>
    %2 = builtin.unrealized_conversion_cast %arg2 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
    %3 = builtin.unrealized_conversion_cast %arg3 : vector<2x3xi32> to !llvm.array<2 x vector<3xi32>>
    %4 = llvm.intr.floor(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
    %5 = llvm.intr.fma(%arg0, %arg0, %arg0) : (f32, f32, f32) -> f32
    %6 = math.cbrt %arg0 : f32
    %7 = llvm.intr.powi(%arg0, %arg5) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, i64) -> f32
    %8 = llvm.intr.sincos(%arg0) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> !llvm.struct<(f32, f32)>
    %9 = llvm.extractvalue %8[0] : !llvm.struct<(f32, f32)> 
    %10 = llvm.extractvalue %8[1] : !llvm.struct<(f32, f32)> 
    %11 = math.isinf %arg0 : f32
    %12 = "llvm.intr.is.fpclass"(%arg0) <{bit = 504 : i32}> : (f32) -> i1
    %13 = llvm.intr.atan2(%arg0, %arg0) : (f32, f32) -> f32
    %14 = math.acosh %arg0 : f32
    %15 = math.ctlz %arg3 : vector<2x3xi32>
    %16 = llvm.mlir.poison : !llvm.array<2 x vector<3xi32>>
    %17 = llvm.extractvalue %3[0] : !llvm.array<2 x vector<3xi32>> 
    %18 = llvm.intr.ctpop(%17) : (vector<3xi32>) -> vector<3xi32>
    %19 = llvm.insertvalue %18, %16[0] : !llvm.array<2 x vector<3xi32>> 
    %20 = llvm.extractvalue %3[1] : !llvm.array<2 x vector<3xi32>> 
    %21 = llvm.intr.ctpop(%20) : (vector<3xi32>) -> vector<3xi32>
    %22 = llvm.insertvalue %21, %19[1] : !llvm.array<2 x vector<3xi32>> 
    %23 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %24 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<3xf32>> 
    %25 = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
    %26 = llvm.intr.exp(%24) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<3xf32>) -> vector<3xf32>
    %27 = llvm.fsub %26, %25 {fastmathFlags = #llvm.fastmath<nnan>} : vector<3xf32>
    %28 = llvm.insertvalue %27, %23[0] : !llvm.array<2 x vector<3xf32>> 
    %29 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<3xf32>> 
    %30 = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
    %31 = llvm.intr.exp(%29) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<3xf32>) -> vector<3xf32>
    %32 = llvm.fsub %31, %30 {fastmathFlags = #llvm.fastmath<nnan>} : vector<3xf32>
    %33 = llvm.insertvalue %32, %28[1] : !llvm.array<2 x vector<3xf32>> 
    %34 = llvm.mlir.constant(dense<1.000000e+00> : vector<1xf32>) : vector<1xf32>
    %35 = llvm.fadd %34, %1 : vector<1xf32>
    %36 = llvm.intr.log(%35) : (vector<1xf32>) -> vector<1xf32>
    %37 = llvm.mlir.constant(dense<1.000000e+00> : vector<[4]xf32>) : vector<[4]xf32>
    %38 = llvm.intr.sqrt(%arg8) : (vector<[4]xf32>) -> vector<[4]xf32>
    %39 = llvm.fdiv %37, %38 : vector<[4]xf32>
    %40 = "llvm.intr.abs"(%0) <{is_int_min_poison = false}> : (vector<1xi32>) -> vector<1xi32>
    %41 = math.floor %arg4 : tensor<4xf32>
    %42 = "llvm.intr.cttz"(%arg1) <{is_zero_poison = false}> : (i32) -> i32
    %43 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %44 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<3xf32>> 
    %45 = llvm.intr.tanh(%44) : (vector<3xf32>) -> vector<3xf32>
    %46 = llvm.insertvalue %45, %43[0] : !llvm.array<2 x vector<3xf32>> 
    %47 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<3xf32>> 
    %48 = llvm.intr.tanh(%47) : (vector<3xf32>) -> vector<3xf32>
    %49 = llvm.insertvalue %48, %46[1] : !llvm.array<2 x vector<3xf32>> 
    return
  }
}

`)
  })
  it('keeps math.log1p with approximate-log1p=false', () => {
    const r = runPipeline(MATH, 'builtin.module(convert-math-to-llvm{approximate-log1p=false})')
    expect(r.ok).toBe(true)
    expect(`${r.text}\n`).toBe(String.raw`module {
  func.func @f(%arg0: f32, %arg1: i32, %arg2: vector<2x3xf32>, %arg3: vector<2x3xi32>, %arg4: tensor<4xf32>, %arg5: i64, %arg6: vector<f32>, %arg7: vector<i32>, %arg8: vector<[4]xf32>) {
    %0 = builtin.unrealized_conversion_cast %arg7 : vector<i32> to vector<1xi32>
    %1 = builtin.unrealized_conversion_cast %arg2 : vector<2x3xf32> to !llvm.array<2 x vector<3xf32>>
    %2 = builtin.unrealized_conversion_cast %arg3 : vector<2x3xi32> to !llvm.array<2 x vector<3xi32>>
    %3 = llvm.intr.floor(%arg0) {fastmathFlags = #llvm.fastmath<fast>} : (f32) -> f32
    %4 = llvm.intr.fma(%arg0, %arg0, %arg0) : (f32, f32, f32) -> f32
    %5 = math.cbrt %arg0 : f32
    %6 = llvm.intr.powi(%arg0, %arg5) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, i64) -> f32
    %7 = llvm.intr.sincos(%arg0) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> !llvm.struct<(f32, f32)>
    %8 = llvm.extractvalue %7[0] : !llvm.struct<(f32, f32)> 
    %9 = llvm.extractvalue %7[1] : !llvm.struct<(f32, f32)> 
    %10 = math.isinf %arg0 : f32
    %11 = "llvm.intr.is.fpclass"(%arg0) <{bit = 504 : i32}> : (f32) -> i1
    %12 = llvm.intr.atan2(%arg0, %arg0) : (f32, f32) -> f32
    %13 = math.acosh %arg0 : f32
    %14 = math.ctlz %arg3 : vector<2x3xi32>
    %15 = llvm.mlir.poison : !llvm.array<2 x vector<3xi32>>
    %16 = llvm.extractvalue %2[0] : !llvm.array<2 x vector<3xi32>> 
    %17 = llvm.intr.ctpop(%16) : (vector<3xi32>) -> vector<3xi32>
    %18 = llvm.insertvalue %17, %15[0] : !llvm.array<2 x vector<3xi32>> 
    %19 = llvm.extractvalue %2[1] : !llvm.array<2 x vector<3xi32>> 
    %20 = llvm.intr.ctpop(%19) : (vector<3xi32>) -> vector<3xi32>
    %21 = llvm.insertvalue %20, %18[1] : !llvm.array<2 x vector<3xi32>> 
    %22 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %23 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>> 
    %24 = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
    %25 = llvm.intr.exp(%23) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<3xf32>) -> vector<3xf32>
    %26 = llvm.fsub %25, %24 {fastmathFlags = #llvm.fastmath<nnan>} : vector<3xf32>
    %27 = llvm.insertvalue %26, %22[0] : !llvm.array<2 x vector<3xf32>> 
    %28 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>> 
    %29 = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf32>) : vector<3xf32>
    %30 = llvm.intr.exp(%28) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<3xf32>) -> vector<3xf32>
    %31 = llvm.fsub %30, %29 {fastmathFlags = #llvm.fastmath<nnan>} : vector<3xf32>
    %32 = llvm.insertvalue %31, %27[1] : !llvm.array<2 x vector<3xf32>> 
    %33 = math.log1p %arg6 : vector<f32>
    %34 = llvm.mlir.constant(dense<1.000000e+00> : vector<[4]xf32>) : vector<[4]xf32>
    %35 = llvm.intr.sqrt(%arg8) : (vector<[4]xf32>) -> vector<[4]xf32>
    %36 = llvm.fdiv %34, %35 : vector<[4]xf32>
    %37 = "llvm.intr.abs"(%0) <{is_int_min_poison = false}> : (vector<1xi32>) -> vector<1xi32>
    %38 = math.floor %arg4 : tensor<4xf32>
    %39 = "llvm.intr.cttz"(%arg1) <{is_zero_poison = false}> : (i32) -> i32
    %40 = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
    %41 = llvm.extractvalue %1[0] : !llvm.array<2 x vector<3xf32>> 
    %42 = llvm.intr.tanh(%41) : (vector<3xf32>) -> vector<3xf32>
    %43 = llvm.insertvalue %42, %40[0] : !llvm.array<2 x vector<3xf32>> 
    %44 = llvm.extractvalue %1[1] : !llvm.array<2 x vector<3xf32>> 
    %45 = llvm.intr.tanh(%44) : (vector<3xf32>) -> vector<3xf32>
    %46 = llvm.insertvalue %45, %43[1] : !llvm.array<2 x vector<3xf32>> 
    return
  }
}

`)
  })
  it('fails as upstream on math.isnan of an n-D vector (llvm.intr.is.fpclass takes 1-D vectors)', () => {
    expect(firstError(ND_ISNAN)).toBe("2:8: 'llvm.intr.is.fpclass' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got '!llvm.array<2 x vector<3xf32>>'")
  })
  it('fails as upstream on math.fpowi of vectors (llvm.intr.powi takes a scalar power)', () => {
    expect(firstError(String.raw`func.func @f(%v: vector<4xf32>, %i: vector<4xi32>) -> vector<4xf32> {
  %0 = math.fpowi %v, %i : vector<4xf32>, vector<4xi32>
  return %0 : vector<4xf32>
}
`)).toBe("2:8: 'llvm.intr.powi' op operand #1 must be signless integer, but got 'vector<4xi32>'")
  })
})

function firstError(src: string): string | undefined {
  const ctx = makeContext()
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.location instanceof FileLineColLoc ? `${d.location.line}:${d.location.column}: ${d.message}` : d.message)
    return true
  })
  const module = parse(src, ctx)
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const pm = new PassManager(ctx)
  pm.assignPipeline(parsePassPipeline('builtin.module(convert-math-to-llvm)', registry).pm!)
  expect(pm.run(module)).toBe(false)
  return errors[0]
}
