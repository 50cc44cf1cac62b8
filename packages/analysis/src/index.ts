/**
 * @tilepass/analysis: the analysis manager (cached, invalidated per pass) and the
 * analyses over Tilepass IR.
 */
export { AnalysisManager, PreservedAnalyses, getAnalysisName } from './AnalysisManager.ts'
export type { AnalysisClass, AnalysisListener, InvalidatableAnalysis } from './AnalysisManager.ts'
export { Liveness, LivenessBlockInfo } from './Liveness.ts'
