/**
 * Step 3 of the pipeline expander (shared by the prologue and the steady state): the copies
 * of one future iteration as one commit group, into a given stage, predicated on the
 * iteration being inside the loop: past the end the copies' dims become 0, so the
 * zero-filling copy reads no global memory (the predicated tail that handles trip counts
 * below S and needs no epilogue copies).
 */
import { DenseArrayAttr, IRMapping, type OpBuilder, type Operation, type Value } from '@tilepass/ir'
import type { KLoopForm } from './MatchKLoop.ts'
import { constantInt, selectValue } from './Scalars.ts'

/** The operand range `[start, start + size)` of segment `segment` of `op`. */
function segmentRange(op: Operation, segment: number): [number, number] {
  const sizes = op.getAttr('operandSegmentSizes')
  const values = sizes instanceof DenseArrayAttr ? sizes.values.map((v) => Number(v)) : []
  let start = 0
  for (let i = 0; i < segment; i++) {
    start += values[i] ?? 0
  }
  return [start, values[segment] ?? 0]
}

/** The async-copy operand segment of the dims (base, offsets, dims, strides, buffer, stage). */
const DIMS_SEGMENT = 2

/**
 * Emits, at `b`'s insertion point, the copies of the iteration whose induction variable is
 * `iv` into stage `stage`, predicated on `inLoop`, and their commit group; returns the
 * commit's token. The copies' operand slice is cloned with the loop's induction variable
 * `loopIv` mapped to `iv` (so offsets follow it).
 */
export function emitCopyGroup(b: OpBuilder, form: KLoopForm, loopIv: Value, iv: Value, inLoop: Value, stage: Value): Value {
  const mapping = new IRMapping()
  mapping.map(loopIv, iv)
  for (const op of form.copySlice) {
    b.clone(op, mapping)
  }
  const zero = new Map<Value['type'], Value>()
  const tokens: Value[] = []
  for (const copy of form.copies) {
    const c = b.clone(copy, mapping)
    const [start, size] = segmentRange(c, DIMS_SEGMENT)
    for (let i = start; i < start + size; i++) {
      const dim = c.getOperand(i)
      let z = zero.get(dim.type)
      if (z === undefined) {
        b.setInsertionPoint(c)
        z = constantInt(b, form.loop, dim.type, 0)
        zero.set(dim.type, z)
      }
      b.setInsertionPoint(c)
      const sel = selectValue(b, form.loop, inLoop, dim, z)
      c.setOperand(i, sel)
    }
    c.setOperand(c.operands.length - 1, stage)
    b.setInsertionPointAfter(c)
    tokens.push(c.getResult(0))
  }
  return b.create(form.commit.name.name, form.commit.location, { operands: tokens, results: [form.commit.getResult(0).type] }).results[0]!
}
