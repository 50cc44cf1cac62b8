/**
 * `tensor.expand_shape` and `tensor.collapse_shape`, with MLIR's `verifyTensorReshapeOp`
 * (messages as `ReshapeOpsUtils.h` writes them) and the reshape folders.
 */
import {
  AnyRankedTensor,
  DenseI64ArrayAttr,
  DenseIntOrFPElementsAttr,
  Index,
  type RankedTensorType,
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
import { addPatterns } from '../internal/RewriterLike.ts'
import { typeText } from '../internal/typeText.ts'
import { DynamicIndexListDirective, staticList } from '../memref/MemRefLayout.ts'
import { ReassociationAttr, composeReassociativeReshapeOps, foldReshape, reassociation } from '../memref/MemRefViewOps.ts'

/** MLIR's `verifyReshapeLikeTypes` with `reshapeLikeShapesAreCompatible`, for tensors. */
function verifyTensorReshape(op: Operation, expanded: RankedTensorType, collapsed: RankedTensorType): LogicalResult {
  const expandedRank = expanded.shape.length
  const collapsedRank = collapsed.shape.length
  if (expandedRank < collapsedRank) {
    return op
      .emitOpError(`expected the expanded type, ${typeText(expanded)} to have a higher (or same) rank than the collapsed type, ${typeText(collapsed)}.`)
      .fail()
  }
  const groups = reassociation(op)
  if (collapsedRank !== groups.length) {
    return op.emitOpError(`expected collapsed rank (${collapsedRank}) to equal the number of reassociation maps (${groups.length}).`).fail()
  }
  // Each group becomes an affine map over as many dimensions as the largest index needs.
  let numDims = 0
  for (const g of groups) {
    for (const d of g) {
      numDims = Math.max(numDims, d + 1)
    }
  }
  if (groups.length > 0 && numDims !== expandedRank) {
    return op.emitOpError(`expected reassociation map #0 to have size equal to the expanded rank (${expandedRank}), but it is  ${numDims}.`).fail()
  }
  let next = 0
  for (let i = 0; i < groups.length; i++) {
    for (const d of groups[i]!) {
      if (d !== next++) {
        return op.emitOpError(`expected reassociation map #${i} to be valid and contiguous.`).fail()
      }
    }
  }
  let start = 0
  for (let i = 0; i < groups.length; i++) {
    const n = groups[i]!.length
    let dynamic = false
    let size = 1
    for (let k = start; k < start + n && k < expandedRank; k++) {
      const d = expanded.shape[k]!
      if (d === kDynamic) {
        dynamic = true
      } else {
        size *= d
      }
    }
    if (dynamic && collapsed.shape[i] !== kDynamic) {
      return op
        .emitOpError(`expected dimension ${i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic`)
        .fail()
    }
    if (!dynamic && collapsed.shape[i] !== size) {
      return op.emitOpError(`expected dimension ${i} of collapsed type to be static value of ${size}`).fail()
    }
    start += n
  }
  return true
}

/** MLIR's `foldReshapeOp`: also reshapes a splat constant source. */
function foldTensorReshape(op: Operation, operands: readonly (unknown)[]): OpFoldResult[] | undefined {
  const src = operands[0]
  const type = op.getResult(0).type as RankedTensorType
  if (src instanceof DenseIntOrFPElementsAttr && src.isSplat && type.hasStaticShape) {
    return [DenseIntOrFPElementsAttr.get(type, src.values, true, src.nanBits)]
  }
  return foldReshape(op)
}

/** `tensor.expand_shape`: a tensor of higher rank, each source dimension split by `reassociation`. */
export const ExpandShapeOp: OdsOp = defineOp({
  name: 'tensor.expand_shape',
  summary: 'operation to produce a tensor with a higher rank',
  operands: { src: AnyRankedTensor, output_shape: variadic(Index) },
  results: { result: AnyRankedTensor },
  attributes: { reassociation: ReassociationAttr, static_output_shape: DenseI64ArrayAttr },
  traits: Trait.Pure,
  customDirectives: { DynamicIndexList: DynamicIndexListDirective },
  assemblyFormat: '$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'expanded')
  },
  verify(op: Operation): LogicalResult {
    const result = op.getResult(0).type as RankedTensorType
    const statics = staticList(op.getAttr('static_output_shape'))
    const rank = result.shape.length
    if (statics.length !== rank) {
      return op.emitOpError(`expected number of static shape dims to be equal to the output rank (${rank}) but found ${statics.length} inputs instead`).fail()
    }
    const numDynamic = statics.filter((d) => d === kDynamic).length
    if (op.numOperands - 1 !== numDynamic) {
      return op
        .emitOpError(`mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ${numDynamic} dynamic dims while output_shape has ${op.numOperands - 1} values`)
        .fail()
    }
    return verifyTensorReshape(op, result, op.getOperand(0).type as RankedTensorType)
  },
  fold: foldTensorReshape,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [composeReassociativeReshapeOps('tensor.expand_shape')])
  },
})

/** `tensor.collapse_shape`: a tensor of lower rank, contiguous source dimensions merged by `reassociation`. */
export const CollapseShapeOp: OdsOp = defineOp({
  name: 'tensor.collapse_shape',
  summary: 'operation to produce a tensor with a smaller rank',
  operands: { src: AnyRankedTensor },
  results: { result: AnyRankedTensor },
  attributes: { reassociation: ReassociationAttr },
  traits: Trait.Pure,
  assemblyFormat: '$src $reassociation attr-dict `:` type($src) `into` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'collapsed')
  },
  verify(op: Operation): LogicalResult {
    if (reassociation(op).some((g) => g.length === 0)) {
      return op.emitOpError('reassociation indices must not be empty').fail()
    }
    return verifyTensorReshape(op, op.getOperand(0).type as RankedTensorType, op.getResult(0).type as RankedTensorType)
  },
  fold: foldTensorReshape,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [composeReassociativeReshapeOps('tensor.collapse_shape')])
  },
})

/** The reshape ops of the tensor dialect. */
export const tensorReshapeOps: readonly OdsOp[] = [ExpandShapeOp, CollapseShapeOp]
