/**
 * The `llvm-request-c-wrappers` pass (MLIR's `LLVMRequestCWrappersPass`,
 * `Dialect/LLVMIR/Transforms/RequestCWrappers.cpp`): marks a `func.func` with
 * `llvm.emit_c_interface`, so that `convert-func-to-llvm` emits its `_mlir_ciface_` wrapper.
 */
import { UnitAttr } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

/** The discardable attribute that asks `convert-func-to-llvm` for the C wrapper of a function. */
export const kEmitCWrapperAttrName = 'llvm.emit_c_interface'

/** Sets `llvm.emit_c_interface` on every `func.func` it runs on (`llvm-request-c-wrappers`). */
export class LLVMRequestCWrappersPass extends OperationPass {
  static override readonly argument = 'llvm-request-c-wrappers'
  static override readonly summary = 'Request C wrapper emission for all functions'
  static override readonly description = `Annotate every builtin function in the module with the LLVM dialect
attribute that instructs the conversion to LLVM to emit the C wrapper for
the function. This pass is expected to be applied immediately before the
conversion of builtin functions to LLVM to avoid the attribute being
dropped by other passes.`
  static override readonly opName = 'func.func'
  static readonly passName: string = 'LLVMRequestCWrappersPass'

  override runOnOperation(): void {
    this.getOperation().setDiscardableAttr(kEmitCWrapperAttrName, UnitAttr.get(this.getContext()))
  }
}
