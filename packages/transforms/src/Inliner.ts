import { inlinerPipelineRegistry, setInlinerPipelineRegistry } from './InlinerPipelineRegistry.ts'
import { CallGraph, SymbolTableCollection, type CallGraphNode } from '@tilepass/analysis'
import {
  ArrayAttr,
  CallOpInterface,
  CallSiteLoc,
  CallableOpInterface,
  DIALECT_INLINER_INTERFACE,
  DictionaryAttr,
  IRMapping,
  OpBuilder,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  isMemoryEffectFree,
  type Attribute,
  type Block,
  type CallableOpInterfaceImpl,
  type DialectInlinerInterface,
  type Location,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  OpPassManager,
  OperationPass,
  PassRegistry,
  PipelineErrors,
  ListOption,
  intOption,
  parsePassPipelineInto,
  stringCodec,
  stringOption,
  type OptionValues,
  type ScalarOption,
} from '@tilepass/pass-manager'

/** The option declarations of `inline`. */
export type InlinerOptionDecls = {
  readonly defaultPipeline: ScalarOption<string>
  readonly opPipelines: ListOption<string>
  readonly maxIterations: ScalarOption<number>
  readonly inliningThreshold: ScalarOption<number>
}

const inlinerOptions: InlinerOptionDecls = {
  defaultPipeline: stringOption(
    'default-pipeline',
    'canonicalize',
    'The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList',
  ),
  // A list of pass managers in MLIR: its help names the value `<pass-manager>`.
  opPipelines: new ListOption<string>('op-pipelines', 'Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)', [], {
    ...stringCodec,
    valueName: 'pass-manager',
  }),
  maxIterations: intOption('max-iterations', 4, 'Maximum number of iterations when inlining within an SCC', 'uint'),
  inliningThreshold: intOption(
    'inlining-threshold',
    4294967295,
    'If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it',
    'uint',
  ),
}

/** The options of `inline`. */
export type InlinerOptions = OptionValues<InlinerOptionDecls>

/** A call of the call graph that may be inlined: the call, the node it sits in, and its callee's node. */
class ResolvedCall {
  constructor(
    readonly call: Operation,
    readonly sourceNode: CallGraphNode,
    readonly targetNode: CallGraphNode,
  ) {}
}

/** An entry of the inline history: the callee inlined, and the entry of the call it was inlined at (-1: none). */
class InlineHistoryEntry {
  constructor(
    readonly node: CallGraphNode,
    readonly parent: number,
  ) {}
}

/** The uses of discardable callables held by one callable node (MLIR's `CGUseList::CGUser`). */
class CGUser {
  /** Nodes referenced by the callable op's own attributes (counted once each); null until one is. */
  topLevelUses: Set<CallGraphNode> | null = null
  /** Nodes referenced by ops nested in the callable, with their reference counts; null until one is. */
  innerUses: Map<CallGraphNode, number> | null = null

  /** Adds `n` inner uses of `node`. */
  addInner(node: CallGraphNode, n: number): void {
    let inner = this.innerUses
    if (inner === null) {
      inner = new Map()
      this.innerUses = inner
    }
    inner.set(node, (inner.get(node) ?? 0) + n)
  }
}

/** The dialect inliner interface of `op`'s dialect, if any. */
function inlinerInterfaceOf(op: Operation | null): DialectInlinerInterface | undefined {
  return op?.name.dialect?.getInterface<DialectInlinerInterface>(DIALECT_INLINER_INTERFACE)
}

/** True when `op` is a symbol: it has the Symbol trait and a name (MLIR's `isa<SymbolOpInterface>`). */
function isSymbolOp(op: Operation): boolean {
  return op.hasTrait(Trait.Symbol) && SymbolTable.getSymbolName(op) !== undefined
}

/** True when the results of `op` have exactly one use in all. */
function hasOneUse(op: Operation): boolean {
  let n = 0
  const results = op.results
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!
    for (let u = r.firstUse; u !== null; u = u.nextUse) {
      if (++n > 1) {
        return false
      }
    }
  }
  return n === 1
}

/** True when `op` may have `trait`: it has it, or it is unregistered (MLIR's `mightHaveTrait`). */
function mightHaveTrait(op: Operation, trait: number): boolean {
  return !op.isRegistered || op.hasTrait(trait)
}

/** The number of ops nested in `region`. */
function countOps(region: Region): number {
  let n = 0
  for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
    for (let o = b.firstOp; o !== null; o = o.nextOp) {
      n++
      const regions = o.regions
      for (let i = 0; i < regions.length; i++) {
        n += countOps(regions[i]!)
      }
    }
  }
  return n
}

/**
 * Resolves the symbol references held by ops to the callable nodes they name (MLIR's
 * `SymbolTable::getSymbolUses` followed by a lookup), for `CGUseList`. `resolved`, when
 * set, caches resolutions by reference across calls, as upstream (a reference resolved
 * once keeps its node, even in another symbol table).
 */
class ReferencedNodes {
  /** The nearest symbol table around the op being walked; lookups start there. */
  private table: Operation | null = null
  private visit: (node: CallGraphNode, user: Operation) => void = () => {}

  constructor(
    private readonly cg: CallGraph,
    private readonly tables: SymbolTableCollection,
  ) {}

  /**
   * Calls `visit` with each callable node that `op` (and the ops nested in it, not
   * entering nested symbol tables) references through symbols, resolved from `op`'s
   * parent, and the op holding the reference.
   */
  forEach(op: Operation, resolved: Map<SymbolRefAttr, CallGraphNode | null> | null, visit: (node: CallGraphNode, user: Operation) => void): void {
    const from = op.parentOp
    this.table = from === null ? null : SymbolTable.getNearestSymbolTable(from)
    this.visit = visit
    this.attrsOf(op, resolved)
    if (!op.hasTrait(Trait.SymbolTable)) {
      this.nested(op, resolved)
    }
  }

  private nested(op: Operation, resolved: Map<SymbolRefAttr, CallGraphNode | null> | null): void {
    const regions = op.regions
    for (let r = 0; r < regions.length; r++) {
      for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          this.attrsOf(o, resolved)
          // An op without regions (most of them) has nothing nested to walk.
          if (o.regions.length !== 0 && !o.hasTrait(Trait.SymbolTable)) {
            this.nested(o, resolved)
          }
        }
      }
    }
  }

  // The inherent attributes, then the discardable ones (the order of the uses of one op
  // does not matter to the counts kept from them). Only the attributes that are or may
  // hold references are looked into: told by constructor (none of the three classes has
  // subclasses), as a call per attribute and `instanceof` tests cost more until this code
  // is optimized, and a walk visits the attributes of every op of every callable.
  private attrsOf(op: Operation, resolved: Map<SymbolRefAttr, CallGraphNode | null> | null): void {
    for (let list = 0; list < 2; list++) {
      const entries = list === 0 ? op.properties.entries : op.attributes.entries
      for (let i = 0; i < entries.length; i++) {
        const value = entries[i]!.value
        const kind = value.constructor
        if (kind === SymbolRefAttr || kind === ArrayAttr || kind === DictionaryAttr) {
          this.refsIn(value, op, resolved)
        }
      }
    }
  }

  private refsIn(attr: Attribute, user: Operation, resolved: Map<SymbolRefAttr, CallGraphNode | null> | null): void {
    const kind = attr.constructor
    if (kind === SymbolRefAttr) {
      const ref = attr as SymbolRefAttr
      const node = resolved === null ? this.resolve(ref) : this.resolveCached(ref, resolved)
      if (node !== null) {
        this.visit(node, user)
      }
    } else if (kind === ArrayAttr) {
      for (const e of (attr as ArrayAttr).elements) {
        this.refsIn(e, user, resolved)
      }
    } else if (kind === DictionaryAttr) {
      for (const e of (attr as DictionaryAttr).entries) {
        this.refsIn(e.value, user, resolved)
      }
    }
  }

  private resolveCached(ref: SymbolRefAttr, resolved: Map<SymbolRefAttr, CallGraphNode | null>): CallGraphNode | null {
    let node = resolved.get(ref)
    if (node === undefined) {
      node = this.resolve(ref)
      resolved.set(ref, node)
    }
    return node
  }

  private resolve(ref: SymbolRefAttr): CallGraphNode | null {
    const symbolOp = this.table === null ? undefined : this.tables.lookupSymbolIn(this.table, ref)
    const callable = symbolOp === undefined ? undefined : CallableOpInterface.get(symbolOp)
    if (symbolOp !== undefined && callable !== undefined) {
      return this.cg.lookupNode(callable.getCallableRegion(symbolOp)) ?? null
    }
    return null
  }
}

/** A symbol table with whether all uses of its symbols are visible (MLIR's `walkSymbolTables`). */
class SymbolTableScope {
  constructor(
    readonly op: Operation,
    readonly allUsesVisible: boolean,
  ) {}
}

/** Collects the symbol tables nested in `op` (and `op`) in post-order. */
function collectSymbolTables(op: Operation, allUsesVisible: boolean, out: SymbolTableScope[]): void {
  const isTable = op.hasTrait(Trait.SymbolTable)
  let visible = allUsesVisible
  if (isTable) {
    visible = visible || !isSymbolOp(op) || SymbolTable.getSymbolVisibility(op) === 'private'
  } else {
    visible = true
  }
  const regions = op.regions
  for (let r = 0; r < regions.length; r++) {
    for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        // An op without regions holds no symbol table, and none of its symbols is
        // looked up (the constructor of `CGUseList` skips a table without a region).
        if (o.regions.length !== 0) {
          collectSymbolTables(o, visible, out)
        }
      }
    }
  }
  if (isTable) {
    out.push(new SymbolTableScope(op, visible))
  }
}

function ignoreUse(): void {}

/**
 * The symbol uses of the call-graph nodes that can be erased once unused (MLIR's
 * `CGUseList`): per discardable node its use count, per node the uses it holds.
 */
class CGUseList {
  private readonly discardable: Map<CallGraphNode, number> = new Map()
  private readonly nodeUses: Map<CallGraphNode, CGUser> = new Map()
  /** The nodes whose IR may have changed since their uses were last counted. */
  private readonly changed: Set<CallGraphNode> = new Set()
  private readonly refs: ReferencedNodes

  constructor(root: Operation, cg: CallGraph, symbolTables: SymbolTableCollection) {
    this.refs = new ReferencedNodes(cg, symbolTables)
    const alwaysLive = new Map<SymbolRefAttr, CallGraphNode | null>()
    const tables: SymbolTableScope[] = []
    collectSymbolTables(root, root.parentBlock === null, tables)
    for (const scope of tables) {
      const region = scope.op.regions[0]
      if (region === undefined) {
        continue
      }
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let op = b.firstOp; op !== null; op = op.nextOp) {
          const callable = CallableOpInterface.get(op)
          const node = callable === undefined ? undefined : cg.lookupNode(callable.getCallableRegion(op))
          if (node !== undefined) {
            if (isSymbolOp(op)) {
              const vis = SymbolTable.getSymbolVisibility(op)
              // Discardable: all uses are visible (or the symbol is private) and it is not public.
              if ((scope.allUsesVisible || vis === 'private') && vis !== 'public' && !this.discardable.has(node)) {
                this.discardable.set(node, 0)
              }
            }
            continue
          }
          // Nodes referenced from outside any callable are always live.
          this.refs.forEach(op, alwaysLive, ignoreUse)
        }
      }
    }
    for (const node of alwaysLive.values()) {
      if (node !== null) {
        this.discardable.delete(node)
      }
    }
    for (const node of cg.callableNodes) {
      this.recomputeUses(node)
    }
  }

  private add(node: CallGraphNode, delta: number): void {
    this.discardable.set(node, (this.discardable.get(node) ?? 0) + delta)
  }

  private usesOf(node: CallGraphNode): CGUser {
    let uses = this.nodeUses.get(node)
    if (uses === undefined) {
      uses = new CGUser()
      this.nodeUses.set(node, uses)
    }
    return uses
  }

  /** Drops the uses that `callOp` (in `userNode`) holds. */
  dropCallUses(userNode: CallGraphNode, callOp: Operation): void {
    const userRefs = this.usesOf(userNode).innerUses
    // Only the nodes `userNode` counts uses of are decremented: without any, nothing is.
    if (userRefs === null) {
      return
    }
    this.refs.forEach(callOp, null, (node) => {
      const n = userRefs.get(node)
      if (n !== undefined) {
        userRefs.set(node, n - 1)
        this.add(node, -1)
      }
    })
  }

  /** Removes `node` (and its child nodes) from the use list, dropping the uses it holds. */
  eraseNode(node: CallGraphNode): void {
    const edges = node.edges
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i]!
      if (e.kind === 'child') {
        this.eraseNode(e.target)
      }
    }
    const uses = this.nodeUses.get(node)
    if (uses !== undefined) {
      this.decrementDiscardableUses(uses)
      this.nodeUses.delete(node)
    }
    this.discardable.delete(node)
  }

  /** True when `node` has no uses and can be erased. */
  isDead(node: CallGraphNode): boolean {
    const op = node.callableRegion!.parentOp!
    if (!isSymbolOp(op)) {
      return isMemoryEffectFree(op) && op.useEmpty
    }
    return this.discardable.get(node) === 0
  }

  /** True when `node` has exactly one use and can be erased once it is gone. */
  hasOneUseAndDiscardable(node: CallGraphNode): boolean {
    const op = node.callableRegion!.parentOp!
    if (!isSymbolOp(op)) {
      return isMemoryEffectFree(op) && hasOneUse(op)
    }
    return this.discardable.get(node) === 1
  }

  /** Notes that the IR of `node` may have changed since its uses were counted. */
  markChanged(node: CallGraphNode): void {
    this.changed.add(node)
  }

  /**
   * Recounts the uses `node` holds if its IR may have changed since they were counted
   * (the count of unchanged IR would be the same: only nodes erased meanwhile, which
   * nothing looks at again, could differ).
   */
  refreshUses(node: CallGraphNode): void {
    if (this.changed.delete(node)) {
      this.recomputeUses(node)
    }
  }

  /** Recounts the uses `node` holds. */
  recomputeUses(node: CallGraphNode): void {
    const parentOp = node.callableRegion!.parentOp!
    const old = this.nodeUses.get(node)
    if (old !== undefined) {
      this.decrementDiscardableUses(old)
    }
    const uses = new CGUser()
    this.nodeUses.set(node, uses)
    this.refs.forEach(parentOp, null, (node, user) => {
      if (!this.discardable.has(node)) {
        return
      }
      if (user !== parentOp) {
        uses.addInner(node, 1)
      } else {
        let top = uses.topLevelUses
        if (top === null) {
          top = new Set()
          uses.topLevelUses = top
        } else if (top.has(node)) {
          return
        }
        top.add(node)
      }
      this.add(node, 1)
    })
  }

  /** Adds the inner uses of `callee` to `caller`, after a copy of `callee` was inlined into it. */
  mergeUsesAfterInlining(callee: CallGraphNode, caller: CallGraphNode): void {
    const calleeInner = this.usesOf(callee).innerUses
    if (calleeInner === null) {
      return
    }
    const callerUses = this.usesOf(caller)
    // `forEach` rather than a for-of with a destructured entry: while this code is cold,
    // the destructuring makes an iterator for each entry.
    calleeInner.forEach((n, node) => {
      callerUses.addInner(node, n)
      this.add(node, n)
    })
  }

  private decrementDiscardableUses(uses: CGUser): void {
    if (uses.topLevelUses !== null) {
      uses.topLevelUses.forEach((node) => this.add(node, -1))
    }
    if (uses.innerUses !== null) {
      uses.innerUses.forEach((n, node) => this.add(node, -n))
    }
  }
}

/**
 * Inlines calls bottom-up over the call graph's SCCs and simplifies the callables it
 * visits with an optimizer pipeline (`inline`, MLIR's `InlinerPass`). Discardable
 * callables left without uses are erased at the end.
 */
export class Inliner extends OperationPass<InlinerOptions> {
  static override readonly argument = 'inline'
  static override readonly summary = 'Inline function calls'
  static override readonly options: InlinerOptionDecls = inlinerOptions
  static readonly passName: string = 'Inliner'

  /** The optimizer pipelines by callable op name; null: no pipeline for that op. */
  private readonly pipelines: Map<string, OpPassManager | null> = new Map()
  private cg!: CallGraph
  private symbolTables!: SymbolTableCollection
  private useList!: CGUseList
  /** The calls to consider in the SCC being inlined (grows as inlined bodies bring new calls). */
  private calls: ResolvedCall[] = []
  /** Set when inlining left the IR broken; the pass then fails. */
  private failed = false
  /** The callables found dead, erased when all SCCs are done. */
  private deadCallables: Set<CallGraphNode> = new Set()
  /** Scratch stacks of `collectCallOps`: blocks to walk and the node their calls belong to. */
  private readonly blockWorklist: (Block | null)[] = []
  private readonly blockOwners: (CallGraphNode | null)[] = []

  override runOnOperation(): void {
    const root = this.getOperation()
    if (!root.hasTrait(Trait.SymbolTable)) {
      root.emitOpError(' was scheduled to run under the inliner, but does not define a symbol table').report()
      this.signalPassFailure()
      return
    }
    this.cg = this.getAnalysis(CallGraph)
    this.pipelines.clear()
    this.calls = []
    this.deadCallables = new Set()
    if (!this.parseOpPipelines()) {
      this.signalPassFailure()
      return
    }
    this.symbolTables = new SymbolTableCollection()
    this.useList = new CGUseList(root, this.cg, this.symbolTables)
    this.failed = false
    for (const scc of this.cg.computeSCCs()) {
      if (!this.inlineSCC(scc) || this.failed) {
        this.signalPassFailure()
        return
      }
    }
    for (const node of this.deadCallables) {
      const op = node.callableRegion!.parentOp
      // A dead callable nested in another one is gone with it.
      if (op !== null && root.isAncestor(op)) {
        op.erase()
      }
    }
  }

  /**
   * Parses the options, then each of `op-pipelines` as mlir-opt does when the option is
   * parsed: a pipeline that does not parse fails the pass's creation (its message goes to
   * `errors`). A `default-pipeline` that does not parse is reported the same way but, as
   * upstream, does not fail: the passes parsed before the error still run.
   */
  override initializeOptions(text: string, errors: PipelineErrors): string | null {
    const message = super.initializeOptions(text, errors)
    if (message !== null) {
      return message
    }
    for (const pipeline of this.options.opPipelines) {
      if (this.parseOpPipeline(pipeline, errors) === null) {
        return ''
      }
    }
    if (this.options.defaultPipeline !== '') {
      const pm = new OpPassManager('any', 'implicit')
      const error = parsePassPipelineInto(this.options.defaultPipeline, pm, this.registry(), errors)
      if (error !== null) {
        errors.writeStderr(error)
      }
    }
    return null
  }

  /**
   * An op pipeline `dialect.op(pipeline)`, or null after writing why it does not parse to
   * `errors` (MLIR's `parsePassPipeline` with its messages).
   */
  private parseOpPipeline(text: string, errors: PipelineErrors): OpPassManager | null {
    const trimmed = text.trim()
    const start = trimmed.indexOf('(')
    if (start <= 0 || !trimmed.endsWith(')')) {
      errors.writeStderr("expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
      return null
    }
    const pm = new OpPassManager(trimmed.slice(0, start).trimEnd(), 'implicit')
    const error = parsePassPipelineInto(trimmed.slice(start + 1, -1), pm, this.registry(), errors)
    if (error !== null) {
      errors.writeStderr(error)
      return null
    }
    return pm
  }

  private parseOpPipelines(): boolean {
    for (const text of this.options.opPipelines) {
      const errors = new PipelineErrors()
      const pm = this.parseOpPipeline(text, errors)
      if (pm === null) {
        // Options set other than through `initializeOptions` were not checked yet.
        this.getOperation().emitError(`invalid op pipeline '${text}': ${errors.stderr.trim()}`).report()
        return false
      }
      // As upstream, an empty op pipeline leaves the op to the default pipeline.
      if (pm.size !== 0 && !this.pipelines.has(pm.opAnchorName)) {
        this.pipelines.set(pm.opAnchorName, pm)
      }
    }
    return true
  }

  private registry(): PassRegistry {
    let registry = inlinerPipelineRegistry()
    if (registry === null) {
      registry = new PassRegistry()
      registry.register(Inliner)
      setInlinerPipelineRegistry(registry)
    }
    return registry
  }

  /** The optimizer pipeline for callables named `opName`; null when there is none (`default-pipeline=`). */
  private pipelineFor(opName: string): OpPassManager | null {
    let pm = this.pipelines.get(opName)
    if (pm === undefined) {
      if (this.options.defaultPipeline === '') {
        pm = null
      } else {
        pm = new OpPassManager(opName, 'implicit')
        // As upstream, a default pipeline that does not parse keeps the passes parsed so
        // far and inlining goes on.
        parsePassPipelineInto(this.options.defaultPipeline, pm, this.registry(), new PipelineErrors())
      }
      this.pipelines.set(opName, pm)
    }
    return pm
  }

  // ---- SCC processing -------------------------------------------------------------------

  /** Simplifies and inlines within `scc` until nothing is inlined or the iteration limit is hit. */
  private inlineSCC(scc: CallGraphNode[]): boolean {
    let iteration = 0
    do {
      if (!this.optimizeSCC(scc)) {
        return false
      }
      if (!this.inlineCallsInSCC(scc)) {
        break
      }
    } while (++iteration < this.options.maxIterations)
    return true
  }

  /** Runs the optimizer pipelines on the isolated callables of `scc` without nested callables. */
  private optimizeSCC(scc: CallGraphNode[]): boolean {
    const visited: CallGraphNode[] = []
    for (let i = 0; i < scc.length; i++) {
      const node = scc[i]!
      // Nodes with children are skipped: simplifying them could erase nested nodes.
      if (node.isExternal || node.hasChildren) {
        continue
      }
      if (!node.callableRegion!.parentOp!.hasTrait(Trait.IsolatedFromAbove)) {
        continue
      }
      visited.push(node)
    }
    const useList = this.useList
    for (let i = 0; i < visited.length; i++) {
      const node = visited[i]!
      const op = node.callableRegion!.parentOp!
      const pm = this.pipelineFor(op.name.name)
      if (pm === null) {
        continue
      }
      const changes = this.numIRChanges
      if (!this.runPipeline(pm, op)) {
        return false
      }
      if (this.numIRChanges !== changes) {
        useList.markChanged(node)
      }
    }
    // Upstream recounts the uses of every node visited; a node whose IR did not change
    // since its uses were counted (the pipeline changed nothing, nothing was inlined into
    // it) would count the same.
    for (let i = 0; i < visited.length; i++) {
      useList.refreshUses(visited[i]!)
    }
    return true
  }

  /**
   * Collects the calls in `blocks` into `calls` (in upstream's worklist order: last block
   * first, nested regions after their block). Nested callables are entered only when
   * `traverseNestedNodes`, their calls then belonging to their own node.
   */
  private collectCallOps(first: Block | null, end: Block | null, sourceNode: CallGraphNode, traverseNestedNodes: boolean): void {
    const cg = this.cg
    // Scratch stacks kept by the pass (they only grow), so a call allocates no lists.
    const worklist = this.blockWorklist
    const owners = this.blockOwners
    let top = 0
    for (let b = first; b !== null && b !== end; b = b.nextBlock) {
      worklist[top] = b
      owners[top] = sourceNode
      top++
    }
    while (top > 0) {
      top--
      const block = worklist[top]!
      const owner = owners[top]!
      worklist[top] = null
      owners[top] = null
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        const iface = CallOpInterface.get(op)
        if (iface !== undefined) {
          const callee = iface.getCallee(op)
          if (callee instanceof SymbolRefAttr && callee.nestedReferences.length !== 0) {
            continue
          }
          const target = cg.resolveCallable(op, this.symbolTables)
          if (!target.isExternal) {
            this.calls.push(new ResolvedCall(op, owner, target))
          }
          continue
        }
        for (let r = 0; r < op.regions.length; r++) {
          const region = op.regions[r]!
          const nested = cg.lookupNode(region)
          if (traverseNestedNodes || nested === undefined) {
            for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
              worklist[top] = b
              owners[top] = nested ?? owner
              top++
            }
          }
        }
      }
    }
  }

  /** Tries to inline the calls of `scc`; true when some call was inlined. */
  private inlineCallsInSCC(scc: CallGraphNode[]): boolean {
    const useList = this.useList
    const calls = this.calls
    const deadNodes: CallGraphNode[] = []
    for (let i = 0; i < scc.length; i++) {
      const node = scc[i]!
      if (node.isExternal) {
        continue
      }
      if (useList.isDead(node)) {
        if (!deadNodes.includes(node)) {
          deadNodes.push(node)
        }
      } else {
        this.collectCallOps(node.callableRegion!.firstBlock, null, node, false)
      }
    }
    // Calls that came from inlining a callee remember it, so that it is not inlined into its own body again.
    const history: InlineHistoryEntry[] = []
    const callHistory: number[] = []
    for (let i = 0; i < calls.length; i++) {
      callHistory.push(-1)
    }
    let inlinedAny = false
    for (let i = 0; i < calls.length; i++) {
      const it = calls[i]!
      if (deadNodes.includes(it.sourceNode)) {
        continue
      }
      const historyId = callHistory[i]!
      if (this.historyIncludes(history, historyId, it.targetNode) || !this.shouldInline(it)) {
        continue
      }
      const prevSize = calls.length
      const targetRegion = it.targetNode.callableRegion!
      // The last use of a discardable callee is inlined in place and the callee erased.
      const inPlace = useList.hasOneUseAndDiscardable(it.targetNode)
      if (!this.inlineCall(it.call, targetRegion.parentOp!, targetRegion, !inPlace)) {
        continue
      }
      inlinedAny = true
      // A terminator no dialect rewrites leaves the call's results in use.
      if (!it.call.useEmpty) {
        it.call.emitError('not all uses of call were replaced').report()
        this.failed = true
        return false
      }
      const newHistoryId = history.length
      history.push(new InlineHistoryEntry(it.targetNode, historyId))
      for (let k = prevSize; k < calls.length; k++) {
        callHistory.push(newHistoryId)
      }
      useList.dropCallUses(it.sourceNode, it.call)
      useList.mergeUsesAfterInlining(it.targetNode, it.sourceNode)
      useList.markChanged(it.sourceNode)
      it.call.erase()
      if (inPlace) {
        useList.eraseNode(it.targetNode)
        if (!deadNodes.includes(it.targetNode)) {
          deadNodes.push(it.targetNode)
        }
      }
    }
    for (let i = 0; i < deadNodes.length; i++) {
      const node = deadNodes[i]!
      const at = scc.indexOf(node)
      if (at >= 0) {
        scc.splice(at, 1)
      }
      this.deadCallables.add(node)
    }
    this.calls = []
    return inlinedAny
  }

  /** True when the inline history from entry `id` already holds `node`. */
  private historyIncludes(history: readonly InlineHistoryEntry[], id: number, node: CallGraphNode): boolean {
    for (let h = id; h >= 0; h = history[h]!.parent) {
      if (history[h]!.node === node) {
        return true
      }
    }
    return false
  }

  private shouldInline(it: ResolvedCall): boolean {
    const call = it.call
    if (call.hasTrait(Trait.IsTerminator)) {
      return false
    }
    // No self-recursive callee, and no callee that calls the caller back.
    const edges = it.targetNode.edges
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i]!
      if (e.target === it.targetNode || e.target === it.sourceNode) {
        return false
      }
    }
    const calleeRegion = it.targetNode.callableRegion!
    const callerParent = call.parentOp!
    if (calleeRegion.isAncestor(call)) {
      return false
    }
    // A multi-block callee needs a caller region that may hold several blocks.
    if (calleeRegion.numBlocks >= 2 && calleeRegion.parentOp!.name !== callerParent.name && mightHaveTrait(callerParent, Trait.SingleBlock)) {
      return false
    }
    return this.isProfitableToInline(it)
  }

  private isProfitableToInline(it: ResolvedCall): boolean {
    const threshold = this.options.inliningThreshold
    if (threshold === 0) {
      return false
    }
    if (threshold === 4294967295) {
      return true
    }
    const callerOps = countOps(it.sourceNode.callableRegion!)
    if (callerOps === 0) {
      return true
    }
    return Math.floor((countOps(it.targetNode.callableRegion!) * 100) / callerOps) <= threshold
  }

  // ---- Inlining -------------------------------------------------------------------------

  private isLegalToInline(call: Operation, callable: Operation, src: Region, cloned: boolean): boolean {
    if (inlinerInterfaceOf(call)?.isLegalToInlineCall?.(call, callable, cloned) !== true) {
      return false
    }
    const dest = call.parentRegion!
    if (inlinerInterfaceOf(dest.parentOp)?.isLegalToInlineRegion?.(dest, src, cloned) !== true) {
      return false
    }
    return this.opsLegalToInline(src, dest, cloned)
  }

  private opsLegalToInline(src: Region, dest: Region, cloned: boolean): boolean {
    for (let b = src.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        if (inlinerInterfaceOf(o)?.isLegalToInlineOp?.(o, dest, cloned) !== true) {
          return false
        }
        const regions = o.regions
        for (let i = 0; i < regions.length; i++) {
          if (!this.opsLegalToInline(regions[i]!, dest, cloned)) {
            return false
          }
        }
      }
    }
    return true
  }

  /**
   * Inlines `src` (the body of `callable`) after `call`, which stays for the caller to
   * erase (MLIR's `inlineCall`): operands and results whose types differ from the
   * callee's get conversions from the call's dialect, argument and result attributes are
   * handled by the callable's dialect, the inlined ops get call-site locations and their
   * calls are collected. Returns false without changing anything when inlining is not possible.
   */
  private inlineCall(call: Operation, callable: Operation, src: Region, cloned: boolean): boolean {
    const callableIface = CallableOpInterface.get(callable)
    if (src.empty || callableIface === undefined) {
      return false
    }
    const operands = CallOpInterface.get(call)!.getArgOperands(call)
    const entry = src.front
    const resultTypes = callableIface.getResultTypes(callable)
    if (entry.numArguments !== operands.length || resultTypes.length !== call.numResults) {
      return false
    }
    const callDialect = inlinerInterfaceOf(call)
    const castOps: Operation[] = []
    const builder = OpBuilder.before(call)
    const mapping = new IRMapping()
    for (let i = 0; i < operands.length; i++) {
      const arg = entry.getArgument(i)
      let operand: Value | null = operands[i]!
      if (operand.type !== arg.type && (operand = convertForCall(callDialect, builder, call, operand, arg.type, castOps)) === null) {
        return undoConversions(castOps)
      }
      mapping.map(arg, operand)
    }
    // A result of another type gets a conversion back to the call's type; the call's
    // result, replaced by the callee's value below, then feeds it.
    builder.setInsertionPointAfter(call)
    for (let i = 0; i < call.numResults; i++) {
      const result = call.getResult(i)
      if (result.type === resultTypes[i]) {
        continue
      }
      const converted = convertForCall(callDialect, builder, call, result, result.type, castOps)
      if (converted === null) {
        return undoConversions(castOps)
      }
      result.replaceAllUsesWith(converted)
      castOps[castOps.length - 1]!.setOperand(0, result)
    }
    if (!this.isLegalToInline(call, callable, src, cloned)) {
      return undoConversions(castOps)
    }
    const callableDialect = inlinerInterfaceOf(callable)
    const callBlock = call.parentBlock!
    const region = callBlock.parent!
    // The body goes right after the call (before the result conversions); the argument
    // handlers' ops come first.
    const inlinePoint = call.nextOp!
    builder.setInsertionPoint(inlinePoint)
    if (callableDialect?.handleArgument !== undefined) {
      const attrs = attrDicts(callableIface.getArgAttrsAttr?.(callable), entry.numArguments, call)
      for (let i = 0; i < entry.numArguments; i++) {
        const arg = entry.getArgument(i)
        mapping.map(arg, callableDialect.handleArgument(builder, call, callable, mapping.lookup(arg), attrs[i]!))
      }
    }
    const postBlock = callBlock.splitBlock(inlinePoint)
    if (cloned) {
      src.cloneInto(region, postBlock, mapping)
    } else {
      for (let b = src.firstBlock; b !== null; ) {
        const next = b.nextBlock
        src.removeBlock(b)
        region.insertBefore(b, postBlock)
        b = next
      }
    }
    const newBlocks: Block[] = []
    for (let b = callBlock.nextBlock; b !== null && b !== postBlock; b = b.nextBlock) {
      newBlocks.push(b)
    }
    const firstNew = newBlocks[0]!
    if (!call.hasUnknownLocation) {
      // The terminator of a lone inlined block is erased below, once it has handed its
      // operands to the call's results (`handleTerminator` gets no block to branch to, so
      // builds nothing at its location): unless a hook of the call's dialect sees the
      // inlined blocks first, its location is left as it is rather than made and remapped
      // only to be dropped. A callee of one `return` then costs no location at all.
      const erasedTerminator = newBlocks.length === 1 && callDialect?.processInlinedCallBlocks === undefined ? firstNew.lastOp : null
      if (newBlocks.length !== 1 || firstNew.firstOp !== erasedTerminator) {
        remapInlinedLocations(newBlocks, call.location, erasedTerminator)
      }
    }
    if (!cloned) {
      for (let i = 0; i < operands.length; i++) {
        const arg = entry.getArgument(i)
        arg.replaceAllUsesWith(mapping.lookup(arg))
      }
    }
    callDialect?.processInlinedCallBlocks?.(call, newBlocks)
    // The calls of the inlined body belong to the closest node around the call.
    let owner: CallGraphNode | undefined
    for (let r: Region | null = region; r !== null && owner === undefined; r = r.parentRegion) {
      owner = this.cg.lookupNode(r)
    }
    if (owner !== undefined) {
      this.collectCallOps(callBlock.nextBlock, postBlock, owner, true)
    }
    const results: Value[] = []
    for (let i = 0; i < call.numResults; i++) {
      results.push(call.getResult(i))
    }
    if (newBlocks.length === 1) {
      // The last op stands for the terminator: an unregistered op may be one.
      const term = firstNew.lastOp
      if (term !== null) {
        builder.setInsertionPoint(term)
        this.handleResults(builder, call, callable, callableIface, term.getOperands())
        inlinerInterfaceOf(term)?.handleTerminator?.(term, null, results)
        term.erase()
      }
      firstNew.appendOpsOf(postBlock)
      postBlock.erase()
    } else {
      const args: Value[] = []
      for (let i = 0; i < results.length; i++) {
        const arg = postBlock.addArgument(resultTypes[i]!, call.location)
        results[i]!.replaceAllUsesWith(arg)
        args.push(arg)
      }
      builder.setInsertionPointToStart(postBlock)
      this.handleResults(builder, call, callable, callableIface, args)
      for (const b of newBlocks) {
        const term = b.lastOp
        if (term !== null) {
          inlinerInterfaceOf(term)?.handleTerminator?.(term, postBlock, [])
        }
      }
    }
    // The entry block goes with its arguments (no longer used) once its ops are moved.
    callBlock.appendOpsOf(firstNew)
    firstNew.erase()
    return true
  }

  /**
   * Lets the callable's dialect rewrite each of `results` by its result attributes; the
   * uses the handler itself adds keep the original value.
   */
  private handleResults(builder: OpBuilder, call: Operation, callable: Operation, iface: CallableOpInterfaceImpl, results: readonly Value[]): void {
    const handler = inlinerInterfaceOf(callable)
    if (handler?.handleResult === undefined) {
      return
    }
    const attrs = attrDicts(iface.getResAttrsAttr?.(callable), results.length, call)
    for (let i = 0; i < results.length; i++) {
      const result = results[i]!
      const users = new Set<Operation>(result.users())
      const replacement = handler.handleResult(builder, call, callable, result, attrs[i]!)
      if (replacement !== result) {
        result.replaceUsesWithIf(replacement, (use) => users.has(use.owner))
      }
    }
  }
}

/**
 * `input` converted to `type` by an op of the call's dialect (`callDialect`) that
 * `builder` inserts, and the op appended to `castOps`; null when there is no conversion.
 */
function convertForCall(
  callDialect: DialectInlinerInterface | undefined,
  builder: OpBuilder,
  call: Operation,
  input: Value,
  type: Type,
  castOps: Operation[],
): Value | null {
  const cast = callDialect?.materializeCallConversion?.(builder, input, type, call.location) ?? null
  if (cast === null) {
    return null
  }
  castOps.push(cast)
  return cast.getResult(0)
}

/** Erases the conversions `castOps`, giving their uses their inputs back; returns false (nothing inlined). */
function undoConversions(castOps: readonly Operation[]): false {
  for (const cast of castOps) {
    cast.getResult(0).replaceAllUsesWith(cast.getOperand(0))
    cast.erase()
  }
  return false
}

/** The `n` attribute dictionaries of `array` (empty ones when it is absent). */
function attrDicts(array: ArrayAttr | undefined, n: number, anchor: Operation): DictionaryAttr[] {
  const out: DictionaryAttr[] = []
  for (let i = 0; i < n; i++) {
    const d = array?.elements[i]
    out.push(d instanceof DictionaryAttr ? d : DictionaryAttr.get(anchor.context, []))
  }
  return out
}

/**
 * `callee` as called from `caller`: a call-site location, with `caller` appended at the
 * end of `callee`'s chain of call sites.
 */
function stackLocations(callee: Location, caller: Location): Location {
  if (!(callee instanceof CallSiteLoc)) {
    return CallSiteLoc.get(callee, caller)
  }
  const chain: CallSiteLoc[] = []
  let last: Location = callee
  while (last instanceof CallSiteLoc) {
    chain.push(last)
    last = last.caller
  }
  let loc = CallSiteLoc.get(last, caller)
  for (let i = chain.length - 1; i >= 0; i--) {
    loc = CallSiteLoc.get(chain[i]!.callee, loc)
  }
  return loc
}

/**
 * Gives every op and block argument in `blocks` (nested ones included) the call-site
 * location at `callerLoc`, but for the arguments of the first block and for `skipped`
 * (an op about to be erased, or null): that block is the inlined entry block, whose
 * arguments are replaced and which is erased once its ops are moved (their locations,
 * made on demand, would be made only to be dropped).
 */
function remapInlinedLocations(blocks: readonly Block[], callerLoc: Location, skipped: Operation | null): void {
  const mapped = new Map<Location, Location>()
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    if (i !== 0) {
      const args = b.arguments
      for (let k = 0; k < args.length; k++) {
        const arg = args[k]!
        arg.location = remapLocation(arg.location, callerLoc, mapped)
      }
    }
    for (let o = b.firstOp; o !== null; o = o.nextOp) {
      if (o !== skipped) {
        remapOpLocations(o, callerLoc, mapped)
      }
    }
  }
}

function remapOpLocations(op: Operation, callerLoc: Location, mapped: Map<Location, Location>): void {
  op.location = remapLocation(op.location, callerLoc, mapped)
  const regions = op.regions
  for (let i = 0; i < regions.length; i++) {
    for (let b = regions[i]!.firstBlock; b !== null; b = b.nextBlock) {
      const args = b.arguments
      for (let k = 0; k < args.length; k++) {
        const arg = args[k]!
        arg.location = remapLocation(arg.location, callerLoc, mapped)
      }
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        remapOpLocations(o, callerLoc, mapped)
      }
    }
  }
}

function remapLocation(loc: Location, callerLoc: Location, mapped: Map<Location, Location>): Location {
  let r = mapped.get(loc)
  if (r === undefined) {
    r = stackLocations(loc, callerLoc)
    mapped.set(loc, r)
  }
  return r
}
