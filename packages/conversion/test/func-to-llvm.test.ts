import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected texts: /usr/lib/llvm-22/bin/mlir-opt --pass-pipeline=<pipeline> on the same inputs.
describe('convert-func-to-llvm', () => {
  it("packs several results into a struct and extracts them at call sites", () => {
    const src = "func.func private @ext(index, i32) -> (index, f32)\nfunc.func @f(%a: index, %b: i32) -> (index, f32) {\n  %c = arith.addi %a, %a : index\n  %r:2 = call @ext(%c, %b) : (index, i32) -> (index, f32)\n  return %r#0, %r#1 : index, f32\n}\nfunc.func @g(%a: index) -> index {\n  %z = arith.constant 1 : i32\n  %c:2 = call @f(%a, %z) : (index, i32) -> (index, f32)\n  return %a : index\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @ext(i64, i32) -> !llvm.struct<(i64, f32)> attributes {sym_visibility = \"private\"}\n  llvm.func @f(%arg0: i64, %arg1: i32) -> !llvm.struct<(i64, f32)> {\n    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index\n    %1 = arith.addi %0, %0 : index\n    %2 = builtin.unrealized_conversion_cast %1 : index to i64\n    %3 = llvm.call @ext(%2, %arg1) : (i64, i32) -> !llvm.struct<(i64, f32)>\n    %4 = llvm.extractvalue %3[0] : !llvm.struct<(i64, f32)> \n    %5 = llvm.extractvalue %3[1] : !llvm.struct<(i64, f32)> \n    %6 = llvm.mlir.poison : !llvm.struct<(i64, f32)>\n    %7 = llvm.insertvalue %4, %6[0] : !llvm.struct<(i64, f32)> \n    %8 = llvm.insertvalue %5, %7[1] : !llvm.struct<(i64, f32)> \n    llvm.return %8 : !llvm.struct<(i64, f32)>\n  }\n  llvm.func @g(%arg0: i64) -> i64 {\n    %c1_i32 = arith.constant 1 : i32\n    %0 = llvm.call @f(%arg0, %c1_i32) : (i64, i32) -> !llvm.struct<(i64, f32)>\n    %1 = llvm.extractvalue %0[0] : !llvm.struct<(i64, f32)> \n    %2 = llvm.extractvalue %0[1] : !llvm.struct<(i64, f32)> \n    llvm.return %arg0 : i64\n  }\n}\n")
  })

  it("keeps visibility, linkage, argument/result and discardable attributes; lowers func.constant and call_indirect", () => {
    const src = "func.func private @decl(i32) -> ()\nfunc.func private @body(%a: i32 {llvm.noundef, foo.x = 1}) -> (i32 {llvm.zeroext}) attributes {foo = 1 : i32, llvm.linkage = #llvm.linkage<internal>} {\n  return %a : i32\n}\nfunc.func @attrs() attributes {llvm.readnone, passthrough = [\"a\"], target_cpu = \"x\"} {\n  return\n}\nfunc.func @multi(%a: index, %b: f32) -> (f32, index, i1) {\n  %c = arith.constant true\n  %z = arith.constant 3 : i32\n  %f = func.constant @body : (i32) -> i32\n  %r = func.call_indirect %f(%z) : (i32) -> i32\n  return %b, %a, %c : f32, index, i1\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @decl(i32) attributes {sym_visibility = \"private\"}\n  llvm.func internal @body(%arg0: i32 {foo.x = 1 : i64, llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {foo = 1 : i32, sym_visibility = \"private\"} {\n    llvm.return %arg0 : i32\n  }\n  llvm.func @attrs() attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, passthrough = [\"a\"], target_cpu = \"x\"} {\n    llvm.return\n  }\n  llvm.func @multi(%arg0: i64, %arg1: f32) -> !llvm.struct<(f32, i64, i1)> {\n    %true = arith.constant true\n    %c3_i32 = arith.constant 3 : i32\n    %0 = llvm.mlir.addressof @body : !llvm.ptr\n    %1 = llvm.call %0(%c3_i32) : !llvm.ptr, (i32) -> i32\n    %2 = llvm.mlir.poison : !llvm.struct<(f32, i64, i1)>\n    %3 = llvm.insertvalue %arg1, %2[0] : !llvm.struct<(f32, i64, i1)> \n    %4 = llvm.insertvalue %arg0, %3[1] : !llvm.struct<(f32, i64, i1)> \n    %5 = llvm.insertvalue %true, %4[2] : !llvm.struct<(f32, i64, i1)> \n    llvm.return %5 : !llvm.struct<(f32, i64, i1)>\n  }\n}\n")
  })

  it("converts only entry block signatures; non-entry blocks and nested regions keep their types", () => {
    const src = "func.func @blocks(%a: index, %c: i1) -> index {\n  cf.cond_br %c, ^bb1(%a : index), ^bb2\n^bb1(%x: index):\n  %y = arith.addi %x, %x : index\n  cf.br ^bb2\n^bb2:\n  return %a : index\n}\nfunc.func @calls(%a: index) -> (index, index) {\n  %t = arith.constant true\n  %r = call @blocks(%a, %t) : (index, i1) -> index\n  call @none() : () -> ()\n  %s = arith.muli %r, %r : index\n  return %s, %r : index, index\n}\nfunc.func private @none()\nfunc.func nested @nest(%a: f16) -> f16 {\n  %a2 = arith.constant 1 : index\n  %0 = scf.for %i = %a2 to %a2 step %a2 iter_args(%acc = %a) -> (f16) {\n    scf.yield %acc : f16\n  }\n  return %0 : f16\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @blocks(%arg0: i64, %arg1: i1) -> i64 {\n    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index\n    cf.cond_br %arg1, ^bb1(%0 : index), ^bb2\n  ^bb1(%1: index):  // pred: ^bb0\n    %2 = arith.addi %1, %1 : index\n    cf.br ^bb2\n  ^bb2:  // 2 preds: ^bb0, ^bb1\n    llvm.return %arg0 : i64\n  }\n  llvm.func @calls(%arg0: i64) -> !llvm.struct<(i64, i64)> {\n    %true = arith.constant true\n    %0 = llvm.call @blocks(%arg0, %true) : (i64, i1) -> i64\n    %1 = builtin.unrealized_conversion_cast %0 : i64 to index\n    llvm.call @none() : () -> ()\n    %2 = arith.muli %1, %1 : index\n    %3 = builtin.unrealized_conversion_cast %2 : index to i64\n    %4 = llvm.mlir.poison : !llvm.struct<(i64, i64)>\n    %5 = llvm.insertvalue %3, %4[0] : !llvm.struct<(i64, i64)> \n    %6 = llvm.insertvalue %0, %5[1] : !llvm.struct<(i64, i64)> \n    llvm.return %6 : !llvm.struct<(i64, i64)>\n  }\n  llvm.func @none() attributes {sym_visibility = \"private\"}\n  llvm.func @nest(%arg0: f16) -> f16 attributes {sym_visibility = \"nested\"} {\n    %c1 = arith.constant 1 : index\n    %0 = scf.for %arg1 = %c1 to %c1 step %c1 iter_args(%arg2 = %arg0) -> (f16) {\n      scf.yield %arg2 : f16\n    }\n    llvm.return %0 : f16\n  }\n}\n")
  })

  it("honours index-bitwidth", () => {
    const src = "func.func @blocks(%a: index, %c: i1) -> index {\n  cf.cond_br %c, ^bb1(%a : index), ^bb2\n^bb1(%x: index):\n  %y = arith.addi %x, %x : index\n  cf.br ^bb2\n^bb2:\n  return %a : index\n}\nfunc.func @calls(%a: index) -> (index, index) {\n  %t = arith.constant true\n  %r = call @blocks(%a, %t) : (index, i1) -> index\n  call @none() : () -> ()\n  %s = arith.muli %r, %r : index\n  return %s, %r : index, index\n}\nfunc.func private @none()\nfunc.func nested @nest(%a: f16) -> f16 {\n  %a2 = arith.constant 1 : index\n  %0 = scf.for %i = %a2 to %a2 step %a2 iter_args(%acc = %a) -> (f16) {\n    scf.yield %acc : f16\n  }\n  return %0 : f16\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm{index-bitwidth=32})")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @blocks(%arg0: i32, %arg1: i1) -> i32 {\n    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to index\n    cf.cond_br %arg1, ^bb1(%0 : index), ^bb2\n  ^bb1(%1: index):  // pred: ^bb0\n    %2 = arith.addi %1, %1 : index\n    cf.br ^bb2\n  ^bb2:  // 2 preds: ^bb0, ^bb1\n    llvm.return %arg0 : i32\n  }\n  llvm.func @calls(%arg0: i32) -> !llvm.struct<(i32, i32)> {\n    %true = arith.constant true\n    %0 = llvm.call @blocks(%arg0, %true) : (i32, i1) -> i32\n    %1 = builtin.unrealized_conversion_cast %0 : i32 to index\n    llvm.call @none() : () -> ()\n    %2 = arith.muli %1, %1 : index\n    %3 = builtin.unrealized_conversion_cast %2 : index to i32\n    %4 = llvm.mlir.poison : !llvm.struct<(i32, i32)>\n    %5 = llvm.insertvalue %3, %4[0] : !llvm.struct<(i32, i32)> \n    %6 = llvm.insertvalue %0, %5[1] : !llvm.struct<(i32, i32)> \n    llvm.return %6 : !llvm.struct<(i32, i32)>\n  }\n  llvm.func @none() attributes {sym_visibility = \"private\"}\n  llvm.func @nest(%arg0: f16) -> f16 attributes {sym_visibility = \"nested\"} {\n    %c1 = arith.constant 1 : index\n    %0 = scf.for %arg1 = %c1 to %c1 step %c1 iter_args(%arg2 = %arg0) -> (f16) {\n      scf.yield %arg2 : f16\n    }\n    llvm.return %0 : f16\n  }\n}\n")
  })

  it("materializes converted arguments in reverse order at the block start, as upstream", () => {
    const src = "func.func @f(%a: index, %b: index, %c: i32, %d: index) -> index {\n  %0 = arith.addi %a, %b : index\n  %1 = arith.addi %0, %d : index\n  return %1 : index\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @f(%arg0: i64, %arg1: i64, %arg2: i32, %arg3: i64) -> i64 {\n    %0 = builtin.unrealized_conversion_cast %arg3 : i64 to index\n    %1 = builtin.unrealized_conversion_cast %arg1 : i64 to index\n    %2 = builtin.unrealized_conversion_cast %arg0 : i64 to index\n    %3 = arith.addi %2, %1 : index\n    %4 = arith.addi %3, %0 : index\n    %5 = builtin.unrealized_conversion_cast %4 : index to i64\n    llvm.return %5 : i64\n  }\n}\n")
  })

  it("folds illegal unknown ops into existing values", () => {
    const src = "func.func @f(%x: i32) -> i32 {\n  %a = arith.constant 0 : i32\n  %b = arith.addi %x, %a : i32\n  cf.br ^bb1(%b : i32)\n^bb1(%c: i32):\n  %d = arith.addi %c, %a : i32\n  return %d : i32\n}\n"
    const r = runPipeline(src, "builtin.module(convert-func-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  llvm.func @f(%arg0: i32) -> i32 {\n    %c0_i32 = arith.constant 0 : i32\n    cf.br ^bb1(%arg0 : i32)\n  ^bb1(%0: i32):  // pred: ^bb0\n    llvm.return %0 : i32\n  }\n}\n")
  })

})
