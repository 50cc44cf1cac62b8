import { SymbolTableCollection } from '@tilepass/analysis'
import {
  BranchOpInterface,
  producedOperandCount,
  CallOpInterface,
  CallableOpInterface,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  SymbolRefAttr,
  OpResult,
  SymbolTable,
  Trait,
  acquireVisitMarks,
  releaseVisitMarks,
  matchConstantOp,
  type Attribute,
  type BlockArgument,
  Block,
  type CallOpInterfaceImpl,
  type Dialect,
  type Operation,
  type Region,
  type RegionBranchOpInterfaceImpl,
  type Value,
} from '@tilepass/ir'

/** A known constant and the dialect that can materialize it. */
export interface ConstantValue {
  readonly attr: Attribute
  readonly dialect: Dialect | null
}

/** The overdefined lattice value. */
export const kUnknown = 'unknown' as const
/** The lattice: absent (uninitialized), a constant, or `kUnknown` (overdefined). */
export type LatticeValue = ConstantValue | typeof kUnknown

/** The known predecessors of a program point (MLIR's `PredecessorState`) and what to revisit when they change. */
class PredecessorState {
  declare allKnown: boolean
  declare readonly preds: Operation[]
  /** Per predecessor, the values its operands flow into (empty when none were given). */
  declare readonly inputs: (readonly Value[])[]
  /** Index of each predecessor in `preds`, once it is long. */
  declare index: Map<Operation, number> | null
  /** What to revisit when the state changes: points (an op: after it; a block: its start) and work item kinds. */
  declare readonly depPoints: (Operation | Block)[]
  declare readonly depKinds: number[]
  constructor() {
    this.allKnown = true
    this.preds = []
    this.inputs = []
    this.index = null
    this.depPoints = []
    this.depKinds = []
  }
}

const kNoInputs: readonly Value[] = []

// Work items: which analysis visits which point. Items whose visit does nothing whatever
// the state (the dead code analysis at a block start or at an op without control flow,
// the constant analysis at an op without results or a block without arguments) are never
// queued: dropping them from a first-in-first-out queue leaves the order of the others.
const kDeadCodeOp = 0
const kConstantOp = 1
const kConstantBlock = 2

// Use-def subscribers of a lattice, in the order they subscribed.
const kSubsNone = 0
const kSubsDeadCode = 1
const kSubsConstant = 2
const kSubsDeadCodeConstant = 3
const kSubsConstantDeadCode = 4

// A CFG edge's state: live, and whether the constant analysis watches it.
const kEdgeLive = 1
const kEdgeWatched = 2

/**
 * Sparse conditional constant propagation over the op's regions (shared by `sccp` and
 * `remove-dead-values`, which uses its executable blocks): MLIR's dead code analysis and
 * sparse constant propagation, run together by one solver. Constants flow through
 * folders, block and region arguments and calls, and only code reachable from live
 * entries counts. Branches and region-branch ops whose interfaces implement
 * `getSuccessorForOperands`/`getEntrySuccessorRegions` only make the successors their
 * constant operands select live.
 *
 * The solver is MLIR's `DataFlowSolver`: one first-in-first-out queue of (program point,
 * analysis) items, filled by the two analyses' initialization (dead code first) and by
 * every change of a state, which queues the state's dependents, the users of a changed
 * value for each analysis subscribed to it, and the ops of a block that becomes
 * executable. A fold to an SSA value joins that value's lattice as it is at the visit
 * (MLIR's `getLatticeElement`, without a dependency), so the result depends on the visit
 * order, which is therefore MLIR's: the same items, queued in the same order. Each state
 * changes a bounded number of times (the lattice has height 2, predecessors are only
 * added), so the work is near-linear in the size of the IR.
 *
 * Calls are resolved only to callables inside the analyzed op (a callable outside it, or
 * a declaration, is external: its results are unknown); a scope that is not a symbol
 * table is analyzed intraprocedurally (calls are opaque), as MLIR's solver does.
 * Callables whose callsites are not all visible (public, `nested` in a symbol table whose
 * uses are not all visible, or referenced other than by a call) take unknown arguments.
 */
export class ConstantSolver {
  readonly liveBlocks: Set<Block> = new Set()
  /**
   * Callables whose callsites are not all known: public ones, `nested` ones in a symbol
   * table whose uses are not all visible, those used other than by a call, and every
   * callable when a symbol table holds an op that may be an unknown symbol table
   * (unregistered, one region), as MLIR's dead code analysis.
   */
  readonly unknownCallers: Set<Operation> = new Set()
  /** The number of work items visited by the last `run` (a measure of the work done, for tests). */
  visits = 0

  private scope: Operation | null = null
  private interprocedural = true
  /** The visit marks' epoch the solver holds (0: none): an op marked with it has its results' lattices from its `visitData` on. */
  private epoch = 0
  /** Per block, the index of its first argument's lattice (while the solver holds the visit marks). */
  private readonly argumentBase: Map<Block, number> = new Map()
  /** Per value, the index of its lattice, when the visit marks are taken by another traversal. */
  private readonly ids: Map<Value, number> = new Map()
  private readonly latticeValues: (LatticeValue | undefined)[] = []
  /** Per lattice, the points the constant analysis revisits when it changes (MLIR's dependents): an op (after it) or a block (its start). */
  private readonly latticeDeps: ((Operation | Block)[] | null)[] = []
  /** Membership of the long lists of `latticeDeps`. */
  private readonly latticeDepSets: Map<number, Set<Operation | Block>> = new Map()
  /** Per lattice, the analyses revisiting the value's users when it changes, in subscription order (`kSubs*`). */
  private latticeSubs: Uint8Array = new Uint8Array(1024)
  /** Blocks whose liveness the dead code analysis watches (they hold an op with control flow). */
  private readonly deadCodeWatched: Set<Block> = new Set()
  /** Whether the constant analysis watches the liveness of every block (from its initialization on). */
  private constantWatches = false
  /** Per target block, per source block: `kEdge*` flags. */
  private readonly edges: Map<Block, Map<Block, number>> = new Map()
  /** Predecessors after an op (of a callable: its callsites; of a call or region-branch op: what returns to it). */
  private readonly predsAfter: Map<Operation, PredecessorState> = new Map()
  /** Predecessors of a region's entry block. */
  private readonly predsBefore: Map<Block, PredecessorState> = new Map()
  /** The work items, first in first out: a point (an op: after it; a block: its start), then its kind (`kDeadCodeOp`...). */
  private readonly queue: (Operation | Block | number)[] = []
  private readonly symbolTables: SymbolTableCollection = new SymbolTableCollection()

  /** The lattice value of `v` (undefined: never reached). */
  get(v: Value): LatticeValue | undefined {
    const i = this.idOf(v)
    return this.latticeValues[i]
  }

  /** Hands back the ops' visit marks, which the solver holds from `run` on for its lattices: `get` may not be called after. */
  release(): void {
    releaseVisitMarks(this.epoch)
    this.epoch = 0
  }

  /**
   * Solves the regions of `top` (the analysis scope; its entry arguments are unknown).
   * The solver takes the ops' visit marks until `release`.
   */
  run(top: Operation): void {
    this.release()
    this.scope = top
    this.visits = 0
    this.interprocedural = top.hasTrait(Trait.SymbolTable)
    // The dead code analysis initializes first: top-level blocks live, callables with
    // unknown callers, then every op with control flow, in pre-order.
    for (const r of top.regions) {
      this.markLive(r.firstBlock)
    }
    this.initializeSymbolCallables(top)
    for (const fn of this.unknownCallers) {
      this.setUnknownPredecessors(this.predsAfterOf(fn))
    }
    this.epoch = acquireVisitMarks()
    const preOrder = this.initializeDeadCode(top)
    // Then the constant analysis: entry arguments unknown, then every op and block.
    this.constantWatches = true
    for (const r of top.regions) {
      const entry = r.firstBlock
      if (entry !== null) {
        for (const a of entry.arguments) {
          this.setUnknown(a)
        }
      }
    }
    // Then the constant analysis visits every op and block, in the same pre-order.
    for (let i = 0; i < preOrder.length; i++) {
      const item = preOrder[i]!
      if (item instanceof Block) {
        this.visitConstantBlock(item)
      } else {
        this.visitConstantOp(item)
      }
    }
    const queue = this.queue
    let head = 0
    while (head < queue.length) {
      const point = queue[head] as Operation | Block
      const kind = queue[head + 1] as number
      head += 2
      if (head >= 131072 && head * 2 >= queue.length) {
        // Drop the visited prefix so that the queue stays the size of the pending work.
        queue.splice(0, head)
        head = 0
      }
      this.visits++
      if (kind === kDeadCodeOp) {
        this.visitDeadCode(point as Operation)
      } else if (kind === kConstantOp) {
        this.visitConstantOp(point as Operation)
      } else {
        this.visitConstantBlock(point as Block)
      }
    }
    queue.length = 0
  }

  // ---- States and the queue -----------------------------------------------------------

  private enqueue(point: Operation | Block, kind: number): void {
    this.queue.push(point, kind)
  }

  private enqueueOp(op: Operation, kind: number): void {
    if (kind === kDeadCodeOp ? this.isControlFlowOp(op) : op.results.length !== 0) {
      this.enqueue(op, kind)
    }
  }

  private enqueueConstantPoint(point: Operation | Block): void {
    if (point instanceof Block) {
      if (point.numArguments !== 0) {
        this.enqueue(point, kConstantBlock)
      }
    } else {
      this.enqueueOp(point, kConstantOp)
    }
  }

  /** The index of the lattice of `v`, created uninitialized. */
  private idOf(v: Value): number {
    const epoch = this.epoch
    if (epoch !== 0) {
      // The lattices of an op's results are numbered together, on the first lookup of one.
      if (v instanceof OpResult) {
        const op = v.owner
        if (op.visitMark !== epoch) {
          this.mark(op, epoch)
        }
        return (op.visitData >> 1) + (op.results[0] === v ? 0 : v.index)
      }
      const block = (v as BlockArgument).owner
      let base = this.argumentBase.get(block)
      if (base === undefined) {
        base = this.newLattices(block.numArguments)
        this.argumentBase.set(block, base)
      }
      return base + (v as BlockArgument).index
    }
    let i = this.ids.get(v)
    if (i === undefined) {
      i = this.newLattices(1)
      this.ids.set(v, i)
    }
    return i
  }

  /**
   * Takes `op`'s visit mark: its `visitData` is the index of its results' first lattice,
   * times 2, plus 1 when the op has control flow (`hasControlFlow`).
   */
  private mark(op: Operation, epoch: number): void {
    op.visitMark = epoch
    op.visitData = this.newLattices(op.results.length) * 2 + (hasControlFlow(op) ? 1 : 0)
  }

  /** Whether `op` has control flow (the dead code analysis visits it), from its visit mark when the solver holds them. */
  private isControlFlowOp(op: Operation): boolean {
    const epoch = this.epoch
    if (epoch === 0) {
      return hasControlFlow(op)
    }
    if (op.visitMark !== epoch) {
      this.mark(op, epoch)
    }
    return (op.visitData & 1) !== 0
  }

  /** Makes `n` uninitialized lattices; returns the index of the first. */
  private newLattices(n: number): number {
    const first = this.latticeValues.length
    for (let k = 0; k < n; k++) {
      this.latticeValues.push(undefined)
      this.latticeDeps.push(null)
    }
    if (first + n > this.latticeSubs.length) {
      const grown = new Uint8Array(Math.max(this.latticeSubs.length * 2, first + n))
      grown.set(this.latticeSubs)
      this.latticeSubs = grown
    }
    return first
  }

  /** The lattice value of `v`, revisiting `point` (constant analysis) when it changes (MLIR's `getLatticeElementFor`). */
  private latticeFor(point: Operation | Block, v: Value): LatticeValue | undefined {
    const i = this.idOf(v)
    const deps = this.latticeDeps[i]!
    if (deps === null) {
      this.latticeDeps[i] = [point]
    } else if (deps.length <= 8) {
      if (!deps.includes(point)) {
        deps.push(point)
        if (deps.length > 8) {
          this.latticeDepSets.set(i, new Set(deps))
        }
      }
    } else {
      const set = this.latticeDepSets.get(i)!
      if (!set.has(point)) {
        set.add(point)
        deps.push(point)
      }
    }
    return this.latticeValues[i]
  }

  private subscribe(i: number, deadCode: boolean): void {
    const s = this.latticeSubs[i]!
    if (s === kSubsNone) {
      this.latticeSubs[i] = deadCode ? kSubsDeadCode : kSubsConstant
    } else if (s === kSubsDeadCode && !deadCode) {
      this.latticeSubs[i] = kSubsDeadCodeConstant
    } else if (s === kSubsConstant && deadCode) {
      this.latticeSubs[i] = kSubsConstantDeadCode
    }
  }

  /** Joins `x` into lattice `i` of `v`; on a change, queues its dependents and its users for each subscriber. */
  private joinLattice(v: Value, i: number, x: LatticeValue | undefined): void {
    if (x === undefined) {
      return
    }
    const cur = this.latticeValues[i]
    if (cur === kUnknown) {
      return
    }
    if (cur === undefined) {
      this.latticeValues[i] = x
    } else if (x === kUnknown || x.attr !== cur.attr) {
      this.latticeValues[i] = kUnknown
    } else {
      return
    }
    const deps = this.latticeDeps[i]!
    if (deps !== null) {
      for (let k = 0; k < deps.length; k++) {
        this.enqueueConstantPoint(deps[k]!)
      }
    }
    const s = this.latticeSubs[i]!
    if (s === kSubsNone) {
      return
    }
    const first = s === kSubsDeadCode || s === kSubsDeadCodeConstant ? kDeadCodeOp : kConstantOp
    const second = s === kSubsDeadCodeConstant ? kConstantOp : s === kSubsConstantDeadCode ? kDeadCodeOp : -1
    for (let u = v.firstUse; u !== null; u = u.nextUse) {
      this.enqueueOp(u.owner, first)
      if (second !== -1) {
        this.enqueueOp(u.owner, second)
      }
    }
  }

  private join(v: Value, x: LatticeValue | undefined): void {
    this.joinLattice(v, this.idOf(v), x)
  }

  private setUnknown(v: Value): void {
    this.joinLattice(v, this.idOf(v), kUnknown)
  }

  /** Marks `block` executable: the analyses watching it revisit it and its ops. */
  private markLive(block: Block | null): void {
    if (block === null || this.liveBlocks.has(block)) {
      return
    }
    this.liveBlocks.add(block)
    const deadCode = this.deadCodeWatched.has(block)
    if (this.constantWatches && block.numArguments !== 0) {
      this.enqueue(block, kConstantBlock)
    }
    if (deadCode) {
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        this.enqueueOp(op, kDeadCodeOp)
      }
    }
    if (this.constantWatches) {
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        this.enqueueOp(op, kConstantOp)
      }
    }
  }

  private markEdgeLive(from: Block, to: Block): void {
    this.markLive(to)
    let sources = this.edges.get(to)
    if (sources === undefined) {
      sources = new Map()
      this.edges.set(to, sources)
    }
    const flags = sources.get(from) ?? 0
    if ((flags & kEdgeLive) !== 0) {
      return
    }
    sources.set(from, flags | kEdgeLive)
    if ((flags & kEdgeWatched) !== 0) {
      this.enqueueConstantPoint(to)
    }
  }

  /** Whether the edge `from` -> `to` is live; the constant analysis revisits `to` when it becomes so. */
  private watchEdge(from: Block, to: Block): boolean {
    let sources = this.edges.get(to)
    if (sources === undefined) {
      sources = new Map()
      this.edges.set(to, sources)
    }
    const flags = sources.get(from) ?? 0
    if ((flags & kEdgeWatched) === 0) {
      sources.set(from, flags | kEdgeWatched)
    }
    return (flags & kEdgeLive) !== 0
  }

  private predsAfterOf(op: Operation): PredecessorState {
    let p = this.predsAfter.get(op)
    if (p === undefined) {
      p = new PredecessorState()
      this.predsAfter.set(op, p)
    }
    return p
  }

  private predsBeforeOf(block: Block): PredecessorState {
    let p = this.predsBefore.get(block)
    if (p === undefined) {
      p = new PredecessorState()
      this.predsBefore.set(block, p)
    }
    return p
  }

  /** Revisits `point` with the analysis of `kind` when `p` changes. */
  private dependOn(p: PredecessorState, point: Operation | Block, kind: number): PredecessorState {
    const points = p.depPoints
    for (let i = 0; i < points.length; i++) {
      if (points[i] === point && p.depKinds[i] === kind) {
        return p
      }
    }
    points.push(point)
    p.depKinds.push(kind)
    return p
  }

  private predecessorsChanged(p: PredecessorState): void {
    for (let i = 0; i < p.depPoints.length; i++) {
      const point = p.depPoints[i]!
      const kind = p.depKinds[i]!
      if (kind === kConstantBlock) {
        this.enqueueConstantPoint(point)
      } else {
        this.enqueueOp(point as Operation, kind)
      }
    }
  }

  private setUnknownPredecessors(p: PredecessorState): void {
    if (p.allKnown) {
      p.allKnown = false
      this.predecessorsChanged(p)
    }
  }

  /** Adds `pred` (whose operands flow into `inputs`) to `p`. */
  private joinPredecessor(p: PredecessorState, pred: Operation, inputs: readonly Value[]): void {
    let i: number
    if (p.index !== null) {
      i = p.index.get(pred) ?? -1
    } else {
      i = p.preds.indexOf(pred)
    }
    let changed = false
    if (i === -1) {
      i = p.preds.length
      p.preds.push(pred)
      p.inputs.push(kNoInputs)
      if (p.index !== null) {
        p.index.set(pred, i)
      } else if (i >= 8) {
        p.index = new Map(p.preds.map((o, k) => [o, k]))
      }
      changed = true
    }
    if (inputs.length !== 0 && !sameValues(p.inputs[i]!, inputs)) {
      p.inputs[i] = inputs
      changed = true
    }
    if (changed) {
      this.predecessorsChanged(p)
    }
  }

  // ---- Initialization -------------------------------------------------------------------

  /**
   * The dead code analysis visits every op with control flow, in pre-order, watching its
   * block's liveness. Returns the pre-order of all ops and blocks (a block before its ops).
   */
  private initializeDeadCode(top: Operation): (Operation | Block)[] {
    const order: (Operation | Block)[] = []
    const stack: (Operation | Block)[] = [top]
    let watched: Block | null = null
    while (stack.length > 0) {
      const item = stack.pop()!
      order.push(item)
      if (item instanceof Block) {
        continue
      }
      if (this.isControlFlowOp(item)) {
        const block = item.parentBlock
        if (block !== null && block !== watched) {
          this.deadCodeWatched.add(block)
          watched = block
        }
        this.visitDeadCode(item)
      }
      pushChildrenReversed(item, stack)
    }
    return order
  }

  // ---- Dead code analysis ---------------------------------------------------------------

  private visitDeadCode(op: Operation): void {
    const block = op.parentBlock
    if (block !== null && !this.liveBlocks.has(block)) {
      return
    }
    const call = CallOpInterface.get(op)
    if (call !== undefined) {
      this.visitCallSite(op, call)
    }
    if (op.regions.length > 0) {
      const rb = RegionBranchOpInterface.get(op)
      if (rb !== undefined) {
        this.visitRegionBranch(op, rb)
      } else if (CallableOpInterface.implementedBy(op)) {
        const callsites = this.dependOn(this.predsAfterOf(op), op, kDeadCodeOp)
        if (!callsites.allKnown || callsites.preds.length !== 0) {
          this.markEntryBlocksLive(op)
        }
      } else {
        this.markEntryBlocksLive(op)
      }
    }
    if (isRegionOrCallableReturn(op)) {
      const parent = op.parentOp!
      const rb = RegionBranchOpInterface.get(parent)
      if (rb !== undefined) {
        this.visitRegionTerminator(op, parent, rb)
      } else {
        this.visitCallableReturn(op, parent)
      }
    }
    if (op.successors.length > 0) {
      this.visitBranch(op, block!)
    }
  }

  private markEntryBlocksLive(op: Operation): void {
    for (const r of op.regions) {
      this.markLive(r.firstBlock)
    }
  }

  /** The constant value of each operand (null when unknown), or null while one is still uninitialized; subscribes the dead code analysis to them. */
  private operandValues(op: Operation): (Attribute | null)[] | null {
    const out: (Attribute | null)[] = []
    for (const o of op.operands) {
      const i = this.idOf(o.value)
      this.subscribe(i, true)
      const x = this.latticeValues[i]
      if (x === undefined) {
        return null
      }
      out.push(x === kUnknown ? null : x.attr)
    }
    return out
  }

  /** The callable a call resolves to from its nearest symbol table (MLIR's `resolveCallableInTable`). */
  private resolveCallee(op: Operation, call: CallOpInterfaceImpl): Operation | null {
    const callee = call.getCallee(op)
    if (!(callee instanceof SymbolRefAttr)) {
      return null
    }
    const table = op.parentOp === null ? null : SymbolTable.getNearestSymbolTable(op.parentOp)
    return table === null ? null : (this.symbolTables.lookupSymbolIn(table, callee) ?? null)
  }

  /** A live call becomes a callsite of its callee when that is a symbol with a body in the scope; otherwise what returns to it is unknown. */
  private visitCallSite(op: Operation, call: CallOpInterfaceImpl): void {
    const fn = this.resolveCallee(op, call)
    if (fn !== null && fn.hasTrait(Trait.Symbol) && this.scope!.isAncestor(fn)) {
      const callable = CallableOpInterface.get(fn)
      if (callable === undefined || callable.getCallableRegion(fn) !== null) {
        this.joinPredecessor(this.predsAfterOf(fn), op, kNoInputs)
        return
      }
    }
    this.setUnknownPredecessors(this.predsAfterOf(op))
  }

  private visitRegionBranch(op: Operation, rb: RegionBranchOpInterfaceImpl): void {
    const constants = this.operandValues(op)
    if (constants === null) {
      return
    }
    const successors = rb.getEntrySuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(op, null)
    for (const s of successors) {
      if (s.region !== null) {
        const entry = s.region.firstBlock
        if (entry !== null) {
          this.markLive(entry)
          this.joinPredecessor(this.predsBeforeOf(entry), op, s.inputs)
        }
      } else {
        this.joinPredecessor(this.predsAfterOf(op), op, s.inputs)
      }
    }
  }

  /** A terminator leaving a region of a region-branch op: a predecessor of the successors it may take. */
  private visitRegionTerminator(op: Operation, parent: Operation, rb: RegionBranchOpInterfaceImpl): void {
    const constants = this.operandValues(op)
    if (constants === null) {
      return
    }
    const term = RegionBranchTerminatorOpInterface.get(op)
    const successors = term?.getSuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(parent, op.parentRegion)
    for (const s of successors) {
      if (s.region !== null) {
        const entry = s.region.firstBlock
        if (entry !== null) {
          this.markLive(entry)
          this.joinPredecessor(this.predsBeforeOf(entry), op, s.inputs)
        }
      } else {
        this.joinPredecessor(this.predsAfterOf(parent), op, s.inputs)
      }
    }
  }

  /** A returning terminator of a callable: a predecessor of every known callsite (unknown when not return-like). */
  private visitCallableReturn(op: Operation, fn: Operation): void {
    const callsites = this.dependOn(this.predsAfterOf(fn), op, kDeadCodeOp)
    const returnLike = op.hasTrait(Trait.ReturnLike)
    for (let i = 0; i < callsites.preds.length; i++) {
      const preds = this.predsAfterOf(callsites.preds[i]!)
      if (returnLike) {
        this.joinPredecessor(preds, op, kNoInputs)
      } else {
        this.setUnknownPredecessors(preds)
      }
    }
  }

  private visitBranch(op: Operation, block: Block): void {
    const branch = BranchOpInterface.get(op)
    if (branch === undefined) {
      for (const s of op.successors) {
        this.markEdgeLive(block, s.block)
      }
      return
    }
    const constants = this.operandValues(op)
    if (constants === null) {
      return
    }
    const only = branch.getSuccessorForOperands?.(op, constants) ?? null
    if (only !== null) {
      this.markEdgeLive(block, only)
      return
    }
    for (const s of op.successors) {
      this.markEdgeLive(block, s.block)
    }
  }

  // ---- Constant analysis ----------------------------------------------------------------

  private visitConstantOp(op: Operation): void {
    if (op.results.length === 0) {
      return
    }
    const block = op.parentBlock
    if (block !== null && !this.liveBlocks.has(block)) {
      return
    }
    const rb = op.regions.length === 0 ? undefined : RegionBranchOpInterface.get(op)
    if (rb !== undefined) {
      this.visitRegionSuccessors(this.dependOn(this.predsAfterOf(op), op, kConstantOp), op, op, rb, null, op.results)
      return
    }
    // Subscribe to every operand, and collect their constant values (null: unknown) unless one is uninitialized.
    let constants: (Attribute | null)[] | null = []
    for (const o of op.operands) {
      const i = this.idOf(o.value)
      this.subscribe(i, false)
      if (constants !== null) {
        const x = this.latticeValues[i]
        if (x === undefined) {
          constants = null
        } else {
          constants.push(x === kUnknown ? null : x.attr)
        }
      }
    }
    const call = CallOpInterface.get(op)
    if (call !== undefined) {
      this.visitCallResults(op, call)
    } else if (op.regions.length > 0) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
    } else if (constants !== null) {
      this.visitFoldable(op, constants)
    }
  }

  private visitConstantBlock(block: Block): void {
    if (block.numArguments === 0 || !this.liveBlocks.has(block)) {
      return
    }
    const args = block.arguments
    const region = block.parent!
    if (region.firstBlock === block) {
      const parent = region.parentOp!
      const callable = CallableOpInterface.get(parent)
      if (callable !== undefined && callable.getCallableRegion(parent) === region) {
        this.visitCallableEntry(parent, block)
        return
      }
      const rb = RegionBranchOpInterface.get(parent)
      if (rb !== undefined) {
        this.visitRegionSuccessors(this.dependOn(this.predsBeforeOf(block), block, kConstantBlock), block, parent, rb, region, args)
        return
      }
      for (const a of args) {
        this.setUnknown(a)
      }
      return
    }
    for (let u = block.firstPredecessorUse; u !== null; u = u.nextUse) {
      const term = u.owner
      if (!this.watchEdge(term.parentBlock!, block)) {
        continue
      }
      const branch = BranchOpInterface.get(term)
      if (branch === undefined) {
        for (const a of args) {
          this.setUnknown(a)
        }
        return
      }
      const produced = producedOperandCount(branch, term, u.index)
      const forwarded = branch.getSuccessorOperands(term, u.index)
      for (let i = 0; i < args.length; i++) {
        const operand = i < produced ? undefined : forwarded[i - produced]
        if (operand === undefined) {
          this.setUnknown(args[i]!)
        } else {
          this.join(args[i]!, this.latticeFor(block, operand))
        }
      }
    }
  }

  /** The arguments of a callable's entry: joined from its known callsites, unknown when some are not known. */
  private visitCallableEntry(fn: Operation, entry: Block): void {
    const callsites = this.dependOn(this.predsAfterOf(fn), entry, kConstantBlock)
    const args = entry.arguments
    if (!callsites.allKnown || !this.interprocedural) {
      for (const a of args) {
        this.setUnknown(a)
      }
      return
    }
    for (let i = 0; i < callsites.preds.length; i++) {
      const call = callsites.preds[i]!
      const operands = CallOpInterface.get(call)!.getArgOperands(call)
      const n = Math.min(operands.length, args.length)
      for (let k = 0; k < n; k++) {
        this.join(args[k]!, this.latticeFor(entry, operands[k]!))
      }
    }
  }

  /**
   * The values `lattices` that region-branch op `op` defines at `point` (its results, or
   * the entry arguments of `region`), joined from the operands its known predecessors
   * forward there (MLIR's `visitRegionSuccessors`).
   */
  private visitRegionSuccessors(
    preds: PredecessorState,
    point: Operation | Block,
    op: Operation,
    rb: RegionBranchOpInterfaceImpl,
    region: Region | null,
    lattices: readonly Value[],
  ): void {
    for (let p = 0; p < preds.preds.length; p++) {
      const pred = preds.preds[p]!
      // The forwarded operands: a list, or the operands of `pred` from `start` on.
      let operands: readonly Value[] | null = null
      let start: number | undefined
      if (pred === op) {
        start = rb.entrySuccessorOperandsStart?.(op, region)
        if (start === undefined) {
          operands = rb.getEntrySuccessorOperands?.(op, region) ?? []
        }
      } else {
        const term = RegionBranchTerminatorOpInterface.get(pred)
        if (term === undefined) {
          for (const v of lattices) {
            this.setUnknown(v)
          }
          return
        }
        start = term.successorOperandsStart?.(pred, region)
        if (start === undefined) {
          operands = term.getSuccessorOperands(pred, region)
        }
      }
      const inputs = preds.inputs[p]!
      let first = 0
      if (inputs.length !== lattices.length) {
        // The values that receive no forwarded operand (a loop's induction variable) are unknown.
        if (inputs.length !== 0) {
          first = lattices.indexOf(inputs[0]!)
        }
        for (let i = 0; i < lattices.length; i++) {
          if (i < first || i >= first + inputs.length) {
            this.setUnknown(lattices[i]!)
          }
        }
      }
      const predOperands = pred.operands
      const n = Math.min(lattices.length - first, operands !== null ? operands.length : predOperands.length - start!)
      for (let i = 0; i < n; i++) {
        const operand = operands !== null ? operands[i]! : predOperands[start! + i]!.value
        this.join(lattices[first + i]!, this.latticeFor(point, operand))
      }
    }
  }

  /** The results of a call: what the known returns of its callee return, or unknown for an opaque call. */
  private visitCallResults(op: Operation, call: CallOpInterfaceImpl): void {
    let external = !this.interprocedural
    if (!external) {
      const fn = this.resolveCallee(op, call)
      const callable = fn === null ? undefined : CallableOpInterface.get(fn)
      external = callable !== undefined && callable.getCallableRegion(fn!) === null
    }
    const preds = external ? null : this.dependOn(this.predsAfterOf(op), op, kConstantOp)
    if (preds === null || !preds.allKnown) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
      return
    }
    for (let p = 0; p < preds.preds.length; p++) {
      const ret = preds.preds[p]!
      const n = Math.min(ret.operands.length, op.results.length)
      for (let i = 0; i < n; i++) {
        this.join(op.results[i]!, this.latticeFor(op, ret.operands[i]!.value))
      }
    }
  }

  /** Simulates folding `op` (no regions) on the constant values of its operands (null: unknown). */
  private visitFoldable(op: Operation, constants: (Attribute | null)[]): void {
    const def = op.name.def
    if (def === null || def.fold === undefined) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
      return
    }
    if (op.hasTrait(Trait.ConstantLike)) {
      const attr = matchConstantOp(op)
      if (attr !== null) {
        this.join(op.results[0]!, { attr, dialect: op.name.dialect })
        return
      }
    }
    const operands = op.getOperands()
    const props = op.properties
    const attrs = op.attributes
    const r = def.fold(op, constants)
    if (r === undefined || !Array.isArray(r) || r.length === 0) {
      // An in-place fold is undone: the constants are simulated, not real.
      if (r !== undefined) {
        op.setOperands(operands)
        op.properties = props
        op.attributes = attrs
      }
      for (const res of op.results) {
        this.setUnknown(res)
      }
      return
    }
    const results = r as readonly (Attribute | Value)[]
    for (let i = 0; i < op.results.length; i++) {
      const fr = results[i]!
      if ('firstUse' in fr) {
        // The folded-to value's lattice as it is now, without revisiting on its changes (as MLIR).
        this.join(op.results[i]!, this.get(fr))
      } else {
        this.join(op.results[i]!, { attr: fr, dialect: op.name.dialect })
      }
    }
  }

  // ---- Symbols --------------------------------------------------------------------------

  /** Fills `unknownCallers` for the symbol tables nested in (and including) `top`. */
  initializeSymbolCallables(top: Operation): void {
    const visitTable = (table: Operation, allUsesVisible: boolean): boolean => {
      const block = table.regions[0]?.firstBlock ?? null
      if (block === null) {
        return false
      }
      let found = false
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        const callable = CallableOpInterface.get(op)
        if (callable === undefined || callable.getCallableRegion(op) === null || !op.hasTrait(Trait.Symbol)) {
          continue
        }
        const visibility = SymbolTable.getSymbolVisibility(op)
        if (visibility === 'public' || (!allUsesVisible && visibility === 'nested')) {
          this.unknownCallers.add(op)
        }
        found = true
      }
      if (!found) {
        return false
      }
      const uses: { user: Operation; ref: SymbolRefAttr }[] = []
      if (!collectSymbolUses(table.regions[0]!, uses)) {
        // Uses cannot be gathered: no callable's callsites are known.
        top.walk((op) => {
          if (CallableOpInterface.implementedBy(op)) {
            this.unknownCallers.add(op)
          }
        })
        return true
      }
      for (const use of uses) {
        // As upstream, the reference is looked up from the analysis scope.
        const symbol = this.symbolTables.lookupSymbolIn(top, use.ref)
        if (symbol !== undefined) {
          this.unknownCallers.add(symbol)
        }
      }
      return false
    }
    walkSymbolTables(top, top.parentBlock === null, visitTable)
  }
}

/** True for an op the dead code analysis visits: one with regions or successors, a call, or a region or callable return. */
function hasControlFlow(op: Operation): boolean {
  return op.regions.length > 0 || op.successors.length > 0 || isRegionOrCallableReturn(op) || CallOpInterface.implementedBy(op)
}

/** Pushes the blocks and ops nested in `op` on `stack` so that they pop in pre-order, each block before its ops. */
function pushChildrenReversed(op: Operation, stack: (Operation | Block)[]): void {
  const regions = op.regions
  for (let r = regions.length - 1; r >= 0; r--) {
    for (let b = regions[r]!.lastBlock; b !== null; b = b.prevBlock) {
      for (let o = b.lastOp; o !== null; o = o.prevOp) {
        stack.push(o)
      }
      stack.push(b)
    }
  }
}

/** Element-wise equality of two value lists (MLIR's `ValueRange` comparison). */
function sameValues(a: readonly Value[], b: readonly Value[]): boolean {
  if (a === b) {
    return true
  }
  if (a.length !== b.length) {
    return false
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false
    }
  }
  return true
}

/**
 * True for a returning terminator of a region-branch op's region or of a callable's body:
 * the last op of its block, without successors (MLIR's `isRegionOrCallableReturn`).
 */
function isRegionOrCallableReturn(op: Operation): boolean {
  const block = op.parentBlock
  if (block === null || block.lastOp !== op || op.successors.length !== 0 || (op.isRegistered && !op.hasTrait(Trait.IsTerminator))) {
    return false
  }
  const parent = op.parentOp
  return parent !== null && (RegionBranchOpInterface.implementedBy(parent) || CallableOpInterface.implementedBy(parent))
}

/**
 * Post-order walk over the symbol tables in `op` (nested tables first), with whether all
 * uses of their symbols are visible (MLIR's `SymbolTable::walkSymbolTables`); `fn`
 * returning true stops it.
 */
function walkSymbolTables(op: Operation, allUsesVisible: boolean, fn: (table: Operation, allUsesVisible: boolean) => boolean): boolean {
  const isTable = op.hasTrait(Trait.SymbolTable)
  let visible = allUsesVisible
  if (isTable) {
    visible = visible || !op.hasTrait(Trait.Symbol) || SymbolTable.getSymbolVisibility(op) === 'private'
  } else {
    visible = true
  }
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        // An op without regions holds no symbol (and is not a symbol table that `fn` could use).
        if (o.regions.length !== 0 && walkSymbolTables(o, visible, fn)) {
          return true
        }
      }
    }
  }
  return isTable && fn(op, visible)
}

/**
 * Collects the symbol references in the attributes of the ops nested in `region` but calls, not
 * looking inside nested symbol tables; false when an op may be an unknown symbol table
 * (MLIR's `SymbolTable::getSymbolUses` on a region).
 */
function collectSymbolUses(region: Region, uses: { user: Operation; ref: SymbolRefAttr }[]): boolean {
  for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
    for (let op = b.firstOp; op !== null; op = op.nextOp) {
      if (op.regions.length === 1 && op.name.dialect === null) {
        return false
      }
      // A call's references do not make its callee's callers unknown (MLIR's dead code
      // analysis skips the uses by calls): they are not collected.
      if (!CallOpInterface.implementedBy(op)) {
        const user = op
        for (const na of op.getAttrs()) {
          SymbolTable.walkSymbolRefs(na.value, (ref) => {
            uses.push({ user, ref })
          })
        }
      }
      if (!op.hasTrait(Trait.SymbolTable)) {
        for (const r of op.regions) {
          if (!collectSymbolUses(r, uses)) {
            return false
          }
        }
      }
    }
  }
  return true
}

