// transform-interpreter: runs the entry-point named sequence on the anchor op. Expected outputs
// and diagnostics are mlir-opt 22's on the same inputs (`mlir-opt -transform-interpreter`).
import { describe, expect, it } from 'vitest'
import { FileLineColLoc, parseSourceString, printOperation } from '@tilepass/ir'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerConversionPasses } from '../src/index.ts'
import { makeContext } from './helpers.ts'

/** Runs `builtin.module(<pass>)` on `source`; the printed module and the diagnostics (`line:col: severity: message`). */
function interpret(source: string, pass = 'transform-interpreter'): { ok: boolean; text: string; diags: string[] } {
  const ctx = makeContext()
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    diags.push(l instanceof FileLineColLoc ? `${l.line}:${l.column}: ${d.severity}: ${d.message}` : d.message)
    for (const n of d.notes) {
      const nl = n.location
      diags.push(nl instanceof FileLineColLoc ? `${nl.line}:${nl.column}: note: ${n.message}` : n.message)
    }
    return true
  })
  const r = parseSourceString(source, ctx, { filename: 'in.mlir' })
  if (r === null) {
    throw new Error('parse failed')
  }
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const parsed = parsePassPipeline(`builtin.module(${pass})`, registry)
  if (parsed.pm === null) {
    throw new Error(parsed.error)
  }
  const pm = new PassManager(ctx)
  pm.assignPipeline(parsed.pm)
  const ok = pm.run(r.op)
  ctx.diagEngine.flush()
  return { ok, text: `${printOperation(r.op)}\n`, diags }
}

const CONVERT = "func.func @callee(%a: index, %b: index) -> index attributes {keep} {\n  %c = arith.addi %a, %b : index\n  %d = arith.cmpi slt, %c, %a : index\n  cf.cond_br %d, ^bb1(%c : index), ^bb1(%a : index)\n^bb1(%r: index):\n  return %r : index\n}\nfunc.func @caller(%a: index) -> index attributes {keep} {\n  %0 = call @callee(%a, %a) : (index, index) -> index\n  return %0 : index\n}\nfunc.func @untouched(%a: i32) -> i32 {\n  %0 = arith.muli %a, %a : i32\n  return %0 : i32\n}\nmodule attributes {transform.with_named_sequence} {\n  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n    %f = transform.structured.match ops{[\"func.func\"]} attributes {keep} in %root : (!transform.any_op) -> !transform.any_op\n    transform.apply_conversion_patterns to %f {\n      transform.apply_conversion_patterns.dialect_to_llvm \"arith\"\n      transform.apply_conversion_patterns.dialect_to_llvm \"cf\"\n      transform.apply_conversion_patterns.func.func_to_llvm\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 16}\n    } {legal_dialects = [\"llvm\"], partial_conversion} : !transform.any_op\n    transform.yield\n  }\n}\n"

// mlir-opt -transform-interpreter in.mlir
const CONVERTED = "module {\n  llvm.func @callee(%arg0: i16, %arg1: i16) -> i16 attributes {keep} {\n    %0 = llvm.add %arg0, %arg1 : i16\n    %1 = llvm.icmp \"slt\" %0, %arg0 : i16\n    llvm.cond_br %1, ^bb1(%0 : i16), ^bb1(%arg0 : i16)\n  ^bb1(%2: i16):  // 2 preds: ^bb0, ^bb0\n    llvm.return %2 : i16\n  }\n  llvm.func @caller(%arg0: i16) -> i16 attributes {keep} {\n    %0 = llvm.call @callee(%arg0, %arg0) : (i16, i16) -> i16\n    llvm.return %0 : i16\n  }\n  func.func @untouched(%arg0: i32) -> i32 {\n    %0 = arith.muli %arg0, %arg0 : i32\n    return %0 : i32\n  }\n  module attributes {transform.with_named_sequence} {\n    transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {\n      %0 = transform.structured.match ops{[\"func.func\"]} attributes {keep} in %arg0 : (!transform.any_op) -> !transform.any_op\n      transform.apply_conversion_patterns to %0 {\n        transform.apply_conversion_patterns.dialect_to_llvm \"arith\"\n        transform.apply_conversion_patterns.dialect_to_llvm \"cf\"\n        transform.apply_conversion_patterns.func.func_to_llvm\n      } with type_converter {\n        transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 16 : i64}\n      } {legal_dialects = [\"llvm\"], partial_conversion} : !transform.any_op\n      transform.yield \n    }\n  }\n}\n\n"

const MATCH_NESTED = "module attributes {transform.with_named_sequence} {\n  func.func @f() { return }\n  transform.named_sequence @__transform_main(%a: !transform.any_op) {\n    %0 = transform.structured.match ops{[\"func.func\"]} in %a : (!transform.any_op) -> !transform.any_op\n    %1 = transform.structured.match ops{[\"func.return\"]} in %0 : (!transform.any_op) -> !transform.any_op\n    transform.yield\n  }\n}\n"

describe('transform-interpreter', () => {
  it('converts the matched functions to llvm with the index width of the type converter', () => {
    const r = interpret(CONVERT)
    expect(r.diags).toEqual([])
    expect(r.ok).toBe(true)
    expect(r.text).toBe(CONVERTED)
  })
  it('matches in the ops a previous match returned and leaves the payload unchanged', () => {
    const r = interpret(MATCH_NESTED)
    expect(r.ok).toBe(true)
    expect(r.text).toBe("module attributes {transform.with_named_sequence} {\n  func.func @f() {\n    return\n  }\n  transform.named_sequence @__transform_main(%arg0: !transform.any_op) {\n    %0 = transform.structured.match ops{[\"func.func\"]} in %arg0 : (!transform.any_op) -> !transform.any_op\n    %1 = transform.structured.match ops{[\"func.return\"]} in %0 : (!transform.any_op) -> !transform.any_op\n    transform.yield \n  }\n}\n\n")
  })
  it("reports a missing entry point", () => {
    const r = interpret("module {}\n", "transform-interpreter")
    expect(r.ok).toBe(false)
    expect(r.diags.filter((d) => !d.includes('note: see current operation'))).toEqual(["1:1: error: could not find a nested named sequence with name: __transform_main"])
  })
  it("reports an entry point without arguments", () => {
    const r = interpret("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @__transform_main() {\n    transform.yield\n  }\n}\n", "transform-interpreter")
    expect(r.ok).toBe(false)
    expect(r.diags.filter((d) => !d.includes('note: see current operation'))).toEqual(["2:3: error: 'transform.named_sequence' op expects the entry block to have at least one argument"])
  })
  it("reports an entry point with unbound trailing arguments", () => {
    const r = interpret("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @__transform_main(%a: !transform.any_op, %b: !transform.any_op) {\n    transform.yield\n  }\n}\n", "transform-interpreter")
    expect(r.ok).toBe(false)
    expect(r.diags.filter((d) => !d.includes('note: see current operation'))).toEqual(["2:3: error: operation expects 1 extra value bindings, but 0 were provided to the interpreter"])
  })
  it("reports pattern descriptors without a type converter", () => {
    const r = interpret("func.func @f(%a: i32) -> i32 {\n  %0 = arith.muli %a, %a : i32\n  return %0 : i32\n}\nmodule attributes {transform.with_named_sequence} {\n  transform.named_sequence @main(%root: !transform.any_op {transform.readonly}) {\n    %f = transform.structured.match ops{[\"func.func\"]} in %root : (!transform.any_op) -> !transform.any_op\n    transform.apply_conversion_patterns to %f {\n      transform.apply_conversion_patterns.dialect_to_llvm \"arith\"\n    } {legal_dialects = [\"llvm\"]} : !transform.any_op\n    transform.yield\n  }\n}\n", "transform-interpreter{entry-point=main}")
    expect(r.ok).toBe(false)
    expect(r.diags.filter((d) => !d.includes('note: see current operation'))).toEqual(["8:5: error: pattern descriptor does not specify type converter and apply_conversion_patterns op has no default type converter", "9:7: note: pattern descriptor op"])
  })
  it("reports a failed full conversion with its target op", () => {
    const r = interpret("func.func @f(%a: i32) -> i32 {\n  %0 = arith.muli %a, %a : i32\n  return %0 : i32\n}\nmodule attributes {transform.with_named_sequence} {\n  transform.named_sequence @main(%root: !transform.any_op {transform.readonly}) {\n    %f = transform.structured.match ops{[\"func.func\"]} in %root : (!transform.any_op) -> !transform.any_op\n    transform.apply_conversion_patterns to %f {\n      transform.apply_conversion_patterns.dialect_to_llvm \"arith\"\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\n    } {legal_dialects = [\"llvm\"]} : !transform.any_op\n    transform.yield\n  }\n}\n", "transform-interpreter{entry-point=main}")
    expect(r.ok).toBe(false)
    expect(r.diags.filter((d) => !d.includes('note: see current operation'))).toEqual(["1:1: error: failed to legalize operation 'func.func'", "8:5: error: dialect conversion failed", "1:1: note: target op"])
  })
})
