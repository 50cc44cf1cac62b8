/**
 * @tilepass/analysis: the analysis manager (cached, invalidated per pass) and the
 * analyses over Tilepass IR.
 */
export { AnalysisManager, PreservedAnalyses, getAnalysisName } from './AnalysisManager.ts'
export type { AnalysisClass, AnalysisListener, InvalidatableAnalysis } from './AnalysisManager.ts'
export { Liveness, LivenessBlockInfo } from './Liveness.ts'
export { CallGraph, CallGraphNode } from './CallGraph.ts'
export type { CallGraphEdge, CallGraphEdgeKind } from './CallGraph.ts'
export { SymbolUserMap } from './SymbolUserMap.ts'
export { SymbolTableCollection } from './SymbolTableCollection.ts'
/** Dominance over nested regions, usable directly as an analysis (`am.getAnalysis(DominanceInfo)`). */
export { DominanceInfo, PostDominanceInfo } from '@tilepass/ir'
