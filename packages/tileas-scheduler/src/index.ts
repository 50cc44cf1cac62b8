/**
 * The tile scheduler of Tilepass: the dependence graph of a loop body, the resource model
 * and modulo reservation table, the MII bounds, Rau's iterative modulo scheduling with an II
 * search, the serial generator, and the materialization arithmetic (tileiras-reference §2).
 *
 * @packageDocumentation
 */

export {
  SLOT,
  SLOT_NAMES,
  LATENCY,
  FOOTPRINTS,
  LIMITS,
  NodeRRT,
  SPILL_SURCHARGE_CAP,
  SPILL_SURCHARGE_WEIGHT,
  lowerFootprint,
  slotBit,
  spillSurcharge,
} from './schedule/ResourceModel.ts'
export type { Footprint, FootprintName, FootprintTriple, PoolSpec } from './schedule/ResourceModel.ts'
export { ModuloReservationTable } from './schedule/ReservationTable.ts'
export { DependenceGraph, UNREACHABLE, distanceClosure, hasPositiveCycle, recMII, resMII, smallestFeasible } from './schedule/DependenceGraph.ts'
export type { DependenceEdge, DependenceNode } from './schedule/DependenceGraph.ts'
export {
  EXACT_SEARCH_BUDGET,
  EXACT_SEARCH_MAX_NODES,
  SCHEDULE_TRUNCATED,
  depthAdmissible,
  depthConstraintsHold,
  exactScheduleAtII,
  heightR,
  moduloSchedule,
  scheduleAtII,
  stageCount,
} from './schedule/ModuloScheduler.ts'
export type { ModuloSchedule, ModuloScheduleOptions, PlacementEvent } from './schedule/ModuloScheduler.ts'
export { SERIAL_THRESHOLD, selectGenerator, serialSchedule } from './schedule/Generators.ts'
export type { BlockSummary, GeneratorKind } from './schedule/Generators.ts'
export { peelPlan, useDualSimt } from './schedule/Materialization.ts'
export type { PeelPlan } from './schedule/Materialization.ts'
/** The `tileas` dialect (tile assembly): distributed tiles, layouts and their linear layouts. */
export * from './tileas/index.ts'
/** The `tileas` dialect by loader, for tools that evaluate a dialect's modules only when it loads. */
export { TILEAS_DIALECT_LOADERS } from './dialectLoaders.lazy.ts'
/** cuda_tile -> tile assembly: `convert-cuda-tile-to-tileas`, `addTileASPipeline`, `registerTileASPasses`. */
export { ConvertCudaTileToTileASPass, NUM_WARPS_ATTR, addTileASPipeline, defaultBlockedLayout, elementBytes } from './conversion/index.ts'
export { registerTileASPasses, registerTileASSchedulingPasses } from './registerPasses.lazy.ts'
export type { TilePipelineOptions, ConvertCudaTileToTileASOptionDecls } from './conversion/index.ts'
/** cuda_tile `mmaf` in the tile-assembly form (staged operands, mma layouts). */
export { convertMmaf, mmaOperandSharedLayout, mmaOperandSwizzleParams, mmaWarpsFor, MmafUnsupported, hoistLoopLayoutConversions } from './conversion/index.ts'
export type { MmafConversion } from './conversion/index.ts'

/** The K-loop dependence graph, `ScheduleAnalysis`, the pipeline expander and the scheduling passes. */
export { COPY_LATENCY, TILEAS_OPS, buildLoopGraph, classifyLoopOp, footprintOf, registersOf } from './schedule/LoopGraph.ts'
export type { LoopGraph, LoopOpKind } from './schedule/LoopGraph.ts'
export { buildRegisterModel, estimatePressure, spillSeatCost } from './schedule/RegisterPressure.ts'
export type { RegisterModel } from './schedule/RegisterPressure.ts'
export {
  CONSTRAINT_KEYS,
  FLAG_ENABLE_DEFUSION,
  FLAG_FORCE_SERIAL,
  FLAG_RECOMPUTABLE,
  GroupUnionFind,
  collectBlockConstraints,
  readOpConstraints,
  type BlockConstraints,
  type OpConstraints,
} from './schedule/Constraints.ts'
export { FORCE_SERIAL_ATTR, ScheduleAnalysis, isScheduledLoopCandidate, scheduleLoop, stageBufferBytes } from './schedule/ScheduleAnalysis.ts'
export type { LoopSchedule, LoopScheduleOptions } from './schedule/ScheduleAnalysis.ts'
export { matchKLoop } from './pipeline/MatchKLoop.ts'
export type { KLoopForm } from './pipeline/MatchKLoop.ts'
export { PIPELINE_STAGES_ATTR, expandPipeline } from './pipeline/PipelineExpander.ts'
export {
  DEFAULT_NUM_STAGES,
  STATIC_SMEM_BYTES,
  ORDER_ATTR,
  STAGE_ATTR,
  TileASGenerateSchedulePass,
  TileASMaterializeSchedulePass,
  TileASPrepareForSchedulingPass,
  addTileASSchedulingPasses,
  stagesToMaterialize,
} from './passes/SchedulingPasses.ts'
export type { GenerateOptionDecls, MaterializeOptionDecls, PrepareOptionDecls, TileASSchedulingOptions } from './passes/SchedulingPasses.ts'
export { fuseSiblingLoops, fusionBlocker, sliceAndFuse } from './passes/SliceAndFuse.ts'
export {
  UNROLL_FACTOR_ATTR,
  heuristicUnrollFactor,
  loopUnrollByFactor,
  staticTripCount,
  unrollSmallLoopsForScheduling,
  unrollStaticForLoop,
  type UnrollCounts,
  type UnrollHeuristicOptions,
  type UnrollSmallLoopsOptions,
} from './passes/UnrollSmallLoops.ts'
