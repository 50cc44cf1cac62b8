/**
 * `convert-nvvm-to-llvm`: lowers the nvvm ops that LLVM has no intrinsic for to inline PTX
 * (`llvm.inline_asm`), as MLIR's `ConvertNVVMToLLVMPass`: a partial conversion in which
 * only the llvm dialect is legal. Every nvvm op Tilepass defines (special registers,
 * barriers, shuffles, `cp.async` with or without a source size, its groups, `ldmatrix`,
 * `mma.sync`, `setmaxregister`) translates through an intrinsic in MLIR 22, so none of
 * them is rewritten: the pass leaves them, and everything else, as they are.
 */
import { OperationPass } from '@tilepass/pass-manager'
import { ConversionTarget } from '../ConversionTarget.ts'
import { applyPartialConversionInPass, type ConversionPattern } from '../DialectConversion.ts'

/**
 * The patterns of the lowering (MLIR's `populateNVVMToLLVMConversionPatterns`): one per nvvm
 * op that needs inline PTX. The ops Tilepass defines all have intrinsics, so there are none.
 */
export function nvvmToLLVMConversionPatterns(): ConversionPattern[] {
  return []
}

/** `convert-nvvm-to-llvm`: NVVM ops without an LLVM intrinsic to inline PTX in the llvm dialect. */
export class ConvertNVVMToLLVMPass extends OperationPass {
  static override readonly argument = 'convert-nvvm-to-llvm'
  static override readonly summary = 'Convert NVVM to PTX with Inline Assembly in LLVM dialect'
  static override readonly description = `This pass generates PTX instructions using inline assembly for NVVM
operations implements \`BasicPtxBuilderInterface\`.`
  static override readonly dependentDialects: readonly string[] = ['llvm', 'nvvm']
  static readonly passName: string = 'ConvertNVVMToLLVMPass'

  override runOnOperation(): void {
    const target = new ConversionTarget(this.getContext())
    target.addLegalDialect('llvm')
    applyPartialConversionInPass(this, this.getOperation(), target, nvvmToLLVMConversionPatterns())
  }
}
