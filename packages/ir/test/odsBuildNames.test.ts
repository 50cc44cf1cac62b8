import { describe, expect, it } from 'vitest'
import { Context, I32, OpBuilder, UnknownLoc, defineOp, type DialectDefinition } from '@tilepass/ir'

const AddOp = defineOp({
  name: 'nm.add',
  operands: { lhs: I32, rhs: I32 },
  results: { sum: I32 },
})
const ConstOp = defineOp({ name: 'nm.const', results: { out: I32 } })
const dialect: DialectDefinition = { namespace: 'nm', ops: [AddOp, ConstOp] }

describe('OdsOp.build names', () => {
  const ctx = new Context({ dialects: [dialect] })
  ctx.loadDialect('nm')
  const b = new OpBuilder(ctx)
  const loc = UnknownLoc.get(ctx)

  it('builds from the declared names and infers nothing it cannot', () => {
    const c = ConstOp.build(b, loc, { results: { out: b.getI32Type() } })
    const add = AddOp.build(b, loc, { operands: { lhs: c.getResult(0), rhs: c.getResult(0) }, results: { sum: b.getI32Type() } })
    expect(add.numOperands).toBe(2)
  })

  it('reports an unknown name with the declared ones', () => {
    const c = ConstOp.build(b, loc, { results: { out: b.getI32Type() } })
    // @ts-expect-error -- 'left' is not an operand of nm.add: the compiler rejects it too.
    expect(() => AddOp.build(b, loc, { operands: { left: c.getResult(0) }, results: [b.getI32Type()] })).toThrow(
      "'nm.add' has no operand 'left'; its operands are: 'lhs', 'rhs'",
    )
  })
})
