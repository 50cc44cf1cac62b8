// The staged cuda_tile GEMM software-pipelined by the scheduling passes (S = 2, 3, 4 stages,
// and the stages its modulo schedule asks for), through the whole tile compile path: the
// emulated PTX matches the cuda_tile reference interpreter (ragged shapes, K = 512, and a
// K-loop shorter than the pipeline), ptxas accepts it for sm_90a and sm_100a without spills,
// and the PTX keeps S-1 cp.async groups in flight.
import { describe, expect, it } from 'vitest'
import { PTXAS, ptxas } from './ptxTools.ts'
import { checkStagedGemm, compileScheduled } from './stagedGemm.ts'
import { example } from './tileCompile.ts'

const SLOW = 180_000
const SOURCE = example('gemm-f16-staged')
const KERNEL = 'gemm_f16_staged'

/** The staged example with 128x128 tiles of c over 8 warps: 16 KiB of operands per stage. */
const BIG = SOURCE.replaceAll('64x32', '128x32')
  .replaceAll('32x64', '32x128')
  .replaceAll('64x64', '128x128')
  .replace('%k_arg: tile<i32>) {', '%k_arg: tile<i32>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}, sm_100 = {num_worker_warps_per_cta = 8}> {')

/** Compiles the staged GEMM (or `source`) with the scheduling passes (`numStages` 0: from the schedule; undefined: the default, 4). */
function compilePipelined(numStages: number | undefined, gpuName = 'sm_90a', source = SOURCE): { ptx: string; tileAsm: string; errors: string[] } {
  return compileScheduled(source, gpuName, numStages)
}

/** The interpreter and the emulated PTX agree on [m, n, k] (`tile`: of c per block, `threads` per block). */
function check(ptx: string, shape: readonly [number, number, number], source = SOURCE, tile = 64, threads = 128): void {
  checkStagedGemm(source, KERNEL, ptx, shape, tile, threads)
}

/** The PTX lines of the kernel, trimmed. */
function lines(ptx: string): string[] {
  return ptx.split('\n').map((l) => l.trim())
}

describe('the pipelined staged GEMM', () => {
  for (const S of [2, 3, 4]) {
    it(`S = ${S}: the emulated PTX matches the interpreter (ragged, K = 512, K-loop shorter than S)`, () => {
      const { ptx, tileAsm, errors } = compilePipelined(S)
      expect(errors).toEqual([])
      expect(tileAsm).toContain(`!tileas.smem<${S}x64x32xf16`)
      expect(tileAsm).toContain(`{tileas.pipeline_stages = ${S} : i32}`)
      for (const shape of [[100, 72, 40], [64, 64, 512], [1, 8, 8], [65, 64, 96]] as const) {
        check(ptx, shape)
      }
    }, SLOW)

    it(`S = ${S}: S-1 cp.async groups in flight (prologue commits, wait_group S-2 before the ldmatrix, drain)`, () => {
      const l = lines(compilePipelined(S).ptx)
      const commits = l.flatMap((x, i) => (x.startsWith('cp.async.commit_group') ? [i] : []))
      const waits = l.flatMap((x, i) => (x.startsWith('cp.async.wait_group') ? [i] : []))
      const ldmatrix = l.findIndex((x) => x.startsWith('ldmatrix'))
      // S-1 groups committed before the loop, one in the loop.
      expect(commits.length).toBe(S)
      // In the loop: wait until at most S-2 groups are pending, then the barrier, then the
      // copies of k+S-1 and their commit, then the ldmatrix of stage k; after it, a drain.
      expect(waits.map((i) => l[i])).toEqual([`cp.async.wait_group ${S - 2};`, 'cp.async.wait_group 0;'])
      expect(waits[0]!).toBeGreaterThan(commits[S - 2]!)
      const barrier = l.findIndex((x, i) => i > waits[0]! && /^(bar\.sync|barrier\.sync)/.test(x))
      expect(barrier).toBeGreaterThan(waits[0]!)
      expect(commits[S - 1]!).toBeGreaterThan(barrier)
      expect(ldmatrix).toBeGreaterThan(commits[S - 1]!)
      expect(waits[1]!).toBeGreaterThan(ldmatrix)
    }, SLOW)
  }

  it('by default the loop gets the book\'s 4 stages (as -O2 compiles it) and matches', () => {
    const { ptx, tileAsm } = compilePipelined(undefined)
    expect(tileAsm).toContain('{tileas.pipeline_stages = 4 : i32}')
    expect(tileAsm).toContain('!tileas.smem<4x64x32xf16')
    expect(lines(ptx).filter((x) => x.startsWith('cp.async.wait_group'))).toEqual(['cp.async.wait_group 2;', 'cp.async.wait_group 0;'])
    for (const shape of [[100, 72, 40], [64, 64, 512], [1, 8, 8]] as const) {
      check(ptx, shape)
    }
  }, SLOW)

  it('128x128 tiles (16 KiB a stage): the default lowers to the 3 stages that fit in 48 KiB of static shared memory, and matches', () => {
    const { ptx, tileAsm, errors } = compilePipelined(undefined, 'sm_90a', BIG)
    expect(errors).toEqual([])
    expect(tileAsm).toContain('{tileas.pipeline_stages = 3 : i32}')
    expect(tileAsm).toContain('!tileas.smem<3x128x32xf16')
    check(ptx, [130, 136, 72], BIG, 128, 256)
  }, SLOW)

  it('the schedule picks the stages itself and the result still matches', () => {
    const { ptx, tileAsm } = compilePipelined(0)
    const stages = Number(/tileas\.pipeline_stages = (\d+)/.exec(tileAsm)?.[1] ?? '0')
    expect(stages).toBeGreaterThanOrEqual(2)
    check(ptx, [100, 72, 40])
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas 13.0 accepts the pipelined GEMM with no spills', () => {
  for (const arch of ['sm_90a', 'sm_100a']) {
    for (const S of [2, 3, 4, undefined, 0]) {
      it(`S = ${S ?? 'default'} (${arch})`, () => {
        for (const [fn, f] of ptxas(compilePipelined(S, arch).ptx, arch)) {
          expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
          if (process.env.TILEPASS_PTXAS_REPORT === '1') {
            process.stdout.write(`ptxas ${arch} ${fn} (S = ${S ?? 'default'}): ${f.registers} registers, ${f.sharedBytes} bytes smem, ${f.spillStores + f.spillLoads} spill bytes\n`)
          }
        }
      }, SLOW)
    }
    it(`128x128 tiles, 8 warps, default stages (${arch})`, () => {
      for (const [fn, f] of ptxas(compilePipelined(undefined, arch, BIG).ptx, arch)) {
        expect({ fn, spill: f.spillStores + f.spillLoads }).toEqual({ fn, spill: 0 })
        expect(f.sharedBytes).toBeLessThanOrEqual(49152)
        if (process.env.TILEPASS_PTXAS_REPORT === '1') {
          process.stdout.write(`ptxas ${arch} ${fn} (128x128, 8 warps, default): ${f.registers} registers, ${f.sharedBytes} bytes smem, ${f.spillStores + f.spillLoads} spill bytes\n`)
        }
      }
    }, SLOW)
  }
})
