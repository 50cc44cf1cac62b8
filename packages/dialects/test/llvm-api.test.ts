// The llvm dialect's programmatic API: type constructors, isCompatibleType, builders and
// folders. Expected printed IR is what mlir-opt 22.1.8 prints for the same IR (checked by
// feeding the expected text to /usr/lib/llvm-22/bin/mlir-opt, which prints it unchanged);
// fold expectations follow `mlir-opt --canonicalize` on the same ops.
import { describe, expect, it } from 'vitest'
import {
  Block,
  BranchOpInterface,
  BuiltinDialect,
  CallOpInterface,
  CallableOpInterface,
  Context,
  FloatType,
  FunctionOpInterface,
  IndexType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  UnknownLoc,
  VectorType,
  parseSourceString,
  printAttribute,
  printOperation,
  printType,
  verify,
  type Attribute,
  type Operation,
  type Value,
} from '@tilepass/ir'
import {
  LLVMAddOp,
  LLVMArrayType,
  LLVMConstantOp,
  LLVMDialect,
  LLVMFunctionType,
  LLVMICmpOp,
  LLVMPointerType,
  LLVMReturnOp,
  LLVMStructType,
  LLVMVoidType,
  LLVMZeroAttr,
  buildLLVMCallOp,
  buildLLVMFuncOp,
  enumIntAttr,
  isCompatibleType,
} from '../src/llvm/index.ts'

function newContext(): Context {
  return new Context({ dialects: [BuiltinDialect, LLVMDialect] })
}

describe('llvm types', () => {
  it('are interned and print as upstream', () => {
    const ctx = newContext()
    ctx.getOrLoadDialect('llvm')
    const i32 = IntegerType.get(ctx, 32)
    const ptr = LLVMPointerType.get(ctx)
    expect(LLVMPointerType.get(ctx, 0)).toBe(ptr)
    expect(printType(ptr)).toBe('!llvm.ptr')
    expect(printType(LLVMPointerType.get(ctx, 3))).toBe('!llvm.ptr<3>')
    expect(printType(LLVMArrayType.get(ptr, 4))).toBe('!llvm.array<4 x ptr>')
    const s = LLVMStructType.getLiteral(ctx, [i32, LLVMArrayType.get(i32, 2)])
    expect(LLVMStructType.getLiteral(ctx, [i32, LLVMArrayType.get(i32, 2)])).toBe(s)
    expect(printType(s)).toBe('!llvm.struct<(i32, array<2 x i32>)>')
    expect(printType(LLVMStructType.getLiteral(ctx, [IntegerType.get(ctx, 8)], true))).toBe('!llvm.struct<packed (i8)>')
    expect(printType(LLVMFunctionType.get(LLVMVoidType.get(ctx), [i32], true))).toBe('!llvm.func<void (i32, ...)>')
    expect(printType(VectorType.get([2], ptr))).toBe('vector<2x!llvm.ptr>')
  })

  it('identified structs may be recursive', () => {
    const ctx = newContext()
    ctx.getOrLoadDialect('llvm')
    const node = LLVMStructType.getIdentified(ctx, 'node')
    expect(node.isInitialized).toBe(false)
    expect(node.setBody([IntegerType.get(ctx, 32), node], false)).toBe(true)
    expect(printType(node)).toBe('!llvm.struct<"node", (i32, struct<"node">)>')
    expect(node.setBody([IntegerType.get(ctx, 64)], false)).toBe(false)
    expect(LLVMStructType.getIdentifiedWithBody(ctx, 'node', [IntegerType.get(ctx, 32), node])).toBe(node)
  })

  it('isCompatibleType accepts what upstream accepts', () => {
    const ctx = newContext()
    const i32 = IntegerType.get(ctx, 32)
    const ptr = LLVMPointerType.get(ctx)
    expect(isCompatibleType(i32)).toBe(true)
    expect(isCompatibleType(IntegerType.get(ctx, 32, 1))).toBe(false)
    expect(isCompatibleType(IndexType.get(ctx))).toBe(false)
    expect(isCompatibleType(FloatType.get(ctx, 'f32'))).toBe(true)
    expect(isCompatibleType(FloatType.get(ctx, 'bf16'))).toBe(true)
    expect(isCompatibleType(FloatType.get(ctx, 'tf32'))).toBe(false)
    expect(isCompatibleType(VectorType.get([4], i32))).toBe(true)
    expect(isCompatibleType(VectorType.get([2], ptr))).toBe(true)
    expect(isCompatibleType(VectorType.get([2, 2], i32))).toBe(false)
    expect(isCompatibleType(LLVMStructType.getLiteral(ctx, [i32, IndexType.get(ctx)]))).toBe(false)
    expect(isCompatibleType(LLVMArrayType.get(ptr, 2))).toBe(true)
  })
})

describe('llvm builders', () => {
  it('build functions, calls and arithmetic that print like mlir-opt', () => {
    const ctx = newContext()
    const loc = UnknownLoc.get(ctx)
    const b = new OpBuilder(ctx)
    const module = b.create('builtin.module', loc, { regions: 1 })
    const body = new Block()
    module.regions[0]!.push(body)
    b.setInsertionPointToEnd(body)
    const i32 = IntegerType.get(ctx, 32)
    buildLLVMFuncOp(b, loc, 'ext', LLVMFunctionType.get(i32, [i32]))
    const fn = buildLLVMFuncOp(b, loc, 'main', LLVMFunctionType.get(IntegerType.get(ctx, 1), [i32]), { withBody: true })
    const entry = fn.regions[0]!.front
    b.setInsertionPointToEnd(entry)
    const c = LLVMConstantOp.build(b, loc, { attributes: { value: IntegerAttr.get(i32, 7) }, results: [i32] })
    const call = buildLLVMCallOp(b, loc, 'ext', [i32], [entry.getArgument(0)])
    const add = LLVMAddOp.build(b, loc, { operands: { lhs: call.results[0]!, rhs: c.results[0]! } })
    const cmp = LLVMICmpOp.build(b, loc, {
      operands: { lhs: add.results[0]!, rhs: c.results[0]! },
      attributes: { predicate: enumIntAttr(ctx, 64, 2) },
      results: [IntegerType.get(ctx, 1)],
    })
    LLVMReturnOp.build(b, loc, { operands: { arg: cmp.results[0]! } })
    expect(verify(module)).toBe(true)
    expect(printOperation(module)).toBe(
      [
        'module {',
        '  llvm.func @ext(i32) -> i32',
        '  llvm.func @main(%arg0: i32) -> i1 {',
        '    %0 = llvm.mlir.constant(7 : i32) : i32',
        '    %1 = llvm.call @ext(%arg0) : (i32) -> i32',
        '    %2 = llvm.add %1, %0 : i32',
        '    %3 = llvm.icmp "slt" %2, %0 : i32',
        '    llvm.return %3 : i1',
        '  }',
        '}',
        '',
      ].join('\n'),
    )
    expect(printOperation(module, { printGenericOpForm: true })).toContain(
      '"llvm.call"(%arg0) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @ext, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> i32',
    )
  })
})

/** Parses `body` inside an `llvm.func` and folds its op `index` with the constant operands it has. */
function foldAt(src: string, index: number): { op: Operation; result: unknown } {
  const ctx = newContext()
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const fn = r.op.regions[0]!.front.operations[0]!
  const op = fn.regions[0]!.front.operations[index]!
  const operands = op.getOperands().map((v): Attribute | null => {
    const d = v.definingOp
    if (d === null || d.name.def?.fold === undefined || (d.name.traits & 64) === 0) {
      return null
    }
    const f = d.name.def.fold(d, [])
    return Array.isArray(f) ? ((f[0] as Attribute | undefined) ?? null) : null
  })
  const def = op.name.def
  return { op, result: def?.fold === undefined ? undefined : def.fold(op, operands) }
}

/** The fold result as text: printed attributes, `%value` for values, `in place`, or `none`. */
function shown(r: unknown): string {
  if (r === undefined) {
    return 'none'
  }
  if (!Array.isArray(r)) {
    return 'in place'
  }
  return r.map((x: unknown) => ('definingOp' in (x as object) ? 'value' : printAttribute(x as Attribute))).join(', ')
}

function fn(body: string, args = '%a: i32, %p: !llvm.ptr'): string {
  return `llvm.func @f(${args}) {\n${body}\n  llvm.return\n}`
}

describe('llvm folders (as mlir-opt --canonicalize)', () => {
  it('fold or/shl of constants, not shifts out of range', () => {
    const src = fn(`  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c40 = llvm.mlir.constant(40 : i32) : i32
  %0 = llvm.or %c1, %c2 : i32
  %1 = llvm.shl %c1, %c2 : i32
  %2 = llvm.shl %c1, %c40 : i32
  %3 = llvm.or %a, %c1 : i32`)
    expect(shown(foldAt(src, 3).result)).toBe('3 : i32')
    expect(shown(foldAt(src, 4).result)).toBe('4 : i32')
    expect(foldAt(src, 5).result).toBeUndefined()
    expect(foldAt(src, 6).result).toBeUndefined()
  })

  it('icmp eq/ne of a value with itself, not other predicates', () => {
    const src = fn(`  %0 = llvm.icmp "eq" %a, %a : i32
  %1 = llvm.icmp "ne" %a, %a : i32
  %2 = llvm.icmp "sle" %a, %a : i32`)
    expect(shown(foldAt(src, 0).result)).toBe('true')
    expect(shown(foldAt(src, 1).result)).toBe('false')
    expect(foldAt(src, 2).result).toBeUndefined()
  })

  it('cast chains, zext of constants, constant GEP indices, zero', () => {
    const src = fn(`  %c1 = llvm.mlir.constant(1 : i32) : i32
  %0 = llvm.bitcast %a : i32 to f32
  %1 = llvm.bitcast %0 : f32 to i32
  %2 = llvm.zext %c1 : i32 to i64
  %3 = llvm.getelementptr %p[%c1] : (!llvm.ptr, i32) -> !llvm.ptr, i8
  %4 = llvm.getelementptr %p[0] : (!llvm.ptr) -> !llvm.ptr, i8
  %5 = llvm.mlir.zero : !llvm.ptr
  %6 = llvm.sext %c1 : i32 to i64`)
    const chain = foldAt(src, 2)
    expect(chain.result).toEqual([chain.op.getOperand(0).definingOp!.getOperand(0)])
    expect(shown(foldAt(src, 3).result)).toBe('1 : i64')
    const gep = foldAt(src, 4)
    expect(gep.result).toBe(gep.op)
    expect(printOperation(gep.op.parentOp!)).toContain('= llvm.getelementptr %arg1[1] : (!llvm.ptr) -> !llvm.ptr, i8')
    const gep0 = foldAt(src, 5)
    expect(gep0.result).toEqual([gep0.op.getOperand(0)])
    const zero = foldAt(src, 6)
    expect(zero.result).toEqual([LLVMZeroAttr.get(zero.op.context)])
    expect(shown(zero.result)).toBe('#llvm.zero')
    expect(foldAt(src, 7).result).toBeUndefined()
  })

  it('extractvalue through insertvalue chains', () => {
    const src = fn(
      `  %u = llvm.mlir.undef : !llvm.struct<(i32, struct<(i32, i32)>)>
  %s0 = llvm.insertvalue %a, %u[1, 0] : !llvm.struct<(i32, struct<(i32, i32)>)>
  %s1 = llvm.insertvalue %a, %s0[0] : !llvm.struct<(i32, struct<(i32, i32)>)>
  %0 = llvm.extractvalue %s1[1, 0] : !llvm.struct<(i32, struct<(i32, i32)>)>
  %1 = llvm.extractvalue %s1[1] : !llvm.struct<(i32, struct<(i32, i32)>)>`,
    )
    const exact = foldAt(src, 3)
    expect(exact.result).toEqual([exact.op.parentBlock!.getArgument(0)])
    const prefix = foldAt(src, 4)
    // [1] is a prefix of [1, 0]: the extract moves past the insert at [0] and stops there.
    expect(prefix.result).toBe(prefix.op)
    expect(printOperation(prefix.op.parentOp!)).toContain('= llvm.extractvalue %1[1] : !llvm.struct<(i32, struct<(i32, i32)>)>')
  })
})

describe('llvm interfaces', () => {
  const SRC = `llvm.func @s(%x: i32, %k: i32) -> i32 {
  llvm.switch %k : i32, ^bb1(%x, %k : i32, i32) [
    1: ^bb2(%x, %k : i32, i32),
    2: ^bb1(%k, %x : i32, i32)
  ]
^bb1(%a: i32, %b: i32):
  llvm.return %a : i32
^bb2(%c: i32, %d: i32):
  llvm.return %d : i32
}`

  function parseSwitch(): Operation {
    const r = parseSourceString(SRC, newContext())
    if (r === null) {
      throw new Error('parse failed')
    }
    return r.op.regions[0]!.front.operations[0]!.regions[0]!.front.lastOp!
  }

  it('llvm.switch forwards and erases successor operands', () => {
    const sw = parseSwitch()
    const branch = BranchOpInterface.get(sw)!
    expect(branch.getSuccessorOperands(sw, 2).map((v) => v.type)).toHaveLength(2)
    branch.eraseSuccessorOperand!(sw, 1, 0)
    branch.eraseSuccessorOperand!(sw, 0, 1)
    // Only the forwarded operands change (the caller erases the block arguments).
    expect(printOperation(sw)).toBe(
      'llvm.switch %arg1 : i32, ^bb1(%arg0 : i32) [\n  1: ^bb2(%arg1 : i32),\n  2: ^bb1(%arg1, %arg0 : i32, i32)\n]',
    )
    // As upstream, llvm branches never resolve a successor from constant operands.
    const ctx = sw.context
    expect(branch.getSuccessorForOperands!(sw, [IntegerAttr.get(IntegerType.get(ctx, 32), 2), null])).toBeNull()
  })

  it('llvm branches append successor operands (block merging)', () => {
    const sw = parseSwitch()
    const append = (BranchOpInterface.get(sw) as unknown as { appendSuccessorOperands(this: void, op: Operation, index: number, values: readonly Value[]): void })
      .appendSuccessorOperands
    const [x, k] = sw.parentBlock!.parentOp!.regions[0]!.front.arguments
    append(sw, 1, [k!])
    append(sw, 0, [x!])
    append(sw, 2, [x!, k!])
    expect(printOperation(sw)).toBe(
      'llvm.switch %arg1 : i32, ^bb1(%arg0, %arg1, %arg0 : i32, i32, i32) [\n  1: ^bb2(%arg0, %arg1, %arg1 : i32, i32, i32),\n  2: ^bb1(%arg1, %arg0, %arg0, %arg1 : i32, i32, i32, i32)\n]',
    )
    const r = parseSourceString(
      `llvm.func @f(%c: i1, %a: i32) {
  llvm.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  llvm.br ^bb2(%x : i32)
^bb2(%y: i32):
  llvm.return
}`,
      newContext(),
    )
    const body = r!.op.regions[0]!.front.operations[0]!.regions[0]!
    const condBr = body.front.lastOp!
    const br = body.front.nextBlock!.lastOp!
    const appendOf = (op: Operation): ((op: Operation, index: number, values: readonly Value[]) => void) =>
      (BranchOpInterface.get(op) as unknown as { appendSuccessorOperands(this: void, op: Operation, index: number, values: readonly Value[]): void }).appendSuccessorOperands
    const a = body.front.getArgument(1)
    appendOf(condBr)(condBr, 0, [a, a])
    appendOf(br)(br, 0, [a])
    expect(printOperation(condBr)).toBe('llvm.cond_br %arg0, ^bb1(%arg1, %arg1, %arg1 : i32, i32, i32), ^bb1(%arg1 : i32)')
    expect(printOperation(br)).toBe('llvm.br ^bb2(%0, %arg1 : i32, i32)')
  })

  it('llvm.func and llvm.call implement the function and call interfaces', () => {
    const ctx = newContext()
    const r = parseSourceString(
      `llvm.func @g(i32) -> i64
llvm.func @f(%a: i32, %p: !llvm.ptr) {
  %0 = llvm.call @g(%a) : (i32) -> i64
  llvm.call %p(%0) : !llvm.ptr, (i64) -> ()
  llvm.return
}`,
      ctx,
    )
    const [g, f] = r!.op.regions[0]!.front.operations
    expect(printType(FunctionOpInterface.get(g!)!.getFunctionType(g!))).toBe('(i32) -> i64')
    expect(CallableOpInterface.get(g!)!.getCallableRegion(g!)).toBeNull()
    const [direct, indirect] = f!.regions[0]!.front.operations
    const call = CallOpInterface.get(direct!)!
    expect(printAttribute(call.getCallee(direct!) as Attribute)).toBe('@g')
    expect(call.getArgOperands(indirect!)).toEqual([direct!.results[0]])
    expect(call.getCallee(indirect!)).toBe(f!.regions[0]!.front.getArgument(1))
  })
})
