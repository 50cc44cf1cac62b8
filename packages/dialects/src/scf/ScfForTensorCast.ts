/**
 * MLIR's `ForOpTensorCastFolder`: an `scf.for` iter_arg initialized by a `tensor.cast` that
 * only loses static information carries the cast's (more static) source instead; casts to
 * the old type are inserted where the body reads the argument, before the yield and after
 * the loop.
 */
import { Block, OperationState, Operation, type PatternRewriter, type Value } from '@tilepass/ir'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { buildTensorCast, preservesStaticInformation } from '../tensor/TensorOps.ts'

/**
 * MLIR's `scf::replaceAndCastForOpIterArg`: a copy of `forOp` whose init `initIndex` is
 * `replacement` (of another type), with the body's view of it cast back to the old type.
 * Returns the new loop's results, the replaced one cast back to the old type.
 */
function replaceAndCastForOpIterArg(rewriter: PatternRewriter, forOp: Operation, initIndex: number, replacement: Value): Value[] {
  const oldType = forOp.getOperand(3 + initIndex).type
  const newType = replacement.type
  const operands = forOp.getOperands()
  operands[3 + initIndex] = replacement
  const state = new OperationState(forOp.location, forOp.name)
  state.addOperands(operands)
  state.addTypes(operands.slice(3).map((v) => v.type))
  for (const a of forOp.properties.entries) {
    state.addProperty(a.name, a.value)
  }
  for (const a of forOp.attributes.entries) {
    state.addAttribute(a.name, a.value)
  }
  const region = state.addRegion()
  const newBlock = new Block()
  const oldBlock = forOp.getRegion(0).front
  for (const arg of oldBlock.arguments) {
    newBlock.addArgument(arg.type, arg.location)
  }
  newBlock.getArgument(1 + initIndex).type = newType
  region.push(newBlock)
  rewriter.setInsertionPoint(forOp)
  const newFor = rewriter.insert(Operation.create(state))

  const transfer: Value[] = [...newBlock.arguments]
  rewriter.setInsertionPointToStart(newBlock)
  transfer[1 + initIndex] = buildTensorCast(rewriter, newFor.location, newBlock.getArgument(1 + initIndex), oldType)
  rewriter.mergeBlocks(oldBlock, newBlock, transfer)

  const yieldOp = newBlock.lastOp!
  rewriter.setInsertionPoint(yieldOp)
  const castOut = buildTensorCast(rewriter, newFor.location, yieldOp.getOperand(initIndex), newType)
  const yielded = yieldOp.getOperands()
  yielded[initIndex] = castOut
  const yieldState = new OperationState(newFor.location, yieldOp.name)
  yieldState.addOperands(yielded)
  rewriter.insert(Operation.create(yieldState))
  rewriter.eraseOp(yieldOp)

  rewriter.setInsertionPointAfter(newFor)
  const results = [...newFor.results] as Value[]
  results[initIndex] = buildTensorCast(rewriter, newFor.location, results[initIndex]!, oldType)
  return results
}

/** MLIR's `ForOpTensorCastFolder` (see the file comment). */
export const ForOpTensorCastFolder: CanonicalizationPattern = {
  name: 'ForOpTensorCastFolder',
  rootName: 'scf.for',
  benefit: 1,
  matchAndRewrite(op: Operation, rw: RewriterLike): boolean {
    const rewriter = rw as unknown as PatternRewriter
    for (let i = 0; i < op.numResults; i++) {
      const incoming = op.getOperand(3 + i).definingOp
      if (incoming === null || incoming.name.name !== 'tensor.cast') {
        continue
      }
      const source = incoming.getOperand(0)
      if (source.type === incoming.getResult(0).type || !preservesStaticInformation(incoming.getResult(0).type, source.type)) {
        continue
      }
      if (!op.getResult(i).hasOneUse) {
        continue
      }
      rewriter.replaceOp(op, replaceAndCastForOpIterArg(rewriter, op, i, source))
      return true
    }
    return false
  },
}
