/**
 * Dialect conversion for Tilepass: `ConversionTarget`, `TypeConverter`,
 * `OpConversionPattern`, `applyPartialConversion`, `applyFullConversion` and the
 * conversion passes such as `convert-scf-to-cf`.
 *
 * @packageDocumentation
 */

/** Legality of ops and dialects for a conversion. */
export { ConversionTarget } from './ConversionTarget.ts'
/** Legality kinds, callbacks and details. */
export type { LegalizationAction, DynamicLegalityFn, LegalOpDetails } from './ConversionTarget.ts'
/** Type conversion and signature conversion. */
export { TypeConverter, SignatureConversion } from './TypeConverter.ts'
/** Type conversion and materialization callbacks. */
export type { TypeConversionFn, MaterializationFn } from './TypeConverter.ts'
/** Conversion patterns, the conversion rewriter and the drivers. */
export {
  OpAdaptor,
  ConversionPattern,
  OpConversionPattern,
  ConversionPatternRewriter,
  ApplyConversionAction,
  applyPartialConversion,
  applyPartialConversionInPass,
  applyFullConversion,
  applyAnalysisConversion,
} from './DialectConversion.ts'
/** Driver modes and options. */
export type { ConversionMode, ConversionConfig, ConversionPassLike, DialectConversionFoldingMode } from './DialectConversion.ts'
/** The `dialect-conversion` debug log (`--debug-only=dialect-conversion`). */
export { ConversionLogger, getDialectConversionLogger, setDialectConversionLogger, setDebugOnlyTypes } from './DebugLog.ts'
/** The `convert-scf-to-cf` pass and its patterns. */
export { SCFToControlFlowPass, scfToControlFlowPatterns } from './SCFToControlFlow.ts'
export type { SCFToControlFlowOptionDecls } from './SCFToControlFlow.ts'
/** The type converter and target of conversions to the LLVM dialect. */
export { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './llvm/LLVMTypeConverter.ts'
/** Options of the lowering to the LLVM dialect. */
export type { LowerToLLVMOptions } from './llvm/LLVMTypeConverter.ts'
/** The `llvm` dialect and unrealized casts legal. */
export { LLVMConversionTarget } from './llvm/LLVMConversionTarget.ts'
/** The `convert-func-to-llvm` pass, its patterns and the `func.func` conversion. */
export { ConvertFuncToLLVMPass, funcToLLVMConversionPatterns, convertFuncOpToLLVMFuncOp } from './llvm/FuncToLLVM.ts'
/** The `convert-cf-to-llvm` pass and its patterns. */
export { ConvertControlFlowToLLVMPass, controlFlowToLLVMConversionPatterns, assertToLLVMConversionPattern } from './llvm/ControlFlowToLLVM.ts'
/** The `convert-arith-to-llvm` pass, its patterns and the ceil/floor division expansion. */
export { ArithToLLVMConversionPass, arithToLLVMConversionPatterns, ceilFloorDivExpandPatterns, convertArithFastMathAttrToLLVM } from './llvm/ArithToLLVM.ts'
/** The `convert-index-to-llvm` pass and its patterns. */
export { ConvertIndexToLLVMPass, indexToLLVMConversionPatterns } from './llvm/IndexToLLVM.ts'
/** The `finalize-memref-to-llvm` pass, its patterns and the element address computation. */
export { LLVMRequestCWrappersPass } from './llvm/RequestCWrappers.ts'
export { FinalizeMemRefToLLVMConversionPass, memrefToLLVMConversionPatterns, getStridedElementPtr, identityLayoutStrides, type MemRefAllocOptions } from './llvm/MemRefToLLVM.ts'
export type { FinalizeMemRefToLLVMOptionDecls } from './llvm/MemRefToLLVM.ts'
/** The `convert-gpu-to-nvvm` pass, its patterns, legality and address spaces. */
export { ConvertGpuOpsToNVVMOpsPass, gpuToNVVMConversionPatterns, configureGpuToNVVMConversionLegality, nvvmAddressSpaceOf } from './gpu/GPUToNVVM.ts'
export type { GPUToNVVMOptionDecls } from './gpu/GPUToNVVM.ts'
/** The `convert-nvvm-to-llvm` pass and its patterns. */
export { ConvertNVVMToLLVMPass, nvvmToLLVMConversionPatterns } from './nvvm/NVVMToLLVM.ts'
/** The `convert-ub-to-llvm` pass and its patterns. */
export { UBToLLVMConversionPass, ubToLLVMConversionPatterns } from './llvm/UBToLLVM.ts'
/** The `convert-math-to-llvm` pass and its patterns. */
export { ConvertMathToLLVMPass, mathToLLVMConversionPatterns } from './llvm/MathToLLVM.ts'
export type { MathToLLVMOptionDecls } from './llvm/MathToLLVM.ts'
/** The `convert-to-llvm` pass: every loaded dialect's lowering to llvm in one conversion. */
export { ConvertToLLVMPass } from './llvm/ConvertToLLVM.ts'
export { TransformInterpreterPass, type TransformInterpreterOptionDecls } from './TransformInterpreter.ts'
export type { ConvertToLLVMOptionDecls } from './llvm/ConvertToLLVM.ts'
export type { UBToLLVMOptionDecls } from './llvm/UBToLLVM.ts'
/** The option declarations of the lowering passes to the llvm dialect. */
export type { ArithToLLVMOptionDecls } from './llvm/ArithToLLVM.ts'
export type { CFToLLVMOptionDecls } from './llvm/ControlFlowToLLVM.ts'
export type { FuncToLLVMOptionDecls } from './llvm/FuncToLLVM.ts'
export type { IndexToLLVMOptionDecls } from './llvm/IndexToLLVM.ts'
/** `lower-affine` and MLIR's affine expression expansion. */
export { LowerAffinePass, affineToStdConversionPatterns, expandAffineExpr, expandAffineMap } from './AffineToStandard.ts'
/** The `reconcile-unrealized-casts` pass and its utility. */
export { ReconcileUnrealizedCastsPass, reconcileUnrealizedCasts } from './ReconcileUnrealizedCasts.ts'
export { registerConversionPasses } from './registerPasses.lazy.ts'
