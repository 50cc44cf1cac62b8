// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle a pass's
// modules are evaluated when the pass is first needed, not when it is registered.
import type { PassLoader, PassRegistry } from '@tilepass/pass-manager'
import { SCFToControlFlowPass } from './SCFToControlFlow.ts'
import { ReconcileUnrealizedCastsPass } from './ReconcileUnrealizedCasts.ts'
import { ArithToLLVMConversionPass } from './llvm/ArithToLLVM.ts'
import { ConvertIndexToLLVMPass } from './llvm/IndexToLLVM.ts'
import { ConvertFuncToLLVMPass } from './llvm/FuncToLLVM.ts'
import { ConvertControlFlowToLLVMPass } from './llvm/ControlFlowToLLVM.ts'
import { LowerAffinePass } from './AffineToStandard.ts'
import { FinalizeMemRefToLLVMConversionPass } from './llvm/MemRefToLLVM.ts'
import { ConvertGpuOpsToNVVMOpsPass } from './gpu/GPUToNVVM.ts'
import { ConvertNVVMToLLVMPass } from './nvvm/NVVMToLLVM.ts'
import { UBToLLVMConversionPass } from './llvm/UBToLLVM.ts'
import { ConvertMathToLLVMPass } from './llvm/MathToLLVM.ts'
import { ConvertToLLVMPass } from './llvm/ConvertToLLVM.ts'
import { LLVMRequestCWrappersPass } from './llvm/RequestCWrappers.ts'
import { TransformInterpreterPass } from './TransformInterpreter.ts'

/** The passes of `registerConversionPasses`, by argument. */
const PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'convert-scf-to-cf': () => SCFToControlFlowPass,
  'reconcile-unrealized-casts': () => ReconcileUnrealizedCastsPass,
  'convert-arith-to-llvm': () => ArithToLLVMConversionPass,
  'convert-index-to-llvm': () => ConvertIndexToLLVMPass,
  'convert-func-to-llvm': () => ConvertFuncToLLVMPass,
  'convert-cf-to-llvm': () => ConvertControlFlowToLLVMPass,
  'lower-affine': () => LowerAffinePass,
  'finalize-memref-to-llvm': () => FinalizeMemRefToLLVMConversionPass,
  'convert-gpu-to-nvvm': () => ConvertGpuOpsToNVVMOpsPass,
  'convert-nvvm-to-llvm': () => ConvertNVVMToLLVMPass,
  'convert-ub-to-llvm': () => UBToLLVMConversionPass,
  'convert-math-to-llvm': () => ConvertMathToLLVMPass,
  'convert-to-llvm': () => ConvertToLLVMPass,
  'llvm-request-c-wrappers': () => LLVMRequestCWrappersPass,
  'transform-interpreter': () => TransformInterpreterPass,
}

/**
 * Registers the conversion passes (`convert-scf-to-cf`, `convert-*-to-llvm`, `lower-affine`,
 * `finalize-memref-to-llvm`, `convert-gpu-to-nvvm`, `convert-ub-to-llvm`, `convert-math-to-llvm`, `convert-to-llvm`,
 * `reconcile-unrealized-casts`, `llvm-request-c-wrappers`, `transform-interpreter`) in `registry`.
 * They are registered by loader: a pass's class is made when the pass is first needed.
 */
export function registerConversionPasses(registry: PassRegistry): void {
  for (const argument in PASS_LOADERS) {
    registry.registerPassLoader(argument, PASS_LOADERS[argument]!)
  }
}
