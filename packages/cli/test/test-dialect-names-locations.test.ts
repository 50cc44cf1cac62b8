// test.string_attr_pretty_name (result names from the SSA names written in the source) and
// #test.custom_location (a location defined by a dialect), compared with mlir-opt 22.1.8.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, verify, type AsmPrinterOptions } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { TestCustomLocationAttr, TestDialect } from '../src/testing/TestDialect.ts'

function run(src: string, options: AsmPrinterOptions = {}): string {
  const ctx = new Context({ dialects: [BuiltinDialect, TestDialect], allowUnregisteredDialects: true })
  registerAllDialects(ctx)
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(src, ctx, { filename: 'in.mlir' })
  if (r === null || !verify(r.op)) {
    ctx.diagEngine.flush()
    throw new Error(errors.join('; '))
  }
  return `${printOperation(r.op, options)}\n`
}

const NAMES = `func.func @f() {
  %x = test.string_attr_pretty_name
  %0 = test.string_attr_pretty_name
  %y, %z = test.string_attr_pretty_name
  %q:2 = test.string_attr_pretty_name
  %x_1 = test.string_attr_pretty_name
  %w = test.string_attr_pretty_name attributes {names = ["x"]}
  return
}
`

// mlir-opt names.mlir
const NAMES_CUSTOM = `module {
  func.func @f() {
    %x = test.string_attr_pretty_name
    %0 = test.string_attr_pretty_name attributes {names = [""]}
    %y, %z = test.string_attr_pretty_name
    %q, %q_0 = test.string_attr_pretty_name attributes {names = ["q", "q"]}
    %x_1 = test.string_attr_pretty_name
    %x_2 = test.string_attr_pretty_name attributes {names = ["x"]}
    return
  }
}

`

// mlir-opt -mlir-print-op-generic names.mlir
const NAMES_GENERIC = `"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    %0 = "test.string_attr_pretty_name"() <{names = ["x"]}> : () -> i32
    %1 = "test.string_attr_pretty_name"() <{names = [""]}> : () -> i32
    %2:2 = "test.string_attr_pretty_name"() <{names = ["y", "z"]}> : () -> (i32, i32)
    %3:2 = "test.string_attr_pretty_name"() <{names = ["q", "q"]}> : () -> (i32, i32)
    %4 = "test.string_attr_pretty_name"() <{names = ["x_1"]}> : () -> i32
    %5 = "test.string_attr_pretty_name"() <{names = ["x"]}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

`

describe('test.string_attr_pretty_name', () => {
  it('keeps the written names, printing `names` only when the printed names differ', () => {
    expect(run(NAMES)).toBe(NAMES_CUSTOM)
  })
  it('stores the names as a property', () => {
    expect(run(NAMES, { printGenericOpForm: true })).toBe(NAMES_GENERIC)
  })
  it('round-trips its custom output', () => {
    expect(run(NAMES_CUSTOM)).toBe(NAMES_CUSTOM)
  })
})

const LOCS = `func.func @f() {
  test.attr_with_loc("dialectLoc" loc(#test.custom_location<"foo.mlir"*32>))
  "foo.op"() : () -> () loc(#test.custom_location<"a\\\\b.mlir" * 7>)
  return
}
`

// mlir-opt -allow-unregistered-dialect -mlir-print-debuginfo locs.mlir
const LOCS_ALIAS = `#loc3 = #test.custom_location<"foo.mlir" * 32>
module {
  func.func @f() {
    test.attr_with_loc("dialectLoc" loc(#loc3)) loc(#loc2)
    "foo.op"() : () -> () loc(#loc4)
    return loc(#loc5)
  } loc(#loc1)
} loc(#loc)
#loc = loc("/tmp/l1.mlir":0:0)
#loc1 = loc("/tmp/l1.mlir":1:1)
#loc2 = loc("/tmp/l1.mlir":2:3)
#loc4 = #test.custom_location<"a\\\\b.mlir" * 7>
#loc5 = loc("/tmp/l1.mlir":4:3)

`

// mlir-opt -allow-unregistered-dialect -mlir-print-debuginfo -mlir-print-local-scope locs.mlir
const LOCS_LOCAL = `module {
  func.func @f() {
    test.attr_with_loc("dialectLoc" loc(#test.custom_location<"foo.mlir" * 32>)) loc("/tmp/l1.mlir":2:3)
    "foo.op"() : () -> () loc(#test.custom_location<"a\\\\b.mlir" * 7>)
    return loc("/tmp/l1.mlir":4:3)
  } loc("/tmp/l1.mlir":1:1)
} loc("/tmp/l1.mlir":0:0)
`

describe('#test.custom_location', () => {
  it('parses as a location and prints as mlir-opt, with and without aliases', () => {
    expect(run(LOCS, { printDebugInfo: true, printLocalScope: true }).replaceAll('in.mlir', '/tmp/l1.mlir')).toBe(LOCS_LOCAL)
    expect(run(LOCS, { printDebugInfo: true }).replaceAll('in.mlir', '/tmp/l1.mlir')).toBe(LOCS_ALIAS)
  })
  it('is uniqued by file and line', () => {
    const c2 = new Context({ dialects: [BuiltinDialect, TestDialect], allowUnregisteredDialects: true })
    const r = parseSourceString('"t.op"() : () -> () loc(#test.custom_location<"f" * 3>)\n"t.op"() : () -> () loc(#test.custom_location<"f" * 3>)', c2)
    const first = r!.op.regions[0]!.front.firstOp!
    expect(first.location).toBeInstanceOf(TestCustomLocationAttr)
    expect(first.location).toBe(first.nextOp!.location)
  })
})
