// The device check without a GPU: the skip path (no libcuda.so.1), manifest validation, the
// comparison, the references against each other (plain TypeScript, the cuda_tile reference
// interpreter, the emulator), Tile IR bytecode for the driver, and whole runs on the emulator
// as the device, including a device that returns wrong results.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compare, makeInputs, reference, type Expected } from '../src/check.ts'
import { CudaDevice, EmulatorDevice, buildRunner, type Device, type Launch, type LaunchResult } from '../src/devices.ts'
import { EXAMPLE_CASES, check, parseArgs, tileBytecode, type Options } from '../src/main.ts'
import { ManifestError, parseManifest, type Manifest } from '../src/manifest.ts'

const MAIN = new URL('../src/main.ts', import.meta.url).pathname
const SLOW = 120_000
const work = mkdtempSync(join(tmpdir(), 'device-check-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function run(options: Partial<Options>, device?: Device): { code: number; lines: string[] } {
  const lines: string[] = []
  const code = check({ caseDirs: [], builtin: true, ptxDir: null, device: 'emulator', seed: 1, only: null, ...options }, (l) => lines.push(l), device)
  return { code, lines }
}

/** An example manifest with its shapes replaced (the committed ones are GPU-sized). */
function example(name: string, edit: (json: Record<string, unknown>) => void): Manifest {
  const file = join(EXAMPLE_CASES, `${name}.json`)
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  edit(json)
  return parseManifest(JSON.stringify(json), file)
}

describe('without a GPU', () => {
  it('the runner builds and reports skipped when libcuda.so.1 cannot be loaded', () => {
    const runner = buildRunner(join(work, 'cache'))
    const old = process.env.TILEPASS_LIBCUDA
    process.env.TILEPASS_LIBCUDA = join(work, 'no-such-libcuda.so.1')
    try {
      const lines: string[] = []
      expect(check({ caseDirs: [], builtin: true, ptxDir: null, device: 'cuda', seed: 1, only: null }, (l) => lines.push(l), new CudaDevice(runner))).toBe(0)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^skipped: cannot load .*no-such-libcuda\.so\.1/)
    } finally {
      if (old === undefined) {
        delete process.env.TILEPASS_LIBCUDA
      } else {
        process.env.TILEPASS_LIBCUDA = old
      }
    }
  })

  it('the command exits 0 with "skipped: <reason>"', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', MAIN, '--no-builtin'], {
      encoding: 'utf8',
      env: { ...process.env, TILEPASS_LIBCUDA: join(work, 'missing.so') },
      timeout: SLOW,
    })
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^skipped: cannot load /)
  }, SLOW)
})

describe('manifests', () => {
  const good = {
    kernel: 'k',
    ptx: 'k.ptx',
    block: [32],
    args: [
      { kind: 'buffer', name: 'x', type: 'f32', count: 4, init: 'random' },
      { kind: 'buffer', name: 'y', type: 'f32', count: 4, output: true },
    ],
    reference: { kind: 'emulator' },
  }

  it('fills in the defaults', () => {
    const m = parseManifest(JSON.stringify(good), 'k.json')
    expect(m.name).toBe('k')
    expect(m.grid).toEqual([1, 1, 1])
    expect(m.block).toEqual([32, 1, 1])
    expect(m.tolerance).toEqual({ rel: 0, abs: 0 })
    expect(m.timing).toEqual({ reps: 0, flops: 0 })
    expect(m.tileIR).toBeNull()
  })

  it.each([
    ['not JSON', '{', /^k\.json: not JSON/],
    ['a missing kernel', JSON.stringify({ ...good, kernel: undefined }), /^k\.json: \$\.kernel: expected a non-empty string$/],
    ['a bad element type', JSON.stringify({ ...good, args: [{ kind: 'buffer', type: 'f8', count: 1 }] }), /^k\.json: \$\.args\[0\]\.type: expected one of f32, f16, bf16, i32, u32$/],
    ['a bad block', JSON.stringify({ ...good, block: [0] }), /\$\.block: expected 1 to 3 positive integers/],
    ['a reference index of a scalar', JSON.stringify({ ...good, args: [...good.args, { kind: 'scalar', type: 'i32', value: 1 }], reference: { kind: 'vector-add', a: 0, b: 2, c: 1, n: 4 } }), /\$\.reference\.b: expected the index of a buffer argument/],
  ])('reports %s with the file and JSON path', (_what, text, message) => {
    expect(() => parseManifest(text, 'k.json')).toThrow(ManifestError)
    expect(() => parseManifest(text, 'k.json')).toThrow(message)
  })

  it('the committed example manifests are valid', () => {
    const names = ['vector-add', 'row-softmax', 'gemm-f16-ragged', 'gemm-f16-512', 'gemm-f16-4096']
    for (const n of names) {
      expect(example(n, () => {}).tileIR).not.toBeNull()
    }
  })

  it('command-line errors are messages', () => {
    expect(parseArgs(['--device', 'tpu'])).toBe('--device is cuda or emulator')
    expect(parseArgs(['--bogus'])).toBe("unknown argument '--bogus'")
    expect(parseArgs(['--cases', 'd', '--no-builtin', '--only', 'x'])).toMatchObject({ caseDirs: ['d'], builtin: false, only: ['x'] })
    expect(parseArgs(['--only', 'x', '--only', 'y z'])).toMatchObject({ only: ['x', 'y z'] })
    expect(parseArgs(['--only'])).toBe('--only needs a case name')
    expect(parseArgs(['--sanitize', 'racecheck'])).toMatchObject({ sanitize: 'racecheck' })
    expect(parseArgs(['--sanitize', 'valgrind'])).toBe('--sanitize is one of memcheck, racecheck, initcheck, synccheck')
  })

  it('a wrapper runs before the runner, and its report lines explain a failed launch', () => {
    // A stand-in for compute-sanitizer: prints a report and fails as --error-exitcode does.
    const wrapper = join(work, 'fake-sanitizer.sh')
    writeFileSync(wrapper, '#!/bin/sh\necho "========= Invalid __global__ write of size 4 bytes ($2)"\necho "========= ERROR SUMMARY: 1 error"\nexit 3\n', { mode: 0o755 })
    const device = new CudaDevice('/no/such/runner', [wrapper])
    const launch: Launch = { module: 'm.ptx', kernel: 'k', grid: [1, 1, 1], block: [32, 1, 1], sharedBytes: 0, args: [], reps: 0 }
    // A clean run: the summary comes back with the buffers.
    const clean = join(work, 'fake-clean-sanitizer.sh')
    writeFileSync(clean, '#!/bin/sh\necho ok\necho "========= ERROR SUMMARY: 0 errors"\n', { mode: 0o755 })
    expect(new CudaDevice('/no/such/runner', [clean]).run(launch).wrapperSummary).toBe('ERROR SUMMARY: 0 errors')
    expect(() => device.run(launch)).toThrow(/status 3\): \n========= Invalid __global__ write of size 4 bytes \(run\)\n========= ERROR SUMMARY: 1 error/)
  })
})

describe('comparison', () => {
  const want = (values: number[], indices: number[] | null = null): Expected => ({ arg: 0, values: Float64Array.from(values), indices: indices === null ? null : Int32Array.from(indices) })

  it('is exact by default, with NaN matching NaN', () => {
    expect(compare(Float64Array.from([1, NaN, 3]), want([1, NaN, 3]), { rel: 0, abs: 0 }).mismatches).toBe(0)
    const c = compare(Float64Array.from([1, 2.0000001, 3]), want([1, 2, 3]), { rel: 0, abs: 0 })
    expect(c).toMatchObject({ checked: 3, mismatches: 1, first: 'element 1: got 2.0000001, want 2' })
  })

  it('applies the relative and absolute tolerance, and only checks sampled indices', () => {
    expect(compare(Float64Array.from([100.5, 0.001]), want([100, 0]), { rel: 1e-2, abs: 1e-2 }).mismatches).toBe(0)
    expect(compare(Float64Array.from([102, 0]), want([100, 0]), { rel: 1e-2, abs: 0 }).mismatches).toBe(1)
    expect(compare(Float64Array.from([5, 99]), want([5, 0], [0]), { rel: 0, abs: 0 })).toMatchObject({ checked: 1, mismatches: 0 })
  })
})

describe('references agree with each other', () => {
  it('vector add: plain TypeScript and the cuda_tile interpreter on the example (ragged n)', () => {
    const m = example('vector-add', (j) => {
      const args = j.args as { count: number; value?: number }[]
      args[0]!.count = args[1]!.count = 1000
      args[2]!.count = 1004
      args[3]!.value = 1000
      j.grid = [8]
      j.reference = { kind: 'cuda-tile', source: '../../../examples/cuda-tile/vector-add.mlir', entry: 'vector_add', grid: [8] }
    })
    const inputs = makeInputs(m, 3)
    const viaInterpreter = reference(m, inputs, '')[0]!
    const viaTs = reference({ ...m, reference: { kind: 'vector-add', a: 0, b: 1, c: 2, n: 1000 } }, inputs, '')[0]!
    expect(compare(viaInterpreter.values, viaTs, { rel: 0, abs: 0 }).mismatches).toBe(0)
    expect(viaTs.values[1003]).toBe(-7) // past n: untouched
  }, SLOW)

  it('row softmax: plain TypeScript and the cuda_tile interpreter within 1e-5', () => {
    const m = example('row-softmax', (j) => {
      const args = j.args as { count: number; value?: number }[]
      args[0]!.count = args[1]!.count = 37 * 61
      args[2]!.value = 37
      j.reference = { kind: 'cuda-tile', source: '../../../examples/cuda-tile/row-softmax.mlir', entry: 'row_softmax', grid: [3] }
    })
    const inputs = makeInputs(m, 4)
    const viaInterpreter = reference(m, inputs, '')[0]!
    const viaTs = reference({ ...m, reference: { kind: 'row-softmax', x: 0, y: 1, m: 37, n: 61 } }, inputs, '')[0]!
    expect(compare(viaInterpreter.values, viaTs, { rel: 1e-5, abs: 1e-9 }).mismatches).toBe(0)
  }, SLOW)

  it('f16 GEMM with ragged edges: plain TypeScript and the cuda_tile interpreter within 1e-5', () => {
    const m = example('gemm-f16-ragged', () => {})
    const inputs = makeInputs(m, 5)
    const viaInterpreter = reference(m, inputs, '')[0]!
    const viaTs = reference({ ...m, reference: { kind: 'gemm', a: 0, b: 1, c: 2, m: 100, n: 72, k: 80, samples: 0 } }, inputs, '')[0]!
    const c = compare(viaInterpreter.values, viaTs, { rel: 1e-5, abs: 1e-6 })
    expect(c).toMatchObject({ checked: 7200, mismatches: 0 })
  }, SLOW)
})

describe('Tile IR bytecode for the driver', () => {
  it.each(['vector-add', 'row-softmax', 'gemm-f16-512'])('%s is written with the Tile IR magic for a 13.1 driver', (name) => {
    const file = tileBytecode(example(name, () => {}), work, 13010)
    const bytes = readFileSync(file)
    expect(Array.from(bytes.subarray(0, 8))).toEqual([0x7f, ...Buffer.from('TileIR'), 0])
  })
})

describe('whole runs with the emulator as the device', () => {
  it('the built-in kernels pass', () => {
    const { code, lines } = run({ only: ['staged-mma-k512'] })
    expect(lines.slice(1)).toEqual(['PASS staged-mma-k512 vs emulator reference: d: 128 elements exact', 'summary: 1 passed, 0 failed, 0 without PTX'])
    expect(code).toBe(0)
    expect(run({ only: ['vector-add'] }).lines[1]).toBe('PASS vector-add vs vector-add reference: c: 1048576 elements exact')
  }, SLOW)

  it('a device that returns wrong results fails the check (exit 1), naming the first bad element', () => {
    class Corrupting extends EmulatorDevice {
      override run(launch: Launch): LaunchResult {
        const r = super.run(launch)
        const c = r.buffers[2]!
        c[4 * 10 + 3] = c[4 * 10 + 3]! ^ 0x40 // element 10 of the f32 output
        return r
      }
    }
    const { code, lines } = run({ only: ['vector-add'] }, new Corrupting())
    expect(code).toBe(1)
    expect(lines[1]).toMatch(/^FAIL vector-add vs vector-add reference: c: 1 of 1048576 elements outside the tolerance, first element 10: got /)
  }, SLOW)

  it('a case without its PTX is reported, not failed; --ptx-dir says where to look', () => {
    const { code, lines } = run({ builtin: false, caseDirs: [EXAMPLE_CASES], ptxDir: work, only: ['example vector-add'] })
    expect(code).toBe(0)
    expect(lines[1]).toBe(`no PTX example vector-add: ${join(work, 'vector-add.ptx')} does not exist (see tools/device-check/README.md: tilepass-compile writes it)`)
  })
})
