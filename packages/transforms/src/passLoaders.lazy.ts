// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle a pass's
// modules are evaluated when the pass is first needed, not when it is registered.
import type { PassClass, PassLoader } from '@tilepass/pass-manager'
import type { PrintIRSink } from './PrintIR.ts'
import { Canonicalizer } from './Canonicalizer.ts'
import { CSE } from './CSE.ts'
import { Inliner } from './Inliner.ts'
import { LoopInvariantCodeMotion } from './LoopInvariantCodeMotion.ts'
import { RemoveDeadValues } from './RemoveDeadValues.ts'
import { PrintIRPass, printIRPassWithSink } from './PrintIR.ts'
import { SCCP } from './SCCP.ts'
import { StripDebugInfo } from './StripDebugInfo.ts'
import { SymbolDCE } from './SymbolDCE.ts'
import { SymbolPrivatize } from './SymbolPrivatize.ts'
import { TopologicalSort } from './TopologicalSort.ts'
import { ViewOpGraph, viewOpGraphPassWithSink } from './ViewOpGraph.ts'

/** @internal The passes of this package by argument, in registration order. */
export const PASS_LOADERS: Readonly<Record<string, PassLoader>> = {
  'print-ir': () => PrintIRPass,
  canonicalize: () => Canonicalizer,
  cse: () => CSE,
  inline: () => Inliner,
  'loop-invariant-code-motion': () => LoopInvariantCodeMotion,
  'remove-dead-values': () => RemoveDeadValues,
  sccp: () => SCCP,
  'strip-debuginfo': () => StripDebugInfo,
  'symbol-dce': () => SymbolDCE,
  'symbol-privatize': () => SymbolPrivatize,
  'topological-sort': () => TopologicalSort,
  'view-op-graph': () => ViewOpGraph,
}

/** @internal The passes that write to a sink, by argument: their classes for a given sink. */
export const SINK_PASS_LOADERS: Readonly<Record<'print-ir' | 'view-op-graph', () => (sink: PrintIRSink) => PassClass>> = {
  'print-ir': () => printIRPassWithSink,
  'view-op-graph': () => viewOpGraphPassWithSink,
}
