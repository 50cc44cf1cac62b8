/**
 * `sliceAndFuse` (tileiras-reference §1.5 row 5, §5.1: "slice and fuse loops or regions for
 * scheduling"; the stage runs inside the `TileASSliceAndFuse` scope): sibling `scf.for`
 * loops over the same iteration space are fused into one loop, so their bodies form one
 * block for the scheduler (independent work beside the K-loop's copies and mma). The
 * backward slice of the second loop (the ops between the two loops that compute its
 * operands or values its body uses) is moved above the first loop first.
 *
 * Legality (conservative): both loops have one block and identical bounds and step (the
 * same values, or equal constants) and the same comparison; the second loop and its slice
 * do not use the first loop's results; the slice and every other op between the loops
 * are free of memory effects; and at most one of the two loops has memory effects other
 * than reads (fusing interleaves iterations: `body1(i), body2(i), body1(i+1)`).
 */
import { IntegerAttr, Trait, isMemoryEffectFree, onlyReadsMemory, OpBuilder, type Block, type Operation, type Value } from '@tilepass/ir'

/**
 * What `op` (with everything nested in it) may do to memory: ops without regions, and ops
 * whose regions do not carry their effects, are asked; unknown effects count as writes.
 */
function effectClass(op: Operation): 'none' | 'read' | 'write' {
  let cls: 'none' | 'read' | 'write' = 'none'
  op.walk((o) => {
    if ((o.regions.length > 0 && o.hasTrait(Trait.RecursiveMemoryEffects)) || isMemoryEffectFree(o)) {
      return 'advance'
    }
    if (!onlyReadsMemory(o)) {
      cls = 'write'
      return 'interrupt'
    }
    cls = 'read'
    return 'advance'
  })
  return cls
}

/** The integer constant behind `v`, or undefined. */
function constantOf(v: Value): bigint | undefined {
  const def = v.definingOp
  const a = def !== null && def.name.name === 'arith.constant' ? def.getAttr('value') : undefined
  return a instanceof IntegerAttr ? a.value : undefined
}

/** True when `a` and `b` are the same value or equal integer constants of one type. */
function sameBound(a: Value, b: Value): boolean {
  if (a === b) {
    return true
  }
  const [x, y] = [constantOf(a), constantOf(b)]
  return x !== undefined && x === y && a.type === b.type
}

/** The ops of `block` strictly between `first` and `second`. */
function opsBetween(first: Operation, second: Operation): Operation[] {
  const out: Operation[] = []
  for (let o = first.nextOp; o !== null && o !== second; o = o.nextOp) {
    out.push(o)
  }
  return out
}

/** True when `op` or an op nested in it uses a result of `producer`. */
function usesResultOf(op: Operation, producer: Operation): boolean {
  return (
    op.walk((o) => {
      for (const v of o.getOperands()) {
        if (v.definingOp === producer) {
          return 'interrupt'
        }
      }
      return 'advance'
    }) === 'interrupt'
  )
}

/**
 * The backward slice of `second` among `between` (the ops computing values `second` or its
 * body uses), in block order; null when the slice cannot move above `first`.
 */
function sliceOf(first: Operation, second: Operation, between: readonly Operation[]): Operation[] | null {
  const range = new Set(between)
  const inSlice = new Set<Operation>()
  const work: Operation[] = [second]
  while (work.length > 0) {
    const user = work.pop()!
    user.walk((o) => {
      for (const v of o.getOperands()) {
        const def = v.definingOp
        if (def !== null && range.has(def) && !inSlice.has(def)) {
          inSlice.add(def)
          work.push(def)
        }
      }
    })
  }
  const slice = between.filter((o) => inSlice.has(o))
  return slice.some((o) => usesResultOf(o, first)) ? null : slice
}

/** Why `first` and `second` (siblings, `first` earlier) cannot be fused, or null when they can. */
export function fusionBlocker(first: Operation, second: Operation): string | null {
  for (const l of [first, second]) {
    if (l.name.name !== 'scf.for' || !l.getRegion(0).hasOneBlock) {
      return 'not a single-block scf.for'
    }
  }
  if ((first.getAttr('unsignedCmp') !== undefined) !== (second.getAttr('unsignedCmp') !== undefined)) {
    return 'different comparisons'
  }
  if (![0, 1, 2].every((i) => sameBound(first.getOperand(i), second.getOperand(i)))) {
    return 'different iteration spaces'
  }
  if (usesResultOf(second, first)) {
    return 'the second loop uses the results of the first'
  }
  const between = opsBetween(first, second)
  if (between.some((o) => !isMemoryEffectFree(o))) {
    return 'an op with memory effects between the loops'
  }
  if (sliceOf(first, second, between) === null) {
    return "the second loop's operands depend on the first loop"
  }
  const [e1, e2] = [effectClass(first), effectClass(second)]
  if ((e1 === 'write' && e2 !== 'none') || (e2 === 'write' && e1 !== 'none')) {
    return 'both loops touch memory'
  }
  return null
}

/**
 * Fuses `second` into `first` (legality checked by the caller): the slice moves above
 * `first`, one loop replaces both (the first loop's iteration arguments, then the
 * second's; its body runs the first body, then the second) at the first loop's place.
 * Returns the fused loop.
 */
export function fuseSiblingLoops(first: Operation, second: Operation): Operation {
  for (const o of sliceOf(first, second, opsBetween(first, second))!) {
    o.moveBefore(first)
  }
  const b = new OpBuilder(first.context)
  b.setInsertionPoint(first)
  const [b1, b2] = [first.getRegion(0).front, second.getRegion(0).front]
  const inits = [...first.getOperands().slice(3), ...second.getOperands().slice(3)]
  const fused = b.create('scf.for', first.location, {
    operands: [first.getOperand(0), first.getOperand(1), first.getOperand(2), ...inits],
    results: [...first.results.map((r) => r.type), ...second.results.map((r) => r.type)],
    regions: 1,
  })
  for (const a of first.getAttrs()) {
    if (a.name !== 'operandSegmentSizes') {
      fused.setAttr(a.name, a.value)
    }
  }
  const args = [b1.getArgument(0), ...b1.arguments.slice(1), ...b2.arguments.slice(1)]
  const body = b.createBlock(
    fused.getRegion(0),
    null,
    args.map((a) => a.type),
    args.map((a) => a.location),
  )
  b1.arguments.forEach((a, i) => a.replaceAllUsesWith(body.getArgument(i)))
  b2.getArgument(0).replaceAllUsesWith(body.getArgument(0))
  b2.arguments.slice(1).forEach((a, i) => a.replaceAllUsesWith(body.getArgument(b1.numArguments + i)))
  const [y1, y2] = [b1.lastOp!, b2.lastOp!]
  for (const src of [b1, b2]) {
    const term = src.lastOp!
    while (src.firstOp !== term) {
      const op = src.firstOp!
      op.remove()
      body.append(op)
    }
  }
  b.setInsertionPointToEnd(body)
  b.create('scf.yield', y1.location, { operands: [...y1.getOperands(), ...y2.getOperands()] })
  first.results.forEach((r, i) => r.replaceAllUsesWith(fused.getResult(i)))
  second.results.forEach((r, i) => r.replaceAllUsesWith(fused.getResult(first.numResults + i)))
  first.erase()
  second.erase()
  return fused
}

/**
 * `sliceAndFuse` on `root`: in every block, fuses each `scf.for` with the next sibling
 * `scf.for` it can be fused with (repeatedly, so chains fuse into one loop); returns the
 * number of fusions.
 */
export function sliceAndFuse(root: Operation): number {
  const blocks = new Set<Block>()
  root.walk((op) => {
    if (op.name.name === 'scf.for' && op.parentBlock !== null) {
      blocks.add(op.parentBlock)
    }
  })
  let fused = 0
  for (const block of blocks) {
    let changed = true
    while (changed) {
      changed = false
      for (let a = block.firstOp; a !== null && !changed; a = a.nextOp) {
        if (a.name.name !== 'scf.for') {
          continue
        }
        for (let c = a.nextOp; c !== null; c = c.nextOp) {
          if (c.name.name === 'scf.for' && fusionBlocker(a, c) === null) {
            fuseSiblingLoops(a, c)
            fused++
            changed = true
            break
          }
        }
      }
    }
  }
  return fused
}
