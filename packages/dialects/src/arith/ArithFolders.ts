// The arith folders, by op (see the per-kind modules). Keep any internal-marker tag out
// of this leading comment: stripInternal would drop the first re-export from the .d.ts.
export { getConstantAttr } from './FoldHelpers.ts'
export type { FoldResult } from './FoldHelpers.ts'
export {
  foldAddI,
  foldSubI,
  foldMulI,
  foldDivUI,
  foldDivSI,
  foldCeilDivUI,
  foldCeilDivSI,
  foldFloorDivSI,
  foldRemUI,
  foldRemSI,
  foldAndI,
  foldOrI,
  foldXOrI,
  foldShLI,
  foldShRUI,
  foldShRSI,
  foldMaxSI,
  foldMaxUI,
  foldMinSI,
  foldMinUI,
  foldAddUIExtended,
  foldMulSIExtended,
  foldMulUIExtended,
} from './IntegerFolders.ts'
export {
  foldNegF,
  foldAddF,
  foldSubF,
  foldMulF,
  foldDivF,
  foldRemF,
  foldMaximumF,
  foldMinimumF,
  foldMaxNumF,
  foldMinNumF,
} from './FloatFolders.ts'
export {
  foldExtUI,
  foldExtSI,
  foldTruncI,
  foldExtF,
  foldTruncF,
  foldSIToFP,
  foldUIToFP,
  foldFPToSI,
  foldFPToUI,
  foldIndexCast,
  foldIndexCastUI,
  foldBitcast,
} from './CastFolders.ts'
export {
  foldCmpI,
  foldCmpF,
  foldSelect,
} from './CompareFolders.ts'
