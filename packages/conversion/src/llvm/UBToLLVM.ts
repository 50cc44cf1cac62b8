import { success, type LogicalResult, type Operation } from '@tilepass/ir'
import { PoisonAttr } from '@tilepass/dialects'
import { OperationPass, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPattern, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'

/** `ub.poison` (of the plain `#ub.poison` value) to `llvm.mlir.poison` of the converted type. */
class PoisonOpLowering extends OpConversionPattern {
  constructor(readonly converter: LLVMTypeConverter) {
    super('ub.poison', { typeConverter: converter })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const value = op.getAttr('value')
    if (value !== undefined && !(value instanceof PoisonAttr)) {
      return rewriter.notifyMatchFailure(op, "pattern can only convert op with 'poison' poison value")
    }
    const type = this.converter.convertType(op.resultTypes[0]!)
    if (type === null) {
      return rewriter.notifyMatchFailure(op, 'failed to convert result type')
    }
    rewriter.replaceOp(op, rewriter.create('llvm.mlir.poison', op.location, { results: [type] }).results)
    return success()
  }
}

/** `ub.unreachable` to `llvm.unreachable`. */
class UnreachableOpLowering extends OpConversionPattern {
  constructor(converter: LLVMTypeConverter) {
    super('ub.unreachable', { typeConverter: converter })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    rewriter.replaceOp(op, rewriter.create('llvm.unreachable', op.location, {}))
    return success()
  }
}

/** The patterns lowering the ub dialect to the llvm dialect (MLIR's `populateUBToLLVMConversionPatterns`). */
export function ubToLLVMConversionPatterns(converter: LLVMTypeConverter): ConversionPattern[] {
  return [new PoisonOpLowering(converter), new UnreachableOpLowering(converter)]
}

/** The option declarations of the pass (see `OptionDecls`). */
export type UBToLLVMOptionDecls = { readonly indexBitwidth: ScalarOption<number> }
const ubToLLVMOptions: UBToLLVMOptionDecls = {
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
}

/** `convert-ub-to-llvm`: lowers `ub.poison` and `ub.unreachable` to the llvm dialect. */
export class UBToLLVMConversionPass extends OperationPass<OptionValues<UBToLLVMOptionDecls>> {
  static override readonly argument = 'convert-ub-to-llvm'
  static override readonly summary = 'Convert UB dialect to LLVM dialect'
  static override readonly description = 'This pass converts supported UB ops to LLVM dialect instructions.'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: UBToLLVMOptionDecls = ubToLLVMOptions
  static readonly passName: string = 'UBToLLVMConversionPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth })
    applyPartialConversionInPass(this, this.getOperation(), new LLVMConversionTarget(ctx), ubToLLVMConversionPatterns(converter))
  }
}
