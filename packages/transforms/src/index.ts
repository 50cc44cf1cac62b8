/**
 * General-purpose transformations for Tilepass: `cse`, `canonicalize` and the other
 * passes of MLIR's `Transforms` library, registered with `registerTransformsPasses`.
 *
 * @packageDocumentation
 */
import type { PassRegistry } from '@tilepass/pass-manager'
import { Canonicalizer } from './Canonicalizer.ts'
import { CSE } from './CSE.ts'
import { Inliner, setInlinerPipelineRegistry } from './Inliner.ts'
import { LoopInvariantCodeMotion } from './LoopInvariantCodeMotion.ts'
import { RemoveDeadValues } from './RemoveDeadValues.ts'
import { PrintIRPass, printIRPassWithSink, type PrintIRSink } from './PrintIR.ts'
import { SCCP } from './SCCP.ts'
import { StripDebugInfo } from './StripDebugInfo.ts'
import { SymbolDCE } from './SymbolDCE.ts'
import { SymbolPrivatize } from './SymbolPrivatize.ts'
import { TopologicalSort } from './TopologicalSort.ts'
import { ViewOpGraph, viewOpGraphPassWithSink } from './ViewOpGraph.ts'

export { Canonicalizer, collectCanonicalizationPatterns } from './Canonicalizer.ts'
export type { CanonicalizerOptions, CanonicalizerOptionDecls } from './Canonicalizer.ts'
export { CSE, CSEDriver } from './CSE.ts'
export { Inliner, setInlinerPipelineRegistry } from './Inliner.ts'
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

/**
 * Registers every pass of this package (`canonicalize`, `cse`, ...) in `registry`.
 * `debugStream` receives what `print-ir` and `view-op-graph` print (standard error by default).
 */
export function registerTransformsPasses(registry: PassRegistry, debugStream?: PrintIRSink): void {
  registry.register(debugStream === undefined ? PrintIRPass : printIRPassWithSink(debugStream))
  registry.register(Canonicalizer)
  registry.register(CSE)
  registry.register(Inliner)
  setInlinerPipelineRegistry(registry)
  registry.register(LoopInvariantCodeMotion)
  registry.register(RemoveDeadValues)
  registry.register(SCCP)
  registry.register(StripDebugInfo)
  registry.register(SymbolDCE)
  registry.register(SymbolPrivatize)
  registry.register(TopologicalSort)
  registry.register(debugStream === undefined ? ViewOpGraph : viewOpGraphPassWithSink(debugStream))
}
