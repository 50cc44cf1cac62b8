import {
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  type Context,
  type GreedyRewriteConfig,
  type GreedySimplifyRegionLevel,
  type LogicalResult,
} from '@tilepass/ir'
import {
  OperationPass,
  boolOption,
  enumOption,
  intOption,
  stringListOption,
  type EnumOption,
  type ListOption,
  type OptionValues,
  type ScalarOption,
} from '@tilepass/pass-manager'

/** The option declarations of `canonicalize`. */
export type CanonicalizerOptionDecls = {
  readonly topDown: ScalarOption<boolean>
  readonly regionSimplify: EnumOption<GreedySimplifyRegionLevel>
  readonly maxIterations: ScalarOption<number>
  readonly maxNumRewrites: ScalarOption<number>
  readonly testConvergence: ScalarOption<boolean>
  readonly disabledPatterns: ListOption<string>
  readonly enabledPatterns: ListOption<string>
}

const canonicalizerOptions: CanonicalizerOptionDecls = {
  topDown: boolOption('top-down', true, 'Seed the worklist in general top-down order'),
  regionSimplify: enumOption<GreedySimplifyRegionLevel>('region-simplify', 'normal', 'Perform control flow optimizations to the region tree', [
    { name: 'disabled', description: "Don't run any control-flow simplification." },
    { name: 'normal', description: 'Perform simple control-flow simplifications (e.g. dead args elimination).' },
    { name: 'aggressive', description: 'Perform aggressive control-flow simplification (e.g. block merging).' },
  ]),
  maxIterations: intOption('max-iterations', 10, 'Max. iterations between applying patterns / simplifying regions', 'long'),
  maxNumRewrites: intOption('max-num-rewrites', -1, 'Max. number of pattern rewrites within an iteration', 'long'),
  testConvergence: boolOption('test-convergence', false, 'Test only: Fail pass on non-convergence to detect cyclic pattern'),
  disabledPatterns: stringListOption('disable-patterns', 'Labels of patterns that should be filtered out during application'),
  enabledPatterns: stringListOption('enable-patterns', 'Labels of patterns that should be used during application, all other patterns are filtered out'),
}

/** The options of `canonicalize`. */
export type CanonicalizerOptions = OptionValues<CanonicalizerOptionDecls>

/**
 * Collects the canonicalization patterns of every registered op of the loaded dialects,
 * in op-name order (MLIR's order for `getRegisteredOperations`).
 */
export function collectCanonicalizationPatterns(context: Context): RewritePatternSet {
  const patterns = new RewritePatternSet(context)
  for (const name of context.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(patterns)
  }
  return patterns
}

/**
 * Applies every loaded op's canonicalization patterns and folders greedily until a
 * fixpoint (`canonicalize`). It changes only the op it runs on and its descendants.
 */
export class Canonicalizer extends OperationPass<CanonicalizerOptions> {
  static override readonly argument = 'canonicalize'
  static override readonly summary = 'Canonicalize operations'
  static override readonly description =
    'This pass performs various types of canonicalizations over a set of operations by iteratively applying the canonicalization patterns of all loaded dialects until either a fixpoint is reached or the maximum number of iterations/rewrites is exhausted. Canonicalization is best-effort and does not guarantee that the entire IR is in a canonical form after running this pass.'
  static override readonly options: CanonicalizerOptionDecls = canonicalizerOptions
  static readonly passName: string = 'Canonicalizer'

  private patterns: FrozenRewritePatternSet | null = null
  /** The driver's config, made with the patterns (the options do not change between runs). */
  private config: GreedyRewriteConfig | null = null

  override initialize(context: Context): LogicalResult {
    this.patterns = new FrozenRewritePatternSet(
      collectCanonicalizationPatterns(context),
      this.options.disabledPatterns,
      this.options.enabledPatterns,
    )
    this.config = this.makeConfig()
    return true
  }

  private makeConfig(): GreedyRewriteConfig {
    return {
      useTopDownTraversal: this.options.topDown,
      regionSimplificationLevel: this.options.regionSimplify,
      maxIterations: this.options.maxIterations,
      maxNumRewrites: this.options.maxNumRewrites,
    }
  }

  override runOnOperation(): void {
    const patterns =
      this.patterns ?? new FrozenRewritePatternSet(collectCanonicalizationPatterns(this.getContext()), this.options.disabledPatterns, this.options.enabledPatterns)
    const config = this.config ?? this.makeConfig()
    const result = applyPatternsGreedily(this.getOperation(), patterns, config)
    // Canonicalization is best-effort: non-convergence only fails the test mode.
    if (this.options.testConvergence && !result.converged) {
      this.signalPassFailure()
      return
    }
    // Nothing changed: the IR is as it was, so the pass manager need not verify it again
    // (the inliner runs this pass on every callable it visits). The analyses are still
    // invalidated, as MLIR's canonicalizer leaves them.
    if (!result.changed) {
      this.markIRUnchanged()
    }
  }
}
