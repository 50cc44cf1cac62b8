/**
 * The register-pressure side of `ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling`
 * (tileiras-reference §2.10): a soft surcharge `min(4096, (peak - budget) * 17)` on seats
 * whose estimated pressure passes the budget. The estimator is the book's suggestion: the
 * MaxLive of the partial modulo schedule, each value weighted by its registers per thread.
 */
import type { LoopGraph } from './LoopGraph.ts'
import { registersOf } from './LoopGraph.ts'
import { SPILL_SURCHARGE_CAP, spillSurcharge } from './ResourceModel.ts'

/** The per-node register weights and the pressure that lives through the whole loop. */
export interface RegisterModel {
  /** Registers per thread of each node's results. */
  readonly weight: Int32Array
  /** Registers live across every cycle: loop-invariant values used in the body and the iteration arguments. */
  readonly baseline: number
  /** The budget per thread (e.g. 255, or 65536 / threads). */
  readonly budget: number
}

/** Builds the register model of `lg` for a CTA of `threads` threads and a per-thread `budget`. */
export function buildRegisterModel(lg: LoopGraph, threads: number, budget: number): RegisterModel {
  const weight = new Int32Array(lg.ops.length)
  lg.ops.forEach((op, i) => {
    let w = 0
    for (const r of op.results) {
      w += registersOf(r.type, threads)
    }
    weight[i] = w
  })
  const body = lg.loop.getRegion(0).front
  let baseline = 0
  // The iteration arguments (the accumulator) live across the whole iteration.
  for (let k = 1; k < body.numArguments; k++) {
    baseline += registersOf(body.getArgument(k).type, threads)
  }
  // Values defined outside the loop and used inside it.
  const seen = new Set<unknown>()
  for (const op of lg.ops) {
    op.walk((inner) => {
      for (const operand of inner.operands) {
        const v = operand.value
        const owner = v.definingOp ?? v.parentBlock?.parentOp ?? null
        const inside = owner !== null && lg.loop.isAncestor(owner)
        if (!inside && !seen.has(v)) {
          seen.add(v)
          baseline += registersOf(v.type, threads)
        }
      }
    })
  }
  return { weight, baseline, budget }
}

/**
 * The estimated peak pressure if node `v` starts at `cycle`, given the partial schedule
 * `start` (-1 = not placed) at `ii`: the baseline plus, for every placed value with a
 * register weight, `weight x ceil(lifetime / ii)` copies (a value live longer than II
 * cycles has a copy per overlapping iteration), its lifetime running from its start to the
 * latest placed consumer (`+ ii x distance` for loop-carried uses), at least its latency.
 */
export function estimatePressure(lg: LoopGraph, model: RegisterModel, v: number, cycle: number, ii: number, start: Int32Array): number {
  const g = lg.graph
  const at = (u: number): number => (u === v ? cycle : start[u]!)
  let peak = model.baseline
  for (let u = 0; u < g.size; u++) {
    const w = model.weight[u]!
    const su = at(u)
    if (w === 0 || su < 0) {
      continue
    }
    let end = su + g.nodes[u]!.latency
    for (const ei of g.succ[u]!) {
      const e = g.edges[ei]!
      const sd = at(e.dst)
      if (sd >= 0) {
        end = Math.max(end, sd + ii * e.distance)
      }
    }
    peak += w * Math.max(1, Math.ceil((end - su) / ii))
  }
  return peak
}

/**
 * The seat cost the modulo scheduler ranks seats by: the spill surcharge of the estimated
 * pressure (0 within budget), capped at 4096. `surcharged` counts the seats that got one.
 */
export function spillSeatCost(lg: LoopGraph, model: RegisterModel, surcharged: { count: number }): (v: number, cycle: number, ii: number, start: Int32Array) => number {
  return (v, cycle, ii, start) => {
    const c = Math.min(SPILL_SURCHARGE_CAP, spillSurcharge(estimatePressure(lg, model, v, cycle, ii, start), model.budget))
    if (c > 0) {
      surcharged.count++
    }
    return c
  }
}
