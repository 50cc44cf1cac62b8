import { describe, expect, it } from 'vitest'
import { runPipeline } from './helpers.ts'

// Expected texts: /usr/lib/llvm-22/bin/mlir-opt --pass-pipeline=<pipeline> on the same inputs.
describe('convert-nvvm-to-llvm', () => {
  it("leaves nvvm ops with intrinsics and other dialects as they are", () => {
    const src = "func.func @f(%x: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n  %c2 = arith.constant 2 : i32\n  %a = arith.addi %c1, %c2 : i32\n  %b = arith.addi %x, %a : i32\n  %l = nvvm.read.ptx.sreg.laneid : i32\n  %y = arith.muli %b, %l : i32\n  return %y : i32\n}\nllvm.func @g(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>, %n: i32) {\n  nvvm.cp.async.shared.global %s, %g, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>\n  nvvm.cp.async.shared.global %s, %g, 16, cache = cg, %n : !llvm.ptr<3>, !llvm.ptr<1>, i32\n  nvvm.cp.async.commit.group\n  nvvm.cp.async.wait.group 0\n  nvvm.setmaxregister increase 232\n  nvvm.barrier0\n  llvm.return\n}\n"
    const r = runPipeline(src, "builtin.module(convert-nvvm-to-llvm)")
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module {\n  func.func @f(%arg0: i32) -> i32 {\n    %c1_i32 = arith.constant 1 : i32\n    %c2_i32 = arith.constant 2 : i32\n    %0 = arith.addi %c1_i32, %c2_i32 : i32\n    %1 = arith.addi %arg0, %0 : i32\n    %2 = nvvm.read.ptx.sreg.laneid : i32\n    %3 = arith.muli %1, %2 : i32\n    return %3 : i32\n  }\n  llvm.func @g(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr<1>, %arg2: i32) {\n    nvvm.cp.async.shared.global %arg0, %arg1, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>\n    nvvm.cp.async.shared.global %arg0, %arg1, 16, cache =  cg, %arg2 : !llvm.ptr<3>, !llvm.ptr<1>, i32\n    nvvm.cp.async.commit.group\n    nvvm.cp.async.wait.group 0\n    nvvm.setmaxregister  increase 232\n    nvvm.barrier0\n    llvm.return\n  }\n}\n")
  })
})
