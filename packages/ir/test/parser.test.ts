import { describe, expect, it } from 'vitest'
import {
  type AffineMapAttr,
  ArrayAttr,
  CallSiteLoc,
  Context,
  type DenseIntOrFPElementsAttr,
  DictionaryAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  FusedLoc,
  IntegerAttr,
  IntegerType,
  MemRefType,
  NameLoc,
  OpaqueAttr,
  OpaqueType,
  type Operation,
  type OperationState,
  RankedTensorType,
  StringAttr,
  SymbolRefAttr,
  Trait,
  TypeAttr,
  UnitAttr,
  VectorType,
  failure,
  parseAttribute,
  parseSourceString,
  parseType,
  printAttribute,
  printOperation,
  printType,
  success,
} from '@tilepass/ir'
import type { DialectDefinition, OpAsmParser, OpDefinition, ParseResult, Type } from '@tilepass/ir'

interface Parsed {
  result: ParseResult | null
  diags: string[]
}

function render(loc: unknown): string {
  return loc instanceof FileLineColLoc ? `${loc.line}:${loc.column}` : '?'
}

/** Parses `src` as `t.mlir`, collecting diagnostics as `line:col: severity: message`. */
function parse(src: string, ctx: Context = new Context({ allowUnregisteredDialects: true }), options: Parameters<typeof parseSourceString>[2] = {}): Parsed {
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    diags.push(`${render(d.location)}: ${d.severity}: ${d.message}`)
    for (const n of d.notes) {
      diags.push(`${render(n.location)}: note: ${n.message}`)
    }
    return true
  })
  const result = parseSourceString(src, ctx, { filename: 't.mlir', ...options })
  return { result, diags }
}

function body(r: ParseResult | null): Operation[] {
  expect(r).not.toBeNull()
  return r!.op.regions[0]!.firstBlock!.operations
}

// ---- A small dialect with custom syntax, to exercise the OpAsmParser ----------------------

/** `test.func @name(%a: i32, ...) -> (types) { body }`, isolated, default dialect `test`. */
const funcOp: OpDefinition = {
  name: 'test.func',
  traits: Trait.IsolatedFromAbove,
  defaultDialect: 'test',
  parse(p: OpAsmParser, state: OperationState) {
    const name = p.parseSymbolName()
    if (name === undefined) {
      return failure()
    }
    state.addAttribute('sym_name', StringAttr.get(p.context, name))
    const args = p.parseArgumentList('paren', true, false)
    if (args === undefined) {
      return failure()
    }
    const results = p.parseOptionalArrowTypeList()
    if (results === undefined) {
      return failure()
    }
    state.addAttribute(
      'function_type',
      TypeAttr.get(FunctionType.get(p.context, args.map((a) => a.type!), results)),
    )
    return p.parseRegion(state.addRegion(), args)
  },
}

/** `return %a, %b : i32, i32` (used bare inside test.func through the default dialect). */
const returnOp: OpDefinition = {
  name: 'test.return',
  traits: Trait.IsTerminator,
  parse(p: OpAsmParser, state: OperationState) {
    const operands = p.parseOperandList()
    if (operands === undefined) {
      return failure()
    }
    if (operands.length === 0) {
      return success()
    }
    const types = p.parseColonTypeList()
    if (types === undefined) {
      return failure()
    }
    return p.resolveOperands(operands, types, p.getNameLoc(), state.operands)
  },
}

/** `test.add %a, %b : i32` producing one result. */
const addOp: OpDefinition = {
  name: 'test.add',
  parse(p: OpAsmParser, state: OperationState) {
    const a = p.parseOperand()
    if (a === undefined || !p.parseComma()) {
      return failure()
    }
    const b = p.parseOperand()
    if (b === undefined) {
      return failure()
    }
    const t = p.parseColonType()
    if (t === undefined) {
      return failure()
    }
    state.addTypes([t])
    return p.resolveOperands([a, b], t, p.getNameLoc(), state.operands)
  },
}

/** `test.br ^bb1(%a : i32)`. */
const brOp: OpDefinition = {
  name: 'test.br',
  traits: Trait.IsTerminator,
  parse(p: OpAsmParser, state: OperationState) {
    const dest = p.parseSuccessorAndUseList(state.operands)
    if (dest === undefined) {
      return failure()
    }
    state.addSuccessor(dest)
    return success()
  },
}

/** `test.wrap { ... }`: a region op that declares no default dialect. */
const wrapOp: OpDefinition = {
  name: 'test.wrap',
  parse(p: OpAsmParser, state: OperationState) {
    return p.parseRegion(state.addRegion())
  },
}

/** `test.gw(%a) : (i32) -> i32`: custom name, generic body. */
const genericBodyOp: OpDefinition = {
  name: 'test.gw',
  parse(p: OpAsmParser, state: OperationState) {
    return p.parseGenericOperationAfterOpName!(state)
  },
}

/** `!test.pair<i32, f32>` and `#test.one<5>` through the dialect hooks. */
const testDialect: DialectDefinition = {
  namespace: 'test',
  ops: [funcOp, returnOp, addOp, brOp, wrapOp, genericBodyOp],
  parseType(p: OpAsmParser): Type | undefined {
    if (!p.parseKeyword('pair') || !p.parseLess()) {
      return undefined
    }
    const a = p.parseType()
    if (a === undefined || !p.parseComma()) {
      return undefined
    }
    const b = p.parseType()
    if (b === undefined || !p.parseGreater()) {
      return undefined
    }
    return FunctionType.get(p.context, [a], [b])
  },
  parseAttribute(p: OpAsmParser) {
    if (!p.parseKeyword('one') || !p.parseLess()) {
      return undefined
    }
    const v = p.parseInteger()
    if (v === undefined || !p.parseGreater()) {
      return undefined
    }
    return IntegerAttr.get(IntegerType.get(p.context, 7), v)
  },
}

function testContext(): Context {
  return new Context({ allowUnregisteredDialects: true, dialects: [testDialect] })
}

// ---- Tests -----------------------------------------------------------------------------

describe('parseSourceString: generic form', () => {
  it('builds operations, interns types and attributes, and resolves forward references', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const { result, diags } = parse('"foo.use"(%v) : (i32) -> ()\n%v = "foo.def"() {a = 1 : i32, b = "s"} : () -> i32\n', ctx)
    expect(diags).toEqual([])
    const [use, def] = body(result)
    expect(use!.name.name).toBe('foo.use')
    expect(use!.operands[0]!.value).toBe(def!.results[0])
    expect(def!.results[0]!.type).toBe(IntegerType.get(ctx, 32))
    expect(def!.attributes.get('a')).toBe(IntegerAttr.get(IntegerType.get(ctx, 32), 1))
    expect(def!.attributes.get('b')).toBe(StringAttr.get(ctx, 's'))
    expect(result!.op.name.name).toBe('builtin.module')
  })

  it('binds result groups and %x#N uses', () => {
    const { result, diags } = parse('%a:2, %b = "foo.op"() : () -> (i32, i64, f32)\n"foo.use"(%a#1, %b) : (i64, f32) -> ()')
    expect(diags).toEqual([])
    const [def, use] = body(result)
    expect(use!.operands.map((o) => o.value)).toEqual([def!.results[1], def!.results[2]])
  })

  it('puts <{...}> into properties and {...} into discardable attributes', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const { result } = parse('"foo.op"() <{p = 5 : i32}> {d} : () -> ()', ctx)
    const [op] = body(result)
    expect(op!.properties.get('p')).toBe(IntegerAttr.get(IntegerType.get(ctx, 32), 5))
    expect(op!.attributes.get('d')).toBe(UnitAttr.get(ctx))
  })

  it('parses regions, block arguments, successors and forward-referenced blocks', () => {
    const src = '"foo.r"() ({\n^bb0(%x: i32):\n  "foo.br"(%x)[^bb2] : (i32) -> ()\n^bb2:\n  "foo.use"(%x) : (i32) -> ()\n}, {\n}) : () -> ()'
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    const [op] = body(result)
    expect(op!.regions.length).toBe(2)
    const blocks = op!.regions[0]!.blockList
    expect(blocks.length).toBe(2)
    const br = blocks[0]!.firstOp!
    expect(br.successors[0]!.block).toBe(blocks[1])
    expect(blocks[1]!.firstOp!.operands[0]!.value).toBe(blocks[0]!.arguments[0])
    expect(op!.regions[1]!.empty).toBe(true)
  })

  it('records FileLineColLoc positions as mlir-opt does (op name, block args, module at 0:0)', () => {
    const { result } = parse('\n  %0 = "foo.a"() : () -> i32\n"foo.b"() ({\n^bb0(%a: i32, %b: i32 loc("q":1:2)):\n  "foo.c"() : () -> ()\n}) : () -> ()')
    const [a, b] = body(result)
    expect(render(a!.location)).toBe('2:8')
    expect(render(b!.location)).toBe('3:1')
    const args = b!.regions[0]!.firstBlock!.arguments
    expect(render(args[0]!.location)).toBe('4:6')
    expect(args[1]!.location).toBe(FileLineColLoc.get(result!.op.context, 'q', 1, 2))
    expect(render(result!.op.location)).toBe('0:0')
  })

  it('places ops and block arguments far into a long file (line starts and interned locations past their first tables)', () => {
    // Thousands of lines: the locator's line starts and the interner's line chunks grow.
    const lines: string[] = []
    for (let i = 0; i < 3000; i++) {
      lines.push(`"foo.op${i % 3}"() : () -> ()`)
    }
    lines.push('"foo.r"() ({\n^bb0(%a: i32,\n    %b: i32):\n  "foo.c"() : () -> ()\n}) : () -> ()')
    const { result, diags } = parse(lines.join('\n'))
    expect(diags).toEqual([])
    const ops = body(result)
    expect(ops.length).toBe(3001)
    const args = ops[3000]!.regions[0]!.firstBlock!.arguments
    // Asked for after every op was parsed, far behind the last line scanned.
    expect(render(args[1]!.location)).toBe('3003:5')
    expect(render(args[0]!.location)).toBe('3002:6')
    expect(render(ops[2999]!.location)).toBe('3000:1')
    expect(render(ops[257]!.location)).toBe('258:1')
    expect(render(ops[0]!.location)).toBe('1:1')
    // Interned: the same line and column give the same location, another column another one.
    const ctx = result!.op.context
    expect(ops[256]!.location).toBe(FileLineColLoc.get(ctx, (ops[256]!.location as FileLineColLoc).filename, 257, 1))
    expect(FileLineColLoc.get(ctx, 'f', 700, 3)).toBe(FileLineColLoc.get(ctx, 'f', 700, 3))
    expect(FileLineColLoc.get(ctx, 'f', 700, 4)).not.toBe(FileLineColLoc.get(ctx, 'f', 700, 3))
    args[0]!.location = FileLineColLoc.get(ctx, 'q', 9, 9)
    expect(args[0]!.location).toBe(FileLineColLoc.get(ctx, 'q', 9, 9))
  })

  it('resolves location aliases defined after their use, and all location forms', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const src = [
      '"foo.a"() : () -> () loc(#l)',
      '"foo.b"() : () -> () loc(callsite("f" at "g":1:2))',
      '"foo.c"() : () -> () loc(fused<"m">["a", "b"("c")])',
      '"foo.d"() : () -> () loc("f":1:2 to 3:4)',
      '#l = loc("named")',
    ].join('\n')
    const { result, diags } = parse(src, ctx)
    expect(diags).toEqual([])
    const [a, b, c, d] = body(result)
    expect(a!.location).toBeInstanceOf(NameLoc)
    expect(b!.location).toBeInstanceOf(CallSiteLoc)
    expect(c!.location).toBeInstanceOf(FusedLoc)
    expect((d!.location as FileLineColLoc).endLine).toBe(3)
  })

  it('names an empty file "-" in "file":line:col locations, as mlir-opt prints them', () => {
    // mlir-opt --mlir-print-debuginfo: loc("":1:2) prints as loc("-":1:2); ranges and line-only keep "".
    const { result } = parse('"foo.a"() : () -> () loc("":1:2)\n"foo.b"() : () -> () loc("":1:2 to 3:4)\n')
    const [a, b] = body(result)
    expect((a!.location as FileLineColLoc).filename).toBe('-')
    expect((b!.location as FileLineColLoc).filename).toBe('')
  })

  it('maps chunk offsets back to whole-file lines (split-input-file)', () => {
    const src = '"foo.a"() : () -> ()\n// -----\n\n"foo.b"(%x) : (i32) -> ()\n'
    const start = src.indexOf('// -----') + 8
    const { result, diags } = parse(src, undefined, { bufferStart: start })
    expect(result).toBeNull()
    expect(diags).toEqual(['4:9: error: use of undeclared SSA value name'])
    const ok = parse(src, undefined, { bufferStart: start, bufferEnd: src.length })
    expect(ok.result).toBeNull()
    const first = parse(src, undefined, { bufferStart: 0, bufferEnd: start - 8 })
    expect(first.diags).toEqual([])
    const second = parse('"foo.a"() : () -> ()\n// -----\n"foo.b"() : () -> ()\n', undefined, { bufferStart: start })
    expect(render(second.result!.op.location)).toBe('2:9')
  })

  it('keeps an explicit single builtin.module and honours noImplicitModule', () => {
    const { result } = parse('"builtin.module"() ({\n  "foo.a"() : () -> ()\n}) : () -> ()')
    expect(body(result)[0]!.name.name).toBe('foo.a')
    const single = parse('"foo.a"() : () -> ()', undefined, { noImplicitModule: true })
    expect(single.result!.op.name.name).toBe('foo.a')
    // mlir-opt --no-implicit-module: "<stdin>:0:0: error: source must contain a single top-level operation, found: 2"
    expect(parse('"foo.a"() : () -> ()\n"foo.b"() : () -> ()', undefined, { noImplicitModule: true }).diags).toEqual([
      '0:0: error: source must contain a single top-level operation, found: 2',
    ])
  })

  it('keeps file metadata resources (mlir_reproducer) on the result', () => {
    const src = '"foo.a"() : () -> ()\n{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: "builtin.module(cse)",\n      disable_threading: true,\n      verify_each: true\n    }\n  }\n#-}\n'
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    const repro = result!.externalResources.get('mlir_reproducer')!
    expect((repro.get('pipeline') as StringAttr).value).toBe('builtin.module(cse)')
    expect(repro.get('verify_each')).toBe(IntegerAttr.get(IntegerType.get(result!.op.context, 1), 1))
  })

  it('parses 100k nested generic-form regions on an explicit stack, without recursion', () => {
    // The old recursive parser gave "nesting too deep" here at a few thousand levels.
    const depth = 100000
    const src = '"foo.r"() ({\n'.repeat(depth) + '"foo.x"() : () -> ()\n' + '}) : () -> ()\n'.repeat(depth)
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    let op = body(result)[0]!
    let levels = 0
    while (op.name.name === 'foo.r') {
      expect(op.regions.length).toBe(1)
      expect(op.regions[0]!.hasOneBlock).toBe(true)
      levels++
      op = op.regions[0]!.front.firstOp!
    }
    expect(levels).toBe(depth)
    expect(op.name.name).toBe('foo.x')
    const deepest = op.location
    expect(deepest instanceof FileLineColLoc && deepest.line).toBe(depth + 1)
  }, 60_000)

  it('parses region lists with empty regions, labels, block arguments and result groups as mlir-opt does', () => {
    // mlir-opt --allow-unregistered-dialect --mlir-print-op-generic prints the same IR.
    const src =
      '"foo.a"() ({\n%0 = "foo.z"() : () -> i32\n"foo.b"() ({\n%1 = "foo.c"() : () -> i32\n}, {\n^bb3(%y: i64):\n' +
      '"foo.d"(%0, %y) : (i32, i64) -> ()\n"foo.br"()[^bb4] : () -> ()\n^bb4:\n"foo.e"() ({}, {\n"foo.f"() : () -> ()\n}) : () -> ()\n' +
      '}, {}) : () -> ()\n}) {x = 1} : () -> () loc("here")\n%2:2 = "foo.g"() ({\n^bb0(%a: f32, %b: f32):\n"foo.h"(%2#1) : (i1) -> ()\n}) : () -> (i32, i1)\n'
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    expect(printOperation(result!.op, { printGenericOpForm: true })).toBe(
      [
        '"builtin.module"() ({',
        '  "foo.a"() ({',
        '    %1 = "foo.z"() : () -> i32',
        '    "foo.b"() ({',
        '      %2 = "foo.c"() : () -> i32',
        '    }, {',
        '    ^bb0(%arg2: i64):',
        '      "foo.d"(%1, %arg2) : (i32, i64) -> ()',
        '      "foo.br"()[^bb1] : () -> ()',
        '    ^bb1:  // pred: ^bb0',
        '      "foo.e"() ({',
        '      }, {',
        '        "foo.f"() : () -> ()',
        '      }) : () -> ()',
        '    }, {',
        '    }) : () -> ()',
        '  }) {x = 1 : i64} : () -> ()',
        '  %0:2 = "foo.g"() ({',
        '  ^bb0(%arg0: f32, %arg1: f32):',
        '    "foo.h"(%0#1) : (i1) -> ()',
        '  }) : () -> (i32, i1)',
        '}) : () -> ()',
        '',
      ].join('\n'),
    )
  })
})

describe('parseSourceString: custom operation forms', () => {
  it('parses custom syntax through OpAsmParser hooks and the default dialect', () => {
    const ctx = testContext()
    const src = 'test.func @f(%a: i32, %b: i32) -> i32 {\n  %s = test.add %a, %b : i32\n  test.br ^bb1(%s : i32)\n^bb1(%t: i32):\n  return %t : i32\n}'
    const { result, diags } = parse(src, ctx)
    expect(diags).toEqual([])
    const [fn] = body(result)
    expect(fn!.name.name).toBe('test.func')
    expect((fn!.properties.get('sym_name') ?? fn!.attributes.get('sym_name')) as StringAttr).toBe(StringAttr.get(ctx, 'f'))
    const entry = fn!.regions[0]!.firstBlock!
    const add = entry.firstOp!
    expect(add.operands.map((o) => o.value)).toEqual(entry.arguments)
    const ret = fn!.regions[0]!.blockList[1]!.firstOp!
    expect(ret.name.name).toBe('test.return')
  })

  it('offers the generic body syntax to custom parsers', () => {
    const ctx = testContext()
    const { result, diags } = parse('%a = "foo.a"() : () -> i32\n%b = test.gw(%a) {x} : (i32) -> i64\n', ctx)
    expect(diags).toEqual([])
    const [a, gw] = body(result)
    expect(gw!.name.name).toBe('test.gw')
    expect(gw!.operands[0]!.value).toBe(a!.results[0])
    expect(gw!.results[0]!.type).toBe(IntegerType.get(ctx, 64))
    expect(gw!.attributes.get('x')).toBe(UnitAttr.get(ctx))
  })

  it('checks generic-form properties of registered ops as mlir-opt does', () => {
    const ctx = testContext()
    // mlir-opt: '"func.return"() <{a = 1}> : () -> ()' -> "invalid properties {a = 1 : i64} for op func.return: this operation does not support properties"
    expect(parse('"test.return"() <{a = 1}> : () -> ()\n', ctx).diags).toEqual([
      '1:1: error: invalid properties {a = 1 : i64} for op test.return: this operation does not support properties',
    ])
  })

  it('uses dialect type and attribute hooks', () => {
    const ctx = testContext()
    const t = parseType('!test.pair<i32, f32>', ctx)
    expect(t).toBe(FunctionType.get(ctx, [IntegerType.get(ctx, 32)], [FloatType.get(ctx, 'f32')]))
    expect(parseAttribute('#test.one<5>', ctx)).toBe(IntegerAttr.get(IntegerType.get(ctx, 7), 5))
  })

  it('diagnoses unknown custom ops like mlir-opt', () => {
    const ctx = testContext()
    // mlir-opt: "custom op 'foo' is unknown (tried 'func.foo' as well)" inside func.func
    expect(parse('test.func @f() {\n  foo\n}', ctx).diags).toEqual(["2:3: error: custom op 'foo' is unknown (tried 'test.foo' as well)"])
  })

  it('resolves a name spelled without its dialect in the default dialect of each op', () => {
    const ctx = testContext()
    // The second `return` is parsed once its spelling is known under `test`: at the top
    // level, whose default dialect is `builtin`, it is still unknown.
    const src = 'test.func @f() {\n  return\n}\ntest.func @g() {\n  return\n}\nreturn\n'
    expect(parse(src, ctx).diags).toEqual(["7:1: error: custom op 'return' is unknown (tried 'builtin.return' as well)"])
    const ok = parse('test.func @f() {\n  return\n}\ntest.func @g() {\n  test.return\n}\n', testContext())
    expect(ok.diags).toEqual([])
    const funcs = body(ok.result)
    expect(funcs.map((f) => f.regions[0]!.firstBlock!.firstOp!.name.name)).toEqual(['test.return', 'test.return'])
  })

  it('prefixes errors of a custom parser with the full op name, however the op was spelled', () => {
    const ctx = testContext()
    const src = 'test.func @f(%a: i32) {\n  return %a : i32\n}\ntest.func @g(%a: i32) {\n  return %a : i32, i32\n}\n'
    expect(parse(src, ctx).diags).toEqual(["5:3: error: custom op 'test.return' number of operands and types do not match: got 1 operands and 2 types"])
  })

  it('scopes SSA names: isolated regions do not see outer values', () => {
    const ctx = testContext()
    const src = '%x = "foo.a"() : () -> i32\ntest.func @f() {\n  "foo.use"(%x) : (i32) -> ()\n  return\n}'
    expect(parse(src, ctx).diags).toEqual(['3:13: error: use of undeclared SSA value name'])
    const nonIsolated = '%x = "foo.a"() : () -> i32\n"foo.r"() ({\n  "foo.use"(%x) : (i32) -> ()\n}) : () -> ()'
    expect(parse(nonIsolated, ctx).diags).toEqual([])
  })
})

describe('parseAttribute / parseType', () => {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const i32 = IntegerType.get(ctx, 32)

  it('parses builtin types identically interned', () => {
    expect(parseType('tensor<4x?xf32>', ctx)).toBe(RankedTensorType.get([4, -9007199254740991], FloatType.get(ctx, 'f32')))
    expect(parseType('vector<[4]x8xi32>', ctx)).toBe(VectorType.get([4, 8], i32, [true, false]))
    expect(parseType('memref<4xf32, affine_map<(d0) -> (d0)>>', ctx)).toBe(MemRefType.get([4], FloatType.get(ctx, 'f32')))
    expect(parseType('memref<4xf32, 0>', ctx)).toBe(MemRefType.get([4], FloatType.get(ctx, 'f32')))
    expect(parseType('!foo.bar<"x", [1]>', ctx)).toBe(OpaqueType.get(ctx, 'foo', 'bar<"x", [1]>'))
    expect(parseType('(i32) -> (i32, i32)', ctx)).toBe(FunctionType.get(ctx, [i32], [i32, i32]))
  })

  it('parses numeric literals with mlir-opt defaults and rounding', () => {
    expect(parseAttribute('42', ctx)).toBe(IntegerAttr.get(IntegerType.get(ctx, 64), 42))
    expect(parseAttribute('255 : i8', ctx)).toBe(IntegerAttr.get(IntegerType.get(ctx, 8), -1))
    expect(parseAttribute('0x7F800000 : f32', ctx)).toBe(FloatAttr.get(FloatType.get(ctx, 'f32'), Infinity))
    expect(parseAttribute('0x3C00 : f16', ctx)).toBe(FloatAttr.get(FloatType.get(ctx, 'f16'), 1))
    expect(parseAttribute('0.1 : f32', ctx)).toBe(FloatAttr.get(FloatType.get(ctx, 'f32'), Math.fround(0.1)))
    expect(parseAttribute('1.0e400', ctx)).toBe(FloatAttr.get(FloatType.get(ctx, 'f64'), Infinity))
  })

  it('parses aggregates, symbol references and opaque dialect attributes', () => {
    expect(parseAttribute('[1, "a"]', ctx)).toBeInstanceOf(ArrayAttr)
    expect(parseAttribute('{b = 1, a}', ctx)).toBeInstanceOf(DictionaryAttr)
    expect(parseAttribute('@a::@b::@c', ctx)).toBe(SymbolRefAttr.get(ctx, 'a', ['b', 'c']))
    expect(parseAttribute('#foo<bar>', ctx)).toBe(OpaqueAttr.get(ctx, 'foo', 'bar'))
    const d = parseAttribute('dense<[1, 1]> : tensor<2xi32>', ctx) as DenseIntOrFPElementsAttr
    expect(d.isSplat).toBe(true)
  })

  it('simplifies affine expressions at construction as MLIR does', () => {
    const m = parseAttribute('affine_map<(d0, d1)[s0] -> (d0 + 0, d1 * 1 + s0, 2 + d0, d0 * 2 * 3, (d0 + 3) mod 3, 3 * d0, (d0 * 4) floordiv 2)>', ctx) as AffineMapAttr
    expect(printAttribute(m)).toBe('affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d0 + 2, d0 * 6, d0 mod 3, d0 * 3, d0 * 2)>')
  })

  it('accepts what mlir-opt accepts at the edges of the attribute grammar', () => {
    // mlir-opt prints these as affine_set<(d0) : (0 >= 0)> and dense<1> : tensor<i32>.
    expect(printAttribute(parseAttribute('affine_set<(d0) : (d0 >= d0)>', ctx)!)).toBe('affine_set<(d0) : (0 >= 0)>')
    expect(printAttribute(parseAttribute('dense<(1, 2)> : tensor<i32>', ctx)!)).toBe('dense<1> : tensor<i32>')
    expect(printAttribute(parseAttribute('affine_set<(d0) : (d0 + 1 >= d0 * 2 + 1, d0 <= 5, 3 == d0)>', ctx)!)).toBe(
      'affine_set<(d0) : (d0 - (d0 * 2 + 1) + 1 >= 0, -d0 + 5 >= 0, -d0 + 3 == 0)>',
    )
  })

  it('prints parsed types back as mlir-opt does', () => {
    for (const t of ['tensor<*xf32>', 'memref<4x?xf32, strided<[?, 1], offset: ?>, 3>', 'complex<f64>', 'tuple<i32, f32>', 'vector<[4]x8xf32>', '!foo<"x">', 'f8E4M3FN']) {
      expect(printType(parseType(t, ctx)!)).toBe(t)
    }
  })
})

describe('round trip against mlir-opt --mlir-print-op-generic', () => {
  it('prints the generic form byte-identically', () => {
    // Expected text from: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic r1.mlir
    const src = [
      '#map = affine_map<(d0, d1)[s0] -> (d0 + 0, d1 * 1 + s0, 2 + d0, (d0 + 3) mod 3, -d0 + d1, d0 - d1, d0 ceildiv 2)>',
      '!alias = tensor<4x?xf32>',
      '%0:2, %1 = "foo.op"(%2) {a = 1, b = 0x10, f = "x\\n\\"\\\\\\0A", g = unit, l = #map, q = dense<"0x0100000002000000"> : tensor<2xi32>, r = dense<(1.0, 2.0)> : tensor<complex<f32>>} : (i32) -> (i32, !alias, f32)',
      '%2 = "foo.c"() <{prop = 5 : i32}> : () -> i32',
      '"foo.d"(%0#1, %1) ({',
      '^bb0(%a: i32, %b: memref<4xf32, 3>):',
      '  "foo.br"(%a)[^bb1] : (i32) -> ()',
      '^bb1:',
      '  "foo.e"(%b) : (memref<4xf32, 3>) -> ()',
      '}, {',
      '}) : (tensor<4x?xf32>, f32) -> ()',
    ].join('\n')
    const expected = [
      '#map = affine_map<(d0, d1)[s0] -> (d0, d1 + s0, d0 + 2, d0 mod 3, -d0 + d1, d0 - d1, d0 ceildiv 2)>',
      '"builtin.module"() ({',
      '  %0:3 = "foo.op"(%1) {a = 1 : i64, b = 16 : i64, f = "x\\0A\\22\\\\\\0A", g, l = #map, q = dense<[1, 2]> : tensor<2xi32>, r = dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>} : (i32) -> (i32, tensor<4x?xf32>, f32)',
      '  %1 = "foo.c"() <{prop = 5 : i32}> : () -> i32',
      '  "foo.d"(%0#1, %0#2) ({',
      '  ^bb0(%arg0: i32, %arg1: memref<4xf32, 3>):',
      '    "foo.br"(%arg0)[^bb1] : (i32) -> ()',
      '  ^bb1:  // pred: ^bb0',
      '    "foo.e"(%arg1) : (memref<4xf32, 3>) -> ()',
      '  }, {',
      '  }) : (tensor<4x?xf32>, f32) -> ()',
      '}) : () -> ()',
      '',
    ].join('\n')
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    expect(printOperation(result!.op, { printGenericOpForm: true })).toBe(expected)
  })

  it('simplifies affine maps and sets exactly as mlir-opt prints them', () => {
    // mlir-opt --allow-unregistered-dialect am.mlir
    const src = "#m0 = affine_map<(d0, d1, d2)[s0, s1] -> (d0 + d1 + d2 + s0 + s1, d0 * s0, s0 * d0, s0 * s1 * d0, (d0 + 1) * 2, 2 * (d0 + 1), d0 - 1, 1 - d0, -(d0 + d1), d0 * -1, d0 floordiv s0, (d0 floordiv 4) * 4 + d0 mod 4, d0 mod 4 + (d0 floordiv 4) * 4, d0 - (d0 floordiv 4) * 4, (d0 * 8 + d1 * 4) floordiv 4, (d0 * 8 + d1) mod 4, (d0 + d1 * 8) mod 4, d0 * 0, d0 + d0, d0 * 2 + d0 * 3, s0 + d0, 3 + s0 + d0, (d0 mod 8) mod 4, d0 ceildiv 1, 7 floordiv -2, -7 mod 3, 10 ceildiv 3, d2 + (d0 + 2), (d0 + 2) + (d1 + 3))>\n#m1 = affine_map<() -> ()>\n#m2 = affine_map<(d0) -> (d0)>\n#m3 = affine_map<()[s0] -> (s0 * 2 + 1)>\n#s0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0, d0 <= 10, d0 + 1 == -2)>\n#s1 = affine_set<() : ()>\n\"foo.a\"() {m0 = #m0, m1 = #m1, m2 = #m2, m3 = #m3, s0 = #s0, s1 = #s1} : () -> ()\n"
    const expected = "#map = affine_map<(d0, d1, d2)[s0, s1] -> (d0 + d1 + d2 + s0 + s1, d0 * s0, d0 * s0, d0 * (s0 * s1), (d0 + 1) * 2, (d0 + 1) * 2, d0 - 1, -d0 + 1, -(d0 + d1), -d0, d0 floordiv s0, (d0 floordiv 4) * 4 + d0 mod 4, d0 mod 4 + (d0 floordiv 4) * 4, d0 mod 4, d0 * 2 + d1, d1 mod 4, d0 mod 4, 0, d0 * 2, d0 * 5, d0 + s0, d0 + s0 + 3, d0 mod 4, d0, -4, 2, 4, d2 + d0 + 2, d0 + d1 + 3 + 2)>\n#map1 = affine_map<() -> ()>\n#map2 = affine_map<(d0) -> (d0)>\n#map3 = affine_map<()[s0] -> (s0 * 2 + 1)>\n#set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0, -d0 + 10 >= 0, d0 + 3 == 0)>\n#set1 = affine_set<() : (0 == 0)>\nmodule {\n  \"foo.a\"() {m0 = #map, m1 = #map1, m2 = #map2, m3 = #map3, s0 = #set, s1 = #set1} : () -> ()\n}\n"
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    expect(printOperation(result!.op)).toBe(expected)
  })

  it('builds dense, array, string and symbol attributes as mlir-opt does', () => {
    // mlir-opt --allow-unregistered-dialect de.mlir
    const src = "\"foo.a\"() {a = dense<[[1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xf32>, b = dense<[-1, 2]> : tensor<2xi8>, c = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, d = dense<\"0x01\"> : tensor<4xi1>, e = dense<\"0x0100\"> : tensor<2xi8>, f = dense<[\"a\", \"a\"]> : tensor<2x!foo.s>, g = dense<\"x\"> : tensor<3x!foo.s>, h = dense<[[true, false], [false, true]]> : tensor<2x2xi1>, i = dense<0xFFFFFFFF> : tensor<2xf32>, j = dense<-0.0> : tensor<f64>, k = dense<[1.0, -2.5e10]> : vector<2xf64>, l = dense<255> : tensor<2xui8>, m = dense<[0x7F800000, 1.0]> : tensor<2xf32>, n = dense<5> : tensor<index>, o = dense<[[]]> : tensor<1x0xi32>, p = dense_resource<blob1> : tensor<4xi32>, q = #foo<bar> : i32, r = \"s\" : i32, s = @\"q sym\"::@x, t = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi8>, u = array<f64: 1.0, -2.0>, v = array<i64>} : () -> ()\n"
    const expected = "module {\n  \"foo.a\"() {a = dense<1.500000e+00> : tensor<2x2xf32>, b = dense<[-1, 2]> : tensor<2xi8>, c = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, d = dense<[true, false, false, false]> : tensor<4xi1>, e = dense<[1, 0]> : tensor<2xi8>, f = dense<\"a\"> : tensor<2x!foo.s>, g = dense<\"x\"> : tensor<3x!foo.s>, h = dense<[[true, false], [false, true]]> : tensor<2x2xi1>, i = dense<0xFFFFFFFF> : tensor<2xf32>, j = dense<-0.000000e+00> : tensor<f64>, k = dense<[1.000000e+00, -2.500000e+10]> : vector<2xf64>, l = dense<255> : tensor<2xui8>, m = dense<[0x7F800000, 1.000000e+00]> : tensor<2xf32>, n = dense<5> : tensor<index>, o = dense<> : tensor<1x0xi32>, p = dense_resource<blob1> : tensor<4xi32>, q = #foo.bar : i32, r = \"s\" : i32, s = @\"q sym\"::@x, t = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi8>, u = array<f64: 1.000000e+00, -2.000000e+00>, v = array<i64>} : () -> ()\n}\n"
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    expect(printOperation(result!.op)).toBe(expected)
  })

  it('prints debug locations including deferred aliases', () => {
    // mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo r2.mlir
    const src = 'module @m attributes {test.x = 1 : i32} {\n  "foo.a"() : () -> () loc(#loc1)\n  "foo.b"() ({\n  ^bb0(%x: i32 loc("argloc")):\n    "foo.c"(%x) : (i32) -> ()\n  }) : () -> ()\n}\n#loc1 = loc("here":7:9)\n'
    const expected = [
      '#loc3 = loc("argloc")',
      '"builtin.module"() <{sym_name = "m"}> ({',
      '  "foo.a"() : () -> () loc(#loc1)',
      '  "foo.b"() ({',
      '  ^bb0(%arg0: i32 loc("argloc")):',
      '    "foo.c"(%arg0) : (i32) -> () loc(#loc4)',
      '  }) : () -> () loc(#loc2)',
      '}) {test.x = 1 : i32} : () -> () loc(#loc)',
      '#loc = loc("r2.mlir":1:1)',
      '#loc1 = loc("here":7:9)',
      '#loc2 = loc("r2.mlir":3:3)',
      '#loc4 = loc("r2.mlir":5:5)',
      '',
    ].join('\n')
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString(src, ctx, { filename: 'r2.mlir' })
    expect(printOperation(r!.op, { printGenericOpForm: true, printDebugInfo: true })).toBe(expected)
  })
})

/**
 * Malformed inputs and the diagnostics mlir-opt 22 reports for them, obtained with
 * `mlir-opt --allow-unregistered-dialect t.mlir` on each input (positions are
 * `line:col` in that file).
 */
const ERROR_TABLE: [string, string[]][] = [
  ["\"foo.a\"(%x) : (i32) -> ()\n", ["1:9: error: use of undeclared SSA value name"]],
  ["%0 = \"foo.a\"() : () -> i32\n%0 = \"foo.b\"() : () -> i32\n", ["2:1: error: redefinition of SSA value '%0'", "1:1: note: previously defined here"]],
  ["\"foo.a\"(%x) : (i32) -> ()\n\"foo.b\"(%x) : (i64) -> ()\n%x = \"foo.c\"() : () -> i32\n", ["2:9: error: use of value '%x' expects different type than prior uses: 'i64' vs 'i32'", "1:9: note: prior use here"]],
  ["foo\n", ["1:1: error: custom op 'foo' is unknown (tried 'builtin.foo' as well)"]],
  ["\"foo.a\"() : () -> ()  {\n", ["1:21: error: expected operation name in quotes"]],
  ["\"foo.a\"() : i32\n", ["1:13: error: expected function type"]],
  ["\"foo.a\"(\n", ["1:9: error: expected ')' to end operand list"]],
  ["%a = \"foo.a\"() : () -> (i32, i32)\n", ["1:1: error: operation defines 2 results but was provided 1 to bind"]],
  ["%a:3 = \"foo.a\"() : () -> (i32, i32)\n", ["1:1: error: operation defines 2 results but was provided 3 to bind"]],
  ["\"foo.a\"() [^bb1] : () -> ()\n", ["1:12: error: reference to an undefined block"]],
  ["\"foo.a\"() ({\n^bb0:\n  \"foo.b\"() [^bb2] : () -> ()\n}) : () -> ()\n", ["3:14: error: reference to an undefined block"]],
  ["\"foo.a\"() ({\n^bb0:\n  \"foo.b\"() : () -> ()\n^bb0:\n  \"foo.b\"() : () -> ()\n}) : () -> ()\n", ["4:1: error: redefinition of block '^bb0'"]],
  ["%x = \"foo.a\"() : () -> !foo<bar\n", ["1:28: error: unbalanced '<' character in pretty dialect name"]],
  ["\"foo.a\"() {a = 1 : f32} : () -> ()\n", ["1:16: error: unexpected decimal integer literal for a floating point value", "1:16: note: add a trailing dot to make the literal a float"]],
  ["\"foo.a\"() {a = 300 : i8} : () -> ()\n", ["1:16: error: integer constant out of range for attribute"]],
  ["\"foo.a\"() {a = #undefined} : () -> ()\n", ["1:26: error: undefined symbol alias id 'undefined'"]],
  ["\"foo.a\"() {a = \"abc} : () -> ()\n", ["1:32: error: expected '\"' in string literal"]],
  ["\"foo.a\"() : () -> () loc(#x)\n", ["1:26: error: operation location alias was never defined"]],
  ["@\n", ["1:2: error: @ identifier expected to start with letter or '_'"]],
  ["$\n", ["1:1: error: unexpected character"]],
  ["\"foo.a\"() {a = -129 : i8} : () -> ()\n", ["1:17: error: integer constant out of range for attribute"]],
  ["\"foo.a\"() {a = -1 : ui8} : () -> ()\n", ["1:17: error: negative integer literal not valid for unsigned integer type"]],
  ["\"foo.a\"() {a = 1.5 : i32} : () -> ()\n", ["1:25: error: floating point value not valid for specified type"]],
  ["\"foo.a\"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n", ["1:16: error: inferred shape of elements literal ([2]) does not match type ([3])"]],
  ["\"foo.a\"() {a = inf} : () -> ()\n", ["1:15: error: expected attribute value"]],
  ["\"foo.a\"() {a = 1, a = 2} : () -> ()\n", ["1:19: error: duplicate key 'a' in dictionary attribute"]],
  ["\"foo.a\"() {a = dense<[[1], [2, 3]]> : tensor<2x2xi32>} : () -> ()\n", ["1:34: error: tensor literal is invalid; ranks are not consistent between elements"]],
  ["\"foo.a\"() : () -> (vector<0xi32>)\n", ["1:20: error: vector types must have positive constant sizes but got 0"]],
  ["\"foo.a\"() : () -> (memref<4xi32, 1, 2>)\n", ["1:38: error: multiple memory spaces specified in memref type"]],
  ["\"foo.a\"() : () -> (complex<memref<1xi32>>)\n", ["1:28: error: invalid element type for complex"]],
  ["\"foo.a\"() : () -> (vector<4x?xi32>)\n", ["1:29: error: expected non-function type"]],
  ["\"foo.a\"() : () -> (i32 i32)\n", ["1:23: error: expected ')'"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (d1)>} : () -> ()\n", ["1:36: error: use of undeclared identifier"]],
  ["\"foo.a\"() {a = affine_map<(d0, d1) -> (d0 * d1)>} : () -> ()\n", ["1:43: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"]],
  ["\"foo.a\"() {a = affine_map<(d0, d1) -> (d0 floordiv d1)>} : () -> ()\n", ["1:43: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic"]],
  ["\"foo.a\"() {a = affine_map<(d0, d0) -> (d0)>} : () -> ()\n", ["1:32: error: redefinition of identifier 'd0'"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (d0 +)>} : () -> ()\n", ["1:40: error: missing right operand of binary operator"]],
  ["\"foo.a\"() {a = affine_set<(d0) : (d0 > 0)>} : () -> ()\n", ["1:40: error: expected '== affine-expr' or '>= affine-expr' at end of affine constraint"]],
  ["#a = 1\n#a = 2\n", ["2:1: error: redefinition of attribute alias id 'a'"]],
  ["#a.b = 1\n", ["1:1: error: attribute names with a '.' are reserved for dialect-defined names"]],
  ["!t = i32\n!t = i64\n", ["2:1: error: redefinition of type alias id 't'"]],
  ["\"foo.a\"() : () -> !undefined\n", ["1:29: error: undefined symbol alias id 'undefined'"]],
  ["%0 = \"foo.a\"() : () -> ()\n", ["1:1: error: cannot name an operation with no results"]],
  ["\"foo.a\"() ({\n^bb0(%a: i32, %a: i32):\n  \"foo.b\"() : () -> ()\n}) : () -> ()\n", ["2:15: error: redefinition of SSA value '%a'", "2:6: note: previously defined here"]],
  ["%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(%0#1) : (i32) -> ()\n", ["2:9: error: reference to invalid result number"]],
  // Result numbers far past the defined results (the list of a name's results is not grown
  // to them), and the limit of 2^32-1, as spelled and as read past nine digits.
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%0#1234567890) : (i32) -> ()\n", ["2:9: error: reference to invalid result number"]],
  ["%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(%0#4294967295) : (i32) -> ()\n", ["2:9: error: reference to invalid result number"]],
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%0#4294967296) : (i32) -> ()\n", ["2:11: error: invalid SSA value result number"]],
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%0#99999999999999999999) : (i32) -> ()\n", ["2:11: error: invalid SSA value result number"]],
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%0#0x1) : (i32) -> ()\n", ["2:13: error: expected ')' to end operand list"]],
  // The same as forward references (mlir-opt 22 reports the first, and crashes on the others).
  ["\"foo.b\"(%0#2) : (i32) -> ()\n%0 = \"foo.a\"() : () -> i32\n", ["1:9: error: use of undeclared SSA value name"]],
  ["\"foo.b\"(%0#1234567890) : (i32) -> ()\n%0 = \"foo.a\"() : () -> i32\n", ["1:9: error: use of undeclared SSA value name"]],
  ["\"foo.b\"(%0#4294967295) : (i32) -> ()\n%0 = \"foo.a\"() : () -> i32\n", ["1:9: error: use of undeclared SSA value name"]],
  // Numeric names, kept without entries while defined once as a single value: a use of
  // another type, a result number, a multi-result name, a name that left its region's
  // scope, an entry argument and a forward reference.
  ["%0 = \"foo.a\"() : () -> i32\n\"foo.b\"(%0) : (i64) -> ()\n", ["2:9: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'", '1:1: note: prior use here']],
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%0#1) : (i32) -> ()\n\"foo.b\"(%0#2) : (i32) -> ()\n", ['3:9: error: reference to invalid result number']],
  ["%0:2 = \"foo.a\"() : () -> (i32, i32)\n%0 = \"foo.b\"() : () -> i32\n", ["2:1: error: redefinition of SSA value '%0'", '1:1: note: previously defined here']],
  [
    "\"foo.a\"() ({\n  %0 = \"foo.b\"() : () -> i32\n  \"foo.c\"() ({\n    %1 = \"foo.d\"(%0) : (i32) -> i32\n  }) : () -> ()\n  %1 = \"foo.e\"() : () -> i64\n  %0 = \"foo.b\"() : () -> i32\n}) : () -> ()\n",
    ["7:3: error: redefinition of SSA value '%0'", '2:3: note: previously defined here'],
  ],
  ["%0 = \"foo.a\"() : () -> i32\n\"foo.b\"() ({\n^bb0(%0: i32):\n  \"foo.c\"() : () -> ()\n}) : () -> ()\n", ["3:6: error: redefinition of SSA value '%0'", '1:1: note: previously defined here']],
  ["\"foo.b\"(%0) : (i32) -> ()\n%0 = \"foo.a\"() : () -> i32\n%0 = \"foo.a\"() : () -> i32\n", ["3:1: error: redefinition of SSA value '%0'", '2:1: note: previously defined here']],
  ["\"foo.a\"(%0) : (i32, i32) -> ()\n%0 = \"foo.b\"() : () -> i32\n", ["1:15: error: expected 1 operand type\0 but had 2"]],
  ["\"foo.a\"() ({\n  %0 = \"foo.b\"() : () -> i32\n}) : () -> ()\n\"foo.c\"(%0) : (i32) -> ()\n", ["4:9: error: use of undeclared SSA value name"]],
  ["\"foo.a\"() <{a = 1} : () -> ()\n", ["1:19: error: expected '>' to close properties"]],
  ["\"foo.a\"() ({}, : () -> ()\n", ["1:15: error: expected '{' to begin a region"]],
  ["\"foo.a\"() : () -> () loc(\n", ["1:26: error: expected location instance"]],
  ["\"foo.a\"() : () -> () loc(callsite(\"a\" \"b\"))\n", ["1:38: error: expected 'at' in callsite location"]],
  ["\"foo.a\"() : () -> () loc(fused[\"a\" \"b\"])\n", ["1:35: error: expected ']' in fused location"]],
  ["#loc = 1\n\"foo.a\"() : () -> () loc(#loc)\n", ["2:26: error: expected location, but found '1 : i64'"]],
  ["\"foo.a\"() {a = @a::b} : () -> ()\n", ["1:20: error: expected nested symbol reference identifier"]],
  ["\"foo.a\"() {a = array<i32: 1, 2.0>} : () -> ()\n", ["1:30: error: expected integer literal"]],
  ["\"foo.a\"() {a = strided<[1, 2], offset: >} : () -> ()\n", ["1:40: error: expected a 64-bit signed integer or '?'"]],
  ["\"foo.a\"() {a = dense<\"0x0102\"> : tensor<3xi32>} : () -> ()\n", ["1:16: error: elements hex data size is invalid for provided type: 'tensor<3xi32>'"]],
  ["\"foo.a\"() {a = dense<[1.5]> : tensor<1xi32>} : () -> ()\n", ["1:23: error: expected integer elements, but parsed floating-point"]],
  ["\"foo.a\"() {a = dense<true> : tensor<2xi32>} : () -> ()\n", ["1:22: error: expected i1 type for 'true' or 'false' values"]],
  ["\"foo.a\"() {a = distinct[0]<1>, b = distinct[0]<2>} : () -> ()\n", ["1:36: error: referenced attribute does not match previous definition: 1 : i64"]],
  ["{-# foo: {} #-}\n", ["1:5: error: unknown key 'foo' in file metadata dictionary"]],
  ["{-# external_resources: { a: { b: } } #-}\n", ["1:35: error: expected string value for key 'b'"]],
  ["\"foo.a\"() : () -> (tensor<*xi32, \"enc\">)\n", ["1:40: error: cannot apply encoding to unranked tensor"]],
  ["\"foo.a\"() : () -> (memref<*xi32, affine_map<(d0) -> (d0)>>)\n", ["1:58: error: cannot have affine map for unranked memref type"]],
  ["\"foo.a\"() : () -> (i16777216)\n", ["1:20: error: integer bitwidth is limited to 16777215 bits"]],
  ["\"foo.a\"() : () -> (tuple<i32)\n", ["1:29: error: expected '>' in tuple type"]],
  ["^bb0:\n", ["1:1: error: expected operation name in quotes"]],
  ["\"foo.a\"() : (i32) -> ()\n", ["1:13: error: expected 0 operand types but had 1"]],
  ["\"foo.a\"() [^bb0] : () -> ()\n^bb0:\n", ["1:28: error: expected operation name in quotes"]],
  ["\"foo.a\"() {\"\" = 1} : () -> ()\n", ["1:12: error: expected valid attribute name"]],
  ["\"\" () : () -> ()\n", ["1:1: error: empty operation name is invalid"]],
  ["\"foo.a\"() ({\n\"foo.b\"() : () -> ()\n", ["2:21: error: expected operation name in quotes"]],
  ["%0:0 = \"foo.a\"() : () -> ()\n", ["1:4: error: expected named operation to have at least 1 result"]],
  ["%0 = \"foo.a\"() : () -> i32\n%1 = \"foo.b\"(%0#1) : (i32) -> i32\n", ["2:14: error: reference to invalid result number"]],
  ["\"foo.a\"(%x) : (i32) -> ()\n%x = \"foo.b\"() : () -> i64\n", ["2:1: error: definition of SSA value '%x#0' has type 'i64'", "1:9: note: previously used here with type 'i32'"]],
  ["%x = \"foo.b\"() : () -> i64\n\"foo.a\"(%x#1) : (i32) -> ()\n", ["2:9: error: reference to invalid result number"]],
  ["\"foo.r\"() ({\n^bb0(%a: i32):\n  \"foo.b\"() [^bb0] : () -> ()\n}) : () -> ()\n\"foo.c\"() : () -> () loc(#a)\n#a = 1 : i32\n", ["5:26: error: expected location, but found '1 : i32'"]],
  ["\"foo.r\"() ({\n  \"foo.b\"() : () -> ()\n^bb1(%a: i32, %b):\n  \"foo.b\"() : () -> ()\n}) : () -> ()\n", ["3:17: error: expected ':' and type for SSA operand"]],
  ["\"foo.r\"() ({\n  \"foo.b\"() : () -> ()\n^bb1(%a: i32 loc(unknown) loc(unknown)):\n  \"foo.b\"() : () -> ()\n}) : () -> ()\n", ["3:26: error: expected ')'"]],
  // Columns count UTF-8 bytes, as LLVM's SourceMgr does.
  ['"foo.a"() {a = "\u00e9\u00e9"} : () -> () loc(#x)\n', ['1:39: error: operation location alias was never defined']],
  ['#b = 1\n"foo.a"() : () -> () loc(fused[#b])\n', ['2:34: error: expected location attribute, but got1 : i64']],
  ["\"foo.a\"() {a = -0x10 : f32} : () -> ()\n", ["1:17: error: hexadecimal float literal should not have a leading minus"]],
  ["\"foo.a\"() {a = 0x1FFFF : f16} : () -> ()\n", ["1:16: error: hexadecimal float constant out of range for type"]],
  ["\"foo.a\"() {a = 1 : tensor<i32>} : () -> ()\n", ["1:16: error: integer literal not valid for specified type"]],
  ["\"foo.a\"() : () -> (complex<index>)\n", ["1:28: error: invalid element type for complex"]],
  ["\"foo.a\"() : () -> (tuple<i32, >)\n", ["1:30: error: expected non-function type"]],
  ["\"foo.a\"() : () -> (tensor<*xf32, \"e\">)\n", ["1:38: error: cannot apply encoding to unranked tensor"]],
  ["\"foo.a\"() : () -> (memref<*xf32, affine_map<(d0) -> (d0)>>)\n", ["1:58: error: cannot have affine map for unranked memref type"]],
  ["\"foo.a\"() : () -> (memref<4xf32, 1, 2>)\n", ["1:38: error: multiple memory spaces specified in memref type"]],
  ["\"foo.a\"() : () -> (memref<4xf32, 1, affine_map<(d0) -> (d0)>>)\n", ["1:61: error: expected memory space to be last in memref type"]],
  ["\"foo.a\"() : () -> (vector<[4xf32>)\n", ["1:29: error: missing ']' closing scalable dimension"]],
  ["\"foo.a\"() : () -> (vector<4xtensor<4xf32>>)\n", ["1:20: error: failed to verify 'elementType': VectorElementTypeInterface instance"]],
  ["\"foo.a\"() : () -> (tensor<4xnone>)\n", ["1:29: error: invalid tensor element type"]],
  ["\"foo.a\"() : () -> (memref<4x(i32) -> i32>)\n", ["1:29: error: invalid memref element type"]],
  ["\"foo.a\"() {a = 1.0 : index} : () -> ()\n", ["1:27: error: floating point value not valid for specified type"]],
  ["\"foo.a\"() {a = dense<1> : i32} : () -> ()\n", ["1:16: error: elements literal must be a shaped type"]],
  ["\"foo.a\"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()\n", ["1:16: error: elements literal type must have static shape"]],
  ["\"foo.a\"() {a = dense<\"0xZZ\"> : tensor<1xi8>} : () -> ()\n", ["1:22: error: expected string containing hex digits starting with `0x`"]],
  ["\"foo.a\"() {a = dense<1> : tensor<complex<f32>>} : () -> ()\n", ["1:16: error: parsed 1 elements, but type ('complex<f32>') expected 2 elements"]],
  ["\"foo.a\"() {a = dense<[1, \"a\"]> : tensor<2xi32>} : () -> ()\n", ["1:26: error: integer constant out of range for type"]],
  ["\"foo.a\"() {a = dense<300> : tensor<i8>} : () -> ()\n", ["1:22: error: integer constant out of range for type"]],
  ["\"foo.a\"() {a = dense<-1> : tensor<ui8>} : () -> ()\n", ["1:23: error: expected unsigned integer elements, but parsed negative value"]],
  ["\"foo.a\"() {a = dense<2> : tensor<i1>} : () -> ()\n", ["1:22: error: integer constant out of range for type"]],
  ["\"foo.a\"() {a = array<i8: 300>} : () -> ()\n", ["1:29: error: integer constant out of range"]],
  ["\"foo.a\"() {a = array<tensor<i32>: 1>} : () -> ()\n", ["1:22: error: expected integer or float type, got: 'tensor<i32>'"]],
  ["\"foo.a\"() {a = array<i32 1>} : () -> ()\n", ["1:25: error: expected ':' after dense array type"]],
  ["\"foo.a\"() {a = strided<[1], offset: 1, foo>} : () -> ()\n", ["1:38: error: expected '>'"]],
  ["\"foo.a\"() {a = strided<1>} : () -> ()\n", ["1:24: error: expected '['"]],
  ["\"foo.a\"() {a = distinct[x]<1>} : () -> ()\n", ["1:25: error: expected distinct ID"]],
  ["\"foo.a\"() {a = dense_resource<x> : i32} : () -> ()\n", ["1:34: error: `dense_resource` expected a shaped type"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (d0 * d0)>} : () -> ()\n", ["1:39: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"]],
  ["\"foo.a\"() {a = affine_map<(d0)[s0] -> (d0 mod d0)>} : () -> ()\n", ["1:43: error: non-affine expression: right operand of mod has to be either a constant or symbolic"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (d0) : (d0 >= 0)>} : () -> ()\n", ["1:39: error: expected '>' in affine map"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (99999999999999999999)>} : () -> ()\n", ["1:36: error: constant too large for index"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (-)>} : () -> ()\n", ["1:37: error: expected affine expression", "1:37: error: missing operand of negation"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (())>} : () -> ()\n", ["1:37: error: no expression inside parentheses"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (x)>} : () -> ()\n", ["1:36: error: use of undeclared identifier"]],
  ["\"foo.a\"() {a = affine_map<(d0) -> (* d0)>} : () -> ()\n", ["1:36: error: missing left operand of binary operator"]],
  ["\"foo.a\"() : () -> (i32) loc(\"a\":x)\n", ["1:33: error: expected integer line number in FileLineColRange"]],
  ["\"foo.a\"() : () -> (i32) loc(foo)\n", ["1:29: error: expected location instance"]],
  ["%0 = \"foo.a\"() : () -> (i32)\n%0#0 = \"foo.b\"() : () -> (i32)\n", ["2:3: error: expected '=' after SSA name"]],
  ["\"foo.a\"() : () -> !foo.bar<\"unterminated>\n", ["1:42: error: expected '\"' in string literal"]],
  ["\"foo.a\"() : () -> !foo.bar<(]>\n", ["1:27: error: unbalanced '(' character in pretty dialect name"]],
  ["\"foo.a\"() {a = {b = 1, b = 2}} : () -> ()\n", ["1:24: error: duplicate key 'b' in dictionary attribute"]],
  ["\"foo.a\"() {a = [1, 2} : () -> ()\n", ["1:21: error: expected ',' or ']'"]],
  ["\"foo.a\"() {a = 0.5 : si32} : () -> ()\n", ["1:26: error: floating point value not valid for specified type"]],
  ["%x:2 = \"foo.a\"() : () -> (i32, i32)\n\"foo.b\"(%x#2) : (i32) -> ()\n", ["2:9: error: reference to invalid result number"]],
  ["\"foo.a\"() ({\n^bb0(%a: i32):\n}) : () -> ()\n\"foo.b\"() ({\n^bb1:\n^bb1:\n}) : () -> ()\n", ["6:1: error: redefinition of block '^bb1'"]],
  ["\"foo.a\"(%a, ) : (i32) -> ()\n", ["1:12: error: expected SSA operand"]],
  ["\"foo.a\"() {a = @} : () -> ()\n", ["1:17: error: @ identifier expected to start with letter or '_'"]],
  ["\"foo.a\"() {a = #foo.bar<> : } : () -> ()\n", ["1:28: error: expected non-function type"]],
  ["\"foo.a\"() : () -> (vector<-1xf32>)\n", ["1:27: error: expected non-function type"]],
  ["\"foo.a\"() : () -> (tensor<-1xf32>)\n", ["1:27: error: expected non-function type"]],
  ["\"foo.a\"() : () -> (tensor<99999999999999999999xf32>)\n", ["1:27: error: invalid dimension"]],
  ["\"foo.a\"() {a = 5 : i0} : () -> ()\n", ["1:16: error: integer constant out of range for attribute"]],
  ["\"foo.a\"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()\n", ["1:34: error: tensor literal is invalid; ranks are not consistent between elements"]],
]

/** Errors inside and between nested generic regions, with mlir-opt 22's messages and positions. */
ERROR_TABLE.push(
  ['"foo.a"() ({\n}, {\n"foo.b"() : () -> ()\n} {}) : () -> ()\n', ["4:2: error: expected ')' to end region list"]],
  ['"foo.a"() ({\n"foo.b"() ({\n^bb1:\n"foo.c"()[^bb9] : () -> ()\n}) : () -> ()\n}) : () -> ()\n', ['4:11: error: reference to an undefined block']],
  ['"foo.a"() ({\n"foo.b"() ({\n^bb1:\n"foo.c"() : () -> ()\n^bb1:\n"foo.c"() : () -> ()\n}) : () -> ()\n}) : () -> ()\n', ["5:1: error: redefinition of block '^bb1'"]],
  ['"foo.a"() ({\n"foo.b"() : () -> ()\n', ['2:21: error: expected operation name in quotes']],
  ['"foo.a"() ({\n^bb0(%x: i32):\n"foo.b"(%x) : (i32) -> ()\n}, {\n"foo.c"(%x) : (i32) -> ()\n}) : () -> ()\n', ['5:9: error: use of undeclared SSA value name']],
  ['%a:2 = "foo.a"() ({\n"foo.b"() : () -> ()\n}) : () -> (i32)\n', ['1:1: error: operation defines 1 results but was provided 2 to bind']],
  ['"foo.a"() ({\n"foo.b"() : () -> ()\n} : () -> ()\n', ["3:2: error: expected ')' to end region list"]],
  ['"foo.a"() (, ) : () -> ()\n', ["1:12: error: expected '{' to begin a region"]],
  [
    '"foo.a"() ({\n"foo.b"(%0) : (i64) -> ()\n%0 = "foo.c"() ({\n}) : () -> i32\n}) : () -> ()\n',
    ["3:1: error: definition of SSA value '%0#0' has type 'i32'", "2:9: note: previously used here with type 'i64'"],
  ],
  ['"foo.a"() ({\n^bb0:\n"foo.b"() ({\n"foo.c"()[^bb0] : () -> ()\n}) : () -> ()\n}) : () -> ()\n', ['4:11: error: reference to an undefined block']],
)

describe('numeric SSA names', () => {
  it('are defined again after their region or isolated region ends', () => {
    // The second module reuses the first one's scope (its `%0` and `%1` must be gone), and
    // `%1` of the nested region leaves scope with it. Expected: mlir-opt 22
    // `--allow-unregistered-dialect --mlir-print-op-generic`.
    // (A module in custom form has an isolated name scope; in generic form it has not.)
    const src = [
      'module {',
      '  %0 = "foo.a"() : () -> i32',
      '  "foo.b"() ({',
      '    %1 = "foo.c"(%0) : (i32) -> i64',
      '  }) : () -> ()',
      '  %1 = "foo.d"(%0) : (i32) -> i32',
      '}',
      'module {',
      '  %0 = "foo.a"() : () -> f32',
      '  %1 = "foo.d"(%0) : (f32) -> f32',
      '}',
      '',
    ].join('\n')
    const { result, diags } = parse(src)
    expect(diags).toEqual([])
    expect(printOperation(result!.op, { printGenericOpForm: true })).toBe(
      [
        '"builtin.module"() ({',
        '  "builtin.module"() ({',
        '    %2 = "foo.a"() : () -> i32',
        '    "foo.b"() ({',
        '      %4 = "foo.c"(%2) : (i32) -> i64',
        '    }) : () -> ()',
        '    %3 = "foo.d"(%2) : (i32) -> i32',
        '  }) : () -> ()',
        '  "builtin.module"() ({',
        '    %0 = "foo.a"() : () -> f32',
        '    %1 = "foo.d"(%0) : (f32) -> f32',
        '  }) : () -> ()',
        '}) : () -> ()',
        '',
      ].join('\n'),
    )
  })
})

describe('diagnostics match mlir-opt', () => {
  for (const [src, expected] of ERROR_TABLE) {
    it(JSON.stringify(src.length > 60 ? src.slice(0, 60) + '...' : src.trimEnd()), () => {
      const { result, diags } = parse(src)
      expect(result).toBeNull()
      expect(diags).toEqual(expected)
    })
  }

  it('diagnoses types and attributes of unregistered dialects like mlir-opt', () => {
    // printf '%0 = "builtin.unrealized_conversion_cast"() : () -> !foo.x' | mlir-opt
    const hint = 'If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used'
    expect(parse('%0 = "builtin.unrealized_conversion_cast"() : () -> !foo.x\n', new Context()).diags).toEqual([
      `1:58: error: \`!"foo"<"x">\` type created with unregistered dialect. ${hint}`,
    ])
    expect(parse('"builtin.unrealized_conversion_cast"() {a = #foo<"x">} : () -> ()\n', new Context()).diags).toEqual([
      `1:45: error: #"foo"<""x""> : 'none' attribute created with unregistered dialect. ${hint}`,
    ])
  })

  it('uses an empty default dialect inside custom ops that declare none', () => {
    const ctx = testContext()
    // mlir-opt on `scf.execute_region { bar }` inside func.func:
    // "error: Dialect `' not found for custom op 'bar'  (tried '.bar' as well)"
    const { diags } = parse('test.func @f() {\n  test.wrap {\n    bar\n  }\n  return\n}', ctx)
    expect(diags[0]).toBe("3:5: error: Dialect `' not found for custom op 'bar'  (tried '.bar' as well)")
  })

  it('requires allowUnregisteredDialects for unknown generic ops', () => {
    // mlir-opt without --allow-unregistered-dialect
    expect(parse('"foo.x"() : () -> ()', new Context()).diags).toEqual([
      '1:8: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used',
    ])
  })
})


describe('operation states reused between parsed ops', () => {
  // A parse hook that replaces the state's result-type list with one it keeps: the parser
  // must not empty that list when it reuses the state for the next op.
  const kept: Type[] = []
  const keptOp: OpDefinition = {
    name: 'keep.two',
    parse(p: OpAsmParser, state: OperationState) {
      const t = p.parseColonType()
      if (t === undefined) {
        return failure()
      }
      if (kept.length === 0) {
        kept.push(t, t)
      }
      state.types = kept
      return success()
    },
  }
  const keepDialect: DialectDefinition = { namespace: 'keep', ops: [keptOp] }

  it('leaves a list a parse hook put in the state alone, and gives each op its own', () => {
    const ctx = new Context({ allowUnregisteredDialects: true, dialects: [keepDialect] })
    const { result, diags } = parse('%a:2 = keep.two : i32\n%b:2 = keep.two : i64\n"u.use"(%a#1, %b#0) : (i32, i32) -> ()\n', ctx)
    expect(diags).toEqual([])
    const ops = body(result)
    expect(kept.map((t) => printType(t))).toEqual(['i32', 'i32'])
    expect(ops.map((op) => op.results.map((r) => printType(r.type)).join(','))).toEqual(['i32,i32', 'i32,i32', ''])
    expect(ops[2]!.operands.map((o) => o.value === ops[0]!.results[1] || o.value === ops[1]!.results[0])).toEqual([true, true])
  })

  it('binds the result names of nested ops to their own op', () => {
    const { result, diags } = parse('%x, %y:2 = "u.outer"() ({\n  %z = "u.inner"() : () -> f32\n  "u.use"(%z) : (f32) -> ()\n}) : () -> (i32, i1, i1)\n"u.use"(%x, %y#1) : (i32, i1) -> ()\n')
    expect(diags).toEqual([])
    const ops = body(result)
    expect(ops[1]!.operands.map((o) => o.value)).toEqual([ops[0]!.results[0], ops[0]!.results[2]])
  })
})
