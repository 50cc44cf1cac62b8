import { spawn } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs'

/** What one timed run of a tool produced. */
export interface Measurement {
  /** Wall-clock seconds from spawn to exit. */
  readonly wallSeconds: number
  /** Peak resident set size in KiB, or -1 when it could not be measured. */
  readonly maxRssKiB: number
  /**
   * User plus system CPU seconds (GNU time), or -1 without it: steadier than wall time on a
   * busy machine, where the wall time also counts the waits for a core.
   */
  readonly cpuSeconds: number
  readonly exitCode: number
  /** The first lines of standard error (empty on success, normally). */
  readonly stderrHead: string
}

const TIME = '/usr/bin/time'

/** Whether GNU time is available for peak RSS (Debian package `time`). */
export function haveGnuTime(): boolean {
  return existsSync(TIME)
}

function readHighWaterMark(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const at = status.indexOf('VmHWM:')
    if (at < 0) {
      return -1
    }
    return Number.parseInt(status.slice(at + 6).trim(), 10)
  } catch {
    return -1
  }
}

/**
 * The name of the variable with which Node.js reads extra CA certificates. Node.js 20 reads
 * that file, and builds its store of built-in root certificates, before any JavaScript runs:
 * tens of milliseconds of every start-up on a machine that sets it, in a tool that opens no
 * TLS connection.
 */
export const EXTRA_CA_CERTS = 'NODE_EXTRA_CA_CERTS'

/**
 * This process's environment without EXTRA_CA_CERTS when that variable is set (the start-up of
 * a Node.js tool on a machine that does not set it), else null.
 */
export function envWithoutExtraCaCerts(): NodeJS.ProcessEnv | null {
  if ((process.env[EXTRA_CA_CERTS] ?? '') === '') {
    return null
  }
  const env = { ...process.env }
  delete env[EXTRA_CA_CERTS]
  return env
}

/**
 * Runs `binary args` and measures wall time and peak RSS: through GNU time when present,
 * otherwise by polling /proc/<pid>/status (VmHWM is a high-water mark, so the last successful
 * read before exit is close to the peak). Standard output goes to `outputFile` when given
 * (a plain file, no pipe), else to /dev/null. `env` replaces the environment when given.
 */
export function measure(binary: string, args: readonly string[], scratchFile: string, timeoutMs: number, outputFile?: string, env?: NodeJS.ProcessEnv): Promise<Measurement> {
  const useTime = haveGnuTime()
  const command = useTime ? TIME : binary
  const argv = useTime ? ['-f', '%M %U %S', '-o', scratchFile, binary, ...args] : [...args]
  const out = openSync(outputFile ?? '/dev/null', 'w')
  return new Promise((resolve) => {
    const start = process.hrtime.bigint()
    const child = spawn(command, argv, { stdio: ['ignore', out, 'pipe'], timeout: timeoutMs, ...(env === undefined ? {} : { env }) })
    closeSync(out)
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) {
        stderr += chunk.toString('utf8')
      }
    })
    let polled = -1
    const poller = useTime
      ? undefined
      : setInterval(() => {
          if (child.pid !== undefined) {
            const hwm = readHighWaterMark(child.pid)
            if (hwm > polled) {
              polled = hwm
            }
          }
        }, 20)
    child.on('close', (code, signal) => {
      const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9
      if (poller !== undefined) {
        clearInterval(poller)
      }
      let maxRssKiB = polled
      let cpuSeconds = -1
      if (useTime && existsSync(scratchFile)) {
        // GNU time writes "Command exited with non-zero status N" before the format on failure.
        const lines = readFileSync(scratchFile, 'utf8').trim().split('\n')
        const [rss, user, system] = (lines[lines.length - 1] ?? '').split(' ')
        maxRssKiB = Number.parseInt(rss ?? '', 10)
        cpuSeconds = Number(user) + Number(system)
        rmSync(scratchFile, { force: true })
      }
      const stderrHead = stderr.split('\n').slice(0, 4).join('\n') + (signal !== null ? `\n(killed by ${signal})` : '')
      resolve({
        wallSeconds,
        maxRssKiB: Number.isFinite(maxRssKiB) ? maxRssKiB : -1,
        cpuSeconds: Number.isFinite(cpuSeconds) ? cpuSeconds : -1,
        exitCode: code ?? -1,
        stderrHead,
      })
    })
  })
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  if (sorted.length % 2 === 1) {
    return sorted[mid] as number
  }
  return ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
