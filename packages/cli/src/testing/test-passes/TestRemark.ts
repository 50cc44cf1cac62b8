import { emitOptimizationRemark } from '@tilepass/instrumentation'
import { OperationPass, type PassRegistry } from '@tilepass/pass-manager'

/**
 * Registers `test-remark` (MLIR 22's `TestRemarkPass`): on every op but modules, in post-order as MLIR's default walk, emits
 * a missed, two passed (the first is superseded under `--remark-policy=final`), a
 * failed and an analysis remark.
 */
export function registerRemarkTestPass(registry: PassRegistry): void {
  class TestRemarkPass extends OperationPass {
    static override readonly argument = 'test-remark'
    static override readonly summary = 'Tests the remark pipeline feature'
    static readonly passName = 'TestRemarkPass'

    override runOnOperation(): void {
      const reason = 'because we are testing the remark pipeline'
      const suggestion = 'try using the remark pipeline feature'
      this.getOperation().walk((op) => {
        if (op.name.name === 'builtin.module') {
          return
        }
        const ctx = op.context
        const loc = op.location
        const name = 'test-remark'
        emitOptimizationRemark(ctx, loc, 'missed', 'This is a test missed remark', { name, category: 'a-category-1-missed', reason, suggestion })
        emitOptimizationRemark(ctx, loc, 'passed', 'This is a test passed remark (should be dropped)', {
          name,
          category: 'category-1-passed',
          reason,
          suggestion,
        })
        emitOptimizationRemark(ctx, loc, 'passed', 'This is a test passed remark', { name, category: 'category-1-passed', reason, suggestion })
        emitOptimizationRemark(ctx, loc, 'failure', 'This is a test failed remark', { name, category: 'category-2-failed', reason, suggestion })
        emitOptimizationRemark(ctx, loc, 'analysis', 'This is a test analysis remark', { name, category: 'category-2-analysis' })
      }, 'post')
      this.markAllAnalysesPreserved()
    }
  }
  registry.register(TestRemarkPass)
}
