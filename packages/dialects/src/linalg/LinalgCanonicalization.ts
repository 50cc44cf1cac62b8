/**
 * Canonicalization patterns of the `linalg` dialect: those MLIR registers for every structured
 * op (`EraseDeadLinalgOp`, `FoldTensorCastProducerOp`), `linalg.copy`'s `EraseSelfCopy` and
 * `linalg.fill`'s `FoldFillWithTensorExtract`.
 */
import { IRMapping, MemRefType, Operation, OperationState, RankedTensorType, type Value } from '@tilepass/ir'
import type { CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { buildTensorCast, canFoldIntoConsumerOp } from '../tensor/TensorOps.ts'
import { dpsCounts, dpsInits, dpsInputs } from './LinalgStructured.ts'

/** MLIR's `EraseDeadLinalgOp`: a structured op with a memref operand of a zero-size dimension does nothing. */
export function eraseDeadLinalgOp(rootName: string): CanonicalizationPattern {
  return {
    name: 'EraseDeadLinalgOp',
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      for (const v of op.getOperands()) {
        if (v.type instanceof MemRefType && v.type.shape.includes(0)) {
          rewriter.eraseOp(op)
          return true
        }
      }
      return false
    },
  }
}

/**
 * MLIR's `FoldTensorCastProducerOp`: operands produced by a `tensor.cast` that only loses static
 * information take the cast's source; results whose init became more static are cast back.
 */
export function foldTensorCastProducerOp(rootName: string): CanonicalizationPattern {
  return {
    name: 'FoldTensorCastProducerOp',
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const operands = op.getOperands()
      let changed = false
      const newOperands = operands.map((v) => {
        const cast = v.definingOp
        if (canFoldIntoConsumerOp(cast)) {
          changed = true
          return cast.getOperand(0)
        }
        return v
      })
      if (!changed) {
        return false
      }
      const [n] = dpsCounts(op)
      const newTypes = newOperands.slice(n, n + dpsInits(op).length).filter((v) => v.type instanceof RankedTensorType).map((v) => v.type)
      if (newTypes.length !== op.numResults) {
        return false
      }
      const state = new OperationState(op.location, op.name)
      state.addOperands(newOperands)
      state.addTypes(newTypes)
      for (const p of op.properties.entries) {
        state.addProperty(p.name, p.value)
      }
      for (const a of op.attributes.entries) {
        state.addAttribute(a.name, a.value)
      }
      for (const region of op.regions) {
        region.cloneInto(state.addRegion(), null, new IRMapping())
      }
      rewriter.setInsertionPoint(op)
      const created = rewriter.insert(Operation.create(state))
      const replacements: Value[] = []
      for (let i = 0; i < op.numResults; i++) {
        const result = created.getResult(i)
        const oldType = op.getResult(i).type
        if (result.type === oldType) {
          replacements.push(result)
          continue
        }
        replacements.push(buildTensorCast(rewriter, op.location, result, oldType))
      }
      rewriter.replaceOp(op, replacements)
      return true
    },
  }
}

/** The patterns MLIR's `LinalgDialect::getCanonicalizationPatterns` adds, for the structured op `rootName`. */
export function linalgDialectPatterns(rootName: string): CanonicalizationPattern[] {
  return [eraseDeadLinalgOp(rootName), foldTensorCastProducerOp(rootName)]
}

/** MLIR's `EraseSelfCopy`: a copy of a value into itself is erased (buffers) or replaced by it (tensors). */
export const eraseSelfCopy: CanonicalizationPattern = {
  name: 'EraseSelfCopy',
  rootName: 'linalg.copy',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const inputs = dpsInputs(op)
    const inits = dpsInits(op)
    if (inputs.length !== inits.length || !inputs.every((v, i) => v === inits[i])) {
      return false
    }
    if (op.numResults === 0) {
      rewriter.eraseOp(op)
    } else {
      rewriter.replaceOp(op, inputs)
    }
    return true
  },
}

/** MLIR's `FoldFillWithTensorExtract`: an element extracted from a filled tensor is the fill value. */
export const foldFillWithTensorExtract: CanonicalizationPattern = {
  name: 'FoldFillWithTensorExtract',
  rootName: 'tensor.extract',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const fill = op.getOperand(0).definingOp
    if (fill === null || fill.name.name !== 'linalg.fill') {
      return false
    }
    rewriter.replaceOp(op, [fill.getOperand(0)])
    return true
  },
}
