import { describe, expect, it } from 'vitest'
import {
  AnyRegion,
  BuiltinDialect,
  Context,
  DenseI32ArrayAttr,
  FileLineColLoc,
  I1,
  I32,
  I64,
  Trait,
  UnitAttrC,
  defineOp,
  optional,
  optionalAttr,
  parseSourceString,
  printOperation,
  variadicOfVariadic,
  verify,
  type CustomDirective,
  type Diagnostic,
  type DialectDefinition,
} from '@tilepass/ir'

// Ops whose formats use `oilist` as MLIR's OpenMP ops do (omp.parallel's `if` and
// `num_threads` clauses, omp.task's `mergeable` and `untied` unit clauses), so their printed
// form can be compared with what mlir-opt 22 prints for those ops.
const parallelOp = defineOp({
  name: 'test.oilist_parallel',
  operands: { if_expr: optional(I1), num_threads: optional(I32) },
  regions: { region: AnyRegion },
  traits: Trait.AttrSizedOperandSegments,
  assemblyFormat: 'oilist(`if` `(` $if_expr `)` | `num_threads` `(` $num_threads `:` type($num_threads) `)`) $region attr-dict',
})
const taskOp = defineOp({
  name: 'test.oilist_task',
  attributes: { mergeable: optionalAttr(UnitAttrC), untied: optionalAttr(UnitAttrC) },
  regions: { region: AnyRegion },
  assemblyFormat: 'oilist(`mergeable` $mergeable | `untied` $untied) $region attr-dict',
})
// A clause list after a required part, and an empty one before the attribute dictionary.
const cancelOp = defineOp({
  name: 'test.oilist_cancel',
  operands: { if_expr: optional(I1) },
  assemblyFormat: '`kind` `(` `parallel` `)` oilist(`if` `(` $if_expr `)`) attr-dict',
})
// As upstream's test.format_variadic_of_variadic_operand (TestOpsSyntax.td).
const vovOp = defineOp({
  name: 'test.format_variadic_of_variadic_operand',
  operands: { operand: variadicOfVariadic(I64, 'operand_segments') },
  attributes: { operand_segments: DenseI32ArrayAttr },
  assemblyFormat: '$operand `:` type($operand) attr-dict',
})
const vovPairOp = defineOp({
  name: 'test.vov_pair',
  operands: { head: I32, groups: variadicOfVariadic(I32, 'group_sizes') },
  attributes: { group_sizes: DenseI32ArrayAttr },
  assemblyFormat: '$head `,` `[` $groups `]` attr-dict `:` type($head) `,` type($groups)',
})

// A custom directive over a variadic-of-variadic operand: `group(%a, %b) group() group(%c)`.
const groupsDirective: CustomDirective = {
  parse(parser, args) {
    const arg = args[0]!
    arg.groupSizes = []
    while (parser.parseOptionalKeyword('group')) {
      const list = parser.parseOperandList('paren')
      if (list === undefined) {
        return false
      }
      arg.operands.push(...list)
      arg.groupSizes.push(list.length)
    }
    return true
  },
  print(printer, _op, args) {
    const arg = args[0]!
    const sizes = arg.groupSizes ?? []
    let at = 0
    for (let g = 0; g < sizes.length; g++) {
      const n = sizes[g]!
      printer.print(g > 0 ? ' group(' : 'group(')
      printer.printOperands(arg.values.slice(at, at + n))
      printer.print(')')
      at += n
    }
  },
}
const vovCustomOp = defineOp({
  name: 'test.vov_custom',
  operands: { operand: variadicOfVariadic(I64, 'operand_segments') },
  attributes: { operand_segments: DenseI32ArrayAttr },
  customDirectives: { Groups: groupsDirective },
  assemblyFormat: 'custom<Groups>($operand) attr-dict `:` type($operand)',
})

// A variadic-of-variadic operand anchoring an optional group.
const vovOptionalOp = defineOp({
  name: 'test.vov_optional',
  operands: { operand: variadicOfVariadic(I64, 'operand_segments') },
  attributes: { operand_segments: DenseI32ArrayAttr },
  assemblyFormat: '(`with` $operand^ `:` type($operand))? attr-dict',
})

const TestDialect: DialectDefinition = {
  namespace: 'test',
  ops: [parallelOp, taskOp, cancelOp, vovOp, vovPairOp, vovCustomOp, vovOptionalOp],
  allowUnknownOperations: true,
}

function run(src: string, generic = false): { out: string; diags: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, TestDialect] })
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    const loc = d.location instanceof FileLineColLoc ? `${d.location.line}:${d.location.column}: ` : ''
    diags.push(loc + d.message)
    return true
  })
  const res = parseSourceString(src, ctx)
  if (res === null || !verify(res.op)) {
    ctx.diagEngine.flush()
    return { out: '', diags }
  }
  return { out: printOperation(res.op, { printGenericOpForm: generic }), diags }
}

/** `text` as the printer shows it inside the implicit module. */
function inModule(text: string): string {
  const body = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `  ${l}`)
    .join('\n')
  return `module {\n${body}\n}\n`
}

describe('oilist directive', () => {
  // mlir-opt 22 on the same text with omp.parallel / omp.task in place of the test ops prints:
  //   omp.parallel if(%arg0) num_threads(%arg1 : i32) {
  //   omp.parallel if(%arg0) {
  //   omp.task mergeable untied {
  //   omp.task untied {
  // and, with --mlir-print-op-generic, `<{mergeable, operandSegmentSizes = ..., untied}>`.
  const src = `"test.holder"() ({
^bb0(%arg0: i1, %arg1: i32):
  test.oilist_parallel num_threads(%arg1 : i32) if(%arg0) {
  }
  test.oilist_parallel if(%arg0) {
  }
  test.oilist_parallel {
  }
  test.oilist_task untied mergeable {
  }
  test.oilist_task untied {
  }
  test.oilist_cancel kind(parallel) if(%arg0)
  test.oilist_cancel kind(parallel)
}) : () -> ()
`

  it('parses clauses in any order and prints them in declaration order', () => {
    const { out, diags } = run(src)
    expect(diags).toEqual([])
    expect(out).toBe(inModule(`"test.holder"() ({
^bb0(%arg0: i1, %arg1: i32):
  test.oilist_parallel if(%arg0) num_threads(%arg1 : i32) {
  }
  test.oilist_parallel if(%arg0) {
  }
  test.oilist_parallel {
  }
  test.oilist_task mergeable untied {
  }
  test.oilist_task untied {
  }
  test.oilist_cancel kind(parallel) if(%arg0)
  test.oilist_cancel kind(parallel)
}) : () -> ()
`))
  })

  it('sets unit attributes of keyword-only clauses', () => {
    const { out } = run(src, true)
    expect(out).toContain('"test.oilist_task"() <{mergeable, untied}> ({')
    expect(out).toContain('"test.oilist_task"() <{untied}> ({')
    expect(out).toContain('"test.oilist_parallel"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1>}> ({')
  })

  it('rejects a repeated clause at the op name, as mlir-opt does', () => {
    // mlir-opt: 2:3: error: custom op 'omp.parallel' `if` clause can appear at most once in the expansion of the oilist directive
    const { diags } = run(`"test.holder"() ({
^bb0(%arg0: i1):
  test.oilist_parallel if(%arg0) if(%arg0) {
  }
}) : () -> ()
`)
    expect(diags).toEqual(["3:3: custom op 'test.oilist_parallel' `if` clause can appear at most once in the expansion of the oilist directive"])
    const task = run('test.oilist_task untied untied {\n}\n')
    expect(task.diags).toEqual(["1:1: custom op 'test.oilist_task' `untied` clause can appear at most once in the expansion of the oilist directive"])
  })

  it('rejects clauses that do not start with a literal', () => {
    expect(() => defineOp({ name: 'test.bad_oilist', operands: { a: I32 }, assemblyFormat: 'oilist($a | `x`) attr-dict' })).toThrow(
      "invalid assembly format for 'test.bad_oilist': expected literal, but got 'a'",
    )
  })
})

describe('variadic-of-variadic operands', () => {
  // Printed as OpFormatGen's printer does: each sub-group in parentheses, comma-separated,
  // and `type(...)` likewise; the segment attribute is implied by the format.
  it('parses and prints sub-groups and their types', () => {
    const src = `"test.holder"() ({
^bb0(%a: i64, %b: i32):
  test.format_variadic_of_variadic_operand (%a), (), (%a, %a) : (i64), (), (i64, i64)
  test.format_variadic_of_variadic_operand  : 
  test.vov_pair %b, [(%b, %b), ()] : i32, (i32, i32), ()
}) : () -> ()
`
    const { out, diags } = run(src)
    expect(diags).toEqual([])
    expect(out).toBe(inModule(`"test.holder"() ({
^bb0(%arg0: i64, %arg1: i32):
  test.format_variadic_of_variadic_operand (%arg0), (), (%arg0, %arg0) : (i64), (), (i64, i64)
  test.format_variadic_of_variadic_operand  : 
  test.vov_pair %arg1, [(%arg1, %arg1), ()] : i32, (i32, i32), ()
}) : () -> ()
`))
    const generic = run(src, true).out
    expect(generic).toContain('"test.format_variadic_of_variadic_operand"(%arg0, %arg0, %arg0) <{operand_segments = array<i32: 1, 0, 2>}> : (i64, i64, i64) -> ()')
    expect(generic).toContain('"test.format_variadic_of_variadic_operand"() <{operand_segments = array<i32>}> : () -> ()')
    expect(generic).toContain('"test.vov_pair"(%arg1, %arg1, %arg1) <{group_sizes = array<i32: 2, 0>}> : (i32, i32, i32) -> ()')
  })

  it('anchors optional groups', () => {
    const src = `"test.holder"() ({
^bb0(%a: i64):
  test.vov_optional with (%a), (%a) : (i64), (i64)
  test.vov_optional
}) : () -> ()
`
    const { out, diags } = run(src)
    expect(diags).toEqual([])
    expect(out).toContain('test.vov_optional with (%arg0), (%arg0) : (i64), (i64)\n    test.vov_optional\n')
    expect(run(src, true).out).toContain('"test.vov_optional"() <{operand_segments = array<i32>}> : () -> ()')
  })

  it('passes sub-group sizes to and from custom directives', () => {
    const src = `"test.holder"() ({
^bb0(%a: i64):
  test.vov_custom group(%a, %a) group() group(%a) : (i64, i64), (), (i64)
}) : () -> ()
`
    const { out, diags } = run(src)
    expect(diags).toEqual([])
    expect(out).toContain('test.vov_custom group(%arg0, %arg0) group() group(%arg0) : (i64, i64), (), (i64)\n')
    expect(run(src, true).out).toContain('"test.vov_custom"(%arg0, %arg0, %arg0) <{operand_segments = array<i32: 2, 0, 1>}> : (i64, i64, i64) -> ()')
  })

  it('verifies the sub-group sizes against the operand count', () => {
    // ODS's verifyValueSizeAttr, with the operand's name as the group name.
    const { diags } = run(`"test.holder"() ({
^bb0(%a: i64):
  "test.format_variadic_of_variadic_operand"(%a, %a) <{operand_segments = array<i32: 1, 2>}> : (i64, i64) -> ()
}) : () -> ()
`)
    expect(diags[0]).toBe("3:3: 'test.format_variadic_of_variadic_operand' op operand count (2) does not match with the total size (3) specified in attribute 'operand_segments'")
  })

  it('reports a type count that does not match the operands', () => {
    const { diags } = run(`"test.holder"() ({
^bb0(%a: i64):
  test.format_variadic_of_variadic_operand (%a, %a) : (i64)
}) : () -> ()
`)
    expect(diags.length).toBe(1)
  })
})
