import type { Block } from '../Block.ts'
import type { Operation } from '../Operation.ts'
import { Trait } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import type { Value } from '../Value.ts'
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

function processValue(value: Value, live: LiveMap): void {
  for (let u = value.firstUse; u !== null; u = u.nextUse) {
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
    // Successor operands are not individually removable here, so every successor
    // argument stays live.
    for (const s of op.successors) {
      for (const a of s.block.arguments) {
        live.setProvedLiveValue(a)
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
    for (let o = b.lastOp; o !== null; o = o.prevOp) {
      propagateOpLiveness(o, live)
    }
  }
}

function deleteDeadness(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  let erased = false
  for (const region of regions) {
    if (region.empty) {
      continue
    }
    for (const b of postOrderFromEntry(region)) {
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
