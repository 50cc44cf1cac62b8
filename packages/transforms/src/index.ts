/**
 * General-purpose transformations for Tilepass: `cse`, `canonicalize` and the other
 * passes of MLIR's `Transforms` library, registered with `registerTransformsPasses`.
 *
 * @packageDocumentation
 */
export { Canonicalizer, collectCanonicalizationPatterns } from './Canonicalizer.ts'
export type { CanonicalizerOptions, CanonicalizerOptionDecls } from './Canonicalizer.ts'
export { CSE, CSEDriver } from './CSE.ts'
export { Inliner } from './Inliner.ts'
export { setInlinerPipelineRegistry } from './InlinerPipelineRegistry.ts'
export { registerTransformsPasses } from './registerPasses.ts'
export type { InlinerOptions, InlinerOptionDecls } from './Inliner.ts'
export { LoopInvariantCodeMotion, moveLoopInvariantCode, isSpeculatable } from './LoopInvariantCodeMotion.ts'
export { PrintIRPass, printIRPassWithSink } from './PrintIR.ts'
export type { PrintIRSink } from './PrintIR.ts'
export { RemoveDeadValues } from './RemoveDeadValues.ts'
export { SCCP } from './SCCP.ts'
export { StripDebugInfo } from './StripDebugInfo.ts'
export { SymbolDCE, collectSymbolUses } from './SymbolDCE.ts'
export { SymbolPrivatize } from './SymbolPrivatize.ts'
export { TopologicalSort, sortTopologically } from './TopologicalSort.ts'
export { ViewOpGraph, viewOpGraphPassWithSink } from './ViewOpGraph.ts'
export type { ViewOpGraphSink, ViewOpGraphOptionDecls } from './ViewOpGraph.ts'
export type { PrintIROptionDecls } from './PrintIR.ts'
export type { RemoveDeadValuesOptionDecls } from './RemoveDeadValues.ts'
export type { SymbolPrivatizeOptionDecls } from './SymbolPrivatize.ts'
