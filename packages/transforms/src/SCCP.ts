import { IRRewriter, OperationFolder, wouldOpBeTriviallyDead, type Block, type Operation, type Region, type Value } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'
import { ConstantSolver, kUnknown } from './ConstantSolver.ts'

/**
 * Replaces values the solver proved constant with uniqued constants, erasing ops left dead.
 * Returns false when it left the IR untouched (it made, found or used no constant and erased nothing).
 */
function rewrite(solver: ConstantSolver, top: Operation): boolean {
  let changed = false
  const rewriter = new IRRewriter(top.context)
  const folder = new OperationFolder(rewriter)
  const worklist: Block[] = []
  const addRegions = (regions: readonly Region[]): void => {
    for (const r of regions) {
      for (let b = r.lastBlock; b !== null; b = b.prevBlock) {
        worklist.push(b)
      }
    }
  }
  const replaceWithConstant = (block: Block, value: Value): boolean => {
    const l = solver.get(value)
    if (l === undefined || l === kUnknown || l.dialect === null) {
      return false
    }
    const c = folder.getOrCreateConstant(block, l.dialect, l.attr, value.type)
    if (c === null) {
      return false
    }
    changed = true
    value.replaceAllUsesWith(c)
    return true
  }
  addRegions(top.regions)
  while (worklist.length > 0) {
    const block = worklist.pop()!
    for (let op = block.firstOp; op !== null; ) {
      const next = op.nextOp
      let replacedAll = op.results.length !== 0
      for (const r of op.results) {
        replacedAll = replaceWithConstant(block, r) && replacedAll
      }
      if (replacedAll && op.useEmpty && wouldOpBeTriviallyDead(op)) {
        op.erase()
        changed = true
      } else {
        addRegions(op.regions)
      }
      op = next
    }
    for (const a of block.arguments) {
      replaceWithConstant(block, a)
    }
  }
  return changed
}

/** Sparse conditional constant propagation (`sccp`). */
export class SCCP extends OperationPass {
  static override readonly argument = 'sccp'
  static override readonly summary = 'Sparse Conditional Constant Propagation'
  static readonly passName: string = 'SCCP'

  override runOnOperation(): void {
    const top = this.getOperation()
    const solver = new ConstantSolver()
    let changed: boolean
    try {
      solver.run(top)
      changed = rewrite(solver, top)
    } finally {
      solver.release()
    }
    // Nothing rewritten: the IR is as it was, so the pass manager need not verify it again.
    if (!changed) {
      this.markAllAnalysesPreserved()
    }
  }
}
