import { Trait, type Block, type Operation, type Value } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

/** Whether every operand of `op` and of its nested ops is defined outside the unscheduled ops. */
function isOpReady(op: Operation, unscheduled: ReadonlySet<Operation>): boolean {
  const isReady = (value: Value): boolean => {
    for (let p: Operation | null = value.definingOp; p !== null; p = p.parentOp) {
      if (p === op) {
        return true
      }
      if (unscheduled.has(p)) {
        return false
      }
    }
    return true
  }
  const r = op.walk((nested) => {
    for (const o of nested.operands) {
      if (!isReady(o.value)) {
        return 'interrupt'
      }
    }
    return 'advance'
  })
  return r !== 'interrupt'
}

/**
 * Reorders the ops of `block` (its terminator stays last) so that definitions come
 * before uses where possible; cycles are broken in block order (MLIR's
 * `sortTopologically`). Returns false when a cycle prevented a full sort.
 */
export function sortTopologically(block: Block): boolean {
  const last = block.lastOp
  if (last === null) {
    return true
  }
  const end = last.hasTrait(Trait.IsTerminator) ? last : null
  if (block.firstOp === end) {
    return true
  }
  const unscheduled = new Set<Operation>()
  for (let o = block.firstOp; o !== end; o = o!.nextOp) {
    unscheduled.add(o!)
  }
  let nextScheduled: Operation | null = block.firstOp
  let allScheduled = true
  while (unscheduled.size > 0) {
    let scheduledOne = false
    for (let o = nextScheduled; o !== end && o !== null; ) {
      const next: Operation | null = o.nextOp
      if (isOpReady(o, unscheduled)) {
        unscheduled.delete(o)
        if (o === nextScheduled) {
          nextScheduled = o.nextOp
        } else {
          o.remove()
          block.insertBefore(o, nextScheduled)
        }
        scheduledOne = true
      }
      o = next
    }
    if (!scheduledOne) {
      allScheduled = false
      unscheduled.delete(nextScheduled!)
      nextScheduled = nextScheduled!.nextOp
    }
  }
  return allScheduled
}

/** Sorts the blocks of graph regions topologically (`topological-sort`). */
export class TopologicalSort extends OperationPass {
  static override readonly argument = 'topological-sort'
  static override readonly summary = 'Sort regions topologically'
  static readonly passName: string = 'TopologicalSort'

  override runOnOperation(): void {
    this.getOperation().walk((op) => {
      if (!op.isRegistered || !op.hasTrait(Trait.GraphRegions)) {
        return
      }
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          sortTopologically(b)
        }
      }
    })
  }
}
