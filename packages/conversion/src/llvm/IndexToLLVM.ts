import { IntegerAttr, IntegerType, failure, success, type Attribute, type Location, type LogicalResult, type Operation, type Type, type Value } from '@tilepass/ir'
import { IndexCmpPredicateAttr, llvmEnumIntAttr } from '@tilepass/dialects'
import { OperationPass, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { ConversionTarget } from '../ConversionTarget.ts'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'

const ICMP_EQ = 0
const ICMP_NE = 1
const ICMP_SLT = 2
const ICMP_SGT = 4

/** Builds LLVM ops at the rewriter's insertion point, for the multi-op lowerings. */
class LLVMBuilder {
  constructor(
    private readonly rewriter: ConversionPatternRewriter,
    private readonly loc: Location,
  ) {}
  constant(type: Type, value: number): Value {
    return this.rewriter.create('llvm.mlir.constant', this.loc, { results: [type], attributes: { value: IntegerAttr.get(type, value) } }).results[0]!
  }
  binary(name: string, lhs: Value, rhs: Value): Value {
    return this.rewriter.create(`llvm.${name}`, this.loc, { operands: [lhs, rhs], results: [lhs.type] }).results[0]!
  }
  icmp(predicate: number, lhs: Value, rhs: Value): Value {
    return this.rewriter.create('llvm.icmp', this.loc, {
      operands: [lhs, rhs],
      results: [IntegerType.get(this.rewriter.context, 1)],
      attributes: { predicate: llvmEnumIntAttr(this.rewriter.context, 64, predicate) },
    }).results[0]!
  }
  select(cond: Value, a: Value, b: Value): Value {
    return this.rewriter.create('llvm.select', this.loc, { operands: [cond, a, b], results: [a.type] }).results[0]!
  }
}

/** A pattern on one index op with the `LLVMTypeConverter`. */
abstract class IndexToLLVMPattern extends OpConversionPattern {
  constructor(
    opName: string,
    readonly converter: LLVMTypeConverter,
  ) {
    super(opName, { typeConverter: converter })
  }
}

/** An index op to one LLVM op on the converted operands, attributes copied (MLIR's `OneToOneConvertToLLVMPattern`). */
class OneToOneIndexPattern extends IndexToLLVMPattern {
  constructor(
    opName: string,
    private readonly targetName: string,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
    this.name = `${opName}->${targetName}`
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const result = this.converter.packOperationResults(op.resultTypes)
    if (result === null) {
      return failure()
    }
    const newOp = rewriter.create(this.targetName, op.location, { operands: adaptor.operands, results: [result], attributes: op.getAttrs() })
    rewriter.replaceOp(op, newOp.results)
    return success()
  }
}

/** `ceildivs(n, m)` as `x = m > 0 ? -1 : 1` and `(n > 0) == (m > 0) && n != 0 ? (n + x) / m + 1 : -(-n / m)`. */
class CeilDivSLowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.ceildivs', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const b = new LLVMBuilder(rewriter, op.location)
    const n = adaptor.getOperand(0)
    const m = adaptor.getOperand(1)
    const zero = b.constant(n.type, 0)
    const posOne = b.constant(n.type, 1)
    const negOne = b.constant(n.type, -1)
    const mPos = b.icmp(ICMP_SGT, m, zero)
    const x = b.select(mPos, negOne, posOne)
    const nPlusX = b.binary('add', n, x)
    const nPlusXDivM = b.binary('sdiv', nPlusX, m)
    const posRes = b.binary('add', nPlusXDivM, posOne)
    const negN = b.binary('sub', zero, n)
    const negNDivM = b.binary('sdiv', negN, m)
    const negRes = b.binary('sub', zero, negNDivM)
    const nPos = b.icmp(ICMP_SGT, n, zero)
    const sameSign = b.icmp(ICMP_EQ, nPos, mPos)
    const nNonZero = b.icmp(ICMP_NE, n, zero)
    const cmp = b.binary('and', sameSign, nNonZero)
    rewriter.replaceOp(op, [b.select(cmp, posRes, negRes)])
    return success()
  }
}

/** `ceildivu(n, m)` as `n == 0 ? 0 : (n - 1) / m + 1`. */
class CeilDivULowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.ceildivu', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const b = new LLVMBuilder(rewriter, op.location)
    const n = adaptor.getOperand(0)
    const m = adaptor.getOperand(1)
    const zero = b.constant(n.type, 0)
    const one = b.constant(n.type, 1)
    const minusOne = b.binary('sub', n, one)
    const quotient = b.binary('udiv', minusOne, m)
    const plusOne = b.binary('add', quotient, one)
    const cmp = b.icmp(ICMP_EQ, n, zero)
    rewriter.replaceOp(op, [b.select(cmp, zero, plusOne)])
    return success()
  }
}

/** `floordivs(n, m)` as `x = m < 0 ? 1 : -1` and `(n < 0) != (m < 0) && n != 0 ? -1 - (x - n) / m : n / m`. */
class FloorDivSLowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.floordivs', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const b = new LLVMBuilder(rewriter, op.location)
    const n = adaptor.getOperand(0)
    const m = adaptor.getOperand(1)
    const zero = b.constant(n.type, 0)
    const posOne = b.constant(n.type, 1)
    const negOne = b.constant(n.type, -1)
    const mNeg = b.icmp(ICMP_SLT, m, zero)
    const x = b.select(mNeg, posOne, negOne)
    const xMinusN = b.binary('sub', x, n)
    const xMinusNDivM = b.binary('sdiv', xMinusN, m)
    const negRes = b.binary('sub', negOne, xMinusNDivM)
    const posRes = b.binary('sdiv', n, m)
    const nNeg = b.icmp(ICMP_SLT, n, zero)
    const diffSign = b.icmp(ICMP_NE, nNeg, mNeg)
    const nNonZero = b.icmp(ICMP_NE, n, zero)
    const cmp = b.binary('and', diffSign, nNonZero)
    rewriter.replaceOp(op, [b.select(cmp, negRes, posRes)])
    return success()
  }
}

function intWidth(t: Type): number {
  return t instanceof IntegerType ? t.width : 0
}

/** `index.casts` / `index.castu`: the value itself at equal widths, else a truncation or extension. */
class CastLowering extends IndexToLLVMPattern {
  constructor(
    opName: string,
    private readonly extName: string,
    converter: LLVMTypeConverter,
  ) {
    super(opName, converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const input = adaptor.getOperand(0)
    const out = this.converter.convertType(op.getResult(0).type)
    if (out === null) {
      return failure()
    }
    if (input.type === out) {
      rewriter.replaceOp(op, [input])
      return success()
    }
    const name = intWidth(input.type) > intWidth(out) ? 'llvm.trunc' : this.extName
    rewriter.replaceOp(op, rewriter.create(name, op.location, { operands: [input], results: [out] }).results)
    return success()
  }
}

/** `index.cmp` to `llvm.icmp` (the predicate enums share their values). */
class CmpLowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.cmp', converter)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const pred = op.getAttr('pred')
    const b = new LLVMBuilder(rewriter, op.location)
    rewriter.replaceOp(op, [b.icmp(pred instanceof IndexCmpPredicateAttr ? pred.value : 0, adaptor.getOperand(0), adaptor.getOperand(1))])
    return success()
  }
}

/** `index.sizeof` to a constant: the index bit width. */
class SizeOfLowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.sizeof', converter)
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const b = new LLVMBuilder(rewriter, op.location)
    rewriter.replaceOp(op, [b.constant(this.converter.getIndexType(), this.converter.getIndexTypeBitwidth())])
    return success()
  }
}

/** `index.constant` to `llvm.mlir.constant` of the index integer type, the value truncated to it. */
class ConstantLowering extends IndexToLLVMPattern {
  constructor(converter: LLVMTypeConverter) {
    super('index.constant', converter)
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const type = this.converter.getIndexType()
    const value = op.getAttr('value')
    const v = value instanceof IntegerAttr ? value.value : 0n
    const attr: Attribute = IntegerAttr.get(type, BigInt.asIntN(type.width, v))
    rewriter.replaceOp(op, rewriter.create('llvm.mlir.constant', op.location, { results: [type], attributes: { value: attr } }).results)
    return success()
  }
}

/** The patterns lowering the index dialect to the llvm dialect (MLIR's `populateIndexToLLVMConversionPatterns`). */
export function indexToLLVMConversionPatterns(converter: LLVMTypeConverter): ConversionPattern[] {
  const o = (from: string, to: string): ConversionPattern => new OneToOneIndexPattern(`index.${from}`, `llvm.${to}`, converter)
  return [
    o('add', 'add'),
    o('sub', 'sub'),
    o('mul', 'mul'),
    o('divs', 'sdiv'),
    o('divu', 'udiv'),
    o('rems', 'srem'),
    o('remu', 'urem'),
    o('maxs', 'intr.smax'),
    o('maxu', 'intr.umax'),
    o('mins', 'intr.smin'),
    o('minu', 'intr.umin'),
    o('shl', 'shl'),
    o('shrs', 'ashr'),
    o('shru', 'lshr'),
    o('and', 'and'),
    o('or', 'or'),
    o('xor', 'xor'),
    new CeilDivSLowering(converter),
    new CeilDivULowering(converter),
    new FloorDivSLowering(converter),
    new CastLowering('index.casts', 'llvm.sext', converter),
    new CastLowering('index.castu', 'llvm.zext', converter),
    new CmpLowering(converter),
    new SizeOfLowering(converter),
    new ConstantLowering(converter),
    o('bool.constant', 'mlir.constant'),
  ]
}

/** The option declarations of the pass (see `OptionDecls`). */
export type IndexToLLVMOptionDecls = { readonly indexBitwidth: ScalarOption<number> }
const indexToLLVMOptions: IndexToLLVMOptionDecls = {
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
}

/** `convert-index-to-llvm`: lowers the index dialect to the llvm dialect. */
export class ConvertIndexToLLVMPass extends OperationPass<OptionValues<IndexToLLVMOptionDecls>> {
  static override readonly argument = 'convert-index-to-llvm'
  static override readonly summary = 'Lower the `index` dialect to the `llvm` dialect.'
  static override readonly description = `This pass lowers Index dialect operations to LLVM dialect operations.
Operation conversions are 1-to-1 except for the exotic divides: \`ceildivs\`,
\`ceildivu\`, and \`floordivs\`, which expand to series of LLVM operations.
Importantly, the index bitwidth should be correctly set to the target
pointer width via \`index-bitwidth\`.`
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: IndexToLLVMOptionDecls = indexToLLVMOptions
  static readonly passName: string = 'ConvertIndexToLLVMPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const target = new ConversionTarget(ctx)
    target.addIllegalDialect('index')
    target.addLegalDialect('llvm')
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth })
    applyPartialConversionInPass(this, this.getOperation(), target, indexToLLVMConversionPatterns(converter))
  }
}
