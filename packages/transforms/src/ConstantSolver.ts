import { SymbolTableCollection } from '@tilepass/analysis'
import {
  BranchOpInterface,
  producedOperandCount,
  CallOpInterface,
  CallableOpInterface,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  matchConstantOp,
  type Attribute,
  type Block,
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

/**
 * Sparse conditional constant propagation over the op's regions (shared by `sccp` and
 * `remove-dead-values`, which uses its executable blocks), as MLIR's dead code analysis
 * and sparse constant propagation run together: constants flow through folders, block
 * and region arguments and calls, and only code reachable from live entries counts.
 * Branches and region-branch ops whose interfaces implement
 * `getSuccessorForOperands`/`getEntrySuccessorRegions` only make the successors their
 * constant operands select live.
 *
 * The solver is a worklist of ops keyed by what changed: a value whose lattice changes
 * queues its users, a block that becomes executable queues its ops, a new callsite of a
 * callable pulls the callable's known returns and a new return pushes to the known
 * callsites. Each op is therefore visited a bounded number of times (the lattice has
 * height 2), and the work is near-linear in the size of the IR.
 *
 * Calls are resolved only to callables inside the analyzed op (a callable outside it, or
 * a declaration, is external: its results are unknown), so a function-scoped run treats
 * calls as opaque. Callables whose callsites are not all visible (public, `nested` in a
 * symbol table whose uses are not all visible, or referenced other than by a call) take
 * unknown arguments.
 */
export class ConstantSolver {
  readonly values: Map<Value, LatticeValue> = new Map()
  readonly liveBlocks: Set<Block> = new Set()
  /**
   * Callables whose callsites are not all known: public ones, `nested` ones in a symbol
   * table whose uses are not all visible, those used other than by a call, and every
   * callable when a symbol table holds an op that may be an unknown symbol table
   * (unregistered, one region), as MLIR's dead code analysis.
   */
  readonly unknownCallers: Set<Operation> = new Set()
  /** The number of op visits of the last `run` (a measure of the work done, for tests). */
  visits = 0

  private scope: Operation | null = null
  /**
   * First in, first out, and an op is queued again for each change that concerns it, as
   * MLIR's `DataFlowSolver`: a fold to an SSA value joins that value's lattice as it is at
   * the visit (MLIR's `getLatticeElement`, without a dependency), so the result depends on
   * the visit order, which must be MLIR's.
   */
  private readonly worklist: Operation[] = []
  /** Per callable (in scope), the live calls known to reach it. */
  private readonly callsites: Map<Operation, Operation[]> = new Map()
  private readonly knownCalls: Map<Operation, Operation> = new Map()
  /** Per callable, the returning terminators found live (the predecessors of its callsites). */
  private readonly returns: Map<Operation, Operation[]> = new Map()
  private readonly knownReturns: Set<Operation> = new Set()
  private readonly symbolTables: SymbolTableCollection = new SymbolTableCollection()

  get(v: Value): LatticeValue | undefined {
    return this.values.get(v)
  }

  /** Joins `x` into the lattice of `v`; users of `v` are queued when it changes. */
  join(v: Value, x: LatticeValue | undefined): void {
    if (x === undefined) {
      return
    }
    const cur = this.values.get(v)
    if (cur === kUnknown) {
      return
    }
    if (cur === undefined) {
      this.values.set(v, x)
    } else if (x === kUnknown || x.attr !== cur.attr) {
      this.values.set(v, kUnknown)
    } else {
      return
    }
    for (let u = v.firstUse; u !== null; u = u.nextUse) {
      this.enqueue(u.owner)
    }
  }

  setUnknown(v: Value): void {
    this.join(v, kUnknown)
  }

  /** Marks `block` executable and queues its ops. */
  markLive(block: Block | null): void {
    if (block === null || this.liveBlocks.has(block)) {
      return
    }
    this.liveBlocks.add(block)
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      this.enqueue(op)
    }
  }

  private enqueue(op: Operation): void {
    this.worklist.push(op)
  }

  /** Solves the regions of `top` (the analysis scope; its entry arguments are unknown). */
  run(top: Operation): void {
    this.scope = top
    this.visits = 0
    this.initializeSymbolCallables(top)
    for (const r of top.regions) {
      const entry = r.firstBlock
      if (entry !== null) {
        for (const a of entry.arguments) {
          this.setUnknown(a)
        }
        this.markLive(entry)
      }
    }
    const worklist = this.worklist
    let head = 0
    while (head < worklist.length) {
      const op = worklist[head++]!
      if (head >= 65536 && head * 2 >= worklist.length) {
        // Drop the visited prefix so that the queue stays the size of the pending work.
        worklist.splice(0, head)
        head = 0
      }
      const block = op.parentBlock
      if (block !== null && this.liveBlocks.has(block)) {
        this.visits++
        this.visitOp(op)
      }
    }
    worklist.length = 0
  }

  /** Marks the entry of every region live with unknown arguments (ops the solver knows nothing about). */
  private enterOpaqueRegions(op: Operation): void {
    for (const r of op.regions) {
      const entry = r.firstBlock
      if (entry !== null) {
        for (const a of entry.arguments) {
          this.setUnknown(a)
        }
        this.markLive(entry)
      }
    }
  }

  private visitOp(op: Operation): void {
    const call = CallOpInterface.get(op)
    let callee: Operation | null = null
    if (call !== undefined) {
      callee = this.visitCallSite(op, call)
    }
    if (op.regions.length > 0) {
      const rb = RegionBranchOpInterface.get(op)
      if (rb !== undefined) {
        this.visitRegionBranch(op, rb)
      } else if (CallableOpInterface.implementedBy(op)) {
        this.visitCallable(op)
      } else {
        this.enterOpaqueRegions(op)
      }
    }
    if (op.successors.length > 0) {
      this.visitBranch(op)
    } else if (isRegionOrCallableReturn(op)) {
      const parent = op.parentOp!
      const rb = RegionBranchOpInterface.get(parent)
      if (rb !== undefined) {
        this.visitRegionTerminator(op, parent, rb)
      } else {
        this.visitCallableReturn(op, parent)
      }
    }
    if (op.results.length === 0 || RegionBranchOpInterface.get(op) !== undefined) {
      return
    }
    if (call !== undefined) {
      this.visitCallResults(op, callee)
    } else if (op.regions.length > 0) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
    } else {
      this.visitFoldable(op)
    }
  }

  /** The constant value of each operand (null when unknown), or null while one is still uninitialized. */
  private operandConstants(op: Operation): (Attribute | null)[] | null {
    const out: (Attribute | null)[] = []
    for (const o of op.operands) {
      const l = this.values.get(o.value)
      if (l === undefined) {
        return null
      }
      out.push(l === kUnknown ? null : l.attr)
    }
    return out
  }

  /** Region entry arguments that receive no forwarded value (a loop's induction variable) are unknown. */
  private unknownNonSuccessorArgs(region: Region, inputs: readonly Value[]): void {
    const entry = region.firstBlock
    if (entry === null) {
      return
    }
    for (const a of entry.arguments) {
      if (!inputs.includes(a)) {
        this.setUnknown(a)
      }
    }
  }

  private forward(operands: readonly Value[], inputs: readonly Value[]): void {
    const n = Math.min(operands.length, inputs.length)
    for (let i = 0; i < n; i++) {
      this.join(inputs[i]!, this.values.get(operands[i]!))
    }
    for (let i = n; i < inputs.length; i++) {
      this.setUnknown(inputs[i]!)
    }
  }

  private visitRegionBranch(op: Operation, rb: RegionBranchOpInterfaceImpl): void {
    const constants = this.operandConstants(op)
    if (constants === null) {
      return
    }
    const successors = rb.getEntrySuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(op, null)
    for (const s of successors) {
      const forwarded = rb.getEntrySuccessorOperands?.(op, s.region) ?? []
      this.forward(forwarded, s.inputs)
      if (s.region !== null) {
        this.unknownNonSuccessorArgs(s.region, s.inputs)
        this.markLive(s.region.firstBlock)
      }
    }
  }

  private visitBranch(op: Operation): void {
    const branch = BranchOpInterface.get(op)
    let only: Block | null = null
    if (branch?.getSuccessorForOperands !== undefined) {
      const constants = this.operandConstants(op)
      if (constants === null) {
        return
      }
      only = branch.getSuccessorForOperands(op, constants)
    }
    for (let s = 0; s < op.successors.length; s++) {
      const dest = op.successors[s]!.block
      if (only !== null && dest !== only) {
        continue
      }
      if (branch === undefined) {
        for (const a of dest.arguments) {
          this.setUnknown(a)
        }
      } else {
        const produced = producedOperandCount(branch, op, s)
        for (let i = 0; i < produced && i < dest.numArguments; i++) {
          this.setUnknown(dest.getArgument(i))
        }
        this.forward(branch.getSuccessorOperands(op, s), produced === 0 ? dest.arguments : dest.arguments.slice(produced))
      }
      this.markLive(dest)
    }
  }

  /** A terminator leaving a region of a region-branch op: forwards its operands to the successors it may take. */
  private visitRegionTerminator(op: Operation, parent: Operation, rb: RegionBranchOpInterfaceImpl): void {
    const term = RegionBranchTerminatorOpInterface.get(op)
    // Wait until every operand is known, as MLIR's dead code analysis does.
    const constants = this.operandConstants(op)
    if (constants === null) {
      return
    }
    const successors = term?.getSuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(parent, op.parentRegion)
    for (const s of successors) {
      if (term !== undefined) {
        this.forward(term.getSuccessorOperands(op, s.region), s.inputs)
      } else {
        // The forwarded operands are not known: the inputs are unknown.
        for (const v of s.inputs) {
          this.setUnknown(v)
        }
      }
      if (s.region !== null) {
        this.unknownNonSuccessorArgs(s.region, s.inputs)
        this.markLive(s.region.firstBlock)
      }
    }
  }

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
        if (CallOpInterface.implementedBy(use.user)) {
          continue
        }
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

  /** The callable a call resolves to from its nearest symbol table (MLIR's `resolveCallableInTable`). */
  private resolveCallee(op: Operation, call: CallOpInterfaceImpl): Operation | null {
    const callee = call.getCallee(op)
    if (!(callee instanceof SymbolRefAttr)) {
      return null
    }
    const table = op.parentOp === null ? null : SymbolTable.getNearestSymbolTable(op.parentOp)
    return table === null ? null : (this.symbolTables.lookupSymbolIn(table, callee) ?? null)
  }

  /**
   * A live call: it becomes a known callsite of its callee when the callee is a symbol
   * callable with a body nested in the analysis scope (the scope itself is outside: a
   * function-scoped run treats a recursive call as external, as mlir-opt does). Returns
   * that callee, or null when the call is external (its results are then unknown).
   */
  private visitCallSite(op: Operation, call: CallOpInterfaceImpl): Operation | null {
    const fn = this.resolveCallee(op, call)
    if (fn === null || !fn.hasTrait(Trait.Symbol) || !this.scope!.isProperAncestor(fn)) {
      return null
    }
    const callable = CallableOpInterface.get(fn)
    const body = callable?.getCallableRegion(fn) ?? null
    if (callable !== undefined && body === null) {
      return null
    }
    if (!this.knownCalls.has(op)) {
      this.knownCalls.set(op, fn)
      let sites = this.callsites.get(fn)
      if (sites === undefined) {
        sites = []
        this.callsites.set(fn, sites)
      }
      sites.push(op)
      // The callable now has a live callsite: its entry becomes executable.
      this.enqueue(fn)
    }
    if (body !== null && !this.unknownCallers.has(fn)) {
      const entry = body.firstBlock
      if (entry !== null) {
        this.forward(call.getArgOperands(op), entry.arguments)
      }
    }
    return fn
  }

  /** A callable: its entry is executable when it has live or unknown callsites. */
  private visitCallable(fn: Operation): void {
    const entry = CallableOpInterface.get(fn)!.getCallableRegion(fn)?.firstBlock ?? null
    if (entry === null) {
      return
    }
    if (this.unknownCallers.has(fn)) {
      for (const a of entry.arguments) {
        this.setUnknown(a)
      }
      this.markLive(entry)
    } else if (this.callsites.has(fn)) {
      this.markLive(entry)
    }
    // Other regions of the callable are entered as the regions of an unknown op.
    for (const r of fn.regions) {
      if (r.firstBlock !== entry && r.firstBlock !== null) {
        for (const a of r.firstBlock.arguments) {
          this.setUnknown(a)
        }
        this.markLive(r.firstBlock)
      }
    }
  }

  /** A returning terminator of a callable: its operands flow to the results of every known callsite. */
  private visitCallableReturn(op: Operation, fn: Operation): void {
    if (!this.knownReturns.has(op)) {
      this.knownReturns.add(op)
      let list = this.returns.get(fn)
      if (list === undefined) {
        list = []
        this.returns.set(fn, list)
      }
      list.push(op)
    }
    const sites = this.callsites.get(fn)
    if (sites === undefined) {
      return
    }
    const returnLike = op.hasTrait(Trait.ReturnLike)
    for (const call of sites) {
      if (returnLike) {
        this.forwardReturn(op, call)
      } else {
        for (const r of call.results) {
          this.setUnknown(r)
        }
      }
    }
  }

  /** Joins the operands of return `ret` into the results of `call` (extra results stay as they are). */
  private forwardReturn(ret: Operation, call: Operation): void {
    const n = Math.min(ret.operands.length, call.results.length)
    for (let i = 0; i < n; i++) {
      this.join(call.results[i]!, this.values.get(ret.operands[i]!.value))
    }
  }

  /** The results of a call: what the known returns of its callee return, or unknown for an external call. */
  private visitCallResults(op: Operation, fn: Operation | null): void {
    if (fn === null) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
      return
    }
    for (const ret of this.returns.get(fn) ?? []) {
      if (ret.hasTrait(Trait.ReturnLike)) {
        this.forwardReturn(ret, op)
      } else {
        for (const r of op.results) {
          this.setUnknown(r)
        }
      }
    }
  }

  private visitFoldable(op: Operation): void {
    const def = op.name.def
    const constants = this.operandConstants(op)
    if (constants === null) {
      // Wait until every operand is known.
      return
    }
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
        this.join(op.results[i]!, this.values.get(fr))
      } else {
        this.join(op.results[i]!, { attr: fr, dialect: op.name.dialect })
      }
    }
  }
}

/**
 * True for a returning terminator of a region-branch op's region or of a callable's body:
 * the last op of its block, without successors (MLIR's `isRegionOrCallableReturn`).
 */
function isRegionOrCallableReturn(op: Operation): boolean {
  const block = op.parentBlock
  if (block === null || block.lastOp !== op || (op.isRegistered && !op.hasTrait(Trait.IsTerminator))) {
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
        if (walkSymbolTables(o, visible, fn)) {
          return true
        }
      }
    }
  }
  return isTable && fn(op, visible)
}

/**
 * Collects the symbol references in the attributes of the ops nested in `region`, not
 * looking inside nested symbol tables; false when an op may be an unknown symbol table
 * (MLIR's `SymbolTable::getSymbolUses` on a region).
 */
function collectSymbolUses(region: Region, uses: { user: Operation; ref: SymbolRefAttr }[]): boolean {
  for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
    for (let op = b.firstOp; op !== null; op = op.nextOp) {
      if (op.regions.length === 1 && op.name.dialect === null) {
        return false
      }
      for (const na of op.getAttrs()) {
        SymbolTable.walkSymbolRefs(na.value, (ref) => {
          uses.push({ user: op, ref })
        })
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

