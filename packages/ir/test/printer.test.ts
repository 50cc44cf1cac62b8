import { describe, expect, it } from 'vitest'
import {
  AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  Block,
  BoolAttr,
  Context,
  DenseArrayAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  Operation,
  OperationState,
  StringAttr,
  TypeAttr,
  UnknownLoc,
  acquireVisitMarks,
  printOperation,
  releaseVisitMarks,
  type AsmPrinterOptions,
  type Location,
  type Type,
  type Value,
} from '@tilepass/ir'
import { testDialects } from './printerDialects.ts'

function newContext(): Context {
  return new Context({ allowUnregisteredDialects: true, dialects: testDialects })
}

/** A detached `builtin.module` with an empty body block, and a builder at its end. */
function newModule(ctx: Context, loc: Location = UnknownLoc.get(ctx)): { module: Operation; b: OpBuilder } {
  const state = new OperationState(loc, ctx.getOperationName('builtin.module'))
  state.addRegion().push(new Block())
  const module = Operation.create(state)
  const b = new OpBuilder(ctx)
  b.setInsertionPointToEnd(module.regions[0]!.firstBlock!)
  return { module, b }
}

function func(b: OpBuilder, name: string, inputs: Type[], results: Type[], loc: Location, argLocs?: Location[]): { op: Operation; entry: Block } {
  const ctx = b.context
  const op = b.create('func.func', loc, {
    properties: { sym_name: StringAttr.get(ctx, name), function_type: TypeAttr.get(FunctionType.get(ctx, inputs, results)) },
    regions: 1,
  })
  const ip = b.saveInsertionPoint()
  const entry = b.createBlock(op.regions[0]!, null, inputs, argLocs ?? inputs.map(() => loc))
  b.restoreInsertionPoint(ip)
  return { op, entry }
}

function constant(b: OpBuilder, value: IntegerAttr | FloatAttr, loc: Location): Value {
  return b.create('arith.constant', loc, { results: [value.type], properties: { value } }).result
}

/** The printed text; mlir-opt's output is this plus one more newline. */
function print(op: Operation, options?: AsmPrinterOptions): string {
  return printOperation(op, options)
}

/**
 * Builds the IR of this input (the expected strings below are mlir-opt's output for it):
 *
 * func.func @f(%a: index, %b: i32) -> index {
 *   %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
 *   %c0 = arith.constant 0 : index
 *   %c1 = arith.constant 0 : index
 *   %c42 = arith.constant 42 : i32
 *   %c43 = arith.constant 43 : i32
 *   %t = arith.constant true
 *   %f = arith.constant 1.0 : f32
 *   %f2 = arith.constant 2.0 : f32
 *   %r:2 = "test.x"(%a) ({
 *    ^bb0(%q: index):
 *      "test.y"(%q) : (index) -> ()
 *   }) : (index) -> (i32, i32)
 *   cf.br ^bb1(%0 : index)
 * ^bb1(%x: index):
 *   cf.cond_br %t, ^bb2, ^bb2
 * ^bb2:
 *   return %x : index
 * }
 */
function buildB(ctx: Context): Operation {
  const file = (line: number, col: number): Location => FileLineColLoc.get(ctx, 'b.mlir', line, col)
  const { module, b } = newModule(ctx, file(0, 0))
  const index = IndexType.get(ctx)
  const i32 = IntegerType.get(ctx, 32)
  const f32 = FloatType.get(ctx, 'f32')
  const { entry } = func(b, 'f', [index, i32], [index], file(1, 1), [file(1, 14), file(1, 25)])
  const body = entry.parent!
  b.setInsertionPointToEnd(entry)
  const d0 = AffineDimExpr.get(ctx, 0)
  const map = AffineMap.get(ctx, 1, 0, [AffineBinaryOpExpr.getRaw(AffineExprKind.Add, d0, AffineConstantExpr.get(ctx, 1))])
  const apply = b.create('affine.apply', file(2, 8), { operands: [entry.arguments[0]!], results: [index], properties: { map: AffineMapAttr.get(map) } })
  constant(b, IntegerAttr.get(index, 0), file(3, 9))
  constant(b, IntegerAttr.get(index, 0), file(4, 9))
  constant(b, IntegerAttr.get(i32, 42), file(5, 10))
  constant(b, IntegerAttr.get(i32, 43), file(6, 10))
  const t = constant(b, BoolAttr.get(ctx, true), file(7, 8))
  constant(b, FloatAttr.get(f32, 1), file(8, 8))
  constant(b, FloatAttr.get(f32, 2), file(9, 9))
  const x = b.create('test.x', file(10, 11), { operands: [entry.arguments[0]!], results: [i32, i32], regions: 1 })
  const ip = b.saveInsertionPoint()
  const inner = b.createBlock(x.regions[0]!, null, [index], [file(11, 9)])
  b.create('test.y', file(12, 6), { operands: [inner.arguments[0]!] })
  b.restoreInsertionPoint(ip)
  const bb1 = new Block()
  const xArg = bb1.addArgument(index, file(15, 5))
  const bb2 = new Block()
  body.push(bb1)
  body.push(bb2)
  b.create('cf.br', file(14, 3), { operands: [apply.result], successors: [bb1] })
  b.setInsertionPointToEnd(bb1)
  b.create('cf.cond_br', file(16, 3), {
    operands: [t],
    successors: [bb2, bb2],
    properties: { operandSegmentSizes: DenseArrayAttr.getI32(ctx, [1, 0, 0]) },
  })
  b.setInsertionPointToEnd(bb2)
  b.create('func.return', file(18, 3), { operands: [xArg] })
  return module
}

describe('printOperation: numbering, hints, blocks', () => {
  it('numbers the same with the ops visit marks held by another traversal (names kept in maps)', () => {
    const ctx = newContext()
    const module = buildB(ctx)
    const withMarks = print(module, { printValueUsers: true })
    const epoch = acquireVisitMarks()
    expect(epoch).not.toBe(0)
    expect(acquireVisitMarks()).toBe(0)
    try {
      expect(print(module, { printValueUsers: true })).toBe(withMarks)
    } finally {
      releaseVisitMarks(epoch)
    }
    // A print gives the marks back.
    const again = acquireVisitMarks()
    expect(again).not.toBe(0)
    releaseVisitMarks(again)
  })

  it('prints custom forms with result-name hints, block labels and predecessor comments', () => {
    const ctx = newContext()
    expect(print(buildB(ctx))).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @f(%arg0: index, %arg1: i32) -> index {
    %0 = affine.apply #map(%arg0)
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c42_i32 = arith.constant 42 : i32
    %c43_i32 = arith.constant 43 : i32
    %true = arith.constant true
    %cst = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 2.000000e+00 : f32
    %1:2 = "test.x"(%arg0) ({
    ^bb0(%arg2: index):
      "test.y"(%arg2) : (index) -> ()
    }) : (index) -> (i32, i32)
    cf.br ^bb1(%0 : index)
  ^bb1(%2: index):  // pred: ^bb0
    cf.cond_br %true, ^bb2, ^bb2
  ^bb2:  // 2 preds: ^bb1, ^bb1
    return %2 : index
  }
}
`)
  })

  it('prints the generic form with properties and successors', () => {
    const ctx = newContext()
    expect(print(buildB(ctx), { printGenericOpForm: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() ({
  "func.func"() <{function_type = (index, i32) -> index, sym_name = "f"}> ({
  ^bb0(%arg0: index, %arg1: i32):
    %0 = "affine.apply"(%arg0) <{map = #map}> : (index) -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "arith.constant"() <{value = 42 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 43 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = true}> : () -> i1
    %6 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %7 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
    %8:2 = "test.x"(%arg0) ({
    ^bb0(%arg2: index):
      "test.y"(%arg2) : (index) -> ()
    }) : (index) -> (i32, i32)
    "cf.br"(%0)[^bb1] : (index) -> ()
  ^bb1(%9: index):  // pred: ^bb0
    "cf.cond_br"(%5)[^bb2, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb2:  // 2 preds: ^bb1, ^bb1
    "func.return"(%9) : (index) -> ()
  }) : () -> ()
}) : () -> ()
`)
  })

  it('prints value users comments', () => {
    const ctx = newContext()
    expect(print(buildB(ctx), { printValueUsers: true })).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
module {
  func.func @f(%arg0: index, %arg1: i32) -> index {
    // %arg0 is used by %2#0, %2#1, %1
    // %arg1 is unused
    %1 = affine.apply #map(%arg0) // user: %3
    %c0 = arith.constant 0 : index // unused
    %c0_0 = arith.constant 0 : index // unused
    %c42_i32 = arith.constant 42 : i32 // unused
    %c43_i32 = arith.constant 43 : i32 // unused
    %true = arith.constant true // user: %5
    %cst = arith.constant 1.000000e+00 : f32 // unused
    %cst_1 = arith.constant 2.000000e+00 : f32 // unused
    %2:2 = "test.x"(%arg0) ({
    ^bb0(%arg2: index):
      // %arg2 is used by %7
      "test.y"(%arg2) : (index) -> () // id: %7
    }) : (index) -> (i32, i32) // unused
    cf.br ^bb1(%1 : index) // id: %3
  ^bb1(%4: index):  // pred: ^bb0
    // %4 is used by %6
    cf.cond_br %true, ^bb2, ^bb2 // id: %5
  ^bb2:  // 2 preds: ^bb1, ^bb1
    return %4 : index // id: %6
  }
}
`)
  })
})
