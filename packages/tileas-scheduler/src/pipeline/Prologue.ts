/**
 * Step 4 of the pipeline expander: before the loop, the copy groups of iterations
 * 0 .. S-2 into stages 0 .. S-2 (each predicated on its iteration existing).
 */
import { IntegerType, type OpBuilder, type Value } from '@tilepass/ir'
import { emitCopyGroup } from './CopyGroup.ts'
import { addInt, constantInt, loopLess, mulInt } from './Scalars.ts'
import type { KLoopForm } from './MatchKLoop.ts'

/** Emits the prologue right before the loop. */
export function emitPrologue(b: OpBuilder, form: KLoopForm, stages: number): void {
  const loop = form.loop
  const [lb, ub, step] = [loop.getOperand(0), loop.getOperand(1), loop.getOperand(2)]
  const i32 = IntegerType.get(b.context, 32)
  for (let i = 0; i < stages - 1; i++) {
    b.setInsertionPoint(loop)
    let iv: Value = lb
    if (i > 0) {
      const k = constantInt(b, loop, step.type, i)
      iv = addInt(b, loop, lb, mulInt(b, loop, step, k))
    }
    const inLoop = loopLess(b, loop, iv, ub)
    const stage = constantInt(b, loop, i32, i)
    emitCopyGroup(b, form, loop.getRegion(0).front.getArgument(0), iv, inLoop, stage)
  }
}
