// dlti dialect: the attributes print as mlir-opt 22 prints them (custom and generic form), the
// index width of a data layout, and the parse and verify errors with mlir-opt's messages.
import { describe, expect, it } from 'vitest'
import { Context, FileLineColLoc, IndexType, parseSourceString, printOperation, verify, type Operation } from '@tilepass/ir'
import { registerAllDialects } from '../src/index.ts'
import { DLTIEntriesAttr, getIndexBitwidthFromDataLayout } from '../src/dlti/index.ts'

function parse(source: string): { op: Operation | null; errors: string[] } {
  const ctx = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(ctx)
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    errors.push(l instanceof FileLineColLoc ? `${l.filename}:${l.line}:${l.column}: ${d.message}` : d.message)
    return true
  })
  const r = parseSourceString(source, ctx, { filename: 'in.mlir' })
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { op: ok ? r.op : null, errors }
}

const INPUT = "module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<index, 32>, #dlti.dl_entry<\"dlti.endianness\", \"little\">, #dlti.dl_entry<i64, dense<[32, 64]> : vector<2xi64>>>, dlti.map = #dlti.map<\"a\" = 1, f32 = [1, 2]>, dlti.target_system_spec = #dlti.target_system_spec<\"CPU\" = #dlti.target_device_spec<\"L1_cache_size_in_bytes\" = 4096 : i32>>} {\n  func.func @f() attributes {dlti.dl_spec = #dlti.dl_spec<index = 16, \"dlti.stack_alignment\" = 128 : i32, !llvm.ptr = dense<[64, 64, 64]> : vector<3xi64>>, dlti.map = #dlti.map<>} {\n    \"test.op\"() {x = #dlti.dl_entry<index, 32>, y = #dlti.dl_spec<>} : () -> ()\n    return\n  }\n}\n"

// mlir-opt --allow-unregistered-dialect in.mlir
const CUSTOM = "module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64, \"dlti.endianness\" = \"little\", i64 = dense<[32, 64]> : vector<2xi64>>, dlti.map = #dlti.map<\"a\" = 1 : i64, f32 = [1, 2]>, dlti.target_system_spec = #dlti.target_system_spec<\"CPU\" = #dlti.target_device_spec<\"L1_cache_size_in_bytes\" = 4096 : i32>>} {\n  func.func @f() attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64, \"dlti.stack_alignment\" = 128 : i32, !llvm.ptr = dense<64> : vector<3xi64>>, dlti.map = #dlti.map<>} {\n    \"test.op\"() {x = #dlti.dl_entry<index, 32 : i64>, y = #dlti.dl_spec<>} : () -> ()\n    return\n  }\n}"

// mlir-opt --allow-unregistered-dialect --mlir-print-op-generic in.mlir
const GENERIC = "\"builtin.module\"() ({\n  \"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n    \"test.op\"() {x = #dlti.dl_entry<index, 32 : i64>, y = #dlti.dl_spec<>} : () -> ()\n    \"func.return\"() : () -> ()\n  }) {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64, \"dlti.stack_alignment\" = 128 : i32, !llvm.ptr = dense<64> : vector<3xi64>>, dlti.map = #dlti.map<>} : () -> ()\n}) {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64, \"dlti.endianness\" = \"little\", i64 = dense<[32, 64]> : vector<2xi64>>, dlti.map = #dlti.map<\"a\" = 1 : i64, f32 = [1, 2]>, dlti.target_system_spec = #dlti.target_system_spec<\"CPU\" = #dlti.target_device_spec<\"L1_cache_size_in_bytes\" = 4096 : i32>>} : () -> ()"

describe('dlti dialect', () => {
  it('prints entries and entry lists as mlir-opt (old dl_entry lists become key = value)', () => {
    const { op, errors } = parse(INPUT)
    expect(errors).toEqual([])
    expect(printOperation(op!)).toBe(`${CUSTOM}\n`)
    expect(printOperation(op!, { printGenericOpForm: true })).toBe(`${GENERIC}\n`)
  })

  it('reads the index width of the closest module data layout (64 without one)', () => {
    const { op } = parse(INPUT)
    const spec = op!.getAttr('dlti.dl_spec')
    expect(spec).toBeInstanceOf(DLTIEntriesAttr)
    expect((spec as DLTIEntriesAttr).getEntry(IndexType.get(op!.context))).toBeDefined()
    const func = op!.regions[0]!.firstBlock!.firstOp!
    // A func.func is not a data layout scope: its own spec is ignored, the module's applies.
    expect(getIndexBitwidthFromDataLayout(func)).toBe(32)
    expect(getIndexBitwidthFromDataLayout(parse('module {}').op!)).toBe(64)
  })

  const ERRORS: [string, string][] = [
    [
      "module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32, index = 16>} {}\n",
      "in.mlir:1:41: repeated DLTI key: index"
    ],
    [
      "module attributes {dlti.dl_spec = #dlti.dl_spec<\"a\" = 32, \"a\" = 16>} {}\n",
      "in.mlir:1:41: repeated DLTI key: \"a\""
    ],
    [
      "module attributes {dlti.target_system_spec = #dlti.target_system_spec<>} {}\n",
      "in.mlir:1:52: no DLTI entries provided"
    ],
    [
      "module attributes {dlti.dl_spec = #dlti.dl_spec<3 = 1>} {}\n",
      "in.mlir:1:49: invalid kind of attribute specified"
    ],
    [
      "module attributes {dlti.map = #dlti.foo<>} {}\n",
      "in.mlir:1:37: unknown attribute `foo` in dialect `dlti`"
    ],
    [
      "module attributes {dlti.x = #dlti.map<>} {}\n",
      "in.mlir:1:1: attribute 'dlti.x' not supported by dialect"
    ],
    [
      "module attributes {dlti.map = #dlti.dl_spec<>} {}\n",
      "in.mlir:1:1: 'dlti.map' is expected to be a #dlti.map attribute"
    ]
  ]
  for (const [source, message] of ERRORS) {
    it(`rejects ${JSON.stringify(source.trim())}`, () => {
      const { op, errors } = parse(source)
      expect(op).toBeNull()
      expect(errors[0]).toBe(message)
    })
  }
})
