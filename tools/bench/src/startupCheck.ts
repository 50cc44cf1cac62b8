/**
 * The CI smoke check of start-up: fails when `tilepass-opt` on an empty module takes more
 * than twice its target (STARTUP_TARGET_SECONDS) by every measure it has: the fastest wall
 * time of a few runs; that time over a bare `node -e 0`'s, against twice the target's ratio
 * to Node's floor (load slows both alike); and, with GNU time, the median CPU time, which
 * waiting for a busy core does not inflate. The bounds are loose on purpose, so that a busy
 * CI machine cannot fail them; the real figures are the benchmark's (docs/performance.md).
 *
 * Usage: tsx tools/bench/src/startupCheck.ts [--reps 7]
 *
 * Environment: MLIR_OPT and TILEPASS_OPT override the two binaries.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { STARTUP_TARGET_SECONDS, measureStartup } from './startup.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
/** What a bare Node.js start-up takes on a quiet machine (docs/performance.md). */
const NODE_FLOOR_SECONDS = 0.06

const repsAt = process.argv.indexOf('--reps')
const reps = repsAt >= 0 ? Math.max(1, Number(process.argv[repsAt + 1])) : 7
const tilepassOpt = process.env.TILEPASS_OPT ?? path.join(root, 'packages/cli/bin/tilepass-opt.js')
const mlirOpt = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-startup-'))
try {
  const r = await measureStartup(tilepassOpt, mlirOpt, scratch, reps)
  if (!r.tilepass.ok) {
    process.stderr.write(`startup-check: error: tilepass-opt failed on an empty module (${r.tilepass.failure})\n`)
    process.exit(1)
  }
  const bound = 2 * STARTUP_TARGET_SECONDS
  const ratioBound = 2 * (STARTUP_TARGET_SECONDS / NODE_FLOOR_SECONDS)
  const fastest = r.tilepass.minWall
  const ratio = fastest / r.node.minWall
  const cpu = r.tilepass.cpu
  const line =
    `tilepass-opt on an empty module: fastest ${fastest.toFixed(3)} s, median ${r.tilepass.wall.toFixed(3)} s of ${reps} runs, ` +
    `CPU ${cpu < 0 ? 'n/a' : `${cpu.toFixed(3)} s`}; node -e 0: fastest ${r.node.minWall.toFixed(3)} s (ratio ${ratio.toFixed(2)}); ` +
    `mlir-opt: median ${r.mlir.ok ? `${r.mlir.wall.toFixed(3)} s` : 'n/a'}`
  process.stdout.write(`startup-check: ${line}\n`)
  if (fastest > bound && ratio > ratioBound && (cpu < 0 || cpu > bound)) {
    process.stderr.write(
      `startup-check: error: start-up regressed: more than twice the ${STARTUP_TARGET_SECONDS} s target by every measure ` +
        `(fastest ${fastest.toFixed(3)} s > ${bound.toFixed(2)} s; ${ratio.toFixed(2)}x node's start-up > ${ratioBound.toFixed(1)}x; ` +
        `CPU ${cpu < 0 ? 'n/a' : `${cpu.toFixed(3)} s > ${bound.toFixed(2)} s`})\n`,
    )
    process.exit(1)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
