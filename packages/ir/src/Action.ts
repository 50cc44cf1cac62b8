import type { Operation } from './Operation.ts'
import type { Block } from './Block.ts'
import type { Region } from './Region.ts'
import type { Value } from './Value.ts'

/** An IR unit an action applies to. */
export type IRUnit = Operation | Region | Block | Value

/**
 * A unit of transformation that can be observed, logged, profiled or skipped through
 * `Context.executeAction` (MLIR's tracing `Action`). `tag` names the action kind,
 * e.g. `pass-execution` or `apply-pattern`.
 */
export abstract class Action {
  constructor(readonly irUnits: readonly IRUnit[] = []) {}
  /** The action's kind, used to filter and count (`--log-mlir-actions-filter`, debug counters). */
  abstract get tag(): string
  /** One-line description, as MLIR's `Action::print`. */
  print(): string {
    return `\`${this.tag}\``
  }
}

/**
 * Receives every action: call `execute()` to run it, or do not to skip it. Handlers
 * that wrap others call the previous handler instead of `execute` directly.
 */
export type ActionHandler = (execute: () => void, action: Action) => void
