import { describe, expect, it } from 'vitest'
import {
  Block,
  Context,
  DenseIntOrFPElementsAttr,
  FileLineColLoc,
  FunctionType,
  FusedLoc,
  IndexType,
  IntegerAttr,
  IntegerType,
  NameLoc,
  OpBuilder,
  Operation,
  OperationState,
  RankedTensorType,
  StringAttr,
  TypeAttr,
  UnknownLoc,
  printOperation,
  type Location,
} from '@tilepass/ir'
import { testDialects } from './printerDialects.ts'

function newModule(ctx: Context, loc: Location): { module: Operation; b: OpBuilder } {
  const state = new OperationState(loc, ctx.getOperationName('builtin.module'))
  state.addRegion().push(new Block())
  const module = Operation.create(state)
  const b = new OpBuilder(ctx)
  b.setInsertionPointToEnd(module.regions[0]!.firstBlock!)
  return { module, b }
}

/**
 * Builds (file d.mlir):
 *
 * func.func @f(%a: index loc("argname")) {
 *   %c0 = arith.constant 0 : index loc("foo")
 *   %1 = "test.x"() : () -> i32 loc("foo")
 *   %2 = "test.x"() : () -> i32 loc(fused["a", "b"])
 *   "test.r"() ({
 *     %3 = "test.x"() : () -> i32
 *     "test.r"() ({
 *       %4 = "test.x"() : () -> i32
 *     }) : () -> ()
 *   }) : () -> ()
 *   "test.r"() ({
 *     %3 = "test.x"() : () -> i32
 *   }) : () -> ()
 *   %5 = "test.x"() : () -> i32
 *   return
 * }
 * func.func @g() {
 *   %5 = "test.x"() : () -> i32
 *   return
 * }
 */
function buildD(ctx: Context): Operation {
  const file = (l: number, c: number): Location => FileLineColLoc.get(ctx, 'd.mlir', l, c)
  const name = (n: string): Location => NameLoc.get(n, UnknownLoc.get(ctx))
  const { module, b } = newModule(ctx, file(0, 0))
  const i32 = IntegerType.get(ctx, 32)
  const index = IndexType.get(ctx)
  const func = (sym: string, inputs: IndexType[], loc: Location, argLocs: Location[]): Block => {
    const op = b.create('func.func', loc, {
      properties: { sym_name: StringAttr.get(ctx, sym), function_type: TypeAttr.get(FunctionType.get(ctx, inputs, [])) },
      regions: 1,
    })
    const entry = new Block()
    for (let i = 0; i < inputs.length; i++) {
      entry.addArgument(inputs[i]!, argLocs[i]!)
    }
    op.regions[0]!.push(entry)
    return entry
  }
  const x = (bb: OpBuilder, loc: Location): void => {
    bb.create('test.x', loc, { results: [i32] })
  }
  const region = (bb: OpBuilder, loc: Location): OpBuilder => {
    const r = bb.create('test.r', loc, { regions: 1 })
    const blk = new Block()
    r.regions[0]!.push(blk)
    return OpBuilder.atBlockEnd(blk, ctx)
  }
  const f = func('f', [index], file(1, 1), [name('argname')])
  const fb = OpBuilder.atBlockEnd(f, ctx)
  fb.create('arith.constant', name('foo'), { results: [index], properties: { value: IntegerAttr.get(index, 0) } })
  x(fb, name('foo'))
  x(fb, FusedLoc.get(ctx, [name('a'), name('b')]))
  const r1 = region(fb, file(5, 3))
  x(r1, file(6, 10))
  const r11 = region(r1, file(7, 5))
  x(r11, file(8, 12))
  const r2 = region(fb, file(11, 3))
  x(r2, file(12, 10))
  x(fb, file(14, 8))
  fb.create('func.return', file(15, 3))
  const g = func('g', [], file(17, 1), [])
  const gb = OpBuilder.atBlockEnd(g, ctx)
  x(gb, file(18, 8))
  gb.create('func.return', file(19, 3))
  return module
}

function newContext(): Context {
  return new Context({ allowUnregisteredDialects: true, dialects: testDialects })
}

describe('printer flags', () => {
  it('--mlir-use-nameloc-as-prefix', () => {
    expect(printOperation(buildD(newContext()), { useNameLocAsPrefix: true })).toBe(`module {
  func.func @f(%argname: index) {
    %foo = arith.constant 0 : index
    %foo_0 = "test.x"() : () -> i32
    %a = "test.x"() : () -> i32
    "test.r"() ({
      %1 = "test.x"() : () -> i32
      "test.r"() ({
        %2 = "test.x"() : () -> i32
      }) : () -> ()
    }) : () -> ()
    "test.r"() ({
      %1 = "test.x"() : () -> i32
    }) : () -> ()
    %0 = "test.x"() : () -> i32
    return
  }
  func.func @g() {
    %0 = "test.x"() : () -> i32
    return
  }
}
`)
  })

  it('--mlir-print-unique-ssa-ids', () => {
    expect(printOperation(buildD(newContext()), { printUniqueSSAIDs: true })).toBe(`module {
  func.func @f(%arg0: index) {
    %c0 = arith.constant 0 : index
    %1 = "test.x"() : () -> i32
    %2 = "test.x"() : () -> i32
    "test.r"() ({
      %5 = "test.x"() : () -> i32
      "test.r"() ({
        %6 = "test.x"() : () -> i32
      }) : () -> ()
    }) : () -> ()
    "test.r"() ({
      %4 = "test.x"() : () -> i32
    }) : () -> ()
    %3 = "test.x"() : () -> i32
    return
  }
  func.func @g() {
    %0 = "test.x"() : () -> i32
    return
  }
}
`)
  })

  it('--mlir-print-skip-regions', () => {
    expect(printOperation(buildD(newContext()), { skipRegions: true })).toBe('module {...}\n')
  })

  it('--mlir-print-debuginfo --mlir-pretty-debuginfo', () => {
    expect(printOperation(buildD(newContext()), { printDebugInfo: true, prettyDebugInfo: true })).toBe(`#loc2 = "argname"
module {
  func.func @f(%arg0: index "argname") {
    %c0 = arith.constant 0 : index "foo"
    %0 = "test.x"() : () -> i32 "foo"
    %1 = "test.x"() : () -> i32 [#loc4, #loc5]
    "test.r"() ({
      %3 = "test.x"() : () -> i32 d.mlir:6:10
      "test.r"() ({
        %4 = "test.x"() : () -> i32 d.mlir:8:12
      }) : () -> () d.mlir:7:5
    }) : () -> () d.mlir:5:3
    "test.r"() ({
      %3 = "test.x"() : () -> i32 d.mlir:12:10
    }) : () -> () d.mlir:11:3
    %2 = "test.x"() : () -> i32 d.mlir:14:8
    return d.mlir:15:3
  } d.mlir:1:1
  func.func @g() {
    %0 = "test.x"() : () -> i32 d.mlir:18:8
    return d.mlir:19:3
  } d.mlir:17:1
} d.mlir:0:0
#loc = d.mlir:0:0
#loc1 = d.mlir:1:1
#loc3 = "foo"
#loc4 = "a"
#loc5 = "b"
#loc6 = d.mlir:5:3
#loc7 = d.mlir:6:10
#loc8 = d.mlir:7:5
#loc9 = d.mlir:8:12
#loc10 = d.mlir:11:3
#loc11 = d.mlir:12:10
#loc12 = d.mlir:14:8
#loc13 = d.mlir:15:3
#loc14 = d.mlir:17:1
#loc15 = d.mlir:18:8
#loc16 = d.mlir:19:3
#loc17 = [#loc4, #loc5]
`)
  })

  it('--mlir-print-debuginfo --mlir-print-local-scope prints nested ops alone', () => {
    const module = buildD(newContext())
    const f = module.regions[0]!.firstBlock!.firstOp!
    const r1 = f.regions[0]!.firstBlock!.firstOp!.nextOp!.nextOp!.nextOp!
    // A nested op is numbered from its closest isolated ancestor (here func.func @f).
    expect(printOperation(r1, { printDebugInfo: true, printLocalScope: true })).toBe(`"test.r"() ({
  %3 = "test.x"() : () -> i32 loc("d.mlir":6:10)
  "test.r"() ({
    %4 = "test.x"() : () -> i32 loc("d.mlir":8:12)
  }) : () -> () loc("d.mlir":7:5)
}) : () -> () loc("d.mlir":5:3)`)
  })

  it('--mlir-elide-elementsattrs-if-larger and the generic fallback for ops that fail to verify', () => {
    // "test.e"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<5> : tensor<8xi32>} : () -> ()
    const ctx = newContext()
    const { module, b } = newModule(ctx, UnknownLoc.get(ctx))
    const i32 = IntegerType.get(ctx, 32)
    b.create('test.e', UnknownLoc.get(ctx), {
      attributes: {
        a: DenseIntOrFPElementsAttr.get(RankedTensorType.get([3], i32), [1n, 2n, 3n], false),
        b: DenseIntOrFPElementsAttr.get(RankedTensorType.get([8], i32), [5n], true),
      },
    })
    expect(printOperation(module, { elideElementsAttrsIfLarger: 2 })).toBe(`module {
  "test.e"() {a = dense_resource<__elided__> : tensor<3xi32>, b = dense<5> : tensor<8xi32>} : () -> ()
}
`)
    expect(printOperation(module, { verifier: () => false })).toBe(`"builtin.module"() ({
  "test.e"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<5> : tensor<8xi32>} : () -> ()
}) : () -> ()
`)
    expect(printOperation(module, { verifier: () => false, assumeVerified: true }).startsWith('module {')).toBe(true)
  })
})
