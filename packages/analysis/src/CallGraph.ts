import {
  CallOpInterface,
  CallableOpInterface,
  DictionaryAttr,
  SymbolRefAttr,
  SymbolTable,
  printAttribute,
  type Operation,
  type Region,
} from '@tilepass/ir'
import { SymbolTableCollection } from './SymbolTableCollection.ts'

/** The kind of a call-graph edge: abstract (external reachability), call, or child (nesting). */
export type CallGraphEdgeKind = 'abstract' | 'call' | 'child'

/** An edge of the call graph. */
export interface CallGraphEdge {
  readonly kind: CallGraphEdgeKind
  readonly target: CallGraphNode
}

// Up to this many edges, a new edge is checked against the others by a scan.
const SCANNED_EDGES = 8

/** A callable region of the call graph, or one of the two special nodes (external caller, unknown callee). */
export class CallGraphNode {
  /** The outgoing edges, in insertion order, without duplicates. */
  readonly edges: CallGraphEdge[] = []
  /**
   * For a node with many edges, the kinds of edge to each target (a bit per kind), so
   * that a duplicate is found without a scan; null while the edges are few.
   */
  private edgeKinds: Map<CallGraphNode, number> | null = null
  /** Whether some edge is a child edge (the inliner asks once per callable and SCC iteration). */
  private childEdges = false
  /** @internal The discovery number of the node. */
  readonly id: number

  /** @internal */
  constructor(
    /** The callable region; null for the special nodes. */
    readonly callableRegion: Region | null,
    id: number,
  ) {
    this.id = id
  }

  /** True for the external-caller and unknown-callee nodes. */
  get isExternal(): boolean {
    return this.callableRegion === null
  }
  /** Adds an edge unless an identical one exists. */
  addEdge(target: CallGraphNode, kind: CallGraphEdgeKind): void {
    const edges = this.edges
    const bit = kind === 'call' ? 1 : kind === 'child' ? 2 : 4
    let kinds = this.edgeKinds
    if (kinds === null) {
      for (let i = 0; i < edges.length; i++) {
        if (edges[i]!.target === target && edges[i]!.kind === kind) {
          return
        }
      }
      if (edges.length >= SCANNED_EDGES) {
        kinds = new Map()
        for (const e of edges) {
          kinds.set(e.target, (kinds.get(e.target) ?? 0) | (e.kind === 'call' ? 1 : e.kind === 'child' ? 2 : 4))
        }
        this.edgeKinds = kinds
      }
    }
    if (kinds !== null) {
      const had = kinds.get(target) ?? 0
      if ((had & bit) !== 0) {
        return
      }
      kinds.set(target, had | bit)
    }
    edges.push({ kind, target })
    if (kind === 'child') {
      this.childEdges = true
    }
  }
  /** True when some edge is a child edge. */
  get hasChildren(): boolean {
    return this.childEdges
  }
}

/**
 * The call graph of the callables nested in an op (MLIR's `CallGraph`): a node per
 * callable region, call edges resolved through symbols, child edges for nested
 * callables, and abstract edges from the external-caller node to top-level callables.
 * Calls that cannot be resolved (indirect, or to declarations) go to the unknown-callee node.
 */
export class CallGraph {
  private readonly nodes: Map<Region, CallGraphNode> = new Map()
  /** The node that stands for callers outside the graph. */
  readonly externalCallerNode: CallGraphNode = new CallGraphNode(null, 0)
  /** The node that stands for callees that cannot be resolved. */
  readonly unknownCalleeNode: CallGraphNode = new CallGraphNode(null, 1)
  private nextId = 2

  constructor(readonly operation: Operation) {
    // One walk finds the callables and the calls inside them; the calls are resolved
    // afterwards, when every callable has its node (a call may name a callable that comes
    // later). Their edges come in the order the calls were found, after the child edges,
    // as a second walk resolving the calls would add them.
    const calls: Operation[] = []
    const callers: CallGraphNode[] = []
    this.compute(operation, null, calls, callers)
    const tables = new SymbolTableCollection()
    for (let i = 0; i < calls.length; i++) {
      callers[i]!.addEdge(this.resolveCallable(calls[i]!, tables), 'call')
    }
  }

  /** The node of `region`, if it is a callable region of the graph. */
  lookupNode(region: Region | null): CallGraphNode | undefined {
    return region === null ? undefined : this.nodes.get(region)
  }
  /** The nodes of the callable regions, in discovery order. */
  get callableNodes(): CallGraphNode[] {
    return [...this.nodes.values()]
  }
  /**
   * The node a call resolves to (the unknown-callee node when it does not resolve).
   * `symbolTables` caches the symbol lookups of a caller that resolves many calls.
   */
  resolveCallable(call: Operation, symbolTables?: SymbolTableCollection): CallGraphNode {
    const iface = CallOpInterface.get(call)
    if (iface === undefined) {
      return this.unknownCalleeNode
    }
    const callee = iface.getCallee(call)
    const target =
      callee instanceof SymbolRefAttr
        ? symbolTables === undefined
          ? SymbolTable.lookupNearestSymbolFrom(call, callee)
          : symbolTables.lookupNearestSymbolFrom(call, callee)
        : callee.definingOp
    if (target !== undefined && target !== null) {
      const callable = CallableOpInterface.get(target)
      const node = callable === undefined ? undefined : this.lookupNode(callable.getCallableRegion(target))
      if (node !== undefined) {
        return node
      }
    }
    return this.unknownCalleeNode
  }

  private getOrAddNode(region: Region, parent: CallGraphNode | null): CallGraphNode {
    let node = this.nodes.get(region)
    if (node === undefined) {
      node = new CallGraphNode(region, this.nextId++)
      this.nodes.set(region, node)
      if (parent !== null) {
        parent.addEdge(node, 'child')
      } else {
        this.externalCallerNode.addEdge(node, 'abstract')
      }
    }
    return node
  }

  /**
   * Adds the nodes of the callables in `op` (and `op`), and appends the calls inside a
   * callable to `calls`, with the node of the callable to `callers`.
   */
  private compute(op: Operation, parent: CallGraphNode | null, calls: Operation[], callers: CallGraphNode[]): void {
    if (CallOpInterface.implementedBy(op)) {
      if (parent !== null) {
        calls.push(op)
        callers.push(parent)
      }
      return
    }
    let node = parent
    const callable = CallableOpInterface.get(op)
    if (callable !== undefined) {
      const region = callable.getCallableRegion(op)
      if (region === null) {
        return
      }
      node = this.getOrAddNode(region, parent)
    }
    for (let r = 0; r < op.regions.length; r++) {
      for (let block = op.regions[r]!.firstBlock; block !== null; block = block.nextBlock) {
        for (let nested = block.firstOp; nested !== null; nested = nested.nextOp) {
          this.compute(nested, node, calls, callers)
        }
      }
    }
  }

  /** The strongly connected components in the order of LLVM's `scc_iterator` from the external-caller node. */
  computeSCCs(): CallGraphNode[][] {
    // Tarjan's algorithm on an explicit stack (a call chain is as deep as the module is long):
    // `frames` holds the nodes being visited, `edgeAt` the next edge of each. The per-node
    // state lives in arrays indexed by the node's id (-1 in `index`: not visited yet;
    // `onStack` is 1 while the node is on `stack`).
    const size = this.nextId
    const index = new Int32Array(size).fill(-1)
    const low = new Int32Array(size)
    const onStack = new Uint8Array(size)
    const stack: CallGraphNode[] = []
    const sccs: CallGraphNode[][] = []
    let counter = 0
    const frames: CallGraphNode[] = []
    const edgeAt: number[] = []
    const enter = (n: CallGraphNode): void => {
      index[n.id] = counter
      low[n.id] = counter
      counter++
      stack.push(n)
      onStack[n.id] = 1
      frames.push(n)
      edgeAt.push(0)
    }
    enter(this.externalCallerNode)
    while (frames.length > 0) {
      const top = frames.length - 1
      const n = frames[top]!
      const edges = n.edges
      const i = edgeAt[top]!
      if (i < edges.length) {
        edgeAt[top] = i + 1
        const t = edges[i]!.target
        if (index[t.id] === -1) {
          enter(t)
        } else if (onStack[t.id] === 1) {
          low[n.id] = Math.min(low[n.id]!, index[t.id]!)
        }
        continue
      }
      frames.pop()
      edgeAt.pop()
      if (low[n.id] === index[n.id]) {
        const scc: CallGraphNode[] = []
        for (;;) {
          const m = stack.pop()!
          onStack[m.id] = 0
          scc.push(m)
          if (m === n) {
            break
          }
        }
        sccs.push(scc)
      }
      if (frames.length > 0) {
        const parent = frames[frames.length - 1]!
        low[parent.id] = Math.min(low[parent.id]!, low[n.id]!)
      }
    }
    return sccs
  }

  /** The report of mlir-opt's `test-print-callgraph` (MLIR's `CallGraph::print`). */
  print(): string {
    const name = (node: CallGraphNode): string => {
      if (node === this.externalCallerNode) {
        return '<External-Caller-Node>'
      }
      if (node === this.unknownCalleeNode) {
        return '<Unknown-Callee-Node>'
      }
      const region = node.callableRegion!
      const op = region.parentOp!
      let s = `'${op.name.name}' - Region #${region.regionNumber}`
      const attrs = op.getAttrs()
      if (attrs.length > 0) {
        s += ` : ${printAttribute(DictionaryAttr.get(op.context, [...attrs]))}`
      }
      return s
    }
    let os = '// ---- CallGraph ----\n'
    for (const node of this.nodes.values()) {
      os += `// - Node : ${name(node)}\n`
      for (const e of node.edges) {
        os += `// -- ${e.kind === 'call' ? 'Call' : e.kind === 'child' ? 'Child' : ''}-Edge : ${name(e.target)}\n`
      }
      os += '//\n'
    }
    os += '// -- SCCs --\n'
    for (const scc of this.computeSCCs()) {
      os += '// - SCC : \n'
      for (const n of scc) {
        os += `// -- Node :${name(n)}\n`
      }
      os += '\n'
    }
    os += '// -------------------\n'
    return os
  }
}
