/** `tensor.concat`: tensors joined along one dimension, with MLIR's verifier and folds. */
import {
  I64Attr,
  IntegerAttr,
  RankedTensorType,
  Trait,
  defineOp,
  kDynamic,
  variadic,
  type LogicalResult,
  type OdsOp,
  type OpFoldResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { typeText } from '../internal/typeText.ts'
import { createOpBefore } from '../memref/MemRefLayout.ts'
import { RankedTensor, preservesStaticInformation, replaceWithTensorCast } from './TensorOps.ts'

function concatDim(op: Operation): number {
  const a = op.getAttr('dim')
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

/**
 * MLIR's `ConcatOp::inferResultType` with `SaturatedInteger` arithmetic: the sizes summed
 * along `dim` and agreed on elsewhere (dynamic sizes absorb); the first dimension whose
 * static sizes disagree when they do.
 */
function inferConcatType(dim: number, inputs: readonly RankedTensorType[]): RankedTensorType | number {
  const rank = inputs[0]!.shape.length
  const sizes: number[] = []
  for (let i = 0; i < rank; i++) {
    let size = i === dim ? 0 : kDynamic
    for (const t of inputs) {
      const d = t.shape[i]!
      if (i === dim) {
        size = size === kDynamic || d === kDynamic ? kDynamic : size + d
      } else if (d !== kDynamic) {
        if (size !== kDynamic && size !== d) {
          return i
        }
        size = d
      }
    }
    sizes.push(size)
  }
  return RankedTensorType.get(sizes, inputs[0]!.elementType)
}

/** MLIR's `ConcatOp::verify`, with its `SaturatedInteger` arithmetic (dynamic sizes absorb). */
function verifyConcat(op: Operation): LogicalResult {
  if (op.numOperands < 1) {
    return op.emitOpError('requires at least one input').fail()
  }
  const inputs = op.getOperands().map((v) => v.type as RankedTensorType)
  const result = op.getResult(0).type as RankedTensorType
  const rank = result.shape.length
  if (inputs.some((t) => t.shape.length !== rank)) {
    return op.emitOpError('rank of concatenated inputs must match result rank').fail()
  }
  if (inputs.some((t) => t.elementType !== result.elementType)) {
    return op.emitOpError('inputs and result element type must match').fail()
  }
  const dim = concatDim(op)
  if (dim >= rank) {
    return op.emitOpError('concatenation dim must be less than the tensor rank').fail()
  }
  const inferred = inferConcatType(dim, inputs)
  if (typeof inferred === 'number') {
    return op.emitOpError(`static concatenation size mismatch along non-concatenated dimension ${inferred}`).fail()
  }
  for (let i = 0; i < rank; i++) {
    const a = inferred.shape[i]!
    const b = result.shape[i]!
    if (a !== kDynamic && b !== kDynamic && a !== b) {
      // Upstream streams the two types without a space between "type" and "does".
      return op.emitOpError(`result type ${typeText(result)}does not match inferred shape ${typeText(inferred)} static sizes`).fail()
    }
  }
  return true
}

/** MLIR's `SingleInputConcatOp`: a concatenation of one tensor is a cast of it. */
const singleInputConcatOp: CanonicalizationPattern = {
  name: 'SingleInputConcatOp',
  rootName: 'tensor.concat',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numOperands !== 1) {
      return false
    }
    replaceWithTensorCast(rewriter, op, op.getOperand(0))
    return true
  },
}

/** MLIR's `InferConcatOperandTypes`: inputs get the static sizes the other inputs give, through casts. */
const inferConcatOperandTypes: CanonicalizationPattern = {
  name: 'InferConcatOperandTypes',
  rootName: 'tensor.concat',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const dim = concatDim(op)
    const inputs = op.getOperands()
    const inferred = inferConcatType(dim, inputs.map((v) => v.type as RankedTensorType))
    if (typeof inferred === 'number') {
      return false
    }
    let matched = false
    for (let i = 0; i < inputs.length; i++) {
      const type = inputs[i]!.type as RankedTensorType
      const shape = [...inferred.shape]
      shape[dim] = type.shape[dim]!
      const refined = RankedTensorType.get(shape, inferred.elementType)
      if (!preservesStaticInformation(refined, type)) {
        matched = true
        const cast = createOpBefore(rewriter, op, 'tensor.cast', [inputs[i]!], [refined])
        rewriter.modifyOpInPlace(op, () => op.setOperand(i, cast.getResult(0)))
      }
    }
    return matched
  },
}

/** MLIR's `InferConcatResultType`: a result less static than the inputs give becomes a cast of a more static concat. */
const inferConcatResultType: CanonicalizationPattern = {
  name: 'InferConcatResultType',
  rootName: 'tensor.concat',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const dim = concatDim(op)
    const inferred = inferConcatType(dim, op.getOperands().map((v) => v.type as RankedTensorType))
    const result = op.getResult(0).type
    if (typeof inferred === 'number' || preservesStaticInformation(inferred, result)) {
      return false
    }
    replaceWithTensorCast(rewriter, op, createOpBefore(rewriter, op, 'tensor.concat', op.getOperands(), [inferred], [['dim', op.getAttr('dim')!]]).getResult(0))
    return true
  },
}

/** `tensor.concat dim(d) %a, %b : (A, B) -> R`: the inputs joined along dimension `d`. */
export const ConcatOp: OdsOp = defineOp({
  name: 'tensor.concat',
  summary: 'tensor concatenation operation',
  operands: { inputs: variadic(RankedTensor) },
  results: { result: RankedTensor },
  attributes: { dim: I64Attr },
  traits: Trait.Pure,
  assemblyFormat: '`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'concat')
  },
  verify: verifyConcat,
  fold(op: Operation): OpFoldResult[] | undefined {
    return op.numOperands === 1 && op.getOperand(0).type === op.getResult(0).type ? [op.getOperand(0)] : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [singleInputConcatOp, inferConcatOperandTypes, inferConcatResultType])
  },
})
