/**
 * Where the device check runs kernels: the CUDA driver through the small C runner (built with
 * the system C compiler on first use, loading libcuda.so.1 with dlopen), or the SIMT emulator
 * (a CPU dry run of the whole check, used by the tests and by `--device=emulator`).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runKernel, type KernelArg } from '../../../packages/simt-emulator/src/index.ts'
import type { ScalarType } from './manifest.ts'

/** What the device is (the driver version first: 13010 is CUDA 13.1). */
export interface DeviceInfo {
  readonly driverVersion: number
  readonly name: string
  readonly sm: string
  readonly multiprocessors: number
}

/** One launch: a module file, a kernel, the launch shape and the arguments. */
export interface Launch {
  readonly module: string
  readonly kernel: string
  readonly grid: readonly [number, number, number]
  readonly block: readonly [number, number, number]
  readonly sharedBytes: number
  readonly args: readonly (Uint8Array | { readonly type: ScalarType; readonly value: number })[]
  /** Timed launches after the first (0: none). */
  readonly reps: number
}

/** What a launch gives back: every buffer after the first launch, and the times. */
export interface LaunchResult {
  readonly buffers: (Uint8Array | null)[]
  /** Module load (the driver's JIT) in ms, or -1. */
  readonly loadMs: number
  /** Mean time of one timed launch in ms, or -1. */
  readonly timeMs: number
  /** The wrapper's summary lines (compute-sanitizer's `ERROR SUMMARY: 0 errors`), or ''. */
  readonly wrapperSummary?: string
}

/** A device the check cannot use: the reason is printed as `skipped: <reason>`. */
export class Skip extends Error {}

/** A module the driver rejects (its JIT log in the message). */
export class ModuleError extends Error {}

export interface Device {
  readonly kind: 'cuda' | 'emulator'
  info(): DeviceInfo
  run(launch: Launch): LaunchResult
}

const RUNNER_SOURCE = fileURLToPath(new URL('./runner.c', import.meta.url))

/** Builds the runner with `cc` (or `$CC`) into a cache directory keyed by its source; returns its path. */
export function buildRunner(cacheDir: string = join(tmpdir(), 'tilepass-device-check')): string {
  const source = readFileSync(RUNNER_SOURCE)
  const key = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const exe = join(cacheDir, `runner-${key}`)
  if (existsSync(exe)) {
    return exe
  }
  mkdirSync(cacheDir, { recursive: true })
  const cc = process.env.CC ?? 'cc'
  const r = spawnSync(cc, ['-O2', '-o', exe, RUNNER_SOURCE, '-ldl'], { encoding: 'utf8' })
  if (r.error !== undefined) {
    throw new Skip(`no C compiler to build the runner (${cc}: ${r.error.message})`)
  }
  if (r.status !== 0) {
    throw new Error(`building the runner failed:\n${r.stderr}`)
  }
  return exe
}

/** The CUDA driver, through the runner. */
export class CudaDevice implements Device {
  readonly kind = 'cuda'
  private cached: DeviceInfo | null = null

  /**
   * `wrapper` runs before the runner on each launch (for example
   * `['compute-sanitizer', '--tool', 'memcheck', '--error-exitcode', '3']`); its report lines
   * (`=========`) become part of a failed launch's message.
   */
  constructor(
    readonly runner: string,
    readonly wrapper: readonly string[] = [],
  ) {}

  info(): DeviceInfo {
    if (this.cached !== null) {
      return this.cached
    }
    const r = spawnSync(this.runner, ['info'], { encoding: 'utf8', timeout: 60_000 })
    const out = r.stdout ?? ''
    if (r.status === 77) {
      throw new Skip(out.replace(/^skipped: /, '').trim())
    }
    if (r.status !== 0) {
      throw new Error(`runner info failed (status ${r.status}): ${out}${r.stderr ?? ''}`)
    }
    const field = (k: string): string => new RegExp(`^${k} (.*)$`, 'm').exec(out)?.[1] ?? ''
    this.cached = { driverVersion: Number(field('driver')), name: field('device'), sm: field('sm'), multiprocessors: Number(field('sms')) }
    return this.cached
  }

  run(launch: Launch): LaunchResult {
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-launch-'))
    try {
      const argv = launch.args.map((a, i) => {
        if (a instanceof Uint8Array) {
          const f = join(dir, `arg${i}.bin`)
          writeFileSync(f, a)
          return `buf:${f}`
        }
        return `${a.type}:${a.value}`
      })
      const command = this.wrapper.length === 0 ? this.runner : this.wrapper[0]!
      const prefix = this.wrapper.length === 0 ? [] : [...this.wrapper.slice(1), this.runner]
      const r = spawnSync(command, [...prefix, 'run', launch.module, launch.kernel, ...launch.grid.map(String), ...launch.block.map(String), String(launch.sharedBytes), String(launch.reps), ...argv], {
        encoding: 'utf8',
        timeout: 300_000,
        maxBuffer: 64 << 20,
      })
      const out = r.stdout ?? ''
      if (r.status === 77) {
        throw new Skip(out.replace(/^skipped: /, '').trim())
      }
      if (r.status === 2) {
        throw new ModuleError(out.trim())
      }
      if (r.status !== 0 || !/^ok$/m.test(out)) {
        const report = out
          .split('\n')
          .filter((l) => l.startsWith('========='))
          .slice(0, 40)
          .join('\n')
        throw new Error(`the launch of ${launch.kernel} failed (status ${r.status}): ${(r.stderr ?? '').trim()}${report === '' ? '' : `\n${report}`}`)
      }
      const num = (k: string): number => Number(new RegExp(`^${k} (\\S+)$`, 'm').exec(out)?.[1] ?? -1)
      const buffers = launch.args.map((a, i) => (a instanceof Uint8Array ? new Uint8Array(readFileSync(join(dir, `arg${i}.bin`))) : null))
      const wrapperSummary = out
        .split('\n')
        .filter((l) => this.wrapper.length > 0 && / SUMMARY: /.test(l))
        .map((l) => l.replace(/^=+ */, ''))
        .join(', ')
      return { buffers, loadMs: num('load_ms'), timeMs: num('time_ms'), wrapperSummary }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** The SIMT emulator as a device: checks the whole flow on a CPU (no timing). */
export class EmulatorDevice implements Device {
  readonly kind = 'emulator'

  info(): DeviceInfo {
    return { driverVersion: 0, name: '@tilepass/simt-emulator', sm: '', multiprocessors: 0 }
  }

  run(launch: Launch): LaunchResult {
    const ptx = readFileSync(launch.module, 'utf8')
    const args: KernelArg[] = launch.args.map((a) => (a instanceof Uint8Array ? a.slice() : a.type.endsWith('64') && a.type[0] !== 'f' ? BigInt(a.value) : a.value))
    const res = runKernel(ptx, launch.kernel, args, { grid: launch.grid, block: launch.block, dynamicSharedBytes: launch.sharedBytes })
    const buffers = res.buffers.map((b) => (b === null ? null : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)))
    return { buffers, loadMs: -1, timeMs: -1 }
  }
}
