/**
 * Step 4 of the pipeline expander: before the loop, the copy groups of iterations
 * 0 .. S-2 into stages 0 .. S-2 (each predicated on its iteration existing).
 */
import { IntegerType, type OpBuilder, type Value } from '@tilepass/ir'
import { constantInt, emitCopyGroup, lessThan } from './CopyGroup.ts'
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
      const offset = b.create('arith.muli', loop.location, { operands: [step, k], results: [step.type] }).results[0]!
      iv = b.create('arith.addi', loop.location, { operands: [lb, offset], results: [lb.type] }).results[0]!
    }
    const inLoop = lessThan(b, loop, iv, ub)
    const stage = constantInt(b, loop, i32, i)
    emitCopyGroup(b, form, loop.getRegion(0).front.getArgument(0), iv, inLoop, stage)
  }
}
