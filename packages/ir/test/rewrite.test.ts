import { describe, expect, it } from 'vitest'
import {
  IntegerAttr,
  IntegerType,
  PatternRewriter,
  printOperation,
  type Block,
  type Operation,
  type RewriterListener,
} from '../src/index.ts'
import { makeRewriteContext, parseModule } from './rewriteTestDialect.ts'

const SOURCE = `"t.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "t.add"(%a, %b) : (i32, i32) -> i32
  %1 = "t.mul"(%0, %a) : (i32, i32) -> i32
  %2 = "t.neg"(%1) : (i32) -> i32
  "t.ret"(%2) : (i32) -> ()
}) : () -> ()
`

/** Records every listener notification as a line. */
function recorder(): { log: string[]; listener: RewriterListener } {
  const log: string[] = []
  const listener: RewriterListener = {
    notifyOperationInserted: (op, prev) => log.push(`inserted ${op.name.name}${prev === null ? '' : ' (moved)'}`),
    notifyBlockInserted: (_b, prevRegion) => log.push(`block inserted${prevRegion === null ? '' : ' (moved)'}`),
    notifyOperationModified: (op) => log.push(`modified ${op.name.name}`),
    notifyOperationReplaced: (op) => log.push(`replaced ${op.name.name}`),
    notifyOperationErased: (op) => log.push(`erased ${op.name.name}`),
    notifyBlockErased: () => log.push('block erased'),
    notifyMatchFailure: (_loc, reason) => log.push(`failure: ${reason}`),
  }
  return { log, listener }
}

function setup(): { body: Block; ops: Operation[]; rewriter: PatternRewriter; log: string[]; module: Operation } {
  const ctx = makeRewriteContext()
  const module = parseModule(ctx, SOURCE)
  const func = module.regions[0]!.front.firstOp!
  const body = func.regions[0]!.front
  const { log, listener } = recorder()
  const rewriter = new PatternRewriter(ctx, listener)
  return { body, ops: body.operations, rewriter, log, module }
}

describe('PatternRewriter', () => {
  it('replaceOp notifies replaced, then each user modified, then erased', () => {
    const { ops, rewriter, log, body } = setup()
    const [add, mul] = ops as [Operation, Operation]
    rewriter.replaceOp(add, [body.arguments[1]!])
    expect(log).toEqual(['replaced t.add', 'modified t.mul', 'erased t.add'])
    expect(mul.getOperand(0)).toBe(body.arguments[1])
    expect(add.parentBlock).toBeNull()
  })

  it('replaceOp with an op uses its results', () => {
    const { ops, rewriter, log } = setup()
    const [add, , neg] = ops as [Operation, Operation, Operation]
    rewriter.setInsertionPoint(neg)
    const newNeg = rewriter.create('t.neg', neg.location, { operands: [add.result], results: [neg.result.type] })
    rewriter.replaceOp(neg, newNeg)
    expect(log).toEqual(['inserted t.neg', 'replaced t.neg', 'modified t.ret', 'erased t.neg'])
  })

  it('eraseOp erases nested ops first, users before definitions', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.region"() ({
  %0 = "t.const"() {value = 1 : i32} : () -> i32
  %1 = "t.neg"(%0) : (i32) -> i32
  "t.ret"(%1) : (i32) -> ()
}) : () -> ()
`,
    )
    const { log, listener } = recorder()
    const rewriter = new PatternRewriter(ctx, listener)
    rewriter.eraseOp(module.regions[0]!.front.firstOp!)
    expect(log).toEqual(['erased t.ret', 'erased t.neg', 'erased t.const', 'block erased', 'erased t.region'])
    expect(module.regions[0]!.front.empty).toBe(true)
  })

  it('eraseOp refuses ops whose results are used', () => {
    const { ops, rewriter } = setup()
    expect(() => rewriter.eraseOp(ops[0]!)).toThrow(/still has uses/)
  })

  it('modifyOpInPlace and startOpModification/finalizeOpModification notify once', () => {
    const { ops, rewriter, log, body } = setup()
    const mul = ops[1]!
    rewriter.modifyOpInPlace(mul, () => mul.setOperand(1, body.arguments[1]!))
    rewriter.startOpModification(mul)
    mul.setAttr('x', IntegerAttr.get(IntegerType.get(rewriter.context, 32), 1))
    rewriter.finalizeOpModification(mul)
    expect(log).toEqual(['modified t.mul', 'modified t.mul'])
  })

  it('replaceAllUsesWith notifies every user; replaceAllOpUsesWith keeps the op', () => {
    const { ops, rewriter, log, body } = setup()
    const [add, mul] = ops as [Operation, Operation]
    rewriter.replaceAllUsesWith(body.arguments[0]!, body.arguments[1]!)
    expect(log).toEqual(['modified t.mul', 'modified t.add'])
    log.length = 0
    rewriter.replaceAllOpUsesWith(add, [body.arguments[0]!])
    expect(log).toEqual(['modified t.mul'])
    expect(add.parentBlock).toBe(body)
    expect(mul.getOperand(0)).toBe(body.arguments[0])
  })

  it('moves ops with moveOpBefore/moveOpAfter, reporting the previous position', () => {
    const { ops, rewriter, log, body } = setup()
    const [add, mul, neg] = ops as [Operation, Operation, Operation]
    rewriter.moveOpAfter(add, neg)
    expect(body.operations.map((o) => o.name.name)).toEqual(['t.mul', 't.neg', 't.add', 't.ret'])
    rewriter.moveOpBefore(add, mul)
    expect(body.operations.map((o) => o.name.name)).toEqual(['t.add', 't.mul', 't.neg', 't.ret'])
    expect(log).toEqual(['inserted t.add (moved)', 'inserted t.add (moved)'])
  })

  it('moving an op before itself keeps it in place (as an ilist splice)', () => {
    const { ops, rewriter, body } = setup()
    const [, mul] = ops as [Operation, Operation]
    rewriter.moveOpBefore(mul, mul)
    rewriter.moveOpBefore(mul, body, mul)
    expect(body.operations.map((o) => o.name.name)).toEqual(['t.add', 't.mul', 't.neg', 't.ret'])
    expect(mul.parentBlock).toBe(body)
  })

  it('splitBlock, mergeBlocks and inlineBlockBefore move ops and erase the source', () => {
    const { ops, rewriter, log, body } = setup()
    const [, mul] = ops as [Operation, Operation]
    const tail = rewriter.splitBlock(body, mul)
    expect(body.operations.map((o) => o.name.name)).toEqual(['t.add'])
    expect(tail.operations.map((o) => o.name.name)).toEqual(['t.mul', 't.neg', 't.ret'])
    expect(log[0]).toBe('block inserted')
    log.length = 0
    rewriter.mergeBlocks(tail, body)
    expect(body.operations.map((o) => o.name.name)).toEqual(['t.add', 't.mul', 't.neg', 't.ret'])
    expect(log).toEqual([
      'inserted t.mul (moved)',
      'inserted t.neg (moved)',
      'inserted t.ret (moved)',
      'block erased',
    ])
    expect(body.parent!.numBlocks).toBe(1)
  })

  it('inlineBlockBefore replaces block arguments', () => {
    const ctx = makeRewriteContext()
    const module = parseModule(
      ctx,
      `"t.region"() ({
^bb0(%x: i32):
  %1 = "t.neg"(%x) : (i32) -> i32
  "t.ret"(%1) : (i32) -> ()
}) : () -> ()
%c = "t.const"() {value = 3 : i32} : () -> i32
"t.effect"() : () -> ()
`,
    )
    const top = module.regions[0]!.front
    const [region, c, effect] = top.operations as [Operation, Operation, Operation]
    const rewriter = new PatternRewriter(ctx)
    const inner = region.regions[0]!.front
    const ret = inner.lastOp!
    rewriter.eraseOp(ret)
    rewriter.inlineBlockBefore(inner, effect, [c.result])
    expect(top.operations.map((o) => o.name.name)).toEqual(['t.region', 't.const', 't.neg', 't.effect'])
    expect(top.operations[2]!.getOperand(0)).toBe(c.result)
    expect(region.regions[0]!.empty).toBe(true)
  })

  it('inlineRegionBefore moves every block', () => {
    const { rewriter, log, body, module } = setup()
    const ctx = rewriter.context
    const other = parseModule(ctx, `"t.region"() ({
^bb0:
  "t.ret"() : () -> ()
^bb1:
  "t.ret"() : () -> ()
}) : () -> ()
`)
    const src = other.regions[0]!.front.firstOp!.regions[0]!
    rewriter.inlineRegionBefore(src, body.parent!, null)
    expect(body.parent!.numBlocks).toBe(3)
    expect(src.empty).toBe(true)
    expect(log).toEqual(['block inserted (moved)', 'block inserted (moved)'])
    void module
  })

  it('notifyMatchFailure reports the reason and returns failure', () => {
    const { ops, rewriter, log } = setup()
    expect(rewriter.notifyMatchFailure(ops[0]!, 'operand is not a constant')).toBe(false)
    expect(log).toEqual(['failure: operand is not a constant'])
  })

  it('creates ops at the insertion point', () => {
    const { ops, rewriter, module } = setup()
    rewriter.setInsertionPoint(ops[0]!)
    rewriter.create('t.const', ops[0]!.location, {
      results: [IntegerType.get(rewriter.context, 32)],
      attributes: { value: IntegerAttr.get(IntegerType.get(rewriter.context, 32), 5) },
    })
    expect(printOperation(module)).toContain('%0 = "t.const"() {value = 5 : i32} : () -> i32')
  })
})
