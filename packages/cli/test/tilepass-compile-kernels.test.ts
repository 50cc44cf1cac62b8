import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded } from '@tilepass/ir'
import { writeCudaTileBytecode } from '@tilepass/cuda-tile'
import { PassManager } from '@tilepass/pass-manager'
import { TileASPrepareForSchedulingPass, isScheduledLoopCandidate, scheduleLoop } from '@tilepass/tileas-scheduler'
import { main } from '../src/tilepass-compile.ts'
import { registerToolDialects } from '../src/internal/registerDialects.ts'
import { memoryIO } from './memoryIO.ts'

// The real compile pipeline (cuda_tile -> tile assembly -> llvm + nvvm -> PTX) through the
// driver, on the kernels of examples/cuda-tile.
const example = (name: string): string => readFileSync(new URL(`../../../examples/cuda-tile/${name}.mlir`, import.meta.url), 'utf8')
const KERNELS = ['vector-add', 'row-softmax', 'gemm-f16', 'gemm-f16-staged', 'gemm-f16-staged-128x128']

function tilebc(text: string): Uint8Array {
  const ctx = new Context()
  registerToolDialects(ctx)
  const module = parseSourceString(text, ctx)!.op
  const inner = module.regions[0]!.front.operations.find((o) => o.name.name === 'cuda_tile.module')!
  return writeCudaTileBytecode(inner)!
}

function compile(files: Record<string, string>, args: string[], bytes?: Record<string, Uint8Array>): { code: number; out: string; err: string; written: Record<string, string> } {
  const io = memoryIO(files)
  const withBytes =
    bytes === undefined
      ? io
      : Object.assign(io, {
          readFileBytes: (p: string): Uint8Array => {
            const b = bytes[p]
            if (b === undefined) {
              throw new Error('No such file or directory')
            }
            return b
          },
        })
  const code = main(args, withBytes)
  return { code, out: io.out, err: io.err, written: io.written }
}

const PTXAS = spawnSync('ptxas', ['--version']).status === 0

describe('tilepass-compile on the cuda_tile examples', () => {
  for (const name of KERNELS) {
    it(`compiles ${name} from text and from Tile IR bytecode to the same PTX`, () => {
      const text = example(name)
      const fromText = compile({ 'k.mlir': text }, ['k.mlir', '--gpu-name=sm_90a', '-o', 'k.ptx'])
      expect(fromText.err).toBe('')
      expect(fromText.code).toBe(0)
      const ptx = fromText.written['k.ptx']!
      expect(ptx).toMatch(/^\/\/[\s\S]*\.version \d+\.\d+\n\.target sm_90a\n/)
      expect(ptx).toMatch(/\.visible \.entry \w+\(/)
      const fromBytecode = compile({}, ['k.tilebc', '--gpu-name=sm_90a', '-o', 'k.ptx'], { 'k.tilebc': tilebc(text) })
      expect(fromBytecode.err).toBe('')
      expect(fromBytecode.written['k.ptx']).toBe(ptx)
    })
  }

  it.skipIf(!PTXAS)('writes PTX that ptxas 13 accepts for sm_90a and sm_100a without spills', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tilepass-compile-'))
    try {
      for (const name of KERNELS) {
        for (const arch of ['sm_90a', 'sm_100a']) {
          const r = compile({ 'k.mlir': example(name) }, ['k.mlir', `--gpu-name=${arch}`, '-o', 'k.ptx'])
          expect(r.code).toBe(0)
          const file = path.join(dir, `${name}-${arch}.ptx`)
          writeFileSync(file, r.written['k.ptx']!)
          const res = spawnSync('ptxas', [`-arch=${arch}`, '-v', '-o', `${file}.cubin`, file], { encoding: 'utf8' })
          expect(res.status, res.stderr).toBe(0)
          expect(res.stderr).not.toMatch(/[1-9]\d* bytes spill/)
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('emits each stage: tile assembly, the llvm dialect, LLVM IR', () => {
    const text = example('row-softmax')
    const asm = compile({ 'k.mlir': text }, ['k.mlir', '--emit=tile-asm'])
    expect(asm.code).toBe(0)
    expect(asm.out).toContain('gpu.module @')
    expect(asm.out).toContain('#tileas.blocked<')
    expect(asm.out).toContain('!tileas.tile<')
    expect(asm.out).toContain('tileas.reduce')
    const dialect = compile({ 'k.mlir': text }, ['k.mlir', '--emit=llvm-dialect'])
    expect(dialect.out).toMatch(/llvm\.func @\w+\([^)]*\) attributes \{[^}]*nvvm\.kernel/)
    expect(dialect.out).not.toContain('tileas.')
    const ir = compile({ 'k.mlir': text }, ['k.mlir', '--emit=llvm-ir'])
    expect(ir.out).toContain('target triple = "nvptx64-nvidia-cuda"')
    expect(ir.out).toMatch(/define ptx_kernel void @\w+\(/)
  })

  const timingTree = (err: string): string[] =>
    err
      .split('\n')
      .map((l) => /^\s+[\d.]+ \(\s*[\d.]+%\)(\s+)(\S.*)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => `${' '.repeat(m[1]!.length - 2)}${m[2]!}`)

  it('times the passes inside CompileNVVM and the translation in SerializeGPUModule (-O1: no scheduling)', () => {
    const r = compile({ 'k.mlir': example('vector-add') }, ['k.mlir', '-O1', '-o', 'k.ptx', '--mlir-timing', '--mlir-timing-display=tree'])
    expect(r.code).toBe(0)
    expect(timingTree(r.err)).toEqual(['Parser', 'CompileNVVM', '  ConvertCudaTileToTileASPass', '  ConvertTileASToNVVMPass', 'SerializeGPUModule', 'Rest', 'Total'])
  })

  it('schedules the GEMM K-loop by default, every scheduler stage in its tileiras scope, the trace written inside DumpTraceImpl::run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tilepass-trace-'))
    try {
      const trace = path.join(dir, 'schedule.json')
      const r = compile({ 'k.mlir': example('gemm-f16-staged') }, ['k.mlir', '-o', 'k.ptx', '--mlir-timing', `--schedule-trace-file=${trace}`])
      expect(r.code).toBe(0)
      expect(timingTree(r.err)).toEqual([
        'Parser',
        'CompileNVVM',
        '  ConvertCudaTileToTileASPass',
        "  'gpu.module' Pipeline",
        "    'func.func' Pipeline",
        '      TileASPrepareForSchedulingPass',
        '        TileASPrepareForScheduling',
        '          TileASSliceAndFuse',
        '            sliceAndFuse',
        '          runCanonicalizer',
        '            unrollSmallLoopsForScheduling',
        '              Schedule::unrollStaticForLoop',
        '              loopUnrollByFactor',
        '              loopUnrollByHeuristic',
        '      TileASGenerateSchedulePass',
        '        TileASGenerateSchedule',
        '          (A) ScheduleAnalysis',
        '          ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling',
        '          legalizeLoopScheduleForMaterialization',
        '          DumpTraceImpl::run',
        '      TileASMaterializeSchedulePass',
        '        IRWalk::findTargetForLoops',
        '        Schedule::unrollStaticForLoop',
        '  ConvertTileASToNVVMPass',
        'SerializeGPUModule',
        'Rest',
        'Total',
      ])
      // Chrome trace JSON: the pass, the loop, one event per placement decision.
      const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: { name: string; ph: string; ts: number; args?: Record<string, unknown> }[] }).traceEvents
      expect(events[0]!.name).toBe('TileASGenerateSchedule')
      const placements = events.filter((e) => e.name === 'placement')
      expect(placements.length).toBeGreaterThan(4)
      for (const e of events) {
        expect(e.ph).toBe('X')
        expect(Number.isInteger(e.ts)).toBe(true)
      }
      // One child event per placement: as many as the scheduler makes on the prepared K-loop.
      const asm = compile({ 'k.mlir': example('gemm-f16-staged') }, ['k.mlir', '-O1', '--emit=tile-asm', '-o', 'k.tileas']).written['k.tileas']!
      const ctx = new Context()
      registerToolDialects(ctx)
      const tileModule = parseSourceString(asm, ctx)!.op
      const prepare = new PassManager(ctx)
      prepare.nest('gpu.module').nest('func.func').addPass(new TileASPrepareForSchedulingPass())
      expect(succeeded(prepare.run(tileModule))).toBe(true)
      let decisions = 0
      tileModule.walk((op) => {
        if (isScheduledLoopCandidate(op)) {
          scheduleLoop(op, { onPlacement: () => decisions++ })
        }
      })
      expect(decisions).toBeGreaterThan(4)
      expect(placements.length).toBe(decisions)
      expect(placements[0]!.args).toHaveProperty('cycle')
      expect(placements[0]!.args).toHaveProperty('ii')
      // The pipelined loop: several cp.async groups in flight (wait_group S-2 inside the loop).
      const ptx = r.written['k.ptx']!
      expect(ptx.match(/cp\.async\.commit_group/g)!.length).toBeGreaterThanOrEqual(2)
      expect(ptx).toMatch(/cp\.async\.wait_group [1-9]/)
      // -O1 leaves the loop single-buffered.
      const plain = compile({ 'k.mlir': example('gemm-f16-staged') }, ['k.mlir', '-O1', '-o', 'k.ptx'])
      expect(plain.written['k.ptx']!).not.toMatch(/cp\.async\.wait_group [1-9]/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the list and JSON timing reports name the same scopes and passes as the tree', () => {
    const run = (args: string[]): string => compile({ 'k.mlir': example('gemm-f16-staged') }, ['k.mlir', '-o', 'k.ptx', '--mlir-timing', ...args]).err
    const tree = new Set(timingTree(run(['--mlir-timing-display=tree'])).map((n) => n.trim()))
    const list = new Set(timingTree(run(['--mlir-timing-display=list'])).map((n) => n.trim()))
    const json = new Set([...run(['--mlir-output-format=json']).matchAll(/"name": "([^"]*)"/g)].map((m) => m[1]!))
    for (const scope of ['CompileNVVM', 'SerializeGPUModule', 'TileASPrepareForScheduling', 'TileASGenerateSchedule', 'legalizeLoopScheduleForMaterialization']) {
      expect(tree.has(scope)).toBe(true)
    }
    expect([...json].sort()).toEqual([...tree].sort())
    // The list merges by name and adds MLIR's `root` and pipeline-collection rows.
    for (const name of tree) {
      expect(list.has(name)).toBe(true)
    }
  })

  it('opt-bisect switches the scheduling passes off one by one; the lowerings always run', () => {
    const bisect = (limit: number): { log: string[]; pipelined: boolean } => {
      const r = compile({ 'k.mlir': example('gemm-f16-staged') }, ['k.mlir', '-o', 'k.ptx', `--opt-bisect-limit=${limit}`, '--opt-bisect-verbose'])
      expect(r.code).toBe(0)
      return { log: r.err.split('\n').filter((l) => l.startsWith('BISECT')), pipelined: /cp\.async\.wait_group [1-9]/.test(r.written['k.ptx']!) }
    }
    const none = bisect(0)
    expect(none.log).toEqual([
      'BISECT: NOT running pass (1) TileASPrepareForSchedulingPass on func.func (@gemm_f16_staged)',
      'BISECT: NOT running pass (2) TileASGenerateSchedulePass on func.func (@gemm_f16_staged)',
      'BISECT: NOT running pass (3) TileASMaterializeSchedulePass on func.func (@gemm_f16_staged)',
    ])
    expect(none.pipelined).toBe(false)
    expect(bisect(2).pipelined).toBe(false)
    expect(bisect(3).pipelined).toBe(true)
  })

  it('reports an op outside the compile subset at its location, with exit 5 and no output', () => {
    const text = example('vector-add').replace(/addf (%\w+), (%\w+)/, 'atan2 $1, $2')
    expect(text).toContain('atan2')
    const r = compile({ 'k.mlir': text }, ['k.mlir', '-o', 'k.ptx'])
    expect(r.code).toBe(5)
    expect(r.err).toMatch(/^k\.mlir:\d+:\d+: error: 'cuda_tile\.atan2' is not supported by tilepass-compile yet\n/)
    expect(r.err).toContain('error: failed to compile Tile IR program\n')
    expect(r.written).toEqual({})
  })
})
