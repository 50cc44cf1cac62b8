import { bench, describe } from 'vitest'
import { OperationPass, PassManager, PassInstrumentation } from '@tilepass/pass-manager'
import { makeContext, makeModule } from '../test/helpers.ts'

/** A pass that does almost nothing, so the bench measures the pass manager itself. */
class CheapPass extends OperationPass {
  static override readonly argument = 'cheap'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    this.markAllAnalysesPreserved()
  }
}
class CheapInvalidatingPass extends OperationPass {
  static override readonly argument = 'cheap-invalidating'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {}
}

const NUM_FUNCS = 1000
const NUM_PASSES = 1000

function setup(passClass: new () => OperationPass, instrumented: boolean): () => void {
  const ctx = makeContext()
  const module = makeModule(ctx, NUM_FUNCS)
  const pm = new PassManager(ctx, 'pt.module', 'explicit', null)
  const fpm = pm.nest('pt.func')
  for (let i = 0; i < NUM_PASSES; i++) {
    fpm.addPass(new passClass())
  }
  if (instrumented) {
    pm.addInstrumentation(new PassInstrumentation())
  }
  return () => {
    if (!pm.run(module)) {
      throw new Error('pipeline failed')
    }
  }
}

// 1,000 passes x 1,000 functions = 1,000,000 pass invocations per iteration; divide the
// mean time by 1e6 for the per-invocation overhead.
describe('pass manager overhead: 1,000 cheap passes over 1,000 functions', () => {
  const preserving = setup(CheapPass, false)
  bench('passes preserving all analyses', preserving, { iterations: 3, warmupIterations: 1 })
  const invalidating = setup(CheapInvalidatingPass, false)
  bench('passes preserving nothing', invalidating, { iterations: 3, warmupIterations: 1 })
  const instrumented = setup(CheapPass, true)
  bench('with an empty instrumentation', instrumented, { iterations: 3, warmupIterations: 1 })
})
