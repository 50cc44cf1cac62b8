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
