/**
 * Step 2 of the pipeline expander: give every copied buffer `S` stages
 * (`!tileas.smem<1xRxC..>` -> `!tileas.smem<SxRxC..>`), one per iteration in flight.
 */
import { SharedBufferType } from '../tileas/TileASTypes.ts'
import type { KLoopForm } from './MatchKLoop.ts'

/** Retypes each buffer of `form` to `stages` stages (its allocation and every use see the new type). */
export function multiBuffer(form: KLoopForm, stages: number): void {
  for (const buf of form.buffers) {
    const t = buf.type as SharedBufferType
    buf.type = SharedBufferType.get([stages, t.shape[1]!, t.shape[2]!], t.elementType, t.layout)
  }
}
