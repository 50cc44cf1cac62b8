import { describe, expect, it } from 'vitest'
import {
  AffineBinaryOpExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineSymbolExpr,
  Block,
  Context,
  FloatType,
  IndexType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  Operation,
  OperationState,
  StringAttr,
  Trait,
  UnitAttr,
  UnknownLoc,
  printOperation,
  printOperationTo,
  printValueAsOperand,
  AsmState,
  type OpAsmPrinter,
  type OpDefinition,
} from '@tilepass/ir'

/** A small dialect whose custom forms exercise the OpAsmPrinter hooks. */
const hooksOps: OpDefinition[] = [
  {
    // hk.multi: names results `first`, `middle` (a group of 2) and leaves the last one numbered.
    name: 'hk.multi',
    getAsmResultNames(op, setName) {
      setName(op.results[0]!, 'first')
      setName(op.results[1]!, 'middle')
      setName(op.results[3]!, '')
    },
  },
  {
    // hk.isolated: prints its entry arguments itself, shadowed by its operands, names blocks.
    name: 'hk.isolated',
    traits: Trait.IsolatedFromAbove,
    defaultDialect: 'hk',
    print(op: Operation, p: OpAsmPrinter) {
      const region = op.regions[0]!
      p.print('(')
      const args = region.firstBlock!.arguments
      for (let i = 0; i < args.length; i++) {
        if (i > 0) {
          p.print(', ')
        }
        p.printRegionArgument(args[i]!, [{ name: 'hk.arg', value: UnitAttr.get(op.context) }])
      }
      p.print(') ')
      p.printOptionalAttrDictWithKeyword(op.getAttrs(), ['hidden'])
      p.print(' ')
      p.printRegion(region, false)
    },
    getAsmBlockArgumentNames(_op, region, setName) {
      const args = region.firstBlock!.arguments
      for (let i = 0; i < args.length; i++) {
        setName(args[i]!, i === 0 ? 'in' : '9lives')
      }
    },
    getAsmBlockNames(op, setName) {
      const second = op.regions[0]!.firstBlock!.nextBlock
      if (second !== null) {
        setName(second, 'exit')
      }
    },
  },
  {
    // hk.shadow: prints its region with the entry arguments renamed to its operands.
    name: 'hk.shadow',
    traits: Trait.IsolatedFromAbove,
    print(op: Operation, p: OpAsmPrinter) {
      const region = op.regions[0]!
      p.print(' ')
      p.printOperands(op.getOperands())
      p.shadowRegionArgs(region, op.getOperands())
      p.print(' ')
      p.printRegion(region, false)
    },
  },
  {
    // hk.misc: keyword-or-string, strings, floats, affine maps of SSA ids, newlines and indentation.
    name: 'hk.misc',
    print(op: Operation, p: OpAsmPrinter) {
      const ctx = op.context
      p.print(' ')
      p.printKeywordOrString('ok_kw')
      p.print(' ')
      p.printKeywordOrString('not a keyword')
      p.print(' ')
      p.printString('tab\there')
      p.print(' ')
      p.printFloat!(0.1, FloatType.get(ctx, 'f32'))
      p.print(' [')
      const d0 = AffineDimExpr.get(ctx, 0)
      const s0 = AffineSymbolExpr.get(ctx, 0)
      p.printAffineMapOfSSAIds!(AffineMap.get(ctx, 1, 1, [AffineBinaryOpExpr.getRaw(AffineExprKind.Add, d0, s0)]), op.getOperands())
      p.print(']')
      p.increaseIndent()
      p.printNewline()
      p.print('indented')
      p.decreaseIndent()
      p.printNewline()
      p.printSymbolName('sym')
      p.printArrowTypeList(op.resultTypes)
    },
  },
]

function setup(): { ctx: Context; module: Operation; b: OpBuilder } {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [{ namespace: 'hk', ops: hooksOps }] })
  const state = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName('builtin.module'))
  state.addRegion().push(new Block())
  const module = Operation.create(state)
  return { ctx, module, b: OpBuilder.atBlockEnd(module.regions[0]!.firstBlock!, ctx) }
}

describe('OpAsmPrinter hooks', () => {
  it('prints result groups named by getAsmResultNames', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const m = b.create('hk.multi', loc, { results: [i32, i32, i32, i32] })
    b.create('test.use', loc, { operands: [m.results[2]!, m.results[3]!, m.results[0]!] })
    expect(printOperation(module)).toBe(`module {
  %first, %middle:2, %0 = "hk.multi"() : () -> (i32, i32, i32, i32)
  "test.use"(%middle#1, %0, %first) : (i32, i32, i32) -> ()
}
`)
    // Generic form ignores the names, as mlir-opt does.
    expect(printOperation(module, { printGenericOpForm: true })).toContain('%0:4 = "hk.multi"()')
  })

  it('names block arguments and blocks, elides the default dialect, prints region arguments', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const index = IndexType.get(ctx)
    const iso = b.create('hk.isolated', loc, {
      regions: 1,
      attributes: { hidden: UnitAttr.get(ctx), 'hk.shown': IntegerAttr.get(IntegerType.get(ctx, 64), 3) },
    })
    const entry = new Block()
    entry.addArgument(index, loc)
    entry.addArgument(index, loc)
    const exit = new Block()
    iso.regions[0]!.push(entry)
    iso.regions[0]!.push(exit)
    const eb = OpBuilder.atBlockEnd(entry, ctx)
    eb.create('test.br', loc, { operands: [entry.arguments[1]!], successors: [exit] })
    OpBuilder.atBlockEnd(exit, ctx).create('hk.multi', loc, { results: [index, index, index, index] })
    expect(printOperation(module)).toBe(`module {
  hk.isolated(%in: index {hk.arg}, %_9lives: index {hk.arg})  attributes {hk.shown = 3 : i64} {
    "test.br"(%_9lives)[^exit] : (index) -> ()
  ^exit:  // pred: ^bb0
    %first, %middle:2, %0 = "hk.multi"() : () -> (index, index, index, index)
  }
}
`)
  })

  it('shadows region arguments with the names of other values', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const v = b.create('test.def', loc, { results: [i32] }).result
    const sh = b.create('hk.shadow', loc, { operands: [v], regions: 1 })
    const entry = new Block()
    entry.addArgument(i32, loc)
    sh.regions[0]!.push(entry)
    OpBuilder.atBlockEnd(entry, ctx).create('test.use', loc, { operands: [entry.arguments[0]!] })
    expect(printOperation(module)).toBe(`module {
  %0 = "test.def"() : () -> i32
  hk.shadow %0 {
    "test.use"(%0) : (i32) -> ()
  }
}
`)
  })

  it('prints keywords, strings, floats, affine maps of SSA ids and indented newlines', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const index = IndexType.get(ctx)
    const x = b.create('test.def', loc, { results: [index, index] })
    b.create('hk.misc', loc, { operands: [x.results[0]!, x.results[1]!], results: [index] })
    expect(printOperation(module)).toBe(`module {
  %0:2 = "test.def"() : () -> (index, index)
  %1 = hk.misc ok_kw "not a keyword" "tab\\09here" 1.000000e-01 [%0#0 + symbol(%0#1)]
    indented
  @sym -> index
}
`)
  })

  it('streams the same text to a sink in chunks', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    for (let i = 0; i < 20000; i++) {
      b.create('test.op', loc, { results: [i32], attributes: { s: StringAttr.get(ctx, 'v' + (i % 7)) } })
    }
    const chunks: string[] = []
    printOperationTo(module, (c) => chunks.push(c))
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(printOperation(module))
  })

  it('keeps every piece across chunk boundaries, chunk after chunk', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    for (let i = 0; i < 30000; i++) {
      b.create('test.op', loc, { results: [i32], attributes: { s: StringAttr.get(ctx, 'v' + i) } })
    }
    const chunks: string[] = []
    printOperationTo(module, (c) => chunks.push(c))
    expect(chunks.length).toBeGreaterThan(3)
    const lines = chunks.join('').split('\n')
    expect(lines[0]).toBe('module {')
    for (let i = 0; i < 30000; i++) {
      expect(lines[i + 1]).toBe(`  %${i} = "test.op"() {s = "v${i}"} : () -> i32`)
    }
    expect(lines.slice(30001)).toEqual(['}', ''])
  })

  it('reuses one numbering with AsmState and prints values as operands', () => {
    const { ctx, module, b } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const m = b.create('hk.multi', loc, { results: [i32, i32, i32, i32] })
    const use = b.create('test.use', loc, { operands: [m.results[2]!], results: [i32] })
    const state = new AsmState(module)
    expect(state.printOperation(use)).toBe('%1 = "test.use"(%middle#1) : (i32) -> i32')
    expect(state.valueName(m.results[3]!)).toBe('%0')
    expect(state.blockName(module.regions[0]!.firstBlock!)).toBe('^bb0')
    // The only block of a region is `^bb0` only in the numbered op; a block elsewhere has no label.
    const other = setup().module
    expect(state.blockName(other.regions[0]!.firstBlock!)).toBe('INVALIDBLOCK')
    expect(state.printOperation(module)).toBe(printOperation(module))
    expect(printValueAsOperand(m.results[2]!)).toBe('%middle#1')
    expect(printValueAsOperand(use.result)).toBe('%1')
  })
})
