import { BlockArgument, printOperation, type Block, type Operation, type Region, type Value } from '@tilepass/ir'

/** Calls `fn` on every block nested in `op`, each block before the blocks nested in its ops. */
function walkBlocksPreOrder(op: Operation, fn: (block: Block) => void): void {
  for (const region of op.regions) {
    for (const block of region.blockList) {
      fn(block)
      for (const nested of block.operations) {
        walkBlocksPreOrder(nested, fn)
      }
    }
  }
}

/** The block of `region` that contains `block` (itself or an ancestor), or null. */
function findAncestorBlockInRegion(region: Region, block: Block): Block | null {
  let b: Block | null = block
  while (b !== null) {
    if (b.parent === region) {
      return b
    }
    b = b.parentOp?.parentBlock ?? null
  }
  return null
}

function setUnion(into: Set<Value>, from: ReadonlySet<Value>): void {
  for (const v of from) {
    into.add(v)
  }
}

/** The live-in and live-out values of one block. */
export class LivenessBlockInfo {
  /** @internal */
  constructor(
    /** The block. */
    readonly block: Block,
    /** Values live on entry. */
    readonly inValues: ReadonlySet<Value>,
    /** Values live on exit. */
    readonly outValues: ReadonlySet<Value>,
  ) {}

  /** True when `value` is live on entry. */
  isLiveIn(value: Value): boolean {
    return this.inValues.has(value)
  }
  /** True when `value` is live on exit. */
  isLiveOut(value: Value): boolean {
    return this.outValues.has(value)
  }
  /** The first op of this block where `value` is live. */
  getStartOperation(value: Value): Operation {
    const def = value.definingOp
    if (this.isLiveIn(value) || def === null) {
      return this.block.firstOp!
    }
    return def
  }
  /** The last op of this block where `value` is live, starting at `start`. */
  getEndOperation(value: Value, start: Operation): Operation {
    if (this.isLiveOut(value)) {
      return this.block.lastOp!
    }
    let end = start
    for (const user of value.users()) {
      const u = this.block.findAncestorOpInBlock(user)
      if (u !== null && end.isBeforeInBlock(u)) {
        end = u
      }
    }
    return end
  }
  /** The values live at `op` (an op of this block). */
  currentlyLiveValues(op: Operation): Set<Value> {
    const live = new Set<Value>()
    const block = this.block
    const add = (value: Value): void => {
      let start: Operation | null
      let end: Operation | null = null
      if (this.isLiveIn(value) || value instanceof BlockArgument) {
        start = block.firstOp
      } else {
        start = block.findAncestorOpInBlock(value.definingOp!)
      }
      if (this.isLiveOut(value)) {
        end = block.lastOp
      }
      if (start !== null && end === null) {
        end = this.getEndOperation(value, start)
      }
      if (start === null || end === null) {
        return
      }
      if (!(op.isBeforeInBlock(start) || end.isBeforeInBlock(op))) {
        live.add(value)
      }
    }
    for (const arg of block.arguments) {
      add(arg)
    }
    for (const v of this.inValues) {
      add(v)
    }
    for (const o of block.operations) {
      for (const r of o.results) {
        add(r)
      }
      if (o === op) {
        break
      }
    }
    return live
  }
}

class BlockInfoBuilder {
  inValues: Set<Value> = new Set()
  readonly outValues: Set<Value> = new Set()
  readonly defValues: Set<Value> = new Set()
  readonly useValues: Set<Value> = new Set()

  constructor(readonly block: Block) {
    const region = block.parent!
    const gatherOut = (value: Value): void => {
      for (const user of value.users()) {
        const owner = user.parentBlock
        const b = owner === null ? null : findAncestorBlockInRegion(region, owner)
        if (b !== block) {
          this.outValues.add(value)
          break
        }
      }
    }
    for (const arg of block.arguments) {
      this.defValues.add(arg)
      gatherOut(arg)
    }
    for (const op of block.operations) {
      for (const r of op.results) {
        gatherOut(r)
      }
    }
    for (const top of block.operations) {
      top.walk((op) => {
        for (const r of op.results) {
          this.defValues.add(r)
        }
        for (const operand of op.operands) {
          this.useValues.add(operand.value)
        }
        for (const r of op.regions) {
          for (const child of r.blockList) {
            for (const a of child.arguments) {
              this.defValues.add(a)
            }
          }
        }
      })
    }
    for (const d of this.defValues) {
      this.useValues.delete(d)
    }
  }

  /** newIn = use ∪ out \ def; true when it grew (it only grows). */
  updateLiveIn(): boolean {
    const next = new Set(this.useValues)
    setUnion(next, this.outValues)
    for (const d of this.defValues) {
      next.delete(d)
    }
    if (next.size === this.inValues.size) {
      return false
    }
    this.inValues = next
    return true
  }

  updateLiveOut(builders: ReadonlyMap<Block, BlockInfoBuilder>): void {
    for (const succ of this.block.successors) {
      const b = builders.get(succ)
      if (b !== undefined) {
        setUnion(this.outValues, b.inValues)
      }
    }
  }
}

/**
 * Liveness of the values in the regions of an op (MLIR's `Liveness`): per block, the
 * live-in and live-out sets, computed by a backward fixpoint over the CFG; values used
 * in nested regions count as used by the enclosing op.
 */
export class Liveness {
  private readonly blockMapping: Map<Block, LivenessBlockInfo> = new Map()

  constructor(
    /** The op whose regions are analysed. */
    readonly operation: Operation,
  ) {
    const builders = new Map<Block, BlockInfoBuilder>()
    const toProcess: Block[] = []
    const queued = new Set<Block>()
    const enqueuePreds = (block: Block): void => {
      for (const p of block.predecessors()) {
        if (!queued.has(p)) {
          queued.add(p)
          toProcess.push(p)
        }
      }
    }
    walkBlocksPreOrder(operation, (block) => {
      const b = new BlockInfoBuilder(block)
      builders.set(block, b)
      if (b.updateLiveIn()) {
        enqueuePreds(block)
      }
    })
    while (toProcess.length > 0) {
      const current = toProcess.pop()!
      queued.delete(current)
      const b = builders.get(current)!
      b.updateLiveOut(builders)
      if (b.updateLiveIn()) {
        enqueuePreds(current)
      }
    }
    for (const [block, b] of builders) {
      this.blockMapping.set(block, new LivenessBlockInfo(block, b.inValues, b.outValues))
    }
  }

  /** The liveness of `block`, when the block is nested in the analysed op. */
  getLiveness(block: Block): LivenessBlockInfo | undefined {
    return this.blockMapping.get(block)
  }
  /** Values live on entry to `block`. */
  getLiveIn(block: Block): ReadonlySet<Value> {
    return this.info(block).inValues
  }
  /** Values live on exit from `block`. */
  getLiveOut(block: Block): ReadonlySet<Value> {
    return this.info(block).outValues
  }
  /** True when `value` is not live after `op`. */
  isDeadAfter(value: Value, op: Operation): boolean {
    const info = this.info(op.parentBlock!)
    if (info.isLiveOut(value)) {
      return false
    }
    const end = info.getEndOperation(value, op)
    return end === op || end.isBeforeInBlock(op)
  }

  /** The ops where `value` is live, block by block (unsorted). */
  resolveLiveness(value: Value): Operation[] {
    const result: Operation[] = []
    const visited = new Set<Block>()
    const toProcess: Block[] = []
    const def = value.definingOp
    const first = def !== null ? def.parentBlock! : (value as BlockArgument).owner
    toProcess.push(first)
    visited.add(first)
    for (const use of value.uses()) {
      const b = use.owner.parentBlock!
      if (!visited.has(b)) {
        visited.add(b)
        toProcess.push(b)
      }
    }
    while (toProcess.length > 0) {
      const block = toProcess.pop()!
      const info = this.info(block)
      const start = info.getStartOperation(value)
      const end = info.getEndOperation(value, start)
      const ops = block.operations
      for (let i = ops.indexOf(start); i < ops.length; i++) {
        result.push(ops[i]!)
        if (ops[i] === end) {
          break
        }
      }
      for (const succ of block.successors) {
        if (this.info(succ).isLiveIn(value) && !visited.has(succ)) {
          visited.add(succ)
          toProcess.push(succ)
        }
      }
    }
    return result
  }

  /** The report of mlir-opt's `test-print-liveness` (MLIR's `Liveness::print`). */
  print(): string {
    const blockIds = new Map<Block, number>()
    const opIds = new Map<Operation, number>()
    const valueIds = new Map<Value, number>()
    walkBlocksPreOrder(this.operation, (block) => {
      blockIds.set(block, blockIds.size)
      for (const a of block.arguments) {
        valueIds.set(a, valueIds.size)
      }
      for (const op of block.operations) {
        opIds.set(op, opIds.size)
        for (const r of op.results) {
          valueIds.set(r, valueIds.size)
        }
      }
    })
    const ref = (v: Value): string =>
      v instanceof BlockArgument ? `arg${v.index}@${blockIds.get(v.owner)} ` : `val_${valueIds.get(v)} `
    const refs = (values: ReadonlySet<Value>): string => {
      const ordered = [...values].sort((a, b) => valueIds.get(a)! - valueIds.get(b)!)
      let s = ''
      for (const v of ordered) {
        s += ref(v)
      }
      return s
    }
    let os = '// ---- Liveness -----\n'
    walkBlocksPreOrder(this.operation, (block) => {
      const info = this.info(block)
      os += `// - Block: ${blockIds.get(block)}\n`
      os += `// --- LiveIn: ${refs(info.inValues)}\n// --- LiveOut: ${refs(info.outValues)}\n`
      os += '// --- BeginLivenessIntervals'
      for (const op of block.operations) {
        if (op.results.length < 1) {
          continue
        }
        os += '\n'
        for (const r of op.results) {
          os += `// ${ref(r)}:`
          const live = this.resolveLiveness(r).sort((a, b) => opIds.get(a)! - opIds.get(b)!)
          for (const o of live) {
            os += `\n//     ${printOperation(o)}`
          }
        }
      }
      os += '\n// --- EndLivenessIntervals\n'
      os += '// --- BeginCurrentlyLive\n'
      for (const op of block.operations) {
        const live = info.currentlyLiveValues(op)
        if (live.size === 0) {
          continue
        }
        os += `//     ${printOperation(op)} [${refs(live)}\b]\n`
      }
      os += '// --- EndCurrentlyLive\n'
    })
    os += '// -------------------\n'
    return os
  }

  private info(block: Block): LivenessBlockInfo {
    const i = this.blockMapping.get(block)
    if (i === undefined) {
      throw new Error('block is not covered by this liveness analysis')
    }
    return i
  }
}
