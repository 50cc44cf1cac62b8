import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  VectorType,
  failure,
  getElementTypeOrSelf,
  success,
  type LogicalResult,
  type NamedAttribute,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { LLVMArrayType, LLVMStructType } from '@tilepass/dialects'
import { OperationPass, boolOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { convertFastMathAttrs, handleMultidimensionalVectors, vectorOneToOneRewrite } from './ArithToLLVM.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { LLVMTypeConverter } from './LLVMTypeConverter.ts'

/** A pattern on a `math` op whose type converter is an `LLVMTypeConverter`. */
abstract class MathToLLVMPattern extends OpConversionPattern {
  constructor(
    opName: string,
    readonly converter: LLVMTypeConverter,
  ) {
    super(opName, { typeConverter: converter })
  }
}

/**
 * `math.<op>` to one `llvm.intr.<op>` on the converted operands, n-D vectors unrolled
 * (MLIR's `VectorConvertToLLVMPattern`), with the fast-math flags carried over when the
 * math op has them.
 */
class VectorOneToOneLowering extends MathToLLVMPattern {
  constructor(
    opName: string,
    private readonly targetName: string,
    converter: LLVMTypeConverter,
    private readonly fastMath: boolean,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const attrs = this.fastMath ? convertFastMathAttrs(op) : op.getAttrs().slice()
    return vectorOneToOneRewrite(op, this.targetName, adaptor.operands, attrs, this.converter, rewriter)
  }
}

/**
 * `math.ctlz` / `math.cttz` / `math.absi` to the LLVM intrinsic with its poison flag false
 * (MLIR's `IntOpWithFlagLowering`). As upstream, an n-D vector is left alone: the
 * unrolling branch requires a vector result type, which an LLVM array never is.
 */
class IntOpWithFlagLowering extends MathToLLVMPattern {
  constructor(
    opName: string,
    private readonly targetName: string,
    private readonly flag: string,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operand = adaptor.operands[0]!
    const operandType = this.converter.convertType(operand.type)
    const resultType = this.converter.convertType(op.getResult(0).type)
    if (operandType === null || resultType === null || operandType instanceof LLVMArrayType) {
      return failure()
    }
    const flag = IntegerAttr.get(IntegerType.get(op.context, 1), 0n)
    const newOp = rewriter.create(this.targetName, op.location, { operands: [operand], results: [resultType], attributes: [{ name: this.flag, value: flag }] })
    rewriter.replaceOp(op, newOp.results)
    return success()
  }
}

/** The constant 1.0 of `type` (a float, or a splat of a 1-D vector), as `llvm.mlir.constant`. */
function floatOne(rewriter: ConversionPatternRewriter, op: Operation, type: Type, element: FloatType): Value {
  const value = type instanceof VectorType ? DenseIntOrFPElementsAttr.get(type, [1], true) : FloatAttr.get(element, 1)
  return rewriter.create('llvm.mlir.constant', op.location, { results: [type], attributes: [{ name: 'value', value }] }).results[0]!
}

/**
 * The lowerings built from two LLVM ops and the constant 1.0 (`expm1` to `exp(x) - 1`,
 * `log1p` to `log(1 + x)`, `rsqrt` to `1 / sqrt(x)`), n-D vectors unrolled; each LLVM op
 * gets the math op's fast-math flags.
 */
class WithOneLowering extends MathToLLVMPattern {
  constructor(
    opName: string,
    converter: LLVMTypeConverter,
    private readonly build: OneBuilder,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operand = adaptor.operands[0]!
    const llvmType = this.converter.convertType(operand.type)
    const element = this.converter.convertType(getElementTypeOrSelf(op.getResult(0).type))
    if (llvmType === null || !(element instanceof FloatType)) {
      return failure()
    }
    const attrs = convertFastMathAttrs(op)
    if (!(llvmType instanceof LLVMArrayType)) {
      const one = floatOne(rewriter, op, llvmType, element)
      rewriter.replaceOp(op, [this.build(one, operand, llvmType, attrs, rewriter, op)])
      return success()
    }
    if (!(op.getResult(0).type instanceof VectorType)) {
      return rewriter.notifyMatchFailure(op, 'expected vector result type')
    }
    return handleMultidimensionalVectors(op, adaptor.operands, this.converter, rewriter, (type1D, ops) => {
      const one = floatOne(rewriter, op, type1D, element)
      return this.build(one, ops[0]!, type1D, attrs, rewriter, op)
    })
  }
}

type OneBuilder = (one: Value, x: Value, type: Type, attrs: readonly NamedAttribute[], rewriter: ConversionPatternRewriter, op: Operation) => Value

function create(rewriter: ConversionPatternRewriter, op: Operation, name: string, operands: Value[], type: Type, attrs: readonly NamedAttribute[]): Value {
  return rewriter.create(name, op.location, { operands, results: [type], attributes: attrs }).results[0]!
}

/** `log(1 + x)`. */
const log1p: OneBuilder = (one, x, type, attrs, rewriter, op) => create(rewriter, op, 'llvm.intr.log', [create(rewriter, op, 'llvm.fadd', [one, x], type, attrs)], type, attrs)
/** `exp(x) - 1`. */
const expm1: OneBuilder = (one, x, type, attrs, rewriter, op) => create(rewriter, op, 'llvm.fsub', [create(rewriter, op, 'llvm.intr.exp', [x], type, attrs), one], type, attrs)
/** `1 / sqrt(x)`. */
const rsqrt: OneBuilder = (one, x, type, attrs, rewriter, op) => create(rewriter, op, 'llvm.fdiv', [one, create(rewriter, op, 'llvm.intr.sqrt', [x], type, attrs)], type, attrs)

/** `math.isnan` / `math.isfinite` to `llvm.intr.is.fpclass` with the class mask (no unrolling, as upstream). */
class FPClassLowering extends MathToLLVMPattern {
  constructor(
    opName: string,
    private readonly mask: number,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operand = adaptor.operands[0]!
    const resultType = this.converter.convertType(op.getResult(0).type)
    if (this.converter.convertType(operand.type) === null || resultType === null) {
      return failure()
    }
    const bit = IntegerAttr.get(IntegerType.get(op.context, 32), BigInt(this.mask))
    rewriter.replaceOp(op, rewriter.create('llvm.intr.is.fpclass', op.location, { operands: [operand], results: [resultType], attributes: [{ name: 'bit', value: bit }] }).results)
    return success()
  }
}

/** `math.sincos` to `llvm.intr.sincos` returning a struct of the two results, which are extracted. */
class SincosLowering extends MathToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('math.sincos', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operand = adaptor.operands[0]!
    const type = this.converter.convertType(op.getResult(0).type)
    if (type === null) {
      return failure()
    }
    const struct = LLVMStructType.getLiteral(op.context, [type, type])
    const sincos = rewriter.create('llvm.intr.sincos', op.location, { operands: [operand], results: [struct], attributes: convertFastMathAttrs(op) }).results[0]!
    const extract = (i: number): Value =>
      rewriter.create('llvm.extractvalue', op.location, {
        operands: [sincos],
        results: [type],
        attributes: [{ name: 'position', value: DenseArrayAttr.get(IntegerType.get(op.context, 64), [BigInt(i)]) }],
      }).results[0]!
    rewriter.replaceOp(op, [extract(0), extract(1)])
    return success()
  }
}

/** The ops that lower to one fast-math intrinsic, by math mnemonic and intrinsic name. */
const FMF_LOWERINGS: readonly (readonly [string, string])[] = [
  ['absf', 'fabs'],
  ['acos', 'acos'],
  ['asin', 'asin'],
  ['atan', 'atan'],
  ['atan2', 'atan2'],
  ['ceil', 'ceil'],
  ['copysign', 'copysign'],
  ['cos', 'cos'],
  ['cosh', 'cosh'],
  ['exp2', 'exp2'],
  ['exp', 'exp'],
  ['fpowi', 'powi'],
  ['floor', 'floor'],
  ['fma', 'fma'],
  ['log10', 'log10'],
  ['log2', 'log2'],
  ['log', 'log'],
  ['powf', 'pow'],
  ['roundeven', 'roundeven'],
  ['round', 'round'],
  ['sin', 'sin'],
  ['sinh', 'sinh'],
  ['sqrt', 'sqrt'],
  ['tan', 'tan'],
  ['tanh', 'tanh'],
  ['trunc', 'trunc'],
]

/** `llvm::FPClassTest` masks: `fcNan` and `fcFinite`. */
const FC_NAN = 3
const FC_FINITE = 504

/**
 * The patterns lowering the math dialect to the llvm dialect (MLIR's
 * `populateMathToLLVMConversionPatterns`); `approximateLog1p` adds `log1p` as `log(1 + x)`.
 */
export function mathToLLVMConversionPatterns(converter: LLVMTypeConverter, approximateLog1p = true): ConversionPattern[] {
  const patterns: ConversionPattern[] = []
  if (approximateLog1p) {
    patterns.push(new WithOneLowering('math.log1p', converter, log1p))
  }
  patterns.push(
    new FPClassLowering('math.isnan', FC_NAN, converter),
    new FPClassLowering('math.isfinite', FC_FINITE, converter),
    new IntOpWithFlagLowering('math.absi', 'llvm.intr.abs', 'is_int_min_poison', converter),
    new IntOpWithFlagLowering('math.ctlz', 'llvm.intr.ctlz', 'is_zero_poison', converter),
    new IntOpWithFlagLowering('math.cttz', 'llvm.intr.cttz', 'is_zero_poison', converter),
    new VectorOneToOneLowering('math.ctpop', 'llvm.intr.ctpop', converter, false),
    new WithOneLowering('math.expm1', converter, expm1),
    new WithOneLowering('math.rsqrt', converter, rsqrt),
    new SincosLowering(converter),
  )
  for (const [from, to] of FMF_LOWERINGS) {
    patterns.push(new VectorOneToOneLowering(`math.${from}`, `llvm.intr.${to}`, converter, true))
  }
  return patterns
}

/** The option declarations of the pass (see `OptionDecls`). */
export type MathToLLVMOptionDecls = { readonly approximateLog1p: ScalarOption<boolean> }
const mathToLLVMOptions: MathToLLVMOptionDecls = {
  approximateLog1p: boolOption('approximate-log1p', true, 'Enable approximation of Log1p.'),
}

/** `convert-math-to-llvm`: lowers the math ops that have an LLVM intrinsic (or a short expansion) to the llvm dialect. */
export class ConvertMathToLLVMPass extends OperationPass<OptionValues<MathToLLVMOptionDecls>> {
  static override readonly argument = 'convert-math-to-llvm'
  static override readonly summary = 'Convert Math dialect to LLVM dialect'
  static override readonly description = 'This pass converts supported Math ops to LLVM dialect intrinsics.'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: MathToLLVMOptionDecls = mathToLLVMOptions
  static readonly passName: string = 'ConvertMathToLLVMPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const converter = new LLVMTypeConverter(ctx)
    applyPartialConversionInPass(this, this.getOperation(), new LLVMConversionTarget(ctx), mathToLLVMConversionPatterns(converter, this.options.approximateLog1p))
  }
}
