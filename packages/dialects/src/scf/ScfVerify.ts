import {
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  RegionSuccessorList,
  collectSuccessorRegions,
  type Location,
  type LogicalResult,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'

/**
 * Checks every control-flow edge of a RegionBranchOpInterface op, as MLIR 22's
 * `verifyRegionBranchOpInterface`: from the parent and from each region terminator
 * implementing RegionBranchTerminatorOpInterface to each successor, the forwarded
 * operands must match the successor inputs in number and type.
 */
export function verifyRegionBranchOp(op: Operation): LogicalResult {
  const iface = RegionBranchOpInterface.get(op)
  if (iface === undefined) {
    return true
  }
  if (!checkEdges(op, null, null)) {
    return false
  }
  const regions = op.regions
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r]!
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const term = b.lastOp
      if (term === null || !RegionBranchTerminatorOpInterface.implementedBy(term)) {
        continue
      }
      if (!checkEdges(op, region, term)) {
        return false
      }
    }
  }
  return true
}

/**
 * The successors `checkEdges` is looking at. Verification does not nest (a hook of the
 * ops checked here never verifies other ops), so one list serves every call.
 */
const edgeSuccessors = new RegionSuccessorList()
/** The operands forwarded along one edge, when its branch point gives them as an array. */
const NO_OPERANDS: readonly Value[] = []

function checkEdges(op: Operation, point: Region | null, terminator: Operation | null): LogicalResult {
  const iface = RegionBranchOpInterface.get(op)!
  const successors = edgeSuccessors
  successors.clear()
  collectSuccessorRegions(iface, op, point, successors)
  // The forwarded operands: a trailing run of the branch point's operands from `start`
  // when it says so (no array), otherwise the array it returns.
  const owner = terminator ?? op
  const termIface = terminator === null ? undefined : RegionBranchTerminatorOpInterface.get(terminator)!
  const n = successors.length
  for (let s = 0; s < n; s++) {
    const region = successors.region(s)
    let start = -1
    let operands: readonly Value[] = NO_OPERANDS
    if (termIface === undefined) {
      if (iface.entrySuccessorOperandsStart !== undefined) {
        start = iface.entrySuccessorOperandsStart(op, region)
      } else {
        operands = iface.getEntrySuccessorOperands?.(op, region) ?? NO_OPERANDS
      }
    } else if (termIface.successorOperandsStart !== undefined) {
      start = termIface.successorOperandsStart(owner, region)
    } else {
      operands = termIface.getSuccessorOperands(owner, region)
    }
    const count = start < 0 ? operands.length : Math.max(owner.operands.length - start, 0)
    const inputCount = successors.inputCount(s)
    if (count !== inputCount) {
      return edgeError(op, terminator, region, `region branch point has ${count} operands, but region successor needs ${inputCount} inputs`)
    }
    for (let i = 0; i < count; i++) {
      const a: Type = start < 0 ? operands[i]!.type : owner.operands[start + i]!.value.type
      const b: Type = successors.input(s, i).type
      if (a !== b) {
        return edgeError(op, terminator, region, `successor operand type #${i} ${typeText(a)} should match successor input type #${i} ${typeText(b)}`)
      }
    }
  }
  return true
}

/**
 * Reports `message` about the edge from `terminator` (the parent when null) to `region`
 * (the parent when null), with a note at the branch point. Only a failing check builds
 * the texts and, for an op parsed from text, the location (made on first use).
 */
function edgeError(op: Operation, terminator: Operation | null, region: Region | null, message: string): LogicalResult {
  const edge = `along control flow edge from ${terminator === null ? 'parent' : `Operation ${terminator.name.name}`} to ${
    region === null ? 'parent' : `Region #${region.regionNumber}`
  }`
  const diag = op.emitOpError(`${edge}: ${message}`)
  const noteLoc: Location = terminator === null ? op.location : terminator.location
  return diag.attachNote('region branch point', noteLoc).fail()
}

/** The pieces of a loop that MLIR's LoopLikeOpInterface verifier compares. */
export interface LoopParts {
  readonly inits: readonly Value[]
  readonly iterArgs: readonly Value[]
  /** Yielded values; empty when the loop yields nothing (then yields are not checked). */
  readonly yielded: readonly Value[]
  /** Loop results, or null when the loop does not expose them. */
  readonly results: readonly Value[] | null
}

/** MLIR 22's `verifyLoopLikeOpInterface`: counts and types of inits, iter_args, yielded values and results. */
export function verifyLoopLike(op: Operation, parts: LoopParts): LogicalResult {
  const { inits, iterArgs, yielded, results } = parts
  if (inits.length !== iterArgs.length) {
    return op.emitOpError(`different number of inits and region iter_args: ${inits.length} != ${iterArgs.length}`).fail()
  }
  if (yielded.length !== 0 && iterArgs.length !== yielded.length) {
    return op.emitOpError(`different number of region iter_args and yielded values: ${iterArgs.length} != ${yielded.length}`).fail()
  }
  if (results !== null && results.length !== iterArgs.length) {
    return op.emitOpError(`different number of loop results and region iter_args: ${results.length} != ${iterArgs.length}`).fail()
  }
  for (let i = 0; i < inits.length; i++) {
    const init = inits[i]!.type
    const arg = iterArgs[i]!.type
    if (init !== arg) {
      return op.emitOpError(`${i}-th init and ${i}-th region iter_arg have different type: ${typeText(init)} != ${typeText(arg)}`).fail()
    }
    if (yielded.length !== 0 && arg !== yielded[i]!.type) {
      return op
        .emitOpError(`${i}-th region iter_arg and ${i}-th yielded value have different type: ${typeText(arg)} != ${typeText(yielded[i]!.type)}`)
        .fail()
    }
  }
  if (results !== null) {
    for (let i = 0; i < results.length; i++) {
      const arg = iterArgs[i]!.type
      const res = results[i]!.type
      // MLIR 22 never advances its counter in this loop, so every message names the 0-th pair.
      if (arg !== res) {
        return op.emitOpError(`0-th region iter_arg and 0-th loop result have different type: ${typeText(arg)} != ${typeText(res)}`).fail()
      }
    }
  }
  return true
}

/**
 * Whether `scf.for` op `op` passes every check of its `verifyRegions` for certain: one body
 * block ending in `scf.yield`, an induction variable of the type of the lower bound, and
 * for each loop-carried value an init, an iter_arg, a yielded value and a result of one
 * type. Then the counts and types that `verifyLoopLike` and `verifyRegionBranchOp` compare
 * all match, and they need not build their lists. False means only "not known": the full
 * checks run and report as before.
 */
export function forLoopTypesMatch(op: Operation): boolean {
  const body = op.regions[0]?.firstBlock ?? null
  if (body === null || body.nextBlock !== null) {
    return false
  }
  const term = body.lastOp
  if (term === null || term.name.name !== 'scf.yield') {
    return false
  }
  const operands = op.operands
  const args = body.arguments
  const results = op.results
  const yielded = term.operands
  const n = results.length
  if (operands.length !== n + 3 || args.length !== n + 1 || yielded.length !== n || args[0]!.type !== operands[0]!.value.type) {
    return false
  }
  for (let i = 0; i < n; i++) {
    const t = results[i]!.type
    if (operands[i + 3]!.value.type !== t || args[i + 1]!.type !== t || yielded[i]!.value.type !== t) {
      return false
    }
  }
  return true
}

/**
 * Whether `scf.if` op `op` passes `verifyRegionBranchOp` for certain: each region empty
 * (the else region only when there are no results) or one block ending in an `scf.yield`
 * of the result types. False means only "not known" (see `forLoopTypesMatch`).
 */
export function ifYieldTypesMatch(op: Operation): boolean {
  const results = op.results
  const regions = op.regions
  for (let r = 0; r < regions.length; r++) {
    const block = regions[r]!.firstBlock
    if (block === null) {
      if (results.length !== 0) {
        return false
      }
      continue
    }
    if (block.nextBlock !== null) {
      return false
    }
    const term = block.lastOp
    if (term === null || term.name.name !== 'scf.yield') {
      return false
    }
    const yielded = term.operands
    if (yielded.length !== results.length) {
      return false
    }
    for (let i = 0; i < yielded.length; i++) {
      if (yielded[i]!.value.type !== results[i]!.type) {
        return false
      }
    }
  }
  return true
}
