// transform dialect: parse then print must equal mlir-opt 22's output (custom and generic form),
// and the verifier messages (with their locations) are mlir-opt's.
import { describe, expect, it } from 'vitest'
import { Context, FileLineColLoc, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { registerAllDialects } from '../src/index.ts'

function roundTrip(source: string, generic = false): { out: string; errors: string[] } {
  const ctx = new Context()
  registerAllDialects(ctx)
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    errors.push(l instanceof FileLineColLoc ? `${l.line}:${l.column}: ${d.message}` : d.message)
    return true
  })
  const r = parseSourceString(source, ctx, { filename: 'in.mlir' })
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { out: ok ? printOperation(r.op, { printGenericOpForm: generic }).replace(/\n$/, '') : '', errors }
}

const INPUT = "module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op {transform.readonly}, %v: !transform.any_value, %p: !transform.param<i64>) -> !transform.any_op {\n    %0 = transform.structured.match ops{[\"func.func\", \"arith.addi\"]} attributes {foo} filter_result_type = i32 filter_operand_types = [i32, f32] in %a : (!transform.any_op) -> !transform.any_op\n    %1 = transform.structured.match interface{LinalgOp} in %a : (!transform.any_op) -> !transform.any_op\n    transform.apply_conversion_patterns to %0 {\n      transform.apply_conversion_patterns.dialect_to_llvm \"math\"\n    } {legal_ops = [\"a.b\"], illegal_ops = [\"c.d\"], illegal_dialects = [\"x\"], preserve_handles} : !transform.any_op\n    transform.apply_conversion_patterns to %0 {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {use_aligned_alloc = true, use_generic_functions = true, use_bare_ptr_call_conv = true, data_layout = \"x\", index_bitwidth = 16}\n    } : !transform.any_op\n    transform.yield %0 : !transform.any_op\n  }\n}\n"

// mlir-opt in.mlir
const CUSTOM = "module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%arg0: !transform.any_op {transform.readonly}, %arg1: !transform.any_value, %arg2: !transform.param<i64>) -> !transform.any_op {\n    %0 = transform.structured.match ops{[\"func.func\", \"arith.addi\"]} attributes {foo} filter_result_type = i32 filter_operand_types = [i32, f32] in %arg0 : (!transform.any_op) -> !transform.any_op\n    %1 = transform.structured.match interface{LinalgOp} in %arg0 : (!transform.any_op) -> !transform.any_op\n    transform.apply_conversion_patterns to %0 {\n      transform.apply_conversion_patterns.dialect_to_llvm \"math\"\n    } {illegal_dialects = [\"x\"], illegal_ops = [\"c.d\"], legal_ops = [\"a.b\"], preserve_handles} : !transform.any_op\n    transform.apply_conversion_patterns to %0 {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {data_layout = \"x\", index_bitwidth = 16 : i64, use_aligned_alloc = true, use_bare_ptr_call_conv = true, use_generic_functions = true}\n    } : !transform.any_op\n    transform.yield %0 : !transform.any_op\n  }\n}"

// mlir-opt --mlir-print-op-generic in.mlir
const GENERIC = "\"builtin.module\"() ({\n  \"transform.named_sequence\"() <{arg_attrs = [{transform.readonly}, {}, {}], function_type = (!transform.any_op, !transform.any_value, !transform.param<i64>) -> !transform.any_op, sym_name = \"s\"}> ({\n  ^bb0(%arg0: !transform.any_op, %arg1: !transform.any_value, %arg2: !transform.param<i64>):\n    %0 = \"transform.structured.match\"(%arg0) <{filter_operand_types = [i32, f32], filter_result_type = i32, op_attrs = {foo}, ops = [\"func.func\", \"arith.addi\"]}> : (!transform.any_op) -> !transform.any_op\n    %1 = \"transform.structured.match\"(%arg0) <{interface = 0 : i32}> : (!transform.any_op) -> !transform.any_op\n    \"transform.apply_conversion_patterns\"(%0) <{illegal_dialects = [\"x\"], illegal_ops = [\"c.d\"], legal_ops = [\"a.b\"], preserve_handles}> ({\n      \"transform.apply_conversion_patterns.dialect_to_llvm\"() <{dialect_name = \"math\"}> : () -> ()\n    }) : (!transform.any_op) -> ()\n    \"transform.apply_conversion_patterns\"(%0) ({\n    ^bb0:\n    }, {\n      \"transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\"() <{data_layout = \"x\", index_bitwidth = 16 : i64, use_aligned_alloc = true, use_bare_ptr_call_conv = true, use_generic_functions = true}> : () -> ()\n    }) : (!transform.any_op) -> ()\n    \"transform.yield\"(%0) : (!transform.any_op) -> ()\n  }) : () -> ()\n}) {transform.with_named_sequence} : () -> ()"

describe('transform dialect', () => {
  it('prints the custom form as mlir-opt 22', () => {
    expect(roundTrip(INPUT).out).toBe(CUSTOM)
  })
  it('prints the generic form as mlir-opt 22', () => {
    expect(roundTrip(INPUT, true).out).toBe(GENERIC)
  })
  it('reparses its own output to the same text', () => {
    expect(roundTrip(CUSTOM).out).toBe(CUSTOM)
    expect(roundTrip(GENERIC).out).toBe(CUSTOM)
  })
  it("rejects a pattern region child that describes no patterns", () => {
    // mlir-opt in.mlir: the first diagnostic
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n      transform.yield\n    } : !transform.any_op\n    transform.yield\n  }\n}\n").errors[0]).toBe("3:5: 'transform.apply_conversion_patterns' op expected pattern children ops to implement ConversionPatternDescriptorOpInterface")
  })
  it("rejects an empty type converter region", () => {
    // mlir-opt in.mlir: the first diagnostic
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n    } with type_converter {\n    } : !transform.any_op\n    transform.yield\n  }\n}\n").errors[0]).toBe("3:5: 'transform.apply_conversion_patterns' op expected exactly one op in default type converter region")
  })
  it("rejects a type converter region op that builds no type converter", () => {
    // mlir-opt in.mlir: the first diagnostic
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n    } with type_converter {\n      transform.apply_conversion_patterns.func.func_to_llvm\n    } : !transform.any_op\n    transform.yield\n  }\n}\n").errors[0]).toBe("3:5: 'transform.apply_conversion_patterns' op expected default converter child op to implement TypeConverterBuilderOpInterface")
  })
  it("rejects a named sequence whose yield does not match its results", () => {
    // mlir-opt in.mlir: the first diagnostic
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) -> !transform.any_op {\n    transform.yield\n  }\n}\n").errors[0]).toBe("3:5: expected terminator to have as many operands as the parent op has results")
  })
  it('elides default type converter options when printing, and adds none that were not given', () => {
    // mlir-opt in.mlir / mlir-opt --mlir-print-op-generic in.mlir
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 64, use_aligned_alloc = false}\n    } : !transform.any_op\n    transform.yield\n  }\n}\n").out).toBe("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%arg0: !transform.any_op) {\n    transform.apply_conversion_patterns to %arg0 {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\n    } : !transform.any_op\n    transform.yield \n  }\n}")
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 64, use_aligned_alloc = false}\n    } : !transform.any_op\n    transform.yield\n  }\n}\n", true).out).toBe("\"builtin.module\"() ({\n  \"transform.named_sequence\"() <{function_type = (!transform.any_op) -> (), sym_name = \"s\"}> ({\n  ^bb0(%arg0: !transform.any_op):\n    \"transform.apply_conversion_patterns\"(%arg0) ({\n    ^bb0:\n    }, {\n      \"transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\"() <{index_bitwidth = 64 : i64, use_aligned_alloc = false}> : () -> ()\n    }) : (!transform.any_op) -> ()\n    \"transform.yield\"() : () -> ()\n  }) : () -> ()\n}) {transform.with_named_sequence} : () -> ()")
    expect(roundTrip("module attributes {transform.with_named_sequence} {\n  transform.named_sequence @s(%a: !transform.any_op) {\n    transform.apply_conversion_patterns to %a {\n    } with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\n    } : !transform.any_op\n    transform.yield\n  }\n}\n", true).out).toBe("\"builtin.module\"() ({\n  \"transform.named_sequence\"() <{function_type = (!transform.any_op) -> (), sym_name = \"s\"}> ({\n  ^bb0(%arg0: !transform.any_op):\n    \"transform.apply_conversion_patterns\"(%arg0) ({\n    ^bb0:\n    }, {\n      \"transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter\"() : () -> ()\n    }) : (!transform.any_op) -> ()\n    \"transform.yield\"() : () -> ()\n  }) : () -> ()\n}) {transform.with_named_sequence} : () -> ()")
  })
})
