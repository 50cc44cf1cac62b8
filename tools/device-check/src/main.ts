/**
 * The device check (TILE.md section 7): runs PTX kernels on a GPU through the CUDA driver,
 * compares their outputs with references computed in TypeScript, times them, and where the
 * driver is CUDA 13.1 or newer also loads the cuda_tile source as Tile IR bytecode (the
 * driver's own Tile IR compiler) and checks and times that. Without a GPU it prints
 * `skipped: <reason>` and exits 0. See README.md.
 *
 * Usage: tsx --conditions=source tools/device-check/src/main.ts [--cases DIR]... [--ptx-dir DIR]
 *          [--no-builtin] [--device cuda|emulator] [--seed N] [--only NAME]...
 *          [--sanitize memcheck|racecheck|initcheck|synccheck]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Context, parseSourceString } from '../../../packages/ir/src/index.ts'
import { CudaTileDialect, parseBytecodeVersionOption, writeCudaTileBytecode } from '../../../packages/cuda-tile/src/index.ts'
import { builtinCases, loadCases } from './cases.ts'
import { compare, decode, encode, makeInputs, reference } from './check.ts'
import { CudaDevice, EmulatorDevice, ModuleError, Skip, buildRunner, type Device, type DeviceInfo, type Launch } from './devices.ts'
import type { BufferArg, Manifest } from './manifest.ts'

/** Dense f16 tensor-core peak of an H100 SXM (and H200), TFLOP/s, for the GEMM lines. */
export const H100_PEAK_TFLOPS = 989.4

/** The first driver version whose cuModuleLoadData accepts Tile IR bytecode. */
export const TILE_IR_DRIVER = 13010

export interface Options {
  readonly caseDirs: readonly string[]
  readonly builtin: boolean
  readonly ptxDir: string | null
  readonly device: 'cuda' | 'emulator'
  readonly seed: number
  /** Case names to run (every case when null). */
  readonly only: readonly string[] | null
  /** Runs every launch once, untimed, under `compute-sanitizer --tool <this>` (memcheck, racecheck, initcheck, synccheck). */
  readonly sanitize?: string | null
}

/** The compute-sanitizer tools `--sanitize` accepts. */
export const SANITIZER_TOOLS: readonly string[] = ['memcheck', 'racecheck', 'initcheck', 'synccheck']

/** The outcome of one case (or of its Tile IR run). */
export interface CaseResult {
  readonly name: string
  readonly status: 'pass' | 'fail' | 'missing'
  readonly line: string
}

function driverText(v: number): string {
  return `${Math.floor(v / 1000)}.${Math.floor((v % 1000) / 10)} (${v})`
}

function timingText(m: Manifest, timeMs: number, loadMs: number): string {
  const parts: string[] = []
  if (timeMs > 0) {
    parts.push(`${timeMs.toFixed(4)} ms/launch`)
    if (m.timing.flops > 0) {
      const tflops = m.timing.flops / (timeMs * 1e-3) / 1e12
      parts.push(`${tflops.toFixed(tflops < 1 ? 4 : 1)} TFLOP/s (${((100 * tflops) / H100_PEAK_TFLOPS).toFixed(1)}% of the H100 dense f16 peak ${H100_PEAK_TFLOPS})`)
    }
  }
  if (loadMs >= 0) {
    parts.push(`module load ${loadMs.toFixed(1)} ms`)
  }
  return parts.length === 0 ? '' : `; ${parts.join(', ')}`
}

/** Runs one launch of `m` from `module` and compares its outputs with the reference. */
function runCase(device: Device, m: Manifest, module: string, label: string, launchShape: Pick<Launch, 'kernel' | 'grid' | 'block'>, seed: number, ptxText: string, timed: boolean): CaseResult {
  const inputs = makeInputs(m, seed)
  const args: Launch['args'] = m.args.map((a, i) => (a.kind === 'buffer' ? encode(inputs[i]!, a.type) : { type: a.type, value: a.value }))
  let result
  try {
    result = device.run({ module, ...launchShape, sharedBytes: m.sharedBytes, args, reps: device.kind === 'cuda' && timed ? m.timing.reps : 0 })
  } catch (e) {
    if (e instanceof Skip) {
      throw e
    }
    const what = e instanceof ModuleError ? 'the driver rejects the module' : 'the launch failed'
    return { name: label, status: 'fail', line: `FAIL ${label}: ${what}: ${(e as Error).message}` }
  }
  const expected = reference(m, inputs, ptxText)
  const notes: string[] = []
  let ok = true
  for (const want of expected) {
    const a = m.args[want.arg] as BufferArg
    const got = decode(result.buffers[want.arg]!, a.type)
    const c = compare(got, want, m.tolerance)
    if (c.mismatches > 0) {
      ok = false
      notes.push(`${a.name}: ${c.mismatches} of ${c.checked} elements outside the tolerance, first ${c.first}`)
    } else {
      notes.push(`${a.name}: ${c.checked} elements ${m.tolerance.rel === 0 && m.tolerance.abs === 0 ? 'exact' : `within rel ${m.tolerance.rel}/abs ${m.tolerance.abs} (max rel err ${c.maxRel.toExponential(2)})`}`)
    }
  }
  if ((result.wrapperSummary ?? '') !== '') {
    notes.push(`compute-sanitizer: ${result.wrapperSummary}`)
  }
  const status = ok ? 'pass' : 'fail'
  return { name: label, status, line: `${ok ? 'PASS' : 'FAIL'} ${label} vs ${m.reference.kind} reference: ${notes.join('; ')}${timingText(m, result.timeMs, result.loadMs)}` }
}

/** Writes the Tile IR bytecode of `m.tileIR` for a driver of `driverVersion` into `dir`; returns the file. */
export function tileBytecode(m: Manifest, dir: string, driverVersion: number): string {
  const t = m.tileIR!
  const source = resolve(dirname(m.file), t.source)
  if (source.endsWith('.tilebc')) {
    return source
  }
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const parsed = parseSourceString(readFileSync(source, 'utf8'), ctx, { filename: source, noImplicitModule: true })
  const top = parsed?.op
  const module = top?.name.name === 'cuda_tile.module' ? top : undefined
  // The newest bytecode version the driver reads: 13.1 for a 13.1 driver, and so on.
  const minor = Math.min(3, Math.floor((driverVersion % 1000) / 10))
  const version = parseBytecodeVersionOption(`13.${Math.max(1, minor)}`)
  const bytes = module === undefined || typeof version === 'string' ? null : writeCudaTileBytecode(module, version)
  if (bytes === null) {
    throw new Error(`${source}: cannot write Tile IR bytecode: ${errors.join('; ') || 'no cuda_tile.module'}`)
  }
  const file = join(dir, `${basename(source).replace(/\.mlir$/, '')}.tilebc`)
  writeFileSync(file, bytes)
  return file
}

/** Runs the check; returns the exit code. `print` receives every line; `given` replaces the device of `options`. */
export function check(options: Options, print: (line: string) => void, given?: Device): number {
  let device: Device
  let info: DeviceInfo
  try {
    const sanitize = options.sanitize ?? null
    device = given ?? (options.device === 'emulator' ? new EmulatorDevice() : new CudaDevice(buildRunner(), sanitize === null ? [] : ['compute-sanitizer', '--tool', sanitize, '--error-exitcode', '3']))
    info = device.info()
  } catch (e) {
    if (e instanceof Skip) {
      print(`skipped: ${e.message}`)
      return 0
    }
    throw e
  }
  if (device.kind === 'cuda') {
    print(`driver ${driverText(info.driverVersion)}; device ${info.name}, sm_${info.sm}, ${info.multiprocessors} SMs`)
    if ((options.sanitize ?? null) !== null) {
      print(`every launch runs once under compute-sanitizer --tool ${options.sanitize} (no timing)`)
    }
  } else {
    print(`device: ${info.name} (a CPU dry run: no timing, no Tile IR)`)
  }
  const timed = (options.sanitize ?? null) === null
  const work = mkdtempSync(join(tmpdir(), 'tilepass-device-check-'))
  const results: CaseResult[] = []
  try {
    const cases = [...(options.builtin ? builtinCases(join(work, 'builtin')) : []), ...options.caseDirs.flatMap((d) => loadCases(d))].filter((m) => options.only === null || options.only.includes(m.name))
    for (const m of cases) {
      const ptx = options.ptxDir !== null && !m.file.startsWith(work) ? join(options.ptxDir, basename(m.ptx)) : resolve(dirname(m.file), m.ptx)
      if (!existsSync(ptx)) {
        const r: CaseResult = { name: m.name, status: 'missing', line: `no PTX ${m.name}: ${ptx} does not exist (see tools/device-check/README.md: tilepass-compile writes it)` }
        results.push(r)
        print(r.line)
      } else {
        const r = runCase(device, m, ptx, m.name, { kernel: m.kernel, grid: m.grid, block: m.block }, options.seed, readFileSync(ptx, 'utf8'), timed)
        results.push(r)
        print(r.line)
      }
      if (m.tileIR !== null && device.kind === 'cuda') {
        if (info.driverVersion < TILE_IR_DRIVER) {
          print(`no Tile IR ${m.name}: the driver ${driverText(info.driverVersion)} predates 13.1, whose cuModuleLoadData compiles Tile IR`)
          continue
        }
        const label = `${m.name} (the driver's Tile IR compiler)`
        let tilebc: string
        try {
          tilebc = tileBytecode(m, work, info.driverVersion)
        } catch (e) {
          const r: CaseResult = { name: label, status: 'fail', line: `FAIL ${label}: ${(e as Error).message}` }
          results.push(r)
          print(r.line)
          continue
        }
        const reference = m.reference.kind === 'emulator' ? null : m
        if (reference === null) {
          print(`no Tile IR ${m.name}: its reference is the emulator run of the PTX`)
          continue
        }
        const r = runCase(device, reference, tilebc, label, { kernel: m.tileIR.entry, grid: m.tileIR.grid, block: m.tileIR.block }, options.seed, '', timed)
        results.push(r)
        print(r.line)
      }
    }
  } catch (e) {
    if (e instanceof Skip) {
      print(`skipped: ${e.message}`)
      return 0
    }
    throw e
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const count = (s: CaseResult['status']): number => results.filter((r) => r.status === s).length
  print(`summary: ${count('pass')} passed, ${count('fail')} failed, ${count('missing')} without PTX`)
  return count('fail') > 0 ? 1 : 0
}

/** Parses the command line (see the file comment). */
export function parseArgs(argv: readonly string[]): Options | string {
  const caseDirs: string[] = []
  let builtin = true
  let ptxDir: string | null = null
  let device: 'cuda' | 'emulator' = 'cuda'
  let seed = 1
  let only: string[] | null = null
  let sanitize: string | null = null
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const value = (): string | null => (i + 1 < argv.length ? argv[++i]! : null)
    switch (a) {
      case '--cases': {
        const v = value()
        if (v === null) {
          return '--cases needs a directory'
        }
        caseDirs.push(v)
        break
      }
      case '--ptx-dir':
        ptxDir = value()
        if (ptxDir === null) {
          return '--ptx-dir needs a directory'
        }
        break
      case '--no-builtin':
        builtin = false
        break
      case '--device': {
        const v = value()
        if (v !== 'cuda' && v !== 'emulator') {
          return '--device is cuda or emulator'
        }
        device = v
        break
      }
      case '--seed':
        seed = Number(value())
        if (!Number.isInteger(seed)) {
          return '--seed needs an integer'
        }
        break
      case '--only': {
        const v = value()
        if (v === null) {
          return '--only needs a case name'
        }
        ;(only ??= []).push(v)
        break
      }
      case '--sanitize': {
        const v = value()
        if (v === null || !SANITIZER_TOOLS.includes(v)) {
          return `--sanitize is one of ${SANITIZER_TOOLS.join(', ')}`
        }
        sanitize = v
        break
      }
      default:
        return `unknown argument '${a}'`
    }
  }
  return { caseDirs, builtin, ptxDir, device, seed, only, sanitize }
}

/** The committed manifests of the cuda_tile examples. */
export const EXAMPLE_CASES: string = fileURLToPath(new URL('../cases', import.meta.url))

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseArgs(process.argv.slice(2))
  if (typeof options === 'string') {
    process.stderr.write(`device-check: ${options}\n`)
    process.exit(2)
  }
  const missing = options.caseDirs.find((d) => !existsSync(d))
  if (missing !== undefined) {
    process.stderr.write(`device-check: --cases ${missing}: no such directory\n`)
    process.exit(2)
  }
  const withExamples = options.caseDirs.length === 0 ? { ...options, caseDirs: [EXAMPLE_CASES] } : options
  process.exit(check(withExamples, (line) => process.stdout.write(`${line}\n`)))
}
