import { describe, expect, it } from 'vitest'
import {
  AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  Block,
  CallSiteLoc,
  Context,
  DistinctAttr,
  FileLineColLoc,
  FusedLoc,
  IntegerAttr,
  IntegerSet,
  IntegerSetAttr,
  IntegerType,
  NameLoc,
  OpBuilder,
  Operation,
  OperationState,
  StringAttr,
  TupleType,
  TypeAttr,
  UnitAttr,
  UnknownLoc,
  printLocation,
  printOperation,
  type AffineExpr,
  type Location,
} from '@tilepass/ir'

function newModule(ctx: Context, loc: Location): { module: Operation; b: OpBuilder } {
  const state = new OperationState(loc, ctx.getOperationName('builtin.module'))
  state.addRegion().push(new Block())
  const module = Operation.create(state)
  const b = new OpBuilder(ctx)
  b.setInsertionPointToEnd(module.regions[0]!.firstBlock!)
  return { module, b }
}

describe('location printing', () => {
  const ctx = new Context()
  const f = (l: number, c: number): Location => FileLineColLoc.get(ctx, 'f', l, c)

  it('prints every location kind in both forms', () => {
    const cases: [Location, string, string][] = [
      [UnknownLoc.get(ctx), 'loc(unknown)', '[unknown]'],
      [f(1, 2), 'loc("f":1:2)', 'f:1:2'],
      [FileLineColLoc.getRange(ctx, 'f', 1, 2, 3, 4), 'loc("f":1:2 to 3:4)', 'f:1:2 to 3:4'],
      [FileLineColLoc.getRange(ctx, 'f', 1, 2, 1, 5), 'loc("f":1:2 to :5)', 'f:1:2 to :5'],
      [NameLoc.get('a', UnknownLoc.get(ctx)), 'loc("a")', '"a"'],
      [NameLoc.get('a', f(1, 2)), 'loc("a"("f":1:2))', '"a"(f:1:2)'],
      [CallSiteLoc.get(NameLoc.get('a', UnknownLoc.get(ctx)), f(1, 2)), 'loc(callsite("a" at "f":1:2))', '"a" at f:1:2'],
      [CallSiteLoc.get(f(3, 4), f(1, 2)), 'loc(callsite("f":3:4 at "f":1:2))', 'f:3:4\n at f:1:2'],
      [FusedLoc.getRaw(ctx, [NameLoc.get('a', UnknownLoc.get(ctx)), f(1, 2)], StringAttr.get(ctx, 'm')), 'loc(fused<"m">["a", "f":1:2])', '<"m">["a", f:1:2]'],
      [FusedLoc.getRaw(ctx, [f(1, 2), f(3, 4)]), 'loc(fused["f":1:2, "f":3:4])', '[f:1:2, f:3:4]'],
    ]
    for (const [loc, plain, pretty] of cases) {
      expect(printLocation(loc)).toBe(plain)
      expect(printLocation(loc, true)).toBe(pretty)
    }
  })
})

/**
 * #m = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
 * #s = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
 * module {
 *   "test.a"() {a = #m, b = #s, c = affine_map<(d0) -> (d0)>, d = distinct[5]<42 : i32>,
 *               e = distinct[7]<42 : i32>, f = loc("x":1:2), g = tuple<i32 x 17>,
 *               h = distinct[3]<unit>} : () -> ()
 *   %0:2 = "test.b"() : () -> (i32, i32)
 *   "test.c"(%0#1, %0#0) : (i32, i32) -> ()
 *   %c0 = "test.d"() : () -> i32 loc("foo")
 * }
 * (file a.mlir)
 */
function buildA(ctx: Context): Operation {
  const file = (l: number, c: number): Location => FileLineColLoc.get(ctx, 'a.mlir', l, c)
  const { module, b } = newModule(ctx, file(3, 1))
  const i32 = IntegerType.get(ctx, 32)
  const d0 = AffineDimExpr.get(ctx, 0)
  const d1 = AffineDimExpr.get(ctx, 1)
  const c = (v: number): AffineConstantExpr => AffineConstantExpr.get(ctx, v)
  const bin = (k: AffineExprKind, l: AffineExpr, r: AffineExpr): AffineExpr => AffineBinaryOpExpr.getRaw(k, l, r)
  const m = AffineMap.get(ctx, 2, 0, [
    bin(AffineExprKind.Add, bin(AffineExprKind.Add, bin(AffineExprKind.Mul, d0, c(2)), d1), c(-1)),
    bin(AffineExprKind.Mul, d0, c(-1)),
    bin(AffineExprKind.FloorDiv, d0, c(3)),
    bin(AffineExprKind.Mod, bin(AffineExprKind.Add, d0, d1), c(4)),
  ])
  const s0 = AffineSymbolExpr.get(ctx, 0)
  const s = IntegerSet.get(ctx, 1, 1, [bin(AffineExprKind.Add, d0, bin(AffineExprKind.Mul, s0, c(-1))), d0], [false, true])
  const forty2 = IntegerAttr.get(i32, 42)
  b.create('test.a', file(4, 3), {
    attributes: {
      a: AffineMapAttr.get(m),
      b: IntegerSetAttr.get(s),
      c: AffineMapAttr.get(AffineMap.identity(ctx, 1)),
      d: DistinctAttr.create(forty2),
      e: DistinctAttr.create(forty2),
      f: FileLineColLoc.get(ctx, 'x', 1, 2),
      g: TypeAttr.get(TupleType.get(ctx, new Array<IntegerType>(17).fill(i32))),
      h: DistinctAttr.create(UnitAttr.get(ctx)),
    },
  })
  const b2 = b.create('test.b', file(5, 10), { results: [i32, i32] })
  b.create('test.c', file(6, 3), { operands: [b2.results[1]!, b2.results[0]!] })
  b.create('test.d', NameLoc.get('foo', UnknownLoc.get(ctx)), { results: [i32] })
  return module
}

describe('aliases and debug info', () => {
  it('chooses and orders aliases as mlir-opt', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    expect(printOperation(buildA(ctx))).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc, g = !tuple, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %1 = "test.d"() : () -> i32
}
`)
  })

  it('defers location aliases after the module with --mlir-print-debuginfo', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    expect(printOperation(buildA(ctx), { printDebugInfo: true })).toBe(`!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
#loc2 = loc("x":1:2)
#map = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
#map1 = affine_map<(d0) -> (d0)>
#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
module {
  "test.a"() {a = #map, b = #set, c = #map1, d = #distinct, e = #distinct1, f = #loc2, g = !tuple, h = distinct[2]<>} : () -> () loc(#loc1)
  %0:2 = "test.b"() : () -> (i32, i32) loc(#loc3)
  "test.c"(%0#1, %0#0) : (i32, i32) -> () loc(#loc4)
  %1 = "test.d"() : () -> i32 loc(#loc5)
} loc(#loc)
#loc = loc("a.mlir":3:1)
#loc1 = loc("a.mlir":4:3)
#loc3 = loc("a.mlir":5:10)
#loc4 = loc("a.mlir":6:3)
#loc5 = loc("foo")
`)
  })

  it('prints everything inline with --mlir-print-local-scope and names from NameLoc', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    expect(printOperation(buildA(ctx), { printLocalScope: true, useNameLocAsPrefix: true })).toBe(`module {
  "test.a"() {a = affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>, b = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>, c = affine_map<(d0) -> (d0)>, d = distinct[0]<42 : i32>, e = distinct[1]<42 : i32>, f = loc("x":1:2), g = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>, h = distinct[2]<>} : () -> ()
  %0:2 = "test.b"() : () -> (i32, i32)
  "test.c"(%0#1, %0#0) : (i32, i32) -> ()
  %foo = "test.d"() : () -> i32
}`)
  })
})
