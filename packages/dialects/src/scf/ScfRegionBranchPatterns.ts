import {
  BlockArgument,
  OpResult,
  OperationState,
  Operation,
  UnknownLoc,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  RegionSuccessorList,
  collectSuccessorRegions,
  type Block,
  type OpOperand,
  type PatternRewriter,
  type Region,
  type Value,
} from '@tilepass/ir'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'

// Canonicalizations of the successor operands and inputs of region-branch ops, as MLIR's
// `populateRegionBranchOpInterfaceCanonicalizationPatterns` registers them for each scf op.
// A successor input is a value control flow writes into (an entry block argument of a
// region or a result of the op); its successor operands are the operands forwarded to it.

/**
 * The control-flow edges of a region-branch op, edge `i` forwarding `operands[i]` (of its
 * owner) into `inputs[i]`; the first `length` entries are the edges. One list is reused
 * for every op (the patterns ask for the edges of one op at a time), so finding the edges
 * allocates no object per edge; entries past `length` are left from an earlier op.
 *
 * For the quick checks of the patterns, `indexInputs` numbers the distinct inputs: input
 * `k` is `distinct[k]`, with its first edge, its owner and whether it is used, and edge `i`
 * goes into input `inputIds[i]`. The checks then compare numbers and flags instead of
 * searching the edges for each input and reading its owner and uses again. The flags
 * are read once per list: the patterns of one visit share the list only while they fail,
 * leaving the IR as it was.
 */
class EdgeList {
  readonly operands: OpOperand[] = []
  readonly inputs: Value[] = []
  length = 0
  /** For each edge, the number of its input (see `indexInputs`). */
  readonly inputIds: number[] = []
  /** The distinct inputs, in the order of their first edges; the first `numInputs`. */
  readonly distinct: Value[] = []
  /** For each distinct input, the index of its first edge. */
  readonly firstEdge: number[] = []
  /** For each distinct input, the op or block that defines it. */
  readonly owners: (Operation | Block | null)[] = []
  /** For each distinct input, whether it has a use. */
  readonly used: boolean[] = []
  numInputs = 0
  /** Whether the fields above describe the current edges. */
  private indexed = false

  /** Empties the list (keeping its storage). */
  clear(): void {
    this.length = 0
    this.indexed = false
  }

  /**
   * Numbers the distinct inputs of the edges (once per list; quadratic in the edges, for
   * lists of up to `SMALL_EDGE_COUNT` edges).
   */
  indexInputs(): void {
    if (this.indexed) {
      return
    }
    const inputs = this.inputs
    const distinct = this.distinct
    let u = 0
    for (let i = 0; i < this.length; i++) {
      const input = inputs[i]!
      let id = 0
      while (id < u && distinct[id] !== input) {
        id++
      }
      if (id === u) {
        setAt(distinct, u, input)
        setAt(this.firstEdge, u, i)
        setAt(this.owners, u, ownerOf(input))
        setAt(this.used, u, input.firstUse !== null)
        u++
      }
      setAt(this.inputIds, i, id)
    }
    this.numInputs = u
    this.indexed = true
  }

  /** The number of `v` among the distinct inputs (after `indexInputs`), or -1 when it is not an input. */
  inputId(v: Value | null): number {
    const distinct = this.distinct
    for (let k = 0; k < this.numInputs; k++) {
      if (distinct[k] === v) {
        return k
      }
    }
    return -1
  }

  /** Appends the edge from `operand` into `input`. */
  add(operand: OpOperand, input: Value): void {
    const n = this.length
    setAt(this.operands, n, operand)
    setAt(this.inputs, n, input)
    this.length = n + 1
    this.indexed = false
  }
}

/** Sets `array[i]`, appending when `i` is its length (the array stays packed). */
function setAt<T>(array: T[], i: number, value: T): void {
  if (i < array.length) {
    array[i] = value
  } else {
    array.push(value)
  }
}

/** The edges of the op the region-branch patterns looked at last (see `edgesOf`). */
const edgeList = new EdgeList()

/**
 * Up to this many edges, the patterns first check in place (quadratic in the edges, with
 * no allocation) whether they can apply at all; most visits of a loop end there.
 */
const SMALL_EDGE_COUNT = 64

/**
 * The index of the first operand of `op` in the run `values`. The forwarded operands of
 * the scf ops and terminators are a trailing run of operands (after the bounds and step of
 * `scf.for`, the condition of `scf.condition`), so the last match is the run: an earlier
 * one may be a bound that happens to be the same value.
 */
function operandRunStart(op: Operation, values: readonly Value[]): number {
  if (values.length === 0) {
    return 0
  }
  const n = op.numOperands
  for (let start = n - values.length; start >= 0; start--) {
    let ok = true
    for (let j = 0; j < values.length; j++) {
      if (op.operands[start + j]!.value !== values[j]) {
        ok = false
        break
      }
    }
    if (ok) {
      return start
    }
  }
  return -1
}

/**
 * Every edge of region-branch op `op`, from each branch point (the op itself, then the
 * region-branch terminators of its blocks in order) to each of its successors.
 */
function successorEdges(op: Operation): EdgeList {
  const rb = RegionBranchOpInterface.get(op)!
  const edges = edgeList
  edges.clear()
  const succs = successorList
  succs.clear()
  collectSuccessorRegions(rb, op, null, succs)
  for (let k = 0; k < succs.length; k++) {
    const region = succs.region(k)
    if (rb.entrySuccessorOperandsStart !== undefined) {
      addEdgeRun(edges, op, rb.entrySuccessorOperandsStart(op, region), succs, k)
    } else {
      addEdges(edges, op, rb.getEntrySuccessorOperands?.(op, region) ?? NO_VALUES, succs, k)
    }
  }
  const regions = op.regions
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r]!
    // The successors of a region depend on the region only: asked once, for its first
    // block ending in a region-branch terminator.
    let asked = false
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const term = b.lastOp
      const iface = term === null ? undefined : RegionBranchTerminatorOpInterface.get(term)
      if (term === null || iface === undefined) {
        continue
      }
      if (!asked) {
        succs.clear()
        collectSuccessorRegions(rb, op, region, succs)
        asked = true
      }
      for (let k = 0; k < succs.length; k++) {
        const target = succs.region(k)
        if (iface.successorOperandsStart !== undefined) {
          addEdgeRun(edges, term, iface.successorOperandsStart(term, target), succs, k)
        } else {
          addEdges(edges, term, iface.getSuccessorOperands(term, target), succs, k)
        }
      }
    }
  }
  return edges
}

/** The successors `successorEdges` is looking at (it does not nest, so one list serves every call). */
const successorList = new RegionSuccessorList()
const NO_VALUES: readonly Value[] = []

/**
 * The op whose edges `edgeList` holds when they were computed within a visit of a pattern
 * applicator, with its rewriter and visit number (see `edgesOf`); null otherwise.
 */
let lastEdgesOp: Operation | null = null
let lastEdgesRewriter: RewriterLike | null = null
let lastEdgesVisit = -1

/**
 * `successorEdges(op)`, shared by the three patterns within one visit of a pattern
 * applicator (the same `visitedOp` and `visitNumber`): a pattern that fails leaves the IR as
 * it was, so the next pattern of the visit finds the same edges.
 */
function edgesOf(op: Operation, rewriter: RewriterLike): EdgeList {
  const inVisit = rewriter.visitedOp === op
  if (inVisit && lastEdgesOp === op && lastEdgesRewriter === rewriter && lastEdgesVisit === rewriter.visitNumber) {
    return edgeList
  }
  const edges = successorEdges(op)
  lastEdgesOp = inVisit ? op : null
  lastEdgesRewriter = inVisit ? rewriter : null
  lastEdgesVisit = inVisit ? (rewriter.visitNumber ?? -1) : -1
  return edges
}

/** Appends the edges from the run `operands` of `owner` into the inputs of successor `k` of `succs`. */
function addEdges(edges: EdgeList, owner: Operation, operands: readonly Value[], succs: RegionSuccessorList, k: number): void {
  const start = operandRunStart(owner, operands)
  if (start < 0) {
    return
  }
  const n = Math.min(operands.length, succs.inputCount(k))
  for (let i = 0; i < n; i++) {
    edges.add(owner.operands[start + i]!, succs.input(k, i))
  }
}

/** Appends the edges from the trailing operands of `owner` from `start` into the inputs of successor `k` of `succs`. */
function addEdgeRun(edges: EdgeList, owner: Operation, start: number, succs: RegionSuccessorList, k: number): void {
  const n = Math.min(owner.operands.length - start, succs.inputCount(k))
  for (let i = 0; i < n; i++) {
    edges.add(owner.operands[start + i]!, succs.input(k, i))
  }
}

/** Successor input -> the operands forwarded to it, in edge order. */
function inputToOperands(edges: EdgeList): Map<Value, OpOperand[]> {
  const m = new Map<Value, OpOperand[]>()
  for (let i = 0; i < edges.length; i++) {
    const input = edges.inputs[i]!
    let list = m.get(input)
    if (list === undefined) {
      list = []
      m.set(input, list)
    }
    list.push(edges.operands[i]!)
  }
  return m
}

/**
 * The one value other than a successor input that may flow into `value` (through chains
 * of inputs), or null when there are none or several. The chains are short, so the
 * visited values are kept in a plain array.
 */
function singleReachableValue(value: Value, mapping: ReadonlyMap<Value, readonly OpOperand[]>): Value | null {
  let found: Value | null = null
  const visited: Value[] = []
  const worklist: Value[] = [value]
  while (worklist.length > 0) {
    const next = worklist.pop()!
    const operands = mapping.get(next)
    if (operands === undefined) {
      if (found === null) {
        found = next
      } else if (found !== next) {
        return null
      }
      continue
    }
    for (let i = 0; i < operands.length; i++) {
      const v = operands[i]!.value
      if (!visited.includes(v)) {
        visited.push(v)
        worklist.push(v)
      }
    }
  }
  return found
}

/** The op or block that defines `v`. */
function ownerOf(v: Value): Operation | Block | null {
  return v.definingOp ?? v.parentBlock
}

/** Whether `a` (a value reaching successor input `b`) may replace `b` in scope. */
function isDefinedBefore(op: Operation, a: Value, b: Value): boolean {
  const aRegion = a.parentRegion
  if (aRegion !== null && aRegion.parentOp === op) {
    // Defined directly inside the op: only an entry argument of the same block as `b` is in scope.
    if (b.definingOp !== null) {
      return false
    }
    return a.definingOp === null && a.parentBlock === b.parentBlock
  }
  return true
}

/**
 * Successor inputs that only ever receive one value (not itself an input): their uses
 * take that value, so the inputs become dead (MLIR's `MakeRegionBranchOpSuccessorInputsDead`).
 */
export const MakeRegionBranchOpSuccessorInputsDead: CanonicalizationPattern = {
  name: 'MakeRegionBranchOpSuccessorInputsDead',
  rootName: '',
  benefit: 1,
  matchAndRewrite: (op, rewriter) => makeSuccessorInputsDead(op, rewriter, edgesOf(op, rewriter)),
}

/**
 * Whether some used input of `edges` may receive a single value: among the values forwarded
 * to it directly, those that are not inputs themselves are all the same. When none may,
 * `singleReachableValue` finds two different values for each, so nothing is made dead.
 */
function anyInputMayHaveSingleValue(edges: EdgeList): boolean {
  edges.indexInputs()
  const ids = edges.inputIds
  for (let k = 0; k < edges.numInputs; k++) {
    if (!edges.used[k]) {
      continue
    }
    let found: Value | null = null
    let single = true
    for (let j = edges.firstEdge[k]!; j < edges.length; j++) {
      if (ids[j] !== k) {
        continue
      }
      const v = edges.operands[j]!.value
      if (edges.inputId(v) >= 0) {
        continue
      }
      if (found === null) {
        found = v
      } else if (found !== v) {
        single = false
        break
      }
    }
    if (single) {
      return true
    }
  }
  return false
}

function makeSuccessorInputsDead(op: Operation, rewriter: RewriterLike, edges: EdgeList): boolean {
  if (edges.length <= SMALL_EDGE_COUNT && !anyInputMayHaveSingleValue(edges)) {
    return false
  }
  const mapping = inputToOperands(edges)
  let changed = false
  for (const value of mapping.keys()) {
    if (value.useEmpty) {
      continue
    }
    const only = singleReachableValue(value, mapping)
    if (only === null || !isDefinedBefore(op, only, value)) {
      continue
    }
    rewriter.replaceAllUsesWith(value, only)
    changed = true
  }
  return changed
}

/** The number of `v` among its owner's results or block arguments. */
function argOrResultNumber(v: Value): number {
  return v instanceof OpResult || v instanceof BlockArgument ? v.index : 0
}

/**
 * Two inputs of the same owner that receive the same value from every predecessor: the
 * later one's uses take the earlier one (MLIR's `RemoveDuplicateSuccessorInputUses`).
 */
export const RemoveDuplicateSuccessorInputUses: CanonicalizationPattern = {
  name: 'RemoveDuplicateSuccessorInputUses',
  rootName: '',
  benefit: 1,
  matchAndRewrite: (op, rewriter) => removeDuplicateSuccessorInputUses(rewriter, edgesOf(op, rewriter)),
}

/**
 * Whether two inputs of `edges` may be duplicates: of the same owner, the later one used,
 * and the first predecessor of the earlier one forwarding the same value to both (a
 * necessary condition of `sameForwardedValues`, checked in place).
 */
function anyDuplicateCandidate(edges: EdgeList): boolean {
  edges.indexInputs()
  const n = edges.numInputs
  const owners = edges.owners
  for (let a = 0; a < n; a++) {
    const owner = edges.operands[edges.firstEdge[a]!]!.owner
    const aValue = lastForwardedInto(edges, a, owner)
    const aOwner = owners[a]
    for (let b = 0; b < n; b++) {
      if (b === a || owners[b] !== aOwner || !edges.used[b]) {
        continue
      }
      if (lastForwardedInto(edges, b, owner) === aValue) {
        return true
      }
    }
  }
  return false
}

/** The value that the last edge from `owner` into input number `id` forwards, or null when none. */
function lastForwardedInto(edges: EdgeList, id: number, owner: Operation): Value | null {
  const ids = edges.inputIds
  for (let i = edges.length - 1; i >= 0; i--) {
    if (ids[i] === id) {
      const operand = edges.operands[i]!
      if (operand.owner === owner) {
        return operand.value
      }
    }
  }
  return null
}

function removeDuplicateSuccessorInputUses(rewriter: RewriterLike, edges: EdgeList): boolean {
  if (edges.length <= SMALL_EDGE_COUNT && !anyDuplicateCandidate(edges)) {
    return false
  }
  const mapping = inputToOperands(edges)
  const inputs = [...mapping.keys()]
  inputs.sort((a, b) => argOrResultNumber(a) - argOrResultNumber(b))
  let changed = false
  for (let i = 0; i < inputs.length; i++) {
    const input1 = inputs[i]!
    for (let j = i + 1; j < inputs.length; j++) {
      const input2 = inputs[j]!
      if (input2.useEmpty || ownerOf(input1) !== ownerOf(input2)) {
        continue
      }
      if (sameForwardedValues(mapping.get(input1)!, mapping.get(input2)!)) {
        rewriter.replaceAllUsesWith(input2, input1)
        changed = true
      }
    }
  }
  return changed
}

/** Whether each predecessor op forwards the same value in both operand lists. */
function sameForwardedValues(a: readonly OpOperand[], b: readonly OpOperand[]): boolean {
  return forwardsSubset(a, b) && forwardsSubset(b, a)
}

/** The value that the last operand of `owner` in `list` forwards, or null when none. */
function lastForwardedBy(list: readonly OpOperand[], owner: Operation): Value | null {
  for (let i = list.length - 1; i >= 0; i--) {
    const o = list[i]!
    if (o.owner === owner) {
      return o.value
    }
  }
  return null
}

/** Whether every predecessor in `a` also forwards in `b`, and the same value (the last of each). */
function forwardsSubset(a: readonly OpOperand[], b: readonly OpOperand[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const owner = a[i]!.owner
    const inB = lastForwardedBy(b, owner)
    if (inB === null || inB !== lastForwardedBy(a, owner)) {
      return false
    }
  }
  return true
}

/**
 * Erases successor inputs that are dead together with every input tied to them (fed by
 * the same operand), and the operands forwarded to them (MLIR's
 * `RemoveDeadRegionBranchOpSuccessorInputs`). Results are dropped by rebuilding the op.
 */
export const RemoveDeadRegionBranchOpSuccessorInputs: CanonicalizationPattern = {
  name: 'RemoveDeadRegionBranchOpSuccessorInputs',
  rootName: '',
  benefit: 1,
  matchAndRewrite: (op, rewriter) => removeDeadSuccessorInputs(op, rewriter, edgesOf(op, rewriter)),
}

/**
 * Whether each unused input of `edges` is fed by an operand that also feeds a used input:
 * each is then kept with that input, and no input can be removed.
 */
function everyUnusedInputTiedToUsed(edges: EdgeList): boolean {
  edges.indexInputs()
  const ids = edges.inputIds
  const used = edges.used
  for (let k = 0; k < edges.numInputs; k++) {
    if (used[k]) {
      continue
    }
    let tied = false
    for (let j = edges.firstEdge[k]!; j < edges.length && !tied; j++) {
      if (ids[j] !== k) {
        continue
      }
      const operand = edges.operands[j]!
      for (let i = 0; i < edges.length; i++) {
        if (edges.operands[i] === operand && used[ids[i]!]) {
          tied = true
          break
        }
      }
    }
    if (!tied) {
      return false
    }
  }
  return true
}

/** Whether an input of `edges` has no use. */
function anyUnusedInput(edges: EdgeList): boolean {
  for (let i = 0; i < edges.length; i++) {
    if (edges.inputs[i]!.useEmpty) {
      return true
    }
  }
  return false
}

function removeDeadSuccessorInputs(op: Operation, rewriter: RewriterLike, edges: EdgeList): boolean {
  // Only a set whose inputs are all unused is removed: without an unused input there is
  // none (and then every unused input is tied to a used one, vacuously).
  if (edges.length <= SMALL_EDGE_COUNT) {
    if (everyUnusedInputTiedToUsed(edges)) {
      return false
    }
  } else if (!anyUnusedInput(edges)) {
    return false
  }
  // Inputs fed by the same operand are tied: they stay or go together, so a set of tied
  // inputs goes only when none of them is used. The kept inputs are the used ones and,
  // through the operands that feed them, every input tied to one (a few passes over the
  // edges, which are few).
  const keptInputs = new Set<Value>()
  const keptOperands = new Set<OpOperand>()
  for (let i = 0; i < edges.length; i++) {
    const input = edges.inputs[i]!
    if (!input.useEmpty) {
      keptInputs.add(input)
      keptOperands.add(edges.operands[i]!)
    }
  }
  for (let grew = true; grew; ) {
    grew = false
    for (let i = 0; i < edges.length; i++) {
      const input = edges.inputs[i]!
      const operand = edges.operands[i]!
      if (keptInputs.has(input) !== keptOperands.has(operand)) {
        keptInputs.add(input)
        keptOperands.add(operand)
        grew = true
      }
    }
  }
  const toRemove = new Set<Value>()
  for (let i = 0; i < edges.length; i++) {
    const input = edges.inputs[i]!
    if (!keptInputs.has(input)) {
      toRemove.add(input)
    }
  }
  if (toRemove.size === 0) {
    return false
  }
  // Operands forwarded into removed inputs, grouped by owner.
  const operandsToRemove = new Map<Operation, Set<number>>()
  for (let i = 0; i < edges.length; i++) {
    if (!toRemove.has(edges.inputs[i]!)) {
      continue
    }
    const operand = edges.operands[i]!
    let s = operandsToRemove.get(operand.owner)
    if (s === undefined) {
      s = new Set()
      operandsToRemove.set(operand.owner, s)
    }
    s.add(operand.index)
  }
  for (const [owner, indices] of operandsToRemove) {
    const sorted = [...indices].sort((a, b) => b - a)
    rewriter.modifyOpInPlace(owner, () => {
      for (const i of sorted) {
        owner.eraseOperand(i)
      }
    })
  }
  const blockArgs = new Map<Block, Set<number>>()
  const results: number[] = []
  for (const v of toRemove) {
    if (v instanceof OpResult) {
      results.push(v.index)
    } else if (v instanceof BlockArgument) {
      let s = blockArgs.get(v.owner)
      if (s === undefined) {
        s = new Set()
        blockArgs.set(v.owner, s)
      }
      s.add(v.index)
    }
  }
  for (const [block, indices] of blockArgs) {
    rewriter.modifyOpInPlace(block.parentOp!, () => block.eraseArguments(indices))
  }
  if (results.length > 0) {
    eraseOpResults(rewriter, op, new Set(results))
  }
  return true
}

/**
 * Replaces `op` by a copy without the results in `erase` (unused), moving its regions
 * over (MLIR's `RewriterBase::eraseOpResults`).
 */
function eraseOpResults(rewriter: RewriterLike, op: Operation, erase: ReadonlySet<number>): Operation {
  rewriter.setInsertionPoint(op)
  // The copy takes `op`'s location as it is (see `takeLocationOf`), not made here.
  const state = new OperationState(UnknownLoc.get(op.context), op.name)
  state.addOperands(op.getOperands())
  state.addTypes(op.results.filter((_, i) => !erase.has(i)).map((r) => r.type))
  state.properties = [...op.properties.entries]
  state.attributes = [...op.attributes.entries]
  for (let i = 0; i < op.numRegions; i++) {
    state.addRegion()
  }
  const created = Operation.create(state)
  created.takeLocationOf(op)
  const newOp = rewriter.insert(created)
  for (let i = 0; i < op.numRegions; i++) {
    const from: Region = op.getRegion(i)
    ;(rewriter as unknown as PatternRewriter).inlineRegionBefore(from, newOp.getRegion(i), null)
  }
  const repl: Value[] = []
  let k = 0
  for (let i = 0; i < op.numResults; i++) {
    repl.push(erase.has(i) ? op.getResult(i) : newOp.getResult(k++))
  }
  rewriter.replaceOp(op, repl)
  return newOp
}

/**
 * The three region-branch canonicalizations rooted at `rootName`, in MLIR's order. Each
 * copy shares its pattern's `matchAndRewrite` (which reads no `this`) rather than wrapping
 * it in a closure: a call less per pattern tried, on every visit of a loop.
 */
export function regionBranchPatterns(rootName: string): CanonicalizationPattern[] {
  return [MakeRegionBranchOpSuccessorInputsDead, RemoveDuplicateSuccessorInputUses, RemoveDeadRegionBranchOpSuccessorInputs].map((p) => ({ ...p, rootName }))
}
