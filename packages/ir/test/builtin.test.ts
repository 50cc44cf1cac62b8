import { describe, expect, it } from 'vitest'
import {
  Block,
  BuiltinDialect,
  Context,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  Operation,
  OperationState,
  StringAttr,
  UnknownLoc,
  printOperation,
  type Diagnostic,
} from '@tilepass/ir'

function module(ctx: Context, attrs: Record<string, IntegerAttr | StringAttr> = {}): { op: Operation; b: OpBuilder } {
  const state = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName('builtin.module'))
  for (const [k, v] of Object.entries(attrs)) {state.addAttribute(k, v)}
  state.addRegion().push(new Block())
  const op = Operation.create(state)
  return { op, b: OpBuilder.atBlockEnd(op.regions[0]!.firstBlock!, ctx) }
}

function verifyMessages(ctx: Context, op: Operation): { ok: boolean; messages: string[] } {
  const messages: string[] = []
  const id = ctx.diagEngine.registerHandler((d: Diagnostic) => {
    messages.push(d.message)
    return true
  })
  const ok = op.name.def!.verify!(op)
  ctx.diagEngine.flush()
  ctx.diagEngine.unregisterHandler(id)
  return { ok, messages }
}

describe('builtin dialect', () => {
  it('is loaded in every context', () => {
    const ctx = new Context()
    expect(ctx.getLoadedDialect('builtin')?.def).toBe(BuiltinDialect)
    expect(ctx.lookupRegisteredOperationName('builtin.module')).toBeDefined()
    expect(ctx.lookupRegisteredOperationName('builtin.unrealized_conversion_cast')).toBeDefined()
  })

  it('prints modules in custom and generic form', () => {
    // module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {}
    const ctx = new Context()
    const i64 = IntegerType.get(ctx, 64)
    const { op } = module(ctx, {
      sym_name: StringAttr.get(ctx, 'm'),
      'foo.x': IntegerAttr.get(i64, 1),
      sym_visibility: StringAttr.get(ctx, 'private'),
    })
    expect(printOperation(op)).toBe('module @m attributes {foo.x = 1 : i64, sym_visibility = "private"} {\n}\n')
    expect(printOperation(op, { printGenericOpForm: true })).toBe(
      '"builtin.module"() <{sym_name = "m", sym_visibility = "private"}> ({\n^bb0:\n}) {foo.x = 1 : i64} : () -> ()\n',
    )
    const nested = module(ctx)
    const inner = module(ctx).op
    nested.b.insert(inner)
    expect(printOperation(nested.op)).toBe('module {\n  module {\n  }\n}\n')
  })

  it('prints unrealized_conversion_cast forms, eliding the builtin prefix in modules only', () => {
    // %0 = builtin.unrealized_conversion_cast to i32
    // %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
    // %2:2 = builtin.unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32
    // %3 = "test.wrap"() ({ %4 = builtin.unrealized_conversion_cast to i32 {a = 1} }) : () -> i32
    const ctx = new Context({ allowUnregisteredDialects: true })
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const { op, b } = module(ctx)
    const c0 = b.create('builtin.unrealized_conversion_cast', loc, { results: [i32] }).result
    const c1 = b.create('builtin.unrealized_conversion_cast', loc, { operands: [c0], results: [i64] }).result
    b.create('builtin.unrealized_conversion_cast', loc, { operands: [c0, c1], results: [i64, i32] })
    const wrap = b.create('test.wrap', loc, { results: [i32], regions: 1 })
    const blk = new Block()
    wrap.regions[0]!.push(blk)
    OpBuilder.atBlockEnd(blk, ctx).create('builtin.unrealized_conversion_cast', loc, {
      results: [i32],
      attributes: { a: IntegerAttr.get(i64, 1) },
    })
    expect(printOperation(op)).toBe(`module {
  %0 = unrealized_conversion_cast to i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32
  %3 = "test.wrap"() ({
    %4 = builtin.unrealized_conversion_cast to i32 {a = 1 : i64}
  }) : () -> i32
}
`)
  })

  it('folds identity casts and cast round trips', () => {
    const ctx = new Context()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const { b } = module(ctx)
    const src = b.create('builtin.unrealized_conversion_cast', loc, { results: [i32] }).result
    const same = b.create('builtin.unrealized_conversion_cast', loc, { operands: [src], results: [i32] })
    const def = same.name.def!
    expect(def.fold!(same, [null])).toEqual([src])
    const up = b.create('builtin.unrealized_conversion_cast', loc, { operands: [src], results: [i64] })
    const down = b.create('builtin.unrealized_conversion_cast', loc, { operands: [up.result], results: [i32] })
    expect(def.fold!(down, [null])).toEqual([src])
    expect(def.fold!(up, [null])).toBeUndefined()
  })

  it('verifies modules with upstream messages', () => {
    const ctx = new Context()
    const bad = module(ctx, { foo: IntegerAttr.get(IntegerType.get(ctx, 64), 1) }).op
    expect(verifyMessages(ctx, bad)).toEqual({
      ok: false,
      messages: ["'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"],
    })
    const good = module(ctx, { sym_name: StringAttr.get(ctx, 'a'), 'x.y': StringAttr.get(ctx, 'b') }).op
    expect(verifyMessages(ctx, good)).toEqual({ ok: true, messages: [] })
    const state = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName('builtin.module'))
    state.addRegion()
    expect(verifyMessages(ctx, Operation.create(state)).messages).toEqual([
      "'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
    ])
  })
})
