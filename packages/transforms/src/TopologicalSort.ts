import { Trait, type Block, type Operation } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

/**
 * The op of `block` that holds `op` (`op` itself when it is in `block`), or null when
 * `op` is not nested in `block`. `memo` remembers the answer for every op climbed
 * through, so a whole sort climbs each parent op once however deep the nesting: ops only move
 * within `block`, so the answers stay valid.
 */
function ancestorInBlock(op: Operation, block: Block, memo: Map<Operation, Operation | null>, path: Operation[]): Operation | null {
  if (op.parentBlock === block) {
    return op
  }
  // Only the ops holding `op` are remembered, so the map grows with the ops that have regions.
  let result: Operation | null = null
  for (let p: Operation | null = op.parentOp; p !== null; p = p.parentOp) {
    const known = memo.get(p)
    if (known !== undefined) {
      result = known
      break
    }
    path.push(p)
    if (p.parentBlock === block) {
      result = p
      break
    }
  }
  for (const p of path) {
    memo.set(p, result)
  }
  path.length = 0
  return result
}

/**
 * Whether every operand of `op` and of its nested ops is defined outside the unscheduled
 * ops of `block` (or inside `op`), as MLIR's climb from the defining op, which stops at
 * `op` or at the first unscheduled op.
 */
function isOpReady(op: Operation, block: Block, unscheduled: ReadonlySet<Operation>, memo: Map<Operation, Operation | null>): boolean {
  const path: Operation[] = []
  const r = op.walk((nested) => {
    for (const o of nested.operands) {
      const def = o.value.definingOp
      if (def === null) {
        continue
      }
      const holder = ancestorInBlock(def, block, memo, path)
      if (holder !== null && holder !== op && unscheduled.has(holder)) {
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
  const memo = new Map<Operation, Operation | null>()
  let nextScheduled: Operation | null = block.firstOp
  let allScheduled = true
  while (unscheduled.size > 0) {
    let scheduledOne = false
    for (let o = nextScheduled; o !== end && o !== null; ) {
      const next: Operation | null = o.nextOp
      if (isOpReady(o, block, unscheduled, memo)) {
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
  static override readonly summary = 'Sort regions without SSA dominance in topological order'
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
