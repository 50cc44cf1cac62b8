/**
 * MLIR's `ForOpTensorCastFolder`: an `scf.for` iter_arg initialized by a `tensor.cast` that
 * loses static information is carried with the cast's more static source type instead, the
 * cast moving into the loop body (and back out on the yield and the result).
 */
import { Block, Operation, OperationState, type PatternRewriter, type Type, type Value } from '@tilepass/ir'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { createOpBefore } from '../memref/MemRefLayout.ts'
import { preservesStaticInformation } from '../tensor/TensorOps.ts'

const kNumControlOperands = 3

/**
 * MLIR's `scf::replaceAndCastForOpIterArg`: a new `scf.for` whose init `operandIndex` is
 * `replacement`, with `tensor.cast`s back to the old type on the block argument and the
 * result and to the new type on the yielded value; returns the values replacing `forOp`'s results.
 */
function replaceAndCastForOpIterArg(rewriter: RewriterLike, forOp: Operation, operandIndex: number, replacement: Value): Value[] {
  const oldType = forOp.getOperand(operandIndex).type
  const newType = replacement.type
  const operands = forOp.getOperands()
  operands[operandIndex] = replacement
  const iterTypes = operands.slice(kNumControlOperands).map((v) => v.type)

  const state = new OperationState(forOp.location, forOp.name)
  state.addOperands(operands)
  state.addTypes(iterTypes)
  state.properties = [...forOp.properties.entries]
  state.attributes = [...forOp.attributes.entries]
  const newBlock = new Block()
  newBlock.addArgument(forOp.getOperand(0).type, forOp.location)
  for (const t of iterTypes) {
    newBlock.addArgument(t, forOp.location)
  }
  state.addRegion().push(newBlock)
  rewriter.setInsertionPoint(forOp)
  const newFor = rewriter.insert(Operation.create(state))

  // The body sees the old type through a cast of the new block argument.
  const iterIndex = operandIndex - kNumControlOperands
  const castIn = createCast(rewriter as unknown as PatternRewriter, forOp, newBlock.arguments[iterIndex + 1]!, oldType, newBlock)
  const transfer: Value[] = [...newBlock.arguments]
  transfer[iterIndex + 1] = castIn
  rewriter.mergeBlocks(forOp.getRegion(0).front, newBlock, transfer)

  // The yielded value goes back to the new type.
  const yieldOp = newBlock.lastOp!
  const yielded = yieldOp.getOperands()
  yielded[iterIndex] = createOpBefore(rewriter, yieldOp, 'tensor.cast', [yielded[iterIndex]!], [newType]).getResult(0)
  const yieldState = new OperationState(forOp.location, yieldOp.name)
  yieldState.addOperands(yielded)
  rewriter.setInsertionPoint(yieldOp)
  rewriter.insert(Operation.create(yieldState))
  rewriter.eraseOp(yieldOp)

  // The result goes back to the old type after the loop (before the old loop, right after the new one).
  const results = [...newFor.results] as Value[]
  results[iterIndex] = createOpBefore(rewriter, forOp, 'tensor.cast', [results[iterIndex]!], [oldType]).getResult(0)
  return results
}

/** A `tensor.cast` of `value` to `type` at the start of the (still empty) `block`. */
function createCast(rewriter: PatternRewriter, at: Operation, value: Value, type: Type, block: Block): Value {
  const state = new OperationState(at.location, rewriter.context.getOperationName('tensor.cast'))
  state.addOperands([value])
  state.addTypes([type])
  rewriter.setInsertionPointToStart(block)
  return rewriter.insert(Operation.create(state)).getResult(0)
}

/** MLIR's `ForOpTensorCastFolder`. */
export const ForOpTensorCastFolder: CanonicalizationPattern = {
  name: 'ForOpTensorCastFolder',
  rootName: 'scf.for',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    for (let i = kNumControlOperands; i < op.numOperands; i++) {
      const cast = op.getOperand(i).definingOp
      if (cast === null || cast.name.name !== 'tensor.cast') {
        continue
      }
      const source = cast.getOperand(0)
      const castType = cast.getResult(0).type
      if (source.type === castType || !preservesStaticInformation(castType, source.type)) {
        continue
      }
      if (!op.getResult(i - kNumControlOperands).hasOneUse) {
        continue
      }
      rewriter.replaceOp(op, replaceAndCastForOpIterArg(rewriter, op, i, source))
      return true
    }
    return false
  },
}
