import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DialectAttr,
  IntegerAttr,
  IndexType,
  IntegerType,
  VectorType,
  success,
  type Attribute,
  type Block,
  type LogicalResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { OperationPass, boolOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { ConversionTarget } from './ConversionTarget.ts'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPatternRewriter, type OpAdaptor } from './DialectConversion.ts'

function createBr(rewriter: ConversionPatternRewriter, op: Operation, dest: Block, operands: readonly Value[]): Operation {
  return rewriter.create('cf.br', op.location, { operands, successors: [dest] })
}

function createCondBr(
  rewriter: ConversionPatternRewriter,
  loc: Operation,
  cond: Value,
  trueDest: Block,
  trueOperands: readonly Value[],
  falseDest: Block,
  falseOperands: readonly Value[],
): Operation {
  return rewriter.create('cf.cond_br', loc.location, {
    operands: [cond, ...trueOperands, ...falseOperands],
    successors: [trueDest, falseDest],
    properties: { operandSegmentSizes: DenseArrayAttr.getI32(rewriter.context, [1, trueOperands.length, falseOperands.length]) },
  })
}

/**
 * Gives the loop's back edge `branch` the loop's attributes of the `llvm` dialect (such as
 * `llvm.loop_annotation`): LLVM attaches loop metadata to the latch's branch.
 */
function copyLLVMAttrs(loop: Operation, branch: Operation): void {
  for (const a of loop.getAttrs()) {
    if (a.value instanceof DialectAttr && a.value.dialectNamespace === 'llvm') {
      branch.setAttr(a.name, a.value)
    }
  }
}

function values(op: Operation): Value[] {
  return op.operands.map((o) => o.value)
}

/** The block before which the op's insertion point lies and the op: splits the block at `op`. */
function splitAt(rewriter: ConversionPatternRewriter, op: Operation): { head: Block; tail: Block } {
  const head = op.parentBlock!
  const tail = rewriter.splitBlock(head, op)
  return { head, tail }
}

/** `scf.for` to a condition block, the body blocks and a back edge. */
class ForLowering extends OpConversionPattern {
  constructor() {
    super('scf.for')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const initBlock = op.parentBlock!
    const endBlock = rewriter.splitBlock(initBlock, op)
    const region = op.regions[0]!
    const conditionBlock = region.firstBlock!
    const firstBodyBlock = rewriter.splitBlock(conditionBlock, conditionBlock.firstOp)
    const lastBodyBlock = region.lastBlock!
    rewriter.inlineRegionBefore(region, endBlock.parent!, endBlock)
    const iv = conditionBlock.arguments[0]!

    const terminator = lastBodyBlock.lastOp!
    rewriter.setInsertionPointToEnd(lastBodyBlock)
    const step = op.operands[2]!.value
    const stepped = rewriter.create('arith.addi', op.location, { operands: [iv, step], results: [iv.type] }).results[0]!
    copyLLVMAttrs(op, createBr(rewriter, op, conditionBlock, [stepped, ...values(terminator)]))
    rewriter.eraseOp(terminator)

    rewriter.setInsertionPointToEnd(initBlock)
    const lowerBound = op.operands[0]!.value
    const upperBound = op.operands[1]!.value
    const inits = op.operands.slice(3).map((o) => o.value)
    createBr(rewriter, op, conditionBlock, [lowerBound, ...inits])

    rewriter.setInsertionPointToEnd(conditionBlock)
    const predicate = op.getAttr('unsignedCmp') !== undefined ? 6 : 2
    const cmp = rewriter.create('arith.cmpi', op.location, {
      operands: [iv, upperBound],
      results: [IntegerType.get(rewriter.context, 1)],
      attributes: { predicate: IntegerAttr.get(IntegerType.get(rewriter.context, 64), predicate) },
    })
    createCondBr(rewriter, op, cmp.results[0]!, firstBodyBlock, [], endBlock, [])
    rewriter.replaceOp(op, conditionBlock.arguments.slice(1))
    return success()
  }
}

/** `scf.if` to a conditional branch to the inlined regions and a continuation block. */
class IfLowering extends OpConversionPattern {
  constructor() {
    super('scf.if')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const { head: condBlock, tail: remainingOpsBlock } = splitAt(rewriter, op)
    let continueBlock: Block
    if (op.results.length === 0) {
      continueBlock = remainingOpsBlock
    } else {
      const types = op.results.map((r) => r.type)
      continueBlock = rewriter.createBlock(remainingOpsBlock.parent!, remainingOpsBlock, types, types.map(() => loc))
      createBr(rewriter, op, remainingOpsBlock, [])
    }
    const thenRegion = op.regions[0]!
    const thenBlock = thenRegion.firstBlock!
    const thenTerminator = thenRegion.lastBlock!.lastOp!
    rewriter.setInsertionPointToEnd(thenRegion.lastBlock!)
    createBr(rewriter, op, continueBlock, values(thenTerminator))
    rewriter.eraseOp(thenTerminator)
    rewriter.inlineRegionBefore(thenRegion, continueBlock.parent!, continueBlock)

    let elseBlock = continueBlock
    const elseRegion = op.regions[1]!
    if (!elseRegion.empty) {
      elseBlock = elseRegion.firstBlock!
      const elseTerminator = elseRegion.lastBlock!.lastOp!
      rewriter.setInsertionPointToEnd(elseRegion.lastBlock!)
      createBr(rewriter, op, continueBlock, values(elseTerminator))
      rewriter.eraseOp(elseTerminator)
      rewriter.inlineRegionBefore(elseRegion, continueBlock.parent!, continueBlock)
    }
    rewriter.setInsertionPointToEnd(condBlock)
    createCondBr(rewriter, op, op.operands[0]!.value, thenBlock, [], elseBlock, [])
    rewriter.replaceOp(op, continueBlock.arguments)
    return success()
  }
}

/** `scf.execute_region` to a branch into its inlined region, whose yields branch out. */
class ExecuteRegionLowering extends OpConversionPattern {
  constructor() {
    super('scf.execute_region')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const { head: condBlock, tail: remainingOpsBlock } = splitAt(rewriter, op)
    const region = op.regions[0]!
    rewriter.setInsertionPointToEnd(condBlock)
    createBr(rewriter, op, region.firstBlock!, [])
    const blocks: Block[] = []
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      blocks.push(b)
    }
    for (const b of blocks) {
      const term = b.lastOp
      if (term !== null && term.name.name === 'scf.yield') {
        rewriter.setInsertionPoint(term)
        const br = createBr(rewriter, op, remainingOpsBlock, values(term))
        rewriter.replaceOp(term, br)
      }
    }
    rewriter.inlineRegionBefore(region, remainingOpsBlock.parent!, remainingOpsBlock)
    const vals: Value[] = []
    for (const r of op.results) {
      vals.push(rewriter.addArgument(remainingOpsBlock, r.type, op.location))
    }
    rewriter.replaceOp(op, vals)
    return success()
  }
}

/** `scf.while` to the inlined "before" and "after" regions linked by branches. */
class WhileLowering extends OpConversionPattern {
  constructor() {
    super('scf.while')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const ip = rewriter.saveInsertionPoint()
    const { head: currentBlock, tail: continuation } = splitAt(rewriter, op)
    const beforeRegion = op.regions[0]!
    const afterRegion = op.regions[1]!
    const after = afterRegion.firstBlock!
    const before = beforeRegion.firstBlock!
    const beforeLast = beforeRegion.lastBlock!
    const afterLast = afterRegion.lastBlock!
    rewriter.inlineRegionBefore(afterRegion, continuation.parent!, continuation)
    rewriter.inlineRegionBefore(beforeRegion, after.parent!, after)

    rewriter.setInsertionPointToEnd(currentBlock)
    createBr(rewriter, op, before, values(op))

    rewriter.setInsertionPointToEnd(beforeLast)
    const condOp = beforeLast.lastOp!
    const args = values(condOp).slice(1)
    const cb = createCondBr(rewriter, condOp, condOp.operands[0]!.value, after, args, continuation, [])
    rewriter.replaceOp(condOp, cb)

    rewriter.setInsertionPointToEnd(afterLast)
    const yieldOp = afterLast.lastOp!
    const br = createBr(rewriter, yieldOp, before, values(yieldOp))
    copyLLVMAttrs(op, br)
    rewriter.replaceOp(yieldOp, br)

    rewriter.replaceOp(op, args)
    rewriter.restoreInsertionPoint(ip)
    return success()
  }
}

/** `scf.while` whose "after" region only forwards its arguments: a do-while loop. */
class DoWhileLowering extends OpConversionPattern {
  constructor() {
    super('scf.while', { benefit: 2 })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const afterBlock = op.regions[1]!.firstBlock!
    const yieldOp = afterBlock.firstOp
    if (yieldOp === null || yieldOp !== afterBlock.lastOp) {
      return rewriter.notifyMatchFailure(op, "do-while simplification applicable only if 'after' region has no payload")
    }
    const yielded = values(yieldOp)
    if (
      yieldOp.name.name !== 'scf.yield' ||
      yielded.length !== afterBlock.arguments.length ||
      yielded.some((v, i) => v !== afterBlock.arguments[i])
    ) {
      return rewriter.notifyMatchFailure(op, 'do-while simplification applicable only to forwarding \'after\' regions')
    }
    const ip = rewriter.saveInsertionPoint()
    const { head: currentBlock, tail: continuation } = splitAt(rewriter, op)
    const beforeRegion = op.regions[0]!
    const before = beforeRegion.firstBlock!
    const beforeLast = beforeRegion.lastBlock!
    rewriter.inlineRegionBefore(beforeRegion, continuation.parent!, continuation)

    rewriter.setInsertionPointToEnd(currentBlock)
    createBr(rewriter, op, before, values(op))

    rewriter.setInsertionPointToEnd(beforeLast)
    const condOp = beforeLast.lastOp!
    const args = values(condOp).slice(1)
    const cb = createCondBr(rewriter, condOp, condOp.operands[0]!.value, before, args, continuation, [])
    copyLLVMAttrs(op, cb)
    rewriter.replaceOp(condOp, cb)
    rewriter.replaceOp(op, args)
    rewriter.restoreInsertionPoint(ip)
    return success()
  }
}

/** `scf.index_switch` to a `cf.switch` on the index cast to i32. */
class IndexSwitchLowering extends OpConversionPattern {
  constructor() {
    super('scf.index_switch')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const { head: condBlock, tail: continueBlock } = splitAt(rewriter, op)
    const results: Value[] = []
    for (const r of op.results) {
      results.push(rewriter.addArgument(continueBlock, r.type, op.location))
    }
    const convertRegion = (index: number): Block => {
      const region = op.regions[index]!
      const block = region.firstBlock!
      const y = block.lastOp!
      rewriter.setInsertionPoint(y)
      const br = createBr(rewriter, y, continueBlock, values(y))
      rewriter.replaceOp(y, br)
      rewriter.inlineRegionBefore(region, continueBlock.parent!, continueBlock)
      return block
    }
    const casesAttr = op.getAttr('cases')
    const caseValues: bigint[] = casesAttr instanceof DenseArrayAttr ? casesAttr.values.map((v) => BigInt(v)) : []
    const caseSuccessors: Block[] = []
    for (let i = 1; i < op.regions.length; i++) {
      caseSuccessors.push(convertRegion(i))
    }
    const defaultBlock = convertRegion(0)

    rewriter.setInsertionPointToEnd(condBlock)
    const i32 = IntegerType.get(rewriter.context, 32)
    const caseValue = rewriter.create('arith.index_cast', op.location, { operands: [op.operands[0]!.value], results: [i32] }).results[0]!
    const props: Record<string, Attribute> = {
      case_operand_segments: DenseArrayAttr.getI32(rewriter.context, caseSuccessors.map(() => 0)),
      operandSegmentSizes: DenseArrayAttr.getI32(rewriter.context, [1, 0, 0]),
    }
    if (caseValues.length > 0) {
      props['case_values'] = DenseIntOrFPElementsAttr.get(
        VectorType.get([caseValues.length], i32),
        caseValues.map((v) => BigInt.asIntN(32, v)),
        false,
      )
    }
    rewriter.create('cf.switch', op.location, { operands: [caseValue], successors: [defaultBlock, ...caseSuccessors], properties: props })
    rewriter.replaceOp(op, results)
    return success()
  }
}

/** `scf.parallel` to a nest of `scf.for` loops (lowered further by `ForLowering`), reductions inlined. */
class ParallelLowering extends OpConversionPattern {
  constructor() {
    super('scf.parallel', { generatedOps: ['scf.for', 'scf.yield'] })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const body = op.regions[0]!.firstBlock!
    const reduceOp = body.lastOp
    if (reduceOp === null || reduceOp.name.name !== 'scf.reduce') {
      return rewriter.notifyMatchFailure(op, 'expected an scf.reduce terminator')
    }
    const segments = op.getAttr('operandSegmentSizes')
    const sizes = segments instanceof DenseArrayAttr ? segments.values.map((v) => Number(v)) : []
    const numLoops = sizes[0] ?? 0
    const all = values(op)
    const lbs = all.slice(0, numLoops)
    const ubs = all.slice(numLoops, 2 * numLoops)
    const steps = all.slice(2 * numLoops, 3 * numLoops)
    let iterArgs: Value[] = all.slice(3 * numLoops)
    const ivs: Value[] = []
    let loopResults: Value[] = iterArgs.slice()
    for (let d = 0; d < numLoops; d++) {
      const forOp = rewriter.create('scf.for', loc, {
        operands: [lbs[d]!, ubs[d]!, steps[d]!, ...iterArgs],
        results: iterArgs.map((v) => v.type),
        regions: 1,
      })
      const ip = rewriter.saveInsertionPoint()
      const types = [lbs[d]!.type, ...iterArgs.map((v) => v.type)]
      const locs = [loc, ...iterArgs.map((v) => rewriter.valueLocation(v))]
      const forBody = rewriter.createBlock(forOp.regions[0]!, null, types, locs)
      if (iterArgs.length === 0) {
        rewriter.create('scf.yield', loc, {})
      }
      rewriter.restoreInsertionPoint(ip)
      ivs.push(forBody.arguments[0]!)
      iterArgs = forBody.arguments.slice(1)
      if (d === 0) {
        loopResults = forOp.results.slice()
      } else if (forOp.results.length > 0) {
        rewriter.setInsertionPointToEnd(rewriter.insertionBlock!)
        rewriter.create('scf.yield', loc, { operands: forOp.results })
      }
      rewriter.setInsertionPointToStart(forBody)
    }
    const yieldOperands: Value[] = []
    for (let i = 0; i < op.results.length; i++) {
      const reductionBody = reduceOp.regions[i]!.firstBlock!
      const arg = iterArgs[yieldOperands.length]!
      const term = reductionBody.lastOp!
      yieldOperands.push(term.operands[0]!.value)
      rewriter.eraseOp(term)
      rewriter.inlineBlockBefore(reductionBody, reduceOp, [arg, reduceOp.operands[i]!.value])
    }
    rewriter.eraseOp(reduceOp)
    const newBody = rewriter.insertionBlock!
    if (newBody.firstOp === null) {
      rewriter.mergeBlocks(body, newBody, ivs)
    } else {
      rewriter.inlineBlockBefore(body, newBody.lastOp!, ivs)
    }
    if (yieldOperands.length > 0) {
      rewriter.setInsertionPointToEnd(rewriter.insertionBlock!)
      rewriter.create('scf.yield', loc, { operands: yieldOperands })
    }
    rewriter.replaceOp(op, loopResults)
    return success()
  }
}

/** `scf.forall` without outputs to an `scf.parallel` (MLIR's `forallToParallelLoop`), lowered further. */
class ForallLowering extends OpConversionPattern {
  constructor() {
    super('scf.forall', { generatedOps: ['scf.parallel', 'scf.reduce'] })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const segments = op.getAttr('operandSegmentSizes')
    const sizes = segments instanceof DenseArrayAttr ? segments.values.map((v) => Number(v)) : []
    if ((sizes[3] ?? 0) !== 0) {
      return rewriter.notifyMatchFailure(op, 'only fully bufferized scf.forall ops can be lowered to scf.parallel')
    }
    const all = values(op)
    const index = IndexType.get(rewriter.context)
    let next = 0
    const mixed = (name: string): Value[] => {
      const a = op.getAttr(name)
      const statics = a instanceof DenseArrayAttr ? a.values.map((v) => BigInt(v)) : []
      const out: Value[] = []
      for (const v of statics) {
        if (v === kDynamic) {
          out.push(all[next++]!)
        } else {
          const c = rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, v) } })
          out.push(c.results[0]!)
        }
      }
      return out
    }
    const lbs = mixed('staticLowerBound')
    const ubs = mixed('staticUpperBound')
    const steps = mixed('staticStep')
    const parallel = rewriter.create('scf.parallel', loc, {
      operands: [...lbs, ...ubs, ...steps],
      regions: 1,
      properties: { operandSegmentSizes: DenseArrayAttr.getI32(rewriter.context, [lbs.length, ubs.length, steps.length, 0]) },
    })
    const region = parallel.regions[0]!
    rewriter.inlineRegionBefore(op.regions[0]!, region, null)
    const body = region.firstBlock!
    const term = body.lastOp!
    rewriter.setInsertionPointToEnd(body)
    const reduce = rewriter.create('scf.reduce', term.location, {})
    rewriter.replaceOp(term, reduce)
    const mapping = op.getAttr('mapping')
    if (mapping !== undefined) {
      rewriter.modifyOpInPlace(parallel, () => parallel.setAttr('mapping', mapping))
    }
    rewriter.replaceOp(op, parallel)
    return success()
  }
}

// MLIR's ShapedType::kDynamic in static bound arrays.
const kDynamic = -9223372036854775808n

/** The patterns lowering `scf` control flow to `cf` (MLIR's `populateSCFToControlFlowConversionPatterns`). */
export function scfToControlFlowPatterns(): OpConversionPattern[] {
  return [new ForLowering(), new IfLowering(), new WhileLowering(), new ExecuteRegionLowering(), new IndexSwitchLowering(), new ParallelLowering(), new ForallLowering(), new DoWhileLowering()]
}

/** The option declarations of `convert-scf-to-cf`. */
export type SCFToControlFlowOptionDecls = { readonly allowPatternRollback: ScalarOption<boolean> }
const scfToControlFlowOptions: SCFToControlFlowOptionDecls = {
  allowPatternRollback: boolOption('allow-pattern-rollback', true, 'Experimental performance flag to disallow pattern rollback'),
}

/**
 * `convert-scf-to-cf`: lowers structured control flow to a CFG of blocks and `cf` branches.
 * `allow-pattern-rollback=false` selects MLIR's one-shot driver; these patterns never fail
 * after changing the IR, so both drivers give the same output (checked with mlir-opt 22).
 */
export class SCFToControlFlowPass extends OperationPass<OptionValues<SCFToControlFlowOptionDecls>> {
  static override readonly argument = 'convert-scf-to-cf'
  static override readonly summary = 'Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG'
  static override readonly options: SCFToControlFlowOptionDecls = scfToControlFlowOptions
  static readonly passName: string = 'SCFToControlFlowPass'

  override runOnOperation(): void {
    const target = new ConversionTarget(this.getContext())
    target.addIllegalOp('scf.forall', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.parallel', 'scf.while', 'scf.execute_region')
    target.markUnknownOpDynamicallyLegal(() => true)
    applyPartialConversionInPass(this, this.getOperation(), target, scfToControlFlowPatterns())
  }
}
