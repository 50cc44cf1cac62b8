import {
  BranchOpInterface,
  CallOpInterface,
  FunctionOpInterface,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  matchConstantOp,
  type Attribute,
  type Block,
  type Dialect,
  type Operation,
  type Region,
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
 * `remove-dead-values`, which uses its executable blocks): constants flow
 * through folders, block and region arguments and calls to private functions, and
 * only code reachable from live entries counts. Branches and region-branch ops whose
 * interfaces implement `getSuccessorForOperands`/`getEntrySuccessorRegions` only make
 * the successors their constant operands select live.
 */
export class ConstantSolver {
  readonly values: Map<Value, LatticeValue> = new Map()
  readonly liveBlocks: Set<Block> = new Set()
  changed = false

  get(v: Value): LatticeValue | undefined {
    return this.values.get(v)
  }

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
      this.changed = true
      return
    }
    if (x === kUnknown || x.attr !== cur.attr) {
      this.values.set(v, kUnknown)
      this.changed = true
    }
  }

  setUnknown(v: Value): void {
    this.join(v, kUnknown)
  }

  markLive(block: Block | null): void {
    if (block !== null && !this.liveBlocks.has(block)) {
      this.liveBlocks.add(block)
      this.changed = true
    }
  }

  /** Marks the entry of every region live with unknown arguments (ops the solver knows nothing about). */
  private enterOpaqueRegions(op: Operation): void {
    for (const r of op.regions) {
      const entry = r.firstBlock
      if (entry !== null) {
        this.markLive(entry)
        for (const a of entry.arguments) {
          this.setUnknown(a)
        }
      }
    }
  }

  run(top: Operation): void {
    this.initializeSymbolCallables(top)
    for (const r of top.regions) {
      const entry = r.firstBlock
      if (entry !== null) {
        this.markLive(entry)
        for (const a of entry.arguments) {
          this.setUnknown(a)
        }
      }
    }
    do {
      this.changed = false
      for (const r of top.regions) {
        this.visitRegion(r)
      }
    } while (this.changed)
  }

  private visitRegion(region: Region): void {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      if (!this.liveBlocks.has(b)) {
        continue
      }
      for (let op = b.firstOp; op !== null; op = op.nextOp) {
        this.visitOp(op)
        for (const r of op.regions) {
          this.visitRegion(r)
        }
      }
    }
  }

  private visitOp(op: Operation): void {
    // Any op with successors branches (an unregistered one need not be a terminator).
    if (op.hasTrait(Trait.IsTerminator) || op.successors.length > 0) {
      // A terminator with regions of its own (`scf.reduce`): they are entered as any
      // other op's regions the solver knows nothing about.
      if (op.regions.length > 0 && RegionBranchOpInterface.get(op) === undefined) {
        this.enterOpaqueRegions(op)
      }
      this.visitTerminator(op)
      return
    }
    if (FunctionOpInterface.implementedBy(op)) {
      this.visitFunction(op)
      return
    }
    if (op.regions.length > 0) {
      const rb = RegionBranchOpInterface.get(op)
      if (rb === undefined) {
        this.enterOpaqueRegions(op)
        for (const r of op.results) {
          this.setUnknown(r)
        }
        return
      }
      const constants = this.operandConstants(op)
      if (constants === null) {
        return
      }
      const successors = rb.getEntrySuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(op, null)
      for (const s of successors) {
        const forwarded = rb.getEntrySuccessorOperands?.(op, s.region) ?? []
        this.forward(forwarded, s.inputs)
        if (s.region !== null) {
          this.markLive(s.region.firstBlock)
          this.unknownNonSuccessorArgs(s.region, s.inputs)
        }
      }
      return
    }
    const call = CallOpInterface.get(op)
    if (call !== undefined) {
      this.visitCall(op)
      return
    }
    this.visitFoldable(op)
  }

  /** The constant value of each operand (null when unknown), or null while one is still uninitialized. */
  private operandConstants(op: Operation): (Attribute | null)[] | null {
    const out: (Attribute | null)[] = []
    for (const o of op.operands) {
      const l = this.get(o.value)
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
      this.join(inputs[i]!, this.get(operands[i]!))
    }
    for (let i = n; i < inputs.length; i++) {
      this.setUnknown(inputs[i]!)
    }
  }

  private visitTerminator(op: Operation): void {
    const branch = BranchOpInterface.get(op)
    if (op.successors.length > 0) {
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
        this.markLive(dest)
        if (branch === undefined) {
          for (const a of dest.arguments) {
            this.setUnknown(a)
          }
        } else {
          this.forward(branch.getSuccessorOperands(op, s), dest.arguments)
        }
      }
      return
    }
    const parent = op.parentOp
    const region = op.parentRegion
    if (parent === null || region === null) {
      return
    }
    const rb = RegionBranchOpInterface.get(parent)
    if (rb === undefined) {
      return
    }
    const term = RegionBranchTerminatorOpInterface.get(op)
    // Wait until every operand is known, as MLIR's dead code analysis does.
    const constants = this.operandConstants(op)
    if (constants === null) {
      return
    }
    const successors = term?.getSuccessorRegions?.(op, constants) ?? rb.getSuccessorRegions(parent, region)
    for (const s of successors) {
      const operands = term !== undefined ? term.getSuccessorOperands(op, s.region) : op.getOperands()
      this.forward(operands, s.inputs)
      if (s.region !== null) {
        this.markLive(s.region.firstBlock)
        this.unknownNonSuccessorArgs(s.region, s.inputs)
      }
    }
  }

  /**
   * Callables whose callsites are not all known: public ones, those used other than by a
   * call, and every callable when a symbol table holds an op that may be an unknown
   * symbol table (unregistered, unloaded dialect, one region), as MLIR's dead code analysis.
   */
  readonly unknownCallers: Set<Operation> = new Set()

  /** Fills `unknownCallers` for the symbol tables nested in (and including) `top`. */
  initializeSymbolCallables(top: Operation): void {
    const visitTable = (table: Operation): boolean => {
      const block = table.regions[0]?.firstBlock ?? null
      if (block === null) {
        return false
      }
      let found = false
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        if (!FunctionOpInterface.implementedBy(op) || (op.regions[0]?.empty ?? true) || SymbolTable.getSymbolName(op) === undefined) {
          continue
        }
        if (SymbolTable.getSymbolVisibility(op) === 'public') {
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
          if (FunctionOpInterface.implementedBy(op)) {
            this.unknownCallers.add(op)
          }
        })
        return true
      }
      for (const use of uses) {
        if (CallOpInterface.get(use.user) !== undefined) {
          continue
        }
        const symbol = SymbolTable.lookupSymbolIn(top, use.ref)
        if (symbol !== undefined) {
          this.unknownCallers.add(symbol)
        }
      }
      return false
    }
    walkSymbolTables(top, visitTable)
  }

  private visitFunction(fn: Operation): void {
    const body = fn.regions[0]
    const entry = body?.firstBlock ?? null
    if (entry === null) {
      return
    }
    if (this.unknownCallers.has(fn)) {
      this.markLive(entry)
      for (const a of entry.arguments) {
        this.setUnknown(a)
      }
    }
  }

  private resolveCallee(op: Operation): Operation | null {
    const callee = CallOpInterface.get(op)!.getCallee(op)
    if (!(callee instanceof SymbolRefAttr)) {
      return null
    }
    return SymbolTable.lookupNearestSymbolFrom(op, callee) ?? null
  }

  private visitCall(op: Operation): void {
    const fn = this.resolveCallee(op)
    const entry = fn?.regions[0]?.firstBlock ?? null
    if (fn === null || entry === null || !FunctionOpInterface.implementedBy(fn)) {
      for (const r of op.results) {
        this.setUnknown(r)
      }
      return
    }
    this.markLive(entry)
    if (!this.unknownCallers.has(fn)) {
      this.forward(CallOpInterface.get(op)!.getArgOperands(op), entry.arguments)
    }
    // The results join what every reachable return of the callee returns.
    for (const b of fn.regions[0]!.blocks()) {
      if (!this.liveBlocks.has(b)) {
        continue
      }
      const term = b.lastOp
      if (term !== null && term.hasTrait(Trait.ReturnLike)) {
        this.forward(term.getOperands(), op.results)
      }
    }
  }

  private visitFoldable(op: Operation): void {
    if (op.results.length === 0) {
      return
    }
    const def = op.name.def
    const constants: (Attribute | null)[] = []
    for (const o of op.operands) {
      const l = this.get(o.value)
      if (l === undefined) {
        // Wait until every operand is known.
        return
      }
      constants.push(l === kUnknown ? null : l.attr)
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
        this.join(op.results[i]!, this.get(fr))
      } else {
        this.join(op.results[i]!, { attr: fr, dialect: op.name.dialect })
      }
    }
  }
}

/** Post-order walk over the symbol tables in `op` (nested tables first); `fn` returning true stops it. */
function walkSymbolTables(op: Operation, fn: (table: Operation) => boolean): boolean {
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        if (walkSymbolTables(o, fn)) {
          return true
        }
      }
    }
  }
  return op.hasTrait(Trait.SymbolTable) && fn(op)
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

