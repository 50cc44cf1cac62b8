import type { Block } from '../Block.ts'
import type { Operation } from '../Operation.ts'
import { Trait } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import type { OpOperand, Value } from '../Value.ts'
import { BranchOpInterface, type BranchOpInterfaceImpl } from '../Interfaces.ts'
import type { PatternRewriter } from './PatternMatch.ts'
import { wouldOpBeTriviallyDead } from './SideEffects.ts'

/** The blocks of `region` reachable from its entry, in post-order (successors first). */
export function postOrderFromEntry(region: Region): Block[] {
  const out: Block[] = []
  const entry = region.firstBlock
  if (entry === null) {
    return out
  }
  const visited = new Set<Block>([entry])
  const blocks: Block[] = [entry]
  const next: number[] = [0]
  while (blocks.length > 0) {
    const top = blocks.length - 1
    const b = blocks[top]!
    const term = b.lastOp
    const succs = term === null ? null : term.successors
    const i = next[top]!
    if (succs !== null && i < succs.length) {
      next[top] = i + 1
      const s = succs[i]!.block
      if (s !== null && !visited.has(s)) {
        visited.add(s)
        blocks.push(s)
        next.push(0)
      }
      continue
    }
    out.push(b)
    blocks.pop()
    next.pop()
  }
  return out
}

/** Erases the blocks not reachable from their region's entry, in `regions` and nested regions. */
export function eraseUnreachableBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  let erased = 0
  const worklist: Region[] = [...regions]
  while (worklist.length > 0) {
    const region = worklist.pop()!
    if (region.empty) {
      continue
    }
    if (region.hasOneBlock) {
      pushNestedRegions(region.front, worklist)
      continue
    }
    const reachable = new Set(postOrderFromEntry(region))
    for (let b = region.firstBlock; b !== null; ) {
      const next = b.nextBlock
      if (!reachable.has(b)) {
        b.dropAllDefinedValueUses()
        rewriter.eraseBlock(b)
        erased++
      } else {
        pushNestedRegions(b, worklist)
      }
      b = next
    }
  }
  return erased > 0
}

function pushNestedRegions(block: Block, worklist: Region[]): void {
  for (let o = block.firstOp; o !== null; o = o.nextOp) {
    for (const r of o.regions) {
      worklist.push(r)
    }
  }
}

// ---- Region DCE ---------------------------------------------------------------------

/** What liveness has proven live: ops and values. */
class LiveMap {
  changed = false
  private readonly ops = new Set<Operation>()
  private readonly values = new Set<Value>()
  wasProvenLiveOp(op: Operation): boolean {
    return this.ops.has(op)
  }
  wasProvenLiveValue(v: Value): boolean {
    return this.values.has(v)
  }
  setProvedLiveOp(op: Operation): void {
    if (!this.ops.has(op)) {
      this.ops.add(op)
      this.changed = true
    }
  }
  setProvedLiveValue(v: Value): void {
    if (!this.values.has(v)) {
      this.values.add(v)
      this.changed = true
    }
  }
}

/**
 * The operand index range forwarded to each successor of branch `op`. Successor operands
 * are contiguous and in successor order, so each range is found after the previous one.
 */
function successorOperandRanges(op: Operation, impl: BranchOpInterfaceImpl): { start: number; count: number }[] {
  const out: { start: number; count: number }[] = []
  let pos = 0
  for (let s = 0; s < op.successors.length; s++) {
    const vals = impl.getSuccessorOperands(op, s)
    let start = pos
    for (; start + vals.length <= op.operands.length; start++) {
      let ok = true
      for (let j = 0; j < vals.length; j++) {
        if (op.operands[start + j]!.value !== vals[j]) {
          ok = false
          break
        }
      }
      if (ok) {
        break
      }
    }
    out.push({ start, count: vals.length })
    pos = start + vals.length
  }
  return out
}

/** The successor block argument `use` (an operand of a branch terminator) is forwarded to, or null. */
function successorBlockArgument(use: OpOperand): Value | null {
  const owner = use.owner
  const impl = BranchOpInterface.get(owner)
  if (impl === undefined) {
    return null
  }
  const ranges = successorOperandRanges(owner, impl)
  for (let s = 0; s < ranges.length; s++) {
    const r = ranges[s]!
    if (use.index >= r.start && use.index < r.start + r.count) {
      return owner.successors[s]!.block.arguments[use.index - r.start] ?? null
    }
  }
  return null
}

/** A successor operand is only as live as the block argument it feeds. */
function isUseSpeciallyKnownDead(use: OpOperand, live: LiveMap): boolean {
  if (!use.owner.hasTrait(Trait.IsTerminator)) {
    return false
  }
  const arg = successorBlockArgument(use)
  return arg !== null && !live.wasProvenLiveValue(arg)
}

function processValue(value: Value, live: LiveMap): void {
  for (let u = value.firstUse; u !== null; u = u.nextUse) {
    if (isUseSpeciallyKnownDead(u, live)) {
      continue
    }
    if (live.wasProvenLiveOp(u.owner)) {
      live.setProvedLiveValue(value)
      return
    }
  }
}

function propagateOpLiveness(op: Operation, live: LiveMap): void {
  for (const r of op.regions) {
    propagateRegionLiveness(r, live)
  }
  if (op.hasTrait(Trait.IsTerminator)) {
    live.setProvedLiveOp(op)
    // Without BranchOpInterface the operands cannot be reasoned about, so every
    // successor argument is live; branch ops here produce no operands of their own.
    if (BranchOpInterface.get(op) === undefined) {
      for (const s of op.successors) {
        for (const a of s.block.arguments) {
          live.setProvedLiveValue(a)
        }
      }
    }
    return
  }
  if (live.wasProvenLiveOp(op)) {
    return
  }
  if (!wouldOpBeTriviallyDead(op)) {
    live.setProvedLiveOp(op)
    return
  }
  for (const r of op.results) {
    processValue(r, live)
  }
  // An op whose result is live is live.
  for (const r of op.results) {
    if (live.wasProvenLiveValue(r)) {
      live.setProvedLiveOp(op)
      return
    }
  }
}

function propagateRegionLiveness(region: Region, live: LiveMap): void {
  if (region.empty) {
    return
  }
  for (const b of postOrderFromEntry(region)) {
    // Uses before definitions converge faster: the ops, then the arguments.
    for (let o = b.lastOp; o !== null; o = o.prevOp) {
      propagateOpLiveness(o, live)
    }
    // Entry block arguments belong to the parent op's contract and are never removed.
    if (b.isEntryBlock) {
      continue
    }
    for (const a of b.arguments) {
      if (!live.wasProvenLiveValue(a)) {
        processValue(a, live)
      }
    }
  }
}

function eraseTerminatorSuccessorOperands(terminator: Operation | null, live: LiveMap): void {
  if (terminator === null) {
    return
  }
  const impl = BranchOpInterface.get(terminator)
  if (impl === undefined || impl.eraseSuccessorOperand === undefined) {
    return
  }
  // Later successors and later operands first, so earlier indices stay valid.
  for (let s = terminator.successors.length - 1; s >= 0; s--) {
    const succ = terminator.successors[s]!.block
    const n = impl.getSuccessorOperands(terminator, s).length
    for (let i = n - 1; i >= 0; i--) {
      const arg = succ.arguments[i]
      if (arg !== undefined && !live.wasProvenLiveValue(arg)) {
        impl.eraseSuccessorOperand(terminator, s, i)
      }
    }
  }
}

function deleteDeadness(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false
  for (const region of regions) {
    if (region.empty) {
      continue
    }
    const hasSingleBlock = region.hasOneBlock
    for (const b of postOrderFromEntry(region)) {
      if (!hasSingleBlock) {
        eraseTerminatorSuccessorOperands(b.lastOp, live)
      }
      for (let o = b.lastOp; o !== null; ) {
        const prev = o.prevOp
        if (!live.wasProvenLiveOp(o)) {
          erased = true
          o.dropAllUses()
          rewriter.eraseOp(o)
        } else if (o.regions.length > 0) {
          erased = deleteDeadness(rewriter, o.regions, live) || erased
        }
        o = prev
      }
    }
    for (let b = region.front.nextBlock; b !== null; b = b.nextBlock) {
      for (let i = b.arguments.length - 1; i >= 0; i--) {
        if (!live.wasProvenLiveValue(b.arguments[i]!)) {
          b.eraseArgument(i)
        }
      }
    }
  }
  return erased
}

/** Erases ops whose results are only used by dead ops (liveness over the regions); returns whether anything was erased. */
export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const live = new LiveMap()
  do {
    live.changed = false
    for (const r of regions) {
      propagateRegionLiveness(r, live)
    }
  } while (live.changed)
  return deleteDeadness(rewriter, regions, live)
}

/**
 * Simplifies the CFG of `regions`: erases unreachable blocks and dead code (MLIR's
 * `simplifyRegions`); returns whether the IR changed. `mergeBlocks` (aggressive mode)
 * is accepted for parity; identical-block merging is not performed yet.
 */
export function simplifyRegions(rewriter: PatternRewriter, regions: readonly Region[], mergeBlocks = false): boolean {
  void mergeBlocks
  const erasedBlocks = eraseUnreachableBlocks(rewriter, regions)
  const erasedOps = runRegionDCE(rewriter, regions)
  return erasedBlocks || erasedOps
}
