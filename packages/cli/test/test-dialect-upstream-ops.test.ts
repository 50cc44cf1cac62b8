import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Test-dialect ops upstream's transform tests use: the inliner hooks (call conversions,
// argument/result handlers, marks on inlined blocks), callable, call and branch ops, and
// speculatable ops. Every
// expected output was produced by mlir-opt 22.1.8 on the same input with the same flags.
function run(source: string, args: string[]): ReturnType<typeof memoryIO> & { rc: number } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['in.mlir', '-allow-unregistered-dialect', ...args], io)
  return Object.assign(io, { rc })
}

const CONVERSIONS = `func.func @callee(%arg : i32) -> i32 {
  return %arg : i32
}
func.func @multi_arg(%a : i32, %b : i32) -> () {
  return
}
func.func @multiblock() -> i32 {
  cf.br ^bb1
^bb1:
  %0 = arith.constant 0 : i32
  return %0 : i32
}
test.conversion_func_op @attrs(%arg0 : i16, %arg1 : i16 {test.handle_argument}) -> (i16 {test.handle_result}, i16) {
  %0 = arith.addi %arg0, %arg1 : i16
  %1 = arith.subi %arg0, %arg1 : i16
  "test.return"(%0, %1) : (i16, i16) -> ()
}
func.func @caller(%a: i16, %b: i16, %c: i64) -> (i16, i16, i16, i16, i32) {
  %0 = "test.conversion_call_op"(%a) {callee = @callee} : (i16) -> i16
  %1 = "test.conversion_call_op"() {callee = @multiblock} : () -> i16
  "test.conversion_call_op"(%a, %c) {callee = @multi_arg} : (i16, i64) -> ()
  %2:2 = "test.conversion_call_op"(%a, %b) {callee = @attrs} : (i16, i16) -> (i16, i16)
  %3 = "test.conversion_call_op"() {callee = @multiblock, noinline} : () -> i32
  return %0, %1, %2#0, %2#1, %3 : i16, i16, i16, i16, i32
}
func.func @no_inline_call(%x: i32) -> i32 {
  %0 = call @callee(%x) {no_inline} : (i32) -> i32
  return %0 : i32
}
func.func @marked(%x: i32) -> i32 attributes {no_inline} {
  return %x : i32
}
func.func @calls_marked(%x: i32) -> i32 {
  %0 = call @marked(%x) : (i32) -> i32
  return %0 : i32
}
func.func @leaf() {
  return
}
func.func @region_callee() {
  %fn = "test.functional_region_op"() ({
    call @leaf() : () -> ()
    "test.return"() : () -> ()
  }) : () -> (() -> ())
  call_indirect %fn() : () -> ()
  return
}
`
const CONVERSIONS_INLINED = `module {
  func.func @callee(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @multi_arg(%arg0: i32, %arg1: i32) {
    return
  }
  func.func @multiblock() -> i32 {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  test.conversion_func_op @attrs(%arg0: i16, %arg1: i16 {test.handle_argument}) -> (i16 {test.handle_result}, i16) {
    %0 = arith.addi %arg0, %arg1 : i16
    %1 = arith.subi %arg0, %arg1 : i16
    "test.return"(%0, %1) : (i16, i16) -> ()
  }
  func.func @caller(%arg0: i16, %arg1: i16, %arg2: i64) -> (i16, i16, i16, i16, i32) {
    %0 = "test.cast"(%arg0) : (i16) -> i32
    %1 = "test.cast"(%0) : (i32) -> i16
    cf.br ^bb1 {inlined_conversion}
  ^bb1:  // pred: ^bb0
    %c0_i32 = arith.constant {inlined_conversion} 0 : i32
    cf.br ^bb2(%c0_i32 : i32)
  ^bb2(%2: i32):  // pred: ^bb1
    %3 = "test.cast"(%2) : (i32) -> i16
    "test.conversion_call_op"(%arg0, %arg2) <{callee = @multi_arg}> : (i16, i64) -> ()
    %4 = "test.type_changer"(%arg1) : (i16) -> i16
    %5 = arith.addi %arg0, %4 {inlined_conversion} : i16
    %6 = arith.subi %arg0, %4 {inlined_conversion} : i16
    %7 = "test.type_changer"(%5) : (i16) -> i16
    %8 = "test.conversion_call_op"() <{callee = @multiblock}> {noinline} : () -> i32
    return %1, %3, %7, %6, %8 : i16, i16, i16, i16, i32
  }
  func.func @no_inline_call(%arg0: i32) -> i32 {
    %0 = call @callee(%arg0) {no_inline} : (i32) -> i32
    return %0 : i32
  }
  func.func @marked(%arg0: i32) -> i32 attributes {no_inline} {
    return %arg0 : i32
  }
  func.func @calls_marked(%arg0: i32) -> i32 {
    %0 = call @marked(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @leaf() {
    return
  }
  func.func @region_callee() {
    %0 = "test.functional_region_op"() ({
      "test.return"() : () -> ()
    }) : () -> (() -> ())
    return
  }
}

`

const CALL_ON_DEVICE = `func.func private @callee(%arg0 : memref<i32>, %arg1 : i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %dead = arith.addi %arg1, %arg1 : i32
  return %c0, %arg1 : i32, i32
}
func.func @main(%m : memref<i32>, %x : i32, %device : i32) -> (i32, memref<i32>) {
  %live, %dead = test.call_on_device @callee(%m, %x), %device : (memref<i32>, i32, i32) -> (i32, i32)
  return %live, %m : i32, memref<i32>
}
`
const CALL_ON_DEVICE_RDV = `module {
  func.func private @callee() -> i32 {
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
  func.func @main(%arg0: memref<i32>, %arg1: i32, %arg2: i32) -> (i32, memref<i32>) {
    %0 = test.call_on_device @callee(), %arg2 : (i32) -> i32
    return %0, %arg0 : i32, memref<i32>
  }
}

`

const PRODUCING_BR = `func.func @mismatch_dominance() -> i32 {
  %0 = "test.producing_br"()[^bb1, ^bb2] {operandSegmentSizes = array<i32: 0, 0>} : () -> i32
^bb1:
  "test.br"(%0)[^bb4] : (i32) -> ()
^bb2:
  %1 = "foo.def"() : () -> i32
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.br"(%1)[^bb4] : (i32) -> ()
^bb4(%3: i32):
  return %3 : i32
}
`
const PRODUCING_BR_CANON = `module {
  func.func @mismatch_dominance() -> i32 {
    %0 = "test.producing_br"()[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 0, 0>}> : () -> i32
  ^bb1:  // pred: ^bb0
    "test.br"(%0)[^bb4] : (i32) -> ()
  ^bb2:  // pred: ^bb0
    %1 = "foo.def"() : () -> i32
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // pred: ^bb2
    "test.br"(%1)[^bb4] : (i32) -> ()
  ^bb4(%2: i32):  // 2 preds: ^bb1, ^bb3
    return %2 : i32
  }
}

`

const SPECULATABLE = `func.func @test_speculatable_op_with_read_side_effect_success(%lb: index, %ub: index, %step: index) -> i32 {
  %cst_0 = arith.constant 0 : i32
  %cst_42 = arith.constant dense<42> : tensor<64xi32>
  %ind_42 = arith.constant 42 : index
  %sum_result = scf.for %i = %lb to %ub step %step iter_args(%acc = %cst_0) -> i32 {
    %always = "test.always_speculatable_op"() : () -> i32
    %always_read = "test.speculatable_op_with_memread"(%cst_42, %ind_42) : (tensor<64xi32>, index) -> i32
    %i_cast = arith.index_cast %i: index to i32
    %i_sum = arith.addi %acc, %i_cast : i32
    %test_sum = arith.addi %i_sum, %always_read : i32
    scf.yield %test_sum : i32
  }
  return %sum_result : i32
}
func.func @rec(%lb: index, %ub: index, %step: index, %arg: i32) {
  scf.for %i = %lb to %ub step %step {
    %val = "test.recursively_speculatable_op"()({
      %result = arith.addi %arg, %arg : i32
      test.region_yield %result : i32
    }) : () -> i32
    %v2 = "test.never_speculatable_op"() : () -> i32
    %c5 = arith.constant 5 : i32
    %v3 = "test.conditionally_speculatable_op"(%c5) : (i32) -> i32
    %v4 = "test.conditionally_speculatable_op"(%arg) : (i32) -> i32
  }
  return
}
`
const SPECULATABLE_LICM = `module {
  func.func @test_speculatable_op_with_read_side_effect_success(%arg0: index, %arg1: index, %arg2: index) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<42> : tensor<64xi32>
    %c42 = arith.constant 42 : index
    %0 = "test.always_speculatable_op"() : () -> i32
    %1 = scf.for %arg3 = %arg0 to %arg1 step %arg2 iter_args(%arg4 = %c0_i32) -> (i32) {
      %2 = "test.speculatable_op_with_memread"(%cst, %c42) : (tensor<64xi32>, index) -> i32
      %3 = arith.index_cast %arg3 : index to i32
      %4 = arith.addi %arg4, %3 : i32
      %5 = arith.addi %4, %2 : i32
      scf.yield %5 : i32
    }
    return %1 : i32
  }
  func.func @rec(%arg0: index, %arg1: index, %arg2: index, %arg3: i32) {
    %0 = "test.recursively_speculatable_op"() ({
      %2 = arith.addi %arg3, %arg3 : i32
      test.region_yield %2 : i32
    }) : () -> i32
    %c5_i32 = arith.constant 5 : i32
    %1 = "test.conditionally_speculatable_op"(%c5_i32) : (i32) -> i32
    scf.for %arg4 = %arg0 to %arg1 step %arg2 {
      %2 = "test.never_speculatable_op"() : () -> i32
      %3 = "test.conditionally_speculatable_op"(%arg3) : (i32) -> i32
    }
    return
  }
}

`

const MISSING_TERMINATOR = `module {
  llvm.func @callee(%arg0: i32) -> i32 {
    %0 = "test.unknown_terminator"(%arg0) : (i32) -> i32
  }
  llvm.func @caller(%arg0: i32) -> i32 {
    %0 = llvm.call @callee(%arg0) : (i32) -> i32
    llvm.return %0 : i32
  }
}
`

describe('test dialect inliner interface', () => {
  it('casts mismatched operands and results, runs the attribute handlers, marks inlined ops and honours no_inline', () => {
    const r = run(CONVERSIONS, ['-inline=default-pipeline='])
    expect(r.err).toBe('')
    expect(r.rc).toBe(0)
    expect(r.out).toBe(CONVERSIONS_INLINED)
  })

  it('reports a call whose results no terminator handler replaced instead of crashing', () => {
    const r = run(MISSING_TERMINATOR, ['-inline'])
    expect(r.rc).toBe(1)
    expect(r.err).toContain('in.mlir:6:10: error: not all uses of call were replaced')
  })
})

describe('test dialect call and branch ops in passes', () => {
  it('remove-dead-values drops dead forwarded operands of test.call_on_device and keeps the device operand', () => {
    const r = run(CALL_ON_DEVICE, ['-remove-dead-values'])
    expect(r.err).toBe('')
    expect(r.out).toBe(CALL_ON_DEVICE_RDV)
  })

  it('block merging leaves blocks alone when merging would break the dominance of test.producing_br results', () => {
    const r = run(PRODUCING_BR, ['-pass-pipeline=builtin.module(func.func(canonicalize{region-simplify=aggressive}))'])
    expect(r.err).toBe('')
    expect(r.out).toBe(PRODUCING_BR_CANON)
  })
})

// Dead arguments forwarded by a segmented call: the argument segment shrinks, the prefix and
// suffix segments keep their operands.
const CALL_WITH_SEGMENTS = `func.func private @callee(%x: i32, %y: i32) {
  %u = arith.addi %x, %x : i32
  "test.use"(%u) : (i32) -> ()
  return
}
func.func @suffix(%a: i32, %b: i32, %c: i32) {
  "test.call_with_segments"(%a, %b, %c) {callee = @callee, operandSegmentSizes = array<i32: 0, 2, 1>} : (i32, i32, i32) -> ()
  return
}
func.func @prefix(%a: i32, %b: i32, %c: i32) {
  "test.call_with_segments"(%c, %a, %b) {callee = @callee, operandSegmentSizes = array<i32: 1, 2, 0>} : (i32, i32, i32) -> ()
  return
}
`

const CALL_WITH_SEGMENTS_RDV = `module {
  func.func private @callee(%arg0: i32) {
    %0 = arith.addi %arg0, %arg0 : i32
    "test.use"(%0) : (i32) -> ()
    return
  }
  func.func @suffix(%arg0: i32, %arg1: i32, %arg2: i32) {
    test.call_with_segments @callee( : ) (%arg0 : i32) (%arg2 : i32)
    return
  }
  func.func @prefix(%arg0: i32, %arg1: i32, %arg2: i32) {
    test.call_with_segments @callee(%arg2 : i32) (%arg0 : i32) ( : )
    return
  }
}

`

describe('remove-dead-values on a call whose arguments are one operand segment', () => {
  it('erases the dead argument from the argument segment and updates operandSegmentSizes', () => {
    const r = run(CALL_WITH_SEGMENTS, ['-remove-dead-values'])
    expect(r.err).toBe('')
    expect(r.out).toBe(CALL_WITH_SEGMENTS_RDV)
  })
})

describe('speculatable test ops in loop-invariant-code-motion', () => {
  it('hoists always, recursively and (on a constant) conditionally speculatable ops; keeps never speculatable ones and memory reads', () => {
    const r = run(SPECULATABLE, ['-loop-invariant-code-motion'])
    expect(r.err).toBe('')
    expect(r.out).toBe(SPECULATABLE_LICM)
  })
})
