/**
 * Start-up of tilepass-opt: the wall time and peak RSS of `tilepass-opt <empty module>` beside
 * `mlir-opt --mlir-disable-threading <empty module>` and a bare `node -e 0`, the floor of any
 * Node.js tool. Used by the benchmark (passBench.ts) and the CI smoke check (startupCheck.ts).
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { EXTRA_CA_CERTS, type Measurement, envWithoutExtraCaCerts, measure, median } from './measure.ts'

/** The start-up target of issue 19: tilepass-opt on an empty module, seconds of wall time. */
export const STARTUP_TARGET_SECONDS = 0.12

/** Medians (and minima) of one command's start-up runs. */
export interface StartupStats {
  readonly wall: number
  readonly minWall: number
  /** Median CPU seconds (user + system), or -1 without GNU time. */
  readonly cpu: number
  /** Peak RSS in KiB, or -1 when it could not be measured. */
  readonly rss: number
  readonly ok: boolean
  readonly failure: string
}

/** The start-up of the three commands, measured alternately. */
export interface StartupResult {
  readonly tilepass: StartupStats
  readonly mlir: StartupStats
  readonly node: StartupStats
  /**
   * Where this machine sets NODE_EXTRA_CA_CERTS (see EXTRA_CA_CERTS): tilepass-opt and
   * `node -e 0` again without it, as on a machine that does not set it; else null.
   */
  readonly withoutExtraCaCerts: { readonly tilepass: StartupStats; readonly node: StartupStats; readonly value: string } | null
  readonly reps: number
}

function stats(runs: readonly Measurement[]): StartupStats {
  const failed = runs.find((r) => r.exitCode !== 0)
  const walls = runs.map((r) => r.wallSeconds)
  return {
    wall: median(walls),
    minWall: Math.min(...walls),
    cpu: median(runs.map((r) => r.cpuSeconds)),
    rss: median(runs.map((r) => r.maxRssKiB)),
    ok: failed === undefined,
    failure: failed === undefined ? '' : `exit ${failed.exitCode}: ${failed.stderrHead.split('\n')[0] ?? ''}`,
  }
}

/**
 * Runs `tilepass-opt`, `mlir-opt --mlir-disable-threading` (both on an empty module written
 * to `scratch`) and `node -e 0`, one after the other, `reps` times each.
 */
export async function measureStartup(tilepassOpt: string, mlirOpt: string, scratch: string, reps: number): Promise<StartupResult> {
  const empty = path.join(scratch, 'empty.mlir')
  writeFileSync(empty, 'module {\n}\n')
  const timeFile = path.join(scratch, 'startup-time.txt')
  const tilepass: Measurement[] = []
  const mlir: Measurement[] = []
  const node: Measurement[] = []
  const bareEnv = envWithoutExtraCaCerts()
  const bareTilepass: Measurement[] = []
  const bareNode: Measurement[] = []
  for (let rep = 0; rep < reps; rep++) {
    tilepass.push(await measure(tilepassOpt, [empty], timeFile, 60_000))
    mlir.push(await measure(mlirOpt, ['--mlir-disable-threading', empty], timeFile, 60_000))
    node.push(await measure(process.execPath, ['-e', '0'], timeFile, 60_000))
    if (bareEnv !== null) {
      bareTilepass.push(await measure(tilepassOpt, [empty], timeFile, 60_000, undefined, bareEnv))
      bareNode.push(await measure(process.execPath, ['-e', '0'], timeFile, 60_000, undefined, bareEnv))
    }
  }
  const withoutExtraCaCerts = bareEnv === null ? null : { tilepass: stats(bareTilepass), node: stats(bareNode), value: process.env[EXTRA_CA_CERTS] ?? '' }
  return { tilepass: stats(tilepass), mlir: stats(mlir), node: stats(node), withoutExtraCaCerts, reps }
}
