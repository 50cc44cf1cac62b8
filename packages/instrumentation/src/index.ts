/**
 * Pass instrumentation for Tilepass: pass timing, IR printing and crash reproducers,
 * each switched on with a free function such as `enableTiming(pm, scope)` (MLIR's
 * `PassManager::enableTiming`, `enableIRPrinting`, `enableCrashReproducerGeneration`).
 *
 * @packageDocumentation
 */

export { Timer, TimingScope, TimingManager, PassTimingInstrumentation, enableTiming } from './Timing.ts'
export type { TimingDisplayMode, TimingOutputFormat, TimingReportStyle, TimingOptions, TimeRecord } from './Timing.ts'
export { IRPrinterInstrumentation, enableIRPrinting } from './IRPrinting.ts'
export type { IRPrintingConfig, PassPrintFilter } from './IRPrinting.ts'
export { CrashReproducerInstrumentation, enableCrashReproducerGeneration, formatReproducer, makeReproducer } from './CrashReproducer.ts'
export type { CrashReproducerConfig } from './CrashReproducer.ts'
export { ActionLogger, ActionProfiler, LocationFilter, parseLocationFilters, installActionHandlers } from './Actions.ts'
export type { ActionLoggerOptions } from './Actions.ts'
export { passStatisticsReport, passStatisticsJson } from './Statistics.ts'
export type { PassStatisticsDisplayMode } from './Statistics.ts'
export { SCOPE_NAMES, INVALID_SCOPE_TOKEN, ScopeChain, ScopeGuard, emitScopeEvent, enterScope, hasScopeEventListener, withScope } from './Scopes.ts'
export type { ScopeEventListener, ScopeHost } from './Scopes.ts'
export type { ScopeListener } from './Scopes.ts'
export { OptBisect } from './Bisect.ts'
export type { OptBisectOptions } from './Bisect.ts'
export { DebugCounter } from './DebugCounter.ts'
export { TraceInstrumentation, enableTrace } from './Trace.ts'
export type { TraceEvent } from './Trace.ts'
export { buildInstrumentationChain } from './Chain.ts'
export type { InstrumentationChainOptions, InstrumentationChain } from './Chain.ts'
export { RemarkEngine, setRemarkEngine, getRemarkEngine, emitOptimizationRemark } from './Remarks.ts'
export type { RemarkKind, RemarkOptions, RemarkFilters, RemarkPolicy } from './Remarks.ts'
