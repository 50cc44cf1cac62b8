/**
 * Chapter 5: partial lowering of the toy dialect to `affine` loops over `memref` buffers,
 * with `arith` for the element math (MLIR's Toy `LowerToAffineLoops`). Tensors become
 * buffers allocated at the top of the function and freed before its return; `toy.print`
 * stays, now printing a buffer. The pass is a partial dialect conversion: every toy op but
 * `toy.print` is illegal afterwards, so a toy op that cannot be lowered (a call that was not
 * inlined, an unranked tensor) fails the pass with a diagnostic at its location.
 */
import {
  AffineConstantExpr,
  AffineMap,
  AffineMapAttr,
  Block,
  DenseArrayAttr,
  FunctionType,
  type DenseIntOrFPElementsAttr,
  type FloatType,
  IndexType,
  IntegerAttr,
  FloatAttr,
  MemRefType,
  RankedTensorType,
  type TypeAttr,
  failure,
  success,
  type Location,
  type LogicalResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { ConversionTarget, OpConversionPattern, applyPartialConversion, type ConversionPatternRewriter, type OpAdaptor } from '@tilepass/conversion'
import { OperationPass } from '@tilepass/pass-manager'

function memRefFor(op: Operation, type: unknown): MemRefType | null {
  if (!(type instanceof RankedTensorType)) {
    op.emitError('cannot lower a tensor of unknown shape to a buffer: run shape inference first').report()
    return null
  }
  return MemRefType.get(type.shape, type.elementType)
}

/** `memref.alloc` at the top of the op's block and `memref.dealloc` before the block's terminator. */
function insertAllocAndDealloc(type: MemRefType, loc: Location, op: Operation, rewriter: ConversionPatternRewriter): Value {
  const block = op.parentBlock!
  const alloc = rewriter.create('memref.alloc', loc, {
    results: [type],
    properties: { operandSegmentSizes: DenseArrayAttr.getI32(rewriter.context, [0, 0]) },
  })
  rewriter.moveOpBefore(alloc, block.firstOp!)
  const dealloc = rewriter.create('memref.dealloc', loc, { operands: [alloc.results[0]!] })
  rewriter.moveOpBefore(dealloc, block.lastOp!)
  return alloc.results[0]!
}

/** `affine.for %iv = 0 to upper` with its body block and terminator; the insertion point moves into the body. */
function affineFor(rewriter: ConversionPatternRewriter, loc: Location, upper: number): Value {
  const ctx = rewriter.context
  const index = IndexType.get(ctx)
  const forOp = rewriter.create('affine.for', loc, {
    regions: 1,
    properties: {
      lowerBoundMap: AffineMapAttr.get(AffineMap.get(ctx, 0, 0, [AffineConstantExpr.get(ctx, 0)])),
      upperBoundMap: AffineMapAttr.get(AffineMap.get(ctx, 0, 0, [AffineConstantExpr.get(ctx, upper)])),
      step: IntegerAttr.get(index, 1n),
      operandSegmentSizes: DenseArrayAttr.getI32(ctx, [0, 0, 0]),
    },
  })
  const body = new Block()
  const iv = body.addArgument(index, loc)
  forOp.regions[0]!.push(body)
  rewriter.setInsertionPointToEnd(body)
  rewriter.create('affine.yield', loc, {})
  rewriter.setInsertionPoint(body.lastOp!)
  return iv
}

function affineLoad(rewriter: ConversionPatternRewriter, loc: Location, memref: Value, indices: readonly Value[]): Value {
  const type = memref.type as MemRefType
  return rewriter.create('affine.load', loc, {
    operands: [memref, ...indices],
    results: [type.elementType],
    properties: { map: AffineMapAttr.get(AffineMap.identity(rewriter.context, indices.length)) },
  }).results[0]!
}

function affineStore(rewriter: ConversionPatternRewriter, loc: Location, value: Value, memref: Value, indices: readonly Value[]): void {
  rewriter.create('affine.store', loc, {
    operands: [value, memref, ...indices],
    properties: { map: AffineMapAttr.get(AffineMap.identity(rewriter.context, indices.length)) },
  })
}

/**
 * Replaces `op` (a tensor-valued toy op) by a buffer filled by a loop nest over its shape:
 * `element(ivs)` computes the value stored at the induction variables.
 */
function lowerOpToLoops(op: Operation, rewriter: ConversionPatternRewriter, element: (ivs: readonly Value[]) => Value): LogicalResult {
  const loc = op.location
  const type = memRefFor(op, op.getResult(0).type)
  if (type === null) {
    return failure()
  }
  const alloc = insertAllocAndDealloc(type, loc, op, rewriter)
  const ivs: Value[] = []
  for (const dim of type.shape) {
    ivs.push(affineFor(rewriter, loc, Number(dim)))
  }
  affineStore(rewriter, loc, element(ivs), alloc, ivs)
  rewriter.setInsertionPoint(op)
  rewriter.replaceOp(op, [alloc])
  return success()
}

/** `toy.add` / `toy.mul`: an element-wise loop nest with `arith.addf` / `arith.mulf`. */
class BinaryOpLowering extends OpConversionPattern {
  constructor(
    opName: string,
    private readonly arithOp: string,
  ) {
    super(opName)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return lowerOpToLoops(op, rewriter, (ivs) => {
      const lhs = affineLoad(rewriter, op.location, adaptor.getOperand(0), ivs)
      const rhs = affineLoad(rewriter, op.location, adaptor.getOperand(1), ivs)
      return rewriter.create(this.arithOp, op.location, { operands: [lhs, rhs], results: [lhs.type] }).results[0]!
    })
  }
}

/** `toy.transpose`: a loop nest reading the input at the reversed induction variables. */
class TransposeOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.transpose')
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return lowerOpToLoops(op, rewriter, (ivs) => affineLoad(rewriter, op.location, adaptor.getOperand(0), [...ivs].reverse()))
  }
}

/** `toy.constant`: a buffer with one `affine.store` of an `arith.constant` per element. */
class ConstantOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.constant')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    const value = op.getAttr('value') as DenseIntOrFPElementsAttr
    const type = memRefFor(op, op.getResult(0).type)
    if (type === null) {
      return failure()
    }
    const alloc = insertAllocAndDealloc(type, loc, op, rewriter)
    const index = IndexType.get(rewriter.context)
    const shape = type.shape.map(Number)
    // One index constant per position along the longest dimension, shared by all stores.
    const constantIndices: Value[] = []
    const count = shape.length === 0 ? 1 : Math.max(...shape)
    for (let i = 0; i < count; i++) {
      constantIndices.push(rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, BigInt(i)) } }).results[0]!)
    }
    const elements = value.values as readonly number[]
    const f64 = type.elementType as FloatType
    let next = 0
    const indices: Value[] = []
    const storeElements = (dim: number): void => {
      if (dim === shape.length) {
        const v = elements[value.isSplat ? 0 : next++]!
        const c = rewriter.create('arith.constant', loc, { results: [f64], attributes: { value: FloatAttr.get(f64, v) } }).results[0]!
        affineStore(rewriter, loc, c, alloc, indices)
        return
      }
      for (let i = 0; i < shape[dim]!; i++) {
        indices.push(constantIndices[i]!)
        storeElements(dim + 1)
        indices.pop()
      }
    }
    storeElements(0)
    rewriter.replaceOp(op, [alloc])
    return success()
  }
}

/** `toy.func @main` (no arguments, no results after inlining) becomes a `func.func`. */
class FuncOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.func')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const name = op.getAttr('sym_name')
    const fnType = (op.getAttr('function_type') as TypeAttr).value
    if (!(fnType instanceof FunctionType) || fnType.inputs.length !== 0 || fnType.results.length !== 0) {
      op.emitError('only a main function without arguments or results can be lowered: inline the other functions first').report()
      return failure()
    }
    const func = rewriter.create('func.func', op.location, {
      regions: 1,
      properties: { sym_name: name!, function_type: op.getAttr('function_type')! },
    })
    rewriter.inlineRegionBefore(op.regions[0]!, func.regions[0]!, null)
    rewriter.eraseOp(op)
    return success()
  }
}

/** `toy.return` (without operands in `main`) becomes `func.return`. */
class ReturnOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.return')
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    if (op.numOperands !== 0) {
      return failure()
    }
    rewriter.replaceOp(op, rewriter.create('func.return', op.location, {}))
    return success()
  }
}

/** `toy.print` stays; its operand becomes the lowered buffer. */
class PrintOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.print')
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    rewriter.modifyOpInPlace(op, () => op.setOperand(0, adaptor.getOperand(0)))
    return success()
  }
}

/** `toy-lower-to-affine`: the chapter 5 partial lowering (see the file comment). */
export class ToyToAffineLoweringPass extends OperationPass {
  static override readonly argument = 'toy-lower-to-affine'
  static override readonly summary = 'Lower toy operations to affine loops over memref buffers (toy.print stays)'
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['affine', 'arith', 'func', 'memref']

  override runOnOperation(): void {
    const target = new ConversionTarget(this.getContext())
    target.addLegalDialect('affine', 'builtin', 'arith', 'func', 'memref')
    target.addIllegalDialect('toy')
    // toy.print is legal once its operand is a buffer.
    target.addDynamicallyLegalOp('toy.print', (op) => !(op.getOperand(0).type instanceof RankedTensorType))
    const patterns = [
      new FuncOpLowering(),
      new ReturnOpLowering(),
      new ConstantOpLowering(),
      new BinaryOpLowering('toy.add', 'arith.addf'),
      new BinaryOpLowering('toy.mul', 'arith.mulf'),
      new TransposeOpLowering(),
      new PrintOpLowering(),
    ]
    if (!applyPartialConversion(this.getOperation(), target, patterns)) {
      this.signalPassFailure()
    }
  }
}
