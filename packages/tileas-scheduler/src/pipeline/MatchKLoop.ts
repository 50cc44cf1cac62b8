/**
 * Step 1 of the pipeline expander: recognize a single-buffered K-loop in tile-assembly form
 * (copy k -> commit -> wait 0 -> barrier -> local_load -> mma -> barrier -> yield) and
 * collect what the other steps rewrite.
 */
import type { Operation, Value } from '@tilepass/ir'
import { TILEAS_OPS, bufferOperand, classifyLoopOp, stageOperand } from '../schedule/LoopGraph.ts'
import { SharedBufferType } from '../tileas/TileASTypes.ts'

/** The parts of a K-loop the expander rewrites. */
export interface KLoopForm {
  readonly loop: Operation
  /** The async copies, in program order. */
  readonly copies: readonly Operation[]
  /** The ops the copies' operands are computed by inside the body (pure, program order). */
  readonly copySlice: readonly Operation[]
  /** The commit of the copies' group. */
  readonly commit: Operation
  /** The wait on that group and the barrier right after it. */
  readonly wait: Operation
  readonly waitBarrier: Operation | null
  /** A barrier right before the terminator (the write-after-read guard of one buffer). */
  readonly trailingBarrier: Operation | null
  /** The shared-memory reads of the copied buffers. */
  readonly reads: readonly Operation[]
  /** The single-stage buffers (`tileas.alloc_shared` results outside the loop). */
  readonly buffers: readonly Value[]
}

/** True when `v` is defined outside `loop`. */
function definedOutside(v: Value, loop: Operation): boolean {
  const owner = v.definingOp ?? v.parentBlock?.parentOp ?? null
  return owner === null || !loop.isAncestor(owner)
}

/**
 * Matches `loop`; returns the form, or the reason it is not a K-loop the expander handles.
 * Requirements: one commit of all the copies, followed by one `async_wait {pending = 0}`
 * on it; the copies write stage buffers allocated outside the loop with one stage, at a
 * stage index defined outside the loop; their operands depend only on the induction
 * variable and loop invariants, through side-effect-free ops without regions; every
 * shared-memory read of those buffers comes after the wait.
 */
export function matchKLoop(loop: Operation): KLoopForm | string {
  if (loop.name.name !== 'scf.for' || loop.getRegion(0).front !== loop.getRegion(0).lastBlock) {
    return 'not a single-block scf.for'
  }
  const body = loop.getRegion(0).front
  const iv = body.getArgument(0)
  const copies: Operation[] = []
  const commits: Operation[] = []
  const waits: Operation[] = []
  const reads: Operation[] = []
  for (let o = body.firstOp; o !== null; o = o.nextOp) {
    switch (o.name.name) {
      case TILEAS_OPS.asyncCopy:
        copies.push(o)
        break
      case TILEAS_OPS.commitGroup:
        commits.push(o)
        break
      case TILEAS_OPS.asyncWait:
        waits.push(o)
        break
      case TILEAS_OPS.localLoad:
        reads.push(o)
        break
      default:
        if (o.name.name.startsWith('tileas.') && o.regions.length > 0) {
          return `'${o.name.name}' with regions in the loop body`
        }
    }
  }
  if (copies.length === 0) {
    return 'no async copy in the loop body'
  }
  if (commits.length !== 1 || waits.length !== 1) {
    return 'expected one async_commit_group and one async_wait per iteration'
  }
  const commit = commits[0]!
  const wait = waits[0]!
  const tokens = new Set(commit.getOperands())
  if (copies.some((c) => !tokens.has(c.getResult(0)) || !c.getResult(0).hasOneUse) || tokens.size !== copies.length) {
    return 'the commit group must hold exactly the async copies of the iteration'
  }
  const pending = wait.getAttr('pending') as { value?: bigint | number } | undefined
  if (Number(pending?.value ?? -1) !== 0 || wait.getOperands().some((v) => v !== commit.getResult(0)) || !commit.isBeforeInBlock(wait)) {
    return 'expected async_wait {pending = 0} on the commit group after it'
  }
  const buffers: Value[] = []
  for (const c of copies) {
    const buf = bufferOperand(c)!
    const stage = stageOperand(c)!
    if (!(buf.type instanceof SharedBufferType) || buf.type.shape[0] !== 1 || buf.definingOp?.name.name !== TILEAS_OPS.allocShared || !definedOutside(buf, loop)) {
      return 'async copies must write a one-stage buffer of tileas.alloc_shared defined outside the loop'
    }
    if (!definedOutside(stage, loop)) {
      return 'the stage index of an async copy must be defined outside the loop'
    }
    if (buffers.includes(buf)) {
      return 'two async copies write the same buffer'
    }
    for (const user of buf.users()) {
      if (user.name.name !== TILEAS_OPS.asyncCopy && user.name.name !== TILEAS_OPS.localLoad) {
        return `the buffer is used by '${user.name.name}'`
      }
      if (user.name.name === TILEAS_OPS.localLoad && (user.parentOp !== loop || !wait.isBeforeInBlock(user) || !definedOutside(stageOperand(user)!, loop))) {
        return 'every local_load of a copied buffer must follow the wait in the loop body, at a stage index defined outside it'
      }
    }
    buffers.push(buf)
  }
  // The backward slice of the copies' operands inside the body.
  const inSlice = new Set<Operation>()
  const work: Value[] = copies.flatMap((c) => c.getOperands())
  while (work.length > 0) {
    const v = work.pop()!
    if (definedOutside(v, loop) || v === iv) {
      continue
    }
    const def = v.definingOp
    if (def === null) {
      return 'async copy operands depend on an iteration argument'
    }
    if (inSlice.has(def)) {
      continue
    }
    if (classifyLoopOp(def) !== 'alu' || def.results.length === 0) {
      return `async copy operands depend on '${def.name.name}'`
    }
    inSlice.add(def)
    work.push(...def.getOperands())
  }
  const copySlice: Operation[] = []
  for (let o = body.firstOp; o !== null; o = o.nextOp) {
    if (inSlice.has(o)) {
      copySlice.push(o)
    }
  }
  const next = wait.nextOp
  const waitBarrier = next !== null && next.name.name === TILEAS_OPS.barrier ? next : null
  const last = body.lastOp!.prevOp
  const trailingBarrier = last !== null && last !== waitBarrier && last.name.name === TILEAS_OPS.barrier ? last : null
  return { loop, copies, copySlice, commit, wait, waitBarrier, trailingBarrier, reads, buffers }
}
