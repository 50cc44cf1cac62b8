// Locations of the ops that DRR-style arith canonicalization patterns build. DRR fuses the
// root with the first entries of its post-order list of matched ops, where a constant matched by
// `ConstantLikeMatcher` takes a place: `addi(subi(c0, x), c1)` gets fused[addi, c0's constant],
// not fused[addi, subi]. The expected outputs were produced by mlir-opt 22.1.8 with
//   mlir-opt --mlir-disable-threading --mlir-print-debuginfo [--mlir-print-local-scope] --canonicalize loc.mlir
import { describe, expect, it } from 'vitest'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { dialectHarness } from './dialectHarness.ts'

const { canonicalize: run } = dialectHarness([ArithDialect, FuncDialect])

function canonicalize(src: string, printLocalScope: boolean): string {
  return run(src, { printDebugInfo: true, printLocalScope }, 'loc.mlir')
}

const input = String.raw`func.func @f(%x: i32, %y: i32, %p: i1, %a: i32, %b: i32, %w: i64) -> (i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s = arith.subi %c3, %x : i32
  %r0 = arith.addi %s, %c5 : i32
  %a1 = arith.addi %x, %c3 : i32
  %r1 = arith.subi %c5, %a1 : i32
  %m1 = arith.constant -1 : i32
  %mul = arith.muli %y, %m1 : i32
  %r2 = arith.addi %x, %mul : i32
  %t = arith.constant true
  %n = arith.xori %p, %t : i1
  %r3 = arith.select %n, %a, %b : i32
  %c32 = arith.constant 32 : i64
  %sh = arith.shrsi %w, %c32 : i64
  %r4 = arith.trunci %sh : i64 to i32
  %d = arith.subi %x, %y : i32
  %r5 = arith.subi %d, %x : i32
  return %r0, %r1, %r2, %r3, %r4, %r5 : i32, i32, i32, i32, i32, i32
}
`

describe('locations built by arith DRR patterns', () => {
  it('fuse the root with the constant DRR lists first (reassociation, mul by -1, select of not, trunci of shrsi)', () => {
    expect(canonicalize(input, true)).toBe(String.raw`module {
  func.func @f(%arg0: i32 loc("loc.mlir":1:14), %arg1: i32 loc("loc.mlir":1:23), %arg2: i1 loc("loc.mlir":1:32), %arg3: i32 loc("loc.mlir":1:40), %arg4: i32 loc("loc.mlir":1:49), %arg5: i64 loc("loc.mlir":1:58)) -> (i32, i32, i32, i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32 loc(fused["loc.mlir":18:9, "loc.mlir":17:8])
    %c32_i64 = arith.constant 32 : i64 loc(fused["loc.mlir":16:9, "loc.mlir":14:10])
    %c2_i32 = arith.constant 2 : i32 loc(fused["loc.mlir":7:9, "loc.mlir":3:9])
    %c8_i32 = arith.constant 8 : i32 loc(fused["loc.mlir":5:9, "loc.mlir":2:9])
    %0 = arith.subi %c8_i32, %arg0 : i32 loc(fused["loc.mlir":5:9, "loc.mlir":2:9])
    %1 = arith.subi %c2_i32, %arg0 : i32 loc(fused["loc.mlir":7:9, "loc.mlir":3:9])
    %2 = arith.subi %arg0, %arg1 : i32 loc(fused["loc.mlir":10:9, "loc.mlir":8:9])
    %3 = arith.select %arg2, %arg4, %arg3 : i32 loc(fused["loc.mlir":13:9, "loc.mlir":11:8])
    %4 = arith.shrui %arg5, %c32_i64 : i64 loc(fused["loc.mlir":16:9, "loc.mlir":14:10])
    %5 = arith.trunci %4 : i64 to i32 loc(fused["loc.mlir":16:9, "loc.mlir":14:10])
    %6 = arith.subi %c0_i32, %arg1 : i32 loc(fused["loc.mlir":18:9, "loc.mlir":17:8])
    return %0, %1, %2, %3, %5, %6 : i32, i32, i32, i32, i32, i32 loc("loc.mlir":19:3)
  } loc("loc.mlir":1:1)
} loc("loc.mlir":0:0)
`)
  })

  it('number the location aliases as mlir-opt does', () => {
    expect(canonicalize(input, false)).toBe(String.raw`#loc2 = loc("loc.mlir":1:14)
#loc3 = loc("loc.mlir":1:23)
#loc4 = loc("loc.mlir":1:32)
#loc5 = loc("loc.mlir":1:40)
#loc6 = loc("loc.mlir":1:49)
#loc7 = loc("loc.mlir":1:58)
module {
  func.func @f(%arg0: i32 loc("loc.mlir":1:14), %arg1: i32 loc("loc.mlir":1:23), %arg2: i1 loc("loc.mlir":1:32), %arg3: i32 loc("loc.mlir":1:40), %arg4: i32 loc("loc.mlir":1:49), %arg5: i64 loc("loc.mlir":1:58)) -> (i32, i32, i32, i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32 loc(#loc21)
    %c32_i64 = arith.constant 32 : i64 loc(#loc22)
    %c2_i32 = arith.constant 2 : i32 loc(#loc23)
    %c8_i32 = arith.constant 8 : i32 loc(#loc24)
    %0 = arith.subi %c8_i32, %arg0 : i32 loc(#loc24)
    %1 = arith.subi %c2_i32, %arg0 : i32 loc(#loc23)
    %2 = arith.subi %arg0, %arg1 : i32 loc(#loc25)
    %3 = arith.select %arg2, %arg4, %arg3 : i32 loc(#loc26)
    %4 = arith.shrui %arg5, %c32_i64 : i64 loc(#loc22)
    %5 = arith.trunci %4 : i64 to i32 loc(#loc22)
    %6 = arith.subi %c0_i32, %arg1 : i32 loc(#loc21)
    return %0, %1, %2, %3, %5, %6 : i32, i32, i32, i32, i32, i32 loc(#loc20)
  } loc(#loc1)
} loc(#loc)
#loc = loc("loc.mlir":0:0)
#loc1 = loc("loc.mlir":1:1)
#loc8 = loc("loc.mlir":18:9)
#loc9 = loc("loc.mlir":17:8)
#loc10 = loc("loc.mlir":16:9)
#loc11 = loc("loc.mlir":14:10)
#loc12 = loc("loc.mlir":7:9)
#loc13 = loc("loc.mlir":3:9)
#loc14 = loc("loc.mlir":5:9)
#loc15 = loc("loc.mlir":2:9)
#loc16 = loc("loc.mlir":10:9)
#loc17 = loc("loc.mlir":8:9)
#loc18 = loc("loc.mlir":13:9)
#loc19 = loc("loc.mlir":11:8)
#loc20 = loc("loc.mlir":19:3)
#loc21 = loc(fused[#loc8, #loc9])
#loc22 = loc(fused[#loc10, #loc11])
#loc23 = loc(fused[#loc12, #loc13])
#loc24 = loc(fused[#loc14, #loc15])
#loc25 = loc(fused[#loc16, #loc17])
#loc26 = loc(fused[#loc18, #loc19])

`)
  })
})
