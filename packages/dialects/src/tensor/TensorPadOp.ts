/**
 * `tensor.pad`: a tensor padded at the low and high end of each dimension with the value its
 * region yields, with MLIR's verifier (messages as `TensorOps.cpp` writes them), folder and
 * canonicalization patterns.
 */
import {
  DenseArrayAttr,
  DenseI64ArrayAttr,
  IRMapping,
  Index,
  IndexType,
  RankedTensorType,
  SizedRegion,
  Trait,
  UnitAttrC,
  defineOp,
  kDynamic,
  optionalAttr,
  variadic,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpFoldResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { typeText } from '../internal/typeText.ts'
import { DynamicIndexListDirective, constantEntry, constantIntOf, createOpBefore, staticList, staticListAttr, type MixedList } from '../memref/MemRefLayout.ts'
import { operandGroups } from '../memref/MemRefViewOps.ts'
import { RankedTensor, canFoldIntoConsumerOp, preservesStaticInformation, replaceWithTensorCast } from './TensorOps.ts'

/** The low and high padding of a pad op. */
function padLists(op: Operation): [MixedList, MixedList] {
  const g = operandGroups(op)
  return [
    { statics: staticList(op.getAttr('static_low')), dynamic: g[1] ?? [] },
    { statics: staticList(op.getAttr('static_high')), dynamic: g[2] ?? [] },
  ]
}

/** MLIR's `PadOp::inferResultType`: null when the padding lists do not match the source rank. */
function inferPadType(source: RankedTensorType, low: readonly number[], high: readonly number[], resultShape: readonly number[] = []): RankedTensorType | null {
  const rank = source.shape.length
  if (low.length !== rank || high.length !== rank || (resultShape.length > 0 && resultShape.length !== rank)) {
    return null
  }
  const shape: number[] = []
  for (let i = 0; i < rank; i++) {
    const d = source.shape[i]!
    if (d === kDynamic || low[i] === kDynamic || high[i] === kDynamic) {
      shape.push(resultShape.length === 0 ? kDynamic : resultShape[i]!)
    } else {
      shape.push(d + low[i]! + high[i]!)
    }
  }
  return RankedTensorType.get(shape, source.elementType)
}

/** Creates a pad like `op` of `type` from `source` and the padding lists, its region a clone of `op`'s. */
function createPad(rewriter: RewriterLike, op: Operation, type: RankedTensorType, source: Value, low: MixedList, high: MixedList): Operation {
  const ctx = op.context
  const props: [string, Attribute][] = [
    ['operandSegmentSizes', DenseArrayAttr.getI32(ctx, [1, low.dynamic.length, high.dynamic.length])],
    ['static_low', staticListAttr(ctx, low.statics)],
    ['static_high', staticListAttr(ctx, high.statics)],
  ]
  const nofold = op.getAttr('nofold')
  if (nofold !== undefined) {
    props.push(['nofold', nofold])
  }
  const created = createOpBefore(rewriter, op, 'tensor.pad', [source, ...low.dynamic, ...high.dynamic], [type], props, 1)
  rewriter.modifyOpInPlace(created, () => op.getRegion(0).cloneInto(created.getRegion(0), null, new IRMapping()))
  return created
}

/** MLIR's `FoldStaticZeroPadding`: a pad of zeros on both ends is a cast of its source. */
const foldStaticZeroPadding: CanonicalizationPattern = {
  name: 'FoldStaticZeroPadding',
  rootName: 'tensor.pad',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const [low, high] = padLists(op)
    const zero = (l: MixedList): boolean => l.statics.every((_, i) => constantEntry(l, i) === 0)
    if (!zero(low) || !zero(high) || op.getAttr('nofold') !== undefined) {
      return false
    }
    replaceWithTensorCast(rewriter, op, op.getOperand(0))
    return true
  },
}

/** MLIR's `FoldSourceTensorCast`: a pad of a cast that only lost static sizes pads the cast's source. */
const foldSourceTensorCast: CanonicalizationPattern = {
  name: 'FoldSourceTensorCast',
  rootName: 'tensor.pad',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cast = op.getOperand(0).definingOp
    if (!canFoldIntoConsumerOp(cast)) {
      return false
    }
    const source = cast.getOperand(0)
    const [low, high] = padLists(op)
    const result = op.getResult(0).type as RankedTensorType
    const type = inferPadType(source.type as RankedTensorType, low.statics, high.statics, result.shape)
    if (type === result) {
      rewriter.modifyOpInPlace(op, () => op.setOperand(0, source))
      return true
    }
    if (type === null) {
      return false
    }
    replaceWithTensorCast(rewriter, op, createPad(rewriter, op, type, source, low, high).getResult(0))
    return true
  },
}

/** MLIR's `FoldTargetTensorCast`: a cast that only adds static sizes to a pad's single use becomes the pad's type. */
const foldTargetTensorCast: CanonicalizationPattern = {
  name: 'FoldTargetTensorCast',
  rootName: 'tensor.pad',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const result = op.getResult(0)
    const use = result.firstUse
    if (use === null || use.nextUse !== null) {
      return false
    }
    const cast = use.owner
    if (cast.name.name !== 'tensor.cast' || !preservesStaticInformation(result.type, cast.getResult(0).type)) {
      return false
    }
    const [low, high] = padLists(op)
    const created = createPad(rewriter, op, cast.getResult(0).type as RankedTensorType, op.getOperand(0), low, high)
    rewriter.replaceOp(cast, [created.getResult(0)])
    rewriter.eraseOp(op)
    return true
  },
}

/** MLIR's `FoldStaticPadding`: constant padding operands become static when that makes the result type more static. */
const foldStaticPadding: CanonicalizationPattern = {
  name: 'FoldStaticPadding',
  rootName: 'tensor.pad',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const source = op.getOperand(0).type as RankedTensorType
    const result = op.getResult(0).type as RankedTensorType
    const [low, high] = padLists(op)
    const rank = source.shape.length
    if (result.shape.length !== rank || low.statics.length !== rank || high.statics.length !== rank) {
      return false
    }
    const fold = (l: MixedList): MixedList => {
      const statics: number[] = []
      const dynamic: Value[] = []
      let d = 0
      for (const s of l.statics) {
        if (s !== kDynamic) {
          statics.push(s)
          continue
        }
        const v = l.dynamic[d++]!
        const c = constantIntOf(v)
        statics.push(c ?? kDynamic)
        if (c === null) {
          dynamic.push(v)
        }
      }
      return { statics, dynamic }
    }
    const newLow = fold(low)
    const newHigh = fold(high)
    const shape: number[] = []
    for (let i = 0; i < rank; i++) {
      const out = result.shape[i]!
      const l = newLow.statics[i]!
      const h = newHigh.statics[i]!
      const d = source.shape[i]!
      shape.push(out !== kDynamic ? out : l === kDynamic || h === kDynamic || d === kDynamic ? kDynamic : d + l + h)
    }
    if (shape.every((d, i) => d === result.shape[i]) || shape.every((d) => d === kDynamic)) {
      return false
    }
    const type = RankedTensorType.get(shape, result.elementType)
    replaceWithTensorCast(rewriter, op, createPad(rewriter, op, type, op.getOperand(0), newLow, newHigh).getResult(0))
    return true
  },
}

/** `tensor.pad %t [nofold] low[...] high[...] { ^bb0(%i: index, ...): tensor.yield %v : T } : A to B`. */
export const PadOp: OdsOp = defineOp({
  name: 'tensor.pad',
  summary: 'tensor pad operation',
  operands: { source: RankedTensor, low: variadic(Index), high: variadic(Index) },
  results: { result: RankedTensor },
  attributes: { static_low: DenseI64ArrayAttr, static_high: DenseI64ArrayAttr, nofold: optionalAttr(UnitAttrC) },
  regions: { region: SizedRegion(1) },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure | Trait.SingleBlockImplicitTerminator,
  implicitTerminatorName: 'tensor.yield',
  customDirectives: { DynamicIndexList: DynamicIndexListDirective },
  assemblyFormat:
    '$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) `high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict `:` type($source) `to` type($result)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'padded')
  },
  verify(op: Operation): LogicalResult {
    const source = op.getOperand(0).type as RankedTensorType
    const result = op.getResult(0).type as RankedTensorType
    const [low, high] = padLists(op)
    const expected = inferPadType(source, low.statics, high.statics)
    if (expected === null) {
      return op.emitError(`failed to infer expectedType from sourceType ${typeText(source)}, specified resultType is ${typeText(result)}`).fail()
    }
    const mismatch = (): LogicalResult => op.emitError(`specified type ${typeText(result)} does not match the inferred type ${typeText(expected)}`).fail()
    if (result.shape.length !== expected.shape.length) {
      return mismatch()
    }
    for (let i = 0; i < source.shape.length; i++) {
      if (result.shape[i] !== expected.shape[i] && expected.shape[i] !== kDynamic) {
        return mismatch()
      }
    }
    return true
  },
  verifyRegions(op: Operation): LogicalResult {
    const result = op.getResult(0).type as RankedTensorType
    const block = op.getRegion(0).firstBlock!
    const rank = result.shape.length
    if (block.numArguments !== rank) {
      return op.emitError(`expected the block to have ${rank} arguments`).fail()
    }
    for (let i = 0; i < rank; i++) {
      if (!(block.getArgument(i).type instanceof IndexType)) {
        return op.emitOpError(`expected block argument ${i + 1} to be an index`).fail()
      }
    }
    const term = block.lastOp
    if (term !== null && term.name.name === 'tensor.yield' && term.getOperand(0).type !== result.elementType) {
      return op.emitOpError('expected yield type to match shape element type').fail()
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    const result = op.getResult(0).type as RankedTensorType
    return result.hasStaticShape && result === source.type && op.getAttr('nofold') === undefined ? [source] : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [foldStaticZeroPadding, foldSourceTensorCast, foldTargetTensorCast, foldStaticPadding])
  },
})
