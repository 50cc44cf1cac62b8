import {
  ArrayAttr,
  AsmState,
  DenseElementsAttr,
  SparseElementsAttr,
  printAttribute,
  printType,
  type AsmPrinterOptions,
  type Attribute,
  type Block,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import { OperationPass, boolOption, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'

/** The option declarations of the pass (see `OptionDecls`). */
export type ViewOpGraphOptionDecls = {
  readonly maxLabelLen: ScalarOption<number>
  readonly printAttrs: ScalarOption<boolean>
  readonly printControlFlowEdges: ScalarOption<boolean>
  readonly printDataFlowEdges: ScalarOption<boolean>
  readonly printResultTypes: ScalarOption<boolean>
}
const viewOpGraphOptions: ViewOpGraphOptionDecls = {
  maxLabelLen: intOption('max-label-len', 20, 'Limit attribute/type length to number of chars', 'uint'),
  printAttrs: boolOption('print-attrs', true, 'Print attributes of operations'),
  printControlFlowEdges: boolOption('print-control-flow-edges', false, 'Print control flow edges'),
  printDataFlowEdges: boolOption('print-data-flow-edges', true, 'Print data flow edges'),
  printResultTypes: boolOption('print-result-types', true, 'Print result types of operations'),
}

/** Where `view-op-graph` writes its Graphviz text; standard error of the process by default. */
export type ViewOpGraphSink = (text: string) => void

const LINE_STYLE_CONTROL_FLOW = 'dashed'
const LINE_STYLE_DATA_FLOW = 'solid'
const SHAPE_NODE = 'Mrecord'
const SHAPE_NONE = 'plain'
/** Element count above which elements and array attributes are elided, unless the tool's printer flags set one. */
const DEFAULT_LARGE_ATTRIBUTE_LIMIT = 16

function defaultSink(text: string): void {
  const proc = (globalThis as { process?: { stderr?: { write(t: string): unknown } } }).process
  proc?.stderr?.write(text)
}

/** Backslash-escapes what a Graphviz record label treats specially: `{ | < } >`, newline and `"`. */
function escapeLabel(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // { | < } > \n "
    if (c === 123 || c === 124 || c === 60 || c === 125 || c === 62 || c === 10 || c === 34) {
      out += '\\'
    }
    out += text[i]!
  }
  return out
}

/** A node of the graph: its id, and the id of the cluster it anchors (-1 for a plain node). */
class GraphNode {
  constructor(
    readonly id: number,
    readonly clusterId: number,
  ) {}
}

const NO_NODE = new GraphNode(0, -1)

/** A data-flow edge, resolved to its source node only once every node is known. */
class DataFlowEdge {
  constructor(
    readonly value: Value,
    readonly node: GraphNode,
    readonly port: string,
  ) {}
}

/**
 * Prints a Graphviz (dot) picture of the op it runs on to standard error
 * (`view-op-graph`), as MLIR's `PrintOpPass`: ops are record nodes with operand and
 * result ports, regions and blocks are clusters, data flow is solid edges and control flow
 * (op order in a block) dashed edges. The IR is unchanged. As upstream, the node counter and
 * the data-flow edges accumulate over the runs of one pass instance.
 */
export class ViewOpGraph extends OperationPass<OptionValues<ViewOpGraphOptionDecls>> {
  static override readonly argument = 'view-op-graph'
  static override readonly summary = 'Print Graphviz visualization of an operation'
  static override readonly description =
    'This pass prints a Graphviz graph of a module: operations are represented as nodes, uses (data flow) as edges, control flow as dashed edges and regions/blocks as subgraphs. By default, only data flow edges are printed.'
  static override readonly options: ViewOpGraphOptionDecls = viewOpGraphOptions
  static readonly passName: string = 'ViewOpGraphPass'

  private out: string[] = []
  private indent = ''
  private counter = 0
  private edges: string[] = []
  private readonly dataFlowEdges: DataFlowEdge[] = []
  private readonly valueToNode = new Map<Value, GraphNode>()
  private readonly colors = new Map<string, string>()
  private names: AsmState | null = null
  /** The tool's printer flags (MLIR's default `OpPrintingFlags`), used to print attributes. */
  private printerOptions: AsmPrinterOptions = {}
  /** Elements and array attributes with more elements than this are elided. */
  private largeAttrLimit = DEFAULT_LARGE_ATTRIBUTE_LIMIT

  /** Writes `text` to the debug stream; registrations with an explicit sink override it. */
  protected write(text: string): void {
    defaultSink(text)
  }

  override runOnOperation(): void {
    const op = this.getOperation()
    let root = op
    while (root.parentOp !== null) {
      root = root.parentOp
    }
    this.names = new AsmState(root)
    this.printerOptions = op.context.commandLinePrinterOptions ?? {}
    this.largeAttrLimit = this.printerOptions.elideElementsAttrsIfLarger ?? DEFAULT_LARGE_ATTRIBUTE_LIMIT
    this.initColors(op)
    this.out = []
    this.line('digraph G {')
    this.indent = '  '
    this.line('compound = true;')
    this.processOperation(op)
    this.emitAllEdges()
    this.indent = ''
    this.line('}')
    this.write(this.out.join(''))
    this.out = []
    this.names = null
    this.markAllAnalysesPreserved()
  }

  /** One fill color per op name, hues spread evenly in the order names first occur (post-order). */
  private initColors(op: Operation): void {
    this.colors.clear()
    const order: string[] = []
    op.walk((o) => {
      const name = o.name.name
      if (!this.colors.has(name)) {
        this.colors.set(name, '')
        order.push(name)
      }
    })
    for (let i = 0; i < order.length; i++) {
      this.colors.set(order[i]!, `${(i / order.length).toFixed(6)} 0.3 0.95`)
    }
  }

  private line(text: string): void {
    this.out.push(this.indent, text.includes('\n') ? text.split('\n').join(`\n${this.indent}`) : text, '\n')
  }

  private emitAllEdges(): void {
    if (this.options.printDataFlowEdges) {
      for (const e of this.dataFlowEdges) {
        this.pushEdge(this.valueToNode.get(e.value) ?? NO_NODE, e.node, e.port, LINE_STYLE_DATA_FLOW)
      }
    }
    for (const edge of this.edges) {
      this.line(`${edge};`)
    }
    this.edges = []
  }

  private pushEdge(from: GraphNode, to: GraphNode, port: string, style: string): void {
    let text = `v${from.id}`
    if (port !== '' && from.clusterId < 0) {
      text += `:res${port}:s`
    }
    text += ` -> v${to.id}`
    if (port !== '' && to.clusterId < 0) {
      text += `:arg${port}:n`
    }
    // Attributes in key order: lhead, ltail, style.
    const attrs: string[] = []
    if (to.clusterId >= 0) {
      attrs.push(`lhead = cluster_${to.clusterId}`)
    }
    if (from.clusterId >= 0) {
      attrs.push(`ltail = cluster_${from.clusterId}`)
    }
    attrs.push(`style = ${style}`)
    this.edges.push(`${text}[${attrs.join(', ')}]`)
  }

  private emitNode(label: string, shape: string, background: string): GraphNode {
    const id = ++this.counter
    const fill = background === '' ? '' : `fillcolor = "${background}", `
    const style = background === '' ? '' : ', style = filled'
    this.line(`v${id} [${fill}label = "${label}", shape = ${shape}${style}];`)
    return new GraphNode(id, -1)
  }

  private truncate(text: string): string {
    const max = this.options.maxLabelLen
    return text.length <= max ? text : `${text.slice(0, max)}...`
  }

  private typeText(type: Type): string {
    return escapeLabel(this.truncate(printType(type)))
  }

  private attrText(attr: Attribute): string {
    if (attr instanceof DenseElementsAttr && attr.isSplat) {
      return escapeLabel(printAttribute(attr, false, this.printerOptions))
    }
    if ((attr instanceof DenseElementsAttr || attr instanceof SparseElementsAttr) && attr.numElements > this.largeAttrLimit) {
      const rank = attr.type.rank
      return `${'['.repeat(rank)}...${']'.repeat(rank)} : ${this.typeText(attr.type)}`
    }
    if (attr instanceof ArrayAttr && attr.length > this.largeAttrLimit) {
      return '[...]'
    }
    return escapeLabel(this.truncate(printAttribute(attr, false, this.printerOptions)))
  }

  private valueName(value: Value): string {
    return this.names!.valueName(value)
  }

  /** The port of a value: its printed name with `%` and `#` replaced by `_`. */
  private portName(value: Value): string {
    const name = this.valueName(value)
    let out = ''
    for (let i = 0; i < name.length; i++) {
      const c = name[i]!
      out += c === '%' || c === '#' ? '_' : c
    }
    return out
  }

  private clusterLabel(op: Operation): string {
    let label = op.name.name
    if (this.options.printResultTypes) {
      const types: string[] = []
      for (const r of op.results) {
        types.push(printType(r.type))
      }
      label += ` : (${this.truncate(types.join(', '))})`
    }
    if (this.options.printAttrs) {
      label += '\\l'
      for (const a of op.getAttrs()) {
        label += `${a.name}: ${this.attrText(a.value)}\\l`
      }
    }
    return label
  }

  private recordLabel(op: Operation): string {
    let label = '{'
    if (op.operands.length > 0) {
      const ports: string[] = []
      for (const o of op.operands) {
        ports.push(`<arg${this.portName(o.value)}> ${this.valueName(o.value)}`)
      }
      label += `{${ports.join('|')}}|`
    }
    label += `${op.name.name}\\l`
    const attrs = op.getAttrs()
    if (this.options.printAttrs && attrs.length > 0) {
      label += '\\l'
      for (const a of attrs) {
        label += `${a.name}: ${this.attrText(a.value)}\\l`
      }
    }
    if (op.results.length > 0) {
      const ports: string[] = []
      for (const r of op.results) {
        ports.push(this.resultPort(r))
      }
      label += `|{${ports.join('|')}}`
    }
    return `${label}}`
  }

  private resultPort(value: Value): string {
    const text = `<res${this.portName(value)}> ${this.valueName(value)}`
    return this.options.printResultTypes ? `${text} ${this.typeText(value.type)}` : text
  }

  private emitCluster(label: string, op: Operation | null, block: Block | null): GraphNode {
    const clusterId = ++this.counter
    this.line(`subgraph cluster_${clusterId} {`)
    const outer = this.indent
    this.indent += '  '
    const anchor = this.emitNode(' ', SHAPE_NONE, '')
    this.line(`label = "${label}";`)
    if (op !== null) {
      for (const r of op.regions) {
        this.processRegion(r)
      }
    } else if (block !== null) {
      this.processBlockBody(block)
    }
    this.indent = outer
    this.line('}')
    return new GraphNode(anchor.id, clusterId)
  }

  private processRegion(region: Region): void {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      this.emitCluster('', null, b)
    }
  }

  private processBlockBody(block: Block): void {
    for (const arg of block.arguments) {
      this.valueToNode.set(arg, this.emitNode(this.resultPort(arg), SHAPE_NODE, ''))
    }
    let prev: GraphNode | null = null
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      const node = this.processOperation(op)
      if (this.options.printControlFlowEdges && prev !== null) {
        this.pushEdge(prev, node, '', LINE_STYLE_CONTROL_FLOW)
      }
      prev = node
    }
  }

  private processOperation(op: Operation): GraphNode {
    const node =
      op.regions.length > 0 ? this.emitCluster(this.clusterLabel(op), op, null) : this.emitNode(this.recordLabel(op), SHAPE_NODE, this.colors.get(op.name.name) ?? '')
    if (this.options.printDataFlowEdges) {
      for (const o of op.operands) {
        this.dataFlowEdges.push(new DataFlowEdge(o.value, node, this.portName(o.value)))
      }
    }
    for (const r of op.results) {
      this.valueToNode.set(r, node)
    }
    return node
  }
}

/** A `view-op-graph` pass class writing to `sink`. */
export function viewOpGraphPassWithSink(sink: ViewOpGraphSink): typeof ViewOpGraph {
  return class extends ViewOpGraph {
    protected override write(text: string): void {
      sink(text)
    }
  }
}
