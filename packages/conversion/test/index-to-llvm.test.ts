import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected outputs are mlir-opt 22.1.8's on the same inputs.

describe('convert-index-to-llvm', () => {
  it('lowers every index op (ceil/floor divisions expanded, casts, cmp, sizeof, constants)', () => {
    // mlir-opt --convert-index-to-llvm ops.mlir
    const input = `func.func @ops(%a: index, %b: index, %i: i32, %l: i64, %s: i16) -> (index, i1) {
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.rems %a, %b
  %6 = index.remu %a, %b
  %7 = index.maxs %a, %b
  %8 = index.maxu %a, %b
  %9 = index.mins %a, %b
  %10 = index.minu %a, %b
  %11 = index.shl %a, %b
  %12 = index.shrs %a, %b
  %13 = index.shru %a, %b
  %14 = index.and %a, %b
  %15 = index.or %a, %b
  %16 = index.xor %a, %b {tag}
  %17 = index.ceildivs %a, %b
  %18 = index.ceildivu %a, %b
  %19 = index.floordivs %a, %b
  %20 = index.casts %i : i32 to index
  %21 = index.castu %l : i64 to index
  %22 = index.casts %a : index to i16
  %23 = index.castu %s : i16 to index
  %24 = index.cmp sge(%a, %b)
  %25 = index.sizeof
  %26 = index.constant 4294967297
  %27 = index.bool.constant false
  %28 = index.casts %a : index to i64
  return %0, %24 : index, i1
}
`
    const expected = `module {
  func.func @ops(%arg0: index, %arg1: index, %arg2: i32, %arg3: i64, %arg4: i16) -> (index, i1) {
    %0 = builtin.unrealized_conversion_cast %arg1 : index to i64
    %1 = builtin.unrealized_conversion_cast %arg0 : index to i64
    %2 = llvm.add %1, %0 : i64
    %3 = builtin.unrealized_conversion_cast %2 : i64 to index
    %4 = llvm.sub %1, %0 : i64
    %5 = llvm.mul %1, %0 : i64
    %6 = llvm.sdiv %1, %0 : i64
    %7 = llvm.udiv %1, %0 : i64
    %8 = llvm.srem %1, %0 : i64
    %9 = llvm.urem %1, %0 : i64
    %10 = llvm.intr.smax(%1, %0) : (i64, i64) -> i64
    %11 = llvm.intr.umax(%1, %0) : (i64, i64) -> i64
    %12 = llvm.intr.smin(%1, %0) : (i64, i64) -> i64
    %13 = llvm.intr.umin(%1, %0) : (i64, i64) -> i64
    %14 = llvm.shl %1, %0 : i64
    %15 = llvm.ashr %1, %0 : i64
    %16 = llvm.lshr %1, %0 : i64
    %17 = llvm.and %1, %0 : i64
    %18 = llvm.or %1, %0 : i64
    %19 = llvm.xor %1, %0 {tag} : i64
    %20 = llvm.mlir.constant(0 : i64) : i64
    %21 = llvm.mlir.constant(1 : i64) : i64
    %22 = llvm.mlir.constant(-1 : i64) : i64
    %23 = llvm.icmp "sgt" %0, %20 : i64
    %24 = llvm.select %23, %22, %21 : i1, i64
    %25 = llvm.add %1, %24 : i64
    %26 = llvm.sdiv %25, %0 : i64
    %27 = llvm.add %26, %21 : i64
    %28 = llvm.sub %20, %1 : i64
    %29 = llvm.sdiv %28, %0 : i64
    %30 = llvm.sub %20, %29 : i64
    %31 = llvm.icmp "sgt" %1, %20 : i64
    %32 = llvm.icmp "eq" %31, %23 : i1
    %33 = llvm.icmp "ne" %1, %20 : i64
    %34 = llvm.and %32, %33 : i1
    %35 = llvm.select %34, %27, %30 : i1, i64
    %36 = llvm.mlir.constant(0 : i64) : i64
    %37 = llvm.mlir.constant(1 : i64) : i64
    %38 = llvm.sub %1, %37 : i64
    %39 = llvm.udiv %38, %0 : i64
    %40 = llvm.add %39, %37 : i64
    %41 = llvm.icmp "eq" %1, %36 : i64
    %42 = llvm.select %41, %36, %40 : i1, i64
    %43 = llvm.mlir.constant(0 : i64) : i64
    %44 = llvm.mlir.constant(1 : i64) : i64
    %45 = llvm.mlir.constant(-1 : i64) : i64
    %46 = llvm.icmp "slt" %0, %43 : i64
    %47 = llvm.select %46, %44, %45 : i1, i64
    %48 = llvm.sub %47, %1 : i64
    %49 = llvm.sdiv %48, %0 : i64
    %50 = llvm.sub %45, %49 : i64
    %51 = llvm.sdiv %1, %0 : i64
    %52 = llvm.icmp "slt" %1, %43 : i64
    %53 = llvm.icmp "ne" %52, %46 : i1
    %54 = llvm.icmp "ne" %1, %43 : i64
    %55 = llvm.and %53, %54 : i1
    %56 = llvm.select %55, %50, %51 : i1, i64
    %57 = llvm.sext %arg2 : i32 to i64
    %58 = llvm.trunc %1 : i64 to i16
    %59 = llvm.zext %arg4 : i16 to i64
    %60 = llvm.icmp "sge" %1, %0 : i64
    %61 = llvm.mlir.constant(64 : i64) : i64
    %62 = llvm.mlir.constant(4294967297 : i64) : i64
    %63 = llvm.mlir.constant(false) : i1
    return %3, %60 : index, i1
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-index-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('truncates to index-bitwidth', () => {
    // mlir-opt --convert-index-to-llvm=index-bitwidth=32 ops.mlir
    const input = `func.func @ops(%a: index, %b: index, %i: i32, %l: i64, %s: i16) -> (index, i1) {
  %0 = index.add %a, %b
  %1 = index.sub %a, %b
  %2 = index.mul %a, %b
  %3 = index.divs %a, %b
  %4 = index.divu %a, %b
  %5 = index.rems %a, %b
  %6 = index.remu %a, %b
  %7 = index.maxs %a, %b
  %8 = index.maxu %a, %b
  %9 = index.mins %a, %b
  %10 = index.minu %a, %b
  %11 = index.shl %a, %b
  %12 = index.shrs %a, %b
  %13 = index.shru %a, %b
  %14 = index.and %a, %b
  %15 = index.or %a, %b
  %16 = index.xor %a, %b {tag}
  %17 = index.ceildivs %a, %b
  %18 = index.ceildivu %a, %b
  %19 = index.floordivs %a, %b
  %20 = index.casts %i : i32 to index
  %21 = index.castu %l : i64 to index
  %22 = index.casts %a : index to i16
  %23 = index.castu %s : i16 to index
  %24 = index.cmp sge(%a, %b)
  %25 = index.sizeof
  %26 = index.constant 4294967297
  %27 = index.bool.constant false
  %28 = index.casts %a : index to i64
  return %0, %24 : index, i1
}
`
    const expected = `module {
  func.func @ops(%arg0: index, %arg1: index, %arg2: i32, %arg3: i64, %arg4: i16) -> (index, i1) {
    %0 = builtin.unrealized_conversion_cast %arg1 : index to i32
    %1 = builtin.unrealized_conversion_cast %arg0 : index to i32
    %2 = llvm.add %1, %0 : i32
    %3 = builtin.unrealized_conversion_cast %2 : i32 to index
    %4 = llvm.sub %1, %0 : i32
    %5 = llvm.mul %1, %0 : i32
    %6 = llvm.sdiv %1, %0 : i32
    %7 = llvm.udiv %1, %0 : i32
    %8 = llvm.srem %1, %0 : i32
    %9 = llvm.urem %1, %0 : i32
    %10 = llvm.intr.smax(%1, %0) : (i32, i32) -> i32
    %11 = llvm.intr.umax(%1, %0) : (i32, i32) -> i32
    %12 = llvm.intr.smin(%1, %0) : (i32, i32) -> i32
    %13 = llvm.intr.umin(%1, %0) : (i32, i32) -> i32
    %14 = llvm.shl %1, %0 : i32
    %15 = llvm.ashr %1, %0 : i32
    %16 = llvm.lshr %1, %0 : i32
    %17 = llvm.and %1, %0 : i32
    %18 = llvm.or %1, %0 : i32
    %19 = llvm.xor %1, %0 {tag} : i32
    %20 = llvm.mlir.constant(0 : i32) : i32
    %21 = llvm.mlir.constant(1 : i32) : i32
    %22 = llvm.mlir.constant(-1 : i32) : i32
    %23 = llvm.icmp "sgt" %0, %20 : i32
    %24 = llvm.select %23, %22, %21 : i1, i32
    %25 = llvm.add %1, %24 : i32
    %26 = llvm.sdiv %25, %0 : i32
    %27 = llvm.add %26, %21 : i32
    %28 = llvm.sub %20, %1 : i32
    %29 = llvm.sdiv %28, %0 : i32
    %30 = llvm.sub %20, %29 : i32
    %31 = llvm.icmp "sgt" %1, %20 : i32
    %32 = llvm.icmp "eq" %31, %23 : i1
    %33 = llvm.icmp "ne" %1, %20 : i32
    %34 = llvm.and %32, %33 : i1
    %35 = llvm.select %34, %27, %30 : i1, i32
    %36 = llvm.mlir.constant(0 : i32) : i32
    %37 = llvm.mlir.constant(1 : i32) : i32
    %38 = llvm.sub %1, %37 : i32
    %39 = llvm.udiv %38, %0 : i32
    %40 = llvm.add %39, %37 : i32
    %41 = llvm.icmp "eq" %1, %36 : i32
    %42 = llvm.select %41, %36, %40 : i1, i32
    %43 = llvm.mlir.constant(0 : i32) : i32
    %44 = llvm.mlir.constant(1 : i32) : i32
    %45 = llvm.mlir.constant(-1 : i32) : i32
    %46 = llvm.icmp "slt" %0, %43 : i32
    %47 = llvm.select %46, %44, %45 : i1, i32
    %48 = llvm.sub %47, %1 : i32
    %49 = llvm.sdiv %48, %0 : i32
    %50 = llvm.sub %45, %49 : i32
    %51 = llvm.sdiv %1, %0 : i32
    %52 = llvm.icmp "slt" %1, %43 : i32
    %53 = llvm.icmp "ne" %52, %46 : i1
    %54 = llvm.icmp "ne" %1, %43 : i32
    %55 = llvm.and %53, %54 : i1
    %56 = llvm.select %55, %50, %51 : i1, i32
    %57 = llvm.trunc %arg3 : i64 to i32
    %58 = llvm.trunc %1 : i32 to i16
    %59 = llvm.zext %arg4 : i16 to i32
    %60 = llvm.icmp "sge" %1, %0 : i32
    %61 = llvm.mlir.constant(32 : i32) : i32
    %62 = llvm.mlir.constant(1 : i32) : i32
    %63 = llvm.mlir.constant(false) : i1
    %64 = llvm.sext %1 : i32 to i64
    return %3, %60 : index, i1
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-index-to-llvm{index-bitwidth=32})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('folds unconverted commutative ops in place and keeps them', () => {
    // mlir-opt --convert-index-to-llvm mx.mlir
    const input = `func.func @f(%a: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %0 = arith.maxsi %c0, %a : i32
  %1 = arith.addi %c0, %a : i32
  return %0, %1 : i32, i32
}
`
    const expected = `module {
  func.func @f(%arg0: i32) -> (i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.maxsi %arg0, %c0_i32 : i32
    return %0, %arg0 : i32, i32
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-index-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })
  it('folds casts of constants (to index always, from index when 32 and 64 bits agree)', () => {
    // mlir-opt --convert-index-to-llvm ic.mlir
    const input = `func.func @f() -> (index, index, i32, i64) {
  %c = arith.constant -3 : i32
  %0 = index.casts %c : i32 to index
  %1 = index.castu %c : i32 to index
  %i = index.constant 4294967298
  %2 = index.casts %i : index to i32
  %3 = index.castu %i : index to i64
  return %0, %1, %2, %3 : index, index, i32, i64
}
`
    const expected = `module {
  func.func @f() -> (index, index, i32, i64) {
    %c-3_i32 = arith.constant -3 : i32
    %0 = llvm.mlir.constant(-3 : i64) : i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to index
    %2 = llvm.mlir.constant(4294967293 : i64) : i64
    %3 = builtin.unrealized_conversion_cast %2 : i64 to index
    %4 = llvm.mlir.constant(4294967298 : i64) : i64
    %5 = llvm.trunc %4 : i64 to i32
    return %1, %3, %5, %4 : index, index, i32, i64
  }
}
`
    const r = runPipeline(input, 'builtin.module(convert-index-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(expected)
  })

  it('shares one cast between results replaced by the same value (identity casts to index)', () => {
    const r = runPipeline(`func.func @index_cast_to(%a: i32, %b: i64) -> (index, index, index, index) {
  %0 = index.casts %a : i32 to index
  %1 = index.casts %b : i64 to index
  %2 = index.castu %a : i32 to index
  %3 = index.castu %b : i64 to index
  return %0, %1, %2, %3 : index, index, index, index
}
`, 'builtin.module(convert-index-to-llvm)')
    expect(r.ok).toBe(true)
    expect(`${r.text}\n`).toBe(`module {
  func.func @index_cast_to(%arg0: i32, %arg1: i64) -> (index, index, index, index) {
    %0 = builtin.unrealized_conversion_cast %arg1 : i64 to index
    %1 = llvm.sext %arg0 : i32 to i64
    %2 = builtin.unrealized_conversion_cast %1 : i64 to index
    %3 = llvm.zext %arg0 : i32 to i64
    %4 = builtin.unrealized_conversion_cast %3 : i64 to index
    return %2, %0, %4, %0 : index, index, index, index
  }
}

`)
  })
})
