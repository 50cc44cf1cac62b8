// index dialect: parse then print must equal mlir-opt 22.1.8's output (custom and generic form),
// invalid casts give its message, and the folders agree with what mlir-opt folds.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, IntegerAttr, IntegerType, foldOperation, parseSourceString, printOperation, verify, type Operation } from '@tilepass/ir'
import { FuncDialect } from '../src/func/index.ts'
import { IndexDialect } from '../src/index-dialect/index.ts'

function parse(source: string): { ctx: Context; op: Operation | null; errors: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, IndexDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { ctx, op: ok ? r.op : null, errors }
}

const INPUT = `func.func @f(%a: index, %b: index, %i: i32) -> (index, i1, i64) {
  %c = index.constant -3
  %t = index.bool.constant true
  %0 = index.add %a, %b
  %1 = index.ceildivs %0, %c
  %2 = index.shru %1, %b
  %3 = index.cmp uge(%2, %a)
  %4 = index.casts %i : i32 to index
  %5 = index.castu %4 : index to i64
  %6 = index.sizeof
  %7 = index.maxu %6, %a {tag}
  return %7, %3, %5 : index, i1, i64
}
`

// mlir-opt it.mlir
const CUSTOM = `module {
  func.func @f(%arg0: index, %arg1: index, %arg2: i32) -> (index, i1, i64) {
    %idx-3 = index.constant -3
    %true = index.bool.constant true
    %0 = index.add %arg0, %arg1
    %1 = index.ceildivs %0, %idx-3
    %2 = index.shru %1, %arg1
    %3 = index.cmp uge(%2, %arg0)
    %4 = index.casts %arg2 : i32 to index
    %5 = index.castu %4 : index to i64
    %6 = index.sizeof
    %7 = index.maxu %6, %arg0 {tag}
    return %7, %3, %5 : index, i1, i64
  }
}`

// mlir-opt --mlir-print-op-generic it.mlir
const GENERIC = `"builtin.module"() ({
  "func.func"() <{function_type = (index, index, i32) -> (index, i1, i64), sym_name = "f"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: i32):
    %0 = "index.constant"() <{value = -3 : index}> : () -> index
    %1 = "index.bool.constant"() <{value = true}> : () -> i1
    %2 = "index.add"(%arg0, %arg1) : (index, index) -> index
    %3 = "index.ceildivs"(%2, %0) : (index, index) -> index
    %4 = "index.shru"(%3, %arg1) : (index, index) -> index
    %5 = "index.cmp"(%4, %arg0) <{pred = #index<cmp_predicate uge>}> : (index, index) -> i1
    %6 = "index.casts"(%arg2) : (i32) -> index
    %7 = "index.castu"(%6) : (index) -> i64
    %8 = "index.sizeof"() : () -> index
    %9 = "index.maxu"(%8, %arg0) {tag} : (index, index) -> index
    "func.return"(%9, %5, %7) : (index, i1, i64) -> ()
  }) : () -> ()
}) : () -> ()`

describe('index dialect', () => {
  it('prints the custom form as mlir-opt', () => {
    const { op } = parse(INPUT)
    expect(printOperation(op!)).toBe(`${CUSTOM}\n`)
  })

  it('prints the generic form as mlir-opt, and parses it back', () => {
    const { op } = parse(INPUT)
    expect(printOperation(op!, { printGenericOpForm: true })).toBe(`${GENERIC}\n`)
    expect(printOperation(parse(GENERIC).op!)).toBe(`${CUSTOM}\n`)
  })

  it('rejects casts between two integer types', () => {
    const { op, errors } = parse('func.func @f(%a: i32) -> i64 {\n  %0 = index.casts %a : i32 to i64\n  return %0 : i64\n}\n')
    expect(op).toBeNull()
    expect(errors[0]).toBe("'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible")
  })

  it('rejects an attribute of another kind while parsing, as ODS storage types do', () => {
    // mlir-opt: "custom op 'index.constant' invalid kind of attribute specified" at the attribute.
    const { op, errors } = parse('func.func @f() {\n  %0 = index.constant "" : index\n  %1 = index.bool.constant ""\n  return\n}\n')
    expect(op).toBeNull()
    expect(errors).toEqual(["custom op 'index.constant' invalid kind of attribute specified"])
  })

  /** Folds the op of `body` (after the constants) whose result is returned; the printed fold result. */
  function fold(body: string): string {
    const { op } = parse(`func.func @f(%a: index) -> (index, i1) {\n  %c0 = index.constant 0\n  %c1 = index.constant 1\n  %cm = index.constant -1\n  %cb = index.constant 4294967296\n  %c7 = index.constant 7\n  %t = index.bool.constant true\n${body}\n}\n`)
    let target: Operation | null = null
    op!.walk((o) => {
      if (o.name.name !== 'func.return' && o.name.name.startsWith('index.') && !o.name.name.includes('constant')) {
        target = o
      }
    })
    const r = foldOperation(target!)
    if (r === null) {
      return 'none'
    }
    if (r.length === 0) {
      return `in place: ${printOperation(target!)}`
    }
    const v = r[0]!
    return v instanceof IntegerAttr ? `${v.type instanceof IntegerType && v.type.width === 1 ? Number(v.value !== 0n) : v.value}` : 'operand'
  }

  // Expected values from mlir-opt --canonicalize=enable-patterns=none on the same ops.
  it('folds as mlir-opt', () => {
    const ret = (ty: string): string => `  return %r, %t : index, i1`.replace('index, i1', ty)
    expect(fold(`  %r = index.add %a, %c0\n${ret('index, i1')}`)).toBe('operand')
    expect(fold(`  %r = index.mul %a, %c0\n${ret('index, i1')}`)).toBe('0')
    expect(fold(`  %r = index.divs %a, %c1\n${ret('index, i1')}`)).toBe('none')
    expect(fold(`  %r = index.mins %c7, %cm\n${ret('index, i1')}`)).toBe('-1')
    // 4294967296 is 0 in 32 bits: maxu differs between the two widths.
    expect(fold(`  %r = index.maxu %cb, %c7\n${ret('index, i1')}`)).toBe('none')
    expect(fold(`  %r = index.shl %c7, %c1\n${ret('index, i1')}`)).toBe('14')
    expect(fold(`  %r = index.ceildivs %c7, %cm\n${ret('index, i1')}`)).toBe('-7')
    expect(fold(`  %r = index.floordivs %cm, %c7\n${ret('index, i1')}`)).toBe('-1')
    expect(fold(`  %r = index.add %c7, %a\n${ret('index, i1')}`)).toBe('in place: %0 = index.add %arg0, %idx7')
    expect(fold(`  %r = index.cmp slt(%c7, %cm)\n  return %c0, %r : index, i1`)).toBe('0')
    expect(fold(`  %r = index.cmp sle(%a, %a)\n  return %c0, %r : index, i1`)).toBe('1')
  })
})
