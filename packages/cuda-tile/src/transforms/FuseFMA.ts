import { FrozenRewritePatternSet, applyPatternsGreedily, type Attribute, FunctionOpInterface, RewritePatternSet, UnitAttr, type Operation, type PatternRewriter, type RewritePatternLike, type Value } from '@tilepass/ir'
import type { OpInterface } from '@tilepass/ir'
import { InterfacePass } from '@tilepass/pass-manager'
import { AddFOperandOrder } from '../CudaTileCanonicalization.ts'

/** `addf (mulf a, b), c` -> `fma a, b, c`; `subf (mulf a, b), c` -> `fma a, b, (negf c)`. */
function fuse(op: Operation, rewriter: PatternRewriter, negate: boolean): boolean {
  const mul = op.getOperand(0).definingOp
  if (mul === null || mul.name.name !== 'cuda_tile.mulf' || !mul.results[0]!.hasOneUse) {
    return false
  }
  const ftz = op.getAttr('flush_to_zero') !== undefined
  const rounding = op.getAttr('rounding_mode')
  if (ftz !== (mul.getAttr('flush_to_zero') !== undefined) || rounding !== mul.getAttr('rounding_mode')) {
    return false
  }
  rewriter.setInsertionPoint(op)
  let c: Value = op.getOperand(1)
  if (negate) {
    c = rewriter.create('cuda_tile.negf', op.location, { operands: [c], results: [c.type] }).results[0]!
  }
  const attributes: Record<string, Attribute> = {}
  if (rounding !== undefined) {
    attributes['rounding_mode'] = rounding
  }
  if (ftz) {
    attributes['flush_to_zero'] = UnitAttr.get(op.context)
  }
  const fma = rewriter.create('cuda_tile.fma', op.location, {
    operands: [mul.getOperand(0), mul.getOperand(1), c],
    results: [op.results[0]!.type],
    attributes,
  })
  rewriter.replaceOp(op, fma)
  rewriter.eraseOp(mul)
  return true
}

const MulAddPattern: RewritePatternLike = {
  rootName: 'cuda_tile.addf',
  benefit: 1,
  name: 'MulAddPattern',
  matchAndRewrite: (op, rewriter) => fuse(op, rewriter, false),
}

const MulSubPattern: RewritePatternLike = {
  rootName: 'cuda_tile.subf',
  benefit: 1,
  name: 'MulSubPattern',
  matchAndRewrite: (op, rewriter) => fuse(op, rewriter, true),
}

/** `fuse-fma`: fuses multiply-add and multiply-subtract into `fma` (changes rounding: one instead of two). */
export class FuseFMAPass extends InterfacePass {
  static override readonly argument = 'fuse-fma'
  static override readonly summary = 'Fuse multiply-add and multiply-subtract operations into FMA operations (non-numeric-preserving)'
  static override readonly opInterface: OpInterface<unknown> = FunctionOpInterface
  static readonly passName: string = 'FuseFMAPass'

  override runOnOperation(): void {
    const patterns = new RewritePatternSet(this.getContext())
    patterns.add(AddFOperandOrder)
    patterns.add(MulAddPattern)
    patterns.add(MulSubPattern)
    if (!applyPatternsGreedily(this.getOperation(), new FrozenRewritePatternSet(patterns)).converged) {
      this.signalPassFailure()
    }
  }
}
