import { CallGraph, type CallGraphNode } from '@tilepass/analysis'
import {
  CallOpInterface,
  CallableOpInterface,
  DIALECT_INLINER_INTERFACE,
  IRMapping,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  type Block,
  type DialectInlinerInterface,
  type Operation,
  type Region,
  type Value,
} from '@tilepass/ir'
import {
  OpPassManager,
  OperationPass,
  PassRegistry,
  PipelineErrors,
  intOption,
  parsePassPipelineInto,
  stringListOption,
  stringOption,
  type ListOption,
  type OptionValues,
  type ScalarOption,
} from '@tilepass/pass-manager'

/** The option declarations of `inline`. */
type InlinerOptionDecls = {
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
  opPipelines: stringListOption('op-pipelines', 'Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)'),
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

/** The registry the optimizer pipelines of `inline` are parsed with (set by `registerTransformsPasses`). */
let pipelineRegistry: PassRegistry | null = null

/** Sets the registry `inline` parses its `default-pipeline` and `op-pipelines` with. */
export function setInlinerPipelineRegistry(registry: PassRegistry): void {
  pipelineRegistry = registry
}

/** A call of the call graph that may be inlined: its node, its callee's node, and the callees it was inlined from. */
class ResolvedCall {
  constructor(
    readonly call: Operation,
    readonly sourceNode: CallGraphNode,
    readonly targetNode: CallGraphNode,
    readonly history: readonly CallGraphNode[],
  ) {}
}

/**
 * Where an inlined body landed: its ops from `first` in the caller's block (up to the
 * call, or the block's end for a multi-block body), then the other inlined `blocks`.
 */
class InlinedCode {
  constructor(
    readonly first: Operation | null,
    readonly blocks: Block[],
  ) {}
}

/** The dialect inliner interface of `op`'s dialect, if any. */
function inlinerInterfaceOf(op: Operation | null): DialectInlinerInterface | undefined {
  return op?.name.dialect?.getInterface<DialectInlinerInterface>(DIALECT_INLINER_INTERFACE)
}

/** The number of ops nested in `region`. */
function countOps(region: Region): number {
  let n = 0
  for (const b of region.blockList) {
    for (let o = b.firstOp; o !== null; o = o.nextOp) {
      o.walk(() => {
        n++
      })
    }
  }
  return n
}

/** Moves every op of `from` to the end of `to`. */
function spliceOps(from: Block, to: Block): void {
  for (let o = from.firstOp; o !== null; ) {
    const next = o.nextOp
    from.removeOp(o)
    to.append(o)
    o = next
  }
}

/**
 * Inlines calls bottom-up over the call graph's SCCs and simplifies the callables it
 * visits with an optimizer pipeline (`inline`, MLIR's `InlinerPass`). Private callables
 * left without uses are erased.
 */
export class Inliner extends OperationPass<InlinerOptions> {
  static override readonly argument = 'inline'
  static override readonly summary = 'Inline function calls'
  static override readonly options: InlinerOptionDecls = inlinerOptions
  static readonly passName: string = 'Inliner'

  private readonly pipelines: Map<string, OpPassManager> = new Map()
  /** Symbol uses of the discardable (private or nested) callables. */
  private uses: Map<Operation, number> = new Map()
  private erased: Set<Operation> = new Set()

  override runOnOperation(): void {
    const root = this.getOperation()
    const cg = this.getAnalysis(CallGraph)
    this.pipelines.clear()
    this.erased = new Set()
    if (!this.parseOpPipelines()) {
      this.signalPassFailure()
      return
    }
    this.computeUses(root, cg)
    for (const scc of cg.computeSCCs()) {
      if (!this.inlineSCC(scc)) {
        this.signalPassFailure()
        return
      }
    }
  }

  private parseOpPipelines(): boolean {
    for (const text of this.options.opPipelines) {
      const start = text.indexOf('(')
      if (start <= 0 || !text.endsWith(')')) {
        this.getOperation().emitError(`expected op pipeline of the form 'dialect.op(pipeline)', got '${text}'`).report()
        return false
      }
      const pm = new OpPassManager(text.slice(0, start).trim(), 'implicit')
      if (parsePassPipelineInto(text.slice(start + 1, -1), pm, this.registry(), new PipelineErrors()) !== null) {
        return false
      }
      this.pipelines.set(pm.opAnchorName, pm)
    }
    return true
  }

  private registry(): PassRegistry {
    if (pipelineRegistry === null) {
      const r = new PassRegistry()
      r.register(Inliner)
      pipelineRegistry = r
    }
    return pipelineRegistry
  }

  /** The optimizer pipeline for callables named `opName`. */
  private pipelineFor(opName: string): OpPassManager {
    let pm = this.pipelines.get(opName)
    if (pm === undefined) {
      pm = new OpPassManager(opName, 'implicit')
      // As upstream, a default pipeline that does not parse leaves the passes parsed so far
      // and inlining goes on.
      if (parsePassPipelineInto(this.options.defaultPipeline, pm, this.registry(), new PipelineErrors()) !== null) {
        pm = new OpPassManager(opName, 'implicit')
      }
      this.pipelines.set(opName, pm)
    }
    return pm
  }

  // ---- Use lists ------------------------------------------------------------------------

  private computeUses(root: Operation, cg: CallGraph): void {
    this.uses = new Map()
    for (const node of cg.callableNodes) {
      const op = node.callableRegion!.parentOp!
      // Private and nested symbols are discardable once unused (mlir-opt 22 erases both).
      if (op.hasTrait(Trait.Symbol) && op.parentOp !== null && SymbolTable.getSymbolVisibility(op) !== 'public') {
        this.uses.set(op, 0)
      }
    }
    root.walk((op) => {
      if (op !== root) {
        this.adjustUses(op, 1)
      }
    })
  }

  /** Adds `delta` to the use counts of the discardable callables `op`'s attributes reference. */
  private adjustUses(op: Operation, delta: number): void {
    for (const na of op.getAttrs()) {
      SymbolTable.walkSymbolRefs(na.value, (ref) => {
        const target = SymbolTable.lookupNearestSymbolFrom(op, ref)
        if (target !== undefined) {
          const n = this.uses.get(target)
          if (n !== undefined) {
            this.uses.set(target, n + delta)
          }
        }
      })
    }
  }

  private adjustUsesIn(region: Region, delta: number): void {
    for (const b of region.blockList) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        o.walk((n) => this.adjustUses(n, delta))
      }
    }
  }

  private isDead(op: Operation): boolean {
    return this.uses.get(op) === 0
  }

  /** Erases a dead callable; as upstream, the uses it holds stay counted. */
  private eraseCallable(op: Operation): void {
    this.erased.add(op)
    this.uses.delete(op)
    op.erase()
  }

  // ---- SCC processing -------------------------------------------------------------------

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

  private optimizeSCC(scc: CallGraphNode[]): boolean {
    for (const node of scc) {
      if (node.isExternal || node.hasChildren) {
        continue
      }
      const op = node.callableRegion!.parentOp!
      if (this.erased.has(op) || this.isDead(op) || !op.hasTrait(Trait.IsolatedFromAbove)) {
        continue
      }
      const pm = this.pipelineFor(op.name.name)
      if (!this.runPipeline(pm, op)) {
        return false
      }
    }
    return true
  }

  /** Collects the calls in `blocks` (in upstream's worklist order), not entering nested callables. */
  private collectCalls(
    blocks: readonly Block[],
    sourceNode: CallGraphNode,
    cg: CallGraph,
    history: readonly CallGraphNode[],
    out: ResolvedCall[],
  ): void {
    const worklist: Block[] = [...blocks]
    while (worklist.length > 0) {
      const block = worklist.pop()!
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        const iface = CallOpInterface.get(op)
        if (iface !== undefined) {
          const callee = iface.getCallee(op)
          if (callee instanceof SymbolRefAttr && callee.nestedReferences.length !== 0) {
            continue
          }
          const target = cg.resolveCallable(op)
          if (!target.isExternal) {
            out.push(new ResolvedCall(op, sourceNode, target, history))
          }
          continue
        }
        for (const region of op.regions) {
          if (cg.lookupNode(region) !== undefined) {
            continue
          }
          for (const b of region.blockList) {
            worklist.push(b)
          }
        }
      }
    }
  }

  private inlineCallsInSCC(scc: CallGraphNode[]): boolean {
    const cg = this.getAnalysis(CallGraph)
    const calls: ResolvedCall[] = []
    const deadNodes: Operation[] = []
    for (const node of scc) {
      if (node.isExternal) {
        continue
      }
      const op = node.callableRegion!.parentOp!
      if (this.erased.has(op)) {
        continue
      }
      if (this.isDead(op)) {
        deadNodes.push(op)
      } else {
        this.collectCalls(node.callableRegion!.blockList, node, cg, [], calls)
      }
    }
    let inlinedAny = false
    for (let i = 0; i < calls.length; i++) {
      const it = calls[i]!
      const sourceOp = it.sourceNode.callableRegion!.parentOp!
      if (deadNodes.includes(sourceOp) || this.erased.has(sourceOp) || it.history.includes(it.targetNode)) {
        continue
      }
      if (!this.shouldInline(it)) {
        continue
      }
      const targetRegion = it.targetNode.callableRegion!
      const callable = targetRegion.parentOp!
      const inPlace = this.uses.get(callable) === 1
      const inlined = this.inlineCall(it.call, callable, targetRegion, !inPlace)
      if (inlined === null) {
        continue
      }
      inlinedAny = true
      // New calls that came from the callee are collected into the caller's node.
      const history = [...it.history, it.targetNode]
      const ops: Operation[] = []
      for (let o = inlined.first; o !== null && o !== it.call; o = o.nextOp) {
        ops.push(o)
      }
      for (const op of ops) {
        if (CallOpInterface.implementedBy(op)) {
          const target = cg.resolveCallable(op)
          if (!target.isExternal) {
            calls.push(new ResolvedCall(op, it.sourceNode, target, history))
          }
        } else {
          for (const region of op.regions) {
            if (cg.lookupNode(region) === undefined) {
              this.collectCalls(region.blockList, it.sourceNode, cg, history, calls)
            }
          }
        }
      }
      this.collectCalls(inlined.blocks, it.sourceNode, cg, history, calls)
      this.adjustUses(it.call, -1)
      it.call.erase()
      if (inPlace) {
        deadNodes.push(callable)
        this.uses.set(callable, 0)
      }
    }
    for (const op of deadNodes) {
      if (!this.erased.has(op)) {
        this.eraseCallable(op)
      }
    }
    return inlinedAny
  }

  private shouldInline(it: ResolvedCall): boolean {
    const call = it.call
    if (call.hasTrait(Trait.IsTerminator)) {
      return false
    }
    for (const e of it.targetNode.edges) {
      if (e.target === it.targetNode || e.target === it.sourceNode) {
        return false
      }
    }
    const calleeRegion = it.targetNode.callableRegion!
    const callerParent = call.parentOp
    if (callerParent === null || calleeRegion.isAncestor(call)) {
      return false
    }
    if (calleeRegion.numBlocks >= 2 && calleeRegion.parentOp!.name !== callerParent.name && callerParent.hasTrait(Trait.SingleBlock)) {
      return false
    }
    const threshold = this.options.inliningThreshold
    if (threshold === 4294967295) {
      return true
    }
    const callerOps = countOps(it.sourceNode.callableRegion!)
    if (callerOps === 0) {
      return true
    }
    return Math.floor((countOps(calleeRegion) * 100) / callerOps) <= threshold
  }

  // ---- Inlining -------------------------------------------------------------------------

  private isLegalToInline(call: Operation, callable: Operation, src: Region, cloned: boolean): boolean {
    const callIface = inlinerInterfaceOf(call)
    if (callIface?.isLegalToInlineCall?.(call, callable, cloned) !== true) {
      return false
    }
    const dest = call.parentRegion!
    if (inlinerInterfaceOf(dest.parentOp)?.isLegalToInlineRegion?.(dest, src, cloned) !== true) {
      return false
    }
    let legal = true
    for (const b of src.blockList) {
      for (let o = b.firstOp; o !== null && legal; o = o.nextOp) {
        o.walk((n) => {
          if (legal && inlinerInterfaceOf(n)?.isLegalToInlineOp?.(n, dest, cloned) !== true) {
            legal = false
          }
        })
      }
    }
    return legal
  }

  /**
   * Inlines `src` (the body of `callable`) in place of `call`, which stays in place for
   * the caller to erase. Returns where the inlined ops are, or null without changing
   * anything when inlining is not possible.
   */
  private inlineCall(call: Operation, callable: Operation, src: Region, cloned: boolean): InlinedCode | null {
    if (src.empty) {
      return null
    }
    const iface = CallOpInterface.get(call)!
    const callableIface = CallableOpInterface.get(callable)
    const operands = iface.getArgOperands(call)
    const entry = src.front
    if (callableIface === undefined || entry.numArguments !== operands.length || callableIface.getResultTypes(callable).length !== call.numResults) {
      return null
    }
    for (let i = 0; i < operands.length; i++) {
      if (entry.getArgument(i).type !== operands[i]!.type) {
        return null
      }
    }
    for (let i = 0; i < call.numResults; i++) {
      if (callableIface.getResultTypes(callable)[i] !== call.getResult(i).type) {
        return null
      }
    }
    if (!this.isLegalToInline(call, callable, src, cloned)) {
      return null
    }
    const callBlock = call.parentBlock!
    const region = callBlock.parent!
    const postBlock = callBlock.splitBlock(call)
    const results: Value[] = []
    for (let i = 0; i < call.numResults; i++) {
      results.push(call.getResult(i))
    }
    if (cloned) {
      this.adjustUsesIn(src, 1)
      const mapping = new IRMapping()
      for (let i = 0; i < operands.length; i++) {
        mapping.map(entry.getArgument(i), operands[i]!)
      }
      src.cloneInto(region, postBlock, mapping)
    } else {
      for (const b of src.blockList) {
        src.removeBlock(b)
        region.insertBefore(b, postBlock)
      }
      for (let i = 0; i < operands.length; i++) {
        entry.getArgument(i).replaceAllUsesWith(operands[i]!)
      }
      entry.eraseArguments(new Set(operands.map((_, i) => i)))
    }
    const firstNew = callBlock.nextBlock!
    const blocks: Block[] = []
    if (firstNew.nextBlock === postBlock) {
      const term = firstNew.terminator!
      inlinerInterfaceOf(term)?.handleTerminator?.(term, null, results)
      term.erase()
      spliceOps(postBlock, firstNew)
      postBlock.erase()
    } else {
      for (const r of results) {
        r.replaceAllUsesWith(postBlock.addArgument(r.type, call.location))
      }
      const newBlocks: Block[] = []
      for (let b: Block | null = firstNew; b !== null && b !== postBlock; b = b.nextBlock) {
        newBlocks.push(b)
      }
      for (const b of newBlocks) {
        const term = b.terminator!
        inlinerInterfaceOf(term)?.handleTerminator?.(term, postBlock, [])
        if (b !== firstNew) {
          blocks.push(b)
        }
      }
    }
    const lastBefore = callBlock.lastOp
    spliceOps(firstNew, callBlock)
    firstNew.erase()
    return new InlinedCode(lastBefore === null ? callBlock.firstOp : lastBefore.nextOp, blocks)
  }
}
