import type { Context } from '@tilepass/ir'
import { ConversionTarget } from '../ConversionTarget.ts'

/**
 * The target of conversions to the LLVM dialect (MLIR's `LLVMConversionTarget`): the
 * `llvm` dialect and `builtin.unrealized_conversion_cast` are legal.
 */
export class LLVMConversionTarget extends ConversionTarget {
  constructor(context: Context) {
    super(context)
    this.addLegalDialect('llvm')
    this.addLegalOp('builtin.unrealized_conversion_cast')
  }
}
