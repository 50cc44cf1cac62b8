import { describe, expect, it } from 'vitest'
import { Context, parseSourceString } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerTestPasses } from '../src/testing/TestPasses.ts'

const source = "func.func @f(%arg0: i32, %arg1: i1) -> i32 {\n  %c = arith.constant 1 : i32\n  %z = arith.addi %arg0, %c : i32\n  %r = scf.if %arg1 -> (i32) {\n    %w = arith.addi %z, %c : i32\n    scf.yield %w : i32\n  } else {\n    scf.yield %arg0 : i32\n  }\n  %s = arith.muli %r, %z : i32\n  return %s : i32\n}\nfunc.func @g(%a: index, %b: index) {\n  scf.for %i = %a to %b step %a {\n    %x = arith.addi %i, %b : index\n  }\n  return\n}\n"

// mlir-opt liveness.mlir --mlir-disable-threading -pass-pipeline='builtin.module(func.func(test-print-liveness))' -o /dev/null
// (stderr; note the backspace MLIR prints before each closing bracket)
const expected = "Testing : f\n// ---- Liveness -----\n// - Block: 0\n// --- LiveIn: \n// --- LiveOut: \n// --- BeginLivenessIntervals\n// val_2 :\n//     %c1_i32 = arith.constant 1 : i32\n//     %0 = arith.addi %arg0, %c1_i32 : i32\n//     %1 = scf.if %arg1 -> (i32) {\n  %3 = arith.addi %0, %c1_i32 : i32\n  scf.yield %3 : i32\n} else {\n  scf.yield %arg0 : i32\n}\n//     %3 = arith.addi %0, %c1_i32 : i32\n// val_3 :\n//     %0 = arith.addi %arg0, %c1_i32 : i32\n//     %1 = scf.if %arg1 -> (i32) {\n  %3 = arith.addi %0, %c1_i32 : i32\n  scf.yield %3 : i32\n} else {\n  scf.yield %arg0 : i32\n}\n//     %2 = arith.muli %1, %0 : i32\n//     %3 = arith.addi %0, %c1_i32 : i32\n// val_4 :\n//     %1 = scf.if %arg1 -> (i32) {\n  %3 = arith.addi %0, %c1_i32 : i32\n  scf.yield %3 : i32\n} else {\n  scf.yield %arg0 : i32\n}\n//     %2 = arith.muli %1, %0 : i32\n// val_5 :\n//     %2 = arith.muli %1, %0 : i32\n//     func.return %2 : i32\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n//     %c1_i32 = arith.constant 1 : i32 [arg0@0 arg1@0 val_2 \b]\n//     %0 = arith.addi %arg0, %c1_i32 : i32 [arg0@0 arg1@0 val_2 val_3 \b]\n//     %1 = scf.if %arg1 -> (i32) {\n  %3 = arith.addi %0, %c1_i32 : i32\n  scf.yield %3 : i32\n} else {\n  scf.yield %arg0 : i32\n} [arg0@0 arg1@0 val_2 val_3 val_4 \b]\n//     %2 = arith.muli %1, %0 : i32 [val_3 val_4 val_5 \b]\n//     func.return %2 : i32 [val_5 \b]\n// --- EndCurrentlyLive\n// - Block: 1\n// --- LiveIn: val_2 val_3 \n// --- LiveOut: \n// --- BeginLivenessIntervals\n// val_6 :\n//     %3 = arith.addi %0, %c1_i32 : i32\n//     scf.yield %3 : i32\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n//     %3 = arith.addi %0, %c1_i32 : i32 [val_2 val_3 val_6 \b]\n//     scf.yield %3 : i32 [val_6 \b]\n// --- EndCurrentlyLive\n// - Block: 2\n// --- LiveIn: arg0@0 \n// --- LiveOut: \n// --- BeginLivenessIntervals\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n//     scf.yield %arg0 : i32 [arg0@0 \b]\n// --- EndCurrentlyLive\n// -------------------\nTesting : g\n// ---- Liveness -----\n// - Block: 0\n// --- LiveIn: \n// --- LiveOut: \n// --- BeginLivenessIntervals\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n//     scf.for %arg2 = %arg0 to %arg1 step %arg0 {\n  %0 = arith.addi %arg2, %arg1 : index\n} [arg0@0 arg1@0 \b]\n// --- EndCurrentlyLive\n// - Block: 1\n// --- LiveIn: arg1@0 \n// --- LiveOut: \n// --- BeginLivenessIntervals\n// val_3 :\n//     %0 = arith.addi %arg2, %arg1 : index\n// --- EndLivenessIntervals\n// --- BeginCurrentlyLive\n//     %0 = arith.addi %arg2, %arg1 : index [arg1@0 arg0@1 val_3 \b]\n// --- EndCurrentlyLive\n// -------------------\n"

describe('test-print-liveness', () => {
  it('prints liveness exactly as mlir-opt 22', () => {
    const ctx = new Context()
    registerAllDialects(ctx)
    const registry = new PassRegistry()
    let err = ''
    registerTestPasses(registry, { stdout: () => {}, stderr: (t) => (err += t) })
    const parsed = parseSourceString(source, ctx)!
    const pm = new PassManager(ctx)
    pm.assignPipeline(parsePassPipeline('builtin.module(func.func(test-print-liveness))', registry).pm!)
    expect(pm.run(parsed.op)).toBe(true)
    expect(err).toBe(expected)
  })
})
