import { BoolAttr, IntegerAttr, printAttribute, type Attribute, type Block, type Operation, type Region } from '@tilepass/ir'
import { OperationPass, type PassRegistry } from '@tilepass/pass-manager'
import type { TestPassOutput } from '../TestPasses.ts'

/** What a visitor returns: keep going, do not enter this unit (pre-order), or stop. */
type Step = 'advance' | 'skip' | 'interrupt'

/**
 * The traversal orders of MLIR's visitors: forward, reverse (regions, blocks and ops
 * backwards), forward dominance (blocks in depth-first pre-order from the entry, only
 * reachable ones) and reverse dominance (blocks in depth-first post-order, ops backwards).
 */
type Iteration = 'forward' | 'reverse' | 'forward-dominance' | 'reverse-dominance'

function regionsOf(op: Operation, it: Iteration): Region[] {
  return it === 'reverse' || it === 'reverse-dominance' ? [...op.regions].reverse() : [...op.regions]
}

function blocksOf(region: Region, it: Iteration): Block[] {
  if (it === 'forward') {
    return region.blockList
  }
  if (it === 'reverse') {
    return region.blockList.reverse()
  }
  if (region.empty) {
    return []
  }
  const pre: Block[] = []
  const post: Block[] = []
  const seen = new Set<Block>()
  const visit = (b: Block): void => {
    seen.add(b)
    pre.push(b)
    for (const s of b.successors) {
      if (!seen.has(s)) {
        visit(s)
      }
    }
    post.push(b)
  }
  visit(region.front)
  return it === 'forward-dominance' ? pre : post
}

function opsOf(block: Block, it: Iteration): Operation[] {
  const ops = block.operations
  return it === 'reverse' || it === 'reverse-dominance' ? ops.reverse() : ops
}

function walkOps(op: Operation, fn: (op: Operation) => Step, pre: boolean, it: Iteration): Step {
  if (pre) {
    const r = fn(op)
    if (r !== 'advance') {
      return r === 'interrupt' ? 'interrupt' : 'advance'
    }
  }
  for (const region of regionsOf(op, it)) {
    for (const block of blocksOf(region, it)) {
      for (const child of opsOf(block, it)) {
        if (walkOps(child, fn, pre, it) === 'interrupt') {
          return 'interrupt'
        }
      }
    }
  }
  return pre ? 'advance' : fn(op) === 'interrupt' ? 'interrupt' : 'advance'
}

function walkBlocksIn(block: Block, fn: (block: Block) => Step, pre: boolean, it: Iteration): Step {
  if (pre) {
    const r = fn(block)
    if (r !== 'advance') {
      return r === 'interrupt' ? 'interrupt' : 'advance'
    }
  }
  for (const child of opsOf(block, it)) {
    if (walkBlocks(child, fn, pre, it) === 'interrupt') {
      return 'interrupt'
    }
  }
  return pre ? 'advance' : fn(block) === 'interrupt' ? 'interrupt' : 'advance'
}

function walkBlocks(op: Operation, fn: (block: Block) => Step, pre: boolean, it: Iteration): Step {
  for (const region of regionsOf(op, it)) {
    for (const block of blocksOf(region, it)) {
      if (walkBlocksIn(block, fn, pre, it) === 'interrupt') {
        return 'interrupt'
      }
    }
  }
  return 'advance'
}

function walkRegionsIn(region: Region, fn: (region: Region) => Step, pre: boolean, it: Iteration): Step {
  if (pre) {
    const r = fn(region)
    if (r !== 'advance') {
      return r === 'interrupt' ? 'interrupt' : 'advance'
    }
  }
  for (const block of blocksOf(region, it)) {
    for (const child of opsOf(block, it)) {
      if (walkRegions(child, fn, pre, it) === 'interrupt') {
        return 'interrupt'
      }
    }
  }
  return pre ? 'advance' : fn(region) === 'interrupt' ? 'interrupt' : 'advance'
}

function walkRegions(op: Operation, fn: (region: Region) => Step, pre: boolean, it: Iteration): Step {
  for (const region of regionsOf(op, it)) {
    if (walkRegionsIn(region, fn, pre, it) === 'interrupt') {
      return 'interrupt'
    }
  }
  return 'advance'
}

/** Where a generic walk is in an op: about to visit region `nextRegion` (or after the last). */
interface WalkStage {
  readonly nextRegion: number
  readonly numRegions: number
}

/**
 * MLIR's generic walk: the callback sees each op before every region and once after
 * all of them (once in total for an op without regions); `skip` leaves the op's
 * remaining regions out.
 */
function walkWithStages(op: Operation, fn: (op: Operation, stage: WalkStage) => Step): Step {
  const numRegions = op.regions.length
  for (let i = 0; i < numRegions; i++) {
    const r = fn(op, { nextRegion: i, numRegions })
    if (r === 'skip') {
      return 'advance'
    }
    if (r === 'interrupt') {
      return 'interrupt'
    }
    for (const block of op.regions[i]!.blockList) {
      for (const child of block.operations) {
        if (walkWithStages(child, fn) === 'interrupt') {
          return 'interrupt'
        }
      }
    }
  }
  return fn(op, { nextRegion: numRegions, numRegions }) === 'interrupt' ? 'interrupt' : 'advance'
}

function describeStage(stage: WalkStage): string {
  if (stage.nextRegion === 0) {
    return 'before all regions'
  }
  if (stage.nextRegion === stage.numRegions) {
    return 'after all regions'
  }
  return `before region #${stage.nextRegion}`
}

function isBoolAttrTrue(a: Attribute | undefined): boolean {
  return a !== undefined && BoolAttr.isBool(a) && a.value !== 0n
}

function intAttrValue(a: Attribute | undefined): number | undefined {
  return a instanceof IntegerAttr ? Number(a.value) : undefined
}

function describeRegion(region: Region): string {
  return `region ${region.regionNumber} from operation '${region.parentOp!.name.name}'`
}

function describeBlock(block: Block): string {
  const index = block.parent!.blockList.indexOf(block)
  return `block ^bb${index} from ${describeRegion(block.parent!)}`
}

function isBoolAttr(a: Attribute | undefined): boolean {
  return a !== undefined && BoolAttr.isBool(a)
}

function isModule(op: Operation | null): boolean {
  return op !== null && op.name.name === 'builtin.module'
}

/** Registers the IR visitor test passes of mlir-opt (`test-ir-visitors`, the interrupt variants, `test-print-nesting`). */
export function registerIRVisitorTestPasses(registry: PassRegistry, output: TestPassOutput): void {
  const out = output.stdout

  const opPure = (op: Operation): Step => {
    out(`Visiting op '${op.name.name}'\n`)
    return 'advance'
  }
  const blockPure = (block: Block): Step => {
    out(`Visiting ${describeBlock(block)}\n`)
    return 'advance'
  }
  const regionPure = (region: Region): Step => {
    out(`Visiting ${describeRegion(region)}\n`)
    return 'advance'
  }

  function testPureCallbacks(op: Operation): void {
    const orders: [string, boolean, Iteration][] = [
      ['pre-order', true, 'forward'],
      ['post-order', false, 'forward'],
      ['reverse post-order', false, 'reverse'],
    ]
    for (const [label, pre, it] of orders) {
      out(`Op ${label} visits\n`)
      walkOps(op, opPure, pre, it)
      out(`Block ${label} visits\n`)
      walkBlocks(op, blockPure, pre, it)
      out(`Region ${label} visits\n`)
      walkRegions(op, regionPure, pre, it)
    }
    // The dominance-ordered walks run on each op of the module body in turn, each op's
    // forward then reverse walks under their own headings (as mlir-opt prints them).
    const body = op.regions[0]?.firstBlock?.operations ?? []
    const dominance: [string, Iteration][] = [
      ['forward dominance', 'forward-dominance'],
      ['reverse dominance', 'reverse-dominance'],
    ]
    for (const o of body) {
      for (const [label, it] of dominance) {
        out(`Op ${label} post-order visits\n`)
        walkOps(o, opPure, false, it)
        out(`Block ${label} post-order visits\n`)
        walkBlocks(o, blockPure, false, it)
        out(`Region ${label} post-order visits\n`)
        walkRegions(o, regionPure, false, it)
      }
    }
    for (const pre of [true, false]) {
      out(`Invoke block ${pre ? 'pre' : 'post'}-order visits on blocks\n`)
      walkOps(
        op,
        (o) => {
          if (o.hasAttr('walk_blocks')) {
            for (const region of o.regions) {
              for (const block of region.blockList) {
                walkBlocksIn(block, blockPure, pre, 'forward')
              }
            }
          }
          return 'advance'
        },
        true,
        'forward',
      )
    }
    for (const pre of [true, false]) {
      out(`Invoke region ${pre ? 'pre' : 'post'}-order visits on region\n`)
      walkOps(
        op,
        (o) => {
          if (o.hasAttr('walk_regions')) {
            for (const region of o.regions) {
              walkRegionsIn(region, regionPure, pre, 'forward')
            }
          }
          return 'advance'
        },
        true,
        'forward',
      )
    }
  }

  const eraseOp = (op: Operation): void => {
    out(`Erasing op '${op.name.name}'\n`)
    op.dropAllUses()
    op.erase()
  }
  /** Erases `block` unless branches still target it; returns whether it did. */
  const eraseBlock = (block: Block): boolean => {
    if (!block.hasNoPredecessors) {
      out(`Cannot erase ${describeBlock(block)}, still has uses\n`)
      return false
    }
    out(`Erasing ${describeBlock(block)}\n`)
    block.erase()
    return true
  }

  function testErasureCallbacks(op: Operation): void {
    // The module and its direct children (and their blocks) are kept, so that the
    // pre-order walks have something left to visit.
    const skipOpErasure = (o: Operation): Step => {
      if (isModule(o) || isModule(o.parentOp)) {
        return 'advance'
      }
      eraseOp(o)
      return 'skip'
    }
    const skipBlockErasure = (b: Block): Step => {
      const parent = b.parentOp!
      if (isModule(parent) || isModule(parent.parentOp)) {
        return 'advance'
      }
      return eraseBlock(b) ? 'skip' : 'advance'
    }
    const runOnClone = (label: string, fn: (clone: Operation) => void, eraseAfter: boolean): void => {
      out(`${label}\n`)
      const clone = op.clone()
      fn(clone)
      if (eraseAfter) {
        clone.dropAllReferences()
      }
    }
    runOnClone('Op pre-order erasures (skip)', (c) => walkOps(c, skipOpErasure, true, 'forward'), true)
    runOnClone('Block pre-order erasures (skip)', (c) => walkBlocks(c, skipBlockErasure, true, 'forward'), true)
    runOnClone('Op post-order erasures (skip)', (c) => walkOps(c, skipOpErasure, false, 'forward'), true)
    runOnClone('Block post-order erasures (skip)', (c) => walkBlocks(c, skipBlockErasure, false, 'forward'), true)
    runOnClone(
      'Op post-order erasures (no skip)',
      (c) =>
        walkOps(
          c,
          (o) => {
            eraseOp(o)
            return 'advance'
          },
          false,
          'forward',
        ),
      false,
    )
    runOnClone(
      'Block post-order erasures (no skip)',
      (c) =>
        walkBlocks(
          c,
          (b) => {
            eraseBlock(b)
            return 'advance'
          },
          false,
          'forward',
        ),
      true,
    )
  }

  class TestIRVisitorsPass extends OperationPass {
    static override readonly argument = 'test-ir-visitors'
    static override readonly summary = 'Test various visitors.'
    static readonly passName = '(anonymous namespace)::TestIRVisitorsPass'
    override runOnOperation(): void {
      const op = this.getOperation()
      testPureCallbacks(op)
      testErasureCallbacks(op)
    }
  }

  class TestGenericIRVisitorPass extends OperationPass {
    static override readonly argument = 'test-generic-ir-visitors'
    static override readonly summary = 'Test generic IR visitors.'
    static readonly passName = '(anonymous namespace)::TestGenericIRVisitorPass'
    override runOnOperation(): void {
      const outer = this.getOperation()
      let step = 0
      const print = (o: Operation, stage: WalkStage): Step => {
        out(`step ${step++} op '${o.name.name}' ${describeStage(stage)}\n`)
        return 'advance'
      }
      walkWithStages(outer, print)
      // The second walk only reports the test dialect's two-region op.
      walkWithStages(outer, (o, stage) => (o.name.name === 'test.two_region_op' ? print(o, stage) : 'advance'))
    }
  }

  class TestGenericIRVisitorInterruptPass extends OperationPass {
    static override readonly argument = 'test-generic-ir-visitors-interrupt'
    static override readonly summary = 'Test generic IR visitors with interrupts.'
    static readonly passName = '(anonymous namespace)::TestGenericIRVisitorInterruptPass'
    override runOnOperation(): void {
      const outer = this.getOperation()
      let step = 0
      const walker = (o: Operation, stage: WalkStage): Step => {
        const before = stage.nextRegion === 0
        const after = stage.nextRegion === stage.numRegions
        if (isBoolAttrTrue(o.getAttr('interrupt_before_all')) && before) {
          return 'interrupt'
        }
        if (isBoolAttrTrue(o.getAttr('interrupt_after_all')) && after) {
          return 'interrupt'
        }
        const interruptAfter = intAttrValue(o.getAttr('interrupt_after_region'))
        if (interruptAfter !== undefined && stage.nextRegion === interruptAfter + 1) {
          return 'interrupt'
        }
        if (isBoolAttrTrue(o.getAttr('skip_before_all')) && before) {
          return 'skip'
        }
        if (isBoolAttrTrue(o.getAttr('skip_after_all')) && after) {
          return 'skip'
        }
        const skipAfter = intAttrValue(o.getAttr('skip_after_region'))
        if (skipAfter !== undefined && stage.nextRegion === skipAfter + 1) {
          return 'skip'
        }
        out(`step ${step++} op '${o.name.name}' ${describeStage(stage)}\n`)
        return 'advance'
      }
      if (walkWithStages(outer, walker) === 'interrupt') {
        out(`step ${step++} walk was interrupted\n`)
      }
      if (walkWithStages(outer, (o, stage) => (o.name.name === 'test.two_region_op' ? walker(o, stage) : 'advance')) === 'interrupt') {
        out(`step ${step++} walk was interrupted\n`)
      }
    }
  }

  class TestGenericIRBlockVisitorInterruptPass extends OperationPass {
    static override readonly argument = 'test-generic-ir-block-visitors-interrupt'
    static override readonly summary = 'Test generic IR visitors with interrupts, starting with Blocks.'
    static override readonly opName = 'builtin.module'
    static readonly passName = '(anonymous namespace)::TestGenericIRBlockVisitorInterruptPass'
    override runOnOperation(): void {
      let step = 0
      const result = walkBlocks(
        this.getOperation(),
        (block) => {
          for (const o of block.operations) {
            if (isBoolAttr(o.getAttr('interrupt'))) {
              return 'interrupt'
            }
          }
          out(`step ${step++}\n`)
          return 'advance'
        },
        false,
        'forward',
      )
      if (result === 'interrupt') {
        out(`step ${step++} walk was interrupted\n`)
      }
    }
  }

  class TestGenericIRRegionVisitorInterruptPass extends OperationPass {
    static override readonly argument = 'test-generic-ir-region-visitors-interrupt'
    static override readonly summary = 'Test generic IR visitors with interrupts, starting with Regions.'
    static override readonly opName = 'builtin.module'
    static readonly passName = '(anonymous namespace)::TestGenericIRRegionVisitorInterruptPass'
    override runOnOperation(): void {
      let step = 0
      const result = walkRegions(
        this.getOperation(),
        (region) => {
          for (const block of region.blockList) {
            for (const o of block.operations) {
              if (isBoolAttr(o.getAttr('interrupt'))) {
                return 'interrupt'
              }
            }
          }
          out(`step ${step++}\n`)
          return 'advance'
        },
        false,
        'forward',
      )
      if (result === 'interrupt') {
        out(`step ${step++} walk was interrupted\n`)
      }
    }
  }

  class TestPrintNestingPass extends OperationPass {
    static override readonly argument = 'test-print-nesting'
    static override readonly summary = 'Test various printing.'
    static readonly passName = '(anonymous namespace)::TestPrintNestingPass'
    private indent = 0

    override runOnOperation(): void {
      this.indent = 0
      this.printOperation(this.getOperation())
    }
    private line(text: string): void {
      out(`${'  '.repeat(this.indent)}${text}\n`)
    }
    private printOperation(op: Operation): void {
      this.line(`visiting op: '${op.name.name}' with ${op.numOperands} operands and ${op.numResults} results`)
      // mlir-opt 22 lists every attribute, inherent (properties) and discardable, sorted by name.
      const attrs = op.getAttrs()
      if (attrs.length > 0) {
        this.line(`${attrs.length} attributes:`)
        for (const a of attrs) {
          this.line(` - '${a.name}' : '${printAttribute(a.value)}'`)
        }
      }
      this.line(` ${op.numRegions} nested regions:`)
      this.indent++
      for (const region of op.regions) {
        this.printRegion(region)
      }
      this.indent--
    }
    private printRegion(region: Region): void {
      this.line(`Region with ${region.numBlocks} blocks:`)
      this.indent++
      for (const block of region.blockList) {
        this.printBlock(block)
      }
      this.indent--
    }
    private printBlock(block: Block): void {
      const ops = block.operations
      this.line(`Block with ${block.numArguments} arguments, ${block.successors.length} successors, and ${ops.length} operations`)
      this.indent++
      for (const op of ops) {
        this.printOperation(op)
      }
      this.indent--
    }
  }

  registry.register(TestIRVisitorsPass)
  registry.register(TestGenericIRVisitorPass)
  registry.register(TestGenericIRVisitorInterruptPass)
  registry.register(TestGenericIRBlockVisitorInterruptPass)
  registry.register(TestGenericIRRegionVisitorInterruptPass)
  registry.register(TestPrintNestingPass)
}
