import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected outputs are mlir-opt 22.1.8's on the same inputs.

describe('convert-arith-to-llvm', () => {
  it('lowers integer, float, compare, select, cast, extended and constant ops (flags, fastmath, attributes, vectors, index)', () => {
    // mlir-opt --convert-arith-to-llvm ops.mlir
    const input = `func.func @ints(%a: i32, %b: i32, %i: index, %v: vector<4xi32>, %w: vector<4xi32>) -> (i32, index) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b overflow<nsw> : i32
  %2 = arith.muli %a, %b overflow<nsw, nuw> : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b {foo} : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.shli %a, %b overflow<nuw> : i32
  %11 = arith.shrsi %a, %b : i32
  %12 = arith.shrui %a, %b : i32
  %13 = arith.maxsi %a, %b : i32
  %14 = arith.maxui %a, %b : i32
  %15 = arith.minsi %a, %b : i32
  %16 = arith.minui %a, %b : i32
  %17 = arith.addi %i, %i : index
  %18 = arith.addi %v, %w : vector<4xi32>
  %19 = arith.cmpi slt, %a, %b : i32
  %20 = arith.cmpi uge, %v, %w : vector<4xi32>
  %21 = arith.select %19, %a, %b : i32
  %22 = arith.select %20, %v, %w : vector<4xi1>, vector<4xi32>
  %23 = arith.select %19, %v, %w : vector<4xi32>
  %24 = arith.index_cast %a : i32 to index
  %25 = arith.index_cast %i : index to i64
  %26 = arith.index_castui %i : index to i16
  %27 = arith.extsi %a : i32 to i64
  %28 = arith.extui %a : i32 to i64
  %29 = arith.trunci %a : i32 to i8
  %30 = arith.trunci %a overflow<nsw> : i32 to i8
  %31:2 = arith.addui_extended %a, %b : i32, i1
  %32:2 = arith.mulsi_extended %a, %b : i32
  %33:2 = arith.mului_extended %v, %w : vector<4xi32>
  %34 = arith.index_castui %v : vector<4xi32> to vector<4xindex>
  %c = arith.constant 42 : i32
  %ci = arith.constant 7 : index
  %cv = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %cs = arith.constant dense<5> : vector<4xindex>
  %t = arith.constant true
  return %0, %17 : i32, index
}
func.func @floats(%a: f32, %b: f32, %h: f16, %d: f64, %v: vector<2xf32>, %x: i32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b fastmath<fast> : f32
  %2 = arith.mulf %a, %b fastmath<nnan,ninf> : f32
  %3 = arith.divf %a, %b fastmath<reassoc,contract> : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.negf %a fastmath<nsz> : f32
  %6 = arith.maximumf %a, %b : f32
  %7 = arith.minimumf %a, %b fastmath<afn> : f32
  %8 = arith.maxnumf %a, %b : f32
  %9 = arith.minnumf %a, %b : f32
  %10 = arith.cmpf olt, %a, %b : f32
  %11 = arith.cmpf uno, %v, %v fastmath<fast> : vector<2xf32>
  %12 = arith.extf %h : f16 to f32
  %13 = arith.truncf %d : f64 to f32
  %14 = arith.sitofp %x : i32 to f32
  %15 = arith.uitofp %x : i32 to f64
  %16 = arith.fptosi %a : f32 to i32
  %17 = arith.fptoui %a : f32 to i64
  %18 = arith.bitcast %a : f32 to i32
  %19 = arith.bitcast %x : i32 to i32
  %20 = arith.addf %v, %v : vector<2xf32>
  %21 = arith.extf %h fastmath<fast> : f16 to f32
  %22 = arith.cmpf oeq, %a, %b : f32
  %cf = arith.constant 1.5 : f32
  %cd = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %23 = arith.addf %h, %h : f16
  %24 = arith.mulf %a, %b {foo = 1 : i32} : f32
  return %0 : f32
}
`
    const expected = `module {
  func.func @ints(%arg0: i32, %arg1: i32, %arg2: index, %arg3: vector<4xi32>, %arg4: vector<4xi32>) -> (i32, index) {
    %0 = builtin.unrealized_conversion_cast %arg2 : index to i64
    %1 = llvm.add %arg0, %arg1 : i32
    %2 = llvm.sub %arg0, %arg1 overflow<nsw> : i32
    %3 = llvm.mul %arg0, %arg1 overflow<nsw, nuw> : i32
    %4 = llvm.sdiv %arg0, %arg1 : i32
    %5 = llvm.udiv %arg0, %arg1 {foo} : i32
    %6 = llvm.srem %arg0, %arg1 : i32
    %7 = llvm.urem %arg0, %arg1 : i32
    %8 = llvm.and %arg0, %arg1 : i32
    %9 = llvm.or %arg0, %arg1 : i32
    %10 = llvm.xor %arg0, %arg1 : i32
    %11 = llvm.shl %arg0, %arg1 overflow<nuw> : i32
    %12 = llvm.ashr %arg0, %arg1 : i32
    %13 = llvm.lshr %arg0, %arg1 : i32
    %14 = llvm.intr.smax(%arg0, %arg1) : (i32, i32) -> i32
    %15 = llvm.intr.umax(%arg0, %arg1) : (i32, i32) -> i32
    %16 = llvm.intr.smin(%arg0, %arg1) : (i32, i32) -> i32
    %17 = llvm.intr.umin(%arg0, %arg1) : (i32, i32) -> i32
    %18 = llvm.add %0, %0 : i64
    %19 = builtin.unrealized_conversion_cast %18 : i64 to index
    %20 = llvm.add %arg3, %arg4 : vector<4xi32>
    %21 = llvm.icmp "slt" %arg0, %arg1 : i32
    %22 = llvm.icmp "uge" %arg3, %arg4 : vector<4xi32>
    %23 = llvm.select %21, %arg0, %arg1 : i1, i32
    %24 = llvm.select %22, %arg3, %arg4 : vector<4xi1>, vector<4xi32>
    %25 = llvm.select %21, %arg3, %arg4 : i1, vector<4xi32>
    %26 = llvm.sext %arg0 : i32 to i64
    %27 = llvm.trunc %0 : i64 to i16
    %28 = llvm.sext %arg0 : i32 to i64
    %29 = llvm.zext %arg0 : i32 to i64
    %30 = llvm.trunc %arg0 : i32 to i8
    %31 = llvm.trunc %arg0 overflow<nsw> : i32 to i8
    %32 = "llvm.intr.uadd.with.overflow"(%arg0, %arg1) : (i32, i32) -> !llvm.struct<(i32, i1)>
    %33 = llvm.extractvalue %32[0] : !llvm.struct<(i32, i1)> 
    %34 = llvm.extractvalue %32[1] : !llvm.struct<(i32, i1)> 
    %35 = llvm.sext %arg0 : i32 to i64
    %36 = llvm.sext %arg1 : i32 to i64
    %37 = llvm.mul %35, %36 : i64
    %38 = llvm.trunc %37 : i64 to i32
    %39 = llvm.mlir.constant(32 : i64) : i64
    %40 = llvm.lshr %37, %39 : i64
    %41 = llvm.trunc %40 : i64 to i32
    %42 = llvm.zext %arg3 : vector<4xi32> to vector<4xi64>
    %43 = llvm.zext %arg4 : vector<4xi32> to vector<4xi64>
    %44 = llvm.mul %42, %43 : vector<4xi64>
    %45 = llvm.trunc %44 : vector<4xi64> to vector<4xi32>
    %46 = llvm.mlir.constant(dense<32> : vector<4xi64>) : vector<4xi64>
    %47 = llvm.lshr %44, %46 : vector<4xi64>
    %48 = llvm.trunc %47 : vector<4xi64> to vector<4xi32>
    %49 = llvm.zext %arg3 : vector<4xi32> to vector<4xi64>
    %50 = llvm.mlir.constant(42 : i32) : i32
    %51 = llvm.mlir.constant(7 : index) : i64
    %52 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
    %53 = llvm.mlir.constant(dense<5> : vector<4xindex>) : vector<4xi64>
    %54 = llvm.mlir.constant(true) : i1
    return %1, %19 : i32, index
  }
  func.func @floats(%arg0: f32, %arg1: f32, %arg2: f16, %arg3: f64, %arg4: vector<2xf32>, %arg5: i32) -> f32 {
    %0 = llvm.fadd %arg0, %arg1 : f32
    %1 = llvm.fsub %arg0, %arg1 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %2 = llvm.fmul %arg0, %arg1 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
    %3 = llvm.fdiv %arg0, %arg1 {fastmathFlags = #llvm.fastmath<contract, reassoc>} : f32
    %4 = llvm.frem %arg0, %arg1 : f32
    %5 = llvm.fneg %arg0 {fastmathFlags = #llvm.fastmath<nsz>} : f32
    %6 = llvm.intr.maximum(%arg0, %arg1) : (f32, f32) -> f32
    %7 = llvm.intr.minimum(%arg0, %arg1) {fastmathFlags = #llvm.fastmath<afn>} : (f32, f32) -> f32
    %8 = llvm.intr.maxnum(%arg0, %arg1) : (f32, f32) -> f32
    %9 = llvm.intr.minnum(%arg0, %arg1) : (f32, f32) -> f32
    %10 = llvm.fcmp "olt" %arg0, %arg1 : f32
    %11 = llvm.fcmp "uno" %arg4, %arg4 {fastmathFlags = #llvm.fastmath<fast>} : vector<2xf32>
    %12 = llvm.fpext %arg2 : f16 to f32
    %13 = llvm.fptrunc %arg3 : f64 to f32
    %14 = llvm.sitofp %arg5 : i32 to f32
    %15 = llvm.uitofp %arg5 : i32 to f64
    %16 = llvm.fptosi %arg0 : f32 to i32
    %17 = llvm.fptoui %arg0 : f32 to i64
    %18 = llvm.bitcast %arg0 : f32 to i32
    %19 = llvm.fadd %arg4, %arg4 : vector<2xf32>
    %20 = llvm.fpext %arg2 {fastmath = #arith.fastmath<fast>} : f16 to f32
    %21 = llvm.fcmp "oeq" %arg0, %arg1 : f32
    %22 = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %23 = llvm.mlir.constant(dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>) : vector<2xf32>
    %24 = llvm.fadd %arg2, %arg2 : f16
    %25 = llvm.fmul %arg0, %arg1 {foo = 1 : i32} : f32
    return %0 : f32
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-arith-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('expands ceildivsi, ceildivui and floordivsi before lowering', () => {
    // mlir-opt --convert-arith-to-llvm div.mlir
    const input = `func.func @d(%a: i32, %b: i32, %i: index, %j: index) -> (i32, i32, i32, index) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  %3 = arith.ceildivsi %i, %j : index
  return %0, %1, %2, %3 : i32, i32, i32, index
}
`
    const expected = `module {
  func.func @d(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index) -> (i32, i32, i32, index) {
    %0 = builtin.unrealized_conversion_cast %arg3 : index to i64
    %1 = builtin.unrealized_conversion_cast %arg2 : index to i64
    %2 = llvm.mlir.constant(0 : i32) : i32
    %3 = llvm.mlir.constant(1 : i32) : i32
    %4 = llvm.sdiv %arg0, %arg1 : i32
    %5 = llvm.mul %4, %arg1 : i32
    %6 = llvm.icmp "ne" %arg0, %5 : i32
    %7 = llvm.icmp "slt" %arg0, %2 : i32
    %8 = llvm.icmp "slt" %arg1, %2 : i32
    %9 = llvm.icmp "eq" %7, %8 : i1
    %10 = llvm.and %6, %9 : i1
    %11 = llvm.add %4, %3 : i32
    %12 = llvm.select %10, %11, %4 : i1, i32
    %13 = llvm.mlir.constant(0 : i32) : i32
    %14 = llvm.icmp "eq" %arg0, %13 : i32
    %15 = llvm.mlir.constant(1 : i32) : i32
    %16 = llvm.sub %arg0, %15 : i32
    %17 = llvm.udiv %16, %arg1 : i32
    %18 = llvm.add %17, %15 : i32
    %19 = llvm.select %14, %13, %18 : i1, i32
    %20 = llvm.sdiv %arg0, %arg1 : i32
    %21 = llvm.mul %20, %arg1 : i32
    %22 = llvm.icmp "ne" %arg0, %21 : i32
    %23 = llvm.mlir.constant(0 : i32) : i32
    %24 = llvm.icmp "slt" %arg0, %23 : i32
    %25 = llvm.icmp "slt" %arg1, %23 : i32
    %26 = llvm.icmp "ne" %24, %25 : i1
    %27 = llvm.and %22, %26 : i1
    %28 = llvm.mlir.constant(-1 : i32) : i32
    %29 = llvm.add %20, %28 : i32
    %30 = llvm.select %27, %29, %20 : i1, i32
    %31 = llvm.mlir.constant(0 : index) : i64
    %32 = llvm.mlir.constant(1 : index) : i64
    %33 = llvm.sdiv %1, %0 : i64
    %34 = llvm.mul %33, %0 : i64
    %35 = llvm.icmp "ne" %1, %34 : i64
    %36 = llvm.icmp "slt" %1, %31 : i64
    %37 = llvm.icmp "slt" %0, %31 : i64
    %38 = llvm.icmp "eq" %36, %37 : i1
    %39 = llvm.and %35, %38 : i1
    %40 = llvm.add %33, %32 : i64
    %41 = llvm.select %39, %40, %33 : i1, i64
    %42 = builtin.unrealized_conversion_cast %41 : i64 to index
    return %12, %19, %30, %42 : i32, i32, i32, index
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-arith-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('uses index-bitwidth for index values and constants', () => {
    // mlir-opt --convert-arith-to-llvm=index-bitwidth=32 div.mlir
    const input = `func.func @d(%a: i32, %b: i32, %i: index, %j: index) -> (i32, i32, i32, index) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b : i32
  %2 = arith.floordivsi %a, %b : i32
  %3 = arith.ceildivsi %i, %j : index
  return %0, %1, %2, %3 : i32, i32, i32, index
}
`
    const expected = `module {
  func.func @d(%arg0: i32, %arg1: i32, %arg2: index, %arg3: index) -> (i32, i32, i32, index) {
    %0 = builtin.unrealized_conversion_cast %arg3 : index to i32
    %1 = builtin.unrealized_conversion_cast %arg2 : index to i32
    %2 = llvm.mlir.constant(0 : i32) : i32
    %3 = llvm.mlir.constant(1 : i32) : i32
    %4 = llvm.sdiv %arg0, %arg1 : i32
    %5 = llvm.mul %4, %arg1 : i32
    %6 = llvm.icmp "ne" %arg0, %5 : i32
    %7 = llvm.icmp "slt" %arg0, %2 : i32
    %8 = llvm.icmp "slt" %arg1, %2 : i32
    %9 = llvm.icmp "eq" %7, %8 : i1
    %10 = llvm.and %6, %9 : i1
    %11 = llvm.add %4, %3 : i32
    %12 = llvm.select %10, %11, %4 : i1, i32
    %13 = llvm.mlir.constant(0 : i32) : i32
    %14 = llvm.icmp "eq" %arg0, %13 : i32
    %15 = llvm.mlir.constant(1 : i32) : i32
    %16 = llvm.sub %arg0, %15 : i32
    %17 = llvm.udiv %16, %arg1 : i32
    %18 = llvm.add %17, %15 : i32
    %19 = llvm.select %14, %13, %18 : i1, i32
    %20 = llvm.sdiv %arg0, %arg1 : i32
    %21 = llvm.mul %20, %arg1 : i32
    %22 = llvm.icmp "ne" %arg0, %21 : i32
    %23 = llvm.mlir.constant(0 : i32) : i32
    %24 = llvm.icmp "slt" %arg0, %23 : i32
    %25 = llvm.icmp "slt" %arg1, %23 : i32
    %26 = llvm.icmp "ne" %24, %25 : i1
    %27 = llvm.and %22, %26 : i1
    %28 = llvm.mlir.constant(-1 : i32) : i32
    %29 = llvm.add %20, %28 : i32
    %30 = llvm.select %27, %29, %20 : i1, i32
    %31 = llvm.mlir.constant(0 : index) : i32
    %32 = llvm.mlir.constant(1 : index) : i32
    %33 = llvm.sdiv %1, %0 : i32
    %34 = llvm.mul %33, %0 : i32
    %35 = llvm.icmp "ne" %1, %34 : i32
    %36 = llvm.icmp "slt" %1, %31 : i32
    %37 = llvm.icmp "slt" %0, %31 : i32
    %38 = llvm.icmp "eq" %36, %37 : i1
    %39 = llvm.and %35, %38 : i1
    %40 = llvm.add %33, %32 : i32
    %41 = llvm.select %39, %40, %33 : i1, i32
    %42 = builtin.unrealized_conversion_cast %41 : i32 to index
    return %12, %19, %30, %42 : i32, i32, i32, index
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-arith-to-llvm{index-bitwidth=32})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('folds illegal ops on their original operands, as upstream', () => {
    // mlir-opt --convert-arith-to-llvm fold.mlir
    const input = `func.func @fold(%a: i32, %i: index) -> (i32, index, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = arith.muli %0, %c2 : i32
  %c0 = arith.constant 0 : index
  %2 = arith.addi %i, %c0 : index
  %3 = arith.ceildivsi %c2, %c1 : i32
  return %1, %2, %3 : i32, index, i32
}
`
    const expected = `module {
  func.func @fold(%arg0: i32, %arg1: index) -> (i32, index, i32) {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.mlir.constant(2 : i32) : i32
    %2 = llvm.mlir.constant(3 : i32) : i32
    %3 = llvm.mul %2, %1 : i32
    %4 = llvm.mlir.constant(0 : index) : i64
    return %3, %arg1, %1 : i32, index, i32
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-arith-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
})
