/**
 * Step 6 of the pipeline expander: after the loop, drain the copy groups still in flight
 * (the predicated copies of the iterations past the end) and sync the CTA, so shared
 * memory can be reused after the loop.
 */
import { IntegerType, OpBuilder, type Operation } from '@tilepass/ir'
import { TILEAS_OPS } from '../schedule/LoopGraph.ts'

/** Emits `async_wait {pending = 0}` and a barrier right after `loop`. */
export function emitEpilogue(loop: Operation): void {
  const b = new OpBuilder(loop.context)
  b.setInsertionPointAfter(loop)
  b.create(TILEAS_OPS.asyncWait, loop.location, { attributes: { pending: b.getIntegerAttr(IntegerType.get(b.context, 32), 0) } })
  b.create(TILEAS_OPS.barrier, loop.location)
}
