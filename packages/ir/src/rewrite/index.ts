export {
  RewritePattern,
  OpRewritePattern,
  RewritePatternSet,
  FrozenRewritePatternSet,
  DefaultPatternOrder,
  PatternApplicator,
  PatternRewriter,
  IRRewriter,
  ApplyPatternAction,
  getPatternDebugName,
} from './PatternMatch.ts'
export type { PatternBenefit, RewritePatternLike, RewriterListener } from './PatternMatch.ts'
export { OperationFolder, foldOperation, matchConstantOp, matchConstantValue, getConstantInsertionRegion } from './FoldUtils.ts'
export { applyPatternsGreedily, applyOpPatternsGreedily, GreedyPatternRewriteIteration, kNoLimit } from './GreedyPatternRewriteDriver.ts'
export type {
  GreedyRewriteConfig,
  GreedyRewriteResult,
  GreedyOpRewriteResult,
  GreedySimplifyRegionLevel,
  GreedyRewriteStrictness,
} from './GreedyPatternRewriteDriver.ts'
export { simplifyRegions, eraseUnreachableBlocks, runRegionDCE, postOrderFromEntry } from './RegionUtils.ts'
export {
  isOpTriviallyDead,
  wouldOpBeTriviallyDead,
  isMemoryEffectFree,
  getMemoryEffects,
  getEffectsRecursively,
  onlyReadsMemory,
} from './SideEffects.ts'
