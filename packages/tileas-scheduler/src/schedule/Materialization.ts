/** How a loop of `tripCount` iterations is peeled for `stages` stages (tileiras-reference §2.14). */
export interface PeelPlan {
  /** Pieces before the steady state (`S - 1`). */
  readonly prologue: number
  /** Trip count of the steady-state loop (`N - (S - 1)`). */
  readonly steadyState: number
  /** Drain pieces after it (`S - 1`). */
  readonly epilogue: number
  /** False for `S <= 1`: nothing to do. */
  readonly pipelined: boolean
}

/** The peel arithmetic: prologue `S-1`, steady state `N-(S-1)`, epilogue `S-1`; no-op for `S <= 1`. */
export function peelPlan(tripCount: number, stages: number): PeelPlan {
  if (stages <= 1) {
    return { prologue: 0, steadyState: tripCount, epilogue: 0, pipelined: false }
  }
  return { prologue: stages - 1, steadyState: tripCount - (stages - 1), epilogue: stages - 1, pipelined: true }
}

/**
 * The dual-SIMT heuristic of `MaterializeSchedule`:
 * `stages > intDiv(totalWork, max(iters, 1)) * 0.6`, the division done in integers first.
 */
export function useDualSimt(stages: number, totalWork: number, iterations: number): boolean {
  return stages > Math.trunc(totalWork / Math.max(iterations, 1)) * 0.6
}
