// convert-to-llvm, convert-ub-to-llvm and the loop metadata convert-scf-to-cf moves to the
// back edge. Expected outputs are mlir-opt 22.1.8's on the same inputs with the same options.
import { describe, expect, it } from 'vitest'
import { printOperation } from '@tilepass/ir'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerConversionPasses } from '../src/index.ts'
import { makeContext, parse, runPipeline } from './helpers.ts'

const MIXED = `func.func @f(%a: i32, %b: i32, %c: i1, %x: index) -> i32 {
  %d = arith.ceildivsi %a, %b : i32
  cf.assert %c, "boom"
  %p = ub.poison : i32
  %s = arith.select %c, %d, %p : i32
  %i = index.add %x, %x
  %j = index.casts %i : index to i32
  %k = arith.addi %s, %j : i32
  return %k : i32
}
`

const UB = `func.func @f(%c: i1) -> (i32, index, vector<2xf32>, !llvm.ptr) {
 %a = ub.poison : i32
 %b = ub.poison : index
 %v = ub.poison : vector<2xf32>
 %p = ub.poison : !llvm.ptr
 cf.cond_br %c, ^bb1, ^bb2
^bb1:
 ub.unreachable
^bb2:
 return %a, %b, %v, %p : i32, index, vector<2xf32>, !llvm.ptr
}
`

const LOOPS = `#no_unroll = #llvm.loop_annotation<unroll = <disable = true>>
#full_unroll = #llvm.loop_annotation<unroll = <full = true>>
func.func @f(%lb: index, %ub: index, %st: index, %c: i1) {
  scf.for %i = %lb to %ub step %st {
    scf.for %j = %lb to %ub step %st {
      "test.op"() : () -> ()
    } {llvm.loop_annotation = #full_unroll}
  } {llvm.loop_annotation = #no_unroll, other = 1 : i32}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  } attributes {llvm.loop_annotation = #no_unroll}
  %z = arith.constant 0 : i32
  %r = scf.while (%a = %z) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  } attributes {llvm.loop_annotation = #full_unroll}
  return
}
`

/** Runs `pipeline` and returns the printed module or the diagnostics. */
function run(source: string, pipeline: string): { ok: boolean; text: string; diags: string[] } {
  const ctx = makeContext()
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    diags.push(`${d.severity}: ${d.message}`)
    return true
  })
  const module = parse(source, ctx)
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const parsed = parsePassPipeline(pipeline, registry)
  const pm = new PassManager(ctx)
  pm.assignPipeline(parsed.pm!)
  const ok = pm.run(module)
  ctx.diagEngine.flush()
  return { ok, text: `${printOperation(module)}\n`, diags }
}

describe('convert-to-llvm', () => {
  it('lowers with every loaded dialect that has a lowering (arith with its division expansion, cf with assert, func, index, ub)', () => {
    const r = run(MIXED, 'builtin.module(convert-to-llvm)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  llvm.func @abort()
  llvm.func @puts(!llvm.ptr)
  llvm.mlir.global private constant @assert_msg(dense<[98, 111, 111, 109, 0]> : tensor<5xi8>) {addr_space = 0 : i32} : !llvm.array<5 x i8>
  llvm.func @f(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: i64) -> i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(1 : i32) : i32
    %2 = llvm.sdiv %arg0, %arg1 : i32
    %3 = llvm.mul %2, %arg1 : i32
    %4 = llvm.icmp "ne" %arg0, %3 : i32
    %5 = llvm.icmp "slt" %arg0, %0 : i32
    %6 = llvm.icmp "slt" %arg1, %0 : i32
    %7 = llvm.icmp "eq" %5, %6 : i1
    %8 = llvm.and %4, %7 : i1
    %9 = llvm.add %2, %1 : i32
    %10 = llvm.select %8, %9, %2 : i1, i32
    llvm.cond_br %arg2, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %11 = llvm.mlir.poison : i32
    %12 = llvm.add %arg3, %arg3 : i64
    %13 = llvm.trunc %12 : i64 to i32
    %14 = llvm.add %10, %13 : i32
    llvm.return %14 : i32
  ^bb2:  // pred: ^bb0
    %15 = llvm.mlir.addressof @assert_msg : !llvm.ptr
    %16 = llvm.getelementptr %15[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i8>
    llvm.call @puts(%16) : (!llvm.ptr) -> ()
    llvm.call @abort() : () -> ()
    llvm.unreachable
  }
}

`)
  })

  it('uses only the filtered dialects, and still folds what it legalizes', () => {
    const r = run(MIXED, 'builtin.module(convert-to-llvm{filter-dialects=ub,index})')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: index) -> i32 {
    %0 = builtin.unrealized_conversion_cast %arg3 : index to i64
    %1 = arith.ceildivsi %arg0, %arg1 : i32
    cf.assert %arg2, "boom"
    %2 = llvm.mlir.poison : i32
    %3 = llvm.add %0, %0 : i64
    %4 = llvm.trunc %3 : i64 to i32
    %5 = arith.addi %1, %4 : i32
    return %5 : i32
  }
}

`)
  })

  it('fails at initialization for a dialect that is not loaded or has no lowering', () => {
    expect(run(MIXED, 'builtin.module(convert-to-llvm{filter-dialects=gpu})').diags).toEqual(['error: dialect not loaded: gpu\n'])
    const r = run(MIXED, 'builtin.module(convert-to-llvm{filter-dialects=arith,llvm})')
    expect(r.ok).toBe(false)
    expect(r.diags).toEqual(['error: dialect does not implement ConvertToLLVMPatternInterface: llvm\n'])
  })

  it('prints its options as mlir-opt does', () => {
    const registry = new PassRegistry()
    registerConversionPasses(registry)
    expect(parsePassPipeline('builtin.module(convert-to-llvm{filter-dialects=arith,cf})', registry).pm?.printAsTextualPipeline()).toBe(
      'convert-to-llvm{allow-pattern-rollback=true dynamic=false filter-dialects={arith,cf}}',
    )
  })
  it("with dynamic, takes the index width from the data layout in scope", () => {
    const src = "module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 16>>} {\n  func.func @f(%a: index) -> index {\n    %0 = arith.addi %a, %a : index\n    return %0 : index\n  }\n}\n"
    const r = runPipeline(src, "builtin.module(convert-to-llvm{dynamic=true})")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {\n  llvm.func @f(%arg0: i16) -> i16 {\n    %0 = llvm.add %arg0, %arg0 : i16\n    llvm.return %0 : i16\n  }\n}\n")
  })
  it("without dynamic, keeps the default index width", () => {
    const src = "module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 16>>} {\n  func.func @f(%a: index) -> index {\n    %0 = arith.addi %a, %a : index\n    return %0 : index\n  }\n}\n"
    const r = runPipeline(src, "builtin.module(convert-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {\n  llvm.func @f(%arg0: i64) -> i64 {\n    %0 = llvm.add %arg0, %arg0 : i64\n    llvm.return %0 : i64\n  }\n}\n")
  })
})

describe('convert-ub-to-llvm', () => {
  it('lowers ub.poison to llvm.mlir.poison of the converted type and ub.unreachable to llvm.unreachable', () => {
    const r = runPipeline(UB, 'builtin.module(convert-ub-to-llvm{index-bitwidth=32})')
    expect(r.ok).toBe(true)
    expect(`${r.text}\n`).toBe(`module {
  func.func @f(%arg0: i1) -> (i32, index, vector<2xf32>, !llvm.ptr) {
    %0 = llvm.mlir.poison : i32
    %1 = llvm.mlir.poison : i32
    %2 = builtin.unrealized_conversion_cast %1 : i32 to index
    %3 = llvm.mlir.poison : vector<2xf32>
    %4 = llvm.mlir.poison : !llvm.ptr
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    llvm.unreachable
  ^bb2:  // pred: ^bb0
    return %0, %2, %3, %4 : i32, index, vector<2xf32>, !llvm.ptr
  }
}

`)
  })
})

describe('convert-scf-to-cf loop metadata', () => {
  it("puts the loop's llvm attributes on the back edge of for, while and do-while loops", () => {
    const r = runPipeline(LOOPS, 'builtin.module(func.func(convert-scf-to-cf))')
    expect(r.ok).toBe(true)
    expect(`${r.text}\n`).toBe(`#loop_unroll = #llvm.loop_unroll<full = true>
#loop_unroll1 = #llvm.loop_unroll<disable = true>
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>
#loop_annotation1 = #llvm.loop_annotation<unroll = #loop_unroll1>
module {
  func.func @f(%arg0: index, %arg1: index, %arg2: index, %arg3: i1) {
    cf.br ^bb1(%arg0 : index)
  ^bb1(%0: index):  // 2 preds: ^bb0, ^bb5
    %1 = arith.cmpi slt, %0, %arg1 : index
    cf.cond_br %1, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    cf.br ^bb3(%arg0 : index)
  ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
    %3 = arith.cmpi slt, %2, %arg1 : index
    cf.cond_br %3, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    "test.op"() : () -> ()
    %4 = arith.addi %2, %arg2 : index
    cf.br ^bb3(%4 : index) {llvm.loop_annotation = #loop_annotation}
  ^bb5:  // pred: ^bb3
    %5 = arith.addi %0, %arg2 : index
    cf.br ^bb1(%5 : index) {llvm.loop_annotation = #loop_annotation1}
  ^bb6:  // pred: ^bb1
    cf.br ^bb7
  ^bb7:  // 2 preds: ^bb6, ^bb7
    cf.cond_br %arg3, ^bb7, ^bb8 {llvm.loop_annotation = #loop_annotation1}
  ^bb8:  // pred: ^bb7
    %c0_i32 = arith.constant 0 : i32
    cf.br ^bb9(%c0_i32 : i32)
  ^bb9(%6: i32):  // 2 preds: ^bb8, ^bb10
    cf.cond_br %arg3, ^bb10(%6 : i32), ^bb11
  ^bb10(%7: i32):  // pred: ^bb9
    %8 = arith.addi %7, %7 : i32
    cf.br ^bb9(%8 : i32) {llvm.loop_annotation = #loop_annotation}
  ^bb11:  // pred: ^bb9
    return
  }
}

`)
  })
})
