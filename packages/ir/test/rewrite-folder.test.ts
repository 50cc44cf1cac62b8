import { describe, expect, it } from 'vitest'
import { IntegerAttr, IntegerType, OperationFolder, PatternRewriter, printOperation, type Operation } from '../src/index.ts'
import { makeRewriteContext, parseModule } from './rewriteTestDialect.ts'

const SOURCE = `"t.func"() ({
^bb0(%a: i32):
  %c1 = "t.const"() {value = 1 : i32} : () -> i32
  "t.region"() ({
    %c2 = "t.const"() {value = 2 : i32} : () -> i32
    %s = "t.add"(%c1, %c2) : (i32, i32) -> i32
    %u = "t.add"(%a, %s) : (i32, i32) -> i32
    "t.ret"(%u) : (i32) -> ()
  }) : () -> ()
  "t.ret"() : () -> ()
}) : () -> ()
`

function setup(): { module: Operation; folder: OperationFolder; entryOps: () => Operation[]; inner: () => Operation[] } {
  const ctx = makeRewriteContext()
  const module = parseModule(ctx, SOURCE)
  const func = module.regions[0]!.front.firstOp!
  const entry = func.regions[0]!.front
  const region = entry.operations[1]!
  const folder = new OperationFolder(new PatternRewriter(ctx))
  return { module, folder, entryOps: () => entry.operations, inner: () => region.regions[0]!.front.operations }
}

describe('OperationFolder', () => {
  it('folds an op to a constant materialized at the start of the isolated ancestor', () => {
    const { folder, entryOps, inner } = setup()
    const add = inner()[1]!
    const inPlace = { value: true }
    expect(folder.tryToFold(add, inPlace)).toBe(true)
    expect(inPlace.value).toBe(false)
    const first = entryOps()[0]!
    expect(first.name.name).toBe('t.const')
    expect((first.getAttr('value') as IntegerAttr).value).toBe(3n)
    expect(inner()[1]!.getOperand(1)).toBe(first.result)
  })

  it('deduplicates constants through insertKnownConstant and getOrCreateConstant', () => {
    const { module, folder, entryOps, inner } = setup()
    const c1 = entryOps()[0]!
    expect(folder.insertKnownConstant(c1)).toBe(true)
    const i32 = IntegerType.get(module.context, 32)
    const dialect = module.context.getLoadedDialect('t')!
    const v = folder.getOrCreateConstant(inner()[0]!.parentBlock!, dialect, IntegerAttr.get(i32, 1), i32)
    expect(v).toBe(c1.result)
    const v2 = folder.getOrCreateConstant(inner()[0]!.parentBlock!, dialect, IntegerAttr.get(i32, 5), i32)
    expect(v2?.definingOp?.parentBlock).toBe(c1.parentBlock)
    // A second constant 2 in the nested region is hoisted and later ones are merged into it.
    const c2 = inner()[0]!
    expect(folder.insertKnownConstant(c2)).toBe(true)
    expect(c2.parentBlock).toBe(c1.parentBlock)
    expect(printOperation(module)).toContain('"t.const"() {value = 2 : i32}')
  })

  it('forgets removed constants', () => {
    const { folder, entryOps, module } = setup()
    const c1 = entryOps()[0]!
    folder.insertKnownConstant(c1)
    expect(folder.isFolderOwnedConstant(c1)).toBe(true)
    folder.notifyRemoval(c1)
    expect(folder.isFolderOwnedConstant(c1)).toBe(false)
    const i32 = IntegerType.get(module.context, 32)
    const v = folder.getOrCreateConstant(c1.parentBlock!, module.context.getLoadedDialect('t')!, IntegerAttr.get(i32, 1), i32)
    expect(v).not.toBe(c1.result)
  })
})
