/**
 * Step 5 of the pipeline expander: the steady-state loop. It carries the stage to read and
 * the stage to write as two more iteration arguments; each iteration waits until at most
 * S-2 copy groups are in flight (so the group of this iteration has landed), syncs the CTA,
 * issues the copies of iteration k+S-1 into the stage freed by iteration k-1, then reads
 * its own stage. The single-buffered wait, its barrier and the trailing barrier go away.
 */
import { IntegerType, OpBuilder, type Operation, type Value } from '@tilepass/ir'
import { TILEAS_OPS } from '../schedule/LoopGraph.ts'
import { emitCopyGroup } from './CopyGroup.ts'
import { addInt, compareInt, constantInt, loopLess, mulInt, selectValue } from './Scalars.ts'
import type { KLoopForm } from './MatchKLoop.ts'

/** The stage after `s` in a ring of `stages`: `s + 1 == stages ? 0 : s + 1`. */
function nextStage(b: OpBuilder, loop: Operation, s: Value, stages: number): Value {
  const inc = addInt(b, loop, s, constantInt(b, loop, s.type, 1))
  const wrap = compareInt(b, loop, 'eq', inc, constantInt(b, loop, s.type, stages))
  return selectValue(b, loop, wrap, constantInt(b, loop, s.type, 0), inc)
}

/**
 * Replaces `form.loop` by the steady-state loop for `stages` stages and returns it; the old
 * loop's results are replaced by the new loop's first results.
 */
export function emitSteadyState(b: OpBuilder, form: KLoopForm, stages: number): Operation {
  const old = form.loop
  const oldBody = old.getRegion(0).front
  const i32 = IntegerType.get(b.context, 32)
  b.setInsertionPoint(old)
  const readInit = constantInt(b, old, i32, 0)
  const writeInit = constantInt(b, old, i32, stages - 1)
  const operands = [...old.getOperands(), readInit, writeInit]
  const loop = b.create('scf.for', old.location, { operands, results: [...old.results.map((r) => r.type), i32, i32], regions: 1 })
  for (const a of old.getAttrs()) {
    if (a.name !== 'operandSegmentSizes') {
      loop.setAttr(a.name, a.value)
    }
  }
  const body = b.createBlock(
    loop.getRegion(0),
    null,
    [...oldBody.arguments.map((a) => a.type), i32, i32],
    [...oldBody.arguments.map((a) => a.location), old.location, old.location],
  )
  // Move the body over.
  oldBody.arguments.forEach((a, i) => a.replaceAllUsesWith(body.getArgument(i)))
  while (oldBody.firstOp !== null) {
    const op = oldBody.firstOp
    op.remove()
    body.append(op)
  }
  const readStage = body.getArgument(oldBody.numArguments)
  const writeStage = body.getArgument(oldBody.numArguments + 1)
  const iv = body.getArgument(0)
  const [ub, step] = [loop.getOperand(1), loop.getOperand(2)]
  // Wait for this iteration's group, then sync the CTA (the barrier also orders the last
  // reads of the stage about to be overwritten before the new copies).
  const ib = OpBuilder.before(form.wait)
  ib.create(TILEAS_OPS.asyncWait, form.wait.location, { attributes: { pending: b.getIntegerAttr(i32, stages - 2) } })
  const barrier = form.waitBarrier ?? ib.create(TILEAS_OPS.barrier, form.wait.location)
  if (form.waitBarrier !== null) {
    form.waitBarrier.remove()
    ib.insert(barrier)
  }
  // The copies of iteration k + S-1 into the write stage.
  const k = constantInt(ib, loop, step.type, stages - 1)
  const ivAhead = addInt(ib, loop, iv, mulInt(ib, loop, step, k))
  const inLoop = loopLess(ib, loop, ivAhead, ub)
  emitCopyGroup(ib, form, iv, ivAhead, inLoop, writeStage)
  // Reads use the read stage.
  for (const r of form.reads) {
    r.setOperand(r.operands.length - 1, readStage)
  }
  // Drop the single-buffered copies, commit, wait and trailing barrier, and the slice ops nothing uses any more.
  form.wait.erase()
  form.commit.erase()
  for (const c of form.copies) {
    c.erase()
  }
  form.trailingBarrier?.erase()
  for (let i = form.copySlice.length - 1; i >= 0; i--) {
    const op = form.copySlice[i]!
    if (op.results.every((r) => r.useEmpty)) {
      op.erase()
    }
  }
  // Rotate the stages and yield them.
  const yieldOp = body.lastOp!
  const yb = OpBuilder.before(yieldOp)
  const nextRead = nextStage(yb, loop, readStage, stages)
  const nextWrite = nextStage(yb, loop, writeStage, stages)
  yieldOp.insertOperands(yieldOp.operands.length, [nextRead, nextWrite])
  old.results.forEach((r, i) => r.replaceAllUsesWith(loop.getResult(i)))
  old.erase()
  return loop
}
