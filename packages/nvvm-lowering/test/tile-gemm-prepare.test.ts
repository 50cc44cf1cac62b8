// TileASPrepareForScheduling on a real kernel, end to end: the staged GEMM with a second,
// scalar `for` loop after the K-loop (it sums its induction variable; the sum is added to
// every element of c). Over the K-loop's iterations the two loops are fused (sliceAndFuse)
// and the fused K-loop is still pipelined; over [0, k) the scalar loop stays apart and is
// unrolled by the heuristic. Either way the emulated PTX matches the cuda_tile interpreter
// and ptxas accepts it without spills.
import { describe, expect, it } from 'vitest'
import { PTXAS, ptxas } from './ptxTools.ts'
import { checkStagedGemm, compileScheduled } from './stagedGemm.ts'
import { example } from './tileCompile.ts'

const SLOW = 180_000
const KERNEL = 'gemm_f16_staged'

/** The staged GEMM plus a scalar loop over [0, `ub`) whose sum is added to c. */
function withScalarLoop(ub: string): string {
  const src = example('gemm-f16-staged')
  const store = src.indexOf('    %c_tok = store_view_tko weak %acc,')
  expect(store).toBeGreaterThan(0)
  return `${src.slice(0, store)}    %cnt = for %j in (%c0 to ${ub}, step %c1) : tile<i32> iter_values(%s = %c0) -> (tile<i32>) {
      %s2 = addi %s, %j : tile<i32>
      continue %s2 : tile<i32>
    }
    %sf = itof %cnt signed : tile<i32> -> tile<f32>
    %sr = reshape %sf : tile<f32> -> tile<1x1xf32>
    %sb = broadcast %sr : tile<1x1xf32> -> tile<64x64xf32>
    %acc2 = addf %acc, %sb : tile<64x64xf32>
${src.slice(store).replace('store_view_tko weak %acc,', 'store_view_tko weak %acc2,')}`
}

/** Compiles `source` as tilepass-compile -O2 does; the tile assembly after scheduling and the PTX. */
function compile(source: string, gpuName = 'sm_90a'): { tileAsm: string; ptx: string; errors: string[] } {
  return compileScheduled(source, gpuName)
}

/** The interpreter and the emulated PTX agree on [m, n, k]. */
function check(source: string, ptx: string, shape: readonly [number, number, number]): void {
  checkStagedGemm(source, KERNEL, ptx, shape)
}

const SHAPES = [[100, 72, 40], [64, 64, 256], [1, 8, 8]] as const

describe('TileASPrepareForScheduling on the staged GEMM with a scalar loop beside the K-loop', () => {
  it('over the K-loop\'s iterations: fused into the K-loop, which is still pipelined; matches the interpreter', () => {
    const source = withScalarLoop('%k_tiles')
    const { tileAsm, ptx, errors } = compile(source)
    expect(errors).toEqual([])
    expect(tileAsm.match(/scf\.for/g)?.length).toBe(1)
    expect(tileAsm).toContain('{tileas.pipeline_stages = 4 : i32}')
    for (const shape of SHAPES) {
      check(source, ptx, shape)
    }
  }, SLOW)

  it('over [0, k): left apart and unrolled by 4 with an epilogue loop; matches the interpreter', () => {
    const source = withScalarLoop('%k')
    const { tileAsm, ptx, errors } = compile(source)
    expect(errors).toEqual([])
    // The pipelined K-loop, the unrolled scalar loop (step 4) and its epilogue.
    expect(tileAsm.match(/scf\.for/g)?.length).toBe(3)
    expect(tileAsm).toMatch(/scf\.for %\w+ = %\w+ to %\w+ step %c4_i32 iter_args/)
    expect(tileAsm).toContain('{tileas.pipeline_stages = 4 : i32}')
    for (const shape of [...SHAPES, [33, 17, 19]] as const) {
      check(source, ptx, shape)
    }
  }, SLOW)

  it.skipIf(PTXAS === null)('ptxas accepts both for sm_90a and sm_100a without spills', () => {
    for (const arch of ['sm_90a', 'sm_100a']) {
      for (const ub of ['%k_tiles', '%k']) {
        for (const [fn, f] of ptxas(compile(withScalarLoop(ub), arch).ptx, arch)) {
          expect({ fn, ub, spill: f.spillStores + f.spillLoads }).toEqual({ fn, ub, spill: 0 })
          if (process.env.TILEPASS_PTXAS_REPORT === '1') {
            process.stdout.write(`ptxas ${arch} ${fn} (scalar loop to ${ub}): ${f.registers} registers, ${f.sharedBytes} bytes smem\n`)
          }
        }
      }
    }
  }, SLOW)
})
