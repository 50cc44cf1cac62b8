/**
 * @tilepass/cuda-tile: NVIDIA's `cuda_tile` dialect (CUDA Tile IR 13.1-13.3) for Tilepass.
 */
export { CudaTileDialect, CudaTileTestingDialect } from './CudaTileDialect.ts'
export {
  CUDA_TILE,
  MAX_TILE_ELEMENTS,
  CudaTileType,
  PointerType,
  TileType,
  TensorViewType,
  TileViewType,
  PartitionViewType,
  StridedViewType,
  GatherScatterViewType,
  TokenType,
  isPointerLike,
  tileElementType,
  verifyTileShape,
  verifyTileType,
  verifyPointerType,
  verifyTensorViewType,
  verifyPartitionViewType,
  verifyGatherScatterViewType,
  parseCudaTileType,
  printCudaTileType,
} from './CudaTileTypes.ts'
export {
  CudaTileEnumAttr,
  OptimizationHintsAttr,
  DivByAttr,
  SameElementsAttr,
  BoundedAttr,
  DIFileAttr,
  DICompileUnitAttr,
  DISubprogramAttr,
  DILexicalBlockAttr,
  DILocAttr,
  isDILocalScope,
} from './CudaTileAttributes.ts'
export type { DILocalScopeAttr } from './CudaTileAttributes.ts'
export {
  SignednessNames,
  IntegerOverflowNames,
  RoundingModeNames,
  ComparisonOrderingNames,
  ComparisonPredicateNames,
  AtomicRMWModeNames,
  MemoryScopeNames,
  MemoryOrderingNames,
  PaddingValueNames,
  SymbolVisibilityNames,
} from './CudaTileEnums.ts'
export { cudaTileOpTable, cudaTileOpRows, cudaTileOpsByOpcode } from './CudaTileOpTable.ts'
export type { CudaTileOpRow, CudaTileOpValue } from './CudaTileOpTable.ts'
export { cudaTileOps, cudaTileTestingOps, defineCudaTileOp, isTestingRow } from './CudaTileOps.ts'
export {
  writeCudaTileBytecode,
  readCudaTileBytecode,
  isTileIRBytecode,
  BytecodeVersion,
  CURRENT_VERSION,
  MIN_SUPPORTED_VERSION,
  SUPPORTED_VERSIONS,
  parseBytecodeVersionOption,
} from './bytecode/index.ts'
export type { ReadResult } from './bytecode/index.ts'
/** The reference interpreter of cuda_tile op semantics: the golden model of kernels. */
export { runKernel, interpretedOps, Tile, TileMemory, ElemType } from './interpreter/index.ts'
export type { KernelLaunch, KernelArg } from './interpreter/index.ts'
export { setHintDiagnostics, getHintDiagnostics, verifyOptimizationHints, HINT_ARCH_KEYS } from './CudaTileHints.ts'
export type { HintDiagnostics } from './CudaTileHints.ts'
export { getDILoc, getSubprogram } from './CudaTileDebugInfo.ts'
export { registerCudaTilePasses, FuseFMAPass, LoopSplitPass, SynthesizeDebugInfoScopesPass } from './transforms/index.ts'
export { LOOP_SPLIT_ATTR } from './transforms/LoopSplit.ts'
export type { LoopSplitOptionDecls } from './transforms/LoopSplit.ts'
export { cudaTileFolders, AddFOperandOrder } from './CudaTileCanonicalization.ts'
export type { FolderHooks } from './CudaTileCanonicalization.ts'
