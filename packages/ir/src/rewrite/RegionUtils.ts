import type { Block } from '../Block.ts'
import { acquireVisitMarks, releaseVisitMarks, type Operation } from '../Operation.ts'
import { Trait } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import { BlockArgument, OpResult, type OpOperand, type Value } from '../Value.ts'
import type { DictionaryAttr } from '../Attributes.ts'
import { BranchOpInterface, producedOperandCount, type BranchOpInterfaceImpl } from '../Interfaces.ts'
import type { PatternRewriter } from './PatternMatch.ts'
import { wouldOpBeTriviallyDead } from './SideEffects.ts'

/** The blocks of `region` reachable from its entry, in post-order (successors first). */
export function postOrderFromEntry(region: Region): Block[] {
  const out: Block[] = []
  const entry = region.firstBlock
  if (entry === null) {
    return out
  }
  // A lone block can only branch to itself.
  if (entry.nextBlock === null) {
    out.push(entry)
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
    const regions = o.regions
    for (let i = 0; i < regions.length; i++) {
      worklist.push(regions[i]!)
    }
  }
}

// ---- Region DCE ---------------------------------------------------------------------

/**
 * What liveness has proven live, as MLIR's `LiveMap`: ops and block arguments. A result is
 * live exactly when its op is. Live ops are marked with this map's epoch in
 * `Operation.visitMark` (a million ops cost no hash table), or kept in a set when another
 * traversal holds the marks.
 */
class LiveMap {
  changed = false
  /**
   * The ops the walk left unproven although their results have uses, in visit order: the
   * only ops a later round could still prove live (once a user is). Ops left unproven
   * without uses stay dead, and every other op is live for good.
   */
  readonly undecidedOps: Operation[] = []
  /** The same for the arguments of non-entry blocks. */
  readonly undecidedArgs: Value[] = []
  /** Every op the walk left unproven, in visit order (nested ops before their parent). */
  readonly unprovenOps: Operation[] = []
  /** A region with more than one block was visited (its arguments and successor operands may go). */
  sawMultiBlock = false
  readonly epoch: number = acquireVisitMarks()
  private readonly ops: Set<Operation> | null = this.epoch === 0 ? new Set() : null
  /** The block arguments proven live; made for the first one (most regions have none but entry arguments, which are not asked about). */
  private args: Set<Value> | null = null
  wasProvenLiveOp(op: Operation): boolean {
    return this.ops === null ? op.visitMark === this.epoch : this.ops.has(op)
  }
  wasProvenLiveValue(v: Value): boolean {
    if (v instanceof OpResult) {
      return this.wasProvenLiveOp(v.owner)
    }
    return this.args !== null && this.args.has(v)
  }
  setProvedLiveOp(op: Operation): void {
    if (this.ops === null) {
      if (op.visitMark !== this.epoch) {
        op.visitMark = this.epoch
        this.changed = true
      }
    } else if (!this.ops.has(op)) {
      this.ops.add(op)
      this.changed = true
    }
  }
  setProvedLiveValue(v: Value): void {
    if (v instanceof OpResult) {
      this.setProvedLiveOp(v.owner)
    } else {
      let args = this.args
      if (args === null) {
        args = new Set()
        this.args = args
      }
      if (!args.has(v)) {
        args.add(v)
        this.changed = true
      }
    }
  }
}

/**
 * The operand index range forwarded to each successor of branch `op`. Successor operands
 * are contiguous, in successor order and after the op's own operands (a condition, a
 * flag), so each range is the last match before the next successor's range: scanning from
 * the end keeps a condition equal to a forwarded value from being taken for it.
 */
function successorOperandRanges(op: Operation, impl: BranchOpInterfaceImpl): { start: number; count: number }[] {
  const n = op.successors.length
  const out: { start: number; count: number }[] = new Array<{ start: number; count: number }>(n)
  let end = op.operands.length
  for (let s = n - 1; s >= 0; s--) {
    const vals = impl.getSuccessorOperands(op, s)
    let start = end - vals.length
    for (; start >= 0; start--) {
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
    out[s] = { start, count: vals.length }
    end = start
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
      return owner.successors[s]!.block.arguments[producedOperandCount(impl, owner, s) + use.index - r.start] ?? null
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

/** Whether a use of `value` by a live op makes `value` live (a use specially known dead does not). */
function hasLiveUse(value: Value, live: LiveMap): boolean {
  for (let u = value.firstUse; u !== null; u = u.nextUse) {
    // The cheap test first: most users are live ops that are no terminator.
    if (live.wasProvenLiveOp(u.owner) && !isUseSpeciallyKnownDead(u, live)) {
      return true
    }
  }
  return false
}

function processValue(value: Value, live: LiveMap): void {
  if (hasLiveUse(value, live)) {
    live.setProvedLiveValue(value)
  }
}

function propagateOpLiveness(op: Operation, live: LiveMap): void {
  const regions = op.regions
  for (let i = 0; i < regions.length; i++) {
    propagateRegionLiveness(regions[i]!, live)
  }
  if (op.hasTrait(Trait.IsTerminator)) {
    live.setProvedLiveOp(op)
    // Without BranchOpInterface the operands cannot be reasoned about, so every
    // successor argument is live; so are the arguments a branch produces itself.
    const impl = BranchOpInterface.get(op)
    for (let s = 0; s < op.successors.length; s++) {
      const args = op.successors[s]!.block.arguments
      const live0 = impl === undefined ? args.length : Math.min(producedOperandCount(impl, op, s), args.length)
      for (let i = 0; i < live0; i++) {
        live.setProvedLiveValue(args[i]!)
      }
    }
    return
  }
  if (live.wasProvenLiveOp(op)) {
    return
  }
  // A live result makes its op live (and then the other results are live with it). Asked
  // before whether the op could go at all (either makes it live): for an op with regions
  // (a loop whose results are used) that walks every op nested in it.
  const results = op.results
  let used = false
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!
    used = used || r.firstUse !== null
    if (hasLiveUse(r, live)) {
      live.setProvedLiveOp(op)
      return
    }
  }
  if (!wouldOpBeTriviallyDead(op)) {
    live.setProvedLiveOp(op)
    return
  }
  live.unprovenOps.push(op)
  if (used) {
    live.undecidedOps.push(op)
  }
}

function propagateBlockOpsLiveness(b: Block, live: LiveMap): void {
  // Uses before definitions converge faster: the ops, then the arguments.
  for (let o = b.lastOp; o !== null; o = o.prevOp) {
    propagateOpLiveness(o, live)
  }
}

function propagateRegionLiveness(region: Region, live: LiveMap): void {
  const entry = region.firstBlock
  if (entry === null) {
    return
  }
  // A lone block (most regions) has only entry arguments, which are never removed: no
  // block order to compute.
  if (entry.nextBlock === null) {
    propagateBlockOpsLiveness(entry, live)
    return
  }
  live.sawMultiBlock = true
  const blocks = postOrderFromEntry(region)
  for (let bi = 0; bi < blocks.length; bi++) {
    const b = blocks[bi]!
    propagateBlockOpsLiveness(b, live)
    // Entry block arguments belong to the parent op's contract and are never removed.
    if (b.isEntryBlock) {
      continue
    }
    const args = b.arguments
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!
      if (!live.wasProvenLiveValue(a)) {
        processValue(a, live)
        if (!live.wasProvenLiveValue(a) && a.firstUse !== null) {
          live.undecidedArgs.push(a)
        }
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
    const produced = producedOperandCount(impl, terminator, s)
    for (let i = n - 1; i >= 0; i--) {
      const arg = succ.arguments[produced + i]
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

/** Re-examines the undecided ops and arguments until none becomes live. */
function settleUndecided(live: LiveMap): void {
  const ops = live.undecidedOps
  const args = live.undecidedArgs
  if (ops.length === 0 && args.length === 0) {
    return
  }
  for (;;) {
    live.changed = false
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!
      if (!live.wasProvenLiveOp(op)) {
        const results = op.results
        for (let j = 0; j < results.length; j++) {
          processValue(results[j]!, live)
        }
      }
    }
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!
      if (!live.wasProvenLiveValue(a)) {
        processValue(a, live)
      }
    }
    if (!live.changed) {
      return
    }
  }
}

/**
 * `deleteDeadness` for regions of one block each (no block arguments or successor operands
 * to drop): erases the unproven ops that no unproven op encloses, in the order that walk
 * would, without walking the live ops again.
 */
function eraseUnprovenOps(rewriter: PatternRewriter, regions: readonly Region[], live: LiveMap): boolean {
  const ops = live.unprovenOps
  let erased = false
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!
    if (live.wasProvenLiveOp(o) || !outermostUnproven(o, regions, live)) {
      continue
    }
    erased = true
    o.dropAllUses()
    rewriter.eraseOp(o)
  }
  return erased
}

/** Whether every op between `op` and the root `regions` is proven live. */
function outermostUnproven(op: Operation, regions: readonly Region[], live: LiveMap): boolean {
  for (let r = op.parentRegion; r !== null && !regions.includes(r); ) {
    const parent: Operation | null = r.parentOp
    if (parent === null) {
      return true
    }
    if (!live.wasProvenLiveOp(parent)) {
      return false
    }
    r = parent.parentRegion
  }
  return true
}

/** Erases ops whose results are only used by dead ops (liveness over the regions); returns whether anything was erased. */
export function runRegionDCE(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  const live = new LiveMap()
  try {
    // MLIR walks everything again until a round changes nothing. After the first walk only
    // the undecided ops and arguments can still change (liveness only grows), so the later
    // rounds look at those alone; the fixpoint, the least one, is the same.
    for (let i = 0; i < regions.length; i++) {
      propagateRegionLiveness(regions[i]!, live)
    }
    settleUndecided(live)
    if (live.sawMultiBlock) {
      return deleteDeadness(rewriter, regions, live)
    }
    return eraseUnprovenOps(rewriter, regions, live)
  } finally {
    releaseVisitMarks(live.epoch)
  }
}

// ---- Block merging (aggressive simplification) ---------------------------------------

/** The position of each value defined in `block`: arguments first, then results in op order. */
class BlockEquivalenceData {
  readonly opOrder = new Map<Operation, number>()
  constructor(readonly block: Block) {
    let order = block.arguments.length
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (op.results.length > 0) {
        this.opOrder.set(op, order)
        order += op.results.length
      }
    }
  }
  orderOf(v: Value): number {
    if (v instanceof BlockArgument) {
      return v.index
    }
    const r = v as OpResult
    return (this.opOrder.get(r.owner) ?? 0) + r.index
  }
}

/** Two dictionaries with the same entries (uniqued attributes compared by identity). */
function sameDictionary(a: DictionaryAttr, b: DictionaryAttr): boolean {
  if (a === b) {
    return true
  }
  if (a.entries.length !== b.entries.length) {
    return false
  }
  for (let i = 0; i < a.entries.length; i++) {
    const x = a.entries[i]!
    const y = b.entries[i]!
    if (x.name !== y.name || x.value !== y.value) {
      return false
    }
  }
  return true
}

/**
 * MLIR's `OperationEquivalence::isEquivalentTo` ignoring locations and operand values: the
 * same name, attributes, properties, operand/result/region/successor counts and result types
 * (regions are empty in the blocks merged here).
 */
function sameOpIgnoringValues(a: Operation, b: Operation): boolean {
  if (
    a.name !== b.name ||
    a.regions.length !== b.regions.length ||
    a.successors.length !== b.successors.length ||
    a.operands.length !== b.operands.length ||
    a.results.length !== b.results.length ||
    !sameDictionary(a.attributes, b.attributes) ||
    !sameDictionary(a.properties, b.properties)
  ) {
    return false
  }
  for (let i = 0; i < a.results.length; i++) {
    if (a.results[i]!.type !== b.results[i]!.type) {
      return false
    }
  }
  return true
}

/** Whether a result of `op` is used outside `block`. */
function usedOutsideOfBlock(values: readonly Value[], block: Block): boolean {
  for (const v of values) {
    for (let u = v.firstUse; u !== null; u = u.nextUse) {
      if (u.owner.parentBlock !== block) {
        return true
      }
    }
  }
  return false
}

/** Whether `operand` may be forwarded by the predecessors of `block` (it is not a result of one of their terminators). */
function isValidSuccessorArg(block: Block, operand: Value): boolean {
  const def = operand.definingOp
  const parent = operand.parentBlock
  if (def === null || parent === null || def !== parent.lastOp) {
    return true
  }
  for (const p of block.predecessors()) {
    if (p === parent) {
      return false
    }
  }
  return true
}

/** Blocks to merge into a leader block (MLIR's `BlockMergeCluster`). */
class BlockMergeCluster {
  readonly blocksToMerge: Block[] = []
  /** (op index, operand index) pairs that become new block arguments, sorted. */
  operandsToMerge: [number, number][] = []
  constructor(readonly leader: BlockEquivalenceData) {}

  addToCluster(data: BlockEquivalenceData): boolean {
    const leaderBlock = this.leader.block
    const mergeBlock = data.block
    const la = leaderBlock.arguments
    const ma = mergeBlock.arguments
    if (la.length !== ma.length || la.some((a, i) => a.type !== ma[i]!.type)) {
      return false
    }
    const mismatched: [number, number][] = []
    let l = leaderBlock.firstOp
    let r = mergeBlock.firstOp
    for (let opI = 0; l !== null && r !== null; l = l.nextOp, r = r.nextOp, opI++) {
      if (!sameOpIgnoringValues(l, r)) {
        return false
      }
      for (let i = 0; i < l.operands.length; i++) {
        const lv = l.operands[i]!.value
        const rv = r.operands[i]!.value
        if (lv === rv) {
          continue
        }
        if (lv.type !== rv.type) {
          return false
        }
        const lIn = lv.parentBlock === leaderBlock
        const rIn = rv.parentBlock === mergeBlock
        if (lIn !== rIn) {
          return false
        }
        if (!lIn) {
          if (!isValidSuccessorArg(leaderBlock, lv) || !isValidSuccessorArg(mergeBlock, rv)) {
            return false
          }
          mismatched.push([opI, i])
          continue
        }
        if (this.leader.orderOf(lv) !== data.orderOf(rv)) {
          return false
        }
      }
      if (usedOutsideOfBlock(r.results, mergeBlock) || usedOutsideOfBlock(l.results, leaderBlock)) {
        return false
      }
    }
    if (l !== null || r !== null) {
      return false
    }
    const seen = new Set(this.operandsToMerge.map(([a, b]) => `${a}:${b}`))
    for (const m of mismatched) {
      if (!seen.has(`${m[0]}:${m[1]}`)) {
        seen.add(`${m[0]}:${m[1]}`)
        this.operandsToMerge.push(m)
      }
    }
    this.operandsToMerge.sort((x, y) => x[0] - y[0] || x[1] - y[1])
    if (!this.blocksToMerge.includes(mergeBlock)) {
      this.blocksToMerge.push(mergeBlock)
    }
    return true
  }

  merge(rewriter: PatternRewriter): boolean {
    if (this.blocksToMerge.length === 0) {
      return false
    }
    const leaderBlock = this.leader.block
    if (this.operandsToMerge.length > 0) {
      if (!ableToUpdatePredOperands(leaderBlock) || !this.blocksToMerge.every(ableToUpdatePredOperands)) {
        return false
      }
      const blocks = [leaderBlock, ...this.blocksToMerge]
      const ops: Operation[][] = blocks.map((b) => [...b.operations])
      const newArguments: Value[][] = blocks.map(() => [])
      const numOldArguments = leaderBlock.arguments.length
      for (const [opI, operandI] of this.operandsToMerge) {
        for (let i = 0; i < blocks.length; i++) {
          const operand = ops[i]![opI]!.operands[operandI]!
          newArguments[i]!.push(operand.value)
          if (i === 0) {
            const v = operand.value
            operand.set(leaderBlock.addArgument(v.type, v.location))
          }
        }
      }
      const pruned = pruneRedundantArguments(newArguments, rewriter, numOldArguments, leaderBlock)
      blocks.forEach((b, i) => {
        for (const use of [...b.predecessorUses()]) {
          const impl = BranchOpInterface.get(use.owner)!
          impl.appendSuccessorOperands!(use.owner, use.index, pruned[i]!)
        }
      })
    }
    for (const b of this.blocksToMerge) {
      for (const use of [...b.predecessorUses()]) {
        use.set(leaderBlock)
      }
      rewriter.eraseBlock(b)
    }
    return true
  }
}

/** Whether every predecessor terminator of `block` can take more successor operands. */
function ableToUpdatePredOperands(block: Block): boolean {
  for (const use of block.predecessorUses()) {
    const impl = BranchOpInterface.get(use.owner)
    if (impl === undefined || impl.appendSuccessorOperands === undefined) {
      return false
    }
  }
  return true
}

/**
 * Drops new arguments that every list passes the same way as an earlier one (`[x, y, x]`
 * in every list: the third is the first), replacing the leader's extra arguments.
 */
function pruneRedundantArguments(newArguments: Value[][], rewriter: PatternRewriter, numOldArguments: number, block: Block): Value[][] {
  if (newArguments.length === 0) {
    return newArguments
  }
  const numArgs = newArguments[0]!.length
  const replacement = new Map<number, number>()
  const first = new Map<Value, number>()
  for (let j = 0; j < numArgs; j++) {
    const v = newArguments[0]![j]!
    if (!first.has(v)) {
      first.set(v, j)
    }
  }
  for (let j = 0; j < numArgs; j++) {
    const k = first.get(newArguments[0]![j]!)!
    if (k === j) {
      continue
    }
    let same = true
    for (let i = 1; i < newArguments.length; i++) {
      same = same && newArguments[i]![k] === newArguments[i]![j]
    }
    if (same) {
      replacement.set(j, k)
    }
  }
  const pruned = newArguments.map((list) => list.filter((_, j) => !replacement.has(j)))
  const toErase: number[] = []
  for (let idx = 0; idx < numArgs; idx++) {
    const k = replacement.get(idx)
    if (k !== undefined) {
      rewriter.replaceAllUsesWith(block.arguments[numOldArguments + idx]!, block.arguments[numOldArguments + k]!)
      toErase.push(numOldArguments + idx)
    }
  }
  for (let i = toErase.length - 1; i >= 0; i--) {
    block.eraseArgument(toErase[i]!)
  }
  return pruned
}

/** Merges identical blocks of `region` (MLIR's `mergeIdenticalBlocks` on one region). */
function mergeIdenticalBlocksIn(rewriter: PatternRewriter, region: Region): boolean {
  const entry = region.firstBlock
  if (entry === null || entry.nextBlock === null) {
    return false
  }
  // Group the non-entry blocks by their successor lists.
  const ids = new Map<Block, number>()
  const groups = new Map<string, Block[]>()
  for (let b: Block | null = entry.nextBlock; b !== null; b = b.nextBlock) {
    const succs = b.lastOp?.successors ?? []
    const key = succs
      .map((s) => {
        let id = ids.get(s.block)
        if (id === undefined) {
          id = ids.size
          ids.set(s.block, id)
        }
        return id
      })
      .join(',')
    let g = groups.get(key)
    if (g === undefined) {
      g = []
      groups.set(key, g)
    }
    g.push(b)
  }
  let merged = false
  for (const blocks of groups.values()) {
    if (blocks.length === 1) {
      continue
    }
    const clusters: BlockMergeCluster[] = []
    for (const block of blocks) {
      let hasRegion = false
      for (let op = block.firstOp; op !== null && !hasRegion; op = op.nextOp) {
        hasRegion = op.regions.some((r) => !r.empty)
      }
      if (hasRegion || usedOutsideOfBlock(block.arguments, block)) {
        continue
      }
      const data = new BlockEquivalenceData(block)
      if (!clusters.some((c) => c.addToCluster(data))) {
        clusters.push(new BlockMergeCluster(data))
      }
    }
    for (const c of clusters) {
      merged = c.merge(rewriter) || merged
    }
  }
  return merged
}

/**
 * Runs `visit` on `regions` and every region nested in them (a worklist, last in first out,
 * as MLIR's); with `revisitChanged`, a region `visit` changed is visited again. Returns
 * whether any visit changed the IR.
 */
function visitNestedRegions(regions: readonly Region[], visit: (region: Region) => boolean, revisitChanged: boolean): boolean {
  const worklist: Region[] = []
  const inList = new Set<Region>()
  const push = (r: Region): void => {
    if (!inList.has(r)) {
      inList.add(r)
      worklist.push(r)
    }
  }
  regions.forEach(push)
  let changed = false
  while (worklist.length > 0) {
    const region = worklist.pop()!
    inList.delete(region)
    if (visit(region)) {
      changed = true
      if (revisitChanged) {
        push(region)
      }
    }
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let op = b.firstOp; op !== null; op = op.nextOp) {
        op.regions.forEach(push)
      }
    }
  }
  return changed
}

/** Merges identical blocks in `regions` and their nested regions. */
function mergeIdenticalBlocks(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  return visitNestedRegions(regions, (region) => mergeIdenticalBlocksIn(rewriter, region), true)
}

/** Replaces block arguments that every predecessor passes the same value for by that value. */
function dropRedundantArgumentsOf(rewriter: PatternRewriter, block: Block): boolean {
  const toErase: number[] = []
  const args = block.arguments
  for (let argIdx = 0; argIdx < args.length; argIdx++) {
    let same = true
    let common: Value | null = null
    for (const use of block.predecessorUses()) {
      const impl = BranchOpInterface.get(use.owner)
      if (impl === undefined) {
        same = false
        break
      }
      const at = argIdx - producedOperandCount(impl, use.owner, use.index)
      const v = at < 0 ? undefined : impl.getSuccessorOperands(use.owner, use.index)[at]
      if (v === undefined) {
        same = false
        break
      }
      if (common === null) {
        common = v
        continue
      }
      if (v !== common) {
        same = false
        break
      }
    }
    if (common !== null && same) {
      toErase.push(argIdx)
      rewriter.replaceAllUsesWith(args[argIdx]!, common)
    }
  }
  for (let i = toErase.length - 1; i >= 0; i--) {
    const argIdx = toErase[i]!
    block.eraseArgument(argIdx)
    for (const use of [...block.predecessorUses()]) {
      const impl = BranchOpInterface.get(use.owner)!
      impl.eraseSuccessorOperand?.(use.owner, use.index, argIdx - producedOperandCount(impl, use.owner, use.index))
    }
  }
  return toErase.length > 0
}

/** Drops redundant block arguments in `regions` and their nested regions. */
function dropRedundantArguments(rewriter: PatternRewriter, regions: readonly Region[]): boolean {
  return visitNestedRegions(
    regions,
    (region) => {
      let changed = false
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        changed = dropRedundantArgumentsOf(rewriter, b) || changed
      }
      return changed
    },
    false,
  )
}

/**
 * Simplifies the CFG of `regions`: erases unreachable blocks and dead code, and with
 * `mergeBlocks` (aggressive mode) merges identical blocks and drops block arguments every
 * predecessor passes the same value for (MLIR's `simplifyRegions`); returns whether the IR
 * changed. `onlySingleBlockRegions` tells that no region nested in `regions` has more than
 * one block, which skips the block-level steps (they would change nothing).
 */
export function simplifyRegions(rewriter: PatternRewriter, regions: readonly Region[], mergeBlocks = false, onlySingleBlockRegions = false): boolean {
  // Unreachable blocks, identical blocks and block arguments with predecessors exist only
  // in regions of several blocks: a caller that knows there are none saves those walks.
  const erasedBlocks = !onlySingleBlockRegions && eraseUnreachableBlocks(rewriter, regions)
  const erasedOps = runRegionDCE(rewriter, regions)
  let merged = false
  let dropped = false
  if (mergeBlocks && !onlySingleBlockRegions) {
    merged = mergeIdenticalBlocks(rewriter, regions)
    dropped = dropRedundantArguments(rewriter, regions)
  }
  return erasedBlocks || erasedOps || merged || dropped
}
