/**
 * The pipeline expander (Triton-style, one file per step): a single-buffered K-loop becomes
 * an S-stage software pipeline. Steps: match (MatchKLoop), multi-buffer (MultiBuffer),
 * prologue (Prologue, inside `Schedule::unrollStaticForLoop`: the static unroll of the
 * first S-1 copy groups), steady state (SteadyState), epilogue (Epilogue). Copies past the
 * last iteration are predicated off (CopyGroup), so any trip count, including fewer than
 * S iterations, and a ragged last K tile are handled without peeled epilogue copies.
 */
import { IntegerAttr, IntegerType, OpBuilder, type Operation } from '@tilepass/ir'
import { emitEpilogue } from './Epilogue.ts'
import type { KLoopForm } from './MatchKLoop.ts'
import { multiBuffer } from './MultiBuffer.ts'
import { emitPrologue } from './Prologue.ts'
import { emitSteadyState } from './SteadyState.ts'

/** The attribute the pipelined loop carries: its number of stages. */
export const PIPELINE_STAGES_ATTR = 'tileas.pipeline_stages'

/**
 * Expands `form` into `stages` stages (at least 2) and returns the new loop.
 * `scope` runs a step inside a named instrumentation scope.
 */
export function expandPipeline(form: KLoopForm, stages: number, scope: <T>(name: string, body: () => T) => T = (_n, body) => body()): Operation {
  if (stages < 2) {
    throw new RangeError(`a pipeline needs at least 2 stages, got ${stages}`)
  }
  const b = new OpBuilder(form.loop.context)
  multiBuffer(form, stages)
  scope('Schedule::unrollStaticForLoop', () => emitPrologue(b, form, stages))
  const loop = emitSteadyState(b, form, stages)
  emitEpilogue(loop)
  loop.setAttr(PIPELINE_STAGES_ATTR, IntegerAttr.get(IntegerType.get(loop.context, 32), stages))
  return loop
}
