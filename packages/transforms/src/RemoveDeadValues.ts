import {
  ArrayAttr,
  BranchOpInterface,
  DenseArrayAttr,
  producedOperandCount,
  CallOpInterface,
  DictionaryAttr,
  FrozenRewritePatternSet,
  FunctionOpInterface,
  FunctionType,
  Operation,
  OpBuilder,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  type SymbolRefAttr,
  SymbolTable,
  Trait,
  applyOpPatternsGreedily,
  getMemoryEffects,
  type Attribute,
  type Block,
  type CallOpInterfaceImpl,
  type BlockArgument,
  type OpResult,
  type Value,
} from '@tilepass/ir'
import { OperationPass, boolOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { PoisonAttr, PoisonOp, UBDialect, UnreachableOp } from '@tilepass/dialects'
import { collectCanonicalizationPatterns } from './Canonicalizer.ts'
import { ConstantSolver } from './ConstantSolver.ts'

/** The option declarations of the pass (see `OptionDecls`). */
export type RemoveDeadValuesOptionDecls = { readonly canonicalize: ScalarOption<boolean> }
const removeDeadValuesOptions: RemoveDeadValuesOptionDecls = {
  canonicalize: boolOption('canonicalize', true, 'Canonicalize region branch ops'),
}

/** A private function whose arguments and results may be dropped, with its call sites. */
class FunctionInfo {
  readonly calls: Operation[] = []
  /** Set when the symbol is used other than as the callee of a call op. */
  hasOtherUses = false
  /** Ops that name the function other than as a callee through a flat reference (`func.constant`). */
  readonly otherUsers: Operation[] = []
  constructor(readonly op: Operation) {}
}

/** One edge of a branch op to a successor block, with the operand range it forwards. */
class BranchEdge {
  constructor(
    readonly branch: Operation,
    readonly successor: number,
    /** Index of the first forwarded operand in the branch's operand list. */
    readonly firstOperand: number,
    readonly numOperands: number,
  ) {}
}

/** An operand of a region branch op or of one of its region terminators, forwarded to successor inputs. */
class ForwardedOperand {
  readonly inputs: Value[] = []
  constructor(
    readonly owner: Operation,
    readonly index: number,
  ) {}
}

/**
 * How a region branch op forwards values: which operands (of the op and of its region
 * terminators) flow into which successor inputs (region arguments, op results).
 */
class RegionOpInfo {
  /** Operands forwarded into each successor input. */
  readonly operandsOf = new Map<Value, ForwardedOperand[]>()
  readonly forwarded: ForwardedOperand[] = []
  /** Operands of the op and its region terminators that are not forwarded (conditions, bounds). */
  readonly nonForwarded: { owner: Operation; index: number }[] = []
}

/**
 * The forwarding of `op`, or null where it cannot be modelled exactly (forwarded operands
 * that are not trailing operands, successor inputs without a forwarded operand, region
 * terminators that are neither branches nor region branch terminators).
 */
function regionOpInfo(op: Operation): RegionOpInfo | null {
  const rb = RegionBranchOpInterface.get(op)
  if (rb === undefined || rb.getEntrySuccessorOperands === undefined) {
    return null
  }
  const info = new RegionOpInfo()
  const entryForwarded = new Set<number>()
  const byOwner = new Map<Operation, (ForwardedOperand | undefined)[]>()
  const addEdge = (owner: Operation, values: readonly Value[], inputs: readonly Value[], forwardedSet: Set<number>): boolean => {
    if (values.length !== inputs.length) {
      return false
    }
    const first = owner.operands.length - values.length
    if (first < 0) {
      return false
    }
    for (let k = 0; k < values.length; k++) {
      if (owner.operands[first + k]!.value !== values[k]) {
        return false
      }
      let slots = byOwner.get(owner)
      if (slots === undefined) {
        slots = []
        byOwner.set(owner, slots)
      }
      let fo = slots[first + k]
      if (fo === undefined) {
        fo = new ForwardedOperand(owner, first + k)
        slots[first + k] = fo
        info.forwarded.push(fo)
      }
      fo.inputs.push(inputs[k]!)
      let list = info.operandsOf.get(inputs[k]!)
      if (list === undefined) {
        list = []
        info.operandsOf.set(inputs[k]!, list)
      }
      list.push(fo)
      forwardedSet.add(first + k)
    }
    return true
  }
  for (const succ of rb.getSuccessorRegions(op, null)) {
    if (!addEdge(op, rb.getEntrySuccessorOperands(op, succ.region), succ.inputs, entryForwarded)) {
      return null
    }
  }
  for (let i = 0; i < op.operands.length; i++) {
    if (!entryForwarded.has(i)) {
      info.nonForwarded.push({ owner: op, index: i })
    }
  }
  for (const region of op.regions) {
    const successors = rb.getSuccessorRegions(op, region)
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const t = b.lastOp
      if (t === null || !t.hasTrait(Trait.IsTerminator)) {
        return null
      }
      if (isBranch(t)) {
        continue
      }
      const rbt = RegionBranchTerminatorOpInterface.get(t)
      if (rbt === undefined) {
        return null
      }
      const forwardedSet = new Set<number>()
      for (const succ of successors) {
        if (!addEdge(t, rbt.getSuccessorOperands(t, succ.region), succ.inputs, forwardedSet)) {
          return null
        }
      }
      for (let i = 0; i < t.operands.length; i++) {
        if (!forwardedSet.has(i)) {
          info.nonForwarded.push({ owner: t, index: i })
        }
      }
    }
  }
  return info
}

function isBranch(op: Operation): boolean {
  return BranchOpInterface.get(op) !== undefined
}

function isRegionBranch(op: Operation): boolean {
  return RegionBranchOpInterface.get(op) !== undefined
}

function isFunction(op: Operation): boolean {
  return FunctionOpInterface.get(op) !== undefined
}

/**
 * Where the operands `call` forwards to its callee start: argument `i` is operand
 * `offset + i` (a segmented call may put other operands first). -1 when the forwarded
 * operands are not one contiguous run of the call's operands.
 */
function argOperandsOffset(call: Operation, iface: CallOpInterfaceImpl): number {
  const args = iface.getArgOperands(call)
  const n = args.length
  for (let k = 0; k + n <= call.operands.length; k++) {
    let i = 0
    while (i < n && call.operands[k + i]!.value === args[i]) {
      i++
    }
    if (i === n) {
      return k
    }
  }
  return -1
}

/**
 * Erases operand `index` of `op`, shrinking the `operandSegmentSizes` segment that holds it
 * when the op has one (upstream erases call arguments through a mutable operand range that
 * keeps the sizes in sync).
 */
function eraseOperandInSegment(op: Operation, index: number): void {
  op.eraseOperand(index)
  const sizes = op.getAttr('operandSegmentSizes')
  if (!(sizes instanceof DenseArrayAttr)) {
    return
  }
  const values = sizes.values.map(Number)
  for (let s = 0, start = 0; s < values.length; start += values[s]!, s++) {
    if (index < start + values[s]!) {
      values[s]!--
      op.setAttr('operandSegmentSizes', DenseArrayAttr.get(sizes.elementType, values))
      return
    }
  }
}

/** The offset `argOperandsOffset` found for each call counted as a call of its callee. */
const callArgOffsets = new WeakMap<Operation, number>()

/** The operand index of argument `i` of `call`, a call counted as a call of its callee. */
function callArgOperand(call: Operation, i: number): number {
  return (callArgOffsets.get(call) ?? 0) + i
}

function isCall(op: Operation): boolean {
  return CallOpInterface.get(op) !== undefined
}

/**
 * Computes which values are live (needed by an op with side effects, a public function's
 * return, a live region op, ...) by a backward fixpoint, conservatively: operands of ops
 * whose effect on liveness is not modelled are all live.
 */
class LivenessState {
  readonly live = new Set<Value>()
  private readonly liveOps = new Set<Operation>()
  private readonly worklist: Value[] = []

  constructor(
    private readonly functions: ReadonlyMap<Operation, FunctionInfo>,
    private readonly calleeOf: ReadonlyMap<Operation, FunctionInfo>,
    private readonly edgesInto: ReadonlyMap<Block, BranchEdge[]>,
    private readonly regionOps: ReadonlyMap<Operation, RegionOpInfo>,
    private readonly executable: ReadonlySet<Block>,
  ) {}

  markValue(v: Value): void {
    if (!this.live.has(v)) {
      this.live.add(v)
      this.worklist.push(v)
    }
  }

  markAllOperands(op: Operation): void {
    for (const o of op.operands) {
      this.markValue(o.value)
    }
  }

  /** Marks a region branch op (or a simple op) live: its operands, and for a region op the operands its terminators forward. */
  markOpLive(op: Operation): void {
    if (this.liveOps.has(op)) {
      return
    }
    this.liveOps.add(op)
    const info = this.regionOps.get(op)
    if (info !== undefined) {
      // Forwarded operands are live only when one of their successor inputs is.
      for (const nf of info.nonForwarded) {
        this.markValue(nf.owner.operands[nf.index]!.value)
      }
      return
    }
    this.markAllOperands(op)
    if (isRegionBranch(op)) {
      for (const r of op.regions) {
        for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
          const t = b.lastOp
          if (t !== null && t.hasTrait(Trait.IsTerminator) && !isBranch(t)) {
            this.markAllOperands(t)
          }
        }
      }
    }
  }

  run(): void {
    while (this.worklist.length > 0) {
      const v = this.worklist.pop()!
      const def = v.definingOp
      if (def !== null) {
        const info = this.calleeOf.get(def)
        if (info !== undefined) {
          this.markReturnOperands(info, (v as OpResult).index)
        } else if (this.regionOps.has(def)) {
          this.markOpLive(def)
          this.markNonSuccessorArgs(def, this.regionOps.get(def)!)
          this.markForwardedInto(v, this.regionOps.get(def)!)
        } else if (isRegionBranch(def) || (!isCall(def) && !def.hasTrait(Trait.IsTerminator))) {
          this.markOpLive(def)
        }
        continue
      }
      const arg = v as BlockArgument
      const block = arg.owner
      const parent = block.parentOp
      const info = parent === null ? undefined : this.functions.get(parent)
      if (info !== undefined && block === parent!.regions[0]!.firstBlock) {
        for (const call of info.calls) {
          if (call.parentBlock !== null && this.executable.has(call.parentBlock)) {
            this.markValue(call.operands[callArgOperand(call, arg.index)]!.value)
          }
        }
        continue
      }
      const regionInfo = parent === null ? undefined : this.regionOps.get(parent)
      if (regionInfo !== undefined && block === block.parent!.firstBlock) {
        this.markOpLive(parent!)
        this.markForwardedInto(v, regionInfo)
      }
      const edges = this.edgesInto.get(block)
      if (edges !== undefined) {
        for (const e of edges) {
          if (arg.index < e.numOperands && this.isExecutable(e.branch)) {
            this.markValue(e.branch.operands[e.firstOperand + arg.index]!.value)
          }
        }
      }
    }
  }

  /**
   * Marks the region entry arguments of `op` that no operand flows into (a loop's induction
   * variable) live: they are whenever the op has memory effects or a live result.
   */
  markNonSuccessorArgs(op: Operation, info: RegionOpInfo): void {
    for (const r of op.regions) {
      const entry = r.firstBlock
      if (entry === null) {
        continue
      }
      for (const a of entry.arguments) {
        if (!info.operandsOf.has(a)) {
          this.markValue(a)
        }
      }
    }
  }

  /** Whether `op` is in an executable block: ops elsewhere are never visited, so forward nothing. */
  private isExecutable(op: Operation): boolean {
    return op.parentBlock !== null && this.executable.has(op.parentBlock)
  }

  private markForwardedInto(input: Value, info: RegionOpInfo): void {
    for (const fo of info.operandsOf.get(input) ?? []) {
      if (this.isExecutable(fo.owner)) {
        this.markValue(fo.owner.operands[fo.index]!.value)
      }
    }
  }

  private markReturnOperands(info: FunctionInfo, index: number): void {
    const body = info.op.regions[0]!
    const numResults = functionType(info.op).results.length
    for (let b = body.firstBlock; b !== null; b = b.nextBlock) {
      const t = b.lastOp
      if (t !== null && this.executable.has(b) && t.hasTrait(Trait.ReturnLike) && t.operands.length === numResults && index < numResults) {
        this.markValue(t.operands[index]!.value)
      }
    }
  }
}

function functionType(op: Operation): FunctionType {
  return FunctionOpInterface.get(op)!.getFunctionType(op)
}

/** `attrs` (an `arg_attrs`/`res_attrs` array) without the entries at `dead`; null when every remaining dictionary is empty. */
function filterAttrDicts(attr: Attribute | undefined, dead: readonly boolean[]): ArrayAttr | null | undefined {
  if (!(attr instanceof ArrayAttr)) {
    return undefined
  }
  const kept: Attribute[] = []
  let allEmpty = true
  for (let i = 0; i < attr.elements.length; i++) {
    if (dead[i] === true) {
      continue
    }
    const e = attr.elements[i]!
    kept.push(e)
    if (!(e instanceof DictionaryAttr) || e.entries.length !== 0) {
      allEmpty = false
    }
  }
  return allEmpty ? null : ArrayAttr.get(attr.context, kept)
}

/**
 * `isMemoryEffectFree` with its answers kept per op: an op with recursive effects asks
 * its nested ops, which deep nests would otherwise ask again at every level.
 */
function memoizedEffectFree(): (op: Operation) => boolean {
  const cache = new Map<Operation, boolean>()
  const effectFree = (op: Operation): boolean => {
    let r = cache.get(op)
    if (r !== undefined) {
      return r
    }
    const effects = getMemoryEffects(op)
    const recursive = op.hasTrait(Trait.RecursiveMemoryEffects)
    if (effects !== null && effects.length !== 0) {
      r = false
    } else if (!recursive) {
      r = effects !== null
    } else {
      r = true
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null && r; b = b.nextBlock) {
          for (let o = b.firstOp; o !== null; o = o.nextOp) {
            if (!effectFree(o)) {
              r = false
              break
            }
          }
        }
      }
    }
    cache.set(op, r)
    return r
  }
  return effectFree
}

/**
 * The first of `op` and its ancestors (below `root`) that `hit` accepts, or null; the answer
 * is kept in `cache` for every op walked, so that asking for each op of a deep nest costs
 * O(ops), not O(ops x depth).
 */
function firstAncestorWhere(
  cache: Map<Operation, Operation | null>,
  op: Operation | null,
  root: Operation | null,
  hit: (op: Operation) => boolean,
): Operation | null {
  const path: Operation[] = []
  let found: Operation | null = null
  for (let o = op; o !== null && o !== root; o = o.parentOp) {
    const known = cache.get(o)
    if (known !== undefined) {
      found = known
      break
    }
    if (hit(o)) {
      found = o
      break
    }
    path.push(o)
  }
  for (const o of path) {
    cache.set(o, found)
  }
  return found
}

/** The nearest symbol table strictly enclosing an op. */
function memoizedNearestTable(): (op: Operation) => Operation | null {
  const cache = new Map<Operation, Operation | null>()
  return (op) => firstAncestorWhere(cache, op.parentOp, null, (o) => o.hasTrait(Trait.SymbolTable))
}

/**
 * Removes values that nothing needs (`remove-dead-values`), after a liveness analysis:
 * unused arguments and results of private functions with their call-site operands and
 * results, dead successor operands with their block arguments, side-effect-free ops whose
 * results are all dead, and side-effect-free region branch ops (`scf.if`, `scf.for`, ...)
 * whose results are all dead; operands that a live region branch op (or its region
 * terminators) forwards only to dead results or region arguments are replaced with
 * `ub.poison`. Code that is not executable (private functions without executable callers,
 * blocks without executable predecessors) roots no liveness: its branches, whose condition
 * is dead, become `ub.unreachable`, and its ops with a dead operand are erased whatever
 * their effects. Then, with `canonicalize`, the region branch ops are canonicalized.
 * Executability comes from sparse constant propagation, as in mlir-opt: the successors,
 * regions and cases that constant conditions do not select are not executable, and what
 * they forward or return makes nothing live. Not handled (the whole IR is left as it is,
 * where mlir-opt may leave null operands): a value that disappears while a use of it stays
 * (a `return` in dead code) and canonicalization does not erase that use;
 * region branch ops whose forwarding is not modelled keep all their operands live; blocks
 * whose predecessors disagree on which operands are dead keep them; private functions used
 * other than as a call's callee in executable code, and functions nested in inner symbol
 * tables, are not changed.
 */
export class RemoveDeadValues extends OperationPass<OptionValues<RemoveDeadValuesOptionDecls>> {
  static override readonly argument = 'remove-dead-values'
  static override readonly summary = 'Remove dead values'
  static override readonly description =
    'Removes values that are not live: (A) arguments of private functions that are not live, with the matching call operands; (B) results of private functions that are not live at any call site; (C) dead successor operands of branch ops with their block arguments; (D) ops, including region branch ops, without memory effects whose results are all dead; operands that a live region branch op forwards only to dead values become ub.poison; code is executable only where sparse constant propagation reaches it (blocks, regions and cases a constant condition does not select are not), and in code that is not executable, branch ops become ub.unreachable and ops with dead operands are erased. Not handled (left unchanged): IR where a use of a removed value would remain; private functions referenced other than as the callee of a call op (CallOpInterface) from executable code.'
  static override readonly options: RemoveDeadValuesOptionDecls = removeDeadValuesOptions
  static readonly passName: string = 'RemoveDeadValues'

  override runOnOperation(): void {
    const root = this.getOperation()
    const context = this.getContext()
    const effectFree = memoizedEffectFree()
    const nearestTable = memoizedNearestTable()
    // `ub.poison` replaces dead forwarded operands (MLIR's pass depends on the ub dialect).
    if (!context.isDialectRegistered(UBDialect.namespace)) {
      context.registerDialect(UBDialect)
    }
    const functions = new Map<Operation, FunctionInfo>()
    // Candidate functions by the symbol table that holds them, then by name.
    const byScope = new Map<Operation, Map<string, FunctionInfo>>()
    const byLeafName = new Map<string, FunctionInfo[]>()
    root.walk((op) => {
      const fi = FunctionOpInterface.get(op)
      const scope = op.parentOp
      if (fi === undefined || fi.setFunctionType === undefined || op.name.name !== 'func.func' || scope === null || !scope.hasTrait(Trait.SymbolTable)) {
        return
      }
      const name = SymbolTable.getSymbolName(op)
      const body = op.regions[0]
      if (name === undefined || body === undefined || body.firstBlock === null || SymbolTable.getSymbolVisibility(op) === 'public') {
        return
      }
      const info = new FunctionInfo(op)
      functions.set(op, info)
      let names = byScope.get(scope)
      if (names === undefined) {
        names = new Map()
        byScope.set(scope, names)
      }
      names.set(name, info)
      let same = byLeafName.get(name)
      if (same === undefined) {
        same = []
        byLeafName.set(name, same)
      }
      same.push(info)
    })

    // Symbol uses, call sites and branch edges, in one walk.
    const calleeOf = new Map<Operation, FunctionInfo>()
    const edgesInto = new Map<Block, BranchEdge[]>()
    const opaqueBlocks = new Set<Block>()
    const allOps: Operation[] = []
    root.walk((op) => {
      if (op === root) {
        return
      }
      allOps.push(op)
      // A flat reference names a symbol of the nearest enclosing symbol table; a nested
      // reference is not followed, its leaf name just disqualifies functions of that name.
      let scope: Operation | null | undefined
      const visit = (ref: SymbolRefAttr, isCallee: boolean): void => {
        if (ref.nestedReferences.length !== 0) {
          for (const info of byLeafName.get(ref.leafReference) ?? []) {
            info.hasOtherUses = true
          }
          return
        }
        scope ??= nearestTable(op)
        const info = scope === null ? undefined : byScope.get(scope)?.get(ref.rootReference)
        if (info === undefined) {
          return
        }
        if (isCallee) {
          info.calls.push(op)
          calleeOf.set(op, info)
        } else {
          info.otherUsers.push(op)
        }
      }
      const callIface = CallOpInterface.get(op)
      const argOffset = callIface === undefined ? -1 : argOperandsOffset(op, callIface)
      const callee = argOffset < 0 ? undefined : callIface!.getCallee(op)
      if (argOffset > 0) {
        callArgOffsets.set(op, argOffset)
      } else {
        callArgOffsets.delete(op)
      }
      for (const na of op.getAttrs()) {
        const isCallee = callee !== undefined && na.value === callee
        SymbolTable.walkSymbolRefs(na.value, (ref) => {
          visit(ref, isCallee)
        })
      }
      const bi = BranchOpInterface.get(op)
      if (bi !== undefined && op.successors.length > 0) {
        let total = 0
        const lists: Value[][] = []
        for (let s = 0; s < op.successors.length; s++) {
          const l = bi.getSuccessorOperands(op, s)
          lists.push(l)
          total += l.length
        }
        // Forwarded operands are expected to be the trailing operands, successor by successor.
        let at = op.operands.length - total
        let layoutOk = at >= 0
        for (let s = 0; s < op.successors.length && layoutOk; s++) {
          // Arguments the branch produces itself have no operand: the edge is opaque.
          layoutOk = producedOperandCount(bi, op, s) === 0
        }
        const edges: BranchEdge[] = []
        for (let s = 0; s < lists.length && layoutOk; s++) {
          const l = lists[s]!
          for (let k = 0; k < l.length; k++) {
            if (op.operands[at + k]?.value !== l[k]) {
              layoutOk = false
            }
          }
          edges.push(new BranchEdge(op, s, at, l.length))
          at += l.length
        }
        for (let s = 0; s < op.successors.length; s++) {
          const block = op.successors[s]!.block
          if (!layoutOk) {
            opaqueBlocks.add(block)
            continue
          }
          let list = edgesInto.get(block)
          if (list === undefined) {
            list = []
            edgesInto.set(block, list)
          }
          list.push(edges[s]!)
        }
      }
    })
    // Executable blocks, as sparse constant propagation finds them: entry blocks of regions
    // of executable ops that are not region branch ops, the regions and successors that
    // constant conditions select, callees of executable calls. Code that is not executable
    // roots no liveness, so everything it defines is dead.
    const solver = new ConstantSolver()
    try {
      solver.run(root)
    } finally {
      solver.release()
    }
    const executable: ReadonlySet<Block> = solver.liveBlocks
    const isExecutable = (op: Operation): boolean => op.parentBlock !== null && executable.has(op.parentBlock)

    // Functions named other than by calls are not changed, unless every such use is in code
    // that is not executable, which this pass or canonicalization may erase (mlir-opt changes
    // the function whatever its uses); the IR is restored if one of those uses survives.
    const mustVanish: Operation[] = []
    for (const [op, info] of functions) {
      let otherUses = info.hasOtherUses
      if (!otherUses && info.otherUsers.length > 0) {
        otherUses = info.otherUsers.some(isExecutable)
        if (!otherUses) {
          mustVanish.push(...info.otherUsers)
        }
      }
      if (otherUses) {
        functions.delete(op)
        for (const c of info.calls) {
          calleeOf.delete(c)
        }
      }
    }
    for (const block of opaqueBlocks) {
      edgesInto.delete(block)
    }

    // How region branch ops forward values (null where not modelled: all operands stay live).
    const regionOps = new Map<Operation, RegionOpInfo>()
    for (const op of allOps) {
      if (isRegionBranch(op)) {
        const info = regionOpInfo(op)
        if (info !== null) {
          regionOps.set(op, info)
        }
      }
    }

    // Roots of liveness.
    const state = new LivenessState(functions, calleeOf, edgesInto, regionOps, executable)
    for (const op of allOps) {
      if (!isExecutable(op)) {
        continue
      }
      if (op.hasTrait(Trait.IsTerminator)) {
        const parent = op.parentOp
        if (isBranch(op)) {
          const edgesOk = op.successors.every((s) => edgesInto.has(s.block))
          if (!edgesOk) {
            state.markAllOperands(op)
          } else {
            // Non-forwarded operands (the condition) are live.
            const firstForwarded = forwardedStart(op, edgesInto)
            for (let i = 0; i < firstForwarded; i++) {
              state.markValue(op.operands[i]!.value)
            }
          }
        } else if (parent !== null && functions.has(parent) && op.hasTrait(Trait.ReturnLike)) {
          // Return operands are live when a caller uses the matching result, or when the
          // analysis cannot know every caller (a symbol table holds an op that may be an
          // unknown symbol table).
          if (solver.unknownCallers.has(parent)) {
            state.markAllOperands(op)
          }
        } else if (parent !== null && isRegionBranch(parent)) {
          // Forwarded out of a region op: live when the region op is.
        } else {
          state.markAllOperands(op)
        }
      } else if (calleeOf.has(op)) {
        // Forwarded call operands are live when the callee's argument is; the others are.
        const first = callArgOperand(op, 0)
        const end = first + CallOpInterface.get(op)!.getArgOperands(op).length
        for (let i = 0; i < op.numOperands; i++) {
          if (i < first || i >= end) {
            state.markValue(op.getOperand(i))
          }
        }
      } else if (isRegionBranch(op)) {
        if (!effectFree(op)) {
          state.markOpLive(op)
          const info = regionOps.get(op)
          if (info !== undefined) {
            state.markNonSuccessorArgs(op, info)
          }
        }
      } else if (isCall(op) || isFunction(op) || op.hasTrait(Trait.Symbol) || !effectFree(op)) {
        state.markAllOperands(op)
      }
    }
    state.run()
    // Branches whose condition (a non-forwarded operand) is dead, in code that is not
    // executable: replaced with `ub.unreachable`; their edges no longer count.
    const deadBranches: Operation[] = []
    for (const op of allOps) {
      if (isExecutable(op) || !isBranch(op) || !op.successors.every((s) => edgesInto.has(s.block))) {
        continue
      }
      const firstForwarded = forwardedStart(op, edgesInto)
      let conditionDead = false
      for (let i = 0; i < firstForwarded; i++) {
        if (!state.live.has(op.operands[i]!.value)) {
          conditionDead = true
        }
      }
      if (conditionDead) {
        deadBranches.push(op)
      }
    }
    if (deadBranches.length > 0) {
      const gone = new Set(deadBranches)
      for (const [block, edges] of edgesInto) {
        const kept = edges.filter((e) => !gone.has(e.branch))
        if (kept.length === 0) {
          edgesInto.delete(block)
        } else if (kept.length !== edges.length) {
          edgesInto.set(block, kept)
        }
      }
    }
    // Block arguments and successor operands: every predecessor must agree on which
    // operands are dead; where they do not, the operands are kept (so made live).
    let blockPlans: { block: Block; dead: boolean[] }[] = []
    for (;;) {
      blockPlans = []
      let rejected = false
      for (const [block, edges] of edgesInto) {
        let dead: boolean[] | null = null
        let agree = true
        let anyDead = false
        for (const e of edges) {
          const d: boolean[] = []
          for (let k = 0; k < e.numOperands; k++) {
            const isDead = !state.live.has(e.branch.operands[e.firstOperand + k]!.value)
            d.push(isDead)
            anyDead ||= isDead
          }
          if (dead === null) {
            dead = d
          } else if (dead.length !== d.length || dead.some((x, i) => x !== d[i])) {
            agree = false
          }
        }
        if (dead === null || !anyDead) {
          continue
        }
        const erasable = edges.every((e) => BranchOpInterface.get(e.branch)?.eraseSuccessorOperand !== undefined)
        if (!agree || !erasable || dead.length !== block.arguments.length) {
          for (const e of edges) {
            for (let k = 0; k < e.numOperands; k++) {
              state.markValue(e.branch.operands[e.firstOperand + k]!.value)
            }
          }
          for (const a of block.arguments) {
            state.markValue(a)
          }
          rejected = true
          continue
        }
        blockPlans.push({ block, dead })
      }
      if (!rejected) {
        break
      }
      state.run()
    }
    const live = state.live

    // The plan.
    const deadOps = new Set<Operation>()
    for (const op of allOps) {
      if (op.hasTrait(Trait.IsTerminator) || isCall(op) || isFunction(op) || isBranch(op) || op.hasTrait(Trait.Symbol)) {
        continue
      }
      // An op with a dead operand is not executable: it goes whatever its effects.
      if (!isRegionBranch(op) && op.operands.some((o) => !live.has(o.value))) {
        deadOps.add(op)
        continue
      }
      if (!effectFree(op)) {
        continue
      }
      if (op.results.some((r) => live.has(r))) {
        continue
      }
      deadOps.add(op)
    }
    const deadOperands = new Set<object>()
    for (const b of deadBranches) {
      for (const o of b.operands) {
        deadOperands.add(o)
      }
    }
    // Function arguments and results.
    const funcPlans: { info: FunctionInfo; deadArgs: boolean[]; deadRets: boolean[] }[] = []
    for (const info of functions.values()) {
      const entry = info.op.regions[0]!.firstBlock!
      const deadArgs = entry.arguments.map((a) => !live.has(a))
      const numResults = functionType(info.op).results.length
      const deadRets: boolean[] = []
      for (let i = 0; i < numResults; i++) {
        deadRets.push(!info.calls.some((c) => c.results[i] !== undefined && live.has(c.results[i]!)))
      }
      funcPlans.push({ info, deadArgs, deadRets })
      for (const c of info.calls) {
        for (let i = 0; i < deadArgs.length; i++) {
          const operand = c.operands[callArgOperand(c, i)]
          if (deadArgs[i] === true && operand !== undefined) {
            deadOperands.add(operand)
          }
        }
      }
      for (let b = info.op.regions[0]!.firstBlock; b !== null; b = b.nextBlock) {
        const t = b.lastOp
        if (t !== null && t.hasTrait(Trait.ReturnLike) && t.operands.length === numResults) {
          for (let i = 0; i < numResults; i++) {
            if (deadRets[i] === true) {
              deadOperands.add(t.operands[i]!)
            }
          }
        }
      }
    }
    for (const p of blockPlans) {
      for (const e of edgesInto.get(p.block)!) {
        for (let k = 0; k < e.numOperands; k++) {
          if (p.dead[k] === true) {
            deadOperands.add(e.branch.operands[e.firstOperand + k]!)
          }
        }
      }
    }

    const inDeadCache = new Map<Operation, Operation | null>()
    const inDeadOp = (op: Operation): boolean => firstAncestorWhere(inDeadCache, op, root, (o) => deadOps.has(o)) !== null
    // Forwarded operands of region branch ops that stay, whose successor inputs are all
    // dead: replaced with `ub.poison` (the inputs stay; canonicalization may drop them).
    const poisonOperands: ForwardedOperand[] = []
    for (const info of regionOps.values()) {
      const mine: ForwardedOperand[] = []
      for (const fo of info.forwarded) {
        // A dead forwarded value (one defined in code that is not executable) counts as a
        // dead input: nothing executable forwards it.
        if (!inDeadOp(fo.owner) && (!fo.inputs.some((x) => live.has(x)) || !live.has(fo.owner.operands[fo.index]!.value))) {
          mine.push(fo)
        }
      }
      // Per owner in operand order, as each poison is inserted right before its user.
      mine.sort((a, b) => (a.owner === b.owner ? a.index - b.index : 0))
      for (const fo of mine) {
        poisonOperands.push(fo)
        deadOperands.add(fo.owner.operands[fo.index]!)
      }
    }

    // Every use of a value about to disappear must disappear too. Where one stays (in code
    // that is not executable, mlir-opt leaves a null operand there), the IR is left alone,
    // unless canonicalization may erase the stale use: then the use is parked on a
    // placeholder, and the IR is restored from a copy if a placeholder outlives it.
    const stranded: Value[] = []
    const usesGo = (v: Value): boolean => {
      for (const u of v.uses()) {
        if (!deadOperands.has(u) && !inDeadOp(u.owner)) {
          return false
        }
      }
      return true
    }
    const checkGone = (v: Value): void => {
      if (!usesGo(v)) {
        stranded.push(v)
      }
    }
    for (const op of deadOps) {
      for (const r of op.results) {
        checkGone(r)
      }
    }
    for (const p of funcPlans) {
      const entry = p.info.op.regions[0]!.firstBlock!
      entry.arguments.forEach((a, i) => {
        if (p.deadArgs[i] === true) {
          checkGone(a)
        }
      })
      for (const c of p.info.calls) {
        c.results.forEach((r, i) => {
          if (p.deadRets[i] === true) {
            checkGone(r)
          }
        })
      }
    }
    for (const p of blockPlans) {
      p.block.arguments.forEach((a, i) => {
        if (p.dead[i] === true) {
          checkGone(a)
        }
      })
    }
    let snapshot: Operation | null = null
    const placeholders: Operation[] = []
    if (stranded.length > 0 && !this.options.canonicalize) {
      return
    }
    if (stranded.length > 0 || mustVanish.length > 0) {
      snapshot = root.clone()
    }
    if (stranded.length > 0) {
      const placeholderName = context.getOperationName('tilepass.removed_value')
      for (const v of stranded) {
        for (const u of [...v.uses()]) {
          if (deadOperands.has(u) || inDeadOp(u.owner)) {
            continue
          }
          const ph = new Operation(placeholderName, v.location, [v.type], DictionaryAttr.get(context, []), DictionaryAttr.get(context, []), 0)
          u.owner.parentBlock!.insertBefore(ph, u.owner)
          u.set(ph.results[0]!)
          placeholders.push(ph)
        }
      }
    }

    // 0. Forwarded operands whose successor inputs are dead become `ub.poison` (first, while
    // every operand still has its value).
    const poisons: Operation[] = []
    if (poisonOperands.length > 0) {
      const poisonAttr = PoisonAttr.get(context)
      for (const fo of poisonOperands) {
        const value = fo.owner.operands[fo.index]!.value
        const poison = PoisonOp.build(OpBuilder.before(fo.owner), value.location, {
          attributes: { value: poisonAttr },
          results: [value.type],
        })
        fo.owner.setOperand(fo.index, poison.results[0]!)
        poisons.push(poison)
      }
    }
    // 1. Block arguments and successor operands.
    for (const p of blockPlans) {
      for (const e of edgesInto.get(p.block)!) {
        for (let k = e.numOperands - 1; k >= 0; k--) {
          if (p.dead[k] === true) {
            BranchOpInterface.get(e.branch)!.eraseSuccessorOperand!(e.branch, e.successor, k)
          }
        }
      }
      for (let k = p.dead.length - 1; k >= 0; k--) {
        if (p.dead[k] === true) {
          p.block.arguments[k]!.dropAllUses()
          p.block.eraseArgument(k)
        }
      }
    }
    // 2. Functions, their returns and their call sites.
    for (const p of funcPlans) {
      this.shrinkFunction(p.info, p.deadArgs, p.deadRets)
    }
    // 3. Branches with a dead condition become `ub.unreachable`.
    for (const b of deadBranches) {
      UnreachableOp.build(OpBuilder.before(b), b.location)
      b.dropAllUses()
      b.erase()
    }
    // 4. Dead ops, users before definitions.
    for (let i = allOps.length - 1; i >= 0; i--) {
      const op = allOps[i]!
      if (!deadOps.has(op)) {
        continue
      }
      const parent = op.parentOp
      if (parent === null || parent === root || !inDeadOp(parent)) {
        op.dropAllUses()
        op.erase()
      }
    }

    // 5. Poison ops that nothing uses any more.
    for (const p of poisons) {
      if (p.parentBlock !== null && p.useEmpty) {
        p.erase()
      }
    }

    if (this.options.canonicalize) {
      this.canonicalizeRegionOps(root)
    }
    if (snapshot !== null) {
      // Placeholders in regions that canonicalization erased are gone with them.
      const remaining = new Set(placeholders)
      const vanishing = new Set(mustVanish)
      const found: Operation[] = []
      let outlived = false
      root.walk((op) => {
        if (remaining.has(op)) {
          found.push(op)
          outlived ||= !op.useEmpty
        } else if (vanishing.has(op)) {
          outlived = true
        }
      })
      if (!outlived) {
        for (const op of found) {
          op.erase()
        }
      } else {
        // mlir-opt leaves a null operand here: the IR is left as it was instead.
        for (let i = 0; i < root.regions.length; i++) {
          const region = root.regions[i]!
          region.dropAllReferences()
          for (let b = region.firstBlock; b !== null; b = region.firstBlock) {
            region.removeBlock(b)
          }
          region.takeBody(snapshot.regions[i]!)
        }
      }
    }
  }

  private canonicalizeRegionOps(root: Operation): void {
    const toCanonicalize: Operation[] = []
    root.walk((op) => {
      if (op !== root && isRegionBranch(op)) {
        toCanonicalize.push(op)
      }
    })
    const patterns = new FrozenRewritePatternSet(collectCanonicalizationPatterns(this.getContext()))
    if (!applyOpPatternsGreedily(toCanonicalize, patterns).converged) {
      root.emitError('greedy pattern rewrite failed to converge')
      this.signalPassFailure()
    }
  }

  private shrinkFunction(info: FunctionInfo, deadArgs: readonly boolean[], deadRets: readonly boolean[]): void {
    const op = info.op
    if (!deadArgs.includes(true) && !deadRets.includes(true)) {
      return
    }
    const fi = FunctionOpInterface.get(op)!
    const type = functionType(op)
    const entry = op.regions[0]!.firstBlock!
    for (let i = deadArgs.length - 1; i >= 0; i--) {
      if (deadArgs[i] === true) {
        entry.arguments[i]!.dropAllUses()
        entry.eraseArgument(i)
      }
    }
    for (let b = op.regions[0]!.firstBlock; b !== null; b = b.nextBlock) {
      const t = b.lastOp
      if (t !== null && t.hasTrait(Trait.ReturnLike) && t.operands.length === deadRets.length) {
        for (let i = deadRets.length - 1; i >= 0; i--) {
          if (deadRets[i] === true) {
            t.eraseOperand(i)
          }
        }
      }
    }
    const inputs = type.inputs.filter((_, i) => deadArgs[i] !== true)
    const results = type.results.filter((_, i) => deadRets[i] !== true)
    fi.setFunctionType!(op, FunctionType.get(op.context, inputs, results))
    for (const [name, dead] of [
      ['arg_attrs', deadArgs],
      ['res_attrs', deadRets],
    ] as const) {
      const filtered = filterAttrDicts(op.getAttr(name), dead)
      if (filtered === null) {
        op.removeAttr(name)
      } else if (filtered !== undefined) {
        op.setAttr(name, filtered)
      }
    }
    for (const call of info.calls) {
      for (let i = deadArgs.length - 1; i >= 0; i--) {
        if (deadArgs[i] === true) {
          eraseOperandInSegment(call, callArgOperand(call, i))
        }
      }
      if (deadRets.includes(true)) {
        const kept = call.results.filter((_, i) => deadRets[i] !== true)
        const replacement = new Operation(
          call.name,
          call.location,
          kept.map((r) => r.type),
          call.properties,
          call.attributes,
          0,
        )
        replacement.setOperands(call.operands.map((o) => o.value))
        call.parentBlock!.insertBefore(replacement, call)
        for (let i = 0; i < kept.length; i++) {
          kept[i]!.replaceAllUsesWith(replacement.results[i]!)
        }
        call.dropAllUses()
        call.erase()
      }
    }
  }
}

function forwardedStart(op: Operation, edgesInto: ReadonlyMap<Block, BranchEdge[]>): number {
  let start = op.operands.length
  for (let s = 0; s < op.successors.length; s++) {
    for (const e of edgesInto.get(op.successors[s]!.block)!) {
      if (e.branch === op && e.successor === s) {
        start = Math.min(start, e.firstOperand)
      }
    }
  }
  return start
}
